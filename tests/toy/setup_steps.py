"""Setting up the race (TOY-SETUP-*): the deck is shuffled, hands are dealt, a first racer is picked."""

from __future__ import annotations

from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .context import Context
from .drawing import draw_up
from .flow import FLOW
from .state import State


@FLOW.auto("setup.shuffle", phase="setup", clauses=("TOY-SETUP-DECK",), next=("setup.deal",),
           chance=("shuffle",))
def shuffle_deck(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Shuffle the boost cards into a face-down deck."""
    deck, rng, event = ctx.chance.shuffle(s.rng, s.deck, what="the deck")
    return Outcome(replace(s, deck=deck, rng=rng), f"the {len(deck)} boost cards are shuffled",
                   events=(event,), then=(("setup.deal",),))


@FLOW.auto("setup.deal", phase="setup", clauses=("TOY-SETUP-HAND",), next=("setup.first",),
           chance=("draw",))
def deal(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Each racer in turn draws a full hand from the top of the deck; a hand is seen only by its
    racer."""
    events = []
    for i in range(len(s.players)):
        drawn = draw_up(ctx, s, i)
        s = drawn.state
        events += drawn.events
    return Outcome(s, f"each racer draws {ctx.hand_size} card{'s' if ctx.hand_size > 1 else ''}",
                   events=tuple(events), then=(("setup.first",),))


@FLOW.auto("setup.first", phase="setup", clauses=("TOY-SETUP-FIRST",), next=("round.begin",),
           chance=("pick",))
def first_racer(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Pick the racer who moves first, at random."""
    first, rng, event = ctx.chance.pick(s.rng, ctx.players, what="the first racer")
    return Outcome(replace(s, first=first, rng=rng), f"{ctx.players[first]} moves first",
                   events=(event,), then=(("round.begin",),))
