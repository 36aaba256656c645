"""§3 The turn (RR-TURN-1 … RR-TURN-5): Draw & Lift, Main (``main.py``), Refresh & Cleanup."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .common import numeral, picker, pn, setp, short, without
from .context import Context
from .drawing import can_rebuild, draw, rebuild
from .flow import FLOW
from .recast import lift_all
from .recovery import recovery_frames
from .state import State
from .statics import forbidden, number
from .texts import fire, waits_since

HAND_AFTER_CLEANUP = 2  # RR-TURN-4.2
DRAW_STEP = 2  # RR-TURN-2.1


def hand_after_cleanup(ctx: Context, s: State, i: int) -> int:
    """The hand size the Cleanup step keeps for player ``i``: 2 (RR-TURN-4.2), as card text changes
    it (``cleanup_hand``, RR-PRIN-1)."""
    return number(ctx, s, i, "cleanup_hand", HAND_AFTER_CLEANUP)


@FLOW.auto("turn.begin", phase="draw & lift", clauses=("RR-TURN-1", "RR-TURN-2", "A-6"),
           next=("draw.step", "lift.step"), tags=("turn",))
def begin_turn(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """A turn begins: Draw & Lift phase (Draw step, Lift step), Main phase, Refresh & Cleanup phase
    (Refresh step, then Cleanup step). The first turn draws as normal unless a6.first_draw = skip."""
    turn = s.turn + 1
    i = s.active
    players = tuple(replace(p, activated=(), mode="", used="") for p in s.players)
    s = replace(s, turn=turn, players=(players[0], players[1]))
    frames: list[tuple[Any, ...]] = []
    clauses: tuple[str, ...] = ("RR-TURN-1", "RR-TURN-2")
    skip = turn == 1 and ctx.options["a6.first_draw"] == "skip"
    if skip:
        clauses += ("A-6",)
    else:
        frames.append(("draw.step",))
    frames += [("lift.step",), ("main.act",), ("refresh",)]
    frames += [("cleanup", k) for k in _cleaners(ctx, s)]
    frames.append(("turn.end",))
    text = f"turn {turn}: {pn(i)}'s turn" + (" (the first turn skips the Draw step)" if skip else "")
    return Outcome(s, text, events=({"type": "turn", "turn": turn, "player": pn(i)},), then=frames,
                   clauses=clauses)


def _cleaners(ctx: Context, s: State) -> tuple[int, ...]:
    """A-27: whose hand the Cleanup step cuts (the turn player first)."""
    if ctx.options["a27.cleanup"] == "both":
        return (s.active, 1 - s.active)
    return (s.active,)


@FLOW.auto("draw.step", phase="draw & lift",
           clauses=("RR-TURN-2.1", "RR-ZONE-4", "RR-DECK-1", "RR-DECK-2", "RR-DECK-3", "RR-DECK-4",
                    "RR-PRIN-1", "A-4"),
           next=("lift.step", "wait"), chance=("shuffle", "draw"))
def draw_step(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Draw step: the turn player draws 2 cards; an empty deck is rebuilt first if the face-down or
    reserve pile holds a card, and with nothing at all left the player cannot draw. The hand's
    size is public (a4.hand_size)."""
    i = s.active
    before = len(s.waiting)
    n = number(ctx, s, i, "draw_step", DRAW_STEP)
    d = draw(ctx, s, i, n)
    text = f"{pn(i)} draws {len(d.cards)} card{'s' if len(d.cards) != 1 else ''}"
    changed: tuple[str, ...] = ("RR-PRIN-1",) if n != DRAW_STEP else ()
    if changed:
        text += f" ({n}, not {DRAW_STEP}: card text)"
    if d.rebuilds:
        text += " (the deck was empty: rebuilt from the face-down and reserve piles)"
    if d.missing:
        text += f"; {d.missing} could not be drawn (no deck, face-down or reserve card)"
    public = ctx.options["a4.hand_size"] == "public"
    text += f"; hand {len(d.state.players[i].hand)}" if public else " (the hand's size is not public)"
    return Outcome(d.state, text, events=tuple(d.events), then=waits_since(ctx, d.state, before),
                   clauses=("RR-TURN-2.1", "RR-ZONE-4") + d.clauses() + (() if public else ("A-4",))
                   + changed)


