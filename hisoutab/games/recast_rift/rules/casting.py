"""§4.2–4.4 Casting and the cast-resolution order (RR-CAST-*, RR-SEQ-*, RR-ATK-*): a cast card goes
from the hand into the cast zone (the stack, top last), its [On Cast] abilities are processed in
order, then by its card type comes «Attack» processing — which fixes the damage — or deploy."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .common import damage_text, pn, set_top, setp, top, without
from .context import Context
from .ending import win_frames
from .flow import AFTER_TEXT, FLOW
from .state import Entry, State
from .statics import applies_to, in_force
from .texts import fire, wait_frames

HOW = {"normal": "RR-CAST-3.1", "preempt": "RR-CAST-3.2", "full_power": "RR-CAST-3.3"}
TYPE_CLAUSE = {"attack": "RR-SEQ-3.1", "action": "RR-SEQ-3.2", "set": "RR-SEQ-3.3", "trigger": "RR-SEQ-3.4"}
TYPE_NAME = {"attack": "an Attack", "action": "an Action", "set": "a Placement", "trigger": "a Trigger"}


@FLOW.auto("cast", phase="cast",
           clauses=("RR-CAST-1", "RR-CAST-2", "RR-CAST-3", "RR-CAST-3.1", "RR-CAST-3.2", "RR-CAST-3.3",
                    "RR-COMP-3.4", "RR-ZONE-5", "RR-PRE-3", "RR-PRIN-3", "A-5", "T-1"),
           next=("seq.on_cast", "wait"))
def cast(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Casting: the spell card goes from the hand into the cast zone (a Normal card as a Normal
    action, a Preempt card then or at the opponent's preempt timing — on top of the card it answers
    —, a Full-Power card as the Full-Power action). The opponent's Trigger cards that wait for a
    cast join the waiting cards: they are processed once this card, and all it sets off, has been
    processed (t1.trigger_wait = text: at once, as no card text is being processed)."""
    _, i, card, how = frame
    p = s.players[i]
    spell = ctx.spell(card)
    hand, life = spell.attack if spell.attack is not None else (None, None)
    zone = "shared" if ctx.options["a5.cast_zone"] == "shared" else pn(i)
    entry = Entry(card, i, how=how, base_hand=hand, base_life=life, zone=zone)
    s = replace(setp(s, i, replace(p, hand=without(p.hand, card), cast=p.cast + (card,))),
                stack=s.stack + (entry,))
    clauses: tuple[str, ...] = ("RR-CAST-1", "RR-CAST-2", "RR-CAST-3", HOW[how], "RR-COMP-3.4",
                                "RR-ZONE-5")
    if spell.timing == "preempt" and how == "normal":
        clauses += ("RR-CAST-3.2",)
    text = f"{pn(i)} casts {spell.name}"
    if how == "preempt":
        below = s.stack[-2]
        text += f" on top of {pn(below.controller)}'s " + (ctx.name(below.card) if below.card else
                                                            "text «Attack»")
        clauses += ("RR-PRE-3",)
    if zone != "shared":
        clauses += ("A-5",)
    waiting = len(s.waiting)
    s = fire(ctx, s, "opponent_casts", 1 - i, card)
    theirs = len(s.waiting) - waiting
    s = fire(ctx, s, "you_cast", i, card)
    now = wait_frames(ctx, s)
    if len(s.waiting) > waiting:
        text += "; " + " and ".join(f"{n} of {pn(j)}'s Trigger card(s)" for j, n in (
            (1 - i, theirs), (i, len(s.waiting) - waiting - theirs)) if n) + " wait"
        clauses += ("RR-PRIN-3",)
        if now:
            text += " for no card text (t1.trigger_wait = text)"
            clauses += ("T-1",)
    return Outcome(s, text, events=({"type": "cast", "player": pn(i), "card": card, "how": how},),
                   then=(*now, ("seq.on_cast",)), clauses=tuple(dict.fromkeys(clauses)))


@FLOW.auto("seq.on_cast", phase="cast", clauses=("RR-SEQ-1", "RR-CAST-4", "RR-COMP-3.8", "A-1"),
           next=("text", "seq.after_cast"))
