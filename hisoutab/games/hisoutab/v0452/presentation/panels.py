"""One panel per player: HP, spirit gauge, cast and trigger zones, hand, deck and discard."""

from __future__ import annotations

import math
from typing import Any

from hisoutab.presentation.svg import INK, MUTED, PLAYER_COLORS, PLAYER_LIGHT, el, fit, group, text, title

MAX_HP = 20
SPELL_THRESHOLDS = (17, 13, 9, 5, 1)
SPIRIT_UP = "#6a3fb5"
SPIRIT_EDGE = "#3a2270"
DIE_FILL = "#fff4d6"
DIE_EDGE = "#8a6d1f"
HAND_COLS = 3
BASE_HEIGHT = 316
HAND_ROW = 28


SPELL_MAX = 5  # the spell sequence holds at most 5 cards
MOTIONS = ("236", "623", "214", "421")
ROW = 20  # a row of the spell sequence / special area lists
CARDS_H = 16 + SPELL_MAX * ROW + 16  # both lists with their labels and footers
BULLET_COLS = 2
BULLET_ROW = 26


def _hand_height(state: Any, designer: bool) -> float:
    if not designer:
        return 0
    rows = max(1, *(math.ceil(len(p.hand) / HAND_COLS) for p in state.players))
    return 6 + rows * HAND_ROW


def _bullet_rows(state: Any) -> int:
    return max(1, *(math.ceil(len(getattr(p, "bullet_area", ())) / BULLET_COLS) for p in state.players))


def panel_height(state: Any, designer: bool) -> float:
    """The height of a player panel (the same for both players)."""
    return (BASE_HEIGHT + _hand_height(state, designer) + 8 + CARDS_H + 10 + 18
            + _bullet_rows(state) * BULLET_ROW + 6)


def _card_label(ctx: Any, iid: str, side: str = "") -> tuple[str, str, str]:
    """(name, kind line, timing line) of a card instance as played."""
    card = ctx.cards.get(iid)
    if card is None:
        return iid, "unknown card", ""
    face = card.face(side) if side else card
    name = face.name or card.name
    stats = f"startup {face.startup} · recovery {face.recovery}"
    extra = [f"{side} side" if side else "", face.kind, f"cost {face.cost}" if face.cost else "",
             f"dmg {face.damage}" if face.damage else ""]
    return name, " · ".join(filter(None, extra)), stats


def _zone(ctx: Any, p: Any, zone: str, x: float, y: float, w: float, prefix: str) -> str:
    """A card box for the cast or trigger zone, or a dashed empty slot."""
    iid = p.cast if zone == "cast" else p.trigger
    side = p.cast_side if zone == "cast" else p.trigger_side
    label = "Cast zone" if zone == "cast" else "Trigger zone"
    out = [text(x, y, label, size=12, weight="bold", fill=MUTED)]
    by, h = y + 6, 60
    if iid is None:
        out.append(el("rect", {"x": x, "y": by, "width": w, "height": h, "rx": 5, "fill": "none",
                               "stroke": "#aab2bb", "stroke-dasharray": "5 4"}))
        out.append(text(x + w / 2, by + h / 2 + 5, "empty", size=12, anchor="middle", fill=MUTED))
        return "".join(out)
    name, detail, stats = _card_label(ctx, iid, side)
    if zone == "trigger" and p.missed:
        detail = "MISSED · " + detail
    out.append(group({"class": "zone-card", "id": f"{prefix}-{zone}-{p.name}", "data-zone": zone,
                      "data-player": p.name, "data-card": iid, "data-side": side or None}, [
        title(f"{label}: {name} [{iid}{' ' + side if side else ''}] — {detail} · {stats}"),
        el("rect", {"x": x, "y": by, "width": w, "height": h, "rx": 5, "fill": "#ffffff",
                    "stroke": INK, "stroke-width": 1.5}),
        text(x + 8, by + 19, fit(name, w - 16, 13, bold=True), size=13, weight="bold"),
        text(x + 8, by + 36, fit(detail, w - 16, 12), size=12, fill=INK),
        text(x + 8, by + 52, fit(stats, w - 16, 11), size=11, fill=MUTED),
    ]))
    return "".join(out)


