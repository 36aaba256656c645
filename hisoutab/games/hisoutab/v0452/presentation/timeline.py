"""The timeline strip: cells around the current time, special cells, markers and hit tokens."""

from __future__ import annotations

from typing import Any

from hisoutab.games.hisoutab.kit import timeline as kit_timeline
from hisoutab.games.hisoutab.kit.timeline import (
    LABEL_W,
    OVERFLOW_W,
    STRIP_H,
    cell_number,
    marker_shape,
    overflow_label,
    strip_head,
)
from hisoutab.presentation.svg import (
    BLUE_CELL,
    INK,
    MUTED,
    PLAYER_COLORS,
    YELLOW_CELL,
    el,
    group,
    polygon,
    text,
    title,
)

HEIGHT = 190


def window(state: Any) -> range:
    """The timeline cells drawn: from ``time - 2`` to ``time + 12`` (never before cell 1)."""
    return kit_timeline.window(1, state.time)


def next_special(ctx: Any, state: Any, kind: str, limit: int = 1000) -> int | None:
    """The first blue/yellow cell that has not triggered yet (after ``special_done`` and at or after
    the current cell)."""
    test = ctx.is_blue if kind == "blue" else ctx.is_yellow
    t = max(state.special_done + 1, state.time)
    for k in range(t, t + limit):
        if test(k):
            return k
    return None


def hit_shape(cx: float, cy: float, color: str, label: str, r: float = 15) -> str:
    """A hit token: a white diamond with a thick border in the player's colour."""
    return (polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill="#ffffff", stroke=color,
                    **{"stroke-width": 3.5})
            + text(cx, cy + r * 0.3, label, size=max(11, r * 0.72), anchor="middle", weight="bold",
                   fill=color))


def _cell(ctx: Any, state: Any, t: int, x: float, sy: float, cw: float, prefix: str) -> list[str]:
    """One cell: its blue / yellow marks (faded once triggered), its frame and number, "now" and the
    marks' letters under the number."""
    blue, yellow = ctx.is_blue(t), ctx.is_yellow(t)
    done = t <= state.special_done
    past = t < state.time
    marks = [k for k, on in (("blue", blue), ("yellow", yellow)) if on]
    out: list[str] = []
    for k, kind in enumerate(marks):
        part = cw / len(marks)
        out.append(el("rect", {"class": "special-mark", "data-kind": kind, "data-t": t,
                               "data-done": "true" if done else "false",
                               "x": x + k * part, "y": sy, "width": part, "height": STRIP_H,
                               "fill": BLUE_CELL if kind == "blue" else YELLOW_CELL,
                               "fill-opacity": 0.4 if done else 1}))
    current = t == state.time
    tip = f"t={t}" + (" (current)" if current else "") + "".join(f", {m} cell" for m in marks)
    if marks:
        tip += " (triggered)" if done else " (not triggered yet)"
    out.append(el("rect", {"class": "timeline-cell", "id": f"{prefix}-t{t}", "data-t": t,
                           "data-current": "true" if current else "false",
                           "x": x, "y": sy, "width": cw, "height": STRIP_H,
                           "fill": "none", "stroke": INK if current else "#8d96a0",
                           "stroke-width": 3.5 if current else 1}, title(tip)))
    out.append(cell_number(x, cw, sy, t, current, past))
    foot = " ".join((["now"] if current else []) + [m[0].upper() for m in marks])
    if foot:
        out.append(text(x + cw / 2, sy + 37, foot, size=11, anchor="middle",
                        weight="bold" if current else None, fill=INK if current else "#3c4650"))
    return out


def _token_slots(p: Any, cells: range) -> dict[Any, list[tuple[str, int]]]:
    """A player's marker and hit token by where they are drawn: their cell, or "before" / "after"
    the drawn cells."""
    slots: dict[Any, list[tuple[str, int]]] = {}
    for kind, t in (("marker", p.marker), ("hit", p.hit)):
        if t is not None:
            slot: Any = t if t in cells else ("before" if t < cells.start else "after")
            slots.setdefault(slot, []).append((kind, t))
    return slots


def _token(p: Any, color: str, kind: str, t: int, cx: float, cy: float, small: bool, prefix: str) -> str:
    if kind == "marker":
        shape = marker_shape(cx, cy, color, p.name, r=10 if small else 13)
        cls, what = "marker", "timeline marker"
    else:
        shape = hit_shape(cx, cy, color, p.name, r=13 if small else 16)
        cls, what = "hit-token", "hit token"
    return group({"class": cls, "id": f"{prefix}-{cls}-{p.name}", "data-player": p.name, "data-t": t},
                 [title(f"{p.name} {what} on t={t}"), shape])


