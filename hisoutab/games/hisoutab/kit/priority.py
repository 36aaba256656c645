"""How both HisouTab priority graphs are drawn with Graphviz: the colours, the turn and "now"
nodes, the edge labels (deciding clauses in bold, then the reason), the graph's frame and the
explainer's ``turns`` and ``repr``. Each version adds the nodes of its own timeline (blue and
yellow cells, special lines, resolution orders, choices)."""

from __future__ import annotations

import html
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import graphviz
import networkx as nx

from hisoutab.games.hisoutab.priority_edges import draw_edges
from hisoutab.presentation.drawn import DrawnGraph

PLAYERS = ("P1", "P2")
FONT = "Helvetica"
PLAYER_FILL = ("#fbe3e1", "#e0e9fb")  # as the state picture's panels
PLAYER_EDGE = ("#c8372d", "#2a62c9")
SIM_FILL = "#efe3f7"
SIM_EDGE = "#7a3d9a"
NOW_FILL = "#f2f2f2"
CHOICE_FILL = "#fff7d6"
EDGE = "#444444"
MAYBE = "#8a8a8a"

NodeAttrs = Callable[[Mapping[str, Any]], dict[str, str]]


def html_lines(items: Iterable[str]) -> str:
    """Lines of a Graphviz HTML label, escaped."""
    return "<br/>".join(html.escape(x) for x in items)


def node_label(head: str, details: str) -> str:
    """A node's HTML label: ``head`` in bold, the ``details`` (lines) smaller under it; both
    already escaped."""
    return (f'<<font point-size="12"><b>{head}</b></font>'
            + (f'<br/><font point-size="9">{details}</font>' if details else "") + ">")


def _turn_attrs(data: Mapping[str, Any], attrs: dict[str, str]) -> None:
    players = data.get("players", ())
    if data.get("simultaneous"):
        attrs.update(fillcolor=SIM_FILL, color=SIM_EDGE)
    elif players:
        i = PLAYERS.index(players[0]) if players[0] in PLAYERS else 0
        attrs.update(fillcolor=PLAYER_FILL[i], color=PLAYER_EDGE[i])
    attrs["penwidth"] = "2.2" if data.get("certain", True) else "1.4"
    if not data.get("certain", True):
        attrs["style"] = "rounded,filled,dashed"
    if data.get("now"):
        attrs["penwidth"] = "3.2"


def node_attrs(data: Mapping[str, Any], label: str) -> dict[str, str]:
    """The attributes of a node of kind ``now`` (a note) or ``turn`` (in the player's colour, purple
    for a simultaneous action; dashed when not certain, thicker for the current turn); of another
    kind, only its label and tooltip."""
    attrs: dict[str, str] = {"label": label, "tooltip": " · ".join([data["label"], *data.get("details", ())])}
    if data["kind"] == "now":
        attrs.update(shape="note", fillcolor=NOW_FILL)
    elif data["kind"] == "turn":
        _turn_attrs(data, attrs)
    return attrs


def edge_label(clauses: Sequence[str], why: str) -> str:
    """An edge's HTML label: the deciding clauses in bold, the reason under them."""
    wrapped = textwrap.wrap(why, 30) or [""]
    return ("<" + f'<font point-size="9"><b>{html.escape(", ".join(clauses))}</b></font>'
            + (f'<br/><font point-size="8">{html_lines(wrapped)}</font>' if why else "") + ">")


def draw_graph(graph: nx.DiGraph, attrs_of: NodeAttrs, *, prefix: str, head: str, legend: str,
               rankdir: str = "TB", ranksep: str = "0.5") -> graphviz.Digraph:
    """The ``graphviz.Digraph`` of a priority graph: titled ``head`` over ``legend``, its nodes
    (named ``prefix`` + their order) drawn with ``attrs_of``, every edge labelled."""
    ids = {key: f"{prefix}{k}" for k, key in enumerate(graph.nodes)}
    dot = graphviz.Digraph(name="priority", comment=head)
    dot.attr("graph", rankdir=rankdir, fontname=FONT, fontsize="13", labelloc="t", nodesep="0.35",
             ranksep=ranksep, label=f"{head}\n{legend}")
    dot.attr("node", fontname=FONT, shape="box", style="rounded,filled", fillcolor="white",
             margin="0.12,0.06")
    dot.attr("edge", fontname=FONT, fontsize="9", color=EDGE, arrowsize="0.7", fontcolor="#222222")
    for key, data in graph.nodes(data=True):
        dot.node(ids[key], **attrs_of(data))
    draw_edges(dot, graph, ids, edge_label)
    return dot


class PriorityExplainer(DrawnGraph):
    """What both versions' priority graphs share once built: ``graph`` (networkx) and ``dot``
    (graphviz), the turn labels and a deterministic ``repr``."""

    graph: nx.DiGraph

    def turns(self) -> list[str]:
        """The turn labels in drawing order (e.g. ``["t=7: P2's turn", "t=9: P1's turn"]``)."""
        return [d["label"] for _, d in self.graph.nodes(data=True) if d["kind"] == "turn"]

    def __repr__(self) -> str:
        g = self.graph
        turns = "; ".join(self.turns()) or "no coming turn"
        return (f"<{type(self).__name__} t={g.graph.get('time')} initiative={g.graph.get('initiative')}: "
                f"{turns} ({g.number_of_nodes()} nodes, {g.number_of_edges()} edges)>")
