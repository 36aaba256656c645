"""The generic picture of any state: its record tree, as SVG and as rich text.

Every record field is one row (``name: value``); records nest as indented boxes, lists of records
as numbered boxes, lists of plain values on one line (shortened past a limit). A field the ruleset
declares as a ``grid`` zone is drawn whole: one row per grid row, one box per cell (the card, ``·``
for an empty cell, ``?`` for a hidden one); a highlight ``"<zone>[r][c]"`` marks a cell. The
players' records wear the players' colours. The picture is bounded: past :data:`MAX_ROWS` rows the
rest is summarised in one row. All text is escaped.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from hisoutab.engine.record import is_record

from .svg import FONT, HIGHLIGHT, INK, MUTED, el, player_color, player_light, text
from .textfit import text_width

MAX_ROWS = 160
ROW = 18
INDENT = 18
WIDTH = 760
SKIP = ("agenda", "rng")
CELL_CHARS = 16  # a cell's text is shortened past this many characters
CELL_PAD = 10
ADDRESS = re.compile(r"^(?P<zone>[A-Za-z_][\w.-]*)\[(?P<r>\d+)\]\[(?P<c>\d+)\]$")


class Row(NamedTuple):
    """One row of the picture: a field (``label: value``), a record's heading, or a grid row
    (``cells``, its zone's name and its index ``r``). ``player``: the index of the player whose
    record this heading opens."""

    depth: int
    label: str
    value: str
    heading: bool
    cells: tuple[str, ...] | None = None
    zone: str = ""
    r: int = -1
    player: int | None = None


@dataclasses.dataclass(frozen=True)
class Grids:
    """The grid zones of a ruleset, by the field that holds them: zone name, token card attribute,
    token face attribute; and the field of the players' records."""

    fields: Mapping[str, tuple[str, str, str]] = dataclasses.field(default_factory=dict)
    players_field: str = "players"

    @classmethod
    def of(cls, ruleset: Any) -> Grids:
        zones = tuple(getattr(ruleset, "zones", ()) or ())
        fields = {z.attr: (z.name, z.card_attr, getattr(z, "face_attr", "") or "")
                  for z in zones if z.kind == "grid"}
        return cls(fields, getattr(ruleset, "players_field", "players") or "players")


def address(item: Any) -> tuple[str, int, int] | None:
    """``"map[1][2]"`` as (zone, row, column); None for anything else."""
    m = ADDRESS.match(item) if isinstance(item, str) else None
    return (m["zone"], int(m["r"]), int(m["c"])) if m else None


def _plain(v: Any, limit: int = 90) -> str:
    if v is None:
        return "—"
    if isinstance(v, tuple):
        v = list(v)
    s = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
    return s if len(s) <= limit else s[: limit - 1] + "…"


def cell_text(cell: Any, card_attr: str = "", face_attr: str = "") -> str:
    """What a grid cell shows: its card (a token's card; ``↓`` after a face-down token's), ``·`` when
    empty."""
    if is_record(cell):
        card = getattr(cell, card_attr, None) if card_attr else None
        shown = _plain(card, CELL_CHARS) if card else type(cell).__name__
        if face_attr and not getattr(cell, face_attr, True):
            shown += " ↓"
        return shown
    if cell in ("", None):
        return "·"
    return _plain(cell, CELL_CHARS)


def _is_grid(value: Any) -> bool:
    return isinstance(value, tuple) and all(isinstance(r, tuple) for r in value)


class _Walk:
    def __init__(self, grids: Grids) -> None:
        self.grids = grids
        self.out: list[Row] = []

    def rows(self, value: Any, depth: int, name: str, player: int | None = None) -> None:
        """The rows of ``value`` (the field ``name``) at ``depth``."""
        out = self.out
        if len(out) > MAX_ROWS:
            return
        if is_record(value):
            out.append(Row(depth, name, type(value).__name__, True, player=player))
            for f in dataclasses.fields(value):
                if depth == 0 and f.name in SKIP:
                    continue
                self.field(getattr(value, f.name), depth + 1, f.name)
            return
        out.append(Row(depth, name, _plain(value), False))

    def field(self, value: Any, depth: int, name: str) -> None:
        grid = self.grids.fields.get(name)
        if grid is not None and _is_grid(value):
            self.grid(value, depth, name, grid)
        elif isinstance(value, tuple) and value and all(is_record(x) for x in value):
            self.out.append(Row(depth, name, f"{len(value)} records", True))
            players = depth == 1 and name == self.grids.players_field
            for k, x in enumerate(value):
                label = getattr(x, "name", None) or f"[{k}]"
                self.rows(x, depth + 1, str(label), k if players else None)
        else:
            self.rows(value, depth, name)

    def grid(self, value: tuple[tuple[Any, ...], ...], depth: int, name: str,
             grid: tuple[str, str, str]) -> None:
        zone, card_attr, face_attr = grid
        width = max((len(r) for r in value), default=0)
        self.out.append(Row(depth, name, f"grid {len(value)}×{width}", True))
        for r, cells in enumerate(value):
            shown = tuple(cell_text(c, card_attr, face_attr) for c in cells)
            self.out.append(Row(depth + 1, f"[{r}]", " | ".join(shown), False, cells=shown, zone=zone,
                                r=r))


def rows(state: Any, grids: Grids | None = None) -> list[Row]:
    walk = _Walk(grids or Grids())
    walk.rows(state, 0, "state")
    out = walk.out
    if len(out) > MAX_ROWS:
        extra = len(out) - MAX_ROWS
        out = out[:MAX_ROWS] + [Row(0, "…", f"{extra} more rows not shown", False)]
    return out


def _cell_width(items: Iterable[Row]) -> float:
    texts = [c for row in items if row.cells for c in row.cells]
    return max([40.0] + [text_width(c, 12) + 2 * CELL_PAD for c in texts])


def _row_width(row: Row, cell_w: float) -> float:
    x = 14 + INDENT * row.depth + 8 + 7.2 * (len(row.label) + 1)
    if row.cells is not None:
        return x + cell_w * len(row.cells) + 14
    return x + text_width(row.value, 12) + 14


def _cells_svg(row: Row, x: float, y: float, cell_w: float, lit: set[tuple[str, int, int]]) -> list[str]:
    parts = []
    for c, shown in enumerate(row.cells or ()):
        on = (row.zone, row.r, c) in lit
        cls = "cell touched" if on else "cell"
        parts.append(el("rect", {"class": cls, "x": x + cell_w * c, "y": y - 13, "width": cell_w - 2,
                                 "height": ROW - 2, "rx": 2, "fill": "#fff4e0" if on else "#f7f7f7",
                                 "stroke": HIGHLIGHT if on else "#bbbbbb",
                                 "stroke-width": 2 if on else 1,
                                 "data-cell": f"{row.zone}[{row.r}][{c}]"}))
        parts.append(text(x + cell_w * c + (cell_w - 2) / 2, y, shown, size=12, anchor="middle",
                          fill=INK, cls="cell-text"))
    return parts


def record_svg(state: Any, *, title: str = "", prefix: str = "hs", highlight: tuple[Any, ...] = (),
               grids: Grids | None = None) -> str:
    """An SVG picture of ``state``'s record tree (scales to its box: a viewBox, width 100% and no fixed
    height; the viewBox is wide enough for the longest row, at least :data:`WIDTH`). ``grids``: the
    ruleset's grid zones, drawn whole; a highlight ``"<zone>[r][c]"`` marks that cell."""
    items = rows(state, grids)
    lit = {a for a in (address(h) for h in highlight) if a is not None}
    top = 40
    height = top + ROW * len(items) + 16
    cell_w = _cell_width(items)
    width = max([WIDTH] + [round(_row_width(row, cell_w)) for row in items])
    heading_text = title or type(state).__name__
    marks = f"touched: {', '.join(_plain(h, 30) for h in highlight)}" if highlight else ""
    if marks:
        head_w = text_width(heading_text, 16, bold=True) + text_width(marks, 12)
        width = max(width, round(14 + head_w + 24 + 14))
    parts = [text(14, 26, heading_text, size=16, weight="bold", cls="title")]
    for k, row in enumerate(items):
        y = top + ROW * k + 12
        x = 14 + INDENT * row.depth
        who = row.player
        if row.heading:
            parts.append(el("rect", {"x": x - 4, "y": y - 13, "width": width - x - 10, "height": ROW - 2,
                                     "rx": 3, "fill": "#eef1f5" if who is None else player_light(who)}))
        label_fill = INK if who is None else player_color(who)
        parts.append(text(x, y, f"{row.label}:", size=12, weight="bold" if row.heading else None,
                          fill=label_fill, cls="field"))
        vx = x + 8 + 7.2 * (len(row.label) + 1)
        if row.cells is not None:
            parts.extend(_cells_svg(row, vx, y, cell_w, lit))
        else:
            parts.append(text(vx, y, row.value, size=12, fill=MUTED if row.heading else INK,
                              cls="value"))
    if marks:
        parts.append(text(width - 14, 26, marks, size=12, anchor="end", fill=HIGHLIGHT, cls="touched"))
    root = {"xmlns": "http://www.w3.org/2000/svg", "id": f"{prefix}-root", "class": "hisoutab-state",
            "viewBox": f"0 0 {width} {height}", "width": "100%", "font-family": FONT,
            "preserveAspectRatio": "xMinYMin meet"}
    return el("svg", root, el("title", {"id": f"{prefix}-title"}, text=title or "state"),
              el("rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": "#ffffff"}),
              *parts) + "\n"


def record_tree(state: Any, *, title: str = "", grids: Grids | None = None) -> Any:
    """The record tree as a rich ``Tree`` (a grid's rows as ``a | b | ·`` lines)."""
    from rich.markup import escape
    from rich.tree import Tree

    root = Tree(escape(title or type(state).__name__))
    stack: list[tuple[int, Any]] = [(-1, root)]
    for row in rows(state, grids)[1:]:
        while stack and stack[-1][0] >= row.depth:
            stack.pop()
        parent = stack[-1][1] if stack else root
        node = parent.add(f"[bold]{escape(row.label)}[/bold]: {escape(row.value)}" if row.heading
                          else f"{escape(row.label)}: {escape(row.value)}")
        if row.heading:
            stack.append((row.depth, node))
    return root