def _caption(kind: str, t: int, k: int, n: int, bx: float, cx: float, cap_y: float, above: bool, off: bool,
             color: str) -> str:
    caption = "marker" if kind == "marker" else "hit"
    if off:  # beyond the drawn cells: say where, one line per token
        line_y = cap_y + (13 * k if not above else -13 * (n - 1 - k))
        return text(bx, line_y, f"{caption} t={t}", size=11, anchor="middle", fill=color, weight="bold")
    if n > 1:  # captions pushed apart, each over its own token
        return text(bx - 3 if k == 0 else bx + 3, cap_y, caption, size=11,
                    anchor="end" if k == 0 else "start", fill=color, weight="bold")
    return text(cx, cap_y, caption, size=11, anchor="middle", fill=color, weight="bold")


def _tokens(state: Any, i: int, cells: range, ox: float, sx: float, sy: float, cw: float, ex: float,
            prefix: str) -> list[str]:
    """Player ``i``'s marker and hit token (P1 above the strip, P2 below) with their captions."""
    p = state.players[i]
    color = PLAYER_COLORS[i]
    above = i == 0
    cy = sy - 20 if above else sy + STRIP_H + 20
    cap_y = sy - 42 if above else sy + STRIP_H + 50
    out = [text(ox + LABEL_W - 10, cy + 5, p.name, size=14, anchor="end", weight="bold", fill=color)]
    slots = _token_slots(p, cells)
    for slot, here in slots.items():
        bx = (ex + OVERFLOW_W / 2 if slot == "after" else sx - 24 if slot == "before"
              else sx + (slot - cells.start) * cw + cw / 2)
        off = slot in ("after", "before")
        for k, (kind, t) in enumerate(here):
            small = len(here) > 1
            cx = bx + (0 if not small else (-15 if k == 0 else 15))
            out.append(_token(p, color, kind, t, cx, cy, small, prefix))
            out.append(_caption(kind, t, k, len(here), bx, cx, cap_y, above, off, color))
    if not slots:
        out.append(text(sx + 4, cy + 5, f"{p.name} has no marker on the timeline", size=12, fill=MUTED))
    return out


def _ahead(ctx: Any, state: Any, sx: float, fy: float) -> list[str]:
    """The next blue and yellow cells not triggered yet, and how far the triggered ones go."""
    parts = []
    nx = sx
    for kind, color in (("blue", BLUE_CELL), ("yellow", YELLOW_CELL)):
        ahead = next_special(ctx, state, kind)
        if ahead is None:
            continue
        label = f"next {kind} cell: t={ahead}" + (" (now)" if ahead == state.time
                                                  else f" (in {ahead - state.time})")
        parts.append(el("g", {"class": "next-special", "data-kind": kind, "data-t": ahead},
                        el("rect", {"x": nx, "y": fy - 12, "width": 14, "height": 14, "fill": color,
                                    "stroke": "#555555"}),
                        text(nx + 20, fy, label, size=13)))
        nx += 230
    parts.append(text(nx, fy, f"special cells up to t={state.special_done} have triggered", size=13,
                      fill=MUTED))
    return parts


def render_timeline(ctx: Any, state: Any, ox: float, oy: float, width: float, *, prefix: str = "hs") -> str:
    """The timeline strip with its top-left corner at (ox, oy), ``width`` wide, :data:`HEIGHT` high."""
    cells = window(state)
    sx = ox + LABEL_W
    cw = (width - LABEL_W - OVERFLOW_W) / len(cells)
    sy = oy + 70  # strip top
    out = strip_head(ox, oy, sy, f"current cell t={state.time}, turn {state.turn}")
    for t in cells:
        out += _cell(ctx, state, t, sx + (t - cells.start) * cw, sy, cw, prefix)
    ex = sx + len(cells) * cw  # the overflow zone for tokens beyond the drawn cells
    out.append(overflow_label(ex, sy))
    for i in range(len(state.players)):
        out += _tokens(state, i, cells, ox, sx, sy, cw, ex, prefix)
    ahead = _ahead(ctx, state, sx, oy + HEIGHT - 6)
    return el("g", {"class": "timeline", "id": f"{prefix}-timeline"}, *out, *ahead)


__all__ = ["HEIGHT", "hit_shape", "marker_shape", "next_special", "render_timeline", "window"]
