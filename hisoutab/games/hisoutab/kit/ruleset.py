"""What the rulesets of both HisouTab versions share beyond :class:`DuelRuleset`: the players,
the context built from the version's context type, the rules reference beside the version's
rules, and the range checks of the fields every position has."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from hisoutab.engine.options import Options
from hisoutab.games.hisoutab.duel import PLAYERS, DuelRuleset

WINNERS = (None, "P1", "P2", "draw")


class HisouTabRuleset(DuelRuleset):
    """A HisouTab version: ``context_type(options, setup)`` makes its context; ``rules`` (the
    folder of the version's rules, a class keyword) puts the reference at ``../reference.md``."""

    players = PLAYERS
    context_type: ClassVar[Callable[[Options, Any], Any]]

    def __init_subclass__(cls, *, rules: Path | None = None, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if rules is not None:
            cls.reference = rules.resolve().parent / "reference.md"

    def context(self, options: Options, setup: Any = None) -> Any:
        return type(self).context_type(options, setup)


def check_position(s: Any, problems: list[str]) -> None:
    """The ranges of the position's own fields: time and turn, the initiative token, the first
    player, the winner (none while steps are on the agenda), the players taking part."""
    if s.time < 0 or s.turn < 0:
        problems.append(f"time {s.time} and turn {s.turn} must be ≥ 0")
    if s.initiative not in (0, 1):
        problems.append(f"initiative {s.initiative!r}: expected P1 or P2")
    if s.first not in (None, 0, 1):
        problems.append(f"first {s.first!r}: expected P1, P2 or unset")
    if s.winner not in WINNERS:
        problems.append(f"winner {s.winner!r}: expected P1, P2, draw or none")
    if s.winner is not None and s.agenda:
        problems.append(f"winner {s.winner} but steps are still on the agenda")
    if len(set(s.participants)) != len(s.participants) or any(i not in (0, 1) for i in s.participants):
        problems.append(f"participants {list(s.participants)}: expected distinct players P1, P2")
    # special_done beyond the time is allowed: scenarios set it to keep the coming cells quiet


def check_bullet(b: Any, problems: list[str]) -> None:
    """A bullet's owner (a player) and direction (each of dx, dy -1, 0 or 1)."""
    if b.owner not in (0, 1):
        problems.append(f"bullet {b.id}: owner {b.owner!r}; expected P1 or P2")
    if b.dx not in (-1, 0, 1) or b.dy not in (-1, 0, 1):
        problems.append(f"bullet {b.id}: direction ({b.dx},{b.dy}); each of dx, dy is -1, 0 or 1")


def check_facing(p: Any, problems: list[str]) -> None:
    """A piece faces right (1) or left (-1)."""
    if p.facing not in (1, -1):
        problems.append(f"{p.name}: facing {p.facing!r}; expected right (1) or left (-1)")
