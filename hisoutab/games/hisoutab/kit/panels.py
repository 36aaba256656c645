"""The players' panels of both HisouTab pictures: a panel is a column of sections, each section's
height the larger of the two players', so that the two panels line up row by row. Here: the panel
frames, the header (name, character, winner / this-turn tags, the initiative token) and the small
shapes every section draws with."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hisoutab.presentation.svg import INK, PLAYER_COLORS, PLAYER_LIGHT, el, group, text, title
from hisoutab.presentation.textfit import Fitted, fit_text, text_width

Section = tuple[float, Callable[[float], str]]  # (height, draw at the section's top y)
PAD = 14  # inner margin of a panel
PANEL_GAP = 12  # between the panels
CARD_BACK = "#34466b"
INITIATIVE = "#f2b705"
INITIATIVE_EDGE = "#7a5c00"
TURN = "#2e7d32"


def fitted_text(x: float, y: float, f: Fitted, *, fill: str = INK, anchor: str = "start",
                cls: str | None = None) -> str:
    """The lines of ``f`` with the first baseline at ``y``."""
    return "".join(text(x, y + k * f.line_height, line, size=f.size, anchor=anchor, fill=fill,
                        weight="bold" if f.bold else None, cls=cls)
                   for k, line in enumerate(f.lines))


def card_back(x: float, y: float, w: float = 24, h: float = 32) -> str:
    """A face-down card: the back of a card with a question mark."""
    return (el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 3, "fill": CARD_BACK, "stroke": INK})
            + el("rect", {"x": x + 3, "y": y + 3, "width": w - 6, "height": h - 6, "rx": 2, "fill": "none",
                          "stroke": "#ffffff", "stroke-opacity": 0.55})
            + text(x + w / 2, y + h / 2 + 5, "?", size=min(14, h * 0.6), anchor="middle", weight="bold",
                   fill="#ffffff"))


def pill(x: float, y: float, label: str, color: str, size: float = 11, baseline: float = 13.5
         ) -> tuple[str, float]:
    """A rounded label with its top-left corner at (x, y) and its text's baseline ``baseline`` below
    it; returns (svg, width)."""
    w = text_width(label, size, bold=True) + 14
    return (el("rect", {"x": x, "y": y, "width": w, "height": 19, "rx": 9.5, "fill": color})
            + text(x + w / 2, y + baseline, label, size=size, anchor="middle", weight="bold",
                   fill="#ffffff")), w


def card_box(x: float, by: float, w: float, h: float, name: Fitted, details: Sequence[Fitted], *,
             hidden: bool, back_h: float, back_name_y: float) -> tuple[list[str], float]:
    """A card in its box from ``by``: a face-down card (``back_h`` high) with ``name`` beside it
    (its baseline ``back_name_y`` under the card's top), or the card's name over its ``details``;
    returns (parts, the y under them)."""
    body = [el("rect", {"x": x, "y": by, "width": w, "height": h, "rx": 5, "fill": "#ffffff", "stroke": INK,
                        "stroke-width": 1.5})]
    cy = by + 8
    if hidden:
        body.append(card_back(x + 8, cy))
        body.append(fitted_text(x + 40, cy + back_name_y, name))
        return body, cy + back_h
    body.append(fitted_text(x + 8, cy + name.size, name))
    cy += name.height
    for d in details:
        body.append(fitted_text(x + 8, cy + d.size, d, fill="#3c4650"))
        cy += d.height
    return body, cy


def hp_track(x: float, y: float, bx: float, bw: float, bh: float, label_y: float) -> list[str]:
    """The HP section's label (its baseline ``label_y`` under ``y``) and the empty track of the bar,
    from ``bx``, ``bw`` wide and ``bh`` high."""
    return [text(x, y + label_y, "HP", size=13, weight="bold"),
            el("rect", {"x": bx, "y": y, "width": bw, "height": bh, "rx": 3, "fill": "#eceff2",
                        "stroke": "#8d96a0"})]


@dataclass(frozen=True)
class HeaderWords:
    """What a version's header says: the tooltips of its tags (``{name}``: the player) and whether
    the this-turn tag stays once the game is over."""

    winner: str
    defeated: str
    one_turn: str  # after "{name} takes part in this turn"
    both_turn: str
    initiative: str  # after "{name} holds the initiative token "
    turn_after_end: bool = True
    tag_baseline: float = 13.5


def _header_tags(state: Any, i: int, words: HeaderWords) -> list[tuple[str, str, str, str]]:
    """The header's tags: (class, label, tooltip, colour)."""
    p = state.players[i]
    color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
    tags: list[tuple[str, str, str, str]] = []
    if state.winner == p.name:
        tags.append(("winner", "WINNER", words.winner.format(name=p.name), color))
    elif state.winner is not None and p.hp <= 0:
        tags.append(("defeated", "0 HP", words.defeated.format(name=p.name), "#5b6470"))
    if i in getattr(state, "participants", ()) and (words.turn_after_end or state.winner is None):
        both = len(state.participants) == 2
        tags.append(("this-turn", "this turn", f"{p.name} takes part in this turn"
                     + (words.both_turn if both else words.one_turn), TURN))
    return tags


def _initiative_mark(name: str, ix: float, y: float, tip: str, prefix: str) -> str:
    return group({"class": "initiative", "id": f"{prefix}-initiative", "data-player": name}, [
        title(tip),
        el("circle", {"cx": ix, "cy": y + 12, "r": 11, "fill": INITIATIVE, "stroke": INITIATIVE_EDGE,
                      "stroke-width": 1.5}),
        text(ix, y + 17, "I", size=13, anchor="middle", weight="bold"),
        text(ix + 16, y + 17, "initiative", size=13, weight="bold")])


def header(ctx: Any, state: Any, i: int, x: float, w: float, prefix: str, words: HeaderWords) -> Section:
    """The player's name and character, the winner / 0 HP / this-turn tags and the initiative token."""
    p = state.players[i]
    color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
    chars = getattr(ctx, "characters", ())
    char = chars[i].name if i < len(chars) else p.character
    tags = _header_tags(state, i, words)
    widths = [text_width(label, 11, bold=True) + 14 for _, label, _, _ in tags]
    init_w = 98 if state.initiative == i and state.first is not None else 0
    room = w - sum(widths) - 6 * len(tags) - init_w - 8
    name = fit_text(f"{p.name} · {char}", room, 17, bold=True, smallest=11)
    height = max(26.0, name.height + 6)

    def draw(y: float) -> str:
        out = [fitted_text(x, y + name.size, name, fill=color)]
        rx = x + w
        for (cls, label, tip, col), tw in zip(tags, widths, strict=True):
            rx -= tw
            shape, _ = pill(rx, y + 3, label, col, baseline=words.tag_baseline)
            out.append(group({"class": cls, "id": f"{prefix}-{cls}-{p.name}", "data-player": p.name},
                             [title(tip), shape]))
            rx -= 6
        if init_w:
            out.append(_initiative_mark(p.name, rx - init_w + 12, y,
                                        f"{p.name} holds the initiative token {words.initiative}", prefix))
        return "".join(out)

    return height, draw


#: ``sections(ctx, state, i, x, w, prefix, designer, viewer)``: player ``i``'s sections at (x, w)
Sections = Callable[[Any, Any, int, float, float, str, bool, "str | None"], Sequence[Section]]
Panels = Callable[..., tuple[str, float]]


def panels_renderer(sections: Sections, *, section_gap: float) -> Panels:
    """``render_panels(ctx, state, ox, oy, width, *, designer, viewer, prefix)`` for a version's
    ``sections``, ``section_gap`` apart."""

    def render_panels(ctx: Any, state: Any, ox: float, oy: float, width: float, *, designer: bool = False,
                      viewer: str | None = None, prefix: str = "hs") -> tuple[str, float]:
        """Both players' panels side by side from (ox, oy), ``width`` wide; returns (svg, height)."""
        columns = _columns(state, ox, width, lambda i, x, w: sections(ctx, state, i, x, w, prefix, designer,
                                                                      viewer))
        return _frames(state, columns, ox, oy, width, section_gap, prefix)

    return render_panels


def _panel_width(state: Any, width: float) -> float:
    n = len(state.players)
    return (width - PANEL_GAP * (n - 1)) / n


def _columns(state: Any, ox: float, width: float, sections: Callable[[int, float, float], Sequence[Section]]
             ) -> list[Sequence[Section]]:
    pw = _panel_width(state, width)
    return [sections(i, ox + i * (pw + PANEL_GAP) + PAD, pw - 2 * PAD) for i in range(len(state.players))]


def _frames(state: Any, columns: list[Sequence[Section]], ox: float, oy: float, width: float,
            section_gap: float, prefix: str) -> tuple[str, float]:
    """The panels' frames with their sections drawn in rows (a row of height 0 is left out)."""
    gap = PANEL_GAP
    pw = _panel_width(state, width)
    heights = [max(col[k][0] for col in columns) for k in range(len(columns[0]))]
    used = [h for h in heights if h > 0]
    total = PAD + sum(used) + section_gap * (len(used) - 1) + PAD
    out = []
    for i, col in enumerate(columns):
        p = state.players[i]
        px = ox + i * (pw + gap)
        body = [el("rect", {"x": px, "y": oy, "width": pw, "height": total, "rx": 8,
                            "fill": PLAYER_LIGHT[i % 2], "stroke": PLAYER_COLORS[i % 2], "stroke-width": 2})]
        y = oy + PAD
        for (_, draw), h in zip(col, heights, strict=True):
            if h <= 0:
                continue
            body.append(draw(y))
            y += h + section_gap
        out.append(el("g", {"class": "panel", "id": f"{prefix}-panel-{p.name}", "data-player": p.name},
                      *body))
    return "".join(out), total
