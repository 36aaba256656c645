"""The presentation kit: how any ruleset's games are shown.

- :class:`StatePicture` — the state picture (SVG) from the ruleset's presentation;
- :func:`state_text` — the state for the terminal (rich);
- :class:`PhaseGraph` — the phase-transition graph drawn from the declared steps;
  :class:`PhaseOverview` (one node per phase) and :class:`PhaseDetail` (one phase's steps);
- :func:`explainer` — a ruleset's explainer graphs (HisouTab's priority graph…);
- :class:`StepView`, :func:`state_diff` — one step seen whole;
- :class:`BeforeAfter` — steps between the pictures before and after them, as a teacher shows them;
- :class:`CardFace`, :func:`card_html` — a card's whole face; :class:`SubsetChoice` — a choice of cards;
- :class:`Presentation` — what a ruleset registers; the generic one shows any state.

No Jupyter package is imported here.
"""

from .base import EditOp, Param, Presentation, move_card, presentation_for, presentation_of_state
from .before_after import BeforeAfter
from .cards import CardFace, SubsetChoice, card_html, card_title
from .explain import explainer, explainers, state_text
from .phase_views import PhaseDetail, PhaseOverview, phase_overview
from .phases import PhaseGraph, draw_phase_graph, phase_graph, transitions, visits
from .picture import StatePicture, render_state_svg
from .step import StepView, clause_url, state_diff, step_cells

__all__ = [
    "BeforeAfter",
    "CardFace",
    "EditOp",
    "Param",
    "PhaseDetail",
    "PhaseGraph",
    "PhaseOverview",
    "Presentation",
    "StatePicture",
    "StepView",
    "SubsetChoice",
    "card_html",
    "card_title",
    "clause_url",
    "draw_phase_graph",
    "explainer",
    "explainers",
    "move_card",
    "phase_graph",
    "phase_overview",
    "presentation_for",
    "presentation_of_state",
    "render_state_svg",
    "state_diff",
    "state_text",
    "step_cells",
    "transitions",
    "visits",
]
