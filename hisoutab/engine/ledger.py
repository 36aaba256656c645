"""Card conservation: where every card instance is, for a ruleset's invariants.

A ruleset walks its zones and tells the ledger where each card is; the ledger reports a card found
in two places, a card in a zone of a player who does not own it, and — at the end — cards that went
missing or appeared from nowhere. Card instances are named ``"<owner>/<card>"`` (``"P1/guard"``),
so ownership is read from the name.

Two ledgers keep that contract:

- :class:`CardLedger` places every card it is told about: one full walk, kept for one check;
- :class:`ZoneLedger` is kept from one check to the next (one per game context: see
  :func:`zone_ledger`). It remembers each zone's value object from the last check — states are
  immutable records, so an unchanged zone is the *same* object — and re-places only the zones
  whose value changed. It reports the same problems, in the same order, as a full walk: when a
  card is in two places or in a wrong owner's zone it replays the walk over the zones it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any
from weakref import WeakKeyDictionary

Belongs = Callable[[str, str], bool]  # (card, player) -> may the card be in that player's zone?


def named_for(card: str, owner: str) -> bool:
    """The ledgers' default ownership: a card in ``owner``'s zone is named ``<owner>/…``."""
    return card.startswith(owner + "/")


class CardLedger:
    """Collects where each card is and the conservation problems found on the way. ``belongs``
    says whether a card may be in a player's zone (default :func:`named_for`; a ruleset's
    ``card_owner`` through :func:`hisoutab.engine.contract.place_cards`)."""

    __slots__ = ("belongs", "places", "problems")

    def __init__(self, problems: list[str] | None = None, belongs: Belongs = named_for) -> None:
        self.problems: list[str] = problems if problems is not None else []
        self.places: dict[str, str] = {}
        self.belongs = belongs

    def place(self, card: str, where: str, owner: str | None = None) -> None:
        """``card`` is in ``where`` (a zone of ``owner``, when given)."""
        if owner is not None and not self.belongs(card, owner):
            self.problems.append(f"{card} in {where} does not belong to {owner}")
        seen = self.places.get(card)
        if seen is not None:
            self.problems.append(f"{card} is in two places: {seen} and {where}")
        self.places[card] = where

    def place_all(self, cards: Iterable[str], where: str, owner: str | None = None) -> None:
        for card in cards:
            self.place(card, where, owner)

    # the zone protocol of :func:`hisoutab.engine.contract.place_cards`: a full walk places all
    def unchanged(self, key: Hashable, where: str, value: object) -> bool:
        """Whether the zone ``key`` (shown as ``where``) holds the value it held at the last check,
        so its cards need not be placed again. A full walk has no last check."""
        return False

    def same_record(self, key: Hashable, record: object) -> bool:
        """Whether ``record`` (a player's record) is the one of the last check, so none of its zones
        need be visited. A full walk has no last check."""
        return False

    def walked(self) -> None:
        """Every zone has been visited."""

    def conserved(self, expected: Iterable[str]) -> list[str]:
        """Every problem found, plus cards of ``expected`` not placed and cards placed but unknown."""
        expected = set(expected)
        placed = set(self.places)
        if placed != expected:
            self.problems.append(_not_conserved(expected, placed))
        return self.problems


def _not_conserved(expected: set[str], placed: set[str]) -> str:
    return (f"cards not conserved: missing {sorted(expected - placed)[:5]}, "
            f"unknown {sorted(placed - expected)[:5]}")


class _Zone:
    """What a :class:`ZoneLedger` remembers of one zone."""

    __slots__ = ("cards", "foreign", "owner", "value", "where")

    def __init__(self, value: object, where: str) -> None:
        self.value = value
        self.where = where
        self.cards: tuple[str, ...] = ()
        self.owner: str | None = None
        self.foreign = False  # a card of this zone does not belong to its owner


_NOTHING = object()  # the value of a zone placed without :meth:`ZoneLedger.unchanged`


class ZoneLedger:
    """A ledger kept across checks that re-places only the zones whose value object changed.

    Per check: :meth:`begin`, then for each zone in walk order :meth:`unchanged` and — when it
    answers False — :meth:`place_all` with the zone's cards, then :meth:`walked` and
    :meth:`conserved`. ``owners=False`` is for games whose cards change hands: a card in any
    player's zone is where it may be."""

    __slots__ = ("_counts", "_dups", "_foreign", "_open", "_order", "_pending", "_pending_value",
                 "_records", "_seen", "_zones", "belongs", "owners", "problems")

    def __init__(self, owners: bool = True, belongs: Belongs = named_for) -> None:
        self.owners = owners
        self.belongs = belongs
        self.problems: list[str] = []
        self._zones: dict[Hashable, _Zone] = {}
        self._counts: dict[str, int] = {}  # card -> in how many places (over all remembered zones)
        self._dups = 0  # cards in more than one place
        self._foreign = 0  # zones holding a card of another owner
        self._order: list[_Zone] = []  # the zones of this check, in walk order
        self._seen: set[Hashable] = set()
        self._pending: _Zone | None = None
        self._pending_value: object = _NOTHING
        # record key -> (the record, its zones and their keys) at the last check
        self._records: dict[Hashable, tuple[object, list[_Zone], list[Hashable]]] = {}
        self._open: tuple[Hashable, object, int, list[Hashable]] | None = None  # the record being walked

    def begin(self, problems: list[str]) -> ZoneLedger:
        """Start a check whose problems go to ``problems``."""
        self.problems = problems
        self._order = []
        self._seen = set()
        self._pending = None
        self._open = None
        return self

    def same_record(self, key: Hashable, record: object) -> bool:
        self._close()
        last = self._records.get(key)
        if last is not None and last[0] is record and not self._seen.intersection(last[2]):
            self._order += last[1]
            self._seen.update(last[2])
            return True
        self._records.pop(key, None)
        self._open = (key, record, len(self._order), [])
        return False

    def _close(self) -> None:
        if self._open is not None:
            key, record, start, keys = self._open
            self._records[key] = (record, self._order[start:], keys)
            self._open = None

    def unchanged(self, key: Hashable, where: str, value: object) -> bool:
        if key in self._seen:  # the same zone twice in one walk (two players of one name…)
            key = (key, len(self._order))
        self._seen.add(key)
        if self._open is not None:
            self._open[3].append(key)
        zone = self._zones.get(key)
        if zone is None:
            zone = self._zones[key] = _Zone(_NOTHING, where)
        zone.where = where
        self._order.append(zone)
        if zone.value is value:
            self._pending = None
            return True
        zone.value = _NOTHING  # until place_all has replaced its cards
        self._pending = zone
        self._pending_value = value
        return False

    def place_all(self, cards: Iterable[str], where: str, owner: str | None = None) -> None:
        """The cards of the zone :meth:`unchanged` just found changed (or of a zone of its own)."""
        zone = self._pending
        value: object = self._pending_value if zone is not None else _NOTHING
        if zone is None:
            key = ("place_all", where, len(self._order))
            zone = self._zones[key] = _Zone(_NOTHING, where)
            self._seen.add(key)
            self._order.append(zone)
            if self._open is not None:
                self._open[3].append(key)
        self._pending = None
        new = tuple(cards)
        if not self.owners:
            owner = None
        counts = self._counts
        for card in zone.cards:
            n = counts[card] - 1
            if n:
                counts[card] = n
                if n == 1:
                    self._dups -= 1
            else:
                del counts[card]
        for card in new:
            n = counts.get(card, 0) + 1
            counts[card] = n
            if n == 2:
                self._dups += 1
        belongs = self.belongs
        foreign = owner is not None and any(not belongs(c, owner) for c in new)
        self._foreign += foreign - zone.foreign
        zone.cards, zone.owner, zone.foreign, zone.value = new, owner, foreign, value

    def place(self, card: str, where: str, owner: str | None = None) -> None:
        self.place_all((card,), where, owner)

    def walked(self) -> None:
        """Forget the zones this check did not visit; report what a full walk would have."""
        self._close()
        if len(self._zones) != len(self._order):
            self._records.clear()  # a record of the last check may hold a zone forgotten here
            for key in [k for k in self._zones if k not in self._seen]:
                zone = self._zones.pop(key)
                self._pending, self._pending_value = zone, _NOTHING
                self.place_all((), zone.where)
        if self._dups or self._foreign:
            full = CardLedger(self.problems, self.belongs)
            for zone in self._order:
                full.place_all(zone.cards, zone.where, zone.owner)

    @property
    def places(self) -> dict[str, str]:
        """Card -> the (last, in walk order) zone it is in."""
        return {card: zone.where for zone in self._order for card in zone.cards}

    def conserved(self, expected: Iterable[str]) -> list[str]:
        expected = expected if isinstance(expected, set | frozenset) else set(expected)
        if self._counts.keys() != expected:
            self.problems.append(_not_conserved(set(expected), set(self._counts)))
        return self.problems


_LEDGERS: WeakKeyDictionary[Any, ZoneLedger] = WeakKeyDictionary()


def zone_ledger(game: Any, problems: list[str], owners: bool = True) -> ZoneLedger | CardLedger:
    """The :class:`ZoneLedger` kept for ``game`` (a game's context: one per game), started for a
    check whose problems go to ``problems``. An object that cannot be weakly referenced gets a
    full-walk :class:`CardLedger`."""
    try:
        ledger = _LEDGERS.get(game)
        if ledger is None or ledger.owners != owners:
            ledger = _LEDGERS[game] = ZoneLedger(owners)
    except TypeError:
        return CardLedger(problems) if owners else _OwnerlessLedger(problems)
    return ledger.begin(problems)


class _OwnerlessLedger(CardLedger):
    __slots__ = ()

    def place(self, card: str, where: str, owner: str | None = None) -> None:
        super().place(card, where)
