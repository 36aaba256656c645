"""Every sample output of the README and docs/*.md is what the code prints today.

- A *command sample* is a fenced block without a language whose first line is ``$ hisoutab …``:
  each ``$`` line is run (the ``hisoutab`` command, in process, in a fresh folder prepared as the
  sentence around the block says, see ``PREPARE``) and what it prints, stdout and stderr, must be the
  lines below it. A shell comment after the command (``# after editing … by hand``) is not run.
- A *Python sample* is a ```` ```python ```` block directly followed by a block without a language:
  the code is run and what it prints must be that block. A Python block that shows no output but
  is a program (it begins with an import) is run too: it must not fail (one that uses a name it does
  not define, such as ``Workbench(state)``, is a fragment and is skipped).

In the expected lines, a line ``...`` stands for one or more lines left out (at the end of a block:
the output goes on), and ``/tmp/`` is the test's temporary folder. Nothing else is normalized.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import shlex
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from hisoutab.cli.main import main
from tests.test_compare import JAB_VS_POKE

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```(?P<lang>[^\n`]*)\n(?P<body>.*?)^```[ \t]*$", re.S | re.M)
ELIDED = "..."
IDLE_GUARD = ROOT / "scenarios" / "hisoutab-0.45.2" / "guard" / "idle_guard.yaml"
MIKO = ROOT / "hisoutab" / "games" / "hisoutab" / "v0452" / "data" / "characters" / "miko.yaml"


# --------------------------------------------------------------------------- finding the samples
def _blocks(path: Path) -> list[tuple[int, str, str, int]]:
    """(line, language, body, end offset) of each fenced block of a page."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group("lang").strip(), m.group("body"), m.end())
            for m in BLOCK.finditer(text)]


def command_samples() -> list[tuple[str, str]]:
    """(page:line, block) of every command sample."""
    return [(f"{p.relative_to(ROOT)}:{line}", body) for p in PAGES
            for line, lang, body, _ in _blocks(p) if not lang and body.startswith("$ hisoutab ")]


def python_samples() -> list[tuple[str, str, str]]:
    """(page:line, code, what it prints) of every Python sample."""
    out = []
    for p in PAGES:
        text = p.read_text(encoding="utf-8")
        blocks = _blocks(p)
        for (line, lang, code, end), (_, next_lang, printed, _) in itertools.pairwise(blocks):
            start = text.find("```", end)
            if lang == "python" and not next_lang and not text[end:start].strip():
                out.append((f"{p.relative_to(ROOT)}:{line}", code, printed))
    return out


def python_programs() -> list[tuple[str, str]]:
    """(page:line, code) of every Python block that begins with an import and shows no output."""
    paired = {label for label, _, _ in python_samples()}
    return [(label, body) for p in PAGES for line, lang, body, _ in _blocks(p)
            if lang == "python" and re.match(r"(?:from|import) ", body)
            and (label := f"{p.relative_to(ROOT)}:{line}") not in paired]


def commands(block: str) -> list[tuple[str, list[str]]]:
    """The commands of a command sample, each with its expected lines."""
    out: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            out.append((re.sub(r"\s+#\s.*$", "", line[2:]).strip(), []))
        else:
            out[-1][1].append(line)
    return out


# --------------------------------------------------------------------------- comparing
def matches(expected: list[str], actual: str) -> bool:
    """``actual`` reads as the ``expected`` lines, a ``...`` line standing for one or more lines."""
    pattern = "".join(r"(?:[^\n]*\n)+?" if line.strip() == ELIDED else re.escape(line.rstrip()) + r"\n"
                      for line in expected)
    text = "".join(line.rstrip() + "\n" for line in actual.splitlines())
    return re.fullmatch(pattern, text) is not None


