"""The whole picture of a 0.45.2 state: the board, the timeline strip and both players' panels."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from hisoutab.presentation.svg import FONT, INK, MUTED, el, text

from . import timeline
from .board import board_size, render_board, render_legend
from .panels import panel_height, render_panel

WIDTH = 900
MARGIN = 20
_PREFIX_OK = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def render_state_svg(ctx: Any, state: Any, *, highlight: Iterable[tuple[int, int]] = (), prefix: str = "hs",
                     designer: bool = False) -> str:
    """An SVG picture of ``state``: the board (with ``highlight``\\ed cells), the timeline strip and one
    panel per player. ``designer`` also lists the cards in hand. Every id starts with ``prefix``; the
    same arguments always give the same text."""
    if not _PREFIX_OK.match(prefix):
        raise ValueError(f"prefix {prefix!r} is not a valid XML id start (letters, digits, _ . -)")
    parts: list[str] = []
    # header
    names = [p.name for p in state.players]
    head = f"HisouTab · t={state.time} · turn {state.turn}"
    parts.append(text(MARGIN, 30, head, size=20, weight="bold"))
    who = [names[i] for i in state.participants if 0 <= i < len(names)]
    right = f"initiative: {names[state.initiative]}"
    right += f" · this turn: {' & '.join(who)}" if who else ""
    if state.winner:
        right = f"game over · winner: {state.winner}"
    parts.append(text(WIDTH - MARGIN, 30, right, size=15, anchor="end", fill=INK if state.winner else MUTED,
                      weight="bold" if state.winner else None, cls="status"))
    # board and key
    by = 50
    bw, bh = board_size(ctx)
    parts.append(render_board(ctx, state, MARGIN, by, highlight=highlight, prefix=prefix))
    legend, lh = render_legend(MARGIN + bw + 36, by, prefix=prefix)
    parts.append(legend)
    # timeline
    ty = by + max(bh, lh) + 16
    parts.append(timeline.render_timeline(ctx, state, MARGIN, ty, WIDTH - 2 * MARGIN, prefix=prefix))
    # player panels
    py = ty + timeline.HEIGHT + 18
    gap = 12
    pw = (WIDTH - 2 * MARGIN - gap) / 2
    for i in range(len(state.players)):
        parts.append(render_panel(ctx, state, i, MARGIN + i * (pw + gap), py, pw, designer=designer,
                                  prefix=prefix))
    height = round(py + panel_height(state, designer) + MARGIN)
    root = {"xmlns": "http://www.w3.org/2000/svg", "id": f"{prefix}-root", "class": "hisoutab-state",
            "width": WIDTH, "height": height, "viewBox": f"0 0 {WIDTH} {height}", "font-family": FONT,
            "data-time": state.time}
    label = f"HisouTab state at t={state.time}: " + ", ".join(f"{p.name} HP {p.hp}" for p in state.players)
    return el("svg", root, el("title", {"id": f"{prefix}-title"}, text=label),
              el("rect", {"x": 0, "y": 0, "width": WIDTH, "height": height, "fill": "#ffffff"}),
              *parts) + "\n"
