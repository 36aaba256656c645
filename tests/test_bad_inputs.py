"""A corpus of bad inputs, each with the exact message it gives: scenarios and character files
(tables in tests/data/bad_inputs), command-line arguments and public-API misuse (tables here).
Every input is refused with one line naming the file, the line and the field — never another
exception, never a traceback."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from hisoutab import Game, ScriptedAgent
from hisoutab.cli.main import main
from hisoutab.engine.errors import HisoutabError, InputError
from hisoutab.engine.yamlio import load_yaml_text
from hisoutab.games.hisoutab.draft.rules import cards as draft_cards
from hisoutab.games.hisoutab.v0452.rules import cards as v0452_cards
from hisoutab.scenarios import capture, load_scenario, load_scenario_text, run_file, run_scenario

DATA = Path(__file__).parent / "data" / "bad_inputs"
ROOT = Path(__file__).parent.parent
SCENARIOS = yaml.safe_load((DATA / "scenarios.yaml").read_text(encoding="utf-8"))
CARDS = yaml.safe_load((DATA / "cards.yaml").read_text(encoding="utf-8"))
LOADERS = {"hisoutab-0.45.2": v0452_cards, "hisoutab-draft": draft_cards}


def same(message: str, expected: str) -> bool:
    """Exact, except that an expected text ending in … only fixes what comes before it (the lists
    of names a ruleset declares: its steps, options, fields)."""
    if expected.endswith("…"):
        return message.startswith(expected[:-1])
    return message == expected


def test_the_corpus_is_large_and_its_ids_unique() -> None:
    ids = [c["id"] for c in SCENARIOS] + [c["id"] for c in CARDS]
    assert len(ids) == len(set(ids))
    others = len(list((Path(__file__).parent / "data" / "bad_scenarios").glob("*.yaml"))) + len(
        list((Path(__file__).parent / "data" / "bad_cards").glob("*.yaml")))
    total = len(ids) + len(CLI) + len(API) + len(FILES) + others
    assert total >= 200, total


@pytest.mark.parametrize("case", SCENARIOS, ids=[c["id"] for c in SCENARIOS])
def test_bad_scenario(case: dict[str, Any]) -> None:
    file = f"{case['id']}.yaml"
    if case["when"] == "load":
        with pytest.raises(InputError) as info:
            load_scenario_text(case["text"], file)
        message = str(info.value)
    else:
        result = run_scenario(load_scenario_text(case["text"], file), golden=False)
        assert not result.passed
        first = result.failures[0]
        message = f"{first.where()}: {first.message}"
    assert same(message, case["message"]), message
    assert "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize("case", CARDS, ids=[c["id"] for c in CARDS])
def test_bad_character_file(case: dict[str, Any]) -> None:
    text = (ROOT / case["base"]).read_text(encoding="utf-8")
    for old, new in case["edits"]:
        assert old in text
        text = text.replace(old, new, 1)
    file = f"{case['id']}.yaml"
    with pytest.raises(InputError) as info:
        LOADERS[case["ruleset"]].character_from_located(load_yaml_text(text, file), file)
    assert same(str(info.value), case["message"]), str(info.value)


# ------------------------------------------------------------------ scenario files on disk
FILES = {
    # a character file is found relative to the scenario; a problem the game finds in it has its line
    "files/uses_one_standing.yaml": "{here}/files/uses_one_standing.yaml:4: setup.characters.0: "
    "{here}/files/../one_standing.yaml:5: standing: character 'solo' has 1 standing cards; the "
    "option hand.standing = 2 expects that many",
    "files/uses_missing_file.yaml": "{here}/files/uses_missing_file.yaml:4: setup.characters.1: no "
    "such character file 'ronin.yaml' (looked for {here}/files/ronin.yaml; a path is relative to the "
    "scenario's folder)",
    # a deck file is found relative to the scenario too (every setup field, every ruleset)
    "files/uses_missing_deck.yaml": "{here}/files/uses_missing_deck.yaml:5: setup.decks.1: no such "
    "file 'rift_deck.yaml' (looked for {here}/files/rift_deck.yaml; a path is relative to the "
    "scenario's folder)",
    # two files of one fighter are still one fighter twice
    "files/uses_one_fighter_twice.yaml": "{here}/files/uses_one_fighter_twice.yaml:6: "
    "setup.decks.0.fighters: P1's deck names the fighter 'reimu' twice (reimu, "
    "{here}/files/decks/reimu_copy.yaml); each player chooses 2 different fighters and shows them "
    "to the opponent (RR-SETUP-1)",
    # a deck file's own problem: the scenario's line, then the deck file, its line and the rule
    "files/uses_one_fighter_deck.yaml": "{here}/files/uses_one_fighter_deck.yaml:5: setup.decks.0: "
    "{here}/files/decks/one_fighter.yaml:3: fighters: P1's deck names 1 fighter (reimu); each "
    "player chooses 2 different fighters and shows them to the opponent (RR-SETUP-1)",
    # a fighter file a deck file names is found from the deck file's folder
    "files/uses_reimu_twice_deck.yaml": "{here}/files/uses_reimu_twice_deck.yaml:5: setup.decks.0: "
    "{here}/files/decks/reimu_twice.yaml:3: fighters: P1's deck names the fighter 'reimu' twice "
    "(reimu, reimu_copy.yaml); each player chooses 2 different fighters and shows them to the "
    "opponent (RR-SETUP-1)",
}


def test_the_workbench_refuses_an_edit_to_life_0_that_does_not_end_the_game() -> None:
    """The same invariants as a scenario's: an edit may not leave a Life at 0 with the game
    going on (RR-WIN-1)."""
    from hisoutab.engine.agents import FirstLegalAgent
    from hisoutab.engine.record import replace
    from hisoutab.widgets.editing import edit_problems

    game, agent = Game("recast-rift", seed=1), FirstLegalAgent()
    while game.state.turn < 1:
        game.run(until="decision", max_steps=500)
        d = game.pending
        chosen = {p: agent.choose(game.state, d, p) for p in d.players}
        game.choose(chosen if d.joint else chosen[d.players[0]])
    s = game.state
    dead = replace(s, players=(replace(s.players[0], life=0), s.players[1]))
    assert edit_problems(game, dead) == ["P1.life: Life 0, but the game is not over (no winner, no "
                                         "win check on the agenda) (RR-WIN-1)"]
    assert edit_problems(game, s) == []


def test_a_deck_file_is_read_from_the_scenarios_folder_not_the_working_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    decoy = tmp_path / "decks"
    decoy.mkdir()
    (decoy / "rift_deck.yaml").write_text("deck: rift_deck\nfighters: [marisa, youmu]\n",
                                          encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    sc = load_scenario(DATA / "files" / "uses_rift_deck.yaml")
    assert sc.new_game().state.players[0].fighters == ("reimu", "sakuya")
    assert run_file(DATA / "files" / "uses_rift_deck.yaml").passed
    # a fighter file named in a deck file: from the deck file's folder
    (tmp_path / "reimu_copy.yaml").write_text("nothing: here\n", encoding="utf-8")
    game = Game("recast-rift", setup={"decks": [str(DATA / "files" / "decks" /
                                                     "marisa_and_copy.yaml"), "mansion_and_garden"]})
    assert game.state.players[0].fighters == ("marisa", "reimu")
    assert "P1/amulet_volley_copy" in game.ctx.cards


@pytest.mark.parametrize("name", sorted(FILES))
def test_bad_scenario_file(name: str) -> None:
    with pytest.raises(InputError) as info:
        load_scenario(DATA / name)
    assert str(info.value) == FILES[name].format(here=DATA)
    assert not run_file(DATA / name).passed


# ------------------------------------------------------------------ command line
CLI: list[tuple[str, int, str]] = [
    # (arguments, exit code, the last line of the output)
    ("run tests/data/bad_inputs/nowhere.yaml", 2,
     "hisoutab: tests/data/bad_inputs/nowhere.yaml: no such file"),
    ("run tests/data/bad_inputs", 2,
     "Error: Invalid value for 'FILE': File 'tests/data/bad_inputs' is a directory."),
    ("run tests/data/bad_scenarios/unknown_card.yaml", 2,
     "hisoutab: tests/data/bad_scenarios/unknown_card.yaml:6: setup.state.P1.hand.1: unknown card "
     "'gohei_slap' for P1; known cards: …"),
    ("run tests/data/bad_scenarios/unknown_card.yaml --until sometime", 2,
     "Error: Invalid value for '--until': 'sometime' is not one of 'step', 'turn', 'decision', "
     "'end'."),
    ("check tests/data/bad_inputs/nowhere", 2,
     "hisoutab: tests/data/bad_inputs/nowhere: no such file or directory"),
    ("record tests/data/bad_inputs/nowhere.yaml", 2,
     "hisoutab: tests/data/bad_inputs/nowhere.yaml: no such file"),
    ("play --p1 ronin", 2, "hisoutab: character: unknown character 'ronin'; expected one of "
     "magician, miko or a path to a character .yaml file"),
    ("play --p1 ronin.yaml", 2, "hisoutab: ronin.yaml: no such file"),
    ("play --seed many", 2, "Error: Invalid value for '--seed': 'many' is not a valid integer."),
    ("play --ruleset chess", 2, "hisoutab: ruleset: unknown ruleset 'chess'; expected one of …"),
    ("play --option guard.cost=2", 2, "hisoutab: guard.cost: unknown rule option; known options: …"),
    ("play --option guard.spirit_cost=lots", 2,
     "hisoutab: guard.spirit_cost: 'lots' is not allowed; expected an integer from 0 to 10"),
    ("play --option nonsense", 2,
     "hisoutab: --option: 'nonsense': expected KEY=VALUE, e.g. board.width=9"),
    ("run tests/data/bad_inputs/files/uses_missing_deck.yaml", 2,
     "hisoutab: tests/data/bad_inputs/files/uses_missing_deck.yaml:5: setup.decks.1: no such file "
     "'rift_deck.yaml' (looked for tests/data/bad_inputs/files/rift_deck.yaml; a path is relative "
     "to the scenario's folder)"),
    ("play --setup nonsense", 2,
     "hisoutab: --setup: 'nonsense': expected KEY=VALUE, e.g. board.width=9"),
    ("play --max-steps -1", 2, "Error: Invalid value for '--max-steps': -1 is not in the range "
     "x>=0."),
    *[(f"play --ruleset {rid} {flag} {name}={'9' * 5000}", 2,
       f"hisoutab: {flag} {name}: an integer of more than 100 digits")  # the flag as typed
      for rid, name, flag in (("hisoutab-0.45.2", "guard.spirit_cost", "-O"),
                              ("hisoutab-draft", "board.width", "--option"),
                              ("recast-rift", "a3.start_life", "-O"))],
    ("play -O guard.spirit_cost", 2, "hisoutab: -O: 'guard.spirit_cost': expected KEY=VALUE, e.g. "
     "board.width=9"),
    ("play --option=nonsense", 2, "hisoutab: --option: 'nonsense': expected KEY=VALUE, e.g. "
     "board.width=9"),
    *[(f"play --ruleset {rid} --setup {name}={'9' * 5000}", 2,
       f"hisoutab: --setup {name}: an integer of more than 100 digits")
      for rid, name in (("hisoutab-0.45.2", "characters"), ("recast-rift", "decks"))],
    ("capture --step -1", 2, "hisoutab: --step: expected 0 or more steps, got -1"),
    ("capture --seed x --step 3", 2,
     "Error: Invalid value for '--seed': 'x' is not a valid integer."),
    ("capture --step 3 -o tests/data/bad_inputs/missing/out.yaml", 2,
     "hisoutab: tests/data/bad_inputs/missing/out.yaml: -o: the folder 'tests/data/bad_inputs/"
     "missing' does not exist (it is not created)"),
    ("capture --step 3 -o tests/data/bad_inputs/scenarios.yaml", 2,
     "hisoutab: tests/data/bad_inputs/scenarios.yaml: -o: exists already; give --force to replace "
     "it"),
    ("show --step 99999999 --seed 1", 2,
     "hisoutab: --step: the game of seed 1 ends after 1108 steps; expected --step 0..1108"),
    ("diff tests/data/bad_inputs/nowhere.yaml", 2,
     "hisoutab: tests/data/bad_inputs/nowhere.yaml: no such file"),
    ("diff scenarios/hisoutab-0.45.2/format/inline_card.yaml --rulesets hisoutab-0.45.2", 2,
     "hisoutab: --rulesets: 'hisoutab-0.45.2': expected two ruleset ids A,B"),
    ("stats --games 0", 2, "hisoutab: --games: expected at least 1 game, got 0"),
    ("stats --games -3", 2, "hisoutab: --games: expected at least 1 game, got -3"),
    ("bench --games x", 2, "Error: Invalid value for '--games': 'x' is not a valid integer."),
    ("rules --ruleset chess", 2, "hisoutab: ruleset: unknown ruleset 'chess'; expected one of …"),
    ("coverage tests/data/bad_inputs/nowhere", 2,
     "hisoutab: tests/data/bad_inputs/nowhere: no such file or directory"),
    ("notebook tests/data/bad_inputs/nowhere.yaml", 2, "Error: Missing option '-o' / '--out'."),
    ("run tests/data/bad_inputs/files/uses_missing_file.yaml", 2,
     "hisoutab: tests/data/bad_inputs/files/uses_missing_file.yaml:4: setup.characters.1: no such "
     "character file 'ronin.yaml' (looked for tests/data/bad_inputs/files/ronin.yaml; a path is "
     "relative to the scenario's folder)"),
]


@pytest.mark.parametrize("args,code,last", CLI,
                         ids=[c[0] if len(c[0]) <= 100 else c[0][:60] + "…" for c in CLI])
def test_bad_command_line(args: str, code: int, last: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    res = CliRunner().invoke(main, shlex.split(args))
    assert res.exit_code == code, res.output
    assert "Traceback" not in res.output
    assert same(res.output.strip().splitlines()[-1], last), res.output


# ------------------------------------------------------------------ public API
def _game() -> Game:
    return Game("hisoutab-0.45.2", seed=1)


API: dict[str, tuple[Callable[[], Any], str, str]] = {
    # name: (the call, the error class, the exact message)
    "game_ruleset_unknown": (lambda: Game("chess"), "InputError",
                             "ruleset: unknown ruleset 'chess'; expected one of …"),
    "game_ruleset_int": (lambda: Game(5), "InputError",  # type: ignore[arg-type]
                         "ruleset: expected a ruleset id or a ruleset, got int"),
    "game_seed_text": (lambda: Game("hisoutab-0.45.2", seed="x"), "InputError",  # type: ignore[arg-type]
                       "seed: expected an integer seed, got 'x'"),
    "game_seed_bool": (lambda: Game("hisoutab-0.45.2", seed=True), "InputError",
                       "seed: expected an integer seed, got True"),
    "game_options_list": (lambda: Game("hisoutab-0.45.2", options=[1]), "InputError",  # type: ignore[arg-type]
                          "options: expected a mapping of rule options, got list"),
    "game_option_unknown": (lambda: Game("hisoutab-0.45.2", options={"guard.cost": 1}),
                            "OptionError", "guard.cost: unknown rule option; known options: …"),
    "game_option_bad": (lambda: Game("hisoutab-0.45.2", options={"guard.spirit_cost": "x"}),
                        "OptionError",
                        "guard.spirit_cost: 'x' is not allowed; expected an integer from 0 to 10"),
    "game_setup_list": (lambda: Game("hisoutab-0.45.2", setup=[1]), "InputError",  # type: ignore[arg-type]
                        "setup: expected a mapping of setup fields, got list"),
    "game_setup_unknown": (lambda: Game("hisoutab-0.45.2", setup={"players": 3}), "InputError",
                           "setup.players: unknown setup field"),
    "game_setup_one_character": (
        lambda: Game("hisoutab-0.45.2", setup={"characters": ["miko"]}), "InputError",
        "setup.characters: expected a list of two character ids, e.g. [miko, magician]"),
    "game_setup_character_unknown": (
        lambda: Game("hisoutab-0.45.2", setup={"characters": ["miko", "ronin"]}), "InputError",
        "character: unknown character 'ronin'; expected one of magician, miko or a path to a "
        "character .yaml file"),
    "choose_int": (lambda: _game().choose(5), "IllegalChoice",  # type: ignore[arg-type]
                   "choose(5): expected an option's label (a text) or {player: label} for a "
                   "simultaneous decision"),
    "choose_mapping_int": (lambda: _game().choose({"P1": 3}), "IllegalChoice",  # type: ignore[dict-item]
                           "choose({'P1': 3}): expected an option's label (a text) or {player: "
                           "label} for a simultaneous decision"),
    "choose_player_int": (lambda: _game().choose("x", player=3), "IllegalChoice",  # type: ignore[arg-type]
                          "choose(player=3): expected a player's name"),
    "choose_nothing_pending": (lambda: _game().choose("keep all"), "NoDecision",
                               "no decision is pending"),
    "back_negative": (lambda: _game().back(-1), "InputError",
                      "n: back(-1): expected a whole number of steps ≥ 0"),
    "back_text": (lambda: _game().back("x"), "InputError",  # type: ignore[arg-type]
                  "n: back('x'): expected a whole number of steps ≥ 0"),
    "goto_text": (lambda: _game().goto("x"), "InputError",  # type: ignore[arg-type]
                  "index: goto('x'): expected a step index (a whole number)"),
    "view_p3": (lambda: _game().view("P3"), "InputError", "player: no player 'P3'; players: P1, P2"),
    "run_until_bad": (lambda: _game().run(until="forever"), "InputError",
                      "until: run(until='forever'): expected decision, turn, phase or end"),
    "run_max_steps_bad": (lambda: _game().run(max_steps=-1), "InputError",
                          "max_steps: run(max_steps=-1): expected a whole number ≥ 0"),
    "switch_unknown": (lambda: _game().switch("nope"), "HisoutabError", "no line 'nope'; lines: main"),
    "load_scenario_missing": (lambda: load_scenario(DATA / "nowhere.yaml"), "InputError",
                              f"{DATA / 'nowhere.yaml'}: no such file"),
    "load_scenario_folder": (lambda: load_scenario(DATA), "InputError",
                             f"{DATA}: is a folder; expected a file"),
    "load_scenario_text_ruleset": (
        lambda: load_scenario_text("name: x\ndescription: y\n", "t.yaml", ruleset="chess"),
        "InputError", "t.yaml:1: ruleset: unknown ruleset 'chess'; expected one of …"),
    "load_scenario_text_option": (
        lambda: load_scenario_text("name: x\ndescription: y\n", "t.yaml",
                                   options={"guard.cost": 1}),
        "InputError", "t.yaml:1: options: guard.cost: unknown rule option; known options: …"),
    "find_character_unknown": (lambda: v0452_cards.find_character("ronin"), "InputError",
                               "character: unknown character 'ronin'; expected one of magician, "
                               "miko or a path to a character .yaml file"),
    "find_character_missing_file": (lambda: v0452_cards.find_character(str(DATA / "ronin.yaml")),
                                    "InputError", f"{DATA / 'ronin.yaml'}: no such file"),
    "capture_not_game": (lambda: capture(5), "InputError", "game: capture(int): expected a Game"),
    "capture_bad_until": (lambda: capture(_game(), until="soon"), "InputError",
                          "until: capture(until='soon'): expected decision or end"),
    "capture_name_int": (lambda: capture(_game(), name=5), "InputError",  # type: ignore[arg-type]
                         "name: capture(name=5): expected a text"),
    "game_state_dict": (lambda: Game("recast-rift", state={}), "InputError",
                        "state: expected a state of recast-rift (State of "
                        "hisoutab.games.recast_rift.rules.state), got dict"),
    "game_state_other_ruleset": (
        lambda: Game("hisoutab-0.45.2", state=Game("recast-rift").state), "InputError",
        "state: expected a state of hisoutab-0.45.2 (State of hisoutab.games.hisoutab.v0452.rules."
        "state), got State of hisoutab.games.recast_rift.rules.state"),
    "game_option_huge": (lambda: Game("recast-rift", options={"a3.start_life": 10**5000}),
                         "OptionError", "a3.start_life: an integer of more than 100 digits is not "
                         "allowed; expected an integer ≥ 4"),
    "game_option_name_none": (lambda: Game("recast-rift", options={None: 1}), "OptionError",
                              "None: expected an option's name (a text); known options: …"),
    "scripted_agent_ints": (lambda: ScriptedAgent([5]), "InputError",  # type: ignore[list-item]
                            "lines: ScriptedAgent(...): line 1 is 5; expected a label (a text) or "
                            "{player: label}"),
    "scripted_agent_text": (lambda: ScriptedAgent("keep all"), "InputError",
                            "lines: ScriptedAgent('keep all'): expected a list of labels, e.g. "
                            "['keep all'], got str"),
    "load_scenario_text_int": (lambda: load_scenario_text(5), "InputError",  # type: ignore[arg-type]
                               "text: load_scenario_text(int): expected the scenario's text (a str)"),
    "run_scenario_none": (lambda: run_scenario(None), "InputError",  # type: ignore[arg-type]
                          "sc: run_scenario(NoneType): expected a loaded Scenario (load_scenario "
                          "or load_scenario_text gives one)"),
}


@pytest.mark.parametrize("name", sorted(API))
def test_bad_api_call(name: str) -> None:
    call, kind, message = API[name]
    with pytest.raises(HisoutabError) as info:
        call()
    assert type(info.value).__name__ == kind
    assert same(str(info.value), message), str(info.value)


# ------------------------------------------------------------------ unions
def test_a_union_reports_the_branch_the_input_meant() -> None:
    """A mapping where a text or a record is allowed meant the record: its problem is reported at
    its own field, not «Input should be a valid string» at ``….str``; the other branch is no
    second problem."""
    from pydantic import BaseModel, ConfigDict, ValidationError

    from hisoutab.engine.yamlio import pydantic_error

    class Spec(BaseModel):
        model_config = ConfigDict(extra="forbid")
        fighters: tuple[str, str]

    class Setup(BaseModel):
        decks: tuple[str | Spec, str | Spec]

    expected = {"decks: [{fighters: [a]}, x]\n": "f.yaml:1: decks.0.fighters.1: missing; this field "
                "is required",
                "decks: [{fighters: [a, b], zz: 1}, x]\n": "f.yaml:1: decks.0.zz: unknown field",
                "decks: [5, 6]\n": "f.yaml:1: decks.0: Input should be a valid string (got 5) (and "
                "1 more problem in this file)"}
    for text, message in expected.items():
        located = load_yaml_text(text, "f.yaml")
        with pytest.raises(ValidationError) as info:
            Setup.model_validate(located.data)
        assert str(pydantic_error(located, info.value)) == message
