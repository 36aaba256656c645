"""The scenario tools on rulesets that are not HisouTab: cards known only through the contract
(``card_pool``, ``card_owner``, the declared zones), shared zones that move cards, optional fields,
grids, a game without a clock, forced chance with its place in the file, and ``check`` going on
past a file that breaks. The rulesets here are the toy race of tests/toy, varied in this module."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from hisoutab.cli.main import main
from hisoutab.engine.contract import Zone
from hisoutab.engine.errors import InputError
from hisoutab.engine.game import Game
from hisoutab.engine.record import record, replace
from hisoutab.engine.ruleset import registered
from hisoutab.scenarios import capture, check_paths, load_scenario_text, run_scenario
from hisoutab.scenarios.capture import until_after
from hisoutab.scenarios.paths import resolve
from tests.toy.ruleset import ZONES, ToyDiceRace
from tests.toy.state import Racer, State


class CardsAttribute(ToyDiceRace):
    """The toy with a context attribute named ``cards`` that is no card table."""

    id = "toy-scen-cards-attr"

    def context(self, options: Any, setup: Any) -> Any:
        ctx = super().context(options, setup)
        ctx.cards = {"deck": "a word the game uses for something else"}
        return ctx


class Pooled(CardsAttribute):
    """The toy declaring its card pool: the shared deck's cards, which belong to nobody."""

    id = "toy-scen-pooled"

    def card_pool(self, ctx: Any) -> tuple[str, ...]:
        return tuple(getattr(ctx, "card_instances", ctx.deck))


class Owned(Pooled):
    """Besides the shared deck, one bid card per player named as the guide names them (P1/bid#1);
    all start in the deck."""

    id = "toy-scen-owned"

    def context(self, options: Any, setup: Any) -> Any:
        ctx = super().context(options, setup)
        bids = tuple(f"{p}/bid#1" for p in ctx.players)
        ctx.deck = (*ctx.deck, *bids)
        if hasattr(ctx, "card_instances"):
            ctx.card_instances = (*ctx.card_instances, *bids)
        return ctx


@record
class Token:
    """A record in an optional field."""

    n: int
    label: str | None = None


@record
class Tiled(State):
    """The toy's state with an optional record and a grid of face-down tiles."""

    bonus: Token | None = None
    map: tuple[tuple[str, ...], ...] = (("", ""), ("", ""))


class Gridded(Pooled):
    """The toy with an optional field and a shared 2×2 grid zone holding cards."""

    id = "toy-scen-grid"
    state_type = Tiled
    zones = (*ZONES, Zone("map", kind="grid", owner="shared", visibility="hidden",
                          doc="face-down tiles"))

    def initial_state(self, ctx: Any, seed: int) -> Any:
        s = super().initial_state(ctx, seed)
        return Tiled(players=s.players, deck=s.deck, agenda=s.agenda, rng=s.rng)

    def invariants(self, ctx: Any, s: Any) -> list[str]:
        """The toy's, but for a ledger that does not see grids: the cards on the map are not lost
        (the scenario loader checks itself that no card is in two places)."""
        on_map = {c for row in s.map for c in row if c}
        return [p for p in super().invariants(ctx, s)
                if not ("not conserved" in p and on_map and any(c in p for c in on_map))]


class Clocked(ToyDiceRace):
    id = "toy-scen-clocked"
    time_axis = "round"


@pytest.fixture(autouse=True, scope="module")
def _variants() -> Iterator[None]:
    """The variants are known to this module's tests only (other modules' tests run over every
    registered ruleset and would meet them)."""
    with registered(CardsAttribute(), Pooled(), Owned(), Gridded(), Clocked()):
        yield


@pytest.fixture
def variant() -> Iterator[Any]:
    """Register a ruleset for one test only."""
    with ExitStack() as stack:
        def add(ruleset: Any) -> Any:
            stack.enter_context(registered(ruleset))
            return ruleset
        yield add


def load(text: str, file: str = "t.yaml") -> Any:
    return load_scenario_text("name: t\ndescription: d\n" + text, file)


def players_of(state: Any) -> dict[str, Racer]:
    return {p.name: p for p in state.players}


