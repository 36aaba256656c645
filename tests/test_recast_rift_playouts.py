"""Recast Rift random playouts: the invariants at every step, declared transitions only, cited ⊆
declared clauses, round trips, determinism, an end to every game; the clause table against the
reference, and every clause cited by a step and reached by random games."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hisoutab import Game, RandomAgent
from hisoutab.cli.main import main
from hisoutab.engine.bench import random_stats
from hisoutab.engine.ruleset import get_ruleset

from .conftest import (
    LONG_SERIES,
    Reach,
    checked_random_steps,
    cover_seeds,
    other_seeds,
    played_series,
    roundtrip,
    variants,
)

RS = "recast-rift"
RULESET = get_ruleset(RS)
REFERENCE = Path(RULESET.reference)
SHARED = Path("/work/shared/rules/recast-rift.md")
CLAUSE = re.compile(r"\*\*\[(RR-[A-Z]+-[0-9]+(?:\.[0-9]+)*)\]\*\*")
#: the default run plays the fewest seeds that reach all the long series reaches (tests/data/reach/);
#: the rest of the long series (seeds 0..299) runs under the ``slow`` mark
SEEDS = cover_seeds(RS)
OTHERS = other_seeds(RS)
MAX_STEPS = 20_000
DECLARED = {n: {e.to for e in sd.next} for n, sd in RULESET.flow.steps.items()}

#: every option at its alternative reading, in groups that play well together (the series under other
#: options of tests/conftest.py:LONG_SERIES): the cover seeds of each by default
VARIANTS = variants(RS)


def play_checked(seed: int, options=None, keep: bool = True) -> Game:
    game = None
    for game, step in checked_random_steps(RS, seed, MAX_STEPS, options, keep=keep):
        after = step.after
        problems = RULESET.invariants(game.ctx, after)
        assert not problems, f"seed {seed} step {step.index} {step.name}: {problems}"
        sd = RULESET.flow.steps[step.name]
        assert step.clauses and set(step.clauses) <= set(sd.clauses), (step.name, step.clauses)
        if after.agenda:
            nxt = after.agenda[-1][0]
            assert nxt in DECLARED[step.name], f"seed {seed}: undeclared transition {step.name} -> {nxt}"
        if step.index % 23 == 0:
            assert roundtrip(after) == after
    assert game is not None and game.over
    assert game.state.winner in ("P1", "P2") and game.result().over  # the text knows no draw
    assert roundtrip(game.state) == game.state
    return game


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_keep_every_invariant(seed: int) -> None:
    play_checked(seed)


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(4))
def test_the_long_series_keeps_every_invariant(batch: int) -> None:
    for seed in OTHERS[batch::4]:
        play_checked(seed, keep=False)


@pytest.mark.parametrize("name", VARIANTS)
def test_random_playouts_under_the_other_readings(name: str) -> None:
    for seed in cover_seeds(name):
        play_checked(seed, LONG_SERIES[name].options)


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_the_long_series_under_the_other_readings(name: str) -> None:
    for seed in other_seeds(name):
        play_checked(seed, LONG_SERIES[name].options, keep=False)


def test_the_same_seed_gives_the_same_game() -> None:
    def play(seed: int) -> str:
        g = Game(RS, seed=seed)
        g.run(until="end", agents=RandomAgent(seed))
        assert g.over
        return g.log_hash()

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_every_clause_is_cited_by_a_step_and_reached_by_random_games() -> None:
    """Every RR- clause of reference.md is declared by a step, and the default run's seeded random
    games (default setup and options) cite each; the 300 games of the long series (``hisoutab stats``
    reports ``never_cited: []``) run under the ``slow`` mark."""
    index = RULESET.flow.clause_index()
    assert [c for c in RULESET.clauses if c not in index] == []
    reached = Reach()
    for seed in SEEDS:
        game = played_series(RS, seed).game
        assert game.over
        reached.update(Reach.of(game))
    assert [c for c in RULESET.clauses if c not in reached.clauses] == []


@pytest.mark.slow
def test_300_random_games_cite_every_clause() -> None:
    stats = random_stats(RS, games=300, seed=0)
    assert stats["unfinished"] == 0
    assert stats["never_cited"] == []


def test_the_clause_table_is_the_reference() -> None:
    text = REFERENCE.read_text(encoding="utf-8")
    ids = CLAUSE.findall(text)
    assert len(ids) == len(set(ids)) == 113
    assert list(RULESET.clauses) == ids
    if SHARED.exists():
        assert SHARED.read_text(encoding="utf-8") == text  # the vendored copy is the reference
    ambiguities = sorted({int(n) for n in re.findall(r"AMBIGUITY A-(\d+)", text)})
    assert ambiguities == list(range(1, 31))


def test_every_ambiguity_is_an_option_with_a_default() -> None:
    """Each A-n is read by options named ``a<n>.…`` whose reading is "A-n", each reading of the
    original the reference does not list (T-n) by ``t<n>.…``; every default validates."""
    readings = {o.reading for o in RULESET.options}
    assert readings == {f"A-{n}" for n in range(1, 31)} | {"T-1"} == set(RULESET.readings)
    for o in RULESET.options:
        letter, n = o.reading.split("-")
        assert o.name.startswith(f"{letter.lower()}{n}.") and o.doc
        assert o.validate(o.default) == o.default


def test_declarations() -> None:
    assert RULESET.flow.check() == []
    known = set(RULESET.clauses) | set(RULESET.readings)
    for sd in RULESET.flow.steps.values():
        assert sd.phase in RULESET.flow.phases and sd.doc, sd.name
        assert sd.clauses and set(sd.clauses) <= known, sd.name
    caps = RULESET.capabilities
    assert (caps.min_players, caps.max_players, caps.simultaneous, caps.chance, caps.hidden_information) \
        == (2, 2, True, True, True)
    assert RULESET.id == "recast-rift" and "遊び方" in RULESET.title


def test_the_command_line_plays_a_game() -> None:
    res = CliRunner().invoke(main, ["play", "--ruleset", RS, "--seed", "1", "--json"])
    assert res.exit_code == 0, res.output
    info = json.loads(res.output)
    assert info["finished"] and info["winner"] in ("P1", "P2")


def test_the_rules_page_has_an_anchor_per_clause_and_every_option() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "recast-rift.md").read_text(
        encoding="utf-8")
    for c in [*RULESET.clauses, *RULESET.readings]:
        assert f'<a id="{c}"></a>' in page, c
    for o in RULESET.options:
        assert f"`{o.name}`" in page, o.name
