"""The board of both HisouTab pictures: the grid (ground row at the bottom, rows and columns
labelled), highlighted cells, the cells a card's range reaches, and the parts of a bullet token
every version draws (the arrow of a straight bullet, the ring of a tracing one)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from hisoutab.presentation.svg import HIGHLIGHT, MUTED, el, polygon, text, title

CELL = 64
LEFT = 70  # the row labels
TOP = 28  # the "Board" label
GROUND = "#e6d5b0"
AIR = "#f2f7fd"
GRID = "#9aa5b1"
GROUND_LINE = "#7a5a2a"


def reach_cells(ctx: Any, p: Any, reach: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The board cells of a range (offsets drawn facing right) turned to ``p``'s facing and placed at
    its piece, sorted; cells off the board are left out."""
    cells = {(p.x + dx * p.facing, p.y + dy) for dx, dy in reach}
    return tuple(sorted(c for c in cells if ctx.on_board(*c)))


def board_size(ctx: Any) -> tuple[float, float]:
    """Width and height of the board drawing, labels included."""
    return LEFT + ctx.width * CELL, TOP + ctx.height * CELL + 30


def cell_xy(ctx: Any, gx: float, gy: float, x: int, y: int) -> tuple[float, float]:
    """Top-left corner of cell (x, y): column 1 leftmost, row 0 (the ground) at the bottom."""
    return gx + (x - 1) * CELL, gy + (ctx.height - 1 - y) * CELL


def _rows(ctx: Any, gx: float, gy: float, prefix: str, row_ids: bool) -> list[str]:
    out: list[str] = []
    for y in range(ctx.height):
        cx, cy = cell_xy(ctx, gx, gy, 1, y)
        ground = y == 0
        out.append(el("rect", {"class": "board-row", "id": f"{prefix}-row-{y}" if row_ids else None,
                               "data-y": y, "data-ground": "true" if ground else "false", "x": cx, "y": cy,
                               "width": ctx.width * CELL, "height": CELL, "fill": GROUND if ground else AIR}))
        out.append(text(gx - 8, cy + CELL / 2 - 2, f"y={y}", size=13, anchor="end", weight="bold"))
        out.append(text(gx - 8, cy + CELL / 2 + 14, "ground" if ground else "air", size=12, anchor="end",
                        fill=MUTED))
    return out


def _lines(ctx: Any, gx: float, gy: float, line_width: int | None) -> list[str]:
    w, h = ctx.width, ctx.height
    out: list[str] = []
    for x in range(w + 1):
        lx = gx + x * CELL
        out.append(el("line", {"x1": lx, "y1": gy, "x2": lx, "y2": gy + h * CELL, "stroke": GRID,
                               "stroke-width": line_width}))
    for y in range(h + 1):
        ly = gy + y * CELL
        out.append(el("line", {"x1": gx, "y1": ly, "x2": gx + w * CELL, "y2": ly, "stroke": GRID,
                               "stroke-width": line_width}))
    out.append(el("line", {"x1": gx, "y1": gy + h * CELL, "x2": gx + w * CELL, "y2": gy + h * CELL,
                           "stroke": GROUND_LINE, "stroke-width": 3}))
    for x in range(1, w + 1):
        out.append(text(gx + (x - 0.5) * CELL, gy + h * CELL + 20, x, size=13, anchor="middle",
                        weight="bold", cls="column-label"))
    out.append(text(gx - 8, gy + h * CELL + 20, "x", size=13, anchor="end", fill=MUTED))
    return out


def _highlights(ctx: Any, gx: float, gy: float, cells: Iterable[tuple[int, int]], prefix: str) -> list[str]:
    out: list[str] = []
    for x, y in cells:
        cx, cy = cell_xy(ctx, gx, gy, x, y)
        out.append(el("rect", {"class": "highlight", "id": f"{prefix}-hl-{x}-{y}", "data-x": x, "data-y": y,
                               "x": cx + 2, "y": cy + 2, "width": CELL - 4, "height": CELL - 4,
                               "fill": HIGHLIGHT, "fill-opacity": 0.35, "stroke": HIGHLIGHT,
                               "stroke-width": 2, "stroke-dasharray": "6 3"},
                      title(f"highlighted cell ({x}, {y})")))
    return out


def board_grid(ctx: Any, ox: float, oy: float, cells: Iterable[tuple[int, int]], prefix: str, *,
               row_ids: bool, line_width: int | None) -> list[str]:
    """The "Board" label, the rows (ground shaded, air above) with their labels, the grid lines,
    the thicker ground line, the column labels and the highlighted ``cells`` (translucent overlays
    for the pieces to stand on), with the label's top-left corner at (ox, oy). ``row_ids``: each
    row has an id; ``line_width``: the grid lines' stroke width (None: the default)."""
    gx, gy = ox + LEFT, oy + TOP
    return [text(gx, oy + 16, "Board", size=15, weight="bold"), *_rows(ctx, gx, gy, prefix, row_ids),
            *_lines(ctx, gx, gy, line_width), *_highlights(ctx, gx, gy, cells, prefix)]


def crowd_spots(n: int, scale: float) -> list[tuple[float, float, float]]:
    """``n`` bullet tokens in one cell as an even grid over it: offsets from the cell's centre and
    radii (``scale`` of a grid step)."""
    k = math.ceil(math.sqrt(n))
    step = (CELL - 8) / k
    return [(-(CELL - 8) / 2 + step * (j % k + 0.5), -(CELL - 8) / 2 + step * (j // k + 0.5), step * scale)
            for j in range(n)]


def bullet_marks(cx: float, cy: float, r: float, color: str, kind: str, dx: int, dy: int, *,
                 tip: float, head: float) -> list[str]:
    """What a bullet token shows around its disc: an arrow along (dx, dy) (y up) for a straight
    bullet (reaching at least ``tip`` past the disc, its head at least ``head`` long), a dashed ring
    for a tracing one."""
    out: list[str] = []
    if kind == "straight" and (dx or dy):
        n = math.hypot(dx, dy)
        ux, uy = dx / n, -dy / n
        reach = r + max(tip, r * 1.05)
        size = max(head, r * 0.7)
        bx, by = cx + ux * (reach - size), cy + uy * (reach - size)
        for stroke, width in (("#ffffff", 5.5), (color, 2.6)):
            out.append(el("line", {"x1": cx, "y1": cy, "x2": bx, "y2": by, "stroke": stroke,
                                   "stroke-width": width, "stroke-linecap": "round"}))
        px, py = -uy * size * 0.7, ux * size * 0.7
        out.append(polygon([(cx + ux * reach, cy + uy * reach), (bx + px, by + py), (bx - px, by - py)],
                           **{"class": "arrow", "fill": color, "stroke": "#ffffff", "stroke-width": 1,
                              "stroke-linejoin": "round"}))
    if kind == "trace":
        out.append(el("circle", {"class": "trace-ring", "cx": cx, "cy": cy, "r": r + 3.5, "fill": "#ffffff",
                                 "fill-opacity": 0.6, "stroke": color, "stroke-width": 1.8,
                                 "stroke-dasharray": "3 2"}))
    return out
