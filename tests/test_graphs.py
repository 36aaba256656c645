"""The phase-transition graph is drawn from the declared steps, and play never leaves it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import networkx as nx
import pytest

from hisoutab import Game, RandomAgent, get_ruleset
from hisoutab.engine.errors import InputError
from hisoutab.engine.files import mark
from hisoutab.presentation import PhaseGraph, draw_phase_graph, phase_graph, transitions, visits

RULESET = "hisoutab-0.45.2"
SEEDS = range(30)
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz `dot` is not installed")


@pytest.fixture(scope="module")
def ruleset():
    return get_ruleset(RULESET)


@pytest.fixture(scope="module")
def graph(ruleset):
    return phase_graph(ruleset)


@pytest.fixture(scope="module")
def games():
    """Thirty seeded random games played to the end: (seed, list of step names)."""
    out = []
    for s in SEEDS:
        g = Game(RULESET, seed=s)
        g.run(until="end", agents=RandomAgent(s))
        assert g.over, f"seed {s}: the game did not end"
        out.append((s, [step.name for step in g.history]))
    return out


def declared_edges(flow):
    return [(sd.name, e.to, e.when) for sd in flow.steps.values() for e in sd.next]


def node_lines(source):
    """DOT node statements: id -> attribute text (edge statements excluded)."""
    out = {}
    for line in source.splitlines():
        m = re.match(r"\s*(n\d+) \[(.*)\]$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def edge_lines(source):
    """DOT edge statements: (from id, to id) -> list of attribute texts."""
    out: dict[tuple[str, str], list[str]] = {}
    for line in source.splitlines():
        m = re.match(r"\s*(n\w+) -> (n\w+)(?: \[(.*)\])?$", line)
        if m:
            out.setdefault((m.group(1), m.group(2)), []).append(m.group(3) or "")
    return out


def ids_of(flow, prefix="n"):
    return {name: f"{prefix}{k}" for k, name in enumerate(sorted(flow.steps))}


# ------------------------------------------------------------------ structure
def test_nodes_are_exactly_the_declared_steps(ruleset, graph):
    flow = ruleset.flow
    assert set(graph.nodes) == set(flow.steps)
    for name, sd in flow.steps.items():
        data = graph.nodes[name]
        assert data["phase"] == sd.phase
        assert data["clauses"] == tuple(sd.clauses)
        assert isinstance(data["clauses"], tuple)
        assert data["kind"] == ("choice" if sd.is_choice else "auto")
        assert data["doc"] == sd.doc
    assert graph.graph["start"] == flow.start == "setup.hp"
    assert graph.graph["ruleset"] == RULESET


def test_edges_are_exactly_the_declared_edges(ruleset, graph):
    declared = declared_edges(ruleset.flow)
    pairs = [(a, b) for a, b, _ in declared]
    assert len(pairs) == len(set(pairs)), "a step declares the same target twice"
    assert set(graph.edges) == set(pairs)
    assert graph.number_of_edges() == len(declared)
    for a, b, when in declared:
        assert graph.edges[a, b]["when"] == when


def test_every_edge_target_is_a_declared_step(ruleset, graph):
    assert ruleset.flow.check() == []
    for a, b in graph.edges:
        assert b in ruleset.flow.steps, f"{a} -> {b}: no such step"


def test_every_step_is_reachable_from_the_start(graph):
    reachable = nx.descendants(graph, graph.graph["start"]) | {graph.graph["start"]}
    assert sorted(set(graph.nodes) - reachable) == []


def test_only_the_end_step_is_terminal(graph):
    assert [n for n in graph.nodes if graph.out_degree(n) == 0] == ["game.over"]


def test_clause_ids_are_known(ruleset, graph):
    """Every cited ID is a rules clause (H-*), a reading (R-*) or a rule option's reading (S-*)."""
    known = set(ruleset.clauses) | set(getattr(ruleset, "readings", {}))
    known |= {o.reading for o in ruleset.options.declared}
    unknown = sorted({c for n in graph.nodes for c in graph.nodes[n]["clauses"]} - known)
    assert unknown == []


def test_visits_and_transitions_count():
    names = ["a", "b", "a", "b", "c"]
    assert visits(names) == Counter({"a": 2, "b": 2, "c": 1})
    assert transitions(names) == Counter({("a", "b"): 2, ("b", "a"): 1, ("b", "c"): 1})
    assert transitions(["a"]) == Counter()
    assert visits([]) == Counter()


