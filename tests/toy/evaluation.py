"""How good a race position is for a racer: the lead over the best of the others, in squares of
the track (the goal square, TOY-GOAL), once the race is over its outcome."""

from __future__ import annotations

from hisoutab.engine.evaluation import LOST, WON, squash

from .context import Context
from .state import State


def evaluate(ctx: Context, s: State, player: str) -> float:
    if s.winner is not None:
        return 0.0 if s.winner == "draw" else WON if s.winner == player else LOST
    mine = next(p.position for p in s.players if p.name == player)
    best_other = max(p.position for p in s.players if p.name != player)
    return squash(3 * (mine - best_other) / max(1, ctx.goal))
