"""The workbench's bullet, card-zone and export panels, headless: buttons clicked from Python."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

import yaml

from hisoutab import Game, RandomAgent
from hisoutab.engine.record import record
from hisoutab.games.hisoutab.v0452.presentation import edits as hisoutab_edits
from hisoutab.games.hisoutab.v0452.situations import after_setup
from hisoutab.scenarios.model import load_scenario
from hisoutab.scenarios.runner import run_file
from hisoutab.widgets import Workbench
from hisoutab.widgets import workbench as workbench_module


def test_new_controls_have_css_classes() -> None:
    wb = Workbench(after_setup(0))
    assert [name for _, name in wb.e_op.options] == [
        "counter", "move", "place_piece", "set_hp", "spirit", "timeline_tokens", "add_bullet",
        "remove_bullet", "move_card"]
    for _, name in wb.e_op.options:
        wb.e_op.value = name
        assert wb.e_form.children == (wb.edit_form(name).box,)
        for w in (*wb.e_fields.values(), wb.edit_form(name).box):
            assert any(c.startswith("hs-") for c in w._dom_classes), (name, w)
            assert "hs-option" not in w._dom_classes  # the decision buttons' class stays theirs
    for w in (wb.e_msg, wb.x_path, wb.b_export_state, wb.b_export_line, wb.x_msg):
        assert any(c.startswith("hs-") for c in w._dom_classes), w


def values(dd) -> list:  # type: ignore[no-untyped-def]
    """The values a dropdown offers (a card's is its id; it shows the card's name)."""
    return [o[1] if isinstance(o, tuple) else o for o in dd.options]


def shown(dd) -> list:  # type: ignore[no-untyped-def]
    """What a dropdown shows."""
    return [o[0] if isinstance(o, tuple) else o for o in dd.options]


def _form(wb: Workbench, edit: str) -> dict:
    wb.e_op.value = edit
    return wb.e_fields


# ------------------------------------------------------------------------------ bullets
def test_bullet_panel_defaults() -> None:
    wb = Workbench(after_setup(0))
    f = _form(wb, "add_bullet")
    f["owner"].value = "P2"
    p2 = wb.game.state.players[1]
    assert all(v.startswith("P2/") for v in values(f["card"]))
    assert not any("/" in name or "#" in name for name in shown(f["card"]))  # names, not ids
    assert "Magic Missile" in shown(f["card"])
    assert f["card"].value == "P2/magic_missile#1"
    assert (f["x"].value, f["y"].value) == (p2.x + p2.facing, p2.y)  # the cell in front of the piece
    assert wb.game.ctx.on_board(f["x"].value, f["y"].value)
    assert f["die"].value == 3  # Magic Missile's duration
    assert (f["die"].min, f["die"].max) == (1, 6)  # a die's faces
    assert _form(wb, "remove_bullet")["bullet"].options == ()


def test_bullet_add_accepted() -> None:
    wb = Workbench(after_setup(0))
    before = wb.game
    f = _form(wb, "add_bullet")
    f["owner"].value = "P2"
    f["card"].value = "P2/magic_missile#1"
    f["x"].value, f["y"].value, f["direction"].value, f["die"].value = 5, 1, "up-forward", 2
    wb.b_apply.click()
    assert "accepted" in wb.e_msg.value and wb.lines.value == "edit-1\tmain"
    s = wb.game.state
    (b,) = s.bullets
    facing = s.players[1].facing
    assert (b.id, b.owner, b.card, b.x, b.y, b.dx, b.dy) == ("b1", 1, "P2/magic_missile#1", 5, 1, facing, 1)
    assert s.bullet_serial == 1
    p2 = s.players[1]
    assert p2.dice == (("P2/magic_missile#1", 2),)
    assert p2.bullet_area == ("P2/magic_missile#1",) and "P2/magic_missile#1" not in p2.deck
    assert wb.game.ruleset.invariants(wb.game.ctx, s) == []
    assert before.state.bullets == ()  # the original game is kept
    assert _form(wb, "remove_bullet")["bullet"].options == ("b1",)
    # a second bullet of the same card: a fresh id, one die, the card once in the bullet area
    f = _form(wb, "add_bullet")
    assert (f["owner"].value, f["card"].value) == ("P2", "P2/magic_missile#1")  # kept across the edit
    f["direction"].value = "still"
    assert wb.add_bullet()
    s = wb.game.state
    assert [b.id for b in s.bullets] == ["b1", "b2"] and s.bullet_serial == 2
    assert (s.bullets[1].dx, s.bullets[1].dy) == (0, 0)
    assert s.players[1].bullet_area == ("P2/magic_missile#1",) and len(s.players[1].dice) == 1
    wb.b_forward.click()  # the game goes on from the edited state
    assert wb.game.pending is not None


def test_bullet_of_the_trigger_card_stays_in_the_trigger_zone() -> None:
    wb = Workbench(after_setup(0))
    assert wb.move_card("P2", "P2/magic_missile#1", "trigger")
    assert wb.add_bullet("P2", "P2/magic_missile#1", 4, 0, "forward", 3)
    p2 = wb.game.state.players[1]
    assert p2.trigger == "P2/magic_missile#1" and p2.bullet_area == ()
    assert p2.dice == (("P2/magic_missile#1", 3),)


@pytest.mark.parametrize(("field", "value", "text"), [
    ("x", 12, "bullet b1 off the board at (12,0)"),
    ("y", -1, "off the board"),
    ("die", 0, "die 0: a duration die shows 1 or more"),
    ("die", 7, "die 7: a duration die shows 1..6"),
])
def test_bullet_add_refused(field: str, value: int, text: str) -> None:
    wb = Workbench(after_setup(0))
    assert not wb.add_bullet(**{field: value})
    assert "refused" in wb.e_msg.value and text in wb.e_msg.value
    assert list(wb.games) == ["game"] and wb.game.state.bullets == ()


def test_bullet_add_refused_for_other_cards() -> None:
    wb = Workbench(after_setup(0))
    assert not wb.add_bullet("P1", "P1/gohei_jab", 2, 0, "forward", 2)
    assert "not a bullet card" in wb.e_msg.value
    assert not wb.add_bullet("P1", "P2/magic_missile#1", 2, 0, "forward", 2)
    assert "belongs to another player" in wb.e_msg.value
    assert not wb.add_bullet("P1", "P1/hakurei_orb", 2, 0, "forward", 2)  # in the special area
    assert "cannot hold bullets here" in wb.e_msg.value
    assert list(wb.games) == ["game"]


def test_bullet_remove() -> None:
    wb = Workbench(after_setup(0))
    for x in (4, 5):
        assert wb.add_bullet("P1", "P1/amulet_toss#1", x, 0, "forward", 2)
    f = _form(wb, "remove_bullet")
    assert f["bullet"].options == ("b1", "b2")
    f["bullet"].value = "b1"
    wb.b_apply.click()
    assert "accepted" in wb.e_msg.value and "bullet b1" in wb.e_msg.value
    s = wb.game.state
    assert [b.id for b in s.bullets] == ["b2"]
    assert s.players[0].dice == (("P1/amulet_toss#1", 2),)  # b2 still holds the card's die
    assert wb.e_fields["bullet"].options == ("b2",)
    wb.b_apply.click()  # the last bullet of the card: the die goes too
    s = wb.game.state
    assert s.bullets == () and s.players[0].dice == ()
    assert s.bullet_serial == 2  # ids are never reused
    assert wb.e_fields["bullet"].options == ()
    wb.b_apply.click()
    assert "refused" in wb.e_msg.value and "choose a bullet: none is offered" in wb.e_msg.value
    assert not wb.remove_bullet("b9")
    assert "no bullet &#x27;b9&#x27;" in wb.e_msg.value


# ------------------------------------------------------------------------------ cards in zones
def test_card_move_accepted() -> None:
    wb = Workbench(after_setup(0))
    p1 = wb.game.state.players[0]
    card = p1.hand[-1]
    f = _form(wb, "move_card")
    assert card in values(f["card"]) and "P1/get_up" in values(f["card"])  # from the hand, set aside
    assert "Get Up" in shown(f["card"]) and not any("/" in n for n in shown(f["card"]))
    f["card"].value, f["zone"].value = card, "deck"
    wb.b_apply.click()
    assert "accepted" in wb.e_msg.value
    p1 = wb.game.state.players[0]
    assert p1.deck[0] == card and card not in p1.hand
    for zone, check in (("discard", lambda p: p.discard == (card,)), ("cast", lambda p: p.cast == card),
                        ("hand", lambda p: p.hand[-1] == card and p.cast is None)):
        wb.e_fields["card"].value, wb.e_fields["zone"].value = card, zone
        wb.b_apply.click()
        assert "accepted" in wb.e_msg.value, zone
        p = wb.game.state.players[0]
        assert check(p), zone
        assert wb.game.ruleset.invariants(wb.game.ctx, wb.game.state) == []
    wb.e_fields["player"].value = "P2"
    assert all(v.startswith("P2/") for v in values(wb.e_fields["card"]))
    assert wb.move_card(card="P2/magic_missile#2", zone="trigger")
    assert wb.game.state.players[1].trigger == "P2/magic_missile#2"
    assert list(wb.games) == ["game", "edit-1"]  # edits in a row replace the edited game


def test_two_sided_card_gets_its_side() -> None:
    wb = Workbench(after_setup(0))
    ctx = wb.game.ctx
    two = next(c for c in ctx.cards if c.startswith("P1/") and ctx.cards[c].sides
               and c not in ctx.standing and "#" in c)
    f = _form(wb, "move_card")  # filled top to bottom: a new card brings the later defaults back
    f["card"].value = two
    f["zone"].value, f["side"].value = "cast", "bottom"
    wb.b_apply.click()
    assert "accepted" in wb.e_msg.value, wb.e_msg.value
    assert wb.game.state.players[0].cast_side == "bottom"
    assert wb.move_card("P1", two, "hand")
    assert wb.game.state.players[0].cast_side == ""


@pytest.mark.parametrize(("card", "zone", "text"), [
    ("P1/gohei_jab", "deck", "gohei_jab (Gohei Jab) is a standing card: it never goes into the deck"),
    ("P1/guard", "discard", "is a standing card: it never goes into the discard pile"),
    ("P1/get_up", "deck", "is a knockdown card"),
    ("P1/gohei_jab", "hand", "already in the hand"),
    ("P1/hakurei_orb", "hand", "cannot be moved here"),
    ("P2/magic_missile#1", "hand", "P1 has no card"),
])
def test_card_move_refused(card: str, zone: str, text: str) -> None:
    wb = Workbench(after_setup(0))
    assert not wb.move_card("P1", card, zone)
    assert "refused" in wb.e_msg.value and text in wb.e_msg.value
    assert list(wb.games) == ["game"]


def test_card_move_refused_into_a_full_play_zone_and_by_invariants() -> None:
    wb = Workbench(after_setup(0))
    assert wb.move_card("P1", "P1/step#1", "trigger")
    f = _form(wb, "move_card")
    f["card"].value, f["zone"].value = "P1/step#2", "trigger"
    wb.b_apply.click()
    assert "refused: the trigger zone already holds step#1: it must be empty" in wb.e_msg.value
    # a card holding a die cannot leave the bullet area while its bullets are on the board
    assert wb.add_bullet("P1", "P1/amulet_toss#1", 4, 0, "forward", 2)
    n = len(wb.games)
    assert not wb.move_card("P1", "P1/amulet_toss#1", "hand")
    assert "not in the bullet area or a play zone" in wb.e_msg.value
    assert len(wb.games) == n


# ------------------------------------------------------------------------------ export
def test_export_state_reloads_to_an_equal_state(tmp_path: Path) -> None:
    wb = Workbench(after_setup(0))
    assert wb.add_bullet("P2", "P2/magic_missile#1", 5, 0, "forward", 3)
    target = tmp_path / "state.yaml"
    wb.x_path.value = str(target)
    wb.b_export_state.click()
    assert target.exists() and "equal state" in wb.x_msg.value and "equal state" in wb.status.value
    assert target.read_text() == wb.game.to_scenario()
    assert load_scenario(target).start_state == wb.game.state
    assert run_file(target).passed
    # without the UI, to another file
    other = wb.export_state(tmp_path / "again.yaml")
    assert other is not None and load_scenario(other).start_state == wb.game.state


def test_export_asks_before_replacing_a_file(tmp_path: Path) -> None:
    wb = Workbench(after_setup(0))
    target = tmp_path / "state.yaml"
    target.write_text("mine\n")
    wb.x_path.value = str(target)
    assert wb.b_export_replace.layout.display == "none"
    wb.b_export_state.click()
    assert target.read_text() == "mine\n"  # nothing written yet
    assert "exists — replace?" in wb.x_msg.value and "hs-asking" in wb.x_msg.value
    assert wb.b_export_replace.layout.display == ""
    wb.b_export_replace.click()
    assert target.read_text() == wb.game.to_scenario()
    assert "equal state" in wb.x_msg.value and wb.b_export_replace.layout.display == "none"
    # a second click has nothing left to replace
    wb.b_export_replace.click()
    assert "nothing to replace" in wb.x_msg.value


def test_export_line_asks_and_another_export_cancels_the_question(tmp_path: Path) -> None:
    wb = Workbench(after_setup(0))
    target = tmp_path / "line.yaml"
    target.write_text("mine\n")
    assert wb.export_line(target) is None
    assert "exists — replace?" in wb.x_msg.value
    fresh = tmp_path / "fresh.yaml"
    assert wb.export_state(fresh) == fresh  # a new file: no question, the old one is dropped
    assert wb.b_export_replace.layout.display == "none"
    assert wb.confirm_export() is None and target.read_text() == "mine\n"
    assert wb.export_line(target, replace=True) == target
    assert "exported and re-checked: passed" in wb.x_msg.value


def test_export_never_creates_a_folder(tmp_path: Path) -> None:
    wb = Workbench(after_setup(0))
    missing = tmp_path / "sub" / "again.yaml"
    for export in (wb.export_state, wb.export_line):
        assert export(missing) is None
        assert "does not exist (it is not created)" in html.unescape(wb.x_msg.value)
        assert not (tmp_path / "sub").exists()
    assert wb.export_state(tmp_path) is None  # a folder: refused, not replaced
    assert "is a folder" in html.unescape(wb.x_msg.value)


def test_export_state_default_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    wb = Workbench(after_setup(0))
    assert wb.x_path.value == "exported.yaml"
    wb.b_export_state.click()
    assert (tmp_path / "exported.yaml").exists()


def _play(wb: Workbench, n: int) -> None:
    wb.auto.value = True
    for _ in range(n):
        wb.b_forward.click()
    wb.auto.value = False


def test_export_line_from_the_standard_setup(tmp_path: Path) -> None:
    wb = Workbench(None, seed=3)
    _play(wb, 6)
    wb.b_step.click()
    target = tmp_path / "line.yaml"
    wb.x_path.value = str(target)
    wb.b_export_line.click()
    assert "exported and re-checked: passed" in wb.status.value
    assert "exported and re-checked: passed" in wb.x_msg.value
    doc = yaml.safe_load(target.read_text())
    g = wb.game
    assert doc["seed"] == 3 and doc["setup"] == {"characters": ["miko", "magician"]}
    choices = [s.choice for s in g.history if s.choice]
    assert len(doc["script"]) == len(choices)
    assert doc["script"][0] == choices[0]  # the mulligan: one label per player
    assert isinstance(doc["script"][1], str)  # the first player: the label alone
    assert doc["until"] == {"step": g.cursor - 1}
    assert doc["expect"] == [{"at": "end", "state": {"time": g.state.time, "P1.hp": g.state.players[0].hp,
                                                     "P2.hp": g.state.players[1].hp}}]
    result = run_file(target)
    assert result.passed, result.report()
    assert result.game.state == g.state


def test_export_line_from_a_crafted_state_and_mid_line(tmp_path: Path) -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=1, options={"setup.mulligan": "none"}))
    _play(wb, 2)
    assert wb.apply_edit("set_hp", player="P1", hp=9)
    _play(wb, 5)
    wb.slider.value = wb.slider.max - 2  # the export stops at the cursor, not the line's end
    target = wb.export_line(tmp_path / "crafted.yaml")
    assert target is not None and "exported and re-checked: passed" in wb.x_msg.value
    doc = yaml.safe_load(target.read_text())
    assert doc["options"] == {"setup.mulligan": "none"}
    assert doc["setup"]["stop"] == "start" and doc["setup"]["state"]["P1"]["hp"] == 9
    assert doc["expect"][0]["state"]["P1.hp"] == wb.game.state.players[0].hp
    result = run_file(target)
    assert result.passed, result.report()
    assert result.game.state == wb.game.state and len(result.game.history) == wb.game.cursor


def test_export_line_at_the_start(tmp_path: Path) -> None:
    wb = Workbench(after_setup(0))
    target = wb.export_line(tmp_path / "start.yaml")
    assert target is not None and "passed" in wb.x_msg.value
    assert "script" not in yaml.safe_load(target.read_text())
    assert run_file(target).passed


def test_export_line_failure_is_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wb = Workbench(None, seed=3)
    _play(wb, 3)
    good = workbench_module.line_scenario

    def wrong_hp(game: Game, **kw) -> str:
        doc = yaml.safe_load(good(game, **kw))
        doc["expect"][0]["state"]["P1.hp"] = 99
        return yaml.safe_dump(doc, sort_keys=False)

    monkeypatch.setattr(workbench_module, "line_scenario", wrong_hp)
    wb.export_line(tmp_path / "bad.yaml")
    assert "re-check failed" in wb.x_msg.value and "P1.hp" in wb.x_msg.value
    assert "hs-refused" in wb.x_msg.value and "re-check failed" in wb.status.value


def test_export_to_an_unwritable_path(tmp_path: Path) -> None:
    wb = Workbench(after_setup(0))
    (tmp_path / "file").write_text("x")
    assert wb.export_state(tmp_path / "file" / "x.yaml") is None
    assert "cannot write" in wb.x_msg.value


# ------------------------------------------------------------------------------ edits the next steps break
def _turn_begun_with_a_cast_card(seed: int = 3) -> tuple[Game, str, str]:
    """A seeded game stopped right after a turn began, with a turn player whose cast card will move
    to the (empty) trigger zone in maintenance; (game, player, a card of their hand)."""
    game = Game("hisoutab-0.45.2", seed=seed)
    agent = RandomAgent(seed)
    for _ in range(3000):
        d = game.pending
        if d is not None:
            chosen = {p: agent.choose(game.state, d, p) for p in d.players}
            game.choose(chosen if d.joint else chosen[d.players[0]])
            continue
        if game.step().name != "turn.begin":
            continue
        s = game.state
        for i in s.participants:
            p = s.players[i]
            hand = [c for c in p.hand if c not in game.ctx.standing]
            if p.cast is not None and p.trigger is None and hand:
                return game, p.name, hand[0]
    raise AssertionError("no such turn")


def test_a_card_the_next_maintenance_would_lose_is_refused() -> None:
    game, player, card = _turn_begun_with_a_cast_card()
    assert game.next_step().phase == "maintenance"
    edited = hisoutab_edits.move_card(game.ctx, game.state, player, card, "trigger")
    assert game.ruleset.invariants(game.ctx, edited) == []  # the edited state alone looks sound
    wb = Workbench(game)
    state = wb.game.state
    assert not wb.move_card(player, card, "trigger")
    msg = html.unescape(wb.e_msg.value)
    assert "hs-refused" in msg and "maint.zone" in msg
    name = wb.presentation.card_name(wb.game.ctx, card)
    assert f"cards not conserved: missing ['{name}']" in msg  # the invariant's own message, by name
    assert card not in msg
    assert list(wb.games) == ["game"] and wb.game.state is state


@pytest.mark.parametrize("ruleset", ["hisoutab-0.45.2", "toy-dice-race"])
def test_export_line_right_after_an_edit_loads_and_passes(ruleset: str, tmp_path: Path) -> None:
    """An edit starts a new line at its step 0: the export stops there, before any step (``until:
    start``, not ``until: {step: -1}``)."""
    game = Game(ruleset, seed=2)
    game.run(until="decision")
    wb = Workbench(game)
    counter = next(op for op in ("set_hp", "counter") if op in wb.edit_ops)
    values = {"player": "P1", "hp": 7} if counter == "set_hp" else {"player": "P1", "value": 3}
    assert wb.apply_edit(counter, **values), wb.e_msg.value
    assert wb.game.cursor == 0
    target = wb.export_line(tmp_path / "edited.yaml")
    assert target is not None and "exported and re-checked: passed" in wb.x_msg.value, wb.x_msg.value
    doc = yaml.safe_load(target.read_text())
    assert doc["until"] == "start" and "script" not in doc
    result = run_file(target)
    assert result.passed, result.report()
    assert result.game.state == wb.game.state


# ------------------------------------------------------------------ shared zones, counters, grids
def test_cards_move_to_and_from_a_shared_zone_in_the_workbench() -> None:
    game = Game("toy-dice-race", seed=2)
    game.run(until="decision")
    wb = Workbench(game)
    wb.e_op.value = "move"
    assert "shared" in wb.e_fields["player"].options
    assert {"deck", "discard", "P2.hand"} <= set(wb.e_fields["zone"].options)
    card = game.state.players[0].hand[0]
    assert wb.apply_edit("move", player="P1", card=card, zone="discard"), wb.e_msg.value
    assert wb.game.state.discard[0] == card and card not in wb.game.state.players[0].hand
    top = wb.game.state.deck[0]
    assert wb.apply_edit("move", player="shared", card=top, zone="P1.hand"), wb.e_msg.value
    assert top in wb.game.state.players[0].hand and top not in wb.game.state.deck
    n = len(wb.games)
    assert not wb.apply_edit("move", player="shared", card=wb.game.state.deck[0], zone="hand")
    assert "say whose hand: one of P1.hand" in wb.e_msg.value and len(wb.games) == n
    assert not wb.apply_edit("move", player="shared", card=wb.game.state.deck[0], zone="P3.hand")
    assert "refused" in wb.e_msg.value and "more than 2" in wb.e_msg.value  # the invariants hold


@record
class Tile:
    card: str


@record
class Explorer:
    name: str
    hp: int = 4
    hand: tuple[str, ...] = ()


@record
class Table:
    players: tuple[Explorer, ...]
    threat: int = 0
    bag: tuple[str, ...] = ()
    map: tuple[tuple[str, ...], ...] = ()
    tiles: tuple[tuple[object, ...], ...] = ()


def _grid_ruleset() -> Any:
    from types import SimpleNamespace

    from hisoutab.engine.contract import Zone

    return SimpleNamespace(id="grid-edit-test", players_field="players", zones=(
        Zone("threat", kind="counter", owner="shared"), Zone("hp", kind="counter"),
        Zone("bag", owner="shared", visibility="hidden"), Zone("hand", visibility="owner"),
        Zone("map", kind="grid", owner="shared"),
        Zone("tiles", kind="grid", owner="shared", card_attr="card")))


def _table() -> Table:
    return Table(players=(Explorer("P1", hand=("a",)), Explorer("P2")), bag=("b", "c"),
                 map=(("x", ""), ("", "y")), tiles=((Tile("t1"), ""),))


def test_a_shared_counter_can_be_set() -> None:
    from hisoutab.presentation.edits import generic_edits

    rs = _grid_ruleset()
    ops = {op.name: op for op in generic_edits(rs)}
    counter = ops["counter"]
    whose = next(p for p in counter.params if p.name == "player")
    assert list(whose.choices(None, _table(), {})) == ["P1", "P2", "shared"]
    names = next(p for p in counter.params if p.name == "counter")
    assert list(names.choices(None, _table(), {"player": "shared"})) == ["threat"]
    assert list(names.choices(None, _table(), {"player": "P2"})) == ["hp"]
    after = counter.apply(None, _table(), player="shared", counter="threat", value=3)
    assert after.threat == 3 and after.players == _table().players
    assert counter.apply(None, _table(), player="P2", counter="hp", value=1).players[1].hp == 1
    with pytest.raises(ValueError, match="no counter 'hp' among the shared counters"):
        counter.apply(None, _table(), player="shared", counter="hp", value=1)


def test_cards_move_between_grid_cells_shared_zones_and_hands() -> None:
    from hisoutab.presentation.edits import generic_edits, move_card

    rs = _grid_ruleset()
    move = {op.name: op for op in generic_edits(rs)}["move"]
    cards = next(p for p in move.params if p.name == "card")
    assert list(cards.choices(None, _table(), {"player": "shared"})) == ["b", "c", "x", "y", "t1"]
    zones = next(p for p in move.params if p.name == "zone")
    offered = list(zones.choices(None, _table(), {"player": "P1"}))
    assert offered == ["hand", "bag", "P2.hand", "map[0][1]", "map[1][0]", "tiles[0][1]"]
    s = move_card(rs, _table(), "shared", "x", "map[1][0]")
    assert s.map == (("", ""), ("x", "y"))
    s = move_card(rs, s, "shared", "y", "P2.hand")
    assert s.map == (("", ""), ("x", "")) and s.players[1].hand == ("y",)
    s = move_card(rs, s, "P1", "a", "map[0][0]")
    assert s.map[0][0] == "a" and s.players[0].hand == ()
    s = move_card(rs, s, "shared", "b", "map[0][1]")
    assert s.bag == ("c",) and s.map[0] == ("a", "b")
    with pytest.raises(ValueError, match=r"map\[1\]\[0\] is not empty"):
        move_card(rs, s, "shared", "c", "map[1][0]")
    with pytest.raises(ValueError, match="the cells of tiles hold tokens"):
        move_card(rs, s, "shared", "t1", "bag")
    with pytest.raises(ValueError, match="already in"):
        move_card(rs, s, "shared", "x", "map[1][0]")
    with pytest.raises(ValueError, match="no card zone 'nowhere'"):
        move_card(rs, s, "shared", "c", "nowhere")
    with pytest.raises(ValueError, match=r"say which cell of map: map\[row\]\[column\]"):
        move_card(rs, s, "shared", "c", "map")


def test_the_exported_line_checks_the_declared_clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hisoutab.engine.ruleset import get_ruleset

    monkeypatch.setattr(type(get_ruleset("toy-dice-race")), "time_axis", "round", raising=False)
    wb = Workbench(Game("toy-dice-race", seed=3))
    wb.auto.value = True
    for _ in range(12):
        wb.b_forward.click()
    target = wb.export_line(tmp_path / "toy.yaml")
    assert target is not None and "passed" in wb.x_msg.value, wb.x_msg.value
    checks = yaml.safe_load(target.read_text())["expect"][0]["state"]
    assert checks["round"] == wb.game.state.round >= 1 and "time" not in checks
