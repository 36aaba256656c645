"""§6 Effects and the keywords that act while a card resolves: move and dash with graze
(H-EFF-MOVE, H-EFF-DASH, H-EFF-GRAZE), approach (H-KW-APPROACH), defense (H-EFF-DEF), physical
attacks (H-EFF-PHYS-*), sub-actions (H-KW-SUB) and ground/air conditions (H-KW-GROUNDAIR).

An effect frame is ``("eff.<kind>", player, card, path)``; ``path`` names the effect on the card:
``"e2"`` (the third printed effect), ``"g0"`` / ``"a0"`` (ground / air effects), ``"e3.1"`` (the
second effect of the sub-action printed third).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import spirit as sp
from .bullets import contact_frames, dice_removed, remove_bullets
from .cards import Card
from .common import cell, face_each_other, pn, setp
from .context import Context
from .flow import FLOW
from .state import State
from .trigger import effect_at, effect_list, gone, still_in_trigger

EFFECT_STEPS = ("eff.move", "eff.dash", "eff.approach", "eff.defense", "eff.physical",
                "eff.bullet", "eff.sub")
AFTER_EFFECT = tuple((name, "the next effect") for name in EFFECT_STEPS) + (
    ("kw.groundair", "after the card's effects"),
    ("resolve.card", "the other player resolves"),
    ("resolve.settle", "all resolved"),
)
AFTER_MOVE = (("bullet.hit", "an opponent's bullet on the new cell"),) + AFTER_EFFECT


Cell = tuple[int, int]
Path = tuple[Cell, ...]  # cells in order

def effect_frames(card: Card, i: int, iid: str, letter: str = "e") -> list[Frame]:
    return [("eff." + kind, i, iid, f"{letter}{k}")
            for k, (kind, _) in enumerate(effect_list(card, letter))]


# ------------------------------------------------------------------------------ movement

DIRS4 = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIRS8 = DIRS4 + ((1, 1), (1, -1), (-1, 1), (-1, -1))


def enemy_bullet_cells(ctx: Context, s: State, i: int, own_too: bool = False) -> set[tuple[int, int]]:
    return {(b.x, b.y) for b in s.bullets if b.owner != i or own_too}


def paths(ctx: Context, s: State, i: int, steps: int, dash: bool) -> dict[tuple[Cell, Path], Path]:
    """R-16 movement: every simple path of up to ``steps`` orthogonal steps (diagonal too with
    move.diagonal), never entering the opponent's cell nor passing its column (R-24). A move
    stops on a cell with an opponent's bullet (it is hit there, H-EFF-BUL-5); a dash passes
    through and grazes (H-EFF-GRAZE). Returns
    {(destination, grazed cells): path}, the shortest path of each."""
    return dict(_paths(*_movement(ctx, s, i, steps, dash)))


Movement = tuple[Cell, Cell, frozenset[Cell], int, bool, bool, frozenset[Cell], int]


def _movement(ctx: Context, s: State, i: int, steps: int, dash: bool) -> Movement:
    """What a move or dash of player ``i`` depends on: its cell, the opponent's, the bullets that
    stop or are grazed, the steps, dash or not, diagonal steps, the board, and the side of the
    opponent's column it may not pass (R-24; 0: free)."""
    p, q = s.players[i], s.players[1 - i]
    bullets = frozenset(enemy_bullet_cells(ctx, s, i, own_too=dash and ctx.graze_own))
    # never past the opponent's column (its column itself, above or below it, is allowed)
    side = (p.x > q.x) - (p.x < q.x) if ctx.options["move.cross"] == "never" else 0
    return (p.x, p.y), (q.x, q.y), bullets, steps, dash, ctx.diagonal, ctx.board, side


def _paths(start: Cell, blocked: Cell, bullets: frozenset[Cell], steps: int, dash: bool,
           diagonal: bool, board: frozenset[Cell], side: int) -> tuple[tuple[tuple[Cell, Path], Path], ...]:
    """The paths of :func:`paths` for one situation (see :func:`_movement`), as (key, path) pairs
    in the order found: a pure function of its arguments."""
    dirs = DIRS8 if diagonal else DIRS4
    out: dict[tuple[Cell, Path], Path] = {}
    stack: list[tuple[tuple[int, int], ...]] = [(start,)]
    while stack:
        path = stack.pop()
        here = path[-1]
        grazed = tuple(sorted(c for c in path[1:] if c in bullets)) if dash else ()
        key = (here, grazed)
        if key not in out or len(path) < len(out[key]):
            out[key] = path
        if len(path) > steps or (not dash and here in bullets and here != start):
            continue
        for dx, dy in dirs:
            n = (here[0] + dx, here[1] + dy)
            if n in path or n == blocked or n not in board or (n[0] - blocked[0]) * side < 0:
                continue
            stack.append(path + (n,))
    return tuple(out.items())


