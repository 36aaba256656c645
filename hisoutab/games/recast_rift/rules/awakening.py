"""§4.12 Awakening (RR-AWK-1 … RR-AWK-7): turning the far awakening card face up at Life 3 or less,
once per game, its [On Awaken] abilities, and activating its [While Awakened] abilities."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .common import pn, setp
from .conditions import holds
from .context import Context
from .ending import AWAKEN_AT
from .flow import FLOW
from .state import State
from .statics import forbidden
from .texts import fire, waits_since


def can_awaken(ctx: Context, s: State, i: int, *, at_preempt: bool = False) -> bool:
    """A player may awaken (a24.awakening = voluntary) at Life 3 or less, once: the far card is still
    face down; at the opponent's preempt timing only if the card allows it (RR-AWK-7)."""
    p = s.players[i]
    if p.far is None or p.life > AWAKEN_AT or ctx.options["a24.awakening"] != "voluntary":
        return False
    if forbidden(ctx, s, i, "awaken") is not None:  # RR-AWK-1 asks RR-PRIN-2
        return False
    return not at_preempt or ctx.awakening(p.far).awaken_at_preempt


def can_activate(ctx: Context, s: State, i: int, k: int, *, at_preempt: bool) -> bool:
    """[While Awakened] ability ``k`` can be activated now: awakened, its once-per-turn limit not
    used, its cost payable; at preempt timing only if it has preempt (or a25.while_awakened =
    any_time)."""
    p = s.players[i]
    if p.awakened is None or not ctx.abilities:
        return False
    ability = ctx.awakening(p.awakened).while_awakened[k]
    if ability.once_per_turn and k in p.activated:
        return False
    if len(p.hand) < ability.cost_face_down:
        return False
    if not holds(ctx, s, i, ability.test):
        return False
    if forbidden(ctx, s, i, "activate") is not None:  # RR-AWK-5 asks RR-PRIN-2
        return False
    return not at_preempt or ability.preempt or ctx.options["a25.while_awakened"] == "any_time"


@FLOW.auto("awaken", phase="text",
           clauses=("RR-AWK-1", "RR-AWK-2", "RR-AWK-3", "RR-AWK-4", "RR-AWK-7", "RR-COMP-2.4",
                    "RR-PRE-2", "A-24"),
           next=("text", "main.act", "seq.damage", "seq.preempt", "wait", "win.check", "seq.deploy",
                 "seq.text_end"))
def awaken(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Awakening: the far awakening card is turned face up, showing the fighter; it awakens once per
    game, at Life 3 or less. Its [On Awaken] abilities take effect now, once. Some cards awaken at
    the opponent's preempt timing."""
    _, i, how = frame
    p = s.players[i]
    card = p.far
    assert card is not None
    awk = ctx.awakening(card)
    s = setp(s, i, replace(p, far=None, awakened=card))
    before = len(s.waiting)
    s = fire(ctx, fire(ctx, s, "you_awaken", i), "opponent_awakens", 1 - i)
    abilities = awk.on_awaken if ctx.abilities else ()
    frames = [("text", i, card, "on_awaken", k) for k in range(len(abilities))]
    if not frames:
        frames = waits_since(ctx, s, before)
    clauses: tuple[str, ...] = ("RR-AWK-1", "RR-AWK-2", "RR-AWK-3", "RR-COMP-2.4")
    if abilities:
        clauses += ("RR-AWK-4",)
    if how == "preempt":
        clauses += ("RR-AWK-7", "RR-PRE-2")
    elif how == "automatic":
        clauses += ("A-24",)
    text = f"{pn(i)} awakens: {awk.name} is turned face up (Life {p.life})"
    return Outcome(s, text, events=({"type": "awaken", "player": pn(i), "card": card},), then=frames,
                   clauses=clauses)


@FLOW.auto("activate", phase="text",
           clauses=("RR-AWK-5", "RR-AWK-6", "RR-PRE-2", "A-25"),
           next=("eff.face_down", "text"))
def activate(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Activating a [While Awakened] ability: its cost is paid (cards put face down) and its
    once-per-turn use recorded, then its effects are processed."""
    _, i, k, how = frame
    p = s.players[i]
    card = p.awakened
    assert card is not None
    ability = ctx.awakening(card).while_awakened[k]
    s = setp(s, i, replace(p, activated=p.activated + (k,)))
    frames: list[tuple[Any, ...]] = []
    if ability.cost_face_down:
        frames.append(("eff.face_down", i, card, ability.cost_face_down, 0, 0))
    frames.append(("text", i, card, "while_awakened", k))
    clauses: tuple[str, ...] = ("RR-AWK-5", "RR-AWK-6")
    if how == "preempt":
        clauses += ("RR-PRE-2",)
        if not ability.preempt:
            clauses += ("A-25",)
    cost = f" (cost: {ability.cost_face_down} card face down)" if ability.cost_face_down else ""
    return Outcome(s, f"{pn(i)} activates {ability.id}{cost}", then=frames, clauses=clauses)
