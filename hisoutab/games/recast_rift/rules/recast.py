"""The recast zone: free positions for casting and deploying (RR-CAST-2, RR-DEP-2, RR-DEP-4), lifting
one card or all at once (RR-LIFT-3 … RR-LIFT-6, A-22, A-23) and raising a recast time (RR-DEP-7,
A-29). These work on one player record; the steps say what happened."""

from __future__ import annotations

from dataclasses import dataclass, field

from hisoutab.engine.record import replace

from .cards import Spell
from .common import CAPACITY, slot, with_slot, without
from .context import Context
from .state import Player


def has_space(ctx: Context, p: Player, k: int) -> bool:
    """Position ``k`` can take one more card ([0]: A-23)."""
    if k == 0:
        return ctx.zero_capacity is None or len(p.recast_0) < ctx.zero_capacity
    return len(slot(p, k)) < CAPACITY


def recast_positions(spell: Spell, shift: int = 0) -> tuple[int, ...]:
    """The positions of the card's recast time, each moved ``shift`` nearer its player by card
    text (a ``recast_time`` modifier, RR-PRIN-1), kept within [III] … [I]."""
    if not shift:
        return spell.recast
    return tuple(sorted({min(3, max(1, k + shift)) for k in spell.recast}, reverse=True))


def deploy_positions(ctx: Context, p: Player, spell: Spell, shift: int = 0) -> tuple[int, ...]:
    """RR-DEP-2: where the card may be deployed now: the positions of its recast time (as card text
    changes it: ``shift``) with a free space, and [0] only when its text allows it (RR-DEP-6,
    RR-PRIN-1)."""
    out = tuple(k for k in recast_positions(spell, shift) if has_space(ctx, p, k))
    if spell.deploy_to_zero and ctx.abilities and has_space(ctx, p, 0):
        out += (0,)
    return out


def cast_positions(ctx: Context, p: Player, spell: Spell, shift: int = 0) -> tuple[int, ...]:
    """RR-CAST-2: a card may be cast when a recast zone it can be deployed to has a free space
    (「そのスペル札が展開できるリキャストゾーンに空きがあればキャストできます」, L110): the positions
    of its recast time, and any its own text opens ([0] for a card that may be deployed there)."""
    return deploy_positions(ctx, p, spell, shift)


def can_lift(ctx: Context, p: Player, card: str, k: int) -> bool:
    """RR-LIFT-5: the card in position ``k`` can lift only into a free space."""
    return k >= 1 and has_space(ctx, p, k - 1)


def lift_one(p: Player, card: str, k: int) -> Player:
    """RR-LIFT-3: the card's recast time goes down by 1 (from [I] into [0], RR-LIFT-6)."""
    p = with_slot(p, k, without(slot(p, k), card))
    return with_slot(p, k - 1, slot(p, k - 1) + (card,))


@dataclass
class Lifted:
    player: Player
    moved: list[tuple[str, int]] = field(default_factory=list)  # (card, from position)
    blocked: list[tuple[str, int]] = field(default_factory=list)


def lift_all(ctx: Context, p: Player) -> Lifted:
    """RR-LIFT-4: every deployed card in [III], [II], [I] lifts at once. Free space is judged after
    the movement (cards leaving a position free it) or before it (A-22); the oldest cards of a
    position move first when space is short."""
    after = ctx.options["a22.lift_space"] == "after"
    before = {k: len(slot(p, k)) for k in (3, 2, 1, 0)}
    out = Lifted(p)
    staying: dict[int, tuple[str, ...]] = {}
    arriving: dict[int, tuple[str, ...]] = {0: ()}
    for k in (1, 2, 3):  # the far end first: what leaves [I] makes room in [I] for [II]
        cards = slot(p, k)
        target = k - 1
        if target == 0:
            cap = None if ctx.zero_capacity is None else ctx.zero_capacity - before[0]
        elif after:
            cap = CAPACITY - len(staying[target])
        else:
            cap = CAPACITY - before[target]
        n = len(cards) if cap is None else max(0, min(len(cards), cap))
        arriving[target] = cards[:n]
        staying[k] = cards[n:]
        out.moved += [(c, k) for c in cards[:n]]
        out.blocked += [(c, k) for c in cards[n:]]
    p = replace(p, recast_0=p.recast_0 + arriving[0], recast_1=staying[1] + arriving[1],
                recast_2=staying[2] + arriving[2], recast_3=staying[3])
    out.player = p
    return out


def raise_recast(ctx: Context, p: Player, card: str, k: int, n: int) -> tuple[Player, str, int]:
    """Raise the recast time of ``card`` (in position ``k``) by ``n``: (player, what happened, new
    position). ``"moved"``; ``"reserve"`` past [III] (RR-DEP-7); a full position: ``"stays"`` or the
    next free position nearer the player (A-29)."""
    target = k + n
    if target > 3:
        p = with_slot(p, k, without(slot(p, k), card))
        return replace(p, reserve=p.reserve + (card,)), "reserve", -1
    if len(slot(p, target)) >= CAPACITY:
        if ctx.options["a29.raise_into_full"] == "stays":
            return p, "stays", k
        while target <= 3 and len(slot(p, target)) >= CAPACITY:
            target += 1
        if target > 3:
            p = with_slot(p, k, without(slot(p, k), card))
            return replace(p, reserve=p.reserve + (card,)), "reserve", -1
    p = with_slot(p, k, without(slot(p, k), card))
    return with_slot(p, target, slot(p, target) + (card,)), "moved", target