# ------------------------------------------------------------------ THE KEY TEST
def test_every_transition_in_play_is_a_declared_edge(graph, games):
    undeclared: Counter = Counter()
    taken: Counter = Counter()
    for seed, names in games:
        assert names[0] == graph.graph["start"], f"seed {seed}: does not begin at the start step"
        assert names[-1] == "game.over", f"seed {seed}: does not end at game.over"
        t = transitions(names)
        taken.update(t)
        for pair, n in t.items():
            if not graph.has_edge(*pair):
                undeclared[(seed, *pair)] += n
    assert not undeclared, f"transitions that are not declared edges: {dict(undeclared)}"
    # the games exercise the graph broadly (not a vacuous pass)
    assert len(taken) >= 40
    assert sum(taken.values()) > 10_000


def test_guard_crush_games_stay_on_declared_edges_and_cover_every_step(graph, games):
    """Random agents at the default guard cost never run out of spirit, so guard crush, knockdown
    and the gauge dice never happen in the 30 games; a guard cost above the gauge forces them. These
    games too take only declared edges, and together the two sets visit every declared step."""
    seen = Counter()
    for _, names in games:
        seen.update(visits(names))
    for s in range(10):
        g = Game(RULESET, seed=s, options={"guard.spirit_cost": 6})
        g.run(until="end", agents=RandomAgent(s))
        assert g.over
        undeclared = [p for p in transitions(g.history) if not graph.has_edge(*p)]
        assert undeclared == [], f"seed {s}: {undeclared}"
        seen.update(visits(g.history))
    assert sorted(n for n in graph.nodes if not seen[n]) == []


def test_history_steps_match_their_declarations(graph, games):
    g = Game(RULESET, seed=0)
    g.run(until="end", agents=RandomAgent(0))
    for step in g.history:
        assert step.phase == graph.nodes[step.name]["phase"]
        assert set(step.clauses) <= set(graph.nodes[step.name]["clauses"]), step
    assert visits(g.history) == visits(games[0][1])


# ------------------------------------------------------------------ drawing
def test_a_cluster_per_phase_with_steps(ruleset, graph):
    src = draw_phase_graph(ruleset).source
    phases_with_steps = {graph.nodes[n]["phase"] for n in graph.nodes}
    for phase in ruleset.flow.phases:
        has = re.search(r"subgraph \"?cluster_" + re.escape(phase) + r"\"? \{", src) is not None
        assert has == (phase in phases_with_steps), phase
        if phase in phases_with_steps:
            assert re.search(r"label=\"?" + re.escape(phase) + r"\"?\s", src), phase


def test_nodes_have_opaque_ids_names_and_every_clause(ruleset):
    flow = ruleset.flow
    src = draw_phase_graph(ruleset).source
    nodes = node_lines(src)
    ids = ids_of(flow)
    assert set(nodes) == set(ids.values())
    for name, nid in ids.items():
        attrs = nodes[nid]
        assert f"<b>{name}</b>" in attrs
        for clause in flow.steps[name].clauses:
            assert clause in attrs, (name, clause)
        is_choice = "doubleoctagon" in attrs
        assert is_choice == flow.steps[name].is_choice, name
    assert ":" not in "".join(ids.values())


def test_prefix_changes_the_ids(ruleset):
    src = draw_phase_graph(ruleset, prefix="q").source
    assert re.search(r"^\s*q0 \[", src, re.M)
    assert not re.search(r"^\s*n\d+ \[", src, re.M)


def test_edges_are_drawn_with_their_condition(ruleset, graph):
    ids = ids_of(ruleset.flow)
    edges = edge_lines(draw_phase_graph(ruleset).source)
    drawn = {k: v for k, v in edges.items() if k[0] != "nstart"}
    assert set(drawn) == {(ids[a], ids[b]) for a, b in graph.edges}
    assert all(len(v) == 1 for v in drawn.values())
    for a, b in graph.edges:
        attrs = drawn[ids[a], ids[b]][0]
        when = graph.edges[a, b]["when"]
        if when:
            assert "label=<" in attrs
            assert when.split()[0] in attrs  # shortened, but starts the same
    assert ("nstart", ids["setup.hp"]) in edges


def test_path_highlights_exactly_the_visited_nodes_and_edges(ruleset, games):
    flow = ruleset.flow
    ids = ids_of(flow)
    _, names = min(games, key=lambda g: len(set(g[1])))
    src = draw_phase_graph(ruleset, path=names).source
    red = "#c0392b"
    highlighted = {nid for nid, attrs in node_lines(src).items() if red in attrs}
    assert highlighted == {ids[n] for n in set(names)}
    assert highlighted != set(ids.values())  # not everything: the test means something
    pairs = {(ids[a], ids[b]) for a, b in transitions(names)}
    red_edges = {k for k, v in edge_lines(src).items() if any(red in a for a in v)}
    assert red_edges == pairs
    assert "undeclared" not in src


