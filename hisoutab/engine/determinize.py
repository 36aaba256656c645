"""Determinization: a full state consistent with what one player sees.

An agent that looks ahead needs states to play on, but may know only its player's view (hidden
cards ``"?"``, no random-number state). :func:`determinize` samples one *world* consistent with
that view, for every ruleset alike, from the zones' declarations: the cards the player has not
seen anywhere (the game's ``card_pool`` less every card the view shows) are dealt at random into
the hidden places (a masked slot of a card zone, a masked grid cell), each to a place it may be in
(``card_owner``: a player's card only into that player's zones, a card of nobody anywhere), and
every random-number field gets a fresh value. A ruleset whose hidden places take only some cards
(face-down awakening cards that are never spells) declares ``may_hold(ctx, zone, card) -> bool``
(``zone`` a zone's name); without it any card may be dealt to any hidden place. What the player
sees is kept as it is; the sample depends only on the view and the caller's generator, so two
states that differ only in hidden things give the same worlds.

A hidden place no unseen card may fill (a ruleset that hides how many cards a zone holds shows an
empty zone, and the cards left over stay out of the world) keeps ``"?"``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .record import replace
from .rng import seed_state
from .visibility import HIDDEN_CARD, all_cards, rng_fields


class Dealer:
    """The unseen cards, shuffled, handed out one place at a time: a player's place takes one
    of that player's cards first, then one of nobody's; a shared place one of nobody's first."""

    def __init__(self, cards: Sequence[str], owner: Callable[[str], str | None],
                 fits: Callable[[str, str], bool]) -> None:
        self.left = list(cards)
        self.owner = owner
        self.fits = fits

    def take(self, holder: str | None, zone: str) -> str:
        wants: tuple[Any, ...] = (holder, None) if holder is not None else (None, "any")
        for want in wants:
            for i, card in enumerate(self.left):
                if (want == "any" or self.owner(card) == want) and self.fits(zone, card):
                    return self.left.pop(i)
        return HIDDEN_CARD

    def choices(self, holder: str | None, zone: str) -> int:
        """How many of the cards left may go to a place of ``zone`` held by ``holder``."""
        return sum(1 for c in self.left if self.fits(zone, c)
                   and (holder is None or self.owner(c) in (holder, None)))

    def dealing(self, holder: str | None, zone: str) -> Callable[[], str]:
        """What deals one card to a hidden place of ``zone`` held by ``holder``."""
        return lambda: self.take(holder, zone)


def _masked(zone: Any, holder: str | None, player: str) -> bool:
    if not zone.holds_cards or zone.visibility == "public":
        return False
    return zone.visibility == "hidden" or holder != player


def _fill_cell(zone: Any, cell: Any, deal: Callable[[], str]) -> Any:
    if zone.cell_card(cell) != HIDDEN_CARD:
        return cell
    if isinstance(cell, str):
        return deal()
    return replace(cell, **{zone.card_attr: deal()})


def fill(zone: Any, value: Any, deal: Callable[[], str]) -> Any:
    """``value`` (a zone's field) with each hidden card dealt."""
    if zone.kind == "card":
        return deal() if value == HIDDEN_CARD else value
    if zone.kind == "grid":
        return tuple(tuple(_fill_cell(zone, cell, deal) for cell in row) for row in value)
    if zone.card_attr:
        return tuple(replace(x, **{zone.card_attr: deal()}) if getattr(x, zone.card_attr) == HIDDEN_CARD
                     else x for x in value)
    return tuple(deal() if c == HIDDEN_CARD else c for c in value)


def unseen_cards(ruleset: Any, ctx: Any, view: Any) -> list[str]:
    """The cards of the game that ``view`` shows nowhere, in a fixed order."""
    shown = all_cards(ruleset, view)
    return sorted(c for c in set(ruleset.card_pool(ctx)) if c not in shown)


def determinize(ruleset: Any, ctx: Any, view: Any, player: str, rnd: random.Random) -> Any:
    """One world consistent with ``view`` (``player``'s view of a state), drawn with ``rnd``."""
    cards = unseen_cards(ruleset, ctx, view)
    rnd.shuffle(cards)
    records = tuple(ruleset.player_records(view))
    names = tuple(p.name for p in records)
    may_hold = getattr(ruleset, "may_hold", None)

    def fits(zone: str, card: str) -> bool:
        return may_hold is None or bool(may_hold(ctx, zone, card))

    dealer = Dealer(cards, lambda card: ruleset.card_owner(card, names), fits)
    places = [(p.name, z) for p in records for z in ruleset.zones
              if z.owner == "player" and _masked(z, p.name, player)]
    places += [(None, z) for z in ruleset.zones if z.owner == "shared" and _masked(z, None, player)]
    # the places fewest unseen cards may fill are dealt first (face-down awakening spots before a
    # pool that takes any card)
    places.sort(key=lambda place: dealer.choices(place[0], place[1].name))
    dealt: dict[tuple[str | None, str], Any] = {}
    by_name = {p.name: p for p in records}
    for holder, z in places:
        rec = by_name[holder] if holder is not None else view
        dealt[holder, z.attr] = fill(z, getattr(rec, z.attr), dealer.dealing(holder, z.name))
    new_records = []
    for p in records:
        changes = {attr: v for (holder, attr), v in dealt.items() if holder == p.name}
        new_records.append(replace(p, **changes) if changes else p)
    shared: dict[str, Any] = {attr: v for (holder, attr), v in dealt.items() if holder is None}
    if records:
        shared[getattr(ruleset, "players_field", "players")] = tuple(new_records)
    for f in rng_fields(ruleset):
        if hasattr(view, f):
            shared[f] = seed_state(rnd.getrandbits(63))
    return replace(view, **shared)