def _lift_everything(ctx: Context, s: State,
                     who: tuple[int, ...]) -> tuple[State, list[str], list[tuple[str, int]]]:
    parts = []
    blocked_all: list[tuple[str, int]] = []
    for i in who:
        if forbidden(ctx, s, i, "lift") is not None:
            parts.append(f"{pn(i)}'s cards cannot lift (card text: «cannot» beats «can»)")
            continue
        lifted = lift_all(ctx, s.players[i])
        s = setp(s, i, lifted.player)
        if lifted.moved:
            s = fire(ctx, s, "you_lift", i)
        if lifted.moved:
            parts.append(f"{pn(i)} lifts " + ", ".join(
                f"{ctx.name(c)} [{numeral(k)}]→[{numeral(k - 1)}]" for c, k in lifted.moved))
        if lifted.blocked:
            blocked_all += lifted.blocked
            parts.append(f"{pn(i)}'s " + ", ".join(f"{ctx.name(c)} [{numeral(k)}]"
                                                   for c, k in lifted.blocked)
                         + " cannot lift: no free space")
    return s, parts, blocked_all


def lift_clauses(ctx: Context, s: State, blocked: list[tuple[str, int]],
                 who: tuple[int, ...]) -> tuple[str, ...]:
    out: tuple[str, ...] = ("RR-LIFT-1", "RR-LIFT-2", "RR-LIFT-3", "RR-LIFT-4", "RR-ZONE-6.3")
    if any(forbidden(ctx, s, i, "lift") is not None for i in who):
        out += ("RR-PRIN-2",)
    if any(s.players[i].recast_0 for i in who):
        out += ("RR-LIFT-6",)
    if blocked:
        out += ("RR-LIFT-5", "A-22")
        if any(k == 1 for _c, k in blocked):
            out += ("A-23",)
    return out


@FLOW.auto("lift.step", phase="draw & lift",
           clauses=("RR-TURN-2.2", "RR-LIFT-1", "RR-LIFT-2", "RR-LIFT-3", "RR-LIFT-4", "RR-LIFT-5",
                    "RR-LIFT-6", "RR-ZONE-6.3", "RR-PRIN-2", "A-7", "A-22", "A-23"),
           next=("recover.pick", "main.act", "wait"))
