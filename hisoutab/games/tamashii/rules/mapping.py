"""The map: places and their neighbours (A-3), which tiles are revealed, and where a character can
move (TM-ACT-1: within movement power; TM-MOVE-1: never through an unrevealed place)."""

from __future__ import annotations

from collections import deque

from .context import Context, kind_of
from .state import Site, State

Place = tuple[int, int]


def neighbours(ctx: Context, s: State, at: Place) -> list[Place]:
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if ctx.options["a3.adjacency"] == "diagonal":
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    rows, cols = len(s.map), len(s.map[0])
    r, c = at
    return [(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < rows and 0 <= c + dc < cols]


def site(s: State, at: Place) -> Site:
    """The place's tile (an unrevealed place: a face-down ``Site`` with no tile)."""
    cell = s.map[at[0]][at[1]]
    return cell if isinstance(cell, Site) else Site()


def tile_name(ctx: Context, s: State, at: Place) -> str:
    here = site(s, at)
    return ctx.content.tiles[kind_of(here.tile)].name if here.up else "an unrevealed place"


def reachable(ctx: Context, s: State, start: Place, reach: int) -> dict[Place, tuple[Place, ...]]:
    """Every place within ``reach`` steps, with the path that gets there (the places entered, the
    destination last). Only revealed places are passed through; an unrevealed one may end a move
    (A-32 Reading 1) but not be passed, or (A-32 Reading 2, revealed by moving next to it) is
    neither passed nor entered."""
    enter = ctx.options["a32.explore"] == "enter"
    paths: dict[Place, tuple[Place, ...]] = {start: ()}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        if len(paths[at]) >= reach or (at != start and not site(s, at).up):
            continue
        for nxt in neighbours(ctx, s, at):
            if nxt not in paths and (enter or site(s, nxt).up):
                paths[nxt] = paths[at] + (nxt,)
                queue.append(nxt)
    del paths[start]
    return paths


def hidden_neighbours(ctx: Context, s: State, at: Place) -> list[Place]:
    """The unrevealed places next to ``at`` (A-3), the ones a move ending there reveals (A-32
    Reading 2)."""
    return [n for n in neighbours(ctx, s, at) if not site(s, n).up]
