"""The words of 0.45.2 decisions: option labels with card names instead of card ids, and the
decisions whose options are the subsets of some cards or directions, offered as one checkbox each.

Option labels stay what scripts and scenario files write (``discard barrier_motion, dive_upgrade``);
:func:`option_text` is only what a button shows (``discard Barrier Motion (214), Hakurei Orb``).
:func:`subset_choice` describes

- the mulligan (H-SETUP-6): any number of the opening cards (not the standing cards), labelled
  ``keep all`` or ``discard`` and the sorted card ids;
- a spell card's payment (H-SPELL-COST) when the cast card is fixed and two or more other spell
  cards of the sequence are discarded with it: ``cast ID discarding A, B`` in sequence order;
- the directions of a {Multi X} bullet fired in different directions (H-KW-MULTI, R-29):
  ``fire forward, up``, in the order the rules list the directions.

Each ``label_for`` gives exactly the label of the option the chosen values stand for, and raises
``ValueError`` when they stand for none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from hisoutab.presentation.cards import SubsetChoice

from .cards import HIDDEN, card_name

_PLAY = re.compile(r"^(play|cancel with) ([a-z0-9_]+)(?: \((top|bottom)\))?$")
_CAST = re.compile(r"^cast ([a-z0-9_]+)(?: discarding (.+))?$")
_FRONT = re.compile(r"^front: ([a-z0-9_]+)$")
_DISCARD = re.compile(r"^discard (.+)$")


def _index(ctx: Any, player: str) -> int | None:
    players = tuple(getattr(ctx, "players", ()))
    return players.index(player) if player in players else None


def _names(ctx: Any, i: int) -> dict[str, Any]:
    """Card id → card definition of player ``i``'s character."""
    chars = getattr(ctx, "characters", ())
    return dict(chars[i].cards) if 0 <= i < len(chars) else {}


class _Words:
    """Player ``i``'s card names for the card ids of an option's label."""

    def __init__(self, ctx: Any, i: int) -> None:
        self.cards = _names(ctx, i)

    def name(self, cid: str) -> str | None:
        c = self.cards.get(cid)
        return str(c.name) if c is not None else None

    def names(self, text: str) -> str | None:
        found = [self.name(cid.strip()) for cid in text.split(",")]
        return None if any(n is None for n in found) else ", ".join(n for n in found if n)

    def play(self, verb: str, cid: str, side: str | None) -> str | None:
        c = self.cards.get(cid)
        if c is None:
            return None
        if side:
            face = c.face(side)
            if face.name != c.name:
                return f"{verb} {face.name} ({side} of {c.name})"
            return f"{verb} {c.name} ({side})"
        return f"{verb} {c.name}"

    def cast(self, cid: str, paid: str | None) -> str | None:
        n = self.name(cid)
        if n is None:
            return None
        if paid:
            listed = self.names(paid)
            return f"cast {n} discarding {listed}" if listed else None
        return f"cast {n}"


def _said(words: _Words, decision: Any, label: str) -> str | None:
    """The label in words, or None when it names no card of the player's."""
    m = _DISCARD.match(label)
    if m and getattr(decision, "kind", "") == "mulligan":
        listed = words.names(m.group(1))
        return f"discard {listed}" if listed else None
    m = _PLAY.match(label)
    if m:
        verb, cid, side = m.groups()
        return words.play(verb, cid, side)
    m = _FRONT.match(label)
    if m:
        n = words.name(m.group(1))
        return f"front: {n}" if n else None
    m = _CAST.match(label)
    if m:
        return words.cast(m.group(1), m.group(2))
    return None


