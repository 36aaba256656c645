"""The benchmark: random playouts with full history, and the memory each recorded step keeps."""

from __future__ import annotations

import gc
import platform
import sys
import time
import tracemalloc
from typing import Any

from hisoutab.engine.agents import RandomAgent
from hisoutab.engine.game import Game
from hisoutab.engine.playouts import playouts


def play_random(seed: int, ruleset: str, **kw: Any) -> Game:
    game = Game(ruleset, seed=seed, **kw)
    game.run(until="end", agents=RandomAgent(seed))
    return game


def bench(ruleset: str, games: int = 50, seed: int = 0, memory_games: int = 3,
          setup: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` seeded random games with full history; report rates (per second of this
    process's CPU time, so other load on the machine does not skew them) and bytes per step."""
    play_random(seed, ruleset, setup=setup)  # warm caches (card files, compiled options)
    gc.collect()
    decisions = steps = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for g in playouts(ruleset, range(seed, seed + games), setup=setup):
        decisions += g.decisions_made()
        steps += len(g.history)
        del g  # free the game (and its history) now, before the next one is built
    wall = time.perf_counter() - t0
    elapsed = time.process_time() - c0  # CPU time of this process: other load does not count
    gc.collect()
    tracemalloc.start()
    kept = []
    mem_steps = 0
    base = tracemalloc.get_traced_memory()[0]
    for k in range(memory_games):
        g = play_random(seed + k, ruleset, setup=setup)
        kept.append(g)
        mem_steps += len(g.history)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return {
        "ruleset": ruleset,
        "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.base_prefix})",
        "games": games,
        "decisions": decisions,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "wall_seconds": round(wall, 3),
        "decisions_per_s": round(decisions / elapsed, 1),
        "steps_per_s": round(steps / elapsed, 1),
        "games_per_s": round(games / elapsed, 2),
        "steps_per_game": round(steps / games, 1),
        "decisions_per_game": round(decisions / games, 1),
        "bytes_per_step": round(used / max(1, mem_steps), 1),
    }


def random_stats(ruleset: str, games: int = 1000, seed: int = 0, max_steps: int = 60_000,
                 setup: dict[str, Any] | None = None) -> dict[str, Any]:
    """Seeded random games: win rates, game lengths, and the clause IDs no step cited."""
    import statistics

    from hisoutab.engine.ruleset import get_ruleset

    rs = get_ruleset(ruleset)
    cited: set[str] = set()
    wins: dict[str, int] = {}
    turns, steps, decisions = [], [], []
    unfinished = 0
    for game in playouts(ruleset, range(seed, seed + games), max_steps=max_steps, setup=setup):
        for s in game.history:
            cited.update(s.clauses)
        result = game.result()
        if not game.over:
            unfinished += 1
        else:
            label = str(result.to_dict()["winner"])
            wins[label] = wins.get(label, 0) + 1
        turns.append(int(result.figures.get("turns", 0)))
        steps.append(len(game.history))
        decisions.append(game.decisions_made())

    def summary(xs: list[int]) -> dict[str, float]:
        qs = statistics.quantiles(xs, n=10, method="inclusive") if len(xs) > 1 else [xs[0]] * 9
        return {"mean": round(statistics.mean(xs), 1), "median": statistics.median(xs),
                "p10": qs[0], "p90": qs[-1], "min": min(xs), "max": max(xs)}

    return {
        "ruleset": ruleset, "games": games, "unfinished": unfinished,
        "wins": dict(sorted(wins.items())),
        "win_rate": {w: round(n / games, 3) for w, n in sorted(wins.items())},
        "turns": summary(turns), "steps": summary(steps), "decisions": summary(decisions),
        "never_cited": sorted(c for c in rs.clauses if c not in cited),
    }
