"""A player's mat: name and fighters, Life, the awakening spots, the recast ladder [III] [II] [I]
[0] with two slots each, the deck / face-down pile / reserve counts and the hand."""

from __future__ import annotations

from typing import Any

from hisoutab.presentation.svg import MUTED, PLAYER_COLORS, PLAYER_LIGHT, el, text, title

from . import cards
from .boxes import card_box, slot_id
from .fitting import draw, fit_name

WIDTH = 380
LADDER = (("recast_3", "[III]"), ("recast_2", "[II]"), ("recast_1", "[I]"), ("recast_0", "[0]"))
ROW_H = 44
CHIP_H = 34


def _header(ctx: Any, state: Any, i: int, x: float, y: float, prefix: str) -> str:
    p = state.players[i]
    color = PLAYER_COLORS[i]
    fighters = " & ".join(f.name for f in ctx.fighters[i]) if ctx.fighters else ""
    turn = bool(state.turn) and state.active == i and not state.winner
    parts = [el("rect", {"x": x, "y": y, "width": WIDTH, "height": 34, "rx": 5, "fill": color}),
             text(x + 10, y + 22, p.name, size=17, weight="bold", fill="#ffffff")]
    if turn:
        parts.append(text(x + 44, y + 22, "▶", size=14, fill="#ffffff", cls="turn-mark"))
    f = fit_name(fighters, WIDTH - 150, 12, smallest=8, max_lines=2)
    parts.append(draw(x + 64, y + (22 if len(f.lines) == 1 else 14), f, fill="#ffffff", cls="fighters"))
    parts.append(el("g", {"id": slot_id(prefix, p.name, "life"), "class": "life"},
                    title(f"{p.name}'s Life: {p.life}"),
                    el("rect", {"x": x + WIDTH - 74, "y": y + 4, "width": 68, "height": 26, "rx": 13,
                                "fill": "#ffffff"}),
                    text(x + WIDTH - 40, y + 22, f"Life {p.life}", size=14, weight="bold", anchor="middle",
                         fill=color)))
    return el("g", {"class": "mat-header"}, *parts)


def _spots(ctx: Any, state: Any, i: int, x: float, y: float, prefix: str, lit: frozenset[str],
           designer: bool, viewer: str | None) -> str:
    p = state.players[i]
    secret = cards.may_see(ctx, i, designer=designer, viewer=viewer)
    w = (WIDTH - 10) / 2
    far_label = "far spot (awakenable)"
    if p.awakened:
        far = card_box(ctx, p.awakened, x, y, w, 44, owner=i, ident=slot_id(prefix, p.name, "far"),
                       highlight=lit, label=far_label + " · ★ awakened", sub="awakened")
    else:
        far = card_box(ctx, p.far, x, y, w, 44, owner=i, ident=slot_id(prefix, p.name, "far"),
                       shown=secret, highlight=lit, label=far_label)
    near = card_box(ctx, p.near, x + w + 10, y, w, 44, owner=i, ident=slot_id(prefix, p.name, "near"),
                    shown=secret, highlight=lit, label="near spot")
    return el("g", {"class": "awakening-spots"}, far, near)


def _ladder(ctx: Any, state: Any, i: int, x: float, y: float, prefix: str, lit: frozenset[str]) -> str:
    p = state.players[i]
    parts = [text(x, y - 4, "recast zones (slots, oldest left; recast time below each card)", size=9,
                  fill=MUTED)]
    for r, (attr, label) in enumerate(LADDER):
        ry = y + r * ROW_H
        held = tuple(getattr(p, attr))
        n = max(2, len(held))
        parts.append(el("rect", {"x": x, "y": ry, "width": WIDTH, "height": ROW_H - 4, "rx": 4,
                                 "fill": PLAYER_LIGHT[i] if r % 2 == 0 else "#f4f4f4"}))
        parts.append(text(x + 20, ry + ROW_H / 2 + 2, label, size=13, weight="bold", anchor="middle",
                          fill=PLAYER_COLORS[i], cls="zone-label"))
        sw = (WIDTH - 48 - 4 * (n - 1)) / n
        for k in range(n):
            iid = held[k] if k < len(held) else None
            sx = x + 44 + k * (sw + 4)
            parts.append(card_box(ctx, iid, sx, ry + 2, sw, ROW_H - 8, owner=i,
                                  ident=slot_id(prefix, p.name, attr, k), highlight=lit,
                                  sub=("recast " + cards.recast_time(ctx, iid)) if iid else ""))
    return el("g", {"class": "recast-ladder", "id": slot_id(prefix, p.name, "ladder")}, *parts)