def option_text(ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
    """The words of a button: the option's label with the player's card names for card ids."""
    label = str(option.label)
    i = _index(ctx, player)
    if i is None:
        return label
    return _said(_Words(ctx, i), decision, label) or label


# ------------------------------------------------------------------ subsets
def _checked(labels: Sequence[str], what: str) -> Callable[[str, Sequence[str]], str]:
    legal = set(labels)

    def check(label: str, values: Sequence[str]) -> str:
        if label not in legal:
            raise ValueError(f"{', '.join(map(str, values)) or 'nothing'}: not an option of {what} "
                             f"(it would be {label!r})")
        return label

    return check


def _pick(items: Sequence[tuple[str, str]], values: Sequence[str], key: Callable[[str], str],
          what: str) -> list[str]:
    """The item values ``values`` choose, each item once: an item's own value, or a key (a card id)
    standing for the next item with that key not chosen yet."""
    free = [v for v, _ in items]
    out: list[str] = []
    for v in values:
        if v in free:
            free.remove(v)
            out.append(v)
            continue
        match = next((f for f in free if key(f) == v), None)
        if match is None:
            known = any(v == x or key(x) == v for x, _ in items)
            raise ValueError(f"{v!r} is chosen twice for {what}" if known
                             else f"{v!r} is not one of the cards of {what}; expected one of "
                                  + ", ".join(x for x, _ in items))
        free.remove(match)
        out.append(match)
    return out


def _mulligan(ctx: Any, state: Any, decision: Any, player: str, i: int) -> SubsetChoice | None:
    hand = tuple(state.players[i].hand)
    if HIDDEN in hand:
        return None
    standing: frozenset[str] = getattr(ctx, "standing", frozenset())
    items = tuple((c, card_name(ctx, c)) for c in hand if c not in standing and c in ctx.cards)
    what = f"{player}'s mulligan"
    labels = decision.labels(player)
    check = _checked(labels, what)

    def cid(iid: str) -> str:
        return str(ctx.cards[iid].id)

    def label_for(values: Sequence[str]) -> str:
        chosen = _pick(items, values, cid, what)
        label = "discard " + ", ".join(sorted(cid(c) for c in chosen)) if chosen else "keep all"
        return check(label, values)

    return SubsetChoice(items, label_for, minimum=0, maximum=len(items), verb="discard",
                        prompt=decision.prompt or "Discard any number of the opening cards and draw back up")


def _spell(ctx: Any, state: Any, decision: Any, player: str, i: int) -> SubsetChoice | None:
    opts = decision.options_for(player)
    values = [o.value for o in opts]
    if not values or any(not (isinstance(v, tuple) and len(v) == 2) for v in values):
        return None
    cast = {v[0] for v in values}
    if len(cast) != 1:
        return None
    (spell,) = cast
    seq = tuple(state.players[i].spell_seq)
    n = len(values[0][1])
    if n < 2 or spell not in ctx.cards:
        return None
    others = tuple(c for c in seq if c != spell and c in ctx.cards)
    head = f"cast {ctx.cards[spell].id} discarding "

    def label(combo: Sequence[str]) -> str:
        return head + ", ".join(ctx.cards[c].id for c in sorted(combo, key=others.index))

    labels = decision.labels(player)
    if {label(c) for c in combinations(others, n)} != set(labels):
        return None
    items = tuple((c, card_name(ctx, c)) for c in others)
    what = f"the payment of {card_name(ctx, spell)}"
    check = _checked(labels, what)

    def label_for(chosen_values: Sequence[str]) -> str:
        chosen = _pick(items, chosen_values, lambda c: str(ctx.cards[c].id), what)
        if len(chosen) != n:
            raise ValueError(f"{card_name(ctx, spell)} costs {n + 1} spell cards, itself included: choose "
                             f"exactly {n} others to discard, not {len(chosen)}")
        return check(label(chosen), chosen_values)

    return SubsetChoice(items, label_for, minimum=n, maximum=n, verb="discard",
                        prompt=f"Choose the {n} spell cards discarded to pay for {card_name(ctx, spell)}")


def _fire(ctx: Any, state: Any, decision: Any, player: str, i: int) -> SubsetChoice | None:
    opts = decision.options_for(player)
    combos = [o.value for o in opts]
    if not combos or any(not isinstance(v, tuple) or not v for v in combos):
        return None
    order: list[str] = []
    for combo in combos:
        for d in combo:
            if not isinstance(d, tuple) or not d:
                return None
            if d[0] not in order:
                order.append(str(d[0]))
    n = len(combos[0])
    if n < 2:
        return None

    def label(chosen: Sequence[str]) -> str:
        return "fire " + ", ".join(sorted(chosen, key=order.index))

    labels = decision.labels(player)
    if {label(c) for c in combinations(order, n)} != set(labels):
        return None  # directions may repeat: not a choice of a subset
    items = tuple((d, d) for d in order)
    what = f"{player}'s bullets ({n} directions)"
    check = _checked(labels, what)

    def label_for(values: Sequence[str]) -> str:
        chosen = _pick(items, values, str, what)
        if len(chosen) != n:
            raise ValueError(f"{n} bullets are fired in {n} different directions: choose exactly {n}, "
                             f"not {len(chosen)}")
        return check(label(chosen), values)

    return SubsetChoice(items, label_for, minimum=n, maximum=n, verb="fire",
                        prompt=decision.prompt or f"Choose {n} directions")


_SUBSETS = {"mulligan": _mulligan, "spell": _spell, "fire": _fire}


def subset_choice(ctx: Any, state: Any, decision: Any, player: str) -> SubsetChoice | None:
    """The decision as a choice of a subset, when it is one (see the module text); else None."""
    make = _SUBSETS.get(getattr(decision, "kind", ""))
    i = _index(ctx, player)
    if make is None or i is None or player not in getattr(decision, "players", ()):
        return None
    return make(ctx, state, decision, player, i)


__all__ = ["option_text", "subset_choice"]
