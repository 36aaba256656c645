"""One panel per player: HP, the spirit gauge with its printed dice, the player's state against
attacks (guard state, knockdown), the trigger and cast zones, hand, deck and discard, the cards set
aside, the spell sequence, the special area and the bullet area.

A panel is a column of sections; each section's height is the larger of the two players', so the
two panels line up row by row. Card names are never cut: a long name is drawn smaller, then
wrapped. Every card drawn is an element with ``data-card`` (``"?"`` for a card the view hides) and
a ``<title>`` with its whole face in one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hisoutab.games.hisoutab.kit import panels as kit_panels
from hisoutab.games.hisoutab.kit.panels import (
    HeaderWords,
    Section,
    card_back,
    card_box,
    fitted_text,
    header,
    pill,
)
from hisoutab.presentation.cards import card_title
from hisoutab.presentation.svg import INK, MUTED, PLAYER_COLORS, el, group, text, title
from hisoutab.presentation.textfit import Fitted, fit_text, flow_chips, text_width, wrap_parts

from .cards import HIDDEN, card_face, card_name, play_details
from .status import Status, player_status, settlement

MAX_HP = 20
SPELL_THRESHOLDS = (17, 13, 9, 5, 1)
SPIRIT_UP = "#6a3fb5"
SPIRIT_EDGE = "#3a2270"
DIE_FILL = "#fff4d6"
DIE_EDGE = "#8a6d1f"
CARD_EDGE = "#8d96a0"
EMPTY_EDGE = "#aab2bb"
MISSED = "#d84315"
SPELL_MAX = 5  # the spell sequence holds at most 5 cards
MOTIONS = ("236", "623", "214", "421")
GAP = 10  # between sections

HEADER = HeaderWords(
    winner="{name} wins: the opponent's HP reached 0 (H-GOAL-1)",
    defeated="{name}'s HP reached 0 (H-GOAL-1)",
    one_turn=" (H-TURN-2)", both_turn=" (a simultaneous action, H-TURN-2)",
    initiative=("(H-SETUP-7; kept or handed over in H-RES-SIM and H-BUL-ORDER; it orders the adjustment "
                "phase, H-ADJ-BLUE-0)"), turn_after_end=False)


def card_tip(ctx: Any, state: Any, iid: str) -> str:
    """A card's whole face in one line (the hover text of every card drawn)."""
    if iid == HIDDEN:
        return "a hidden card (this view does not show it)"
    face = card_face(ctx, state, iid)
    return card_title(face) if face is not None else str(iid)


def card_el(ctx: Any, state: Any, iid: str, attrs: dict[str, Any], body: Sequence[str]) -> str:
    """A card's element: ``data-card`` (``"?"`` when hidden) and its face as the ``<title>``."""
    return group({**attrs, "data-card": iid}, [title(card_tip(ctx, state, iid)), *body])


def die_shape(cx: float, cy: float, value: Any, size: float = 22) -> str:
    """A die showing ``value`` (a broken spirit slot, a bullet card's duration)."""
    h = size / 2
    return (el("rect", {"class": "die", "x": cx - h, "y": cy - h, "width": size, "height": size, "rx": 4,
                        "fill": DIE_FILL, "stroke": DIE_EDGE, "stroke-width": 2 if size > 18 else 1.5})
            + text(cx, cy + size * 0.23, value, size=size * 0.64, anchor="middle", weight="bold"))


def _label(x: float, y: float, s: str) -> str:
    return text(x, y + 11, s, size=12, weight="bold", fill=MUTED)


