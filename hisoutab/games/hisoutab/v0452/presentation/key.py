"""The picture's keys: the board's marks (beside the board) and the timeline's and panels' marks
(under the panels). Every mark the picture draws is here. Key shapes carry no game-object
classes, so they are never counted as pieces, bullets or cards."""

from __future__ import annotations

import functools
from collections.abc import Callable

from hisoutab.games.hisoutab.kit.panels import INITIATIVE, INITIATIVE_EDGE, TURN, card_back, pill
from hisoutab.presentation.svg import (
    BLUE_CELL,
    HIGHLIGHT,
    INK,
    MUTED,
    PLAYER_COLORS,
    YELLOW_CELL,
    el,
    polygon,
    text,
)
from hisoutab.presentation.textfit import wrap

from .board import bullet_shape, guard_shape, knockdown_shape
from .panels import CARD_EDGE, EMPTY_EDGE, MISSED, SPIRIT_EDGE, SPIRIT_UP, die_shape
from .status import STATUS_KEY, STATUS_LABELS
from .timeline import hit_shape, marker_shape

Shape = Callable[[float, float], str]  # draws at (left x, centre y)
ROW = 24


def _piece(x: float, y: float, r: float = 10) -> str:
    c = PLAYER_COLORS[0]
    return (el("circle", {"cx": x + 13, "cy": y, "r": r, "fill": c, "stroke": INK})
            + polygon([(x + 13 + r - 1, y - 6), (x + 13 + r + 7, y), (x + 13 + r - 1, y + 6)],
                      **{"fill": c, "stroke": "#ffffff", "stroke-width": 1}))


def board_items() -> list[tuple[Shape, str]]:
    c1, c2 = PLAYER_COLORS
    return [
        (lambda x, y: _piece(x, y), "character piece; ▶ the side it faces"),
        (lambda x, y: _piece(x, y) + guard_shape(x + 5, y - 8, 6),
         "shield: in guard state (a defense card on the field, or both play zones empty)"),
        (lambda x, y: _piece(x, y, 9) + knockdown_shape(x + 13, y, 9),
         "dashed gold ring, KD: knocked down, invulnerable (H-KD)"),
        (lambda x, y: el("rect", {"x": x + 2, "y": y - 11, "width": 22, "height": 22, "fill": HIGHLIGHT,
                                  "fill-opacity": 0.35, "stroke": HIGHLIGHT, "stroke-dasharray": "6 3"}),
         "highlighted cell: what the step touched (an attack's range, a move)"),
        (lambda x, y: bullet_shape(x + 12, y, 9, c2, "straight", 1, 0, 2),
         "bullet in its owner's colour; 2 = the die on its card (duration)"),
        (lambda x, y: bullet_shape(x + 11, y + 2, 9, c1, "straight", 1, 1, 3),
         "straight bullet: the arrow is its direction"),
        (lambda x, y: bullet_shape(x + 13, y, 8, c1, "trace", duration=1),
         "tracing bullet (dashed ring): its owner moves it"),
        (lambda x, y: bullet_shape(x + 13, y, 8, c1, "still", duration=1),
         "still bullet (square): it does not move"),
        (lambda x, y: bullet_shape(x + 13, y, 9, c1, "straight", duration=1, faded=True),
         "faded, just outside the grid: left the board, discarded in the bullet phase (H-BUL-5)"),
    ]


def _cell(x: float, y: float, fill: str, label: str, *, thick: bool = False, opacity: float = 1) -> str:
    out = el("rect", {"x": x, "y": y - 11, "width": 26, "height": 22, "fill": fill, "fill-opacity": opacity,
                      "stroke": INK if thick else "#8d96a0", "stroke-width": 3 if thick else 1})
    return out + text(x + 13, y + 4, label, size=10, anchor="middle", weight="bold" if thick else None)


