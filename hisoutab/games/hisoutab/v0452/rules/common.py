"""Small rule helpers shared by the step modules: players, zones, drawing, guard state, facing."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.record import replace

# the duels' shared helpers, re-exported for the step modules
from hisoutab.games.hisoutab.duel import cell as cell
from hisoutab.games.hisoutab.duel import face_each_other as face_each_other
from hisoutab.games.hisoutab.duel import names as names
from hisoutab.games.hisoutab.duel import pn as pn
from hisoutab.games.hisoutab.duel import setp as setp

from .context import Context
from .state import MOTIONS, Player, State


def takes_part(ctx: Context, s: State, i: int) -> bool:
    """H-TURN-2: the player's marker (or hit token) stands on the current cell. R-27: a turn
    player who guarded cleanly keeps its marker on the current cell and stays in the turn; only
    damage (H-DMG-3) takes it out."""
    p = s.players[i]
    if p.position == s.time:
        return True
    return ctx.guard_stays and p.marker == s.time and not p.marker_off and i in s.participants


def guard_state(ctx: Context, p: Player) -> bool:
    """H-EFF-DEF: a defense card on the field; H-ATK-IDLE: both play zones empty."""
    if p.cast is None and p.trigger is None:
        return True
    for iid, side in ((p.cast, p.cast_side), (p.trigger, p.trigger_side)):
        if iid is not None and ctx.cards[iid].face(side).has_effect("defense"):
            return True
    return False


def invulnerable(ctx: Context, i: int, p: Player) -> bool:
    """H-KD: invulnerable until the knockdown card leaves the player's zones."""
    kd = ctx.knockdown_cards[i]
    return kd in p.hand or p.cast == kd or p.trigger == kd




def draw(ctx: Context, s: State, i: int, n: int,
         events: list[dict[str, Any]] | None = None) -> tuple[State, list[str], bool]:
    """Draw ``n`` cards into the hand; an empty deck is remade from the discard pile (R-7). Chance
    events (the reshuffle, a forced draw) are appended to ``events``."""
    p = s.players[i]
    deck, discard, hand = p.deck, p.discard, p.hand
    drawn: list[str] = []
    reshuffled = False
    rng = s.rng
    chance = ctx.chance
    who = pn(i)
    for _ in range(n):
        if not deck:
            if not discard or not ctx.options["deck.reshuffle"]:
                break
            deck, rng, e = chance.shuffle(rng, discard, what=f"{who}'s discard pile", player=who)
            if events is not None:
                events.append(e)
            discard = ()
            reshuffled = True
        if chance.forced:
            deck, e2 = chance.top(deck, what=f"{who}'s deck", player=who)
            if e2 is not None and events is not None:
                events.append(e2)
        drawn.append(deck[0])
        deck = deck[1:]
    if not drawn and not reshuffled:
        return s, drawn, False
    p = replace(p, deck=deck, discard=discard, hand=hand + tuple(drawn))
    players = (p, s.players[1]) if i == 0 else (s.players[0], p)
    return replace(s, players=players, rng=rng), drawn, reshuffled


def drawn_in_hand(ctx: Context, p: Player) -> int:
    """Cards in hand that count towards the hand size (not standing cards, not the knockdown card)."""
    return len(p.hand) - len(ctx.not_drawn.intersection(p.hand))


def refill_needed(ctx: Context, p: Player) -> bool:
    """Whether H-MAINT-4 would draw: fewer than 5 drawn cards in hand once the trigger zone's card
    has gone where it goes (a cancel card returns to hand)."""
    have = drawn_in_hand(ctx, p)
    if p.trigger is not None and p.trigger not in ctx.standing and \
            destination(ctx, p, p.trigger) == "hand":
        have += 1
    return have < ctx.hand_size


def discard_zone(ctx: Context, iid: str) -> str:
    """Where a discarded card goes: spell cards to the spell discard pile (H-SPELL-DISCARD),
    special effects back to the special area (H-EFF-SPECIAL-3, H-UPG-4), others to the discard pile."""
    if iid in ctx.spell_cards:
        return "spell_discard"
    if iid in ctx.specials:
        return "special"
    return "discard"


def die_of(p: Player, iid: str) -> int | None:
    for card, value in p.dice:
        if card == iid:
            return value
    return None


def destination(ctx: Context, p: Player, iid: str) -> str:
    """H-MAINT-1 / R-12: where a card leaving the trigger zone goes."""
    if iid in ctx.standing:
        return "hand"
    kind = ctx.cards[iid].kind
    if kind == "knockdown":
        return "aside"
    if die_of(p, iid) is not None or (kind == "bullet" and discard_zone(ctx, iid) == "discard"):
        # H-MAINT-1: a bullet attack goes to the bullet area, its bullets gone or not; a
        # die-less one reaches the discard pile at the end of its owner's cleanup (H-EFF-BUL-4)
        return "bullet_area"
    if kind == "cancel":
        return "hand"
    if kind == "physical":
        return discard_zone(ctx, iid)
    other = ctx.options["zones.other_destination"]
    if other == "hand" and iid not in ctx.spell_cards and iid not in ctx.specials:
        return "hand"
    return discard_zone(ctx, iid)


def put(p: Player, iid: str, where: str, ctx: Context | None = None, **changes: object) -> Player:
    """Add a card to a zone of the player (and make ``changes`` to other fields at once)."""
    if where == "special":
        assert ctx is not None
        k = MOTIONS.index(ctx.cards[iid].motion)
        return replace(p, special=p.special[:k] + (iid,) + p.special[k + 1:], **changes)
    zone = where if where in _PILES else "discard"
    changes[zone] = getattr(p, zone) + (iid,)
    return replace(p, **changes)


_PILES = frozenset(("hand", "aside", "bullet_area", "spell_discard", "removed", "discard"))


def discard(ctx: Context, p: Player, iid: str) -> tuple[Player, str]:
    """Discard a card (routed by :func:`discard_zone`; standing cards go back to hand)."""
    if iid in ctx.standing:
        where = "hand"
    elif die_of(p, iid) is not None:
        where = "bullet_area"  # its bullets are still on the board: the card waits for its die
    else:
        where = discard_zone(ctx, iid)
    return put(p, iid, where, ctx), where



