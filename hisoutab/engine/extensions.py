"""Designer modules a ruleset imports to extend its data vocabulary without editing the package.

A ruleset whose card files may name effects of a designer's own offers two ways to bring the
designer's Python in: a data file names modules beside it (``extensions: [my_cards]``, the file
``my_cards.py`` in that file's folder), or an installed package declares them in the ruleset's
entry point group. Both end here; what a module registers when it is imported is the ruleset's
business (its own ``register_effect`` and the like)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from .yamlio import Located

_loaded: set[str] = set()


@dataclass(frozen=True)
class CustomEffect:
    """An effect a designer's module registers: its name in data files, the step that applies it
    (its signature is the ruleset's), the value it takes, the clause it cites, its words."""

    name: str
    step: Callable[..., Any]
    value: str
    clause: str
    words: str
_groups_done: set[str] = set()


def load_module(located: Located, path: Sequence[Any], folder: Path, name: str, *,
                prefix: str, beside: str = "the file") -> None:
    """Import the designer module ``name`` (the file ``<name>.py`` in ``folder``) once, as
    ``<prefix>_<name>``; a bad name, a missing file or a module that fails is one located error at
    ``path`` of ``located``."""
    if not name.isidentifier():
        raise located.error(path, f"expected a module name (letters, digits, '_'), got {name!r}")
    file = folder / f"{name}.py"
    key = str(file)
    if key in _loaded:
        return
    if not file.is_file():
        raise located.error(path, f"no module {name}.py beside {beside} (in {folder})")
    spec = importlib.util.spec_from_file_location(f"{prefix}_{name}", file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a designer's module: its failure is the file's problem, told in words
        del sys.modules[spec.name]
        raise located.error(path, f"module {name}.py failed to load: {type(exc).__name__}: {exc}") from None
    _loaded.add(key)


def run_entry_points(group: str, find: Callable[..., Any] = entry_points) -> None:
    """Import the modules installed packages declare in the entry point ``group`` (``find`` lists
    them: :func:`importlib.metadata.entry_points` unless a test gives another)."""
    for ep in find(group=group):
        ep.load()


def load_entry_points(group: str) -> None:
    """:func:`run_entry_points` once per ``group``."""
    if group in _groups_done:
        return
    _groups_done.add(group)
    run_entry_points(group)