def marks_items() -> list[tuple[Shape, str]]:
    """The timeline's marks and the panels' tokens and gauges (the first column of the key)."""
    c1, c2 = PLAYER_COLORS
    items: list[tuple[Shape, str]] = [
        (lambda x, y: marker_shape(x + 13, y, c1, "P1", r=11), "timeline marker: the player's next turn"),
        (lambda x, y: hit_shape(x + 13, y, c2, "P2", r=12),
         "hit token: stands for the next turn while on the timeline (H-TD-1, H-DMG-3)"),
        (lambda x, y: _cell(x, y, "#ffffff", "now", thick=True), "the current cell (thick border, now)"),
        (lambda x, y: _cell(x, y, BLUE_CELL, "B"),
         "blue cell: adjustment phase, spirit and gravity (H-ADJ-BLUE)"),
        (lambda x, y: _cell(x, y, YELLOW_CELL, "Y"), "yellow cell: bullet movement phase (H-ADJ-YELLOW)"),
        (lambda x, y: _cell(x, y, YELLOW_CELL, "Y", opacity=0.4),
         "faded cell: triggered once both markers passed it (R-11); grey number: a past cell"),
        (lambda x, y: text(x + 13, y + 4, "later ▸", size=10, anchor="middle", fill=MUTED),
         "a token beyond the drawn cells, with its cell written out"),
        (lambda x, y: el("circle", {"cx": x + 12, "cy": y, "r": 10, "fill": INITIATIVE,
                                    "stroke": INITIATIVE_EDGE})
         + text(x + 12, y + 4, "I", size=12, anchor="middle", weight="bold"),
         "the initiative token's holder (H-SETUP-7, H-RES-SIM, H-ADJ-BLUE-0)"),
        (lambda x, y: el("rect", {"x": x, "y": y - 7, "width": 40, "height": 14, "rx": 3, "fill": "#eceff2",
                                  "stroke": "#8d96a0"})
         + el("rect", {"x": x, "y": y - 7, "width": 26, "height": 14, "rx": 3, "fill": c1})
         + el("rect", {"x": x + 18, "y": y - 5, "width": 8, "height": 10, "fill": "#ffffff",
                       "fill-opacity": 0.6, "stroke": INK, "stroke-dasharray": "3 2"})
         + el("line", {"x1": x + 33, "y1": y - 9, "x2": x + 33, "y2": y + 9, "stroke": INK,
                       "stroke-width": 2}),
         "HP bar; ticks: spell-card draws at 17 / 13 / 9 / 5 / 1 (H-SPELL-GAIN), dashed once reached; "
         "white dashed: damage marked, applied at the settlement (H-RES-DMG)"),
        (lambda x, y: el("circle", {"cx": x + 8, "cy": y, "r": 7, "fill": SPIRIT_UP, "stroke": SPIRIT_EDGE})
         + el("circle", {"cx": x + 26, "cy": y, "r": 7, "fill": "#ffffff", "stroke": SPIRIT_EDGE,
                         "stroke-width": 2}),
         "spirit token face-up (available) / face-down (spent)"),
        (lambda x, y: die_shape(x + 12, y, 3, 18),
         "die: on a broken spirit slot, cells until the token returns (−1 at each blue cell, H-ADJ-BLUE-2); "
         "on a bullet card, its duration (−1 at each yellow cell, H-BUL-1)"),
        (lambda x, y: text(x + 4, y + 4, "d1 … d5", size=11, fill=MUTED),
         "under the spirit gauge: the die printed beneath each slot (R-4); a guard crush or a spirit "
         "break puts it on the slot (H-GUARD-CRUSH-2, H-BREAK)"),
        (lambda x, y: el("rect", {"x": x, "y": y - 10, "width": 40, "height": 20, "rx": 4, "fill": "#ffffff",
                                  "stroke": INK, "stroke-width": 1.5}),
         "a card in the trigger or cast zone: its face played, kind, cost, damage, timing, cancel level"),
        (lambda x, y: el("rect", {"x": x, "y": y - 9, "width": 40, "height": 18, "rx": 4, "fill": "none",
                                  "stroke": EMPTY_EDGE, "stroke-dasharray": "5 4"}),
         "dashed box: an empty zone or slot (out: a special in play or removed by an upgrade)"),
        (lambda x, y: el("rect", {"x": x, "y": y - 9, "width": 40, "height": 18, "rx": 4, "fill": "#ffffff",
                                  "stroke": CARD_EDGE, "stroke-dasharray": "4 2"}),
         "dashed card: a standing card, always in hand (R-6)"),
        (lambda x, y: card_back(x + 8, y - 12, 18, 24), "a face-down card: hidden from this view"),
        (lambda x, y: el("rect", {"x": x, "y": y - 8, "width": 32, "height": 16, "rx": 3, "fill": c1})
         + text(x + 16, y + 4, "front", size=10, anchor="middle", weight="bold", fill="#ffffff"),
         "spell sequence: the front card, the one a spell-card effect performs (R-21); cost N: its spell "
         "cost, N spell cards discarded, itself included (H-SPELL-COST)"),
        (lambda x, y: el("rect", {"x": x, "y": y - 8, "width": 32, "height": 16, "rx": 3, "fill": "#5b6470"})
         + text(x + 16, y + 4, "236", size=10, anchor="middle", weight="bold", fill="#ffffff"),
         "special area: the motion tag of a slot and its special's level, Lv N (H-EFF-SPECIAL, H-UPG-LV)"),
        (lambda x, y: text(x + 2, y + 4, "×2 on board", size=10, fill=MUTED),
         "bullet area: the card's bullets on the board"),
    ]
    return items


