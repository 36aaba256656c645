"""The fixed facts of one race: options, the players from the setup, the chance source."""

from __future__ import annotations

from hisoutab.engine.chance import Chance
from hisoutab.engine.options import Options

from .cards import all_cards
from .schema import ToySetup


class Context:
    """Read-only per game. ``players`` are the names P1…Pn the setup asks for."""

    def __init__(self, options: Options, setup: ToySetup) -> None:
        self.options = options
        self.setup = setup
        self.players: tuple[str, ...] = tuple(f"P{k}" for k in range(1, setup.players + 1))
        self.goal: int = setup.goal
        self.sides: int = options["die.sides"]
        self.hand_size: int = options["hand.size"]
        self.limit: int = options["round.limit"]
        self.rotate: bool = options["round.rotate"]
        self.chance = Chance()
        self.deck: tuple[str, ...] = all_cards()  # four hands of three at most: always enough
