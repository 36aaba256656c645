"""§6 Effects: move and dash (H-EFF-MOVE, H-EFF-DASH), defense (H-EFF-DEF), physical attacks
(H-EFF-PHYS-*)."""

from __future__ import annotations

from collections import deque

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .common import cell, face_each_other, pn, setp
from .context import Context
from .flow import FLOW
from .state import State

AFTER_EFFECT = (("eff.move", "the next effect"), ("eff.dash", "the next effect"),
                 ("eff.defense", "the next effect"), ("eff.physical", "the next effect"),
                 ("resolve.card", "the other player resolves"), ("resolve.settle", "all resolved"))


def still_in_trigger(s: State, i: int, iid: str) -> bool:
    return s.players[i].trigger == iid


def reachable(ctx: Context, s: State, i: int, steps: int) -> list[tuple[int, int]]:
    """R-16: cells reachable in up to ``steps`` orthogonal steps (diagonal too with
    move.diagonal), never entering or passing through the opponent's cell."""
    p, q = s.players[i], s.players[1 - i]
    start = (p.x, p.y)
    blocked = (q.x, q.y)
    dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if ctx.diagonal:
        dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    seen = {start: 0}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        d = seen[(x, y)]
        if d == steps:
            continue
        for dx, dy in dirs:
            n = (x + dx, y + dy)
            if n in seen or n == blocked or not ctx.on_board(*n):
                continue
            seen[n] = d + 1
            queue.append(n)
    return sorted(seen, key=lambda c: (c != start, c[1], c[0]))


def _decide_move(ctx: Context, s: State, frame: tuple) -> Decision | None:
    _, i, iid, k = frame
    if not still_in_trigger(s, i, iid):
        return None
    kind, steps = ctx.cards[iid].face(s.players[i].trigger_side).effects[k]
    cells = reachable(ctx, s, i, steps)
    if len(cells) <= 1:
        return None
    p = s.players[i]
    opts = tuple(Option(f"stay at {cell(*c)}" if c == (p.x, p.y) else f"{kind} to {cell(*c)}", c)
                 for c in cells)
    clause = ("H-EFF-MOVE", "R-16") if kind == "move" else ("H-EFF-MOVE", "H-EFF-DASH", "R-16")
    return Decision(kind, (pn(i),), (opts,), clause, "eff." + kind,
                    f"{kind.capitalize()} up to {steps} cells")


def _move(ctx: Context, s: State, frame: tuple, chosen: dict[str, Option] | None) -> Outcome:
    _, i, iid, k = frame
    p = s.players[i]
    if not still_in_trigger(s, i, iid):
        return Outcome(s, f"{pn(i)}'s {ctx.name(iid)} left the trigger zone: the effect is not "
                          "performed")
    kind, steps = ctx.cards[iid].face(p.trigger_side).effects[k]
    if chosen is None:
        return Outcome(s, f"{pn(i)} cannot {kind}: no free cell within {steps}")
    x, y = chosen[pn(i)].value
    if (x, y) == (p.x, p.y):
        return Outcome(s, f"{pn(i)} stays at {cell(x, y)}")
    s = face_each_other(ctx, setp(s, i, replace(p, x=x, y=y)))
    verb = "dashes" if kind == "dash" else "moves"
    return Outcome(s, f"{pn(i)} {verb} from {cell(p.x, p.y)} to {cell(x, y)}",
                   events=({"type": "move", "player": pn(i), "from": [p.x, p.y], "to": [x, y],
                            "by": kind},))


@FLOW.choice("eff.move", phase="resolve", clauses=("H-EFF-MOVE", "R-16"), next=AFTER_EFFECT,
             decide=_decide_move)
def move(ctx: Context, s: State, frame: tuple, chosen: dict[str, Option] | None) -> Outcome:
    """Move X: move up to X cells, orthogonally (R-16), never through the opponent."""
    return _move(ctx, s, frame, chosen)


@FLOW.choice("eff.dash", phase="resolve", clauses=("H-EFF-MOVE", "H-EFF-DASH", "R-16"),
             next=AFTER_EFFECT, decide=_decide_move)
def dash(ctx: Context, s: State, frame: tuple, chosen: dict[str, Option] | None) -> Outcome:
    """Dash X: move up to X cells; under dash the move has graze."""
    return _move(ctx, s, frame, chosen)


@FLOW.auto("eff.defense", phase="resolve", clauses=("H-EFF-DEF",), next=AFTER_EFFECT)
def defense(ctx: Context, s: State, frame: tuple) -> Outcome:
    """Defense: while this card is on the field the character is in guard state."""
    _, i, iid, _k = frame
    if not still_in_trigger(s, i, iid):
        return Outcome(s, f"{pn(i)}'s {ctx.name(iid)} left the trigger zone: no guard state")
    return Outcome(s, f"{pn(i)} is in guard state while {ctx.name(iid)} is on the field",
                   events=({"type": "guard_state", "player": pn(i), "card": iid},))


def in_range(ctx: Context, s: State, i: int, reach: tuple[tuple[int, int], ...]) -> bool:
    """The range grid, mirrored by the attacker's facing, covers the opponent's cell."""
    p, q = s.players[i], s.players[1 - i]
    return ((q.x - p.x) * p.facing, q.y - p.y) in reach


@FLOW.auto("eff.physical", phase="resolve", clauses=("H-EFF-PHYS", "H-EFF-PHYS-1", "H-EFF-PHYS-2"),
           next=(("attack.begin", "the opponent is in range"),) + AFTER_EFFECT)
def physical(ctx: Context, s: State, frame: tuple) -> Outcome:
    """Physical attack: if the opponent is in range (the card's grid, mirrored by facing) the attack
    hits and goes to attack resolution; if not, the card cannot be cancelled."""
    _, i, iid, _k = frame
    p, q = s.players[i], s.players[1 - i]
    if not still_in_trigger(s, i, iid):
        return Outcome(s, f"{pn(i)}'s {ctx.name(iid)} left the trigger zone: no attack")
    face = ctx.cards[iid].face(p.trigger_side)
    if in_range(ctx, s, i, face.reach):
        return Outcome(s, f"{pn(i)}'s {face.name} hits: {pn(1 - i)} at {cell(q.x, q.y)} is in range",
                       events=({"type": "attack", "player": pn(i), "card": iid, "hit": True},),
                       then=(("attack.begin", i, iid, face.damage, face.hitstun,
                              face.guard_cost),),
                       clauses=("H-EFF-PHYS", "H-EFF-PHYS-1"))
    s = setp(s, i, replace(p, missed=True))
    return Outcome(s, f"{pn(i)}'s {face.name} misses: {pn(1 - i)} at {cell(q.x, q.y)} is out of "
                      "range, so it cannot be cancelled",
                   events=({"type": "attack", "player": pn(i), "card": iid, "hit": False},),
                   clauses=("H-EFF-PHYS", "H-EFF-PHYS-2"))
