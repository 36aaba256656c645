"""A player's mat: name and fighters, Life, the awakening spots, the recast ladder [III] [II] [I]
[0] with two slots each ([0] without a limit, A-23: its cards and one free slot), the deck /
face-down pile / reserve counts, the reserve pile's cards, the hand and, while the decks are built,
the fighters' cards not yet placed and those left out. Every card is drawn whole (its name never
cut) or, where this picture may not show it, as a back."""

from __future__ import annotations

from typing import Any

from hisoutab.presentation.svg import MUTED, PLAYER_COLORS, PLAYER_LIGHT, el, text, title

from . import cards
from .boxes import box_height, card_box, name_size, slot_id
from .fitting import draw, fit_name

WIDTH = 380
LADDER = (("recast_3", "[III]"), ("recast_2", "[II]"), ("recast_1", "[I]"), ("recast_0", "[0]"))
ROW_H = 44  # a recast row at least; taller when a name needs two lines
CHIP_H = 34  # a card in a row (hand, reserve) at least
SPOT_H = 44  # an awakening spot: a name of two lines at 10 and the line below it
BACK_W = 26  # a face-down card in a row


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
    drawn = [c for c, seen in ((p.awakened, True), (p.far, secret), (p.near, secret)) if c and seen]
    size = name_size(ctx, drawn, w)
    h = SPOT_H
    if p.awakened:
        far = card_box(ctx, p.awakened, x, y, w, h, owner=i, ident=slot_id(prefix, p.name, "far"),
                       highlight=lit, label=far_label + " · ★ awakened", sub="awakened",
                       where=f"{p.name}'s far spot, awakened", size=size)
    else:
        far = card_box(ctx, p.far, x, y, w, h, owner=i, ident=slot_id(prefix, p.name, "far"),
                       shown=secret, highlight=lit, label=far_label,
                       where=f"{p.name}'s far spot (the awakenable life area)", size=size)
    near = card_box(ctx, p.near, x + w + 10, y, w, h, owner=i, ident=slot_id(prefix, p.name, "near"),
                    shown=secret, highlight=lit, label="near spot",
                    where=f"{p.name}'s near spot (the non-awakenable life area)", size=size)
    return el("g", {"class": "awakening-spots"}, far, near)


def _ladder(ctx: Any, state: Any, i: int, x: float, y: float, prefix: str,
            lit: frozenset[str]) -> tuple[str, float]:
    """The recast rows [III] … [0] at (x, y), and their height: a row is taller where a name needs
    two lines at its size (never smaller than 10)."""
    p = state.players[i]
    parts = [text(x, y - 4, "recast zones (slots, oldest left; recast time below each card)", size=9,
                  fill=MUTED)]
    ry = y
    for r, (attr, label) in enumerate(LADDER):
        held = tuple(getattr(p, attr))
        unlimited = attr == "recast_0" and getattr(ctx, "zero_capacity", 2) is None
        # two slots a position; [0] without a limit shows its cards and one free slot more
        n = len(held) + 1 if unlimited else max(2, len(held))
        sw = (WIDTH - 48 - 4 * (n - 1)) / n
        bh = box_height(ctx, held, sw, ROW_H - 8, sub=True)
        row_h = bh + 8
        parts.append(el("rect", {"x": x, "y": ry, "width": WIDTH, "height": row_h - 4, "rx": 4,
                                 "fill": PLAYER_LIGHT[i] if r % 2 == 0 else "#f4f4f4"}))
        parts.append(text(x + 20, ry + row_h / 2 + 2, label, size=13, weight="bold", anchor="middle",
                          fill=PLAYER_COLORS[i], cls="zone-label"))
        size = name_size(ctx, held, sw)
        for k in range(n):
            iid = held[k] if k < len(held) else None
            sx = x + 44 + k * (sw + 4)
            parts.append(card_box(ctx, iid, sx, ry + 2, sw, bh, owner=i,
                                  ident=slot_id(prefix, p.name, attr, k), highlight=lit,
                                  sub=("recast " + cards.recast_time(ctx, iid)) if iid else "",
                                  where=f"{p.name}'s recast zone {label}", size=size))
        ry += row_h
    return (el("g", {"class": "recast-ladder", "id": slot_id(prefix, p.name, "ladder")}, *parts),
            ry - y)


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


