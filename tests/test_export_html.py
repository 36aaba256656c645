"""``hisoutab export html``: a scenario's line of play as one self-contained page (the page
builder is hisoutab.presentation.line_page). The conformance suite exports a line of every ruleset;
these tests look at one page closely: links, pictures, escaping, errors, replacing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from hisoutab.cli.main import main
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.presentation import presentation_for
from hisoutab.presentation.line_page import line_page, line_shots, rules_base_for
from hisoutab.scenarios import run_file

ROOT = Path(__file__).resolve().parent.parent
IDLE_GUARD = ROOT / "scenarios" / "hisoutab-0.45.2" / "guard" / "idle_guard.yaml"
BLOCK = ROOT / "scenarios" / "hisoutab-draft" / "attack" / "block.yaml"
MOVE = ROOT / "scenarios" / "hisoutab-0.45.2" / "effects" / "move.yaml"
URL = re.compile(r"""(?:src|href)=["']([^"']+)["']""")


def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def export(scenario: Path, out: Path, *extra: str) -> str:
    res = invoke("export", "html", str(scenario), "-o", str(out), *extra)
    assert res.exit_code == 0, res.output
    assert res.output.strip() == f"wrote {out}"
    return out.read_text(encoding="utf-8")


def test_the_page_holds_the_header_the_log_the_choices_and_the_pictures(tmp_path: Path) -> None:
    text = export(BLOCK, tmp_path / "block.html")
    game = run_file(BLOCK).game
    assert game is not None
    assert text.startswith("<!DOCTYPE html>")
    assert re.search(r'<head><meta name="generator" content="hisoutab sha256=[0-9a-f]{64}">', text)
    assert "<h1>blocking with a defense card</h1>" in text and "HisouTab early draft (hisoutab-draft)" in text
    assert "setup.first_player = p1" in text and "its 10 checkpoint(s) hold" in text
    assert "not over — at a decision the script does not answer" in text
    # every step in the one-line form of `hisoutab run`
    for step in game.history:
        assert f'<li id="step-{step.index}"' in text and step.name in text
    assert '<span class="hs-mark">▶ </span>P2 plays Barrier' in text
    # the choice with the options offered, the chosen one marked
    assert "P2 was offered (defense):" in text
    assert '<span class="hs-opt hs-chosen">▶ block with barrier</span>' in text
    assert '<span class="hs-opt">take the hit</span>' in text
    # one picture each: the start, each choice, each moment, the end
    shots = line_shots(game)
    reasons = [s.reasons for s in shots]
    assert reasons[0] == ("start",) and "end" in reasons[-1]
    assert sum("choice" in r for r in reasons) == sum(1 for s in game.history if s.choice)
    assert any("moment" in r for r in reasons)
    assert text.count("<svg") == len(shots) == 5
    for k in range(1, len(shots) + 1):
        assert f'id="lp{k}-root"' in text
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))
    # the decision pending at the end
    assert "<b>pending</b>: P2 (play): play star_poke" in text


def test_the_cells_a_step_touched_are_highlighted(tmp_path: Path) -> None:
    text = export(MOVE, tmp_path / "move.html")
    assert "highlighted: (2, 0), (2, 1)" in text
    assert text.count('class="highlight"') >= 2  # the picture after the move marks both cells


def test_clauses_link_to_the_rules_page_from_where_the_page_is() -> None:
    rs = get_ruleset("hisoutab-0.45.2")
    assert rules_base_for(ROOT / "page.html", rs) == ""
    assert rules_base_for(ROOT / "notebooks" / "page.html", rs) == "../"
    assert rules_base_for(ROOT / "docs" / "rules" / "x" / "page.html", rs) == "../../../"
    assert rules_base_for(Path("/") / "page.html", rs) is None
    game = run_file(IDLE_GUARD).game
    assert game is not None
    text = line_page(game, title="t", rules_base="../")
    assert ('<a class="hs-clause" href="../docs/rules/hisoutab-0.45.2.md#H-GUARD-1" title="'
            in text)
    assert 'href="../docs/rules/hisoutab-0.45.2.md#readings"' in text  # R-8, a reading
    pres = presentation_for(rs)
    for href in URL.findall(text):
        assert href.startswith(("#pic-", "../docs/rules/")), href
        if href.startswith("../"):
            assert (ROOT / "notebooks" / href.partition("#")[0]).resolve().is_file()
            assert href.removeprefix("../") == pres.clause_url(href.partition("#")[2],
                                                               pres.docs_page()) or "#" in href


def test_outside_the_repository_clauses_carry_their_text(tmp_path: Path) -> None:
    text = export(IDLE_GUARD, tmp_path / "guard.html")
    rs = get_ruleset("hisoutab-0.45.2")
    assert '<abbr class="hs-clause" title="' in text and 'class="hs-clause" href=' not in text
    title = rs.clauses["H-GUARD-1"].replace('"', "&quot;").replace("'", "&#x27;")
    assert f"{title}\">H-GUARD-1</abbr>" in text
    assert all(href.startswith("#pic-") for href in URL.findall(text))
    assert "Hover a clause ID for its text." in text


def test_a_rules_base_makes_absolute_links(tmp_path: Path) -> None:
    text = export(IDLE_GUARD, tmp_path / "guard.html", "--rules-base", "https://example.org/hisoutab")
    outside = [h for h in URL.findall(text) if not h.startswith("#pic-")]
    assert outside and all(h.startswith("https://example.org/hisoutab/docs/rules/hisoutab-0.45.2.md#")
                           for h in outside)
    assert "<img" not in text and "<link" not in text and "<script" not in text


def test_text_from_the_file_is_escaped(tmp_path: Path) -> None:
    evil = tmp_path / "evil.yaml"
    source = IDLE_GUARD.read_text(encoding="utf-8")
    source = re.sub(r"^name: .*$", 'name: "</title><h1>x</h1> & <b>bold</b>"', source, count=1, flags=re.M)
    source = re.sub(r"^description: .*$", 'description: "<script>alert(1)</script>"', source, count=1,
                    flags=re.M)
    evil.write_text(source, encoding="utf-8")
    text = export(evil, tmp_path / "evil.html")
    assert "<script" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "<b>bold</b>" not in text
    assert "&lt;/title&gt;&lt;h1&gt;x&lt;/h1&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in text
    head = re.search(r"<head>.*?<title>(.*?)</title>", text, re.S)
    assert head is not None and head.group(1).startswith("&lt;/title&gt;&lt;h1&gt;")


def test_the_same_scenario_gives_the_same_bytes(tmp_path: Path) -> None:
    a = export(IDLE_GUARD, tmp_path / "a.html").encode()
    b = export(IDLE_GUARD, tmp_path / "b.html").encode()
    assert a == b


def test_without_moments_only_the_start_the_choices_and_the_end(tmp_path: Path) -> None:
    text = export(BLOCK, tmp_path / "block.html", "--no-moments")
    assert text.count("<svg") == 4 and 'data-reasons="moment"' not in text


def test_bad_input_is_one_line_with_exit_code_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\ndescription: y\nscript: 3\n", encoding="utf-8")
    mine = tmp_path / "mine.html"
    mine.write_text("not hisoutab's", encoding="utf-8")
    cases = [
        (("export", "html", str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "m.html")), "no such file"),
        (("export", "html", str(bad), "-o", str(tmp_path / "b.html")), "script"),
        (("export", "html", str(IDLE_GUARD), "-o", str(tmp_path / "x.svg")), "a file ending in .html"),
        (("export", "html", str(IDLE_GUARD), "-o", str(tmp_path / "no" / "x.html")), "does not exist"),
        (("export", "html", str(IDLE_GUARD), "-o", str(mine)), "--force"),
    ]
    for args, fragment in cases:
        res = invoke(*args)
        assert res.exit_code == 2, (args, res.output)
        assert res.output.startswith("hisoutab: ") and len(res.output.strip().splitlines()) == 1, res.output
        assert fragment in res.output, (fragment, res.output)
    assert mine.read_text() == "not hisoutab's"
    export(IDLE_GUARD, mine, "--force")
    export(IDLE_GUARD, mine)  # now it is hisoutab's own page: replaced without --force
