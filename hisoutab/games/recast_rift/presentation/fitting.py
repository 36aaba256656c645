"""Fitting a card name into a box without cutting it: a smaller font, then two or three lines."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hisoutab.presentation.svg import INK, el


@lru_cache(maxsize=1 << 14)
def width_of(s: str, size: float, bold: bool = False) -> float:
    """The estimated width of ``s`` at font ``size`` (wide characters count double; remembered:
    the same names are fitted in every picture)."""
    per = 0.6 if bold else 0.55
    return sum((1.0 if unicodedata.east_asian_width(c) in "WF" else per) * size for c in s)


@dataclass(frozen=True)
class Fitted:
    lines: tuple[str, ...]
    size: float

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * 1.15


def _wrap(s: str, width: float, size: float, bold: bool) -> list[str]:
    lines: list[str] = []
    cur = ""
    for word in s.split(" "):
        trial = f"{cur} {word}" if cur else word
        if cur and width_of(trial, size, bold) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    lines.append(cur)
    return lines


def fit_name(s: str, width: float, size: float = 12, *, smallest: float = 8, max_lines: int = 3,
             bold: bool = False) -> Fitted:
    """``s`` whole: one line at ``size`` or up to 2 points smaller, else wrapped at spaces into up
    to ``max_lines`` lines at the largest size that fits, else one line at ``smallest``, else wrapped
    at ``smallest`` (never cut)."""
    sz = size
    while sz >= max(smallest, size - 2):
        if width_of(s, sz, bold) <= width:
            return Fitted((s,), sz)
        sz -= 1
    sz = size
    while sz >= smallest:
        lines = _wrap(s, width, sz, bold)
        if len(lines) <= max_lines and all(width_of(x, sz, bold) <= width for x in lines):
            return Fitted(tuple(lines), sz)
        sz -= 1
    if width_of(s, smallest, bold) <= width:
        return Fitted((s,), smallest)
    return Fitted(tuple(_wrap(s, width, smallest, bold)), smallest)


def draw(x: float, y: float, f: Fitted, *, anchor: str = "start", fill: str = INK,
         weight: str | None = None, cls: str | None = None) -> str:
    """``f`` with its first baseline at ``y``."""
    a: dict[str, Any] = {"class": cls, "x": x, "y": y, "font-size": f.size}
    if anchor != "start":
        a["text-anchor"] = anchor
    if weight:
        a["font-weight"] = weight
    a["fill"] = fill
    if len(f.lines) == 1:
        return el("text", a, text=f.lines[0])
    spans = [el("tspan", {"x": x, "dy": 0 if i == 0 else round(f.size * 1.15, 2)}, text=line)
             for i, line in enumerate(f.lines)]
    return el("text", a, *spans)
