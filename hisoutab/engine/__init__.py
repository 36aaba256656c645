"""The engine core: immutable state records, declared steps, decisions, games and agents.

Nothing here knows any particular game; rulesets live in :mod:`hisoutab.rulesets`.
"""

from .agents import Agent, FirstLegalAgent, RandomAgent, ScriptedAgent, make_agent
from .decision import Decision, Option
from .errors import HisoutabError, IllegalChoice, InputError, NoDecision, OptionError, ScriptError
from .flow import Edge, Flow, Outcome, StepDef
from .game import DecisionPending, Game, Line, Step
from .options import Options, OptionSet, RuleOption
from .playouts import playouts
from .record import from_dict, record, replace, to_dict
from .ruleset import Ruleset, all_rulesets, get_ruleset, register

__all__ = [
    "Agent", "Decision", "DecisionPending", "Edge", "FirstLegalAgent", "Flow", "Game",
    "HisoutabError", "IllegalChoice", "InputError", "Line", "NoDecision", "Option", "OptionError",
    "OptionSet", "Options", "Outcome", "RandomAgent", "RuleOption", "Ruleset", "ScriptError",
    "ScriptedAgent", "Step", "StepDef", "all_rulesets", "from_dict", "get_ruleset", "make_agent",
    "playouts", "record", "register", "replace", "to_dict",
]
