"""The tile map: each place's tile face up (its name, entry and stay costs, its district kind) or
unrevealed (``?``, with its exploration marker, TM-EXP-1), the player figures on their places, and
the orange border on a place the last step touched (``map[r][c]``)."""

from __future__ import annotations

from typing import Any

from hisoutab.presentation.svg import HIGHLIGHT, MUTED, el, player_color, text, title
from hisoutab.presentation.textfit import fit_text

from ..rules.state import Site
from . import cards, facts

GANG_FILL = {"sparta": "#f6d5c8", "ninkyo": "#dcd3f2", "raiders": "#cfe3f3", "commons": "#d8efcf"}
TAG_FILL = {"shelter": "#fff0b8", "body_switch": "#cdeeea"}
#: an unrevealed place (``""`` on the map: its tile is drawn when it is explored)
UNREVEALED_PLACE = Site()
PLAIN, UNREVEALED = "#efece4", "#55586a"
CELL_W, CELL_H = 134.0, 84.0


def district(ctx: Any, tile: str) -> tuple[str, str]:
    """(fill, kind in words) of a face-up tile: the Shelter, a gang district, a body-switch clinic,
    a market or another district."""
    e = facts.entry(ctx, tile, "tiles")
    gang = getattr(e, "gang", None)
    if gang:
        return GANG_FILL.get(gang, PLAIN), f"{gang} district"
    tags = tuple(getattr(e, "tags", ()) or ())
    for tag, fill in TAG_FILL.items():
        if tag in tags:
            return fill, "the Shelter" if tag == "shelter" else "body-switch district"
    return PLAIN, "district"


def draw_map(
    ctx: Any, state: Any, x: float, y: float, width: float, *, lit: frozenset[str], designer: bool
) -> tuple[str, float]:
    rows = len(state.map)
    cols = max((len(r) for r in state.map), default=0)
    cw = min(CELL_W, (width - 4 * max(cols - 1, 0)) / max(cols, 1))
    parts = [
        text(x, y + 14, "map", size=14, weight="bold"),
        text(x + 40, y + 14, f"{len(state.tile_stack)} face-down tiles to reveal", size=10, fill=MUTED),
    ]
    top = y + 24
    for r, row in enumerate(state.map):
        for c, place in enumerate(row):
            site = place if isinstance(place, Site) else UNREVEALED_PLACE
            sx, sy = x + c * (cw + 4), top + r * (CELL_H + 4)
            marker = state.markers[r][c] if r < len(state.markers) and c < len(state.markers[r]) else ""
            parts.append(_site(ctx, site, marker, r, c, sx, sy, cw, lit=lit, designer=designer))
    _figures(state, x, top, cw, parts)
    return "".join(parts), 24 + rows * (CELL_H + 4)


def _site(
    ctx: Any,
    site: Any,
    marker: str,
    r: int,
    c: int,
    x: float,
    y: float,
    w: float,
    *,
    lit: frozenset[str],
    designer: bool,
) -> str:
    address = f"map[{r}][{c}]"
    on = address in lit or (site.tile in lit and site.up)
    parts: list[str] = []
    if site.up and site.tile:
        fill, kind = district(ctx, site.tile)
        e = facts.entry(ctx, site.tile, "tiles")
        words = cards.tile_words(ctx, site.tile) + f" · {kind}"
        name = fit_text(facts.name(ctx, site.tile, "tiles"), w - 10, 12, bold=True, smallest=9)
        parts.append(_frame(x, y, w, fill, "#777777", on))
        for k, line in enumerate(name.lines):
            parts.append(
                text(x + 6, y + 6 + name.size + k * name.line_height, line, size=name.size, weight="bold")
            )
        cost = f"entry {e.entry} · stay {e.stay}" if e is not None else ""
        parts.append(text(x + 6, y + CELL_H - 36, kind, size=9, fill=MUTED))
        parts.append(text(x + 6, y + CELL_H - 24, cost, size=9, fill=MUTED))
        if marker:  # A-32 Reading 2: revealed, the marker waits for the first player to enter
            parts.append(_marker(ctx, marker, (x + 14, y + CELL_H - 12), (x + 26, y + CELL_H - 8), "#222222"))
            words += f" · {cards.marker_words(ctx, marker)}"
        return el(
            "g",
            {"class": "site revealed", "data-cell": address, "data-card": site.tile},
            title(f"{address}: {words}"),
            *parts,
        )
    hidden_tile = site.tile if site.tile and designer and site.tile != facts.HIDDEN else ""
    words = f"{address}: an unrevealed place" + (
        f" (face down: {facts.name(ctx, hidden_tile, 'tiles')})" if hidden_tile else ""
    )
    if marker:
        words += f" · {cards.marker_words(ctx, marker)}"
    parts.append(_frame(x, y, w, UNREVEALED, "#333333", on))
    parts.append(text(x + w / 2, y + 38, "?", size=26, anchor="middle", weight="bold", fill="#ffffff"))
    if marker:
        parts.append(_marker(ctx, marker, (x + 14, y + 14), (x + 26, y + 18), "#ffffff"))
    if hidden_tile:
        parts.append(
            text(
                x + w / 2,
                y + CELL_H - 24,
                f"face down: {facts.name(ctx, hidden_tile, 'tiles')}",
                size=9,
                anchor="middle",
                fill="#dddddd",
            )
        )
    return el(
        "g",
        {"class": "site unrevealed", "data-cell": address, "data-card": hidden_tile or None},
        title(words),
        *parts,
    )


def _marker(ctx: Any, marker: str, disc: tuple[float, float], at: tuple[float, float], fill: str) -> str:
    """The exploration marker: a yellow disc (its centre ``disc``) with its name at ``at``."""
    return el(
        "g",
        {"class": "marker", "data-card": marker},
        title(cards.marker_words(ctx, marker)),
        el("circle", {"cx": disc[0], "cy": disc[1], "r": 8, "fill": "#ffd95a", "stroke": "#222222"}),
        text(at[0], at[1], facts.name(ctx, marker, "markers"), size=9, fill=fill),
    )


def _frame(x: float, y: float, w: float, fill: str, stroke: str, lit: bool) -> str:
    return el("rect", {"x": x, "y": y, "width": w, "height": CELL_H, "rx": 6, "fill": fill,
                       "stroke": HIGHLIGHT if lit else stroke, "stroke-width": 3 if lit else 1})


def _figures(state: Any, x: float, top: float, cw: float, parts: list[str]) -> None:
    """Each character's figure: a disc in the player's colour with the player's name, several in a
    place side by side (TM-ACT-1)."""
    by_place: dict[tuple[int, int], list[int]] = {}
    for seat, p in enumerate(state.players):
        by_place.setdefault(tuple(p.at), []).append(seat)
    for (r, c), seats in sorted(by_place.items()):
        for k, seat in enumerate(seats):
            fx = x + c * (cw + 4) + cw - 13 - k * 21
            fy = top + r * (CELL_H + 4) + CELL_H - 12
            name = state.players[seat].name
            parts.append(
                el(
                    "g",
                    {"class": "figure", "data-player": name},
                    title(f"{name}'s character at map[{r}][{c}]"),
                    el(
                        "circle",
                        {
                            "cx": fx,
                            "cy": fy,
                            "r": 9.5,
                            "fill": player_color(seat),
                            "stroke": "#ffffff",
                            "stroke-width": 2,
                        },
                    ),
                    text(fx, fy + 4, name, size=9, anchor="middle", weight="bold", fill="#ffffff"),
                )
            )
