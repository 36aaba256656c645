"""Readable views of the phase-transition graph: an overview with one node per phase, and one phase
drilled down to its steps. Both are drawn from the declarations, as the full graph is.

>>> PhaseOverview("hisoutab-0.45.2")            # doctest: +SKIP
>>> PhaseDetail("hisoutab-0.45.2", "attack")    # doctest: +SKIP
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

import graphviz
import networkx as nx

from hisoutab.engine.errors import InputError

from .drawn import DrawnGraph
from .phases import _node_label, _phase_order, _plain, _resolve, phase_graph

__all__ = ["PhaseDetail", "PhaseOverview", "phase_overview"]

_FONT = "Helvetica"
_FILLS = ("#f4f8fb", "#fbf7ef", "#f2f9f1", "#f9f2f8", "#f7f7f2", "#eef6f8", "#fbf1f0", "#f1f1fa",
          "#f6f6f6")


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def phase_overview(ruleset: Any) -> nx.DiGraph:
    """One node per phase (attributes ``steps``, ``choices``, ``clauses``, ``chance``: the chance
    kinds its steps draw) and an edge from phase A to phase B when a step of A declares a step of B
    next (attribute ``count``: how many such step edges). Edges inside a phase are counted on the
    node (``inner``)."""
    rid, flow = _resolve(ruleset)
    full = phase_graph(flow)
    g = nx.DiGraph(ruleset=rid, start=flow.steps[flow.start].phase if flow.start in flow.steps else "")
    for phase in _phase_order(flow):
        members = [sd for sd in flow.steps.values() if sd.phase == phase]
        if not members:
            continue
        g.add_node(phase, steps=len(members), choices=sum(1 for sd in members if sd.is_choice),
                   clauses=len({c for sd in members for c in sd.clauses}),
                   chance=tuple(sorted({k for sd in members for k in sd.chance})), inner=0)
    counts: Counter[tuple[str, str]] = Counter()
    for a, b in full.edges:
        pa = full.nodes[a].get("phase")
        pb = full.nodes[b].get("phase")
        if pa is None or pb is None:
            continue
        if pa == pb:
            g.nodes[pa]["inner"] += 1
        else:
            counts[(pa, pb)] += 1
    for (a, b), n in sorted(counts.items()):
        g.add_edge(a, b, count=n)
    return g


class PhaseOverview(DrawnGraph):
    """The phases of a ruleset and how play passes between them: a picture that fits on a page.
    Each phase box says how many steps, choices and clauses it holds; each arrow how many declared
    step transitions lead from one phase to the other."""

    def __init__(self, ruleset: Any, *, prefix: str = "o") -> None:
        self.ruleset_id, flow = _resolve(ruleset)
        self.graph = phase_overview(flow)
        g = self.graph
        ids = {p: f"{prefix}{k}" for k, p in enumerate(g.nodes)}
        dot = graphviz.Digraph(name="overview", comment=f"{self.ruleset_id} phase overview")
        dot.attr("graph", rankdir="LR", fontname=_FONT, fontsize="13", labelloc="t", nodesep="0.4",
                 label=f"{self.ruleset_id}: the phases and the transitions between them\n"
                       "arrow: how many declared step transitions lead there")
        dot.attr("node", fontname=_FONT, shape="box", style="rounded,filled", margin="0.15,0.08")
        dot.attr("edge", fontname=_FONT, fontsize="10", color="#555555")
        if g.graph.get("start") in ids:
            dot.node(f"{prefix}start", label="", shape="point", width="0.12")
            dot.edge(f"{prefix}start", ids[g.graph["start"]])
        for k, (phase, d) in enumerate(g.nodes(data=True)):
            lines = [f"<b>{html.escape(phase)}</b>",
                     f'<font point-size="9">{_n(d["steps"], "step")} · {_n(d["choices"], "choice")} · '
                     f'{_n(d["clauses"], "clause")}</font>']
            if d["chance"]:
                lines.append(f'<font point-size="9">chance: {html.escape(", ".join(d["chance"]))}</font>')
            if d["inner"]:
                lines.append(f'<font point-size="9">{_n(d["inner"], "transition")} inside</font>')
            dot.node(ids[phase], label="<" + "<br/>".join(lines) + ">",
                     fillcolor=_FILLS[k % len(_FILLS)], tooltip=_plain(f"phase {phase}"))
        for a, b, d in g.edges(data=True):
            dot.edge(ids[a], ids[b], label=f"×{d['count']}", penwidth=str(1 + min(3, d["count"] / 4)))
        self.dot = dot

    def __repr__(self) -> str:
        return (f"<PhaseOverview {self.ruleset_id}: {self.graph.number_of_nodes()} phases, "
                f"{self.graph.number_of_edges()} transitions between phases>")


class PhaseDetail(DrawnGraph):
    """One phase drilled down: its steps with their clauses and the transitions between them; the
    steps of other phases it leads to or comes from are shown as small boxes named by phase."""

    def __init__(self, ruleset: Any, phase: str, *, prefix: str = "d") -> None:
        self.ruleset_id, flow = _resolve(ruleset)
        phases = _phase_order(flow)
        if phase not in {sd.phase for sd in flow.steps.values()}:
            raise InputError(f"no phase {phase!r} in {self.ruleset_id}; phases: {', '.join(phases)}",
                             field="phase")
        self.phase = phase
        full = phase_graph(flow)
        inside = sorted(n for n, d in full.nodes(data=True) if d.get("phase") == phase)
        self.graph = nx.DiGraph(ruleset=self.ruleset_id, phase=phase)
        ids = {n: f"{prefix}{k}" for k, n in enumerate(inside)}
        dot = graphviz.Digraph(name="phase", comment=f"{self.ruleset_id} phase {phase}")
        dot.attr("graph", rankdir="TB", fontname=_FONT, fontsize="13", labelloc="t", nodesep="0.3",
                 label=f"{self.ruleset_id}: the steps of the {phase} phase\n"
                       "rounded box: automatic step · double octagon: a player chooses · "
                       "grey: another phase")
        dot.attr("node", fontname=_FONT, shape="box", style="rounded,filled", fillcolor="white",
                 margin="0.08,0.04")
        dot.attr("edge", fontname=_FONT, fontsize="8", color="#555555", arrowsize="0.6")
        for n in inside:
            d = full.nodes[n]
            self.graph.add_node(n, **d)
            attrs = {"shape": "doubleoctagon", "style": "filled"} if d["kind"] == "choice" else {}
            dot.node(ids[n], label=_node_label(n, d["clauses"], None),
                     tooltip=_plain(f"{n}: {d['doc']}"), **attrs)
        # the other phases: one box each, naming the steps this phase leads to or comes from
        touching: dict[str, set[str]] = {}
        links: set[tuple[str, str]] = set()
        for a, b, d in sorted(full.edges(data=True)):
            if a in ids and b in ids:
                dot.edge(ids[a], ids[b], label=html.escape(d["when"][:40]) if d["when"] else "",
                         tooltip=_plain(d["when"] or "always"))
                self.graph.add_edge(a, b, **d)
            elif a in ids or b in ids:
                other = b if a in ids else a
                phase_of = str(full.nodes[other].get("phase", "?"))
                touching.setdefault(phase_of, set()).add(other)
                box = f"{prefix}p{phases.index(phase_of) if phase_of in phases else len(phases)}"
                links.add((ids[a], box) if a in ids else (box, ids[b]))
        for other_phase in sorted(touching):
            names = sorted(touching[other_phase])
            shown = ", ".join(names[:4]) + (f" +{len(names) - 4}" if len(names) > 4 else "")
            box = f"{prefix}p{phases.index(other_phase) if other_phase in phases else len(phases)}"
            dot.node(box, label=f"{other_phase} phase\n{shown}", shape="box",
                     style="filled,dashed", fillcolor="#eeeeee", fontsize="9", fontcolor="#555555")
        for a, b in sorted(links):
            dot.edge(a, b, style="dashed", color="#999999")
        self.dot = dot

    def __repr__(self) -> str:
        return (f"<PhaseDetail {self.ruleset_id} {self.phase}: {self.graph.number_of_nodes()} steps, "
                f"{self.graph.number_of_edges()} transitions inside>")
