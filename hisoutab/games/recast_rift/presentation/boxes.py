"""One card drawn as a box: face up (its name whole, a line below, its full text on hover) or face
down; highlighted when a step touched it."""

from __future__ import annotations

from typing import Any

from hisoutab.presentation.svg import HIGHLIGHT, INK, MUTED, PLAYER_COLORS, PLAYER_LIGHT, el, text, title

from . import cards
from .fitting import draw, fit_name

FACE_DOWN = "#4b4470"
#: card names are drawn at 11 or, where a name needs it, 10 user units — never smaller: the picture
#: is 1086 units wide, so at 1280 px a name is at least 11.8 px (the card faces' readable minimum)
NAME_SIZE = 11
MIN_NAME_SIZE = 10
SUB_H = 14  # the line below a name (the recast time)


def name_size(ctx: Any, iids: Any, w: float) -> float:
    """One font size for the names of the cards ``iids`` drawn side by side in boxes ``w`` wide:
    11, or 10 when a name needs it (then wrapped on more lines; never smaller)."""
    sizes = [fit_name(cards.name(ctx, c), w - 8, NAME_SIZE, smallest=MIN_NAME_SIZE, max_lines=3).size
             for c in iids if c and cards.known(ctx, c)]
    return min(sizes, default=NAME_SIZE)


def box_height(ctx: Any, iids: Any, w: float, least: float, *, sub: bool = False) -> float:
    """The height a row of boxes ``w`` wide needs so that every name of ``iids`` shows whole at the
    row's :func:`name_size` (at least ``least``)."""
    size = name_size(ctx, iids, w)
    need = [fit_name(cards.name(ctx, c), w - 8, size, smallest=size, max_lines=6).height + 6
            + (SUB_H if sub else 0) for c in iids if c and cards.known(ctx, c)]
    return max([least, *need])
FACE_DOWN_INK = "#ffffff"


def slot_id(prefix: str, *parts: Any) -> str:
    return "-".join([prefix, *(str(p).replace("/", "_").replace("#", "_") for p in parts)])


def card_box(ctx: Any, iid: str | None, x: float, y: float, w: float, h: float, *, owner: int, ident: str,
             shown: bool = True, sub: str = "", highlight: frozenset[str] = frozenset(),
             label: str = "", where: str = "", size: float | None = None) -> str:
    """A card at (x, y): ``shown`` False (or a hidden ``"?"``) draws its back. ``sub`` is a second
    line (the recast time), ``label`` a caption above the box, ``where`` the place its tooltip names.
    An empty slot when ``iid`` is None. A card carries ``data-card`` (``"?"`` when drawn face down)
    and its whole face as its tooltip. ``size``: the name's font size (its row's
    :func:`name_size`; by default its own)."""
    parts: list[str] = []
    if label:
        parts.append(text(x + 2, y - 3, label, size=9, fill=MUTED))
    lit = bool(iid) and iid in highlight
    stroke = HIGHLIGHT if lit else (PLAYER_COLORS[owner] if iid else "#bbbbbb")
    width = 3 if lit else 1
    if not iid:
        parts.append(el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 4, "fill": "#fafafa",
                                 "stroke": stroke, "stroke-width": width, "stroke-dasharray": "4 3"}))
        return el("g", {"id": ident, "class": "slot empty"}, *parts)
    face_up = shown and cards.known(ctx, iid)
    fill = PLAYER_LIGHT[owner] if face_up else FACE_DOWN
    parts.append(el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 4, "fill": fill,
                             "stroke": stroke, "stroke-width": width}))
    if face_up:
        avail = h - (SUB_H if sub else 4)
        if size is None:
            size = name_size(ctx, (iid,), w)
        fitted = fit_name(cards.name(ctx, iid), w - 8, size, smallest=size, max_lines=6)
        top = y + 3 + max(0.0, (avail - fitted.height) / 2) + fitted.size * 0.9
        parts.append(draw(x + w / 2, top, fitted, anchor="middle", fill=INK, cls="card-name"))
        if sub:
            parts.append(text(x + w / 2, y + h - 4, sub, size=9, anchor="middle", fill=MUTED, cls="card-sub"))
        tip = cards.card_tip(ctx, iid, where)
    else:
        parts.append(text(x + w / 2, y + h / 2 + 4, "face down" if w >= 60 else "?", size=10,
                          anchor="middle", fill=FACE_DOWN_INK, cls="card-back"))
        tip = cards.card_tip(ctx, cards.HIDDEN, where)
    kind = "card face-up" if face_up else "card face-down"
    return el("g", {"id": ident, "class": kind + (" touched" if lit else ""),
                    "data-card": iid if face_up else cards.HIDDEN}, title(tip), *parts)
