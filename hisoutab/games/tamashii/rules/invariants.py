"""TAMASHII's invariants: the fields' ranges first, then the card ledger and the sense of a state."""

from __future__ import annotations

from typing import Any

from . import vocabulary as v
from .board import CAP
from .context import Context, kind_of
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


def _kinds(ctx: Context) -> dict[str, frozenset[str]]:
    c = ctx.content
    chips = frozenset((*v.COLOURS, v.WILD, v.DAMAGED))
    return {
        "chip": chips, "tile": frozenset(t.id for t in c.map.face_down),
        "enemy": frozenset(c.enemies), "gang": frozenset(c.gang_mods), "class": frozenset(c.class_mods),
        "body": frozenset(c.bodies), "protocol": frozenset(c.protocols),
    }


#: shared zone field → the kind of card it holds
SHARED_KINDS = {"tile_stack": "tile", "enemy_deck": "enemy", "enemy_discard": "enemy", "supply": "chip",
                "damaged": "chip", "clinic": "body", "protocols": "protocol",
                **{f"gang_{g}": "gang" for g in v.GANGS}}
PLAYER_KINDS = {"bag": "chip", "storage": "chip", "class_deck": "class", "drawn": "class"}


def _wrong_kinds(ctx: Context, s: State) -> list[str]:
    """A card in a zone that never holds its kind (a chip among the tiles, a tile in a bag)."""
    kinds = _kinds(ctx)
    out = []
    for field, kind in SHARED_KINDS.items():
        bad = [x for x in getattr(s, field) if kind_of(x) not in kinds[kind]]
        if bad:
            out.append(f"{field}: {bad[0]} is not a {kind} card")
    for k, p in enumerate(s.players):
        for field, kind in PLAYER_KINDS.items():
            bad = [x for x in getattr(p, field) if kind_of(x) not in kinds[kind]]
            if bad:
                out.append(f"players.{k}.{field}: {bad[0]} is not a {kind} card")
        bad = [x for row in p.launcher for x in row if x and kind_of(x) not in kinds["chip"]]
        if bad:
            out.append(f"players.{k}.launcher: {bad[0]} is not a chip")
    return out


def _bags(ctx: Context, s: State) -> list[str]:
    """A-7 Reading 2: the one bag and storage of all players are the first seat's; nobody else's
    bag or storage holds a chip."""
    if ctx.options["a7.bag"] != "shared":
        return []
    return [f"{p.name}: a bag or storage of their own beside the shared one (A-7)"
            for p in s.players[1:] if p.bag or p.storage]


def invariants(ruleset: Any, ctx: Context, s: State) -> list[str]:
    problems: list[str] = []
    if not s.map:  # before the setup: nothing is out yet
        out = [p.name for p in s.players if p.bag or p.bodies or p.launcher]
        return [f"players: {', '.join(out)} hold pieces before the setup"] if out else []
    for k, p in enumerate(s.players):
        problems += _player(ctx, k, p)
    if problems:
        return problems
    problems += _wrong_kinds(ctx, s) + _bags(ctx, s)
    if problems:
        return problems
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
