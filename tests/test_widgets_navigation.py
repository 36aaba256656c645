"""The workbench's navigation on a recorded line: "next decision" stops at every decision, recorded
or not; "next pending" goes to the end of the line (the decision no one has made yet)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from hisoutab import Game
from hisoutab.engine.agents import RandomAgent
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.widgets import Workbench

RULESETS = sorted(all_rulesets())


def _recorded(rs_id: str, decisions: int = 6) -> Workbench:
    """A workbench on a line with ``decisions`` decisions recorded, its cursor back at step 0."""
    game = Game(rs_id, seed=3)
    agent = RandomAgent(3)
    made = 0
    while made < decisions and not game.over:
        game.run(until="decision")
        d = game.pending
        if d is None:
            break
        chosen = {p: agent.choose(game.state, d, p) for p in d.players}
        game.choose(chosen if d.joint else chosen[d.players[0]])
        made += 1
    game.run(until="decision")
    game.goto(0)
    return Workbench(game)


def _decision_points(game: Game) -> list[int]:
    """The cursor positions of the line where a decision is pending (its recorded steps' choices)."""
    return [s.index for s in game.line.steps if s.choice is not None]


@pytest.mark.parametrize("rs_id", RULESETS)
def test_next_decision_stops_at_each_recorded_decision(rs_id: str) -> None:
    wb = _recorded(rs_id)
    points = _decision_points(wb.game)
    assert len(points) >= 2
    end = len(wb.game.line.steps)
    seen = []
    for _ in range(len(points) + 1):
        wb.b_forward.click()
        seen.append(wb.game.cursor)
        assert wb.game.pending is not None or wb.game.over
    assert seen[:len(points)] == points
    assert seen[len(points)] == end  # the pending decision at the end of the line
    assert wb.game.line.steps[points[0]].choice is not None  # nothing was chosen anew
    assert len(wb.game.lines) == 1


@pytest.mark.parametrize("rs_id", RULESETS)
def test_next_key_does_the_same(rs_id: str) -> None:
    wb = _recorded(rs_id)
    wb.press("n")
    assert wb.game.cursor == _decision_points(wb.game)[0]


@pytest.mark.parametrize("rs_id", RULESETS)
def test_next_pending_goes_to_the_end_of_the_line(rs_id: str) -> None:
    wb = _recorded(rs_id)
    end = len(wb.game.line.steps)
    wb.b_pending.click()
    assert wb.game.cursor == end
    assert wb.game.pending is not None or wb.game.over
    assert "must decide" in wb.message or "over" in wb.message
    wb.press("Home")
    wb.press("N")
    assert wb.game.cursor == end


def test_next_pending_runs_on_to_the_decision_past_the_end() -> None:
    game = Game("recast-rift", seed=3)
    wb = Workbench(game)
    assert game.cursor == 0
    wb.next_pending()
    assert game.pending is not None and game.cursor == len(game.line.steps) > 0
