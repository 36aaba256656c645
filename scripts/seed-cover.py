"""The fewest seeds whose random games reach what a ruleset's long series reaches.

For each long seeded series of ``tests/conftest.py:LONG_SERIES`` (all by default, or those named:
each ruleset's with the default setup and options, and some under other options), play its random
games (random agents), note what each game
reaches — cited clauses, steps run, transitions between consecutive steps, event types — and pick a
small set of its seeds that together reach all of it (greedy set cover). Writes
``tests/data/reach/<series>.json``: the long series' reach and the chosen seeds, which the default
test run plays (``tests/test_seed_cover.py`` checks the set still reaches everything; the ``slow``
test checks the long series still reaches what the file says).

    PYTHONPATH=. python scripts/seed-cover.py [SERIES...] [--check]

``--check`` writes nothing and exits 1 when a file is out of date.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hisoutab.engine.playouts import playouts  # noqa: E402
from tests.conftest import LONG_SERIES, REACH_DIR, Reach, greedy_cover  # noqa: E402


def series_reach(name: str) -> tuple[Reach, dict[int, Reach]]:
    series = LONG_SERIES[name]
    games = playouts(series.ruleset, series.seeds, max_steps=60_000, options=dict(series.options) or None,
                     setup=dict(series.setup) or None)
    per_seed = {game.seed: Reach.of(game) for game in games}
    total = Reach()
    for reach in per_seed.values():
        total.update(reach)
    return total, per_seed


def describe(seeds: range | tuple[int, ...]) -> str:
    if isinstance(seeds, range):
        return f"seeds {seeds.start}..{seeds.stop - 1}"
    return f"{len(seeds)} seeds"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("series", nargs="*", help="series names (default: every long series)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 when out of date")
    args = ap.parse_args(argv)
    stale = 0
    for name in args.series or list(LONG_SERIES):
        t = time.perf_counter()
        total, per_seed = series_reach(name)
        cover = greedy_cover(per_seed)
        series = LONG_SERIES[name]
        data = {"series": name, "ruleset": series.ruleset, "options": dict(series.options),
                **({"setup": dict(series.setup)} if series.setup else {}),
                "long_series": describe(series.seeds), "games": len(per_seed), "cover": list(cover),
                "counts": total.counts(), "reach": total.to_dict()}
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        path = REACH_DIR / f"{name}.json"
        print(f"{name}: {len(per_seed)} games reach {total.counts()}; {len(cover)} seeds reach it all: "
              f"{list(cover)} ({time.perf_counter() - t:.1f} s)")
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"  {path.relative_to(ROOT)} is out of date")
                stale += 1
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
