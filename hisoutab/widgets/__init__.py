"""Jupyter widgets for the games of any ruleset: the :class:`Workbench` (step, decide, branch, view as a
player, edit, export, re-run). What is particular to a game comes from its ruleset's presentation.

This package is the only part of ``hisoutab`` that imports ``ipywidgets`` (``pip install
'hisoutab[lab]'``); ``import hisoutab`` never does. ``Workbench`` is imported lazily, so
``hisoutab.games.hisoutab.v0452.situations`` (crafted positions for notebooks) works without ipywidgets.

>>> from hisoutab.widgets import Workbench  # doctest: +SKIP
>>> Workbench(None, seed=3)                  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

__all__ = ["Workbench", "state_diff"]


def __getattr__(name: str) -> Any:
    if name in ("Workbench", "state_diff"):
        from . import workbench

        return getattr(workbench, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