def test_the_comparison_can_fail() -> None:
    assert matches(["a", "...", "d"], "a\nb\nc\nd\n")
    assert matches(["a", "..."], "a\nb\n")
    assert not matches(["a", "...", "d"], "a\nd\n")  # ... is at least one line
    assert not matches(["a", "d"], "a\nb\nd\n")
    assert not matches(["a"], "a\nb\n")  # nothing left out without ...
    assert not matches(["a  x"], "a x\n")


def test_the_samples_are_found() -> None:
    found = {label.split(":")[0] for label, _ in command_samples()}
    assert {"docs/engine.md", "docs/cards.md", "docs/scenarios.md"} <= found
    assert any(code.startswith("import json") for _, code, _ in python_samples())
    engine = [c for label, b in command_samples() if label.startswith("docs/engine.md")
              for c, _ in commands(b)]
    assert "hisoutab play --seed 1" in engine and "hisoutab graph phases -o phases.dot" in engine


# --------------------------------------------------------------------------- what a sample needs
def _typo_field(tmp: Path) -> None:
    """A copy of miko.yaml whose Gohei Jab (line 78) misspells ``hitstun``."""
    lines = MIKO.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[77].strip() == "hitstun: 2"
    lines[77] = lines[77].replace("hitstun", "hitstum")
    (tmp / "cards").mkdir()
    (tmp / "cards" / "typo_field.yaml").write_text("".join(lines), encoding="utf-8")


def _users_report(tmp: Path) -> None:
    (tmp / "report.html").write_text("<!DOCTYPE html><html><body>my notes</body></html>\n",
                                     encoding="utf-8")


def _hand_edited_graph(tmp: Path) -> None:
    _run(tmp, "hisoutab graph phases -o phases.dot")
    dot = tmp / "phases.dot"
    dot.write_text(dot.read_text(encoding="utf-8") + "// my note\n", encoding="utf-8")


def _jab_vs_poke(tmp: Path) -> None:
    (tmp / "docs" / "examples").mkdir(parents=True)
    (tmp / "docs" / "examples" / "jab_vs_poke.yaml").write_text(JAB_VS_POKE, encoding="utf-8")


def _failing_expectation(tmp: Path) -> None:
    """guard/idle_guard.yaml with one expectation only, 3 spirit after the guard (4 are left)."""
    lines = IDLE_GUARD.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[9] == "expect:\n"
    (tmp / "scenarios").mkdir()
    (tmp / "scenarios" / "x.yaml").write_text(
        "".join(lines[:10]) + "  - after: attack.guard\n    state: {P2.spirit_available: 3}\n",
        encoding="utf-8")


def _explore_scenarios(tmp: Path) -> None:
    """The scenarios of docs/explorer.md, where its samples name them."""
    (tmp / "scenarios").mkdir()
    shutil.copytree(ROOT / "scenarios" / "explore", tmp / "scenarios" / "explore")


#: what the folder holds before a command runs, as the page around its sample says
PREPARE: dict[str, Callable[[Path], None]] = {
    "hisoutab play --p1 /tmp/cards/typo_field.yaml": _typo_field,
    "hisoutab render --seed 1 -o report.html": _users_report,
    "hisoutab graph phases -o phases.dot": _hand_edited_graph,
    "hisoutab check scenarios/x.yaml": _failing_expectation,
    "hisoutab diff docs/examples/jab_vs_poke.yaml --rulesets hisoutab-0.45.2,hisoutab-draft": _jab_vs_poke,
    **{f"hisoutab explore scenarios/explore/{args}": _explore_scenarios for args in (
        'p2_escapes_the_jab.yaml --goal "damage(P2) >= 1" --depth 1',
        'p1_forces_life_down.yaml --goal "P2.lfe <= 4"', 'p1_forces_life_down.yaml --goal "event: bogus"')},
}