# ------------------------------------------------------------------ sections
def _header(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    return header(ctx, state, i, x, w, prefix, HEADER)


def _hp(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    p = state.players[i]
    color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
    marked = p.hp_mark if p.hp_mark is not None and p.hp_mark < p.hp else None

    def draw(y: float) -> str:
        bx, bw, bh = x + 64, w - 64 - 74, 20
        hp = max(0, min(MAX_HP, p.hp))
        out = [*kit_panels.hp_track(x, y, bx, bw, bh, 14),
               el("rect", {"class": "hp-bar", "id": f"{prefix}-hp-{p.name}", "data-player": p.name,
                           "data-hp": p.hp, "data-marked": marked, "x": bx, "y": y, "width": bw * hp / MAX_HP,
                           "height": bh, "rx": 3, "fill": color},
                  title(f"{p.name} HP {p.hp} / {MAX_HP}" + (
                      f"; {p.hp_mark} once the damage is settled (H-RES-DMG)" if marked is not None
                      else "")))]
        if marked is not None:
            lo = max(0, marked)
            out.append(el("rect", {"class": "hp-marked", "x": bx + bw * lo / MAX_HP, "y": y + 2,
                                   "width": bw * (hp - lo) / MAX_HP, "height": bh - 4, "fill": "#ffffff",
                                   "fill-opacity": 0.6, "stroke": INK, "stroke-dasharray": "3 2"},
                              title(f"marked damage: HP {p.hp} → {p.hp_mark} at the damage settlement "
                                    "(H-RES-DMG)")))
        for v in SPELL_THRESHOLDS:
            tx = bx + bw * v / MAX_HP
            reached = p.hp <= v
            out.append(el("line", {"class": "hp-tick", "data-hp": v, "x1": tx, "y1": y - 3, "x2": tx,
                                   "y2": y + bh + 3, "stroke": INK, "stroke-width": 2,
                                   "stroke-dasharray": "3 2" if reached else None}))
            out.append(text(tx, y + bh + 15, v, size=11, anchor="middle", fill=INK if not reached else MUTED))
        shown = f"{p.hp} / {MAX_HP}" if marked is None else f"{p.hp} → {p.hp_mark}"
        out.append(text(bx + bw + 10, y + 15, shown, size=15, weight="bold", cls="hp-text",
                        data_player=p.name))
        note = "ticks: spell-card draw at 17 / 13 / 9 / 5 / 1 (dashed: reached)"
        out.append(text(bx, y + bh + 30, note, size=11, fill=MUTED))
        return "".join(out)

    return 56.0, draw


def _spirit(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    p = state.players[i]
    dice = tuple(getattr(ctx, "dice", ()))
    step = 36.0

    def draw(y: float) -> str:
        cy = y + 12
        sx = x + 64 + 11
        out = [text(x, cy + 5, "Spirit", size=13, weight="bold")]
        if dice:
            out.append(text(x, cy + 29, "printed", size=11, fill=MUTED))
        for k, slot in enumerate(p.spirit):
            cx = sx + k * step
            if slot == "up":
                kind, shape = "up", el("circle", {"cx": cx, "cy": cy, "r": 11, "fill": SPIRIT_UP,
                                                  "stroke": SPIRIT_EDGE, "stroke-width": 1.5})
                tip = "face-up spirit token (available)"
            elif slot == "down":
                kind, shape = "down", el("circle", {"cx": cx, "cy": cy, "r": 10, "fill": "#ffffff",
                                                    "stroke": SPIRIT_EDGE, "stroke-width": 2.5})
                tip = "face-down spirit token (spent)"
            else:
                kind, shape = "die", die_shape(cx, cy, slot)
                tip = (f"broken slot: no token, a die showing {slot} (−1 at each blue cell; at 0 a face-down "
                       "token comes back, H-ADJ-BLUE-2)")
            out.append(group({"class": "spirit-slot", "id": f"{prefix}-spirit-{p.name}-{k + 1}",
                              "data-player": p.name, "data-slot": k + 1, "data-state": kind,
                              "data-die": slot if kind == "die" else None},
                             [title(f"slot {k + 1}: {tip}"), shape]))
            if k < len(dice):
                out.append(group({"class": "printed-die", "data-slot": k + 1, "data-die": dice[k]}, [
                    title(f"slot {k + 1}: die {dice[k]} printed under it (R-4): a guard crush or a spirit "
                          "break puts it on the slot (H-GUARD-CRUSH-2, H-BREAK)"),
                    text(cx, cy + 29, f"d{dice[k]}", size=11, anchor="middle", fill=MUTED)]))
        avail = sum(1 for s in p.spirit if s == "up")
        out.append(text(sx + 5 * step - 4, cy + 5, f"{avail} available", size=13, cls="spirit-text",
                        data_player=p.name))
        return "".join(out)

    return 42.0, draw


def _status(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    """The player's state against attacks, the attacks it meets, what the settlement will apply,
    and where the piece and the timeline tokens are."""
    p = state.players[i]
    st: Status | None = player_status(ctx, state, i)
    where = f"piece ({p.x}, {p.y}) {'on the ground' if p.y == 0 else 'in the air'}, facing " + (
        "right" if p.facing >= 0 else "left")
    tokens = []
    for what, t in (("marker", p.marker), ("hit token", p.hit)):
        if t is not None:
            tokens.append(f"{what} t={t}" + (" (now)" if t == state.time else f" (in {t - state.time})"
                                              if t > state.time else ""))
    nxt = p.position
    line = where + " · " + (" · ".join(tokens) if tokens else "no timeline token")
    if nxt is not None and p.hit is not None and p.marker is not None:
        line += f" · next turn t={nxt}"
    pos = fit_text(line, w, 12, smallest=10)
    if st is None:
        return pos.height + 2, lambda y: fitted_text(x, y + pos.size, pos, cls="position")
    label_w = text_width(st.label, 11, bold=True) + 14
    why = fit_text(st.why, w - label_w - 8, 12, smallest=11)
    beside = len(why.lines) == 1
    if not beside:  # too long beside the pill: under it, the panel's whole width
        why = wrap_parts([st.why], w - 12, 11)
    why_h = 19.0 if beside else 19 + 3 + why.height
    rest = [wrap_parts([f"vs {a}"], w - 12, 11) for a in st.against]
    rest += [wrap_parts([s], w - 12, 11) for s in settlement(state, i)]
    rest_h = sum(f.height for f in rest)
    height = why_h + 4 + rest_h + (4 if rest else 0) + pos.height + 2

    def draw(y: float) -> str:
        shape, _ = pill(x, y, st.label, st.color)
        body = [title(f"{p.name}: {st.label} — {st.why}"
                      + "".join(f"; vs {a}" for a in st.against) + f" ({', '.join(st.clauses)})"), shape,
                fitted_text(x + label_w + 8, y + 13.5, why) if beside
                else fitted_text(x + 12, y + 22 + why.size, why, fill="#3c4650")]
        cy = y + why_h + 4
        for f in rest:
            body.append(fitted_text(x + 12, cy + f.size, f, fill="#3c4650"))
            cy += f.height
        cy += 4 if rest else 0
        out = [group({"class": "status", "id": f"{prefix}-status-{p.name}", "data-player": p.name,
                      "data-status": st.kind, "data-guard": "true" if st.guarding else "false"}, body),
               fitted_text(x, cy + pos.size, pos, cls="position")]
        return "".join(out)

    return height, draw


def _zone_box(ctx: Any, state: Any, i: int, zone: str, x: float, w: float, prefix: str) -> Section:
    """The cast or trigger zone: the card's name (never cut), its details, MISSED; or a dashed
    empty box."""
    p = state.players[i]
    iid = p.cast if zone == "cast" else p.trigger
    side = p.cast_side if zone == "cast" else p.trigger_side
    label = "Cast zone" if zone == "cast" else "Trigger zone"
    inner = w - 16
    if iid is None:
        def draw_empty(y: float) -> str:
            return (_label(x, y, label)
                    + el("rect", {"x": x, "y": y + 17, "width": w, "height": 44, "rx": 5, "fill": "none",
                                  "stroke": EMPTY_EDGE, "stroke-dasharray": "5 4"})
                    + text(x + w / 2, y + 17 + 27, "empty", size=12, anchor="middle", fill=MUTED))
        return 17 + 44, draw_empty
    hidden = iid == HIDDEN
    name_s, parts = ("a hidden card", []) if hidden else play_details(ctx, iid, side)
    missed = zone == "trigger" and bool(getattr(p, "missed", False))
    name = fit_text(name_s, inner - (30 if hidden else 0), 13, bold=True, smallest=10)
    details = wrap_parts(parts, inner, 11) if parts else None
    miss_h = 23 if missed else 0
    box_h = 8 + max(name.height, 32 if hidden else 0) + (details.height if details else 0) + miss_h + 6

    def draw(y: float) -> str:
        by = y + 17
        body, cy = card_box(x, by, w, box_h, name, [details] if details is not None else [], hidden=hidden,
                            back_h=32, back_name_y=20)
        if missed:
            mark, _ = pill(x + 8, cy + 3, "MISSED", MISSED)
            body.append(group({"class": "missed", "data-player": p.name},
                              [title("its physical attack missed: it cannot be cancelled (H-EFF-PHYS-2)"),
                               mark]))
        return _label(x, y, label) + card_el(ctx, state, iid, {
            "class": "zone-card", "id": f"{prefix}-{zone}-{p.name}", "data-zone": zone, "data-player": p.name,
            "data-side": side or None, "data-missed": "true" if missed else None}, body)

    return 17 + box_h, draw


def _zones(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    half = (w - 12) / 2
    a = _zone_box(ctx, state, i, "trigger", x, half, prefix)
    b = _zone_box(ctx, state, i, "cast", x + half + 12, half, prefix)
    return max(a[0], b[0]), lambda y: a[1](y) + b[1](y)


def _counts(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str, shown: bool) -> Section:
    p = state.players[i]
    counts = f"Hand {len(p.hand)} · Deck {len(p.deck)} · Discard {len(p.discard)}"
    note = ("dashed: standing card" if shown and HIDDEN not in p.hand
            else "face-down: hidden from this view" if shown else "hand hidden")
    below = text_width(counts, 14, bold=True) + 12 + text_width(note, 11) > w

    def draw(y: float) -> str:
        return (text(x, y + 14, counts, size=14, weight="bold", cls="counts", data_player=p.name,
                     data_hand=len(p.hand), data_deck=len(p.deck), data_discard=len(p.discard))
                + (text(x, y + 30, note, size=11, fill=MUTED) if below
                   else text(x + w, y + 14, note, size=11, anchor="end", fill=MUTED)))

    return 34.0 if below else 18.0, draw


def _chips(ctx: Any, state: Any, i: int, zone: str, label: str | None, cards: Sequence[str], x: float,
           w: float, prefix: str) -> Section:
    """Cards as named chips (a hidden card as a face-down card), in rows; ``label`` over them."""
    p = state.players[i]
    standing: frozenset[str] = getattr(ctx, "standing", frozenset())
    top = 17.0 if label else 0.0
    if not cards:
        if label is None:
            return 0.0, lambda y: ""
        return top + 14, lambda y: _label(x, y, label) + text(x + 8, y + top + 11, "none", size=11,
                                                              fill=MUTED)
    items = [("?" if c == HIDDEN else card_name(ctx, c), c) for c in cards]
    chips, height = flow_chips(items, w, size=12, smallest=9, min_w=0)

    def draw(y: float) -> str:
        out = [_label(x, y, label)] if label else []
        for k, chip in enumerate(chips):
            iid = chip.item
            cx, cy = x + chip.x, y + top + chip.y
            attrs = {"class": "zone-card" if iid != HIDDEN else "zone-card face-down",
                     "id": f"{prefix}-{zone}-{p.name}-{k + 1}", "data-zone": zone, "data-player": p.name,
                     "data-standing": "true" if iid in standing else None}
            if iid == HIDDEN:
                body = [card_back(cx, cy, max(22.0, chip.w), chip.h)]
            else:
                body = [el("rect", {"x": cx, "y": cy, "width": chip.w, "height": chip.h, "rx": 4,
                                    "fill": "#ffffff", "stroke": CARD_EDGE,
                                    "stroke-dasharray": "4 2" if iid in standing else None}),
                        fitted_text(cx + 7, cy + 4 + chip.text.size * 0.95, chip.text)]
            out.append(card_el(ctx, state, iid, attrs, body))
        return "".join(out)

    return top + height, draw


def _spell_seq(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    """The public spell sequence, front first (5 rows, the free ones dashed), then the deck counts."""
    p = state.players[i]
    color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
    seq = tuple(getattr(p, "spell_seq", ()))
    rows: list[tuple[float, Any]] = []
    for k in range(max(SPELL_MAX, len(seq))):
        if k >= len(seq):
            rows.append((16.0, None))
            continue
        iid = seq[k]
        card = ctx.cards.get(iid)
        cost = getattr(card, "spell_cost", None)
        tag_w = 34 if k == 0 else 18
        cost_w = text_width(f"cost {cost}", 10) + 8 if cost is not None else 0
        name = fit_text(card_name(ctx, iid), w - tag_w - 8 - cost_w, 11, bold=k == 0, smallest=9)
        rows.append((max(16.0, name.height + 4), (iid, cost, tag_w, name)))
    body_h = sum(h + 4 for h, _ in rows)

    def draw(y: float) -> str:
        out = [_label(x, y, "Spell sequence"), text(x + w, y + 11, "front first", size=11, anchor="end",
                                                    fill=MUTED)]
        ry = y + 17
        for k, (h, row) in enumerate(rows):
            if row is None:
                out.append(_empty_row(x, ry, w, h, "no spell card yet" if not seq and k == 0 else ""))
                ry += h + 4
                continue
            iid, cost, tag_w, name = row
            front = k == 0
            body = [el("rect", {"x": x, "y": ry, "width": w, "height": h, "rx": 3, "fill": "#ffffff",
                                "stroke": color if front else "#8d96a0", "stroke-width": 2 if front else 1})]
            if front:
                body.append(el("rect", {"x": x, "y": ry, "width": tag_w, "height": h, "rx": 3,
                                        "fill": color}))
                body.append(text(x + tag_w / 2, ry + h / 2 + 3.5, "front", size=10, anchor="middle",
                                 weight="bold", fill="#ffffff"))
            else:
                body.append(text(x + tag_w / 2, ry + h / 2 + 3.5, k + 1, size=10, anchor="middle",
                                 fill=MUTED))
            body.append(fitted_text(x + tag_w + 5, ry + (h - name.height) / 2 + name.size * 0.92, name))
            if cost is not None:
                body.append(text(x + w - 5, ry + h / 2 + 3.5, f"cost {cost}", size=10, anchor="end",
                                 fill=MUTED,
                                 cls="spell-cost"))
            out.append(card_el(ctx, state, iid, {
                "class": "spell-card", "id": f"{prefix}-spell-{p.name}-{k + 1}", "data-zone": "spell_seq",
                "data-player": p.name, "data-index": k + 1, "data-front": "true" if front else "false",
                "data-cost": cost}, body))
            ry += h + 4
        out.append(_pile_counts(x, ry + 10, p, "spell-counts", ("spell deck", "spell_deck", "deck"),
                                ("spell discard", "spell_discard", "discard")))
        return "".join(out)

    return 17 + body_h + 14, draw


def _pile_counts(x: float, y: float, p: Any, cls: str, *piles: tuple[str, str, str]) -> str:
    """How many cards two piles hold: (words, the player's field, the data attribute) each."""
    counts = [(words, len(getattr(p, field, ())), key) for words, field, key in piles]
    data: dict[str, Any] = {"data_player": p.name, **{f"data_{key}": n for _, n, key in counts}}
    return text(x, y, " · ".join(f"{words} {n}" for words, n, _ in counts), size=11, fill=INK, cls=cls,
                **data)


def _empty_row(x: float, y: float, w: float, h: float, label: str = "") -> str:
    return (el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 3, "fill": "none",
                        "stroke": EMPTY_EDGE, "stroke-dasharray": "4 3"})
            + (text(x + w / 2, y + h / 2 + 4, label, size=11, anchor="middle", fill=MUTED) if label else ""))


def _special(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    """The special area: one slot per motion tag with its special's name and level, or ``out``."""
    p = state.players[i]
    area = tuple(getattr(p, "special", ())) or (None,) * len(MOTIONS)
    rows: list[tuple[float, str | None, Fitted | None]] = []
    for k in range(len(MOTIONS)):
        iid = area[k] if k < len(area) else None
        if iid is None:
            rows.append((16.0, None, None))
            continue
        name = fit_text(card_name(ctx, iid), w - 38 - 36, 11, smallest=9)
        rows.append((max(16.0, name.height + 4), iid, name))
    body_h = sum(h + 4 for h, _, _ in rows)

    def draw(y: float) -> str:
        out = [_label(x, y, "Special area")]
        ry = y + 17
        for tag, (h, iid, name) in zip(MOTIONS, rows, strict=True):
            tag_box = [el("rect", {"x": x, "y": ry, "width": 32, "height": h, "rx": 3, "fill": "#5b6470"}),
                       text(x + 16, ry + h / 2 + 3.5, tag, size=10, anchor="middle", weight="bold",
                            fill="#ffffff")]
            attrs = {"class": "special-slot", "id": f"{prefix}-special-{p.name}-{tag}",
                     "data-zone": "special",
                     "data-player": p.name, "data-motion": tag}
            if iid is None or name is None:
                out.append(group({**attrs, "data-empty": "true"}, [
                    title(f"special area {tag}: out — its special is in play or was removed by an upgrade "
                          "(H-EFF-SPECIAL-3, H-UPG-1)"), _empty_row(x + 36, ry, w - 36, h, "out"), *tag_box]))
            else:
                level = getattr(ctx.cards.get(iid), "level", None)
                body = [el("rect", {"x": x, "y": ry, "width": w, "height": h, "rx": 3, "fill": "#ffffff",
                                    "stroke": "#8d96a0"}), *tag_box,
                        fitted_text(x + 38, ry + (h - name.height) / 2 + name.size * 0.92, name),
                        text(x + w - 5, ry + h / 2 + 3.5, f"Lv {level}", size=10, anchor="end", weight="bold",
                             fill=INK)]
                out.append(card_el(ctx, state, iid, {**attrs, "data-level": level, "data-empty": "false"},
                                   body))
            ry += h + 4
        out.append(_pile_counts(x, ry + 10, p, "extra-counts", ("extra deck", "extra", "extra"),
                                ("removed", "removed", "removed")))
        return "".join(out)

    return 17 + body_h + 14, draw


def _cards_lists(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    col = (w - 16) / 2
    a = _spell_seq(ctx, state, i, x, col, prefix)
    b = _special(ctx, state, i, x + col + 16, col, prefix)
    return max(a[0], b[0]), lambda y: a[1](y) + b[1](y)


def _bullet_area(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    """The bullet area: each card whose bullets are on the board, with its duration die."""
    p = state.players[i]
    area = tuple(getattr(p, "bullet_area", ()))
    dice = dict(getattr(p, "dice", ()) or ())
    bullets = tuple(getattr(state, "bullets", ()))
    cols = 2
    cw = (w - (cols - 1) * 8) / cols
    rows: list[tuple[str, Any, int, Fitted]] = []
    for iid in area:
        n = sum(1 for b in bullets if b.card == iid)
        rows.append((iid, dice.get(iid), n, fit_text(card_name(ctx, iid), cw - 27 - 66, 12, smallest=9)))
    heights = [max(22.0, f.height + 6) for *_, f in rows]
    line_h = [max(heights[k:k + cols]) for k in range(0, len(heights), cols)]
    body_h = sum(h + 4 for h in line_h) if rows else 20

    def draw(y: float) -> str:
        out = [_label(x, y, "Bullet area"),
               text(x + w, y + 11, "die: duration (−1 at each yellow cell)", size=11, anchor="end",
                    fill=MUTED)]
        if not rows:
            out.append(_empty_row(x, y + 17, w, 16, "no bullet card"))
        ry = y + 17
        for r, h in enumerate(line_h):
            for c in range(cols):
                k = r * cols + c
                if k >= len(rows):
                    break
                iid, die, n, name = rows[k]
                bx = x + c * (cw + 8)
                body = [el("rect", {"x": bx, "y": ry, "width": cw, "height": h, "rx": 4, "fill": "#ffffff",
                                    "stroke": "#8d96a0"})]
                if die is not None:
                    body.append(die_shape(bx + 12, ry + h / 2, die, 18))
                body += [fitted_text(bx + 27, ry + (h - name.height) / 2 + name.size * 0.92, name),
                         text(bx + cw - 6, ry + h / 2 + 4, f"×{n} on board", size=10, anchor="end",
                              fill=MUTED)]
                out.append(card_el(ctx, state, iid, {
                    "class": "zone-card", "id": f"{prefix}-bullet-area-{p.name}-{k + 1}",
                    "data-zone": "bullet_area",
                    "data-player": p.name, "data-die": die, "data-bullets": n}, body))
            ry += h + 4
        return "".join(out)

    return 17 + body_h, draw


# ------------------------------------------------------------------ the panels
def hand_shown(state: Any, i: int, designer: bool, viewer: str | None) -> bool:
    """The hand is drawn for the designer, and for the player whose view the picture is."""
    return designer or (viewer is not None and viewer == state.players[i].name)


def _sections(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str, designer: bool,
              viewer: str | None) -> list[Section]:
    p = state.players[i]
    shown = hand_shown(state, i, designer, viewer)
    return [
        _header(ctx, state, i, x, w, prefix),
        _hp(ctx, state, i, x, w, prefix),
        _spirit(ctx, state, i, x, w, prefix),
        _status(ctx, state, i, x, w, prefix),
        _zones(ctx, state, i, x, w, prefix),
        _counts(ctx, state, i, x, w, prefix, shown),
        _chips(ctx, state, i, "hand", None, p.hand if shown else (), x, w, prefix),
        _chips(ctx, state, i, "aside", "Set aside", tuple(p.aside), x, w, prefix),
        _cards_lists(ctx, state, i, x, w, prefix),
        _bullet_area(ctx, state, i, x, w, prefix),
    ]


render_panels = kit_panels.panels_renderer(_sections, section_gap=GAP)


__all__ = ["card_back", "card_el", "card_tip", "die_shape", "fitted_text", "hand_shown", "pill",
           "render_panels"]
