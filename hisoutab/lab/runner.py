"""Running a sweep: the games not yet in the results, on one process, on every local core
(processes) or on a Dask distributed cluster, with a progress bar; the same rows whichever way.

A sweep that finds its own results in ``-o`` plays only the games missing from them (a sweep
interrupted, or extended with more games or grid values) and writes everything together.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from hisoutab.engine.ruleset import get_ruleset
from hisoutab.lab import store
from hisoutab.lab.plan import Plan, Task
from hisoutab.lab.play import play_chunk

Progress = Callable[[int], None]  # told how many more games are done
CHUNKS_PER_WORKER = 8  # shares per worker: small enough to balance, large enough to be cheap


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def chunks(tasks: Sequence[Task], workers: int) -> list[list[Task]]:
    size = max(1, min(50, math.ceil(len(tasks) / (workers * CHUNKS_PER_WORKER))))
    return [list(tasks[i:i + size]) for i in range(0, len(tasks), size)]


def run_here(tasks: Sequence[Task], done: Progress) -> list[dict[str, Any]]:
    rows = []
    for share in chunks(tasks, 1):
        rows += play_chunk(share)
        done(len(share))
    return rows


def run_processes(tasks: Sequence[Task], workers: int, done: Progress) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        futures = {pool.submit(play_chunk, share): len(share) for share in chunks(tasks, workers)}
        for future in as_completed(futures):
            rows += future.result()
            done(futures[future])
    return rows


@contextmanager
def dask_client(scheduler: str | None, local_cluster: int | None) -> Iterator[Any]:
    """A client of the cluster at ``scheduler``, or of a ``LocalCluster`` of ``local_cluster``
    worker processes (one thread each) started here and shut down afterwards."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as client:
            yield client
        return
    with LocalCluster(n_workers=local_cluster, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client


def run_dask(tasks: Sequence[Task], client: Any, done: Progress) -> list[dict[str, Any]]:
    from distributed import as_completed as dask_completed

    workers = max(1, len(client.scheduler_info().get("workers", {})))
    shares = chunks(tasks, workers)
    futures = client.map(play_chunk, shares, pure=False)
    sizes = {f.key: len(s) for f, s in zip(futures, shares, strict=True)}
    rows: list[dict[str, Any]] = []
    for future in dask_completed(futures):
        rows += future.result()
        done(sizes[future.key])
    return rows


def missing(plan: Plan, rows: Sequence[dict[str, Any]]) -> list[Task]:
    have = {(r["setting"], r["game"]) for r in rows}
    return [t for t in plan.tasks() if t.key not in have]


def sweep(plan: Plan, out: str | Path, *, workers: int = 1, scheduler: str | None = None,
          local_cluster: int | None = None, force: bool = False,
          progress: Callable[[int], Progress] | None = None) -> dict[str, Any]:
    """Run the games of ``plan`` missing from ``out`` and write all the rows to ``out``.
    ``progress(total)`` gives the function told of games done. Returns what was done."""
    path = Path(out)
    old = store.read_rows(path, plan) if path.exists() and not force else []
    todo = missing(plan, old)
    done = progress(len(todo)) if progress is not None else (lambda n: None)
    if not todo:
        new: list[dict[str, Any]] = []
    elif scheduler is not None or local_cluster is not None:
        with dask_client(scheduler, local_cluster) as client:
            new = run_dask(todo, client, done)
    elif workers > 1:
        new = run_processes(todo, workers, done)
    else:
        new = run_here(todo, done)
    table = store.to_table([*old, *new], plan, get_ruleset(plan.ruleset))
    store.write(path, table)
    return {"played": len(new), "kept": len(old), "rows": table.num_rows}
