"""The fixed facts of one game: resolved options, board size, and every card instance's definition."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property, lru_cache
from typing import Any, NamedTuple, TypeVar

from hisoutab.engine.decision import Option
from hisoutab.engine.errors import InputError
from hisoutab.engine.options import Options
from hisoutab.games.hisoutab.duel import DuelSetup
from hisoutab.games.hisoutab.kit.context import DuelContext, setup_pair

from .cards import Card, Character, find_character
from .state import MOTIONS

PLAYERS = ("P1", "P2")
T = TypeVar("T")


class Playable(NamedTuple):
    """One face of a card instance as the play phase offers it: the key that keeps one option per
    card and side (H-PLAY-1 lists a card once, whichever copy), the face, the option playing it and
    the option cancelling into it (H-PLAY-CANCEL), whether its numbers are another card's (a
    special or upgrade card, H-EFF-SPECIAL-1 / H-UPG-0), and whether it has a spell-card effect."""

    key: tuple[str, str]
    face: Card
    play: Option
    cancel: Option
    indirect: bool
    spell: bool


@lru_cache(maxsize=4096)
def card_options(iid: str, card_id: str, side: str) -> tuple[Option, Option]:
    """The options playing card instance ``iid`` (card ``card_id``) on ``side`` ("" for a card
    with one effect), and cancelling into it: one pair shared by every game."""
    suffix = f" ({side})" if side else ""
    value = ("play", iid, side)
    return Option(f"play {card_id}{suffix}", value), Option(f"cancel with {card_id}{suffix}", value)


class Context(DuelContext[Card]):
    """Read-only per game; every step receives it. Card instances are ``"P1/jab#2"`` (deck copies)
    or ``"P1/jab"`` (standing and knockdown cards); :attr:`cards` maps each to its definition."""

    def __init__(self, options: Options, setup: DuelSetup | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        o = options
        self.blue_every: int = o["timeline.blue_every"]
        self.yellow_every: int = o["timeline.yellow_every"]
        self.dice: tuple[int, ...] = tuple(o["spirit.slot_dice"])
        self.spend_order: str = o["spirit.spend_order"]
        self.hand_size: int = o["hand.size"]
        self.guard_cost: int = o["guard.spirit_cost"]
        self.strict_pass: bool = o["timeline.pass"] == "strict"
        self.straight_cells: str = o["bullet.straight_step"]
        self.graze_own: bool = o["graze.own_bullets"]
        self.guard_stays: bool = o["guard.turn"] == "stay"
        self.characters: tuple[Character, Character] = setup_pair(setup, Character, find_character)
        self.standing: frozenset[str]
        self.decks: tuple[tuple[str, ...], ...]
        standing: set[str] = set()
        specials: set[str] = set()
        spell_cards: set[str] = set()
        decks = []
        self.special_areas: list[tuple[str | None, ...]] = []
        self.extras: list[tuple[str, ...]] = []
        self.spell_decks: list[tuple[str, ...]] = []
        for i, ch in enumerate(self.characters):
            p = PLAYERS[i]
            if len(ch.standing) != o["hand.standing"]:
                raise InputError(
                    f"character {ch.id!r} has {len(ch.standing)} standing cards; the option "
                    f"hand.standing = {o['hand.standing']} expects that many",
                    file=ch.file or None, field="standing")
            for cid in ch.standing:
                iid = f"{p}/{cid}"
                self.cards[iid] = ch.cards[cid]
                standing.add(iid)
            self.cards[f"{p}/{ch.knockdown}"] = ch.cards[ch.knockdown]
            deck = []
            for cid, n in ch.deck:
                for k in range(1, n + 1):
                    iid = f"{p}/{cid}#{k}"
                    self.cards[iid] = ch.cards[cid]
                    deck.append(iid)
            decks.append(tuple(deck))
            areas, extra, spells = [], [], []
            for _tag, cid in ch.special_area:
                self.cards[f"{p}/{cid}"] = ch.cards[cid]
                specials.add(f"{p}/{cid}")
            by_tag = dict(ch.special_area)
            for tag in MOTIONS:
                areas.append(f"{p}/{by_tag[tag]}" if by_tag.get(tag) else None)
            for cid in ch.extra:
                self.cards[f"{p}/{cid}"] = ch.cards[cid]
                specials.add(f"{p}/{cid}")
                extra.append(f"{p}/{cid}")
            for cid in ch.spell_deck:
                self.cards[f"{p}/{cid}"] = ch.cards[cid]
                spell_cards.add(f"{p}/{cid}")
                spells.append(f"{p}/{cid}")
            self.special_areas.append(tuple(areas))
            self.extras.append(tuple(extra))
            self.spell_decks.append(tuple(spells))
        self.standing = frozenset(standing)
        self.specials = frozenset(specials)  # special effect cards (special area and extra deck)
        self.spell_cards = frozenset(spell_cards)
        self.decks = tuple(decks)
        self._cache: dict[tuple[Any, ...], Any] = {}
        self.not_drawn = frozenset(standing) | {f"{PLAYERS[i]}/{ch.knockdown}"
                                                for i, ch in enumerate(self.characters)}
        self.knockdown_cards = tuple(f"{PLAYERS[i]}/{ch.knockdown}"
                                     for i, ch in enumerate(self.characters))

    @cached_property
    def playable(self) -> dict[str, tuple[Playable, ...]]:
        """Per card instance, its playable faces with their two options (played, or cancelled
        into; see :func:`card_options`)."""
        out = {}
        for iid, card in self.cards.items():
            faces = []
            for side in [name for name, _ in card.sides] or [""]:
                face = card.face(side)
                faces.append(Playable((card.id, side), face, *card_options(iid, card.id, side),
                                      face.kind in ("special", "upgrade"), face.has_effect("spell")))
            out[iid] = tuple(faces)
        return out

    def cached(self, key: tuple[Any, ...], make: Callable[..., T], *args: Any) -> T:
        """A value computed once per game for ``key`` (option lists, move paths, effect frames):
        ``make(*args)`` the first time."""
        cache = self._cache
        value: T | None = cache.get(key)
        if value is None:
            if len(cache) > 200_000:
                cache.clear()
            value = cache[key] = make(*args)
        return value

    def is_blue(self, t: int) -> bool:
        return t % self.blue_every == 0

    def is_yellow(self, t: int) -> bool:
        return t % self.yellow_every == 0
