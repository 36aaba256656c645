"""Cards in a scenario's ``state:`` overlay move, never vanish nor double.

A card zone the overlay gives (a player's ``hand``, a shared ``deck``, a grid) takes its cards from
wherever they were; the cards it held before and that are placed nowhere else go home: to the zone
the ruleset's ``home_zone`` names, else to the player's ``rest`` zone, else to the card owner's
first hidden pile, else the first shared hidden pile (the deck), else the first pile. Afterwards
every card is where it was or where the overlay put it, exactly once (checked).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from hisoutab.engine.errors import InputError

from .cardnames import CardNames, card_order
from .hooks import card_owner, card_pool, home_zone
from .places import Place, cards_in, get, places_of, positions, put, without

Path = tuple[str | int, ...]
_CELL = re.compile(r"^([^\[\]]+)\[(\d+)\]\[(\d+)\]$")  # a grid's cell: map[1][2]
REST_KEY = "rest"  # per player: where cards pushed out of an overlaid zone go


class Placer:
    """Puts the card zones an overlay gives into ``data`` (a state in ``to_dict`` form)."""

    def __init__(self, ruleset: Any, ctx: Any, state: Any, pfield: str | None,
                 names: tuple[str, ...], err: Callable[[Path, str], InputError]) -> None:
        self.rs = ruleset
        self.ctx = ctx
        self.state = state
        self.pfield = pfield
        self.names = names
        self.err = err
        self.places = places_of(ruleset, state, pfield)
        pool = card_pool(ruleset, ctx)
        self.cards = CardNames(ruleset, pool, names) if pool else None
        self.placed_at: dict[str, Path] = {}
        self._initial: dict[str, tuple[str, int]] | None = None
        self._fronted: set[str] = set()
        self._cells: dict[Place, list[tuple[int, int, Any, Path]]] = {}

    def place_for(self, player: int | None, attr: str) -> Place | None:
        return next((p for p in self.places if p.player == player and p.attr == attr), None)

    # ------------------------------------------------------------------ names
    def resolve(self, place: Place, value: Any, path: Path) -> Any:
        """``value`` (a zone as the file writes it) with its card names made instances."""
        z = place.zone
        if z.kind == "card":
            return self._one(place, value, path, slot=True)
        if not isinstance(value, list):
            if z.kind == "grid":
                raise self.err(path, f"expected a grid: a list of rows, each a list of cells, got "
                               f"{value!r}")
            raise self.err(path, f"expected a list of cards, got {value!r}")
        if z.kind == "grid":
            return [self._row(place, row, path + (r,)) for r, row in enumerate(value)]
        return [self._item(place, x, path + (k,)) for k, x in enumerate(value)]

    def _row(self, place: Place, row: Any, path: Path) -> Any:
        if not isinstance(row, list):
            raise self.err(path, f"expected a row: a list of cells, got {row!r}")
        return [self._item(place, x, path + (c,), empty="") for c, x in enumerate(row)]

    def _item(self, place: Place, item: Any, path: Path, empty: Any = None) -> Any:
        card_attr = place.zone.card_attr
        if card_attr and isinstance(item, dict):
            if card_attr in item:
                item = {**item, card_attr: self._one(place, item[card_attr], path + (card_attr,),
                                                     slot=True)}
            return item
        if empty == "" and item == "":
            return item
        return self._one(place, item, path, slot=place.slots or empty == "")

    def _one(self, place: Place, item: Any, path: Path, *, slot: bool) -> Any:
        if item is None:
            if not slot:
                raise self.err(path, "expected a card id, got null")
            return None
        if self.cards is None:
            return item
        if not isinstance(item, str):
            some = self.cards.example(place.player)
            raise self.err(path, f"expected a card id such as {some!r}, got {item!r}" if some
                           else f"expected a card id, got {item!r}")
        exact = self.cards.exact(item, place.player)
        if exact is not None:
            self._mark(exact, path)
            return exact
        return _Pending(item, place.player, path)

    def _mark(self, iid: str, path: Path) -> None:
        if iid in self.placed_at:
            raise self.err(path, f"{iid} is placed twice")
        self.placed_at[iid] = path

    def settle(self, value: Any) -> Any:
        """The pending card ids of a resolved value: the next unused copy each."""
        if isinstance(value, _Pending):
            return self._copy(value)
        if isinstance(value, list):
            return [self.settle(x) for x in value]
        if isinstance(value, dict):
            return {k: self.settle(x) for k, x in value.items()}
        return value

    def _copy(self, p: _Pending) -> str:
        assert self.cards is not None
        copies = self.cards.copies(p.item, p.player)
        if copies is None:
            other = self.cards.foreign(p.item, p.player)
            who = self.names[p.player] if p.player is not None else "the shared zones"
            if other is not None:
                raise self.err(p.path, f"{p.item!r} is a card of {other}, not of {who}")
            known = sorted({b for b, cs in self.cards.by_base.items()
                            if self.cards.copies(b, p.player)})
            raise self.err(p.path, f"unknown card {p.item!r} for {who}; known cards: "
                           + ", ".join(known))
        free = [c for c in copies if c not in self.placed_at]
        if not free:
            who = self.names[p.player] if p.player is not None else "the game"
            n = len(copies)
            raise self.err(p.path, f"{who} has only {n} {p.item} card{'s' if n != 1 else ''}; "
                           "all are placed")
        self._mark(free[0], p.path)
        return free[0]

    # ------------------------------------------------------------------ cells
    def cell_of(self, player: int | None, key: str) -> tuple[Place, int, int] | None:
        """``map[1][2]``: (the grid zone ``map`` of ``player`` or shared, row 1, column 2)."""
        m = _CELL.match(key)
        if m is None:
            return None
        place = self.place_for(player, m.group(1))
        if place is None or place.zone.kind != "grid":
            return None
        return place, int(m.group(2)), int(m.group(3))

    def note_cell(self, cell: tuple[Place, int, int], value: Any, path: Path) -> None:
        self._cells.setdefault(cell[0], []).append((cell[1], cell[2], value, path))

    def add_cells(self, data: dict[str, Any], given: dict[Place, tuple[Any, Path]]) -> None:
        """The grids some of whose cells the overlay gives: the whole grid given, those cells
        changed (their cards resolved; the token of a cell keeps its other fields)."""
        for place, cells in self._cells.items():
            first = cells[0][3]
            if place in given:
                raise self.err(first, f"give either {place.attr} or some of its cells, not both")
            grid = [list(row) if isinstance(row, list) else row
                    for row in get(data, self.pfield, place) or []]
            for r, c, value, path in cells:
                if not 0 <= r < len(grid) or not isinstance(grid[r], list) or not 0 <= c < len(
                        grid[r]):
                    width = len(grid[0]) if grid and isinstance(grid[0], list) else 0
                    raise self.err(path, f"no cell [{r}][{c}]: the grid {place.attr} has "
                                   f"{len(grid)} rows of {width} cells")
                grid[r][c] = self._cell(place, grid[r][c], value, path)
            given[place] = (grid, first)

    def _cell(self, place: Place, old: Any, value: Any, path: Path) -> Any:
        card_attr = place.zone.card_attr
        if value == "" or isinstance(value, dict):
            return self._item(place, value, path, empty="")
        card = self._one(place, value, path, slot=True)
        if card_attr:
            return {**(old if isinstance(old, dict) else {}), card_attr: card}
        return card

    def close_cells(self, place: Place, value: Any) -> Any:
        """A grid given by cells: the other cells lose the cards those cells took."""
        cells = self._cells.get(place)
        if not cells:
            return value
        targets = {(r, c) for r, c, _, _ in cells}
        taken = {card for pos, card in positions(place, value) if pos in targets}
        gone = {pos for pos, card in positions(place, value) if card in taken and pos not in targets}
        return [[("" if (r, c) in gone else x) for c, x in enumerate(row)]
                for r, row in enumerate(value)]

    # ------------------------------------------------------------------ moves
    def apply(self, data: dict[str, Any], given: dict[Place, tuple[Any, Path]],
              rests: dict[int, str]) -> None:
        """Put the given zones (already resolved) and move every other card accordingly."""
        before = {p: cards_in(p, get(data, self.pfield, p)) for p in self.places}
        placed = {c for p, (value, _) in given.items() for c in cards_in(p, value)}
        for p in self.places:
            if p in given:
                put(data, self.pfield, p, given[p][0])
            else:
                put(data, self.pfield, p, without(p, get(data, self.pfield, p), placed))
        now = {c for p in self.places for c in cards_in(p, get(data, self.pfield, p))}
        targets = {k: self._rest_place(k, v) for k, v in rests.items()}
        pushed = [(c, p) for p in given for c in before[p] if c not in now]
        for c, p in sorted(pushed, key=lambda cp: card_order(cp[0])):
            self._send_home(data, c, p, targets, given)
        self._check_conserved(data, before, given)

    def _rest_place(self, player: int, name: str) -> Place:
        ok = [p for p in self.places if (p.player == player or p.player is None)
              and p.zone.kind == "cards" and not p.zone.card_attr]
        for p in ok:
            if p.attr == name and p.player == player:
                return p
        for p in ok:
            if p.attr == name:
                return p
        raise self.err((self.names[player], REST_KEY), f"{name!r} is not a card zone holding a "
                       "list; expected one of " + ", ".join(dict.fromkeys(p.attr for p in ok)))

    def _send_home(self, data: dict[str, Any], card: str, came_from: Place,
                   targets: dict[int, Place], given: dict[Place, tuple[Any, Path]]) -> None:
        owner = card_owner(self.rs, card, self.names)
        who = self.names.index(owner) if owner is not None else came_from.player
        if self._back_to_slot(data, card, who):
            return
        home = home_zone(self.rs, self.ctx, card, owner)
        if home is not None:
            place = self._zone_place(home, who)
            if place is not None and self._put_home(data, place, card):
                return
        if came_from.player is not None and came_from.player in targets:
            self._put(data, targets[came_from.player], card)
            return
        place = self._default_rest(owner is not None, who)
        if place is None:
            raise self.err(given[came_from][1], f"{card} is pushed out of {came_from.attr} and "
                           "the game has no pile to put it on; place it in a zone")
        self._put(data, place, card)

    def _zone_place(self, zone: str, player: int | None) -> Place | None:
        for p in self.places:
            if p.zone.name == zone and (p.player is None or p.player == player):
                return p
        return None

    def _back_to_slot(self, data: dict[str, Any], card: str, player: int | None) -> bool:
        """A card that starts the game in a slot (a special area's) goes back to that slot when
        it is empty."""
        start = self.initial(card)
        if start is None:
            return False
        place = next((p for p in self.places if p.slots and p.attr == start[0]
                      and (p.player is None or p.player == player)), None)
        if place is None:
            return False
        value = list(get(data, self.pfield, place) or [])
        k = start[1]
        if k >= len(value) or value[k] is not None:
            return False
        value[k] = card
        put(data, self.pfield, place, value)
        return True

    def _put_home(self, data: dict[str, Any], place: Place, card: str) -> bool:
        value = get(data, self.pfield, place)
        if place.slots:
            return False
        if place.zone.kind == "card":
            if value:
                return False
            put(data, self.pfield, place, card)
            return True
        if not place.is_list:
            return False
        self._put(data, place, card)
        return True

    def _put(self, data: dict[str, Any], place: Place, card: str) -> None:
        """Onto a zone: at the end of an ordered one (the bottom of a pile); in front of an
        unordered one (a hand), the cards put there in the order of the game's initial state."""
        value = list(get(data, self.pfield, place) or [])
        if place.zone.ordered:
            value.append(card)
        else:
            key = self._front_key(card, place)
            k = 0
            while k < len(value) and value[k] in self._fronted and self._front_key(
                    value[k], place) <= key:
                k += 1
            value.insert(k, card)
            self._fronted.add(card)
        put(data, self.pfield, place, value)

    def _front_key(self, card: str, place: Place) -> tuple[int, tuple[str, int, str]]:
        k = self.initial(card)
        return ((k[1] if k is not None and k[0] == place.attr else 1 << 30), card_order(card))

    def initial(self, card: str) -> tuple[str, int] | None:
        """(zone, position) of ``card`` in the ruleset's initial state (before setup)."""
        if self._initial is None:
            self._initial = {}
            try:
                start = self.rs.initial_state(self.ctx, 0)
            except Exception:  # a ruleset that cannot say: no initial places
                return None
            from hisoutab.engine.record import to_dict

            start_data = to_dict(start)
            for p in places_of(self.rs, start, self.pfield):
                for pos, c in positions(p, get(start_data, self.pfield, p)):
                    self._initial.setdefault(c, (p.attr, pos[0] if pos else 0))
        return self._initial.get(card)

    def _default_rest(self, owned: bool, player: int | None) -> Place | None:
        mine = [p for p in self.places if p.is_list and p.player == player and player is not None]
        shared = [p for p in self.places if p.is_list and p.player is None]
        hidden = [[p for p in ps if p.hidden] for ps in (mine, shared)]
        order = ([*hidden[0], *hidden[1], *mine, *shared] if owned
                 else [*hidden[1], *hidden[0], *shared, *mine])
        return order[0] if order else None

    def _check_conserved(self, data: dict[str, Any], before: dict[Place, list[str]],
                         given: dict[Place, tuple[Any, Path]]) -> None:
        if self.cards is None:
            return
        was = Counter(c for cs in before.values() for c in cs if c in self.cards.pool)
        now: Counter[str] = Counter()
        where: dict[str, list[str]] = {}
        for p in self.places:
            for c in cards_in(p, get(data, self.pfield, p)):
                if c in self.cards.pool:
                    now[c] += 1
                    where.setdefault(c, []).append(p.label(self.names))
        for c, n in now.items():
            if n > max(1, was.get(c, 0)):
                path = self.placed_at.get(c, next(iter(given.values()))[1])
                raise self.err(path, f"{c} would be in two places ({', '.join(where[c])}); "
                               "a card can be in one place only")
        lost = sorted((was - now).keys(), key=card_order)
        if lost:
            path = next(iter(given.values()))[1]
            raise self.err(path, f"{lost[0]} would leave the game (it is in no zone after the "
                           "overlay); place it in a zone")


class _Pending:
    """A card id waiting for its copy (ids resolve after every named instance is placed)."""

    __slots__ = ("item", "path", "player")

    def __init__(self, item: str, player: int | None, path: Path) -> None:
        self.item, self.player, self.path = item, player, path
