"""The effects of the closed vocabulary (``vocabulary.EFFECT_VALUES``), one step each. A frame is
``(step, player, card, n, hand, life)``: whose text it is, the card it belongs to, and its values."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .clauses import CLAUSES
from .common import (
    damage_text,
    numeral,
    picker,
    pn,
    position,
    setp,
    short,
    slot,
    with_slot,
    without,
)
from .context import Context
from .drawing import can_rebuild, draw, rebuild
from .extensions import EFFECTS
from .flow import FLOW
from .recast import can_lift, lift_all, lift_one, raise_recast
from .recovery import recovery_frames
from .state import Entry, State
from .statics import forbidden
from .texts import fire

STOP = Option("stop", None)


def _one(chosen: dict[str, Option] | None) -> Any:
    return next(iter(chosen.values())).value if chosen else None


# --------------------------------------------------------------------------- cards and the hand
@FLOW.auto("eff.draw", phase="text", clauses=("RR-ZONE-4", "RR-DECK-1", "RR-DECK-2", "RR-DECK-3",
                                              "RR-DECK-4"),
           next=("text.next",), chance=("shuffle", "draw"))
def eff_draw(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Draw N cards (an empty deck is rebuilt first; with nothing left, no card is drawn)."""
    _, i, _card, n, _h, _l = frame
    d = draw(ctx, s, i, n)
    text = f"{pn(i)} draws {len(d.cards)} (of {n})"
    if d.rebuilds:
        text += "; the deck was empty and is rebuilt"
    return Outcome(d.state, text, events=tuple(d.events), clauses=("RR-ZONE-4",) + d.clauses())


