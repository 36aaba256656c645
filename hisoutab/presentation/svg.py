"""Tiny SVG text helpers: escaped elements with attributes in a fixed order (deterministic output)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from xml.sax.saxutils import escape

FONT = "sans-serif"
INK = "#222222"
MUTED = "#666666"
PLAYER_COLORS = ("#c8372d", "#2a62c9")  # P1 red-ish, P2 blue-ish
PLAYER_LIGHT = ("#fbe3e1", "#e0e9fb")
BLUE_CELL = "#8ec2ff"
YELLOW_CELL = "#ffd95a"
HIGHLIGHT = "#ff8c00"

_ENTITIES = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def esc(text: Any) -> str:
    """Text content, escaped for XML (``<``, ``&``, ``>``)."""
    return escape(str(text))


def num(v: float | int) -> str:
    """A number written the same way every time (at most 2 decimals, no trailing zeros)."""
    if isinstance(v, bool):
        v = int(v)
    if isinstance(v, int):
        return str(v)
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _attr_value(v: Any) -> str:
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        v = num(v)
    return '"' + escape(str(v), _ENTITIES) + '"'


def attrs(a: Mapping[str, Any] | None) -> str:
    """`` name="value"`` pairs in the mapping's order; ``None`` values are left out.
    Underscores in names become dashes (``data_player`` → ``data-player``)."""
    if not a:
        return ""
    return "".join(f" {k.rstrip('_').replace('_', '-')}={_attr_value(v)}"
                   for k, v in a.items() if v is not None)


def el(tag: str, a: Mapping[str, Any] | None = None, *children: str, text: Any = None) -> str:
    """An element: ``children`` are already-rendered SVG strings, ``text`` is escaped content."""
    inner = "".join(children) + (esc(text) if text is not None else "")
    if not inner:
        return f"<{tag}{attrs(a)}/>"
    return f"<{tag}{attrs(a)}>{inner}</{tag}>"


def text(x: float, y: float, s: Any, *, size: float = 13, anchor: str = "start", weight: str | None = None,
         fill: str = INK, cls: str | None = None, **extra: Any) -> str:
    """A line of text at (x, y) (baseline)."""
    a: dict[str, Any] = {"class": cls, "x": x, "y": y, "font-size": size}
    if anchor != "start":
        a["text-anchor"] = anchor
    if weight:
        a["font-weight"] = weight
    a["fill"] = fill
    a.update(extra)
    return el("text", a, text=s)


def title(s: Any) -> str:
    """A tooltip (``<title>``) for the enclosing element."""
    return el("title", None, text=s)


def group(a: Mapping[str, Any] | None, children: Iterable[str]) -> str:
    return el("g", a, *children)


def fit(s: str, width: float, size: float, bold: bool = False) -> str:
    """``s`` shortened with an ellipsis so that it fits ``width`` at font ``size`` (estimated)."""
    max_chars = max(1, int(width / (size * (0.62 if bold else 0.52))))
    return s if len(s) <= max_chars else s[: max_chars - 1].rstrip() + "…"


def polygon(points: Iterable[tuple[float, float]], **a: Any) -> str:
    pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return el("polygon", {"points": pts, **a})
