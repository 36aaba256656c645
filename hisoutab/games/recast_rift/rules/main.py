"""§3 The Main phase (RR-TURN-3 …): a Normal action — cast, face down and lift, awaken, activate, in
any order and combination — or one Full-Power action."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .awakening import can_activate, can_awaken
from .common import numeral, pn, position, setp, short, without
from .context import Context
from .flow import FLOW
from .recast import can_lift, cast_positions, lift_one
from .recovery import recovery_frames
from .state import State
from .statics import forbidden, recast_shift
from .texts import fire, waits_since

END = Option("end main phase", ("end",))


def _liftable(ctx: Context, s: State, i: int) -> list[tuple[str, int]]:
    """The deployed cards player ``i`` can lift now: into a free space (RR-LIFT-5), unless a
    "cannot lift" is in force (RR-PRIN-2)."""
    p = s.players[i]
    if forbidden(ctx, s, i, "lift") is not None:
        return []
    out = []
    for k in (1, 2, 3):
        for c in getattr(p, f"recast_{k}"):
            if can_lift(ctx, p, c, k):
                out.append((c, k))
    return out


def normal_options(ctx: Context, s: State) -> list[Option]:
    """The Normal-action options open to the turn player now (A-8 once: each at most once)."""
    i = s.active
    p = s.players[i]
    once = ctx.options["a8.normal_options"] == "once"
    opts: list[Option] = []
    shift = recast_shift(ctx, s, i)
    if not (once and "c" in p.used):
        for c in p.hand:
            spell = ctx.spell(c)
            if (spell.timing != "full_power" and cast_positions(ctx, p, spell, shift)
                    and forbidden(ctx, s, i, "cast", spell) is None):
                opts.append(Option(f"cast {short(c)}", ("cast", c)))
    if p.hand and not (once and "f" in p.used):
        lift = _liftable(ctx, s, i)
        for h in p.hand:
            for d, _k in lift:
                opts.append(Option(f"face down {short(h)} and lift {short(d)}", ("lift", h, d)))
            if not lift and ctx.options["a10.face_down_lift"] == "always":
                opts.append(Option(f"face down {short(h)}", ("lift", h, None)))
    if can_awaken(ctx, s, i) and not (once and "a" in p.used):
        opts.append(Option("awaken", ("awaken",)))
    if not (once and "w" in p.used):
        awk = ctx.awakening(p.awakened) if p.awakened else None
        for k, ability in enumerate(awk.while_awakened if awk and ctx.abilities else ()):
            if can_activate(ctx, s, i, k, at_preempt=False):
                opts.append(Option(f"activate {ability.id}", ("activate", k)))
    return opts


def main_options(ctx: Context, s: State) -> list[Option]:
    i = s.active
    p = s.players[i]
    if p.mode == "full_power":
        opts: list[Option] = []
        if ctx.options["a25.while_awakened"] == "any_time" and p.awakened and ctx.abilities:
            awk = ctx.awakening(p.awakened)
            opts = [Option(f"activate {a.id}", ("activate", k)) for k, a in enumerate(awk.while_awakened)
                    if can_activate(ctx, s, i, k, at_preempt=False)]
        return [*opts, END] if opts else []
    opts = normal_options(ctx, s)
    if not p.mode:
        for c in p.hand:
            spell = ctx.spell(c)
            if (spell.timing == "full_power" and cast_positions(ctx, p, spell, recast_shift(ctx, s, i))
                    and forbidden(ctx, s, i, "cast", spell) is None):
                opts.append(Option(f"full-power {short(c)}", ("full", c)))
    if not opts or ctx.options["a9.may_pass"] or p.mode:
        opts.append(END)
    return opts


def _decide_main(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    """No decision when ending the Main phase is all that is left (after the Full-Power action, or
    with no action possible): the phase ends by itself, both ways alike."""
    opts = main_options(ctx, s)
    if not opts or opts == [END]:
        return None
    return Decision("main", (pn(s.active),), (tuple(opts),),
                    ("RR-TURN-3", "RR-TURN-3.1", "RR-TURN-3.2", "RR-CAST-2", "A-8", "A-9"), "main.act",
                    "Main phase: a Normal action (any of these, any number of times) or one Full-Power "
                    "action")


@FLOW.choice("main.act", phase="main",
             clauses=("RR-TURN-3", "RR-TURN-3.1", "RR-TURN-3.1.1", "RR-TURN-3.1.3", "RR-TURN-3.1.4",
                      "RR-TURN-3.2", "RR-TURN-3.3", "RR-CAST-2", "RR-CAST-3.3", "A-8", "A-9", "A-25"),
             next=("cast", "main.lift", "awaken", "activate", "refresh"), decide=_decide_main)
def main_act(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Main phase: the turn player takes Normal actions — cast a Normal or Preempt card with a free
    recast position, put a hand card face down and lift a deployed card, awaken (Life 3 or less),
    activate a [While Awakened] ability — in any order and combination, or instead casts one
    Full-Power card, after which no Normal action may follow; or ends the Main phase."""
    i = s.active
    p = s.players[i]
    if chosen is None:
        if p.mode == "full_power":
            return Outcome(s, f"{pn(i)}'s Main phase ends: the Full-Power action has been taken",
                           clauses=("RR-TURN-3", "RR-TURN-3.3"))
        done = "no further action is possible" if p.mode else "no action is possible"
        return Outcome(s, f"{pn(i)}'s Main phase ends: {done}", clauses=("RR-TURN-3",))
    value = chosen[pn(i)].value
    what = value[0]
    if what == "end":
        clauses: tuple[str, ...] = ("RR-TURN-3",)
        if p.mode == "full_power":
            clauses += ("RR-TURN-3.3",)
        elif not p.mode:
            clauses += ("A-9",)
        return Outcome(s, f"{pn(i)} ends the Main phase", clauses=clauses)
    if what == "full":
        s = setp(s, i, replace(p, mode="full_power"))
        return Outcome(s, f"{pn(i)} takes the Full-Power action: {ctx.name(value[1])}",
                       then=(("cast", i, value[1], "full_power"), ("main.act",)),
                       clauses=("RR-TURN-3", "RR-TURN-3.2", "RR-CAST-2", "RR-CAST-3.3"))
    if p.mode == "full_power":  # a25.while_awakened = any_time: an activation after the Full-Power action
        return Outcome(s, f"{pn(i)} activates a [While Awakened] ability after the Full-Power action",
                       then=(("activate", i, value[1], "main"), ("main.act",)),
                       clauses=("RR-TURN-3", "RR-TURN-3.3", "A-25"))
    letter = {"cast": "c", "lift": "f", "awaken": "a", "activate": "w"}[what]
    s = setp(s, i, replace(p, mode="normal", used=p.used + letter))
    base: tuple[str, ...] = ("RR-TURN-3", "RR-TURN-3.1")
    if ctx.options["a8.normal_options"] == "once":
        base += ("A-8",)
    if what == "cast":
        return Outcome(s, f"{pn(i)} casts {ctx.name(value[1])} (Normal action)",
                       then=(("cast", i, value[1], "normal"), ("main.act",)),
                       clauses=base + ("RR-TURN-3.1.1", "RR-CAST-2"))
    if what == "lift":
        return Outcome(s, f"{pn(i)} puts a card face down to lift a deployed card (Normal action)",
                       then=(("main.lift", i, value[1], value[2]), ("main.act",)), clauses=base)
    if what == "awaken":
        return Outcome(s, f"{pn(i)} awakens (Normal action)", then=(("awaken", i, "normal"), ("main.act",)),
                       clauses=base + ("RR-TURN-3.1.3",))
    return Outcome(s, f"{pn(i)} activates a [While Awakened] ability (Normal action)",
                   then=(("activate", i, value[1], "main"), ("main.act",)),
                   clauses=base + ("RR-TURN-3.1.4",))


