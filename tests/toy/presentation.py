"""The toy's presentation: the generic one, which also says what each boost card is.

Only the card hooks are the toy's own; the picture, the terminal text, the highlight, the edits and
the explainers stay the generic ones, and the clause links go to the rules reference (it has no
anchors)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hisoutab.presentation.base import Presentation
from hisoutab.presentation.cards import CardFace

from .cards import KINDS, SPRINT, SPRINT_BOOST, boost_of, kind_of

REFERENCE = Path(__file__).resolve().parent / "reference.md"


def _page() -> str:
    """The reference, from the working folder when it lies below it (else as a file URL)."""
    try:
        return str(REFERENCE.relative_to(Path.cwd().resolve()))
    except ValueError:
        return REFERENCE.as_uri()


class ToyPresentation(Presentation):
    def card_face(self, ctx: Any, state: Any, card: str) -> CardFace | None:
        """A boost card (``dash#2``): its kind, its boost and what playing it does; a racer's own
        sprint card (``P1/sprint``) likewise."""
        kind = kind_of(card)
        if kind == SPRINT and "/" in card:
            owner = card.partition("/")[0]
            return CardFace(id=card, name=SPRINT, kind="sprint card",
                            numbers=(("boost", f"+{SPRINT_BOOST}"),),
                            effects=(f"Played face down in the boost choice instead of a boost card, it "
                                     f"moves its racer {SPRINT_BOOST} more squares than the dice; then "
                                     "it is set aside before its owner.",),
                            text=f"{owner}'s own card", clauses=("TOY-BOOST", "TOY-SPRINT"))
        if kind not in KINDS:
            return None  # "?" (a card this view hides) or an id the race does not know
        boost, copies = KINDS[kind]
        copy = card.partition("#")[2]
        return CardFace(id=card, name=kind, kind="boost card", numbers=(("boost", f"+{boost}"),),
                        effects=(f"Played face down in the boost choice, it moves its racer {boost} more "
                                 "square(s) than the die; then it goes to the discard pile.",),
                        text=f"copy {copy} of {copies}", clauses=("TOY-BOOST", "TOY-MOVE", "TOY-DISCARD"))

    def option_text(self, ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
        """``play dash (+2)``: the label with the card's boost (the label stays the value)."""
        if isinstance(option.value, str) and (kind_of(option.value) in KINDS
                                              or kind_of(option.value) == SPRINT):
            return f"{option.label} (+{boost_of(option.value)})"
        return str(option.label)


PRESENTATION = ToyPresentation(ruleset_id="toy-dice-race", rules_doc=_page(), clause_anchors=False)
