"""§7 Attack resolution: guard state, time damage, guard, guard crush, damage, knockdown, and the
keywords that act on a hit: {Knockback X}, {Damage: effect}, {Knockdown}, spirit break.

Attack frames are ``(step, attacker, card, side, bullet id or "")``; the numbers (damage, hitstun,
guard cost, keywords) come from that face of the card.
"""

from __future__ import annotations

from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import spirit as sp
from .bullets import contact_frames, remove_bullets
from .common import cell, discard, face_each_other, guard_state, invulnerable, pn, setp
from .context import Context
from .effects import AFTER_EFFECT, approach_step
from .flow import FLOW
from .state import Player, State

AFTER_ATTACK = AFTER_EFFECT + (
    ("bullet.hit", "another bullet on the cell"),
    ("bullets.settle", "in the bullet movement phase"),
    ("adjust.settle", "after gravity"),
    ("kw.on_damage", "the next on-damage effect"),
)


def time_damage(ctx: Context, s: State, p: Player, x: int) -> tuple[Player, str, tuple[str, ...]]:
    """H-TD-1/2: the hit token goes on current turn + X, keeping the later of two positions. Also
    returns the clauses applied: H-TD-1, and H-TD-2 when a hit token was already on the board."""
    x = max(x, ctx.options["time_damage.minimum"])
    if x <= 0:
        return p, "no time damage", ()
    target = s.time + x
    if p.hit is not None and p.hit >= target:
        later = f" (later than t={target})" if p.hit > target else ""
        return p, f"hit token stays at t={p.hit}{later}", ("H-TD-1", "H-TD-2")
    old = p.hit
    p = replace(p, hit=target)
    if old is None:
        return p, f"hit token to t={target}", ("H-TD-1",)
    return p, f"hit token t={old} → {target}", ("H-TD-1", "H-TD-2")


def _after_hit(ctx: Context, frame: Frame, dealt: bool) -> list[Frame]:
    """Keywords of the attacking card that act once the hit is resolved."""
    _, att, iid, side, _bid = frame
    face = ctx.cards[iid].face(side)
    frames: list[Frame] = []
    if dealt:
        frames += [("kw.on_damage", att, iid, side, k) for k in range(len(face.on_damage))]
    if face.knockback:
        frames.append(("kw.knockback", att, iid, side, face.knockback))
    return frames


@FLOW.auto("attack.begin", phase="attack", clauses=("H-ATK-1", "H-ATK-2", "H-ATK-IDLE", "H-EFF-DEF",
                                                    "H-DMG-3", "H-KD", "R-25"),
           next=(("attack.guard", "the defender is in guard state"),
                 ("attack.damage", "not in guard state")) + AFTER_ATTACK)
