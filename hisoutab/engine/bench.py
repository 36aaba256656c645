"""The benchmark: random playouts with full history, and the memory each recorded step keeps."""

from __future__ import annotations

import gc
import platform
import sys
import time
import tracemalloc
from collections.abc import Mapping
from typing import Any

from hisoutab.engine.agents import RandomAgent
from hisoutab.engine.compiled import build_label
from hisoutab.engine.game import Game
from hisoutab.engine.playouts import playouts


def play_random(seed: int, ruleset: str, **kw: Any) -> Game:
    game = Game(ruleset, seed=seed, **kw)
    game.run(until="end", agents=RandomAgent(seed))
    return game


def bench(ruleset: str, games: int = 50, seed: int = 0, memory_games: int = 3,
          setup: Mapping[str, Any] | None = None,
          options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` seeded random games with full history; report rates (per second of this
    process's CPU time, so other load on the machine does not skew them) and bytes per step."""
    play_random(seed, ruleset, setup=setup, options=options)  # warm caches (card files, compiled options)
    gc.collect()
    decisions = steps = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for g in playouts(ruleset, range(seed, seed + games), setup=setup,
                      options=options):
        decisions += g.decisions_made()
        steps += len(g.history)
        del g  # free the game (and its history) now, before the next one is built
    wall = time.perf_counter() - t0
    elapsed = time.process_time() - c0  # CPU time of this process: other load does not count
    per_step = bytes_per_step(ruleset, seed, memory_games, setup=setup, options=options)
    return {
        "ruleset": ruleset,
        "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.base_prefix})",
        "build": build_label(),
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
        "bytes_per_step": per_step,
    }


def bytes_per_step(ruleset: str, seed: int = 0, games: int = 3,
                   setup: Mapping[str, Any] | None = None,
                   options: Mapping[str, Any] | None = None) -> float:
    """The memory ``games`` seeded random games keep, with their full history, per recorded step
    (``tracemalloc``: every snapshot, step record and event, less what they share)."""
    gc.collect()
    tracemalloc.start()
    kept = []
    steps = 0
    base = tracemalloc.get_traced_memory()[0]
    for k in range(games):
        g = play_random(seed + k, ruleset, setup=setup, options=options)
        kept.append(g)
        steps += len(g.history)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return round(used / max(1, steps), 1)


def random_stats(ruleset: str, games: int = 1000, seed: int = 0, max_steps: int = 60_000,
                 setup: Mapping[str, Any] | None = None,
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Seeded random games: outcomes, game lengths, and the clause IDs no step cited.

    Outcomes: a competitive ruleset's games under ``wins`` (per winner, ``draw``) and ``win_rate``;
    a co-operative ruleset's (``capabilities.cooperative``) under ``victories`` and ``defeats`` and
    ``victory_rate``. Lengths: ``steps`` and ``decisions``, and each result figure the ruleset
    declares in ``length_figures`` (``turns``, ``rounds``…)."""
    from hisoutab.engine.ruleset import get_ruleset

    rs = get_ruleset(ruleset)
    figures: tuple[str, ...] = tuple(getattr(rs, "length_figures", ()) or ())
    cited: set[str] = set()
    outcomes: dict[str, int] = {}
    lengths: dict[str, list[int]] = {name: [] for name in (*figures, "steps", "decisions")}
    unfinished = 0
    for game in playouts(ruleset, range(seed, seed + games), max_steps=max_steps, setup=setup,
                         options=options):
        for s in game.history:
            cited.update(s.clauses)
        result = game.result()
        if not game.over:
            unfinished += 1
        else:
            label = outcome_label(result)
            outcomes[label] = outcomes.get(label, 0) + 1
        for name in figures:
            lengths[name].append(_figure(result.figures.get(name)))
        lengths["steps"].append(len(game.history))
        lengths["decisions"].append(game.decisions_made())
    out: dict[str, Any] = {"ruleset": ruleset, "games": games, "unfinished": unfinished}
    if getattr(rs.capabilities, "cooperative", False):
        out["victories"] = outcomes.get("victory", 0)
        out["defeats"] = outcomes.get("defeat", 0)
        out["victory_rate"] = round(out["victories"] / games, 3)
        others = {k: v for k, v in outcomes.items() if k not in ("victory", "defeat")}
        if others:  # a co-operative ruleset that returned a player's win or a draw
            out["other_outcomes"] = dict(sorted(others.items()))
    else:
        out["wins"] = dict(sorted(outcomes.items()))
        out["win_rate"] = {w: round(n / games, 3) for w, n in sorted(outcomes.items())}
    out.update({name: length_summary(xs) for name, xs in lengths.items()})
    out["never_cited"] = sorted(c for c in rs.clauses if c not in cited)
    return out


def outcome_label(result: Any) -> str:
    """How a finished game is counted: the winner's name, ``draw``, ``victory`` or ``defeat``."""
    kind = str(result.kind)
    if kind == "win":
        return str(result.winner)
    return kind


def _figure(value: Any) -> int:
    """A length figure as an int (0 when the result does not give it as a number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    return int(value)


def length_summary(xs: list[int]) -> dict[str, float]:
    """Mean, median, 10th and 90th percentile, min and max of ``xs`` (one game or more)."""
    import statistics

    qs = statistics.quantiles(xs, n=10, method="inclusive") if len(xs) > 1 else [xs[0]] * 9
    return {"mean": round(statistics.mean(xs), 1), "median": statistics.median(xs),
            "p10": qs[0], "p90": qs[-1], "min": min(xs), "max": max(xs)}


CHESS_MISSING = ("bench --versus chess needs python-chess: pip install 'hisoutab[bench]' "
                 "(make setup installs it)")


def chess_random_games(seeds: range) -> int:
    """python-chess random games with their move stack: ``legal_moves``, a random pick, ``push``,
    until the game is over; the number of moves made (its decisions)."""
    import random

    import chess

    moves = 0
    for seed in seeds:
        rng = random.Random(seed)
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        moves += len(board.move_stack)
    return moves


def _timed(play: Any, *args: Any) -> tuple[int, float]:
    """(decisions, CPU seconds) of ``play(*args)``."""
    gc.collect()
    c0 = time.process_time()
    decisions: int = play(*args)
    return decisions, time.process_time() - c0


def _ours(ruleset: str, seeds: range, setup: Mapping[str, Any] | None,
          options: Mapping[str, Any] | None) -> int:
    decisions = 0
    for g in playouts(ruleset, seeds, setup=setup, options=options):
        decisions += g.decisions_made()
        del g
    return decisions


def versus_chess(rulesets: list[str], games: int = 50, batches: int = 5, seed: int = 0,
                 chess_games: int = 10, memory_games: int = 3,
                 setup: Mapping[str, Any] | None = None,
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Each ruleset's random playouts (full history) against python-chess's random games (with
    its move stack), interleaved in this process: per batch, ``games / batches`` games of the
    ruleset, then ``chess_games`` chess games, each timed in CPU time; the ratio of decisions per
    second, ours over python-chess's, per batch (median, min, max), and the bytes per recorded
    step. Raises :class:`~hisoutab.engine.errors.HisoutabError` without python-chess."""
    from hisoutab.engine.errors import HisoutabError

    try:
        import chess
    except ImportError:
        raise HisoutabError(CHESS_MISSING) from None
    import statistics

    per_batch = max(1, games // batches)
    chess_random_games(range(1))  # warm both
    out: dict[str, Any] = {
        "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.base_prefix})",
        "build": build_label(), "chess": chess.__version__, "batches": batches, "games_per_batch": per_batch,
        "chess_games_per_batch": chess_games, "rulesets": {},
    }
    for rid in rulesets:
        play_random(seed, rid, setup=setup, options=options)
        ours_rates: list[float] = []
        chess_rates: list[float] = []
        ratios: list[float] = []
        for b in range(batches):
            start = seed + b * per_batch
            d, t = _timed(_ours, rid, range(start, start + per_batch), setup, options)
            cd, ct = _timed(chess_random_games, range(b * chess_games, (b + 1) * chess_games))
            ours_rates.append(d / t)
            chess_rates.append(cd / ct)
            ratios.append(ours_rates[-1] / chess_rates[-1])
        out["rulesets"][rid] = {
            "ratio": round(statistics.median(ratios), 2),
            "ratio_min": round(min(ratios), 2), "ratio_max": round(max(ratios), 2),
            "decisions_per_s": round(statistics.median(ours_rates), 1),
            "chess_decisions_per_s": round(statistics.median(chess_rates), 1),
            "bytes_per_step": bytes_per_step(rid, seed, memory_games, setup=setup, options=options),
        }
    return out
