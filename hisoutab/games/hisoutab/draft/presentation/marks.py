"""The draft's marks and colours, shared by the picture and the terminal text.

A mark is something the rules make matter right now: a card in play (a hit is then a counter hit,
D-DMG-COUNTER), a parry or immune card in play (D-TAG-PARRY, D-TAG-IMMUNE), a ground-only card
(D-TAG-GROUND), the cancellation level of the card just resolved (D-CANCEL), extra recovering time
from a whiff (D-HIT-NO), a cancel card played face-down in a simultaneous action (D-CANCEL-SIM).
The draft has no knockdown and no guard state, so neither is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hisoutab.presentation.svg import el, group, text, title

from .layout import text_width

HIDDEN = "?"  # a card a view hides

SPIRIT = "#6a3fb5"
SPIRIT_EDGE = "#3a2270"
INITIATIVE = "#f2b705"
INITIATIVE_EDGE = "#7a5c00"
LINE = "#f0b400"  # the special line (the reference's yellow line)
LINE_EDGE = "#8a6500"
CARD_BACK = "#34466b"
CARD_EDGE = "#8d96a0"
EMPTY_EDGE = "#aab2bb"
TURN = "#2e7d32"  # takes part in this turn

#: mark → (colour, short label, what it means)
MARKS: dict[str, tuple[str, str, str]] = {
    "counter": ("#8e1b1b", "counter hit if struck",
                "a card in play: a hit now is a counter hit (+1 damage, +1 hitlag, the card is "
                "discarded, the attacker gains 1 spirit; D-DMG-COUNTER)"),
    "parry": ("#00796b", "parry",
              "parry card in play: a physical attack received is parried and struck back "
              "(D-TAG-PARRY)"),
    "immune": ("#0277bd", "immune", "immune card in play: damage is reduced to 0 (D-TAG-IMMUNE)"),
    "ground": ("#7a5a2a", "ground only", "ground only: played only on the ground (D-TAG-GROUND)"),
    "level": ("#37474f", "cancel Lv", "the card's cancellation level: a cancel needs a higher one "
                                      "(D-CANCEL, D-RES-SIM)"),
    "whiff": ("#d84315", "whiff", "a missed physical attack: +1 recovering time each (D-HIT-NO)"),
    "facedown": (CARD_BACK, "face-down", "played face-down: revealed when the phase ends "
                                         "(D-CANCEL-SIM)"),
}

BADGE_H = 17
BADGE_SIZE = 10.5


@dataclass(frozen=True)
class Badge:
    """One mark on a card or a player: its kind (a key of :data:`MARKS`), label and tooltip."""

    kind: str
    label: str
    tip: str

    @property
    def width(self) -> float:
        return text_width(self.label, BADGE_SIZE, bold=True) + 12


def badge(x: float, y: float, b: Badge, cls: str = "mark") -> str:
    """A badge with its top-left corner at (x, y)."""
    color = MARKS[b.kind][0]
    return group({"class": f"{cls} mark-{b.kind}", "data-mark": b.kind}, [
        title(b.tip),
        el("rect", {"x": x, "y": y, "width": b.width, "height": BADGE_H, "rx": 8.5, "fill": color}),
        text(x + b.width / 2, y + 12.5, b.label, size=BADGE_SIZE, anchor="middle", weight="bold",
             fill="#ffffff"),
    ])


def badges_row(x: float, y: float, width: float, items: list[Badge], cls: str = "mark") -> tuple[str, float]:
    """Badges left to right, wrapping into rows within ``width``; returns (svg, height)."""
    out = []
    cx, cy = x, y
    for b in items:
        if cx > x and cx + b.width > x + width:
            cx, cy = x, cy + BADGE_H + 4
        out.append(badge(cx, cy, b, cls))
        cx += b.width + 5
    return "".join(out), (cy - y + BADGE_H if items else 0)


def card_of(ctx: Any, iid: str | None) -> Any:
    """The card definition of an instance, or None (nothing, a hidden card, an unknown id)."""
    if not iid or iid == HIDDEN:
        return None
    return getattr(ctx, "cards", {}).get(iid)


def card_name(ctx: Any, iid: str | None) -> str:
    """A card's printed name ("a face-down card" for a hidden one, the id for an unknown one)."""
    if iid == HIDDEN:
        return "a face-down card"
    card = card_of(ctx, iid)
    return card.name if card is not None else str(iid)


def short_id(iid: str) -> str:
    """``P1/gohei_jab`` → ``gohei_jab``."""
    return str(iid).split("/", 1)[-1]


