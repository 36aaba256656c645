"""``hisoutab sweep``: the balance lab's sweeps of seeded games over rule options and setups, and
the report of their results (the lab needs the ``balance`` extra: pyarrow, Dask)."""

from __future__ import annotations

from typing import Any

import click

from hisoutab.cli.common import DEFAULT_RULESET, console, friendly, option_items, parse_options
from hisoutab.engine.errors import InputError
from hisoutab.engine.ruleset import get_ruleset


def _lab() -> Any:
    try:
        from hisoutab.lab import report, runner
        from hisoutab.lab.plan import make_plan
    except ImportError as exc:
        raise InputError(f"the balance lab needs {exc.name}: pip install 'hisoutab[balance]'",
                         field="sweep") from None
    return report, runner, make_plan


def _progress(quiet: bool) -> Any:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                   TextColumn("{task.fields[rate]}"),
                   TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                   console=console(), disable=quiet, transient=False)

    def start(total: int) -> Any:
        task = bar.add_task("games", total=total, rate="")

        def done(n: int) -> None:
            bar.advance(task, n)
            speed = bar.tasks[task].speed
            bar.update(task, rate=f"{speed:.1f} games/s" if speed else "")
        return done
    return bar, start


def print_report(path: str) -> None:
    report, _, _ = _lab()
    plan, rows = report.load(path)
    try:
        figures = tuple(getattr(get_ruleset(plan["ruleset"]), "length_figures", ()))
    except InputError:
        figures = ()
    figures = tuple(f for f in figures if rows and f in rows[0])
    out = console()
    if not out.is_terminal:
        out.width = max(out.width, 160)  # a report piped to a file keeps each interval on one line
    for table in report.tables(plan, report.summarize(rows, figures), figures):
        out.print(table)


@click.command()
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@click.option("--grid", "grid", multiple=True, metavar="KEY=V1,V2",
              help="A rule option or setup field and its values (repeatable: the grid is their product).")
@click.option("--agents", default="random", show_default=True,
              help="Agent kinds by seat: random, first, heuristic, search (heuristic,search: P1 "
                   "heuristic, P2 search; the last one for the seats left).")
@click.option("--games", default=100, show_default=True, help="Seeded games per setting.")
@click.option("--seed", default=0, show_default=True, help="Game k of every setting uses seed S + k.")
@click.option("--max-steps", default=60_000, show_default=True, help="A game still running is unfinished.")
@option_items
@click.option("--setup", "setup_items", multiple=True, metavar="KEY=VALUE",
              help="A setup field fixed for every setting (repeatable).")
@click.option("--workers", type=int, default=None, help="Local worker processes (default: every core).")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Run on this Dask cluster.")
@click.option("--local-cluster", type=int, default=None, metavar="N",
              help="Start a Dask LocalCluster of N worker processes and run on it.")
@click.option("-o", "--output", default=None, help="The Parquet file of results (extended when it "
              "holds this sweep's earlier results).")
@click.option("--force", is_flag=True, help="Replace an -o that is not this sweep's results.")
@click.option("--report", "report_path", default=None, metavar="RESULTS.parquet",
              help="Print the tables of a stored sweep instead of running one.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@friendly
def sweep(ruleset: str, grid: tuple[str, ...], agents: str, games: int, seed: int, max_steps: int,
          options: tuple[str, ...], setup_items: tuple[str, ...], workers: int | None,
          scheduler: str | None, local_cluster: int | None, output: str | None, force: bool,
          report_path: str | None, quiet: bool) -> None:
    """Play the grid of settings × N seeded games and store one row per game (Parquet), or print
    the report of stored results (--report)."""
    if report_path is not None:
        print_report(report_path)
        return
    if output is None:
        raise InputError("give the results file: -o results.parquet (or --report FILE)", field="-o")
    if scheduler is not None and local_cluster is not None:
        raise InputError("give --scheduler or --local-cluster, not both", field="--scheduler")
    if local_cluster is not None and local_cluster < 1:
        raise InputError(f"{local_cluster}: expected a number of workers ≥ 1", field="--local-cluster")
    if workers is not None and workers < 1:
        raise InputError(f"{workers}: expected a number of workers ≥ 1", field="--workers")
    _, runner, make_plan = _lab()
    plan = make_plan(ruleset, grid, agents=agents, games=games, seed=seed, max_steps=max_steps,
                     options=parse_options(options), setup=parse_options(setup_items, "--setup"))
    bar, start = _progress(quiet)
    with bar:
        done = runner.sweep(plan, output, workers=workers or runner.default_workers(),
                            scheduler=scheduler, local_cluster=local_cluster, force=force,
                            progress=start)
    console().print(f"{output}: {done['rows']} games ({done['played']} played, {done['kept']} kept)")


COMMANDS = [sweep]