def move_options(ctx: Context, s: State, i: int, kind: str, steps: int) -> tuple[Option, ...]:
    """The options of a move / dash: per destination (the piece's own cell first, then by row and
    column), the shortest path of each set of grazed cells, fewest grazed first (computed once per
    situation)."""
    return _move_options(kind, _movement(ctx, s, i, steps, kind == "dash"))


@lru_cache(maxsize=1024)
def _move_options(kind: str, movement: Movement) -> tuple[Option, ...]:
    start = movement[0]
    by_dest: dict[Cell, list[tuple[Path, Path]]] = {}
    for (dest, grazed), path in _paths(*movement):
        by_dest.setdefault(dest, []).append((grazed, path))
    opts = []
    for dest in sorted(by_dest, key=lambda c: (c != start, c[1], c[0])):
        variants = sorted(by_dest[dest], key=lambda v: (len(v[0]), v[0]))
        for grazed, path in variants:
            label = (f"stay at {cell(*dest)}" if dest == start
                     else f"{kind} to {cell(*dest)}")
            if grazed:
                label += " grazing " + " ".join(cell(*c) for c in grazed)
            opts.append(Option(label, path))
    return tuple(opts)


def _decide_move(ctx: Context, s: State, frame: Frame) -> Decision | None:
    _, i, iid, path = frame
    if not still_in_trigger(s, i, iid):
        return None
    kind, steps = effect_at(ctx, s, i, iid, path)
    opts = move_options(ctx, s, i, kind, steps)
    if len(opts) <= 1:
        return None
    clause = ("H-EFF-MOVE", "R-16", "R-24") if kind == "move" else ("H-EFF-MOVE", "H-EFF-DASH",
                                                                    "R-16", "R-24")
    return Decision(kind, (pn(i),), (opts,), clause, "eff." + kind,
                    f"{kind.capitalize()} up to {steps} cells")


