"""The phase-transition graph of a ruleset, drawn only from its declared steps and edges.

Every node is a step declared on the ruleset's :class:`~hisoutab.engine.flow.Flow` and every edge one of
its declared :class:`~hisoutab.engine.flow.Edge` s; nothing is drawn by hand. :func:`phase_graph` gives
the structure as a ``networkx.DiGraph``; :func:`draw_phase_graph` draws it with Graphviz (one cluster per
phase), optionally highlighting the path a game took or colouring steps by how often they ran (the
clause-coverage view); :class:`PhaseGraph` wraps the drawing for notebooks and files.

Graphviz treats ``:`` in node names as a port separator, so nodes get opaque ids (``n0``, ``n1``, …) and
the step name goes in the label. Iteration is sorted everywhere, so the same input gives the same DOT.
No Jupyter package is imported here: ``_repr_svg_`` is a plain method.
"""

from __future__ import annotations

import html
import itertools
import math
import textwrap
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import graphviz
import networkx as nx

from hisoutab.engine.flow import Flow

from .drawn import DrawnGraph

__all__ = ["PhaseGraph", "draw_phase_graph", "phase_graph", "transitions", "visits"]

# colours
_PATH = "#c0392b"  # highlighted path: nodes' border and edges
_EDGE = "#555555"
_EDGE_DIM = "#b8b8b8"  # other edges while a path is highlighted
_UNVISITED_FILL = "#e6e6e6"
_UNVISITED_TEXT = "#8a8a8a"
_SCALE_LOW = (255, 255, 255)  # counts scale: white …
_SCALE_HIGH = (33, 102, 172)  # … to blue
_PHASE_FILLS = ("#f4f8fb", "#fbf7ef", "#f2f9f1", "#f9f2f8", "#f7f7f2", "#eef6f8", "#fbf1f0", "#f1f1fa",
                "#f6f6f6")
_FONT = "Helvetica"


# ------------------------------------------------------------------ structure
def _resolve(ruleset: Any) -> tuple[str, Flow]:
    """(ruleset id, flow) from a ruleset, a ruleset id or a bare Flow."""
    if isinstance(ruleset, str):
        from hisoutab.engine.ruleset import get_ruleset

        ruleset = get_ruleset(ruleset)
    if isinstance(ruleset, Flow):
        return ruleset.ruleset, ruleset
    return ruleset.id, ruleset.flow


def _phase_order(flow: Flow) -> list[str]:
    """Declared phases in their declared order, then any other phase a step names (sorted)."""
    declared = list(flow.phases)
    extra = sorted({sd.phase for sd in flow.steps.values()} - set(declared))
    return declared + extra


def phase_graph(ruleset: Any) -> nx.DiGraph:
    """The declared steps of ``ruleset`` (a ruleset, its id, or a Flow) as a directed graph.

    One node per declared step, with attributes ``phase``, ``clauses`` (tuple of clause IDs), ``kind``
    (``"auto"`` or ``"choice"``), ``doc`` and ``tags`` (sorted tuple); one edge per declared
    :class:`~hisoutab.engine.flow.Edge` with attribute ``when``. An edge whose target is not a declared
    step still appears (its target node then has no attributes), so ``Flow.check()`` problems are not
    hidden. Should a step declare the same target twice, the conditions are joined with `` / ``.
    Graph attributes: ``ruleset``, ``start`` (the start step) and ``phases`` (declared order).
    """
    rid, flow = _resolve(ruleset)
    g = nx.DiGraph(ruleset=rid, start=flow.start, phases=tuple(_phase_order(flow)))
    for name, sd in flow.steps.items():
        g.add_node(name, phase=sd.phase, clauses=tuple(sd.clauses),
                   kind="choice" if sd.is_choice else "auto", doc=sd.doc, tags=tuple(sorted(sd.tags)))
    for name, sd in flow.steps.items():
        for e in sd.next:
            if g.has_edge(name, e.to):
                old = g.edges[name, e.to]["when"]
                g.edges[name, e.to]["when"] = " / ".join(w for w in (old, e.when) if w)
            else:
                g.add_edge(name, e.to, when=e.when)
    return g


