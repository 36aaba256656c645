"""The round's start and the Planning phase (TM-ROUND-1, TM-PLAN-0, TM-PLAN-1): the trace check
(TM-TRACE-1…3), the launcher refill (TM-LNCH-1, TM-LNCH-2, TM-CHIPOP-4) and programming
(TM-PROG-1, TM-PROG-2, TM-CHIPOP-5). The players plan one after another in player order, each a
decision of their own (TM-PLAN-0 lets them plan at the same time: nothing one does waits on
another's, so the order changes nothing but the enemy draws, which go in player order: A-22, each
player's whole trace check in turn, or every player's roll first and then the draws)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hisoutab.engine.contract import cell_address
from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import dice
from .board import (
    acting_mods,
    cell_kind,
    cells,
    keeper,
    launcher_address,
    order,
    player,
    put,
    set_cell,
    set_cells,
    stat,
    to_storage,
    usable_kinds,
)
from .codes import chip_colour
from .context import Context
from .effects import apply
from .extras import xp_windows
from .flow import FLOW, Chosen, ask, told
from .state import Die, Player, State

AFTER_PLANNING = ("trace.check", "refill", "program", "extras")
#: A-11 Reading 1: the Planning purchases at any time of the phase: before, between and after A1-A3
ANY_TIME = ("extras", "trace.check", "extras", "refill", "extras", "program", "extras")
ROLLS = "rolls"  # A-22 Reading 1: the trace check's dice and rerolls, its resolution later


def acts_at(ctx: Context, s: State, name: str, phase: str) -> bool:
    """Whether one of the player's acting mods has an effect at the start of ``phase``."""
    mods = acting_mods(ctx, player(s, name))
    return any(m.start_of is not None and m.start_of.phase == phase for m in mods)


def phase_frames(ctx: Context, s: State, phase: str, *stages: tuple[str, ...],
                 by_step: bool = False) -> list[Frame]:
    """The players' frames of a phase, in player order: the phase effects of a player's mods first
    when they have some (TM-MOD-5), then the steps of each stage, then the protocol check (A-50).
    Each player takes every stage before the next player does (``by_step`` false), or every player
    takes a stage before anyone takes the next (``by_step`` true: A-12 Reading 2 in the Action
    phase, A-22 Reading 1 in the Planning phase), the mods, at the phase's start, a stage of their
    own."""
    names = order(ctx, s)
    end = ctx.options["a50.check"] == "phase_end"

    def stage(name: str, k: int) -> list[Frame]:
        if k < 0:
            return [(f"{phase}.mods", name)] if acts_at(ctx, s, name, phase) else []
        frames: list[Frame] = [(step, name) for step in stages[k]]
        return (frames + [(f"{phase}.protocol", name)]) if end and k == len(stages) - 1 else frames

    ks = range(-1, len(stages))
    if by_step:
        return [f for k in ks for name in names for f in stage(name, k)]
    return [f for name in names for k in ks for f in stage(name, k)]


@FLOW.auto("round.begin", phase="planning", clauses=("TM-ROUND-1",), tags=("turn",),
           next=(("planning.begin", "the Planning phase"),))
