"""The whole picture of a 0.45.2 state: the header (with an attack under way), the board and its
key, the timeline strip, both players' panels and the key to the timeline and the panels.

One SVG with a ``viewBox`` and ``width="100%"``: it scales to the box it is shown in (a PNG is
rendered at the viewBox's size)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hisoutab.games.hisoutab.kit import picture as kit_picture
from hisoutab.games.hisoutab.kit.picture import MARGIN, Drawers, PictureStyle
from hisoutab.presentation.svg import FONT, el, num
from hisoutab.presentation.textfit import fit_text

from ..rules.flow import FLOW
from . import timeline
from .board import render_board
from .key import render_board_key, render_marks_key
from .panels import fitted_text, render_panels
from .status import attack_line

STYLE = PictureStyle(
    flow=FLOW, setup="setup: the first player is chosen at the end of setup (H-SETUP-7)",
    idle="nothing on the agenda", status_class="status-line", step_gap=2,
    drawers=Drawers(board=render_board, board_key=render_board_key, timeline=timeline.render_timeline,
                    timeline_height=timeline.HEIGHT, panels=render_panels, gaps=(16, 18, 18)))
status_line = STYLE.status_line
next_step = STYLE.next_step


def render_state_svg(ctx: Any, state: Any, *, highlight: Iterable[tuple[int, int]] = (), prefix: str = "hs",
                     designer: bool = False, viewer: str | None = None, key: str = "below") -> str:
    """An SVG picture of ``state``: the board (with ``highlight``\\ed cells), the timeline strip and one
    panel per player. ``designer`` also lists the cards in hand; ``viewer`` is the player whose view
    ``state`` is (their own hand is listed, cards they cannot see are drawn face-down). Every id
    starts with ``prefix``; the same arguments always give the same text. ``key``: the keys under
    the picture (the board's at its right), ``beside`` it in a column at its right (HP and hands stay
    near the top), or ``none``."""
    kit_picture.check_prefix(prefix)
    width, inner = kit_picture.picture_width(ctx, key)
    parts, status = STYLE.header(state, f"HisouTab · t={state.time} · turn {state.turn}", width, prefix)
    y = 30 + status.height + 2
    attack = attack_line(ctx, state)
    if attack is not None:
        line = fit_text(attack, inner, 13, bold=True, smallest=10)
        parts.append(el("g", {"class": "attack-line", "id": f"{prefix}-attack"},
                        fitted_text(MARGIN, y + 18, line, fill="#8e1b1b")))
        y += 18 + line.height - line.line_height + 4
    by = y + 12
    middle, ky = STYLE.middle(ctx, state, by, width, highlight=highlight, prefix=prefix, designer=designer,
                              viewer=viewer, board_key=key == "below")
    parts += middle

    def marks_key(x: float, y: float, w: float, pre: str) -> tuple[str, float]:
        marks, mh = render_marks_key(x, 0, w, pre)  # the same key wherever it stands
        return el("g", {"transform": f"translate(0 {num(y)})"}, marks), mh

    keys, width, height = kit_picture.place_keys(STYLE.drawers, marks_key, key, width, by, ky, prefix)
    parts += keys
    root = {"xmlns": "http://www.w3.org/2000/svg", "id": f"{prefix}-root", "class": "hisoutab-state",
            "width": "100%", "viewBox": f"0 0 {width} {height}", "preserveAspectRatio": "xMinYMin meet",
            "font-family": FONT, "data-ruleset": "hisoutab-0.45.2", "data-time": state.time,
            "data-turn": state.turn, "data-winner": state.winner}
    label = f"HisouTab state at t={state.time}: " + ", ".join(f"{p.name} HP {p.hp}" for p in state.players)
    return kit_picture.svg_root(root, label, width, height, parts, prefix, background_id=False)
