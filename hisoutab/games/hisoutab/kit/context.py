"""What the contexts of both HisouTab versions share: the options every duel reads (board size,
timeline start, diagonal moves, automatic facing), the two characters of the setup, and reading a
card instance's definition and name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from hisoutab.engine.chance import Chance
from hisoutab.engine.errors import InputError
from hisoutab.engine.options import Options
from hisoutab.games.hisoutab.duel import PLAYERS, DuelSetup, setup_characters

DEFAULT_CHARACTERS = ("miko", "magician")


class Named(Protocol):
    @property
    def name(self) -> str: ...


CardT = TypeVar("CardT", bound=Named)
CharT = TypeVar("CharT")


def setup_pair(setup: DuelSetup | Mapping[str, Any] | None, kind: type[CharT],
               find: Callable[[str], CharT]) -> tuple[CharT, CharT]:
    """The two characters a setup names (records of ``kind`` as given, ids found by ``find``); the
    default pair when it names none. Raises ``InputError`` unless there are two."""
    chars = setup_characters(setup) or DEFAULT_CHARACTERS
    found = tuple(c if isinstance(c, kind) else find(str(c)) for c in chars)
    if len(found) != 2:
        raise InputError("expected two characters", field="characters")
    return found[0], found[1]


@lru_cache(maxsize=64)
def board_cells(width: int, height: int) -> frozenset[tuple[int, int]]:
    """The cells (x, y) of a board ``width`` columns wide (x from 1) and ``height`` rows high (y
    from 0, the ground row): one set shared by every game on a board of that size."""
    return frozenset((x, y) for x in range(1, width + 1) for y in range(height))


class DuelContext(Generic[CardT]):
    """Read-only per game; every step receives it. :attr:`cards` maps each card instance
    (``"P1/gohei_jab"``…) to its definition."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.players = PLAYERS
        self.chance = Chance()
        o = options
        self.width: int = o["board.width"]
        self.height: int = o["board.height"]
        self.start: int = o["timeline.start"]
        self.diagonal: bool = o["move.diagonal"]
        self.auto_facing: bool = o["facing.auto"]
        self.cards: dict[str, CardT] = {}
        #: every cell of the board (as :meth:`on_board` tells), a key of the pure movement caches
        self.board = board_cells(self.width, self.height)

    def card(self, iid: str | None) -> CardT:
        """The definition of card instance ``iid`` (``KeyError`` for an unknown one, or none)."""
        if iid is None:
            raise KeyError(iid)
        return self.cards[iid]

    def name(self, iid: str | None) -> str:
        return self.cards[iid].name if iid else "nothing"

    def on_board(self, x: int, y: int) -> bool:
        return 1 <= x <= self.width and 0 <= y < self.height
