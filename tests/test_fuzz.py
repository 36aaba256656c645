"""Property-based fuzzing: mutated scenario documents (all of them, and Recast Rift's on their own),
mutated character files (HisouTab), fighter and deck files (Recast Rift) and random public-API
calls. Each input either loads or is refused with the library's own error (``HisoutabError``), never
another exception; a loaded scenario runs to a result (passed or failed) without raising.

A bounded number of examples runs with the suite; ``HISOUTAB_FUZZ_EXAMPLES=20000`` runs that many
per test (and draws new random inputs instead of the fixed sequence).
"""

from __future__ import annotations

import functools
import itertools
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

hypothesis = pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from hisoutab import Game  # noqa: E402
from hisoutab.engine.errors import HisoutabError  # noqa: E402
from hisoutab.engine.yamlio import load_yaml_text  # noqa: E402
from hisoutab.games.hisoutab.draft.rules import cards as draft_cards  # noqa: E402
from hisoutab.games.hisoutab.v0452.rules import cards as v0452_cards  # noqa: E402
from hisoutab.scenarios import load_scenario_text, run_scenario  # noqa: E402
from hisoutab.scenarios.model import is_scenario_file  # noqa: E402

ROOT = Path(__file__).parent.parent
LONG = "HISOUTAB_FUZZ_EXAMPLES" in os.environ
EXAMPLES = int(os.environ.get("HISOUTAB_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG, database=None,
                suppress_health_check=list(HealthCheck))
RUN_STEPS = 150  # a loaded scenario runs at most this many steps here

RIFT_DATA = ROOT / "hisoutab" / "games" / "recast_rift" / "data"
SCENARIO_FILES = sorted(p for p in (ROOT / "scenarios").rglob("*.yaml") if is_scenario_file(p))
CHARACTER_FILES = [ROOT / "tests" / "data" / "good_cards" / "tester.yaml",
                   *sorted(v0452_cards.builtin_characters().values()),
                   *sorted(draft_cards.builtin_characters().values())]
# the documents are read when a test first draws one, not when the suite is collected (hundreds of
# files: every test process would read them), with libyaml's parser where it is built in
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)  # a safe loader: plain data only


@functools.cache
def _docs(kind: str) -> list[Any]:
    if kind == "scenarios":
        return [_read(p) for p in SCENARIO_FILES]
    if kind == "recast-rift":
        return [doc for p, doc in zip(SCENARIO_FILES, _docs("scenarios"), strict=True)
                if "recast-rift" in p.parts]
    if kind == "characters":
        return [_read(p) for p in CHARACTER_FILES]
    return [_read(p) for p in sorted((RIFT_DATA / kind).glob("*.yaml"))]  # fighters, decks


def docs(kind: str) -> st.SearchStrategy[Any]:
    """One of the documents of ``kind``, as it is stored."""
    return st.deferred(lambda: st.sampled_from(_docs(kind)))


_FILE_NUMBERS = itertools.count()  # each fuzzed file its own name (the loaders cache by path)

# ----------------------------------------------------------------------------- values
texts = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["<script>alert(1)</script>", "<b>&amp;</b>", "\ud800", "P1", "P3", "turn",
                     "keep", "end", "decision", "start", "setup", "miko", "gohei_jab", "a, b",
                     "x/y#2", "", " ", "null", "~", "!!python/name:os.system", "{{x}}", "${x}",
                     "timeline.advance", "play.choose", "eff.move", "spell.play", "P1.hp",
                     "P1.hand", "hand", "deck", "spell_seq", "../x.yaml", "/dev/zero"]),
)
numbers = st.one_of(st.integers(-3, 30), st.integers(), st.just(10**30), st.just(-(10**30)),
                    st.floats(allow_nan=True, allow_infinity=True), st.booleans())
scalars = st.one_of(st.none(), numbers, texts)


def _nest(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)), max_leaves=8)
values = st.one_of(values, st.integers(50, 300).map(_nest))


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


