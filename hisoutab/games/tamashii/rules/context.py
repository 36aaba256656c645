"""The fixed facts of one TAMASHII game: the options, the players and their classes, the content,
every card instance, and the chance source."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hisoutab.engine.chance import Chance
from hisoutab.engine.options import Options

from . import vocabulary as v
from .content import Content, load_content
from .schema import TamashiiSetup


def instances(kind: str, copies: int) -> tuple[str, ...]:
    return tuple(f"{kind}#{k}" for k in range(1, copies + 1))


@lru_cache(maxsize=4096)
def kind_of(card: str) -> str:
    """``P1/shadow-step`` → ``shadow-step``; ``red#3`` → ``red``."""
    return card.rsplit("/", 1)[-1].split("#", 1)[0]


class Context:
    """Read-only per game."""

    def __init__(self, options: Options, setup: TamashiiSetup) -> None:
        self.options = options
        self.setup = setup
        folder = options["a2.content"]
        self.content: Content = load_content(folder) if folder else load_content()
        c = self.content
        n = setup.players
        self.players: tuple[str, ...] = tuple(f"P{k}" for k in range(1, n + 1))
        self.classes: dict[str, str] = {p: setup.class_of(k) for k, p in enumerate(self.players)}
        self.chance = Chance()
        scaling = c.campaign.scaling
        self.uplinks_needed: int = scaling.uplinks_needed[n]
        self.round_limit: int = c.campaign.round_limit
        self.launcher_kinds: tuple[str, ...] = tuple(c.board.launcher)
        self.map_layout: tuple[tuple[str, ...], ...] = tuple(tuple(r) for r in c.map.layout)
        per_colour = {col: n * c.board.bag.get(col, 0) + scaling.supply_per_colour[n]
                      + sum(1 for p in self.players if c.classes[self.classes[p]].core == col)
                      for col in v.COLOURS}
        self.chips: tuple[str, ...] = tuple(x for col in v.COLOURS for x in instances(col, per_colour[col]))
        self.wilds: tuple[str, ...] = instances(v.WILD, c.board.wild_total)
        #: A-4: the finite total of the player count, or (a cap for each player) enough for all to reach it
        self.damaged_cap: int = c.campaign.damaged_cap
        damaged = scaling.damaged_total[n] if options["a4.damaged"] == "pool" else n * self.damaged_cap
        self.damaged: tuple[str, ...] = instances(v.DAMAGED, damaged)
        self.enemies: tuple[str, ...] = tuple(x for e in c.enemies
                                             for x in instances(e, scaling.enemy_copies[n]))
        self.gang_mods: tuple[str, ...] = tuple(f"{x}#1" for x in c.gang_mods)
        self.class_mods: dict[str, tuple[str, ...]] = {
            p: tuple(f"{p}/{x.id}" for x in c.class_mods.values() if x.class_ == self.classes[p])
            for p in self.players}
        starting = {c.classes[self.classes[p]].body for p in self.players}
        self.bodies: tuple[str, ...] = tuple(f"{b}#1" for b in c.bodies
                                            if b in starting or b in c.clinic)
        self.passers: tuple[str, ...] = tuple(f"{p}/{c.passer_by.id}" for p in self.players)
        revealed = [t for row in c.map.layout for t in row if t != "?"]
        self.tiles: tuple[str, ...] = tuple(f"{t}#1" for t in revealed) + tuple(
            f"{t.id}#1" for t in c.map.face_down)
        self.markers: tuple[str, ...] = tuple(f"{x}#{k + 1}" for k, x in enumerate(c.map.markers))
        self.protocols: tuple[str, ...] = tuple(f"{x}#1" for x in c.protocols)
        self.card_instances: tuple[str, ...] = (
            self.chips + self.wilds + self.damaged + self.enemies + self.gang_mods
            + tuple(x for p in self.players for x in self.class_mods[p]) + self.bodies + self.passers
            + self.tiles + self.markers + self.protocols)
        #: card → the kind of hidden place that may hold it (:mod:`.hidden`), made when first asked
        self.hidden_kinds: dict[str, str] | None = None
        #: the basic, experience and special codes as sources (:func:`.execute.board_sources`),
        #: made when first asked
        self.board_sources: tuple[Any, ...] | None = None

    def opt(self, name: str) -> object:
        value: object = self.options[name]
        return value
