"""A code match drawn on the launcher (TM-CODE-1, TM-LNCH-4): the player's launcher with the
matched chips outlined and numbered, the code's pattern as printed, and the pattern as the match
turned it (0°, 90°, 180° or 270° clockwise: rotated, never mirrored)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hisoutab.presentation.svg import FONT, MUTED, el, text
from hisoutab.presentation.textfit import text_width

from ..rules.codes import in_core, matches
from . import facts
from .launcher import draw_launcher, draw_pattern, hatch

CELL = 44



def code_match_svg(
    ctx: Any,
    player: Any,
    pattern: Sequence[str],
    angle: int,
    cells: Sequence[tuple[int, int]],
    *,
    code: str = "code",
    prefix: str = "cm",
) -> str:
    """``player``'s launcher with the match of ``code`` (``pattern`` as printed) turned ``angle``
    degrees clockwise, its chips on ``cells`` in the order of the turned pattern's positions."""
    if angle % 90:
        raise ValueError(f"angle {angle!r}: a code turns by 0, 90, 180 or 270 degrees")
    printed = tuple(pattern)
    played = in_core(printed) if facts.core_throughout(ctx) else printed
    shown = facts.turned(played, angle)
    numbered = {(r, c): k + 1 for k, (r, c) in enumerate(cells)}
    grid, gw, gh = draw_launcher(ctx, player, 20, 60, CELL, prefix=prefix, match=numbered)
    turn = "as printed (0°)" if angle % 360 == 0 else f"turned {angle % 360}° clockwise"
    if played != printed:
        turn = f"{turn}, in the core colour (A-27)"
    heading = f"{player.name}: {code} matched, {turn} — rotated, never mirrored (TM-CODE-1)"
    listed = "matched chips: " + ", ".join(f"{k}: row {r + 1} col {c + 1}" for (r, c), k in numbered.items())
    parts = [text(20, 28, heading, size=15, weight="bold"), text(20, 46, listed, size=10, fill=MUTED), grid]
    px = 20 + gw + 40
    p1, w1, h1 = draw_pattern(
        printed, px, 60, 22, caption="as printed", core=player.core, numbers=facts.positions(printed, angle)
    )
    p2, w2, h2 = draw_pattern(shown, px + max(w1, 80) + 36, 60, 22, caption=turn, core=player.core)
    parts += [
        el("g", {"class": "pattern printed", "data-angle": 0}, p1),
        el("g", {"class": "pattern turned", "data-angle": angle % 360}, p2),
    ]
    width = round(
        max(
            px + max(w1, 80) + 36 + max(w2, text_width(turn, 11, True)) + 30,
            40 + text_width(heading, 15, True),
            40 + text_width(listed, 10),
        )
    )
    height = round(60 + max(gh, h1, h2) + 20)
    root = {
        "xmlns": "http://www.w3.org/2000/svg",
        "class": "hisoutab-code-match tamashii",
        "width": "100%",
        "viewBox": f"0 0 {width} {height}",
        "font-family": FONT,
        "data-code": code,
        "data-angle": angle % 360,
    }
    return (
        el(
            "svg",
            root,
            el("title", None, text=f"{player.name}: {code} matched, {turn}"),
            el("defs", None, hatch(prefix)),
            el("rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": "#ffffff"}),
            *parts,
        )
        + "\n"
    )


def first_match_svg(ctx: Any, player: Any, pattern: Sequence[str], *, code: str = "code",
                    prefix: str = "cm") -> str | None:
    """The drawing of the first placement of ``pattern`` the rules find on ``player``'s launcher
    (:func:`..rules.codes.matches`, with the rule options on wild chips, A-29, and on the core data
    chip, A-27), or None when the code does not match."""
    options = getattr(ctx, "options", None)
    wild = str(options["a29.wild"]) if options is not None else "any"
    played = in_core(tuple(pattern)) if facts.core_throughout(ctx) else tuple(pattern)
    found = matches(played, player.launcher, player.core, wild)
    if not found:
        return None
    return code_match_svg(ctx, player, pattern, found[0].angle, found[0].cells, code=code, prefix=prefix)
