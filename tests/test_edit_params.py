"""The workbench's edit forms default to legal values and are bounded by the rules; the edits refuse
values out of range with a clear message (0.45.2's edits and the draft's bullet edit)."""

from __future__ import annotations

from typing import Any

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.v0452.presentation import edits as e452
from hisoutab.games.hisoutab.v0452.rules.options import OPTIONS
from hisoutab.games.hisoutab.v0452.situations import after_setup
from hisoutab.presentation import presentation_for

from .conftest import seeded_game


def form_values(op: Any, ctx: Any, state: Any, given: dict[str, Any] | None = None) -> dict[str, Any]:
    """The values a form shows: each parameter's default (else its first choice), in order, each seeing
    those before it (as the workbench fills them)."""
    values: dict[str, Any] = {}
    for p in op.params:
        if given and p.name in given:
            values[p.name] = given[p.name]
            continue
        choices = list(p.choices(ctx, state, values)) if p.choices is not None else None
        value = p.default(ctx, state, values) if p.default is not None else None
        if value is None and choices:
            value = choices[0]
        if choices is not None and value is not None:
            assert value in choices, (op.name, p.name, value, choices)
        if p.kind == "int" and value is not None:
            assert isinstance(value, int) and not isinstance(value, bool), (op.name, p.name, value)
            if p.minimum is not None:
                assert value >= p.minimum, (op.name, p.name, value)
            if p.maximum is not None:
                assert value <= p.maximum, (op.name, p.name, value)
        values[p.name] = value
    return values


def games() -> list[Game]:
    return [after_setup(0), seeded_game(6, 400), seeded_game(3, 470), seeded_game(12, 400)]


@pytest.fixture(scope="module")
def ops() -> dict[str, Any]:
    g = after_setup(0)
    return {op.name: op for op in presentation_for(g.ruleset).edits(g.ruleset)}


@pytest.mark.parametrize("k", range(4))
def test_every_default_is_legal(k, ops):
    g = games()[k]
    for name, op in ops.items():
        values = form_values(op, g.ctx, g.state)
        if name == "remove_bullet" and not g.state.bullets:
            assert values["bullet"] is None  # nothing to offer
            continue
        after = op.apply(g.ctx, g.state, **values)
        assert g.ruleset.invariants(g.ctx, after) == [], (name, values)


def test_bounds_come_from_the_rules(ops):
    limits = {p.name: (p.minimum, p.maximum) for p in ops["add_bullet"].params if p.kind == "int"}
    width, height = OPTIONS.get("board.width").maximum, OPTIONS.get("board.height").maximum
    assert limits == {"x": (1, width), "y": (0, height - 1), "die": (1, 6)}
    place = {p.name: (p.minimum, p.maximum) for p in ops["place_piece"].params if p.kind == "int"}
    assert place == {"x": (1, width), "y": (0, height - 1)}
    assert [(p.minimum, p.maximum) for p in ops["set_hp"].params if p.name == "hp"] == [(0, 20)]
    assert [(p.minimum, p.maximum) for p in ops["spirit"].params if p.name == "up"] == [(0, 5)]
    value = next(p for p in ops["counter"].params if p.name == "value")
    assert value.minimum == 0


@pytest.mark.parametrize("owner", ["P1", "P2"])
def test_a_new_bullet_goes_in_front_of_its_owner(owner, ops):
    g = after_setup(0)
    i = ["P1", "P2"].index(owner)
    p, q = g.state.players[i], g.state.players[1 - i]
    values = form_values(ops["add_bullet"], g.ctx, g.state, {"owner": owner})
    assert (values["x"], values["y"]) == (p.x + p.facing, p.y)
    assert g.ctx.on_board(values["x"], values["y"]) and (values["x"], values["y"]) != (q.x, q.y)
    card = g.ctx.cards[values["card"]]
    assert values["die"] == e452.durations(card)
    assert values["direction"] in ("forward", "still") or values["direction"] in card.effects[0][1].angle


def test_the_opponents_cell_is_skipped():
    g = after_setup(0)
    s = g.state
    p1, p2 = s.players
    s = s.with_player(1, replace(p2, x=p1.x + 1, y=p1.y))  # P2 right in front of P1
    op = {o.name: o for o in presentation_for(g.ruleset).edits(g.ruleset)}["add_bullet"]
    values = form_values(op, g.ctx, s, {"owner": "P1"})
    assert (values["x"], values["y"]) != (p1.x + 1, p1.y)
    assert (values["x"] - p1.x) * p1.facing > 0  # still ahead of the piece
    op.apply(g.ctx, s, **values)


def test_direction_defaults_to_what_the_card_fires():
    g = after_setup(0)
    ctx, s = g.ctx, g.state
    op = {o.name: o for o in presentation_for(g.ruleset).edits(g.ruleset)}["add_bullet"]
    for card, want in (("P1/amulet_toss#1", "forward"), ("P1/homing_amulet#1", "still")):
        values = form_values(op, ctx, s, {"owner": "P1", "card": card})
        assert values["direction"] == want, card


def test_a_card_with_a_die_keeps_it_as_the_default(ops):
    g = after_setup(0)
    s = e452.add_bullet(g.ctx, g.state, "P1", "P1/amulet_toss#1", 3, 0, "forward", 2)
    values = form_values(ops["add_bullet"], g.ctx, s, {"owner": "P1", "card": "P1/amulet_toss#1"})
    assert values["die"] == 2