def test_an_undeclared_transition_is_shown_not_hidden(ruleset):
    ids = ids_of(ruleset.flow)
    src = draw_phase_graph(ruleset, path=["setup.hp", "game.over"]).source
    edges = edge_lines(src)
    assert any("undeclared" in a and "dashed" in a for a in edges[ids["setup.hp"], ids["game.over"]])
    with pytest.raises(ValueError, match=r"no\.such"):
        draw_phase_graph(ruleset, path=["setup.hp", "no.such"])
    with pytest.raises(ValueError, match="nope"):
        draw_phase_graph(ruleset, counts={"nope": 1})


def test_counts_colour_visited_and_unvisited_steps(ruleset, games):
    flow = ruleset.flow
    ids = ids_of(flow)
    counts = visits(games[0][1])
    src = draw_phase_graph(ruleset, counts=counts).source
    nodes = node_lines(src)
    for name, nid in ids.items():
        attrs = nodes[nid]
        fill = re.search(r'fillcolor="(#[0-9a-f]{6})"', attrs).group(1)
        if counts[name]:
            assert "dashed" not in attrs, name
            assert f"×{counts[name]}<" in attrs
            assert fill not in ("#ffffff", "#e6e6e6"), name
        else:
            assert "dashed" in attrs, name
            assert fill == "#e6e6e6"
            assert "×0<" in attrs
    # more visits, deeper colour (darker = smaller red channel)
    most = max(counts, key=counts.get)
    least = min((n for n in counts if counts[n]), key=counts.get)
    red_of = {n: int(re.search(r'fillcolor="#([0-9a-f]{2})', nodes[ids[n]]).group(1), 16) for n in counts}
    assert red_of[most] < red_of[least]
    # one empty count everywhere: every node unvisited
    empty = node_lines(draw_phase_graph(ruleset, counts={}).source)
    assert all("dashed" in a for a in empty.values())


def test_same_input_gives_the_same_dot(ruleset, games):
    names = games[1][1]
    a = draw_phase_graph(ruleset, path=names, counts=visits(names)).source
    b = draw_phase_graph(RULESET, path=list(names), counts=dict(sorted(visits(names).items()))).source
    assert a == b
    assert PhaseGraph(ruleset).source == PhaseGraph(RULESET).source == draw_phase_graph(ruleset).source


@needs_dot
def test_renders_to_valid_svg(ruleset, games, tmp_path):
    pg = PhaseGraph(ruleset, path=games[0][1], counts=visits(games[0][1]))
    svg = pg._repr_svg_()
    assert isinstance(svg, str)
    root = ET.fromstring(svg.split("?>", 1)[-1] if svg.startswith("<?xml") else svg)
    assert root.tag.endswith("svg")
    text = "".join(root.itertext())
    for name in ruleset.flow.steps:
        assert name in text
    out = pg.save(tmp_path / "phases.svg")
    ET.parse(out)
    dot = pg.save(tmp_path / "phases.dot")
    assert dot.read_text(encoding="utf-8") == mark(pg.source, ".dot")
    with pytest.raises(InputError, match=r"expected a \.svg, \.png, \.pdf, \.dot or \.gv file"):
        pg.save(tmp_path / "phases.txt")


def test_phase_graph_wrapper(ruleset):
    pg = PhaseGraph(ruleset)
    n, e = len(ruleset.flow.steps), sum(len(sd.next) for sd in ruleset.flow.steps.values())
    assert repr(pg) == f"<PhaseGraph {RULESET}: {n} steps, {e} edges>"
    assert repr(pg) == repr(PhaseGraph(RULESET))
    assert pg.source.startswith("// ")
    g = Game(RULESET, seed=3)
    g.run(until="turn", agents=RandomAgent(3))
    covered = PhaseGraph.from_game(g)
    assert repr(covered).startswith(f"<PhaseGraph {RULESET}: {n} steps, {e} edges, path of ")
    assert covered.path == tuple(s.name for s in g.history)


def test_no_jupyter_import():
    code = ("import sys, hisoutab.presentation; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('IPython', 'ipywidgets', 'ipykernel', 'jupyterlab', 'jupyter_client', 'notebook')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
