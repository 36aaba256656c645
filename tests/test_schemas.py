"""JSON Schemas of scenario files and of the rulesets' own files (``hisoutab schema``, ``docs/schemas/``).

The committed schemas are exactly what the command writes today; every scenario and every shipped
file validates against its schema; a file the loader accepts is never refused by its schema (checked
on mutated files too); and the schema refuses the shape errors the loader refuses.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from hisoutab.cli.main import main
from hisoutab.engine.errors import HisoutabError
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.engine.schemas import MARK, file_formats, schema_text
from hisoutab.engine.yamlio import load_yaml_text
from hisoutab.scenarios import load_scenario_text
from hisoutab.scenarios.model import DEFAULT_RULESET, is_scenario_file
from hisoutab.scenarios.schema import (
    file_schema,
    scenario_schema,
    schema_files,
    schema_name,
    shipped_rulesets,
)

from .test_fuzz import CHARACTER_FILES, FUZZ, _dump, mutated

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "docs" / "schemas"
SHIPPED = shipped_rulesets()
SCENARIO_FILES = sorted(p for p in (ROOT / "scenarios").rglob("*") if p.is_file() and is_scenario_file(p))
TOY_SCENARIOS = sorted((ROOT / "tests" / "toy" / "scenarios").glob("*.yaml"))


def as_json(data: Any) -> Any:
    """YAML data as an editor's schema checker sees it: JSON (mapping keys are texts)."""
    return json.loads(json.dumps(data, default=str))


def read(path: Path) -> Any:
    return as_json(yaml.safe_load(path.read_text(encoding="utf-8")))


_VALIDATORS: dict[int, Any] = {}


def draft7() -> Any:
    """jsonschema's Draft 7 validator, imported when a test first needs it (the import costs seconds
    that every test process would pay at collection)."""
    import jsonschema

    return jsonschema.Draft7Validator


def problems(schema: dict[str, Any], data: Any) -> list[str]:
    check = _VALIDATORS.get(id(schema))
    if check is None or check.schema is not schema:
        check = _VALIDATORS[id(schema)] = draft7()(schema)
    return [f"{'.'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:300]}"
            for e in check.iter_errors(data)]


# --------------------------------------------------------------------------- the committed files
def test_the_committed_schemas_are_what_hisoutab_schema_writes() -> None:
    """docs/schemas/ holds one file per schema of the shipped rulesets, each as generated today
    (after a change to a loader or to a ruleset's options, setup, steps or clauses, write them again
    with `make schemas`)."""
    expected = schema_files(SHIPPED)
    assert sorted(p.name for p in SCHEMAS.glob("*.json")) == sorted(expected)
    stale = [name for name, schema in expected.items()
             if (SCHEMAS / name).read_text(encoding="utf-8") != schema_text(schema)]
    assert stale == [], "out of date (write them again with `make schemas`): " + ", ".join(stale)


@pytest.mark.parametrize("name", sorted(schema_files(SHIPPED)))
def test_each_schema_is_a_valid_draft_7_schema(name: str) -> None:
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    draft7().check_schema(schema)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert MARK.decode() in schema["$comment"]


# --------------------------------------------------------------------------- real files validate
@functools.cache
def _committed(kind: str, rid: str | None) -> dict[str, Any]:
    return json.loads((SCHEMAS / schema_name(kind, rid)).read_text(encoding="utf-8"))


def test_every_scenario_validates_against_its_schemas() -> None:
    """Each scenario of scenarios/ against its ruleset's schema and the schema of any ruleset."""
    generic = _committed("scenario", None)
    own = {rid: _committed("scenario", rid) for rid in SHIPPED}
    bad = []
    for path in SCENARIO_FILES:
        data = read(path)
        rid = data.get("ruleset", DEFAULT_RULESET)
        for schema in (own[rid], generic):
            found = problems(schema, data)
            if "refused" in data:  # a setup that must be refused may break its schema, there only
                found = [p for p in found if not p.startswith("setup")]
            bad += [f"{path.relative_to(ROOT)}: {p}" for p in found]
    assert len(SCENARIO_FILES) > 200
    assert bad == []


