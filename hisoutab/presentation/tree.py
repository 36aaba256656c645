"""The generic picture of any state: its record tree, as SVG and as rich text.

Every record field is one row (``name: value``); records nest as indented boxes, lists of records
as numbered boxes, lists of plain values on one line (shortened past a limit). The picture is
bounded: past :data:`MAX_ROWS` rows the rest is summarised in one row. All text is escaped.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from hisoutab.engine.record import is_record

from .svg import FONT, HIGHLIGHT, INK, MUTED, el, text
from .textfit import text_width

MAX_ROWS = 160
ROW = 18
INDENT = 18
WIDTH = 760
SKIP = ("agenda", "rng")


def _plain(v: Any, limit: int = 90) -> str:
    if v is None:
        return "—"
    if isinstance(v, tuple):
        v = list(v)
    s = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
    return s if len(s) <= limit else s[: limit - 1] + "…"


def _rows(value: Any, depth: int, out: list[tuple[int, str, str, bool]], name: str) -> None:
    """(depth, label, value text, is a heading) rows."""
    if len(out) > MAX_ROWS:
        return
    if is_record(value):
        out.append((depth, name, type(value).__name__, True))
        for f in dataclasses.fields(value):
            if depth == 0 and f.name in SKIP:
                continue
            _rows(getattr(value, f.name), depth + 1, out, f.name)
        return
    if isinstance(value, tuple) and value and all(is_record(x) for x in value):
        out.append((depth, name, f"{len(value)} records", True))
        for k, x in enumerate(value):
            label = getattr(x, "name", None) or f"[{k}]"
            _rows(x, depth + 1, out, str(label))
        return
    out.append((depth, name, _plain(value), False))


def rows(state: Any) -> list[tuple[int, str, str, bool]]:
    out: list[tuple[int, str, str, bool]] = []
    _rows(state, 0, out, "state")
    if len(out) > MAX_ROWS:
        extra = len(out) - MAX_ROWS
        out = out[:MAX_ROWS] + [(0, "…", f"{extra} more rows not shown", False)]
    return out


def record_svg(state: Any, *, title: str = "", prefix: str = "hs",
               highlight: tuple[Any, ...] = ()) -> str:
    """An SVG picture of ``state``'s record tree (scales to its box: a viewBox, width 100% and no fixed
    height; the viewBox is wide enough for the longest row, at least :data:`WIDTH`)."""
    items = rows(state)
    top = 40
    height = top + ROW * len(items) + 16
    # wide enough for the longest row (values are shortened at 90 characters, labels are not)
    width = max([WIDTH] + [round(14 + INDENT * d + 8 + 7.2 * (len(label) + 1) + text_width(value, 12) + 14)
                           for d, label, value, _ in items])
    heading_text = title or type(state).__name__
    marks = f"touched: {', '.join(_plain(h, 30) for h in highlight)}" if highlight else ""
    if marks:
        head_w = text_width(heading_text, 16, bold=True) + text_width(marks, 12)
        width = max(width, round(14 + head_w + 24 + 14))
    parts = [text(14, 26, heading_text, size=16, weight="bold", cls="title")]
    for k, (depth, label, value, heading) in enumerate(items):
        y = top + ROW * k + 12
        x = 14 + INDENT * depth
        if heading:
            parts.append(el("rect", {"x": x - 4, "y": y - 13, "width": width - x - 10, "height": ROW - 2,
                                     "rx": 3, "fill": "#eef1f5"}))
        parts.append(text(x, y, f"{label}:", size=12, weight="bold" if heading else None,
                          fill=INK, cls="field"))
        parts.append(text(x + 8 + 7.2 * (len(label) + 1), y, value, size=12,
                          fill=MUTED if heading else INK, cls="value"))
    if marks:
        parts.append(text(width - 14, 26, marks, size=12, anchor="end", fill=HIGHLIGHT, cls="touched"))
    root = {"xmlns": "http://www.w3.org/2000/svg", "id": f"{prefix}-root", "class": "hisoutab-state",
            "viewBox": f"0 0 {width} {height}", "width": "100%", "font-family": FONT,
            "preserveAspectRatio": "xMinYMin meet"}
    return el("svg", root, el("title", {"id": f"{prefix}-title"}, text=title or "state"),
              el("rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": "#ffffff"}),
              *parts) + "\n"


def record_tree(state: Any, *, title: str = "") -> Any:
    """The record tree as a rich ``Tree``."""
    from rich.markup import escape
    from rich.tree import Tree

    root = Tree(escape(title or type(state).__name__))
    stack: list[tuple[int, Any]] = [(-1, root)]
    for depth, label, value, heading in rows(state)[1:]:
        while stack and stack[-1][0] >= depth:
            stack.pop()
        parent = stack[-1][1] if stack else root
        node = parent.add(f"[bold]{escape(label)}[/bold]: {escape(value)}" if heading
                          else f"{escape(label)}: {escape(value)}")
        if heading:
            stack.append((depth, node))
    return root
