"""Cards by name where a reader looks: the workbench's step view, the step page and the terminal
step show a card's name, never its id, wherever the ruleset's presentation names the card."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from rich.console import Console

from hisoutab import Game, RandomAgent
from hisoutab.presentation.step import StepView, card_names
from hisoutab.presentation.terminal import step_renderable
from hisoutab.widgets import Workbench

SHIPPED = ["hisoutab-0.45.2", "hisoutab-draft", "recast-rift"]


def played(ruleset: str, steps: int = 160) -> Game:
    game = Game(ruleset, seed=2)
    game.run(until="end", agents=RandomAgent(2), max_steps=steps)
    return game


def ids_in(text: str, names: dict[str, str]) -> list[str]:
    return [c for c in names if re.search(re.escape(c) + r"(?![\w#])", text)]


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_the_step_view_names_cards_never_ids(ruleset: str) -> None:
    game = played(ruleset)
    names = card_names(game.ctx, game.state)
    assert names, "the ruleset's presentation names its cards"
    wb = Workbench(game)
    shown = 0
    for k in range(1, len(game.history) + 1):
        wb.game.goto(k)
        wb.refresh()
        step = wb.game.history[-1]
        diff = wb.step_view.value.split('<table class="hs-diff"', 1)[1]
        assert ids_in(diff, names) == [], (k, step.name, ids_in(diff, names))
        shown += sum(1 for n in set(names.values()) if n in diff)
    assert shown > 0  # some step moved a card, shown by its name


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_the_step_page_and_the_terminal_step_name_cards(ruleset: str) -> None:
    game = played(ruleset, 120)
    names = card_names(game.ctx, game.state)
    moved = 0
    for step in game.history:
        page = StepView(game, step, picture=False)._repr_html_()
        table = page.split('<table class="hs-diff">', 1)[1] if '<table class="hs-diff">' in page else ""
        assert ids_in(table, names) == [], (step.index, step.name)
        console = Console(width=200, record=True)
        console.print(step_renderable(step, ctx=game.ctx, limit=400))
        text = console.export_text()
        diff_part = text.split("changed", 1)[1] if "changed" in text else ""
        assert ids_in(diff_part, names) == [], (step.index, step.name, diff_part)
        moved += any(n in table for n in names.values())
    assert moved > 0


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_a_choice_button_shows_the_names_and_holds_the_faces(ruleset: str) -> None:
    """Where the decision is made: each button says the card names, its tooltip (hover and focus)
    the option's label then the whole face of each card it names."""
    from hisoutab.presentation.base import presentation_for
    from hisoutab.presentation.cards import card_title

    game = Game(ruleset, seed=3)
    agent = RandomAgent(3)
    pres = presentation_for(game.ruleset)
    checked = 0
    for _ in range(40):
        game.run(until="decision", max_steps=2000)
        if game.pending is None:
            break
        wb = Workbench(game)
        names = card_names(game.ctx, game.state)
        for b in wb.option_buttons():
            assert b.tooltip.split("\n")[0] == b.hs_label
            assert ids_in(b.description, names) == [], b.description
            named = [c for c, n in names.items() if re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)",
                                                               b.description)]
            if named:
                faces = b.tooltip.split("\n")[1:]
                longest = max(named, key=lambda c: len(names[c]))
                face = pres.card_face(game.ctx, game.state, longest)
                assert face is not None and card_title(face) in faces, (b.description, faces)
                checked += 1
        game.run(until="end", agents=agent, max_steps=7)
    assert checked > 0


def test_named_text_replaces_whole_ids_only() -> None:
    from hisoutab.presentation.step import named_text

    names = {"P1/step#1": "Step", "P1/step#10": "Step", "P1/jab": "Gohei Jab"}
    assert named_text("P1/step#10 and P1/step#1, P1/jabber, P1/jab.", names) == \
        "Step and Step, P1/jabber, Gohei Jab."


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_an_edit_refused_names_the_cards(ruleset: str) -> None:
    game = played(ruleset, 40)
    wb = Workbench(game)
    names = card_names(game.ctx, game.state)
    name = "move" if "move" in wb.edit_ops else "move_card"
    wb.e_op.value = name
    fields = wb.e_fields
    card = fields["card"].value
    zones = [o[1] if isinstance(o, tuple) else o for o in fields["zone"].options]
    refused_once = False
    for zone in zones:
        fields["card"].value = card
        fields["zone"].value = zone
        n = len(wb.games)
        wb.b_apply.click()
        if "refused" in wb.e_msg.value:
            refused_once = True
            assert ids_in(wb.e_msg.value, names) == [], wb.e_msg.value
        if len(wb.games) != n:
            break
    assert refused_once or len(zones) <= 1
