"""Taking damage (TM-RES-3 Shield all-or-nothing, TM-CMB-3.8) and the reset when HP reaches 0
(TM-RESET-0…7, TM-CMB-4.2)."""

from __future__ import annotations

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import dice as dc
from .board import gain_damaged, player, put
from .context import Context, kind_of
from .flow import FLOW, Chosen, ask
from .mapping import site
from .setup import shelter
from .state import State
from .trace import raise_trace

combat_STARTS = ("action.begin", "combat.begin", "cleanup.begin", "round.begin")
DAMAGED_PER_RESET = 2


def decide_hit(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name, n = frame[1], frame[2]
    p = player(s, name)
    if p.shield < n:
        return None
    return ask("shield", name, [Option(f"block all {n} with {n} Shield", True),
                                Option(f"take {n} damage")],
               ("TM-RES-3",), "hit", f"Hit for {n}: block it with Shield?")


@FLOW.choice("hit", phase="combat", decide=decide_hit, clauses=("TM-RES-3", "TM-CMB-3.8", "TM-RES-1"),
             next=(("reset.check", "HP reaches 0"), ("combat.attack", "the next pass")))
def hit(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """The player is hit: Shields may block it, one per point, but only all of it (A-43, settled);
    with too few Shields the whole hit is taken. HP 0 means a reset."""
    name, n = frame[1], frame[2]
    p = player(s, name)
    if chosen is not None and chosen[name].value:
        s = put(s, replace(p, shield=p.shield - n))
        return Outcome(s, f"{name} blocks {n} damage with {n} Shield", clauses=("TM-RES-3", "TM-CMB-3.8"),
                       events=({"type": "block", "player": name, "damage": n},))
    hp = max(0, p.hp - n)
    s = put(s, replace(p, hp=hp))
    why = "" if chosen is not None else f" ({p.shield} Shield cannot block all of it)" if p.shield else ""
    event = {"type": "hurt", "player": name, "damage": n, "hp": hp}
    if hp == 0:
        return Outcome(s, f"{name} takes {n} damage{why}: HP 0", events=(event,),
                       then=(("reset.check", name),), clauses=("TM-RES-3",))
    return Outcome(s, f"{name} takes {n} damage{why} (HP {hp})", events=(event,), clauses=("TM-RES-3",))


def is_broken(ctx: Context, face: int) -> bool:
    """Whether the reset die shows a broken body (A-56: one face, or that face and the one before)."""
    faces = ctx.content.board.dice.type_die
    broken = ctx.content.board.dice.broken_face
    if ctx.options["a56.broken"] == "two":
        k = faces.index(broken)
        return faces[face - 1] in (broken, faces[k - 1])
    return faces[face - 1] == broken


@FLOW.auto("reset.check", phase="combat", clauses=("TM-RESET-0", "TM-RESET-1", "TM-CMB-4.2"),
           chance=("die",), next=(("reset.reroll", "the die may be rerolled"), ("reset", "the reset")))
def reset_check(ctx: Context, s: State, frame: Frame) -> Outcome:
    """HP 0: a reset. Its first step rolls one enemy die, the type die, to see whether the
    cyberbody is broken."""
    name = frame[1]
    face, rng, event = ctx.chance.roll(s.rng, dc.SIDES, what=f"{name}'s reset die", player=name)
    s = replace(s, rng=rng)
    words = dc.type_of(ctx, face)
    may = ctx.options["a68.reroll"] and is_broken(ctx, face) and player(s, name).reroll
    nxt = "reset.reroll" if may else "reset"
    return Outcome(s, f"{name}'s HP is 0: a reset; the type die shows {face} ({words})", events=(event,),
                   then=((nxt, name, face),))


def decide_reset_reroll(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    return ask("reroll", name, [Option("accept the die"), Option("reroll it with Reroll", True)],
               ("TM-RES-6",), "reset.reroll", "The body is broken: reroll the reset die?")


@FLOW.choice("reset.reroll", phase="combat", decide=decide_reset_reroll, chance=("die",),
             clauses=("TM-RESET-1", "TM-RES-6"), next=(("reset", "the reset"),))
def reset_reroll(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """Where the reset die may be rerolled (A-68 Reading 2): one Reroll, once."""
    name, face = frame[1], frame[2]
    if chosen is None or not chosen[name].value:
        return Outcome(s, f"{name} accepts the reset die", then=(("reset", name, face),),
                       clauses=("TM-RESET-1",))
    p = player(s, name)
    s = put(s, replace(p, reroll=p.reroll - 1))
    face, rng, event = ctx.chance.roll(s.rng, dc.SIDES, what=f"{name}'s reset die", player=name)
    return Outcome(replace(s, rng=rng), f"{name} rerolls the reset die: {face} ({dc.type_of(ctx, face)})",
                   events=(event,), then=(("reset", name, face),))


def _break(ctx: Context, s: State, name: str) -> tuple[State, str, tuple[str, ...]]:
    p = player(s, name)
    active = p.bodies[0]
    if p.passer_by is None:
        return s, "the Passer-by is broken but stays in use", ("TM-RESET-1.1",)
    rest = p.bodies[1:]
    if rest:
        p = replace(p, bodies=rest)
        text = f"{ctx.content.body(kind_of(active)).name} is broken and discarded; the second body is used"
    else:
        p = replace(p, bodies=(p.passer_by,), passer_by=None)
        text = f"{ctx.content.body(kind_of(active)).name} is broken and discarded; back to the Passer-by"
    return put(replace(s, scrap=s.scrap + (active,)), p), text, ("TM-RESET-1.1",)


def end_phase(ctx: Context, s: State, frame: Frame, name: str) -> State:
    """The phase ends at once (TM-RESET-7): the player's frames of this phase are dropped (A-58:
    or everyone's); the reset's own frame stays on top."""
    everyone = ctx.options["a58.scope"] == "everyone"
    kept: list[Frame] = []
    agenda = list(s.agenda[:-1])
    cut = len(agenda)
    for k in range(len(agenda) - 1, -1, -1):
        if agenda[k][0] in combat_STARTS:
            break
        cut = k
    for f in agenda[cut:]:
        mine = len(f) > 1 and f[1] == name
        if not (mine or (everyone and f[0] != "game.over")):
            kept.append(f)
    return replace(s, agenda=(*agenda[:cut], *kept, frame))


@FLOW.auto("reset", phase="combat",
           clauses=("TM-RESET-0", "TM-RESET-1.1", "TM-RESET-1.2", "TM-RESET-2", "TM-RESET-3", "TM-RESET-4",
                    "TM-RESET-5", "TM-RESET-6", "TM-RESET-7", "TM-CMB-4.2", "TM-COMP-5"),
           next=(("combat.power", "the next player's fight"), ("combat.mods", "the next player's mods"),
                 ("combat.protocol", "the learning protocol"), ("cleanup.begin", "the Cleanup phase")))
def reset(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The reset, in order: the type die broke the body (discard it; the second body, else the
    Passer-by) or not; two damaged chips gained (from the finite total, or up to the player's cap:
    A-4); every remaining enemy card discarded; trace 0; HP to max; the character to the Shelter
    (A-66: a relocation); the phase ends at once, and with it the combat (TM-CMB-4.2)."""
    name, face = frame[1], frame[2]
    texts = []
    if is_broken(ctx, face):
        s, text, cited = _break(ctx, s, name)
    else:
        text, cited = "the body is fine", ("TM-RESET-1.2",)
    texts.append(text)
    s, given, note = gain_damaged(ctx, s, name, DAMAGED_PER_RESET)
    p = player(s, name)
    s = replace(s, enemy_discard=s.enemy_discard + tuple(f.card for f in p.enemies))
    s = put(s, replace(p, enemies=(), trace=0, hp=p.hp_max, at=shelter(ctx)))
    texts.append(f"{len(given)} damaged chip(s){note}, {len(p.enemies)} enemy card(s) discarded, trace 0, "
                 f"HP {p.hp_max}, back to the Shelter")
    if ctx.options["a66.shelter"] == "entry":
        entry = ctx.content.tiles[kind_of(site(s, shelter(ctx)).tile)].entry
        s, more, _ = raise_trace(ctx, s, name, entry)
        texts.append(f"the Shelter's entry trace: {more}")
    if s.combat is not None and s.combat.player == name:
        s = replace(s, combat=None)
    s = end_phase(ctx, s, frame, name)
    return Outcome(s, f"{name}'s reset: " + "; ".join(texts),
                   events=({"type": "reset", "player": name, "broken": is_broken(ctx, face)},),
                   clauses=("TM-RESET-0", *cited, "TM-RESET-2", "TM-RESET-3", "TM-RESET-4", "TM-RESET-5",
                            "TM-RESET-6", "TM-RESET-7", "TM-COMP-5")
                   + (("TM-CMB-4.2",) if s.phase == "combat" else ()))
