"""The toy's state: immutable records that share their unchanged parts between steps."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.record import record


@record
class Racer:
    """One player: a token on the track, a hidden hand of shared boost cards, the racer's own
    sprint card until it is played (``reserve``: None once played), the card revealed this round,
    the sprint card set aside once played (``spent``)."""

    name: str
    position: int = 0
    hand: tuple[str, ...] = ()
    reserve: str | None = None
    played: str | None = None
    spent: tuple[str, ...] = ()


@record
class State:
    """The whole race. ``first`` is the index of the racer who moves first this round."""

    players: tuple[Racer, ...]
    deck: tuple[str, ...] = ()  # top first
    discard: tuple[str, ...] = ()  # newest last
    round: int = 0
    first: int = 0
    winner: str | None = None  # a player's name, "draw", or None while the race goes on
    agenda: tuple[tuple[Any, ...], ...] = ()
    rng: int = 0
