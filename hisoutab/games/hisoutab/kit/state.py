"""What the states of both HisouTab versions share: a piece on the ground or in the air, and the
fields of a whole position besides the players' and bullets' records (each version declares those
with its own record types, so that its states are rebuilt from their dict form)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.record import record


class Piece:
    """A player's piece: ``y`` 0 is the ground row."""

    y: int

    @property
    def on_ground(self) -> bool:
        return self.y == 0


@record
class DuelState:
    """A whole position: the players (a version's records), the timeline's time and the turns
    resolved, who holds the initiative token and who went first, the special cells (or lines)
    triggered so far, who takes part in the current turn, the bullets on the board, the winner
    (``"P1"``, ``"P2"``, ``"draw"``), the agenda and the random generator's state."""

    players: tuple[Any, Any]
    time: int = 1  # the current timeline cell (the turn being resolved)
    turn: int = 0  # turns resolved so far
    initiative: int = 0  # index of the player holding the initiative token
    first: int | None = None  # the first player, once the setup has chosen it
    special_done: int = 0  # the special cells (lines) up to here have triggered
    participants: tuple[int, ...] = ()  # who takes part in the current turn
    bullets: tuple[Any, ...] = ()
    bullet_serial: int = 0
    winner: str | None = None  # "P1", "P2", "draw" once the game is over
    agenda: tuple[tuple[Any, ...], ...] = ()
    rng: int = 0
