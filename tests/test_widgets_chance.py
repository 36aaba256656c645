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
    wb = Workbench(Game("toy-dice-race", seed=2))
    assert not wb.force_chance(kind, value)
    assert "hs-refused" in wb.c_msg.value and message in wb.c_msg.value
    assert wb.game.chance.forced == []


@pytest.mark.parametrize(("ruleset", "kinds"), [
    ("hisoutab-0.45.2", ["shuffle", "draw", "pick"]),
    ("recast-rift", ["shuffle", "draw", "pick"]),
    ("toy-dice-race", ["shuffle", "draw", "die", "pick"]),
])
def test_the_panel_offers_only_the_kinds_the_flow_declares(ruleset: str, kinds: list[str]) -> None:
    wb = Workbench(Game(ruleset, seed=2))
    assert list(wb.c_kind.options) == kinds
    declared = {k for sd in wb.game.ruleset.flow.steps.values() for k in sd.chance}
    assert set(kinds) == declared
    if "die" not in kinds:
        assert not wb.force_chance("die", "3")
        assert f"the steps of {ruleset} draw no die" in wb.c_msg.value
        assert wb.game.chance.forced == []


def test_a_forced_die_from_the_panel_moves_the_racer() -> None:
    wb = Workbench(Game("toy-dice-race", seed=4, setup={"players": 2}))
    wb.c_kind.value = "die"
    wb.c_value.value = "6"
    wb.c_player.value = "P2"
    wb.b_force.click()
    assert "hs-accepted" in wb.c_msg.value, wb.c_msg.value
    wb.auto.value = True
    for _ in range(12):
        if not wb.game.chance.forced:
            break
        wb.b_forward.click()
    rolls = [e for s in wb.game.history for e in s.events
             if e.get("type") == "chance" and e.get("kind") == "die" and e.get("forced")]
    assert rolls and rolls[0]["outcome"] == 6 and rolls[0].get("player") == "P2"


def test_which_draw_is_offered_only_where_the_engine_takes_it() -> None:
    from hisoutab.widgets.chance_panel import force_parameters

    wb = Workbench(Game("toy-dice-race", seed=2))
    extra = force_parameters(wb.game.chance)
    assert (wb.c_nth.layout.display != "none") == ("nth" in extra)
    assert (wb.c_what.layout.display != "none") == ("what" in extra)
    accepted = wb.force_chance("die", "2", nth=3)
    assert accepted == ("nth" in extra), wb.c_msg.value
    if not accepted:
        assert "cannot force a chance event by nth" in wb.c_msg.value
