"""hisoutab: a rules library and workbench for tabletop card and board games, starting with HisouTab,
the tabletop edition of Touhou Hisoutensoku. Rulesets are found through entry points
(:mod:`hisoutab.engine.ruleset`); the games that come with it are in :mod:`hisoutab.games`.

>>> from hisoutab import Game, RandomAgent
>>> game = Game("hisoutab-0.45.2", seed=1)
>>> steps = game.run(until="end", agents=RandomAgent(1))
"""

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
    Result,
    ScriptedAgent,
    ScriptError,
    Step,
    get_ruleset,
)

__version__ = "0.1.0"

__all__ = [
    "Decision", "FirstLegalAgent", "Game", "HisoutabError", "IllegalChoice", "InputError", "Option",
    "OptionError", "RandomAgent", "Result", "ScriptError", "ScriptedAgent", "Step", "get_ruleset",
]
