"""TAMASHII's invariants: the fields' ranges first, then the card ledger and the sense of a state."""

from __future__ import annotations

from typing import Any

from . import vocabulary as v
from .board import CAP
from .context import Context
from .state import Player, State


def _player(ctx: Context, k: int, p: Player) -> list[str]:
    out = []
    where = f"players.{k}"
    for res in v.RESOURCES:
        n = getattr(p, res)
        if not 0 <= n <= CAP:
            out.append(f"{where}.{res}: {n} outside 0..{CAP} (TM-RES-2)")
    if ctx.options["a42.cap"] == "total" and sum(getattr(p, r) for r in v.RESOURCES) > CAP:
        out.append(f"{where}: the resources together exceed {CAP} (A-42)")
    if not 0 <= p.hp <= p.hp_max:
        out.append(f"{where}.hp: {p.hp} outside 0..{p.hp_max}")
    if not 0 <= p.trace < ctx.content.board.trace_top:
        out.append(f"{where}.trace: {p.trace} outside 0..{ctx.content.board.trace_top - 1}")
    if not 1 <= len(p.bodies) <= 2:
        out.append(f"{where}.bodies: {len(p.bodies)} cyberbodies, expected 1 or 2 (TM-BODY-1)")
    if p.xp < 0 or p.points < 0:
        out.append(f"{where}: negative XP or programming points")
    shape = (len(ctx.launcher_kinds), len(ctx.launcher_kinds[0]))
    if p.launcher and (len(p.launcher), len(p.launcher[0])) != shape:
        out.append(f"{where}.launcher: not {shape[0]}×{shape[1]}")
    for r, row in enumerate(p.launcher):
        for c, chip in enumerate(row):
            if chip and ctx.launcher_kinds[r][c] == "X" and r not in p.unlocked:
                out.append(f"{where}.launcher: a chip in the locked cell launcher[{r}][{c}] (TM-LNCH-3)")
    return out


def invariants(ruleset: Any, ctx: Context, s: State) -> list[str]:
    problems: list[str] = []
    for k, p in enumerate(s.players):
        problems += _player(ctx, k, p)
    if problems:
        return problems
    if s.map:
        problems += ruleset.card_problems(ctx, s)
    if s.outcome not in (None, "victory", "defeat"):
        problems.append(f"outcome: {s.outcome!r}, expected victory or defeat")
    if not s.agenda and s.outcome is None:
        problems.append("the agenda is empty but the campaign is not decided")
    c = s.combat
    if c is not None and c.at is not None and not c.skipped:
        row = next((len(p.enemies) for p in s.players if p.name == c.player), 0)
        if not 0 <= c.at < max(row, 1) and row:
            problems.append(f"combat.at: {c.at} outside the enemy row of {row}")
    return problems
