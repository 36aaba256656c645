"""§7 Attack resolution: guard state, time damage, guard, guard crush, damage, knockdown."""

from __future__ import annotations

from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from . import spirit as sp
from .common import guard_state, invulnerable, pn, put, setp
from .context import Context
from .effects import AFTER_EFFECT
from .flow import FLOW
from .state import Player, State

AFTER_ATTACK = AFTER_EFFECT


def time_damage(ctx: Context, s: State, p: Player, x: int) -> tuple[Player, str]:
    """H-TD-1/2: the hit token goes on current turn + X, keeping the later of two positions."""
    x = max(x, ctx.options["time_damage.minimum"])
    if x <= 0:
        return p, "no time damage"
    target = s.time + x
    if p.hit is not None and p.hit >= target:
        return p, f"hit token stays at t={p.hit} (later than t={target})"
    old = p.hit
    p = replace(p, hit=target)
    return p, (f"hit token to t={target}" if old is None else f"hit token t={old} → {target}")


@FLOW.auto("attack.begin", phase="attack", clauses=("H-ATK-1", "H-ATK-2", "H-ATK-IDLE", "H-EFF-DEF",
                                                    "H-KD"),
           next=(("attack.guard", "the defender is in guard state"),
                 ("attack.damage", "not in guard state")) + AFTER_ATTACK)
def begin(ctx: Context, s: State, frame: tuple) -> Outcome:
    """The damage is determined by the defender's state: guard state (a defense card on the field,
    or both play zones empty) or not; the defender's marker is marked to the current cell."""
    _, att, iid, damage, hitstun, guard_cost = frame
    d = 1 - att
    p = s.players[d]
    if invulnerable(ctx, d, p):
        return Outcome(s, f"{pn(d)} is knocked down and invulnerable: the attack has no effect",
                       clauses=("H-KD",))
    guarding = guard_state(ctx, p)
    clauses: tuple[str, ...] = ("H-ATK-1", "H-ATK-2")
    if guarding:
        clauses += ("H-EFF-DEF",) if (p.cast or p.trigger) else ("H-ATK-IDLE",)
    if p.marker is not None and not p.marker_off:
        p = replace(p, marker_mark=s.time)
        s = setp(s, d, p)
    state_text = "in guard state" if guarding else "not in guard state"
    if guarding and p.cast is None and p.trigger is None:
        state_text += " (both play zones empty)"
    nxt = "attack.guard" if guarding else "attack.damage"
    return Outcome(s, f"{pn(d)} is {state_text}; marker marked to the current cell t={s.time}",
                   events=({"type": "defender", "player": pn(d), "guard": guarding},),
                   then=((nxt, att, iid, damage, hitstun, guard_cost),), clauses=clauses)


@FLOW.auto("attack.guard", phase="attack",
           clauses=("H-GUARD-1", "H-GUARD-2", "H-TD-1", "H-TD-2", "R-8", "R-17", "S-3"),
           next=(("attack.crush", "spirit after guarding < 0"),) + AFTER_ATTACK)
def guard(ctx: Context, s: State, frame: tuple) -> Outcome:
    """Guard: take (hitstun − 1) time damage and pay the guard cost in spirit; with spirit left ≥ 0
    no damage is taken and the turn goes on (R-17)."""
    _, att, iid, damage, hitstun, guard_cost = frame
    d = 1 - att
    p = s.players[d]
    p, td_text = time_damage(ctx, s, p, hitstun - 1)
    cost = ctx.guard_cost if guard_cost is None else guard_cost
    have = sp.available(p.spirit)
    name = ctx.name(iid)
    if have - cost < 0:
        s = setp(s, d, p)
        return Outcome(s, f"{pn(d)} guards {name}: {td_text}, but cannot pay {cost} spirit "
                          f"(has {have})",
                       then=(("attack.crush", att, iid, damage, hitstun, guard_cost),),
                       clauses=("H-GUARD-1", "H-GUARD-2", "H-TD-1", "H-TD-2", "R-8"))
    p = replace(p, spirit=sp.pay(p.spirit, cost, ctx.spend_order)) if cost else p
    s = setp(s, d, p)
    clauses: tuple[str, ...] = ("H-GUARD-1", "H-GUARD-2", "H-TD-1", "H-TD-2", "R-8", "R-17")
    if hitstun - 1 <= 0:
        clauses += ("S-3",)  # time damage 0: the option decides whether a hit token is placed
    if ctx.options["guard.after"] == "play_phase":
        rest = tuple(f for f in s.agenda if not (f[0].startswith("eff.") and f[1] == att
                                                 and f[2] == iid))
        s = replace(s, agenda=rest)
    return Outcome(s, f"{pn(d)} guards {name}: {td_text}, spirit {have} → {have - cost}",
                   events=({"type": "guard", "player": pn(d), "card": iid, "hit": p.hit,
                            "spirit": [have, have - cost]},), clauses=clauses)


