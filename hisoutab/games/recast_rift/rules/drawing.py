"""Drawing and the deck rebuild (RR-DECK-1 … RR-DECK-4): an empty deck is rebuilt from the face-down
and reserve piles when a draw needs a card; with nothing to rebuild from, the player cannot draw.
Every draw goes through ``ctx.chance.top`` first, so a scenario can force the next card drawn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hisoutab.engine.record import replace

from .common import pn, setp
from .context import Context
from .state import Player, State
from .texts import fire


@dataclass
class Drawn:
    """What a draw did: the new state, the cards drawn (in order), its chance events, how many
    rebuilds it forced, and how many cards it could not draw."""

    state: State
    cards: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    rebuilds: int = 0
    missing: int = 0

    def clauses(self) -> tuple[str, ...]:
        out: tuple[str, ...] = ()
        if self.rebuilds:
            out += ("RR-DECK-1", "RR-DECK-2")
        if self.missing:
            out += ("RR-DECK-3", "RR-DECK-4")
        return out


def can_rebuild(p: Player) -> bool:
    """RR-DECK-3: the deck can be rebuilt only with a face-down or reserve card."""
    return bool(p.face_down or p.reserve)


def drawable(p: Player) -> int:
    """How many cards ``p`` could draw, rebuilding as needed."""
    return len(p.deck) + len(p.face_down) + len(p.reserve)


def rebuild(ctx: Context, s: State, i: int) -> tuple[State, dict[str, Any]]:
    """RR-DECK-2: the face-down pile and the reserve pile join the deck, shuffled into a new deck."""
    p = s.players[i]
    cards = p.deck + p.face_down + p.reserve
    deck, rng, event = ctx.chance.shuffle(s.rng, cards, what=f"{pn(i)}'s deck rebuild", player=pn(i))
    s = setp(s, i, replace(p, deck=deck, face_down=(), reserve=()))
    s = fire(ctx, fire(ctx, s, "you_rebuild", i), "opponent_rebuilds", 1 - i)
    return replace(s, rng=rng), event


def draw(ctx: Context, s: State, i: int, n: int, *, stop_at_graze: bool = False) -> Drawn:
    """Player ``i`` draws ``n`` cards into the hand, one at a time (``stop_at_graze``: stop after
    the first card with Graze, A-19)."""
    out = Drawn(s)
    for k in range(n):
        p = s.players[i]
        if not p.deck:
            if not can_rebuild(p):
                out.missing = n - k
                break
            s, event = rebuild(ctx, s, i)
            out.events.append(event)
            out.rebuilds += 1
            p = s.players[i]
        deck, forced = ctx.chance.top(p.deck, what=f"{pn(i)}'s deck", player=pn(i))
        if forced is not None:
            out.events.append(forced)
        card = deck[0]
        s = setp(s, i, replace(p, deck=deck[1:], hand=p.hand + (card,)))
        out.cards.append(card)
        if stop_at_graze and ctx.spell(card).graze:
            break
    out.state = s
    return out
