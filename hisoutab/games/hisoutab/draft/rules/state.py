"""The draft's game state: immutable records that share their unchanged parts between steps."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.record import record

MOTIONS = ("236", "623", "214", "421")


@record
class Bullet:
    """A bullet token on the board; ``slot`` is the token on its card's track (D-CARD-BULLET-1)."""

    id: str
    owner: int
    card: str
    x: int
    y: int
    dx: int
    dy: int
    slot: int = 0


@record
class Player:
    name: str
    character: str
    hp: int
    max_hp: int
    x: int
    y: int
    facing: int
    marker: int | None
    spirit: int = 0
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    aside: tuple[str, ...] = ()
    played: str | None = None  # the card in play (played, not yet resolved)
    resolved: str | None = None  # the card resolved this turn (its cancel level and recovery)
    whiff: int = 0  # extra recovering time from missed physical attacks (D-HIT-NO)

    @property
    def on_ground(self) -> bool:
        return self.y == 0


@record
class State:
    players: tuple[Player, Player]
    time: int = 1
    turn: int = 0
    initiative: int = 0
    first: int | None = None
    special_done: int = 0  # special lines after slots up to here have triggered
    participants: tuple[int, ...] = ()
    bullets: tuple[Bullet, ...] = ()
    bullet_serial: int = 0
    winner: str | None = None
    agenda: tuple[tuple[Any, ...], ...] = ()
    rng: int = 0
