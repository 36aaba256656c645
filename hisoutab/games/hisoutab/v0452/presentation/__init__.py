"""How HisouTab 0.45.2 is shown: the state picture, the terminal view, the cells a step touched,
the rules page's anchors, the priority graph, the workbench's edits, card faces and the words of
decisions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from hisoutab.games.hisoutab.kit.presentation import Cell, DuelPresentation
from hisoutab.presentation.base import EditOp, Explainer
from hisoutab.presentation.cards import CardFace, SubsetChoice

from . import cards as card_faces
from . import choices
from .board import attack_cells
from .picture import render_state_svg

__all__ = ["PRESENTATION", "HisouTabPresentation", "attack_cells", "render_state_svg"]


def _moved_cells(ctx: Any, before: Any, after: Any) -> set[tuple[int, int]]:
    """The cells of pieces and bullets that moved, came or went between two states (a knockback,
    a bullet's flight, a clash), on the board."""
    out: set[tuple[int, int]] = set()
    for p, q in zip(before.players, after.players, strict=False):
        if (p.x, p.y) != (q.x, q.y):
            out.update({(p.x, p.y), (q.x, q.y)})
    old = {b.id: (b.x, b.y) for b in before.bullets}
    new = {b.id: (b.x, b.y) for b in after.bullets}
    for bid in set(old) | set(new):
        if old.get(bid) != new.get(bid):
            out.update(c for c in (old.get(bid), new.get(bid)) if c is not None)
    return {c for c in out if ctx.on_board(*c)}


class HisouTabPresentation(DuelPresentation):
    """HisouTab 0.45.2: board, timeline and panels; the priority graph. The cells a step touched:
    an attack's range (its card's reach at the attacker's piece before the step), the cells its
    events name (placed, moved from / to) and those of pieces and bullets that moved."""

    clause_pages: ClassVar[Mapping[str, str]] = {"R-": "readings", "S-": "settled-questions"}
    range_errors: ClassVar[tuple[type[Exception], ...]] = (KeyError, AttributeError, TypeError, ValueError)

    render_svg = staticmethod(render_state_svg)

    def renderable(self, ctx: Any, state: Any, *, highlight: list[Any], designer: bool) -> Any:
        from .text import state_renderable

        return state_renderable(ctx, state, highlight=highlight, designer=designer)

    def attack_range(self, ctx: Any, before: Any, i: int, event: Mapping[str, Any]) -> Iterable[Cell]:
        p = before.players[i]
        iid = event["card"]
        side = (p.trigger_side if p.trigger == iid else p.cast_side if p.cast == iid
                else event.get("side", "") or "")
        return attack_cells(ctx, before, i, iid, side)

    def moved_cells(self, ctx: Any, before: Any, after: Any) -> set[Cell]:
        return _moved_cells(ctx, before, after)

    def priority_graph(self) -> Explainer:
        from .priority import PriorityGraph

        return PriorityGraph

    def title(self, ctx: Any, state: Any) -> str:
        hp = " ".join(f"{p.name} HP {p.hp}" for p in state.players)
        return f"t={state.time} {hp}"

    # ---------------------------------------------------------------- cards
    def card_face(self, ctx: Any, state: Any, card: str) -> CardFace | None:
        """The whole face of a card instance (``"P1/sweep#1"``; a bare card id names the first
        instance of that card); None for a hidden card (``"?"``) or an unknown one."""
        return card_faces.card_face(ctx, state, card)

    def card_name(self, ctx: Any, card: str) -> str:
        return card_faces.card_name(ctx, card)

    def option_text(self, ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
        """The option's label with card names for the card ids it names (``discard Barrier Motion
        (214), Hakurei Orb``; ``play High Sweep (top of Sweep)``); other labels unchanged."""
        return choices.option_text(ctx, state, decision, player, option)

    def subset_choice(self, ctx: Any, state: Any, decision: Any, player: str) -> SubsetChoice | None:
        """The mulligan, a spell card's payment of two or more spell cards and the directions of a
        {Multi X} bullet as one checkbox per card (or direction); None for other decisions."""
        return choices.subset_choice(ctx, state, decision, player)

    def edits(self, ruleset: Any) -> tuple[EditOp, ...]:
        """The generic edits (a counter, bounded as the rules bound it; a card between declared zones),
        then HisouTab's own: place a piece, HP, spirit tokens, the timeline tokens, add or remove a
        bullet, move a card. Every field defaults to a legal value and is bounded by the rules."""
        from .edits import EDITS, checked_counter, checked_move

        checked: dict[str, Callable[[EditOp], EditOp]] = {
            "counter": checked_counter, "move": lambda op: checked_move(op, ruleset)}
        generic = tuple(checked[op.name](op) if op.name in checked else op for op in super().edits(ruleset))
        return generic + EDITS


PRESENTATION = HisouTabPresentation(
    ruleset_id="hisoutab-0.45.2", rules_doc="docs/rules/hisoutab-0.45.2.md",
    aliases={"facing": {"right": 1, "left": -1}})