# ----------------------------------------------------------------------- item 1: identity
def test_a_context_attribute_named_cards_changes_nothing() -> None:
    sc = load("ruleset: toy-scen-cards-attr\nsetup:\n  players: 2\n  stop: setup\n"
              "  state:\n    P1: {position: 3}\n")
    assert players_of(sc.start_state)["P1"].position == 3
    game = Game("toy-scen-cards-attr", seed=4, setup={"players": 3})
    game.run(until="decision", max_steps=50)
    again = load_scenario_text(capture(game), "c.yaml")
    assert again.start_state == game.state


def test_cards_by_id_copy_and_instance_from_the_pool() -> None:
    sc = load("ruleset: toy-scen-pooled\nsetup:\n  players: 2\n  stop: start\n"
              "  state:\n    P1: {hand: [dash, dash#3]}\n    P2: {hand: [leap#2]}\n")
    hands = {n: p.hand for n, p in players_of(sc.start_state).items()}
    assert hands == {"P1": ("dash#1", "dash#3"), "P2": ("leap#2",)}


def test_an_unknown_card_is_refused_at_its_line() -> None:
    with pytest.raises(InputError, match=r"t\.yaml:9: setup\.state\.P1\.hand\.1: unknown card "
                                         r"'zoom' for P1; known cards: dash, leap, (sprint, )?step$"):
        load("ruleset: toy-scen-pooled\nsetup:\n  players: 2\n  stop: start\n"
             "  state:\n    P1:\n      hand: [dash, zoom]\n")


def test_a_card_named_twice_is_refused() -> None:
    with pytest.raises(InputError, match=r"setup\.state\.P2\.hand\.0: dash#1 is placed twice"):
        load("ruleset: toy-scen-pooled\nsetup:\n  players: 2\n  stop: start\n"
             "  state:\n    P1: {hand: [dash#1]}\n    P2: {hand: [dash#1]}\n")


def test_capture_names_a_card_in_full_where_its_copy_would_load_another() -> None:
    game = Game("toy-scen-owned", seed=1, setup={"players": 2})
    s = game.state
    ps = players_of(s)
    moved = replace(s, deck=tuple(c for c in s.deck if c not in ("P2/bid#1", "step#1")),
                    discard=("P2/bid#1",),
                    players=(ps["P1"], replace(ps["P2"], hand=("step#1",))))
    text = capture(Game("toy-scen-owned", seed=1, setup={"players": 2}, state=moved))
    doc = yaml.safe_load(text)
    # in a shared pile "bid#1" would be ambiguous (P1's or P2's): the instance is written
    assert doc["setup"]["state"]["discard"] == ["P2/bid#1"]
    assert "P1/bid#1" in doc["setup"]["state"]["deck"]
    assert doc["setup"]["state"]["P2"]["hand"] == ["step#1"]
    assert load_scenario_text(text, "c.yaml").start_state == moved
    # in P2's hand the copy is P2's own bid card
    sc = load("ruleset: toy-scen-owned\nsetup:\n  players: 2\n  stop: start\n"
              "  state:\n    P2: {hand: [bid#1]}\n")
    assert players_of(sc.start_state)["P2"].hand == ("P2/bid#1",)
    again = capture(Game("toy-scen-owned", seed=1, setup={"players": 2}, state=sc.start_state))
    assert yaml.safe_load(again)["setup"]["state"]["P2"]["hand"] == ["bid#1"]


def test_card_owner_decides_whose_short_name_it_is(variant: Any) -> None:
    class Nobody(Owned):
        id = "toy-scen-nobody"

        def card_owner(self, card: str, players: Any) -> str | None:
            return None  # every card is shared, whatever its name

    variant(Nobody())
    sc = load("ruleset: toy-scen-nobody\nsetup:\n  players: 2\n  stop: start\n"
              "  state:\n    P2: {hand: [bid]}\n")
    assert players_of(sc.start_state)["P2"].hand == ("P1/bid#1",)  # the first copy, nobody's


