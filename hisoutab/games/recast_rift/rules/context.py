"""The fixed facts of one Recast Rift game: the resolved options, both players' decks and every card
instance's definition, computed once per game so that steps stay cheap."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hisoutab.engine.chance import Chance
from hisoutab.engine.errors import InputError
from hisoutab.engine.options import Options

from .cards import Ability, Awakening, Fighter, Spell
from .decks import Deck, RiftSetup, resolve_deck

PLAYERS = ("P1", "P2")


class Context:
    """Read-only per game. Card instances are ``"P1/amulet_volley"`` (one copy of each card)."""

    def __init__(self, options: Options, setup: RiftSetup | Mapping[str, Any] | None = None) -> None:
        if not isinstance(setup, RiftSetup):
            setup = RiftSetup.model_validate(dict(setup or {}))
        self.options = options
        self.players = PLAYERS
        self.chance = Chance()
        o = options
        self.start_life: int = o["a3.start_life"]
        self.abilities: bool = o["a1.abilities"] == "printed"
        self.implied_type: bool = o["a2.card_type"] == "implied"
        self.zero_deployed: bool = o["a30.zero_deployed"]
        self.deployed_positions: tuple[int, ...] = (3, 2, 1, 0) if self.zero_deployed else (3, 2, 1)
        self.zero_capacity: int | None = None if o["a23.zero_capacity"] == "unlimited" else 2
        self.decks: tuple[Deck, ...] = tuple(resolve_deck(d, f"setup.decks.{i}")
                                             for i, d in enumerate(setup.decks))
        self.cards: dict[str, Spell | Awakening] = {}
        self.owner: dict[str, int] = {}
        pools = []
        for i, deck in enumerate(self.decks):
            p = PLAYERS[i]
            pool = []
            for f in deck.fighters:
                for card in f.cards():
                    iid = f"{p}/{card.id}"
                    if iid in self.cards:
                        other = next(g for g in deck.fighters if g is not f)
                        raise InputError(f"card id {card.id!r} is used by both {f.id} and {other.id}",
                                         field=f"setup.decks.{i}")
                    self.cards[iid] = card
                    self.owner[iid] = i
                    pool.append(iid)
            pools.append(tuple(pool))
        self.pools: tuple[tuple[str, ...], ...] = tuple(pools)
        #: statics.py's memo: the spell cards with a continuous ability, and the last state asked
        #: about with its static effects in force
        self.static_cards: frozenset[str] | None = None
        self.statics_memo: tuple[Any, tuple[Any, ...]] | None = None
        self.fixed: tuple[tuple[str, ...] | None, ...] = tuple(
            tuple(f"{PLAYERS[i]}/{c}" for c in d.spells) if d.spells is not None else None
            for i, d in enumerate(self.decks))

    @property
    def fighters(self) -> tuple[tuple[Fighter, Fighter], ...]:
        return tuple(d.fighters for d in self.decks)

    def spell(self, iid: str) -> Spell:
        card = self.cards[iid]
        assert isinstance(card, Spell), iid
        return card

    def awakening(self, iid: str) -> Awakening:
        card = self.cards[iid]
        assert isinstance(card, Awakening), iid
        return card

    def name(self, iid: str | None) -> str:
        return self.cards[iid].name if iid else "nothing"

    def card_type(self, spell: Spell) -> str:
        """The card type the rules go by (A-2): printed, or implied by the card's content."""
        if not self.implied_type:
            return spell.type
        if spell.attack is not None:
            return "attack"
        if any(a.when for a in spell.while_deployed):
            return "trigger"
        if spell.while_deployed:
            return "set"
        return "action"

    def ability(self, iid: str, tag: str, k: int) -> Ability:
        """Ability ``k`` of card ``iid`` under ``tag``: on_cast, on_recovery, trigger (a [While
        Deployed] ability), on_awaken or while_awakened."""
        card = self.cards[iid]
        if isinstance(card, Spell):
            group = {"on_cast": card.on_cast, "on_recovery": card.on_recovery,
                     "trigger": card.while_deployed}[tag]
        else:
            group = card.on_awaken if tag == "on_awaken" else card.while_awakened
        return group[k]
