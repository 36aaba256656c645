"""Every file of tests/data/bad_scenarios gives one clear message naming file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hisoutab.cli.main import main
from hisoutab.engine.errors import InputError
from hisoutab.scenarios import load_scenario, load_scenario_text, run_file

BAD = Path(__file__).parent / "data" / "bad_scenarios"

# file -> (line, field or None, a fragment of the message)
LOAD_ERRORS = {
    "bad_yaml.yaml": (7, None, "invalid YAML"),
    "not_mapping.yaml": (1, None, "expected a mapping"),
    "missing_name.yaml": (1, "name", "missing"),
    "unknown_top_key.yaml": (4, "sede", "unknown key"),
    "wrong_type_seed.yaml": (4, "seed", "expected an integer"),
    "unknown_ruleset.yaml": (4, "ruleset", "unknown ruleset 'hisoutab-9.9'"),
    "unknown_option.yaml": (5, "options.guard.spirit_costs", "unknown rule option"),
    "bad_option_value.yaml": (4, "options.setup.mulligan", "'sometimes' is not allowed"),
    "unknown_character.yaml": (5, "setup.characters.1", "unknown character 'wizard'"),
    "unknown_card.yaml": (6, "setup.state.P1.hand.1", "unknown card 'gohei_slap'"),
    "card_of_other_player.yaml": (7, "setup.state.P1.hand.0", "is a card of P2"),
    "too_many_copies.yaml": (8, "setup.state.P1.discard.0", "only 1 purifying_strike"),
    "unknown_state_field.yaml": (6, "setup.state.tiem", "unknown state field; known fields:"),
    "unknown_player_field.yaml": (8, "setup.state.P2.helth", "unknown player field"),
    "wrong_type_hp.yaml": (7, "setup.state.P2.hp", "expected an integer, got 'lots'"),
    "hp_above_max.yaml": (8, "setup.state.P1.hp", "impossible state: P1: HP 25"),
    "off_board.yaml": (7, "setup.state.P2.x", "off the board"),
    "bad_spirit.yaml": (7, "setup.state.P1.spirit", "bad spirit gauge"),
    "unknown_path.yaml": (7, "expect.0.state.P2.hpp", "unknown field 'hpp'"),
    "unknown_step.yaml": (6, "expect.0.after", "unknown step 'attack.gaurd'"),
    "unknown_clause.yaml": (7, "expect.0.cited.0", "unknown clause 'H-GAURD-1'"),
    "python_tag.yaml": (4, "seed", "expected an integer"),
    "python_name_tag.yaml": (2, "description", "cannot hold"),
    "unknown_agenda_step.yaml": (6, "setup.state.agenda.0.0", "unknown step 'timeline.advanse'"),
    "bad_until.yaml": (4, "until", "expected end, decision"),
    "duplicate_key.yaml": (5, "seed", "duplicate key"),
    "bad_stop.yaml": (5, "setup.stop", "'halfway'"),
    "bad_next.yaml": (6, "setup.next", "'nowhere'"),
    "bad_script_item.yaml": (5, "script.0", "expected a label"),
    "checkpoint_without_when.yaml": (5, "expect.0", "expected exactly one of"),
}

# files that load but fail when run: (line, field, fragment)
RUN_ERRORS = {
    "runtime_bad_label.yaml": (6, "script.0", "'dance' is not a legal option for P2"),
    "runtime_unanswered.yaml": (5, "script", "the script ended but a decision is pending"),
    "runtime_unused_line.yaml": (8, "script.1", "was never used"),
    "runtime_wrong_value.yaml": (7, "expect.0.state.P2.hp", "P2.hp"),
    "runtime_never_reached.yaml": (6, "expect.0", "was never reached"),
}


def test_corpus_is_complete():
    files = {p.name for p in BAD.glob("*.yaml")}
    assert files == set(LOAD_ERRORS) | set(RUN_ERRORS)


@pytest.mark.parametrize("name", sorted(LOAD_ERRORS))
def test_load_error(name):
    line, field, fragment = LOAD_ERRORS[name]
    path = BAD / name
    with pytest.raises(InputError) as info:
        load_scenario(path)
    exc = info.value
    assert exc.file == str(path)
    assert exc.line == line, str(exc)
    if field is not None:
        assert exc.field == field, str(exc)
    assert fragment in str(exc)
    assert "\n" not in str(exc)
    # nothing runs half-loaded: the runner reports the same message and took no step
    result = run_file(path)
    assert not result.passed and result.steps == [] and result.stopped == "not loaded"
    assert result.failures[0].line == line


@pytest.mark.parametrize("name", sorted(RUN_ERRORS))
def test_run_error(name):
    line, field, fragment = RUN_ERRORS[name]
    result = run_file(BAD / name)
    assert not result.passed
    first = result.failures[0]
    assert (first.line, first.field) == (line, field), str(first)
    assert fragment in first.message
    assert str(BAD / name) in str(first)


def test_cli_one_line_no_traceback():
    runner = CliRunner()
    res = runner.invoke(main, ["run", str(BAD / "unknown_card.yaml")])
    assert res.exit_code == 2
    assert "Traceback" not in res.output
    out = res.output.strip()
    assert out.count("\n") == 0 and "unknown_card.yaml:6: setup.state.P1.hand.1" in out
    res = runner.invoke(main, ["check", str(BAD)])
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert "0 passed" in res.output


def test_yaml_tags_never_execute(tmp_path):
    marker = tmp_path / "owned"
    f = tmp_path / "evil.yaml"
    f.write_text(f"name: !!python/object/apply:os.system ['touch {marker}']\ndescription: x\n")
    with pytest.raises(InputError):
        load_scenario(f)
    assert not marker.exists()


def test_a_forced_die_face_the_dice_do_not_have_is_refused_at_its_line() -> None:
    """A ruleset that declares its chance outcomes (the co-operative toy's dice are six-sided):
    a forced 9 is refused when the file loads, at its line, not when a die is rolled."""
    text = ("name: x\ndescription: y\nruleset: toy-coop\nsetup: {players: 2}\nchance:\n"
            "  - {die: 4}\n  - {die: 9, player: P2}\n")
    with pytest.raises(InputError) as info:
        load_scenario_text(text, "t.yaml")
    assert str(info.value) == "t.yaml:7: chance.1.die: 9: a die here is one of 1, 2, 3, 4, 5, 6"
    assert load_scenario_text(text.replace("9", "6"), "t.yaml").chance
