"""How the HisouTab draft is shown: the state picture, the terminal view, the cells a step touched,
the rules page's anchors, the priority graph, the workbench's edits, and each card's whole face with
the decisions that name cards in words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from hisoutab.games.hisoutab.kit.presentation import Cell, DuelPresentation
from hisoutab.presentation.base import EditOp, Explainer
from hisoutab.presentation.cards import CardFace

from .board import attack_cells
from .cards import card_face, option_text
from .picture import render_state_svg, status_line

__all__ = ["PRESENTATION", "DraftPresentation", "attack_cells", "render_state_svg", "touched_cells"]

#: the rules page's headings for the readings and the settled questions (its anchors)
READINGS_ANCHOR = "readings-dr"
SETTLED_ANCHOR = "settled-questions-ds"


class DraftPresentation(DuelPresentation):
    """The HisouTab early draft: board, timeline with its special lines, panels and marks; the
    terminal view; the priority graph; the draft's edits. The cells a step touched: the cells its
    events name and, for an attack, the card's range at the attacker's piece before the step
    (D-CARD-RANGE). D-… clauses have their own anchor on the rules page; readings (DR-…) and
    settled questions (DS-…) are rows of that page's two tables."""

    clause_pages: ClassVar[Mapping[str, str]] = {"DR-": READINGS_ANCHOR, "DS-": SETTLED_ANCHOR}

    render_svg = staticmethod(render_state_svg)

    def renderable(self, ctx: Any, state: Any, *, highlight: list[Any], designer: bool) -> Any:
        from .text import state_renderable

        return state_renderable(ctx, state, highlight=highlight, designer=designer)

    def attack_range(self, ctx: Any, before: Any, i: int, event: Mapping[str, Any]) -> Iterable[Cell]:
        return attack_cells(ctx, before, i, event["card"])

    def priority_graph(self) -> Explainer:
        from .priority import DraftPriorityGraph

        return DraftPriorityGraph

    def title(self, ctx: Any, state: Any) -> str:
        hp = " ".join(f"{p.name} HP {p.hp}/{p.max_hp}" for p in state.players)
        end = f" · {status_line(state)}" if state.winner else ""
        return f"draft t={state.time} turn {state.turn} {hp}{end}"

    def card_face(self, ctx: Any, state: Any, card: str) -> CardFace | None:
        """A card's whole face: its figures, tags, effects in words and range (``"?"``: a face-down
        card)."""
        return card_face(ctx, card)

    def option_text(self, ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
        """Card names instead of card ids (a dash names the bullets' cards)."""
        return option_text(ctx, state, decision, player, option)

    def edits(self, ruleset: Any) -> tuple[EditOp, ...]:
        from .edits import draft_edits

        return tuple(super().edits(ruleset)) + draft_edits(ruleset)


def touched_cells(ctx: Any, step: Any) -> tuple[tuple[int, int], ...]:
    """The board cells a step touched: the cells its events name (``cell``, ``from``, ``to``) and,
    for an attack, the card's range at the attacker's piece before the step (D-CARD-RANGE).
    Sorted, distinct."""
    return PRESENTATION.touched_cells(ctx, step)


PRESENTATION = DraftPresentation(ruleset_id="hisoutab-draft", rules_doc="docs/rules/hisoutab-draft.md",
                                 aliases={"facing": {"right": 1, "left": -1}})
