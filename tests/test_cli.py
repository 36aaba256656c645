"""The command line (hisoutab.cli.main): play, rules, bench, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hisoutab import Game, RandomAgent
from hisoutab.cli.main import main
from hisoutab.games.hisoutab.v0452.rules.clauses import CLAUSES

from .helpers import RS

BAD = Path(__file__).parent / "data" / "bad_cards"


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def play_json(*args: str) -> dict:
    result = invoke("play", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_play_json_summary() -> None:
    """play --json: winner, steps, decisions, turns, final HP and the log hash of the game."""
    data = play_json("--seed", "3")
    assert data["ruleset"] == RS
    assert data["seed"] == 3
    assert data["players"] == [{"name": "P1", "characters": ["miko"]},
                               {"name": "P2", "characters": ["magician"]}]
    assert data["winner"] in ("P1", "P2", "draw")
    assert data["finished"] is True
    assert isinstance(data["steps"], int) and data["steps"] > data["decisions"] > 0
    assert isinstance(data["figures"]["turns"], int) and data["figures"]["turns"] > 0
    assert set(data["final"]) == {"P1", "P2"} and data["final"] == data["figures"]["hp"]
    assert min(data["final"].values()) == 0 or data["winner"] == "draw"
    assert re.fullmatch(r"[0-9a-f]{64}", data["log_hash"])
    assert data["options"] == {}


def test_play_json_matches_the_library() -> None:
    """play --json --seed N is the library game of seed N under RandomAgent(N)."""
    data = play_json("--seed", "3")
    game = Game(RS, seed=3)
    game.run(until="end", agents=RandomAgent(3))
    assert data["log_hash"] == game.log_hash()
    assert data["steps"] == len(game.history)
    assert data["decisions"] == game.decisions_made()
    assert data["winner"] == game.state.winner
    assert data["figures"]["turns"] == game.state.turn
    assert data["final"] == {p.name: p.hp for p in game.state.players}


def test_same_seed_same_log_hash() -> None:
    """play: the same seed gives the same log hash; another seed another one."""
    a = play_json("--seed", "7")
    b = play_json("--seed", "7")
    c = play_json("--seed", "8")
    assert a["log_hash"] == b["log_hash"]
    assert a == b
    assert a["log_hash"] != c["log_hash"]


def test_play_with_options_first_agents_and_step_limit() -> None:
    """play -O KEY=VALUE --max-steps: the changed options are reported; a game cut by the step limit
    is reported unfinished, with no winner."""
    args = ("--agents", "first", "--max-steps", "1000", "-O", "board.width=9", "-O",
            "deck.reshuffle=false")
    data = play_json(*args)
    assert data["options"] == {"board.width": 9, "deck.reshuffle": False}
    assert data["steps"] == 1000
    assert data["finished"] is False and data["winner"] is None
    assert play_json(*args)["log_hash"] == data["log_hash"]


def test_play_full_trace_prints_every_step() -> None:
    """play --full prints every step and a summary line naming the winner."""
    result = invoke("play", "--seed", "2", "--full")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "setup.hp" in lines[1] and "HP set to 20" in lines[1]
    data = json.loads(invoke("play", "--seed", "2", "--json").stdout)
    assert len(lines) == 1 + data["steps"] + 1
    assert lines[-1].startswith(f"winner: {data['winner']} — ")


def test_play_tells_the_turns_that_matter() -> None:
    """play without --full: one line per turn in which something happened, its moments (damage,
    guards, specials, the end) below it, the quiet turns counted, then the result."""
    result = invoke("play", "--seed", "2")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    full = invoke("play", "--seed", "2", "--full").stdout.splitlines()
    assert len(lines) < len(full) / 5
    assert any(line.startswith("t=") and "turn " in line for line in lines)
    assert any("attack.damage" in line for line in lines)
    assert any("quiet turn" in line for line in lines)
    assert "setup.hp" not in result.stdout
    assert "game.over" in lines[-2] and lines[-1].startswith("winner:")


def test_rules_json_lists_clauses_with_steps() -> None:
    """rules --json: every clause ID of the reference with the declared steps that cite it."""
    result = invoke("rules", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["ruleset"] == RS
    ids = [c["id"] for c in data["clauses"]]
    assert ids == list(CLAUSES)
    by_id = {c["id"]: c for c in data["clauses"]}
    assert by_id["H-SETUP-1"]["steps"] == ["setup.hp"]
    assert by_id["H-SETUP-1"]["text"] == CLAUSES["H-SETUP-1"]
    assert "adjust.gravity" in by_id["H-ADJ-BLUE-3"]["steps"]
    assert "game.over" in by_id["H-GOAL-1"]["steps"]
    assert sorted(data["implemented"] + data["missing"]) == sorted(ids)
    assert all(by_id[c]["steps"] for c in data["implemented"])
    assert not any(by_id[c]["steps"] for c in data["missing"])
    assert data["readings"]["R-1"] == ["game.over"]
    names = {o["name"] for o in data["options"]}
    assert {"end.simultaneous_ko", "timeline.pass", "setup.first_player"} <= names


def test_bench_json() -> None:
    """bench --games 2 --json: rates and memory per step."""
    result = invoke("bench", "--games", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2
    for key in ("decisions_per_s", "steps_per_s", "games_per_s", "bytes_per_step"):
        assert isinstance(data[key], (int, float)) and data[key] > 0, key
    assert data["steps_per_s"] > data["decisions_per_s"] > data["games_per_s"]
    assert data["python"].split()[1].startswith("3.")  # the interpreter measured


@pytest.mark.parametrize(("args", "fragment"), [
    (("play", "-O", "nope=1"), "hisoutab: nope: unknown rule option; known options:"),
    (("play", "-O", "board.width=abc"), "hisoutab: board.width: 'abc' is not allowed; expected an "
                                        "integer from 4 to 30"),
    (("play", "-O", "board.width=2"), "hisoutab: board.width: 2 is too small; expected an integer from 4 "
                                      "to 30"),
    (("play", "-O", "=5"), "hisoutab: -O: '=5': the KEY before = is missing"),
    (("play", "-O", "foo"), "hisoutab: -O: 'foo': expected KEY=VALUE"),
    (("play", "--ruleset", "zzz"), "hisoutab: ruleset: unknown ruleset 'zzz'"),
    (("play", "--p1", "witch"), "hisoutab: character: unknown character 'witch'"),
    (("play", "--p1", str(BAD / "unknown_effect.yaml")),
     f"hisoutab: {BAD / 'unknown_effect.yaml'}:42: cards.jab.effects.0.fly: unknown effect 'fly'"),
    (("bench", "--games", "0"), "hisoutab: --games: expected at least 1 game, got 0"),
    (("rules", "--ruleset", "x"), "hisoutab: ruleset: unknown ruleset 'x'"),
])
def test_errors_are_one_line_with_exit_code_2(args: tuple[str, ...], fragment: str) -> None:
    """Errors: exit code 2 and one line on stderr, no traceback, nothing on stdout."""
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    err = result.stderr
    assert err.startswith(fragment), err
    assert err.endswith("\n") and err.count("\n") == 1
    assert "Traceback" not in result.output


# ------------------------------------------------------------------ any ruleset's declarations
TOY = "toy-dice-race"


@pytest.fixture
def coop_toy(monkeypatch: pytest.MonkeyPatch) -> str:
    """A co-operative variant of the toy ruleset, registered for the test only: the racers win
    together (victory) when one reaches the goal, and lose (defeat) on a draw."""
    from hisoutab.engine import ruleset as registry
    from hisoutab.engine.contract import Capabilities, Result
    from hisoutab.engine.ruleset import get_ruleset

    toy = get_ruleset(TOY)
    base = type(toy)

    class CoopToy(base):  # type: ignore[misc, valid-type]
        id = "toy-dice-race-coop-test"
        capabilities = Capabilities(min_players=1, max_players=4, simultaneous=True, chance=True,
                                    hidden_information=True, cooperative=True)
        length_figures = ("rounds",)

        def result(self, s):  # type: ignore[no-untyped-def]
            plain = base.result(self, s)
            if not plain.over:
                return plain
            return Result("victory" if plain.kind == "win" else "defeat", figures=plain.figures)

    monkeypatch.setitem(registry._REGISTRY, CoopToy.id, CoopToy())
    return CoopToy.id


def test_play_summary_tells_a_new_games_events_not_only_quiet_turns() -> None:
    """A ruleset that declares no notable events: every event but chance and bookkeeping is told."""
    result = invoke("play", "--ruleset", TOY, "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    moves = [line for line in lines if line.strip().startswith("move ")]
    assert len(moves) >= 5  # the racers' moves, turn by turn
    assert not any(line.strip().startswith("chance") for line in lines)
    assert lines[-1].startswith("winner: P")


def test_notable_events_come_from_the_ruleset_with_a_generic_fallback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from hisoutab.engine.ruleset import get_ruleset
    from hisoutab.presentation.base import Presentation

    def step(*kinds: str) -> SimpleNamespace:
        return SimpleNamespace(events=tuple({"type": k} for k in kinds))

    generic = Presentation(ruleset_id=TOY)
    assert generic.moment(step("move")) and generic.moment(step("reveal", "chance"))
    assert not generic.moment(step("chance", "draw", "shuffle"))
    monkeypatch.setattr(type(get_ruleset(TOY)), "notable_events", frozenset({"reveal"}),
                        raising=False)
    declared = Presentation(ruleset_id=TOY)
    assert declared.moment(step("reveal")) and not declared.moment(step("move"))
    assert Presentation(ruleset_id=TOY, moment_events=frozenset({"move"})).moment(step("move"))
    assert get_ruleset(RS).notable_events >= {"hit", "guard", "end"}


def test_stats_reports_the_declared_length_figures_and_always_steps_and_decisions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from hisoutab.engine.ruleset import get_ruleset

    toy = type(get_ruleset(TOY))
    monkeypatch.setattr(toy, "length_figures", ("rounds",), raising=False)
    declared = json.loads(invoke("stats", "--ruleset", TOY, "--games", "4", "--json").stdout)
    assert declared["rounds"]["min"] >= 1 and "turns" not in declared
    assert declared["steps"]["min"] > 0 and declared["decisions"]["min"] > 0
    assert sum(declared["wins"].values()) == 4
    monkeypatch.setattr(toy, "length_figures", (), raising=False)
    plain = json.loads(invoke("stats", "--ruleset", TOY, "--games", "4", "--json").stdout)
    assert "turns" not in plain and "rounds" not in plain
    assert plain["steps"] == declared["steps"] and plain["decisions"] == declared["decisions"]
    hisoutab = json.loads(invoke("stats", "--games", "2", "--json").stdout)
    assert hisoutab["turns"]["min"] > 0


def test_stats_and_bench_take_rule_options_and_setup() -> None:
    default = json.loads(invoke("stats", "--ruleset", TOY, "--games", "6", "--json").stdout)
    short = json.loads(invoke("stats", "--ruleset", TOY, "--games", "6", "--setup", "goal=5",
                              "--json").stdout)
    assert short["steps"]["mean"] < default["steps"]["mean"]
    sixes = json.loads(invoke("stats", "--ruleset", TOY, "--games", "6", "-O", "die.sides=12",
                              "--json").stdout)
    assert sixes["steps"] != default["steps"]
    four = json.loads(invoke("bench", "--ruleset", TOY, "--games", "2", "--no-widgets",
                             "--setup", "players=4", "--option", "die.sides=12", "--json").stdout)
    assert four["games"] == 2 and four["steps"] > 0
    for command in ("stats", "bench"):
        bad = invoke(command, "--ruleset", TOY, "--games", "1", "-O", "die.faces=3")
        assert bad.exit_code == 2 and "die.faces: unknown rule option" in bad.output
        bad = invoke(command, "--ruleset", TOY, "--games", "1", "--setup", "players=9")
        assert bad.exit_code == 2 and "setup.players" in bad.output
        assert "Traceback" not in bad.output


def test_bench_measures_the_widget_latency_of_short_games() -> None:
    pytest.importorskip("ipywidgets")
    result = invoke("bench", "--ruleset", TOY, "--games", "1", "--setup", "goal=10", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["steps"] < 400
    assert data["widget_steps"] >= 2 and data["widget_step_ms_median"] > 0


def test_a_cooperative_result_is_victory_or_defeat(coop_toy: str) -> None:
    outcomes = set()
    for seed in range(4):
        data = play_json("--ruleset", coop_toy, "--seed", str(seed))
        assert data["outcome"] in ("victory", "defeat") and data["winner"] is None
        outcomes.add(data["outcome"])
        text = invoke("play", "--ruleset", coop_toy, "--seed", str(seed)).stdout.splitlines()
        assert text[-1].startswith(f"outcome: {data['outcome']} — ")
        assert not any(line.startswith("winner:") for line in text)
    stats = json.loads(invoke("stats", "--ruleset", coop_toy, "--games", "5", "--json").stdout)
    assert "wins" not in stats and "win_rate" not in stats
    assert stats["victories"] + stats["defeats"] + stats["unfinished"] == 5
    assert stats["rounds"]["min"] >= 1


def test_a_competitive_result_keeps_its_winner() -> None:
    data = play_json("--ruleset", TOY, "--seed", "1")
    assert data["outcome"] == data["result"] == "win" and data["winner"] in ("P1", "P2", "P3")


def test_character_flags_only_where_the_ruleset_declares_them(tmp_path: Path) -> None:
    for command in (["play"], ["stats", "--games", "1"], ["bench", "--games", "1", "--no-widgets"],
                    ["show"], ["render", "-o", str(tmp_path / "x.svg")],
                    ["graph", "priority", "-o", str(tmp_path / "x.dot")]):
        result = invoke(*command, "--ruleset", TOY, "--p2", "miko")
        assert result.exit_code == 2, (command, result.output)
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "the ruleset toy-dice-race takes no --p2" in lines[0]
    default = play_json("--max-steps", "10")
    def characters(data: dict) -> list[list[str]]:
        return [p["characters"] for p in data["players"]]

    assert characters(default) == [["miko"], ["magician"]]  # the setup schema's default pair
    assert characters(play_json("--max-steps", "10", "--p1", "magician")) == [["magician"], ["magician"]]
    assert characters(play_json("--max-steps", "10", "--p2", "miko")) == [["miko"], ["miko"]]


def test_every_command_that_draws_or_shows_takes_setup(tmp_path: Path) -> None:
    svg = tmp_path / "four.svg"
    result = invoke("render", "--ruleset", TOY, "--setup", "players=4", "--step", "6", "-o", str(svg))
    assert result.exit_code == 0, result.output
    assert "P4" in svg.read_text()
    shown = invoke("show", "--ruleset", TOY, "--setup", "players=4", "--step", "6")
    assert shown.exit_code == 0 and "P4" in shown.stdout
    three = invoke("show", "--ruleset", TOY, "--step", "6")
    assert "P4" not in three.stdout
    dot = tmp_path / "p.dot"
    graphed = invoke("graph", "priority", "--ruleset", TOY, "--setup", "players=4", "--step", "6",
                     "-O", "die.sides=12", "-o", str(dot))
    assert graphed.exit_code == 0, graphed.output
    assert "digraph" in dot.read_text() and "P4" in dot.read_text()
    bad = invoke("show", "--ruleset", TOY, "--setup", "players=7")
    assert bad.exit_code == 2 and "setup.players" in bad.output


def test_a_scenario_file_brings_its_own_setup(tmp_path: Path) -> None:
    scenario = Path(__file__).parent / "toy" / "scenarios" / "dice_decide.yaml"
    result = invoke("show", str(scenario), "--setup", "players=4")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "sets its own setup and options; --setup applies only to a seeded game" \
        in lines[0]
    assert invoke("show", str(scenario), "--step", "3").exit_code == 0


COMMON_PLAY_KEYS = ["ruleset", "seed", "players", "finished", "result", "outcome", "winner", "steps",
                    "decisions", "final", "log_hash", "options", "figures"]


@pytest.mark.parametrize(("ruleset", "final"), [(RS, "hp"), ("hisoutab-draft", "hp"),
                                                ("recast-rift", "life")])
def test_play_json_has_the_same_keys_on_every_ruleset(ruleset: str, final: str) -> None:
    """Every ruleset's summary has the same keys, the players with who they play; the ruleset's
    own figures are under ``figures``."""
    data = play_json("--ruleset", ruleset, "--seed", "1")
    assert [k for k in data if k != "setup"] == COMMON_PLAY_KEYS
    assert [p["name"] for p in data["players"]] == ["P1", "P2"]
    assert all(p["characters"] for p in data["players"])
    assert data["final"] == data["figures"][final] and set(data["final"]) == {"P1", "P2"}


def test_recast_rift_play_names_the_fighters() -> None:
    game = Game("recast-rift", seed=1)
    pairs = [[f.id for f in pair] for pair in game.ctx.fighters]
    data = play_json("--ruleset", "recast-rift", "--seed", "1")
    assert [p["characters"] for p in data["players"]] == pairs
    head = invoke("play", "--ruleset", "recast-rift", "--seed", "1").stdout.splitlines()[0]
    assert f"{' & '.join(pairs[0])} (P1) vs {' & '.join(pairs[1])} (P2)" in head


def _commands(group=main, prefix=()):  # type: ignore[no-untyped-def]
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from _commands(command, (*prefix, name))
        else:
            yield (*prefix, name), command


def test_each_short_flag_means_one_thing_on_every_command() -> None:
    """-o is an output file wherever it exists, and rule options are --option/-O everywhere."""
    with_options = 0
    for name, command in _commands():
        for param in command.params:
            opts = set(getattr(param, "opts", ())) | set(getattr(param, "secondary_opts", ()))
            if "-o" in opts:
                assert param.name in ("out", "output"), (name, param.opts)
            if "--option" in opts:
                assert "-O" in opts, name
                with_options += 1
            if "-O" in opts:
                assert "--option" in opts, name
    assert with_options >= 7  # play, bench, stats, capture, render, show, graph priority


def test_play_refuses_the_old_short_option_flag() -> None:
    result = invoke("play", "-o", "board.width=9")
    assert result.exit_code == 2 and "-o" in result.output


def test_stats_prints_tables_and_json() -> None:
    data = json.loads(invoke("stats", "--ruleset", TOY, "--games", "4", "--json").stdout)
    text = invoke("stats", "--ruleset", TOY, "--games", "4").stdout
    assert "{" not in text and "'" not in text  # no Python reprs
    for figure in ("steps", "decisions"):
        row = next(line for line in text.splitlines() if f" {figure} " in line)
        assert str(data[figure]["median"]).rstrip("0").rstrip(".") in row
        assert f"{data[figure]['min']}" in row and f"{data[figure]['max']}" in row
    for player, wins in data["wins"].items():
        assert any(line.split("│")[1:3] == [f" {player} ", f" {wins:>{len(' wins ') - 2}} "]
                   or (player in line and str(wins) in line) for line in text.splitlines())
    assert "never_cited:" in text


@pytest.mark.parametrize("viewer", ["p1", "P1", " designer", "DESIGNER"])
def test_viewer_takes_a_player_in_any_case_or_designer(viewer: str, tmp_path: Path) -> None:
    shown = invoke("show", "--step", "40", "--viewer", viewer)
    assert shown.exit_code == 0, shown.output
    rendered = invoke("render", "--step", "40", "--viewer", viewer, "-o", str(tmp_path / "v.svg"))
    assert rendered.exit_code == 0, rendered.output


def test_viewer_as_p1_hides_what_designer_shows() -> None:
    p1 = invoke("show", "--designer", "--step", "40", "--viewer", "p1").stdout
    assert p1 == invoke("show", "--designer", "--step", "40", "--viewer", "P1").stdout
    everything = invoke("show", "--designer", "--step", "40", "--viewer", "designer").stdout
    assert p1 != everything
    assert everything == invoke("show", "--designer", "--step", "40").stdout


@pytest.mark.parametrize("command", [["show"], ["render", "-o", "never.svg"]])
@pytest.mark.parametrize(("ruleset", "viewer"), [(RS, "Alice"), ("recast-rift", "p3"),
                                                 (TOY, "spectator")])
def test_viewer_refuses_anyone_else_in_one_line(command: list[str], ruleset: str, viewer: str) -> None:
    result = invoke(*command, "--ruleset", ruleset, "--step", "5", "--viewer", viewer)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hisoutab: --viewer:"), lines
    assert repr(viewer) in lines[0] and "P1, P2" in lines[0] and "designer" in lines[0]


ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("scenario", "line"), [
    ("scenarios/hisoutab-0.45.2/guard/idle_guard.yaml",
     "2. cancel with spirit_kick — cancel with Spirit Kick"),
    ("scenarios/recast-rift/as-written/cast_when_only_card_text_opens_a_zone.yaml",
     '1. cast twin_cut — cast Twin Blades "Crossing Cut"'),
])
def test_run_interactive_shows_the_names_beside_the_labels(scenario: str, line: str) -> None:
    """run -i: each option's label as scripts write it, the card names beside it; answering by
    the label still works."""
    res = invoke("run", str(ROOT / scenario), "--interactive", "--until", "end", input="q\n")
    assert line in res.output, res.output
    label = line.split(". ", 1)[1].split(" — ")[0]
    again = invoke("run", str(ROOT / scenario), "-i", "--until", "end", input=f"{label}\nq\n")
    assert "Traceback" not in again.output and again.output.count("decides") >= 2, again.output
