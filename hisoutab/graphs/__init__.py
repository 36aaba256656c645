"""Graphs drawn from a ruleset's declarations: the phase-transition graph of its steps."""

from hisoutab.graphs.phases import (
    PhaseGraph,
    draw_phase_graph,
    phase_graph,
    transitions,
    visits,
)

__all__ = ["PhaseGraph", "draw_phase_graph", "phase_graph", "transitions", "visits"]
