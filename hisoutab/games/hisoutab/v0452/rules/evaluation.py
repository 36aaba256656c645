"""How good a 0.45.2 position is for a player: HP (20 at H-SETUP-1), the spirit available
(H-SETUP-2), tempo (the cell of the next turn: the later of marker and hit token, R-27) and the
initiative token (H-SETUP-7); the weights are the kit's."""

from __future__ import annotations

from typing import Any

from hisoutab.games.hisoutab.kit.evaluation import standing

from .setup import HP_START


def evaluate(ctx: Any, s: Any, player: str) -> float:
    return standing(s, player, hp_scale=HP_START, spirit=lambda p: p.spirit_available,
                    next_cell=lambda p: p.position)
