"""The picture's key: the board and timeline shapes (beside the board) and the marks of the players'
panels (under them). Key shapes carry no game-object classes, so they are never counted as pieces,
bullets or cards."""

from __future__ import annotations

from collections.abc import Callable

from hisoutab.games.hisoutab.kit.panels import card_back
from hisoutab.presentation.svg import HIGHLIGHT, INK, MUTED, PLAYER_COLORS, el, polygon, text

from .board import bullet_shape
from .layout import wrap
from .marks import (
    CARD_EDGE,
    INITIATIVE,
    INITIATIVE_EDGE,
    MARKS,
    SPIRIT,
    SPIRIT_EDGE,
    TURN,
    Badge,
    badge,
)
from .timeline import line_shape, marker_shape

Shape = Callable[[float, float], str]  # draws at (x, centre y)
ROW = 26


def _piece(x: float, y: float, air: bool = False) -> str:
    c = PLAYER_COLORS[0]
    out = el("circle", {"cx": x + 12, "cy": y, "r": 10, "fill": c, "stroke": INK})
    out += polygon([(x + 22, y - 6), (x + 30, y), (x + 22, y + 6)], fill=c)
    if air:
        out = el("circle", {"cx": x + 12, "cy": y - 3, "r": 8, "fill": c, "stroke": INK}) + polygon(
            [(x + 8, y + 7), (x + 16, y + 7), (x + 12, y + 12)], fill=c)
    return out


def board_items() -> list[tuple[Shape, str]]:
    c1, c2 = PLAYER_COLORS
    return [
        (lambda x, y: _piece(x, y), "character piece; ▶ the side it faces"),
        (lambda x, y: _piece(x, y, air=True), "in the air: falls 1 at a special line"),
        (lambda x, y: bullet_shape(x + 11, y, 9, c2, "straight", 1, 0, 2),
         "straight bullet: its arrow; 2 = the slot of its token"),
        (lambda x, y: bullet_shape(x + 13, y, 8, c1, "trace", slot=1),
         "tracing bullet: moves closer to the opponent"),
        (lambda x, y: el("rect", {"x": x + 2, "y": y - 11, "width": 22, "height": 22, "fill": HIGHLIGHT,
                                  "fill-opacity": 0.35, "stroke": HIGHLIGHT, "stroke-dasharray": "6 3"}),
         "highlighted cell (what the step touched)"),
        (lambda x, y: marker_shape(x + 13, y, c1, "P1", r=11), "timeline marker: the player's next turn"),
        (lambda x, y: el("rect", {"x": x + 1, "y": y - 11, "width": 24, "height": 22, "fill": "#ffffff",
                                  "stroke": INK, "stroke-width": 3}), "the current slot (now)"),
        (lambda x, y: line_shape(x + 13, y - 12, y + 12, False),
         "special line (D-CARD-LINE): spirit, bullets, gravity"),
        (lambda x, y: line_shape(x + 13, y - 12, y + 12, True), "special line that has triggered"),
    ]


