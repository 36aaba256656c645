"""The stack in the middle: each entry of the cast zone, top first, with whose card it is, how it was
cast, the stage of the cast-resolution order it has reached and its Hand / Life damage; below it the
Trigger cards waiting to be processed."""

from __future__ import annotations

from typing import Any

from hisoutab.presentation.svg import HIGHLIGHT, INK, MUTED, PLAYER_COLORS, PLAYER_LIGHT, el, text, title

from ..rules.state import STAGES
from . import cards
from .boxes import MIN_NAME_SIZE, slot_id
from .fitting import draw, fit_name

WIDTH = 250
ENTRY_H = 92
STAGE_LABELS = {"on_cast": "cast", "attack": "atk", "preempt": "pre", "damage": "dmg", "deploy": "dep"}
STAGE_NAMES = {"on_cast": "[On Cast] abilities", "attack": "«Attack» processing",
               "preempt": "preempt timing", "damage": "damage processing", "deploy": "deploy processing"}
HOW = {"normal": "normal timing", "preempt": "preempt", "full_power": "full power", "text": "text «Attack»"}


def damage(ctx: Any, entry: Any) -> tuple[str, str] | None:
    """(Hand, Life) as the entry deals them now; None when it makes no «Attack». Before «Attack»
    processing the printed values with the changes made so far; after it, the fixed values."""
    past = STAGES.index(entry.stage) > STAGES.index("attack") if entry.stage in STAGES else False
    if past:
        return cards.value(entry.hand), cards.value(entry.life)
    has = entry.kind == "text" or (cards.known(ctx, entry.card)
                                   and getattr(ctx.cards[entry.card], "attack", None) is not None)
    if not has:
        return None

    def pre(base: int | None, bonus: int) -> str:
        return cards.BAR if base is None else str(base + bonus)

    return pre(entry.base_hand, entry.bonus_hand), pre(entry.base_life, entry.bonus_life)


def value_box(x: float, y: float, label: str, v: str, color: str) -> str:
    """``label`` and a damage value in a box; a bar is drawn as a thick rule (its text is "ー")."""
    parts = [text(x, y + 13, label, size=10, fill=MUTED),
             el("rect", {"x": x + 30, "y": y + 1, "width": 36, "height": 16, "rx": 3, "fill": "#ffffff",
                         "stroke": color, "stroke-width": 0.8})]
    if v == cards.BAR:
        parts.append(el("rect", {"x": x + 38, "y": y + 8, "width": 20, "height": 3, "fill": INK,
                                 "class": "bar"}))
    else:
        parts.append(text(x + 48, y + 14, v, size=12, weight="bold", anchor="middle"))
    return el("g", {"class": "damage", "data-kind": label.lower(), "data-value": v},
              title(f"{label} damage: {'a bar (ー), no damage' if v == cards.BAR else v}"), *parts)


def entry_label(ctx: Any, entry: Any) -> str:
    if entry.kind == "text":
        return f"«Attack» of the text of {cards.name(ctx, entry.source)}"
    return cards.name(ctx, entry.card)


