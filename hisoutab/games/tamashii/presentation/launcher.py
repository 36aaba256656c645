"""The launcher grid (TM-COMP-13): light cells (refilled from the bag, TM-LNCH-1) pale, dark cells
grey, locked cells of the rightmost column hatched until their row is bought open (TM-LNCH-3), each
cell's chip on it; a code match (TM-CODE-1) outlines its chips and numbers them in the order of the
code's pattern as the match turned it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hisoutab.presentation.svg import HIGHLIGHT, MUTED, el, text, title

from . import facts
from .chips import draw_chip

CELL_FILL = {"L": "#f6f3e8", "D": "#9a9aa6", "X": "#d8d8d8"}
MATCH = "#0b7a75"
LABELS = {"L": "light", "D": "dark", "X": "locked"}


def hatch(prefix: str) -> str:
    """The pattern a locked cell is hatched with (one per picture)."""
    return el(
        "pattern",
        {
            "id": f"{prefix}-locked",
            "width": 6,
            "height": 6,
            "patternUnits": "userSpaceOnUse",
            "patternTransform": "rotate(45)",
        },
        el("rect", {"width": 6, "height": 6, "fill": CELL_FILL["X"]}),
        el("line", {"x1": 0, "y1": 0, "x2": 0, "y2": 6, "stroke": "#8a8a8a", "stroke-width": 2}),
    )


def draw_launcher(
    ctx: Any,
    p: Any,
    x: float,
    y: float,
    cell: float,
    *,
    prefix: str,
    lit: frozenset[str] = frozenset(),
    match: Mapping[tuple[int, int], int] | None = None,
) -> tuple[str, float, float]:
    """``p``'s launcher at (x, y), cells ``cell`` wide; ``match`` numbers the cells of a code match.
    Returns the drawing, its width and height."""
    rows = len(p.launcher)
    cols = max((len(r) for r in p.launcher), default=0)
    kinds = facts.launcher_kinds(ctx, rows, cols)
    parts: list[str] = []
    for r, row in enumerate(p.launcher):
        for c in range(cols):
            chip = row[c] if c < len(row) else ""
            kind = facts.cell_kind(ctx, kinds, p.unlocked, r, c)
            address = f"{p.name}.launcher[{r}][{c}]"
            cx, cy = x + c * cell, y + r * cell
            fill = f"url(#{prefix}-locked)" if kind == "X" else CELL_FILL.get(kind, CELL_FILL["L"])
            opened = " (bought open, TM-LNCH-3)" if kinds[r][c] == "X" and kind != "X" else ""
            words = f"{p.name}'s launcher row {r + 1}, column {c + 1}: {facts.CELL_WORDS[kind]}{opened}"
            box = el(
                "rect",
                {
                    "x": cx,
                    "y": cy,
                    "width": cell,
                    "height": cell,
                    "fill": fill,
                    "stroke": HIGHLIGHT if address in lit else "#555555",
                    "stroke-width": 3 if address in lit else 1,
                },
            )
            parts.append(
                el(
                    "g",
                    {"class": f"cell cell-{LABELS.get(kind, kind)}", "data-cell": address},
                    title(words + ("" if chip else " · empty")),
                    box,
                )
            )
            if chip:
                parts.append(
                    draw_chip(
                        chip,
                        cx,
                        cy,
                        cell,
                        core=p.core,
                        lit=chip in lit or address in lit,
                        where=f"launcher row {r + 1}, column {c + 1}",
                    )
                )
            if match and (r, c) in match:
                parts.append(_matched(cx, cy, cell, match[(r, c)]))
    return "".join(parts), cols * cell, rows * cell


def _matched(x: float, y: float, cell: float, k: int) -> str:
    return el(
        "g",
        {"class": "matched"},
        el(
            "rect",
            {
                "x": x + 2,
                "y": y + 2,
                "width": cell - 4,
                "height": cell - 4,
                "rx": 5,
                "fill": "none",
                "stroke": MATCH,
                "stroke-width": 4,
            },
        ),
        el("circle", {"cx": x + cell - 8, "cy": y + 8, "r": 8, "fill": MATCH}),
        text(x + cell - 8, y + 12, k, size=10, anchor="middle", weight="bold", fill="#ffffff"),
    )


def draw_pattern(
    pattern: tuple[str, ...],
    x: float,
    y: float,
    cell: float,
    *,
    caption: str,
    core: str = "",
    numbers: Mapping[tuple[int, int], int] | None = None,
) -> tuple[str, float, float]:
    """A code's pattern as a small grid of letters (``.`` no requirement, ``*`` any chip but a
    damaged one, ``C`` the core colour); ``numbers`` the position numbers (default: row by row),
    the same as :func:`draw_launcher` writes on the matched chips."""
    letters = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
    parts = [text(x, y + 11, caption, size=11, weight="bold")]
    top = y + 18
    k = 0
    for r, row in enumerate(pattern):
        for c, letter in enumerate(row):
            cx, cy = x + c * cell, top + r * cell
            if letter == ".":
                parts.append(_square(cx, cy, cell, "#ffffff", "#cccccc", dashed=True))
                continue
            k += 1
            number = numbers.get((r, c), k) if numbers is not None else k
            colour = core if letter == "C" else letters.get(letter, "")
            fill = facts.CHIP_FILL.get(colour, "#ffffff")
            ink = facts.CHIP_INK.get(colour, "#222222")
            parts.append(_square(cx, cy, cell, fill, MATCH))
            parts.append(text(cx + cell / 2, cy + cell / 2 + 4, letter, size=12, anchor="middle",
                              weight="bold", fill=ink))
            parts.append(text(cx + 3, cy + 10, number, size=8, fill=ink))
    w = max((len(r) for r in pattern), default=0) * cell
    return "".join(parts), max(w, 60.0), 18 + len(pattern) * cell


def _square(x: float, y: float, cell: float, fill: str, stroke: str, *, dashed: bool = False) -> str:
    return el("rect", {"x": x, "y": y, "width": cell, "height": cell, "fill": fill, "stroke": stroke,
                       "stroke-width": 1 if dashed else 2, "stroke-dasharray": "3 2" if dashed else None})


def legend_cell(kind: str, x: float, y: float, prefix: str) -> str:
    fill = f"url(#{prefix}-locked)" if kind == "X" else CELL_FILL[kind]
    return el("rect", {"x": x, "y": y - 11, "width": 16, "height": 14, "fill": fill, "stroke": MUTED})
