"""Helpers shared by the two-player board duels (HisouTab 0.45.2 and its draft): players by index,
pieces that face each other, cells and card names in sentences. Each ruleset's state has
``players`` (two records with ``x``, ``facing``) and its context ``auto_facing`` and ``cards``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, field_validator

from hisoutab.engine.contract import Capabilities, Result, RulesetBase
from hisoutab.engine.record import replace

PLAYERS = ("P1", "P2")


class Duel(Protocol):
    """A duel's state: its two players' records (each with ``x`` and ``facing``)."""

    @property
    def players(self) -> tuple[Any, Any]: ...


S = TypeVar("S", bound=Duel)


def pn(i: int) -> str:
    """The name of player ``i`` (0 → "P1")."""
    return PLAYERS[i]


def setp(s: S, i: int, p: Any) -> S:
    """The state with player ``i`` replaced (the same state when the record is the same)."""
    players = s.players
    if p is players[i]:
        return s
    return replace(s, players=(p, players[1]) if i == 0 else (players[0], p))


def cell(x: int, y: int) -> str:
    return f"({x},{y})"


def face_each_other(ctx: Any, s: S) -> S:
    """With ``facing.auto``, after a change of position the pieces turn to face each other (pieces
    on one column keep their facing)."""
    if not ctx.auto_facing:
        return s
    a, b = s.players
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


class DuelSetup(BaseModel):
    """The setup of a duel: the two characters (ids of the ruleset's character files, paths of
    ``.yaml`` files, or character records); none given: the default pair, miko and magician."""

    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)

    characters: tuple[Any, Any] | None = ("miko", "magician")

    @field_validator("characters", mode="before")
    @classmethod
    def _two(cls, value: Any) -> Any:
        if value is None:
            return None
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ValueError("expected a list of two character ids, e.g. [miko, magician]")
        for v in value:
            if not isinstance(v, str) and not hasattr(v, "id"):
                raise ValueError(f"{v!r} is not a character id; expected a list of two ids")
        return tuple(value)


def setup_characters(setup: Any) -> tuple[Any, ...] | None:
    """The characters named by a setup (a :class:`DuelSetup` or a plain mapping)."""
    if setup is None:
        return None
    if isinstance(setup, Mapping):
        chars = setup.get("characters")
    else:
        chars = getattr(setup, "characters", None)
    return tuple(chars) if chars else None


class DuelRuleset(RulesetBase):
    """What the duels' rulesets share: two players, simultaneous decisions, chance in the setup,
    the setup schema, the trace's time and turn player, and the result."""

    setup_schema = DuelSetup
    capabilities = Capabilities(min_players=2, max_players=2, simultaneous=True, chance=True,
                                hidden_information=True)
    time_axis = "time"
    length_figures = ("turns",)
    notable_events = frozenset({
        "damage", "hit", "guard", "guard_crush", "spell", "knockdown", "bullet_hit", "spirit_break",
        "special", "upgrade", "counter_hit", "parry", "block", "awaken", "end"})
    character_flags = {"p1": "characters.0", "p2": "characters.1"}

    def card_pool(self, ctx: Any) -> tuple[str, ...]:
        """Every card instance of the duel: the context's cards."""
        return tuple(ctx.cards)

    def turn_info(self, s: Any) -> tuple[int, str]:
        if not s.participants:
            return s.time, "-"
        return s.time, "+".join(PLAYERS[i] for i in s.participants)

    def end_check(self, ctx: Any, s: Any) -> Any:
        """A player at 0 HP (an edit): the next step is the game's end (H-GOAL-1 / D-GOAL-1)."""
        if (s.agenda and s.winner is None and s.agenda[-1][:1] != ("game.over",)
                and any(p.hp <= 0 for p in s.players)):
            return replace(s, agenda=(*s.agenda, ("game.over",)))
        return s

    def result(self, s: Any) -> Result:
        figures = {"time": s.time, "turns": s.turn, "hp": {p.name: p.hp for p in s.players}}
        if s.winner is None:
            return Result("unfinished", figures=figures)
        if s.winner == "draw":
            return Result("draw", figures=figures)
        return Result("win", winner=s.winner, figures=figures)


def parse_range(text: str) -> tuple[tuple[int, int], ...]:
    """A range grid: rows top (highest) to bottom, ``G`` the attacker's cell, ``R`` attacked cells,
    ``.`` nothing; drawn facing right. Returns the attacked offsets (dx, dy)."""
    rows = [r.strip() for r in text.strip("\n").splitlines() if r.strip()]
    if not rows:
        raise ValueError("an empty range grid; expected rows of G, R and . with one G")
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        raise ValueError("range grid rows have different lengths; expected a rectangle of G, R, .")
    bad = {ch for r in rows for ch in r} - set("GR.")
    if bad:
        raise ValueError(f"range grid has {''.join(sorted(bad))!r}; expected only G, R and .")
    gs = [(ri, ci) for ri, r in enumerate(rows) for ci, ch in enumerate(r) if ch == "G"]
    if len(gs) != 1:
        raise ValueError(f"range grid has {len(gs)} G cells; expected exactly one (the attacker)")
    g_row, g_col = gs[0]
    reach = tuple(sorted((ci - g_col, g_row - ri) for ri, r in enumerate(rows)
                         for ci, ch in enumerate(r) if ch == "R"))
    if not reach:
        raise ValueError("range grid has no R cell; expected at least one attacked cell")
    return reach
