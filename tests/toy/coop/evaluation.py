"""How the expedition stands, the same for every explorer (a co-operative game): team progress —
the treasures found of those on the map, and the health the party keeps — once it is over,
victory or defeat."""

from __future__ import annotations

from hisoutab.engine.evaluation import LOST, WON, squash

from .context import Context
from .state import State


def evaluate(ctx: Context, s: State, player: str) -> float:
    if s.outcome == "victory":
        return WON
    if s.outcome == "defeat":
        return LOST
    found = sum(len(p.finds) for p in s.players) / max(1, ctx.treasures)
    kept = s.health / max(1, ctx.health)
    return squash(2 * found + kept - 1)
