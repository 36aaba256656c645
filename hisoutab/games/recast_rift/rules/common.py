"""Small helpers the step modules share: players by index, card names in sentences, the recast-zone
positions of a player record, and who chooses what."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from hisoutab.engine.record import replace

from .context import PLAYERS, Context
from .state import Entry, Player, State
from .vocabulary import NUMERALS

#: the player field of each recast-zone position
SLOTS: dict[int, str] = {3: "recast_3", 2: "recast_2", 1: "recast_1", 0: "recast_0"}
CAPACITY = 2  # cards per position [III], [II], [I] (RR-DEP-4)


def pn(i: int) -> str:
    """The name of player ``i`` (0 → "P1")."""
    return PLAYERS[i]


def setp(s: State, i: int, p: Player) -> State:
    """The state with player ``i`` replaced."""
    a, b = s.players
    return replace(s, players=(p, b) if i == 0 else (a, p))


def short(iid: str) -> str:
    """``"P1/amulet_volley"`` → ``"amulet_volley"`` (the card's id, for labels)."""
    return iid.split("/", 1)[-1]


def names(ctx: Context, iids: Iterable[str]) -> str:
    """Card names for a sentence ("nothing" for none)."""
    iids = list(iids)
    return ", ".join(ctx.name(c) for c in iids) if iids else "nothing"


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` with one ``card`` taken out."""
    k = cards.index(card)
    return cards[:k] + cards[k + 1:]


def numeral(k: int) -> str:
    return NUMERALS[k]


def slot(p: Player, k: int) -> tuple[str, ...]:
    cards: tuple[str, ...] = getattr(p, SLOTS[k])
    return cards


def with_slot(p: Player, k: int, cards: tuple[str, ...]) -> Player:
    return replace(p, **{SLOTS[k]: cards})


def position(p: Player, card: str) -> int | None:
    """The recast-zone position of ``card`` (3 = [III] … 0), or None when it is not there."""
    for k in (3, 2, 1, 0):
        if card in slot(p, k):
            return k
    return None


def deployed(ctx: Context, p: Player) -> Iterator[tuple[str, int]]:
    """(card, position) of every deployed card of ``p`` whose abilities apply (RR-DEP-3, A-30)."""
    for k in ctx.deployed_positions:
        for c in slot(p, k):
            yield c, k


def is_deployed(ctx: Context, p: Player, card: str) -> bool:
    k = position(p, card)
    return k is not None and k in ctx.deployed_positions


def top(s: State) -> Entry:
    return s.stack[-1]


def set_top(s: State, e: Entry) -> State:
    return replace(s, stack=s.stack[:-1] + (e,))


def picker(ctx: Context, s: State, owner: int) -> int:
    """Who picks specific cards of ``owner`` (A-16): the owner, or the turn player."""
    return s.active if ctx.options["a16.chooser"] == "turn_player" else owner


def unique_labels(items: Iterable[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """(label, value) pairs with repeated labels numbered ("process x", "process x (2)")."""
    seen: dict[str, int] = {}
    out = []
    for label, value in items:
        n = seen.get(label, 0) + 1
        seen[label] = n
        out.append((label if n == 1 else f"{label} ({n})", value))
    return out


def damage_text(hand: int | None, life: int | None) -> str:
    """An attack value as printed: ``2/ー``."""
    return f"{'ー' if hand is None else hand}/{'ー' if life is None else life}"
