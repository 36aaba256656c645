"""Helpers shared by the two-player board duels (HisouTab 0.45.2 and its draft): players by index,
pieces that face each other, cells and card names in sentences. Each ruleset's state has
``players`` (two records with ``x``, ``facing``) and its context ``auto_facing`` and ``cards``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from hisoutab.engine.record import replace

PLAYERS = ("P1", "P2")
S = TypeVar("S")


def pn(i: int) -> str:
    """The name of player ``i`` (0 → "P1")."""
    return PLAYERS[i]


def setp(s: S, i: int, p: Any) -> S:
    """The state with player ``i`` replaced."""
    players = s.players  # type: ignore[attr-defined]
    return replace(s, players=(p, players[1]) if i == 0 else (players[0], p))


def cell(x: int, y: int) -> str:
    return f"({x},{y})"


def face_each_other(ctx: Any, s: S) -> S:
    """With ``facing.auto``, after a change of position the pieces turn to face each other (pieces
    on one column keep their facing)."""
    if not ctx.auto_facing:
        return s
    a, b = s.players  # type: ignore[attr-defined]
    if a.x == b.x:
        return s
    fa, fb = (1, -1) if a.x < b.x else (-1, 1)
    if a.facing == fa and b.facing == fb:
        return s
    return replace(s, players=(replace(a, facing=fa), replace(b, facing=fb)))


def names(ctx: Any, iids: Iterable[str]) -> str:
    """Card names for a sentence ("nothing" for none)."""
    iids = list(iids)
    return ", ".join(ctx.cards[c].name for c in iids) if iids else "nothing"


class DuelRuleset:
    """What the duels' rulesets share: the trace's time and turn player, and the result."""

    def turn_info(self, s: Any) -> tuple[int, str]:
        if not s.participants:
            return s.time, "-"
        return s.time, "+".join(PLAYERS[i] for i in s.participants)

    def result(self, s: Any) -> dict[str, Any]:
        return {"winner": s.winner, "time": s.time, "turns": s.turn,
                "hp": {p.name: p.hp for p in s.players}}
