"""The frame of both HisouTab state pictures: the width (a wide board widens it), the check of the
id prefix, the header's status line and next step, and the SVG root with its title and background.
One SVG with a ``viewBox`` and ``width="100%"``: it scales to its box."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hisoutab.engine.flow import Flow
from hisoutab.presentation.svg import INK, MUTED, el, text
from hisoutab.presentation.textfit import Fitted, fit_text

from .board import board_size
from .panels import fitted_text

WIDTH = 900  # the narrowest picture
MARGIN = 20
KEY_W = 300
KEY_BESIDE_W = 420  # the key's column when it stands beside the picture
#: where a picture's key stands: under it (the default), in a column at its right, or nowhere
KEY_PLACES = ("below", "beside", "none")
_PREFIX_OK = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def check_prefix(prefix: str) -> None:
    """Raise ``ValueError`` unless ``prefix`` can start an XML id."""
    if not _PREFIX_OK.match(prefix):
        raise ValueError(f"prefix {prefix!r} is not a valid XML id start (letters, digits, _ . -)")


def picture_width(ctx: Any, key: str = "below") -> tuple[int, float]:
    """The picture's width (the board, its key at its right unless ``key`` puts the keys elsewhere,
    and the margins; at least ``WIDTH``) and the width inside the margins."""
    check_key(key)
    bw, _ = board_size(ctx)
    width = max(WIDTH, round(2 * MARGIN + bw + (36 + KEY_W if key == "below" else 0)))
    return width, width - 2 * MARGIN


def check_key(key: str) -> None:
    """Raise ``ValueError`` unless ``key`` is one of :data:`KEY_PLACES`."""
    if key not in KEY_PLACES:
        raise ValueError(f"key {key!r}: expected one of {', '.join(KEY_PLACES)}")


def place_keys(drawers: Drawers, marks_key: Callable[[float, float, float, str], tuple[str, float]],
               key: str, width: int, top: float, bottom: float, prefix: str
               ) -> tuple[list[str], int, int]:
    """The keys of a picture whose drawings end at ``bottom`` (the board from ``top``): under them
    (the board's key stands at the board's right, drawn by :func:`board_to_panels`), in a column
    at their right (the board's key, then the marks'), or none. Returns (parts, the whole width,
    the whole height)."""
    if key == "none":
        return [], width, round(bottom + MARGIN)
    if key == "below":
        marks, mh = marks_key(MARGIN, bottom, width - 2 * MARGIN, prefix)
        return [marks], width, round(bottom + mh + MARGIN)
    x = width
    board, bh = drawers.board_key(x, top, KEY_BESIDE_W, prefix)
    marks, mh = marks_key(x, top + bh + 24, KEY_BESIDE_W, prefix)
    return ([board, marks], round(width + KEY_BESIDE_W + MARGIN),
            round(max(bottom, top + bh + 24 + mh) + MARGIN))


def status_line(state: Any, setup: str) -> str:
    """Who holds the initiative and who takes part in this turn, or who won; ``setup`` while the
    first player is not chosen yet."""
    names = [p.name for p in state.players]
    if state.winner == "draw":
        return "game over · draw: both players reached 0 HP"
    if state.winner:
        return f"game over · winner: {state.winner}"
    if state.first is None:
        return setup
    right = f"initiative: {names[state.initiative]}"
    who = [names[i] for i in getattr(state, "participants", ()) if 0 <= i < len(names)]
    if len(who) == 2:
        right += " · this turn: simultaneous action of P1 and P2"
    elif who:
        right += f" · this turn: {who[0]}"
    return right


def next_step(state: Any, flow: Flow, idle: str) -> str:
    """The step the game runs next, with its phase; ``idle`` for an empty agenda with no winner."""
    if not state.agenda:
        return "the game is over" if state.winner else idle
    name = state.agenda[-1][0]
    sd = flow.steps.get(name)
    return f"next step: {name}" + (f" ({sd.phase})" if sd is not None else "")


def status_parts(state: Any, status_words: str, step_words: str, width: float, prefix: str, *,
                 cls: str, step_gap: float) -> tuple[list[str], Fitted]:
    """The status line at the header's right (bold once the game is over) and the next step under
    it, ``step_gap`` lower; returns (parts, the status line's text)."""
    status = fit_text(status_words, width - 2 * MARGIN - 330, 15, bold=bool(state.winner), smallest=11)
    return [el("g", {"class": cls, "id": f"{prefix}-status"},
               fitted_text(width - MARGIN, 30, status, fill=INK if state.winner else MUTED, anchor="end")),
            text(width - MARGIN, 30 + status.height + step_gap, step_words, size=11, anchor="end", fill=MUTED,
                 cls="next-step")], status


@dataclass(frozen=True)
class Drawers:
    """A version's drawings between the header and the key to its marks, and the gaps after the
    board (and its key), the timeline and the panels."""

    board: Callable[..., str]  # (ctx, state, x, y, *, highlight, prefix)
    board_key: Callable[[float, float, float, str], tuple[str, float]]  # (x, y, width, prefix)
    timeline: Callable[..., str]  # (ctx, state, x, y, width, *, prefix)
    timeline_height: float
    panels: Callable[..., tuple[str, float]]  # (ctx, state, x, y, width, *, designer, viewer, prefix)
    gaps: tuple[float, float, float]


@dataclass(frozen=True)
class PictureStyle:
    """What a version's picture says and draws around the kit's frame: the status line while the
    first player is not chosen (``setup``), the next step of an empty agenda with no winner
    (``idle``), the status line's class, the gap over the next step and the drawings."""

    flow: Flow
    setup: str
    idle: str
    status_class: str
    step_gap: float
    drawers: Drawers

    def status_line(self, state: Any) -> str:
        """Who holds the initiative and who takes part in this turn, or who won."""
        return status_line(state, self.setup)

    def next_step(self, state: Any) -> str:
        """The step the game runs next, with its phase."""
        return next_step(state, self.flow, self.idle)

    def header(self, state: Any, title: str, width: int, prefix: str) -> tuple[list[str], Fitted]:
        """The title at the left, the status line and the next step at the right; returns (parts,
        the status line's text)."""
        parts, status = status_parts(state, self.status_line(state), self.next_step(state), width, prefix,
                                     cls=self.status_class, step_gap=self.step_gap)
        return [text(MARGIN, 30, title, size=20, weight="bold"), *parts], status

    def middle(self, ctx: Any, state: Any, by: float, width: int, *, highlight: Any, prefix: str,
               designer: bool, viewer: str | None, board_key: bool = True) -> tuple[list[str], float]:
        """The board from ``by`` with its key at its right (unless not ``board_key``), the timeline
        under them and the panels; returns (parts, the y under the panels)."""
        return board_to_panels(self.drawers, ctx, state, by, width, highlight=highlight, prefix=prefix,
                               designer=designer, viewer=viewer, board_key=board_key)


def board_to_panels(drawers: Drawers, ctx: Any, state: Any, by: float, width: int, *, highlight: Any,
                    prefix: str, designer: bool, viewer: str | None,
                    board_key: bool = True) -> tuple[list[str], float]:
    """The board from ``by`` with its key at its right (unless not ``board_key``), the timeline
    under them and the panels; returns (parts, the y under the panels)."""
    bw, bh = board_size(ctx)
    inner = width - 2 * MARGIN
    after_board, after_timeline, after_panels = drawers.gaps
    kx = MARGIN + bw + 36
    key, kh = drawers.board_key(kx, by, width - MARGIN - kx, prefix) if board_key else ("", 0.0)
    ty = by + max(bh, kh) + after_board
    py = ty + drawers.timeline_height + after_timeline
    panels, ph = drawers.panels(ctx, state, MARGIN, py, inner, designer=designer, viewer=viewer,
                                prefix=prefix)
    return [drawers.board(ctx, state, MARGIN, by, highlight=highlight, prefix=prefix), key,
            drawers.timeline(ctx, state, MARGIN, ty, inner, prefix=prefix), panels], py + ph + after_panels


def svg_root(root: Mapping[str, Any], label: str, width: int, height: int, parts: Sequence[str],
             prefix: str, *, background_id: bool) -> str:
    """The picture's SVG element: ``root``'s attributes, the ``label`` as its title, a white
    background (with an id when ``background_id``) and the ``parts``."""
    return el("svg", root, el("title", {"id": f"{prefix}-title"}, text=label),
              el("rect", {"id": f"{prefix}-background" if background_id else None, "x": 0, "y": 0,
                          "width": width, "height": height, "fill": "#ffffff"}),
              *parts) + "\n"
