"""How the HisouTab draft is shown: the state picture, the terminal view, the cells a step touched,
the rules page's anchors, the priority graph, the workbench's edits, and each card's whole face with
the decisions that name cards in words."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from typing import Any

from hisoutab.presentation.base import EditOp, Explainer, Presentation
from hisoutab.presentation.cards import CardFace

from .board import attack_cells
from .cards import card_face, option_text
from .picture import render_state_svg, status_line

__all__ = ["PRESENTATION", "DraftPresentation", "attack_cells", "render_state_svg", "touched_cells"]

#: the rules page's headings for the readings and the settled questions (its anchors)
READINGS_ANCHOR = "readings-dr"
SETTLED_ANCHOR = "settled-questions-ds"


def _cell(v: Any) -> tuple[int, int] | None:
    if (isinstance(v, (list, tuple)) and len(v) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in v)):
        return int(v[0]), int(v[1])
    return None


def touched_cells(ctx: Any, step: Any) -> tuple[tuple[int, int], ...]:
    """The board cells a step touched: the cells its events name (``cell``, ``from``, ``to``) and,
    for an attack, the card's range at the attacker's piece before the step (D-CARD-RANGE).
    Sorted, distinct."""
    cells: set[tuple[int, int]] = set()
    before = step.before
    names = [p.name for p in before.players]
    for e in getattr(step, "events", ()) or ():
        if not isinstance(e, dict):
            continue
        if e.get("type") == "attack" and e.get("player") in names and e.get("card"):
            with contextlib.suppress(KeyError, AttributeError, TypeError):
                cells.update(attack_cells(ctx, before, names.index(e["player"]), e["card"]))
        for key in ("cell", "from", "to"):
            c = _cell(e.get(key))
            if c is not None:
                cells.add(c)
    return tuple(sorted(cells))


class DraftPresentation(Presentation):
    """The HisouTab early draft: board, timeline with its special lines, panels and marks; the
    terminal view; the priority graph; the draft's edits."""

    def picture(self, ctx: Any, state: Any, *, highlight: Iterable[Any] = (), designer: bool = False,
                viewer: str | None = None, prefix: str = "hs") -> str:
        cells = [h for h in highlight if _cell(h) is not None]
        return render_state_svg(ctx, state, highlight=cells, prefix=prefix, designer=designer, viewer=viewer)

    def title(self, ctx: Any, state: Any) -> str:
        hp = " ".join(f"{p.name} HP {p.hp}/{p.max_hp}" for p in state.players)
        end = f" · {status_line(state)}" if state.winner else ""
        return f"draft t={state.time} turn {state.turn} {hp}{end}"

    def text(self, ctx: Any, state: Any, *, designer: bool = False, highlight: Iterable[Any] = ()) -> Any:
        from .text import state_renderable

        return state_renderable(ctx, state, highlight=[h for h in highlight if _cell(h)], designer=designer)

    def touched(self, ctx: Any, step: Any) -> tuple[Any, ...]:
        return touched_cells(ctx, step)

    def card_face(self, ctx: Any, state: Any, card: str) -> CardFace | None:
        """A card's whole face: its figures, tags, effects in words and range (``"?"``: a face-down
        card)."""
        return card_face(ctx, card)

    def option_text(self, ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
        """Card names instead of card ids (a dash names the bullets' cards)."""
        return option_text(ctx, state, decision, player, option)

    def clause_url(self, clause: str, base: str | None = None) -> str:
        """D-… clauses have their own anchor on the rules page; readings (DR-…) and settled
        questions (DS-…) are rows of that page's two tables."""
        base = base or self.docs_page()
        if clause.startswith("DR-"):
            return f"{base}#{READINGS_ANCHOR}"
        if clause.startswith("DS-"):
            return f"{base}#{SETTLED_ANCHOR}"
        return f"{base}#{clause}"

    def explainers(self) -> Mapping[str, Explainer]:
        from .priority import DraftPriorityGraph

        return {**super().explainers(), "priority": DraftPriorityGraph}

    def edits(self, ruleset: Any) -> tuple[EditOp, ...]:
        from .edits import draft_edits

        return tuple(super().edits(ruleset)) + draft_edits(ruleset)


PRESENTATION = DraftPresentation(ruleset_id="hisoutab-draft", rules_doc="docs/rules/hisoutab-draft.md",
                                 aliases={"facing": {"right": 1, "left": -1}})
