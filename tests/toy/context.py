"""The fixed facts of one race: options, the players from the setup, the chance source."""

from __future__ import annotations

from hisoutab.engine.chance import Chance
from hisoutab.engine.options import Options

from .cards import KINDS, all_cards, sprint_of
from .schema import ToySetup


class Context:
    """Read-only per game. ``players`` are the names P1…Pn the setup asks for. ``cards`` is the
    table of card kinds (kind → (boost, copies)), not the card instances: those are
    ``card_instances`` (the shared deck and every racer's sprint card), which the contract's
    ``card_pool`` reads."""

    def __init__(self, options: Options, setup: ToySetup) -> None:
        self.options = options
        self.setup = setup
        self.players: tuple[str, ...] = tuple(f"P{k}" for k in range(1, setup.players + 1))
        self.goal: int = setup.goal
        self.sides: int = options["die.sides"]
        self.dice: int = options["dice.count"]
        self.hand_size: int = options["hand.size"]
        self.limit: int = options["round.limit"]
        self.rotate: bool = options["round.rotate"]
        self.chance = Chance()
        self.cards: dict[str, tuple[int, int]] = KINDS
        self.deck: tuple[str, ...] = all_cards()  # four hands of three at most: always enough
        self.card_instances: tuple[str, ...] = self.deck + tuple(sprint_of(p) for p in self.players)
