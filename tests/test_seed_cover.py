"""The default run's seeded games reach all the long series reach.

Each long seeded series (``LONG_SERIES`` in tests/conftest.py: 200 games of 0.45.2, 160 of the draft,
300 of Recast Rift and of the toy with the default options, and a few series under other options)
reaches a set of clauses, steps, transitions between consecutive steps and event types. That set is
recorded, with the fewest seeds found that reach it all, in tests/data/reach/<series>.json
(``scripts/seed-cover.py`` writes them). The default run plays only those seeds (shared with the
conformance suite and each game's own tests) and checks here that they still reach everything; the
``slow`` tests (``make test-long``) play the long series and check the record is still what they
reach, and that its seeds are still the greedy cover.
"""

from __future__ import annotations

import pytest

from hisoutab.engine.playouts import playouts
from hisoutab.engine.ruleset import get_ruleset

from .conftest import LONG_SERIES, Reach, greedy_cover, played_series, recorded_reach

NAMES = list(LONG_SERIES)
DEFAULTS = [name for name, series in LONG_SERIES.items() if not series.options and not series.setup]


@pytest.mark.parametrize("name", NAMES)
def test_the_seeds_of_the_default_run_reach_all_the_long_series_reach(name: str) -> None:
    series = LONG_SERIES[name]
    want, seeds = recorded_reach(name)
    got = Reach()
    for seed in seeds:
        game = played_series(series.ruleset, seed, series.options or None, series.setup or None).game
        assert game.over, f"seed {seed} did not end"
        got.update(Reach.of(game))
    for kind in Reach.KINDS:
        missing = sorted(getattr(want, kind) - getattr(got, kind))
        assert missing == [], f"{name}: seeds {seeds} no longer reach these {kind}"
    assert set(seeds) <= set(series.seeds)


@pytest.mark.parametrize("name", DEFAULTS)
def test_the_long_series_cites_every_clause(name: str) -> None:
    """With the default setup and options, the long series cites every clause of the table but
    those the ruleset declares reached only under other options (``reached_with``): a series under
    those options cites each of them."""
    rs = get_ruleset(LONG_SERIES[name].ruleset)
    want, _ = recorded_reach(name)
    optional = dict(getattr(rs, "reached_with", {}) or {})
    assert [c for c in rs.clauses if c not in want.clauses and c not in optional] == []
    for clause, options in optional.items():
        under = [n for n, s in LONG_SERIES.items() if s.ruleset == rs.id
                 and all(s.options.get(k) == v for k, v in options.items())]
        assert under, f"{clause}: no long series plays {options}"
        assert all(clause in recorded_reach(n)[0].clauses for n in under), (clause, under)


@pytest.mark.parametrize("name", NAMES)
def test_the_long_series_reaches_only_declared_things(name: str) -> None:
    rs = get_ruleset(LONG_SERIES[name].ruleset)
    want, _ = recorded_reach(name)
    assert want.clauses <= set(rs.clauses) | set(getattr(rs, "readings", {}) or {})
    assert want.steps <= set(rs.flow.steps)
    for t in want.transitions:
        a, b = t.split(" -> ")
        assert a in rs.flow.steps and b in rs.flow.steps, t


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_the_record_is_what_the_long_series_reaches(name: str) -> None:
    """Play the long series again: it reaches exactly the recorded sets, and the recorded seeds are
    the greedy cover of its games (run ``scripts/seed-cover.py`` after a change of the rules)."""
    series = LONG_SERIES[name]
    want, seeds = recorded_reach(name)
    games = playouts(series.ruleset, series.seeds, max_steps=60_000, options=dict(series.options) or None,
                     setup=dict(series.setup) or None)
    per_seed = {g.seed: Reach.of(g) for g in games}
    total = Reach()
    for reach in per_seed.values():
        total.update(reach)
    assert total.to_dict() == want.to_dict(), "run scripts/seed-cover.py"
    assert greedy_cover(per_seed) == seeds, "run scripts/seed-cover.py"
