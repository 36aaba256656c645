"""The whole picture of a state (board, timeline, player panels) and a notebook-friendly wrapper."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import timeline
from .board import board_size, render_board, render_legend
from .panels import panel_height, render_panel
from .svg import FONT, INK, MUTED, el, esc, text

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


def _auto_prefix(state: Any, highlight: tuple[tuple[int, int], ...], designer: bool) -> str:
    """A prefix derived from the content, so that different pictures on one page never share ids."""
    try:
        from hisoutab.engine.record import to_dict

        data: Any = to_dict(state)
    except Exception:  # not a record: fall back on its repr
        data = repr(state)
    blob = json.dumps([data, highlight, designer], sort_keys=True, default=str)
    return "hs" + hashlib.sha256(blob.encode()).hexdigest()[:10]


class StatePicture:
    """A picture of one state that shows itself in Jupyter (``_repr_svg_`` / ``_repr_html_``)."""

    def __init__(self, ctx: Any, state: Any, highlight: Iterable[tuple[int, int]] = (),
                 designer: bool = False, *, prefix: str | None = None) -> None:
        self.ctx = ctx
        self.state = state
        self.highlight = tuple(sorted({(int(x), int(y)) for x, y in highlight}))
        self.designer = designer
        self.prefix = prefix or _auto_prefix(state, self.highlight, designer)
        self._svg: str | None = None

    @property
    def svg(self) -> str:
        if self._svg is None:
            self._svg = render_state_svg(self.ctx, self.state, highlight=self.highlight, prefix=self.prefix,
                                         designer=self.designer)
        return self._svg

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return f'<div class="hisoutab-picture" style="max-width:100%;overflow-x:auto">{self.svg}</div>'

    def __repr__(self) -> str:
        hp = " ".join(f"{p.name} HP {p.hp}" for p in self.state.players)
        extra = f" highlight={len(self.highlight)}" if self.highlight else ""
        extra += " designer" if self.designer else ""
        return f"<StatePicture t={self.state.time} {hp}{extra}>"

    def save(self, path: str | Path) -> Path:
        """Write the picture to ``path``: an HTML page when it ends in ``.html``, else SVG text."""
        path = Path(path)
        if path.suffix.lower() in (".html", ".htm"):
            title = esc(f"HisouTab state t={self.state.time}")
            body = (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{title}</title></head>\n'
                    f"<body>\n{self._repr_html_()}\n</body></html>\n")
        else:
            body = '<?xml version="1.0" encoding="UTF-8"?>\n' + self.svg
        path.write_text(body, encoding="utf-8")
        return path
