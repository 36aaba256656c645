"""The workbench widgets, headless: every control clicked or changed from Python, no browser."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("ipywidgets")

from hisoutab import Game
from hisoutab.games.hisoutab.v0452.situations import after_setup, situation
from hisoutab.widgets import Workbench, state_diff


def at_decision(seed: int = 0) -> Workbench:
    wb = Workbench(None, seed=seed)
    wb.b_forward.click()
    return wb


def test_import_hisoutab_does_not_import_ipywidgets() -> None:
    code = ("import sys, hisoutab, hisoutab.widgets, hisoutab.games.hisoutab.v0452.situations; "
            "print('ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_control_has_a_css_class() -> None:
    wb = at_decision()
    for w in (wb.b_first, wb.b_back, wb.b_step, wb.b_forward, wb.b_turn, wb.b_phase, wb.b_end, wb.auto,
              wb.play, wb.speed, wb.slider, wb.view_as, wb.picture, wb.step_view, wb.log_view,
              wb.decision_box, wb.lines, wb.line_info, wb.e_op, wb.e_form, wb.b_load, wb.b_apply, wb.e_msg,
              *wb.e_fields.values(), wb.o_name, wb.o_value, wb.b_rerun, wb.compare_box):
        assert any(c.startswith("hs-") for c in w._dom_classes), w
    assert all("hs-option" in b._dom_classes for b in wb.option_buttons())


def test_step_back_first_and_picture_updates() -> None:
    wb = Workbench(None, seed=0)
    assert wb.game.cursor == 0
    pic0, log0 = wb.picture.value, wb.log_view.options
    for _ in range(3):
        wb.b_step.click()
    assert wb.game.cursor == 3
    assert wb.picture.value != pic0 and len(wb.log_view.options) == 3 != len(log0)
    assert wb.log_view.value == 2 and wb.slider.value == 3 and wb.slider.max == 3
    assert "setup.markers" in wb.step_view.value and "#H-SETUP-3" in wb.step_view.value
    wb.b_back.click()
    assert wb.game.cursor == 2 and wb.slider.value == 2
    wb.b_first.click()
    assert wb.game.cursor == 0 and "start of the line" in wb.step_view.value


def test_forward_stops_at_decision_without_autoplay() -> None:
    wb = at_decision()
    assert wb.game.pending is not None and wb.game.pending.kind == "mulligan"
    n = wb.game.cursor
    for b in (wb.b_step, wb.b_turn, wb.b_phase, wb.b_end, wb.b_forward):
        b.click()
        assert wb.game.cursor == n
    assert "decide" in wb.status.value or "decision" in wb.status.value


def test_autoplay_runs_turns_and_end() -> None:
    wb = at_decision()
    wb.auto.value = True
    wb.b_step.click()  # the agent answers the mulligan
    assert wb.game.history[-1].choice is not None
    wb.b_turn.click()
    assert "turn" in wb.game.ruleset.flow.steps[wb.game.history[-1].name].tags
    wb.b_phase.click()
    wb.b_forward.click()
    wb.b_end.click()
    assert wb.game.over and "game over" in wb.status.value
    assert "over" in repr(wb)


def test_play_widget_steps_and_pauses_at_decision() -> None:
    wb = Workbench(None, seed=0)
    wb.play.playing = True
    k = 0
    while wb.game.pending is None and k < 100:
        k += 1
        wb.play.tick()  # the browser asks for a tick once the previous one was answered: one step each
        assert wb.game.cursor == k
    assert wb.game.pending is not None
    wb.play.tick()  # blocked by the decision: pauses
    assert wb.game.cursor == k and wb.play.playing is False
    assert "paused" in wb.status.value


def test_pause_stops_at_once() -> None:
    """A tick asked for before the pause but answered after it takes no step: pause is exact."""
    wb = Workbench(None, seed=0)
    wb.play.playing = True
    wb.play.tick()
    wb.play.tick()
    assert wb.game.cursor == 2
    wb.play.playing = False  # pause
    wb.play.tick()  # a tick still on its way
    assert wb.game.cursor == 2 and wb.play.ticks == 2


def test_shortcut_keys() -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=0, options={"setup.mulligan": "none"}))
    wb.picture.press("ArrowRight")
    wb.picture.press("ArrowRight")
    assert wb.game.cursor == 2
    wb.step_view.press("ArrowLeft")
    assert wb.game.cursor == 1
    wb.picture.press("n")
    assert wb.game.pending is not None and wb.game.pending.kind == "first player"
    wb.picture.press("Home")
    assert wb.game.cursor == 0
    wb.picture.press("x")  # not a shortcut: nothing happens
    assert wb.game.cursor == 0
    wb.picture.press(" ")
    assert wb.play.playing is True


def test_clicking_a_card_shows_its_face() -> None:
    wb = at_decision()
    hand = wb.game.state.players[0].hand
    assert f'data-card="{hand[0]}"' in wb.picture.value  # the picture marks its cards
    wb.picture.click_card(hand[0])
    face = wb.presentation.card_face(wb.game.ctx, wb.game.state, hand[0])
    assert face is not None and wb.cards.card == hand[0]
    assert face.name in wb.cards.face.value and "hs-card" in wb.cards.face.value
    # the finder lists the cards by name and place, never by id; picking one shows it
    assert not any("/" in o or "#" in o for o in wb.cards.finder.options)
    entry = next(o for o, c in wb.cards._names.items() if c == hand[1])
    wb.cards.finder.value = entry
    assert wb.cards.card == hand[1]
    # any part of a name, in any case, finds the card; several matches are listed
    name = wb.presentation.card_name(wb.game.ctx, hand[2])
    part = name.split()[-1][1:].upper() if len(name.split()[-1]) > 2 else name.upper()
    found = wb.cards.find(part)
    assert hand[2] in found
    wb.cards.finder.value = part
    if len(found) == 1:
        assert wb.cards.card == hand[2]
    else:
        assert f"{len(found)} cards match" in wb.cards.face.value
    wb.cards.finder.value = f"{name.lower()} p1 hand"
    assert wb.cards.card == hand[2] or "cards match" in wb.cards.face.value
    wb.cards.finder.value = "no such card zzz"
    assert "no card matches" in wb.cards.face.value
    # the step view names the cards its step moved, as chips to click
    wb.b_back.click()
    wb.b_step.click()
    assert "hs-chip" in wb.step_view.value and 'data-card="P1/' in wb.step_view.value


def test_option_buttons_show_words_and_keep_labels() -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=0, options={"setup.mulligan": "none"}))
    wb.b_forward.click()
    d = wb.game.pending
    buttons = wb.option_buttons()
    # the stable label first (hover, scripts), then the face of each card the option names
    assert [b.tooltip.split("\n")[0] for b in buttons] == list(d.labels())
    assert all(b.description for b in buttons)


def test_the_mulligan_is_a_subset_choice() -> None:
    wb = at_decision()
    d = wb.game.pending
    assert d.kind == "mulligan" and wb.option_buttons() == []  # no button per subset
    form = wb.decisions.subsets["P1"]
    hand = [b.hs_value for b in form.items]
    assert hand and set(hand) <= set(wb.game.state.players[0].hand)
    names = [wb.presentation.card_name(wb.game.ctx, c) for c in hand]
    assert [b.description for b in form.items] == names  # card names, not ids
    assert form.confirm.tooltip == "keep all"
    form.select(hand[:2])
    label = form.confirm.tooltip
    assert label in d.labels("P1") and label.startswith("discard ")
    assert names[0] in form.confirm.description
    n = wb.game.cursor
    form.confirm.click()
    assert wb.game.hidden_choices() == ("P1",) and wb.game.cursor == n
    wb.decisions.subsets["P2"].confirm.click()  # P2 keeps all
    assert wb.game.history[-1].choice == {"P1": label, "P2": "keep all"}
    # the step view tells the choice in words; the labels stay in its tooltip
    chosen = wb.step_view.value.split('class="hs-chosen"', 1)[1].split("</span>", 1)[0]
    assert names[0] in chosen and names[1] in chosen and f"P1: {label}, P2: keep all" in chosen


def test_a_long_option_list_has_a_filter() -> None:
    from hisoutab.widgets.decisions import LONG

    wb = Workbench(Game("hisoutab-0.45.2", seed=0, options={"setup.mulligan": "none"}))
    wb.auto.value = True
    for _ in range(200):
        d = wb.game.pending
        if d is not None and not d.joint and len(d.options_for(d.players[0])) > LONG:
            break
        wb.forward()
        if wb.game.pending is None and wb.game.over:
            break
    d = wb.game.pending
    assert d is not None and len(d.options_for(d.players[0])) > LONG
    p = d.players[0]
    box = wb.decisions.filters[p]
    all_buttons = wb.option_buttons(p)
    target = all_buttons[-1]
    box.value = target.hs_label
    grid = [w for w in wb.decision_box.children[-1].children[1].children[1].children]
    assert target in grid and len(grid) < len(all_buttons)
    target.click()
    assert wb.game.history[-1].choice == {p: target.hs_label}


def test_slider_and_log_jump() -> None:
    wb = at_decision()
    wb.slider.value = 2
    assert wb.game.cursor == 2 and wb.log_view.value == 1
    wb.log_view.value = 3  # select step 3: the cursor goes after it
    assert wb.game.cursor == 4 and wb.slider.value == 4
    wb.slider.value = wb.slider.max
    assert wb.game.cursor == len(wb.game.line.steps)


def test_single_player_option_button() -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=0, options={"setup.mulligan": "none"}))
    wb.b_forward.click()
    assert wb.game.pending.kind == "first player" and not wb.game.pending.joint
    buttons = wb.option_buttons()
    assert [b.hs_label for b in buttons] == list(wb.game.pending.labels())
    buttons[0].click()
    assert wb.game.history[-1].choice == {"P1": buttons[0].hs_label}


def test_simultaneous_decision_stays_hidden_until_both_chose() -> None:
    wb = at_decision()
    d = wb.game.pending
    assert d.joint and d.players == ("P1", "P2")
    n = wb.game.cursor
    p1 = wb.decisions.subsets["P1"]
    p1.confirm.click()  # P1 keeps all
    assert wb.game.cursor == n and wb.game.hidden_choices() == ("P1",)
    assert "hidden" in wb.status.value and "keep all" not in wb.status.value
    assert wb.decisions.subsets["P1"].confirm.disabled
    p2 = wb.decisions.subsets["P2"]
    assert not p2.confirm.disabled
    p2.select([p2.items[1].hs_value])
    label = p2.confirm.tooltip
    p2.confirm.click()
    assert wb.game.cursor == n + 1
    assert wb.game.history[-1].choice == {"P1": "keep all", "P2": label}
    name = p2.items[1].description  # the revealed choice in words: the card's name
    assert "revealed" in wb.status.value and name in wb.status.value and label not in wb.status.value


def test_branching_and_switching_lines() -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=0, options={"setup.mulligan": "none"}))
    wb.b_forward.click()
    first = wb.option_buttons()[0].hs_label
    wb.option_buttons()[0].click()
    wb.b_forward.click()
    end_main = wb.game.cursor
    at = next(s.index for s in wb.game.history if s.choice)
    wb.slider.value = at  # back to the first-player decision
    assert wb.game.pending.kind == "first player"
    wb.option_buttons()[0].click()  # same choice: replays, no new line
    assert wb.game.line.name == "main"
    wb.slider.value = at
    other = next(b for b in wb.option_buttons() if b.tooltip != first)
    other.click()
    assert wb.game.line.name == "main.1"
    assert [v for _, v in wb.lines.options] == ["game\tmain", "game\tmain.1"]
    assert f"forked from <b>main</b> at step {at}" in wb.line_info.value
    wb.lines.value = "game\tmain"
    assert wb.game.line.name == "main" and wb.game.cursor == end_main
    wb.switch("main.1")
    assert wb.game.line.name == "main.1" and repr(wb).startswith(
        "<Workbench hisoutab-0.45.2 seed=0 line='main.1'")


def test_edit_accepted_continues_on_a_new_line() -> None:
    wb = Workbench(after_setup(0))
    before = wb.game
    # through the form: choose the edit, the player (the HP follows), a value, apply
    wb.e_op.value = "set_hp"
    wb.e_fields["player"].value = "P2"
    assert wb.e_fields["hp"].value == 20
    wb.e_fields["hp"].value = 11
    wb.b_apply.click()
    assert "accepted" in wb.e_msg.value and wb.lines.value == "edit-1\tmain"
    # through the methods: each edit continues from the one before
    assert wb.apply_edit("place_piece", player="P2", x=4)
    assert wb.apply_edit("spirit", player="P2", up=2)
    assert wb.apply_edit("timeline_tokens", player="P2", hit="3")
    p2 = wb.game.state.players[1]
    assert (p2.x, p2.hp, p2.spirit_available, p2.hit) == (4, 11, 2, 3)
    assert wb.game is not before and wb.games["game"] is before  # the original is kept
    assert before.state.players[1].hp == 20
    # edits in a row, with nothing played between them, make one edited game: the list stays short
    assert [v for _, v in wb.lines.options] == ["game\tmain", "edit-1\tmain"]
    assert wb.lines.value == "edit-1\tmain"
    wb.b_forward.click()
    assert wb.game.pending is not None
    # once something was played in it, the next edit starts another game
    wb.auto.value = True
    wb.b_step.click()
    assert wb.game.cursor == 1
    assert wb.apply_edit("set_hp", player="P1", hp=9)
    assert wb.lines.value == "edit-2\tmain" and len(wb.lines.options) == 3


@pytest.mark.parametrize(("edit", "values", "text"), [
    ("set_hp", {"hp": 25}, "HP 25 outside 0..20"),
    ("place_piece", {"x": 9}, "off the board"),
    ("spirit", {"up": 7}, "spirit up: 7 is outside"),
    ("timeline_tokens", {"marker": "soon"}, "not a cell number"),
])
def test_edit_refused(edit: str, values: dict, text: str) -> None:
    wb = Workbench(after_setup(0))
    assert not wb.apply_edit(edit, **values)
    assert "refused" in wb.e_msg.value and text in wb.e_msg.value
    assert "hs-refused" in wb.e_msg.value
    assert list(wb.games) == ["game"]


def test_option_rerun_same_and_diverging() -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=0, options={"setup.mulligan": "none"}))
    wb.auto.value = True
    for _ in range(4):
        wb.b_forward.click()
    wb.auto.value = False
    choices = [s.choice for s in wb.game.history if s.choice]
    # an option that changes nothing up to here: every choice replays, the trace is the same
    wb.o_name.value = "knockdown.may_wait"
    wb.o_value.value = "true"
    wb.b_rerun.click()
    assert f"all {len(choices)} choices replayed" in wb.o_msg.value
    assert "the trace is the same" in wb.o_msg.value
    assert [s.choice for s in wb.game.history if s.choice] == choices
    assert wb.lines.value == "options-1\tmain"
    # the mulligan comes back: the first recorded choice no longer fits
    wb.switch("main")
    wb.o_name.value = "setup.mulligan"
    assert wb.o_value.value == "none"
    wb.o_value.value = "once"
    wb.b_rerun.click()
    assert "diverged at choice 1" in wb.o_msg.value
    # a value the option refuses
    wb.o_name.value = "guard.spirit_cost"
    wb.o_value.value = "-1"
    wb.b_rerun.click()
    assert "too small" in wb.o_msg.value


def test_rerun_from_a_crafted_state_keeps_it() -> None:
    game = situation(after_setup(0), p1={"marker": 3}, p2={"marker": 6}, time=1, special_done=0)
    wb = Workbench(game)
    wb.b_step.click()
    new = wb.rerun_with_option("guard.spirit_cost", 2)
    assert new is not None and new.initial is game.initial


def test_attack_highlight_and_diff() -> None:
    base = after_setup(0)
    game = situation(base, time=2, special_done=2, participants=(), initiative=0,
                     p1={"x": 2, "y": 0, "facing": 1, "marker": 3, "cast": "gohei_swing#1"},
                     p2={"x": 3, "y": 0, "facing": -1, "marker": 9, "cast": "broom_sweep#1"})
    wb = Workbench(game)
    wb.b_forward.click()
    steps = wb.game.line.steps
    phys = next(s for s in steps if s.name == "eff.physical")
    wb.slider.value = phys.index + 1
    # Gohei Swing's range from (2,0) facing right, highlighted on the board
    for x, y in ((3, 0), (3, 1), (4, 0), (4, 1)):
        assert f'-hl-{x}-{y}"' in wb.picture.value
    damage = next(s for s in steps if s.name == "resolve.settle")
    assert ("P2.hp", "20 → 18") in state_diff(damage.before, damage.after)


def test_repr_is_deterministic() -> None:
    a, b = at_decision(3), at_decision(3)
    assert repr(a) == repr(b)
    n = a.game.cursor
    assert repr(a) == f"<Workbench hisoutab-0.45.2 seed=3 line='main' step {n}/{n} pending mulligan P1+P2>"
    assert " at 0x" not in repr(a)
    wb = Workbench(after_setup(0))
    n = wb.game.cursor
    assert repr(wb) == f"<Workbench hisoutab-0.45.2 seed=0 line='main' step {n}/{n} pending play P1+P2>"
