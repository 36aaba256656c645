"""Chance as declared steps: forced outcomes through the API and scenario files, seeded replay."""

from __future__ import annotations

import pytest

from hisoutab import Game, InputError, RandomAgent
from hisoutab.engine.chance import Chance
from hisoutab.engine.rng import seed_state
from hisoutab.scenarios import load_scenario_text, run_scenario

RS = "hisoutab-0.45.2"
QUICK = {"setup.mulligan": "none"}


def chance_events(game: Game) -> list[dict]:
    return [e for s in game.history for e in s.events if e.get("type") == "chance"]


def test_declared_chance_steps_match_the_capabilities() -> None:
    for rs_id in (RS, "hisoutab-draft"):
        game = Game(rs_id)
        declared = {n for n, sd in game.ruleset.flow.steps.items() if sd.chance}
        assert declared and game.ruleset.capabilities.chance
        game.run(until="end", agents=RandomAgent(3), max_steps=3000)
        drew = {s.name for s in game.history if any(e.get("type") == "chance" for e in s.events)}
        assert drew and drew <= declared


def test_every_draw_is_recorded_and_unforced() -> None:
    game = Game(RS, seed=5, options=QUICK)
    game.run(until="decision")
    events = chance_events(game)
    kinds = [e["kind"] for e in events]
    assert kinds == ["shuffle", "shuffle", "shuffle", "shuffle"]  # two spell decks, two main decks
    assert not any(e["forced"] for e in events)


def test_forced_pick_changes_only_that_outcome() -> None:
    opts = {**QUICK, "setup.first_player": "random"}
    plain = Game(RS, seed=11, options=opts)
    plain.run(until="decision")
    natural = plain.state.first
    forced = Game(RS, seed=11, options=opts)
    forced.chance.force("pick", "P1" if natural == 1 else "P2")
    forced.run(until="decision")
    assert forced.state.first == 1 - natural
    # the generator advanced exactly as without forcing: the same decks and hands
    assert forced.state.rng == plain.state.rng
    assert [p.hand for p in forced.state.players] == [p.hand for p in plain.state.players]
    event = next(e for e in chance_events(forced) if e["kind"] == "pick")
    assert event["forced"] is True and event["outcome"] == ("P1" if natural == 1 else "P2")


def test_forced_draw_puts_the_card_on_top_for_that_player_only() -> None:
    game = Game(RS, seed=2, options=QUICK)
    game.chance.force("draw", "sealing_step", player="P1")
    game.run(until="decision")
    p1, p2 = game.state.players
    assert "P1/sealing_step#1" in p1.hand and "P2/sealing_step#1" not in p2.hand
    assert not game.chance.forced  # used
    draw = next(e for e in chance_events(game) if e["kind"] == "draw")
    assert draw == {"type": "chance", "kind": "draw", "what": "P1's deck", "outcome": "P1/sealing_step#1",
                    "forced": True, "player": "P1"}


def test_a_forced_draw_of_a_card_not_in_the_pile_waits() -> None:
    game = Game(RS, seed=2, options=QUICK)
    game.chance.force("draw", "no_such_card")
    game.run(until="decision")
    assert len(game.chance.forced) == 1


def test_forced_shuffle_and_die_on_the_chance_source() -> None:
    ch = Chance()
    rng = seed_state(1)
    ch.force("shuffle", ["c", "a"])
    order, rng2, event = ch.shuffle(rng, ("a", "b", "c", "d"), what="pile")
    assert order[:2] == ("c", "a") and sorted(order) == ["a", "b", "c", "d"]
    assert event["forced"] and rng2 == Chance().shuffle(rng, ("a", "b", "c", "d"), what="pile")[1]
    ch.force("die", 5)
    value, _, event = ch.roll(rng, 6, what="a die")
    assert value == 5 and event["forced"]
    ch.force("die", 9)
    with pytest.raises(InputError, match="cannot show on a 6-sided die"):
        ch.roll(rng, 6, what="a die")
    with pytest.raises(InputError, match="face ≥ 1"):
        ch.force("die", 0)
    with pytest.raises(InputError, match="unknown chance kind"):
        ch.force("coin", "heads")


def test_seeded_replay_is_unchanged_without_forcing() -> None:
    a = Game(RS, seed=9)
    a.run(until="end", agents=RandomAgent(9), max_steps=4000)
    b = Game(RS, seed=9)
    b.run(until="end", agents=RandomAgent(9), max_steps=4000)
    assert a.log_hash() == b.log_hash()


SCENARIO = """
name: forced
description: forced chance in a scenario
seed: 4
options: {setup.first_player: random, setup.mulligan: none}
chance:
CHANCE
setup: {stop: start}
until: decision
"""


def scenario(chance: str) -> object:
    return load_scenario_text(SCENARIO.replace("CHANCE", chance), "forced.yaml")


def test_scenario_chance_is_forced() -> None:
    sc = scenario("  - {pick: P2}")
    result = run_scenario(sc)
    assert result.passed, result.report()
    assert result.game.state.first == 1


def test_scenario_chance_used_by_the_setup_is_not_forced_again() -> None:
    text = SCENARIO.replace("CHANCE", "  - {pick: P2}")
    text = text.replace("setup: {stop: start}", "setup: {stop: decision}")
    sc = load_scenario_text(text, "forced.yaml")
    assert sc.start_state.first == 1 and sc.chance == []


def test_unused_forced_outcome_fails_with_its_line() -> None:
    result = run_scenario(scenario("  - {pick: P2}\n  - {pick: P1}"))
    assert not result.passed
    assert "forced.yaml:8: chance.1: forced pick = 'P1' was never used" in result.report()


@pytest.mark.parametrize(("chance", "message"), [
    ("  - 5", "forced.yaml:7: chance.0: expected a mapping with one of die, draw, pick, shuffle"),
    ("  - {die: 0}", "forced.yaml:7: chance.0.die: 0: a die shows a whole number ≥ 1"),
    ("  - {die: 2, pick: P1}", "forced.yaml:7: chance.0: expected exactly one of die, draw, pick, shuffle"),
    ("  - {coin: heads}", "forced.yaml:7: chance.0.coin: unknown key; expected one of die, draw, pick, "
                          "shuffle, player"),
    ("  - {pick: P2, player: P9}", "forced.yaml:7: chance.0.player: 'P9': expected one of P1, P2"),
    ("  - {shuffle: []}", "forced.yaml:7: chance.0.shuffle: expected a non-empty list"),
    ("  - {draw: [a]}", "forced.yaml:7: chance.0.draw: ['a']: expected a text"),
])
def test_bad_chance_lines_are_located(chance: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        scenario(chance)
    assert str(info.value).startswith(message)