# ----------------------------------------------------------------- item 2: shared zones move
def test_a_hand_takes_its_cards_from_the_shared_deck() -> None:
    sc = load("ruleset: toy-scen-pooled\nsetup:\n  players: 2\n  stop: start\n"
              "  state:\n    P1: {hand: [leap, leap]}\n")
    s = sc.start_state
    assert players_of(s)["P1"].hand == ("leap#1", "leap#2")
    assert "leap#1" not in s.deck and "leap#2" not in s.deck and len(s.deck) == 10
    assert sc.ruleset.invariants(sc.new_game().ctx, s) == []


def test_cards_placed_in_a_shared_zone_are_taken_from_where_they_were() -> None:
    setup = "ruleset: toy-scen-pooled\nseed: 2\nsetup:\n  players: 2\n  stop: setup\n"
    dealt = players_of(load(setup + "  state: {}\n").start_state)["P1"].hand
    sc = load(setup + f"  state:\n    discard: [{dealt[0]}, {dealt[0].split('#')[0]}]\n")
    s = sc.start_state
    assert s.discard[0] == dealt[0] and len(s.discard) == 2
    assert players_of(s)["P1"].hand == dealt[1:]
    assert not set(s.discard) & set(s.deck)
    assert sc.ruleset.invariants(sc.new_game().ctx, s) == []


def test_cards_pushed_out_of_a_shared_zone_go_back_to_the_deck() -> None:
    sc = load("ruleset: toy-scen-pooled\nsetup:\n  players: 2\n  stop: start\n"
              "  state:\n    deck: [leap#3]\n")
    s = sc.start_state
    assert s.deck[0] == "leap#3" and sorted(s.deck) == sorted(sc.new_game().ctx.deck)


def test_a_hand_overlaid_sends_its_old_cards_to_the_shared_deck() -> None:
    sc = load("ruleset: toy-scen-pooled\nsetup:\n  players: 2\n  stop: setup\n"
              "  state:\n    P1: {hand: [step#5]}\n")
    s = sc.start_state
    assert players_of(s)["P1"].hand == ("step#5",)
    every = [c for p in s.players for c in p.hand] + list(s.deck) + list(s.discard)
    assert sorted(every) == sorted(sc.new_game().ctx.deck)


def test_the_ruleset_home_zone_takes_a_pushed_card(variant: Any) -> None:
    class Homing(Pooled):
        id = "toy-scen-homing"

        def home_zone(self, ctx: Any, card: str, owner: str | None) -> str | None:
            return "discard" if card.startswith("leap") else None

    variant(Homing())
    sc = load("ruleset: toy-scen-homing\nsetup:\n  players: 2\n  stop: start\n"
              "  state:\n    deck: [step#1]\n")
    s = sc.start_state
    assert set(s.discard) == {"leap#1", "leap#2", "leap#3"}
    assert s.deck[0] == "step#1" and not any(c.startswith("leap") for c in s.deck)


def test_rest_may_name_a_shared_pile() -> None:
    setup = "ruleset: toy-scen-pooled\nsetup:\n  players: 2\n  stop: setup\n"
    dealt = players_of(load(setup + "  state: {}\n").start_state)["P1"].hand
    s = load(setup + "  state:\n    P1: {hand: [], rest: discard}\n").start_state
    assert sorted(s.discard) == sorted(dealt) and players_of(s)["P1"].hand == ()
    with pytest.raises(InputError, match=r"setup\.state\.P1\.rest: 'bin' is not a card zone "
                                         r"holding a list; expected one of hand, .*deck, discard"):
        load("ruleset: toy-scen-pooled\nsetup:\n  players: 2\n  stop: setup\n"
             "  state:\n    P1: {hand: [], rest: bin}\n")


# ---------------------------------------------------- item 3: optional fields and grid zones
def test_an_optional_record_round_trips() -> None:
    game = Game("toy-scen-grid", seed=2, setup={"players": 2})
    assert yaml.safe_load(capture(game))["setup"]["state"]["bonus"] is None
    s = replace(game.state, bonus=Token(3))
    text = capture(Game("toy-scen-grid", seed=2, setup={"players": 2}, state=s))
    assert load_scenario_text(text, "c.yaml").start_state.bonus == Token(3)
    sc = load("ruleset: toy-scen-grid\nsetup:\n  players: 2\n  stop: start\n"
              "  state: {bonus: {n: 1, label: null}}\n")
    assert sc.start_state.bonus == Token(1)


