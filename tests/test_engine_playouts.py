"""Series of games (`hisoutab.engine.playouts`) and the cycle collector's settings around runs."""

from __future__ import annotations

import gc

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine import FirstLegalAgent, playouts
from hisoutab.engine.collector import YOUNG, fewer_collections
from hisoutab.engine.errors import HisoutabError


def _log(seed: int) -> str:
    game = Game("hisoutab-0.45.2", seed=seed)
    game.run(until="end", agents=RandomAgent(seed))
    return game.log_hash()


def test_playouts_play_the_same_games_as_run() -> None:
    games = list(playouts("hisoutab-0.45.2", [4, 9]))
    assert [g.seed for g in games] == [4, 9]
    assert all(g.over for g in games)
    assert [g.log_hash() for g in games] == [_log(4), _log(9)]


def test_playouts_take_agents_and_game_settings() -> None:
    (game,) = playouts("hisoutab-0.45.2", [2], agents=lambda seed: FirstLegalAgent(),
                       options={"turn.allow_wait": False}, max_steps=50)
    assert len(game.history) == 50 and not game.over
    assert game.options["turn.allow_wait"] is False
    assert all(s.choice is None or "wait" not in s.choice.values() for s in game.history)


def test_collector_thresholds_are_raised_inside_and_restored_after() -> None:
    old = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold()[0] >= YOUNG
        with fewer_collections():  # nested: the outer settings come back
            pass
        assert gc.get_threshold()[0] >= YOUNG
    assert gc.get_threshold() == old
    for _ in playouts("hisoutab-0.45.2", [1], max_steps=20):
        assert gc.get_threshold()[0] >= YOUNG
    assert gc.get_threshold() == old


def test_collector_thresholds_are_restored_after_an_error() -> None:
    old = gc.get_threshold()
    game = Game("hisoutab-0.45.2", seed=1)
    with pytest.raises(HisoutabError, match=r"no agent for P2 \(agents are given for: P1\)"):
        game.run(until="end", agents={"P1": RandomAgent(1)})
    assert gc.get_threshold() == old
