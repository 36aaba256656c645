"""How Recast Rift is shown: the state picture (both mats and the stack), the terminal view, the
cards a step touched, the stack graph, the moments worth telling, and each card's whole face with the
decisions that name cards in words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hisoutab.presentation.base import Explainer, Presentation
from hisoutab.presentation.cards import CardFace

from ..rules.ruleset import RecastRift
from .cards import card_face, option_text
from .picture import headline, render_state_svg

__all__ = ["PRESENTATION", "RiftPresentation", "card_marks", "marked_cards", "render_state_svg",
           "touched_cards"]

def touched_cards(ctx: Any, step: Any) -> tuple[str, ...]:
    """The card instances a step's events name (sorted, distinct)."""
    out: set[str] = set()
    for e in getattr(step, "events", ()) or ():
        if not isinstance(e, dict):
            continue
        for v in e.values():
            items = v if isinstance(v, (list, tuple)) else (v,)
            for c in items:
                if isinstance(c, str) and c in ctx.cards:
                    out.add(c)
    return tuple(sorted(out))


def card_marks(ctx: Any, iids: Iterable[str]) -> tuple[tuple[int, int], ...]:
    """Card instances as the pairs the shared step views expect of ``touched``: (owner, the card's
    index among its owner's cards)."""
    out = []
    for iid in iids:
        owner = ctx.owner.get(iid)
        if owner is not None and iid in ctx.pools[owner]:
            out.append((owner, ctx.pools[owner].index(iid)))
    return tuple(sorted(out))


def marked_cards(ctx: Any, highlight: Iterable[Any]) -> tuple[str, ...]:
    """The card instances of a highlight: card ids as they are, (owner, index) pairs resolved."""
    out: list[str] = []
    for h in highlight:
        if isinstance(h, str):
            out.append(h)
        elif (isinstance(h, (list, tuple)) and len(h) == 2
              and all(isinstance(c, int) and not isinstance(c, bool) for c in h)):
            owner, k = int(h[0]), int(h[1])
            if 0 <= owner < len(ctx.pools) and 0 <= k < len(ctx.pools[owner]):
                out.append(ctx.pools[owner][k])
    return tuple(out)


class RiftPresentation(Presentation):
    def picture(self, ctx: Any, state: Any, *, highlight: Iterable[Any] = (), designer: bool = False,
                viewer: str | None = None, prefix: str = "rr", key: str = "below") -> str:
        return render_state_svg(ctx, state, highlight=marked_cards(ctx, highlight), prefix=prefix,
                                designer=designer, viewer=viewer, key=key)

    def title(self, ctx: Any, state: Any) -> str:
        return headline(state) + " · " + " ".join(f"{p.name} Life {p.life}" for p in state.players)

    def text(self, ctx: Any, state: Any, *, designer: bool = False, highlight: Iterable[Any] = ()) -> Any:
        from .text import state_renderable

        return state_renderable(ctx, state, designer=designer, highlight=marked_cards(ctx, highlight))

    def touched(self, ctx: Any, step: Any) -> tuple[Any, ...]:
        """The cards a step's events name, as (owner, index) pairs (``marked_cards`` turns them back
        into card ids; the picture takes either)."""
        return card_marks(ctx, touched_cards(ctx, step))

    def card_face(self, ctx: Any, state: Any, card: str) -> CardFace | None:
        """A card's whole face: a spell card's type, timing, recast time, attack value, Graze and
        abilities in words; an awakening card's two sides (``"?"``: a face-down card)."""
        return card_face(ctx, card)

    def option_text(self, ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
        """Card names instead of card ids; an activation says what the ability does."""
        return option_text(ctx, state, decision, player, option)

    def explainers(self) -> Mapping[str, Explainer]:
        from .graph import StackGraph

        return {**super().explainers(), "stack": StackGraph, "priority": StackGraph}


PRESENTATION = RiftPresentation(ruleset_id="recast-rift", rules_doc="docs/rules/recast-rift.md",
                                moment_events=RecastRift.notable_events)
