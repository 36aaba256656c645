"""The draft state for the terminal, as rich renderables: the board grid, the timeline line with its
special lines, and one column per player. Every text from data goes into :class:`rich.text.Text`
(never parsed as markup), and the same input always prints the same text."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .board import highlight_cells
from .marks import (
    HIDDEN,
    bullet_kind,
    bullet_track,
    card_name,
    facedown_cancel,
    facing_word,
    in_play_marks,
    resolved_marks,
)
from .picture import status_line
from .timeline import window

__all__ = ["board_text", "player_table", "state_renderable", "timeline_text"]

PLAYER_STYLE = ("bold red", "bold blue")
ARROWS = {(1, 0): "→", (-1, 0): "←", (0, 1): "↑", (0, -1): "↓", (1, 1): "↗", (-1, 1): "↖", (1, -1): "↘",
          (-1, -1): "↙"}


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def bullet_mark(ctx: Any, b: Any) -> str:
    """A bullet in one cell of the grid: its arrow (``◎`` for a tracing bullet) and its slot."""
    kind, _ = bullet_kind(ctx, b)
    slot, _ = bullet_track(ctx, b)
    arrow = "◎" if kind == "trace" else ARROWS.get((_sign(b.dx), _sign(b.dy)), "•")
    return f"{arrow}{slot}"


def board_text(ctx: Any, state: Any, highlight: Iterable[Any] = ()) -> Text:
    """The board, top row first: a piece as ``P1▶`` / ``◀P2`` (the triangle on the side it faces), a
    bullet as its arrow and the slot of its token (``→2``; ``◎1`` tracing), in its owner's colour;
    highlighted cells on an orange background, the ground row shaded."""
    hl = set(highlight_cells(ctx, highlight))
    marks: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for i, p in enumerate(state.players):
        if ctx.on_board(p.x, p.y):
            mark = f"{p.name}▶" if p.facing >= 0 else f"◀{p.name}"
            marks.setdefault((p.x, p.y), []).append((mark, PLAYER_STYLE[i % 2]))
    for b in sorted(getattr(state, "bullets", ()), key=lambda b: b.id):
        if ctx.on_board(b.x, b.y):
            style = PLAYER_STYLE[b.owner % 2].split()[-1]
            marks.setdefault((b.x, b.y), []).append((bullet_mark(ctx, b), style))
    cw = max([6] + [sum(len(m) for m, _ in ms) + len(ms) + 1 for ms in marks.values()])
    t = Text()
    for y in range(ctx.height - 1, -1, -1):
        t.append(f"y={y} {'ground' if y == 0 else 'air   '} ", style="dim")
        t.append("│", style="dim")
        for x in range(1, ctx.width + 1):
            bg = " on dark_orange" if (x, y) in hl else (" on grey23" if y == 0 else "")
            here = marks.get((x, y), [])
            if not here:
                t.append(("·" if y else "_").center(cw), style="dim" + bg)
            else:
                used = sum(len(m) for m, _ in here) + len(here) - 1
                left = (cw - used) // 2
                t.append(" " * left, style=bg.strip() or None)
                for k, (m, style) in enumerate(here):
                    if k:
                        t.append(" ", style=bg.strip() or None)
                    t.append(m, style=style + bg)
                t.append(" " * (cw - used - left), style=bg.strip() or None)
            t.append("│", style="dim")
        t.append("\n")
    t.append(" " * 12)
    for x in range(1, ctx.width + 1):
        t.append(f"x={x}".center(cw) + " ", style="dim")
    return t


def timeline_text(ctx: Any, state: Any) -> Text:
    """Three lines: P1's marker (``●``), the slots (the current one reversed; ``┃`` a special line
    after a slot, dim once triggered), P2's marker. A marker beyond the drawn slots is named at the
    end of its line."""
    cells = window(ctx, state)
    cw = 5
    lines = []
    for i, p in enumerate(state.players):
        line = Text(f"{p.name:>4} ", style=PLAYER_STYLE[i % 2])
        for t in cells:
            line.append(("●" if p.marker == t else "").center(cw), style=PLAYER_STYLE[i % 2])
        if p.marker is None:
            line.append("  no marker yet", style="dim")
        elif p.marker not in cells:
            line.append(f"  ● marker t={p.marker}", style=PLAYER_STYLE[i % 2])
        lines.append(line)
    strip = Text("   t ", style="dim")
    for t in cells:
        strip.append(f"{t}".center(cw - 1), style="bold reverse" if t == state.time else None)
        if ctx.is_special(t):
            strip.append("┃", style="yellow dim" if t <= state.special_done else "bold yellow")
        else:
            strip.append(" ")
    strip.append(f" later ▸   special lines after slots up to {state.special_done} triggered", style="dim")
    return Text("\n").join([lines[0], strip, *lines[1:]])


def _hp(p: Any, style: str) -> Text:
    top = max(0, p.max_hp)
    hp = max(0, min(top, p.hp))
    return Text("█" * hp, style=style) + Text("░" * (top - hp), style="dim") + Text(f" {p.hp}/{top}")


def _spirit(ctx: Any, p: Any) -> Text:
    empty = max(0, ctx.spirit_max - p.spirit)
    return (Text("●" * p.spirit, style="magenta") + Text("○" * empty, style="magenta")
            + Text(f" {p.spirit}/{ctx.spirit_max}", style="dim"))


def _names(ctx: Any, cards: Iterable[str]) -> Text:
    cards = list(cards)
    if not cards:
        return Text("—", style="dim")
    hidden = sum(1 for c in cards if c == HIDDEN)
    shown = [card_name(ctx, c) for c in cards if c != HIDDEN]
    t = Text(", ".join(shown))
    if hidden:
        t.append((", " if shown else "") + f"{hidden} face-down ▮" + ("" if hidden == 1 else f"×{hidden}"),
                 style="dim")
    return t


def _card_cell(ctx: Any, state: Any, i: int, which: str, viewer: str | None) -> Text:
    p = state.players[i]
    iid = p.played if which == "played" else p.resolved
    if iid is None:
        t = Text("—", style="dim")
        if which == "resolved" and p.whiff:
            t.append(f"  whiff +{p.whiff}", style="yellow")
        return t
    if which == "resolved" and iid == p.played:
        t = Text("resolving now", style="dim")
    elif iid == HIDDEN or (which == "played" and facedown_cancel(state, i) and viewer not in (None, p.name)):
        t = Text("a face-down card ▮")
    else:
        t = Text(card_name(ctx, iid), style="bold")
    marks = in_play_marks(ctx, state, i) if which == "played" else resolved_marks(ctx, state, i)
    for b in marks:
        t.append(f"  [{b.label}]", style="yellow" if b.kind in ("whiff", "counter") else "cyan")
    return t


def player_table(ctx: Any, state: Any, designer: bool = False, viewer: str | None = None) -> Table:
    """One column per player: HP, spirit, piece, marker, the card in play and the resolved card (with
    their marks), hand (names only for the designer or the player's own view), discard, set aside
    and bullets."""
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("", style="dim", no_wrap=True)
    chars = getattr(ctx, "characters", ())
    for i, p in enumerate(state.players):
        char = chars[i].name if i < len(chars) else p.character
        head = Text(f"{p.name} ({char})", style=PLAYER_STYLE[i % 2])
        if state.initiative == i and state.first is not None:
            head.append(" · initiative", style="bold yellow")
        if i in getattr(state, "participants", ()):
            head.append(" · this turn", style="bold green")
        if state.winner == p.name:
            head.append(" · WINNER", style="bold reverse")
        table.add_column(head, overflow="fold")
    ps = state.players

    def row(label: str, cells: list[Any]) -> None:
        table.add_row(label, *cells)

    row("HP", [_hp(p, PLAYER_STYLE[i % 2].split()[-1]) for i, p in enumerate(ps)])
    row("spirit", [_spirit(ctx, p) for p in ps])
    row("piece", [Text(f"({p.x}, {p.y}) {'ground' if p.y == 0 else 'air'}, facing {facing_word(p.facing)}")
                  if ctx.on_board(p.x, p.y) else Text("not placed", style="dim") for p in ps])
    row("marker", [Text("—" if p.marker is None else f"t={p.marker}"
                        + (" (now)" if p.marker == state.time else f" (in {p.marker - state.time})"))
                   for p in ps])
    row("in play", [_card_cell(ctx, state, i, "played", viewer) for i in range(len(ps))])
    row("resolved", [_card_cell(ctx, state, i, "resolved", viewer) for i in range(len(ps))])
    hands = []
    for p in ps:
        if p.hand and all(c == HIDDEN for c in p.hand):
            hands.append(_names(ctx, p.hand))
        elif designer or viewer == p.name:
            hands.append(Text(f"{len(p.hand)}: ") + _names(ctx, p.hand))
        else:
            hands.append(Text(f"{len(p.hand)} cards (hidden)", style="dim"))
    row("hand", hands)
    row("discard", [_names(ctx, p.discard) for p in ps])
    row("set aside", [_names(ctx, p.aside) for p in ps])
    bullets = getattr(state, "bullets", ())
    cells = []
    for i in range(len(ps)):
        t = Text()
        for b in (b for b in bullets if b.owner == i):
            slot, slots = bullet_track(ctx, b)
            if t:
                t.append("\n")
            t.append(f"{b.id} {card_name(ctx, b.card)} at ({b.x}, {b.y}) {bullet_mark(ctx, b)[0]} "
                     f"slot {slot}/{slots}")
        cells.append(t if t else Text("—", style="dim"))
    row("bullets", cells)
    return table


def viewer_of(state: Any) -> str | None:
    """The player whose view ``state`` is, when one player's hand is all hidden ("?") and the
    other's is not; else None."""
    hidden = [bool(p.hand) and all(c == HIDDEN for c in p.hand) for p in state.players]
    if hidden.count(True) == 1:
        return str(state.players[hidden.index(False)].name)
    return None


def state_renderable(ctx: Any, state: Any, *, highlight: Iterable[Any] = (), designer: bool = False,
                     viewer: str | None = None) -> RenderableType:
    """The whole state: header, board, timeline and the players' table. ``viewer``: the player whose
    view ``state`` is (by default read from the hidden cards)."""
    viewer = viewer or viewer_of(state)
    head = Text(f"HisouTab draft · t={state.time} · turn {state.turn}", style="bold")
    head.append("   " + status_line(state), style="bold reverse" if state.winner else "dim")
    return Group(head, Text("Board  (P1▶ piece and facing, →2 bullet and its token's slot, ◎ tracing)",
                            style="bold underline"),
                 board_text(ctx, state, highlight),
                 Text("Timeline  (● marker, ┃ special line after a slot, dim once triggered)",
                      style="bold underline"),
                 timeline_text(ctx, state), player_table(ctx, state, designer, viewer))