@FLOW.auto("main.lift", phase="main",
           clauses=("RR-TURN-3.1.2", "RR-ZONE-7", "RR-LIFT-3", "RR-LIFT-5", "RR-LIFT-6", "A-10"),
           next=("recover.pick", "main.act", "wait"))
def face_down_and_lift(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Normal action: 1 card from the hand goes into the face-down pile and 1 deployed card lifts
    (into a free space only; from [I] into [0], then it is recovered)."""
    _, i, card, target = frame
    before = len(s.waiting)
    p = s.players[i]
    p = replace(p, hand=without(p.hand, card), face_down=p.face_down + (card,))
    if target is None:  # a10.face_down_lift = always, and nothing could lift
        s = fire(ctx, setp(s, i, p), "you_put_face_down", i)
        return Outcome(s, f"{pn(i)} puts a card face down; no deployed card can lift",
                       then=waits_since(ctx, s, before),
                       clauses=("RR-TURN-3.1.2", "RR-ZONE-7", "RR-LIFT-5", "A-10"))
    k = position(p, target)
    assert k is not None
    s = setp(s, i, lift_one(p, target, k))
    s = fire(ctx, fire(ctx, s, "you_put_face_down", i), "you_lift", i, target, zone=k)
    clauses: tuple[str, ...] = ("RR-TURN-3.1.2", "RR-ZONE-7", "RR-LIFT-3")
    if k == 1:
        clauses += ("RR-LIFT-6",)
    return Outcome(s, f"{pn(i)} puts a card face down and lifts {ctx.name(target)} "
                      f"[{numeral(k)}]→[{numeral(k - 1)}]",
                   then=recovery_frames(s, (i,)) + waits_since(ctx, s, before), clauses=clauses)