@FLOW.auto("attack.crush", phase="attack",
           clauses=("H-GUARD-CRUSH", "H-GUARD-CRUSH-1", "H-GUARD-CRUSH-2", "H-GUARD-CRUSH-3",
                    "H-GUARD-CRUSH-4"),
           next=("attack.damage",))
def crush(ctx: Context, s: State, frame: tuple) -> Outcome:
    """Guard crush: the defender takes the damage, the rightmost spirit token is replaced by the die
    printed beneath it, the remaining tokens flip face-up, and the defender is knocked down."""
    _, att, iid, damage, hitstun, guard_cost = frame
    d = 1 - att
    p = s.players[d]
    before = p.spirit
    after = sp.crush(before, ctx.dice)
    s = setp(s, d, replace(p, spirit=after))
    return Outcome(s, f"guard crush: {pn(d)}'s gauge {sp.show(before)} → {sp.show(after)}; "
                      f"{pn(d)} takes the damage and is knocked down",
                   events=({"type": "guard_crush", "player": pn(d), "spirit": list(after)},),
                   then=(("attack.damage", att, iid, damage, hitstun, guard_cost),
                         ("knockdown.take", d)))


@FLOW.auto("attack.damage", phase="attack",
           clauses=("H-DMG-1", "H-DMG-2", "H-DMG-3", "H-DMG-4", "H-TD-1", "H-TD-2", "R-18"),
           next=(("knockdown.take", "after a guard crush"),) + AFTER_ATTACK)
def damage_(ctx: Context, s: State, frame: tuple) -> Outcome:
    """Damage: the defender loses HP equal to the damage and takes time damage equal to the hitstun;
    the turn marker leaves the timeline (the hit token stands for the next turn); all cards in the
    defender's play zones are discarded (R-18: cast and trigger zones)."""
    _, att, iid, damage, hitstun, _guard_cost = frame
    d = 1 - att
    p = s.players[d]
    base = p.hp if p.hp_mark is None else p.hp_mark
    p = replace(p, hp_mark=base - damage, marker_off=True, missed=False)
    p, td_text = time_damage(ctx, s, p, hitstun)
    gone, back = [], []
    for zone in ("cast", "trigger"):
        card = getattr(p, zone)
        if card is not None:
            standing = card in ctx.standing  # a standing card returns to hand, never to the pile
            (back if standing else gone).append(card)
            p = put(replace(p, **{zone: None, zone + "_side": ""}), card,
                    "hand" if standing else "discard")
    s = setp(s, d, p)
    text = (f"{pn(d)} takes {damage} damage from {ctx.name(iid)} (HP {base} → {base - damage} at "
            f"settlement), {td_text}, marker off the timeline")
    if gone:
        text += "; discards " + ", ".join(ctx.name(c) for c in gone) + " from the play zones"
    if back:
        text += "; " + ", ".join(ctx.name(c) for c in back) + " (standing) goes back to hand"
    return Outcome(s, text, events=({"type": "damage", "player": pn(d), "card": iid,
                                     "amount": damage, "hit": p.hit, "discarded": gone,
                                     "to_hand": back},))


@FLOW.auto("knockdown.take", phase="attack", clauses=("H-KD", "H-GUARD-CRUSH-4"),
           next=AFTER_ATTACK)
def knockdown(ctx: Context, s: State, frame: tuple) -> Outcome:
    """Knockdown: the player discards every card except standing cards and takes the knockdown card,
    which must be the next card played; invulnerable until it leaves their zones."""
    i = frame[1]
    p = s.players[i]
    kd = ctx.knockdown_cards[i]
    keep = tuple(c for c in p.hand if c in ctx.standing)
    gone = tuple(c for c in p.hand if c not in ctx.standing)
    aside = tuple(c for c in p.aside if c != kd)
    p = replace(p, hand=keep + (kd,), discard=p.discard + gone, aside=aside)
    s = setp(s, i, p)
    text = f"{pn(i)} is knocked down: discards {len(gone)} card{'s' if len(gone) != 1 else ''}, "
    text += f"takes {ctx.name(kd)} and is invulnerable until it leaves play"
    return Outcome(s, text, events=({"type": "knockdown", "player": pn(i), "discarded": list(gone)},))