def _run(tmp: Path, command: str) -> str:
    """What ``command`` prints, stdout and stderr as a terminal shows them, run in ``tmp``."""
    args = shlex.split(command.replace("/tmp/", f"{tmp}/"))
    assert args[0] == "hisoutab", command
    with contextlib.chdir(tmp):
        result = CliRunner().invoke(main, args[1:], prog_name="hisoutab", env={"COLUMNS": "200"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.output.replace(f"{tmp}/", "/tmp/")


# --------------------------------------------------------------------------- the samples
@pytest.mark.parametrize(("label", "block"), command_samples(), ids=[s[0] for s in command_samples()])
def test_a_command_sample_is_what_the_command_prints(label: str, block: str, tmp_path: Path) -> None:
    for command, expected in commands(block):
        folder = tmp_path / f"run{len(list(tmp_path.iterdir()))}"
        folder.mkdir()
        PREPARE.get(command, lambda _tmp: None)(folder)
        actual = _run(folder, command)
        assert matches(expected, actual), f"{label}: $ {command}\n--- the page shows:\n" + \
            "\n".join(expected) + "\n--- the command prints:\n" + actual


@pytest.mark.parametrize(("label", "code", "printed"), python_samples(),
                         ids=[s[0] for s in python_samples()])
def test_a_python_sample_prints_what_the_page_shows(label: str, code: str, printed: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, label, "exec"), {"__name__": "__sample__"})
    assert matches(printed.splitlines(), out.getvalue()), f"{label}\n--- the page shows:\n{printed}" \
        f"--- the code prints:\n{out.getvalue()}"


@contextlib.contextmanager
def designer_registries_kept() -> Iterator[None]:
    """What a sample registers (``register_restriction`` … in docs/cards.md) is taken out again
    afterwards: the designer tables of the rulesets' extensions and the vocabulary tables they fill
    are as before, so no later test of this process (the schemas, the sample cards' vocabulary) sees
    a sample's kinds."""
    from hisoutab.games.recast_rift.rules import extensions as rr_ext
    from hisoutab.games.recast_rift.rules import vocabulary as rr_v
    from hisoutab.games.tamashii.rules import extensions as tm_ext
    from hisoutab.games.tamashii.rules import vocabulary as tm_v

    tables = [rr_ext.EFFECTS, rr_ext.TESTS, rr_ext.RESTRICTIONS, rr_ext.MODIFIERS, rr_v.EFFECT_VALUES,
              rr_v.ALLOWED, rr_v.CONDITIONS, rr_v.COUNTED, rr_v.RESTRICTIONS, rr_v.NUMBERS,
              tm_ext.EFFECTS, tm_v.EFFECT_VALUES, tm_v.EFFECT_WORDS]
    kept = [table.copy() for table in tables]
    try:
        yield
    finally:
        for table, before in zip(tables, kept, strict=True):
            table.clear()
            table.update(before)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("label", "code"), python_programs(), ids=[s[0] for s in python_programs()])
def test_a_python_program_of_the_docs_runs(label: str, code: str) -> None:
    try:
        with contextlib.redirect_stdout(io.StringIO()), designer_registries_kept():
            exec(compile(code, label, "exec"), {"__name__": "__sample__"})
    except NameError as exc:
        pytest.skip(f"{label} is a fragment: {exc}")


