"""Card conservation: where every card instance is, for a ruleset's invariants.

A ruleset walks its zones and tells the ledger where each card is; the ledger reports a card found
in two places, a card in a zone of a player who does not own it, and — at the end — cards that went
missing or appeared from nowhere. Card instances are named ``"<owner>/<card>"`` (``"P1/guard"``),
so ownership is read from the name.
"""

from __future__ import annotations

from collections.abc import Iterable


class CardLedger:
    """Collects where each card is and the conservation problems found on the way."""

    __slots__ = ("places", "problems")

    def __init__(self, problems: list[str] | None = None) -> None:
        self.problems: list[str] = problems if problems is not None else []
        self.places: dict[str, str] = {}

    def place(self, card: str, where: str, owner: str | None = None) -> None:
        """``card`` is in ``where`` (a zone of ``owner``, when given)."""
        if owner is not None and not card.startswith(owner + "/"):
            self.problems.append(f"{card} in {where} does not belong to {owner}")
        seen = self.places.get(card)
        if seen is not None:
            self.problems.append(f"{card} is in two places: {seen} and {where}")
        self.places[card] = where

    def place_all(self, cards: Iterable[str], where: str, owner: str | None = None) -> None:
        for card in cards:
            self.place(card, where, owner)

    def conserved(self, expected: Iterable[str]) -> list[str]:
        """Every problem found, plus cards of ``expected`` not placed and cards placed but unknown."""
        expected = set(expected)
        placed = set(self.places)
        if placed != expected:
            self.problems.append(f"cards not conserved: missing {sorted(expected - placed)[:5]}, "
                                 f"unknown {sorted(placed - expected)[:5]}")
        return self.problems
