"""rich renderables for a whole state and a single step in the terminal.

``state_renderable(ctx, state)``: the board as a text grid (pieces with their facing), the timeline
line (markers, hit tokens, blue/yellow cells) and one column per player (HP, spirit gauge, zones).
Steps and traces are the kit's (:mod:`hisoutab.presentation.terminal`). The same input always prints
the same text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hisoutab.games.hisoutab.kit.timeline import window  # the cells shown, as the state picture

from ..rules.state import Player
from .status import player_status

__all__ = ["board_text", "player_table", "state_renderable", "timeline_text"]

PLAYER_STYLE = ("bold red", "bold blue")
STATUS_STYLE = {"guard": "green", "knockdown": "bold yellow", "hit": "red", "open": ""}
CELL_W = 6


def _name(ctx: Any, iid: str | None) -> str:
    if iid is None:
        return "—"
    cards = getattr(ctx, "cards", {}) or {}
    card = cards.get(iid)
    return getattr(card, "name", None) or iid


def board_text(ctx: Any, state: Any, highlight: Iterable[tuple[int, int]] = ()) -> Text:
    """The board, top row first: each piece as ``P1▶`` / ``◀P2`` (the triangle on the side it faces),
    bullets as ``∘1`` / ``∘2×3`` (owner, count) in cells without a piece; highlighted cells on an orange
    background; the ground row is marked ``ground``."""
    hl = {(int(x), int(y)) for x, y in highlight}
    w, h = ctx.width, ctx.height
    where: dict[tuple[int, int], list[int]] = {}
    for i, p in enumerate(state.players):
        where.setdefault((p.x, p.y), []).append(i)
    shots: dict[tuple[int, int], list[int]] = {}
    for b in getattr(state, "bullets", ()) or ():
        shots.setdefault((getattr(b, "x", 0), getattr(b, "y", 0)), []).append(getattr(b, "owner", 0))
    t = Text()
    for y in range(h - 1, -1, -1):
        t.append(f"y={y} {'ground' if y == 0 else 'air   '} ", style="dim")
        t.append("│", style="dim")
        for x in range(1, w + 1):
            here = where.get((x, y), [])
            bg = " on dark_orange" if (x, y) in hl else (" on grey23" if y == 0 else "")
            owners = shots.get((x, y), [])
            if not here and owners:
                mark = " ".join(f"∘{o + 1}" + (f"×{owners.count(o)}" if owners.count(o) > 1 else "")
                                for o in sorted(set(owners)))
                t.append(mark.center(CELL_W)[:CELL_W], style="yellow" + bg)
            elif not here:
                t.append(("·" if y else "_").center(CELL_W), style=("dim" + bg) if bg else "dim")
            elif len(here) == 1:
                i = here[0]
                p = state.players[i]
                mark = f"{p.name}▶" if p.facing >= 0 else f"◀{p.name}"
                t.append(mark.center(CELL_W), style=PLAYER_STYLE[i % 2] + bg)
            else:
                marks = "".join(("▶" if state.players[i].facing >= 0 else "◀") + str(i + 1) for i in here)
                t.append(marks.center(CELL_W), style="bold magenta" + bg)
            t.append("│", style="dim")
        t.append("\n")
    t.append(" " * 11 + " ")
    for x in range(1, w + 1):
        t.append(f"x={x}".center(CELL_W) + " ", style="dim")
    return t


def _token(p: Player, kind: str) -> int | None:
    return p.marker if kind == "marker" else p.hit


def _token_line(p: Player, i: int, cells: range, cw: int) -> Text:
    """A player's tokens over the cells; those beyond the window listed at the end."""
    line = Text(f"{p.name:>4} ", style=PLAYER_STYLE[i % 2])
    for t in cells:
        sym = ("●" if p.marker == t else "") + ("◆" if p.hit == t else "")
        line.append(sym.center(cw), style=PLAYER_STYLE[i % 2])
    beyond = []
    for kind, sym in (("marker", "●"), ("hit", "◆")):
        v = _token(p, kind)
        if v is not None and v not in cells:
            beyond.append(f"{sym} {kind} t={v}")
    if p.position is None:
        beyond.append("not on the timeline")
    if beyond:
        line.append("  " + ", ".join(beyond), style=PLAYER_STYLE[i % 2])
    return line


def _cell_style(ctx: Any, state: Any, t: int) -> str:
    """A cell's style: blue or yellow, dim once triggered, reversed for the current cell."""
    blue, yellow = ctx.is_blue(t), ctx.is_yellow(t)
    style = "on blue" if blue else "black on yellow" if yellow else ""
    if t <= state.special_done and (blue or yellow):
        style += " dim"
    if t == state.time:
        style = (style + " bold reverse").strip()
    return style


def timeline_text(ctx: Any, state: Any) -> Text:
    """Three lines: P1's tokens, the cells (current one reversed; blue ``B`` / yellow ``Y`` backgrounds,
    dim once triggered), P2's tokens. ``●`` is a marker, ``◆`` a hit token; tokens beyond the window
    are listed at the end of their line."""
    cells = window(1, state.time)
    cw = 5
    lines = [_token_line(p, i, cells, cw) for i, p in enumerate(state.players)]
    strip = Text("   t ", style="dim")
    for t in cells:
        tag = ("B" if ctx.is_blue(t) else "") + ("Y" if ctx.is_yellow(t) else "")
        strip.append(f"{t}{tag}".center(cw - 1), style=_cell_style(ctx, state, t) or None)
        strip.append(" ")
    strip.append(f" later ▸   special cells up to t={state.special_done} triggered", style="dim")
    return Text("\n").join([lines[0], strip, *lines[1:]])