def test_a_grid_is_given_as_rows_and_its_cells_are_checked_by_row_and_column() -> None:
    sc = load("ruleset: toy-scen-grid\nsetup:\n  players: 2\n  stop: start\n"
              "  state:\n    map: [[leap, ''], ['', dash#2]]\nuntil: start\n"
              "expect:\n  - at: start\n    state: {'map[0][0]': leap, 'map[1][1]': dash#2, "
              "'map[0][1]': ''}\n")
    s = sc.start_state
    assert s.map == (("leap#1", ""), ("", "dash#2"))
    assert "leap#1" not in s.deck and "dash#2" not in s.deck
    assert resolve(s, sc.ruleset, "map[1][1]") == "dash#2"
    assert run_scenario(sc, golden=False).passed
    bad = load("ruleset: toy-scen-grid\nsetup:\n  players: 2\n  stop: start\n"
               "  state:\n    map: [[leap, ''], ['', dash#2]]\nuntil: start\n"
               "expect:\n  - at: start\n    state: {'map[1][0]': leap}\n")
    assert not run_scenario(bad, golden=False).passed


def test_a_grid_that_is_no_list_of_rows_is_refused() -> None:
    with pytest.raises(InputError, match=r"t\.yaml:8: setup\.state\.map\.0: expected a row: a "
                                         r"list of cells, got 'leap'"):
        load("ruleset: toy-scen-grid\nsetup:\n  players: 2\n  stop: start\n"
             "  state:\n    map: [leap]\n")


# ----------------------------------------------------------------------- item 4: the clock
def test_until_time_without_a_clock_is_refused_at_its_line() -> None:
    with pytest.raises(InputError) as info:
        load("ruleset: toy-dice-race\nsetup: {players: 2}\nuntil: {time: 3}\n")
    text = str(info.value)
    assert text.startswith("t.yaml:5: until.time: toy-dice-race has no clock")
    assert "until: {step: N}" in text and "decision" in text
    with pytest.raises(InputError, match=r"t\.yaml:6: expect\.0\.time: toy-dice-race has no "
                                         r"clock"):
        load("ruleset: toy-dice-race\nsetup: {players: 2}\nexpect:\n  - time: 2\n"
             "    state: {round: 2}\n")


def test_until_time_uses_the_declared_time_axis() -> None:
    sc = load("ruleset: toy-scen-clocked\nseed: 3\nsetup: {players: 2}\nuntil: {time: 1}\n"
              "script: [{P1: pass, P2: pass}, {P1: pass, P2: pass}, {P1: pass, P2: pass}]\n"
              "max_steps: 400\n")
    r = run_scenario(sc, golden=False)
    assert r.game is not None and r.game.state.round == 2
    assert r.stopped == "time passed 1"


def test_capture_checks_the_clock_only_when_there_is_one() -> None:
    game = Game("toy-scen-clocked", seed=1, setup={"players": 2})
    game.run(until="decision", max_steps=100)
    assert yaml.safe_load(capture(game))["expect"] == [{"at": "start", "state": {"round": 1}}]
    plain = Game("toy-dice-race", seed=1, setup={"players": 2})
    assert "expect" not in yaml.safe_load(capture(plain))


# ----------------------------------------------------------------------- item 5: chance
def test_a_kind_the_ruleset_never_draws_is_refused_at_load() -> None:
    with pytest.raises(InputError, match=r"t\.yaml:5: chance\.0\.die: the ruleset never draws a "
                                         r"die \(its steps declare draw, pick, shuffle\)"):
        load("ruleset: hisoutab-0.45.2\nchance:\n  - {die: 3}\n")


def test_a_player_not_in_the_game_is_refused_at_load() -> None:
    with pytest.raises(InputError, match=r"t\.yaml:6: chance\.0\.player: 'P3': expected one of "
                                         r"P1, P2"):
        load("ruleset: toy-dice-race\nsetup: {players: 2}\nchance:\n  - {die: 2, player: P3}\n")


