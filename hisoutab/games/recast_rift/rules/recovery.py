"""§4.10 Recovery (RR-RCV-1 … RR-RCV-3): a card that reaches [0] resolves its [On Recovery] ability
while it is still there (still deployed, RR-DEP-3) and then goes back to the hand, unless that
ability made it a reserve card. Several cards in [0] are taken one at a time, in any order."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .common import picker, pn, setp, short, without
from .context import Context
from .flow import AFTER_RECOVERY, FLOW
from .state import State
from .texts import fire, waits_since


def recovery_frames(s: State, who: tuple[int, ...]) -> list[tuple[Any, ...]]:
    """A recovery for each of ``who`` (the turn player first) with cards in [0]."""
    order = sorted(who, key=lambda i: i != s.active)
    return [("recover.pick", i) for i in order if s.players[i].recast_0]


def _decide_recover(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    i = frame[1]
    cards = s.players[i].recast_0
    if len(cards) < 2:
        return None
    chooser = picker(ctx, s, i)
    opts = tuple(Option(f"recover {short(c)}", c) for c in cards)
    return Decision("recover", (pn(chooser),), (opts,), ("RR-RCV-3", "A-16"), "recover.pick",
                    f"Which of {pn(i)}'s cards in [0] is recovered next")


@FLOW.choice("recover.pick", phase="recovery",
             clauses=("RR-RCV-1", "RR-RCV-2", "RR-RCV-3", "RR-COMP-3.8", "A-16"),
             next=("text", "recover.done", *AFTER_RECOVERY),
             decide=_decide_recover)
def pick_recovery(ctx: Context, s: State, frame: tuple[Any, ...],
                  chosen: dict[str, Option] | None) -> Outcome:
    """A card whose recast time reached [0] is recovered: its [On Recovery] abilities are processed
    while it is in [0], then it goes to the hand. With several cards in [0], one is chosen at a time
    (by its owner, or the turn player: a16.chooser) and processed in turn."""
    i = frame[1]
    cards = s.players[i].recast_0
    if not cards:
        return Outcome(s, f"{pn(i)} has no card left in [0]", clauses=("RR-RCV-1",))
    card = next(iter(chosen.values())).value if chosen else cards[0]
    spell = ctx.spell(card)
    abilities = spell.on_recovery if ctx.abilities else ()
    frames: list[tuple[Any, ...]] = [("text", i, card, "on_recovery", k) for k in range(len(abilities))]
    frames.append(("recover.done", i, card))
    if len(cards) > 1:
        frames.append(("recover.pick", i))
    clauses: tuple[str, ...] = ("RR-RCV-1", "RR-RCV-2")
    if abilities:
        clauses += ("RR-COMP-3.8",)
    if chosen:
        clauses += ("RR-RCV-3", "A-16")
    text = f"{pn(i)} recovers {spell.name} from [0]"
    if abilities:
        text += ": its [On Recovery] ability first"
    return Outcome(s, text, then=frames, clauses=clauses)


@FLOW.auto("recover.done", phase="recovery", clauses=("RR-RCV-1", "RR-RCV-2", "RR-COMP-3.2"),
           next=AFTER_RECOVERY)
def recovery_done(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """The recovered card goes from [0] to the hand, to be cast again; a card its [On Recovery]
    ability made a reserve card (or that left [0] otherwise) is not put into the hand."""
    _, i, card = frame
    p = s.players[i]
    if card not in p.recast_0:
        return Outcome(s, f"{ctx.name(card)} is no longer in [0]: it is not put into the hand",
                       clauses=("RR-RCV-2",))
    s = setp(s, i, replace(p, recast_0=without(p.recast_0, card), hand=p.hand + (card,)))
    before = len(s.waiting)
    s = fire(ctx, s, "you_recover", i, card)
    return Outcome(s, f"{pn(i)} puts {ctx.name(card)} into the hand: it can be cast again",
                   events=({"type": "zone", "player": pn(i), "card": card, "to": "hand"},),
                   then=waits_since(ctx, s, before), clauses=("RR-RCV-1", "RR-COMP-3.2"))