def _move(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    _, i, iid, path_id = frame
    p, q0 = s.players[i], s.players[1 - i]
    if not still_in_trigger(s, i, iid):
        return gone(ctx, s, i, iid, "the effect is not performed")
    kind, steps = effect_at(ctx, s, i, iid, path_id)
    base: tuple[str, ...] = ("H-EFF-MOVE", "R-16") + (("H-EFF-DASH",) if kind == "dash" else ())
    if chosen is None:
        return Outcome(s, f"{pn(i)} cannot {kind}: no free cell within {steps}", clauses=base)
    path = chosen[pn(i)].value
    x, y = path[-1]
    if (x, y) == (p.x, p.y):  # no cell passed: nothing grazed, nobody turns
        return Outcome(s, f"{pn(i)} stays at {cell(x, y)}", clauses=base)
    moved = setp(s, i, replace(p, x=x, y=y))
    s = face_each_other(ctx, moved)
    verb = "dashes" if kind == "dash" else "moves"
    text = f"{pn(i)} {verb} from {cell(p.x, p.y)} to {cell(x, y)}"
    turned = s is not moved  # S-1: the pieces turned to face each other
    events: list[dict[str, Any]] = [{"type": "move", "player": pn(i), "from": [p.x, p.y],
                                     "to": [x, y], "by": kind, "path": [list(c) for c in path]}]
    clauses = base
    cross = ctx.options["move.cross"]
    if (cross == "never" and x == q0.x != p.x) or (cross == "free" and (p.x - q0.x) * (x - q0.x) < 0):
        clauses += ("R-24",)  # the move reached the opponent's column (or, 'free', crossed it)
    if turned:
        text += "; the pieces turn to face each other"
        clauses += ("S-1",)
    if kind == "dash":
        cells = set(path[1:])
        grazed = [b for b in s.bullets if (b.x, b.y) in cells
                  and (b.owner != i or ctx.graze_own)]
        if grazed:
            before = s
            s, removed_text = remove_bullets(ctx, s, [b.id for b in grazed])
            text += f", grazing {removed_text}"
            clauses += ("H-EFF-GRAZE", "R-22")
            if dice_removed(before, s):
                clauses += ("H-EFF-BUL-3",)
            events.append({"type": "graze", "player": pn(i), "bullets": [b.id for b in grazed]})
    hits = contact_frames(s, i)
    if hits:
        text += "; an opponent's bullet is on the new cell"
    return Outcome(s, text, events=tuple(events), then=hits, clauses=clauses)


@FLOW.choice("eff.move", phase="resolve", clauses=("H-EFF-MOVE", "R-16", "R-24", "S-1", "H-RES-1"),
             next=AFTER_MOVE, decide=_decide_move)
def move(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Move X: move up to X cells, orthogonally (R-16), never through the opponent; a move stops
    on a cell holding an opponent's bullet, which hits (H-EFF-BUL-5)."""
    return _move(ctx, s, frame, chosen)


@FLOW.choice("eff.dash", phase="resolve",
             clauses=("H-EFF-MOVE", "H-EFF-DASH", "H-EFF-GRAZE", "H-EFF-BUL-3", "R-16", "R-22", "R-24",
                      "S-1", "H-RES-1"),
             next=AFTER_MOVE, decide=_decide_move)
def dash(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Dash X: move up to X cells with graze: the opponent's bullets on the cells passed are
    discarded (R-22: not your own)."""
    return _move(ctx, s, frame, chosen)


def approach_cells(ctx: Context, s: State, i: int, steps: int) -> tuple[int, int, bool]:
    """H-KW-APPROACH: up to X cells horizontally toward the opponent, only to cells closer to it,
    never into its cell (nor past it, R-24). S-6: the piece meets an opponent's bullet on a cell it
    passes and stops there (it is hit, H-EFF-BUL-5); the flag says it did."""
    p, q = s.players[i], s.players[1 - i]
    x = p.x
    d = 1 if q.x > p.x else -1 if q.x < p.x else 0
    meet = ctx.options["move.forced_contact"] == "meet"
    for _ in range(steps):
        n = x + d
        if d == 0 or not ctx.on_board(n, p.y) or (n, p.y) == (q.x, q.y):
            break
        if abs(q.x - n) >= abs(q.x - x):
            break
        x = n
        if meet and any(b.owner != i and (b.x, b.y) == (x, p.y) for b in s.bullets):
            return x, p.y, True
    return x, p.y, False


@FLOW.auto("eff.approach", phase="resolve", clauses=("H-KW-APPROACH", "H-EFF-BUL-5", "S-6", "H-RES-1"),
           next=AFTER_MOVE)
def approach(ctx: Context, s: State, frame: Frame) -> Outcome:
    """{Approach X}: move X cells horizontally toward the opponent; if no cell is closer, stay."""
    _, i, iid, path = frame
    if not still_in_trigger(s, i, iid):
        return gone(ctx, s, i, iid, "no approach")
    _, steps = effect_at(ctx, s, i, iid, path)
    return approach_step(ctx, s, i, steps)


def approach_step(ctx: Context, s: State, i: int, steps: int) -> Outcome:
    p = s.players[i]
    x, y, met = approach_cells(ctx, s, i, steps)
    if x == p.x:
        return Outcome(s, f"{pn(i)} approaches: no cell closer to {pn(1 - i)}, no move",
                       clauses=("H-KW-APPROACH",))
    s = face_each_other(ctx, setp(s, i, replace(p, x=x)))
    hits = contact_frames(s, i)
    text = f"{pn(i)} approaches from {cell(p.x, p.y)} to {cell(x, y)}"
    clauses: tuple[str, ...] = ("H-KW-APPROACH",)
    if met:
        text += "; it meets an opponent's bullet there and stops"
        clauses += ("H-EFF-BUL-5", "S-6")
    return Outcome(s, text, events=({"type": "move", "player": pn(i), "from": [p.x, p.y],
                                     "to": [x, y], "by": "approach"},), then=hits, clauses=clauses)


# ------------------------------------------------------------------------------ defense, attacks


@FLOW.auto("eff.defense", phase="resolve", clauses=("H-EFF-DEF", "H-RES-1"), next=AFTER_EFFECT)
def defense(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Defense: while this card is on the field the character is in guard state."""
    _, i, iid, _path = frame
    if not still_in_trigger(s, i, iid):
        return gone(ctx, s, i, iid, "no guard state")
    return Outcome(s, f"{pn(i)} is in guard state while {ctx.name(iid)} is on the field",
                   events=({"type": "guard_state", "player": pn(i), "card": iid},),
                   clauses=("H-EFF-DEF",))


def in_range(ctx: Context, s: State, i: int, reach: tuple[tuple[int, int], ...]) -> bool:
    """The range grid, mirrored by the attacker's facing, covers the opponent's cell."""
    p, q = s.players[i], s.players[1 - i]
    return ((q.x - p.x) * p.facing, q.y - p.y) in reach


@FLOW.auto("eff.physical", phase="resolve", clauses=("H-EFF-PHYS", "H-EFF-PHYS-1", "H-EFF-PHYS-2", "H-RES-1"),
           next=(("attack.begin", "the opponent is in range"),) + AFTER_EFFECT)
def physical(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Physical attack: if the opponent is in range (the card's grid, mirrored by facing) the attack
    hits and goes to attack resolution; if not, the card cannot be cancelled."""
    _, i, iid, _path = frame
    p, q = s.players[i], s.players[1 - i]
    if not still_in_trigger(s, i, iid):
        return gone(ctx, s, i, iid, "no attack")
    face = ctx.cards[iid].face(p.trigger_side)
    if in_range(ctx, s, i, face.reach):
        return Outcome(s, f"{pn(i)}'s {face.name} hits: {pn(1 - i)} at {cell(q.x, q.y)} is in range",
                       events=({"type": "attack", "player": pn(i), "card": iid, "hit": True},),
                       then=(("attack.begin", i, iid, p.trigger_side, ""),),
                       clauses=("H-EFF-PHYS", "H-EFF-PHYS-1"))
    s = setp(s, i, replace(p, missed=True))
    return Outcome(s, f"{pn(i)}'s {face.name} misses: {pn(1 - i)} at {cell(q.x, q.y)} is out of "
                      "range, so it cannot be cancelled",
                   events=({"type": "attack", "player": pn(i), "card": iid, "hit": False},),
                   clauses=("H-EFF-PHYS", "H-EFF-PHYS-2"))


# ------------------------------------------------------------------------------ sub-actions


@FLOW.auto("eff.sub", phase="resolve", clauses=("H-KW-SUB", "S-5", "H-RES-1"), next=AFTER_EFFECT)
def sub_action(ctx: Context, s: State, frame: Frame) -> Outcome:
    """{A/B/C "effect"}: perform the sub-action once: pay its cost C in spirit, perform its effects;
    its startup A and recovery B make the card's recovery (S-5)."""
    _, i, iid, path = frame
    p = s.players[i]
    if not still_in_trigger(s, i, iid):
        return gone(ctx, s, i, iid, "no sub-action")
    _, sub = effect_at(ctx, s, i, iid, path)
    have = sp.available(p.spirit)
    if sub.cost > have:
        return Outcome(s, f"{pn(i)} cannot pay the sub-action's {sub.cost} spirit (has {have}): "
                          "not performed", clauses=("H-KW-SUB",))
    base = ctx.cards[iid].face(p.trigger_side).recovery
    recovery = sub.startup + sub.recovery
    if ctx.options["sub.recovery"] == "add":
        recovery += base
    p = replace(p, spirit=sp.pay(p.spirit, sub.cost, ctx.spend_order) if sub.cost else p.spirit,
                recovery_override=recovery)
    s = setp(s, i, p)
    frames = [("eff." + kind, i, iid, f"{path}.{j}") for j, (kind, _) in enumerate(sub.effects)]
    return Outcome(s, f"{pn(i)} performs the sub-action {sub.startup}/{sub.recovery}/{sub.cost}: "
                      f"spirit {have} → {have - sub.cost}, recovery becomes {recovery}",
                   then=frames, clauses=("H-KW-SUB", "S-5"))


@FLOW.auto("kw.groundair", phase="resolve", clauses=("H-KW-GROUNDAIR", "H-RES-1"), next=AFTER_EFFECT)
def ground_air(ctx: Context, s: State, frame: Frame) -> Outcome:
    """{Ground / Air: "effect"}: if after resolving the card the condition holds, perform it."""
    _, i, iid = frame
    p = s.players[i]
    if not still_in_trigger(s, i, iid):
        return gone(ctx, s, i, iid, "no ground / air effect")
    face = ctx.cards[iid].face(p.trigger_side)
    letter, where = ("g", "on the ground") if p.y == 0 else ("a", "in the air")
    frames = effect_frames(face, i, iid, letter)
    if not frames:
        return Outcome(s, f"{pn(i)} is {where}: {face.name} has no effect for that",
                       clauses=("H-KW-GROUNDAIR",))
    return Outcome(s, f"{pn(i)} is {where}: {face.name}'s {where} effect applies", then=frames,
                   clauses=("H-KW-GROUNDAIR",))