def _name(step: Any) -> str:
    return step if isinstance(step, str) else step.name


def visits(steps: Iterable[Any]) -> Counter[str]:
    """How often each step ran: a Counter of step names (from Step records or plain names)."""
    return Counter(_name(s) for s in steps)


def transitions(steps: Iterable[Any]) -> Counter[tuple[str, str]]:
    """How often each transition happened: a Counter of ``(from, to)`` pairs of consecutive steps."""
    names = [_name(s) for s in steps]
    return Counter(itertools.pairwise(names))


# ------------------------------------------------------------------ drawing
def _short(text: str, width: int = 18, max_lines: int = 2) -> list[str]:
    """``text`` wrapped to at most ``max_lines`` lines of about ``width`` characters (``…`` if cut)."""
    lines = textwrap.wrap(text, width) or [""]
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][: width - 1].rstrip() + "…"
    return lines


def _plain(text: str) -> str:
    """One-line text for a DOT attribute (tooltips): whitespace collapsed, backslashes kept literal."""
    return " ".join(text.split()).replace("\\", "\\\\")


def _fill(count: int, top: int) -> tuple[str, bool]:
    """(fill colour, dark?) on the white-to-blue scale; logarithmic, since counts span decades."""
    t = math.log1p(count) / math.log1p(top) if top > 0 else 0.0
    t = 0.12 + 0.88 * t  # a step that ran once is still visibly tinted
    rgb = tuple(round(lo + (hi - lo) * t) for lo, hi in zip(_SCALE_LOW, _SCALE_HIGH, strict=True))
    return "#{:02x}{:02x}{:02x}".format(*rgb), t > 0.6


def _node_label(name: str, clauses: Sequence[str], count: int | None) -> str:
    """HTML-like label: the step name in bold, its clause IDs (three a line), ``×count`` if counted."""
    parts = [f'<font point-size="11"><b>{html.escape(name)}</b></font>']
    for i in range(0, len(clauses), 3):
        chunk = ", ".join(html.escape(c) for c in clauses[i:i + 3])
        parts.append(f'<font point-size="8">{chunk}</font>')
    if count is not None:
        parts.append(f'<font point-size="8"><i>×{count}</i></font>')
    return "<" + "<br/>".join(parts) + ">"


def _edge_label(when: str) -> str:
    if not when:
        return ""
    return "<" + "<br/>".join(html.escape(line) for line in _short(when)) + ">"


