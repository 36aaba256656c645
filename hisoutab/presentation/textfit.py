"""Measuring and placing text in SVG pictures: widths, wrapping, shrinking, rows of chips.

Widths are estimated from the advance widths of DejaVu Sans (the usual ``sans-serif`` of SVG
renderers on Linux, and wider than most other sans-serif faces), so text measured here fits. A
name is never cut: :func:`fit_text` shrinks it down to a smallest size, then wraps it on word
boundaries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

__all__ = ["Chip", "Fitted", "fit_text", "flow_chips", "text_width", "wrap", "wrap_parts"]

#: advance widths (em) of the printable ASCII characters " " … "~" in DejaVu Sans and its bold
_REGULAR = (
    0.318, 0.401, 0.46, 0.838, 0.636, 0.95, 0.78, 0.275, 0.39, 0.39, 0.5, 0.838, 0.318, 0.361, 0.318,
    0.337, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838,
    0.838, 0.838, 0.531, 1.0, 0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295,
    0.656, 0.557, 0.863, 0.748, 0.787, 0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685,
    0.611, 0.685, 0.39, 0.337, 0.39, 0.838, 0.5, 0.5, 0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635,
    0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634,
    0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838)
_BOLD = (
    0.348, 0.456, 0.521, 0.838, 0.696, 1.002, 0.872, 0.306, 0.457, 0.457, 0.523, 0.838, 0.38, 0.415, 0.38,
    0.365, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.4, 0.4, 0.838, 0.838,
    0.838, 0.58, 1.0, 0.774, 0.762, 0.734, 0.83, 0.683, 0.683, 0.821, 0.837, 0.372, 0.372, 0.775, 0.637,
    0.995, 0.837, 0.85, 0.733, 0.85, 0.77, 0.72, 0.682, 0.812, 0.774, 1.103, 0.771, 0.724, 0.725, 0.457,
    0.365, 0.457, 0.838, 0.5, 0.5, 0.675, 0.716, 0.593, 0.716, 0.678, 0.435, 0.716, 0.712, 0.343, 0.343,
    0.665, 0.343, 1.042, 0.712, 0.687, 0.716, 0.716, 0.493, 0.595, 0.478, 0.712, 0.652, 0.924, 0.645,
    0.652, 0.582, 0.712, 0.365, 0.712, 0.838)
_NARROW = {"·": 0.32, "—": 1.0, "–": 0.5, "…": 1.0, "→": 0.84, "−": 0.84, "×": 0.84}
_OTHER = 0.84  # anything else (arrows, CJK, symbols): wide, to be safe


def text_width(s: Any, size: float, bold: bool = False) -> float:
    """The estimated width of ``s`` drawn at font ``size``."""
    return _ems(str(s), bold) * size


@lru_cache(maxsize=1 << 15)
def _ems(s: str, bold: bool) -> float:
    """The width of ``s`` in ems (remembered: pictures measure the same names and the same growing
    lines of :func:`wrap` again and again)."""
    table = _BOLD if bold else _REGULAR
    em = 0.0
    for ch in s:
        k = ord(ch) - 32
        em += table[k] if 0 <= k < len(table) else _NARROW.get(ch, _OTHER)
    return em


def wrap(s: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``s`` broken into lines no wider than ``width`` at word boundaries; a single word wider than
    the line is broken between characters (nothing is ever dropped)."""
    words = str(s).split()
    if not words:
        return [""]
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if text_width(trial, size, bold) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while text_width(word, size, bold) > width and len(word) > 1:
            k = len(word) - 1
            while k > 1 and text_width(word[:k], size, bold) > width:
                k -= 1
            lines.append(word[:k])
            word = word[k:]
        line = word
    lines.append(line)
    return lines


@dataclass(frozen=True)
class Fitted:
    """Text fitted into a width: its ``lines`` at font ``size`` (``height`` = lines × line height)."""

    lines: tuple[str, ...]
    size: float
    bold: bool = False

    @property
    def line_height(self) -> float:
        return round(self.size * 1.25, 2)

    @property
    def height(self) -> float:
        return self.line_height * len(self.lines)

    @property
    def width(self) -> float:
        return max(text_width(line, self.size, self.bold) for line in self.lines)

    @property
    def text(self) -> str:
        return " ".join(self.lines)


def wrap_parts(parts: Sequence[str], width: float, size: float, bold: bool = False,
               sep: str = " · ") -> Fitted:
    """Parts joined by ``sep`` and broken into lines between parts (a part wider than a line is
    wrapped at its words)."""
    lines: list[str] = []
    line = ""
    for part in parts:
        trial = f"{line}{sep}{part}" if line else part
        if text_width(trial, size, bold) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        pieces = wrap(part, width, size, bold)
        lines.extend(pieces[:-1])
        line = pieces[-1]
    lines.append(line)
    return Fitted(tuple(lines), size, bold)


def fit_text(s: str, width: float, size: float, *, bold: bool = False, smallest: float = 10) -> Fitted:
    """``s`` on one line, shrunk from ``size`` down to ``smallest`` if needed, else wrapped at the
    smallest size; never shortened."""
    s = " ".join(str(s).split())
    step = size
    while step >= smallest:
        if text_width(s, step, bold) <= width:
            return Fitted((s,), step, bold)
        step -= 1
    return Fitted(tuple(wrap(s, width, smallest, bold)), smallest, bold)


@dataclass(frozen=True)
class Chip:
    """A labelled box in a flow of chips: its position (relative to the flow's origin) and text."""

    x: float
    y: float
    w: float
    h: float
    text: Fitted
    item: Any


def flow_chips(labels: Sequence[tuple[str, Any]], width: float, *, size: float = 12, pad: float = 7,
               gap: float = 6, row_gap: float = 5, smallest: float = 9, min_w: float = 0,
               bold: bool = False) -> tuple[list[Chip], float]:
    """Chips for ``(label, item)`` pairs laid out left to right in rows ``width`` wide; a label too
    long for a whole row is shrunk, then wrapped. Returns the chips and the total height."""
    chips: list[Chip] = []
    x = y = 0.0
    row_h = 0.0
    for label, item in labels:
        fitted = fit_text(label, width - 2 * pad, size, bold=bold, smallest=smallest)
        w = max(min_w, fitted.width + 2 * pad)
        h = fitted.height + 8
        if x > 0 and x + w > width:
            x = 0.0
            y += row_h + row_gap
            row_h = 0.0
        chips.append(Chip(x, y, w, h, fitted, item))
        x += w + gap
        row_h = max(row_h, h)
    return chips, (y + row_h if chips else 0.0)
