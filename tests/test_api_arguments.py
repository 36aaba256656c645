"""The public API checks its arguments: a wrong one is the library's error naming it, and nothing
changes (no half-applied move of the cursor)."""

from __future__ import annotations

import pytest

from hisoutab import Game, HisoutabError, IllegalChoice, InputError, RandomAgent

RS = "hisoutab-0.45.2"


@pytest.fixture
def game() -> Game:
    g = Game(RS, seed=3, options={"setup.mulligan": "none"})
    g.run(until="decision")
    return g


@pytest.mark.parametrize(("make", "error", "message"), [
    (lambda: Game(5), InputError, "ruleset: expected a ruleset id or a ruleset, got int"),
    (lambda: Game(RS, seed="x"), InputError, "seed: expected an integer seed, got 'x'"),
    (lambda: Game(RS, seed=True), InputError, "seed: expected an integer seed"),
    (lambda: Game(RS, options=5), InputError, "options: expected a mapping of rule options, got int"),
    (lambda: Game(RS, setup=[]), InputError, "setup: expected a mapping of setup fields, got list"),
    (lambda: Game(RS, setup={"characters": "miko"}), InputError,
     "setup.characters: expected a list of two character ids, e.g. [miko, magician]"),
    (lambda: Game(RS, setup={"deck": 3}), InputError, "setup.deck: unknown setup field"),
    (lambda: Game("no-such-game"), InputError, "ruleset: unknown ruleset 'no-such-game'"),
])
def test_game_arguments(make: object, error: type, message: str) -> None:
    with pytest.raises(error) as info:
        make()  # type: ignore[operator]
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(("call", "message"), [
    (lambda g: g.choose(5), "choose(5): expected an option's label"),
    (lambda g: g.choose({"P1": 3}), "choose({'P1': 3}): expected an option's label"),
    (lambda g: g.choose("keep all", player=1), "choose(player=1): expected a player's name"),
    (lambda g: g.goto("3"), "index: goto('3'): expected a step index"),
    (lambda g: g.goto(1.5), "index: goto(1.5): expected a step index"),
    (lambda g: g.goto(10**6), "goto(1000000): the line has steps 0.."),
    (lambda g: g.back(-3), "n: back(-3): expected a whole number of steps ≥ 0"),
    (lambda g: g.run(until="soon"), "until: run(until='soon'): expected decision, turn, phase or end"),
    (lambda g: g.run(until="end", agents="random"), "agents: run(agents='random'): expected an agent"),
    (lambda g: g.run(until="end", agents=RandomAgent(1), max_steps=-1), "max_steps: run(max_steps=-1)"),
    (lambda g: g.view("P9"), "player: no player 'P9'; players: P1, P2"),
])
def test_wrong_arguments_change_nothing(game: Game, call: object, message: str) -> None:
    cursor, state = game.cursor, game.state
    with pytest.raises(HisoutabError) as info:
        call(game)  # type: ignore[operator]
    assert str(info.value).startswith(message)
    assert game.cursor == cursor and game.state is state


def test_an_illegal_label_lists_the_legal_ones(game: Game) -> None:
    with pytest.raises(IllegalChoice, match="legal options"):
        game.choose({p: "no such option" for p in game.pending.players})


def test_a_huge_bad_value_makes_a_short_message() -> None:
    with pytest.raises(InputError) as info:
        Game(RS, options={"board.width": "x" * 10_000_000})
    assert len(str(info.value)) < 1100 and str(info.value).endswith("…")
