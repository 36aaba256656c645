"""How HisouTab 0.45.2 is shown: the state picture, the terminal view, the cells a step touched,
the rules page's anchors, the priority graph and the workbench's edits."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from typing import Any

from hisoutab.presentation.base import EditOp, Explainer, Presentation

from .board import attack_cells
from .picture import render_state_svg

__all__ = ["PRESENTATION", "HisouTabPresentation", "attack_cells", "render_state_svg"]


def _cell(v: Any) -> tuple[int, int] | None:
    if (isinstance(v, (list, tuple)) and len(v) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in v)):
        return int(v[0]), int(v[1])
    return None


def touched_cells(ctx: Any, step: Any) -> tuple[tuple[int, int], ...]:
    """The board cells a step touched: an attack's range (its card's reach at the attacker's piece
    before the step) and the cells its events name (placed, moved from / to). Sorted, distinct."""
    cells: set[tuple[int, int]] = set()
    before = step.before
    names = [p.name for p in before.players]
    for e in getattr(step, "events", ()) or ():
        if not isinstance(e, dict):
            continue
        if e.get("type") == "attack" and e.get("player") in names and e.get("card"):
            i = names.index(e["player"])
            p = before.players[i]
            iid = e["card"]
            side = (p.trigger_side if p.trigger == iid else p.cast_side if p.cast == iid
                    else e.get("side", "") or "")
            with contextlib.suppress(KeyError, AttributeError, TypeError, ValueError):
                cells.update(attack_cells(ctx, before, i, iid, side))
        for key in ("cell", "from", "to"):
            c = _cell(e.get(key))
            if c is not None:
                cells.add(c)
    return tuple(sorted(cells))


class HisouTabPresentation(Presentation):
    """HisouTab 0.45.2: board, timeline and panels; the priority graph."""

    def picture(self, ctx: Any, state: Any, *, highlight: Iterable[Any] = (), designer: bool = False,
                viewer: str | None = None, prefix: str = "hs") -> str:
        cells = [h for h in highlight if _cell(h) is not None]
        return render_state_svg(ctx, state, highlight=cells, prefix=prefix, designer=designer)

    def title(self, ctx: Any, state: Any) -> str:
        hp = " ".join(f"{p.name} HP {p.hp}" for p in state.players)
        return f"t={state.time} {hp}"

    def text(self, ctx: Any, state: Any, *, designer: bool = False,
             highlight: Iterable[Any] = ()) -> Any:
        from .text import state_renderable

        return state_renderable(ctx, state, highlight=[h for h in highlight if _cell(h)],
                                designer=designer)

    def touched(self, ctx: Any, step: Any) -> tuple[Any, ...]:
        return touched_cells(ctx, step)

    def clause_url(self, clause: str, base: str | None = None) -> str:
        base = base or self.docs_page()
        if clause.startswith("R-"):
            return f"{base}#readings"
        if clause.startswith("S-"):
            return f"{base}#settled-questions"
        return f"{base}#{clause}"

    def explainers(self) -> Mapping[str, Explainer]:
        from .priority import PriorityGraph

        return {**super().explainers(), "priority": PriorityGraph}

    def edits(self, ruleset: Any) -> tuple[EditOp, ...]:
        """The generic edits (a counter, a card between declared zones), then HisouTab's own: place a
        piece, HP, spirit tokens, the timeline tokens, add or remove a bullet, move a card."""
        from .edits import EDITS

        return super().edits(ruleset) + EDITS


PRESENTATION = HisouTabPresentation(
    ruleset_id="hisoutab-0.45.2", rules_doc="docs/rules/hisoutab-0.45.2.md",
    aliases={"facing": {"right": 1, "left": -1}})
