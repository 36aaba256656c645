"""The card panel: a card's whole face, for the card clicked anywhere or picked by name.

Clicking a card in the picture or in the step view (an element with ``data-card``) shows its face
here; the box above it finds any card of the state by typing any part of its name (or of where
it is: "P2 hand"), in any case: one card found is shown, several are listed. An entry is the card's
name and where it is ("Amulet Toss · P1 hand", copies numbered), never its id. The face comes from
the ruleset's presentation (``card_face``); a card it cannot describe is shown by its id.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from hisoutab.engine.ruleset import ruleset_of_state
from hisoutab.presentation.cards import card_html, card_zones

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
        try:
            rs = ruleset_of_state(seen)
            where = card_zones(rs, seen) if rs is not None else {}
        except Exception:
            where = {}
        names: dict[str, str] = {}
        for c in cards:
            base = self.name(ctx, c) + (f" · {where[c]}" if c in where else "")
            entry, k = base, 1
            while entry in names:
                k += 1
                entry = f"{base} ({k})"
            names[entry] = c
        self._names = names
        options = sorted(names)
        if tuple(options) != tuple(self.finder.options):
            self.finder.options = options
        self._ctx = ctx
        self._state = state

    def find(self, text: str) -> list[str]:
        """The cards of the finder whose entry (name and place) holds every word of ``text``, in
        any case, in the finder's order (an exact entry: that card alone)."""
        if text in self._names:
            return [self._names[text]]
        words = text.casefold().split()
        if not words:
            return []
        return [c for entry, c in sorted(self._names.items())
                if all(w in entry.casefold() for w in words)]

    def _on_find(self, change: Any) -> None:
        text = str(change["new"] or "")
        found = self.find(text)
        if len(found) == 1:
            self.show(self._ctx, self._state, found[0])
        elif found:
            entries = [e for e, c in sorted(self._names.items()) if c in found]
            items = "".join(f"<li>{esc(e)}</li>" for e in entries[:12])
            more = f"<li>… {len(entries) - 12} more</li>" if len(entries) > 12 else ""
            self.face.value = (f'<div class="hs-card-matches">{len(entries)} cards match '
                               f"“{esc(text)}”: <ul>{items}{more}</ul></div>")
        elif text.strip():
            self.face.value = f'<div class="hs-card-matches">no card matches “{esc(text)}”</div>'


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
