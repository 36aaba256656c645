"""Shared helpers for the test suite."""

from __future__ import annotations

import pytest

from hisoutab import Game
from hisoutab.engine.record import from_dict, to_dict


def roundtrip(state):
    return from_dict(type(state), to_dict(state))


@pytest.fixture
def new_game():
    def make(seed: int = 0, **kw) -> Game:
        return Game("hisoutab-0.45.2", seed=seed, **kw)
    return make