def panel_items() -> list[tuple[Shape, str]]:
    """The panels' pills and card marks (the second column of the key)."""
    def pill_shape(label: str, color: str) -> Shape:
        return lambda x, y: pill(x, y - 9.5, label, color, size=10)[0]

    items: list[tuple[Shape, str]] = [
        (pill_shape("this turn", TURN), "takes part in this turn; both: a simultaneous action (H-TURN-2)")]
    for kind, label in STATUS_LABELS.items():
        color, words = STATUS_KEY[kind]
        items.append((pill_shape(label, color), words))
    items += [
        (lambda x, y: text(x + 2, y + 4, "vs …", size=11, fill="#3c4650"),
         "under the state: an attack it would meet (under way, the opponent's trigger card still to resolve, "
         "cast card, bullets) and what it would cost"),
        (pill_shape("MISSED", MISSED), "its physical attack missed: it cannot be cancelled (H-EFF-PHYS-2)"),
    ]
    return items


TWO_COLUMNS = 600  # the narrowest marks key drawn in two columns


def _rows(items: list[tuple[Shape, str]], x: float, y: float, width: float, shape_w: float,
          size: float) -> tuple[list[str], float]:
    out: list[str] = []
    line = size + 3
    for shape, label in items:
        lines = wrap(label, width - shape_w - 4, size)
        h = max(ROW, len(lines) * line + 6)
        cy = y + h / 2
        out.append(shape(x, cy))
        for k, s in enumerate(lines):
            ty = cy + size * 0.36 - (len(lines) - 1) * line / 2 + k * line
            out.append(text(x + shape_w, ty, s, size=size))
        y += h
    return out, y


@functools.lru_cache(maxsize=64)
def render_board_key(ox: float, oy: float, width: float, prefix: str) -> tuple[str, float]:
    """The key to the board's marks; returns (svg, height). It depends on nothing of the state, so it
    is drawn once per place and prefix."""
    body, y = _rows(board_items(), ox, oy + 30, width, 44, 12.5)
    head = text(ox, oy + 16, "Key", size=15, weight="bold")
    return el("g", {"class": "legend", "id": f"{prefix}-legend"}, head, *body), y - oy


@functools.lru_cache(maxsize=64)
def render_marks_key(ox: float, oy: float, width: float, prefix: str) -> tuple[str, float]:
    """The key to the timeline's and the panels' marks, in two columns of about the same height (the
    last marks of the first column move over while it is the taller); returns (svg, height), drawn
    once per place and prefix. Narrower than :data:`TWO_COLUMNS` (a key beside the picture): one
    column."""
    gap = 24
    cw = (width - gap) / 2
    first, second = marks_items(), panel_items()
    widths = (64.0, 150.0)
    if width < TWO_COLUMNS:
        head = text(ox, oy + 16, "Key to the timeline and the panels", size=15, weight="bold")
        body, y = _rows(first, ox, oy + 30, width, widths[0], 11.5)
        more, y = _rows(second, ox, y + 8, width, 120.0, 11.5)
        return el("g", {"class": "legend", "id": f"{prefix}-legend-marks"}, head, *body, *more), y - oy

    def height(items: list[tuple[Shape, str]], shape_w: float) -> float:
        return _rows(items, 0, 0, cw, shape_w, 11.5)[1]

    while len(first) > 1:
        moved = first[:-1], [first[-1], *second]
        if max(height(moved[0], widths[0]), height(moved[1], widths[1])) >= max(
                height(first, widths[0]), height(second, widths[1])):
            break
        first, second = moved[0], moved[1]
    out = [text(ox, oy + 16, "Key to the timeline and the panels", size=15, weight="bold")]
    heights = []
    for c, (items, shape_w) in enumerate(((first, widths[0]), (second, widths[1]))):
        body, y = _rows(items, ox + c * (cw + gap), oy + 30, cw, shape_w, 11.5)
        out += body
        heights.append(y - oy)
    return el("g", {"class": "legend", "id": f"{prefix}-legend-marks"}, *out), max(heights)


__all__ = ["board_items", "marks_items", "panel_items", "render_board_key", "render_marks_key"]
