"""``hisoutab export html``: a scenario's line of play as one self-contained HTML page, to share
(see docs/scenarios.md). Imported by :mod:`hisoutab.cli.main`, which adds the ``export`` group.
"""

from __future__ import annotations

from pathlib import Path

import click

from hisoutab.cli.common import friendly
from hisoutab.engine.errors import InputError
from hisoutab.engine.files import check_target, write_file

__all__ = ["export", "export_html", "write_line_page"]

SUFFIXES = (".html", ".htm")


def write_line_page(file: str | Path, out: str | Path, *, force: bool = False,
                    rules_base: str | None = None, moments: bool = True) -> Path:
    """Run the scenario ``file`` and write the page of its line of play to ``out``. Clause links
    lead to ``rules_base`` + the rules page when given; else, when ``out`` lies in the repository,
    to the rules page seen from ``out``'s folder; else the clause IDs carry their text as a tooltip.
    An existing ``out`` is replaced only with ``force``, unless hisoutab wrote it."""
    from hisoutab.presentation.line_page import line_page, rules_base_for
    from hisoutab.presentation.marking import mark
    from hisoutab.scenarios.runner import run_file

    path = Path(out)
    if path.suffix.lower() not in SUFFIXES:
        raise InputError(f"{str(out)!r}: expected a file ending in .html or .htm", field="-o")
    check_target(path, force=force, replaceable=True)
    result = run_file(file, golden=False)
    game, sc = result.game, result.scenario
    if game is None or sc is None:
        raise InputError(result.report(), file=str(file))
    base = rules_base_for(path, game.ruleset) if rules_base is None else _base(rules_base)
    if result.passed:
        checked = f"its {result.checked} checkpoint(s) hold" if result.checked else "it has no checkpoint"
    else:
        checked = f"{len(result.failures)} expectation(s) fail: {str(result.failures[0]).splitlines()[0]}"
    notes = [f"scenario file: {file} — {checked}"]
    page = line_page(game, title=sc.name, description=sc.description, rules_base=base, notes=notes,
                     stopped=result.stopped, moments=moments)
    return write_file(path, mark(page, path.suffix), force=force, replaceable=True)


def _base(url: str) -> str:
    return url if not url or url.endswith("/") else url + "/"


@click.group()
def export() -> None:
    """Export a line of play to share it."""


@export.command("html")
@click.argument("file", type=click.Path(dir_okay=False), metavar="SCENARIO.yaml")
@click.option("-o", "--out", required=True, metavar="OUT.html", help="The page to write.")
@click.option("--rules-base", default=None, metavar="URL",
              help="Where the repository is published (its root); clause links become "
                   "URL/docs/rules/<ruleset>.md#CLAUSE. Default: the way from OUT to the rules page "
                   "when OUT lies in the repository, else no links (the clause text as a tooltip).")
@click.option("--moments/--no-moments", default=True, show_default=True,
              help="Also draw the state after each moment (a hit, a guard, a spell…).")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@friendly
def export_html(file: str, out: str, rules_base: str | None, moments: bool, force: bool) -> None:
    """Write the line of play of a scenario FILE as one HTML page that opens in any browser: the
    header, the step log with clause links, each choice with the options offered, and the state
    pictures at the start, after each choice, at each moment and at the end."""
    path = write_line_page(file, out, force=force, rules_base=rules_base, moments=moments)
    click.echo(f"wrote {path}")


COMMANDS = (export,)
