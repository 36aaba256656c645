"""What the pictures and the terminal view say about one card: its name, its recast time, its full
text for a hover, and whether a viewer may see it."""

from __future__ import annotations

from typing import Any

ROMAN = {3: "III", 2: "II", 1: "I", 0: "0"}
BAR = "ー"  # a bar: no damage of that kind (RR-COMP-3.6)
HIDDEN = "?"  # a card the viewer may not see


def known(ctx: Any, iid: str | None) -> bool:
    return bool(iid) and iid != HIDDEN and iid in ctx.cards


def name(ctx: Any, iid: str | None) -> str:
    """The card's printed name ("face-down card" for a hidden one)."""
    if not iid:
        return ""
    if not known(ctx, iid):
        return "face-down card"
    return str(ctx.cards[iid].name)


def value(v: int | None) -> str:
    """A damage value: the number, or the bar."""
    return BAR if v is None else str(v)


def recast_time(ctx: Any, iid: str | None) -> str:
    """The recast zones a spell card may be deployed to, nearest first (``III·I``)."""
    if not known(ctx, iid):
        return ""
    card = ctx.cards[iid]
    positions = getattr(card, "recast", ())
    return "·".join(ROMAN.get(p, str(p)) for p in positions)


def attack(ctx: Any, iid: str | None) -> str:
    if not known(ctx, iid):
        return ""
    a = getattr(ctx.cards[iid], "attack", None)
    return "" if a is None else f"{value(a[0])}/{value(a[1])}"


def hover(ctx: Any, iid: str | None) -> str:
    """The full card for a hover: name, kind, timing, recast time, «Attack», text."""
    if not known(ctx, iid):
        return "a face-down card"
    assert iid is not None
    card = ctx.cards[iid]
    lines = [f"{card.name} ({iid})"]
    if getattr(card, "awakening", False):
        lines.append("awakening card" + (" · may awaken at preempt timing"
                                         if getattr(card, "awaken_at_preempt", False) else ""))
    else:
        bits = [f"{card.type} card", f"timing: {card.timing.replace('_', ' ')}",
                f"recast: {recast_time(ctx, iid)}"]
        if card.attack is not None:
            bits.append(f"«Attack» {attack(ctx, iid)}")
        if card.graze:
            bits.append("graze")
        lines.append(" · ".join(bits))
    if card.text:
        lines.append(str(card.text))
    return "\n".join(lines)


def may_see(ctx: Any, owner: int, *, designer: bool, viewer: str | None) -> bool:
    """Whether a secret of player ``owner`` (hand, face-down awakening cards) is shown by name."""
    return designer or viewer == ctx.players[owner]
