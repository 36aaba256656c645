"""The card panel: a card's whole face, for the card clicked anywhere or picked by name.

Clicking a card in the picture or in the step view (an element with ``data-card``) shows its face
here; the box above it finds any card of the game by typing part of its name. The face comes from
the ruleset's presentation (``card_face``); a card it cannot describe is shown by its id.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from hisoutab.presentation.cards import card_html

from .controls import classed, esc

__all__ = ["CardPanel"]


class CardPanel:
    """``box`` holds a name finder (a combobox of every card of the state) and the face shown."""

    def __init__(self, presentation: Any) -> None:
        self.presentation = presentation
        self.card: str | None = None
        self.finder = classed(W.Combobox(value="", options=[], placeholder="find a card by name…",
                                         ensure_option=False, description="card",
                                         layout=W.Layout(width="100%")), "hs-card-finder")
        self.face = classed(W.HTML("<i>click a card in the picture or the step view to read it</i>"),
                            "hs-card-detail")
        self._names: dict[str, str] = {}  # finder entry → card
        self._name_of: dict[str, str] = {}  # card → its name, for the game of ``_name_ctx``
        self._name_ctx: Any = None
        self._known: tuple[Any, ...] | None = None
        self.finder.observe(self._on_find, names="value")
        self.box = classed(W.VBox([self.finder, self.face]), "hs-cards")

    def name(self, ctx: Any, card: str) -> str:
        """``card``'s name (asked of the presentation once per card of a game)."""
        if ctx is not self._name_ctx:
            self._name_ctx, self._name_of = ctx, {}
        known = self._name_of.get(card)
        if known is not None:
            return known
        try:
            name = str(self.presentation.card_name(ctx, card))
        except Exception:
            name = card
        self._name_of[card] = name
        return name

    def load(self, ctx: Any, state: Any, viewer: str | None, seen: Any) -> None:
        """The finder's names: the cards of ``seen`` (the state as the viewer sees it)."""
        key = (ctx, seen, viewer)
        if self._known is not None and all(a is b for a, b in zip(self._known, key, strict=True)):
            return
        self._known = key
        try:
            cards = list(self.presentation.cards(ctx, seen))
        except Exception:
            cards = []
        names: dict[str, str] = {}
        for c in cards:
            names[f"{self.name(ctx, c)} — {c}"] = c
        self._names = names
        options = sorted(names)
        if tuple(options) != tuple(self.finder.options):
            self.finder.options = options
        self._ctx = ctx
        self._state = state

    def _on_find(self, change: Any) -> None:
        card = self._names.get(change["new"])
        if card is not None:
            self.show(self._ctx, self._state, card)

    def show(self, ctx: Any, state: Any, card: str) -> bool:
        """Show ``card``'s face; False when the presentation knows no such card."""
        self.card = card
        try:
            face = self.presentation.card_face(ctx, state, card)
        except Exception:
            face = None
        if face is None:
            self.face.value = (f'<div class="hs-card" data-card="{esc(card)}"><b>{esc(card)}</b> '
                               "<i>(no card face for this card)</i></div>")
            return False
        self.face.value = card_html(face)
        return True
