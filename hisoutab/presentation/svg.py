"""Tiny SVG text helpers: escaped elements with attributes in a fixed order (deterministic output)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

FONT = "sans-serif"
INK = "#222222"
MUTED = "#666666"
#: the players' colours, P1 to P4: red, blue, green, purple — told apart by people with the common
#: colour-vision deficiencies by hue 60° or more apart, each readable on white (contrast ≥ 4.5:1)
#: and none near the highlight's orange; a fifth player and on take them again
PALETTE = ("#c8372d", "#2a62c9", "#1d7a3e", "#8e24aa")
#: the light tint of each player's colour, for a player's boxes (ink stays readable on it)
PALETTE_LIGHT = ("#fbe3e1", "#e0e9fb", "#dff2e4", "#f1e1f7")
#: the two players of a duel (P1 red-ish, P2 blue-ish): the palette's first two
PLAYER_COLORS = PALETTE[:2]
PLAYER_LIGHT = PALETTE_LIGHT[:2]
BLUE_CELL = "#8ec2ff"
YELLOW_CELL = "#ffd95a"
HIGHLIGHT = "#ff8c00"



def player_color(i: int) -> str:
    """The colour of player ``i`` (0 is P1), for lines and text on the white background."""
    return PALETTE[i % len(PALETTE)]


def player_light(i: int) -> str:
    """The light tint of player ``i``'s colour, for the background of the player's boxes."""
    return PALETTE_LIGHT[i % len(PALETTE_LIGHT)]


_ENTITIES = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def esc(text: Any) -> str:
    """Text content, escaped for XML (``<``, ``&``, ``>``)."""
    if type(text) is str:
        return _esc_text(text)
    return escape(str(text))


@lru_cache(maxsize=1 << 15)
def _esc_text(text: str) -> str:
    """A text escaped (remembered: the same names and numbers are written in every picture)."""
    return escape(text)


def num(v: float | int) -> str:
    """A number written the same way every time (at most 2 decimals, no trailing zeros)."""
    if isinstance(v, bool):
        v = int(v)
    if isinstance(v, int):
        return str(v)
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _attr_value(v: Any) -> str:
    """An attribute's value, quoted and escaped."""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        v = num(v)
    return '"' + escape(str(v), _ENTITIES) + '"'


def _attr(k: str, v: Any) -> str:
    """`` name="value"``: underscores in the name become dashes (``data_player`` →
    ``data-player``), a trailing one is dropped (``class_``)."""
    return f" {k.rstrip('_').replace('_', '-')}={_attr_value(v)}"


#: the attribute pairs written so far, by name, value and the value's type (1, 1.0 and True are
#: written differently); emptied when it grows past _PAIRS_MAX
_PAIRS: dict[tuple[str, Any, type], str] = {}
_PAIRS_MAX = 1 << 16
_REMEMBERED = frozenset({str, int, float})


def attrs(a: Mapping[str, Any] | None) -> str:
    """`` name="value"`` pairs in the mapping's order; ``None`` values are left out.
    Underscores in names become dashes (``data_player`` → ``data-player``)."""
    if not a:
        return ""
    out = []
    pairs = _PAIRS
    for k, v in a.items():
        if v is None:
            continue
        kind = type(v)
        if kind not in _REMEMBERED:  # a value of another kind: equal ones may be written apart
            out.append(_attr(k, v))
            continue
        key = (k, v, kind)
        pair = pairs.get(key)
        if pair is None:
            pair = pairs[key] = _attr(k, v)
            if len(pairs) > _PAIRS_MAX:
                pairs.clear()
        out.append(pair)
    return "".join(out)


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
