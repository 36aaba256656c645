"""How TAMASHII is shown: the state picture, the code-match drawing and the combat-order graph
(the ruleset names ``hisoutab.games.tamashii.presentation:PRESENTATION``)."""

from __future__ import annotations

from .codematch import code_match_svg, first_match_svg
from .order import CombatOrderGraph, combat_graph
from .picture import render_state_svg
from .show import PRESENTATION, TamashiiPresentation

__all__ = [
    "PRESENTATION",
    "CombatOrderGraph",
    "TamashiiPresentation",
    "code_match_svg",
    "combat_graph",
    "first_match_svg",
    "render_state_svg",
]
