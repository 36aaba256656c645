"""Card names in scenarios, as the guide names them: the instance (``P1/bid#7``), the copy
(``bid#7``: the instance of the zone's player, else a card of nobody) or the id (``bid``: the next
unused copy). Ownership comes from the ruleset's ``card_owner``; the instances from its
``card_pool``."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from hisoutab.engine.errors import InputError

from .hooks import card_owner

Path = tuple[str | int, ...]
Err = Callable[[Path, str], InputError]


def card_base(iid: str) -> str:
    """``P1/gohei_jab#2`` → ``gohei_jab``."""
    return iid.split("/", 1)[-1].split("#", 1)[0]


def short_card(iid: str) -> str:
    """``P1/gohei_jab#2`` → ``gohei_jab#2``."""
    return iid.split("/", 1)[-1]


def copy_no(iid: str) -> int:
    m = re.search(r"#(\d+)$", iid)
    return int(m.group(1)) if m else 0


def card_order(iid: str) -> tuple[str, int, str]:
    return (card_base(iid), copy_no(iid), iid)


class CardNames:
    """Resolves the names a scenario writes to card instances of the game."""

    def __init__(self, ruleset: Any, pool: Sequence[str], players: Sequence[str]) -> None:
        self.players = tuple(players)
        self.pool = frozenset(pool)
        self.order = tuple(pool)
        self.owner = {c: card_owner(ruleset, c, self.players) for c in pool}
        self.by_short: dict[str, list[str]] = {}
        self.by_base: dict[str, list[str]] = {}
        for c in sorted(pool, key=card_order):
            self.by_short.setdefault(short_card(c), []).append(c)
            self.by_base.setdefault(card_base(c), []).append(c)

    def _ranked(self, cands: list[str], player: int | None) -> tuple[list[str], list[str]]:
        """(the candidates a zone of ``player`` takes first: the player's own, then nobody's;
        the other players' cards)."""
        me = self.players[player] if player is not None else None
        mine = [c for c in cands if me is not None and self.owner[c] == me]
        free = [c for c in cands if self.owner[c] is None]
        others = [c for c in cands if c not in mine and c not in free]
        return mine + free, others

    def exact(self, item: str, player: int | None) -> str | None:
        """The instance ``item`` names unambiguously in a zone of ``player`` (None: by id only)."""
        if item in self.pool:
            return item
        cands = self.by_short.get(item)
        if not cands:
            return None
        first, others = self._ranked(cands, player)
        if first:
            return first[0]
        return others[0] if len(others) == 1 and player is None else None

    def copies(self, item: str, player: int | None) -> list[str] | None:
        """The instances a card id names for a zone of ``player`` (preferred first)."""
        cands = self.by_base.get(item)
        if not cands:
            return None
        first, others = self._ranked(cands, player)
        return first or (others if player is None else None)

    def foreign(self, item: str, player: int | None) -> str | None:
        """The other player whose card ``item`` names, when it names none of ``player``'s."""
        cands = self.by_short.get(item) or self.by_base.get(item) or []
        first, others = self._ranked(cands, player)
        if first or not others:
            return None
        return self.owner[others[0]]

    def example(self, player: int | None) -> str | None:
        """A card id a zone of ``player`` may name (for messages)."""
        first, _ = self._ranked(list(self.order), player)
        return card_base(first[0]) if first else None

    def writes(self, iid: str, player: int | None) -> str:
        """How a capture names ``iid`` in a zone of ``player``: the copy when it loads back to
        this instance there, else the whole instance."""
        short = short_card(iid)
        return short if self.exact(short, player) == iid else iid
