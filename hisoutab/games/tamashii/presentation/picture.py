"""The whole picture of a TAMASHII state, 1280 wide: the header (round, the next step and its
phase, the result), the map, the campaign panel and the combat tray in a band, the players' boards
two to a row, and the key. One SVG with a ``viewBox`` and ``width="100%"``; the same arguments
always give the same text."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hisoutab.presentation.svg import FONT, INK, MUTED, el, text

from . import board, panels, tilemap
from .key import render_key
from .launcher import hatch

WIDTH = 1280
MARGIN = 20
GAP = 20
MAP_W, PANEL_W = 556, 322
KEY_BESIDE_W = 340


def next_step(state: Any) -> tuple[str, str]:
    """(the step the game runs next, its phase) — ("—", "game over") at the end."""
    if state.outcome or not state.agenda:
        return "—", "game over"
    from hisoutab.engine.ruleset import ruleset_of_state

    name = str(state.agenda[-1][0])
    flow = getattr(ruleset_of_state(state), "flow", None)
    sd = flow.steps.get(name) if flow is not None else None
    return name, (sd.phase if sd is not None and sd.phase else "setup")


def headline(state: Any) -> str:
    n = len(state.players)
    who = f"{n} player" + ("s" if n != 1 else "")
    if state.outcome:
        return f"TAMASHII · round {state.round} · {who} · {state.outcome} for all"
    return f"TAMASHII · round {state.round} · {who} · {next_step(state)[1]}"


def render_state_svg(
    ctx: Any,
    state: Any,
    *,
    highlight: Iterable[Any] = (),
    prefix: str = "tm",
    designer: bool = False,
    key: str = "below",
) -> str:
    """An SVG picture of ``state`` (with ``designer`` the bags and face-down tiles are named)."""
    lit = frozenset(str(h) for h in highlight if isinstance(h, str))
    parts = [text(MARGIN, 32, headline(state), size=19, weight="bold", fill=INK, cls="headline")]
    step, phase = next_step(state)
    parts.append(
        text(
            WIDTH - MARGIN,
            32,
            f"next step: {step} ({phase})",
            size=11,
            anchor="end",
            fill=MUTED,
            cls="next-step",
        )
    )
    top = 50
    m, mh = tilemap.draw_map(ctx, state, MARGIN, top, MAP_W, lit=lit, designer=designer)
    cx = MARGIN + MAP_W + GAP - 4
    c, ch = panels.draw_campaign(ctx, state, cx, top, PANEL_W)
    t, th = panels.draw_tray(
        ctx, state, cx + PANEL_W + GAP - 4, top, WIDTH - MARGIN - (cx + PANEL_W + GAP - 4)
    )
    parts += [m, c, t]
    y = boards_top = top + max(mh, ch, th) + GAP
    for row in range(0, len(state.players), 2):
        heights = []
        for k, seat in enumerate(range(row, min(row + 2, len(state.players)))):
            drawn, h = board.draw_board(
                ctx,
                state,
                seat,
                MARGIN + k * (board.WIDTH + GAP),
                y,
                prefix=prefix,
                lit=lit,
                designer=designer,
            )
            parts.append(drawn)
            heights.append(h)
        y += max(heights) + GAP
    width = WIDTH
    if key == "below" and len(state.players) == 1:  # the key in the free half beside the one board
        drawn, kh = render_key(MARGIN + board.WIDTH + GAP, boards_top, board.WIDTH, prefix, cols=1)
        parts.append(drawn)
        height = round(max(y, boards_top + kh + MARGIN))
    elif key == "below":
        drawn, kh = render_key(MARGIN, y, WIDTH - 2 * MARGIN, prefix)
        parts.append(drawn)
        height = round(y + kh + MARGIN)
    elif key == "beside":
        drawn, kh = render_key(WIDTH, top, KEY_BESIDE_W - MARGIN, prefix)
        parts.append(drawn)
        width = WIDTH + KEY_BESIDE_W
        height = round(max(y, top + kh + MARGIN))
    else:
        height = round(y)
    root = {
        "xmlns": "http://www.w3.org/2000/svg",
        "id": f"{prefix}-root",
        "class": "hisoutab-state tamashii",
        "width": "100%",
        "viewBox": f"0 0 {width} {height}",
        "font-family": FONT,
        "data-ruleset": "tamashii",
        "data-round": state.round,
        "data-outcome": state.outcome,
    }
    label = headline(state) + " · " + ", ".join(f"{p.name} HP {p.hp}" for p in state.players)
    return (
        el(
            "svg",
            root,
            el("title", {"id": f"{prefix}-title"}, text=label),
            el("defs", None, hatch(prefix)),
            el(
                "rect",
                {
                    "id": f"{prefix}-background",
                    "x": 0,
                    "y": 0,
                    "width": width,
                    "height": height,
                    "fill": "#ffffff",
                },
            ),
            *parts,
        )
        + "\n"
    )
