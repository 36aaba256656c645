"""The board: a grid of cells (ground row at the bottom), both character pieces and highlighted cells."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .svg import HIGHLIGHT, INK, MUTED, PLAYER_COLORS, el, group, polygon, text, title

CELL = 64
GROUND = "#e6d5b0"
AIR = "#f2f7fd"
GRID = "#9aa5b1"


def attack_cells(ctx: Any, state: Any, player: int, iid: str, side: str = "") -> tuple[tuple[int, int], ...]:
    """The board cells a card would attack if ``player`` played it now: its reach (offsets facing
    right) turned to the player's facing and placed at the piece. Cells off the board are left out."""
    p = state.players[player]
    card = ctx.cards[iid].face(side)
    cells = {(p.x + dx * p.facing, p.y + dy) for dx, dy in card.reach}
    return tuple(sorted(c for c in cells if ctx.on_board(*c)))


def highlight_cells(ctx: Any, highlight: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The distinct on-board cells of ``highlight``, in a fixed order."""
    cells = {(int(x), int(y)) for x, y in highlight}
    return sorted(c for c in cells if 1 <= c[0] <= ctx.width and 0 <= c[1] < ctx.height)


def board_size(ctx: Any) -> tuple[float, float]:
    """Width and height of the board drawing, labels included."""
    return 70 + ctx.width * CELL, 28 + ctx.height * CELL + 30


def _cell_xy(ctx: Any, ox: float, oy: float, x: int, y: int) -> tuple[float, float]:
    """Top-left corner of cell (x, y): column x = 1 is leftmost, row y = 0 is the bottom row."""
    return ox + (x - 1) * CELL, oy + (ctx.height - 1 - y) * CELL


def render_board(ctx: Any, state: Any, ox: float, oy: float, *, highlight: Iterable[tuple[int, int]] = (),
                 prefix: str = "hs") -> str:
    """The board with its top-left label corner at (ox, oy)."""
    gx, gy = ox + 70, oy + 28  # the grid's top-left corner
    w, h = ctx.width, ctx.height
    out: list[str] = [text(gx, oy + 16, "Board", size=15, weight="bold")]
    # rows: ground shaded, air above
    for y in range(h):
        cx, cy = _cell_xy(ctx, gx, gy, 1, y)
        ground = y == 0
        out.append(el("rect", {"class": "board-row", "data-y": y,
                               "data-ground": "true" if ground else "false", "x": cx, "y": cy,
                               "width": w * CELL, "height": CELL, "fill": GROUND if ground else AIR}))
        out.append(text(gx - 8, cy + CELL / 2 - 2, f"y={y}", size=13, anchor="end", weight="bold"))
        out.append(text(gx - 8, cy + CELL / 2 + 14, "ground" if ground else "air", size=12, anchor="end",
                        fill=MUTED))
    # grid lines
    for x in range(w + 1):
        lx = gx + x * CELL
        out.append(el("line", {"x1": lx, "y1": gy, "x2": lx, "y2": gy + h * CELL, "stroke": GRID,
                               "stroke-width": 1}))
    for y in range(h + 1):
        ly = gy + y * CELL
        out.append(el("line", {"x1": gx, "y1": ly, "x2": gx + w * CELL, "y2": ly, "stroke": GRID,
                               "stroke-width": 1}))
    # the ground line, thicker
    out.append(el("line", {"x1": gx, "y1": gy + h * CELL, "x2": gx + w * CELL, "y2": gy + h * CELL,
                           "stroke": "#7a5a2a", "stroke-width": 3}))
    for x in range(1, w + 1):
        out.append(text(gx + (x - 0.5) * CELL, gy + h * CELL + 20, x, size=13, anchor="middle",
                        weight="bold", cls="column-label"))
    out.append(text(gx - 8, gy + h * CELL + 20, "x", size=13, anchor="end", fill=MUTED))
    # highlighted cells (translucent overlays under the pieces)
    for x, y in highlight_cells(ctx, highlight):
        cx, cy = _cell_xy(ctx, gx, gy, x, y)
        out.append(el("rect", {"class": "highlight", "id": f"{prefix}-hl-{x}-{y}", "data-x": x, "data-y": y,
                               "x": cx + 2, "y": cy + 2, "width": CELL - 4, "height": CELL - 4,
                               "fill": HIGHLIGHT, "fill-opacity": 0.35, "stroke": HIGHLIGHT,
                               "stroke-width": 2, "stroke-dasharray": "6 3"},
                      title(f"highlighted cell ({x}, {y})")))
    # pieces; two pieces in one cell stand side by side
    where: dict[tuple[int, int], list[int]] = {}
    for i, p in enumerate(state.players):
        where.setdefault((p.x, p.y), []).append(i)
    for i, p in enumerate(state.players):
        share = where[(p.x, p.y)]
        cx, cy = _cell_xy(ctx, gx, gy, p.x, p.y)
        r = 20 if len(share) == 1 else 13
        dx = 0 if len(share) == 1 else (-15 if share.index(i) == 0 else 15)
        out.append(piece(ctx, p, i, cx + CELL / 2 + dx, cy + CELL / 2, r, prefix))
    return el("g", {"class": "board", "id": f"{prefix}-board"}, *out)


def piece(ctx: Any, p: Any, i: int, cx: float, cy: float, r: float, prefix: str) -> str:
    """A character piece: a circle with the player's name and a triangle on the side it faces."""
    color = PLAYER_COLORS[i]
    f = 1 if p.facing >= 0 else -1
    tip = cx + f * (r + 8)
    base = cx + f * (r - 1)
    tri = polygon([(base, cy - 7), (tip, cy), (base, cy + 7)], **{"class": "facing", "fill": color,
                                                                   "stroke": "#ffffff", "stroke-width": 1})
    name = ctx.characters[i].name if i < len(ctx.characters) else p.character
    facing = "right" if f > 0 else "left"
    return group({"class": "piece", "id": f"{prefix}-piece-{p.name}", "data-player": p.name, "data-x": p.x,
                  "data-y": p.y, "data-facing": facing}, [
        title(f"{p.name} ({name}) at ({p.x}, {p.y}), facing {facing}"),
        el("circle", {"cx": cx, "cy": cy, "r": r, "fill": color, "stroke": INK, "stroke-width": 1.5}),
        tri,
        text(cx, cy + (5 if r > 16 else 4), p.name, size=15 if r > 16 else 11, anchor="middle", weight="bold",
             fill="#ffffff"),
    ])


def render_legend(ox: float, oy: float, prefix: str = "hs") -> tuple[str, float]:
    """A key to the shapes; returns (svg, height). Its shapes carry no game-object classes."""
    from .timeline import hit_shape, marker_shape

    out = [text(ox, oy + 16, "Key", size=15, weight="bold")]
    rows: list[tuple[str, str]] = []
    y = oy + 40
    c = PLAYER_COLORS[0]
    rows.append((el("circle", {"cx": ox + 14, "cy": y, "r": 11, "fill": c, "stroke": INK})
                 + polygon([(ox + 25, y - 6), (ox + 33, y), (ox + 25, y + 6)], fill=c),
                 "character piece, ▶ facing"))
    rows.append((marker_shape(ox + 14, y + 28, c, "P1"), "timeline marker (next turn)"))
    rows.append((hit_shape(ox + 14, y + 56, c, "P1"), "hit token (replaces the next turn)"))
    rows.append((el("rect", {"x": ox + 2, "y": y + 72, "width": 24, "height": 24, "fill": HIGHLIGHT,
                             "fill-opacity": 0.35, "stroke": HIGHLIGHT, "stroke-dasharray": "6 3"}),
                 "highlighted cell"))
    rows.append((el("circle", {"cx": ox + 8, "cy": y + 112, "r": 7, "fill": "#6a3fb5", "stroke": "#3a2270"})
                 + el("circle", {"cx": ox + 26, "cy": y + 112, "r": 7, "fill": "#ffffff", "stroke": "#3a2270",
                                 "stroke-width": 2}),
                 "spirit token face-up / face-down"))
    rows.append((el("rect", {"x": ox + 5, "y": y + 130, "width": 18, "height": 18, "rx": 3, "fill": "#fff4d6",
                             "stroke": "#8a6d1f", "stroke-width": 1.5})
                 + text(ox + 14, y + 144, 3, size=12, anchor="middle", weight="bold"),
                 "broken slot: die (turns left)"))
    body = []
    for k, (shape, label) in enumerate(rows):
        body.append(shape)
        body.append(text(ox + 44, y + 5 + 28 * k, label, size=13))
    svg = el("g", {"class": "legend", "id": f"{prefix}-legend"}, *out, *body)
    return svg, 40 + 28 * len(rows)


__all__ = ["CELL", "attack_cells", "board_size", "highlight_cells", "render_board", "render_legend"]