def test_a_ruleset_of_a_folder_of_its_own_gets_a_scenario_schema_too() -> None:
    """The toy rulesets of tests/toy (registered through HISOUTAB_PLUGINS): its scenarios validate."""
    generic = scenario_schema(None)
    own = {rid: scenario_schema(get_ruleset(rid)) for rid in ("toy-dice-race", "toy-coop")}
    bad = [f"{p.name}: {x}" for p in TOY_SCENARIOS
           for s in (own[read(p)["ruleset"]], generic) for x in problems(s, read(p))]
    assert {read(p)["ruleset"] for p in TOY_SCENARIOS} == set(own) and bad == []


def shipped_files() -> list[tuple[str, str, Path]]:
    out = []
    for rid in SHIPPED:
        for kind, fmt in file_formats(get_ruleset(rid)).items():
            out += [(rid, kind, path) for path in fmt.shipped().values()]
    out.append(("hisoutab-0.45.2", "character", ROOT / "tests" / "data" / "good_cards" / "tester.yaml"))
    return out


@pytest.mark.parametrize(("rid", "kind", "path"), shipped_files(),
                         ids=[f"{r}-{k}-{p.stem}" for r, k, p in shipped_files()])
def test_every_shipped_file_validates_against_its_schema(rid: str, kind: str, path: Path) -> None:
    assert problems(_committed(kind, rid), read(path)) == []


def test_every_shipped_ruleset_with_characters_has_a_character_schema() -> None:
    """The rulesets whose scenarios name characters (a card loader) describe their character files."""
    from hisoutab.scenarios.characters import cards_module

    for rid in SHIPPED:
        if cards_module(get_ruleset(rid)) is not None:
            assert "character" in file_formats(get_ruleset(rid)), rid


# --------------------------------------------------------------------------- agreeing with the loader
BAD = ROOT / "tests" / "data" / "bad_inputs"
#: broken scenarios of tests/data/bad_inputs/scenarios.yaml whose fault is one of shape: the schema
#: refuses each, as the loader does
SHAPE_ERRORS = ("top_list", "no_description", "name_int", "description_two_lines", "ruleset_int",
                "seed_text", "unknown_key_expect", "options_int", "option_unknown", "option_bad_value",
                "option_too_big", "setup_list", "setup_unknown_key", "characters_one", "characters_int",
                "inline_based_on_unknown", "inline_bad_kind", "inline_missing_recovery",
                "inline_bad_card_id", "inline_unknown_effect", "stop_unknown_step", "next_int",
                "agenda_not_list", "state_players_field", "state_player_list", "chance_two_kinds",
                "chance_die_zero", "chance_shuffle_empty", "script_int", "script_empty_mapping",
                "until_turn", "until_step_negative", "max_steps_zero", "expect_two_whens",
                "expect_at_middle", "expect_after_int", "expect_at_decision_zero",
                "expect_occurrence_with_at", "expect_nothing_to_check", "expect_unknown_check",
                "expect_cited_unknown", "expect_steps_unknown", "expect_contains_empty",
                "expect_decision_unknown_key", "expect_decision_pending_text")


@functools.cache
def _bad_scenarios() -> dict[str, dict[str, Any]]:
    items = yaml.safe_load((BAD / "scenarios.yaml").read_text(encoding="utf-8"))
    return {item["id"]: item for item in items}


@pytest.mark.parametrize("case", SHAPE_ERRORS)
def test_the_schema_refuses_what_the_loader_refuses_for_its_shape(case: str) -> None:
    item = _bad_scenarios()[case]
    with pytest.raises(HisoutabError):
        load_scenario_text(item["text"], f"{case}.yaml")
    data = as_json(yaml.safe_load(item["text"]))
    rid = data.get("ruleset", DEFAULT_RULESET) if isinstance(data, dict) else DEFAULT_RULESET
    assert problems(_committed("scenario", rid if rid in SHIPPED else None), data) != []


def test_no_broken_scenario_is_refused_for_a_fault_the_loader_accepts() -> None:
    """Every scenario of bad_inputs the schema refuses is refused by the loader (none is fine)."""
    for case, item in _bad_scenarios().items():
        if item["when"] != "run":
            continue
        data = as_json(yaml.safe_load(item["text"]))
        rid = data.get("ruleset", DEFAULT_RULESET)
        assert problems(_committed("scenario", rid), data) == [], case