def lift_step(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Lift step: all deployed cards lift at once, each recast time going down by 1 ([III] nearest
    the player, then [II], [I], and [0] beyond); a card with no free space for it cannot lift
    (a22.lift_space); a card lifting from [I] goes to [0] and is recovered. Whose cards lift:
    a7.lift_step."""
    who = (s.active,) if ctx.options["a7.lift_step"] == "turn_player" else (s.active, 1 - s.active)
    before = sum(len(s.players[i].recast_1) + len(s.players[i].recast_2) + len(s.players[i].recast_3)
                 for i in who)
    if not before:
        return Outcome(s, "no deployed card to lift", clauses=("RR-TURN-2.2",))
    waiting = len(s.waiting)
    s, parts, blocked = _lift_everything(ctx, s, who)
    clauses = ("RR-TURN-2.2",) + lift_clauses(ctx, s, blocked, who)
    if len(who) == 2:
        clauses += ("A-7",)
    return Outcome(s, "; ".join(parts), events=({"type": "lift", "players": [pn(i) for i in who]},),
                   then=recovery_frames(s, who) + waits_since(ctx, s, waiting), clauses=clauses)


def _decide_refresh(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    i = s.active
    if not can_rebuild(s.players[i]) or forbidden(ctx, s, i, "rebuild") is not None:
        return None
    opts = (Option("rebuild the deck", True), Option("keep the deck", False))
    return Decision("refresh", (pn(i),), (opts,), ("RR-TURN-4.1", "RR-DECK-3"), "refresh",
                    "Refresh step: rebuild the deck (then all your deployed cards lift), or not")


@FLOW.choice("refresh", phase="refresh & cleanup",
             clauses=("RR-TURN-4", "RR-TURN-4.1", "RR-DECK-2", "RR-DECK-3", "RR-LIFT-1", "RR-LIFT-2",
                      "RR-LIFT-3", "RR-LIFT-4", "RR-LIFT-5", "RR-LIFT-6", "RR-ZONE-6.3", "RR-PRIN-2", "A-22",
                      "A-23"),
             next=("recover.pick", "cleanup", "wait"), decide=_decide_refresh, chance=("shuffle",))
def refresh(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Refresh step (before the Cleanup step): the turn player may rebuild the deck — the face-down
    and reserve piles join the deck, shuffled — and after a rebuild every card they have deployed
    lifts. Without a face-down or reserve card the deck cannot be rebuilt."""
    i = s.active
    if chosen is None and can_rebuild(s.players[i]):
        return Outcome(s, f"{pn(i)} cannot rebuild the deck (card text: «cannot» beats «can»)",
                       clauses=("RR-TURN-4", "RR-TURN-4.1", "RR-PRIN-2"))
    if chosen is None:
        return Outcome(s, f"{pn(i)} cannot rebuild the deck: no face-down or reserve card",
                       clauses=("RR-TURN-4", "RR-DECK-3"))
    if not chosen[pn(i)].value:
        return Outcome(s, f"{pn(i)} keeps the deck", clauses=("RR-TURN-4", "RR-TURN-4.1"))
    waiting = len(s.waiting)
    s, event = rebuild(ctx, s, i)
    s, parts, blocked = _lift_everything(ctx, s, (i,))
    text = f"{pn(i)} rebuilds the deck ({len(s.players[i].deck)} cards)"
    text += "; then " + "; ".join(parts) if parts else "; no deployed card to lift"
    clauses: tuple[str, ...] = ("RR-TURN-4", "RR-TURN-4.1", "RR-DECK-2")
    if parts:
        clauses += lift_clauses(ctx, s, blocked, (i,))
    return Outcome(s, text, events=(event,), then=recovery_frames(s, (i,)) + waits_since(ctx, s, waiting),
                   clauses=clauses)


def _decide_cleanup(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    i = frame[1]
    hand = s.players[i].hand
    keep = hand_after_cleanup(ctx, s, i)
    if len(hand) <= keep:
        return None
    chooser = picker(ctx, s, i)
    opts = tuple(Option(f"face down {short(c)}", c) for c in hand)
    return Decision("cleanup", (pn(chooser),), (opts,), ("RR-TURN-4.2", "A-16"), "cleanup",
                    f"Cleanup: put a card of {pn(i)}'s hand face down ({len(hand)} → "
                    f"{keep})")


@FLOW.choice("cleanup", phase="refresh & cleanup",
             clauses=("RR-TURN-4.2", "RR-ZONE-7", "RR-PRIN-1", "A-16", "A-27"),
             next=("cleanup", "turn.end", "wait"), decide=_decide_cleanup)
def cleanup(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Cleanup step: a hand of more than 2 cards is put into the face-down pile, one card at a time,
    until it holds 2 (a27.cleanup: whose hand; a16.chooser: who picks the cards)."""
    i = frame[1]
    p = s.players[i]
    if chosen is None:
        return Outcome(s, f"{pn(i)}'s hand holds {len(p.hand)}: nothing to put face down",
                       clauses=("RR-TURN-4.2",))
    card = next(iter(chosen.values())).value
    keep = hand_after_cleanup(ctx, s, i)
    s = setp(s, i, replace(p, hand=without(p.hand, card), face_down=p.face_down + (card,)))
    s = fire(ctx, s, "you_put_face_down", i)
    clauses: tuple[str, ...] = ("RR-TURN-4.2", "RR-ZONE-7", "A-16")
    if i != s.active:
        clauses += ("A-27",)
    if keep != HAND_AFTER_CLEANUP:
        clauses += ("RR-PRIN-1",)
    more = len(p.hand) - 1 > keep
    return Outcome(s, f"{pn(i)} puts a card face down (hand {len(p.hand) - 1})",
                   then=(("cleanup", i),) if more else tuple(waits_since(ctx, s, 0) if any(
                       w.event == "you_put_face_down" for w in s.waiting) else ()), clauses=clauses)


@FLOW.auto("turn.end", phase="refresh & cleanup", clauses=("RR-TURN-5",), next=("turn.begin",))
def end_turn(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Every phase has ended: the turn ends and the opponent's turn begins."""
    i = s.active
    s = replace(s, active=1 - i)
    return Outcome(s, f"{pn(i)}'s turn ends", then=(("turn.begin",),))
