"""One panel per player: HP of max HP, the spirit gauge, the piece and marker, the card in play and
the card resolved (with their marks), the hand, the discard pile, the cards set aside and the
player's bullets with their card tracks.

A panel is a column of sections; each section's height is the larger of the two players', so the
two panels line up row by row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hisoutab.games.hisoutab.kit import panels as kit_panels
from hisoutab.games.hisoutab.kit.panels import HeaderWords, Section, card_back, fitted_text
from hisoutab.presentation.svg import MUTED, PLAYER_COLORS, el, group, text, title

from .board import bullet_shape
from .cards import card_tip
from .layout import fit_text, flow_chips, text_width, wrap_parts
from .marks import (
    CARD_EDGE,
    EMPTY_EDGE,
    HIDDEN,
    SPIRIT,
    SPIRIT_EDGE,
    badges_row,
    bullet_kind,
    bullet_track,
    card_name,
    card_parts,
    direction_words,
    facedown_cancel,
    facing_word,
    in_play_marks,
    resolved_marks,
)

GAP = 12  # between sections

HEADER = HeaderWords(
    winner="{name} wins: the opponent's health reached 0 (D-GOAL-1)",
    defeated="{name}'s health reached 0 (D-GOAL-1)",
    one_turn=" (D-TURN-1)", both_turn=" (simultaneous action, D-TURN-2)",
    initiative="(D-SETUP-6; passed or kept in D-RES-SIM)", tag_baseline=14)


# ------------------------------------------------------------------ sections
def _header(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    return kit_panels.header(ctx, state, i, x, w, prefix, HEADER)


def _hp(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    p = state.players[i]
    color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
    top = max(p.max_hp, 0)
    if top == 0:
        note = "health is set at setup (D-SETUP-1)"
    elif state.first is not None and state.first != i:
        note = f"max {top}: {top - 3} + 3 as the second player (D-SETUP-6)"
    elif state.first == i:
        note = f"max {top} (D-SETUP-1) · went first (D-SETUP-6)"
    else:
        note = f"max {top} (D-SETUP-1)"

    def draw(y: float) -> str:
        bx, bw, bh = x + 62, w - 62 - 76, 20
        hp = max(0, min(top, p.hp))
        out = [*kit_panels.hp_track(x, y, bx, bw, bh, 15),
               el("rect", {"class": "hp-bar", "id": f"{prefix}-hp-{p.name}", "data-player": p.name,
                           "data-hp": p.hp, "data-max": top, "x": bx, "y": y,
                           "width": bw * hp / top if top else 0, "height": bh, "rx": 3, "fill": color},
                  title(f"{p.name}: HP {p.hp} of {top}")),
               text(bx + bw + 10, y + 16, f"{p.hp} / {top}", size=15, weight="bold", cls="hp-text",
                    data_player=p.name),
               text(bx, y + bh + 15, note, size=11, fill=MUTED)]
        return "".join(out)

    return 40.0, draw


def _spirit(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    p = state.players[i]
    top = ctx.spirit_max
    step = min(26.0, (w - 62 - 80) / max(1, top))
    r = min(10.0, step * 0.4)

    def draw(y: float) -> str:
        cy = y + 11
        out = [text(x, cy + 5, "Spirit", size=13, weight="bold")]
        for k in range(top):
            cx = x + 62 + r + k * step
            full = k < p.spirit
            shape = (el("circle", {"cx": cx, "cy": cy, "r": r, "fill": SPIRIT, "stroke": SPIRIT_EDGE,
                                   "stroke-width": 1.5}) if full
                     else el("circle", {"cx": cx, "cy": cy, "r": r - 1, "fill": "#ffffff",
                                        "stroke": SPIRIT_EDGE, "stroke-width": 2, "stroke-dasharray": "3 2"}))
            out.append(group({"class": "spirit-slot", "id": f"{prefix}-spirit-{p.name}-{k + 1}",
                              "data-player": p.name, "data-slot": k + 1,
                              "data-full": "true" if full else "false"},
                             [title(f"spirit {k + 1} of {top}: " + ("held" if full else "empty")), shape]))
        out.append(text(x + 62 + top * step + 6, cy + 5, f"{p.spirit} / {top}", size=14, weight="bold",
                        cls="spirit-text", data_player=p.name))
        return "".join(out)

    return 24.0, draw


def _position(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    p = state.players[i]
    if ctx.on_board(p.x, p.y):
        where = f"piece ({p.x}, {p.y}) " + ("on the ground" if p.y == 0 else "in the air")
        where += f", facing {facing_word(p.facing)}"
    else:
        where = "piece not placed yet"
    if p.marker is None:
        mark = "no marker yet"
    elif p.marker == state.time:
        mark = f"marker t={p.marker} (now)"
    else:
        mark = f"marker t={p.marker} (in {p.marker - state.time})"
    line = f"{where} · {mark}"
    if p.whiff and p.resolved is None:
        line += f" · whiff +{p.whiff} recovery"
    f = fit_text(line, w, 13, smallest=10)

    def draw(y: float) -> str:
        return fitted_text(x, y + f.size, f, cls="position")

    return f.height + 2, draw


def _card_box(ctx: Any, state: Any, i: int, which: str, x: float, w: float, prefix: str,
              viewer: str | None) -> Section:
    """The card in play or the card resolved this turn, with its marks."""
    p = state.players[i]
    iid = p.played if which == "inplay" else p.resolved
    label = "In play" if which == "inplay" else "Resolved this turn"
    hidden = iid == HIDDEN or (which == "inplay" and iid is not None and facedown_cancel(state, i)
                               and viewer is not None and viewer != p.name)
    inner = w - 16
    resolving = which == "resolved" and iid is not None and iid == p.played
    if iid is None or resolving:
        empty = ("the card in play is resolving now" if resolving
                 else "nothing in play" if which == "inplay" else "nothing resolved")
        if resolving:
            label = "Resolving now"
        note = fit_text(empty, w - 16, 12, smallest=9)
        box = max(36.0, note.height + 16)
        marks_now = resolved_marks(ctx, state, i) if resolving else []
        marks_now = [b for b in marks_now if b.kind == "whiff"]
        extra = badges_row(0, 0, w - 16, marks_now)[1] + 6 if marks_now else 0

        def draw_empty(y: float) -> str:
            out = [text(x, y + 11, label, size=12, weight="bold", fill=MUTED),
                   el("rect", {"x": x, "y": y + 17, "width": w, "height": box + extra, "rx": 5,
                               "fill": "none", "stroke": EMPTY_EDGE, "stroke-dasharray": "5 4"}),
                   fitted_text(x + w / 2, y + 17 + box / 2 + note.size * 0.35
                               - (note.height - note.line_height) / 2, note, fill=MUTED, anchor="middle")]
            if marks_now:
                out.append(badges_row(x + 8, y + 17 + box, w - 16, marks_now)[0])
            return "".join(out)

        return 17 + box + extra, draw_empty
    marks = in_play_marks(ctx, state, i) if which == "inplay" else resolved_marks(ctx, state, i)
    if hidden:
        marks = [b for b in marks if b.kind in ("counter", "facedown")]
    name = fit_text("a face-down card" if hidden else card_name(ctx, iid), inner - (30 if hidden else 0), 13,
                    bold=True, smallest=10)
    groups = [[part for part in g if not part.startswith("cancel Lv")] for g in card_parts(ctx, iid)]
    details = [] if hidden else [wrap_parts(g, inner, 11) for g in groups if g]
    _, badges_h = badges_row(0, 0, inner, marks)
    box_h = 8 + max(name.height, 34 if hidden else 0) + sum(d.height for d in details) + 4 \
        + (badges_h + 6 if marks else 0) + 4

    def draw(y: float) -> str:
        by = y + 17
        tip = card_tip(ctx, HIDDEN if hidden else iid, f"{p.name}'s card {label.lower()}")
        box, cy = kit_panels.card_box(x, by, w, box_h, name, details, hidden=hidden, back_h=34,
                            back_name_y=21)
        body = [title(tip), *box]
        if marks:
            svg, _ = badges_row(x + 8, cy + 4, inner, marks)
            body.append(svg)
        return (text(x, y + 11, label, size=12, weight="bold", fill=MUTED)
                + group({"class": "zone-card", "id": f"{prefix}-{which}-{p.name}", "data-zone": which,
                         "data-player": p.name, "data-card": "?" if hidden else iid,
                         "data-face-down": "true" if hidden else None}, body))

    return 17 + box_h, draw


def _cards(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str, viewer: str | None) -> Section:
    half = (w - 10) / 2
    a = _card_box(ctx, state, i, "inplay", x, half, prefix, viewer)
    b = _card_box(ctx, state, i, "resolved", x + half + 10, half, prefix, viewer)
    return max(a[0], b[0]), lambda y: a[1](y) + b[1](y)


def _zone_head(label: str, cards: tuple[str, ...], note: str, x: float, w: float
               ) -> tuple[float, Callable[[float], str]]:
    """A zone's heading (its label and count, a note beside it or, too long, under it): (the
    height over the cards, draw at y)."""
    head_text = f"{label} · {len(cards)}"
    head_w = text_width(head_text, 12, bold=True)
    note_f = fit_text(note, w - head_w - 10, 11, smallest=9) if note else None
    if note_f is not None and len(note_f.lines) > 1:
        note_f = fit_text(note, w, 11, smallest=9)
        top = 15 + note_f.height + 4
    else:
        top = 19.0

    def head_svg(y: float) -> str:
        out = text(x, y + 11, head_text, size=12, weight="bold", fill=MUTED)
        if note_f is not None:
            if top > 19:
                out += fitted_text(x, y + 26, note_f, fill=MUTED)
            else:
                out += fitted_text(x + head_w + 10, y + 11, note_f, fill=MUTED)
        return out

    return top, head_svg


def _face_down(ctx: Any, p: Any, zone: str, label: str, k: int, prefix: str, back: str) -> str:
    """The ``k``-th card of a zone, face down (``back``: the card's back, drawn)."""
    return group({"class": "face-down", "id": f"{prefix}-{zone}-{p.name}-{k + 1}", "data-zone": zone,
                  "data-player": p.name, "data-card": HIDDEN},
                 [title(card_tip(ctx, HIDDEN, f"{p.name}'s {label.lower()}")), back])


def _hidden_chips(ctx: Any, p: Any, zone: str, label: str, cards: tuple[str, ...], x: float, w: float,
                  prefix: str, top: float, head_svg: Callable[[float], str]) -> Section:
    """A zone whose cards are not named: face-down cards in rows, or (hidden from this view) their
    count."""
    per_row = max(1, int((w + 5) // 29))
    rows = -(-len(cards) // per_row)
    h_backs = rows * 37 - 5
    face_down = all(c == HIDDEN for c in cards)

    def draw_hidden(y: float) -> str:
        out = [head_svg(y)]
        if not face_down:
            out.append(text(x, y + top + 12, f"hidden: {len(cards)} card{'s' if len(cards) != 1 else ''} "
                            "(names in the designer's view)", size=12, fill=MUTED, cls="hidden-hand"))
            return "".join(out)
        for k in range(len(cards)):
            r, c = divmod(k, per_row)
            out.append(_face_down(ctx, p, zone, label, k, prefix, card_back(x + c * 29, y + top + r * 37)))
        return "".join(out)

    return top + (h_backs if face_down else 18), draw_hidden


def _chips(ctx: Any, p: Any, zone: str, label: str, cards: tuple[str, ...], x: float, w: float, prefix: str,
           *, show: bool, note: str = "") -> Section:
    """A labelled zone: named chips, face-down cards for hidden ones, or just the count."""
    top, head_svg = _zone_head(label, cards, note, x, w)
    if not cards:
        return top + 12, lambda y: head_svg(y) + text(x + 8, y + top + 10, "empty", size=11, fill=MUTED)
    if all(c == HIDDEN for c in cards) or not show:
        return _hidden_chips(ctx, p, zone, label, cards, x, w, prefix, top, head_svg)
    chips, height = flow_chips([(card_name(ctx, c), c) for c in cards], w, size=12, smallest=9)

    def draw(y: float) -> str:
        out = [head_svg(y)]
        for k, chip in enumerate(chips):
            iid = chip.item
            cx, cy = x + chip.x, y + top + chip.y
            if iid == HIDDEN:
                out.append(_face_down(ctx, p, zone, label, k, prefix, card_back(cx, cy, 22, chip.h)))
                continue
            out.append(group({"class": "zone-card", "id": f"{prefix}-{zone}-{p.name}-{k + 1}",
                              "data-zone": zone, "data-player": p.name, "data-card": iid}, [
                title(card_tip(ctx, iid, f"{p.name}'s {label.lower()}")),
                el("rect", {"x": cx, "y": cy, "width": chip.w, "height": chip.h, "rx": 4, "fill": "#ffffff",
                            "stroke": CARD_EDGE}),
                fitted_text(cx + 7, cy + 4 + chip.text.size * 0.95, chip.text)]))
        return "".join(out)

    return top + height, draw


def _bullets(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str) -> Section:
    p = state.players[i]
    mine = [b for b in getattr(state, "bullets", ()) if b.owner == i]
    head = f"Bullets on the board · {len(mine)}"
    row = 26
    if not mine:
        return 30.0, lambda y: (text(x, y + 11, head, size=12, weight="bold", fill=MUTED)
                                + text(x + 8, y + 26, "none", size=11, fill=MUTED))
    color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
    track_w = 150.0
    names = [fit_text(f"{b.id} {card_name(ctx, b.card)}", w - track_w - 40, 12, smallest=9) for b in mine]
    heights = [max(row, n.height + 8) for n in names]

    def draw(y: float) -> str:
        out = [text(x, y + 11, head, size=12, weight="bold", fill=MUTED),
               text(x + w, y + 11, "card track: the token's slot", size=11, anchor="end", fill=MUTED)]
        ry = y + 18
        for b, name, h in zip(mine, names, heights, strict=True):
            kind, steps = bullet_kind(ctx, b)
            slot, slots = bullet_track(ctx, b)
            how = (f"straight {steps} {direction_words(b.dx, b.dy)}" if kind == "straight"
                   else f"trace {steps}")
            body = [title(f"{b.id} at ({b.x}, {b.y}), {how}; token on slot {slot} of {slots} "
                          "(D-CARD-BULLET-1; after the last slot the card is discarded, D-CARD-BULLET-2)\n"
                          + card_tip(ctx, b.card, f"{p.name}'s bullet card")),
                    bullet_shape(x + 9, ry + h / 2, 7, color, kind, b.dx, b.dy, None),
                    fitted_text(x + 32, ry + h / 2 - name.height / 2 + name.size * 0.9, name)]
            tx = x + w - track_w
            sw = min(22.0, (track_w - 4) / max(1, slots))
            for k in range(slots):
                on = k + 1 == slot
                passed = k + 1 < slot
                body.append(el("rect", {"class": "track-slot", "data-slot": k + 1,
                                        "data-token": "true" if on else None,
                                        "x": tx + k * sw, "y": ry + h / 2 - 9, "width": sw - 3, "height": 18,
                                        "rx": 3, "stroke": CARD_EDGE,
                                        "fill": color if on else ("#e4e7eb" if passed else "#ffffff")}))
                body.append(text(tx + k * sw + (sw - 3) / 2, ry + h / 2 + 4, k + 1, size=10, anchor="middle",
                                 weight="bold" if on else None, fill="#ffffff" if on else MUTED))
            out.append(group({"class": "bullet-track", "id": f"{prefix}-track-{p.name}-{b.id}",
                              "data-bullet": b.id, "data-card": b.card, "data-slot": slot,
                              "data-slots": slots},
                             body))
            ry += h
        return "".join(out)

    return 18 + sum(heights), draw


# ------------------------------------------------------------------ the panels
def _sections(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str, designer: bool,
              viewer: str | None) -> list[Section]:
    p = state.players[i]
    own = designer or (viewer is not None and viewer == p.name)
    return [
        _header(ctx, state, i, x, w, prefix),
        _hp(ctx, state, i, x, w, prefix),
        _spirit(ctx, state, i, x, w, prefix),
        _position(ctx, state, i, x, w, prefix),
        _cards(ctx, state, i, x, w, prefix, viewer),
        _chips(ctx, p, "hand", "Hand", p.hand, x, w, prefix, show=own),
        _chips(ctx, p, "discard", "Discard pile", p.discard, x, w, prefix, show=True,
               note="back to hand at replenishment (D-REPLENISH)"),
        _chips(ctx, p, "aside", "Set aside", p.aside, x, w, prefix, show=True,
               note="not in this game (D-SETUP-3)" if state.first is not None
               else "the chosen cards go to hand at setup (D-SETUP-2, D-SETUP-3)"),
        _bullets(ctx, state, i, x, w, prefix),
    ]


render_panels = kit_panels.panels_renderer(_sections, section_gap=GAP)
