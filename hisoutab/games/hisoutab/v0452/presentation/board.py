"""The board: a grid of cells (ground row at the bottom), both character pieces and highlighted cells."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from hisoutab.games.hisoutab.kit import board as kit_board
from hisoutab.games.hisoutab.kit.board import CELL, LEFT, TOP
from hisoutab.presentation.svg import INK, PLAYER_COLORS, el, group, polygon, text, title

from .status import GUARD, KNOCKDOWN, Status, player_status


def attack_cells(ctx: Any, state: Any, player: int, iid: str, side: str = "") -> tuple[tuple[int, int], ...]:
    """The board cells a card would attack if ``player`` played it now: its reach (offsets facing
    right) turned to the player's facing and placed at the piece. Cells off the board are left out."""
    return kit_board.reach_cells(ctx, state.players[player], ctx.cards[iid].face(side).reach)


def highlight_cells(ctx: Any, highlight: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The distinct on-board cells of ``highlight``, in a fixed order."""
    cells = {(int(x), int(y)) for x, y in highlight}
    return sorted(c for c in cells if 1 <= c[0] <= ctx.width and 0 <= c[1] < ctx.height)


def render_board(ctx: Any, state: Any, ox: float, oy: float, *, highlight: Iterable[tuple[int, int]] = (),
                 prefix: str = "hs") -> str:
    """The board with its top-left label corner at (ox, oy)."""
    gx, gy = ox + LEFT, oy + TOP  # the grid's top-left corner
    cells = highlight_cells(ctx, highlight)
    out = kit_board.board_grid(ctx, ox, oy, cells, prefix, row_ids=False, line_width=1)
    # pieces; two pieces in one cell stand side by side (smaller again under a crowd of bullets)
    where: dict[tuple[int, int], list[int]] = {}
    for i, p in enumerate(state.players):
        where.setdefault((p.x, p.y), []).append(i)
    bullets = list(getattr(state, "bullets", ()))
    crowd: dict[tuple[int, int], list[Any]] = {}
    for b in bullets:
        crowd.setdefault(_bullet_cell(ctx, b), []).append(b)
    statuses = [player_status(ctx, state, i) for i in range(len(state.players))]
    for i, p in enumerate(state.players):
        if not ctx.on_board(p.x, p.y):
            continue  # not placed yet (before the set-up places the pieces, H-SETUP-4)
        share = where[(p.x, p.y)]
        cx, cy = kit_board.cell_xy(ctx, gx, gy, p.x, p.y)
        n = len(crowd.get((p.x, p.y), ()))
        if len(share) == 1:
            r, dx = (20 if n == 0 else 17 if n <= 4 else 11), 0.0
        else:
            r, dx = (13 if n <= 4 else 9), (-1 if share.index(i) == 0 else 1) * (15 if n <= 4 else 11)
        out.append(piece(ctx, p, i, cx + CELL / 2 + dx, cy + CELL / 2, r, prefix, statuses[i]))
    # bullets, over the pieces; tokens sharing a cell are spread so that none hides another
    for key, group_ in crowd.items():
        pieces = len(where.get(key, ())) if ctx.on_board(*key) else 0
        slots = bullet_slots(len(group_), pieces)
        for b, (sx, sy, radius) in zip(group_, slots, strict=True):
            cx, cy = _bullet_xy(ctx, gx, gy, b)
            out.append(bullet_token(ctx, state, b, cx + sx, cy + sy, radius, prefix))
    return el("g", {"class": "board", "id": f"{prefix}-board"}, *out)


# ------------------------------------------------------------------------------ bullets

KIND_WORDS = {"straight": "straight", "trace": "tracing", "still": "still"}


def _bullet_cell(ctx: Any, b: Any) -> tuple[int, int]:
    """The cell a bullet is drawn in: its own, or the nearest edge cell for one that left the board."""
    if ctx.on_board(b.x, b.y):
        return b.x, b.y
    return (-1000 - min(max(b.x, 0), ctx.width + 1), min(max(b.y, -1), ctx.height))  # apart from cells


def _bullet_xy(ctx: Any, gx: float, gy: float, b: Any) -> tuple[float, float]:
    """The centre a bullet's tokens spread around; off the board: just over the grid's edge."""
    cx, cy = kit_board.cell_xy(ctx, gx, gy, b.x, b.y)
    cx, cy = cx + CELL / 2, cy + CELL / 2
    if ctx.on_board(b.x, b.y):
        return cx, cy
    edge = 8
    return (min(max(cx, gx - edge), gx + ctx.width * CELL + edge),
            min(max(cy, gy - edge), gy + ctx.height * CELL + edge))


def bullet_slots(n: int, pieces: int = 0) -> Sequence[tuple[float, float, float]]:
    """Offsets (from the cell centre) and radii for ``n`` bullet tokens in one cell, around
    ``pieces`` character pieces standing in its middle."""
    if pieces == 0 and n <= 4:
        return {1: [(0, 0, 12)], 2: [(-15, 0, 11), (15, 0, 11)]}.get(
            n, [(-15, -15, 10), (15, -15, 10), (-15, 15, 10), (15, 15, 10)][:n])
    corners = [(-20, -20), (20, -20), (-20, 20), (20, 20)]
    if pieces and n <= 4:
        return [(x, y, 9 if pieces == 1 else 8) for x, y in corners[:n]]
    ring = [(-22, -22), (22, -22), (-22, 22), (22, 22), (0, -24), (0, 24)]
    if pieces == 1:
        ring += [(-25, 0), (25, 0)]
    if pieces and n <= len(ring):
        return [(x, y, 6) for x, y in ring[:n]]
    return kit_board.crowd_spots(n, 0.38)  # a crowd: an even grid over the cell


def bullet_info(ctx: Any, state: Any, b: Any) -> dict[str, Any]:
    """What a bullet does: ``kind`` (straight / trace / still), its cells per move, bounce, card name
    and the duration die on its card (``None`` when the card carries none)."""
    spec = None
    try:
        from hisoutab.games.hisoutab.v0452.rules.bullets import spec_of

        spec = spec_of(ctx, b)
    except Exception:  # a card without a bullet effect (or another ruleset): read the direction only
        spec = None
    if spec is not None:
        kind = "trace" if spec.trace else "straight" if spec.straight else "still"
        steps = spec.trace or spec.straight or 0
        bounce = bool(spec.bounce)
    else:
        kind, steps, bounce = ("straight" if b.dx or b.dy else "still"), 0, False
    owner = state.players[b.owner] if 0 <= b.owner < len(state.players) else None
    dice = dict(getattr(owner, "dice", ()) or ())
    card = ctx.cards.get(b.card)
    return {"kind": kind, "steps": steps, "bounce": bounce, "duration": dice.get(b.card),
            "name": card.name if card is not None else b.card}


def direction_words(dx: int, dy: int) -> str:
    """(dx, dy) with y up, in screen words: "up-right", "left", ..."""
    v = {1: "up", -1: "down"}.get(int(math.copysign(1, dy)) if dy else 0, "")
    h = {1: "right", -1: "left"}.get(int(math.copysign(1, dx)) if dx else 0, "")
    return "-".join(w for w in (v, h) if w) or "nowhere"


def bullet_shape(cx: float, cy: float, r: float, color: str, kind: str, dx: int = 0, dy: int = 0,
                 duration: Any = None, faded: bool = False) -> str:
    """A bullet token: a disc in the owner's colour (a square for a still bullet) with its duration
    die's number; an arrow along (dx, dy) (y up) for a straight bullet, a dashed ring for a tracing one."""
    out = kit_board.bullet_marks(cx, cy, r, color, kind, dx, dy, tip=11.0, head=7.0)
    body: dict[str, Any] = {"fill": color, "stroke": INK, "stroke-width": 1.2}
    if faded:
        body.update({"fill-opacity": 0.45, "stroke-dasharray": "2 2"})
    if kind == "still":
        s = r * 0.9
        out.append(el("rect", {"x": cx - s, "y": cy - s, "width": 2 * s, "height": 2 * s, "rx": 2, **body}))
    else:
        out.append(el("circle", {"cx": cx, "cy": cy, "r": r, **body}))
    if duration is not None:
        size = max(8.0, r * 1.15)
        out.append(text(cx, cy + size * 0.36, duration, size=size, anchor="middle", weight="bold",
                        fill="#ffffff", cls="duration"))
    return "".join(out)


def bullet_token(ctx: Any, state: Any, b: Any, cx: float, cy: float, r: float, prefix: str) -> str:
    """One bullet on the board, as its own element with the bullet's data."""
    info = bullet_info(ctx, state, b)
    owner = state.players[b.owner].name if 0 <= b.owner < len(state.players) else f"P{b.owner + 1}"
    color = PLAYER_COLORS[b.owner % len(PLAYER_COLORS)]
    on = ctx.on_board(b.x, b.y)
    kind = info["kind"]
    how = {"straight": f"straight {info['steps'] or '?'}, moving {direction_words(b.dx, b.dy)} "
                       f"(dx {b.dx}, dy {b.dy})" + (", bounces" if info["bounce"] else ""),
           "trace": f"tracing {info['steps'] or '?'}: its owner moves it",
           "still": "still: it does not move"}[kind]
    dur = info["duration"]
    life = (f"duration die {dur} (−1 at each yellow cell, gone at 0)" if dur is not None
            else "no duration die")
    where = f"({b.x}, {b.y})" + ("" if on else " — off the board: discarded in the bullet phase")
    tip = f"{owner} bullet {b.id}: {info['name']} at {where}; {how}; {life}"
    return group({"class": "bullet", "id": f"{prefix}-bullet-{b.id}", "data-bullet": b.id,
                  "data-player": owner, "data-card": b.card, "data-x": b.x, "data-y": b.y, "data-dx": b.dx,
                  "data-dy": b.dy,
                  "data-kind": kind, "data-duration": dur, "data-offboard": None if on else "true"},
                 [title(tip), bullet_shape(cx, cy, r if on else min(r, 7), color, kind, b.dx, b.dy, dur,
                                           faded=not on)])


def guard_shape(cx: float, cy: float, size: float = 8) -> str:
    """The guard-state mark: a small shield."""
    s = size
    return polygon([(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s * 0.15), (cx, cy + s * 1.15),
                    (cx - s, cy + s * 0.15)], **{"fill": GUARD, "stroke": "#ffffff", "stroke-width": 1.5,
                                                 "stroke-linejoin": "round"})


def knockdown_shape(cx: float, cy: float, r: float) -> str:
    """The knockdown mark: a dashed gold ring around the piece (invulnerable) and a "KD" tag."""
    return (el("circle", {"cx": cx, "cy": cy, "r": r + 5, "fill": "none", "stroke": KNOCKDOWN,
                          "stroke-width": 3, "stroke-dasharray": "5 3"})
            + el("rect", {"x": cx + r * 0.35, "y": cy + r * 0.45, "width": 20, "height": 13, "rx": 3,
                          "fill": KNOCKDOWN, "stroke": "#ffffff", "stroke-width": 1})
            + text(cx + r * 0.35 + 10, cy + r * 0.45 + 10, "KD", size=9, anchor="middle", weight="bold",
                   fill="#ffffff"))


def piece(ctx: Any, p: Any, i: int, cx: float, cy: float, r: float, prefix: str,
          status: Status | None = None) -> str:
    """A character piece: a circle with the player's name and a triangle on the side it faces; a
    shield while in guard state, a dashed gold ring and "KD" while knocked down (invulnerable)."""
    color = PLAYER_COLORS[i]
    f = 1 if p.facing >= 0 else -1
    tip = cx + f * (r + 8)
    base = cx + f * (r - 1)
    tri = polygon([(base, cy - 7), (tip, cy), (base, cy + 7)], **{"class": "facing", "fill": color,
                                                                   "stroke": "#ffffff", "stroke-width": 1})
    name = ctx.characters[i].name if i < len(ctx.characters) else p.character
    facing = "right" if f > 0 else "left"
    tip_text = f"{p.name} ({name}) at ({p.x}, {p.y}), facing {facing}"
    marks: list[str] = []
    if status is not None:
        tip_text += f"; {status.label}: {status.why}"
        if status.kind == "guard":
            sx = cx - f * r * 0.8
            marks.append(el("g", {"class": "guard-mark"}, guard_shape(sx, cy - r * 0.8, 7 if r > 12 else 5)))
        elif status.kind == "knockdown":
            marks.append(el("g", {"class": "knockdown-mark"}, knockdown_shape(cx, cy, r)))
    return group({"class": "piece", "id": f"{prefix}-piece-{p.name}", "data-player": p.name, "data-x": p.x,
                  "data-y": p.y, "data-facing": facing,
                  "data-status": status.kind if status is not None else None,
                  "data-guard": None if status is None else ("true" if status.guarding else "false"),
                  "data-invulnerable": "true" if status is not None and status.kind == "knockdown"
                  else None}, [
        title(tip_text),
        el("circle", {"cx": cx, "cy": cy, "r": r, "fill": color, "stroke": INK, "stroke-width": 1.5}),
        tri,
        text(cx, cy + (5 if r > 16 else 4), p.name, size=15 if r > 16 else 11, anchor="middle", weight="bold",
             fill="#ffffff"),
        *marks,
    ])


__all__ = ["CELL", "attack_cells", "bullet_info", "bullet_shape", "bullet_slots",
           "guard_shape", "highlight_cells", "knockdown_shape", "piece", "render_board"]
