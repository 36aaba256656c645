"""The key to every mark of the TAMASHII picture."""

from __future__ import annotations

from hisoutab.presentation.svg import HIGHLIGHT, MUTED, el, player_color, text

from .cardbox import FACE_DOWN
from .chips import draw_chip
from .launcher import MATCH, legend_cell
from .panels import KIND_FILL
from .tilemap import GANG_FILL, TAG_FILL, UNREVEALED

_CHIPS = ("red", "blue", "green", "yellow", "wild", "damaged")
ITEMS = (
    ("chips", "chips: red, blue, green, yellow, wild (dashed), damaged (✕)"),
    ("core", "gold ring: a chip of the core data chip's colour (TM-CHIP-1)"),
    ("L", "light cell: refilled from the bag (TM-LNCH-1)"),
    ("D", "dark cell: not refilled"),
    ("X", "locked cell: bought open with XP (TM-LNCH-3)"),
    ("match", "a code match: its chips, numbered as the turned pattern"),
    ("unrevealed", "? an unrevealed place; yellow disc: its exploration marker"),
    ("districts", "districts: Shelter, gangs, body-switch clinic, others"),
    ("figure", "a player's character on the map"),
    ("number", "the enemy number die on the card that attacks next"),
    ("dice", "dice: attack (white), number (black), type (red), trace (yellow); ↻ a reroll source"),
    ("down", "a card or chip hidden from this view"),
    ("dashed", "dashed card: a mod held but not equipped, or a body not in use"),
    ("lit", "orange border: touched by the last step"),
)


def _mark(kind: str, x: float, y: float, prefix: str) -> str:
    if kind == "chips":
        return "".join(
            draw_chip(f"{c}#key", x + k * 15, y - 12, 15, words=f"a {c} chip") for k, c in enumerate(_CHIPS)
        )
    if kind == "core":
        return draw_chip("red#key", x, y - 14, 18, core="red", words="a chip of the core colour")
    if kind in ("L", "D", "X"):
        return legend_cell(kind, x, y, prefix)
    box = {"x": x, "y": y - 11, "width": 22, "height": 14, "rx": 3}
    if kind == "match":
        return el("rect", {**box, "fill": "none", "stroke": MATCH, "stroke-width": 3})
    if kind == "unrevealed":
        return el("rect", {**box, "fill": UNREVEALED}) + el(
            "circle", {"cx": x + 30, "cy": y - 4, "r": 5, "fill": "#ffd95a", "stroke": "#222"}
        )
    if kind == "districts":
        fills = (TAG_FILL["shelter"], *GANG_FILL.values(), TAG_FILL["body_switch"])
        return "".join(
            el("rect", {"x": x + k * 10, "y": y - 11, "width": 9, "height": 14, "fill": f, "stroke": "#888"})
            for k, f in enumerate(fills)
        )
    if kind == "figure":
        return el("circle", {"cx": x + 8, "cy": y - 4, "r": 7, "fill": player_color(0)})
    if kind == "number":
        return el("rect", {"x": x, "y": y - 12, "width": 15, "height": 15, "rx": 3, "fill": "#222222"})
    if kind == "dice":
        return "".join(
            el(
                "rect",
                {
                    "x": x + k * 15,
                    "y": y - 12,
                    "width": 13,
                    "height": 13,
                    "rx": 3,
                    "fill": f,
                    "stroke": "#222",
                },
            )
            for k, f in enumerate(KIND_FILL.values())
        )
    if kind == "down":
        return el("rect", {**box, "fill": FACE_DOWN})
    if kind == "dashed":
        return el("rect", {**box, "fill": "#ffffff", "stroke": MUTED, "stroke-dasharray": "4 3"})
    return el("rect", {**box, "fill": "#ffffff", "stroke": HIGHLIGHT, "stroke-width": 3})


def render_key(x: float, y: float, width: float, prefix: str, *,
               cols: int | None = None) -> tuple[str, float]:
    """The key at (x, y) in ``cols`` columns (default two, one when narrower than 600), and its
    height."""
    cols = cols or (2 if width >= 600 else 1)
    cw = width / cols
    parts = [text(x, y + 12, "key", size=12, weight="bold")]
    for k, (kind, label) in enumerate(ITEMS):
        row, col = divmod(k, cols)
        mx, my = x + col * cw, y + 34 + row * 22
        parts.append(_mark(kind, mx, my, prefix))
        parts.append(text(mx + 96, my, label, size=10, fill=MUTED))
    rows = (len(ITEMS) + cols - 1) // cols
    return el("g", {"class": "key", "id": f"{prefix}-key"}, *parts), 34 + rows * 22
