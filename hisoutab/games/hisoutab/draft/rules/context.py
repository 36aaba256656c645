"""The fixed facts of one draft game: resolved options, board size, every card instance's definition."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hisoutab.engine.chance import Chance
from hisoutab.engine.errors import InputError
from hisoutab.engine.options import Options
from hisoutab.games.hisoutab.duel import DuelSetup, setup_characters

from .cards import Card, Character, find_character

PLAYERS = ("P1", "P2")
DEFAULT_CHARACTERS = ("miko", "magician")


class Context:
    """Read-only per game. Card instances are ``"P1/gohei_jab"`` (one copy of each card)."""

    def __init__(self, options: Options, setup: DuelSetup | Mapping[str, Any] | None = None) -> None:
        self.options = options
        self.players = PLAYERS
        self.chance = Chance()
        o = options
        self.width: int = o["board.width"]
        self.height: int = o["board.height"]
        self.start: int = o["timeline.start"]
        self.special_every: int = o["timeline.special_every"]
        self.spirit_max: int = o["spirit.max"]
        self.diagonal: bool = o["move.diagonal"]
        self.auto_facing: bool = o["facing.auto"]
        self.at_once: bool = o["cast.resolve"] == "at_once"
        chars = setup_characters(setup) or DEFAULT_CHARACTERS
        self.characters: tuple[Character, ...] = tuple(
            c if isinstance(c, Character) else find_character(str(c)) for c in chars)
        if len(self.characters) != 2:
            raise InputError("expected two characters", field="characters")
        self.cards: dict[str, Card] = {}
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

    def card(self, iid: str) -> Card:
        return self.cards[iid]

    def name(self, iid: str | None) -> str:
        return self.cards[iid].name if iid else "nothing"

    def on_board(self, x: int, y: int) -> bool:
        return 1 <= x <= self.width and 0 <= y < self.height

    def is_special(self, c: int) -> bool:
        """D-CARD-LINE / DR-1: a special line follows slot c."""
        return c % self.special_every == 0
