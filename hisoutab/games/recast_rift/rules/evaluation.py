"""How good a Recast Rift position is for a player: the Life lead (of the starting Life, a3), then
the hand (cards to cast and to guard with), then recast tempo: cards waiting in the recast zones
count against their owner by how far they still are from recovery ([III] 3, [II] 2, [I] 1,
[0] none: RR-LIFT-1)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.evaluation import LOST, WON, squash

LIFE_WEIGHT = 2.0
HAND_WEIGHT = 0.1
HAND_SCALE = 5
TEMPO_WEIGHT = 0.05
TEMPO_SCALE = 6


def waiting(p: Any) -> int:
    """How long ``p``'s deployed cards still wait, in recast positions."""
    return 3 * len(p.recast_3) + 2 * len(p.recast_2) + len(p.recast_1)


def evaluate(ctx: Any, s: Any, player: str) -> float:
    if s.winner is not None:
        return 0.0 if s.winner == "draw" else WON if s.winner == player else LOST
    me, them = (s.players[0], s.players[1]) if s.players[0].name == player else (s.players[1], s.players[0])
    return squash(LIFE_WEIGHT * (me.life - them.life) / max(1, ctx.start_life)
                  + HAND_WEIGHT * (len(me.hand) - len(them.hand)) / HAND_SCALE
                  + TEMPO_WEIGHT * (waiting(them) - waiting(me)) / TEMPO_SCALE)
