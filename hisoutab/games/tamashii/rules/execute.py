"""B3, executing codes (TM-ACT-3, TM-CODE-1, TM-CODE-2): any number, one after another, each
matching its pattern on the launcher rotated but never mirrored; its chips go to storage before the
next (TM-CHIPOP-2); after B3 every damaged chip on the launcher goes to storage (TM-ACT-4)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome

from . import models as m
from . import vocabulary as v
from .board import acting_mods, launcher_address, launcher_chips, player, put, set_cells, to_storage
from .codes import chip_colour, in_core, matches
from .context import Context, kind_of
from .effects import apply
from .flow import FLOW, Chosen, ask, told
from .state import Player, State


@dataclass(frozen=True)
class Source:
    """A code the player may run now: its key, its words, its code, the clauses it cites."""

    key: str
    name: str
    code: m.Code
    clauses: tuple[str, ...]


def xp_code(ctx: Context) -> m.Code:
    return ctx.content.board.xp_code


def xp_sources(ctx: Context) -> Iterator[Source]:
    """The experience code (TM-XP-1.2, A-51): the board's four colours, or four chips of one colour
    in the same shape: one pattern per colour, all one code (its name, key and effects)."""
    code = xp_code(ctx)
    clauses = ("TM-XP-1.2", "TM-XP-1")
    if ctx.options["a51.xp_code"] == "colours":
        yield Source("xp", code.name, code, clauses)
        return
    for letter, colour in v.LETTERS.items():
        if colour in v.COLOURS:
            pattern = ["".join(ch if v.LETTERS[ch] is None else letter for ch in row)
                       for row in code.pattern]
            yield Source("xp", code.name, code.model_copy(update={"pattern": pattern}), clauses)


def sources(ctx: Context, s: State, p: Player) -> Iterator[Source]:
    """Every code the player may run (:func:`printed_sources`) as the core data chip has it played
    (TM-CHIP-1, A-27): as printed, a C position the core colour; or every coloured position the
    core colour, but for the experience code, whose four colours the source names (四色晶片, A-51)."""
    throughout = ctx.options["a27.core"] == "throughout"
    for src in printed_sources(ctx, s, p):
        if throughout and src.key != "xp":
            pattern = list(in_core(tuple(src.code.pattern)))
            src = Source(src.key, src.name, src.code.model_copy(update={"pattern": pattern}), src.clauses)
        yield src


def board_sources(ctx: Context) -> tuple[Source, ...]:
    """The codes every player may run all game (TM-CODE-2): the basic codes, the experience code
    and the campaign's special code; made when first asked."""
    fixed: tuple[Source, ...] | None = ctx.board_sources
    if fixed is None:
        special = ctx.content.campaign.special_code
        fixed = ctx.board_sources = (
            *(Source(f"basic:{code.id}", code.name, code, ("TM-CODE-2.1",))
              for code in ctx.content.board.basic_codes),
            *xp_sources(ctx),
            Source("special", special.name, special, ("TM-CODE-2.4",)))
    return fixed


def printed_sources(ctx: Context, s: State, p: Player) -> Iterator[Source]:
    """Every code the player may run (TM-CODE-2), as printed: the basic codes, the experience code,
    the campaign's special code, the acting mods' codes, the primary enemy's Hack and Expel, the
    Transfer codes of cyberbodies (A-47)."""
    yield from board_sources(ctx)
    for mod in acting_mods(ctx, p):
        if mod.code is not None:
            yield Source(f"mod:{mod.id}", mod.name, mod.code, ("TM-CODE-2.2", "TM-MOD-5"))
    if p.enemies:
        enemy = ctx.content.enemies[kind_of(p.enemies[0].card)]
        yield Source("hack", f"Hack {enemy.name}", enemy.hack, ("TM-CODE-2.3", "TM-ENEMY-3"))
        yield Source("expel", f"Expel {enemy.name}", enemy.expel, ("TM-CODE-2.3", "TM-ENEMY-3"))
    bodies = p.transfers if ctx.options["a47.transfer"] == "taken" else (kind_of(p.bodies[0]),)
    for body_id in bodies:
        transfer = ctx.content.body(body_id).transfer
        if transfer is not None:
            yield Source(f"transfer:{body_id}", f"{transfer.name or body_id} (Transfer)", transfer,
                         ("TM-BODY-4",))


