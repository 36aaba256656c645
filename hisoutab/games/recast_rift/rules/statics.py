"""The one place where the rules ask "may player X do this?" and "what is number N now?".

Static abilities — the continuous [While Deployed] abilities of deployed cards (RR-DEP-3) and the
static [While Awakened] abilities of an awakened card (RR-AWK-5), each while its condition holds —
hold restrictions (``cannot``) and modifiers (``modify``). Every rule that lets a player act asks
:func:`forbidden` first: one "cannot" in force forbids the action whatever allows it ("cannot" beats
"can", RR-PRIN-2). Every number the rules fix is read through :func:`number`: the card text's
changes apply over the rule's value (card text beats the rules, RR-PRIN-1), never below 0."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .cards import Effect, Spell
from .common import deployed
from .conditions import holds
from .context import Context
from .extensions import MODIFIERS, RESTRICTIONS
from .state import State


@dataclass(frozen=True)
class Static:
    """One effect of a static ability in force: whose card it is, the card, the effect, and its
    recast position (``None``: an awakened card)."""

    owner: int
    card: str
    effect: Effect
    position: int | None


def in_force(ctx: Context, s: State) -> tuple[Static, ...]:
    """Every static effect in force now, P1's cards first. The game's context keeps the last state
    asked about and its effects: states are immutable, so the same state object has the same
    effects, and the rules ask many times per step."""
    if not ctx.abilities:
        return ()
    last = ctx.statics_memo
    if last is not None and last[0] is s:
        return last[1]
    found = _in_force(ctx, s)
    ctx.statics_memo = (s, found)
    return found


def static_cards(ctx: Context) -> frozenset[str]:
    """The spell cards of the game with a continuous [While Deployed] ability (the only ones
    :func:`in_force` need look at among the deployed cards), found once per game."""
    found = ctx.static_cards
    if found is None:
        found = ctx.static_cards = frozenset(
            iid for iid, card in ctx.cards.items() if not card.awakening
            and any(a.continuous for a in ctx.spell(iid).while_deployed))
    return found


def _in_force(ctx: Context, s: State) -> tuple[Static, ...]:
    statics = static_cards(ctx)
    out: list[Static] = []
    for i, p in enumerate(s.players):
        if statics:
            for card, k in deployed(ctx, p):
                if card in statics:
                    out += _deployed_effects(ctx, s, i, card, k)
        if p.awakened is not None:
            for a in ctx.awakening(p.awakened).static:
                if holds(ctx, s, i, a.test):
                    out += (Static(i, p.awakened, e, None) for e in a.effects)
    return tuple(out)


def _deployed_effects(ctx: Context, s: State, i: int, card: str, k: int) -> Iterator[Static]:
    """The effects of the continuous abilities of player ``i``'s card deployed in position ``k``
    whose conditions hold."""
    for a in ctx.spell(card).while_deployed:
        if a.continuous and holds(ctx, s, i, a.test):
            for e in a.effects:
                yield Static(i, card, e, k)


def applies_to(st: Static, i: int) -> bool:
    """The static effect's ``who`` covers player ``i``."""
    who = str(st.effect.get("who", "you"))
    return who == "both" or (who == "you") == (st.owner == i)


def forbidden(ctx: Context, s: State, i: int, action: str, spell: Spell | None = None) -> Static | None:
    """The "cannot" that forbids player ``i`` the ``action`` (``vocabulary.RESTRICTIONS``; for
    ``cast``, of ``spell``), or ``None``: the player may, as far as card text goes (RR-PRIN-2)."""
    for st in in_force(ctx, s):
        e = st.effect
        if e.kind != "cannot" or not applies_to(st, i) or not _asks(ctx, s, i, e.get("action"), action,
                                                                       spell):
            continue
        if spell is not None and any(e.get(key) not in (None, getattr(spell, key))
                                     for key in ("type", "timing")):
            continue
        return st
    return None


def _asks(ctx: Context, s: State, i: int, written: str, action: str, spell: Spell | None) -> bool:
    """A «cannot» written with action ``written`` covers ``action``: the same one, or a designer's
    kind of restriction (``extensions.register_restriction``) of it whose test holds."""
    custom = RESTRICTIONS.get(written)
    if custom is None:
        return written == action
    if action not in (written, custom.action):
        return False
    return custom.test is None or bool(custom.test(ctx, s, i, spell))


def number(ctx: Context, s: State, i: int, name: str, base: int) -> int:
    """Number ``name`` (``vocabulary.NUMBERS``) for player ``i``: the rule's ``base`` with every
    modifier in force that covers ``i``, never below 0 (RR-PRIN-1)."""
    return max(0, base + change(ctx, s, i, name))


def recast_shift(ctx: Context, s: State, i: int) -> int:
    """How many positions nearer player ``i`` their spell cards are deployed (``recast_time``
    modifiers; RR-DEP-2 asks it)."""
    return change(ctx, s, i, "recast_time")


def change(ctx: Context, s: State, i: int, name: str) -> int:
    """The sum of the modifiers of number ``name`` in force for player ``i`` (a designer's kind of
    modifier of it, ``extensions.register_modifier``, by its amount)."""
    total = 0
    for st in in_force(ctx, s):
        if st.effect.kind != "modify" or not applies_to(st, i):
            continue
        written, by = st.effect.get("number"), int(st.effect.get("by", 0))
        custom = MODIFIERS.get(written)
        if written == name or (custom is not None and custom.number == name):
            amount = None if custom is None else custom.amount
            total += by if amount is None else int(amount(ctx, s, st.owner, i, by))
    return total