def on_cast(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Step 1 of the cast-resolution order (always in this order: [On Cast], «Attack», the
    opponent's preempt timing, damage resolution, deploy): the card's [On Cast] abilities in the order
    written, each after the one before has been processed (two is the text's example, not a limit)."""
    e = top(s)
    spell = ctx.spell(e.card)
    abilities = spell.on_cast if ctx.abilities else ()
    frames: list[tuple[Any, ...]] = [("text", e.controller, e.card, "on_cast", k)
                                     for k in range(len(abilities))]
    frames.append(("seq.after_cast",))
    if not ctx.abilities:
        return Outcome(s, f"{spell.name}: abilities are not played (a1.abilities = ignored)",
                       then=frames, clauses=("RR-SEQ-1", "A-1"))
    if not abilities:
        return Outcome(s, f"{spell.name} has no [On Cast] ability", then=frames, clauses=("RR-SEQ-1",))
    n = len(abilities)
    return Outcome(s, f"{spell.name}: {n} [On Cast] abilit{'ies' if n > 1 else 'y'}, in order",
                   then=frames, clauses=("RR-SEQ-1", "RR-CAST-4", "RR-COMP-3.8"))


@FLOW.auto("seq.after_cast", phase="cast",
           clauses=("RR-SEQ-3", "RR-SEQ-3.1", "RR-SEQ-3.2", "RR-SEQ-3.3", "RR-SEQ-3.4", "RR-COMP-3.5",
                    "A-2"),
           next=("seq.attack", "seq.deploy"))
def after_cast(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """After [On Cast] processing the card's type decides the next step: an Attack card goes to
    «Attack» processing; an Action, Placement or Trigger card to deploy processing."""
    e = top(s)
    spell = ctx.spell(e.card)
    kind = ctx.card_type(spell)
    clauses: tuple[str, ...] = ("RR-SEQ-3", TYPE_CLAUSE[kind], "RR-COMP-3.5")
    if ctx.implied_type:
        clauses += ("A-2",)
    if kind == "attack":
        s = set_top(s, replace(e, stage="attack"))
        return Outcome(s, f"{spell.name} is {TYPE_NAME[kind]} card: «Attack» processing",
                       then=(("seq.attack",),), clauses=clauses)
    s = set_top(s, replace(e, stage="deploy"))
    return Outcome(s, f"{spell.name} is {TYPE_NAME[kind]} card: deploy processing",
                   then=(("seq.deploy",),), clauses=clauses)


def _modifiers(ctx: Context, s: State, e: Entry) -> tuple[int, int, int, int, bool]:
    """(hand +, life +, hand −, life −, a card in [0] counted) from the static abilities in force
    (RR-DEP-3): the attacker's attack bonuses, the defender's shields, and modifiers of the attack
    values that cover the attacker (RR-PRIN-1)."""
    if not ctx.abilities:
        return 0, 0, 0, 0, False
    up_h = up_l = down_h = down_l = 0
    at_zero = False
    for st in in_force(ctx, s):
        eff = st.effect
        if eff.kind == "attack_bonus" and st.owner == e.controller:
            up_h += eff.hand or 0
            up_l += eff.life or 0
        elif eff.kind == "shield" and st.owner != e.controller:
            down_h += eff.hand or 0
            down_l += eff.life or 0
        elif (eff.kind == "modify" and eff.get("number") in ("attack_hand", "attack_life")
              and applies_to(st, e.controller)):
            by = eff.get("by")
            if eff.get("number") == "attack_hand":
                up_h, down_h = (up_h + by, down_h) if by > 0 else (up_h, down_h - by)
            else:
                up_l, down_l = (up_l + by, down_l) if by > 0 else (up_l, down_l - by)
        else:
            continue
        at_zero = at_zero or st.position == 0
    return up_h, up_l, down_h, down_l, at_zero


def _side(base: int | None, change: int) -> tuple[int | None, bool]:
    """A side of the attack value after ``change``: a bar stays a bar; never below 0 (RR-ATK-2)."""
    if base is None:
        return None, False
    value = base + change
    return max(0, value), value < 0


@FLOW.auto("seq.attack", phase="cast",
           clauses=("RR-SEQ-1", "RR-SEQ-2", "RR-ATK-1", "RR-ATK-2", "RR-ATK-3", "RR-COMP-3.6", "RR-DEP-3",
                    "A-30"),
           next=("seq.preempt",))
def attack(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """«Attack» processing: the attack value — the Attack card's (Hand left, Life right, 'ー' a bar)
    or the one a text gives — with the changes made so far and those of [While Deployed] abilities
    (which still apply in [0]) fixes the damage to the Hand and to the Life, never below 0. Then the
    opponent's preempt timing, the damage resolution, and deploy (a text «Attack»: its end)."""
    e = top(s)
    up_h, up_l, down_h, down_l, at_zero = _modifiers(ctx, s, e)
    hand, low_h = _side(e.base_hand, e.bonus_hand + up_h - down_h)
    life, low_l = _side(e.base_life, e.bonus_life + up_l - down_l)
    s = set_top(s, replace(e, stage="preempt", hand=hand, life=life))
    clauses: tuple[str, ...] = ("RR-SEQ-1", "RR-ATK-1", "RR-ATK-3", "RR-COMP-3.6")
    if e.kind == "text":
        clauses += ("RR-SEQ-2",)
    if low_h or low_l:
        clauses += ("RR-ATK-2",)
    if up_h or up_l or down_h or down_l:
        clauses += ("RR-DEP-3",)
        if at_zero:
            clauses += ("A-30",)
    elif not ctx.zero_deployed and any(p.recast_0 for p in s.players):
        clauses += ("A-30",)
    who = ctx.name(e.card) if e.kind == "cast" else f"a text «Attack» of {ctx.name(e.source)}"
    text = f"{pn(e.controller)}'s {who}: «Attack» {damage_text(e.base_hand, e.base_life)}"
    if (hand, life) != (e.base_hand, e.base_life):
        text += f" → {damage_text(hand, life)}"
    last = ("seq.deploy",) if e.kind == "cast" else ("seq.text_end",)
    return Outcome(s, text, events=({"type": "attack", "player": pn(e.controller),
                                     "hand": hand, "life": life},),
                   then=(("seq.preempt",), ("seq.damage",), last), clauses=clauses)


@FLOW.auto("seq.text_end", phase="cast", clauses=("RR-SEQ-2", "A-12"), next=("win.check", *AFTER_TEXT))
def text_attack_end(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """A text «Attack» has been processed («Attack», preempt timing, damage resolution); the text
    that made it goes on (a12.text_attack)."""
    e = top(s)
    s = replace(s, stack=s.stack[:-1])
    clauses: tuple[str, ...] = ("RR-SEQ-2",)
    if ctx.options["a12.text_attack"] == "queued":
        clauses += ("A-12",)
    frames = win_frames(ctx, s) if not s.stack else []
    return Outcome(s, f"the text «Attack» of {ctx.name(e.source)} is done", then=frames + wait_frames(ctx, s),
                   clauses=clauses)
