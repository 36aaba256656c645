"""The whole picture of a draft state: header, board and key, timeline, both players' panels and
the key to their marks. One SVG with a ``viewBox`` and ``width="100%"``: it scales to its box."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hisoutab.games.hisoutab.kit.picture import (
    Drawers,
    PictureStyle,
    check_prefix,
    picture_width,
    place_keys,
    svg_root,
)
from hisoutab.presentation.svg import FONT

from ..rules.flow import FLOW
from . import timeline
from .board import render_board
from .key import render_board_key, render_marks_key
from .panels import render_panels

STYLE = PictureStyle(
    flow=FLOW, setup="setup: the first player is drawn at the end of setup", idle="the game is over",
    status_class="status", step_gap=4,
    drawers=Drawers(board=render_board, board_key=render_board_key, timeline=timeline.render_timeline,
                    timeline_height=timeline.HEIGHT, panels=render_panels, gaps=(14, 12, 16)))
status_line = STYLE.status_line
next_step = STYLE.next_step


def render_state_svg(ctx: Any, state: Any, *, highlight: Iterable[Any] = (), prefix: str = "hs",
                     designer: bool = False, viewer: str | None = None, key: str = "below") -> str:
    """An SVG picture of a draft ``state``. ``designer`` names the cards in hands; ``viewer`` is the
    player whose view ``state`` is (their own hand is named, "?" cards are drawn face-down). Every id
    starts with ``prefix``; the same arguments always give the same text. ``key``: ``below``,
    ``beside`` or ``none`` (see the 0.45.2 picture)."""
    check_prefix(prefix)
    width, _ = picture_width(ctx, key)
    parts, status = STYLE.header(state, f"HisouTab draft · t={state.time} · turn {state.turn}", width, prefix)
    by = 54 + (status.height - status.line_height)
    middle, ky = STYLE.middle(ctx, state, by, width, highlight=highlight, prefix=prefix, designer=designer,
                              viewer=viewer, board_key=key == "below")
    parts += middle
    keys, width, height = place_keys(STYLE.drawers, render_marks_key, key, width, by, ky, prefix)
    parts += keys
    height += 6
    root = {"xmlns": "http://www.w3.org/2000/svg", "id": f"{prefix}-root", "class": "hisoutab-state draft",
            "width": "100%", "viewBox": f"0 0 {width} {height}", "font-family": FONT,
            "data-ruleset": "hisoutab-draft", "data-time": state.time, "data-turn": state.turn,
            "data-winner": state.winner}
    label = (f"HisouTab draft state at t={state.time}, turn {state.turn}: "
             + ", ".join(f"{p.name} HP {p.hp} of {p.max_hp}" for p in state.players)
             + (f"; {status_line(state)}" if state.winner else ""))
    return svg_root(root, label, width, height, parts, prefix, background_id=True)