@pytest.mark.parametrize(("values", "text"), [
    ({"x": 0}, "bullet b1 off the board at (0,0): x is 1..7, y is 0..2"),
    ({"x": 8}, "off the board at (8,0)"),
    ({"y": 3}, "off the board"),
    ({"y": -1}, "off the board"),
    ({"die": 0}, "die 0: a duration die shows 1 or more"),
    ({"die": 9}, "die 9: a duration die shows 1..6"),
    ({"die": 4}, "die 4: Amulet Toss's duration is 3, so its die shows 1..3"),
    ({"x": 6}, "(6, 0) is P2's cell: the bullet would hit at once (H-EFF-BUL-5)"),
    ({"x": "3"}, "x: expected a whole number"),
])
def test_a_bullet_out_of_range_is_refused(values, text, ops):
    g = after_setup(0)
    base = {"owner": "P1", "card": "P1/amulet_toss#1", "x": 3, "y": 0, "direction": "forward", "die": 3}
    assert g.state.players[1].x == 6
    with pytest.raises(ValueError) as err:
        ops["add_bullet"].apply(g.ctx, g.state, **{**base, **values})
    assert text in str(err.value)


def test_the_board_is_the_games_own():
    g = Game("hisoutab-0.45.2", seed=0, options={"board.width": 10, "setup.mulligan": "none",
                                                 "setup.first_player": "p1"})
    g.run(until="decision")
    base = {"owner": "P1", "card": "P1/amulet_toss#1", "y": 0, "direction": "forward", "die": 3}
    after = e452.add_bullet(g.ctx, g.state, x=8, **base)
    assert after.bullets[-1].x == 8
    with pytest.raises(ValueError, match=r"x is 1\.\.10"):
        e452.add_bullet(g.ctx, g.state, x=11, **base)
    with pytest.raises(ValueError, match=r"would be off the board: x is 1\.\.10"):
        e452.place_piece(g.ctx, g.state, "P1", 11, 0)
    assert e452.place_piece(g.ctx, g.state, "P1", 10, 2).players[0].x == 10


@pytest.mark.parametrize(("edit", "values", "text"), [
    ("place_piece", {"x": 0}, "P1's piece at (0,0) would be off the board"),
    ("place_piece", {"y": 3}, "off the board"),
    ("set_hp", {"hp": 21}, "HP 21 outside 0..20"),
    ("set_hp", {"hp": -1}, "HP -1 outside 0..20"),
    ("spirit", {"up": 6}, "spirit up: 6 is outside 0..5"),
    ("timeline_tokens", {"marker": "0", "hit": "none"}, "marker t=0: behind the current time t=1"),
    ("timeline_tokens", {"marker": "none", "hit": "none"}, "P1 needs a marker or a hit token"),
    ("counter", {"counter": "hp", "value": 25}, "HP 25 outside 0..20"),
    ("counter", {"counter": "marker", "value": 0}, "marker t=0: behind the current time t=1"),
])
def test_other_values_out_of_range_are_refused(edit, values, text, ops):
    g = after_setup(0)
    full = form_values(ops[edit], g.ctx, g.state, {"player": "P1", **values})
    with pytest.raises(ValueError) as err:
        ops[edit].apply(g.ctx, g.state, **full)
    assert text in str(err.value)


def test_a_token_off_the_timeline_defaults_to_the_current_cell(ops):
    g = seeded_game(6, 400)
    s = g.state
    i = next(k for k, p in enumerate(s.players) if p.marker is None)
    name = s.players[i].name
    values = form_values(ops["counter"], g.ctx, s, {"player": name, "counter": "marker"})
    assert values["value"] == s.time


def test_the_move_edits_default_to_a_zone_the_card_may_go_to(ops):
    g = after_setup(0)
    for name in ("move", "move_card"):
        values = form_values(ops[name], g.ctx, g.state, {"player": "P1", "card": "P1/guard"})
        assert values["zone"] not in ("hand", "deck", "discard")  # a standing card, in hand
        after = ops[name].apply(g.ctx, g.state, **values)
        assert g.ruleset.invariants(g.ctx, after) == []


# ------------------------------------------------------------------ the draft's bullet edit
@pytest.fixture(scope="module")
def draft() -> Game:
    g = Game("hisoutab-draft", seed=5)
    g.run(until="end", agents=RandomAgent(5), max_steps=185)
    return g


def _draft_op(g: Game) -> Any:
    return {o.name: o for o in presentation_for(g.ruleset).edits(g.ruleset)}["add_bullet"]


def test_the_draft_bullet_defaults_are_legal(draft):
    op = _draft_op(draft)
    ctx, s = draft.ctx, draft.state
    tried = 0
    for i, p in enumerate(s.players):
        q = s.players[1 - i]
        values = form_values(op, ctx, s, {"owner": p.name})
        assert ctx.on_board(values["x"], values["y"]) and (values["x"], values["y"]) != (q.x, q.y)
        assert (values["x"] - p.x) * p.facing > 0  # in front of the piece
        assert values["slot"] == 1
        if values["card"] is None:
            continue
        card = ctx.cards[values["card"]]
        assert values["direction"] == ("forward" if "forward" in card.directions else
                                       (card.directions[0] if card.directions else values["direction"]))
        after = op.apply(ctx, s, **values)
        assert draft.ruleset.invariants(ctx, after) == []
        tried += 1
    assert tried


def test_the_draft_bullet_refuses_values_out_of_range(draft):
    op = _draft_op(draft)
    ctx, s = draft.ctx, draft.state
    p = next(p for p in s.players if form_values(op, ctx, s, {"owner": p.name})["card"])
    values = form_values(op, ctx, s, {"owner": p.name})
    for bad, text in (({"x": 0}, "off the board"), ({"y": ctx.height}, "off the board"),
                      ({"slot": 99}, "slot 99")):
        with pytest.raises(ValueError, match=text):
            op.apply(ctx, s, **{**values, **bad})
