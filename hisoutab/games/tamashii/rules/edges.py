"""The steps that may follow each step beyond those its declaration names: the frames a step leaves
on the agenda for the next player or the next phase, which many steps share (the next player's
first step, the next phase's start, the draws an effect pushes). Each is an edge of the phase graph
like the declared ones."""

from __future__ import annotations

from dataclasses import replace

from hisoutab.engine.flow import Edge, Flow

EDGES: dict[str, tuple[tuple[str, str], ...]] = {}


def complete(flow: Flow) -> None:
    """Add :data:`EDGES` to the declared steps' ``next``."""
    for name, edges in EDGES.items():
        sd = flow.steps[name]
        known = {e.to for e in sd.next}
        more = tuple(Edge(to, when) for to, when in edges if to not in known)
        flow.steps[name] = replace(sd, next=sd.next + more)
