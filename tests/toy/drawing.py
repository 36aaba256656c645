"""Drawing boost cards: forced draws move their card to the top first, and an empty deck is
replaced by the discard pile, shuffled (TOY-RESHUFFLE)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hisoutab.engine.record import replace

from .context import Context
from .state import Racer, State


@dataclass
class Drawn:
    """What one racer's draw did: the new state, the cards drawn, the chance events, whether the
    discard pile was shuffled into a new deck."""

    state: State
    cards: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    reshuffled: bool = False


def draw_up(ctx: Context, s: State, i: int) -> Drawn:
    """Racer ``i`` draws until the hand is full (or no card is left in the deck and discard)."""
    out = Drawn(s)
    racer: Racer = s.players[i]
    deck, discard, rng = s.deck, s.discard, s.rng
    while len(racer.hand) < ctx.hand_size:
        if not deck:
            if not discard:
                break
            deck, rng, shuffled = ctx.chance.shuffle(rng, discard, what="the discard pile")
            discard = ()
            out.events.append(shuffled)
            out.reshuffled = True
        deck, forced = ctx.chance.top(deck, what="the deck", player=racer.name)
        if forced is not None:
            out.events.append(forced)
        racer = replace(racer, hand=racer.hand + (deck[0],))
        out.cards.append(deck[0])
        deck = deck[1:]
    players = s.players[:i] + (racer,) + s.players[i + 1:]
    out.state = replace(s, players=players, deck=deck, discard=discard, rng=rng)
    return out
