"""The card in the trigger zone: whether it is still there, and the effect a frame path points at on
its face (shared by the effect steps and the bullet steps)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.flow import Outcome

from .cards import Card, Sub
from .common import pn
from .context import Context
from .state import State


def still_in_trigger(s: State, i: int, iid: str) -> bool:
    return s.players[i].trigger == iid


def effect_list(card: Card, letter: str) -> tuple[tuple[str, Any], ...]:
    return {"e": card.effects, "g": card.ground, "a": card.air}[letter]


def effect_at(ctx: Context, s: State, i: int, iid: str, path: str) -> tuple[str, Any]:
    """The effect a frame path points at, on the face of the card in the trigger zone."""
    card = ctx.cards[iid].face(s.players[i].trigger_side)
    head, _, rest = path.partition(".")
    kind, value = effect_list(card, head[0])[int(head[1:])]
    if rest:
        assert isinstance(value, Sub)
        kind, value = value.effects[int(rest)]
    return kind, value


def gone(ctx: Context, s: State, i: int, iid: str, what: str) -> Outcome:
    """H-RES-1 activates the effects of the card in the trigger zone: one that left it (discarded
    by a hit) performs nothing more; no rule of the effect itself applies."""
    return Outcome(s, f"{pn(i)}'s {ctx.name(iid)} left the trigger zone: {what}",
                   clauses=("H-RES-1",))