def _piles(state: Any, ctx: Any, i: int, x: float, y: float, prefix: str) -> str:
    p = state.players[i]
    reserve = ", ".join(cards.name(ctx, c) for c in p.reserve) or "empty"
    items = (("deck", len(p.deck), "the deck (hidden), top first"),
             ("face-down pile", len(p.face_down), "the face-down pile"),
             ("reserve", len(p.reserve), f"the reserve pile (face up): {reserve}"))
    w = (WIDTH - 20) / 3
    parts = []
    for k, (label, n, tip) in enumerate(items):
        bx = x + k * (w + 10)
        parts.append(el("g", {"id": slot_id(prefix, p.name, "pile", k), "class": "pile"}, title(tip),
                        el("rect", {"x": bx, "y": y, "width": w, "height": 24, "rx": 4, "fill": "#ffffff",
                                    "stroke": "#999999"}),
                        text(bx + 8, y + 16, label, size=11, fill=MUTED),
                        text(bx + w - 8, y + 17, n, size=14, weight="bold", anchor="end")))
    return el("g", {"class": "piles"}, *parts)


def _hand(ctx: Any, state: Any, i: int, x: float, y: float, prefix: str, lit: frozenset[str],
          designer: bool, viewer: str | None) -> tuple[str, float]:
    p = state.players[i]
    shown = cards.may_see(ctx, i, designer=designer, viewer=viewer)
    hand = tuple(p.hand)
    parts = [text(x, y + 10, f"hand: {len(hand)} card{'s' if len(hand) != 1 else ''}", size=11,
                  weight="bold", fill=MUTED)]
    if not shown or not hand:
        if hand:
            parts.append(text(x + 110, y + 10, "(names hidden from this view)", size=10, fill=MUTED))
        return el("g", {"class": "hand", "id": slot_id(prefix, p.name, "hand")}, *parts), 16
    per_row = 3
    cw = (WIDTH - 8 * (per_row - 1)) / per_row
    for k, iid in enumerate(hand):
        row, col = divmod(k, per_row)
        parts.append(card_box(ctx, iid, x + col * (cw + 8), y + 16 + row * (CHIP_H + 6), cw, CHIP_H, owner=i,
                              ident=slot_id(prefix, p.name, "hand", k), highlight=lit))
    rows = (len(hand) + per_row - 1) // per_row
    return el("g", {"class": "hand", "id": slot_id(prefix, p.name, "hand")}, *parts), 16 + rows * (CHIP_H + 6)


def render_mat(ctx: Any, state: Any, i: int, x: float, y: float, *, prefix: str, lit: frozenset[str],
               designer: bool, viewer: str | None) -> tuple[str, float]:
    """Player ``i``'s mat at (x, y), and its height."""
    parts = [_header(ctx, state, i, x, y, prefix),
             _spots(ctx, state, i, x, y + 52, prefix, lit, designer, viewer),
             _ladder(ctx, state, i, x, y + 118, prefix, lit)]
    py = y + 118 + 4 * ROW_H + 6
    parts.append(_piles(state, ctx, i, x, py, prefix))
    hy = py + 34
    reserve = state.players[i].reserve
    if reserve:
        f = fit_name("reserve (face up): " + ", ".join(cards.name(ctx, c) for c in reserve), WIDTH, 10,
                     smallest=8, max_lines=4)
        parts.append(draw(x, hy + f.size, f, fill=MUTED, cls="reserve-names"))
        hy += f.height + 8
    hand, hh = _hand(ctx, state, i, x, hy, prefix, lit, designer, viewer)
    parts.append(hand)
    height = hy + hh - y
    return el("g", {"class": "mat", "id": slot_id(prefix, state.players[i].name, "mat"),
                    "data-player": state.players[i].name}, *parts), height