def marks_items() -> list[tuple[Shape, str]]:
    def pill(label: str, color: str) -> Shape:
        return lambda x, y: (el("rect", {"x": x, "y": y - 9, "width": 62, "height": 19, "rx": 9.5,
                                         "fill": color})
                             + text(x + 31, y + 4, label, size=11, anchor="middle", weight="bold",
                                    fill="#ffffff"))

    def mark(kind: str, label: str) -> Shape:
        return lambda x, y: badge(x, y - 8.5, Badge(kind, label, MARKS[kind][2]), cls="legend-mark")

    items: list[tuple[Shape, str]] = [
        (lambda x, y: el("circle", {"cx": x + 11, "cy": y, "r": 10, "fill": INITIATIVE,
                                    "stroke": INITIATIVE_EDGE})
         + text(x + 11, y + 5, "I", size=12, anchor="middle", weight="bold"),
         "the initiative token: decides the order on a cancel-level tie (D-RES-SIM)"),
        (pill("this turn", TURN), "takes part in this turn; both: a simultaneous action (D-TURN-2)"),
        (lambda x, y: el("circle", {"cx": x + 9, "cy": y, "r": 8, "fill": SPIRIT, "stroke": SPIRIT_EDGE})
         + el("circle", {"cx": x + 30, "cy": y, "r": 7, "fill": "#ffffff", "stroke": SPIRIT_EDGE,
                         "stroke-width": 2, "stroke-dasharray": "3 2"}),
         "spirit held / empty, up to the gauge's size (DS-4)"),
        (lambda x, y: card_back(x + 4, y - 13, 20, 26), "a face-down card (hidden from this view)"),
        (lambda x, y: el("rect", {"x": x, "y": y - 9, "width": 18, "height": 18, "rx": 3,
                                  "fill": PLAYER_COLORS[1], "stroke": CARD_EDGE})
         + text(x + 9, y + 4, 2, size=10, anchor="middle", weight="bold", fill="#ffffff")
         + el("rect", {"x": x + 21, "y": y - 9, "width": 18, "height": 18, "rx": 3, "fill": "#ffffff",
                       "stroke": CARD_EDGE}),
         "card track: the slot the bullet's token is on (D-CARD-BULLET-1)"),
    ]
    for kind, label in (("counter", "counter hit"), ("parry", "parry"), ("immune", "immune"),
                        ("ground", "ground only"), ("level", "cancel Lv 2"), ("whiff", "whiff +1"),
                        ("facedown", "face-down cancel")):
        items.append((mark(kind, label), MARKS[kind][2]))
    return items


def render_board_key(ox: float, oy: float, width: float, prefix: str) -> tuple[str, float]:
    """The key to the board and timeline shapes; returns (svg, height)."""
    out = [text(ox, oy + 16, "Key", size=15, weight="bold")]
    y = oy + 40
    for shape, label in board_items():
        lines = wrap(label, width - 42, 13)
        h = max(ROW, len(lines) * 16 + 8)
        cy = y + h / 2
        out.append(shape(ox, cy))
        for k, line in enumerate(lines):
            out.append(text(ox + 42, cy + 5 - (len(lines) - 1) * 8 + k * 16, line, size=13))
        y += h
    return el("g", {"class": "legend", "id": f"{prefix}-key-board"}, *out), y - oy


def render_marks_key(ox: float, oy: float, width: float, prefix: str) -> tuple[str, float]:
    """The key to the panels' marks, in two columns (one when narrower than 600: a key beside the
    picture); returns (svg, height)."""
    cols = 2 if width >= 600 else 1
    out = [text(ox, oy + 16, "Marks in the panels", size=15, weight="bold"),
           text(ox + 190, oy + 16, "the draft has no knockdown and no guard state", size=12, fill=MUTED)
           if cols == 2 else text(ox, oy + 32, "the draft has no knockdown and no guard state", size=12,
                                  fill=MUTED)]
    items = marks_items()
    cw = (width - 20) / cols
    shape_w = 128
    per = -(-len(items) // cols)
    y0 = oy + 32 + (0 if cols == 2 else 16)
    col_h = []
    for c in range(cols):
        y = y0
        for shape, label in items[c * per:(c + 1) * per]:
            lines = wrap(label, cw - shape_w - 6, 12)
            h = max(ROW, len(lines) * 15 + 8)
            cy = y + h / 2
            out.append(shape(ox + c * (cw + 20), cy))
            for k, line in enumerate(lines):
                out.append(text(ox + c * (cw + 20) + shape_w, cy + 4 - (len(lines) - 1) * 7.5 + k * 15, line,
                                size=12))
            y += h
        col_h.append(y - oy)
    return el("g", {"class": "legend", "id": f"{prefix}-key-marks"}, *out), max(col_h)
