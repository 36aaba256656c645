"""The explorer: a search from a state for the lines that reach a goal.

``explore(game, "damage(P2) >= 2", depth=2)`` searches every decision from the game's current state
to that depth — the goal's side choosing, the others answering, chance averaged or forced — and
gives an :class:`Exploration`: the verdict (forced, possible with a probability, impossible), the
lines found with the clauses each step applied, the answers that escape, and the tree of positions
(transpositions merged). Goals are text in a small language (:mod:`.goals`); nothing is evaluated
as Python. See docs/explorer.md.
"""

from .goals import Goal, parse_goal
from .result import Draw, Exploration, Move, Node, StepDone
from .search import CHANCE_MODES, MAX_DEPTH, explore

__all__ = ["CHANCE_MODES", "MAX_DEPTH", "Draw", "Exploration", "Goal", "Move", "Node", "StepDone",
           "explore", "parse_goal"]
