"""The edits every ruleset gets from its declared zones: set a counter, move a card.

A counter is a player's (a field of the player's record) or shared (a field of the state); the
form's ``player`` offers the players and, when the ruleset declares shared zones, ``shared``. A
card moves from the zone it is in — a player's, a shared one, or a cell of a grid — to the top of
another: the chosen player's zone by its name (``hand``), another player's as ``P2.hand``, a shared
zone by its name (``deck``), an empty grid cell as ``map[1][2]``. The workbench checks the
ruleset's invariants on the result (see :mod:`hisoutab.widgets.editing`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hisoutab.engine.record import replace

from .cards import grid_cells
from .edit_ops import EditOp, Param
from .tree import address

__all__ = ["SHARED", "Place", "generic_edits", "move_card"]

SHARED = "shared"  # the owner of the state's own zones in the edit forms


@dataclass(frozen=True)
class Place:
    """A declared zone of player ``player`` (an index) or shared (None); for a grid, one ``cell``."""

    zone: Any
    player: int | None
    cell: tuple[int, int] | None = None


# ------------------------------------------------------------------- reading and writing records
def _players_field(ruleset: Any) -> str:
    return str(getattr(ruleset, "players_field", "players") or "players")


def _records(ruleset: Any, state: Any) -> tuple[Any, ...]:
    return tuple(getattr(state, _players_field(ruleset), ()) or ())


def _names(ruleset: Any, state: Any) -> list[str]:
    return [p.name for p in _records(ruleset, state) if hasattr(p, "name")]


def _index(ruleset: Any, state: Any, player: str) -> int:
    for i, p in enumerate(_records(ruleset, state)):
        if getattr(p, "name", None) == player:
            return i
    raise ValueError(f"no player {player!r}")


def _record(ruleset: Any, state: Any, player: int | None) -> Any:
    return state if player is None else _records(ruleset, state)[player]


def _set(ruleset: Any, state: Any, player: int | None, attr: str, value: Any) -> Any:
    """``state`` with field ``attr`` of player ``player``'s record (None: of the state) set."""
    if player is None:
        return replace(state, **{attr: value})
    records = list(_records(ruleset, state))
    records[player] = replace(records[player], **{attr: value})
    return replace(state, **{_players_field(ruleset): tuple(records)})


def _zones(ruleset: Any, kinds: tuple[str, ...], owner: str | None = None) -> list[Any]:
    return [z for z in getattr(ruleset, "zones", ()) if z.kind in kinds
            and (owner is None or z.owner == owner)]


def _owner(ruleset: Any, state: Any, player: Any) -> int | None:
    """The player index the form's ``player`` names (None: shared)."""
    if player is None:
        raise ValueError("choose whose it is: a player, or shared")
    return None if player == SHARED else _index(ruleset, state, str(player))


def _owners(ruleset: Any, kinds: tuple[str, ...]) -> Any:
    """The form's ``player`` choices: the players when they have zones of ``kinds``, ``shared``
    when the state has."""
    players = bool(_zones(ruleset, kinds, "player"))
    shared = bool(_zones(ruleset, kinds, "shared"))

    def choices(ctx: Any, state: Any, values: Mapping[str, Any]) -> Sequence[str]:
        return (_names(ruleset, state) if players else []) + ([SHARED] if shared else [])
    return choices


# ------------------------------------------------------------------- counters
def _counters(ruleset: Any, player: Any) -> list[Any]:
    return _zones(ruleset, ("counter",), "shared" if player == SHARED else "player")


def _counter_value(ruleset: Any, state: Any, values: Mapping[str, Any]) -> int:
    player = values.get("player")
    if player is None:
        names = _names(ruleset, state)
        player = names[0] if names else SHARED
    counters = _counters(ruleset, player)
    zone = next((z for z in counters if z.name == values.get("counter")), counters[0] if counters else None)
    if zone is None:
        return 0
    try:
        v = getattr(_record(ruleset, state, _owner(ruleset, state, player)), zone.attr, 0)
    except ValueError:
        return 0
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def _counter_edit(ruleset: Any) -> EditOp:
    shared = bool(_zones(ruleset, ("counter",), "shared"))

    def set_counter(ctx: Any, state: Any, *, player: str, counter: str, value: int) -> Any:
        zone = next((z for z in _counters(ruleset, player) if z.name == counter), None)
        if zone is None:
            whose = "shared" if player == SHARED else f"{player}'s"
            raise ValueError(f"no counter {counter!r} among the {whose} counters")
        return _set(ruleset, state, _owner(ruleset, state, player), zone.attr, value)

    owner = (Param("player", "choice", "whose", choices=_owners(ruleset, ("counter",))) if shared
             else Param("player", "player", choices=_owners(ruleset, ("counter",))))
    return EditOp(
        "counter", "set a counter",
        (owner,
         Param("counter", "choice",
               choices=lambda c, s, v: [z.name for z in _counters(ruleset, v.get("player"))]),
         Param("value", "int", minimum=-10_000, maximum=10_000,
               default=lambda c, s, v: _counter_value(ruleset, s, v))),
        set_counter, "set a counter (a player's HP, a marker, a shared track…) to a value")