# --------------------------------------------------------------------------- cards.md's messages
#: the broken copies of miko.yaml of docs/cards.md § Validation messages, in its order: the file's
#: name → (the card whose section is changed, or None for the whole file; the text; its replacement)
BROKEN_MIKO: dict[str, tuple[str | None, str, str]] = {
    "typo_field": ("gohei_jab", "hitstun:", "hitstum:"),
    "bad_effect": ("gohei_jab", "- physical", "- fly"),
    "bad_on_damage": ("purifying_strike", "- spirit_break", "- move: 1"),
    "kw_type": ("quick_jab", "priority: true", "priority: yes please"),
    "bad_range": ("spirit_sign", "GRRR", "GRXR"),
    "physical_no_range": ("spirit_sign", "    range: |\n      GRRR\n", ""),
    "no_hitstun_bullet": ("ofuda_spread", "    hitstun: 2\n", ""),
    "no_duration": ("ofuda_spread", "duration: 2, ", ""),
    "straight_and_trace": ("homing_amulet", "trace: 1}", "trace: 1, straight: 1}"),
    "bad_angle": ("divine_arrow", "angle: [forward]", "angle: [sideways]"),
    "multi_angles": ("persuasion_needle", "angle: [forward, up-forward, down-forward]", "angle: [forward]"),
    "multi_9": ("amulet_storm", "multi: 4", "multi: 9"),
    "field_len": ("barrier_field", "field: [2, 0]", "field: [2]"),
    "sub_in_sub": ("sealing_step", "effects: [dash: 1]",
                   "effects: [dash: 1, sub: {startup: 1, recovery: 1, effects: [dash: 1]}]"),
    "bad_motion_tag": ("dive_motion", 'special: "421"', 'special: "412"'),
    "spell_cost_6": ("spirit_sign", "spell_cost: 3", "spell_cost: 6"),
    "top_only": ("sweep", "    bottom:\n      name: Low Sweep\n      range: |\n        GRR\n"
                          "      effects:\n        - physical\n", ""),
    "two_sided_effects": ("sweep", "    top:\n", "    effects: [physical]\n    top:\n"),
    "deck_standing": (None, "  step: 2\n", "  step: 2\n  guard: 1\n"),
    "special_area_tag": (None, '  "214": barrier_field', '  "215": barrier_field'),
    "area_motion": (None, '  "421": sealing_dive', '  "421": rising_dragon_2'),
    "two_pools": (None, "extra: [hakurei_orb_2,", "extra: [hakurei_orb,"),
    "extra_no_motion": (None, "extra: [hakurei_orb_2,", "extra: [loose,"),
    "spell_deck_9": (None, "great_barrier, amulet_storm]", "great_barrier]"),
    "spell_not_pool": (None, "spell_deck: [fantasy_seal,", "spell_deck: [step,"),
    "spell_twice": (None, "spell_deck: [fantasy_seal, dream_seal,",
                    "spell_deck: [fantasy_seal, fantasy_seal,"),
    "upgrade_no_extra": ("needle_upgrade", "name: Persuasion Needle", "name: Persuading Needle"),
}
LOOSE = "  loose:\n    name: Loose\n    kind: bullet\n    startup: 1\n    recovery: 1\n    damage: 1\n" \
        "    hitstun: 1\n    effects:\n      - bullet: {duration: 1, straight: 1}\n"


def broken_miko(stem: str) -> str:
    """The text of miko.yaml with the change ``BROKEN_MIKO[stem]``."""
    card, old, new = BROKEN_MIKO[stem]
    text = MIKO.read_text(encoding="utf-8")
    if stem == "extra_no_motion":
        text += LOOSE
    start, end = 0, len(text)
    if card is not None:
        start = text.index(f"\n  {card}:\n") + 1
        follows = re.search(r"\n  \S", text[start + 1:])
        end = start + 1 + follows.start() + 1 if follows else len(text)
    section = text[start:end]
    assert old in section, (stem, old)
    return text[:start] + section.replace(old, new, 1) + text[end:]


def test_the_validation_messages_of_cards_md(tmp_path: Path) -> None:
    """docs/cards.md § Validation messages is, line for line, what ``load_character`` says of each
    broken copy of miko.yaml (``/tmp/`` being the test's folder)."""
    from hisoutab.engine.errors import InputError
    from hisoutab.games.hisoutab.v0452.rules.cards import load_character

    page = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    at = page.index("## Validation messages")
    block = BLOCK.search(page, at)
    assert block is not None
    (tmp_path / "cards").mkdir()
    messages = []
    for stem in BROKEN_MIKO:
        path = tmp_path / "cards" / f"{stem}.yaml"
        path.write_text(broken_miko(stem), encoding="utf-8")
        with pytest.raises(InputError) as info:
            load_character(path)
        messages.append(str(info.value).replace(f"{tmp_path}/", "/tmp/"))
    assert block.group("body").splitlines() == messages