def _spirit(ctx: Any, p: Any, x: float, y: float, prefix: str) -> str:
    out = [text(x, y + 5, "Spirit", size=13, weight="bold")]
    sx = x + 64
    dice = getattr(ctx, "dice", ())
    if dice:
        out.append(text(x, y + 27, "dice", size=11, fill=MUTED))
    for k, slot in enumerate(p.spirit):
        cx = sx + k * 36
        if slot == "up":
            state, shape = "up", el("circle", {"cx": cx, "cy": y, "r": 11, "fill": SPIRIT_UP,
                                                "stroke": SPIRIT_EDGE, "stroke-width": 1.5})
            tip = "face-up spirit token (available)"
        elif slot == "down":
            state, shape = "down", el("circle", {"cx": cx, "cy": y, "r": 10, "fill": "#ffffff",
                                                  "stroke": SPIRIT_EDGE, "stroke-width": 2.5})
            tip = "face-down spirit token (spent)"
        else:
            state = "die"
            shape = (el("rect", {"x": cx - 11, "y": y - 11, "width": 22, "height": 22, "rx": 4,
                                 "fill": DIE_FILL, "stroke": DIE_EDGE, "stroke-width": 2})
                     + text(cx, y + 5, slot, size=14, anchor="middle", weight="bold"))
            tip = f"broken slot: die showing {slot}"
        out.append(group({"class": "spirit-slot", "id": f"{prefix}-spirit-{p.name}-{k + 1}",
                          "data-player": p.name, "data-slot": k + 1, "data-state": state,
                          "data-die": slot if state == "die" else None},
                         [title(f"slot {k + 1}: {tip}"), shape]))
        if k < len(dice):
            out.append(text(cx, y + 27, f"d{dice[k]}", size=11, anchor="middle", fill=MUTED))
    avail = sum(1 for s in p.spirit if s == "up")
    out.append(text(sx + 5 * 36 - 4, y + 5, f"{avail} available", size=13))
    return "".join(out)


def _hp(p: Any, x: float, y: float, w: float, color: str, prefix: str) -> str:
    out = [text(x, y + 14, "HP", size=13, weight="bold")]
    bx, bw, bh = x + 64, w - 64 - 70, 20
    hp = max(0, min(MAX_HP, p.hp))
    out.append(el("rect", {"x": bx, "y": y, "width": bw, "height": bh, "rx": 3, "fill": "#eceff2",
                           "stroke": "#8d96a0"}))
    out.append(el("rect", {"class": "hp-bar", "id": f"{prefix}-hp-{p.name}", "data-player": p.name,
                           "data-hp": p.hp, "x": bx, "y": y, "width": bw * hp / MAX_HP, "height": bh, "rx": 3,
                           "fill": color}, title(f"{p.name} HP {p.hp} / {MAX_HP}")))
    for v in SPELL_THRESHOLDS:
        tx = bx + bw * v / MAX_HP
        reached = p.hp <= v
        out.append(el("line", {"class": "hp-tick", "data-hp": v, "x1": tx, "y1": y - 3, "x2": tx,
                               "y2": y + bh + 3, "stroke": INK, "stroke-width": 2,
                               "stroke-dasharray": "3 2" if reached else None}))
        out.append(text(tx, y + bh + 15, v, size=11, anchor="middle", fill=INK if not reached else MUTED))
    out.append(text(bx + bw + 10, y + 15, f"{p.hp} / {MAX_HP}", size=15, weight="bold"))
    note = "ticks: spell-card draw at 17 / 13 / 9 / 5 / 1 (dashed: reached)"
    out.append(text(bx, y + bh + 30, note, size=11, fill=MUTED))
    return "".join(out)


