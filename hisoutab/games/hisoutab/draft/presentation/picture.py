"""The whole picture of a draft state: header, board and key, timeline, both players' panels and
the key to their marks. One SVG with a ``viewBox`` and ``width="100%"``: it scales to its box."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from hisoutab.games.hisoutab.kit.board import board_size
from hisoutab.presentation.svg import FONT, INK, MUTED, el, text

from . import timeline
from .board import render_board
from .key import render_board_key, render_marks_key
from .layout import fit_text
from .panels import fitted_text, render_panels

WIDTH = 900
MARGIN = 20
KEY_W = 300
_PREFIX_OK = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def status_line(state: Any) -> str:
    """Who holds the initiative and who takes part in this turn, or who won."""
    names = [p.name for p in state.players]
    if state.winner == "draw":
        return "game over · draw: both players reached 0 HP"
    if state.winner:
        return f"game over · winner: {state.winner}"
    if state.first is None:
        return "setup: the first player is drawn at the end of setup"
    right = f"initiative: {names[state.initiative]}"
    who = [names[i] for i in getattr(state, "participants", ()) if 0 <= i < len(names)]
    if len(who) == 2:
        right += " · this turn: simultaneous action of P1 and P2"
    elif who:
        right += f" · this turn: {who[0]}"
    return right


def next_step(state: Any) -> str:
    """The step the game runs next, named as the rules declare it."""
    if not state.agenda:
        return "the game is over"
    from ..rules.flow import FLOW

    name = state.agenda[-1][0]
    sd = FLOW.steps.get(name)
    return f"next step: {name}" + (f" ({sd.phase})" if sd is not None else "")


def render_state_svg(ctx: Any, state: Any, *, highlight: Iterable[Any] = (), prefix: str = "hs",
                     designer: bool = False, viewer: str | None = None) -> str:
    """An SVG picture of a draft ``state``. ``designer`` names the cards in hands; ``viewer`` is the
    player whose view ``state`` is (their own hand is named, "?" cards are drawn face-down). Every id
    starts with ``prefix``; the same arguments always give the same text."""
    if not _PREFIX_OK.match(prefix):
        raise ValueError(f"prefix {prefix!r} is not a valid XML id start (letters, digits, _ . -)")
    bw, bh = board_size(ctx)
    width = max(WIDTH, round(2 * MARGIN + bw + 36 + KEY_W))
    inner = width - 2 * MARGIN
    parts: list[str] = []
    head = f"HisouTab draft · t={state.time} · turn {state.turn}"
    parts.append(text(MARGIN, 30, head, size=20, weight="bold"))
    status = fit_text(status_line(state), inner - 330, 15, bold=bool(state.winner), smallest=11)
    parts.append(el("g", {"class": "status", "id": f"{prefix}-status"},
                    fitted_text(width - MARGIN, 30, status, fill=INK if state.winner else MUTED,
                                anchor="end")))
    parts.append(text(width - MARGIN, 30 + status.height + 4, next_step(state), size=11, anchor="end",
                      fill=MUTED, cls="next-step"))
    by = 54 + (status.height - status.line_height)
    parts.append(render_board(ctx, state, MARGIN, by, highlight=highlight, prefix=prefix))
    key, kh = render_board_key(MARGIN + bw + 36, by, width - MARGIN - (MARGIN + bw + 36), prefix)
    parts.append(key)
    ty = by + max(bh, kh) + 14
    parts.append(timeline.render_timeline(ctx, state, MARGIN, ty, inner, prefix=prefix))
    py = ty + timeline.HEIGHT + 12
    panels, ph = render_panels(ctx, state, MARGIN, py, inner, designer=designer, viewer=viewer, prefix=prefix)
    parts.append(panels)
    ky = py + ph + 16
    marks, mh = render_marks_key(MARGIN, ky, inner, prefix)
    parts.append(marks)
    height = round(ky + mh + MARGIN + 6)
    root = {"xmlns": "http://www.w3.org/2000/svg", "id": f"{prefix}-root", "class": "hisoutab-state draft",
            "width": "100%", "viewBox": f"0 0 {width} {height}", "font-family": FONT,
            "data-ruleset": "hisoutab-draft", "data-time": state.time, "data-turn": state.turn,
            "data-winner": state.winner}
    label = (f"HisouTab draft state at t={state.time}, turn {state.turn}: "
             + ", ".join(f"{p.name} HP {p.hp} of {p.max_hp}" for p in state.players)
             + (f"; {status_line(state)}" if state.winner else ""))
    return el("svg", root, el("title", {"id": f"{prefix}-title"}, text=label),
              el("rect", {"id": f"{prefix}-background", "x": 0, "y": 0, "width": width, "height": height,
                          "fill": "#ffffff"}),
              *parts) + "\n"