def _row(ctx: Any, state: Any, i: int, x: float, y: float, prefix: str, lit: frozenset[str], *,
         zone: str, head: str, held: tuple[str, ...], shown: bool, where: str) -> tuple[str, float]:
    """A labelled row of cards (three to a line, names whole); cards the view may not see are drawn
    as small backs, one per card."""
    p = state.players[i]
    parts = [text(x, y + 10, head, size=11, weight="bold", fill=MUTED)]
    if not held:
        return el("g", {"class": zone, "id": slot_id(prefix, p.name, zone)}, *parts), 16
    if not shown or all(c == cards.HIDDEN for c in held):
        per_row = int((WIDTH + 6) // (BACK_W + 6))
        for k in range(len(held)):
            row, col = divmod(k, per_row)
            parts.append(card_box(ctx, cards.HIDDEN, x + col * (BACK_W + 6), y + 16 + row * (CHIP_H + 6),
                                  BACK_W, CHIP_H, owner=i, ident=slot_id(prefix, p.name, zone, k),
                                  where=where))
        rows = (len(held) + per_row - 1) // per_row
        return el("g", {"class": zone, "id": slot_id(prefix, p.name, zone)}, *parts), 16 + rows * (CHIP_H + 6)
    per_row = 3
    cw = (WIDTH - 8 * (per_row - 1)) / per_row
    size = name_size(ctx, held, cw)  # one size for the whole zone
    ch = box_height(ctx, held, cw, CHIP_H)
    for k, iid in enumerate(held):
        row, col = divmod(k, per_row)
        parts.append(card_box(ctx, iid, x + col * (cw + 8), y + 16 + row * (ch + 6), cw, ch, owner=i,
                              ident=slot_id(prefix, p.name, zone, k), highlight=lit, where=where,
                              size=size))
    rows = (len(held) + per_row - 1) // per_row
    return el("g", {"class": zone, "id": slot_id(prefix, p.name, zone)}, *parts), 16 + rows * (ch + 6)


def _count(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def render_mat(ctx: Any, state: Any, i: int, x: float, y: float, *, prefix: str, lit: frozenset[str],
               designer: bool, viewer: str | None) -> tuple[str, float]:
    """Player ``i``'s mat at (x, y), and its height."""
    parts = [_header(ctx, state, i, x, y, prefix),
             _spots(ctx, state, i, x, y + 52, prefix, lit, designer, viewer),
             ]
    ladder, lh = _ladder(ctx, state, i, x, y + 118, prefix, lit)
    parts.append(ladder)
    py = y + 118 + lh + 6
    parts.append(_piles(state, ctx, i, x, py, prefix))
    hy = py + 34
    p = state.players[i]
    secret = cards.may_see(ctx, i, designer=designer, viewer=viewer)
    rows = [("reserve", f"reserve pile (face up): {_count(len(p.reserve))}", tuple(p.reserve), True,
             f"{p.name}'s reserve pile")] if p.reserve else []
    rows.append(("hand", f"hand: {_count(len(p.hand))}", tuple(p.hand), secret, f"{p.name}'s hand"))
    if p.pool:  # deck building (RR-SETUP-3): the cards still to place, and those left out so far
        rows.append(("pool", f"fighters' cards not yet placed: {_count(len(p.pool))}", tuple(p.pool), secret,
                     f"{p.name}'s fighters' cards (deck building)"))
        if p.unused:
            rows.append(("unused", f"left out of the deck: {_count(len(p.unused))}", tuple(p.unused), secret,
                         f"{p.name}'s cards left out of the deck"))
    for zone, head, held, shown, where in rows:
        svg, rh = _row(ctx, state, i, x, hy, prefix, lit, zone=zone, head=head, held=held, shown=shown,
                       where=where)
        parts.append(svg)
        hy += rh + 6
    height = hy - 6 - y
    return el("g", {"class": "mat", "id": slot_id(prefix, state.players[i].name, "mat"),
                    "data-player": state.players[i].name}, *parts), height
