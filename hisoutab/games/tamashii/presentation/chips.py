"""One chip drawn: a rounded square in its colour with its letter (W wild, X damaged, ``?`` a chip
the view hides), a gold ring when it is of the core data chip's colour (TM-CHIP-1), the orange
border when the last step touched it; ``data-card`` and a ``<title>`` name it."""

from __future__ import annotations

from typing import Any

from hisoutab.presentation.svg import HIGHLIGHT, el, text, title

from .facts import CHIP_FILL, CHIP_INK, CHIP_LETTER, HIDDEN, chip_colour

CORE_RING = "#b8860b"
HIDDEN_FILL = "#4a4a55"


def chip_words(chip: str, core: str) -> str:
    """A chip in words: ``red chip red#3 (the core colour)``, ``wild chip wild#1``."""
    colour = chip_colour(chip)
    if colour == HIDDEN:
        return "a chip hidden from this view"
    extra = " (the core data chip's colour)" if colour == core else ""
    extra += " — counts as any colour" if colour == "wild" else ""
    extra += " — fills no code position" if colour == "damaged" else ""
    return f"{colour} chip {chip}{extra}"


def draw_chip(
    chip: str,
    x: float,
    y: float,
    size: float,
    *,
    core: str = "",
    lit: bool = False,
    where: str = "",
    words: str = "",
) -> str:
    """The chip ``chip`` in the square at (x, y) with side ``size`` (``words``: its tooltip, when
    not the chip's own words)."""
    colour = chip_colour(chip)
    fill = CHIP_FILL.get(colour, HIDDEN_FILL)
    ink = CHIP_INK.get(colour, "#ffffff")
    letter = CHIP_LETTER.get(colour, "?")
    pad = size * 0.12
    parts: list[str] = [title(words or chip_words(chip, core) + (f" · {where}" if where else ""))]
    box: dict[str, Any] = {
        "x": x + pad,
        "y": y + pad,
        "width": size - 2 * pad,
        "height": size - 2 * pad,
        "rx": size * 0.18,
        "fill": fill,
        "stroke": "#333333",
        "stroke-width": 1,
    }
    if colour == "wild":
        box["stroke-dasharray"] = "3 2"
    parts.append(el("rect", box))
    if colour == "damaged":
        c = size * 0.3
        parts.append(
            el(
                "path",
                {
                    "d": f"M{x + c:.1f},{y + c:.1f} L{x + size - c:.1f},{y + size - c:.1f} "
                    f"M{x + size - c:.1f},{y + c:.1f} L{x + c:.1f},{y + size - c:.1f}",
                    "stroke": "#ffffff",
                    "stroke-width": 2,
                },
            )
        )
    else:
        parts.append(
            text(
                x + size / 2,
                y + size / 2 + size * 0.14,
                letter,
                size=size * 0.38,
                anchor="middle",
                weight="bold",
                fill=ink,
            )
        )
    if core and colour == core:
        parts.append(
            el(
                "rect",
                {
                    "x": x + pad / 2,
                    "y": y + pad / 2,
                    "width": size - pad,
                    "height": size - pad,
                    "rx": size * 0.2,
                    "fill": "none",
                    "stroke": CORE_RING,
                    "stroke-width": 2.5,
                },
            )
        )
    if lit:
        parts.append(
            el(
                "rect",
                {
                    "x": x + 1,
                    "y": y + 1,
                    "width": size - 2,
                    "height": size - 2,
                    "rx": 4,
                    "fill": "none",
                    "stroke": HIGHLIGHT,
                    "stroke-width": 3,
                },
            )
        )
    return el("g", {"class": "chip", "data-card": None if words else chip}, *parts)


def chip_row(
    chips: tuple[str, ...],
    x: float,
    y: float,
    width: float,
    size: float,
    *,
    core: str,
    lit: frozenset[str],
    where: str,
) -> tuple[str, float]:
    """Chips left to right in rows ``width`` wide; the drawing and its height."""
    per = max(1, int(width // size))
    parts = []
    for k, chip in enumerate(chips):
        r, c = divmod(k, per)
        parts.append(
            draw_chip(chip, x + c * size, y + r * size, size, core=core, lit=chip in lit, where=where)
        )
    rows = (len(chips) + per - 1) // per
    return "".join(parts), rows * size