# ------------------------------------------------------------------- cards
def _places(ruleset: Any, state: Any, player: int | None) -> Iterator[tuple[Place, tuple[str, ...]]]:
    """Every card place of player ``player`` (None: the shared ones) and the cards in it."""
    record = _record(ruleset, state, player)
    owner = "shared" if player is None else "player"
    for z in _zones(ruleset, ("cards", "card", "grid"), owner):
        if z.kind == "grid":
            for pos, card in grid_cells(z, record):
                yield Place(z, player, pos), (card,)
        else:
            yield Place(z, player), tuple(z.cards(record))


def _cards_of(ruleset: Any, state: Any, player: Any) -> list[str]:
    out: list[str] = []
    owners: list[int | None] = ([None] if player == SHARED else
                                [_index(ruleset, state, str(player))] if player is not None
                                else list(range(len(_records(ruleset, state)))))
    for owner in owners:
        for _, cards in _places(ruleset, state, owner):
            out.extend(cards)
    return out


def _targets(ruleset: Any, state: Any, player: Any) -> list[str]:
    """The places a card of ``player`` (or of the shared zones) may be moved to, by name."""
    names = _names(ruleset, state)
    own = [] if player == SHARED else [z.name for z in _zones(ruleset, ("cards", "card"), "player")]
    shared = [z.name for z in _zones(ruleset, ("cards", "card"), "shared")]
    others = [f"{n}.{z.name}" for n in names if n != player
              for z in _zones(ruleset, ("cards", "card"), "player")]
    cells = []
    for i, owner in [(None, "shared")] + [(k, "player") for k in range(len(names))]:
        for z in _zones(ruleset, ("grid",), owner):
            rows = getattr(_record(ruleset, state, i), z.attr, ()) or ()
            prefix = "" if i is None or names[i] == player else f"{names[i]}."
            cells += [f"{prefix}{z.name}[{r}][{c}]" for r, row in enumerate(rows)
                      for c, cell in enumerate(row) if not cell]
    return own + shared + others + cells


def _target(ruleset: Any, state: Any, player: Any, name: str) -> Place:
    """The place the form's ``zone`` names, seen from ``player``."""
    names = _names(ruleset, state)
    who, dot, rest = name.partition(".")
    if dot and who in names:
        owner: int | None = names.index(who)
        name = rest
    else:
        owner = None if player == SHARED else _index(ruleset, state, str(player))
    cell = address(name)
    zone_name = cell[0] if cell else name
    for z in getattr(ruleset, "zones", ()):
        if z.name != zone_name or z.kind not in (("grid",) if cell else ("cards", "card")):
            continue
        if z.owner == "shared":
            return Place(z, None, cell[1:] if cell else None)
        if owner is not None:
            return Place(z, owner, cell[1:] if cell else None)
        raise ValueError(f"say whose {z.name}: one of " + ", ".join(f"{n}.{z.name}" for n in names))
    if not cell and any(z.name == zone_name and z.kind == "grid" for z in getattr(ruleset, "zones", ())):
        raise ValueError(f"say which cell of {zone_name}: {zone_name}[row][column]")
    zones = [z.name for z in getattr(ruleset, "zones", ()) if z.kind in ("cards", "card", "grid")]
    raise ValueError(f"no card zone {name!r}; zones: " + ", ".join(zones))


def _take(ruleset: Any, state: Any, place: Place, card: str) -> Any:
    z, record = place.zone, _record(ruleset, state, place.player)
    old = getattr(record, z.attr)
    if z.kind == "grid" and place.cell is not None:
        r, c = place.cell
        rows = [list(row) for row in old]
        rows[r][c] = ""
        return _set(ruleset, state, place.player, z.attr, tuple(tuple(row) for row in rows))
    if z.kind == "card":
        return _set(ruleset, state, place.player, z.attr, None)
    if z.card_attr:
        kept = tuple(x for x in old if getattr(x, z.card_attr) != card)
    elif None in old:  # a zone of slots (None for an empty slot) keeps its slots
        kept = tuple(None if x == card else x for x in old)
    else:
        kept = tuple(x for x in old if x != card)
    return _set(ruleset, state, place.player, z.attr, kept)


