"""Graphs drawn from a ruleset's declarations: the phase-transition graph of its steps."""

from hisoutab.graphs.phases import (
    PhaseGraph,
    draw_phase_graph,
    phase_graph,
    transitions,
    visits,
)
from hisoutab.graphs.priority import (
    PriorityGraph,
    draw_priority_graph,
    has_priority,
    priority_graph,
)

__all__ = ["PhaseGraph", "PriorityGraph", "draw_phase_graph", "draw_priority_graph", "has_priority",
           "phase_graph", "priority_graph", "transitions", "visits"]