def render_panel(ctx: Any, state: Any, i: int, ox: float, oy: float, w: float, *, designer: bool = False,
                 prefix: str = "hs") -> str:
    """Player ``i``'s panel with its top-left corner at (ox, oy), ``w`` wide."""
    p = state.players[i]
    color = PLAYER_COLORS[i]
    h = panel_height(state, designer)
    chars = getattr(ctx, "characters", ())
    char = chars[i].name if i < len(chars) else p.character
    out = [el("rect", {"x": ox, "y": oy, "width": w, "height": h, "rx": 8, "fill": PLAYER_LIGHT[i],
                       "stroke": color, "stroke-width": 2}),
           text(ox + 14, oy + 26, fit(f"{p.name} · {char}", w - 160, 17, bold=True), size=17, weight="bold",
                fill=color)]
    if state.initiative == i:
        ix = ox + w - 120
        out.append(group({"class": "initiative", "id": f"{prefix}-initiative", "data-player": p.name}, [
            title(f"{p.name} holds the initiative token"),
            el("circle", {"cx": ix, "cy": oy + 20, "r": 11, "fill": "#f2b705", "stroke": "#7a5c00",
                          "stroke-width": 1.5}),
            text(ix, oy + 25, "I", size=13, anchor="middle", weight="bold"),
            text(ix + 16, oy + 25, "initiative", size=13, weight="bold"),
        ]))
    if state.winner == p.name:
        out.append(text(ox + w - 14, oy + 48, "WINNER", size=13, anchor="end", weight="bold", fill=color))
    x = ox + 14
    out.append(_hp(p, x, oy + 42, w - 28, color, prefix))
    out.append(_spirit(ctx, p, x, oy + 124, prefix))
    zw = (w - 28 - 12) / 2
    out.append(_zone(ctx, p, "trigger", x, oy + 178, zw, prefix))
    out.append(_zone(ctx, p, "cast", x + zw + 12, oy + 178, zw, prefix))
    counts = f"Hand {len(p.hand)} · Deck {len(p.deck)} · Discard {len(p.discard)}"
    out.append(text(x, oy + 276, counts, size=14, weight="bold", cls="counts", data_player=p.name,
                    data_hand=len(p.hand), data_deck=len(p.deck), data_discard=len(p.discard)))
    aside = ", ".join(ctx.cards[c].name if c in ctx.cards else c for c in p.aside) or "none"
    out.append(text(x, oy + 298, fit(f"Set aside: {aside}", w - 28, 12), size=12, fill=MUTED))
    if designer:
        cw = (w - 28 - (HAND_COLS - 1) * 6) / HAND_COLS
        for k, iid in enumerate(p.hand):
            r, c = divmod(k, HAND_COLS)
            cx, cy = x + c * (cw + 6), oy + BASE_HEIGHT - 4 + r * HAND_ROW
            name = ctx.cards[iid].name if iid in ctx.cards else iid
            standing = iid in getattr(ctx, "standing", ())
            out.append(group({"class": "zone-card", "id": f"{prefix}-hand-{p.name}-{k + 1}",
                              "data-zone": "hand", "data-player": p.name, "data-card": iid}, [
                title(f"hand: {name} [{iid}]" + (" (standing card)" if standing else "")),
                el("rect", {"x": cx, "y": cy, "width": cw, "height": HAND_ROW - 6, "rx": 4, "fill": "#ffffff",
                            "stroke": "#8d96a0", "stroke-dasharray": "4 2" if standing else None}),
                text(cx + 6, cy + 16, fit(name, cw - 12, 12), size=12),
            ]))
        out.append(text(ox + w - 14, oy + 276, "dashed: standing card", size=11, anchor="end",
                        fill=MUTED))
    else:
        out.append(text(ox + w - 14, oy + 276, "hand hidden", size=12, anchor="end", fill=MUTED))
    y = oy + BASE_HEIGHT + _hand_height(state, designer) + 8
    col = (w - 28 - 16) / 2
    out.append(_spell_seq(ctx, p, x, y, col, color, prefix))
    out.append(_special(ctx, p, x + col + 16, y, col, prefix))
    y += CARDS_H + 10
    out.append(_bullet_area(ctx, state, p, x, y, w - 28, prefix))
    return el("g", {"class": "panel", "id": f"{prefix}-panel-{p.name}", "data-player": p.name}, *out)


