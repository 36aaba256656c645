"""The first meaningful difference between two lines of play (hisoutab.presentation.compare), as
``hisoutab diff`` reports it and the workbench shows it: states, not clause IDs or step names."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hisoutab import Game, RandomAgent
from hisoutab.cli.main import main
from hisoutab.engine.files import written_by_hisoutab
from hisoutab.presentation import presentation_for
from hisoutab.presentation.compare import compare_games, comparison_html, comparison_page, decision_at
from hisoutab.scenarios import diff_scenario, run_file

ROOT = Path(__file__).resolve().parent.parent
IDLE_GUARD = ROOT / "scenarios" / "hisoutab-0.45.2" / "guard" / "idle_guard.yaml"

JAB_VS_POKE = (ROOT / "docs" / "examples" / "jab_vs_poke.yaml").read_text(encoding="utf-8")


@pytest.fixture
def jab(tmp_path: Path) -> Path:
    path = tmp_path / "jab_vs_poke.yaml"
    path.write_text(JAB_VS_POKE, encoding="utf-8")
    return path


def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


# ------------------------------------------------------------------------------ two rulesets
def test_two_rulesets_differ_where_the_states_do_not_at_step_0(jab: Path) -> None:
    """0.45.2 and the draft cite other clauses from step 0 on; their states part at step 14, where
    the draft deals 2 damage at once (a counter hit) and 0.45.2 marks 1 for the settlement."""
    d = diff_scenario(str(jab), "hisoutab-0.45.2", "hisoutab-draft")
    assert d.first_difference == 0  # the step logs: H-TURN-1 against D-TURN-1
    c = d.comparison
    assert c is not None and c.mode == "declared" and not c.same
    assert c.steps == (14, 14)
    assert c.at is not None and c.at[0].step.name == "attack.damage" and c.at[1].step.name == "dmg.counter"
    texts = [ch.text() for ch in c.changes]
    assert "P1 hp 20 vs 18" in texts and "P1 discard [] vs [P1/gohei_jab]" in texts
    # what differed from the start (other cards, P2's 23 HP in the draft) is said once, then counts
    # only when it changes differently: the jab goes back to the hand in 0.45.2, to the discard pile
    # in the draft
    assert "P2 hp 20 vs 23" in [ch.text() for ch in c.start]
    hand = next(ch for ch in c.changes if ch.path == "P1.hand")
    assert hand.baseline and hand.text() == ("P1 hand (already different at the start) unchanged vs "
                                             "−P1/gohei_jab")
    assert not any(ch.path == "P2.hp" for ch in c.changes)
    assert c.headline() == "first difference at step 14"
    assert "after step 14 (P1's attack.damage) in A and after step 14 (P1's dmg.counter) in B" in c.where()
    res = invoke("diff", str(jab), "--rulesets", "hisoutab-0.45.2,hisoutab-draft")
    assert res.exit_code == 1, res.output
    assert "first difference at step 14:" in res.output and "first difference at step 0" not in res.output
    assert "the step logs part at step 0" in res.output and "P1 hp 20 vs 18" in res.output
    assert "at the start A and B already differ" in res.output


def test_the_json_form_keeps_the_old_fields_and_adds_the_comparison(jab: Path) -> None:
    res = invoke("diff", str(jab), "--rulesets", "hisoutab-0.45.2,hisoutab-draft", "--json")
    assert res.exit_code == 1
    data = json.loads(res.output)
    for key in ("file", "a", "b", "same", "first_difference", "step_a", "step_b", "steps", "passed",
                "dropped_options", "failures", "end_differences"):
        assert key in data
    assert data["first_difference"] == 0
    comp = data["comparison"]
    assert comp["compared"] == "declared" and comp["same"] is False
    assert comp["at"]["step_a"] == comp["at"]["step_b"] == 14 and comp["at"]["decisions"] == [2, 2]
    paths = {ch["path"]: ch for ch in comp["at"]["changes"]}
    assert paths["P1.hp"]["a"] == 20 and paths["P1.hp"]["b"] == 18
    assert paths["P1.hand"]["baseline"] is True and "a_start" in paths["P1.hand"]
    assert {ch["path"] for ch in comp["start"]} >= {"P2.hp", "P1.hand"}
    # B is A's line mapped by the draft's vocabulary: its cancel window is answered "no cancel"
    # and it goes on to the next decision both rulesets ask
    assert comp["end"]["step_a"] == 16 and comp["end"]["step_b"] == 24
    assert "all 2 choices replayed; 'cancel' (asked only in hisoutab-draft) answered with 'no cancel'" \
        in data["mapping"]
    assert comp["logs_part"] == 0 and data["statement"] == comp["text"]


# ------------------------------------------------------------------------------ two option sets
def test_an_option_whose_states_part_later_than_its_words(jab: Path) -> None:
    """``initiative.pass_to_act_first = false`` rewords step 9 (who resolves first) but changes the
    state only at step 13, where the attacked player's marker is marked."""
    d = diff_scenario(str(jab), "hisoutab-0.45.2", "hisoutab-0.45.2",
                      options_b={"initiative.pass_to_act_first": False})
    assert d.first_difference == 9
    c = d.comparison
    assert c is not None and c.mode == "state"
    assert c.steps == (13, 13) and not c.start
    assert {ch.path for ch in c.changes} == {"P1.marker_mark", "P2.marker_mark"}
    res = invoke("diff", str(jab), "--options-b", "initiative.pass_to_act_first=false")
    assert res.exit_code == 1
    assert "first difference at step 13:" in res.output and "the step logs part at step 9" in res.output


