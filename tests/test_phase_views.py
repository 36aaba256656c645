"""The phase overview (one node per phase) and one phase drilled down, drawn from the declarations."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from hisoutab import InputError, get_ruleset
from hisoutab.cli.main import main
from hisoutab.presentation import PhaseDetail, PhaseOverview, phase_graph, phase_overview

RULESETS = ("hisoutab-0.45.2", "hisoutab-draft")
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")


@pytest.mark.parametrize("rs_id", RULESETS)
def test_the_overview_counts_what_the_declarations_hold(rs_id: str) -> None:
    rs = get_ruleset(rs_id)
    full = phase_graph(rs)
    g = phase_overview(rs)
    phases = {sd.phase for sd in rs.flow.steps.values()}
    assert set(g.nodes) == phases
    assert sum(d["steps"] for _, d in g.nodes(data=True)) == len(rs.flow.steps)
    between = [(a, b) for a, b in full.edges if full.nodes[a]["phase"] != full.nodes[b]["phase"]]
    assert sum(d["count"] for _, _, d in g.edges(data=True)) == len(between)
    assert sum(d["inner"] for _, d in g.nodes(data=True)) == full.number_of_edges() - len(between)
    assert g.graph["start"] == rs.flow.steps[rs.flow.start].phase
    for a, b in between:
        assert g.has_edge(full.nodes[a]["phase"], full.nodes[b]["phase"])
    chance = {k for sd in rs.flow.steps.values() for k in sd.chance}
    assert {k for _, d in g.nodes(data=True) for k in d["chance"]} == chance


@pytest.mark.parametrize("rs_id", RULESETS)
def test_a_phase_drilled_down_holds_its_steps_and_where_they_lead(rs_id: str) -> None:
    rs = get_ruleset(rs_id)
    full = phase_graph(rs)
    for phase in {sd.phase for sd in rs.flow.steps.values()}:
        d = PhaseDetail(rs, phase)
        inside = {n for n, a in full.nodes(data=True) if a["phase"] == phase}
        assert set(d.graph.nodes) == inside
        assert set(d.graph.edges) == {(a, b) for a, b in full.edges if a in inside and b in inside}
        others = {full.nodes[b]["phase"] for a, b in full.edges if a in inside and b not in inside}
        for other in others:
            assert f"{other} phase" in d.source
    with pytest.raises(InputError, match="no phase 'nope'"):
        PhaseDetail(rs, "nope")


@needs_dot
@pytest.mark.parametrize("rs_id", RULESETS)
def test_views_render_and_are_smaller_than_the_full_graph(rs_id: str, tmp_path: Path) -> None:
    for flag in (["--overview"], ["--phase", "setup"]):
        out = tmp_path / f"g{len(flag)}.svg"
        r = CliRunner().invoke(main, ["graph", "phases", "--ruleset", rs_id, *flag, "-o", str(out)])
        assert r.exit_code == 0, r.output
        assert out.read_text().lstrip().startswith(("<?xml", "<svg", "<!--"))
    overview = PhaseOverview(rs_id)
    assert overview.graph.number_of_nodes() < len(get_ruleset(rs_id).flow.steps) / 3
    r = CliRunner().invoke(main, ["graph", "phases", "--overview", "--phase", "setup", "-o",
                                  str(tmp_path / "x.svg")])
    assert r.exit_code == 2 and "either --overview or --phase" in r.output
