"""Files a scenario's setup names by path (a deck file, a fighter file, a character file): each
path resolves against the scenario's own folder, never the working folder, for every ruleset and
every setup field, so that a same-named file elsewhere is never loaded instead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hisoutab.engine.yamlio import Located

FILE_SUFFIXES = (".yaml", ".yml")


def is_file_name(value: Any) -> bool:
    """A text that names a file (``decks/mine.yaml``), not an id (``reimu``)."""
    return isinstance(value, str) and Path(value).suffix in FILE_SUFFIXES


def resolve_paths(loc: Located, value: Any, where: tuple[str | int, ...]) -> Any:
    """``value`` (a setup field) with every file name in it, however deep, made a path from the
    scenario's folder; a file that is not there is refused at its line."""
    if isinstance(value, list):
        return [resolve_paths(loc, v, where + (k,)) for k, v in enumerate(value)]
    if isinstance(value, dict):
        return {k: resolve_paths(loc, v, where + (k,)) for k, v in value.items()}
    if not is_file_name(value):
        return value
    path = Path(value)
    if not path.is_absolute():
        path = Path(loc.file).parent / path
    if not path.is_file():
        raise loc.error(where, f"no such file {value!r} (looked for {path}; a path is relative to "
                        "the scenario's folder)")
    return str(path)
