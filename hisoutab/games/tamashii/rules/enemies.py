"""A player's enemy row (TM-ENEMY-1: the primary first): damage and defeat (TM-ENEMY-4,
TM-ENEMY-5, A-40, A-65), expel and discard (no XP, TM-XP-1.1), and where the combat's number die
lies when a card leaves the row (TM-CMB-3.6)."""

from __future__ import annotations

from hisoutab.engine.record import replace

from .board import player, put
from .context import Context, kind_of
from .state import Combat, State

XP_PER_DEFEAT = 1


def hp_left(ctx: Context, card: str, damage: int) -> int:
    return ctx.content.enemies[kind_of(card)].hp - damage


def remove_enemy(s: State, name: str, k: int) -> State:
    """Take the card at index ``k`` out of ``name``'s row into the enemy discard pile, keeping the
    combat's number die on its card (or marking that its card left, TM-CMB-3.6)."""
    p = player(s, name)
    card = p.enemies[k].card
    s = put(s, replace(p, enemies=p.enemies[:k] + p.enemies[k + 1:]))
    s = replace(s, enemy_discard=s.enemy_discard + (card,))
    c = s.combat
    if c is not None and c.player == name and c.at is not None:
        s = replace(s, combat=_shift(c, k))
    return s


def _shift(c: Combat, k: int) -> Combat:
    assert c.at is not None
    if k < c.at:
        return replace(c, at=c.at - 1)
    if k == c.at:
        return replace(c, at=c.at - 1, skipped=True)
    return c


def damage_primary(ctx: Context, s: State, name: str, n: int) -> tuple[State, str, set[str]]:
    """``n`` damage to the player's primary enemy (only the primary, TM-ENEMY-4); a card whose
    damage reaches its HP is defeated: 1 XP (TM-ENEMY-5, TM-XP-1.1); the excess is lost or carries
    to the next primary (A-65)."""
    p = player(s, name)
    if not p.enemies:
        return s, "no enemy to damage", {"TM-ENEMY-4"}
    foe = p.enemies[0]
    left = hp_left(ctx, foe.card, foe.damage)
    if n < left:
        s = put(s, replace(p, enemies=(replace(foe, damage=foe.damage + n),) + p.enemies[1:]))
        return s, f"{n} damage to {foe.card} ({left - n} HP left)", {"TM-ENEMY-4"}
    s = remove_enemy(s, name, 0)
    p = player(s, name)
    s = put(s, replace(p, xp=p.xp + XP_PER_DEFEAT))
    text = f"{foe.card} is defeated: +{XP_PER_DEFEAT} XP"
    clauses = {"TM-ENEMY-4", "TM-ENEMY-5", "TM-XP-1.1", "TM-ENEMY-1"}
    excess = n - left
    if excess and ctx.options["a65.excess"] == "carry" and player(s, name).enemies:
        s, more, extra = damage_primary(ctx, s, name, excess)
        return s, f"{text}; {excess} carries over: {more}", clauses | extra
    return s, text, clauses


def expel_primary(s: State, name: str) -> tuple[State, str]:
    """The primary enemy is expelled: to the discard pile, no XP (TM-XP-1.1)."""
    p = player(s, name)
    if not p.enemies:
        return s, "no enemy to expel"
    card = p.enemies[0].card
    return remove_enemy(s, name, 0), f"{card} is expelled (no XP)"


def discard_holder(s: State, name: str) -> tuple[State, str]:
    """The enemy card the combat's number die lies on goes to the discard pile, no XP: it will not
    attack, and the die goes on as TM-CMB-3.6 says (A-64)."""
    c = s.combat
    if c is None or c.player != name or c.at is None or c.skipped or c.at >= len(player(s, name).enemies):
        return s, "no enemy card holds the number die"
    card = player(s, name).enemies[c.at].card
    return remove_enemy(s, name, c.at), f"{card} is discarded before its attack (no XP)"