@FUZZ
@given(mutated("scenarios"))
def test_a_mutated_scenario_the_loader_accepts_validates(doc: Any) -> None:
    text = _dump(doc)
    if text is None:
        return
    try:
        sc = load_scenario_text(text, "fuzz.yaml")
    except HisoutabError:
        return
    data = as_json(yaml.safe_load(text))
    assert problems(_committed("scenario", sc.ruleset.id), data) == []
    assert problems(_committed("scenario", None), data) == []


@FUZZ
@given(mutated("characters"), st.integers(0, len(CHARACTER_FILES) - 1))
def test_a_mutated_character_file_the_loader_accepts_validates(doc: Any, which: int) -> None:
    text = _dump(doc)
    if text is None:
        return
    path = CHARACTER_FILES[which]
    rid = "hisoutab-draft" if "draft" in path.parts else "hisoutab-0.45.2"
    from hisoutab.scenarios.characters import cards_module

    try:
        cards_module(get_ruleset(rid)).character_from_located(load_yaml_text(text, "fuzz.yaml"), "fuzz.yaml")
    except HisoutabError:
        return
    assert problems(_committed("character", rid), as_json(yaml.safe_load(text))) == []


# --------------------------------------------------------------------------- the command
def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_schema_prints_the_schema() -> None:
    result = invoke("schema", "scenario", "--ruleset", "recast-rift")
    assert result.exit_code == 0, result.output
    assert result.stdout == schema_text(file_schema("scenario", "recast-rift"))
    data = json.loads(result.stdout)
    assert data["properties"]["ruleset"]["const"] == "recast-rift"
    assert "a1.abilities" in data["properties"]["options"]["properties"]


def test_character_is_the_default_rulesets_character_file() -> None:
    result = invoke("schema", "character")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["title"] == "HisouTab 0.45.2 character file"


def test_schema_writes_a_file_and_replaces_only_its_own(tmp_path: Path) -> None:
    out = tmp_path / "fighter.schema.json"
    result = invoke("schema", "fighter", "--ruleset", "recast-rift", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == (SCHEMAS / "recast-rift-fighter.schema.json").read_text(
        encoding="utf-8")
    assert invoke("schema", "deck", "--ruleset", "recast-rift", "-o", str(out)).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["title"] == "Touhou Recast Rift deck file"
    mine = tmp_path / "mine.json"
    mine.write_text("{}\n", encoding="utf-8")
    result = invoke("schema", "scenario", "-o", str(mine))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"hisoutab: {mine}: -o: exists already; give --force to replace it"
    assert mine.read_text(encoding="utf-8") == "{}\n"
    assert invoke("schema", "scenario", "-o", str(mine), "--force").exit_code == 0
    assert json.loads(mine.read_text(encoding="utf-8"))["title"] == "hisoutab scenario file"


@pytest.mark.parametrize(("args", "message"), [
    (("character", "--ruleset", "recast-rift"),
     "hisoutab: KIND: the ruleset recast-rift has no character files; its own files are: fighter, deck "
     "(and scenario)"),
    (("character", "--ruleset", "toy-dice-race"),
     "hisoutab: KIND: the ruleset toy-dice-race has no character files; it reads no files of its own; "
     "try scenario"),
    (("cards",), "hisoutab: KIND: the ruleset hisoutab-0.45.2 has no cards files; its own files are: "
                 "character (and scenario)"),
    (("scenario", "-o", "out.yaml"), "hisoutab: -o: 'out.yaml': expected a file ending in .json"),
])
def test_bad_input_is_one_line_and_exit_code_2(args: tuple[str, ...], message: str) -> None:
    result = invoke("schema", *args)
    assert result.exit_code == 2
    assert result.stderr.strip() == message
    assert result.stdout == ""


def test_unknown_ruleset_is_one_line() -> None:
    result = invoke("schema", "scenario", "--ruleset", "chess")
    assert result.exit_code == 2
    assert result.stderr.startswith("hisoutab: ruleset: unknown ruleset 'chess'")