def test_nth_must_be_a_whole_number() -> None:
    with pytest.raises(InputError, match=r"chance\.0\.nth: 0: expected a whole number ≥ 1"):
        load("ruleset: toy-dice-race\nsetup: {players: 2}\nchance:\n  - {die: 2, nth: 0}\n")


def test_a_die_outside_the_declared_faces_is_refused_at_load() -> None:
    with pytest.raises(InputError) as e:
        load("ruleset: toy-dice-race\nsetup: {players: 2}\nchance:\n  - {die: 2, player: P1}\n"
             "  - {die: 9}\nscript: [{P1: pass, P2: pass}]\nuntil: decision\n")
    assert "t.yaml:7" in str(e.value) and "chance.1.die" in str(e.value) and "9" in str(e.value)


class FacesUnknown(ToyDiceRace):
    """The race without its die_faces declaration: a die's faces are known only when it is rolled."""

    id = "toy-scen-faces-unknown"
    die_faces = None  # type: ignore[assignment]


def test_a_die_above_its_sides_is_reported_at_its_chance_entry(variant: Any) -> None:
    variant(FacesUnknown())
    sc = load("ruleset: toy-scen-faces-unknown\nsetup: {players: 2}\nchance:\n  - {die: 2, player: P1}\n"
              "  - {die: 9}\nscript: [{P1: pass, P2: pass}]\nuntil: decision\n")
    r = run_scenario(sc, golden=False)
    assert not r.passed
    f = r.failures[0]
    assert (f.file, f.line, f.field) == ("t.yaml", 7, "chance.1")
    assert "9" in f.message and "6-sided" in f.message


def test_what_and_nth_pick_the_draw() -> None:
    from hisoutab.engine.chance import Chance

    try:
        Chance().force("die", 1, what="x", nth=2)
    except TypeError:
        pytest.skip("the engine's Chance.force does not take what / nth yet")
    sc = load("ruleset: toy-dice-race\nsetup: {players: 2}\nchance:\n"
              "  - {die: 6, what: \"P2's die\"}\n"
              "script: [{P1: pass, P2: pass}]\nuntil: decision\n"
              "expect:\n  - at: end\n"
              "    events: [{type: chance, kind: die, what: \"P2's die\", outcome: 6, "
              "forced: true}]\n")
    assert run_scenario(sc, golden=False).passed


# ---------------------------------------------------------------- item 6: check goes on
def test_check_reports_every_file_when_one_breaks_while_running(tmp_path: Path, variant: Any) -> None:
    class Breaks(ToyDiceRace):
        id = "toy-scen-breaks"

        def turn_info(self, s: Any) -> tuple[int, str]:
            if s.round >= 1:
                raise RuntimeError("the trace broke")
            return super().turn_info(s)

    variant(Breaks())
    head = "name: {n}\ndescription: d\nruleset: {rs}\nsetup: {{players: 2}}\nuntil: decision\n"
    (tmp_path / "a_breaks.yaml").write_text(head.format(n="a", rs="toy-scen-breaks")
                                            + "expect:\n  - after: round.begin\n"
                                              "    steps: [round.begin]\n", encoding="utf-8")
    (tmp_path / "b_fine.yaml").write_text(head.format(n="b", rs="toy-dice-race"),
                                          encoding="utf-8")
    results = check_paths([str(tmp_path)])
    assert [r.passed for r in results] == [False, True]
    assert all("\n" not in str(f) for f in results[0].failures)
    assert str(results[0].failures[0]).startswith(str(tmp_path / "a_breaks.yaml"))
    out = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert out.exit_code == 1
    assert "1 passed, 1 failed" in out.output and "b_fine.yaml" in out.output


