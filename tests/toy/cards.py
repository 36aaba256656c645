"""The boost cards: three kinds, several copies each. A card instance is ``kind#copy``
(``dash#2``); the cards belong to the shared deck, not to a player."""

from __future__ import annotations

#: kind → (boost, copies)
KINDS: dict[str, tuple[int, int]] = {"step": (1, 5), "dash": (2, 4), "leap": (3, 3)}


def all_cards() -> tuple[str, ...]:
    """Every card instance, in the deck's order before the shuffle."""
    return tuple(f"{kind}#{k}" for kind, (_, copies) in KINDS.items() for k in range(1, copies + 1))


def kind_of(card: str) -> str:
    """``dash#2`` → ``dash``."""
    return card.split("#", 1)[0]


def boost_of(card: str) -> int:
    """How many extra squares a card moves its racer."""
    return KINDS[kind_of(card)][0]