def _entry(ctx: Any, state: Any, entry: Any, depth: int, x: float, y: float, prefix: str,
           lit: frozenset[str]) -> str:
    who = entry.controller
    color = PLAYER_COLORS[who]
    touched = entry.card in lit or (entry.kind == "text" and entry.source in lit)
    pos = "top" if depth == 0 else f"{depth + 1}."
    parts = [el("rect", {"x": x, "y": y, "width": WIDTH, "height": ENTRY_H - 6, "rx": 6,
                         "fill": PLAYER_LIGHT[who],
                         "stroke": HIGHLIGHT if touched else color, "stroke-width": 3 if touched else 1.5}),
             el("rect", {"x": x, "y": y, "width": 36, "height": ENTRY_H - 6, "rx": 6, "fill": color}),
             text(x + 18, y + 20, pos, size=11, weight="bold", anchor="middle", fill="#ffffff"),
             text(x + 18, y + 36, state.players[who].name, size=11, anchor="middle", fill="#ffffff")]
    zone = " · own cast zone" if entry.zone != "shared" else ""
    parts.append(text(x + 44, y + 14, HOW.get(entry.how, entry.how) + zone, size=9, fill=MUTED))
    f = fit_name(entry_label(ctx, entry), WIDTH - 52, 12, smallest=MIN_NAME_SIZE, max_lines=2, bold=True)
    parts.append(draw(x + 44, y + 28, f, weight="bold", cls="card-name"))
    sy = y + 58
    current = STAGES.index(entry.stage) if entry.stage in STAGES else -1
    for k, stage in enumerate(STAGES):
        sx = x + 44 + k * 30
        on = k == current
        parts.append(el("rect", {"x": sx, "y": sy - 10, "width": 27, "height": 14, "rx": 3,
                                 "fill": color if on else ("#ffffff" if k > current else "#dddddd"),
                                 "stroke": color, "stroke-width": 0.8,
                                 "class": "stage" + (" now" if on else "")}))
        parts.append(text(sx + 13.5, sy + 1, STAGE_LABELS[stage], size=8, anchor="middle",
                          fill="#ffffff" if on else INK))
    dmg = damage(ctx, entry)
    if dmg is None:
        parts.append(text(x + 44, y + 79, "no «Attack»", size=11, fill=MUTED, cls="damage"))
    else:
        parts.append(value_box(x + 44, y + 66, "Hand", dmg[0], color))
        parts.append(value_box(x + 44 + 78, y + 66, "Life", dmg[1], color))
    if entry.preempts:
        parts.append(text(x + WIDTH - 6, y + 79, f"preempts {entry.preempts}", size=9, anchor="end",
                          fill=MUTED))
    tip = (f"{entry_label(ctx, entry)} — {state.players[who].name}'s, {HOW.get(entry.how, entry.how)}; "
           f"at {STAGE_NAMES.get(entry.stage, entry.stage)}; "
           + ("no «Attack»" if dmg is None else f"Hand {dmg[0]} / Life {dmg[1]}"))
    shown = entry.card or entry.source
    if cards.known(ctx, shown):
        tip += "\n" + cards.card_tip(ctx, shown, "the card whose text makes this «Attack»"
                                      if entry.kind == "text" else "")
    return el("g", {"id": slot_id(prefix, "stack", depth), "class": "entry" + (" touched" if touched else ""),
                    "data-card": entry.card or entry.source, "data-stage": entry.stage,
                    "data-hand": cards.value(entry.hand), "data-life": cards.value(entry.life)},
              title(tip), *parts)


def render_stack(ctx: Any, state: Any, x: float, y: float, *, prefix: str,
                 lit: frozenset[str]) -> tuple[str, float]:
    """The stack column at (x, y), and its height."""
    parts = [text(x + WIDTH / 2, y + 12, "the stack (cast zone), top first", size=12, weight="bold",
                  anchor="middle")]
    cy = y + 22
    entries = tuple(reversed(state.stack))
    if not entries:
        parts.append(el("rect", {"x": x, "y": cy, "width": WIDTH, "height": 40, "rx": 6, "fill": "#fafafa",
                                 "stroke": "#bbbbbb", "stroke-dasharray": "4 3"}))
        parts.append(text(x + WIDTH / 2, cy + 25, "empty", size=11, anchor="middle", fill=MUTED))
        cy += 48
    for depth, entry in enumerate(entries):
        parts.append(_entry(ctx, state, entry, depth, x, cy, prefix, lit))
        cy += ENTRY_H
    cy += 8
    parts.append(text(x, cy + 10, f"waiting Trigger cards: {len(state.waiting)}", size=11, weight="bold",
                      fill=MUTED))
    cy += 16
    for k, w in enumerate(state.waiting):
        touched = w.card in lit
        f = fit_name(f"{cards.name(ctx, w.card)} (on {w.event.replace('_', ' ')})", WIDTH - 40, 11,
                     smallest=MIN_NAME_SIZE, max_lines=3)
        h = f.height + 10
        parts.append(el("g", {"id": slot_id(prefix, "waiting", k), "class": "waiting", "data-card": w.card},
                        title(f"{state.players[w.owner].name}'s Trigger card waiting to be processed "
                              f"(ability {w.ability + 1}, on {w.event})\n{cards.card_tip(ctx, w.card)}"),
                        el("rect", {"x": x, "y": cy, "width": WIDTH, "height": h, "rx": 4,
                                    "fill": PLAYER_LIGHT[w.owner],
                                    "stroke": HIGHLIGHT if touched else PLAYER_COLORS[w.owner],
                                    "stroke-width": 3 if touched else 1, "stroke-dasharray": "5 2"}),
                        text(x + 16, cy + 5 + f.size, "◷", size=12, anchor="middle",
                             fill=PLAYER_COLORS[w.owner]),
                        draw(x + 30, cy + 4 + f.size * 0.9, f, cls="card-name")))
        cy += h + 4
    return el("g", {"class": "stack", "id": slot_id(prefix, "stack")}, *parts), cy - y
