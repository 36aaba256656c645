"""The workbench's "explore" panel, driven in Python: a goal, a depth, the search, the tree, and
"step into" a line found (or an escape), which the workbench plays from the state searched."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from hisoutab.scenarios.runner import run_file
from hisoutab.widgets import Workbench

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "explore"


def bench(name: str) -> Workbench:
    game = run_file(SCENARIOS / name).game
    assert game is not None
    return Workbench(game)


def damage_to(wb: Workbench, player: str) -> list[dict]:
    return [e for s in wb.game.history for e in s.events
            if e.get("type") == "damage" and e.get("player") == player]


def test_the_panel_searches_and_steps_into_the_forced_line():
    wb = bench("p1_forces_a_hit.yaml")
    assert "explore" in wb.children[-1].titles
    start = wb.game.cursor
    wb.e_goal.value = "damage(P2) >= 1"
    wb.e_depth.value = 2
    wb.b_explore.click()
    assert wb.exploration is not None and wb.exploration.verdict == "forced"
    assert "forced" in wb.e_msg.value and "play gohei_jab" in wb.e_result.value
    assert wb.e_tree.value.lstrip().startswith(("<?xml", "<svg", "<!--"))
    assert "<svg" in wb.e_tree.value
    assert wb.game.cursor == start  # searching moves nothing
    assert [label for label, _ in wb.e_lines.options] == ["line 0: P1: play gohei_jab"]
    wb.b_step_into.click()
    assert damage_to(wb, "P2"), wb.e_msg.value
    assert wb.game.cursor > start and "stepped into line 0" in wb.e_msg.value
    assert wb.game.pending is not None or wb.game.over


def test_stepping_into_an_escape_starts_a_new_line_after_a_line():
    wb = bench("p2_escapes_the_jab.yaml")
    start = wb.game.cursor
    found = wb.explore("damage(P2) >= 1", 1)
    assert found.verdict == "possible"
    labels = [label for label, _ in wb.e_lines.options]
    assert any(label.startswith("escape") and "P2: play star_poke" in label for label in labels)
    assert wb.step_into(0)  # a line that hits: P2 walks into the jab
    assert damage_to(wb, "P2")
    first_line = wb.game.line.name
    k = next(v for label, v in wb.e_lines.options if label.startswith("escape") and "star_poke" in label)
    assert wb.step_into(k)  # from the state searched again, the other choice: a new line
    assert wb.game.line.name != first_line and wb.game.line.fork_at == start
    assert not damage_to(wb, "P2")
    assert wb.game.history[start].choice == {"P1": "play gohei_jab", "P2": "play star_poke"}


def test_a_bad_goal_is_shown_not_raised_and_step_into_waits_for_a_search():
    wb = bench("p1_forces_life_down.yaml")
    assert not wb.step_into(0) and "search first" in wb.e_msg.value
    assert wb.explore("P2.lfe <= 4", 1) is None
    shown = html.unescape(wb.e_msg.value)
    assert "unknown field 'lfe'" in shown and "column 1" in shown and "'P2.lfe <= 4'" in shown
    assert wb.b_step_into.disabled
    found = wb.explore("P2.life <= 5", 2)
    assert found.verdict == "forced" and not wb.b_step_into.disabled
    assert wb.step_into()
    assert wb.game.state.players[1].life == 5


def test_viewing_as_a_player_puts_the_search_away():
    wb = bench("p2_escapes_the_jab.yaml")
    assert wb.explore("damage(P2) >= 1", 1) is not None
    wb.view("P2")
    assert wb.exploration is None and wb.e_lines.options == () and wb.e_tree.value == ""
    assert "view as the designer" in html.unescape(wb.e_msg.value)
    assert wb.explore("damage(P2) >= 1", 1) is None  # refused while a player looks
    assert not wb.step_into(0)
    wb.view(None)
    assert wb.explore("damage(P2) >= 1", 1) is not None
