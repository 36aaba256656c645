"""The ruleset contract's generic parts: record round trips of plain JSON values and optional
fields, results and their check, card ownership and pool, grid zones (cells, cards, ledger, views,
addresses), the optional declarations and their checks, chance matched by what/nth/player, bag draws."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hisoutab import Game, HisoutabError, InputError, RandomAgent
from hisoutab.engine.chance import Chance, Forced, kinds_declared
from hisoutab.engine.contract import (
    HIDDEN_CARD,
    Capabilities,
    Result,
    RulesetBase,
    Zone,
    cell_address,
    check_contract,
    check_declarations,
    check_result,
    default_card_owner,
    parse_cell,
    zone_problems,
)
from hisoutab.engine.ledger import CardLedger
from hisoutab.engine.record import freeze, from_dict, record, to_dict
from hisoutab.engine.rng import seed_state
from tests.toy import COOP, RULESET
from tests.toy.coop.state import State as CoopState
from tests.toy.coop.state import Tile


# --------------------------------------------------------------------------- records
@record
class Slot:
    card: str
    up: bool = False


@record
class Holder:
    name: str
    note: str | None = None
    count: int | None = None
    slot: Slot | None = None
    cards: tuple[str, ...] | None = None
    free: Any = None
    agenda: tuple[tuple[Any, ...], ...] = ()


def roundtrip(value: Any) -> Any:
    return from_dict(type(value), json.loads(json.dumps(to_dict(value))))


def test_optional_fields_round_trip_null_in_none_out() -> None:
    empty = Holder("a")
    assert to_dict(empty)["note"] is None and roundtrip(empty) == empty
    full = Holder("b", note="x", count=0, slot=Slot("c#1", True), cards=("d",))
    assert roundtrip(full) == full
    assert from_dict(Holder, {"name": "c", "note": None, "slot": None, "count": None}) == Holder("c")
    with pytest.raises((TypeError, ValueError)):
        from_dict(Holder, {"name": "c", "count": "three"})


def test_plain_json_values_in_frames_come_back_as_the_state_held_them() -> None:
    value = freeze({"bids": [3, [1, 2]], "who": "P1", "none": None})
    frame = freeze(("bid.resolve", [3, 1], {"P1": [2, 4]}, [], None, True, 1.5))
    state = Holder("a", free=value, agenda=(frame,))
    assert frame == ("bid.resolve", (3, 1), {"P1": (2, 4)}, (), None, True, 1.5)
    assert roundtrip(state) == state
    assert hash(frame[1]) == hash((3, 1))  # arrays are tuples: frames stay hashable


def test_a_list_pushed_in_a_frame_is_kept_and_survives_a_save_and_reload() -> None:
    game = Game("toy-dice-race", seed=4, setup={"players": 2})
    game.run(until="decision")
    game.choose({"P1": "pass", "P2": "play sprint"})
    frame = game.state.agenda[0]
    assert frame == ("round.end", ("P2",))
    assert roundtrip(game.state) == game.state
    game.run(until="decision")
    ended = [e for s in game.history for e in s.events if e["type"] == "round_end"]
    assert ended == [{"type": "round_end", "round": 1, "played": ["P2"]}]


# --------------------------------------------------------------------------- results
class Coop(RulesetBase):
    id = "coop-test"
    capabilities = Capabilities(1, 4, cooperative=True)


class Duel(RulesetBase):
    id = "duel-test"
    capabilities = Capabilities(2, 2)


def test_result_json_names_the_outcome_and_the_winner_only_for_a_win() -> None:
    assert Result("win", "P2", {"turns": 3}).to_dict() == {"outcome": "win", "winner": "P2", "turns": 3}
    assert Result("draw").to_dict() == {"outcome": "draw", "winner": None}
    assert Result("victory", figures={"health": 1}).to_dict() == {"outcome": "victory", "winner": None,
                                                                   "health": 1}
    assert str(Result("defeat")) == "defeat (the game wins)"


@pytest.mark.parametrize(("rs", "result", "message"), [
    (Coop(), Result("win", "P1"), "co-operative ruleset returned a player's win"),
    (Duel(), Result("victory"), "competitive ruleset returned victory"),
    (Duel(), Result("win"), "a win without a winner"),
    (Duel(), Result("win", "P9"), "'P9' is not a player"),
    (Duel(), Result("draw", "P1"), "a draw names a winner"),
    (Duel(), "P1 wins", "expected a Result"),
])
def test_check_result_names_what_breaks_the_contract(rs: Any, result: Any, message: str) -> None:
    problems = check_result(rs, result, ("P1", "P2"))
    assert problems and message in "; ".join(problems)


def test_results_that_keep_the_contract() -> None:
    for rs, result in ((Coop(), Result("victory")), (Coop(), Result("defeat")), (Coop(), Result("draw")),
                       (Duel(), Result("win", "P1")), (Duel(), Result("unfinished"))):
        assert check_result(rs, result, ("P1", "P2")) == []


def test_a_game_refuses_a_cooperative_players_win() -> None:
    class Cheating(type(COOP)):  # type: ignore[misc]
        def result(self, s: CoopState) -> Result:
            return Result("win", "P1") if s.outcome else Result("unfinished")

    game = Game(Cheating(), seed=3, setup={"players": 1})
    with pytest.raises(HisoutabError, match="co-operative ruleset returned a player's win"):
        game.run(until="end", agents=RandomAgent(1), max_steps=500)
    assert not game.over  # the step that would end the game was not recorded


# --------------------------------------------------------------------------- ownership, ledger
def test_card_ownership_by_default_reads_the_owner_prefix() -> None:
    assert default_card_owner("P1/bid#7", ("P1", "P2")) == "P1"
    assert default_card_owner("bid#7", ("P1", "P2")) is None
    assert default_card_owner("X/bid#7", ("P1", "P2")) is None
    assert RULESET.card_owner("P2/sprint", ("P1", "P2")) == "P2"


def test_the_ledger_lets_shared_cards_reach_any_player_but_not_another_players_card() -> None:
    game = Game("toy-dice-race", seed=4, setup={"players": 2})
    game.run(until="decision")
    s = game.state
    assert RULESET.card_problems(game.ctx, s) == []
    p1, p2 = s.players
    from hisoutab.engine.record import replace

    swapped = replace(s, players=(replace(p1, hand=p2.hand, reserve=p2.reserve),
                                  replace(p2, hand=p1.hand, reserve=p1.reserve)))
    problems = RULESET.card_problems(game.ctx, swapped)
    assert "P2/sprint in P1.reserve does not belong to P1" in problems
    assert not any("#" in p for p in problems)  # the swapped shared cards are fine
    assert RULESET.card_pool(game.ctx) == game.ctx.card_instances
    assert isinstance(game.ctx.cards, dict)  # ``cards`` means the card kinds here, not the pool


# --------------------------------------------------------------------------- grids
MAP = Zone("map", kind="grid", owner="shared", visibility="hidden", card_attr="tile", face_attr="up")


def coop_state() -> CoopState:
    grid = ((Tile("enemy#1"), Tile("trap#1", up=True), ""),
            (Tile("treasure#1"), "", Tile("empty#1")))
    return CoopState(players=(), map=grid)


def test_grid_cells_and_cards_row_by_row() -> None:
    s = coop_state()
    assert list(MAP.cells(s)) == [((0, 0), "enemy#1"), ((0, 1), "trap#1"), ((1, 0), "treasure#1"),
                                  ((1, 2), "empty#1")]
    assert MAP.cards(s) == ("enemy#1", "trap#1", "treasure#1", "empty#1")
    ledger = CardLedger()
    from hisoutab.engine.contract import place_cards

    place_cards((MAP,), (), s, ledger)
    assert ledger.places["treasure#1"] == "map"
    plain = Zone("board", kind="grid", owner="shared")

    @record
    class Board:
        board: tuple[tuple[str, ...], ...] = ()

    assert plain.cards(Board(board=(("a", ""), ("", "b")))) == ("a", "b")


def test_a_view_masks_hidden_cells_in_place_and_keeps_face_up_ones() -> None:
    s = coop_state()
    game = Game("toy-coop", seed=0)
    view = COOP.view(game.ctx, s, "P1")
    assert view.map == ((Tile(HIDDEN_CARD), Tile("trap#1", up=True), ""),
                        (Tile(HIDDEN_CARD), "", Tile(HIDDEN_CARD)))
    assert COOP.view(game.ctx, s, None) is s


def test_cell_addresses() -> None:
    assert cell_address("map", 1, 2) == "map[1][2]"
    assert parse_cell("map[1][2]") == ("map", 1, 2)
    assert parse_cell("map") is None and parse_cell("map[1]") is None


def test_grid_declarations_and_shapes_are_checked() -> None:
    class Bad(type(COOP)):  # type: ignore[misc]
        zones = (Zone("bag", face_attr="up"),) + COOP.zones

    assert any("face_attr needs a grid of tokens" in p for p in check_declarations(Bad()))
    flat = CoopState(players=(), map=("enemy#1",))  # type: ignore[arg-type]
    assert any("expected a tuple of rows" in p for p in zone_problems(COOP, flat))
    odd = CoopState(players=(), map=((Tile("a"), 3),))  # type: ignore[arg-type]
    assert any("map[0][1]" in p for p in zone_problems(COOP, odd))
    assert check_contract(COOP) == [] and check_contract(RULESET) == []


def test_the_declarations_are_checked() -> None:
    class Wrong(type(RULESET)):  # type: ignore[misc]
        time_axis = "time"
        length_figures = "rounds"
        character_flags = {"p1": "characters.0"}
        reached_with = {"TOY-NOPE": {}, "TOY-DOUBLE": {"dice.count": 9}}

    problems = "; ".join(check_declarations(Wrong()))
    for text in ("time_axis 'time' is not a field", "length_figures 'rounds'",
                 "--p1: 'characters.0' is not a setup field", "'TOY-NOPE', not in the clause table",
                 "reached_with TOY-DOUBLE"):
        assert text in problems
    base = RulesetBase()
    assert (base.time_axis, base.length_figures, base.notable_events, dict(base.character_flags),
            dict(base.reached_with)) == (None, (), None, {}, {})
    assert base.home_zone(None, "x", None) is None and base.card_pool(object()) == ()


# --------------------------------------------------------------------------- chance
def test_nth_forces_the_third_die_of_a_roll_and_keeps_the_stream() -> None:
    rng = seed_state(5)
    plain = Chance().rolls(rng, 6, 3, what="P1's die", player="P1")
    chance = Chance()
    chance.force("die", 6 if plain[0][2] != 6 else 5, player="P1", nth=3)
    forced = chance.rolls(rng, 6, 3, what="P1's die", player="P1")
    assert forced[0][:2] == plain[0][:2] and forced[0][2] != plain[0][2]
    assert forced[1] == plain[1]  # the generator moved exactly as without forcing
    assert [e["forced"] for e in forced[2]] == [False, False, True]
    assert chance.forced == [] and chance.seen == {}


def test_a_forced_die_for_a_player_is_not_taken_by_a_draw_for_nobody_or_another() -> None:
    chance = Chance()
    f = chance.force("die", 2, player="P1")
    chance.roll(0, 6, what="the enemy's die")
    chance.roll(0, 6, what="P2's die", player="P2")
    assert chance.forced == [f]
    value, _, event = chance.roll(0, 6, what="P1's attack", player="P1")
    assert value == 2 and event["forced"] and chance.forced == []


def test_what_names_the_draw_that_takes_the_outcome() -> None:
    chance = Chance()
    chance.force("die", 3, what="the enemy's die")
    _, _, mine = chance.roll(0, 6, what="P1's attack", player="P1")
    value, _, theirs = chance.roll(0, 6, what="the enemy's die")
    assert not mine["forced"] and theirs["forced"] and value == 3


def test_a_forced_outcome_names_its_source_in_its_messages() -> None:
    chance = Chance()
    chance.force("die", 9, source="scenarios/x.yaml:12")
    with pytest.raises(InputError, match=r"^scenarios/x.yaml:12: chance.die: .*cannot show on a 6-sided"):
        chance.roll(0, 6, what="P1's die")
    with pytest.raises(InputError, match=r"scenarios/y\.yaml:3: chance\.nth"):
        Forced("die", 1, nth=0, source="scenarios/y.yaml:3")
    assert "(draw 2)" in Forced("die", 1, "P1", "P1's die", 2).describe()


def test_draw_any_takes_one_item_of_a_bag_uniformly_or_the_forced_one() -> None:
    bag = ("spark#1", "spark#2", "dud#1")
    seen = {Chance().draw_any(seed_state(k), bag, what="the bag")[0] for k in range(40)}
    assert seen == {0, 1, 2}
    rng = seed_state(7)
    plain = Chance().draw_any(rng, bag, what="the bag")
    chance = Chance()
    chance.force("draw", "leap#1")  # not in this bag: it waits
    chance.force("draw", "dud")
    k, after, event = chance.draw_any(rng, bag, what="the bag", player="P1")
    assert k == 2 and after == plain[1] and event == {"type": "chance", "kind": "draw", "what": "the bag",
                                                      "outcome": "dud#1", "forced": True, "player": "P1"}
    assert [f.value for f in chance.forced] == ["leap#1"]


def test_the_kinds_a_ruleset_declares() -> None:
    assert kinds_declared(RULESET.flow) == ("shuffle", "draw", "die", "pick")
    assert kinds_declared(COOP.flow) == ("shuffle", "draw", "die") == Chance.kinds_declared(COOP.flow)


def test_a_grid_of_tokens_and_empty_cells_round_trips() -> None:
    s = coop_state()
    assert roundtrip(s) == s
