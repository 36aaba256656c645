"""The campaign panel (the round and its limit, the player and world activities, what decides the
defeat, the special code and the uplinks opened, TM-WIN-1, TM-CLN-1, TM-CLN-2) and the combat tray
(each die of the combat under way, its face and the sources that rerolled it, TM-RES-6.1)."""

from __future__ import annotations

from typing import Any

from hisoutab.presentation.svg import MUTED, el, text, title
from hisoutab.presentation.textfit import wrap

from . import facts
from .launcher import draw_pattern

PANEL_FILL = "#f7f7fa"
KIND_FILL = {"attack": "#ffffff", "number": "#222222", "type": "#7a1f1f", "trace": "#ffe9a8"}
KIND_INK = {"attack": "#222222", "number": "#ffffff", "type": "#ffffff", "trace": "#222222"}


def _lines(x: float, y: float, width: float, rows: list[tuple[str, str]], parts: list[str]) -> float:
    """Rows of (label, text), the text wrapped; returns the height drawn."""
    yy = y
    for label, words in rows:
        parts.append(text(x, yy + 11, label, size=10, weight="bold", fill=MUTED))
        for line in wrap(words, width - 12, 11):
            yy += 14
            parts.append(text(x + 8, yy + 11, line, size=11))
        yy += 18
    return yy - y


def draw_campaign(ctx: Any, state: Any, x: float, y: float, width: float) -> tuple[str, float]:
    c = facts.campaign(ctx)
    limit = facts.round_limit(ctx)
    needed = facts.uplinks_needed(ctx)
    name = facts.spoken(str(getattr(c, "name", "the campaign")))
    parts = [
        text(x + 10, y + 20, "campaign", size=14, weight="bold"),
        text(x + 90, y + 20, name, size=10, fill=MUTED),
    ]
    rows = [
        ("round", f"{state.round}" + (f" of {limit}" if limit else "")),
        ("uplinks opened", f"{state.uplinks}" + (f" of {needed} needed" if needed else "")),
    ]
    if c is not None:
        rows.append(("player activities", "; ".join(a.name for a in c.player_activities) or "none"))
        rows.append(
            (
                "world activities, top to bottom",
                "; ".join(f"{a.name}" + (f" → {a.result}" if a.result else "") for a in c.world_activities),
            )
        )
        defeat = [a.name for a in c.world_activities if a.result == "defeat"]
        rows.append(("defeat trigger", ", ".join(defeat) + f"; an empty enemy deck: {c.enemy_deck_empty}"))
    rows.append(("damaged chips left", str(len(state.damaged))))
    if state.outcome:
        rows.append(("result", f"{state.outcome} for all" + (f": {state.reason}" if state.reason else "")))
    body = [] if c is None else [title(f"campaign {name}")]
    yy = y + 32
    yy += _lines(x + 10, yy, width, rows, parts)
    if c is not None:
        drawn, _, ph = draw_pattern(
            tuple(c.special_code.pattern), x + 10, yy, 22, caption=f"special code: {c.special_code.name}"
        )
        parts.append(
            el(
                "g",
                {"class": "special-code"},
                title(
                    f"the special code {c.special_code.name}: {' / '.join(c.special_code.pattern)} — "
                    f"{facts.effect_words(getattr(c.special_code, 'effects', ()))}"
                ),
                drawn,
            )
        )
        yy += ph + 8
    height = yy - y
    frame = el(
        "rect",
        {"x": x, "y": y, "width": width, "height": height, "rx": 8, "fill": PANEL_FILL, "stroke": "#888888"},
    )
    return el("g", {"class": "campaign"}, *body, frame, *parts), height


