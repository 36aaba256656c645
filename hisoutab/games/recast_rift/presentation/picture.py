"""The whole picture of a Recast Rift state: the header (turn, phase, whose turn, the winner), P1's
mat, the stack in the middle, P2's mat, and the key. One SVG with a ``viewBox`` and
``width="100%"``; the same arguments always give the same text."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from hisoutab.presentation.svg import FONT, INK, MUTED, el, text

from . import mat, stack
from .key import render_key

MARGIN = 20
GAP = 18
WIDTH = 2 * MARGIN + 2 * mat.WIDTH + stack.WIDTH + 2 * GAP
_PREFIX_OK = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def phase(state: Any) -> str:
    """The phase of the step the game runs next ("game over" at the end)."""
    if state.winner or not state.agenda:
        return "game over"
    from ..rules.flow import FLOW

    sd = FLOW.steps.get(state.agenda[-1][0])
    return sd.phase if sd is not None and sd.phase else "setup"


def status(state: Any) -> str:
    names = [p.name for p in state.players]
    if state.winner:
        return f"game over · winner: {state.winner}"
    if not state.turn:
        return "setup"
    return f"{names[state.active]}'s turn"


def headline(state: Any) -> str:
    if state.winner:
        return f"Recast Rift · turn {state.turn} · {status(state)}"
    return f"Recast Rift · turn {state.turn} · {phase(state)} · {status(state)}"


KEY_PLACES = ("below", "beside", "none")
KEY_BESIDE_W = 320


def render_state_svg(ctx: Any, state: Any, *, highlight: Iterable[Any] = (), prefix: str = "rr",
                     designer: bool = False, viewer: str | None = None, key: str = "below") -> str:
    """An SVG picture of ``state``: with ``designer`` every hidden card is named; ``viewer`` is the
    player whose view ``state`` is (their secrets are named, "?" cards drawn face down). ``key``:
    the key under the mats, ``beside`` them (a column at the right) or ``none``."""
    if not _PREFIX_OK.match(prefix):
        raise ValueError(f"prefix {prefix!r} is not a valid XML id start (letters, digits, _ . -)")
    if key not in KEY_PLACES:
        raise ValueError(f"key {key!r}: expected one of {', '.join(KEY_PLACES)}")
    lit = frozenset(h for h in highlight if isinstance(h, str))
    parts: list[str] = [text(MARGIN, 32, headline(state), size=19, weight="bold",
                             fill=INK, cls="headline")]
    nxt = state.agenda[-1][0] if state.agenda and not state.winner else "—"
    parts.append(text(WIDTH - MARGIN, 32, f"next step: {nxt}", size=11, anchor="end", fill=MUTED,
                      cls="next-step"))
    top = 54
    m1, h1 = mat.render_mat(ctx, state, 0, MARGIN, top, prefix=prefix, lit=lit, designer=designer,
                            viewer=viewer)
    sx = MARGIN + mat.WIDTH + GAP
    st, hs = stack.render_stack(ctx, state, sx, top, prefix=prefix, lit=lit)
    m2, h2 = mat.render_mat(ctx, state, 1, sx + stack.WIDTH + GAP, top, prefix=prefix, lit=lit,
                            designer=designer, viewer=viewer)
    parts += [m1, st, m2]
    bottom = top + max(h1, h2, hs)
    width = WIDTH
    if key == "below":
        drawn, kh = render_key(MARGIN, bottom + 20, WIDTH - 2 * MARGIN, prefix)
        parts.append(drawn)
        height = round(bottom + 20 + kh + MARGIN)
    elif key == "beside":
        drawn, kh = render_key(WIDTH, top, KEY_BESIDE_W, prefix)
        parts.append(drawn)
        width = WIDTH + KEY_BESIDE_W + MARGIN
        height = round(max(bottom, top + kh) + MARGIN)
    else:
        height = round(bottom + MARGIN)
    root = {"xmlns": "http://www.w3.org/2000/svg", "id": f"{prefix}-root",
            "class": "hisoutab-state recast-rift",
            "width": "100%", "viewBox": f"0 0 {width} {height}", "font-family": FONT,
            "data-ruleset": "recast-rift", "data-turn": state.turn, "data-winner": state.winner}
    label = headline(state) + " · " + ", ".join(f"{p.name} Life {p.life}" for p in state.players)
    return el("svg", root, el("title", {"id": f"{prefix}-title"}, text=label),
              el("rect", {"id": f"{prefix}-background", "x": 0, "y": 0, "width": width, "height": height,
                          "fill": "#ffffff"}), *parts) + "\n"