def _name(ctx: Any, iid: str) -> str:
    card = ctx.cards.get(iid)
    return card.name if card is not None else iid


def _empty_row(x: float, y: float, w: float, label: str = "empty") -> str:
    return (el("rect", {"x": x, "y": y, "width": w, "height": ROW - 4, "rx": 3, "fill": "none",
                        "stroke": "#aab2bb", "stroke-dasharray": "4 3"})
            + text(x + w / 2, y + 12, label, size=11, anchor="middle", fill=MUTED))


def _spell_seq(ctx: Any, p: Any, x: float, y: float, w: float, color: str, prefix: str) -> str:
    """The public spell sequence, front first (5 rows, the free ones dashed), then the deck counts."""
    seq = tuple(getattr(p, "spell_seq", ()))
    out = [text(x, y + 10, "Spell sequence", size=12, weight="bold", fill=MUTED),
           text(x + w, y + 10, "front first", size=11, anchor="end", fill=MUTED)]
    for k in range(max(SPELL_MAX, len(seq))):
        ry = y + 16 + k * ROW
        if k >= len(seq):
            out.append(_empty_row(x, ry, w, "no spell card yet" if not seq and k == 0 else ""))
            continue
        iid = seq[k]
        card = ctx.cards.get(iid)
        cost = getattr(card, "spell_cost", None)
        front = k == 0
        name = _name(ctx, iid)
        tag_w = 34 if front else 18
        body = [title(f"spell sequence #{k + 1}{' (front: the one that can be performed)' if front else ''}: "
                      f"{name} [{iid}], spell cost {cost}"),
                el("rect", {"x": x, "y": ry, "width": w, "height": ROW - 4, "rx": 3, "fill": "#ffffff",
                            "stroke": color if front else "#8d96a0", "stroke-width": 2 if front else 1})]
        if front:
            body.append(el("rect", {"x": x, "y": ry, "width": tag_w, "height": ROW - 4, "rx": 3,
                                    "fill": color}))
            body.append(text(x + tag_w / 2, ry + 12, "front", size=10, anchor="middle", weight="bold",
                             fill="#ffffff"))
        else:
            body.append(text(x + tag_w / 2, ry + 12, k + 1, size=10, anchor="middle", fill=MUTED))
        cost_txt = f"cost {cost}" if cost is not None else ""
        body.append(text(x + tag_w + 5, ry + 12, fit(name, w - tag_w - 42, 11, bold=front), size=11,
                         weight="bold" if front else None))
        body.append(text(x + w - 5, ry + 12, cost_txt, size=10, anchor="end", fill=MUTED, cls="spell-cost"))
        out.append(group({"class": "spell-card", "id": f"{prefix}-spell-{p.name}-{k + 1}",
                          "data-zone": "spell_seq", "data-player": p.name, "data-card": iid,
                          "data-index": k + 1, "data-front": "true" if front else "false",
                          "data-cost": cost}, body))
    deck, gone = len(getattr(p, "spell_deck", ())), len(getattr(p, "spell_discard", ()))
    fy = y + 16 + max(SPELL_MAX, len(seq)) * ROW + 8
    out.append(text(x, fy, f"spell deck {deck} · spell discard {gone}", size=11, fill=INK, cls="spell-counts",
                    data_player=p.name, data_deck=deck, data_discard=gone))
    return "".join(out)