def round_begin(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A new round: Planning, Action, Combat, Cleanup, in this order."""
    s = replace(s, round=s.round + 1)
    starting = s.players[s.starting].name
    return Outcome(s, f"round {s.round} begins; {starting} is the starting player",
                   events=({"type": "round", "round": s.round, "starting": starting},),
                   then=(("planning.begin",), ("action.begin",), ("combat.begin",), ("cleanup.begin",)))


@FLOW.auto("planning.begin", phase="planning", clauses=("TM-PLAN-0", "TM-PLAN-1"),
           next=(("planning.mods", "a mod acts at the start of Planning"),
                 ("trace.check", "the first player's trace check")))
def planning_begin(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The Planning phase: for each player in player order, the trace check (A1), the launcher
    refill (A2), programming (A3) with the player's programming power, then the Planning
    purchases (A-22 Reading 1: every player's trace roll first, then for each player in player
    order the resolution with its draws and the rest)."""
    for name in order(ctx, s):
        p = player(s, name)
        s = put(s, replace(p, points=stat(ctx, p, "program"), traded=False))
    steps = AFTER_PLANNING if ctx.options["a11.window"] == "after_a3" else ANY_TIME
    if ctx.options["a22.draws"] == "with_check":
        frames = phase_frames(ctx, s, "planning", steps)
        text = "the Planning phase"
    else:  # A-22 Reading 1: every player rolls the trace check first; the draws follow in player order
        k = steps.index("trace.check") + 1
        frames = phase_frames(ctx, s, "planning", steps[:k], ("trace.resolve", *steps[k:]), by_step=True)
        frames = [(*f, ROLLS) if f[0] == "trace.check" else f for f in frames]
        text = "the Planning phase: every trace check is rolled before any enemy card is drawn"
    return Outcome(s, text, then=tuple(xp_windows(ctx, s, "planning", frames)))


def _mods_step(phase: str, clauses: tuple[str, ...], nexts: tuple[str, ...]) -> None:
    @FLOW.auto(f"{phase}.mods", phase=phase, clauses=("TM-MOD-5", *clauses), next=nexts,
               chance=("draw",))
    def mods_act(ctx: Context, s: State, frame: Frame) -> Outcome:
        """The effects the player's mods print for the start of this phase (TM-MOD-5)."""
        name = frame[1]
        a = apply(ctx, s, name, [])
        for mod in acting_mods(ctx, player(s, name)):
            if mod.start_of is not None and mod.start_of.phase == phase:
                a = apply(ctx, a.state, name, mod.start_of.effects, into=a)
        return told(a, f"{name}'s mods act at the start of {phase}", clauses=("TM-MOD-5",))


_mods_step("planning", ("TM-RES-2",), ("trace.check",))


def trace_dice(ctx: Context, trace: int) -> int:
    """How many dice the trace check rolls (A-60: the trace value, or one per two points)."""
    return trace if ctx.options["a60.dice"] == "equal" else (trace + 1) // 2


@FLOW.auto("trace.check", phase="planning", clauses=("TM-TRACE-1",),
           next=(("trace.die", "one die per step"), ("trace.resolve", "no dice to roll")))
def trace_check(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A1: the player takes as many dice as the trace value calls for (A-60) and rolls them, one
    step per die; rerolls follow, then the resolution (A-22 Reading 1: the resolution waits until
    every player has rolled)."""
    name = frame[1]
    p = player(s, name)
    n = trace_dice(ctx, p.trace)
    if p.check:
        s = put(s, replace(p, check=()))
    resolve: tuple[Frame, ...] = () if len(frame) > 2 else (("trace.resolve", name),)
    if n == 0:
        return Outcome(s, f"{name}'s trace is {p.trace}: no trace dice", then=resolve)
    then = tuple(("trace.die", name) for _ in range(n)) + (("trace.reroll", name), *resolve)
    return Outcome(s, f"{name}'s trace check: {n} dice for trace {p.trace}", then=then)


def is_enemy(ctx: Context, die: Die) -> bool:
    """Whether a trace die shows an enemy (A-18: the type die's enemy face, or a 6 on a combat die)."""
    if ctx.options["a18.trace_die"] == "combat":
        return die.face == dice.SIDES
    return dice.type_of(ctx, die.face) == ctx.content.board.dice.enemy_face


def die_words(ctx: Context, die: Die) -> str:
    if die.kind == "trace" and ctx.options["a18.trace_die"] == "type":
        return f"{die.face} ({dice.type_of(ctx, die.face)})"
    if die.kind in ("type",):
        return f"{die.face} ({dice.type_of(ctx, die.face)})"
    if die.kind == "number":
        return f"{die.face} (number {dice.number_of(ctx, die.face)})"
    return str(die.face)


@FLOW.auto("trace.die", phase="planning", clauses=("TM-TRACE-1", "TM-COMP-6"), chance=("die",),
           next=(("trace.die", "the next die"), ("trace.reroll", "rerolls")))
def trace_die(ctx: Context, s: State, frame: Frame) -> Outcome:
    """One trace die."""
    name = frame[1]
    s, die, event = dice.roll(ctx, s, "trace", f"{name}'s trace die", name)
    p = player(s, name)
    s = put(s, replace(p, check=p.check + (die,)))
    return Outcome(s, f"{name}'s trace die {len(p.check) + 1}: {die_words(ctx, die)}", events=(event,))


def decide_trace_reroll(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    p = player(s, name)
    options = dice.reroll_options(ctx, s, name, p.check,
                                  lambda k, d: f"trace die {k + 1} ({die_words(ctx, d)})")
    if not options:
        return None
    return ask("reroll", name, [Option("keep the dice"), *options],
               ("TM-TRACE-1", "TM-RES-6", "TM-RES-6.1"), "trace.reroll", "Reroll a trace die?")


@FLOW.choice("trace.reroll", phase="planning", decide=decide_trace_reroll, chance=("die",),
             clauses=("TM-TRACE-1", "TM-RES-1", "TM-RES-6", "TM-RES-6.1"),
             next=(("trace.reroll", "another reroll"), ("trace.resolve", "the dice are kept")))
def trace_reroll(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """Rerolls may be used on the trace check (its aside): each costs one Reroll, or is a mod's own
    reroll, and no source rerolls the same die twice (TM-RES-6.1)."""
    name = frame[1]
    if chosen is None or chosen[name].value is None:
        return Outcome(s, f"{name} keeps the trace dice", clauses=("TM-TRACE-1",))
    k, source = chosen[name].value
    p = player(s, name)
    s, new, event, words = dice.reroll(ctx, s, name, p.check[k], source, f"{name}'s trace die")
    p = player(s, name)
    s = put(s, replace(p, check=p.check[:k] + (new,) + p.check[k + 1:]))
    return Outcome(s, f"{name} rerolls trace die {k + 1} with {words}: {die_words(ctx, new)}",
                   events=(event,), then=(("trace.reroll", name),))


@FLOW.auto("trace.resolve", phase="planning", clauses=("TM-TRACE-2", "TM-TRACE-3"),
           next=(("enemy.draw", "enemy cards are drawn"), ("refill", "the launcher refill")))
def trace_resolve(ctx: Context, s: State, frame: Frame) -> Outcome:
    """At least one enemy (A-19: an enemy face rolled, or an enemy card already in the row): the
    trace goes back to 0, and new enemy cards are drawn (A-20: one per enemy face, or one), in
    player order (A-22: each player's whole check in turn, or every roll first and then each
    player's resolution and draws in turn)."""
    name = frame[1]
    p = player(s, name)
    faces = sum(1 for d in p.check if is_enemy(ctx, d))
    hit = faces > 0 if ctx.options["a19.enemy"] == "rolled" else bool(p.enemies)
    if not hit:
        s = put(s, replace(p, check=()))
        return Outcome(s, f"{name}'s trace check shows no enemy", clauses=("TM-TRACE-2",))
    s = put(s, replace(p, check=(), trace=0))
    n = faces if ctx.options["a20.count"] == "per_face" else 1
    where = ("middle",) if ctx.options["a21.place"] == "middle" else ()  # where the card goes
    then = (("enemy.draw", name, n, *where),) if n else ()
    return Outcome(s, f"{name}'s trace check shows {faces} enemy face(s): trace {p.trace} → 0, "
                      f"{n} new enemy card(s)",
                   events=({"type": "trace_reset", "player": name, "enemies": n},), then=then)


def _light_empty(ctx: Context, p: Player) -> list[tuple[int, int]]:
    launcher = p.launcher
    return [(r, c) for r, row in enumerate(usable_kinds(ctx, p)) for c, kind in enumerate(row)
            if kind == "L" and not launcher[r][c]]


@FLOW.auto("refill", phase="planning", clauses=("TM-LNCH-1", "TM-CHIPOP-4", "TM-LNCH-2"),
           chance=("draw",),
           next=(("refill", "the next light cell"), ("refill.place", "the player places the chips"),
                 ("program", "programming")))
def refill(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A2: a chip drawn from the bag into the next empty light cell, in reading order (A-63), one
    draw per step, until every light cell holds a chip (A-24: only the empty ones are filled, or
    every light cell is first dumped and refilled). Only when the bag is empty and a chip must
    still be drawn does the storage area go back into the bag (TM-LNCH-2); with both empty the
    cells stay empty (A-25)."""
    name = frame[1]
    p = player(s, name)
    cleared = ""
    if ctx.options["a24.refill"] == "clear" and len(frame) == 2:
        p, dumped, cleared = _clear_light(ctx, p)
        s = to_storage(ctx, put(s, p), name, dumped)
        p = player(s, name)
    empty = _light_empty(ctx, p)
    if not empty:
        return Outcome(s, f"{name}'s light cells are full{cleared}", clauses=("TM-LNCH-1",))
    shared = ctx.options["a7.bag"] == "shared"
    whose = "the shared" if shared else f"{name}'s"
    k = keeper(ctx, s, name)
    bag, storage = k.bag, k.storage
    back = ""
    clauses: tuple[str, ...] = ("TM-LNCH-1", "TM-CHIPOP-4")
    if not bag:
        if not storage:
            return Outcome(s, f"{whose} bag and storage are empty: {len(empty)} light cell(s) stay "
                              "empty", clauses=("TM-LNCH-1", "TM-LNCH-2"))
        bag, storage = storage, ()
        back = f"; {'the shared' if shared else 'the'} bag is empty: the {len(bag)} chips of " \
               "storage go back into it"
        clauses += ("TM-LNCH-2",)
    i, rng, event = ctx.chance.draw_any(s.rng, bag, what=f"{whose} bag", player=name)
    chip = bag[i]
    r, c = empty[0]
    left = {"bag": bag[:i] + bag[i + 1:], "storage": storage}
    s = replace(s, rng=rng)
    if k is p:  # the player's own bag and storage: one copy of the record
        s = put(s, set_cells(p, ((r, c, chip),), **left))
    else:
        s = put(put(s, set_cell(p, r, c, chip)), replace(k, **left))
    then: tuple[tuple[Any, ...], ...] = (("refill", name, "again"),) if len(empty) > 1 else ()
    if ctx.options["a63.place"] == "player":
        filled = [*(frame[3] if len(frame) > 3 else ()), [r, c]]
        then = (("refill", name, "again", filled),) if len(empty) > 1 else (("refill.place", name, filled),)
    return Outcome(s, f"{name} draws {chip} into {cell_address('launcher', r, c)}{back}{cleared}",
                   events=(event,), then=then, clauses=clauses)


def decide_place(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name, filled = frame[1], frame[2]
    p = player(s, name)
    (r, c), rest = filled[0], filled[1:]
    at = cell_address("launcher", r, c)
    options = [Option(f"keep {p.launcher[r][c]} in {at}")]
    options += [Option(f"put {p.launcher[r2][c2]} in {at}", [r2, c2]) for r2, c2 in rest
                if p.launcher[r2][c2] != p.launcher[r][c]]
    return ask("place", name, options if len(options) > 1 else [], ("TM-LNCH-1",), "refill.place",
               f"A2: which drawn chip goes into {at}?")


@FLOW.choice("refill.place", phase="planning", decide=decide_place, clauses=("TM-LNCH-1",),
             next=(("refill.place", "the next refilled cell"), ("program", "programming"),
                   ("extras", "the Planning purchases (A-11)")))
def refill_place(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """A2 by A-63 Reading 2: the chips drawn, the player places them in the refilled light cells as
    they like, one cell after another (the cell's chip swapped with the drawn chip chosen for it)."""
    name, filled = frame[1], frame[2]
    p = player(s, name)
    (r, c), rest = filled[0], filled[1:]
    then = (("refill.place", name, rest),) if len(rest) > 1 else ()
    at = cell_address("launcher", r, c)
    if chosen is None or chosen[name].value is None:
        return Outcome(s, f"{name} keeps {p.launcher[r][c]} in {at}", then=then)
    r2, c2 = chosen[name].value
    here, there = p.launcher[r][c], p.launcher[r2][c2]
    p = set_cells(p, ((r, c, there), (r2, c2, here)))
    return Outcome(put(s, p), f"{name} puts {there} in {at} ({here} in "
                              f"{cell_address('launcher', r2, c2)})", then=then)


def _clear_light(ctx: Context, p: Player) -> tuple[Player, tuple[str, ...], str]:
    light = [(r, c, p.launcher[r][c]) for r, c in cells(ctx)
             if p.launcher[r][c] and cell_kind(ctx, p, r, c) == "L"]
    dumped = [chip for _, _, chip in light]
    p = set_cells(p, ((r, c, "") for r, c, _ in light))
    return p, tuple(dumped), f" (the light cells' {len(dumped)} chips are dumped first)" if dumped else ""


def neighbours(ctx: Context, p: Player, r: int, c: int) -> list[tuple[int, int]]:
    """The usable cells next to (r, c) (A-28: across an edge, or a corner too); a locked cell is
    not usable (TM-LNCH-3)."""
    return list(_near(ctx, p)[r][c])


#: for each launcher cell (by row, then column), its usable neighbours
Near = tuple[tuple[tuple[tuple[int, int], ...], ...], ...]


def _near(ctx: Context, p: Player) -> Near:
    return _neighbour_table(usable_kinds(ctx, p), ctx.options["a28.adjacent"] == "diagonal")


@lru_cache(maxsize=64)
def _neighbour_table(kinds: tuple[str, ...], diagonal: bool) -> Near:
    """For each cell of a launcher of these kinds, its usable neighbours (:func:`neighbours`)."""
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    rows, cols = len(kinds), len(kinds[0])
    return tuple(tuple(tuple((r + dr, c + dc) for dr, dc in steps
                             if 0 <= r + dr < rows and 0 <= c + dc < cols and kinds[r + dr][c + dc] != "X")
                       for c in range(len(row)))
                 for r, row in enumerate(kinds))


def program_options(ctx: Context, p: Player) -> list[Option]:
    """Each point: move a chip one cell into an empty cell, or swap it with a neighbouring chip of
    another kind (a swap of two alike would change nothing)."""
    options = []
    near = _near(ctx, p)
    launcher = p.launcher
    for r, c in cells(ctx):
        chip = launcher[r][c]
        if not chip:
            continue
        a = launcher_address(r, c)
        for r2, c2 in near[r][c]:
            other = launcher[r2][c2]
            if not other:
                options.append(Option(f"move {a} → {launcher_address(r2, c2)}", ["move", r, c, r2, c2]))
            elif (r, c) < (r2, c2) and chip_colour(other) != chip_colour(chip):
                options.append(Option(f"swap {a} ↔ {launcher_address(r2, c2)}", ["swap", r, c, r2, c2]))
    return options


def decide_program(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    p = player(s, name)
    if p.points <= 0:
        return None
    options = program_options(ctx, p)
    if not options:
        return None
    return ask("program", name, [Option("done programming"), *options],
               ("TM-PROG-1", "TM-PROG-2"), "program",
               f"Programming: {p.points} point(s) left")


@FLOW.choice("program", phase="planning", decide=decide_program,
             clauses=("TM-PROG-1", "TM-PROG-2", "TM-CHIPOP-5", "TM-LNCH-4", "TM-LNCH-3"),
             next=(("program", "another point"), ("extras", "the Planning purchases")))
def program(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """A3: each point of programming power moves a chip one cell or swaps it with a neighbour
    (TM-PROG-2), into any unlocked cell (A-28); the points not used are lost."""
    name = frame[1]
    p = player(s, name)
    if chosen is None or chosen[name].value is None:
        left = p.points
        if left:
            s = put(s, replace(p, points=0))
        why = "nothing to move" if chosen is None and left else "done"
        return Outcome(s, f"{name} ends programming ({why}; {left} point(s) lost)",
                       clauses=("TM-PROG-1",))
    how, r, c, r2, c2 = chosen[name].value
    a, b = p.launcher[r][c], p.launcher[r2][c2]
    s = put(s, set_cells(p, ((r, c, b), (r2, c2, a)), points=p.points - 1))
    verb = "moves" if how == "move" else "swaps"
    return Outcome(s, f"{name} {verb} {cell_address('launcher', r, c)} and "
                      f"{cell_address('launcher', r2, c2)} ({p.points - 1} point(s) left)",
                   events=({"type": "program", "player": name, "from": [r, c], "to": [r2, c2]},),
                   then=(("program", name),), clauses=("TM-PROG-2", "TM-CHIPOP-5", "TM-LNCH-4"))