def _copy(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: _copy(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_copy(v) for v in doc]
    return doc


@st.composite
def mutated(draw: Any, kind: str) -> Any:
    """A document of ``kind`` (:func:`docs`) with a few keys dropped, values replaced or keys added."""
    doc = _copy(draw(docs(kind)))
    for _ in range(draw(st.integers(1, 4))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        if not path:
            if draw(st.integers(0, 9)) == 0:
                doc = draw(values)
            continue
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        if not isinstance(parent, (dict, list)):
            continue
        action = draw(st.sampled_from(["drop", "replace", "replace", "add"]))
        key = path[-1]
        if action == "drop":
            del parent[key]
        elif action == "replace":
            parent[key] = draw(values)
        elif isinstance(parent, dict):
            parent[draw(texts)] = draw(values)
        else:
            parent.append(draw(values))
    return doc


def _dump(doc: Any) -> str | None:
    try:
        return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    except (yaml.YAMLError, RecursionError, ValueError):
        return None


def _load_and_run(text: str) -> None:
    try:
        sc = load_scenario_text(text, "fuzz.yaml")
    except HisoutabError:
        return
    sc.max_steps = min(sc.max_steps, RUN_STEPS)
    result = run_scenario(sc, golden=False)
    for f in result.failures:  # a failure is a located line, never a trace
        assert "Traceback" not in f.message


# ----------------------------------------------------------------------------- scenarios
@FUZZ
@given(mutated("scenarios"))
def test_mutated_scenarios_load_or_are_refused(doc: Any) -> None:
    text = _dump(doc)
    if text is not None:
        _load_and_run(text)


@FUZZ
@given(st.sampled_from(SCENARIO_FILES), st.integers(0, 4000), st.text(max_size=20))
def test_scenario_text_cut_or_spliced(path: Path, at: int, insert: str) -> None:
    text = path.read_text(encoding="utf-8")
    at = min(at, len(text))
    _load_and_run(text[:at] + insert + text[at:])
    _load_and_run(text[:at])


# ----------------------------------------------------------------------------- characters
@FUZZ
@given(mutated("characters"), st.integers(0, len(CHARACTER_FILES) - 1))
def test_mutated_character_files_load_or_are_refused(doc: Any, which: int) -> None:
    text = _dump(doc)
    if text is None:
        return
    path = CHARACTER_FILES[which]
    draft = "draft" in path.parts
    module = draft_cards if draft else v0452_cards
    try:
        character = module.character_from_located(load_yaml_text(text, "fuzz.yaml"), "fuzz.yaml")
    except HisoutabError:
        return
    ruleset = "hisoutab-draft" if draft else "hisoutab-0.45.2"
    try:
        game = Game(ruleset, seed=1, setup={"characters": [character, "magician"]})
    except HisoutabError:
        return
    from hisoutab.engine.agents import RandomAgent

    game.run(until="end", agents=RandomAgent(1), max_steps=RUN_STEPS)


# ----------------------------------------------------------------------------- Recast Rift
@FUZZ
@given(mutated("recast-rift"))
def test_mutated_recast_rift_scenarios_load_or_are_refused(doc: Any) -> None:
    text = _dump(doc)
    if text is not None:
        _load_and_run(text)


@FUZZ
@given(docs("recast-rift"), st.sampled_from(["turn", "active", "first", "texts", "winner",
                                                    "stack", "waiting", "agenda", "P1", "P2"]),
       values)
def test_recast_rift_state_fields_load_or_are_refused(doc: Any, key: str, value: Any) -> None:
    """Any value in any field of a Recast Rift scenario's ``setup.state``."""
    doc = _copy(doc)
    state = doc.setdefault("setup", {}).get("state")
    if not isinstance(state, dict):
        return
    if key in ("P1", "P2") and isinstance(state.get(key), dict) and isinstance(value, dict):
        state[key].update(value)
    else:
        state[key] = value
    text = _dump(doc)
    if text is not None:
        _load_and_run(text)


def _play_rift(setup: dict[str, Any]) -> None:
    try:
        game = Game("recast-rift", seed=1, setup=setup)
    except HisoutabError:
        return
    from hisoutab.engine.agents import RandomAgent

    game.run(until="end", agents=RandomAgent(1), max_steps=RUN_STEPS)


@FUZZ
@given(doc=mutated("fighters"))
def test_mutated_fighter_files_load_or_are_refused(doc: Any, tmp_path_factory: Any) -> None:
    text = _dump(doc)
    if text is None:
        return
    path = tmp_path_factory.getbasetemp() / f"fighter_{next(_FILE_NUMBERS)}.yaml"
    path.write_text(text, encoding="utf-8")
    _play_rift({"decks": [{"fighters": [str(path), "marisa"]}, "mansion_and_garden"]})


@FUZZ
@given(doc=mutated("decks"))
def test_mutated_deck_files_load_or_are_refused(doc: Any, tmp_path_factory: Any) -> None:
    text = _dump(doc)
    if text is None:
        return
    path = tmp_path_factory.getbasetemp() / f"deck_{next(_FILE_NUMBERS)}.yaml"
    path.write_text(text, encoding="utf-8")
    _play_rift({"decks": [str(path), "mansion_and_garden"]})


# ----------------------------------------------------------------------------- the API
calls = st.lists(st.tuples(
    st.sampled_from(["step", "choose", "choose_player", "back", "goto", "view", "run", "switch",
                     "pending", "result", "scenario"]),
    st.one_of(st.integers(-5, 400), texts, st.none(), st.dictionaries(texts, texts, max_size=2))),
    max_size=12)


@FUZZ
@given(st.sampled_from(["hisoutab-0.45.2", "hisoutab-draft"]), st.integers(0, 50), calls)
def test_random_api_calls_succeed_or_raise_the_library_error(ruleset: str, seed: int,
                                                             ops: list[tuple[str, Any]]) -> None:
    game = Game(ruleset, seed=seed)
    for op, arg in ops:
        try:
            if op == "step":
                game.step()
            elif op == "choose":
                d = game.pending
                if d is not None and isinstance(arg, int) and d.players:
                    labels = d.labels(d.players[0])
                    arg = labels[arg % len(labels)] if labels and not d.joint else arg
                game.choose(arg)
            elif op == "choose_player":
                game.choose("wait", player=arg)
            elif op == "back":
                game.back(arg)
            elif op == "goto":
                game.goto(arg)
            elif op == "view":
                game.view(arg)
            elif op == "run":
                game.run(until=arg if isinstance(arg, str) else "decision",
                         max_steps=arg if isinstance(arg, int) else 50)
            elif op == "switch":
                game.switch(arg)
            elif op == "pending":
                _ = game.pending
            elif op == "result":
                game.result()
            else:
                _load_and_run(game.to_scenario())
        except HisoutabError:
            pass


def test_switch_to_a_line_that_is_not_a_text() -> None:
    """Found by the fuzz test: ``game.switch({})`` raised TypeError, not the library's error."""
    with pytest.raises(HisoutabError):
        Game("hisoutab-0.45.2").switch({})  # type: ignore[arg-type]
