"""One card drawn as a box: face up (its name whole, a line below, its full text on hover) or face
down; highlighted when a step touched it."""

from __future__ import annotations

from typing import Any

from hisoutab.presentation.svg import HIGHLIGHT, INK, MUTED, PLAYER_COLORS, PLAYER_LIGHT, el, text, title

from . import cards
from .fitting import draw, fit_name

FACE_DOWN = "#4b4470"
FACE_DOWN_INK = "#ffffff"


def slot_id(prefix: str, *parts: Any) -> str:
    return "-".join([prefix, *(str(p).replace("/", "_").replace("#", "_") for p in parts)])


def card_box(ctx: Any, iid: str | None, x: float, y: float, w: float, h: float, *, owner: int, ident: str,
             shown: bool = True, sub: str = "", highlight: frozenset[str] = frozenset(),
             label: str = "", where: str = "") -> str:
    """A card at (x, y): ``shown`` False (or a hidden ``"?"``) draws its back. ``sub`` is a second
    line (the recast time), ``label`` a caption above the box, ``where`` the place its tooltip names.
    An empty slot when ``iid`` is None. A card carries ``data-card`` (``"?"`` when drawn face down)
    and its whole face as its tooltip."""
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
        avail = h - (14 if sub else 4)
        fitted = fit_name(cards.name(ctx, iid), w - 8, 11, smallest=7, max_lines=3)
        if fitted.height > avail:
            fitted = fit_name(cards.name(ctx, iid), w - 8, 9, smallest=6, max_lines=4)
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
