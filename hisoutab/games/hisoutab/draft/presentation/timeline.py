"""The draft's timeline strip: the slots around the current time, the special lines (D-CARD-LINE:
one after every ``special_every`` slots), the current slot and both markers (D-TURN-1)."""

from __future__ import annotations

from typing import Any

from hisoutab.games.hisoutab.kit import timeline as kit_timeline
from hisoutab.games.hisoutab.kit.timeline import (
    LABEL_W,
    OVERFLOW_W,
    STRIP_H,
    cell_number,
    overflow_label,
    strip_head,
)
from hisoutab.presentation.svg import INK, MUTED, PLAYER_COLORS, el, group, text, title

from .marks import LINE, LINE_EDGE, card_name

HEIGHT = 210
LINE_TEXT = "each player gains 1 spirit, every bullet moves once, every piece in the air falls 1"


def window(ctx: Any, state: Any) -> range:
    """The slots drawn: from ``time - 2`` (never before the first slot) to 12 after the current one."""
    return kit_timeline.window(ctx.start, state.time)


def next_line(ctx: Any, state: Any, limit: int = 10_000) -> int | None:
    """The slot after which the next special line not triggered yet sits."""
    for c in range(state.special_done + 1, state.special_done + 1 + limit):
        if ctx.is_special(c):
            return c
    return None


def marker_shape(cx: float, cy: float, color: str, label: str, r: float = 12) -> str:
    """A timeline marker: a disc with the player's name."""
    return kit_timeline.marker_shape(cx, cy, color, label, r, smallest=10, scale=0.85)


def line_shape(x: float, top: float, bottom: float, done: bool) -> str:
    """A special line: a yellow bar between two slots (paler and dashed once it has triggered)."""
    return (el("rect", {"x": x - 3, "y": top, "width": 6, "height": bottom - top, "rx": 2, "fill": LINE,
                        "fill-opacity": 0.35 if done else 1, "stroke": LINE_EDGE,
                        "stroke-width": 1, "stroke-dasharray": "3 2" if done else None}))


def render_timeline(ctx: Any, state: Any, ox: float, oy: float, width: float, *, prefix: str = "hs") -> str:
    """The timeline with its top-left corner at (ox, oy), ``width`` wide, :data:`HEIGHT` high."""
    cells = window(ctx, state)
    sx = ox + LABEL_W
    cw = (width - LABEL_W - OVERFLOW_W) / len(cells)
    sy = oy + 72
    set_up = all(p.marker is not None for p in state.players)
    head = f"current slot t={state.time}, turn {state.turn}" if set_up else "the markers are placed at setup"
    out = strip_head(ox, oy, sy, head)
    for t in cells:
        x = sx + (t - cells.start) * cw
        current = t == state.time
        past = t < state.time
        here = [p.name for p in state.players if p.marker == t]
        tip = f"slot t={t}" + (" (the current time)" if current else "")
        if here:
            tip += ": " + " and ".join(here) + ("'s marker" if len(here) == 1 else "'s markers")
        out.append(el("rect", {"class": "timeline-cell", "id": f"{prefix}-t{t}", "data-t": t,
                               "data-current": "true" if current else "false", "x": x, "y": sy, "width": cw,
                               "height": STRIP_H, "fill": "#eef1f4" if past else "#ffffff",
                               "stroke": INK if current else "#8d96a0",
                               "stroke-width": 3.5 if current else 1}, title(tip)))
        out.append(cell_number(x, cw, sy, t, current, past))
        if current:
            out.append(text(x + cw / 2, sy + 37, "now", size=11, anchor="middle", weight="bold"))
    # the special lines, at the right edge of their slot
    for t in cells:
        if not ctx.is_special(t):
            continue
        x = sx + (t - cells.start + 1) * cw
        done = t <= state.special_done
        if done:
            status = "triggered"
        else:
            status = "not triggered yet: it triggers when both markers stand after slot " + str(t)
        tip = f"special line after slot {t} (D-CARD-LINE): {LINE_TEXT} (D-TIME) — {status}"
        out.append(group({"class": "special-line", "id": f"{prefix}-line-{t}", "data-after": t,
                          "data-done": "true" if done else "false"},
                         [title(tip), line_shape(x, sy - 7, sy + STRIP_H + 7, done)]))
    ex = sx + len(cells) * cw
    out.append(overflow_label(ex, sy))
    for i in range(len(state.players)):
        out.extend(_marker(ctx, state, i, cells, sx, sy, cw, ex, ox, prefix))
    out.append(_footer(ctx, state, sx, oy + HEIGHT - 24, set_up))
    return el("g", {"class": "timeline", "id": f"{prefix}-timeline"}, *out)


def _marker(ctx: Any, state: Any, i: int, cells: range, sx: float, sy: float, cw: float, ex: float, ox: float,
            prefix: str) -> list[str]:
    p = state.players[i]
    color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
    above = i == 0
    cy = sy - 22 if above else sy + STRIP_H + 22
    cap_y = sy - 40 if above else sy + STRIP_H + 48
    out = [text(ox + LABEL_W - 10, cy + 5, p.name, size=14, anchor="end", weight="bold", fill=color)]
    if p.marker is None:
        out.append(text(sx + 4, cy + 5, f"{p.name} has no marker on the timeline yet", size=12, fill=MUTED))
        return out
    t = p.marker
    if t in cells:
        cx = sx + (t - cells.start) * cw + cw / 2
        caption = "marker"
    elif t > cells.stop - 1:
        cx = ex + OVERFLOW_W / 2
        caption = f"marker t={t}"
    else:
        cx = sx - 22
        caption = f"marker t={t}"
    what = f"{p.name}'s timeline marker on t={t}"
    if t == state.time and i in getattr(state, "participants", ()):
        what += ": takes part in this turn"
    elif t > state.time:
        what += f": next turn in {t - state.time}"
    if p.played is not None:
        what += f"; resolves {card_name(ctx, p.played)} there (in play)"
    out.append(group({"class": "marker", "id": f"{prefix}-marker-{p.name}", "data-player": p.name,
                      "data-t": t},
                     [title(what), marker_shape(cx, cy, color, p.name, r=13)]))
    out.append(text(cx, cap_y, caption, size=11, anchor="middle", fill=color, weight="bold"))
    return out


def _footer(ctx: Any, state: Any, x: float, y: float, set_up: bool) -> str:
    parts = [group({"class": "line-key"}, [line_shape(x + 5, y - 13, y + 3, False)])]
    c = next_line(ctx, state)
    every = ctx.special_every
    label = f"special line after every {every} slot{'s' if every != 1 else ''} (DR-1)"
    if c is not None and set_up:
        behind = [p for p in state.players if p.marker is not None and p.marker <= c]
        label += f" · next: after slot {c}"
        if behind:
            label += " — " + " and ".join(f"{p.name} (t={p.marker})" for p in behind) + " still to pass it"
        else:
            label += " — both markers are past it: it triggers next"
    parts.append(text(x + 16, y, label, size=13, cls="next-line"))
    if set_up:
        parts.append(text(x + 16, y + 17, f"special lines after slots up to {state.special_done} have "
                                          "triggered", size=12, fill=MUTED))
    return el("g", {"class": "timeline-footer"}, *parts)
