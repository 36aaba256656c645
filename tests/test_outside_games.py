"""What writing two games from docs/writing-a-ruleset.md alone, outside the repository, ran into:
each test plays a tiny co-operative dice game defined here (registered only inside the test) through
the tool that went wrong."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from pydantic import BaseModel, ConfigDict, Field

from hisoutab import Game
from hisoutab.cli.main import main
from hisoutab.engine.chance import Chance
from hisoutab.engine.contract import Capabilities, Result, RulesetBase, Zone, check_contract
from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Flow, Frame, Outcome
from hisoutab.engine.options import Options, OptionSet, RuleOption
from hisoutab.engine.record import record, replace
from hisoutab.engine.rng import seed_state
from hisoutab.engine.ruleset import registered
from hisoutab.scenarios.model import load_scenario_text
from hisoutab.scenarios.runner import run_scenario


@record
class Roller:
    name: str


@record
class PotState:
    players: tuple[Roller, ...]
    pot: int = 0  # a shared counter
    turn: int = 0
    outcome: str | None = None
    agenda: tuple[tuple[Any, ...], ...] = ()
    rng: int = 0


class PotSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(1, ge=1, le=2)


class PotContext:
    def __init__(self, options: Options, setup: PotSetup) -> None:
        self.players = tuple(f"P{k}" for k in range(1, setup.players + 1))
        self.turns: int = options["turns.limit"]
        self.chance = Chance()


FLOW = Flow("tiny-pot", phases=("turn", "end"), start="turn.roll")


def decide(ctx: PotContext, s: PotState, frame: Frame) -> Decision:
    """The player whose turn it is rolls or rests."""
    name = ctx.players[s.turn % len(ctx.players)]
    return Decision("roll", (name,), ((Option("roll", True), Option("rest", False)),), ("POT-ROLL",),
                    "turn.roll", "Roll the die, or rest")


@FLOW.choice("turn.roll", phase="turn", clauses=("POT-ROLL",), next=("turn.roll", "game.over"),
             decide=decide, chance=("die",), tags=("turn",))
def roll(ctx: PotContext, s: PotState, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """A roll adds the die to the shared pot; after the last turn the pot decides."""
    assert chosen is not None
    (name, option), = chosen.items()
    events: tuple[dict[str, Any], ...] = ()
    if option.value:
        face, rng, event = ctx.chance.roll(s.rng, 6, what=f"{name}'s die", player=name)
        s, events = replace(s, pot=s.pot + face, rng=rng), (event,)
    s = replace(s, turn=s.turn + 1)
    if s.turn >= ctx.turns:
        s = replace(s, outcome="victory" if s.pot >= 4 * ctx.turns else "defeat")
        return Outcome(s, f"the pot is {s.pot}", events=events, then=(("game.over",),))
    return Outcome(s, f"the pot is {s.pot}", events=events, then=(("turn.roll",),))


@FLOW.auto("game.over", phase="end", clauses=("POT-END",))
def game_over(ctx: PotContext, s: PotState, frame: Frame) -> Outcome:
    """The game is over."""
    return Outcome(s, f"{s.outcome} with a pot of {s.pot}")


class TinyPot(RulesetBase):
    id = "tiny-pot"
    title = "Tiny pot"
    flow = FLOW
    options = OptionSet((RuleOption("turns.limit", 3, "POT-R1", "Turns in a game.", minimum=1),))
    clauses = {"POT-ROLL": "Roll the die into the pot.", "POT-END": "The pot decides."}
    readings = {"POT-R1": "How many turns a game lasts."}
    time_axis = "turn"
    state_type = PotState
    zones = (Zone("pot", kind="counter", owner="shared", doc="the shared pot"),)
    setup_schema = PotSetup
    capabilities = Capabilities(min_players=1, max_players=2, chance=True, cooperative=True)

    def context(self, options: Options, setup: Any) -> PotContext:
        checked = self.validate_setup(setup)
        assert isinstance(checked, PotSetup)
        return PotContext(options, checked)

    def initial_state(self, ctx: PotContext, seed: int) -> PotState:
        """Nobody has rolled yet."""
        return PotState(players=tuple(Roller(n) for n in ctx.players), agenda=(("turn.roll",),),
                        rng=seed_state(seed))

    def turn_info(self, s: PotState) -> tuple[int, str]:
        return s.turn, s.players[s.turn % len(s.players)].name

    def result(self, s: PotState) -> Result:
        figures = {"turns": s.turn, "pot": s.pot}
        if s.outcome == "victory":
            return Result("victory", figures=figures)
        if s.outcome == "defeat":
            return Result("defeat", figures=figures)
        return Result("unfinished", figures=figures)

    def invariants(self, ctx: PotContext, s: PotState) -> list[str]:
        return [] if s.pot >= 0 else [f"pot {s.pot} below 0"]


RULESET = TinyPot()


@pytest.fixture
def tiny() -> Iterator[TinyPot]:
    with registered(RULESET):
        yield RULESET


def test_the_tiny_game_keeps_the_contract(tiny: TinyPot) -> None:
    assert check_contract(tiny) == []
    game = Game("tiny-pot", seed=1)
    game.choose("roll")
    game.choose("roll")
    game.choose("rest")
    game.run(until="end")
    assert game.over and game.result().kind in ("victory", "defeat")


def test_capture_takes_the_rule_options_as_the_other_commands_do(tiny: TinyPot, tmp_path: Any) -> None:
    # capture's -o is its output file, so a rule option is -O there as for render and show; before,
    # capture knew only --option and refused -O ("No such option '-O'")
    out = tmp_path / "captured.yaml"
    res = CliRunner().invoke(main, ["capture", "--ruleset", "tiny-pot", "--step", "0",
                                    "-O", "turns.limit=5", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert yaml.safe_load(out.read_text())["options"] == {"turns.limit": 5}


def test_rules_says_none_when_no_step_cites_a_reading(tiny: TinyPot) -> None:
    # the readings are only named by options: the summary line said "… cited: " and stopped there
    res = CliRunner().invoke(main, ["rules", "--ruleset", "tiny-pot"])
    assert res.exit_code == 0, res.output
    assert "readings and settled questions cited: none" in res.output


def forced_line() -> Game:
    """A game whose first roll was forced to 6 (the workbench's chance panel does the same)."""
    game = Game("tiny-pot", seed=1)
    game.chance.force("die", 6, player="P1")
    game.choose("roll")
    game.choose("roll")
    return game


def test_an_exported_line_replays_its_forced_chance(tiny: TinyPot) -> None:
    from hisoutab.widgets.export import line_scenario

    game = forced_line()
    assert game.history[0].events[0]["forced"] is True
    replay = run_scenario(load_scenario_text(line_scenario(game))).game
    assert replay is not None and replay.state.pot == game.state.pot


def test_an_exported_line_checks_the_shared_counters(tiny: TinyPot) -> None:
    from hisoutab.widgets.export import line_scenario

    game = forced_line()
    checks = yaml.safe_load(line_scenario(game))["expect"][0]["state"]
    assert checks.get("pot") == game.state.pot


@pytest.mark.parametrize("command", ["render", "show"])
def test_a_viewer_who_is_not_a_player_is_refused(tiny: TinyPot, command: str, tmp_path: Any) -> None:
    # before, --viewer P9 drew the state as nobody's view (every hidden card masked) without a word
    out = ["-o", str(tmp_path / "x.svg")] if command == "render" else []
    res = CliRunner().invoke(main, [command, "--ruleset", "tiny-pot", "--viewer", "P9", *out])
    assert res.exit_code != 0
    assert "--viewer: 'P9' is not a player of this game; expected one of P1" in res.output
    assert not (tmp_path / "x.svg").exists()
    shown = CliRunner().invoke(main, [command, "--ruleset", "tiny-pot", "--viewer", "P1", *out])
    assert shown.exit_code == 0, shown.output
