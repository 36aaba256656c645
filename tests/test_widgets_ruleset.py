"""The workbench re-runs the current line's choices under another ruleset and says what changes."""

from __future__ import annotations

from hisoutab import Game, RandomAgent
from hisoutab.widgets import Workbench


def _bench() -> Workbench:
    game = Game("hisoutab-0.45.2", seed=3)
    game.run(until="end", agents=RandomAgent(3), max_steps=60)
    return Workbench(game, seed=3)


def test_rerun_under_the_draft_reports_where_the_choices_stop_fitting() -> None:
    wb = _bench()
    assert "hisoutab-draft" in wb.r_name.options
    wb.r_name.value = "hisoutab-draft"
    wb.b_rerun_ruleset.click()
    # the mulligan and first player pass over (the first player as the draft's option), the
    # draft's skill choices are answered; the lines part at a card the draft's hand lacks
    msg = wb.o_msg.value.replace("&#x27;", "'")
    assert "hisoutab-draft: diverged at choice 3 of 10 (step 11)" in msg
    assert "'play Hakurei Orb' is not offered there (play;" in msg  # the card named, not its id
    assert "'skill' (asked only in hisoutab-draft) answered with the first option" in msg
    assert "1 'mulligan' choice(s) passed over" in msg
    assert wb.compared["hisoutab-draft"].ruleset.id == "hisoutab-draft"
    assert wb.game.ruleset.id == "hisoutab-0.45.2"  # the workbench keeps showing its game


def test_rerun_under_the_same_ruleset_replays_every_choice() -> None:
    wb = _bench()
    wb.r_name.value = "hisoutab-0.45.2"
    wb.b_rerun_ruleset.click()
    assert "all 10 choices replayed" in wb.o_msg.value
    other = wb.compared["hisoutab-0.45.2"]
    assert [s.line() for s in other.history[:60]] == [s.line() for s in wb.game.history]


def test_a_game_from_an_edited_state_cannot_change_ruleset() -> None:
    wb = _bench()
    assert wb.apply_edit("set_hp", hp=15)
    wb.r_name.value = "hisoutab-draft"
    wb.b_rerun_ruleset.click()
    assert "edited state" in wb.o_msg.value and "hs-refused" in wb.o_msg.value
