"""Shared helpers for the test suite."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.decision import Decision
from hisoutab.engine.record import from_dict, to_dict

# the toy ruleset of tests/toy/ joins the registered rulesets (discovery is lazy: nothing has looked
# for rulesets yet when this runs); the conformance suite and the toy's scenarios use it
os.environ.setdefault("HISOUTAB_PLUGINS", "tests.toy")


def roundtrip(state):
    return from_dict(type(state), to_dict(state))


@functools.lru_cache(maxsize=4)
def seeded_game(seed: int, steps: int, ruleset: str = "hisoutab-0.45.2") -> Game:
    """A random game of ``ruleset`` played for at most ``steps`` steps (shared: do not modify)."""
    game = Game(ruleset, seed=seed)
    game.run(until="end", agents=RandomAgent(seed), max_steps=steps)
    return game


# --------------------------------------------------------------------------- seeded series
@dataclass
class Played:
    """A seeded random game played through ``choose``/``step`` to its end (or ``max_steps``), with the
    decision each step answered and what was wrong with the decisions on the way."""

    game: Game
    decisions: dict[int, Decision] = field(default_factory=dict)  # step index -> decision answered
    problems: list[str] = field(default_factory=list)
    hidden_choices: int = 0  # simultaneous decisions chosen one player at a time


_PLAYED: dict[tuple[Any, ...], Played] = {}


def _key(value: Mapping[str, Any] | None) -> str:
    return json.dumps(dict(value or {}), sort_keys=True, default=str)


def played_series(ruleset: Any, seed: int, options: Mapping[str, Any] | None = None,
                  setup: Mapping[str, Any] | None = None, max_steps: int = 60_000) -> Played:
    """The seeded random game of ``ruleset`` (a ruleset or its id) with these options and setup,
    played once per test session and shared by every test that reads it (do not move its cursor);
    a game with options is played afresh each time (the series under other options are read once).
    In a simultaneous decision the players of odd seeds choose one by one (each choice hidden until
    the last), those of even seeds all at once."""
    rid = ruleset if isinstance(ruleset, str) else ruleset.id
    key = (rid, seed, _key(options), _key(setup), max_steps)
    got = _PLAYED.get(key)
    if got is None:
        got = _play(ruleset, seed, options, setup, max_steps)
        if not options:
            _PLAYED[key] = got
    return got


def _play(ruleset: Any, seed: int, options: Mapping[str, Any] | None, setup: Mapping[str, Any] | None,
          max_steps: int) -> Played:
    game = Game(ruleset, seed=seed, options=options, setup=dict(setup) if setup else None)
    out = Played(game)
    agent = RandomAgent(seed)
    problem = out.problems.append
    while not game.over and len(game.history) < max_steps:
        decision = game.pending
        if decision is None:
            game.step()
            continue
        out.decisions[len(game.history)] = decision
        for player, opts in zip(decision.players, decision.options, strict=True):
            labels = [o.label for o in opts]
            if not labels:
                problem(f"seed {seed}: {player} has no option in {decision.kind}")
            elif len(set(labels)) != len(labels):
                problem(f"seed {seed}: duplicate labels {labels}")
        labels = {p: agent.choose(game.state, decision, p) for p in decision.players}
        if not decision.joint:
            game.choose(labels[decision.player])
        elif seed % 2:
            out.hidden_choices += 1
            for k, p in enumerate(decision.players):
                got = game.choose(labels[p], player=p)
                if k < len(decision.players) - 1 and (
                        got is not None or game.hidden_choices() != decision.players[: k + 1]):
                    problem(f"seed {seed} step {len(game.history)}: {p}'s choice was not kept hidden")
            if got is None:
                problem(f"seed {seed} step {len(game.history)}: the last choice did not step")
        else:
            game.choose(labels)
    return out


def checked_random_steps(ruleset: str, seed: int, max_steps: int,
                         options: Mapping[str, Any] | None = None) -> Iterator[tuple[Game, Any]]:
    """The seeded random game of ``ruleset`` (:func:`played_series`: played once per session) step by
    step: yields ``(game, step)`` for each step, ``game`` being the whole game. Asserts every pending
    decision offered options with unique labels and the game ended within ``max_steps``."""
    played = played_series(ruleset, seed, options, max_steps=max_steps)
    assert played.problems == [], played.problems
    game = played.game
    assert game.over, f"seed {seed}: no end within {max_steps} steps"
    for step in game.history:
        yield game, step


# --------------------------------------------------------------------------- what series reach
@dataclass
class Reach:
    """What random games reached: cited clauses, steps run, transitions between consecutive steps
    (``"a -> b"``) and event types."""

    clauses: set[str] = field(default_factory=set)
    steps: set[str] = field(default_factory=set)
    transitions: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)

    KINDS: ClassVar[tuple[str, ...]] = ("clauses", "steps", "transitions", "events")

    @classmethod
    def of(cls, game: Game) -> Reach:
        reach = cls()
        last = None
        for step in game.history:
            reach.clauses.update(step.clauses)
            reach.steps.add(step.name)
            if last is not None:
                reach.transitions.add(f"{last} -> {step.name}")
            last = step.name
            reach.events.update(str(e.get("type")) for e in step.events)
        return reach

    def items(self) -> set[tuple[str, str]]:
        return {(kind, x) for kind in self.KINDS for x in getattr(self, kind)}

    def update(self, other: Reach) -> None:
        for kind in self.KINDS:
            getattr(self, kind).update(getattr(other, kind))

    def to_dict(self) -> dict[str, list[str]]:
        return {kind: sorted(getattr(self, kind)) for kind in self.KINDS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reach:
        return cls(**{kind: set(data[kind]) for kind in cls.KINDS})

    def counts(self) -> dict[str, int]:
        return {kind: len(getattr(self, kind)) for kind in self.KINDS}


#: the long seeded series of each ruleset (default setup and options): run under the ``slow`` mark
#: (``make test-long``); what they reach is recorded in tests/data/reach/<ruleset>.json
LONG_SERIES: dict[str, range | tuple[int, ...]] = {
    "hisoutab-0.45.2": range(200),
    "hisoutab-draft": (*range(100), *range(500, 560)),
    "recast-rift": range(300),
    "toy-dice-race": range(300),
}
REACH_DIR = Path(__file__).parent / "data" / "reach"


def recorded_reach(rid: str) -> tuple[Reach, tuple[int, ...]]:
    """What the long series of ``rid`` reaches and the fewest of its seeds that reach it all (the
    seeds the default run plays), as written by scripts/seed-cover.py."""
    data = json.loads((REACH_DIR / f"{rid}.json").read_text(encoding="utf-8"))
    return Reach.from_dict(data["reach"]), tuple(data["cover"])


def cover_seeds(rid: str) -> tuple[int, ...]:
    """The seeds of the default run for ``rid``: the smallest set found that reaches everything its
    long series reaches."""
    return recorded_reach(rid)[1]


def greedy_cover(reaches: Mapping[int, Reach]) -> tuple[int, ...]:
    """A small set of seeds (greedy set cover, the lowest seed on ties) whose games together reach
    everything the games of all ``reaches`` reach."""
    items = {seed: r.items() for seed, r in reaches.items()}
    left = set().union(*items.values())
    chosen: list[int] = []
    while left:
        best = max(sorted(items), key=lambda s: len(items[s] & left))
        chosen.append(best)
        left -= items[best]
    return tuple(sorted(chosen))


@pytest.fixture
def new_game():
    def make(seed: int = 0, **kw) -> Game:
        return Game("hisoutab-0.45.2", seed=seed, **kw)
    return make
