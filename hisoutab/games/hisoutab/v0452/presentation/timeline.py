"""The timeline strip: cells around the current time, special cells, markers and hit tokens."""

from __future__ import annotations

from typing import Any

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

BEFORE = 2  # cells shown before the current one
AFTER = 12  # cells shown after it
LABEL_W = 64
OVERFLOW_W = 78
STRIP_H = 44
HEIGHT = 190


def window(state: Any) -> range:
    """The timeline cells drawn: from ``time - 2`` to ``time + 12`` (never before cell 1)."""
    start = max(1, state.time - BEFORE)
    return range(start, start + BEFORE + AFTER + 1)


def next_special(ctx: Any, state: Any, kind: str, limit: int = 1000) -> int | None:
    """The first blue/yellow cell that has not triggered yet (after ``special_done`` and at or after
    the current cell)."""
    test = ctx.is_blue if kind == "blue" else ctx.is_yellow
    t = max(state.special_done + 1, state.time)
    for k in range(t, t + limit):
        if test(k):
            return k
    return None


def marker_shape(cx: float, cy: float, color: str, label: str, r: float = 12) -> str:
    """A timeline marker: a filled disc with the player's name."""
    return (el("circle", {"cx": cx, "cy": cy, "r": r, "fill": color, "stroke": INK, "stroke-width": 1.5})
            + text(cx, cy + r * 0.36, label, size=max(11, r * 0.9), anchor="middle", weight="bold",
                   fill="#ffffff"))


def hit_shape(cx: float, cy: float, color: str, label: str, r: float = 15) -> str:
    """A hit token: a white diamond with a thick border in the player's colour."""
    return (polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill="#ffffff", stroke=color,
                    **{"stroke-width": 3.5})
            + text(cx, cy + r * 0.3, label, size=max(11, r * 0.72), anchor="middle", weight="bold",
                   fill=color))


def render_timeline(ctx: Any, state: Any, ox: float, oy: float, width: float, *, prefix: str = "hs") -> str:
    """The timeline strip with its top-left corner at (ox, oy), ``width`` wide, :data:`HEIGHT` high."""
    cells = window(state)
    sx = ox + LABEL_W
    cw = (width - LABEL_W - OVERFLOW_W) / len(cells)
    sy = oy + 70  # strip top
    out: list[str] = [text(ox, oy + 16, "Timeline", size=15, weight="bold"),
                      text(ox + 80, oy + 16, f"current cell t={state.time}, turn {state.turn}", size=13,
                           fill=MUTED)]
    out.append(text(ox + LABEL_W - 10, sy + STRIP_H / 2 + 5, "t", size=14, anchor="end", weight="bold",
                    fill=MUTED))
    for t in cells:
        x = sx + (t - cells.start) * cw
        blue, yellow = ctx.is_blue(t), ctx.is_yellow(t)
        done = t <= state.special_done
        past = t < state.time
        marks = [k for k, on in (("blue", blue), ("yellow", yellow)) if on]
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
        out.append(text(x + cw / 2, sy + 19, t, size=15 if current else 14, anchor="middle",
                        weight="bold" if current or not past else None, fill=MUTED if past else INK))
        foot = " ".join((["now"] if current else []) + [m[0].upper() for m in marks])
        if foot:
            out.append(text(x + cw / 2, sy + 37, foot, size=11, anchor="middle",
                            weight="bold" if current else None, fill=INK if current else "#3c4650"))
    # the overflow zone for tokens beyond the drawn cells
    ex = sx + len(cells) * cw
    out.append(text(ex + OVERFLOW_W / 2, sy + STRIP_H / 2 + 5, "later ▸", size=12, anchor="middle",
                    fill=MUTED))
    # tokens: P1 above the strip, P2 below
    for i, p in enumerate(state.players):
        color = PLAYER_COLORS[i]
        above = i == 0
        cy = sy - 20 if above else sy + STRIP_H + 20
        cap_y = sy - 42 if above else sy + STRIP_H + 50
        out.append(text(ox + LABEL_W - 10, cy + 5, p.name, size=14, anchor="end", weight="bold", fill=color))
        tokens = [(kind, t) for kind, t in (("marker", p.marker), ("hit", p.hit)) if t is not None]
        slots: dict[Any, list[tuple[str, int]]] = {}
        for kind, t in tokens:
            slot: Any = t if t in cells else ("before" if t < cells.start else "after")
            slots.setdefault(slot, []).append((kind, t))
        for slot, here in slots.items():
            if slot == "after":
                bx = ex + OVERFLOW_W / 2
            elif slot == "before":
                bx = sx - 24
            else:
                bx = sx + (slot - cells.start) * cw + cw / 2
            off = slot in ("after", "before")
            for k, (kind, t) in enumerate(here):
                small = len(here) > 1
                cx = bx + (0 if not small else (-15 if k == 0 else 15))
                where = f"t={t}"
                if kind == "marker":
                    shape = marker_shape(cx, cy, color, p.name, r=10 if small else 13)
                    cls, caption, what = "marker", "marker", "timeline marker"
                else:
                    shape = hit_shape(cx, cy, color, p.name, r=13 if small else 16)
                    cls, caption, what = "hit-token", "hit", "hit token"
                out.append(group({"class": cls, "id": f"{prefix}-{cls}-{p.name}", "data-player": p.name,
                                  "data-t": t}, [title(f"{p.name} {what} on {where}"), shape]))
                if off:  # beyond the drawn cells: say where, one line per token
                    line_y = cap_y + (13 * k if not above else -13 * (len(here) - 1 - k))
                    out.append(text(bx, line_y, f"{caption} {where}", size=11, anchor="middle", fill=color,
                                    weight="bold"))
                elif small:  # captions pushed apart, each over its own token
                    out.append(text(bx - 3 if k == 0 else bx + 3, cap_y, caption, size=11,
                                    anchor="end" if k == 0 else "start", fill=color, weight="bold"))
                else:
                    out.append(text(cx, cap_y, caption, size=11, anchor="middle", fill=color, weight="bold"))
        if not tokens:
            out.append(text(sx + 4, cy + 5, f"{p.name} has no marker on the timeline", size=12, fill=MUTED))
    # the next special cells ahead
    parts = []
    fy = oy + HEIGHT - 6
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
    return el("g", {"class": "timeline", "id": f"{prefix}-timeline"}, *out, *parts)
