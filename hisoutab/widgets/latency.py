"""The workbench's step latency: one step plus re-render, from a mid-game state.

Run as ``python -m hisoutab.widgets.latency --ruleset ID`` (``hisoutab bench`` does, in a process of
its own, so that the command line never imports a Jupyter package); prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from hisoutab.engine.agents import RandomAgent
from hisoutab.engine.game import Game


def widget_latency(ruleset: str, steps: int = 200, seed: int = 3, start: int = 400, *,
                   setup: dict[str, Any] | None = None,
                   options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Median and p90 time (ms) of one step plus re-render in the workbench, from step ``start`` of a
    seeded random game — or, for a game shorter than ``start + steps``, from the point that leaves
    the most steps to time (at least its first half is timed)."""
    from hisoutab.widgets import Workbench

    probe = Game(ruleset, seed=seed, setup=setup, options=options)
    probe.run(until="end", agents=RandomAgent(seed), max_steps=start + steps)
    length = len(probe.history)
    begin = min(start, max(0, length - steps), length // 2)
    game = Game(ruleset, seed=seed, setup=setup, options=options)
    if begin:
        game.run(until="end", agents=RandomAgent(seed), max_steps=begin)
    bench = Workbench(game, seed=seed)
    bench.auto.value = True  # the random agent answers decisions, so every press makes a step
    times = []
    for _ in range(steps):
        if bench.game.over:
            break
        t0 = time.perf_counter()
        bench.do_step()
        times.append((time.perf_counter() - t0) * 1000)
    if len(times) < 2:
        return {"widget_steps": len(times), "widget_step_ms_median": None}
    return {"widget_steps": len(times), "widget_start_step": begin,
            "widget_step_ms_median": round(statistics.median(times), 2),
            "widget_step_ms_p90": round(statistics.quantiles(times, n=10)[-1], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", required=True)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--setup", default="{}", help="the game's setup as a JSON object")
    parser.add_argument("--options", default="{}", help="the rule options as a JSON object")
    args = parser.parse_args()
    print(json.dumps(widget_latency(args.ruleset, steps=args.steps, seed=args.seed,
                                    setup=json.loads(args.setup) or None,
                                    options=json.loads(args.options) or None)))


if __name__ == "__main__":
    main()