def _decide_face_down(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    _, i, _card, n, _h, _l = frame
    hand = s.players[i].hand
    if len(hand) <= n:
        return None
    opts = tuple(Option(f"face down {short(c)}", c) for c in hand)
    return Decision("face_down", (pn(picker(ctx, s, i)),), (opts,), ("RR-ZONE-7", "A-16"),
                    "eff.face_down", f"Put a card of {pn(i)}'s hand face down ({n} to go)")


@FLOW.choice("eff.face_down", phase="text", clauses=("RR-ZONE-7", "A-16"),
             next=("eff.face_down", "text.next", "text"), decide=_decide_face_down)
def eff_face_down(ctx: Context, s: State, frame: tuple[Any, ...],
                  chosen: dict[str, Option] | None) -> Outcome:
    """Put N cards from the hand into the face-down pile (all of them when the hand holds no more)."""
    _, i, card, n, h, li = frame
    p = s.players[i]
    if chosen is None:
        cards = p.hand
        s = setp(s, i, replace(p, hand=(), face_down=p.face_down + cards))
        s = fire(ctx, s, "you_put_face_down", i) if cards else s
        return Outcome(s, f"{pn(i)} puts {len(cards)} card{'s' if len(cards) != 1 else ''} face down",
                       clauses=("RR-ZONE-7",))
    c = _one(chosen)
    s = setp(s, i, replace(p, hand=without(p.hand, c), face_down=p.face_down + (c,)))
    s = fire(ctx, s, "you_put_face_down", i)
    more = (("eff.face_down", i, card, n - 1, h, li),) if n > 1 else ()
    return Outcome(s, f"{pn(i)} puts a card face down", then=more, clauses=("RR-ZONE-7", "A-16"))


def _decide_face_down_any(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    i = frame[1]
    hand = s.players[i].hand
    if not hand:
        return None
    opts = tuple(Option(f"face down {short(c)}", c) for c in hand) + (STOP,)
    return Decision("face_down", (pn(i),), (opts,), ("RR-ZONE-7",), "eff.face_down_any",
                    "Put cards from your hand face down, as many as you like")


@FLOW.choice("eff.face_down_any", phase="text", clauses=("RR-ZONE-7", "RR-CAST-4"),
             next=("eff.face_down_any", "text.next"), decide=_decide_face_down_any)
def eff_face_down_any(ctx: Context, s: State, frame: tuple[Any, ...],
                      chosen: dict[str, Option] | None) -> Outcome:
    """The player chooses whether to put cards from the hand into the face-down pile, one at a time,
    and how many (an empty hand: nothing to choose)."""
    i = frame[1]
    c = _one(chosen)
    if c is None:
        why = "has no card in hand" if chosen is None else "stops"
        return Outcome(s, f"{pn(i)} {why} (hand {len(s.players[i].hand)})", clauses=("RR-CAST-4",))
    p = s.players[i]
    s = setp(s, i, replace(p, hand=without(p.hand, c), face_down=p.face_down + (c,)))
    s = fire(ctx, s, "you_put_face_down", i)
    return Outcome(s, f"{pn(i)} puts a card face down (hand {len(p.hand) - 1})", then=(frame,),
                   clauses=("RR-ZONE-7",))


def _decide_opponent_face_down(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    _, i, _card, n, _h, _l = frame
    target = 1 - i
    hand = s.players[target].hand
    if len(hand) <= n:
        return None
    opts = tuple(Option(f"face down {short(c)}", c) for c in hand)
    return Decision("face_down", (pn(picker(ctx, s, target)),), (opts,), ("RR-ZONE-7", "A-16"),
                    "eff.opponent_face_down", f"{pn(target)} puts a hand card face down ({n} to go)")


@FLOW.choice("eff.opponent_face_down", phase="text", clauses=("RR-ZONE-7", "A-16"),
             next=("eff.opponent_face_down", "text.next"), decide=_decide_opponent_face_down)
def eff_opponent_face_down(ctx: Context, s: State, frame: tuple[Any, ...],
                           chosen: dict[str, Option] | None) -> Outcome:
    """The opponent puts N cards from their hand into the face-down pile (the cards' owner picks
    them: a16.chooser)."""
    _, i, card, n, h, li = frame
    target = 1 - i
    p = s.players[target]
    if chosen is None:
        cards = p.hand
        s = setp(s, target, replace(p, hand=(), face_down=p.face_down + cards))
        s = fire(ctx, s, "you_put_face_down", target) if cards else s
        return Outcome(s, f"{pn(target)} puts {len(cards)} card{'s' if len(cards) != 1 else ''} "
                          "face down", clauses=("RR-ZONE-7",))
    c = _one(chosen)
    s = setp(s, target, replace(p, hand=without(p.hand, c), face_down=p.face_down + (c,)))
    s = fire(ctx, s, "you_put_face_down", target)
    more = (("eff.opponent_face_down", i, card, n - 1, h, li),) if n > 1 else ()
    return Outcome(s, f"{pn(target)} puts a card face down", then=more, clauses=("RR-ZONE-7", "A-16"))


# --------------------------------------------------------------------------- «Attack»s
def _own_entry(s: State, card: str) -> int | None:
    for k in range(len(s.stack) - 1, -1, -1):
        if s.stack[k].card == card and s.stack[k].kind == "cast":
            return k
    return None


def _answered(s: State, i: int) -> int | None:
    """The «Attack» a preempt of player ``i`` answers: the topmost entry of the opponent that has
    not reached damage resolution."""
    for k in range(len(s.stack) - 1, -1, -1):
        e = s.stack[k]
        if e.controller != i and e.stage in ("on_cast", "attack", "preempt"):
            return k
    return None


def _with_entry(s: State, k: int, e: Entry) -> State:
    return replace(s, stack=s.stack[:k] + (e,) + s.stack[k + 1:])


@FLOW.auto("eff.raise", phase="text", clauses=("RR-ATK-1",), next=("text.next",))
def eff_raise(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """This card's «Attack» deals more damage (a bar stays a bar)."""
    _, _i, card, _n, h, li = frame
    k = _own_entry(s, card)
    if k is None or s.stack[k].stage not in ("on_cast", "attack"):
        return Outcome(s, f"{ctx.name(card)} is not about to make its «Attack»: nothing to raise",
                       clauses=("RR-ATK-1",))
    e = s.stack[k]
    s = _with_entry(s, k, replace(e, bonus_hand=e.bonus_hand + h, bonus_life=e.bonus_life + li))
    return Outcome(s, f"{ctx.name(card)}'s «Attack» +{h}/+{li}", clauses=("RR-ATK-1",))


@FLOW.auto("eff.lower", phase="text", clauses=("RR-ATK-2", "RR-ATK-3"), next=("text.next",))
def eff_lower(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """The «Attack» this answers deals less damage: the damage fixed by «Attack» processing changes
    at the preempt timing, never below 0 (a bar stays a bar)."""
    _, i, card, _n, h, li = frame
    k = _answered(s, i)
    if k is None:
        return Outcome(s, f"{ctx.name(card)}: no «Attack» of the opponent to lower", clauses=("RR-ATK-3",))
    e = s.stack[k]
    if e.stage != "preempt":  # not fixed yet: the change waits for «Attack» processing
        s = _with_entry(s, k, replace(e, bonus_hand=e.bonus_hand - h, bonus_life=e.bonus_life - li))
        return Outcome(s, f"{ctx.name(card)}: the coming «Attack» −{h}/−{li}", clauses=("RR-ATK-3",))
    hand = None if e.hand is None else max(0, e.hand - h)
    life = None if e.life is None else max(0, e.life - li)
    low = (e.hand is not None and e.hand - h < 0) or (e.life is not None and e.life - li < 0)
    s = _with_entry(s, k, replace(e, hand=hand, life=life))
    return Outcome(s, f"{ctx.name(card)} lowers the «Attack»: {damage_text(e.hand, e.life)} → "
                      f"{damage_text(hand, life)}",
                   clauses=("RR-ATK-3",) + (("RR-ATK-2",) if low else ()))


@FLOW.auto("eff.attack", phase="text", clauses=("RR-SEQ-2", "RR-ATK-1", "A-12"),
           next=("seq.attack", "text.next"))
def eff_attack(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """A text «Attack», processed in the cast-resolution order: «Attack», the opponent's preempt
    timing, damage resolution — inside the ability (nested), or once the ability has finished
    (a12.text_attack = queued)."""
    _, i, card, n, h, li = frame
    queued = ctx.options["a12.text_attack"] == "queued"
    agenda = s.agenda
    if queued and n == 0 and len(agenda) >= 2 and agenda[-2][0] == "text.next":
        # below the ability's rest (its next effects and its end): it runs once the ability is done
        later = ("eff.attack", i, card, 1, h, li)
        s = replace(s, agenda=agenda[:-2] + (later,) + agenda[-2:])
        return Outcome(s, f"{ctx.name(card)}'s text «Attack» {damage_text(h, li)} waits for the ability "
                          "to finish", clauses=("RR-SEQ-2", "A-12"))
    zone = "shared" if ctx.options["a5.cast_zone"] == "shared" else pn(i)
    entry = Entry("", i, kind="text", how="text", stage="attack", source=card, base_hand=h,
                  base_life=li, zone=zone)
    s = replace(s, stack=s.stack + (entry,))
    clauses: tuple[str, ...] = ("RR-SEQ-2", "RR-ATK-1") + (("A-12",) if queued else ())
    return Outcome(s, f"{pn(i)}'s {ctx.name(card)} makes a text «Attack» {damage_text(h, li)}",
                   then=(("seq.attack",),), clauses=clauses)


# --------------------------------------------------------------------------- the recast zone
def _decide_lift(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    i = frame[1]
    p = s.players[i]
    if forbidden(ctx, s, i, "lift") is not None:
        return None
    opts = tuple(Option(f"lift {short(c)}", c) for k in (1, 2, 3) for c in slot(p, k)
                 if can_lift(ctx, p, c, k))
    if len(opts) < 2:
        return None
    return Decision("lift", (pn(i),), (opts,), ("RR-LIFT-3",), "eff.lift", "Lift one of your deployed cards")


@FLOW.choice("eff.lift", phase="text", clauses=("RR-LIFT-3", "RR-LIFT-5", "RR-LIFT-6", "RR-PRIN-2"),
             next=("recover.pick", "eff.lift", "text.next"), decide=_decide_lift)
def eff_lift(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Lift N of your deployed cards, one at a time (each only into a free space; from [I] into [0],
    then it is recovered)."""
    _, i, card, n, h, li = frame
    p = s.players[i]
    if forbidden(ctx, s, i, "lift") is not None:
        return Outcome(s, f"{pn(i)} cannot lift (card text: «cannot» beats «can»)",
                       clauses=("RR-LIFT-3", "RR-PRIN-2"))
    c = _one(chosen)
    if c is None:
        can = [x for k in (1, 2, 3) for x in slot(p, k) if can_lift(ctx, p, x, k)]
        if not can:
            return Outcome(s, f"{pn(i)} has no deployed card that can lift", clauses=("RR-LIFT-5",))
        c = can[0]
    k = position(p, c)
    assert k is not None
    s = fire(ctx, setp(s, i, lift_one(p, c, k)), "you_lift", i)
    frames = recovery_frames(s, (i,)) if k == 1 else []
    if n > 1:
        frames.append(("eff.lift", i, card, n - 1, h, li))
    return Outcome(s, f"{pn(i)} lifts {ctx.name(c)} [{numeral(k)}]→[{numeral(k - 1)}]", then=frames,
                   clauses=("RR-LIFT-3",) + (("RR-LIFT-6",) if k == 1 else ()))


@FLOW.auto("eff.lift_all", phase="text", clauses=("RR-LIFT-3", "RR-LIFT-4", "RR-LIFT-5", "RR-LIFT-6",
                                                  "RR-PRIN-2", "A-22", "A-23"),
           next=("recover.pick", "text.next"))
def eff_lift_all(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Lift all your deployed cards at once (a22.lift_space)."""
    i = frame[1]
    if forbidden(ctx, s, i, "lift") is not None:
        return Outcome(s, f"{pn(i)} cannot lift (card text: «cannot» beats «can»)",
                       clauses=("RR-LIFT-3", "RR-PRIN-2"))
    lifted = lift_all(ctx, s.players[i])
    s = setp(s, i, lifted.player)
    if lifted.moved:
        s = fire(ctx, s, "you_lift", i)
    if not lifted.moved and not lifted.blocked:
        return Outcome(s, f"{pn(i)} has no deployed card to lift", clauses=("RR-LIFT-3",))
    clauses: tuple[str, ...] = ("RR-LIFT-3", "RR-LIFT-4")
    if lifted.blocked:
        clauses += ("RR-LIFT-5", "A-22") + (("A-23",) if any(k == 1 for _c, k in lifted.blocked) else ())
    if any(k == 1 for _c, k in lifted.moved):
        clauses += ("RR-LIFT-6",)
    return Outcome(s, f"{pn(i)} lifts {len(lifted.moved)} card{'s' if len(lifted.moved) != 1 else ''} "
                      "at once", then=recovery_frames(s, (i,)), clauses=clauses)


def _decide_delay(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    i = frame[1]
    own = frame[0] == "eff.delay_own"
    q = s.players[i if own else 1 - i]
    opts = tuple(Option(f"delay {short(c)}", c) for k in (3, 2, 1) for c in slot(q, k))
    if len(opts) < 2:
        return None
    whose = "your own" if own else "the opponent's"
    return Decision("delay", (pn(i),), (opts,), ("RR-DEP-7",), frame[0],
                    f"Raise the recast time of one of {whose} deployed cards")


def _delay(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None,
           t: int) -> Outcome:
    """Raise the recast time of one deployed card of player ``t`` by N."""
    n = frame[3]
    q = s.players[t]
    c = _one(chosen)
    if c is None:
        cards = [x for k in (3, 2, 1) for x in slot(q, k)]
        if not cards:
            return Outcome(s, f"{pn(t)} has no deployed card to delay", clauses=("RR-DEP-7",))
        c = cards[0]
    k = position(q, c)
    assert k is not None
    q, what, to = raise_recast(ctx, q, c, k, n)
    s = setp(s, t, q)
    if what == "reserve":
        s = fire(ctx, s, "you_make_reserve", t)
        return Outcome(s, f"{pn(t)}'s {ctx.name(c)} would go nearer than [III]: it becomes a reserve card",
                       events=({"type": "zone", "player": pn(t), "card": c, "to": "reserve"},),
                       clauses=("RR-DEP-7", "RR-ZONE-8", "RR-LIFT-1"))
    if what == "stays":
        return Outcome(s, f"{pn(t)}'s {ctx.name(c)} cannot move into a full position: it stays in "
                          f"[{numeral(k)}]", clauses=("RR-DEP-7", "A-29"))
    extra: tuple[str, ...] = ("A-29",) if to != k + n else ()
    return Outcome(s, f"{pn(t)}'s {ctx.name(c)} [{numeral(k)}]→[{numeral(to)}]",
                   clauses=("RR-DEP-7", "RR-LIFT-1") + extra)


@FLOW.choice("eff.delay", phase="text", clauses=("RR-DEP-7", "RR-ZONE-8", "RR-LIFT-1", "A-29"),
             next=("text.next",), decide=_decide_delay)
def eff_delay(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Raise the recast time of one of the opponent's deployed cards by N: it slides nearer the
    opponent; past [III] it becomes a reserve card (a full position: a29.raise_into_full)."""
    return _delay(ctx, s, frame, chosen, 1 - frame[1])


@FLOW.choice("eff.delay_own", phase="text", clauses=("RR-DEP-7", "RR-ZONE-8", "RR-LIFT-1", "A-29"),
             next=("text.next",), decide=_decide_delay)
def eff_delay_own(ctx: Context, s: State, frame: tuple[Any, ...],
                  chosen: dict[str, Option] | None) -> Outcome:
    """Raise the recast time of one of your own deployed cards by N (your choice): it stays deployed
    longer; past [III] it becomes a reserve card (a full position: a29.raise_into_full)."""
    return _delay(ctx, s, frame, chosen, frame[1])


def _deployed_cards(s: State, owner: int) -> list[str]:
    """``owner``'s deployed cards, from [III] down to [0]."""
    p = s.players[owner]
    return [c for k in (3, 2, 1, 0) for c in slot(p, k)]


def _reserve_decision(s: State, chooser: int, owner: int, step: str, whose: str) -> Decision | None:
    """``chooser`` picks which of ``owner``'s deployed cards becomes a reserve card (no choice with
    fewer than two)."""
    cards = _deployed_cards(s, owner)
    if len(cards) < 2:
        return None
    opts = tuple(Option(f"make {short(c)} a reserve card", c) for c in cards)
    return Decision("reserve", (pn(chooser),), (opts,), ("RR-ZONE-8",), step,
                    f"Make one of {whose} deployed cards a reserve card")


def _reserve_chosen(ctx: Context, s: State, owner: int, chosen: dict[str, Option] | None) -> Outcome:
    """The chosen one of ``owner``'s deployed cards (the only one, without a choice) becomes a
    reserve card."""
    c = _one(chosen)
    if c is None:
        cards = _deployed_cards(s, owner)
        if not cards:
            return Outcome(s, f"{pn(owner)} has no deployed card", clauses=("RR-ZONE-8",))
        c = cards[0]
    s, text, events = _make_reserve(ctx, s, owner, c)
    return Outcome(s, text, events=events, clauses=("RR-ZONE-8",))


def _decide_reserve(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    i = frame[1]
    return _reserve_decision(s, i, 1 - i, "eff.reserve", "the opponent's")


@FLOW.choice("eff.reserve", phase="text", clauses=("RR-ZONE-8",), next=("text.next",), decide=_decide_reserve)
def eff_reserve(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Make one of the opponent's deployed cards a reserve card: it leaves the recast zone for the
    reserve pile, face up."""
    return _reserve_chosen(ctx, s, 1 - frame[1], chosen)


def _make_reserve(ctx: Context, s: State, owner: int, card: str
                  ) -> tuple[State, str, tuple[dict[str, Any], ...]]:
    """``owner``'s deployed ``card`` leaves its recast position for the reserve pile, face up
    (RR-ZONE-8), setting off "when a card is made a reserve card"."""
    p = s.players[owner]
    k = position(p, card)
    assert k is not None
    p = with_slot(p, k, without(slot(p, k), card))
    s = fire(ctx, setp(s, owner, replace(p, reserve=p.reserve + (card,))), "you_make_reserve", owner)
    return (s, f"{pn(owner)}'s {ctx.name(card)} becomes a reserve card",
            ({"type": "zone", "player": pn(owner), "card": card, "to": "reserve"},))


@FLOW.auto("eff.reserve_self", phase="text", clauses=("RR-RCV-2", "RR-ZONE-8"), next=("text.next",))
def eff_reserve_self(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """This card becomes a reserve card (from [0] during its recovery: it is not put into the
    hand)."""
    _, i, card, _n, _h, _l = frame
    if position(s.players[i], card) is None:
        return Outcome(s, f"{ctx.name(card)} is not deployed: nothing happens", clauses=("RR-ZONE-8",))
    s, text, events = _make_reserve(ctx, s, i, card)
    return Outcome(s, text, events=events, clauses=("RR-ZONE-8", "RR-RCV-2"))


def _decide_reserve_own(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    i = frame[1]
    return _reserve_decision(s, i, i, "eff.reserve_own", "your own")


@FLOW.choice("eff.reserve_own", phase="text", clauses=("RR-ZONE-8",), next=("text.next",),
             decide=_decide_reserve_own)
def eff_reserve_own(ctx: Context, s: State, frame: tuple[Any, ...],
                    chosen: dict[str, Option] | None) -> Outcome:
    """Make one of your own deployed cards a reserve card (your choice): it leaves the recast zone
    for your reserve pile, face up, and comes back through a deck rebuild."""
    return _reserve_chosen(ctx, s, frame[1], chosen)


@FLOW.auto("eff.delay_all", phase="text", clauses=("RR-DEP-7", "RR-ZONE-8", "RR-LIFT-1", "A-29"),
           next=("text.next",))
def eff_delay_all(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Raise the recast time of every deployed card of the opponent by N, the nearest to the
    opponent first ([III], then [II], [I]): past [III] a card becomes a reserve card (a full
    position: a29.raise_into_full)."""
    _, i, _card, n, _h, _l = frame
    t = 1 - i
    cards = [(c, k) for k in (3, 2, 1) for c in slot(s.players[t], k)]
    if not cards:
        return Outcome(s, f"{pn(t)} has no deployed card to delay", clauses=("RR-DEP-7",))
    parts = []
    clauses: tuple[str, ...] = ("RR-DEP-7", "RR-LIFT-1")
    for c, _k in cards:
        q = s.players[t]
        k = position(q, c)
        assert k is not None
        q, what, to = raise_recast(ctx, q, c, k, n)
        s = setp(s, t, q)
        if what == "reserve":
            s = fire(ctx, s, "you_make_reserve", t)
            parts.append(f"{ctx.name(c)} becomes a reserve card")
            clauses += ("RR-ZONE-8",)
        elif what == "stays":
            parts.append(f"{ctx.name(c)} stays in [{numeral(k)}]")
            clauses += ("A-29",)
        else:
            parts.append(f"{ctx.name(c)} [{numeral(k)}]→[{numeral(to)}]")
    return Outcome(s, f"{pn(t)}'s recast times rise by {n}: " + ", ".join(parts),
                   clauses=tuple(dict.fromkeys(clauses)))


@FLOW.auto("eff.rebuild", phase="text", clauses=("RR-DECK-2", "RR-DECK-3"), next=("text.next",),
           chance=("shuffle",))
def eff_rebuild(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Rebuild your deck now: the face-down and reserve piles join the deck, shuffled (without a
    face-down or reserve card the deck cannot be rebuilt)."""
    i = frame[1]
    if not can_rebuild(s.players[i]):
        return Outcome(s, f"{pn(i)} has no face-down or reserve card: the deck is not rebuilt",
                       clauses=("RR-DECK-3",))
    s, event = rebuild(ctx, s, i)
    return Outcome(s, f"{pn(i)} rebuilds the deck ({len(s.players[i].deck)} cards)", events=(event,),
                   clauses=("RR-DECK-2",))


@FLOW.auto("eff.opponent_draw", phase="text", clauses=("RR-ZONE-4", "RR-DECK-1", "RR-DECK-2", "RR-DECK-3",
                                                       "RR-DECK-4"),
           next=("text.next",), chance=("shuffle", "draw"))
def eff_opponent_draw(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Your opponent draws N cards (an empty deck is rebuilt first; with nothing left, no card)."""
    _, i, _card, n, _h, _l = frame
    d = draw(ctx, s, 1 - i, n)
    text = f"{pn(1 - i)} draws {len(d.cards)} (of {n})"
    if d.rebuilds:
        text += "; the deck was empty and is rebuilt"
    return Outcome(d.state, text, events=tuple(d.events), clauses=("RR-ZONE-4",) + d.clauses())


@FLOW.auto("eff.custom", phase="text", clauses=tuple(c for c in CLAUSES if c.startswith("RR-")),
           next=("text.next",))
def eff_custom(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """A designer's effect (``extensions.register_effect``): its step makes the change and says
    it, citing the clause it was registered with."""
    _, i, card, n, _h, _l, name = frame
    custom = EFFECTS[name]
    s, text = custom.step(ctx, s, i, card, n)
    return Outcome(s, text, clauses=(custom.clause,))
