"""Shared helpers for the test suite."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from hisoutab import Game, RandomAgent
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


def checked_random_steps(ruleset: str, seed: int, max_steps: int,
                         options: Mapping[str, Any] | None = None) -> Iterator[tuple[Game, Any]]:
    """Play a seeded random game step by step through ``choose``/``step`` and yield ``(game, step)``
    after each step. Asserts every pending decision offers options with unique labels and the game
    ends within ``max_steps``."""
    game = Game(ruleset, seed=seed, options=options)
    agent = RandomAgent(seed)
    n = 0
    while not game.over:
        assert n < max_steps, f"seed {seed}: no end within {max_steps} steps"
        decision = game.pending
        if decision is not None:
            for player, opts in zip(decision.players, decision.options, strict=True):
                labels = [o.label for o in opts]
                assert labels, f"seed {seed}: {player} has no option in {decision.kind}"
                assert len(set(labels)) == len(labels), f"duplicate labels {labels}"
            choice = {p: agent.choose(game.state, decision, p) for p in decision.players}
            step = game.choose(choice if decision.joint else choice[decision.player])
        else:
            step = game.step()
        yield game, step
        n += 1


@pytest.fixture
def new_game():
    def make(seed: int = 0, **kw) -> Game:
        return Game("hisoutab-0.45.2", seed=seed, **kw)
    return make