def begin(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The damage is determined by the defender's state: guard state (a defense card on the field,
    or both play zones empty) or not; the defender's marker is marked to the current cell. A
    defender whose zones are empty because it was hit (its marker is off the timeline) is not idle
    (R-25)."""
    _, att, iid, side, bid = frame
    d = 1 - att
    p = s.players[d]
    if invulnerable(ctx, d, p):
        return Outcome(s, f"{pn(d)} is knocked down and invulnerable: the attack has no effect",
                       clauses=("H-KD",))
    idle = p.cast is None and p.trigger is None
    off = p.marker is None or p.marker_off  # H-DMG-3: hit earlier, waiting on the hit token
    clauses: tuple[str, ...] = ("H-ATK-1",) if off else ("H-ATK-1", "H-ATK-2")
    if idle and off and ctx.options["guard.hit_defender"] == "hit":
        guarding = False
        state_text = "not in guard state (hit earlier: the zones were emptied by the hit)"
        clauses += ("H-ATK-IDLE", "H-DMG-3", "R-25")
    else:
        guarding = guard_state(ctx, p)
        state_text = "in guard state" if guarding else "not in guard state"
        if guarding and idle:
            state_text += " (both play zones empty)"
            clauses += ("H-ATK-IDLE",) + (("R-25",) if off else ())
        elif guarding:
            clauses += ("H-EFF-DEF",)
    if not off:
        p = replace(p, marker_mark=s.time)
        s = setp(s, d, p)
        state_text += f"; marker marked to the current cell t={s.time}"
    else:
        state_text += "; the marker is off the timeline (nothing to mark)"
        if "H-DMG-3" not in clauses:
            clauses += ("H-DMG-3",)
    nxt = "attack.guard" if guarding else "attack.damage"
    return Outcome(s, f"{pn(d)} is {state_text}",
                   events=({"type": "defender", "player": pn(d), "guard": guarding},),
                   then=((nxt, att, iid, side, bid),), clauses=clauses)


@FLOW.auto("attack.guard", phase="attack",
           clauses=("H-GUARD-1", "H-GUARD-2", "H-TD-1", "H-TD-2", "R-8", "R-17", "R-27", "S-3"),
           next=(("attack.crush", "spirit after guarding < 0"),
                 ("kw.knockback", "{Knockback X}")) + AFTER_ATTACK)
def guard(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Guard: take (hitstun − 1) time damage and pay the guard cost in spirit; with spirit left ≥ 0
    no damage is taken and the resolution ends (R-17)."""
    _, att, iid, side, bid = frame
    face = ctx.cards[iid].face(side)
    d = 1 - att
    p = s.players[d]
    p, td_text, td = time_damage(ctx, s, p, face.hitstun - 1)
    cost = ctx.guard_cost if face.guard_cost is None else face.guard_cost
    have = sp.available(p.spirit)
    if have - cost < 0:
        s = setp(s, d, p)
        return Outcome(s, f"{pn(d)} guards {face.name}: {td_text}, but cannot pay {cost} spirit "
                          f"(has {have})",
                       then=(("attack.crush", att, iid, side, bid),),
                       clauses=("H-GUARD-1", "H-GUARD-2") + td + ("R-8",))
    p = replace(p, spirit=sp.pay(p.spirit, cost, ctx.spend_order)) if cost else p
    s = setp(s, d, p)
    clauses: tuple[str, ...] = ("H-GUARD-1", "H-GUARD-2") + td + ("R-8", "R-17")
    if face.hitstun - 1 <= 0:
        clauses += ("S-3",)  # time damage 0: the option decides whether a hit token is placed
    if d in s.participants and p.marker == s.time and p.hit is not None:
        clauses += ("R-27",)  # a turn player guards: it stays in the turn, or the hit token takes it out
        if ctx.options["guard.turn"] == "stay":
            td_text += " (it stays in the turn; next turn at the later of marker and hit token)"
    if ctx.options["guard.after"] == "play_phase" and not bid:
        rest = tuple(f for f in s.agenda if not ((f[0].startswith("eff.") or f[0] == "kw.groundair")
                                                 and f[1] == att and f[2] == iid))
        s = replace(s, agenda=rest)
    return Outcome(s, f"{pn(d)} guards {face.name}: {td_text}, spirit {have} → {have - cost}",
                   events=({"type": "guard", "player": pn(d), "card": iid, "hit": p.hit,
                            "spirit": [have, have - cost]},),
                   then=_after_hit(ctx, frame, False), clauses=clauses)


@FLOW.auto("attack.crush", phase="attack",
           clauses=("H-GUARD-CRUSH", "H-GUARD-CRUSH-1", "H-GUARD-CRUSH-2", "H-GUARD-CRUSH-3",
                    "H-GUARD-CRUSH-4", "R-4"),
           next=("attack.damage",))
