"""The state for the terminal: the headline, each player's mat in a few lines, the stack top first
and the waiting Trigger cards. Card names are rich ``Text`` (never read as markup)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from . import cards
from .mat import LADDER
from .picture import headline
from .stack import HOW, STAGE_NAMES, damage, entry_label

STYLES = ("red", "blue")


def _card(ctx: Any, iid: str | None, style: str, lit: frozenset[str]) -> Text:
    t = Text(cards.name(ctx, iid) if iid else "·", style=style)
    if iid and iid in lit:
        t.stylize("reverse")
    return t


def _mat(ctx: Any, state: Any, i: int, designer: bool, lit: frozenset[str]) -> Table:
    p = state.players[i]
    style = STYLES[i]
    secret = designer
    t = Table.grid(padding=(0, 1))
    t.add_column(style="bold " + style, no_wrap=True)
    t.add_column()
    head = Text(f"Life {p.life}", style="bold")
    if state.turn and state.active == i and not state.winner:
        head.append("  ▶ turn player")
    t.add_row(Text(p.name), head)
    if p.awakened:
        far = Text("★ ").append(_card(ctx, p.awakened, style, lit)).append(" (awakened)")
    else:
        far = _card(ctx, p.far, style, lit) if secret and p.far else Text("face down" if p.far else "·")
    t.add_row(Text("far spot"), far)
    t.add_row(Text("near spot"), _card(ctx, p.near, style, lit) if secret and p.near
              else Text("face down" if p.near else "·"))
    for attr, label in LADDER:
        row = Text()
        held = tuple(getattr(p, attr))
        for k in range(max(2, len(held))):
            if k:
                row.append(" | ")
            iid = held[k] if k < len(held) else None
            row.append(_card(ctx, iid, style, lit))
            if iid:
                row.append(f" ({cards.recast_time(ctx, iid)})", style="dim")
        t.add_row(Text(label), row)
    t.add_row(Text("piles"), Text(f"deck {len(p.deck)} · face-down {len(p.face_down)} · "
                                  f"reserve {len(p.reserve)}"))
    hand = Text(f"{len(p.hand)}")
    if secret and p.hand:
        hand.append(": ")
        for k, c in enumerate(p.hand):
            if k:
                hand.append(", ")
            hand.append(_card(ctx, c, style, lit))
    t.add_row(Text("hand"), hand)
    return t


def _stack(ctx: Any, state: Any, lit: frozenset[str]) -> Table:
    t = Table(title="the stack, top first", show_edge=False, expand=False)
    for col in ("#", "whose", "card", "how", "stage", "Hand", "Life"):
        t.add_column(col)
    for depth, e in enumerate(reversed(state.stack)):
        dmg = damage(ctx, e) or ("", "")
        name = Text(entry_label(ctx, e), style=STYLES[e.controller])
        if e.card in lit:
            name.stylize("reverse")
        t.add_row(Text("top" if depth == 0 else str(depth + 1)), Text(state.players[e.controller].name),
                  name, Text(HOW.get(e.how, e.how)), Text(STAGE_NAMES.get(e.stage, e.stage)),
                  Text(dmg[0]), Text(dmg[1]))
    if not state.stack:
        t.add_row(Text("—"), Text(""), Text("empty"), Text(""), Text(""), Text(""), Text(""))
    return t


def state_renderable(ctx: Any, state: Any, *, designer: bool = False, highlight: Iterable[Any] = ()) -> Group:
    lit = frozenset(h for h in highlight if isinstance(h, str))
    parts: list[Any] = [Text(headline(state), style="bold"), _mat(ctx, state, 0, designer, lit),
                        _mat(ctx, state, 1, designer, lit), _stack(ctx, state, lit)]
    if state.waiting:
        w = Text("waiting Trigger cards: ")
        for k, x in enumerate(state.waiting):
            if k:
                w.append(", ")
            w.append(Text(cards.name(ctx, x.card), style=STYLES[x.owner]))
            w.append(f" (on {x.event.replace('_', ' ')})", style="dim")
        parts.append(w)
    return Group(*parts)
