"""Cards a person can read: a card's whole face, and choices among cards in words.

A ruleset's presentation describes a card as a :class:`CardFace` (``Presentation.card_face``):
its name and kind, its numbers, keywords and effects, the faces of a two-faced card and the cells
it reaches, as offsets from its user. :func:`card_html` draws it (the reach as a small grid) and
:func:`card_title` says it in one line for a tooltip. A decision whose options are the subsets of
some cards (a mulligan, "discard N") is described by a :class:`SubsetChoice`, so a tool can offer
one checkbox per card and one confirm button instead of a button per subset.

Everything a face holds comes from card files, so everything is escaped here.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["CardFace", "SubsetChoice", "beside", "card_html", "card_title", "card_zones", "moved_cards",
           "option_words", "reach_svg"]


@dataclass(frozen=True)
class CardFace:
    """One card as a reader sees it. ``numbers`` are (label, value) pairs in reading order (level,
    speed, damage, cost…); ``faces`` the named faces of a card with more than one (``("top",
    lines)``, ``("bottom", lines)``); ``reach`` the cells the card reaches as (forward, up) offsets
    from its user at (0, 0); ``clauses`` the rule clauses that say how such a card works."""

    id: str
    name: str
    kind: str = ""
    owner: str = ""
    numbers: tuple[tuple[str, str], ...] = ()
    keywords: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    faces: tuple[tuple[str, tuple[str, ...]], ...] = ()
    reach: tuple[tuple[int, int], ...] = ()
    reach_label: str = "range"
    text: str = ""
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True)
class SubsetChoice:
    """A decision whose options are subsets of ``items`` ((value, text) pairs: a card id and its
    name). ``label_for(values)`` gives the option label of the chosen values (in any order); it
    raises ``ValueError`` with a message when that subset is not an option (too many, say).
    ``minimum``/``maximum`` bound the number chosen; ``verb`` names what happens to the chosen
    ("discard")."""

    items: tuple[tuple[str, str], ...]
    label_for: Callable[[Sequence[str]], str]
    minimum: int = 0
    maximum: int | None = None
    verb: str = "choose"
    prompt: str = ""


def card_title(face: CardFace) -> str:
    """The card in one plain line (a tooltip): name, kind, numbers, keywords, effects."""
    parts = [face.name + (f" ({face.kind})" if face.kind else "")]
    if face.numbers:
        parts.append(" · ".join(f"{k} {v}" for k, v in face.numbers))
    if face.keywords:
        parts.append(", ".join(face.keywords))
    parts.extend(face.effects)
    for name, lines in face.faces:
        parts.append(f"{name}: " + "; ".join(lines))
    if face.text:
        parts.append(face.text)
    return " — ".join(p for p in parts if p)


def reach_svg(reach: Sequence[tuple[int, int]], *, cell: int = 16, label: str = "range") -> str:
    """The cells ``reach`` names drawn as a small grid around the user (a dark cell at (0, 0),
    forward to the right, up at the top)."""
    if not reach:
        return ""
    xs = [x for x, _ in reach] + [0]
    ys = [y for _, y in reach] + [0]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    w, h = (x1 - x0 + 1) * cell, (y1 - y0 + 1) * cell
    hit = set(reach)
    rects = []
    for gy in range(y1, y0 - 1, -1):
        for gx in range(x0, x1 + 1):
            fill = "#333333" if (gx, gy) == (0, 0) else ("#ff8c00" if (gx, gy) in hit else "#ffffff")
            rects.append(f'<rect x="{(gx - x0) * cell}" y="{(y1 - gy) * cell}" width="{cell}" '
                         f'height="{cell}" fill="{fill}" stroke="#999999"/>')
    title = html.escape(f"{label}: {len(hit)} cell(s); the user is the dark cell, forward is right")
    return (f'<svg class="hs-reach" xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img"><title>{title}</title>{"".join(rects)}</svg>')


_CSS = (".hs-card{border:1px solid #bbb;border-radius:6px;padding:6px 10px;max-width:420px;"
        "background:#fffdf6;font-size:13px;line-height:1.35}"
        ".hs-card h4{margin:0 0 4px 0;font-size:15px}.hs-card .hs-kind{color:#666;font-weight:normal}"
        ".hs-card table{border-collapse:collapse;margin:2px 0}.hs-card td{padding:0 8px 0 0}"
        ".hs-card .hs-kw{display:inline-block;background:#eef;border-radius:3px;padding:0 4px;margin:1px}"
        ".hs-card ul{margin:2px 0 2px 18px;padding:0}")


def card_html(face: CardFace, *, style: bool = True) -> str:
    """The whole face as an HTML block (class ``hs-card``, ``data-card`` the card's id)."""
    e = html.escape
    out = [f'<div class="hs-card" data-card="{e(face.id, quote=True)}">']
    if style:
        out.append(f"<style>{_CSS}</style>")
    kind = f' <span class="hs-kind">{e(face.kind)}</span>' if face.kind else ""
    owner = f' <span class="hs-kind">· {e(face.owner)}</span>' if face.owner else ""
    out.append(f"<h4>{e(face.name)}{kind}{owner}</h4>")
    out.append(f'<div class="hs-kind"><code>{e(face.id)}</code></div>')
    if face.numbers:
        out.append("<table>" + "".join(f"<tr><td>{e(k)}</td><td><b>{e(v)}</b></td></tr>"
                                       for k, v in face.numbers) + "</table>")
    if face.keywords:
        out.append("<div>" + "".join(f'<span class="hs-kw">{e(k)}</span>' for k in face.keywords)
                   + "</div>")
    if face.effects:
        out.append("<ul>" + "".join(f"<li>{e(x)}</li>" for x in face.effects) + "</ul>")
    for name, lines in face.faces:
        out.append(f"<div><b>{e(name)}</b></div><ul>"
                   + "".join(f"<li>{e(x)}</li>" for x in lines) + "</ul>")
    if face.reach:
        out.append(f"<div>{e(face.reach_label)}:</div>"
                   + reach_svg(face.reach, label=face.reach_label))
    if face.text:
        out.append(f"<div><i>{e(face.text)}</i></div>")
    if face.clauses:
        out.append(f'<div class="hs-kind">rules: {e(", ".join(face.clauses))}</div>')
    out.append("</div>")
    return "".join(out)


def grid_cells(zone: Any, record: Any) -> Iterator[tuple[tuple[int, int], str]]:
    """(position, card) of the non-empty cells of grid ``zone`` in ``record`` (a cell holds a card
    instance, ``""``, or a token carrying its card in the zone's ``card_attr``): the zone's own
    ``cells`` where the engine has it."""
    cells = getattr(zone, "cells", None)
    if callable(cells):
        yield from cells(record)
        return
    for r, row in enumerate(getattr(record, zone.attr, ()) or ()):
        for c, cell in enumerate(row):
            card = getattr(cell, zone.card_attr, None) if zone.card_attr and cell else cell
            if isinstance(card, str) and card:
                yield (r, c), card


def card_zones(ruleset: Any, state: Any) -> dict[str, str]:
    """Where each card is: card id → ``"P1 hand"`` (a player's zone), ``"deck"`` (a shared one) or
    ``"map[1][2]"`` (a grid's cell), from the ruleset's declared card zones and grids."""
    where: dict[str, str] = {}
    players = getattr(state, getattr(ruleset, "players_field", "players") or "players", ()) or ()
    for z in getattr(ruleset, "zones", ()):
        if not z.holds_cards and z.kind != "grid":
            continue
        holders = [(p.name + " ", p) for p in players] if z.owner == "player" else [("", state)]
        for prefix, h in holders:
            if z.kind == "grid":
                found = [(f"{prefix}{z.name}[{r}][{c}]", card) for (r, c), card in grid_cells(z, h)]
            else:
                found = [(prefix + z.name, card) for card in z.cards(h)]
            for place, c in found:
                if isinstance(c, str) and c != "?":
                    where.setdefault(c, place)
    return where


def moved_cards(ruleset: Any, before: Any, after: Any) -> list[str]:
    """The cards that changed zone between two states, in the order of the zones after."""
    a, b = card_zones(ruleset, before), card_zones(ruleset, after)
    return [c for c in list(b) + [c for c in a if c not in b] if a.get(c) != b.get(c)]


def option_words(pres: Any, game: Any, decision: Any, player: str) -> list[tuple[str, str]]:
    """(label, words) of each option of ``player`` in ``decision``: the label as scripts write it
    (the stable interface) and the words a reader sees, card names for card ids, from the
    ruleset's presentation ``pres`` (the label again where it names no card)."""
    out = []
    for option in decision.options_for(player):
        label = str(option.label)
        try:
            words = pres.option_text(game.ctx, game.state, decision, player, option)
        except Exception:  # a presentation that cannot word this option: its label
            words = label
        out.append((label, words))
    return out


def beside(label: str, words: str) -> str:
    """``label``, and the words beside it when they say something else: ``play P1/x#1 — play
    Amulet Toss``."""
    return label if words == label else f"{label} — {words}"