def _special(ctx: Any, p: Any, x: float, y: float, w: float, prefix: str) -> str:
    """The special area: one slot per motion tag with its special's name and level, or empty."""
    area = tuple(getattr(p, "special", ())) or (None,) * len(MOTIONS)
    out = [text(x, y + 10, "Special area", size=12, weight="bold", fill=MUTED)]
    for k, tag in enumerate(MOTIONS):
        ry = y + 16 + k * ROW
        iid = area[k] if k < len(area) else None
        tag_box = [el("rect", {"x": x, "y": ry, "width": 32, "height": ROW - 4, "rx": 3, "fill": "#5b6470"}),
                   text(x + 16, ry + 12, tag, size=10, anchor="middle", weight="bold", fill="#ffffff")]
        if iid is None:
            body = [title(f"special area {tag}: empty (its special is in play or was upgraded)"),
                    _empty_row(x + 36, ry, w - 36, "out"), *tag_box]
            level = None
        else:
            card = ctx.cards.get(iid)
            level = getattr(card, "level", None)
            name = _name(ctx, iid)
            body = [title(f"special area {tag}: {name} [{iid}], level {level}"),
                    el("rect", {"x": x, "y": ry, "width": w, "height": ROW - 4, "rx": 3, "fill": "#ffffff",
                                "stroke": "#8d96a0"}), *tag_box,
                    text(x + 38, ry + 12, fit(name, w - 38 - 36, 11), size=11),
                    text(x + w - 5, ry + 12, f"Lv {level}", size=10, anchor="end", weight="bold", fill=INK)]
        out.append(group({"class": "special-slot", "id": f"{prefix}-special-{p.name}-{tag}",
                          "data-zone": "special", "data-player": p.name, "data-motion": tag,
                          "data-card": iid, "data-level": level,
                          "data-empty": "true" if iid is None else "false"}, body))
    extra, removed = len(getattr(p, "extra", ())), len(getattr(p, "removed", ()))
    fy = y + 16 + SPELL_MAX * ROW + 8
    out.append(text(x, fy, f"extra deck {extra} · removed {removed}", size=11, fill=INK, cls="extra-counts",
                    data_player=p.name, data_extra=extra, data_removed=removed))
    return "".join(out)


def _bullet_area(ctx: Any, state: Any, p: Any, x: float, y: float, w: float, prefix: str) -> str:
    """The bullet area: each card whose bullets are on the board, with its duration die."""
    area = tuple(getattr(p, "bullet_area", ()))
    dice = dict(getattr(p, "dice", ()) or ())
    bullets = tuple(getattr(state, "bullets", ()))
    out = [text(x, y + 10, "Bullet area", size=12, weight="bold", fill=MUTED),
           text(x + w, y + 10, "die: duration (−1 each yellow cell)", size=11, anchor="end", fill=MUTED)]
    cw = (w - (BULLET_COLS - 1) * 8) / BULLET_COLS
    if not area:
        out.append(_empty_row(x, y + 16, w, "no bullet card"))
    for k, iid in enumerate(area):
        r, c = divmod(k, BULLET_COLS)
        bx, by = x + c * (cw + 8), y + 16 + r * BULLET_ROW
        die = dice.get(iid)
        n = sum(1 for b in bullets if b.card == iid)
        name = _name(ctx, iid)
        where = f"{n} bullet{'s' if n != 1 else ''} on the board"
        body = [title(f"bullet area: {name} [{iid}] — {where}; "
                      + (f"duration die {die}" if die is not None else "no die")),
                el("rect", {"x": bx, "y": by, "width": cw, "height": BULLET_ROW - 4, "rx": 4,
                            "fill": "#ffffff", "stroke": "#8d96a0"})]
        if die is not None:
            body += [el("rect", {"class": "die", "x": bx + 3, "y": by + 2, "width": 18, "height": 18, "rx": 3,
                                 "fill": DIE_FILL, "stroke": DIE_EDGE, "stroke-width": 1.5}),
                     text(bx + 12, by + 16, die, size=12, anchor="middle", weight="bold")]
        body += [text(bx + 27, by + 16, fit(name, cw - 27 - 62, 12), size=12),
                 text(bx + cw - 6, by + 16, f"×{n} on board", size=10, anchor="end", fill=MUTED)]
        out.append(group({"class": "zone-card", "id": f"{prefix}-bullet-area-{p.name}-{k + 1}",
                          "data-zone": "bullet_area", "data-player": p.name, "data-card": iid,
                          "data-die": die, "data-bullets": n}, body))
    return "".join(out)
