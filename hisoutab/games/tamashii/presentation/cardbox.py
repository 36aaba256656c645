"""A card drawn as a box with its name (never shortened: shrunk, then wrapped), ``data-card`` and
a ``<title>`` with its whole text; a card the view hides is drawn face down (``?``); a flow of
cards in rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hisoutab.presentation.svg import HIGHLIGHT, INK, MUTED, el, text, title
from hisoutab.presentation.textfit import fit_text, flow_chips

FACE_DOWN, FACE_DOWN_INK = "#4a4a55", "#ffffff"


@dataclass(frozen=True)
class Card:
    """One card to draw: its instance id, the name shown, its whole text (the tooltip), its box's
    fill and border, whether it is dashed (an empty or not-in-use slot)."""

    card: str
    label: str
    words: str
    fill: str = "#ffffff"
    stroke: str = "#777777"
    dashed: bool = False


def card_box(
    c: Card, x: float, y: float, w: float, h: float, *, lit: bool = False, size: float = 11, sub: str = ""
) -> str:
    """``c`` in the box at (x, y), ``w`` × ``h``; ``sub`` a second, smaller line."""
    hidden = c.card == "?"
    fill = FACE_DOWN if hidden else c.fill
    ink = FACE_DOWN_INK if hidden else INK
    box = {
        "x": x,
        "y": y,
        "width": w,
        "height": h,
        "rx": 4,
        "fill": fill,
        "stroke": HIGHLIGHT if lit else c.stroke,
        "stroke-width": 3 if lit else 1,
        "stroke-dasharray": "4 3" if c.dashed else None,
    }
    fitted = fit_text(c.label, w - 8, size, smallest=8)
    lines = list(fitted.lines)
    top = y + (h - fitted.height - (11 if sub else 0)) / 2 + fitted.size
    parts = [title(c.words), el("rect", box)]
    for k, line in enumerate(lines):
        parts.append(
            text(x + w / 2, top + k * fitted.line_height, line, size=fitted.size, anchor="middle", fill=ink)
        )
    if sub:
        parts.append(
            text(
                x + w / 2,
                top + len(lines) * fitted.line_height,
                sub,
                size=9,
                anchor="middle",
                fill=FACE_DOWN_INK if hidden else MUTED,
            )
        )
    return el("g", {"class": "card", "data-card": c.card}, *parts)


def card_flow(
    cards: Sequence[Card], x: float, y: float, width: float, *, lit: frozenset[str], size: float = 10
) -> tuple[str, float]:
    """Cards as boxes left to right in rows ``width`` wide; the drawing and its height."""
    chips, height = flow_chips(
        [(c.label, c) for c in cards], width, size=size, pad=5, gap=4, row_gap=4, smallest=8, min_w=28
    )
    parts = []
    for chip in chips:
        c: Card = chip.item
        parts.append(
            card_box(c, x + chip.x, y + chip.y, chip.w, chip.h, lit=c.card in lit, size=chip.text.size)
        )
    return "".join(parts), height


def section(x: float, y: float, label: str, count: str = "") -> str:
    """A section's small heading (``mods · 2``)."""
    return text(x, y + 10, label + (f" · {count}" if count else ""), size=10, weight="bold", fill=MUTED)