# ------------------------------------------------------------------ item 7: export, capture
def test_until_after_zero_steps_is_the_start_and_loads() -> None:
    assert until_after(3) == {"step": 2}
    assert until_after(0) == "start"
    game = Game("toy-dice-race", seed=5, setup={"players": 2})
    doc = yaml.safe_load(capture(game))
    doc["until"] = until_after(0)
    sc = load_scenario_text(yaml.safe_dump(doc), "e.yaml")
    r = run_scenario(sc, golden=False)
    assert r.passed and r.steps == [] and r.stopped == "at the start"


def test_capture_of_an_edited_game_loads_back() -> None:
    game = Game("toy-scen-pooled", seed=7, setup={"players": 3})
    game.run(until="decision", max_steps=100)
    ps = players_of(game.state)
    s = replace(game.state, players=tuple(replace(p, position=2) if p.name == "P3" else p
                                          for p in game.state.players))
    edited = Game("toy-scen-pooled", seed=7, setup={"players": 3}, state=s)
    again = load_scenario_text(capture(edited), "c.yaml")
    assert again.start_state == s and ps["P3"].position == 0


def test_export_line_after_an_edit_loads_and_runs() -> None:
    from hisoutab.widgets.export import line_scenario

    game = Game("toy-scen-pooled", seed=3, setup={"players": 2})
    game.run(until="decision", max_steps=100)
    s = replace(game.state, players=tuple(replace(p, position=1) for p in game.state.players))
    edited = Game("toy-scen-pooled", seed=3, setup={"players": 2}, state=s)  # the edit's restart
    assert edited.cursor == 0
    doc = yaml.safe_load(line_scenario(edited))
    assert doc["until"] == "start"
    sc = load_scenario_text(yaml.safe_dump(doc), "line.yaml")
    assert sc.start_state == s and run_scenario(sc, golden=False).passed


def test_a_grid_cell_is_set_by_its_address_and_its_card_moves() -> None:
    head = "ruleset: toy-scen-grid\nsetup:\n  players: 2\n  stop: start\n  state:\n"
    s = load(head + "    'map[1][0]': dash#2\n    'map[0][1]': leap\n").start_state
    assert s.map == (("", "leap#1"), ("dash#2", ""))
    assert "dash#2" not in s.deck and "leap#1" not in s.deck
    with pytest.raises(InputError, match=r"setup\.state\.map\[2\]\[0\]: no cell \[2\]\[0\]: the "
                                         r"grid map has 2 rows of 2 cells"):
        load(head + "    'map[2][0]': dash#2\n")
    with pytest.raises(InputError, match=r"give either map or some of its cells, not both"):
        load(head + "    map: [['', ''], ['', '']]\n    'map[0][0]': dash#2\n")


def test_a_card_moved_from_one_cell_to_another_leaves_the_first(variant: Any) -> None:
    class Laid(Gridded):
        id = "toy-scen-laid"

        def initial_state(self, ctx: Any, seed: int) -> Any:
            s = super().initial_state(ctx, seed)
            return replace(s, map=(("step#2", ""), ("", "")),
                           deck=tuple(c for c in s.deck if c != "step#2"))

    variant(Laid())
    s = load("ruleset: toy-scen-laid\nsetup:\n  players: 2\n  stop: start\n  state:\n"
             "    'map[1][1]': step#2\n").start_state
    assert s.map == (("", ""), ("", "step#2")) and "step#2" not in s.deck
    s = load("ruleset: toy-scen-laid\nsetup:\n  players: 2\n  stop: start\n  state:\n"
             "    'map[0][0]': leap#1\n").start_state
    assert s.map == (("leap#1", ""), ("", "")) and s.deck[-1] == "step#2"  # pushed out: the deck


def test_the_schema_takes_a_grid_cell_key_and_no_other() -> None:
    import jsonschema

    from hisoutab.engine.ruleset import get_ruleset
    from hisoutab.scenarios.schema import scenario_schema

    check = jsonschema.Draft202012Validator(scenario_schema(get_ruleset("toy-scen-grid")))
    doc = {"name": "n", "description": "d", "ruleset": "toy-scen-grid",
           "setup": {"players": 2, "state": {"map[1][0]": "dash#2"}}}
    assert not list(check.iter_errors(doc))
    doc["setup"]["state"] = {"map[x]": "dash#2"}
    assert list(check.iter_errors(doc))
