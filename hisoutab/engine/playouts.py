"""Many games in a row: seeded playouts under agents, for statistics and the benchmark."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .agents import Agent, RandomAgent
from .collector import fewer_collections
from .game import Game


def playouts(ruleset: str, seeds: Iterable[int], *,
             agents: Callable[[int], Agent | dict[str, Agent]] = RandomAgent,
             max_steps: int = 1_000_000, **game_kw: Any) -> Iterator[Game]:
    """Play one game per seed to its end (or ``max_steps``) and yield it, with its full history.

    ``agents(seed)`` gives the agents of the game played with ``seed`` (default: a random agent
    seeded alike). The cycle collector stays out of the way for the whole series, so a game the
    caller drops before asking for the next one is freed without ever being scanned.
    """
    with fewer_collections():
        for seed in seeds:
            game = Game(ruleset, seed=seed, **game_kw)
            game.run(until="end", agents=agents(seed), max_steps=max_steps)
            yield game
            del game  # the caller's reference is the only one left
