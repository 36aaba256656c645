"""The draft's board: the grid (ground row at the bottom), both pieces with their facing, the bullets
with their direction and the slot of their token, and highlighted cells."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hisoutab.games.hisoutab.kit.board import (
    CELL,
    LEFT,
    TOP,
    board_grid,
    bullet_marks,
    cell_xy,
    crowd_spots,
    reach_cells,
)
from hisoutab.presentation.svg import INK, MUTED, PLAYER_COLORS, el, group, polygon, text, title

from .cards import card_tip
from .marks import bullet_kind, bullet_track, card_name, direction_words, facing_word


def attack_cells(ctx: Any, state: Any, player: int, iid: str) -> tuple[tuple[int, int], ...]:
    """The cells card ``iid`` attacks from ``player``'s piece (D-CARD-RANGE): its range grid
    (offsets drawn facing right) mirrored by the piece's facing, placed at the piece; cells off
    the board are left out."""
    return reach_cells(ctx, state.players[player], ctx.cards[iid].reach)


def highlight_cells(ctx: Any, highlight: Iterable[Any]) -> list[tuple[int, int]]:
    """The distinct on-board cells of ``highlight`` (pairs of integers), in a fixed order."""
    cells = set()
    for h in highlight:
        if (isinstance(h, (list, tuple)) and len(h) == 2
                and all(isinstance(c, int) and not isinstance(c, bool) for c in h)):
            cells.add((int(h[0]), int(h[1])))
    return sorted(c for c in cells if ctx.on_board(*c))


def render_board(ctx: Any, state: Any, ox: float, oy: float, *, highlight: Iterable[Any] = (),
                 prefix: str = "hs") -> str:
    """The board with its top-left label corner at (ox, oy)."""
    gx, gy = ox + LEFT, oy + TOP
    w, h = ctx.width, ctx.height
    out = board_grid(ctx, ox, oy, highlight_cells(ctx, highlight), prefix, row_ids=True, line_width=None)
    out.extend(_pieces_and_bullets(ctx, state, gx, gy, prefix))
    if not any(ctx.on_board(p.x, p.y) for p in state.players):
        out.append(text(gx + w * CELL / 2, gy + h * CELL / 2 + 5, "the pieces are placed at setup "
                        "(D-SETUP-5)", size=13, anchor="middle", fill=MUTED, cls="no-pieces"))
    return el("g", {"class": "board", "id": f"{prefix}-board"}, *out)


def _pieces_and_bullets(ctx: Any, state: Any, gx: float, gy: float, prefix: str) -> list[str]:
    out: list[str] = []
    where: dict[tuple[int, int], list[int]] = {}
    for i, p in enumerate(state.players):
        if ctx.on_board(p.x, p.y):
            where.setdefault((p.x, p.y), []).append(i)
    crowd: dict[tuple[int, int], list[Any]] = {}
    for b in getattr(state, "bullets", ()):
        if ctx.on_board(b.x, b.y):
            crowd.setdefault((b.x, b.y), []).append(b)
    for (x, y), share in sorted(where.items()):
        cx, cy = cell_xy(ctx, gx, gy, x, y)
        busy = bool(crowd.get((x, y)))
        for k, i in enumerate(share):
            dx = 0.0 if len(share) == 1 else (-14 if k == 0 else 14)
            r: float = (19 if not busy else 14) if len(share) == 1 else 12
            dy = (4 if y else 9) if busy else (-4 if y else 0)  # under a bullet: in the lower half
            out.append(piece(ctx, state.players[i], i, cx + CELL / 2 + dx, cy + CELL / 2 + dy, r, prefix))
    for (x, y), here in sorted(crowd.items()):
        cx, cy = cell_xy(ctx, gx, gy, x, y)
        spots = bullet_spots(len(here), bool(where.get((x, y))))
        for b, (sx, sy, r) in zip(sorted(here, key=lambda b: b.id), spots, strict=True):
            out.append(bullet_token(ctx, state, b, cx + CELL / 2 + sx, cy + CELL / 2 + sy, r, prefix))
    return out


def bullet_spots(n: int, piece_here: bool) -> list[tuple[float, float, float]]:
    """Offsets from the cell centre and radii for ``n`` bullet tokens in one cell (around a piece
    standing in its middle when ``piece_here``)."""
    if not piece_here and n == 1:
        return [(0, 0, 13)]
    if not piece_here and n == 2:
        return [(-15, 0, 11), (15, 0, 11)]
    if piece_here and n <= 3:
        return [((-17, 0, 17)[j] if n == 3 else (-17, 17)[j] if n == 2 else 0, -19, 8) for j in range(n)]
    corners = [(-19, -19), (19, -19), (-19, 19), (19, 19)]
    if n <= 4:
        return [(x, y, 9) for x, y in corners[:n]]
    return crowd_spots(n, 0.36)


def piece(ctx: Any, p: Any, i: int, cx: float, cy: float, r: float, prefix: str) -> str:
    """A character piece: a disc with the player's name, a triangle on the side it faces and, in the
    air, a dashed arrow down (it falls 1 at the next special line, D-TIME-3)."""
    color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
    f = 1 if p.facing >= 0 else -1
    tip, base = cx + f * (r + 8), cx + f * (r - 1)
    chars = getattr(ctx, "characters", ())
    char = chars[i].name if i < len(chars) else p.character
    where = "on the ground" if p.y == 0 else "in the air: falls 1 at the next special line (D-TIME-3)"
    body = [title(f"{p.name} ({char}) at ({p.x}, {p.y}), facing {facing_word(p.facing)}; {where}")]
    if p.y > 0:
        body.append(el("line", {"class": "falls", "x1": cx, "y1": cy + r + 1, "x2": cx, "y2": cy + r + 7,
                                "stroke": color, "stroke-width": 2, "stroke-dasharray": "2 1.5"}))
        body.append(polygon([(cx - 4, cy + r + 6), (cx + 4, cy + r + 6), (cx, cy + r + 10)], fill=color))
    body += [el("circle", {"cx": cx, "cy": cy, "r": r, "fill": color, "stroke": INK, "stroke-width": 1.5}),
             polygon([(base, cy - 7), (tip, cy), (base, cy + 7)],
                     **{"class": "facing", "fill": color, "stroke": "#ffffff", "stroke-width": 1}),
             text(cx, cy + (5 if r > 15 else 4), p.name, size=14 if r > 15 else 10, anchor="middle",
                  weight="bold", fill="#ffffff")]
    return group({"class": "piece", "id": f"{prefix}-piece-{p.name}", "data-player": p.name, "data-x": p.x,
                  "data-y": p.y, "data-facing": facing_word(p.facing),
                  "data-air": "true" if p.y > 0 else "false"}, body)


def bullet_shape(cx: float, cy: float, r: float, color: str, kind: str, dx: int = 0, dy: int = 0,
                 slot: Any = None) -> str:
    """A bullet token: a disc in the owner's colour with the slot its token is on; an arrow along
    (dx, dy) (y up) for a straight bullet, a dashed ring for a tracing one."""
    out = bullet_marks(cx, cy, r, color, kind, dx, dy, tip=10.0, head=6.5)
    out.append(el("circle", {"cx": cx, "cy": cy, "r": r, "fill": color, "stroke": INK, "stroke-width": 1.2}))
    if slot is not None:
        size = max(8.0, r * 1.1)
        out.append(text(cx, cy + size * 0.36, slot, size=size, anchor="middle", weight="bold", fill="#ffffff",
                        cls="slot"))
    return "".join(out)


def bullet_token(ctx: Any, state: Any, b: Any, cx: float, cy: float, r: float, prefix: str) -> str:
    """One bullet on the board, with its data and a tooltip."""
    owner = state.players[b.owner].name if 0 <= b.owner < len(state.players) else f"P{b.owner + 1}"
    color = PLAYER_COLORS[b.owner % len(PLAYER_COLORS)]
    kind, steps = bullet_kind(ctx, b)
    slot, slots = bullet_track(ctx, b)
    how = (f"straight {steps}, moving {direction_words(b.dx, b.dy)}" if kind == "straight"
           else f"trace {steps}: moves closer to the opponent")
    left = slots - slot
    life = (f"token on slot {slot} of {slots}: "
            + (f"{left} more move{'s' if left != 1 else ''}" if left else "discarded at its next move")
            + " (D-CARD-BULLET-1, D-CARD-BULLET-2)")
    tip = (f"{owner} bullet {b.id}: {card_name(ctx, b.card)} at ({b.x}, {b.y}); {how}; {life}\n"
           + card_tip(ctx, b.card, f"{owner}'s bullet card"))
    return group({"class": "bullet", "id": f"{prefix}-bullet-{b.id}", "data-bullet": b.id,
                  "data-player": owner, "data-card": b.card, "data-x": b.x, "data-y": b.y,
                  "data-dx": b.dx, "data-dy": b.dy, "data-kind": kind, "data-slot": slot,
                  "data-slots": slots},
                 [title(tip), bullet_shape(cx, cy, r, color, kind, b.dx, b.dy, slot)])
