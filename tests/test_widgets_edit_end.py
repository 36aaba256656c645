"""An edit that meets an end condition of the rules (Life 0, HP 0, health 0, the last square) ends
the game by the rules: the ruleset's own end step is the next step, on every ruleset."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from hisoutab import Game, RandomAgent
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.widgets import Workbench
from hisoutab.widgets.editing import ended_by_rules

# ruleset → (the counter, the player whose counter, the value that ends the game, the outcome)
ENDINGS = {
    "hisoutab-0.45.2": ("hp", "P1", 0, ("win", "P2")),
    "hisoutab-draft": ("hp", "P1", 0, ("win", "P2")),
    "recast-rift": ("life", "P2", 0, ("win", "P1")),
    "toy-coop": ("health", "shared", 0, ("defeat", None)),
    "toy-dice-race": ("position", "P1", None, ("win", "P1")),  # None: the goal square
}
# rulesets whose end conditions are checked only at a step of the rules, never at any moment:
# ruleset → (the shared counter an edit sets to what ends the game there, how the value is found)
LATER = {
    "tamashii": ("uplinks", "uplinks_needed"),  # TM-CLN-2: the world activities, at Cleanup
}


def test_every_ruleset_has_an_ending_here() -> None:
    both = set(ENDINGS) | set(LATER)
    assert not set(ENDINGS) & set(LATER) and both == set(all_rulesets())


@pytest.mark.parametrize("rs_id", sorted(LATER))
def test_an_edit_meeting_a_later_end_condition_waits_for_the_step_that_checks_it(rs_id: str) -> None:
    counter, needed = LATER[rs_id]
    wb = Workbench(Game(rs_id, seed=1))
    wb.auto.value = True
    for _ in range(3):
        wb.forward()
    wb.auto.value = False
    value = getattr(wb.game.ctx, needed)
    edited = wb.edited_state("counter", player="shared", counter=counter, value=value)
    assert ended_by_rules(wb.game, edited) is edited  # nothing ends at once
    assert wb.apply_edit("counter", player="shared", counter=counter, value=value), wb.e_msg.value
    g = wb.game
    g.run(until="end", agents=RandomAgent(1), max_steps=5000)
    assert g.over and g.result().outcome == "victory"


@pytest.mark.parametrize("rs_id", sorted(ENDINGS))
def test_an_edit_that_ends_the_game_ends_it_by_the_rules(rs_id: str) -> None:
    counter, player, value, (outcome, winner) = ENDINGS[rs_id]
    wb = Workbench(Game(rs_id, seed=1))
    wb.forward()
    before = wb.game
    if value is None:
        value = before.ctx.goal
    for _ in range(12):  # past the setup: the counter dealt
        edited = wb.edited_state("counter", player=player, counter=counter, value=value)
        if ended_by_rules(wb.game, edited) is not edited:
            break
        wb.auto.value = True
        wb.forward()
    wb.auto.value = False
    before = wb.game
    assert not before.over
    assert wb.apply_edit("counter", player=player, counter=counter, value=value), wb.e_msg.value
    assert "ends the game" in wb.e_msg.value
    g = wb.game
    assert g is not before and not g.over
    assert g.pending is None  # the end comes before the decision that was pending
    step = g.step()  # the next step is the ruleset's end step
    assert step.phase == "end" and step.name == "game.over"
    assert g.over
    result = g.result()
    assert result.outcome == outcome and result.winner == winner
    assert not g.ruleset.invariants(g.ctx, g.state)


@pytest.mark.parametrize("rs_id", sorted(ENDINGS))
def test_an_edit_that_ends_nothing_leaves_the_agenda(rs_id: str) -> None:
    g = Game(rs_id, seed=1)
    g.run(until="decision")
    assert ended_by_rules(g, g.state) is g.state


def test_an_edit_before_the_lives_are_dealt_ends_nothing() -> None:
    wb = Workbench(Game("recast-rift", seed=1))
    wb.forward()
    assert all(p.life == 0 for p in wb.game.state.players)  # the setup has not dealt them yet
    assert wb.apply_edit("counter", player="P2", counter="life", value=0)
    assert "ends the game" not in wb.e_msg.value and wb.game.next_step().name != "game.over"