def facedown_cancel(state: Any, i: int) -> bool:
    """True while player ``i``'s card in play is a cancel still face-down (D-CANCEL-SIM: played in
    the cancellation phase of a simultaneous action, revealed at its end)."""
    p = state.players[i]
    return (p.played is not None and p.resolved is not None and p.played != p.resolved
            and tuple(getattr(state, "participants", ())) == (0, 1))


def in_play_marks(ctx: Any, state: Any, i: int) -> list[Badge]:
    """The marks of player ``i``'s card in play."""
    p = state.players[i]
    if p.played is None:
        return []
    out = [Badge("counter", MARKS["counter"][1], MARKS["counter"][2])]
    if facedown_cancel(state, i):
        out.append(Badge("facedown", "face-down cancel", MARKS["facedown"][2]))
    card = card_of(ctx, p.played)
    if card is not None and not facedown_cancel(state, i):
        out.append(Badge("level", f"cancel Lv {card.cancel}",
                         f"cancellation level {card.cancel}: in a simultaneous action the higher level "
                         "resolves first (D-RES-SIM)"))
    if card is not None:
        if card.parry:
            out.append(Badge("parry", "parry", MARKS["parry"][2]))
        if card.immune:
            out.append(Badge("immune", "immune", MARKS["immune"][2]))
        if card.ground_only:
            out.append(Badge("ground", "ground only", MARKS["ground"][2]))
    return out


def resolved_marks(ctx: Any, state: Any, i: int) -> list[Badge]:
    """The marks of player ``i``'s card resolved this turn (its level) and the whiff count."""
    p = state.players[i]
    out = []
    card = card_of(ctx, p.resolved)
    if card is not None:
        out.append(Badge("level", f"cancel Lv {card.cancel}",
                         f"cancellation level {card.cancel}: it can be cancelled only by a card of "
                         f"level {card.cancel + 1} or more (D-CANCEL)"))
    if p.whiff:
        out.append(Badge("whiff", f"whiff +{p.whiff}",
                         f"{p.whiff} missed physical attack{'s' if p.whiff > 1 else ''}: +{p.whiff} "
                         "recovering time at the recovery (D-HIT-NO)"))
    return out


def card_parts(ctx: Any, iid: str) -> list[list[str]]:
    """What a card says, as groups of short parts: kind and timing, its attack figures, its
    movement and bullet; each group is one line of the terminal text and the tooltips."""
    card = card_of(ctx, iid)
    if card is None:
        return []
    groups = [[card.kind, f"cast {card.cast}", f"recovery {card.recovery}", f"cancel Lv {card.cancel}"]]
    figures = []
    if card.cost:
        figures.append(f"cost {card.cost}")
    if card.damage:
        figures.append(f"damage {card.damage}")
    if card.hitlag:
        figures.append(f"hitlag {card.hitlag}")
    if figures:
        groups.append(figures)
    more = []
    if card.slots:
        how = f"straight {card.straight}" if card.straight else f"trace {card.trace}"
        more.append(f"bullet {how}, {card.slots} slots")
    for kind, value in card.effects:
        if kind in ("move", "dash", "forward"):
            more.append(f"{kind} {value}")
    for kind, value in card.on_damage:
        more.append(f"damage: {kind} {value}")
    if more:
        groups.append(more)
    return groups


def card_lines(ctx: Any, iid: str) -> list[str]:
    """:func:`card_parts` as lines of text."""
    return [" · ".join(g) for g in card_parts(ctx, iid)]


def bullet_track(ctx: Any, b: Any) -> tuple[int, int]:
    """(the slot the bullet's token is on, counting from 1; the card's number of slots)."""
    card = card_of(ctx, b.card)
    return b.slot + 1, (card.slots if card is not None else 0)


def bullet_kind(ctx: Any, b: Any) -> tuple[str, int]:
    """("straight" | "trace", X) of a bullet's card (D-TAG-STRAIGHT, D-TAG-TRACE)."""
    card = card_of(ctx, b.card)
    if card is None:
        return ("straight" if (b.dx or b.dy) else "trace"), 0
    return ("trace", card.trace) if card.trace else ("straight", card.straight)


def direction_words(dx: int, dy: int) -> str:
    """(dx, dy) with y up, in board words: "up-right", "left", "nowhere"."""
    v = "up" if dy > 0 else "down" if dy < 0 else ""
    h = "right" if dx > 0 else "left" if dx < 0 else ""
    return "-".join(w for w in (v, h) if w) or "nowhere"


def facing_word(facing: int) -> str:
    return "right" if facing >= 0 else "left"
