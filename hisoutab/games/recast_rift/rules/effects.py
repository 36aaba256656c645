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
    unique_labels,
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
from .vocabulary import TARGETED

STOP = Option("stop", None)


def _one(chosen: dict[str, Option] | None) -> Any:
    return next(iter(chosen.values())).value if chosen else None


# --------------------------------------------------------------------------- targets
#: a frame's target fields after its six values: (whose, zone, chosen_by, every) — see
#: ``cards.Target``; a frame without them (an older saved state) has the effect's default target
TARGET_AT = 6


def target_player(frame: tuple[Any, ...]) -> int:
    """The player a player-targeting effect acts on: the card's owner (``you``) or the opponent."""
    i = int(frame[1])
    whose = frame[TARGET_AT] if len(frame) > TARGET_AT else TARGETED[frame[0][4:]][1]
    return i if whose == "you" else 1 - i


def _card_target(frame: tuple[Any, ...]) -> tuple[str, str, str, bool]:
    """(whose, zone, chosen_by, every) of a card-targeting effect's frame."""
    if len(frame) > TARGET_AT:
        whose, zone, chooser, every = frame[TARGET_AT:TARGET_AT + 4]
        return str(whose), str(zone), str(chooser), bool(every)
    return TARGETED[frame[0][4:]][1], "", "you", False


def _owners(i: int, whose: str) -> tuple[int, ...]:
    return (i,) if whose == "you" else (1 - i,) if whose == "opponent" else (i, 1 - i)


def targets(s: State, frame: tuple[Any, ...], positions: tuple[int, ...]) -> list[tuple[int, str, int]]:
    """The deployed cards a card-targeting effect may act on: (owner, card, position), each owner's
    from the farthest position in ``positions`` (narrowed by the target's zone)."""
    whose, zone, _chooser, _every = _card_target(frame)
    if zone:
        positions = tuple(k for k in positions if numeral(k) == zone)
    return [(o, c, k) for o in _owners(frame[1], whose) for k in positions for c in slot(s.players[o], k)]


def chooser(ctx: Context, s: State, frame: tuple[Any, ...]) -> int:
    """Who chooses the card a card-targeting effect acts on: the card's owner, or the target card's
    owner (who picks specific cards of theirs, A-16)."""
    whose, _zone, by, _every = _card_target(frame)
    if by == "owner":
        return picker(ctx, s, _owners(frame[1], whose)[0])
    return int(frame[1])


def _whose_words(frame: tuple[Any, ...], cards: str = "cards") -> str:
    """Whose deployed cards the target names, in words ("the opponent's deployed cards in [II]")."""
    whose, zone, _by, _every = _card_target(frame)
    text = {"you": "your own", "opponent": "the opponent's", "each": "either player's"}[whose]
    return f"{text} deployed {cards}" + (f" in [{zone}]" if zone else "")


def _nobody(frame: tuple[Any, ...]) -> str:
    """Nothing to act on: "P2 has no deployed card" (in the target's zone)."""
    whose, zone, _by, _every = _card_target(frame)
    owners = _owners(frame[1], whose)
    where = f" in [{zone}]" if zone else ""
    return (f"{pn(owners[0])} has no deployed card{where}" if len(owners) == 1
            else f"no player has a deployed card{where}")


def _more(frame: tuple[Any, ...], n: int) -> tuple[Any, ...]:
    """The same effect's frame with ``n`` left to do."""
    return frame[:3] + (n,) + frame[4:]


# --------------------------------------------------------------------------- cards and the hand
@FLOW.auto("eff.draw", phase="text", clauses=("RR-ZONE-4", "RR-DECK-1", "RR-DECK-2", "RR-DECK-3",
                                              "RR-DECK-4"),
           next=("eff.draw", "text.next"), chance=("shuffle", "draw"))