def crush(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Guard crush: the defender takes the damage, the rightmost spirit token is replaced by the die
    printed beneath it, the remaining tokens flip face-up, and the defender is knocked down."""
    _, att, iid, side, bid = frame
    d = 1 - att
    p = s.players[d]
    before = p.spirit
    after = sp.crush(before, ctx.dice)
    s = setp(s, d, replace(p, spirit=after))
    return Outcome(s, f"guard crush: {pn(d)}'s gauge {sp.show(before)} → {sp.show(after)}; "
                      f"{pn(d)} takes the damage and is knocked down",
                   events=({"type": "guard_crush", "player": pn(d), "spirit": list(after)},),
                   then=(("attack.damage", att, iid, side, bid), ("knockdown.take", d, "crush")))


@FLOW.auto("attack.damage", phase="attack",
           clauses=("H-DMG-1", "H-DMG-2", "H-DMG-3", "H-DMG-4", "H-TD-1", "H-TD-2", "R-18"),
           next=(("knockdown.take", "after a guard crush"), ("kw.knockback", "{Knockback X}"))
           + AFTER_ATTACK)
def damage_(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Damage: the defender loses HP equal to the damage and takes time damage equal to the hitstun;
    the turn marker leaves the timeline (the hit token stands for the next turn); all cards in the
    defender's play zones are discarded (R-18: cast and trigger zones)."""
    _, att, iid, side, _bid = frame
    face = ctx.cards[iid].face(side)
    damage = face.damage
    d = 1 - att
    p = s.players[d]
    base = p.hp if p.hp_mark is None else p.hp_mark
    p = replace(p, hp_mark=base - damage, marker_off=True, missed=False, recovery_override=None)
    p, td_text, td = time_damage(ctx, s, p, face.hitstun)
    gone: list[str] = []
    back: list[str] = []
    for zone in ("cast", "trigger"):
        card = getattr(p, zone)
        if card is not None:
            p, where = discard(ctx, replace(p, **{zone: None, zone + "_side": ""}), card)
            (back if where == "hand" else gone).append(card)
    clauses: tuple[str, ...] = ("H-DMG-1", "H-DMG-2", "H-DMG-3", "H-DMG-4") + td + ("R-18",)
    if ctx.options["hit.discard_zones"] == "all" and p.bullet_area:
        area = p.bullet_area
        s = setp(s, d, replace(p, bullet_area=()))
        # the bullets leave the board first, taking their dice (H-EFF-BUL-3), then the cards go
        s, _ = remove_bullets(ctx, s, [b.id for b in s.bullets if b.card in area])
        p = s.players[d]
        for card in area:
            p, _ = discard(ctx, p, card)
        gone += list(area)
    s = setp(s, d, p)
    text = (f"{pn(d)} takes {damage} damage from {face.name} (HP {base} → {base - damage} at "
            f"settlement), {td_text}, marker off the timeline")
    if gone:
        text += "; discards " + ", ".join(ctx.name(c) for c in gone) + " from the play zones"
    if back:
        text += "; " + ", ".join(ctx.name(c) for c in back) + " (standing) goes back to hand"
    return Outcome(s, text, events=({"type": "damage", "player": pn(d), "card": iid,
                                     "amount": damage, "hit": p.hit, "discarded": gone,
                                     "to_hand": back},),
                   then=_after_hit(ctx, frame, damage >= 1), clauses=clauses)


@FLOW.auto("knockdown.take", phase="attack", clauses=("H-KD", "H-GUARD-CRUSH-4", "H-KW-KD"),
           next=(("kw.knockback", "{Knockback X}"), ("knockdown.take", "{Knockdown} after a crush"))
           + AFTER_ATTACK)
def knockdown(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Knockdown: the player discards every card except standing cards and takes the knockdown card,
    which must be the next card played; invulnerable until it leaves their zones."""
    _, i, cause = frame
    p = s.players[i]
    kd = ctx.knockdown_cards[i]
    if kd in p.hand or kd in (p.cast, p.trigger):
        return Outcome(s, f"{pn(i)} is already knocked down", clauses=("H-KD",))
    keep = tuple(c for c in p.hand if c in ctx.standing)
    gone = [c for c in p.hand if c not in ctx.standing]
    p = replace(p, hand=keep, aside=tuple(c for c in p.aside if c != kd))
    for c in gone:
        p, _ = discard(ctx, p, c)
    for zone in ("cast", "trigger"):
        card = getattr(p, zone)
        if card is not None:
            p, _ = discard(ctx, replace(p, **{zone: None, zone + "_side": ""}), card)
            gone.append(card)
    p = replace(p, hand=p.hand + (kd,))
    s = setp(s, i, p)
    text = f"{pn(i)} is knocked down: discards {len(gone)} card{'s' if len(gone) != 1 else ''}, "
    text += f"takes {ctx.name(kd)} and is invulnerable until it leaves play"
    clauses = ("H-KD", "H-GUARD-CRUSH-4") if cause == "crush" else ("H-KD", "H-KW-KD")
    return Outcome(s, text, events=({"type": "knockdown", "player": pn(i), "discarded": list(gone)},),
                   clauses=clauses)


def push_away(ctx: Context, s: State, att: int, x: int) -> tuple[State, str, bool]:
    """{Knockback X}: the pushed piece passes cell by cell; S-6: it meets an attacker's bullet on a
    cell it passes and stops there (the flag says so; the hit follows, H-EFF-BUL-5)."""
    a, d = s.players[att], s.players[1 - att]
    direction = 1 if d.x > a.x else -1 if d.x < a.x else a.facing
    nx = d.x
    met = False
    meet = ctx.options["move.forced_contact"] == "meet"
    for _ in range(x):
        if not ctx.on_board(nx + direction, d.y):
            break
        nx += direction
        if meet and any(b.owner == att and (b.x, b.y) == (nx, d.y) for b in s.bullets):
            met = True
            break
    if nx == d.x:
        return s, f"{pn(1 - att)} is against the wall: knockback moves nothing", False
    s = face_each_other(ctx, setp(s, 1 - att, replace(d, x=nx)))
    stop = ("; it meets an opponent's bullet there and stops" if met
            else "" if nx - d.x == direction * x else " (stopped at the wall)")
    return s, f"{pn(1 - att)} is knocked back from {cell(d.x, d.y)} to {cell(nx, d.y)}{stop}", met


@FLOW.auto("kw.knockback", phase="attack", clauses=("H-KW-KNOCKBACK", "H-EFF-BUL-5", "S-6"),
           next=(("knockdown.take", "after a guard crush"),) + AFTER_ATTACK)
def knockback(ctx: Context, s: State, frame: Frame) -> Outcome:
    """{Knockback X}: the opponent moves X cells horizontally away; movement stops at the wall."""
    _, att, _iid, _side, x = frame
    s, text, met = push_away(ctx, s, att, x)
    return Outcome(s, text, then=contact_frames(s, 1 - att),
                   clauses=("H-KW-KNOCKBACK", "H-EFF-BUL-5", "S-6") if met else ("H-KW-KNOCKBACK",))


@FLOW.auto("kw.on_damage", phase="attack",
           clauses=("H-KW-ONDMG", "H-KW-KD", "H-BREAK", "H-KW-KNOCKBACK", "H-KW-APPROACH",
                    "H-EFF-BUL-5", "R-4", "S-6"),
           next=(("knockdown.take", "{Knockdown}"),) + AFTER_ATTACK)
def on_damage(ctx: Context, s: State, frame: Frame) -> Outcome:
    """{Damage: effect}: the card hit and dealt ≥ 1 damage, so the effect is performed."""
    _, att, iid, side, k = frame
    kind, value = ctx.cards[iid].face(side).on_damage[k]
    d = 1 - att
    if kind == "knockdown":
        return Outcome(s, f"{ctx.name(iid)} dealt damage: {{Knockdown}} on {pn(d)}",
                       then=(("knockdown.take", d, "keyword"),), clauses=("H-KW-ONDMG", "H-KW-KD"))
    if kind == "spirit_break":
        p = s.players[d]
        after = sp.spirit_break(p.spirit, ctx.dice)
        s = setp(s, d, replace(p, spirit=after))
        return Outcome(s, f"{ctx.name(iid)} dealt damage: spirit break on {pn(d)}, gauge "
                          f"{sp.show(p.spirit)} → {sp.show(after)}",
                       events=({"type": "spirit_break", "player": pn(d), "spirit": list(after)},),
                       clauses=("H-KW-ONDMG", "H-BREAK", "R-4"))
    if kind == "knockback":
        s, text, met = push_away(ctx, s, att, value)
        return Outcome(s, f"{ctx.name(iid)} dealt damage: {text}", then=contact_frames(s, d),
                       clauses=("H-KW-ONDMG", "H-KW-KNOCKBACK")
                       + (("H-EFF-BUL-5", "S-6") if met else ()))
    out = approach_step(ctx, s, att, value)
    return Outcome(out.state, f"{ctx.name(iid)} dealt damage: {out.text}", events=out.events,
                   then=out.then, clauses=("H-KW-ONDMG", "H-KW-APPROACH"))