def test_a_guard_cost_differs_at_the_guard() -> None:
    d = diff_scenario(str(IDLE_GUARD), "hisoutab-0.45.2", "hisoutab-0.45.2", {}, {"guard.spirit_cost": 3})
    c = d.comparison
    assert c is not None and c.steps == (7, 7)
    [change] = c.changes
    assert change.path == "P2.spirit" and change.text() == ("P2 spirit [up, up, up, up, down] vs "
                                                            "[up, up, down, down, down]")
    assert c.finding().startswith("First difference at step 7: after step 7 (P2's attack.guard) in both")


def test_the_same_line_twice_is_no_difference() -> None:
    d = diff_scenario(str(IDLE_GUARD), "hisoutab-0.45.2", "hisoutab-0.45.2")
    assert d.same and d.comparison is not None and d.comparison.same
    assert d.comparison.finding() == ("No meaningful difference: A and B pass through the same points in "
                                      "the same order.")


def test_a_line_that_ends_while_the_other_goes_on() -> None:
    game = Game("hisoutab-0.45.2", seed=2)
    game.run(until="end", agents=RandomAgent(2), max_steps=40)
    longer = Game("hisoutab-0.45.2", seed=2)
    longer.run(until="end", agents=RandomAgent(2), max_steps=60)
    shorter = compare_games(game, longer, ends="shorter")
    assert shorter.same and shorter.went_on[1] > 0 and "goes on" in shorter.finding()
    both = compare_games(game, longer)
    assert not both.same and both.ended == "A" and "A's line ends" in both.where()


