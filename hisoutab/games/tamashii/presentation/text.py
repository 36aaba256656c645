"""TAMASHII in the terminal (``hisoutab show``, ``play``): the campaign line, the map, and each
player's board — launcher, tracks, cyberbodies, mods, protocol, enemy row."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Group
from rich.text import Text

from hisoutab.presentation.base import Presentation
from hisoutab.presentation.cards import CardFace

from ..rules.codes import chip_colour
from ..rules.context import kind_of
from ..rules.state import Player, Site
from .faces import face
from .facts import shared_bag

LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "wild": "W", "damaged": "D"}


def launcher_rows(ctx: Any, p: Player) -> list[str]:
    """The launcher as letters: a chip's colour letter, ``·`` an empty light cell, ``:`` a dark one,
    ``#`` a locked one."""
    rows = []
    for r, row in enumerate(p.launcher):
        cells = []
        for c, chip in enumerate(row):
            kind = ctx.launcher_kinds[r][c]
            if chip:
                cells.append(LETTER.get(chip_colour(chip), "?"))
            elif kind == "X" and r not in p.unlocked:
                cells.append("#")
            else:
                cells.append("·" if kind in "LX" else ":")
        rows.append(" ".join(cells))
    return rows


def _chips(ctx: Any, p: Player, holder: str) -> str:
    """The bag and storage: the player's own, or (A-7 Reading 2) the shared ones, named once on the
    board of ``holder``, the first seat."""
    if not shared_bag(ctx):
        return f"bag {len(p.bag)} · storage {len(p.storage)}"
    if p.name != holder:
        return f"bag and storage shared (on {holder}'s board)"
    return f"shared bag {len(p.bag)} · shared storage {len(p.storage)}"


def _player(ctx: Any, p: Player, holder: str) -> list[Text]:
    body = ctx.content.body(kind_of(p.bodies[0])).name if p.bodies else "-"
    head = f"{p.name} · {p.class_id} · {body} · core {p.core} · at map[{p.at[0]}][{p.at[1]}]"
    lines = [Text(head, style="bold"),
             Text(f"  HP {p.hp}/{p.hp_max} · trace {p.trace} · XP {p.xp} · Shield {p.shield} · "
                  f"Memory {p.memory} · Power {p.power} · Reroll {p.reroll}")]
    for row in launcher_rows(ctx, p):
        lines.append(Text(f"  | {row} |"))
    lines.append(Text(f"  {_chips(ctx, p, holder)} · mods {len(p.mods)} held, "
                      f"{len(p.equipped)} equipped · protocol stage {p.stage}"))
    if p.enemies:
        row = ", ".join(f"{ctx.content.enemies[kind_of(f.card)].name} {f.damage}/"
                        f"{ctx.content.enemies[kind_of(f.card)].hp}" for f in p.enemies)
        lines.append(Text(f"  enemies (primary first): {row}"))
    return lines


def _map(ctx: Any, s: Any) -> list[Text]:
    here = {tuple(p.at): p.name for p in s.players}
    lines = []
    for r, row in enumerate(s.map):
        cells = []
        for c, cell in enumerate(row):
            if isinstance(cell, Site) and cell.tile:
                name = ctx.content.tiles[kind_of(cell.tile)].name
            else:
                name = f"? {ctx.content.markers[kind_of(s.markers[r][c])].name}" if s.markers[r][c] else "?"
            who = here.get((r, c))
            cells.append(f"{name[:16]:16}{'@' + who if who else '':4}")
        lines.append(Text("  " + " | ".join(cells)))
    return lines


class TamashiiText(Presentation):
    """TAMASHII's own terminal text and card faces (the picture: :mod:`.show`)."""

    def title(self, ctx: Any, state: Any) -> str:
        return f"TAMASHII · round {state.round} · {state.phase} · uplinks {state.uplinks}"

    def text(self, ctx: Any, state: Any, *, designer: bool = False, highlight: Iterable[Any] = ()) -> Any:
        if not state.map:
            return super().text(ctx, state, designer=designer, highlight=highlight)
        lines = [Text(self.title(ctx, state), style="bold"),
                 Text(f"enemy deck {len(state.enemy_deck)} · damaged chips left {len(state.damaged)} · "
                      f"uplinks {state.uplinks}/{ctx.uplinks_needed}")]
        lines += _map(ctx, state)
        for p in state.players:
            lines += _player(ctx, p, state.players[0].name)
        if state.outcome:
            lines.append(Text(f"{state.outcome}: {state.reason}", style="bold"))
        return Group(*lines)

    def card_face(self, ctx: Any, state: Any, card: str) -> CardFace | None:
        return face(ctx.content, card)

