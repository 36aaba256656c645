"""The results of a sweep as a Parquet file: one row per game, the sweep's plan in the file's
metadata (key ``hisoutab.sweep``), rows ordered by setting and game so that the same sweep gives
the same file wherever it ran.

Columns: ``setting`` (``KEY=VALUE …``), one column per grid key (its value as JSON), ``game``,
``seed``, ``agents`` (one kind per seat), ``seats`` (the players' names, in seat order), ``outcome``
(win, draw, victory, defeat, unfinished),
``winner`` (a player, or ""), ``first_player`` ("" when the ruleset does not say), ``steps``,
``decisions``, the ruleset's ``length_figures`` (``turns``…), ``events.TYPE`` for each of its
``notable_events``, and ``events`` (every key event type counted, as JSON).
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from hisoutab.engine.errors import InputError
from hisoutab.engine.files import write_file

META_KEY = b"hisoutab.sweep"
FIXED = (("setting", pa.string()),)
TAIL = (("game", pa.int64()), ("seed", pa.int64()), ("agents", pa.string()), ("seats", pa.string()),
        ("outcome", pa.string()),
        ("winner", pa.string()), ("first_player", pa.string()), ("steps", pa.int64()),
        ("decisions", pa.int64()))


def schema(plan: Any, ruleset: Any) -> pa.Schema:
    cols = [*FIXED, *((k, pa.string()) for k in plan.keys), *TAIL]
    cols += [(name, pa.int64()) for name in getattr(ruleset, "length_figures", ())]
    cols += [(f"events.{k}", pa.int64()) for k in sorted(getattr(ruleset, "notable_events", None) or ())]
    cols.append(("events", pa.string()))
    meta = {META_KEY: json.dumps(plan.describe(), sort_keys=True).encode()}
    return pa.schema(cols, metadata=meta)


def to_table(rows: Sequence[dict[str, Any]], plan: Any, ruleset: Any) -> pa.Table:
    ordered = sorted(rows, key=lambda r: (r["setting"], r["game"]))
    return pa.Table.from_pylist(ordered, schema=schema(plan, ruleset))


def write(path: str | Path, table: pa.Table, *, force: bool = True) -> None:
    buffer = io.BytesIO()
    pq.write_table(table, buffer)
    write_file(path, buffer.getvalue(), force=force)


def stored_plan(path: str | Path) -> dict[str, Any] | None:
    """The plan a sweep's file was written with; None when ``path`` is not one."""
    try:
        meta = pq.read_schema(path).metadata or {}
    except (OSError, pa.ArrowInvalid):
        return None
    raw = meta.get(META_KEY)
    return json.loads(raw) if raw else None


def read_rows(path: str | Path, plan: Any) -> list[dict[str, Any]]:
    """The rows of a stored sweep that ``plan`` extends; refused when it was another sweep."""
    stored = stored_plan(path)
    if stored is None:
        raise InputError("exists and is not a sweep's results; give --force to replace it, or "
                         "another -o", file=str(path), field="-o")
    here = plan.describe()
    differ = [k for k in ("ruleset", "agents", "max_steps", "seed", "keys", "options", "setup")
              if stored.get(k) != here[k]]
    if differ:
        raise InputError("holds another sweep (its " + ", ".join(
            f"{k} {json.dumps(stored.get(k))}" for k in differ) + "); extend it with the same "
            "ruleset, agents, seed, grid keys and fixed options, or write another -o",
            file=str(path), field="-o")
    rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    return rows
