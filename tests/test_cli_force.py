"""``hisoutab play --force KIND[:PLAYER]=VALUE[@STEP]``: a chance outcome forced from the command line,
checked against the ruleset's kinds and the legal outcomes, with one-line errors (exit code 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hisoutab import Game
from hisoutab.cli.game_commands import parse_force, run_forcing
from hisoutab.cli.main import main
from hisoutab.engine.agents import make_agent
from hisoutab.engine.errors import InputError

FIRST = ("-O", "setup.first_player=random")


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def _forced(game: Game, kind: str) -> list[dict]:
    return [e for s in game.history for e in s.events
            if e.get("type") == "chance" and e.get("kind") == kind and e.get("forced")]


def _played(ruleset: str, *forces: str, options: dict | None = None) -> Game:
    game = Game(ruleset, seed=0, options=options)
    run_forcing(game, make_agent("random", 0), [parse_force(game, f) for f in forces], 5000)
    return game


@pytest.mark.parametrize("who", ["P1", "P2"])
def test_a_forced_pick_decides_the_first_player(who: str) -> None:
    game = _played("hisoutab-0.45.2", f"pick={who}", options={"setup.first_player": "random"})
    assert [e["outcome"] for e in _forced(game, "pick")] == [who]
    result = invoke("play", "--json", *FIRST, "--force", f"pick={who}")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"]
    assert "never used" not in result.stderr


def test_a_forced_die_at_a_step_of_the_toy_race() -> None:
    plain = _played("toy-dice-race")
    rolls = [s.index for s in plain.history for e in s.events
             if e.get("type") == "chance" and e.get("kind") == "die"]
    at = rolls[2]
    game = _played("toy-dice-race", f"die=6@{at}")
    forced = [(s.index, e["outcome"]) for s in game.history for e in s.events
              if e.get("type") == "chance" and e.get("forced")]
    assert forced == [(at, 6)]
    assert [s.line() for s in game.history[:at]] == [s.line() for s in plain.history[:at]]


def test_a_forced_draw_of_one_player() -> None:
    game = _played("hisoutab-0.45.2", "draw:p1=sealing_step")
    draws = _forced(game, "draw")
    assert draws and draws[0]["player"] == "P1" and "sealing_step" in draws[0]["outcome"]


@pytest.mark.parametrize(("force", "message"), [
    ("die=9", "hisoutab-0.45.2 never draws a die (its chance kinds: shuffle, draw, pick)"),
    ("banana", "expected KIND[:PLAYER]=VALUE[@STEP]"),
    ("draw:P1=banana@3", "'banana' is not a card a draw for P1 can put first now"),
    ("pick=P3", "'P3' is not an outcome of a pick: P1, P2"),
    ("pick:Alice=P1", "no player 'Alice'; players: P1, P2"),
    ("pick=P1@x", "the step after @ is a whole number"),
    ("pick=P1@999999", "the game ended at step"),
])
def test_bad_forces_are_one_line_and_exit_2(force: str, message: str) -> None:
    result = invoke("play", *FIRST, "--force", force)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hisoutab: ") and message in lines[0], lines
    assert "Traceback" not in result.output


def test_a_force_no_draw_takes_is_reported() -> None:
    # without a random first player, no pick is ever drawn
    result = invoke("play", "--json", "--force", "pick=P2")
    assert result.exit_code == 0
    assert "--force pick=P2: forced pick = 'P2' was never used" in result.stderr


def test_parse_force_refuses_a_kind_before_playing() -> None:
    with pytest.raises(InputError, match="recast-rift never draws a die"):
        parse_force(Game("recast-rift"), "die=3")