def draw_phase_graph(ruleset: Any, *, path: Sequence[Any] | None = None,
                     counts: Mapping[str, int] | None = None, prefix: str = "n",
                     rankdir: str = "TB", edge_labels: bool = True) -> graphviz.Digraph:
    """Draw the declared steps of ``ruleset`` as a ``graphviz.Digraph``.

    One cluster per phase that has steps (``cluster_<phase>``, labelled), in the declared phase order.
    A node (id ``{prefix}{k}``, ``k`` its index among the sorted step names) shows the step name and
    its clause IDs; automatic steps are rounded boxes, choice steps double octagons. Edges carry their
    ``when`` condition, shortened (the full text is the tooltip).

    ``path``: step names (or Step records) in the order a game or scenario visited them. Those nodes
    get a thick red border and each declared edge between consecutive steps a thick red line (other
    edges are dimmed); a consecutive pair that is *not* a declared edge is drawn dashed, labelled
    ``undeclared``, rather than hidden. ``counts``: step name → how often it ran (see :func:`visits`);
    visited nodes are filled on a white-to-blue scale and show ``×count``, unvisited ones are grey and
    dashed. Unknown step names in ``path`` or ``counts`` raise ``ValueError``.
    """
    rid, flow = _resolve(ruleset)
    g = phase_graph(flow)
    names = sorted(flow.steps)
    ids = {name: f"{prefix}{k}" for k, name in enumerate(names)}

    path_names = [_name(s) for s in path] if path is not None else None
    for label, given in (("path", path_names or ()), ("counts", counts or {})):
        unknown = sorted(set(given) - set(ids))
        if unknown:
            raise ValueError(f"{label} names undeclared steps: {', '.join(unknown)}")
    path_pairs = set(itertools.pairwise(path_names)) if path_names else set()

    legend = "rounded box: automatic step    double octagon: a player chooses"
    if path_names is not None:
        legend += "    red: the path taken"
    if counts is not None:
        legend += "    fill: times run (grey, dashed: never)"
    dot = graphviz.Digraph(name="phases", comment=f"{rid} phase-transition graph")
    dot.attr("graph", rankdir=rankdir, fontname=_FONT, fontsize="12", nodesep="0.3",
             ranksep="0.45", labelloc="t", label=f"{rid}: declared steps and transitions\n{legend}")
    dot.attr("node", fontname=_FONT, shape="box", style="rounded,filled", fillcolor="white",
             margin="0.08,0.04", height="0.3")
    dot.attr("edge", fontname=_FONT, fontsize="8", color=_EDGE, arrowsize="0.6", fontcolor="#333333")

    # the entry point: a dot pointing at the start step
    if flow.start in ids:
        dot.node(f"{prefix}start", label="", shape="point", width="0.12", style="filled",
                 fillcolor="black", tooltip="start")
    _draw_phases(dot, flow, g, ids, set(path_names or ()), counts)
    if flow.start in ids:
        dot.edge(f"{prefix}start", ids[flow.start], arrowsize="0.6")
    _draw_edges(dot, flow, g, ids, path_pairs if path_names is not None else None, edge_labels)
    return dot


def _draw_phases(dot: graphviz.Digraph, flow: Any, g: nx.DiGraph, ids: Mapping[str, str],
                 on_path: set[str], counts: Mapping[str, int] | None) -> None:
    """One cluster per phase that has steps, in the declared phase order, with its step nodes."""
    top = max(counts.values(), default=0) if counts is not None else 0
    by_phase: dict[str, list[str]] = {}
    for name in sorted(flow.steps):
        by_phase.setdefault(flow.steps[name].phase, []).append(name)
    for k, phase in enumerate(_phase_order(flow)):
        members = by_phase.get(phase)
        if not members:
            continue
        with dot.subgraph(name=f"cluster_{phase}") as c:
            c.attr(label=phase, style="rounded,filled", fillcolor=_PHASE_FILLS[k % len(_PHASE_FILLS)],
                   color="#9a9a9a", fontsize="13", fontname=f"{_FONT} Bold", labeljust="l")
            for name in members:
                data = g.nodes[name]
                count = int(counts.get(name, 0)) if counts is not None else None
                attrs = _node_attrs(name, data, count, top, name in on_path)
                c.node(ids[name], label=_node_label(name, data["clauses"], count), **attrs)


def _node_attrs(name: str, data: Mapping[str, Any], count: int | None, top: int,
                on_path: bool) -> dict[str, str]:
    """A step node's look: its kind's shape, its count's fill (grey and dashed: never run), the
    path's border."""
    attrs: dict[str, str] = {"tooltip": _plain(f"{name} [{data['kind']}]: {data['doc']}")}
    if data["kind"] == "choice":
        attrs.update(shape="doubleoctagon", style="filled")
    if count is not None:
        if count > 0:
            fill, dark = _fill(count, top)
            attrs["fillcolor"] = fill
            if dark:
                attrs["fontcolor"] = "white"
        else:
            attrs.update(fillcolor=_UNVISITED_FILL, color=_UNVISITED_TEXT,
                         fontcolor=_UNVISITED_TEXT,
                         style=attrs.get("style", "rounded,filled") + ",dashed")
    if on_path:
        attrs.update(color=_PATH, penwidth="2.5")
    return attrs


