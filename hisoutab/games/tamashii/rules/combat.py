"""The Combat phase (TM-CMB-0): each player with enemy cards fights their own (TM-CMB-3.7), one
after another in player order (A-16): C1 the combat roll (TM-CMB-1, Power TM-RES-5, rerolls),
C2 the sortie die (TM-CMB-2), C3 player attacks and enemy attacks in turn (TM-CMB-3), the end
(TM-CMB-4)."""

from __future__ import annotations

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import dice as dc
from .board import order, player, put, stat
from .context import Context, kind_of
from .effects import apply
from .extras import xp_windows
from .flow import FLOW, Chosen, ask, told
from .planning import _mods_step, acts_at, die_words
from .skills import find, payments, skill_name, skills, usable
from .state import Combat, Die, State


def fighters(ctx: Context, s: State) -> list[str]:
    """The players who fight this round: those with enemy cards (A-16: or everyone)."""
    every = ctx.options["a16.no_enemies"] == "roll"
    return [n for n in order(ctx, s) if every or player(s, n).enemies]


@FLOW.auto("combat.begin", phase="combat", clauses=("TM-CMB-0",),
           next=(("combat.mods", "a mod acts at the start of Combat"), ("combat.power", "the first fight"),
                 ("cleanup.begin", "nobody has enemies")))
