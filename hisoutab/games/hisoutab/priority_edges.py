"""What the priority graphs of both HisouTab versions share: drawing their edges (the deciding
clauses as the label, dashed when the turn depends on a choice not made yet, green / amber for
keeping or passing the initiative token)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

EDGE = "#444444"
MAYBE = "#8a8a8a"
KEEP = "#2e7d32"
PASS = "#b26a00"


def draw_edges(dot: Any, graph: Any, ids: Mapping[str, str],
               edge_label: Callable[[Sequence[str], str], str]) -> None:
    """Add every edge of the networkx ``graph`` to the graphviz ``dot`` (nodes named by ``ids``)."""
    for a, b, data in graph.edges(data=True):
        attrs = {"label": edge_label(data["clauses"], data["why"]),
                 "tooltip": f"{', '.join(data['clauses'])}: {data['why']}"}
        if not data.get("certain", True):
            attrs.update(style="dashed", color=MAYBE)
        if data.get("choice") == "keep":
            attrs["color"] = KEEP
        elif data.get("choice") == "pass":
            attrs["color"] = PASS
        dot.edge(ids[a], ids[b], **attrs)
