"""What the timeline strips of both HisouTab pictures share: the window of cells drawn around the
current time, the strip's heading and ``t`` label, a cell's number, the overflow zone for tokens
beyond the drawn cells, and the marker disc."""

from __future__ import annotations

from hisoutab.presentation.svg import INK, MUTED, el, text

BEFORE = 2  # cells shown before the current one
AFTER = 12  # cells shown after it
LABEL_W = 64
OVERFLOW_W = 78
STRIP_H = 44


def window(first: int, time: int) -> range:
    """The cells drawn: from ``time - 2`` (never before ``first``) to 12 after the current one."""
    start = max(first, time - BEFORE)
    return range(start, start + BEFORE + AFTER + 1)


def strip_head(ox: float, oy: float, sy: float, head: str) -> list[str]:
    """The "Timeline" title with ``head`` beside it, and the strip's ``t`` label (the strip's top
    at ``sy``)."""
    return [text(ox, oy + 16, "Timeline", size=15, weight="bold"),
            text(ox + 80, oy + 16, head, size=13, fill=MUTED),
            text(ox + LABEL_W - 10, sy + STRIP_H / 2 + 5, "t", size=14, anchor="end", weight="bold",
                 fill=MUTED)]


def cell_number(x: float, cw: float, sy: float, t: int, current: bool, past: bool) -> str:
    """A cell's number: larger for the current cell, muted for a past one."""
    return text(x + cw / 2, sy + 19, t, size=15 if current else 14, anchor="middle",
                weight="bold" if current or not past else None, fill=MUTED if past else INK)


def overflow_label(ex: float, sy: float) -> str:
    """The label of the zone past the drawn cells, where later tokens stand."""
    return text(ex + OVERFLOW_W / 2, sy + STRIP_H / 2 + 5, "later ▸", size=12, anchor="middle", fill=MUTED)


def marker_shape(cx: float, cy: float, color: str, label: str, r: float = 12, *, smallest: float = 11,
                 scale: float = 0.9) -> str:
    """A timeline marker: a filled disc with the player's name (at least ``smallest``, else ``scale``
    of the radius)."""
    return (el("circle", {"cx": cx, "cy": cy, "r": r, "fill": color, "stroke": INK, "stroke-width": 1.5})
            + text(cx, cy + r * 0.36, label, size=max(smallest, r * scale), anchor="middle", weight="bold",
                   fill="#ffffff"))
