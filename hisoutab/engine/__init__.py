"""The engine core: immutable state records, declared steps, decisions, games and agents.

Nothing here knows any particular game: rulesets keep the contract of :mod:`.contract` and are
found through entry points (:mod:`.ruleset`).
"""

from .compiled import install as _install_compiled

_install_compiled()  # first: the modules below come from the compiled build when it is current

from .agents import Agent, FirstLegalAgent, RandomAgent, ScriptedAgent, make_agent
from .chance import Chance, Forced
from .contract import Capabilities, Result, RulesetBase, Zone, check_contract
from .decision import Decision, Option
from .errors import HisoutabError, IllegalChoice, InputError, NoDecision, OptionError, ScriptError
from .flow import Edge, Flow, Outcome, StepDef
from .game import DecisionPending, Game, Line, Step
from .options import Options, OptionSet, RuleOption
from .playouts import playouts
from .record import from_dict, record, replace, to_dict
from .ruleset import Ruleset, all_rulesets, get_ruleset, register, ruleset_of_state

__all__ = [
    "Agent",
    "Capabilities",
    "Chance",
    "Decision",
    "DecisionPending",
    "Edge",
    "FirstLegalAgent",
    "Flow",
    "Forced",
    "Game",
    "HisoutabError",
    "IllegalChoice",
    "InputError",
    "Line",
    "NoDecision",
    "Option",
    "OptionError",
    "OptionSet",
    "Options",
    "Outcome",
    "RandomAgent",
    "Result",
    "RuleOption",
    "Ruleset",
    "RulesetBase",
    "ScriptError",
    "ScriptedAgent",
    "Step",
    "StepDef",
    "Zone",
    "all_rulesets",
    "check_contract",
    "from_dict",
    "get_ruleset",
    "make_agent",
    "playouts",
    "record",
    "register",
    "replace",
    "ruleset_of_state",
    "to_dict",
]