def draw_die(ctx: Any, die: Any, x: float, y: float, size: float, *, owner: str) -> str:
    """A die: its face (the type die in words), its kind's colour, and a dot per reroll source."""
    face = (
        facts.type_word(ctx, die.face)
        if die.kind == "type"
        else str(facts.number_value(ctx, die.face) if die.kind == "number" else die.face)
    )
    sources = ", ".join(die.rerolled) if die.rerolled else "none"
    words = f"{owner}'s {die.kind} die showing {face} · rerolled by: {sources} (each source once, TM-RES-6.1)"
    parts = [
        title(words),
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": size,
                "height": size,
                "rx": 6,
                "fill": KIND_FILL.get(die.kind, "#fff"),
                "stroke": "#222222",
                "stroke-width": 1.5,
            },
        ),
        text(
            x + size / 2,
            y + size / 2 + 5,
            face,
            size=14 if len(face) < 3 else 9,
            anchor="middle",
            weight="bold",
            fill=KIND_INK.get(die.kind, "#222222"),
        ),
    ]
    for k, src in enumerate(die.rerolled):
        parts.append(
            text(x + size / 2, y + size + 11 + k * 10, f"↻ {src}", size=8, anchor="middle", fill=MUTED)
        )
    return el("g", {"class": f"die die-{die.kind}", "data-kind": die.kind, "data-face": die.face}, *parts)


def draw_tray(ctx: Any, state: Any, x: float, y: float, width: float) -> tuple[str, float]:
    """The combat tray: the combat under way's attack dice, number die and type die, and the
    trace-check dice of any player rolling them."""
    parts = [text(x + 10, y + 20, "combat tray", size=14, weight="bold")]
    yy = y + 30
    cb = state.combat
    if cb is None:
        parts.append(text(x + 10, yy + 12, "no combat under way", size=11, fill=MUTED))
        yy += 20
    else:
        status = "dice not rolled yet" if not cb.rolled else f"{len(cb.dice)} attack dice left"
        if cb.declined:
            status += " · declined to attack (A-37)"
        parts.append(text(x + 10, yy + 12, f"{cb.player}'s combat · {status}", size=11))
        yy += 20
        yy += _dice_row(ctx, cb.dice, cb.player, x + 10, yy, width - 20, parts, "attack dice")
        enemy = tuple(d for d in (cb.number, cb.type) if d is not None)
        where = ("not rolled yet" if not cb.rolled else "removed (TM-CMB-3.4)" if cb.at is None
                 else "no card to the right" if cb.at < 0 else f"on enemy card {cb.at + 1} from the primary")
        yy += _dice_row(
            ctx, enemy, cb.player, x + 10, yy, width - 20, parts, f"enemy dice · the number die: {where}"
        )
        if cb.used:
            parts.append(text(x + 10, yy + 10, "skills used: " + ", ".join(cb.used), size=10, fill=MUTED))
            yy += 16
    for p in state.players:
        if p.check:
            yy += _dice_row(ctx, p.check, p.name, x + 10, yy, width - 20, parts, f"{p.name}'s trace check")
    height = yy - y + 6
    frame = el(
        "rect",
        {"x": x, "y": y, "width": width, "height": height, "rx": 8, "fill": PANEL_FILL, "stroke": "#888888"},
    )
    return el("g", {"class": "combat-tray"}, frame, *parts), height


def _dice_row(
    ctx: Any,
    dice: tuple[Any, ...],
    owner: str,
    x: float,
    y: float,
    width: float,
    parts: list[str],
    label: str,
) -> float:
    heads = wrap(label, width, 10, bold=True)
    for k, line in enumerate(heads):
        parts.append(text(x, y + 10 + 13 * k, line, size=10, weight="bold", fill=MUTED))
    extra = 13 * (len(heads) - 1)
    y += extra
    if not dice:
        parts.append(text(x, y + 26, "none", size=10, fill=MUTED))
        return 34 + extra
    size = 30.0
    per = max(1, int(width // (size + 8)))
    most = 0
    height = 0.0
    for k, die in enumerate(dice):
        r, c = divmod(k, per)
        if c == 0 and r:
            height += size + 14 + most * 10
            most = 0
        parts.append(draw_die(ctx, die, x + c * (size + 8), y + 16 + height, size, owner=owner))
        most = max(most, len(die.rerolled))
    return extra + 16 + height + size + 14 + most * 10
