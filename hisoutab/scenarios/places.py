"""The card places of a state in ``to_dict`` form: every declared card zone of every player and
every shared one (lists, single slots, lists of slots, tokens carrying a card, grids), read and
changed generically from the zones the ruleset declares."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from hisoutab.engine.record import type_hints

CARD_KINDS = ("cards", "card", "grid")


@dataclass(frozen=True)
class Place:
    """One card zone of one holder: a player (``player`` is the index) or the state (None)."""

    zone: Any  # a contract Zone
    player: int | None
    slots: bool = False  # a list that keeps empty slots (None) in place of taken cards

    @property
    def attr(self) -> str:
        return str(self.zone.attr)

    @property
    def is_list(self) -> bool:
        """A plain list of cards (no tokens, no slots, no grid): a pile a card can be put on."""
        return self.zone.kind == "cards" and not self.zone.card_attr and not self.slots

    @property
    def hidden(self) -> bool:
        return bool(self.zone.visibility == "hidden")

    def label(self, names: Sequence[str]) -> str:
        return self.attr if self.player is None else f"{names[self.player]}.{self.attr}"


def _optional_str(hint: Any) -> bool:
    o = typing.get_origin(hint)
    return (o is typing.Union or o is types.UnionType) and set(typing.get_args(hint)) == {
        str, type(None)}


def _slot_list(hint: Any) -> bool:
    args = typing.get_args(hint)
    return typing.get_origin(hint) is tuple and len(args) == 2 and _optional_str(args[0])


def card_zones(ruleset: Any, player_cls: type | None) -> list[Any]:
    """The declared card zones; a ruleset declaring none: its players' fields that can hold cards
    (``str | None`` or a tuple of those), as zones of their own."""
    zones = [z for z in getattr(ruleset, "zones", ()) if z.kind in CARD_KINDS]
    if zones or player_cls is None:
        return zones
    from hisoutab.engine.contract import Zone

    hints = type_hints(player_cls)
    out = []
    for f in dataclasses.fields(player_cls):
        h = hints[f.name]
        if _optional_str(h):
            out.append(Zone(f.name, kind="card"))
        elif typing.get_origin(h) is tuple and typing.get_args(h)[:1] in ((str,), (str | None,)):
            out.append(Zone(f.name))
    return out


def places_of(ruleset: Any, state: Any, pfield: str | None) -> list[Place]:
    """Every card place of ``state``: each player's zones (in player order), then the shared."""
    players = getattr(state, pfield) if pfield else ()
    pcls = type(players[0]) if players else None
    zones = card_zones(ruleset, pcls)
    out: list[Place] = []
    if pcls is not None:
        hints = type_hints(pcls)
        for i in range(len(players)):
            out += [Place(z, i, _slot_list(hints.get(z.attr))) for z in zones
                    if z.owner == "player" and z.attr in hints]
    shints = type_hints(type(state))
    out += [Place(z, None, _slot_list(shints.get(z.attr))) for z in zones
            if z.owner == "shared" and z.attr in shints]
    return out


def holder(data: dict[str, Any], pfield: str | None, place: Place) -> dict[str, Any]:
    if place.player is None or pfield is None:
        return data
    record: dict[str, Any] = data[pfield][place.player]
    return record


def get(data: dict[str, Any], pfield: str | None, place: Place) -> Any:
    return holder(data, pfield, place).get(place.attr)


def put(data: dict[str, Any], pfield: str | None, place: Place, value: Any) -> None:
    holder(data, pfield, place)[place.attr] = value


def _card_of(zone: Any, item: Any) -> str | None:
    if isinstance(item, dict) and zone.card_attr:
        item = item.get(zone.card_attr)
    return item if isinstance(item, str) and item else None


def cards_in(place: Place, value: Any) -> list[str]:
    """The card instances a zone's value holds, in order (rows first for a grid)."""
    z = place.zone
    if z.kind == "card":
        return [value] if isinstance(value, str) and value else []
    if not isinstance(value, list):
        return []
    if z.kind == "grid":
        return [c for row in value if isinstance(row, list) for x in row
                if (c := _card_of(z, x)) is not None]
    return [c for x in value if (c := _card_of(z, x)) is not None]


def positions(place: Place, value: Any) -> Iterator[tuple[tuple[int, ...], str]]:
    """(position in the value, card) of each card of a zone's value (``()`` for a single slot)."""
    z = place.zone
    if z.kind == "card":
        if isinstance(value, str) and value:
            yield (), value
        return
    if not isinstance(value, list):
        return
    if z.kind == "grid":
        for r, row in enumerate(value):
            for c, x in enumerate(row if isinstance(row, list) else ()):
                card = _card_of(z, x)
                if card is not None:
                    yield (r, c), card
        return
    for k, x in enumerate(value):
        card = _card_of(z, x)
        if card is not None:
            yield (k,), card


def without(place: Place, value: Any, gone: set[str]) -> Any:
    """The zone's value with the cards ``gone`` taken out: a list closes up, a slot empties, a grid
    cell becomes empty; a token keeps its card (a token is more than its card)."""
    z = place.zone
    if z.kind == "card":
        return None if value in gone else value
    if not isinstance(value, list):
        return value
    if z.kind == "grid":  # a cell whose card is gone is empty, a token's too
        return [[("" if _card_of(z, x) in gone else x) for x in row]
                if isinstance(row, list) else row for row in value]
    if z.card_attr:
        return value
    if place.slots:
        return [None if x in gone else x for x in value]
    return [x for x in value if x not in gone]
