"""The fixed facts of one draft game: resolved options, board size, every card instance's definition."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property, lru_cache
from typing import Any

from hisoutab.engine.decision import Option
from hisoutab.engine.options import Options
from hisoutab.games.hisoutab.duel import DuelSetup
from hisoutab.games.hisoutab.kit.context import DuelContext, setup_pair

from .cards import Card, Character, find_character

PLAYERS = ("P1", "P2")


@lru_cache(maxsize=4096)
def card_options(iid: str, card_id: str) -> tuple[Option, Option]:
    """The options playing card instance ``iid`` (card ``card_id``) and cancelling into it: one
    pair shared by every game."""
    return Option(f"play {card_id}", iid), Option(f"cancel with {card_id}", iid)


class Context(DuelContext[Card]):
    """Read-only per game. Card instances are ``"P1/gohei_jab"`` (one copy of each card)."""

    def __init__(self, options: Options, setup: DuelSetup | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        o = options
        self.special_every: int = o["timeline.special_every"]
        self.spirit_max: int = o["spirit.max"]
        self.at_once: bool = o["cast.resolve"] == "at_once"
        self.characters: tuple[Character, Character] = setup_pair(setup, Character, find_character)
        pools, basics, skills = [], [], []
        for i, ch in enumerate(self.characters):
            p = PLAYERS[i]
            for cid, card in ch.cards.items():
                self.cards[f"{p}/{cid}"] = card
            pools.append(tuple(f"{p}/{cid}" for cid in ch.cards))
            basics.append(tuple(f"{p}/{cid}" for cid in ch.basics))
            skills.append(tuple((f"{p}/{a}", f"{p}/{b}") for a, b in ch.skills))
        self.pools: tuple[tuple[str, ...], ...] = tuple(pools)
        self.basics: tuple[tuple[str, ...], ...] = tuple(basics)
        self.skills: tuple[tuple[tuple[str, str], ...], ...] = tuple(skills)

    @cached_property
    def play_options(self) -> dict[str, tuple[Option, Option]]:
        """Per card instance, the option playing it (D-PLAY) and the option cancelling into it
        (D-CANCEL; see :func:`card_options`)."""
        return {iid: card_options(iid, card.id) for iid, card in self.cards.items()}

    def is_special(self, c: int) -> bool:
        """D-CARD-LINE / DR-1: a special line follows slot c."""
        return c % self.special_every == 0
