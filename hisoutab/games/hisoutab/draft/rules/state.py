"""The draft's game state: immutable records that share their unchanged parts between steps."""

from __future__ import annotations

from hisoutab.engine.record import record
from hisoutab.games.hisoutab.kit.state import DuelState, Piece

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
class Player(Piece):
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


@record
class State(DuelState):
    """A whole position of the draft (the fields of :class:`DuelState`)."""

    players: tuple[Player, Player]
    bullets: tuple[Bullet, ...] = ()
