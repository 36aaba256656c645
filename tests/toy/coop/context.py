"""The fixed facts of one expedition: options, the explorers from the setup, the pieces."""

from __future__ import annotations

from hisoutab.engine.chance import Chance
from hisoutab.engine.options import Options

from .schema import CoopSetup

#: tile kind → copies; token kind → copies
TILES: dict[str, int] = {"treasure": 2, "enemy": 3, "trap": 2, "empty": 2}
TOKENS: dict[str, int] = {"spark": 3, "dud": 2}
SIZE = 3  # the map is SIZE × SIZE


def instances(kinds: dict[str, int]) -> tuple[str, ...]:
    return tuple(f"{kind}#{k}" for kind, copies in kinds.items() for k in range(1, copies + 1))


def kind_of(card: str) -> str:
    """``enemy#2`` → ``enemy``."""
    return card.split("#", 1)[0]


class Context:
    """Read-only per game."""

    def __init__(self, options: Options, setup: CoopSetup) -> None:
        self.options = options
        self.setup = setup
        self.players: tuple[str, ...] = tuple(f"P{k}" for k in range(1, setup.players + 1))
        self.health: int = options["party.health"]
        self.strength: int = options["enemy.strength"]
        self.chance = Chance()
        self.tiles: tuple[str, ...] = instances(TILES)
        self.tokens: tuple[str, ...] = instances(TOKENS)
        self.treasures: int = TILES["treasure"]