def eff_draw(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """The target draws N cards (an empty deck is rebuilt first; with nothing left, no card is
    drawn)."""
    n = frame[3]
    t = target_player(frame)
    d = draw(ctx, s, t, n)
    text = f"{pn(t)} draws {len(d.cards)} (of {n})"
    if d.rebuilds:
        text += "; the deck was empty and is rebuilt"
    return Outcome(d.state, text, events=tuple(d.events), clauses=("RR-ZONE-4",) + d.clauses())


def _decide_face_down(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    n = frame[3]
    t = target_player(frame)
    hand = s.players[t].hand
    if len(hand) <= n:
        return None
    opts = tuple(Option(f"face down {short(c)}", c) for c in hand)
    return Decision("face_down", (pn(picker(ctx, s, t)),), (opts,), ("RR-ZONE-7", "A-16"),
                    "eff.face_down", f"Put a card of {pn(t)}'s hand face down ({n} to go)")


@FLOW.choice("eff.face_down", phase="text", clauses=("RR-ZONE-7", "A-16"),
             next=("eff.face_down", "text.next", "text"), decide=_decide_face_down)
def eff_face_down(ctx: Context, s: State, frame: tuple[Any, ...],
                  chosen: dict[str, Option] | None) -> Outcome:
    """The target puts N cards from their hand into their face-down pile (all of them when the hand
    holds no more; a16.chooser picks them)."""
    n = frame[3]
    t = target_player(frame)
    p = s.players[t]
    if chosen is None:
        cards = p.hand
        s = setp(s, t, replace(p, hand=(), face_down=p.face_down + cards))
        s = fire(ctx, s, "you_put_face_down", t) if cards else s
        return Outcome(s, f"{pn(t)} puts {len(cards)} card{'s' if len(cards) != 1 else ''} face down",
                       clauses=("RR-ZONE-7",))
    c = _one(chosen)
    s = setp(s, t, replace(p, hand=without(p.hand, c), face_down=p.face_down + (c,)))
    s = fire(ctx, s, "you_put_face_down", t)
    more = (_more(frame, n - 1),) if n > 1 else ()
    return Outcome(s, f"{pn(t)} puts a card face down", then=more, clauses=("RR-ZONE-7", "A-16"))


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
    t = target_player(frame)
    p = s.players[t]
    if forbidden(ctx, s, t, "lift") is not None:
        return None
    opts = tuple(Option(f"lift {short(c)}", c) for k in (1, 2, 3) for c in slot(p, k)
                 if can_lift(ctx, p, c, k))
    if len(opts) < 2:
        return None
    return Decision("lift", (pn(t),), (opts,), ("RR-LIFT-3",), "eff.lift",
                    f"Lift one of {pn(t)}'s deployed cards")


@FLOW.choice("eff.lift", phase="text", clauses=("RR-LIFT-3", "RR-LIFT-5", "RR-LIFT-6", "RR-PRIN-2"),
             next=("recover.pick", "eff.lift", "text.next"), decide=_decide_lift)
def eff_lift(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """The target lifts N of their deployed cards, one at a time, choosing which (each only into a
    free space; from [I] into [0], then it is recovered)."""
    n = frame[3]
    t = target_player(frame)
    p = s.players[t]
    if forbidden(ctx, s, t, "lift") is not None:
        return Outcome(s, f"{pn(t)} cannot lift (card text: «cannot» beats «can»)",
                       clauses=("RR-LIFT-3", "RR-PRIN-2"))
    c = _one(chosen)
    if c is None:
        can = [x for k in (1, 2, 3) for x in slot(p, k) if can_lift(ctx, p, x, k)]
        if not can:
            return Outcome(s, f"{pn(t)} has no deployed card that can lift", clauses=("RR-LIFT-5",))
        c = can[0]
    k = position(p, c)
    assert k is not None
    s = fire(ctx, setp(s, t, lift_one(p, c, k)), "you_lift", t, c, zone=k)
    frames = recovery_frames(s, (t,)) if k == 1 else []
    if n > 1:
        frames.append(_more(frame, n - 1))
    return Outcome(s, f"{pn(t)} lifts {ctx.name(c)} [{numeral(k)}]→[{numeral(k - 1)}]", then=frames,
                   clauses=("RR-LIFT-3",) + (("RR-LIFT-6",) if k == 1 else ()))


@FLOW.auto("eff.lift_all", phase="text", clauses=("RR-LIFT-3", "RR-LIFT-4", "RR-LIFT-5", "RR-LIFT-6",
                                                  "RR-PRIN-2", "A-22", "A-23"),
           next=("recover.pick", "eff.lift_all", "text.next"))
def eff_lift_all(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """The target lifts all their deployed cards at once (a22.lift_space)."""
    t = target_player(frame)
    if forbidden(ctx, s, t, "lift") is not None:
        return Outcome(s, f"{pn(t)} cannot lift (card text: «cannot» beats «can»)",
                       clauses=("RR-LIFT-3", "RR-PRIN-2"))
    lifted = lift_all(ctx, s.players[t])
    s = setp(s, t, lifted.player)
    for c, k in lifted.moved:
        s = fire(ctx, s, "you_lift", t, c, zone=k)
    if not lifted.moved and not lifted.blocked:
        return Outcome(s, f"{pn(t)} has no deployed card to lift", clauses=("RR-LIFT-3",))
    clauses: tuple[str, ...] = ("RR-LIFT-3", "RR-LIFT-4")
    if lifted.blocked:
        clauses += ("RR-LIFT-5", "A-22") + (("A-23",) if any(k == 1 for _c, k in lifted.blocked) else ())
    if any(k == 1 for _c, k in lifted.moved):
        clauses += ("RR-LIFT-6",)
    return Outcome(s, f"{pn(t)} lifts {len(lifted.moved)} card{'s' if len(lifted.moved) != 1 else ''} "
                      "at once", then=recovery_frames(s, (t,)), clauses=clauses)


def _card_choice(ctx: Context, s: State, frame: tuple[Any, ...], positions: tuple[int, ...],
                 label: str, prompt: str, clause: str) -> Decision | None:
    """The choice of one target card among ``positions`` (none with fewer than two, or when the
    effect acts on every such card)."""
    if _card_target(frame)[3]:
        return None
    cards = targets(s, frame, positions)
    if len(cards) < 2:
        return None
    sides = len({o for o, _c, _k in cards}) > 1
    opts = tuple(Option(text, c) for text, c in unique_labels(
        (label.format(short(c) + (f" ({pn(o)})" if sides else "")), c) for o, c, _k in cards))
    who = chooser(ctx, s, frame)
    return Decision(frame[0][4:], (pn(who),), (opts,), (clause,) + (("A-16",) if who != frame[1] else ()),
                    frame[0], prompt.format(_whose_words(frame)))


def _chosen_cards(s: State, frame: tuple[Any, ...], positions: tuple[int, ...],
                  chosen: dict[str, Option] | None) -> list[tuple[int, str]]:
    """The cards the effect acts on: every target (``all``), the one chosen, or the only one."""
    cards = [(o, c) for o, c, _k in targets(s, frame, positions)]
    if _card_target(frame)[3]:
        return cards
    c = _one(chosen)
    if c is not None:
        return [(o, x) for o, x in cards if x == c]
    return cards[:1]


def _decide_delay(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    return _card_choice(ctx, s, frame, (3, 2, 1), "delay {}", "Raise the recast time of one of {}",
                        "RR-DEP-7")


def _delay_one(ctx: Context, s: State, t: int, c: str, n: int) -> tuple[State, str, tuple[str, ...]]:
    """Raise the recast time of ``t``'s deployed card ``c`` by N: (state, words, clauses)."""
    q = s.players[t]
    k = position(q, c)
    assert k is not None
    q, what, to = raise_recast(ctx, q, c, k, n)
    s = setp(s, t, q)
    if what == "reserve":
        s = fire(ctx, s, "you_make_reserve", t, c, zone=k)
        return s, f"{ctx.name(c)} would go nearer than [III]: it becomes a reserve card", ("RR-ZONE-8",)
    if what == "stays":
        return s, f"{ctx.name(c)} cannot move into a full position: it stays in [{numeral(k)}]", ("A-29",)
    return s, f"{ctx.name(c)} [{numeral(k)}]→[{numeral(to)}]", (("A-29",) if to != k + n else ())


@FLOW.choice("eff.delay", phase="text", clauses=("RR-DEP-7", "RR-ZONE-8", "RR-LIFT-1", "A-29", "A-16"),
             next=("text.next",), decide=_decide_delay)
def eff_delay(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Raise the recast time of the target deployed card(s) by N — one of the opponent's by
    default, chosen by the card's owner; of either side, in a named position, chosen by the target
    card's owner, or every such card, as the target says: it slides nearer its owner; past [III] it
    becomes a reserve card (a full position: a29.raise_into_full)."""
    n = frame[3]
    cards = _chosen_cards(s, frame, (3, 2, 1), chosen)
    if not cards:
        return Outcome(s, f"{_nobody(frame)} to delay", clauses=("RR-DEP-7",))
    parts = []
    clauses: tuple[str, ...] = ("RR-DEP-7", "RR-LIFT-1")
    events: list[dict[str, Any]] = []
    every = _card_target(frame)[3]
    one_side = len({t for t, _c in cards}) == 1
    for t, c in cards:
        s, words, more = _delay_one(ctx, s, t, c, n)
        parts.append(words if every and one_side else f"{pn(t)}'s {words}")
        clauses += more
        if "RR-ZONE-8" in more:
            events.append({"type": "zone", "player": pn(t), "card": c, "to": "reserve"})
    if chosen and chooser(ctx, s, frame) != frame[1]:
        clauses += ("A-16",)
    lead = "" if not every else f"{pn(cards[0][0])}'s " * one_side + f"recast times rise by {n}: "
    return Outcome(s, lead + ", ".join(parts), events=tuple(events), clauses=tuple(dict.fromkeys(clauses)))


def _decide_reserve(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    return _card_choice(ctx, s, frame, (3, 2, 1, 0), "make {} a reserve card",
                        "Make one of {} a reserve card", "RR-ZONE-8")


@FLOW.choice("eff.reserve", phase="text", clauses=("RR-ZONE-8", "A-16"), next=("text.next",),
             decide=_decide_reserve)
def eff_reserve(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Make the target deployed card(s) reserve cards — one of the opponent's by default, chosen
    by the card's owner; of either side, in a named position, chosen by the target card's owner, or
    every such card, as the target says: each leaves the recast zone for its owner's reserve pile,
    face up, and comes back through a deck rebuild."""
    cards = _chosen_cards(s, frame, (3, 2, 1, 0), chosen)
    if not cards:
        return Outcome(s, _nobody(frame), clauses=("RR-ZONE-8",))
    texts: list[str] = []
    events: list[dict[str, Any]] = []
    for t, c in cards:
        s, text, evs = _make_reserve(ctx, s, t, c)
        texts.append(text)
        events += evs
    clauses: tuple[str, ...] = ("RR-ZONE-8",)
    if chosen and chooser(ctx, s, frame) != frame[1]:
        clauses += ("A-16",)
    return Outcome(s, "; ".join(texts), events=tuple(events), clauses=clauses)


def _make_reserve(ctx: Context, s: State, owner: int, card: str
                  ) -> tuple[State, str, tuple[dict[str, Any], ...]]:
    """``owner``'s deployed ``card`` leaves its recast position for the reserve pile, face up
    (RR-ZONE-8), setting off "when a card is made a reserve card"."""
    p = s.players[owner]
    k = position(p, card)
    assert k is not None
    p = with_slot(p, k, without(slot(p, k), card))
    s = fire(ctx, setp(s, owner, replace(p, reserve=p.reserve + (card,))), "you_make_reserve", owner,
             card, zone=k)
    return (s, f"{pn(owner)}'s {ctx.name(card)} becomes a reserve card",
            ({"type": "zone", "player": pn(owner), "card": card, "to": "reserve"},))


@FLOW.auto("eff.reserve_self", phase="text", clauses=("RR-RCV-2", "RR-ZONE-8"), next=("text.next",))
def eff_reserve_self(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """This card becomes a reserve card (from [0] during its recovery: it is not put into the
    hand)."""
    _, i, card, _n, _h, _l = frame[:6]
    if position(s.players[i], card) is None:
        return Outcome(s, f"{ctx.name(card)} is not deployed: nothing happens", clauses=("RR-ZONE-8",))
    s, text, events = _make_reserve(ctx, s, i, card)
    return Outcome(s, text, events=events, clauses=("RR-ZONE-8", "RR-RCV-2"))


@FLOW.auto("eff.rebuild", phase="text", clauses=("RR-DECK-2", "RR-DECK-3"), next=("eff.rebuild", "text.next"),
           chance=("shuffle",))
def eff_rebuild(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """The target rebuilds their deck now: the face-down and reserve piles join the deck, shuffled
    (without a face-down or reserve card the deck cannot be rebuilt)."""
    t = target_player(frame)
    if not can_rebuild(s.players[t]):
        return Outcome(s, f"{pn(t)} has no face-down or reserve card: the deck is not rebuilt",
                       clauses=("RR-DECK-3",))
    s, event = rebuild(ctx, s, t)
    return Outcome(s, f"{pn(t)} rebuilds the deck ({len(s.players[t].deck)} cards)", events=(event,),
                   clauses=("RR-DECK-2",))


@FLOW.auto("eff.custom", phase="text", clauses=tuple(c for c in CLAUSES if c.startswith("RR-")),
           next=("text.next",))
def eff_custom(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """A designer's effect (``extensions.register_effect``): its step makes the change and says
    it, citing the clause it was registered with."""
    _, i, card, n, _h, _l, name = frame[:7]
    custom = EFFECTS[name]
    s, text = custom.step(ctx, s, i, card, n)
    return Outcome(s, text, clauses=(custom.clause,))