def test_what_a_presentation_adds_is_compared(jab: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A presentation shapes the comparison with ``comparable(ctx, state)``: here the spirit each
    player has left, a gauge in 0.45.2 and a number in the draft."""
    from hisoutab.engine.ruleset import get_ruleset

    def spirit(ctx: Any, state: Any) -> dict[str, Any]:
        out = {}
        for p in state.players:
            value = p.spirit if isinstance(p.spirit, int) else sum(1 for s in p.spirit if s == "up")
            out[f"{p.name}.spirit left"] = value
        out["state type"] = type(state).__module__  # differs from the start: said once
        return out

    for rid in ("hisoutab-0.45.2", "hisoutab-draft"):
        monkeypatch.setattr(presentation_for(get_ruleset(rid)), "comparable", spirit, raising=False)
    c = diff_scenario(str(jab), "hisoutab-0.45.2", "hisoutab-draft").comparison
    assert c is not None and "what both presentations compare" in c.compared
    assert c.steps == (14, 14) and not any("spirit" in ch.path for ch in c.changes)
    assert "state type" in [ch.path for ch in c.start]
    d = diff_scenario(str(jab), "hisoutab-0.45.2", "hisoutab-draft")
    a, b = (r.game for r in d.results)
    assert a is not None and b is not None
    assert compare_games(a, b).end_changes == c.end_changes
    alone = run_file(jab, ruleset="hisoutab-0.45.2", golden=False, lenient=True).game
    assert alone is not None and [s.line() for s in alone.history] == [s.line() for s in a.history]


# ------------------------------------------------------------------------------ pictures
def test_the_diff_page_shows_both_sides_at_the_difference_and_at_the_end(tmp_path: Path) -> None:
    out = tmp_path / "diff.html"
    res = invoke("diff", str(IDLE_GUARD), "--options-b", "guard.spirit_cost=3", "-o", str(out))
    assert res.exit_code == 1 and f"wrote {out}" in res.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and written_by_hisoutab(out)
    assert text.count("<svg") == 4 and text.count("<figure") == 4
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))
    assert "First difference at step 7" in text and "P2 spirit" in text
    assert not re.findall(r"""(?:src|href)=["']https?:""", text)
    # its own page is replaced without --force; another file is not
    again = invoke("diff", str(IDLE_GUARD), "--options-b", "guard.spirit_cost=3", "-o", str(out))
    assert again.exit_code == 1
    other = tmp_path / "mine.html"
    other.write_text("mine", encoding="utf-8")
    res = invoke("diff", str(IDLE_GUARD), "-o", str(other))
    assert res.exit_code == 2 and "--force" in res.output and other.read_text() == "mine"
    res = invoke("diff", str(IDLE_GUARD), "-o", str(tmp_path / "x.svg"))
    assert res.exit_code == 2 and res.output.startswith("hisoutab: ") and len(res.output.splitlines()) == 1


def test_the_page_escapes_what_comes_from_the_file(tmp_path: Path) -> None:
    evil = tmp_path / "evil.yaml"
    evil.write_text(JAB_VS_POKE.replace("name: a jab against a star poke",
                                        "name: \"<script>alert(1)</script> & co\""), encoding="utf-8")
    d = diff_scenario(str(evil), "hisoutab-0.45.2", "hisoutab-draft")
    assert d.comparison is not None
    page = comparison_page(d.comparison, title=f"<script>{d.file}</script>", notes=["<i>note</i>"])
    assert "<script" not in page and "&lt;script&gt;" in page and "&lt;i&gt;note&lt;/i&gt;" in page
    assert comparison_html(d.comparison) == comparison_html(d.comparison)  # the same bytes


def test_decision_at_is_the_pending_decision() -> None:
    game = Game("hisoutab-0.45.2", seed=1)
    game.run(until="decision")
    assert decision_at(game.ruleset, game.ctx, game.state) == game.pending
    assert decision_at(game.ruleset, game.ctx, game.history[0].before) is None


# ------------------------------------------------------------------------------ the workbench
def test_the_workbench_states_the_difference_of_a_rerun() -> None:
    pytest.importorskip("ipywidgets")
    from hisoutab.widgets import Workbench

    game = Game("hisoutab-0.45.2", seed=0, options={"setup.mulligan": "none"})
    game.run(until="end", agents=RandomAgent(0), max_steps=600)
    wb = Workbench(game)
    assert wb.o_compare.value == "" and wb.last_comparison is None
    wb.rerun_with_option("guard.spirit_cost", 3)
    c = wb.last_comparison
    assert c is not None and c.names == ("guard.spirit_cost=1", "guard.spirit_cost=3")
    assert c.finding() in re.sub(r"&#x27;", "'", wb.o_msg.value)
    assert not c.same and c.changes and "spirit" in c.changes[0].path
    assert wb.o_compare.value.count("<svg") >= 2 and "hs-cmp-pair" in wb.o_compare.value
    assert wb.b_compare_hide.layout.display == ""
    wb.b_compare_hide.click()
    assert wb.o_compare.value == "" and wb.last_comparison is None
    wb.switch("main")
    wb.rerun_with_option("knockdown.may_wait", True)
    assert wb.last_comparison is not None and wb.last_comparison.same
    assert "No meaningful difference" in wb.o_msg.value
    wb.switch("main")
    wb.r_name.value = "hisoutab-draft"
    wb.b_rerun_ruleset.click()
    c = wb.last_comparison
    assert c is not None and c.names == ("here", "there")
    assert c.labels == ("hisoutab-0.45.2", "hisoutab-draft")
    assert "hs-compare-difference" in wb.compare_view.value and wb.o_compare.value.count("<svg") >= 2


# ------------------------------------------------------------------------------ diff's own input
@pytest.mark.parametrize("args, flag", [
    (("--options-a", "bogus=1", "--options-b", "bogus=2"), "--options-a"),
    (("--options-b", "turn.allow_wait=banana"), "--options-b"),
    (("--options-a", "guard.spirit_cost=[1"), "--options-a"),
    (("--rulesets", "hisoutab-0.45.2,hisoutab-draft", "--options-b", "guard.spirit_cost=2"),
     "--options-b"),  # an option of A's ruleset that B's does not declare
    (("--rulesets", "hisoutab-0.45.2,nope"), "--rulesets"),
])
def test_diff_refuses_invalid_options_in_one_line(args: tuple[str, ...], flag: str) -> None:
    res = CliRunner().invoke(main, ["diff", str(IDLE_GUARD), *args])
    assert res.exit_code == 2
    [line] = res.output.splitlines()
    assert line.startswith(f"hisoutab: {flag}") and str(IDLE_GUARD) not in line
    assert "identical" not in res.output


def test_a_long_value_is_never_cut_identically_on_both_sides() -> None:
    from hisoutab.presentation.compare import Change

    a = [{"card": "P1/hand_card", "text": "x" * 150, "n": 1}]
    b = [{"card": "P1/hand_card", "text": "x" * 150, "n": 2}]
    text = Change("stack", a, b).text()
    left, right = text.removeprefix("stack ").split(" vs ")
    assert left != right and '"n": 1' in left and '"n": 2' in right
    assert len(left) < 200


def test_expectations_another_ruleset_cannot_read_are_left_out_of_its_run() -> None:
    """A diff checks nothing: the draft cannot read 0.45.2's clause IDs, so its run leaves the
    expectations out (and says so) instead of not loading."""
    path = ROOT / "scenarios" / "hisoutab-0.45.2" / "setup" / "standard_setup.yaml"
    d = diff_scenario(str(path), "hisoutab-0.45.2", "hisoutab-draft")
    ra, rb = d.results
    assert ra.game is not None and rb.game is not None and d.comparison is not None
    assert ra.scenario is not None and not ra.scenario.dropped_expect
    assert rb.scenario is not None and "H-SETUP-1" in rb.scenario.dropped_expect
    assert "H-SETUP-1" in d.to_dict()["dropped_expect"][1]
    with pytest.raises(Exception, match="H-SETUP-1"):
        from hisoutab.scenarios import load_scenario
        load_scenario(path, ruleset="hisoutab-draft")


def _loadable(path: Path, rid: str) -> bool:
    from hisoutab.engine.errors import InputError
    from hisoutab.scenarios import load_scenario

    try:
        sc = load_scenario(path, ruleset=rid, lenient=True)
    except InputError:
        return False
    return sc.refused is None  # a refused: scenario runs nothing to compare


def test_the_cross_version_diff_runs_on_every_scenario_both_versions_load() -> None:
    """Every shipped HisouTab scenario that both versions can load compares without an error;
    the others set up state only one version has (cast, bullet_area, trigger…)."""
    from hisoutab.scenarios import find_scenarios

    both = 0
    for folder, a, b in (("hisoutab-0.45.2", "hisoutab-0.45.2", "hisoutab-draft"),
                         ("hisoutab-draft", "hisoutab-draft", "hisoutab-0.45.2")):
        for path in find_scenarios([str(ROOT / "scenarios" / folder)]):
            if not _loadable(path, b):
                continue
            both += 1
            d = diff_scenario(str(path), a, b)
            assert d.comparison is not None, path
            for r in d.results:
                assert r.game is not None and r.stopped != "error while running", (path, r.failures)
                assert not any("internal error" in str(f) for f in r.failures), (path, r.failures)
            assert d.comparison.text()
    assert both >= 15


# ------------------------------------------------------------------------------ re-running a line
def _line(rid: str, seed: int, steps: int = 150) -> Game:
    game = Game(rid, seed=seed)
    game.run(until="end", agents=RandomAgent(seed), max_steps=steps)
    return game


def test_a_0452_line_under_the_draft_maps_setup_and_parts_at_a_card_it_lacks() -> None:
    """The draft asks for skill versions first, has no mulligan and draws the first player: the
    re-run answers and passes over those (and says so), carries the first-player choice as the
    draft's option, and parts where a card played in 0.45.2 is not in the draft's hand."""
    from hisoutab.presentation.rerun import rerun_under

    game = _line("hisoutab-0.45.2", 0)
    first = next(s for s in game.history if s.choice and "goes first" in next(iter(s.choice.values())))
    r = rerun_under(game, "hisoutab-draft")
    assert r.game.ruleset.id == "hisoutab-draft"
    assert "diverged at choice 1 " not in r.report and "diverged at choice 3 of" in r.parted
    assert "is not offered there (play;" in r.parted
    assert "'skill' (asked only in hisoutab-draft) answered with the first option" in r.report
    assert "1 'mulligan' choice(s) passed over" in r.report
    wanted = "p1" if next(iter(first.choice.values())).startswith("P1") else "p2"
    assert r.game.options["setup.first_player"] == wanted
    skills = [s for s in r.game.history if s.choice and "take" in next(iter(s.choice.values()))]
    assert len(skills) == 4


def test_a_draft_line_under_0452_answers_what_only_0452_asks() -> None:
    from hisoutab.presentation.rerun import rerun_under

    r = rerun_under(_line("hisoutab-draft", 0), "hisoutab-0.45.2")
    assert "4 'skill' choice(s) passed over" in r.report
    assert "'mulligan' (asked only in hisoutab-0.45.2) answered with 'keep all'" in r.report
    kept = [s for s in r.game.history if s.choice and s.choice.get("P1") == "keep all"]
    assert kept and r.parted.startswith("diverged at choice 5 of")


def test_a_choice_with_no_counterpart_parts_the_lines_and_says_why() -> None:
    """A cancel in the draft has no counterpart in 0.45.2 (only 'no cancel' passes over)."""
    from hisoutab.presentation.rerun import Vocabulary, replay

    game = _line("hisoutab-draft", 0, 400)
    cancels = [s for s in game.history
               if s.choice and any(c.startswith("cancel with") for c in s.choice.values())]
    assert cancels
    vocab = Vocabulary("hisoutab-draft", "hisoutab-0.45.2",
                       not_here={"cancel": {"passes": ["no cancel"], "why": "no cancel window"}})
    r = replay(Game("hisoutab-0.45.2", seed=0), cancels[:1], vocab=vocab, kind_of=lambda s: "cancel")
    assert r.parted.endswith("has no counterpart in hisoutab-0.45.2: no cancel window")


def test_a_ruleset_that_shares_no_vocabulary_is_refused() -> None:
    from hisoutab.engine.errors import InputError
    from hisoutab.presentation.rerun import rerun_under, vocabulary

    with pytest.raises(InputError, match=r"hisoutab-0\.45\.2 shares no vocabulary with recast-rift"):
        rerun_under(_line("recast-rift", 0, 40), "hisoutab-0.45.2")
    with pytest.raises(InputError, match="recast-rift shares no vocabulary with hisoutab-draft"):
        vocabulary("hisoutab-draft", "recast-rift")
    assert vocabulary("recast-rift", "recast-rift").target == "recast-rift"


def test_the_workbench_refuses_a_rerun_under_a_foreign_ruleset() -> None:
    pytest.importorskip("ipywidgets")
    from hisoutab.widgets import Workbench

    wb = Workbench(_line("recast-rift", 0, 40))
    assert wb.rerun_with_ruleset("hisoutab-0.45.2") is None
    assert "shares no vocabulary" in wb.o_msg.value and "hisoutab-0.45.2" not in wb.compared
    assert wb.last_comparison is None


# ------------------------------------------------------------------------------ the docs' example
def test_the_docs_diff_example_exists_and_prints_what_the_docs_show(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/scenarios.md shows `hisoutab diff docs/examples/jab_vs_poke.yaml …`: the file is
    there, and every line the docs print (bar the elisions) is in what the command prints."""
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    block = re.search(r"```\n\$ hisoutab diff (docs/examples/\S+) (.*?)\n(.*?)```", doc, re.S)
    assert block is not None
    example = ROOT / block.group(1)
    assert example.is_file()
    monkeypatch.chdir(ROOT)
    res = invoke("diff", block.group(1), *block.group(2).split())
    assert res.exit_code == 1
    shown = [line for line in block.group(3).splitlines() if line.strip() and line.strip() != "..."]
    assert len(shown) >= 10
    for line in shown:
        assert line in res.output.splitlines(), line


def test_every_declared_vocabulary_reads_and_names_registered_rulesets() -> None:
    """Each ``compatible_with`` of a registered ruleset names another registered ruleset, uses only
    the known keys, and its options (``as_options``) resolve under the declaring ruleset."""
    from hisoutab.engine.ruleset import all_rulesets, get_ruleset
    from hisoutab.presentation.rerun import vocabulary

    declared = 0
    for rid in all_rulesets():
        rs = get_ruleset(rid)
        for source in getattr(rs, "compatible_with", {}):
            assert source in all_rulesets() and source != rid
            v = vocabulary(source, rid)
            for table in v.as_options.values():
                for options in table.values():
                    rs.options.resolve(dict(options))
            assert not set(v.not_here) & set(v.kinds), "a kind passed over is not also renamed"
            declared += 1
    assert declared >= 2


def test_the_decisions_only_one_side_asks_are_not_compared() -> None:
    from hisoutab.presentation.rerun import rerun_under

    game = _line("hisoutab-0.45.2", 0)
    r = rerun_under(game, "hisoutab-draft")
    assert r.vocab is not None and "skill" in r.vocab.own[1] and "mulligan" in r.vocab.own[0]
    plain = compare_games(game, r.game)
    mapped = compare_games(game, r.game, own=r.vocab.own)
    # compared plainly, the draft's skill choice is "the first difference" at its first step;
    # leaving it out, the lines part where the states do (the draft deals its skill cards before
    # it sets the markers)
    assert plain.steps == (0, 0) and [ch.path for ch in plain.changes] == ["decides"]
    assert mapped.steps == (2, 1) and not any(ch.path == "decides" for ch in mapped.changes)
    assert {"P1.marker", "P1.hand"} <= {ch.path for ch in mapped.changes}


def test_a_malformed_vocabulary_is_refused_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    from hisoutab.engine.errors import InputError
    from hisoutab.engine.ruleset import get_ruleset
    from hisoutab.presentation.rerun import vocabulary

    draft = get_ruleset("hisoutab-draft")
    monkeypatch.setattr(draft, "compatible_with", {"hisoutab-0.45.2": {"kinds": ["fire"]}})
    with pytest.raises(InputError, match=r"\.kinds: expected a mapping, got list"):
        vocabulary("hisoutab-0.45.2", draft)
    monkeypatch.setattr(draft, "compatible_with", {"hisoutab-0.45.2": {"words": {}}})
    with pytest.raises(InputError, match="unknown: words"):
        vocabulary("hisoutab-0.45.2", draft)
