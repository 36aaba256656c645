"""The toy's own rules: its invariants catch broken states, its setup and options are checked, its
views hide the hands and the deck, forced draws and dice reach its steps. (The conformance suite,
tests/test_conformance.py, checks the toy against the contract with every other ruleset.)"""

from __future__ import annotations

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.contract import HIDDEN_CARD
from hisoutab.engine.errors import InputError, OptionError
from hisoutab.engine.record import replace

from . import RULESET
from .state import State

RS = "toy-dice-race"


def at_first_choice(**kw: object) -> Game:
    game = Game(RS, seed=4, **kw)  # type: ignore[arg-type]
    game.run(until="decision")
    return game


def problems(game: Game, state: State) -> list[str]:
    return RULESET.invariants(game.ctx, state)


def test_the_invariants_catch_broken_states() -> None:
    game = at_first_choice()
    s = game.state
    p1, p2 = s.players[0], s.players[1]
    assert problems(game, s) == []
    twice = replace(s, discard=(p1.hand[0],))
    assert any("two places" in p for p in problems(game, twice))
    lost = replace(s, deck=s.deck[1:])
    assert any("not conserved" in p for p in problems(game, lost))
    far = replace(s, players=(replace(p1, position=99), *s.players[1:]))
    assert any("outside 0..30" in p for p in problems(game, far))
    early = replace(s, winner="P2")
    assert any("not on the last square" in p for p in problems(game, early))
    greedy = replace(s, players=(replace(p1, hand=p1.hand + p2.hand), replace(p2, hand=()),
                                 *s.players[2:]))
    assert any("more than 2" in p for p in problems(game, greedy))


def test_the_setup_and_the_options_are_checked() -> None:
    assert Game(RS, setup={"players": 4, "goal": 12}).players == ("P1", "P2", "P3", "P4")
    with pytest.raises(InputError, match=r"setup\.players"):
        Game(RS, setup={"players": 5})
    with pytest.raises(InputError, match=r"setup\.colour"):
        Game(RS, setup={"colour": "red"})
    with pytest.raises(OptionError):
        Game(RS, options={"hand.size": 4})
    with pytest.raises(OptionError):
        Game(RS, options={"die.sides": 1})


def test_a_view_hides_the_other_hands_and_the_deck() -> None:
    game = at_first_choice()
    s = game.state
    seen = game.view("P2")
    assert seen.players[1].hand == s.players[1].hand
    assert seen.players[0].hand == (HIDDEN_CARD,) * len(s.players[0].hand)
    assert seen.deck == (HIDDEN_CARD,) * len(s.deck)
    assert seen.discard == s.discard and seen.players[0].position == s.players[0].position


def test_each_racer_chooses_hidden_and_one_step_reveals_all() -> None:
    game = at_first_choice(setup={"players": 2})
    before = game.state
    assert game.choose("pass", player="P2") is None
    assert game.state is before and game.hidden_choices() == ("P2",)
    step = game.choose("pass", player="P1")
    assert step is not None and step.name == "round.choose" and step.choice == {"P1": "pass",
                                                                                 "P2": "pass"}


def test_forced_draws_and_dice_reach_the_steps() -> None:
    game = Game(RS, seed=9, options={"die.sides": 4})
    game.chance.force("draw", "leap", player="P3")
    game.chance.force("die", 4, player="P2")
    game.run(until="decision")
    assert [c.split("#")[0] for c in game.state.players[2].hand].count("leap") >= 1
    game.choose({p: "pass" for p in game.pending.players})  # type: ignore[union-attr]
    game.run(until="decision")
    assert game.state.players[1].position == 4
    assert game.chance.forced == []
    game.chance.force("die", 5)
    game.choose({p: "pass" for p in game.pending.players})  # type: ignore[union-attr]
    with pytest.raises(InputError, match="cannot show on a 4-sided die"):
        game.run(until="decision")


