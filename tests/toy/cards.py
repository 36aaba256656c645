"""The cards. Boost cards of three kinds, several copies each, form one shared deck: a card of
nobody, named ``kind#copy`` (``dash#2``), that any racer may draw. Each racer also owns one sprint
card, named with its owner as the guide names a player's card: ``P1/sprint``."""

from __future__ import annotations

#: kind → (boost, copies) of the shared deck's cards
KINDS: dict[str, tuple[int, int]] = {"step": (1, 5), "dash": (2, 4), "leap": (3, 3)}
SPRINT = "sprint"
SPRINT_BOOST = 4


def all_cards() -> tuple[str, ...]:
    """Every card instance of the shared deck, in the deck's order before the shuffle."""
    return tuple(f"{kind}#{k}" for kind, (_, copies) in KINDS.items() for k in range(1, copies + 1))


def sprint_of(player: str) -> str:
    """The sprint card ``player`` owns: ``P1/sprint``."""
    return f"{player}/{SPRINT}"


def kind_of(card: str) -> str:
    """``dash#2`` → ``dash``; ``P1/sprint`` → ``sprint``."""
    return card.rpartition("/")[2].split("#", 1)[0]


def boost_of(card: str) -> int:
    """How many extra squares a card moves its racer."""
    kind = kind_of(card)
    return SPRINT_BOOST if kind == SPRINT else KINDS[kind][0]