def combat_begin(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The Combat phase runs in order: each player with enemy cards fights them until an end
    condition, the players one after another in player order."""
    s = replace(s, phase="combat")
    then: list[Frame] = []
    for name in fighters(ctx, s):
        if acts_at(ctx, s, name, "combat"):
            then.append(("combat.mods", name))
        then.append(("combat.power", name))
        if ctx.options["a50.check"] == "phase_end":
            then.append(("combat.protocol", name))
    who = ", ".join(f for f, *_ in [(t[1],) for t in then if t[0] == "combat.power"]) or "nobody"
    return Outcome(s, f"the Combat phase: {who} fight(s)", then=tuple(xp_windows(ctx, s, "combat", then)))


_mods_step("combat", ("TM-RES-2",), ("combat.power",))


def decide_power(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    p = player(s, name)
    if p.power == 0 or ctx.options["a70.power"] == "after":
        return None
    return ask("power", name, [Option(f"pay {n} Power", n) for n in range(p.power + 1)],
               ("TM-RES-5",), "combat.power", "C1: pay Power for extra attack dice?")


@FLOW.choice("combat.power", phase="combat", decide=decide_power,
             clauses=("TM-CMB-1", "TM-CMB-1.1", "TM-CMB-1.2", "TM-RES-5"),
             next=(("combat.die", "the dice are rolled, one step each"),))
def combat_power(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """C1: the player takes as many dice as the attack power, one more for each Power paid before
    the roll (A-70), and one set of enemy dice (the number die and the type die); all are rolled
    together, one step per die."""
    name = frame[1]
    p = player(s, name)
    paid = chosen[name].value if chosen is not None else 0
    n = stat(ctx, p, "attack") + paid
    if paid:
        s = put(s, replace(p, power=p.power - paid))
    s = replace(s, combat=Combat(player=name))
    then = (*(("combat.die", name, "attack") for _ in range(n)), ("combat.die", name, "number"),
            ("combat.die", name, "type"), ("combat.reroll", name), ("combat.sortie", name),
            ("combat.attack", name))
    clauses = ("TM-CMB-1", "TM-CMB-1.1", "TM-CMB-1.2") + (("TM-RES-5",) if paid else ())
    return Outcome(s, f"{name}'s combat roll: {n} attack dice" + (f" ({paid} for Power)" if paid else "")
                   + " and the enemy dice", then=then, clauses=clauses)


@FLOW.auto("combat.die", phase="combat", clauses=("TM-CMB-1.3", "TM-COMP-6"), chance=("die",),
           next=(("combat.die", "the next die"), ("combat.reroll", "rerolls")))
def combat_die(ctx: Context, s: State, frame: Frame) -> Outcome:
    """One die of the combat roll: an attack die, the enemy number die or the enemy type die."""
    name, kind = frame[1], frame[2]
    what = f"{name}'s attack die" if kind == "attack" else f"the enemy {kind} die"
    s, die, event = dc.roll(ctx, s, kind, what, name if kind == "attack" else None)
    c = s.combat
    assert c is not None
    if kind == "attack":
        c = replace(c, dice=c.dice + (die,))
    else:
        c = replace(c, **{kind: die})
    return Outcome(replace(s, combat=c), f"{what}: {die_words(ctx, die)}", events=(event,))


def _rerollable(ctx: Context, c: Combat) -> tuple[Die, ...]:
    enemy = tuple(d for d in (c.number, c.type) if d is not None) if ctx.options["a33.enemy_reroll"] else ()
    return c.dice + enemy


def decide_combat_reroll(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    c = s.combat
    assert c is not None
    options = dc.reroll_options(ctx, s, name, _rerollable(ctx, c),
                                lambda k, d: f"{d.kind} die {k + 1} ({die_words(ctx, d)})")
    p = player(s, name)
    if ctx.options["a70.power"] == "after" and p.power > 0:
        options.append(Option("pay 1 Power for an extra attack die", ["power"]))
    if not options:
        return None
    return ask("reroll", name, [Option("keep the dice"), *options], ("TM-CMB-1.3", "TM-RES-6"),
               "combat.reroll", "Reroll a combat die?")


@FLOW.choice("combat.reroll", phase="combat", decide=decide_combat_reroll, chance=("die",),
             clauses=("TM-CMB-1.3", "TM-RES-1", "TM-RES-6", "TM-RES-6.1", "TM-RES-5"),
             next=(("combat.reroll", "another reroll"), ("combat.die", "an extra die"),
                   ("combat.sortie", "the dice are kept")))
def combat_reroll(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """Rerolls may be used on the combat roll: the player's own dice (A-33: or the enemy dice
    too), each die at most once per source (TM-RES-6.1)."""
    name = frame[1]
    c = s.combat
    assert c is not None
    if chosen is None or chosen[name].value is None:
        return Outcome(s, f"{name} keeps the combat dice", clauses=("TM-CMB-1.3",))
    value = chosen[name].value
    if value[0] == "power":
        p = player(s, name)
        s = put(s, replace(p, power=p.power - 1))
        return Outcome(s, f"{name} pays 1 Power for an extra die", clauses=("TM-RES-5",),
                       then=(("combat.die", name, "attack"), ("combat.reroll", name)))
    k, source = value
    every = _rerollable(ctx, c)
    die = every[k]
    what = f"{name}'s attack die" if die.kind == "attack" else f"the enemy {die.kind} die"
    s, new, event, words = dc.reroll(ctx, s, name, die, source, what)
    c = s.combat
    assert c is not None
    if k < len(c.dice):
        c = replace(c, dice=c.dice[:k] + (new,) + c.dice[k + 1:])
    else:
        c = replace(c, **{new.kind: new})
    return Outcome(replace(s, combat=c), f"{name} rerolls {die.kind} die {k + 1} with {words}: "
                                         f"{die_words(ctx, new)}", events=(event,),
                   then=(("combat.reroll", name),),
                   clauses=("TM-CMB-1.3", "TM-RES-1", "TM-RES-6", "TM-RES-6.1"))


@FLOW.auto("combat.sortie", phase="combat", clauses=("TM-CMB-2",), next=(("combat.attack", "C3"),))
def combat_sortie(ctx: Context, s: State, frame: Frame) -> Outcome:
    """C2: the number die goes on the N-th enemy card counting the primary as the first (A-34,
    settled): N enemies attack this round; a number above the row's length puts it on the leftmost
    card (A-35) or on none."""
    name = frame[1]
    c = s.combat
    assert c is not None and c.number is not None
    n = dc.number_of(ctx, c.number.face)
    row = len(player(s, name).enemies)
    if n <= row:
        at: int | None = n - 1
    elif row and ctx.options["a35.over"] == "leftmost":
        at = row - 1
    else:
        at = None
    s = replace(s, combat=replace(c, at=at, rolled=True))
    where = "no enemy card" if at is None else f"enemy card {at + 1} from the primary"
    return Outcome(s, f"the number die shows {n}: it goes on {where}",
                   events=({"type": "sortie", "player": name, "number": n, "at": at},))


def attack_options(ctx: Context, s: State, name: str) -> list[Option]:
    p = player(s, name)
    c = s.combat
    assert c is not None
    options = []
    for key, skill in skills(ctx, p):
        if not usable(ctx, p, c, key, skill):
            continue
        for pay in payments(skill.cost, c.dice):
            faces = " + ".join(str(c.dice[k].face) for k in pay)
            options.append(Option(f"{skill.name} with {faces}", [key, list(pay)]))
    return options


def decide_attack(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    c = s.combat
    if c is None or c.declined:
        return None
    options = attack_options(ctx, s, name)
    if not options:
        return None
    stop = "hold back this pass" if c.at is not None else "end the combat"
    return ask("attack", name, [Option(stop), *options], ("TM-CMB-3.1",), "combat.attack",
               "C3: use a combat skill on the primary enemy?")


def after_attack(s: State, name: str, more: bool) -> tuple[Frame, ...]:
    """The enemy attacks while its die is in play; then the next pass; or the end (TM-CMB-4.1)."""
    c = s.combat
    if c is None:
        return ()
    if c.at is not None:
        return (("combat.enemy", name),)
    return (("combat.attack", name),) if more else (("combat.end", name),)


@FLOW.choice("combat.attack", phase="combat", decide=decide_attack,
             clauses=("TM-CMB-3", "TM-CMB-3.1", "TM-CMB-3.5", "TM-CMB-3.7", "TM-BODY-2", "TM-BODY-3",
                      "TM-ENEMY-4", "TM-ENEMY-5", "TM-XP-1.1", "TM-ENEMY-1", "TM-CMB-4.1"),
             next=(("combat.enemy", "the enemy attacks"), ("combat.attack", "the player attacks again"),
                   ("combat.end", "the combat ends")))
def combat_attack(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """The player's part of a pass: one combat skill paid with the dice its cost asks for, against
    the primary enemy (TM-ENEMY-4), or none (A-37: holding back skips this pass). With the enemy die
    removed the player goes on while dice pay for a skill (TM-CMB-3.5); stopping then ends the
    combat (TM-CMB-4.1)."""
    name = frame[1]
    c = s.combat
    assert c is not None
    if chosen is None or chosen[name].value is None:
        declined = chosen is not None and ctx.options["a37.decline"] == "final"
        if declined and not c.declined:
            s = replace(s, combat=replace(c, declined=True))
        text = "cannot attack" if chosen is None else "holds back"
        clauses = ("TM-CMB-3", "TM-CMB-4.1") if c.at is None else ("TM-CMB-3",)
        return Outcome(s, f"{name} {text}", then=after_attack(s, name, False), clauses=clauses)
    key, pay = chosen[name].value
    p = player(s, name)
    skill = find(ctx, p, key)
    spent = tuple(c.dice[k].face for k in pay)
    c = replace(c, dice=tuple(d for k, d in enumerate(c.dice) if k not in pay),
                used=c.used + (() if skill.reusable else (key,)))
    s = replace(s, combat=c)
    if not skill.reusable and ctx.options["a46.unmarked"] == "game":
        s = put(s, replace(p, spent_skills=p.spent_skills + (key,)))
    a = apply(ctx, s, name, skill.effects)
    more = bool(attack_options(ctx, a.state, name)) if a.state.combat is not None else False
    extra = ("TM-CMB-3.5",) if c.at is None else ()
    reuse = ("TM-BODY-3",) if skill.reusable else ()
    return told(a, f"{name} uses {skill_name(ctx, key)} paying {spent}",
                then=after_attack(a.state, name, more),
                clauses=("TM-CMB-3", "TM-CMB-3.1", "TM-CMB-3.7", "TM-BODY-2", *reuse, *extra),
                events=({"type": "skill", "player": name, "skill": key, "dice": list(spent)},))


@FLOW.auto("combat.enemy", phase="combat",
           clauses=("TM-CMB-3", "TM-CMB-3.2", "TM-CMB-3.3", "TM-CMB-3.4", "TM-CMB-3.6"),
           next=(("hit", "the player is hit"), ("combat.attack", "the next pass"),
                 ("combat.end", "the combat ends")))
def combat_enemy(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The enemy's part of a pass: the card holding the number die attacks with the effect the type
    die selects (A-38); then the die moves one card right (TM-CMB-3.3), or is removed if it was on
    the primary (TM-CMB-3.4). A card defeated or discarded before its attack does not attack: the
    die goes on to the next card to the right, which attacks now (TM-CMB-3.6, A-64 Reading 1), or
    the skip uses up the attack."""
    name = frame[1]
    c = s.combat
    assert c is not None and c.at is not None and c.type is not None
    at: int = c.at
    type_face: int = c.type.face
    clauses: tuple[str, ...] = ()
    if c.skipped:
        clauses = ("TM-CMB-3.6",)
        c = replace(c, skipped=False)
        if at < 0 or ctx.options["a64.skip"] == "next_pass":
            left = at if at >= 0 else None
            s = replace(s, combat=replace(c, at=left))
            gone = "no card is to its right: the die is removed" if left is None else "the die moves on"
            return Outcome(s, f"the number die's card has left the row: {gone}",
                           then=(("combat.attack", name),), clauses=("TM-CMB-3", "TM-CMB-3.6"))
    p = player(s, name)
    foe = p.enemies[at]
    kind = dc.type_of(ctx, type_face)
    effects = ctx.content.enemies[kind_of(foe.card)].effects[kind]
    moved = replace(c, at=None if at == 0 else at - 1)
    a = apply(ctx, replace(s, combat=moved), name, effects)
    step = ("TM-CMB-3.4",) if at == 0 else ("TM-CMB-3.3",)
    return told(a, f"{foe.card} attacks ({kind})", then=(("combat.attack", name),),
                clauses=("TM-CMB-3", "TM-CMB-3.2", *step, *clauses),
                events=({"type": "enemy_attack", "player": name, "card": foe.card, "type_face": kind},))


@FLOW.auto("combat.end", phase="combat", clauses=("TM-CMB-4", "TM-CMB-4.1"),
           next=(("combat.protocol", "the learning protocol"), ("combat.power", "the next player's fight"),
                 ("combat.mods", "the next player's mods"), ("cleanup.begin", "the Cleanup phase")))
def combat_end(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The combat ends: the player cannot or will not use more skills and the enemy die is removed
    (TM-CMB-4.1). Damage on the surviving enemies stays (A-40) or is cleared."""
    name = frame[1]
    s = replace(s, combat=None)
    if ctx.options["a40.damage"] == "cleared":
        p = player(s, name)
        s = put(s, replace(p, enemies=tuple(replace(f, damage=0) for f in p.enemies)))
    return Outcome(s, f"{name}'s combat ends", events=({"type": "combat_end", "player": name},))