def _draw_edges(dot: graphviz.Digraph, flow: Any, g: nx.DiGraph, ids: Mapping[str, str],
                path_pairs: set[tuple[str, str]] | None, edge_labels: bool) -> None:
    """The declared edges (the path's in red, the others dimmed when a path is drawn), then the
    path's undeclared steps, dashed.

    Layout: only edges that lead further from the start (by BFS depth) set the ranks; edges back
    to an earlier depth (the effect fan after an attack, "next turn") do not pull nodes around."""
    depth = nx.single_source_shortest_path_length(g, flow.start) if flow.start in g else {}
    for src, dst in sorted(g.edges):
        if src not in ids or dst not in ids:  # an edge to an undeclared step (see Flow.check)
            continue
        when = g.edges[src, dst]["when"]
        attrs = {"tooltip": _plain(f"{src} → {dst}: {when or 'always'}")}
        if src in depth and dst in depth and depth[dst] < depth[src]:
            attrs["constraint"] = "false"
        if edge_labels and when:
            attrs["label"] = _edge_label(when)
        if path_pairs is not None:
            if (src, dst) in path_pairs:
                attrs.update(color=_PATH, penwidth="2.2", fontcolor=_PATH)
            else:
                attrs.update(color=_EDGE_DIM, fontcolor="#9a9a9a")
        dot.edge(ids[src], ids[dst], **attrs)
    for src, dst in sorted((path_pairs or set()) - set(g.edges)):
        dot.edge(ids[src], ids[dst], label="undeclared", style="dashed", color=_PATH, fontcolor=_PATH,
                 penwidth="2", tooltip=_plain(f"{src} → {dst}: happened but is not declared"))


# ------------------------------------------------------------------ wrapper
class PhaseGraph(DrawnGraph):
    """The phase-transition graph of a ruleset, ready to show in a notebook or save to a file.

    ``graph`` is the ``networkx.DiGraph`` (:func:`phase_graph`), ``dot`` the ``graphviz.Digraph``
    (:func:`draw_phase_graph`, with the same keyword arguments). Notebooks show it through
    ``_repr_svg_``; its ``repr`` is deterministic.
    """

    def __init__(self, ruleset: Any, *, path: Sequence[Any] | None = None,
                 counts: Mapping[str, int] | None = None, prefix: str = "n", rankdir: str = "TB",
                 edge_labels: bool = True) -> None:
        self.ruleset_id, flow = _resolve(ruleset)
        self.graph: nx.DiGraph = phase_graph(flow)
        self.path: tuple[str, ...] | None = tuple(_name(s) for s in path) if path is not None else None
        self.counts: dict[str, int] | None = dict(sorted(counts.items())) if counts is not None else None
        self.dot: graphviz.Digraph = draw_phase_graph(flow, path=self.path, counts=self.counts,
                                                      prefix=prefix, rankdir=rankdir,
                                                      edge_labels=edge_labels)

    @classmethod
    def from_game(cls, game: Any, *, coverage: bool = True, highlight: bool = True,
                  **kw: Any) -> PhaseGraph:
        """The graph of ``game``'s ruleset with its history highlighted and/or counted."""
        history = list(game.history)
        return cls(game.ruleset, path=history if highlight else None,
                   counts=visits(history) if coverage else None, **kw)

    def __repr__(self) -> str:
        extra = ""
        if self.path is not None:
            extra += f", path of {len(self.path)} steps"
        if self.counts is not None:
            extra += f", {sum(1 for v in self.counts.values() if v > 0)} steps visited"
        return (f"<PhaseGraph {self.ruleset_id}: {self.graph.number_of_nodes()} steps, "
                f"{self.graph.number_of_edges()} edges{extra}>")
