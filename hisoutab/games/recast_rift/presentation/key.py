"""The key to every mark of the picture."""

from __future__ import annotations

from hisoutab.presentation.svg import HIGHLIGHT, MUTED, PLAYER_COLORS, PLAYER_LIGHT, el, text

from .boxes import FACE_DOWN, FACE_DOWN_INK

ITEMS = (
    ("p1", "P1's card or mat"),
    ("p2", "P2's card or mat"),
    ("down", "a face-down card (hidden from this view)"),
    ("empty", "an empty slot"),
    ("lit", "touched by the last step"),
    ("turn", "▶ whose turn it is"),
    ("stage", "the stage an entry is at: cast, atk, pre, dmg, dep"),
    ("bar", "a bar: no damage of that kind"),
    ("wait", "◷ a Trigger card waiting to be processed"),
    ("awake", "★ the far awakening card, awakened"),
)


def _mark(kind: str, x: float, y: float) -> str:
    box = {"x": x, "y": y - 10, "width": 22, "height": 13, "rx": 3}
    if kind in ("p1", "p2"):
        i = 0 if kind == "p1" else 1
        return el("rect", {**box, "fill": PLAYER_LIGHT[i], "stroke": PLAYER_COLORS[i]})
    if kind == "down":
        return el("g", None, el("rect", {**box, "fill": FACE_DOWN}),
                  text(x + 11, y, "?", size=9, anchor="middle", fill=FACE_DOWN_INK))
    if kind == "empty":
        return el("rect", {**box, "fill": "#fafafa", "stroke": "#bbbbbb", "stroke-dasharray": "4 3"})
    if kind == "lit":
        return el("rect", {**box, "fill": "#ffffff", "stroke": HIGHLIGHT, "stroke-width": 3})
    if kind == "stage":
        return el("rect", {**box, "fill": PLAYER_COLORS[0]})
    if kind == "wait":
        return el("rect", {**box, "fill": "#ffffff", "stroke": MUTED, "stroke-dasharray": "5 2"})
    if kind == "bar":
        return el("g", None, el("rect", {**box, "fill": "#ffffff", "stroke": MUTED}),
                  el("rect", {"x": x + 5, "y": y - 5, "width": 12, "height": 3, "fill": "#222222"}))
    return ""


def render_key(x: float, y: float, width: float, prefix: str) -> tuple[str, float]:
    """The key at (x, y) in three columns (one when narrower than 600: a key beside the picture),
    and its height."""
    cols = 3 if width >= 600 else 1
    cw = width / cols
    parts = [text(x, y + 12, "key", size=12, weight="bold")]
    for k, (kind, label) in enumerate(ITEMS):
        row, col = divmod(k, cols)
        mx, my = x + col * cw, y + 32 + row * 20
        parts.append(_mark(kind, mx, my))
        parts.append(text(mx + 28, my, label, size=10, fill=MUTED))
    rows = (len(ITEMS) + cols - 1) // cols
    return el("g", {"class": "key", "id": f"{prefix}-key"}, *parts), 32 + rows * 20
