"""The co-operative toy's state: the explorers, the map (a grid of tiles), the bag."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.record import record


@record
class Tile:
    """One cell of the map: the tile's card (``enemy#2``) and whether it lies face up."""

    tile: str
    up: bool = False


@record
class Explorer:
    """One player: the treasures the explorer took from the map."""

    name: str
    finds: tuple[str, ...] = ()


@record
class State:
    """The whole expedition. ``map`` is a tuple of rows of cells (a :class:`Tile`, or ``""`` where a
    treasure was taken); ``current`` is the index of the explorer whose turn it is; ``last_fight``
    the explorer's dice in the last fight (None before any fight); ``outcome`` ``"victory"`` or
    ``"defeat"`` once the game is decided."""

    players: tuple[Explorer, ...]
    map: tuple[tuple[Tile | str, ...], ...] = ()
    bag: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    health: int = 0
    turn: int = 0
    current: int = 0
    last_fight: int | None = None
    outcome: str | None = None
    agenda: tuple[tuple[Any, ...], ...] = ()
    rng: int = 0
