"""Reading a sweep's results: win rates with Wilson confidence intervals per setting, game lengths,
the first player's advantage; as figures (:func:`summarize`) and as rich tables (:func:`tables`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion of ``k`` successes in ``n`` trials."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile, interpolated linearly between order statistics (as pandas does)."""
    xs = sorted(values)
    if not xs:
        return math.nan
    pos = (len(xs) - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def rate(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"count": k, "rate": k / n if n else math.nan, "low": lo, "high": hi}


def lengths(rows: Sequence[dict[str, Any]], figures: Sequence[str]) -> dict[str, dict[str, float]]:
    out = {}
    for name in ("steps", "decisions", *figures):
        xs = [float(r[name]) for r in rows if r.get(name) is not None]
        out[name] = {"mean": sum(xs) / len(xs) if xs else math.nan, "p10": quantile(xs, 0.1),
                     "median": quantile(xs, 0.5), "p90": quantile(xs, 0.9)}
    return out


def cooperative(rows: Sequence[dict[str, Any]]) -> bool:
    """Whether the games are co-operative (a victory or defeat for all, no player's win)."""
    return any(r["outcome"] in ("victory", "defeat") for r in rows)


def setting_summary(rows: Sequence[dict[str, Any]], figures: Sequence[str]) -> dict[str, Any]:
    """The figures of one setting's games."""
    n = len(rows)
    outcomes = [r["outcome"] for r in rows]
    seats = {p for r in rows for p in (r.get("seats") or "").split(",") if p}
    won = {r["winner"] for r in rows if r["outcome"] == "win"}
    winners = [] if cooperative(rows) else sorted(seats | won)  # every seat, its 0 wins too
    out: dict[str, Any] = {"games": n, "unfinished": outcomes.count("unfinished"),
                           "draws": rate(outcomes.count("draw"), n)}
    out["wins"] = {w: rate(sum(1 for r in rows if r["winner"] == w), n) for w in winners}
    if "victory" in outcomes or "defeat" in outcomes:
        out["victories"] = rate(outcomes.count("victory"), n)
    decided = [r for r in rows if r["outcome"] == "win" and r.get("first_player")]
    out["first_player_wins"] = rate(sum(1 for r in decided if r["winner"] == r["first_player"]),
                                    len(decided))
    out["lengths"] = lengths(rows, figures)
    return out


def summarize(rows: Sequence[dict[str, Any]], figures: Sequence[str] = ()) -> dict[str, dict[str, Any]]:
    """Setting → its figures (:func:`setting_summary`), settings in their stored order."""
    by: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by.setdefault(r["setting"], []).append(r)
    return {s: setting_summary(rs, figures) for s, rs in by.items()}


def load(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(the plan, the rows) of a stored sweep (refused in one line when it is not one)."""
    import pyarrow.parquet as pq

    from hisoutab.engine.errors import InputError
    from hisoutab.lab.store import stored_plan

    plan = stored_plan(path)
    if plan is None:
        raise InputError("not a sweep's results (a Parquet file written by hisoutab sweep)",
                         file=str(path), field="--report")
    return plan, pq.read_table(path).to_pylist()


def _ci(r: dict[str, Any]) -> str:
    if not r["count"] and math.isnan(r["rate"]):
        return "–"
    return f"{r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}]"


def tables(plan: dict[str, Any], summary: dict[str, dict[str, Any]], figures: Sequence[str]) -> list[Any]:
    """The rich tables of a summary: outcomes per setting, then lengths per setting."""
    from rich.markup import escape
    from rich.table import Table

    players = sorted({w for s in summary.values() for w in s["wins"]})
    coop = any("victories" in s for s in summary.values())
    head = Table(title=escape(f"{plan['ruleset']} · agents {','.join(plan['agents'])} · "
                              "win rates, 95 % Wilson intervals"))
    for col in ("setting", "games", *(["victory"] if coop else [f"{p} wins" for p in players]),
                "draw", "first player wins", "unfinished"):
        head.add_column(col, justify="left" if col == "setting" else "right", no_wrap=True)
    for name, s in summary.items():
        cells = ([_ci(s["victories"])] if coop else
                 [_ci(s["wins"][p]) if p in s["wins"] else "0" for p in players])
        head.add_row(escape(name), str(s["games"]), *cells, _ci(s["draws"]), _ci(s["first_player_wins"]),
                     str(s["unfinished"]))
    size = Table(title=escape("game lengths: median [p10, p90]"))
    size.add_column("setting", no_wrap=True)
    names = ("steps", "decisions", *figures)
    for n in names:
        size.add_column(n, justify="right", no_wrap=True)
    for name, s in summary.items():
        size.add_row(escape(name), *(f"{s['lengths'][n]['median']:,.0f} [{s['lengths'][n]['p10']:,.0f}, "
                             f"{s['lengths'][n]['p90']:,.0f}]" for n in names))
    return [head, size]
