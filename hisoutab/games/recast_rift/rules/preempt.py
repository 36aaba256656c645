"""§4.5 The opponent's preempt timing (RR-PRE-1 … RR-PRE-4): after an «Attack» is processed, the
attacked player may preempt — cast a Preempt card on top of it, activate a [While Awakened] ability
with preempt, or awaken if the card allows it. A preempt card is processed from step 1 and can
itself be answered (nested). "Cannot" beats "can" (RR-PRIN-2)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .awakening import can_activate, can_awaken
from .common import pn, set_top, short, top
from .context import Context
from .flow import FLOW
from .recast import cast_positions
from .state import State
from .statics import forbidden as cannot
from .statics import in_force, recast_shift

PASS = Option("pass", ("pass",))


def no_preempt(ctx: Context, s: State, attacker: int) -> bool:
    """A static ability of the attacker forbids the opponent's Preempt cards against its «Attack»s."""
    return any(st.effect.kind == "no_preempt" and st.owner == attacker for st in in_force(ctx, s))


def preempt_options(ctx: Context, s: State) -> tuple[list[Option], bool]:
    """The defender's options at this preempt timing, and whether a "cannot" removed some."""
    e = top(s)
    d = 1 - e.controller
    p = s.players[d]
    opts: list[Option] = []
    forbidden = False
    if cannot(ctx, s, d, "preempt") is not None:  # RR-PRE-2 asks RR-PRIN-2: no preempt of any kind
        return [], True
    for c in p.hand:
        spell = ctx.spell(c)
        if spell.timing == "preempt" and cast_positions(ctx, p, spell, shift=recast_shift(ctx, s, d)):
            if no_preempt(ctx, s, e.controller) or cannot(ctx, s, d, "cast", spell) is not None:
                forbidden = True
                continue
            opts.append(Option(f"preempt with {short(c)}", ("cast", c)))
    if p.awakened is not None and ctx.abilities:
        for k, a in enumerate(ctx.awakening(p.awakened).while_awakened):
            if can_activate(ctx, s, d, k, at_preempt=True):
                opts.append(Option(f"activate {a.id}", ("activate", k)))
    if can_awaken(ctx, s, d, at_preempt=True):
        opts.append(Option("awaken", ("awaken",)))
    return opts, forbidden


def _decide_preempt(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    opts, _ = preempt_options(ctx, s)
    if not opts:
        return None
    e = top(s)
    return Decision("preempt", (pn(1 - e.controller),), (tuple(opts) + (PASS,),),
                    ("RR-PRE-1", "RR-PRE-2", "RR-CAST-3.2"), "seq.preempt",
                    "The opponent's preempt timing: preempt the «Attack», or pass")


@FLOW.choice("seq.preempt", phase="preempt",
             clauses=("RR-SEQ-1", "RR-PRE-1", "RR-PRE-2", "RR-PRE-4", "RR-CAST-3.2", "RR-AWK-7",
                      "RR-TURN-3.4", "RR-PRIN-0", "RR-PRIN-2", "A-13", "A-25"),
             next=("cast", "activate", "awaken", "seq.damage"), decide=_decide_preempt,
             window=lambda ctx, s, frame: pn(1 - top(s).controller))
def preempt(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """The opponent's preempt timing: the attacked player may cast a Preempt card (placed on top of
    the card it answers and processed from step 1), activate a [While Awakened] ability with preempt,
    or awaken a card that allows it — or pass. A preempt card's own «Attack» opens a preempt timing
    for the other player, even one who took the Full-Power action. In one timing one preempt is made
    (a13.preempts)."""
    e = top(s)
    d = 1 - e.controller
    _, forbidden = preempt_options(ctx, s)
    clauses: tuple[str, ...] = ("RR-PRE-1",)
    if e.how == "preempt":
        clauses += ("RR-PRE-4",)
    if d == s.active and s.players[d].mode == "full_power":
        clauses += ("RR-TURN-3.4",)
    if forbidden:
        clauses += ("RR-PRIN-0", "RR-PRIN-2")
    again = ctx.options["a13.preempts"] == "any"
    if again and e.preempts:
        clauses += ("A-13",)
    value: tuple[Any, ...] = chosen[pn(d)].value if chosen else ("pass",)
    note = " (a «cannot» keeps their Preempt cards in hand)" if forbidden else ""
    if value[0] == "pass":
        # "passes" whether or not they had a choice: what they hold is theirs (L222)
        return Outcome(s, f"{pn(d)} passes{note}", clauses=clauses,
                       public=f"{pn(d)} passes" if note else None, seen_by=(pn(d),),
                       # a «cannot» on their Preempt cards shows only to the defender
                       public_clauses=tuple(c for c in clauses if c not in ("RR-PRIN-0", "RR-PRIN-2")))
    s = set_top(s, replace(e, preempts=e.preempts + 1))
    more: list[tuple[Any, ...]] = [("seq.preempt",)] if again else []
    if value[0] == "cast":
        return Outcome(s, f"{pn(d)} preempts with {ctx.name(value[1])}{note}",
                       then=[("cast", d, value[1], "preempt"), *more],
                       clauses=clauses + ("RR-PRE-2", "RR-CAST-3.2", "RR-SEQ-1"))
    if value[0] == "activate":
        return Outcome(s, f"{pn(d)} preempts by activating a [While Awakened] ability{note}",
                       then=[("activate", d, value[1], "preempt"), *more],
                       clauses=clauses + ("RR-PRE-2",) + (("A-25",) if ctx.options[
                           "a25.while_awakened"] == "any_time" else ()))
    return Outcome(s, f"{pn(d)} awakens at the preempt timing{note}",
                   then=[("awaken", d, "preempt"), *more], clauses=clauses + ("RR-PRE-2", "RR-AWK-7"))
