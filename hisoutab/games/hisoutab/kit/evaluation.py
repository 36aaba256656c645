"""How good a HisouTab position is for a player (both versions): the HP lead first, then the spirit
lead, then tempo (whose next turn comes sooner on the timeline) and the initiative token.

Each version says where its figures are (``standing``'s keywords); the weights are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hisoutab.engine.evaluation import LOST, WON, squash

HP_WEIGHT = 2.0  # a whole HP bar
SPIRIT_WEIGHT = 0.5  # per full gauge (SPIRIT_SCALE)
TEMPO_WEIGHT = 0.3  # per TEMPO_SCALE cells of the timeline
INITIATIVE_WEIGHT = 0.1
SPIRIT_SCALE = 5
TEMPO_SCALE = 5
NO_TURN = 10  # cells a player without a next turn (marker off the timeline) counts as behind


def standing(s: Any, player: str, *, hp_scale: int, spirit: Callable[[Any], int],
             next_cell: Callable[[Any], int | None]) -> float:
    """From -1 (lost) to 1 (won): the outcome once there is a winner, else the squashed sum of
    the HP lead (over ``hp_scale``), the spirit lead, the tempo lead (the opponent's next cell less
    the player's) and the initiative token."""
    if s.winner is not None:
        return 0.0 if s.winner == "draw" else WON if s.winner == player else LOST
    me, them = (s.players[0], s.players[1]) if s.players[0].name == player else (s.players[1], s.players[0])
    mine, theirs = next_cell(me), next_cell(them)
    if mine is None or theirs is None:
        tempo = 0 if mine is None and theirs is None else NO_TURN if mine is not None else -NO_TURN
    else:
        tempo = theirs - mine
    initiative = 1 if s.players[s.initiative].name == player else -1
    return squash(HP_WEIGHT * (me.hp - them.hp) / max(1, hp_scale)
                  + SPIRIT_WEIGHT * (spirit(me) - spirit(them)) / SPIRIT_SCALE
                  + TEMPO_WEIGHT * tempo / TEMPO_SCALE
                  + INITIATIVE_WEIGHT * initiative)