@lru_cache(maxsize=1024)
def _cells(cells: tuple[tuple[int, int], ...]) -> str:
    return " ".join(launcher_address(r, c) for r, c in cells)


def decide_codes(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    ran = set(frame[2]) if len(frame) > 2 else set()
    p = player(s, name)
    repeat, wild = ctx.options["a30.repeat"], ctx.options["a29.wild"]
    options = []
    for src in sources(ctx, s, p):
        if not repeat and src.key in ran:
            continue
        for match in matches(tuple(src.code.pattern), p.launcher, p.core, wild):
            options.append(Option(f"run {src.name} on {_cells(match.cells)}",
                                  [src.key, match.angle, [list(c) for c in match.cells]]))
    return ask("codes", name, [Option("done executing codes"), *options] if options else [],
               ("TM-ACT-3", "TM-CODE-1"), "codes", "B3: execute a code?")


def _find(ctx: Context, s: State, p: Player, key: str) -> Source:
    return next(src for src in sources(ctx, s, p) if src.key == key)


@FLOW.choice("codes", phase="action", decide=decide_codes,
             clauses=("TM-ACT-3", "TM-CODE-1", "TM-CODE-2", "TM-CODE-2.1", "TM-CODE-2.2", "TM-CODE-2.3",
                      "TM-CODE-2.4", "TM-CHIPOP-2", "TM-ENEMY-3", "TM-MOD-5", "TM-XP-1.2", "TM-XP-1",
                      "TM-CHIP-1", "TM-BODY-4", "TM-LNCH-4"),
             next=(("codes", "another code"), ("codes.end", "B3 is over")))
def codes(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """B3 (optional): execute a code whose pattern the launcher shows in one of its rotations,
    never mirrored (TM-CODE-1); a C position asks for the core data chip's colour (TM-CHIP-1, A-27:
    or every coloured position does) and a wild chip fills any position (A-29). Its effects apply,
    then the chips it used go to storage (TM-CHIPOP-2) before the next code."""
    name = frame[1]
    ran = tuple(frame[2]) if len(frame) > 2 else ()
    if chosen is None or chosen[name].value is None:
        return Outcome(s, f"{name} executes no more codes", clauses=("TM-ACT-3",))
    key, angle, cells = chosen[name].value
    p = player(s, name)
    src = _find(ctx, s, p, key)
    a = apply(ctx, s, name, src.code.effects)
    p = player(a.state, name)
    used = tuple(p.launcher[r][c] for r, c in cells)
    p = set_cells(p, ((r, c, "") for r, c in cells))
    a.state = to_storage(ctx, put(a.state, p), name, used)
    core = ("TM-CHIP-1",) if any("C" in row for row in src.code.pattern) else ()
    event = {"type": "code", "player": name, "code": key, "angle": angle, "cells": [list(c) for c in cells]}
    return told(a, f"{name} runs {src.name} (rotated {angle}°) on {_cells(tuple(map(tuple, cells)))}",
                then=(("codes", name, [*ran, key]),),
                clauses=("TM-ACT-3", "TM-CODE-1", "TM-CODE-2", "TM-CHIPOP-2", "TM-LNCH-4", *src.clauses,
                         *core),
                events=(event,))


@FLOW.auto("codes.end", phase="action", clauses=("TM-ACT-4",), next=())
def codes_end(ctx: Context, s: State, frame: Frame) -> Outcome:
    """After B3 every damaged chip on the launcher goes to storage by itself (A-15, settled)."""
    name = frame[1]
    p = player(s, name)
    damaged = [(r, c, x) for r, c, x in launcher_chips(p) if chip_colour(x) == v.DAMAGED]
    p = set_cells(p, ((r, c, "") for r, c, _ in damaged))
    s = to_storage(ctx, put(s, p), name, tuple(x for _, _, x in damaged))
    return Outcome(s, f"{name}'s B3 is over: {len(damaged)} damaged chip(s) go to storage")
