"""How good a draft position is for a player: HP (of the character's maximum), spirit, tempo (the
timeline marker's cell) and the initiative token; the weights are the kit's."""

from __future__ import annotations

from typing import Any

from hisoutab.games.hisoutab.kit.evaluation import standing

from .setup import HP_START


def evaluate(ctx: Any, s: Any, player: str) -> float:
    return standing(s, player, hp_scale=HP_START, spirit=lambda p: p.spirit,
                    next_cell=lambda p: p.marker)
