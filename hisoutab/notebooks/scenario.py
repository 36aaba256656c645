"""A scenario as an executed notebook: its step table and the state picture at each checkpoint (the
start, every scripted choice, the end), stored with outputs so nbval can keep checking it.

``nbformat`` and ``nbclient`` are imported inside :func:`scenario_notebook`, so neither the library
nor the command line loads a Jupyter package until a notebook is asked for.
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hisoutab.engine.errors import InputError
from hisoutab.engine.files import check_target, write_file


def md(text: str) -> str:
    """Text from a file, safe in a Markdown cell: HTML escaped, Markdown's own marks backslashed."""
    out = html.escape(text, quote=True)
    for ch in "\\`*_[]{}()#+!|~>":
        out = out.replace(ch, "\\" + ch)
    return out.replace("\n", " ")


def _cells(scenario_path: str, name: str, description: str, picks: list[tuple[int, str]]) -> list[Any]:
    import nbformat.v4

    nbf: Any = nbformat.v4  # nbformat has no type hints

    cells = [
        nbf.new_markdown_cell(f"# {md(name)}\n\n{md(description)}\n\nMade from the scenario file "
                              f"{md(scenario_path)} by `hisoutab notebook`. Re-run it to see the "
                              "rules play the situation again; nbval checks it stays the same."),
        nbf.new_code_cell(
            "from hisoutab.presentation import StatePicture\n"
            "from hisoutab.scenarios.runner import run_file\n\n"
            f"result = run_file({scenario_path!r})\n"
            "game = result.game\n"
            "print('all expectations hold' if result.passed else result.report())"),
        nbf.new_markdown_cell("## The steps\n\nIndex, timeline cell, step, clauses, what happened."),
        nbf.new_code_cell("for step in game.history:\n    print(step.line())"),
    ]
    for index, title in picks:
        cells.append(nbf.new_markdown_cell(f"## {md(title)}"))
        if index == 0:
            cells.append(nbf.new_code_cell("StatePicture(game.ctx, game.initial)"))
        else:
            cells.append(nbf.new_code_cell(f"StatePicture(game.ctx, game.history[{index - 1}].after)"))
    return cells


def resolved_pythonpath(value: str, cwd: Path) -> str:
    """``PYTHONPATH`` with each entry made absolute against ``cwd`` (an empty entry means ``cwd``)."""
    parts = value.split(os.pathsep)
    return os.pathsep.join(str((cwd / (p or ".")).resolve()) for p in parts)


@contextmanager
def absolute_pythonpath() -> Iterator[None]:
    """While the notebook's kernel starts: a relative ``PYTHONPATH`` (``PYTHONPATH=. hisoutab
    notebook …`` in a ruleset's folder) resolved against the folder the command was run in — the
    kernel runs in the notebook's folder, where the relative entries would name other folders."""
    old = os.environ.get("PYTHONPATH")
    if old:
        os.environ["PYTHONPATH"] = resolved_pythonpath(old, Path.cwd())
    try:
        yield
    finally:
        if old is not None:
            os.environ["PYTHONPATH"] = old


def scenario_notebook(scenario: str | Path, out: str | Path, *, execute: bool = True,
                      timeout: int = 300, force: bool = False) -> Path:
    """Write ``out`` (.ipynb): the scenario's step table and pictures, executed with outputs. An
    existing ``out`` is replaced only with ``force``; the write is atomic."""
    import nbformat as nbformat_module
    from nbclient import NotebookClient

    nbformat: Any = nbformat_module  # nbformat has no type hints

    from hisoutab.scenarios.runner import run_file

    out = Path(out)
    if out.suffix != ".ipynb":
        raise InputError(f"{str(out)!r}: expected a file ending in .ipynb", field="-o")
    check_target(out, force=force)
    result = run_file(scenario)
    if result.game is None:
        raise InputError(result.report(), file=str(scenario))
    game = result.game
    sc = result.scenario
    picks = [(0, "At the start")]
    for step in game.history:
        if step.choice:
            who = "; ".join(f"{p}: {label}" for p, label in step.choice.items())
            picks.append((step.index + 1, f"After step {step.index} — {who}"))
    if len(game.history) and picks[-1][0] != len(game.history):
        picks.append((len(game.history), f"At the end (step {len(game.history) - 1})"))
    rel = os.path.relpath(Path(scenario).resolve(), out.parent.resolve())
    nb = nbformat.v4.new_notebook()
    nb.cells = _cells(rel, sc.name if sc else str(scenario), sc.description if sc else "", picks)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    if execute:
        with absolute_pythonpath():
            NotebookClient(nb, timeout=timeout, kernel_name="python3",
                           resources={"metadata": {"path": str(out.parent.resolve())}}).execute()
    return write_file(out, nbformat.writes(nb) + "\n", force=force)
