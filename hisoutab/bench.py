"""The benchmark: random playouts with full history, and the memory each recorded step keeps."""

from __future__ import annotations

import gc
import time
import tracemalloc
from typing import Any

from hisoutab.engine.agents import RandomAgent
from hisoutab.engine.game import Game


def play_random(seed: int, ruleset: str = "hisoutab-0.45.2", **kw: Any) -> Game:
    game = Game(ruleset, seed=seed, **kw)
    game.run(until="end", agents=RandomAgent(seed))
    return game


def bench(games: int = 50, ruleset: str = "hisoutab-0.45.2", seed: int = 0,
          memory_games: int = 3) -> dict[str, Any]:
    """Play ``games`` seeded random games with full history; report rates and bytes per step."""
    play_random(seed, ruleset)  # warm caches (card files, compiled options)
    decisions = steps = 0
    t0 = time.perf_counter()
    for k in range(games):
        g = play_random(seed + k, ruleset)
        decisions += g.decisions_made()
        steps += len(g.history)
    elapsed = time.perf_counter() - t0
    gc.collect()
    tracemalloc.start()
    kept = []
    mem_steps = 0
    base = tracemalloc.get_traced_memory()[0]
    for k in range(memory_games):
        g = play_random(seed + k, ruleset)
        kept.append(g)
        mem_steps += len(g.history)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return {
        "ruleset": ruleset,
        "games": games,
        "decisions": decisions,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "decisions_per_s": round(decisions / elapsed, 1),
        "steps_per_s": round(steps / elapsed, 1),
        "games_per_s": round(games / elapsed, 2),
        "steps_per_game": round(steps / games, 1),
        "decisions_per_game": round(decisions / games, 1),
        "bytes_per_step": round(used / max(1, mem_steps), 1),
    }
