"""The checks a world activity or a learning protocol's stage tests (:data:`vocabulary.CONDITIONS`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .context import Context
from .state import Player, State


def figure(ctx: Context, value: Any) -> int:
    """A check's number (``needed``: the uplinks the player count needs; ``limit``: the round limit)."""
    if value == "needed":
        return ctx.uplinks_needed
    if value == "limit":
        return ctx.round_limit
    return int(value)


def _resources(p: Player, value: dict[str, int]) -> bool:
    return all(getattr(p, r) >= n for r, n in value.items())


WORLD: dict[str, Callable[[Context, State, Any], bool]] = {
    "uplinks_at_least": lambda ctx, s, n: s.uplinks >= figure(ctx, n),
    "damaged_left_at_most": lambda ctx, s, n: len(s.damaged) <= n,
    "round_at_least": lambda ctx, s, n: s.round >= figure(ctx, n),
}
PLAYER: dict[str, Callable[[Player, Any], bool]] = {
    "trace_at_most": lambda p, n: p.trace <= n,
    "xp_at_least": lambda p, n: p.xp >= n,
    "equipped_at_least": lambda p, n: len(p.equipped) >= n,
    "mods_at_least": lambda p, n: len(p.mods) + len(p.equipped) >= n,
    "hp_max_at_least": lambda p, n: p.hp_max >= n,
    "enemies_at_least": lambda p, n: len(p.enemies) >= n,
    "enemies_at_most": lambda p, n: len(p.enemies) <= n,
    "resource_at_least": _resources,
}


def holds(ctx: Context, s: State, p: Player | None, check: dict[str, Any]) -> bool:
    (word, value), = check.items()
    if word in WORLD:
        return WORLD[word](ctx, s, value)
    if p is None:  # a player's condition in a world activity: any player
        return any(PLAYER[word](q, value) for q in s.players)
    return PLAYER[word](p, value)


def words(check: dict[str, Any]) -> str:
    (word, value), = check.items()
    return f"{word.replace('_', ' ')} {value}"
