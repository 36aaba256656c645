"""Chance events: shuffles, draws, dice and coin flips, drawn from the state's generator unless forced.

A step that may draw chance declares it (``FLOW.auto(..., chance=("shuffle",))``) and draws through
the game's :class:`Chance` (``ctx.chance``). Each draw returns the outcome, the generator's new
state and an event (``{"type": "chance", ...}``) that the step records among its events: the log
shows what chance decided and whether it was forced.

An outcome is *forced* by a scenario (a ``chance:`` list), the workbench or the API
(``game.chance.force("die", 5)``): the next draw of that kind (and player, when given) takes it.
A forced draw still advances the generator exactly as an unforced one, so forcing one outcome
changes nothing else; with nothing forced, the same seed gives the same history as ever.

Kinds: ``shuffle`` (an order), ``draw`` (the next card drawn from a pile: moved to the top before
the draw), ``die`` (a face 1..sides), ``pick`` (one of a few labelled outcomes: a coin, the first
player).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import InputError
from .rng import randbelow, shuffle

T = TypeVar("T")
KINDS = ("shuffle", "draw", "die", "pick")


@dataclass(frozen=True)
class Forced:
    """One forced outcome: ``kind``, the value, and optionally whose draw (``player``)."""

    kind: str
    value: Any
    player: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InputError(f"unknown chance kind {self.kind!r}; expected one of {', '.join(KINDS)}",
                             field="chance")

    def describe(self) -> str:
        who = f" ({self.player})" if self.player else ""
        return f"{self.kind}{who} = {self.value!r}"


def _event(kind: str, what: str, outcome: Any, forced: bool, player: str | None) -> dict[str, Any]:
    e: dict[str, Any] = {"type": "chance", "kind": kind, "what": what, "outcome": outcome,
                         "forced": forced}
    if player is not None:
        e["player"] = player
    return e


class Chance:
    """The chance source of one game: a queue of forced outcomes over the state's generator."""

    __slots__ = ("forced", "used")

    def __init__(self) -> None:
        self.forced: list[Forced] = []
        self.used: list[Forced] = []

    def force(self, kind: str, value: Any, *, player: str | None = None) -> Forced:
        """Queue an outcome for the next draw of ``kind`` (by ``player``, when given)."""
        if kind == "die" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise InputError(f"a die shows a face ≥ 1, got {value!r}", field="chance.die")
        f = Forced(kind, value, player)
        self.forced.append(f)
        return f

    def clear(self) -> None:
        self.forced.clear()

    def _take(self, kind: str, player: str | None) -> Forced | None:
        if not self.forced:
            return None
        for k, f in enumerate(self.forced):
            if f.kind == kind and (f.player is None or f.player == player):
                del self.forced[k]
                self.used.append(f)
                return f
        return None

    # ----------------------------------------------------------------- draws
    def shuffle(self, rng: int, items: Sequence[T], *, what: str,
                player: str | None = None) -> tuple[tuple[T, ...], int, dict[str, Any]]:
        """``items`` shuffled. A forced ``shuffle`` gives the order (a list of the items, or a prefix
        of them: the rest follow in the shuffled order)."""
        out, rng = shuffle(rng, items)
        f = self._take("shuffle", player)
        if f is not None:
            out = _ordered(out, f.value, what)
        return out, rng, _event("shuffle", what, len(out), f is not None, player)

    def roll(self, rng: int, sides: int, *, what: str,
             player: str | None = None) -> tuple[int, int, dict[str, Any]]:
        """A die of ``sides`` faces: 1..sides."""
        value, rng = randbelow(rng, sides)
        value += 1
        f = self._take("die", player)
        if f is not None:
            if not 1 <= f.value <= sides:
                raise InputError(f"forced die {f.value} cannot show on a {sides}-sided die ({what})",
                                 field="chance.die")
            value = f.value
        return value, rng, _event("die", what, value, f is not None, player)

    def pick(self, rng: int, labels: Sequence[str], *, what: str,
             player: str | None = None) -> tuple[int, int, dict[str, Any]]:
        """One of ``labels`` uniformly: its index."""
        index, rng = randbelow(rng, len(labels))
        f = self._take("pick", player)
        if f is not None:
            if f.value not in labels:
                raise InputError(f"forced {f.value!r} is not one of {', '.join(labels)} ({what})",
                                 field="chance.pick")
            index = list(labels).index(f.value)
        return index, rng, _event("pick", what, labels[index], f is not None, player)

    def top(self, pile: tuple[str, ...], *, what: str,
            player: str | None = None) -> tuple[tuple[str, ...], dict[str, Any] | None]:
        """Before a draw from ``pile`` (top first): the first forced ``draw`` (of ``player``, when
        it names one) whose card is in the pile moves that card to the top. A card is named by its
        instance (``P1/jab#2``), its copy (``jab#2``) or its id (``jab``: the first copy in the
        pile). A forced draw whose card is not in this pile waits for another draw."""
        if not self.forced:
            return pile, None
        for k, f in enumerate(self.forced):
            if f.kind != "draw" or (f.player is not None and f.player != player):
                continue
            for j, card in enumerate(pile):
                if _same_card(card, f.value):
                    del self.forced[k]
                    self.used.append(f)
                    return (card,) + pile[:j] + pile[j + 1:], _event("draw", what, card, True, player)
        return pile, None


def _same_card(card: str, value: Any) -> bool:
    short = card.split("/", 1)[-1]
    return bool(card == value or short == value or short.split("#", 1)[0] == value)


def _ordered(shuffled: tuple[T, ...], order: Any, what: str) -> tuple[T, ...]:
    if not isinstance(order, (list, tuple)):
        raise InputError(f"a forced shuffle is a list of the items in order, got {order!r}",
                         field="chance.shuffle")
    rest = list(shuffled)
    head: list[T] = []
    for want in order:
        for k, item in enumerate(rest):
            if item == want or (isinstance(item, str) and _same_card(item, want)):
                head.append(rest.pop(k))
                break
        else:
            raise InputError(f"forced shuffle of {what}: {want!r} is not among the items",
                             field="chance.shuffle")
    return tuple(head + rest)