def test_the_third_die_of_a_roll_is_forced_with_nth() -> None:
    plain = Game(RS, seed=2, options={"dice.count": 3}, setup={"players": 2})
    plain.chance.force("pick", "P1")
    plain.run(until="decision")
    plain.choose({"P1": "pass", "P2": "pass"})
    plain.step()
    natural = [e["outcome"] for e in plain.history[-1].events if e["type"] == "chance"]
    game = Game(RS, seed=2, options={"dice.count": 3}, setup={"players": 2})
    game.chance.force("pick", "P1")
    game.chance.force("die", 1 if natural[2] != 1 else 2, player="P1", nth=3)
    game.run(until="decision")
    game.choose({"P1": "pass", "P2": "pass"})
    step = game.step()
    dice = [e for e in step.events if e["type"] == "chance"]
    assert [e["outcome"] for e in dice][:2] == natural[:2] and dice[2]["outcome"] != natural[2]
    assert [e["forced"] for e in dice] == [False, False, True]
    assert step.after.rng == plain.history[-1].after.rng


def test_a_double_moves_one_square_more() -> None:
    game = Game(RS, seed=2, options={"dice.count": 2}, setup={"players": 2})
    for face in (3, 3):
        game.chance.force("die", face, player="P1")
    game.chance.force("pick", "P1")
    game.run(until="decision")
    game.choose({"P1": "pass", "P2": "pass"})
    step = game.step()
    assert step.after.players[0].position == 7 and "TOY-DOUBLE" in step.clauses


def test_a_sprint_card_stays_with_its_owner() -> None:
    game = at_first_choice(setup={"players": 2})
    game.choose({"P1": "play sprint", "P2": "pass"})
    game.run(until="decision")
    p1 = game.state.players[0]
    assert p1.reserve is None and p1.spent == ("P1/sprint",) and "P1/sprint" not in game.state.discard
    assert "play sprint" not in game.pending.labels("P1")  # type: ignore[union-attr]
    seen = game.view("P1")
    assert seen.players[1].reserve == HIDDEN_CARD and seen.players[0].spent == ("P1/sprint",)


# --------------------------------------------------------------------------- the co-operative toy
def test_the_coop_toy_plays_for_one_to_four_explorers_and_ends_together() -> None:
    outcomes = set()
    for n in (1, 2, 3, 4):
        for seed in range(15):
            game = Game("toy-coop", seed=seed, setup={"players": n})
            game.run(until="end", agents=RandomAgent(seed), max_steps=200)
            assert game.over and len(game.players) == n
            result = game.result()
            assert result.kind in ("victory", "defeat") and result.winner is None
            outcomes.add(result.kind)
    assert outcomes == {"victory", "defeat"}
    with pytest.raises(InputError, match=r"setup\.players"):
        Game("toy-coop", setup={"players": 5})


def test_the_coop_map_is_hidden_until_a_tile_is_turned_up() -> None:
    game = Game("toy-coop", seed=1, setup={"players": 2})
    game.run(until="decision")
    assert all(cell.tile == HIDDEN_CARD for row in game.view("P1").map for cell in row)
    game.choose("flip map[1][1]")
    real = game.state.map[1][1]
    seen = game.view("P2").map[1][1]
    assert seen == real or (real == "" and seen == "")
    assert game.view("P2").map[0][0].tile == HIDDEN_CARD
    assert game.view("P2").bag == (HIDDEN_CARD,) * len(game.state.bag)


def test_the_coop_invariants_catch_broken_states() -> None:
    game = Game("toy-coop", seed=1, setup={"players": 2})
    game.run(until="decision")
    s = game.state
    coop = game.ruleset
    assert coop.invariants(game.ctx, s) == []
    tile = s.map[0][0].tile
    twice = replace(s, players=(replace(s.players[0], finds=(tile,)), s.players[1]))
    assert any("two places" in p for p in coop.invariants(game.ctx, twice))
    lost = replace(s, bag=s.bag[1:])
    assert any("not conserved" in p for p in coop.invariants(game.ctx, lost))
    assert any("defeat with" in p for p in coop.invariants(game.ctx, replace(s, outcome="defeat")))
