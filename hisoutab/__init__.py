"""hisoutab: a rules library and workbench for the tabletop edition of Touhou Hisoutensoku.

>>> from hisoutab import Game, RandomAgent
>>> game = Game("hisoutab-0.45.2", seed=1)
>>> steps = game.run(until="end", agents=RandomAgent(1))
"""

from hisoutab import rulesets  # noqa: F401  (registers the built-in rulesets)
from hisoutab.engine import (
    Decision,
    FirstLegalAgent,
    Game,
    HisoutabError,
    IllegalChoice,
    InputError,
    Option,
    OptionError,
    RandomAgent,
    ScriptedAgent,
    ScriptError,
    Step,
    get_ruleset,
)

__version__ = "0.1.0"

__all__ = [
    "Decision", "FirstLegalAgent", "Game", "HisoutabError", "IllegalChoice", "InputError", "Option",
    "OptionError", "RandomAgent", "ScriptError", "ScriptedAgent", "Step", "get_ruleset",
]
