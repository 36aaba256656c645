"""The workbench's chance panel: forcing the next die, draw, pick or shuffle of the game."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from hisoutab import Game
from hisoutab.widgets import Workbench

OPTS = {"setup.first_player": "random", "setup.mulligan": "none"}


def test_a_forced_pick_decides_who_goes_first() -> None:
    plain = Game("hisoutab-0.45.2", seed=11, options=OPTS)
    plain.run(until="decision")
    other = "P1" if plain.state.first == 1 else "P2"
    wb = Workbench(Game("hisoutab-0.45.2", seed=11, options=OPTS))
    wb.c_kind.value = "pick"
    wb.c_value.value = other
    wb.b_force.click()
    assert "forced pick" in wb.c_msg.value and "hs-accepted" in wb.c_msg.value
    wb.forward()
    assert wb.game.state.first == (0 if other == "P1" else 1)
    assert not wb.game.chance.forced


def test_a_forced_draw_for_one_player() -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=2, options=OPTS))
    assert wb.force_chance("draw", "sealing_step", player="P1")
    wb.forward()
    assert "P1/sealing_step#1" in wb.game.state.players[0].hand


@pytest.mark.parametrize(("kind", "value", "message"), [
    ("die", "x", "a die shows a whole number ≥ 1"),
    ("die", "0", "a die shows a face ≥ 1"),
    ("pick", "", "give the outcome to force"),
])
def test_bad_outcomes_are_refused(kind: str, value: str, message: str) -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=2, options=OPTS))
    assert not wb.force_chance(kind, value)
    assert "hs-refused" in wb.c_msg.value and message in wb.c_msg.value
    assert wb.game.chance.forced == []