def _put(ruleset: Any, state: Any, place: Place, card: str, label: str) -> Any:
    z, record = place.zone, _record(ruleset, state, place.player)
    old = getattr(record, z.attr)
    if z.kind == "grid" and place.cell is not None:
        r, c = place.cell
        rows = [list(row) for row in old]
        if not (0 <= r < len(rows) and 0 <= c < len(rows[r])):
            raise ValueError(f"{label} is outside the grid ({len(rows)} rows)")
        if rows[r][c]:
            raise ValueError(f"{label} is not empty")
        rows[r][c] = card
        return _set(ruleset, state, place.player, z.attr, tuple(tuple(row) for row in rows))
    if z.kind == "card":
        if old is not None:
            raise ValueError(f"{label} already holds {old}")
        return _set(ruleset, state, place.player, z.attr, card)
    return _set(ruleset, state, place.player, z.attr, (card, *old))


def move_card(ruleset: Any, state: Any, player: str, card: str, zone: str) -> Any:
    """``card`` (one of ``player``'s, or of the shared zones when ``player`` is ``shared``) moved
    from the declared zone or grid cell it is in to the top of ``zone`` (``hand``: the player's;
    ``P2.hand``: another player's; a shared zone's name; ``map[1][2]``: an empty grid cell). A
    one-card zone must be empty. Raises ``ValueError`` with a message for the user."""
    owner = _owner(ruleset, state, player)
    source = next((place for place, cards in _places(ruleset, state, owner) if card in cards), None)
    if source is None:
        whose = "the shared" if owner is None else f"{player}'s"
        raise ValueError(f"{card} is not in one of {whose} zones")
    if source.zone.name == zone:
        raise ValueError(f"{card} is already in {zone}")
    target = _target(ruleset, state, player, zone)
    if (source.zone.name, source.player, source.cell) == (target.zone.name, target.player, target.cell):
        raise ValueError(f"{card} is already in {zone}")
    for place in (source, target):
        if place.zone.kind == "grid" and place.zone.card_attr:
            raise ValueError(f"the cells of {place.zone.name} hold tokens: set them with the ruleset's "
                             "own edits")
    return _put(ruleset, _take(ruleset, state, source, card), target, card, _label(ruleset, state, target))


def _label(ruleset: Any, state: Any, place: Place) -> str:
    who = "" if place.player is None else f"{_names(ruleset, state)[place.player]}'s "
    cell = "" if place.cell is None else f"[{place.cell[0]}][{place.cell[1]}]"
    return f"{who}{place.zone.name}{cell}"


def _move_edit(ruleset: Any) -> EditOp:
    shared = bool(_zones(ruleset, ("cards", "card", "grid"), "shared"))

    def move(ctx: Any, state: Any, *, player: str, card: str, zone: str) -> Any:
        return move_card(ruleset, state, player, card, zone)

    kinds = ("cards", "card", "grid")
    owners = _owners(ruleset, kinds)

    def holder(ctx: Any, state: Any, values: Mapping[str, Any]) -> str | None:
        """The first owner with a card to move."""
        return next((o for o in owners(ctx, state, values) if _cards_of(ruleset, state, o)), None)

    owner = (Param("player", "choice", "whose", choices=owners, default=holder) if shared
             else Param("player", "player", choices=owners, default=holder))
    return EditOp(
        "move", "move a card",
        (owner,
         Param("card", "choice", choices=lambda c, s, v: _cards_of(ruleset, s, v.get("player"))),
         Param("zone", "choice", choices=lambda c, s, v: _targets(ruleset, s, v.get("player")))),
        move, "move a card (a player's or a shared one) to the top of another zone, or into an empty "
              "grid cell")


def generic_edits(ruleset: Any) -> tuple[EditOp, ...]:
    """Edits every ruleset gets from its declarations: a counter's value, a card's place."""
    ops = []
    if _zones(ruleset, ("counter",)):
        ops.append(_counter_edit(ruleset))
    if _zones(ruleset, ("cards", "card", "grid")):
        ops.append(_move_edit(ruleset))
    return tuple(ops)
