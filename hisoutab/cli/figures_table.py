"""The figures of ``stats`` and ``bench`` as rich tables: single figures in one table, the figures
given per player (wins, win rates, …) in one table with a row per player, distributions (mean,
median, percentiles) in one table with a row per figure, and lists as a line each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1 else f"{value:,.1f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return "—" if value is None else str(value)


def _is_distribution(value: Any) -> bool:
    return (isinstance(value, Mapping) and bool(value)
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value.values())
            and "mean" in value)


def figures_table(result: Mapping[str, Any], title: str | None = None) -> RenderableType:
    """One renderable of ``result`` (a ``random_stats`` or ``bench`` dict): see the module."""
    singles = Table(title=title, show_header=False, box=None, padding=(0, 2, 0, 0))
    singles.add_column(style="bold", justify="right")
    singles.add_column(justify="right")
    per_key: dict[str, dict[str, Any]] = {}
    spreads: dict[str, Mapping[str, Any]] = {}
    lists: list[Text] = []
    for key, value in result.items():
        if _is_distribution(value):
            spreads[key] = value
        elif isinstance(value, Mapping):
            per_key[key] = dict(value)
        elif isinstance(value, (list, tuple)):
            lists.append(Text.assemble((f"{key}: ", "bold"), ", ".join(map(str, value)) or "none"))
        else:
            singles.add_row(key, _cell(value))
    parts: list[RenderableType] = [singles]
    if per_key:
        rows = list(dict.fromkeys(k for v in per_key.values() for k in v))
        table = Table(title="by player")
        table.add_column("")
        for name in per_key:
            table.add_column(name.replace("_", " "), justify="right")
        for row in rows:
            table.add_row(str(row), *(_cell(per_key[name].get(row)) for name in per_key))
        parts.append(table)
    if spreads:
        columns = list(dict.fromkeys(c for v in spreads.values() for c in v))
        table = Table(title="lengths")
        table.add_column("")
        for column in columns:
            table.add_column(column, justify="right")
        for name, spread in spreads.items():
            table.add_row(name.replace("_", " "), *(_cell(spread.get(c)) for c in columns))
        parts.append(table)
    parts.extend(lists)
    return Group(*parts)