def _spirit(p: Any) -> Text:
    t = Text()
    for slot in p.spirit:
        if slot == "up":
            t.append("●", style="magenta")
        elif slot == "down":
            t.append("○", style="magenta")
        else:
            t.append(f"[{slot}]", style="yellow")
    t.append(f"  {sum(1 for s in p.spirit if s == 'up')} available", style="dim")
    return t


def _hp(p: Any, style: str, top: int = 20) -> Text:
    hp = max(0, min(top, p.hp))
    return Text("█" * hp, style=style) + Text("░" * (top - hp), style="dim") + Text(f" {p.hp}/{top}")


def _list(ctx: Any, cards: Iterable[str], limit: int = 8) -> str:
    names = [_name(ctx, c) for c in cards]
    if len(names) > limit:
        names = names[:limit] + [f"… +{len(names) - limit}"]
    return ", ".join(names) or "—"


def player_table(ctx: Any, state: Any, designer: bool = False) -> Table:
    """One column per player: HP, spirit gauge, zones and — when the state has them — the newer
    fields (bullets, dice, spell sequence, special area) read generically."""
    table = Table(show_header=True, header_style="bold", expand=False, show_lines=False)
    table.add_column("", style="dim", no_wrap=True)
    chars = getattr(ctx, "characters", ())
    for i, p in enumerate(state.players):
        char = chars[i].name if i < len(chars) else p.character
        init = " · initiative" if state.initiative == i else ""
        win = " · WINNER" if getattr(state, "winner", None) == p.name else ""
        table.add_column(Text(f"{p.name} ({char}){init}{win}", style=PLAYER_STYLE[i % 2]), overflow="fold")
    ps = state.players

    def row(label: str, cells: list[Any]) -> None:
        table.add_row(label, *cells)

    row("HP", [_hp(p, PLAYER_STYLE[i % 2].replace("bold ", "")) for i, p in enumerate(ps)])
    row("spirit", [_spirit(p) for p in ps])
    row("position", [f"({p.x}, {p.y}) facing {'right' if p.facing >= 0 else 'left'}" for p in ps])
    statuses = [player_status(ctx, state, i) for i in range(len(ps))]
    if any(st is not None for st in statuses):
        row("state", [Text(f"{st.label}: {st.why}", style=STATUS_STYLE.get(st.kind, ""))
                      if st is not None else "—" for st in statuses])
    row("next turn", [(f"t={p.position} (hit token)" if p.hit is not None else f"t={p.position}")
                      if p.position is not None else "—" for p in ps])
    row("trigger", [_name(ctx, p.trigger) + (f" ({p.trigger_side})" if p.trigger_side else "")
                    + (" · missed" if getattr(p, "missed", False) else "") for p in ps])
    row("cast", [_name(ctx, p.cast) + (f" ({p.cast_side})" if p.cast_side else "") for p in ps])
    row("hand", [(_list(ctx, p.hand) if designer else f"{len(p.hand)} cards") for p in ps])
    row("deck / discard", [f"{len(p.deck)} / {len(p.discard)}" for p in ps])
    if any(p.aside for p in ps):
        row("set aside", [_list(ctx, p.aside) for p in ps])
    for field, label in (("bullet_area", "bullet area"), ("dice", "dice"), ("spell_seq", "spell sequence"),
                         ("spell_deck", "spell deck"), ("spell_discard", "spell discard"),
                         ("special", "special area"), ("extra", "extra deck"), ("removed", "removed")):
        values = [getattr(p, field, None) for p in ps]
        if not any(v for v in values if v and any(x is not None for x in v)):
            continue
        cells = []
        for v in values:
            if not v:
                cells.append("—")
            elif field == "dice":
                cells.append(", ".join(f"{_name(ctx, c)}: {n}" for c, n in v))
            elif field in ("spell_deck", "extra"):
                cells.append(f"{len(v)} cards")
            else:
                cells.append(", ".join(_name(ctx, c) if c else "·" for c in v))
        row(label, cells)
    bullets = getattr(state, "bullets", ()) or ()
    if bullets:
        row("bullets", [", ".join(f"{b.id} at ({b.x}, {b.y}) → ({b.dx:+d}, {b.dy:+d})"
                                  for b in bullets if b.owner == i) or "—" for i in range(len(ps))])
    return table


def state_renderable(ctx: Any, state: Any, *, highlight: Iterable[tuple[int, int]] = (),
                     designer: bool = False) -> RenderableType:
    """The whole state for the terminal: header, board, timeline and the players' table."""
    names = [p.name for p in state.players]
    head = Text(f"HisouTab · t={state.time} · turn {state.turn}", style="bold")
    who = [names[i] for i in getattr(state, "participants", ()) if 0 <= i < len(names)]
    if getattr(state, "winner", None):
        head.append(f"   game over · winner: {state.winner}", style="bold reverse")
    else:
        head.append(f"   initiative: {names[state.initiative]}", style="dim")
        if who:
            head.append(f" · this turn: {' & '.join(who)}", style="dim")
    return Group(head, Text("Board", style="bold underline"), board_text(ctx, state, highlight),
                 Text("Timeline  (● marker, ◆ hit token, B blue cell, Y yellow cell)",
                      style="bold underline"),
                 timeline_text(ctx, state), player_table(ctx, state, designer))
