"""The scenario format's newer keys: files beside the scenario (a scenario folder that moves still
passes), ``refused:`` (a setup that must be refused at load)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hisoutab.engine.errors import InputError
from hisoutab.scenarios import load_scenario, load_scenario_text, run_file, run_scenario
from hisoutab.scenarios.model import find_scenarios, is_scenario_file

ROOT = Path(__file__).resolve().parent.parent
AS_WRITTEN = ROOT / "scenarios" / "recast-rift" / "as-written"
SEED = Path("/work/shared/seeds/002_7491f501c54174c1.txt")


def _check(folder: Path, cwd: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "hisoutab.cli.main", "check", str(folder), "--json"],
                         cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("folder, beside", [
    (ROOT / "scenarios" / "hisoutab-0.45.2" / "format", "tester.character.yaml"),
    (ROOT / "scenarios" / "recast-rift" / "format", None),
])
def test_other_format_folders_copied_elsewhere_still_pass(tmp_path: Path, folder: Path,
                                                          beside: str | None) -> None:
    copy = tmp_path / "moved" / folder.name
    shutil.copytree(folder, copy)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    if beside is not None:  # a same-named file in the working folder is never the one read
        (elsewhere / beside).write_text("character: nobody\n", encoding="utf-8")
    report = _check(copy, elsewhere)
    assert report["failed"] == 0 and report["passed"] == len(find_scenarios([str(folder)]))


def test_a_scenario_folder_copied_elsewhere_still_passes(tmp_path: Path) -> None:
    """The fighter and deck files beside the scenarios are read from the copy's folder, whatever
    the working folder."""
    copy = tmp_path / "moved" / "as-written"
    shutil.copytree(AS_WRITTEN, copy)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    report = _check(copy, elsewhere)
    names = {Path(s["file"]).name for s in report["scenarios"]}
    assert {"any_number_of_on_cast_abilities.yaml", "placement_card_needs_no_continuous_ability.yaml",
            "deck_of_eight_spells_is_refused.yaml"} <= names
    assert report["failed"] == 0 and report["passed"] == len(names)
    refused = next(s for s in report["scenarios"] if s["file"].endswith("refused.yaml"))
    assert str(copy / "eight_spells.deck.yaml") in refused["stopped"]


def test_the_copy_reads_its_own_fighter_file(tmp_path: Path) -> None:
    """A changed fighter file in the copy is what the copy's scenario loads: without its third
    [On Cast] ability the L112 scenario fails."""
    copy = tmp_path / "as-written"
    shutil.copytree(AS_WRITTEN, copy)
    fighter = copy / "marisa_as_written.fighter.yaml"
    text = fighter.read_text(encoding="utf-8")
    third = "      - effects:\n          - draw: 1\n        text: Draw 1 card.\n"
    assert third in text
    fighter.write_text(text.replace(third, ""), encoding="utf-8")
    assert run_file(AS_WRITTEN / "any_number_of_on_cast_abilities.yaml").passed
    result = run_file(copy / "any_number_of_on_cast_abilities.yaml")
    assert not result.passed
    assert any("3 [On Cast] abilities" in str(f) for f in result.failures), result.report()


def test_files_beside_a_scenario_are_not_scenarios() -> None:
    found = find_scenarios([str(AS_WRITTEN)])
    assert AS_WRITTEN / "any_number_of_on_cast_abilities.yaml" in found
    assert not any(p.name.endswith((".fighter.yaml", ".deck.yaml")) for p in found)
    for name in ("x.fighter.yaml", "x.deck.yml", "x.character.yaml", "x.golden.yaml"):
        assert not is_scenario_file(Path(name))
    assert is_scenario_file(Path("fighter.yaml"))


@pytest.mark.parametrize("name, line", [
    ("any_number_of_on_cast_abilities.yaml",
     "【キャスト時】能力を２つ持つスペル札は、１つ目の【キャスト時】能力を処理した後、２つ目の【キャスト時】能力を処理します。"),
    ("placement_card_needs_no_continuous_ability.yaml", "設置札の場合は、展開の処理を行います。"),
])
def test_the_contradiction_scenarios_quote_the_guide(name: str, line: str) -> None:
    sc = load_scenario(AS_WRITTEN / name)
    assert line in sc.description
    if SEED.exists():
        assert line in SEED.read_text(encoding="utf-8")


def test_the_fighter_beside_the_scenario_is_the_one_loaded() -> None:
    sc = load_scenario(AS_WRITTEN / "placement_card_needs_no_continuous_ability.yaml")
    marisa = sc.new_game().ctx.fighters[0][1]
    assert marisa.file == str(AS_WRITTEN / "marisa_as_written.fighter.yaml")
    assert marisa.spells["mini_furnace"].while_deployed == ()
    assert len(marisa.spells["comet_rush"].on_cast) == 3


# ------------------------------------------------------------------------------ refused:
REFUSED = """name: x
description: y
setup: {characters: [nobody, magician]}
refused: "setup.characters.0: unknown character 'nobody'"
"""


def test_a_refused_setup_passes_and_says_why() -> None:
    sc = load_scenario_text(REFUSED, "r.yaml")
    assert sc.refused == "setup.characters.0: unknown character 'nobody'"
    assert sc.refusal.startswith("r.yaml:3: setup.characters.0: unknown character 'nobody'")
    result = run_scenario(sc)
    assert result.passed and result.checked == 1 and result.steps == []
    assert result.stopped.startswith("refused at load, as expected: r.yaml:3:")


@pytest.mark.parametrize("change, words", [
    (("nobody", "miko"), "; it loads"),
    (("unknown character 'nobody'", "no such file"), "; it was refused with: r.yaml:3: setup.characters.0: "
                                                      "unknown character 'nobody'"),
])
def test_a_refused_scenario_fails_when_the_setup_is_not_refused_so(change: tuple[str, str], words: str
                                                                   ) -> None:
    with pytest.raises(InputError) as info:
        load_scenario_text(REFUSED.replace(*change), "r.yaml")
    assert info.value.line == 4 and info.value.field == "refused"
    assert words in str(info.value)


def test_a_refused_deck_is_a_passing_scenario() -> None:
    result = run_file(AS_WRITTEN / "deck_of_eight_spells_is_refused.yaml")
    assert result.passed
    assert "P1's deck holds 8 spell cards" in result.stopped and "RR-SETUP-3" in result.stopped


# ------------------------------------------------------------------------------ view:
FACE_DOWN = ROOT / "scenarios" / "recast-rift" / "format" / "view_of_a_card_put_face_down.yaml"


def test_a_view_check_checks_what_that_player_sees(tmp_path: Path) -> None:
    assert run_file(FACE_DOWN).passed
    text = FACE_DOWN.read_text(encoding="utf-8")
    # P2 does not see which card went face down: asking to see it fails, at the view's line
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("      P1.face_down: ['?']", "      P1.face_down: [P1/spirit_gust]"),
                     encoding="utf-8")
    result = run_file(wrong)
    assert not result.passed
    first = result.failures[0]
    assert first.field == "expect.0.view.1.state.P1.face_down"
    assert "as P2 sees it" in first.message
    assert list(first.actual) == ["?"]
    # P1 does: the same check on P1's view passes
    own = tmp_path / "own.yaml"
    own.write_text(text.replace("  - player: P2\n", "  - player: P1\n").replace(
        "      P1.face_down: ['?']", "      P1.face_down: [P1/spirit_gust]").replace(
        "    not_contains:\n      P1.face_down: [spirit_gust]\n", ""), encoding="utf-8")
    assert run_file(own).passed, run_file(own).report()


def test_not_says_in_a_view_reads_the_sentences_shown_to_that_player(tmp_path: Path) -> None:
    text = FACE_DOWN.read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("    not_says: [spirit_gust, Spirit Gust]",
                                "    not_says: [a card face down]"), encoding="utf-8")
    result = run_file(bad)
    assert [f.field for f in result.failures] == ["expect.0.view.1.not_says.0"]
    assert "as P2 sees it: step 4 eff.face_down_any says it: P1 puts a card face down" in \
        result.failures[0].message


# ------------------------------------------------------------------- any order, one of several
ANY_ORDER = ROOT / "scenarios" / "hisoutab-0.45.2" / "format" / "options_in_any_order.yaml"


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = ANY_ORDER.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "variant.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_options_in_any_order_pass_as_a_set_and_only_as_a_set(tmp_path: Path) -> None:
    assert run_file(ANY_ORDER).passed
    # the same labels in order: `options` would fail on this order, `options_any_order` passes
    fewer = run_file(_variant(tmp_path, "take recovery, cancel with dive_upgrade",
                              "cancel with dive_upgrade"))
    assert [f.field for f in fewer.failures] == ["expect.1.decision.options_any_order"]
    in_order = run_file(_variant(tmp_path, "options_any_order:", "options:"))
    assert [f.field for f in in_order.failures] == ["expect.1.decision.options"]


@pytest.mark.parametrize("old, new, field", [
    ("P2.hp: {one_of: [19, 20]}", "P2.hp: {one_of: [18, 19]}", "expect.0.state.P2.hp"),
    ("kind: {one_of: [play, guard]}", "kind: {one_of: [guard, move]}", "expect.1.decision.kind"),
    ("player: {one_of: [P1, P2]}", "player: {one_of: [P2]}", "expect.1.decision.player"),
    ("spirit: {any_order: [4, 5]}", "spirit: {any_order: [4, 4]}", "expect.0.events.0"),
])
def test_one_of_several_fails_when_the_value_is_none_of_them(tmp_path: Path, old: str, new: str,
                                                             field: str) -> None:
    result = run_file(_variant(tmp_path, old, new))
    assert [f.field for f in result.failures] == [field], result.report()


def test_any_order_and_one_of_match_values() -> None:
    from hisoutab.scenarios.paths import matches

    assert matches([1, 2, 2], {"any_order": [2, 1, 2]})
    assert not matches([1, 2, 2], {"any_order": [2, 1, 1]})
    assert not matches([1, 2], {"any_order": [1, 2, 3]})
    assert matches("P1/guard#2", {"one_of": ["jab", "guard#2"]})
    assert not matches(3, {"one_of": [1, 2]})
    assert matches({"one_of": 1, "x": 2}, {"one_of": 1})  # a mapping with more keys is a subset check


# ------------------------------------------------------------------- fighters written inline
INLINE = ROOT / "scenarios" / "recast-rift" / "format" / "inline_fighter.yaml"


def test_an_inline_fighter_is_the_one_the_deck_plays() -> None:
    sc = load_scenario(INLINE)
    marisa = sc.new_game().ctx.fighters[0][1]
    assert marisa.id == "marisa" and marisa.file == str(INLINE)
    assert marisa.spells["mini_furnace"].while_deployed == ()
    assert len(marisa.spells) == 7 and len(marisa.spells["comet_rush"].on_cast) == 2  # the base's
    assert run_file(INLINE).passed


@pytest.mark.parametrize("old, new, line, field, words", [
    ("          type: set\n", "          type: wall\n", 17,
     "setup.decks.0.fighters.1.spells.mini_furnace.type", "Input should be"),
    ("    - based_on: marisa\n", "    - based_on: marisse\n", 12, "setup.decks.0.fighters.1.based_on",
     "'marisse': expected a built-in fighter, one of"),
])
def test_a_bad_inline_fighter_is_refused_at_its_line(old: str, new: str, line: int, field: str,
                                                      words: str) -> None:
    text = INLINE.read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(InputError) as info:
        load_scenario_text(text.replace(old, new), str(INLINE))
    e = info.value
    assert (e.line, e.field) == (line, field) and words in e.detail, str(e)


def test_a_refused_scenario_has_no_game_to_give_another_tool() -> None:
    sc = load_scenario(AS_WRITTEN / "deck_of_eight_spells_is_refused.yaml")
    with pytest.raises(InputError) as info:
        sc.new_game()
    assert info.value.field == "refused" and info.value.line == 7
    assert "has no game" in info.value.detail and "holds 8 spell cards" in info.value.detail


def test_diff_refuses_a_refused_scenario_in_one_line() -> None:
    from hisoutab.scenarios import diff_scenario

    path = str(AS_WRITTEN / "deck_of_eight_spells_is_refused.yaml")
    with pytest.raises(InputError) as info:
        diff_scenario(path, "recast-rift", "recast-rift")
    assert (info.value.line, info.value.field) == (7, "refused")
    assert "runs nothing to compare" in info.value.detail


def test_the_set_form_of_options(tmp_path: Path) -> None:
    """``options: {any_order: [...]}`` is ``options_any_order``, for all or for one player."""
    as_set = run_file(_set_variant(tmp_path))
    assert as_set.passed, as_set.report()
    fewer = run_file(_set_variant(tmp_path, drop="take recovery, "))
    assert [f.field for f in fewer.failures] == ["expect.1.decision.options"]


def _set_variant(tmp_path: Path, drop: str = "") -> Path:
    text = ANY_ORDER.read_text(encoding="utf-8")
    last = "cancel with guard]"
    assert "options_any_order: [" in text and last in text
    text = text.replace("options_any_order: [", "options: {any_order: [").replace(last, last + "}")
    path = tmp_path / "set.yaml"
    path.write_text(text.replace(drop, "", 1), encoding="utf-8")
    return path
