"""Bullets: firing (H-EFF-BUL-*, H-KW-ANGLE/MULTI/FIELD), bullet hits at any moment
(H-EFF-BUL-5), and the yellow-cell bullet movement phase (H-ADJ-YELLOW, H-BUL-*,
H-KW-STRAIGHT/TRACE/BOUNCE)."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .cards import DIRECTIONS
from .cards import Bullet as BulletSpec
from .common import cell, pn, setp
from .context import Context
from .flow import FLOW
from .settlement import settle_marks
from .state import Bullet, State
from .trigger import effect_at, gone, still_in_trigger

# ------------------------------------------------------------------------------ helpers


def spec_of(ctx: Context, b: Bullet) -> BulletSpec:
    face = ctx.cards[b.card].face(b.side)
    for kind, value in face.effects + face.ground + face.air:
        if kind == "bullet" and isinstance(value, BulletSpec):
            return value
    for _kind, value in face.effects:
        for k2, v2 in getattr(value, "effects", ()):
            if k2 == "bullet" and isinstance(v2, BulletSpec):
                return v2
    raise KeyError(b.card)


def contact_frames(s: State, victim: int) -> list[Frame]:
    """H-EFF-BUL-5: a bullet hit for each opponent's bullet on ``victim``'s cell."""
    p = s.players[victim]
    return [("bullet.hit", b.id) for b in s.bullets if b.owner != victim and b.x == p.x
            and b.y == p.y]


def remove_bullets(ctx: Context, s: State, ids: list[str]) -> tuple[State, str]:
    """Bullets leave the board; a card with no bullet left loses its die (H-EFF-BUL-3)."""
    gone = [b for b in s.bullets if b.id in ids]
    left = tuple(b for b in s.bullets if b.id not in ids)
    s = replace(s, bullets=left)
    for i in (0, 1):
        p = s.players[i]
        keep = tuple((c, v) for c, v in p.dice if any(b.card == c for b in left))
        if keep != p.dice:
            s = setp(s, i, replace(p, dice=keep))
    text = ", ".join(f"{pn(b.owner)}'s {ctx.name(b.card)} bullet {b.id} at {cell(b.x, b.y)}"
                     for b in gone)
    return s, text


def dice_removed(before: State, after: State) -> bool:
    """H-EFF-BUL-3 applied: some bullet card lost its die because its last bullet left."""
    return any(len(a.dice) < len(b.dice) for a, b in zip(after.players, before.players, strict=True))


def _has_bullets(s: State, i: int) -> bool:
    return bool(s.players[i].dice) or any(b.owner == i for b in s.bullets)


# ------------------------------------------------------------------------------ firing


def _origin(ctx: Context, s: State, i: int, spec: BulletSpec) -> tuple[int, int]:
    p = s.players[i]
    if spec.field is None:
        return p.x, p.y
    return p.x + spec.field[0] * p.facing, p.y + spec.field[1]


def _directions(ctx: Context, s: State, i: int, spec: BulletSpec) -> list[tuple[str, int, int]]:
    """H-EFF-BUL-1 / H-KW-ANGLE: the 8 directions, or the card's angles, turned to the facing."""
    facing = s.players[i].facing
    names = spec.angle or tuple(DIRECTIONS)
    return [(n, DIRECTIONS[n][0] * facing, DIRECTIONS[n][1]) for n in names]


def _fire_options(ctx: Context, s: State, i: int, spec: BulletSpec) -> tuple[Option, ...]:
    if not spec.straight:  # tracing or still bullets need no direction
        return (Option("place" if spec.multi == 1 else f"place {spec.multi}",
                       tuple((n, 0, 0) for n in ["still"] * spec.multi)),)
    dirs = _directions(ctx, s, i, spec)
    if spec.angle and spec.multi > 1 and ctx.options["bullet.multi_directions"] == "free_angle":
        # a fixed launch angle cannot differ, so its bullets may share their angles
        return tuple(Option("fire " + ", ".join(d[0] for d in combo), combo)
                     for combo in combinations_with_replacement(dirs, spec.multi))
    return tuple(Option("fire " + ", ".join(d[0] for d in combo), combo)
                 for combo in combinations(dirs, min(spec.multi, len(dirs))))


def _decide_fire(ctx: Context, s: State, frame: Frame) -> Decision | None:
    _, i, iid, path = frame
    if not still_in_trigger(s, i, iid):
        return None
    _, spec = effect_at(ctx, s, i, iid, path)
    if not ctx.on_board(*_origin(ctx, s, i, spec)):
        return None
    opts = _fire_options(ctx, s, i, spec)
    if len(opts) <= 1:
        return None
    clauses = ("H-EFF-BUL-1", "H-KW-ANGLE", "H-KW-MULTI") + (("R-29",) if spec.multi > 1 else ())
    return Decision("fire", (pn(i),), (opts,), clauses,
                    "eff.bullet", "Choose the direction(s) to fire")


@FLOW.choice("eff.bullet", phase="resolve",
             clauses=("H-EFF-BUL", "H-EFF-BUL-1", "H-EFF-BUL-2", "H-KW-ANGLE", "H-KW-MULTI",
                      "H-KW-FIELD", "H-RES-1", "R-29"),
             next=(("bullet.hit", "a bullet on the opponent's cell"),
                   ("eff.move", "the next effect"), ("eff.dash", "the next effect"),
                   ("eff.approach", "the next effect"), ("eff.defense", "the next effect"),
                   ("eff.physical", "the next effect"), ("eff.bullet", "the next effect"),
                   ("eff.sub", "the next effect"), ("kw.groundair", "after the card's effects"),
                   ("resolve.card", "the other player resolves"), ("resolve.settle", "all resolved")),
             decide=_decide_fire)
def fire(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Bullet attack: a bullet token goes on the character's cell (or the given cell, {Field
    bullet}), fired in one of the 8 directions unless the card limits the angle; the card gets a
    die showing the duration. {Multi X} places X bullets in different directions."""
    _, i, iid, path = frame
    if not still_in_trigger(s, i, iid):
        return gone(ctx, s, i, iid, "no bullet")
    p = s.players[i]
    _, spec = effect_at(ctx, s, i, iid, path)
    x, y = _origin(ctx, s, i, spec)
    if not ctx.on_board(x, y):
        return Outcome(s, f"{pn(i)}'s field bullet cell {cell(x, y)} is off the board: no bullet",
                       clauses=("H-KW-FIELD",))
    combo = chosen[pn(i)].value if chosen else _fire_options(ctx, s, i, spec)[0].value
    serial = s.bullet_serial
    new = []
    for _name, dx, dy in combo:
        serial += 1
        new.append(Bullet(f"b{serial}", i, iid, x, y, dx, dy, p.trigger_side))
    dice = tuple((c, v) for c, v in p.dice if c != iid) + ((iid, spec.duration),)
    s = replace(setp(s, i, replace(p, dice=dice)), bullets=s.bullets + tuple(new),
                bullet_serial=serial)
    how = ", ".join(n for n, _, _ in combo)
    text = (f"{pn(i)} fires {ctx.name(iid)} from {cell(x, y)} ({how}); die {spec.duration} "
            "on the card")
    clauses: tuple[str, ...] = ("H-EFF-BUL", "H-EFF-BUL-1", "H-EFF-BUL-2")
    if spec.angle:
        clauses += ("H-KW-ANGLE",)
    if spec.multi > 1:
        clauses += ("H-KW-MULTI",) + (("R-29",) if spec.straight else ())
    if spec.field is not None:
        clauses += ("H-KW-FIELD",)
    hits = contact_frames(s, 1 - i)
    return Outcome(s, text, events=({"type": "bullet", "player": pn(i), "card": iid,
                                     "bullets": [b.id for b in new], "cell": [x, y]},),
                   then=hits, clauses=clauses)


@FLOW.auto("bullet.hit", phase="attack", clauses=("H-EFF-BUL-5", "H-BUL-6", "H-EFF-BUL-3"),
           next=(("attack.begin", "the bullet is on the opponent's cell"),
                 ("bullet.hit", "another bullet there"),
                 ("eff.move", "the next effect"), ("eff.dash", "the next effect"),
                 ("eff.approach", "the next effect"), ("eff.defense", "the next effect"),
                 ("eff.physical", "the next effect"), ("eff.bullet", "the next effect"),
                 ("eff.sub", "the next effect"), ("kw.groundair", "after the card's effects"),
                 ("resolve.card", "the other player resolves"), ("resolve.settle", "all resolved"),
                 ("bullets.settle", "in the bullet movement phase"),
                 ("kw.on_damage", "the next on-damage effect"),
                 ("adjust.recover", "after gravity"), ("adjust.dice", "after gravity"),
                 ("adjust.gravity", "after gravity"), ("adjust.blue", "after gravity"),
                 ("bullets.phase", "after gravity"), ("turn.begin", "after gravity"),
                 ("adjust.settle", "after gravity")))
def bullet_hit(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A bullet and the opponent character share a cell: bullet hit, resolved like a physical hit
    (§7); the bullet leaves the board."""
    bid = frame[1]
    b = next((b for b in s.bullets if b.id == bid), None)
    if b is None:
        return Outcome(s, f"bullet {bid} is no longer on the board: no hit", clauses=("H-EFF-BUL-5",))
    q = s.players[1 - b.owner]
    if (q.x, q.y) != (b.x, b.y):
        return Outcome(s, f"bullet {bid} no longer shares {pn(1 - b.owner)}'s cell: no hit",
                       clauses=("H-EFF-BUL-5",))
    before = s
    s, _ = remove_bullets(ctx, s, [bid])
    clauses: tuple[str, ...] = ("H-EFF-BUL-5",)
    if any(f[0] == "bullets.settle" for f in s.agenda):  # met in the bullet movement phase
        clauses += ("H-BUL-6",)
    if dice_removed(before, s):
        clauses += ("H-EFF-BUL-3",)
    return Outcome(s, f"{pn(b.owner)}'s {ctx.name(b.card)} bullet {bid} hits {pn(1 - b.owner)} at "
                      f"{cell(b.x, b.y)}",
                   events=({"type": "bullet_hit", "player": pn(b.owner), "bullet": bid,
                            "cell": [b.x, b.y]},),
                   then=(("attack.begin", b.owner, b.card, b.side, bid),), clauses=clauses)


# ------------------------------------------------------------------------------ yellow cells


def _decide_bullet_order(ctx: Context, s: State, frame: Frame) -> Decision | None:
    both = _has_bullets(s, 0) and _has_bullets(s, 1)
    if not both and not ctx.options["initiative.ask_when_moot"]:
        return None
    holder = s.initiative
    opts = (Option("keep initiative", "keep"), Option("pass initiative", "pass"))
    return Decision("initiative", (pn(holder),), (opts,), ("H-BUL-ORDER", "R-13"),
                    "bullets.phase", "Keep or pass the initiative token to order the bullet phase")


@FLOW.choice("bullets.phase", phase="bullet movement",
             clauses=("H-ADJ-YELLOW", "H-BUL-ORDER", "R-11", "R-13", "S-2"),
             next=(("bullets.dice", "a player has bullet dice"), ("bullets.move", "bullets move"),
                   ("bullets.clash", "after both moved"), ("adjust.blue", "the next blue cell"),
                   ("bullets.phase", "the next yellow cell"), ("turn.begin", "no bullets")),
             decide=_decide_bullet_order)
def bullet_phase(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Both markers passed a yellow cell: the bullet movement phase. The initiative holder may hand
    the token over to decide who performs it first (as H-RES-SIM, R-13)."""
    c = frame[1]
    holder = s.initiative
    clauses: tuple[str, ...] = ("H-ADJ-YELLOW", "R-11")
    if chosen is not None:
        passed = chosen[pn(holder)].value == "pass"
        new_holder = 1 - holder if passed else holder
        first = 1 - new_holder if ctx.options["initiative.pass_to_act_first"] else new_holder
        s = replace(s, initiative=new_holder)
        how = (f"{pn(holder)} passes the initiative token" if passed
               else f"{pn(holder)} keeps the initiative token")
        clauses += ("H-BUL-ORDER", "R-13")
        if not (_has_bullets(s, 0) and _has_bullets(s, 1)):
            clauses += ("S-2",)
    else:
        first = holder
        how = f"{pn(holder)} first (initiative)"
    order = (first, 1 - first)
    frames: list[Frame] = []
    for i in order:
        if s.players[i].dice:
            frames.append(("bullets.dice", i))
        frames.append(("bullets.move", i))
    if not s.bullets and not any(p.dice for p in s.players):
        return Outcome(s, f"yellow cell {c}: bullet movement phase, no bullet on the board",
                       clauses=("H-ADJ-YELLOW", "R-11"))
    frames += [("bullets.clash",), ("bullets.leave",), ("bullets.hits",), ("bullets.settle",)]
    return Outcome(s, f"yellow cell {c}: bullet movement phase, {how}", then=frames,
                   clauses=clauses)


@FLOW.auto("bullets.dice", phase="bullet movement", clauses=("H-BUL-1", "H-BUL-2", "R-23"),
           next=("bullets.move",))
def tick(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The die on each of the player's bullet cards −1; a die reaching 0 is removed and its bullets
    expire (leave the board, R-23; with bullet.expires_with_die false they stay)."""
    i = frame[1]
    p = s.players[i]
    ticked = [(c, v - 1) for c, v in p.dice]
    expired = [c for c, v in ticked if v <= 0]
    s = setp(s, i, replace(p, dice=tuple((c, v) for c, v in ticked if v > 0)))
    parts = [f"{ctx.name(c)} {v + 1} → {v}" for c, v in ticked]
    text = f"{pn(i)}'s bullet dice count down: " + ", ".join(parts)
    clauses: tuple[str, ...] = ("H-BUL-1",)
    if expired:
        ids = [b.id for b in s.bullets if b.card in expired]
        if ctx.options["bullet.expires_with_die"]:
            s, gone_text = remove_bullets(ctx, s, ids)
            text += "; expired: " + (gone_text or ", ".join(ctx.name(c) for c in expired))
        else:
            text += "; dice removed from " + ", ".join(ctx.name(c) for c in expired)
            if ids:
                text += f" (bullets {', '.join(ids)} stay on the board)"
        clauses += ("H-BUL-2", "R-23") if ids else ("H-BUL-2",)
    return Outcome(s, text, events=({"type": "dice", "player": pn(i), "dice": [list(d) for d in ticked]},),
                   clauses=clauses)


def straight_path(ctx: Context, s: State, b: Bullet, steps: int, bounce: bool
                  ) -> tuple[int, int, int, int, bool]:
    """{Straight X} (R-20) and {Bounce}: move cell by cell; a bullet stops on the opponent's cell;
    without bounce it may leave the board (discarded by H-BUL-5)."""
    x, y, dx, dy = b.x, b.y, b.dx, b.dy
    q = s.players[1 - b.owner]
    bounced = False
    for _ in range(steps):
        nx, ny = x + dx, y + dy
        if bounce and not ctx.on_board(nx, ny):
            if not 1 <= nx <= ctx.width:
                dx = -dx
            if not 0 <= ny < ctx.height:
                dy = -dy
            bounced = True
            nx, ny = x + dx, y + dy
            if not ctx.on_board(nx, ny):
                break
        x, y = nx, ny
        if not ctx.on_board(x, y) or (x, y) == (q.x, q.y):
            break
    return x, y, dx, dy, bounced


@FLOW.auto("bullets.move", phase="bullet movement",
           clauses=("H-BUL-3", "H-KW-STRAIGHT", "H-KW-BOUNCE", "R-20"),
           next=(("bullets.trace", "a tracing bullet"), ("bullets.dice", "the other player"),
                 ("bullets.move", "the other player"), ("bullets.clash", "after both moved")))
def move_bullets(ctx: Context, s: State, frame: Frame) -> Outcome:
    """All the player's bullets move by their own rule: {Straight X} along the direction chosen at
    cast ({Bounce} reflects at the edge); {Trace X} bullets are moved by the owner."""
    i = frame[1]
    moved, traces = [], []
    clauses: set[str] = {"H-BUL-3"}
    bullets = list(s.bullets)
    for k, b in enumerate(bullets):
        if b.owner != i:
            continue
        spec = spec_of(ctx, b)
        if spec.trace:
            traces.append(("bullets.trace", i, b.id))
            continue
        if not spec.straight:
            continue
        steps = spec.straight if ctx.straight_cells == "x" else 1
        x, y, dx, dy, bounced = straight_path(ctx, s, b, steps, spec.bounce)
        bullets[k] = replace(b, x=x, y=y, dx=dx, dy=dy)
        moved.append(f"{b.id} {cell(b.x, b.y)} → {cell(x, y)}" + (" (bounced)" if bounced else ""))
        clauses.add("H-KW-STRAIGHT")
        if ctx.straight_cells == "one" and spec.straight > 1:
            clauses.add("R-20")
        if bounced:
            clauses.add("H-KW-BOUNCE")
    s = replace(s, bullets=tuple(bullets))
    text = f"{pn(i)}'s bullets move: " + ("; ".join(moved) if moved else "no straight bullet")
    if traces:
        text += f"; {len(traces)} tracing bullet{'s' if len(traces) > 1 else ''} to move"
    return Outcome(s, text, then=traces, clauses=tuple(sorted(clauses)))


def _trace_cells(ctx: Context, s: State, b: Bullet, steps: int) -> list[tuple[int, int]]:
    """R-28: with diagonal steps the cells within X king moves; otherwise within X orthogonal
    steps."""
    diagonal = ctx.options["bullet.trace_diagonal"]
    return sorted(((x, y) for x in range(b.x - steps, b.x + steps + 1)
                   for y in range(b.y - steps, b.y + steps + 1) if ctx.on_board(x, y)
                   and (diagonal or abs(x - b.x) + abs(y - b.y) <= steps)),
                  key=lambda c: (c != (b.x, b.y), c[1], c[0]))


def _decide_trace(ctx: Context, s: State, frame: Frame) -> Decision | None:
    _, i, bid = frame
    b = next((b for b in s.bullets if b.id == bid), None)
    if b is None:
        return None
    steps = spec_of(ctx, b).trace
    opts = tuple(Option(f"{bid} stays at {cell(*c)}" if c == (b.x, b.y) else f"{bid} to {cell(*c)}", c)
                 for c in _trace_cells(ctx, s, b, steps))
    return Decision("trace", (pn(i),), (opts,), ("H-KW-TRACE", "H-BUL-3", "R-28"), "bullets.trace",
                    f"Move tracing bullet {bid} up to {steps} cells")


@FLOW.choice("bullets.trace", phase="bullet movement", clauses=("H-KW-TRACE", "H-BUL-3", "R-28"),
             next=(("bullets.trace", "another tracing bullet"), ("bullets.dice", "the other player"),
                   ("bullets.move", "the other player"), ("bullets.clash", "after both moved")),
             decide=_decide_trace)
def trace(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """{Trace X}: the owner moves the bullet up to X cells freely."""
    _, i, bid = frame
    b = next((b for b in s.bullets if b.id == bid), None)
    if b is None or chosen is None:
        return Outcome(s, f"tracing bullet {bid} is gone", clauses=("H-BUL-3",))
    x, y = chosen[pn(i)].value
    s = replace(s, bullets=tuple(replace(o, x=x, y=y) if o.id == bid else o for o in s.bullets))
    return Outcome(s, f"{pn(i)} moves tracing bullet {bid} from {cell(b.x, b.y)} to {cell(x, y)}",
                   events=({"type": "bullet_move", "bullet": bid, "to": [x, y]},),
                   clauses=("H-KW-TRACE", "H-BUL-3", "R-28"))


@FLOW.auto("bullets.clash", phase="bullet movement", clauses=("H-BUL-4", "H-EFF-BUL-3"),
           next=("bullets.leave",))
def clash(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Where bullets of both sides share a cell, every bullet but the one with the highest cancel
    level is discarded; if the highest level is shared, all of them are."""
    cells: dict[tuple[int, int], list[Bullet]] = {}
    for b in s.bullets:
        if ctx.on_board(b.x, b.y):
            cells.setdefault((b.x, b.y), []).append(b)
    discard: list[str] = []
    parts = []
    for c, group in sorted(cells.items()):
        if len({b.owner for b in group}) < 2:
            continue
        levels = sorted(((ctx.cards[b.card].face(b.side).cancel, b.id) for b in group), reverse=True)
        top = levels[0][0]
        winners = [bid for lv, bid in levels if lv == top]
        if len(winners) == 1:
            discard += [bid for _, bid in levels[1:]]
            parts.append(f"at {cell(*c)} {winners[0]} (cancel {top}) wins")
        else:
            discard += [bid for _, bid in levels]
            parts.append(f"at {cell(*c)} a tie at cancel {top}: all discarded")
    if not discard:
        return Outcome(s, "no bullets of both sides share a cell", clauses=("H-BUL-4",))
    before = s
    s, gone_text = remove_bullets(ctx, s, discard)
    return Outcome(s, "bullets clash: " + "; ".join(parts) + f" (discarded: {gone_text})",
                   events=({"type": "clash", "discarded": discard},),
                   clauses=("H-BUL-4", "H-EFF-BUL-3") if dice_removed(before, s) else ("H-BUL-4",))


@FLOW.auto("bullets.leave", phase="bullet movement", clauses=("H-BUL-5", "H-EFF-BUL-3"),
           next=("bullets.hits",))
def leave(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Bullets that have left the board are discarded."""
    out = [b.id for b in s.bullets if not ctx.on_board(b.x, b.y)]
    if not out:
        return Outcome(s, "no bullet has left the board", clauses=("H-BUL-5",))
    before = s
    s, gone_text = remove_bullets(ctx, s, out)
    return Outcome(s, f"bullets off the board are discarded: {gone_text}",
                   events=({"type": "bullets_left", "bullets": out},),
                   clauses=("H-BUL-5", "H-EFF-BUL-3") if dice_removed(before, s) else ("H-BUL-5",))


@FLOW.auto("bullets.hits", phase="bullet movement", clauses=("H-BUL-6",),
           next=(("bullet.hit", "a bullet on the opponent's cell"), ("bullets.settle", "no hit")))
def hits(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A bullet on the opponent character's cell enters bullet hit (§7)."""
    frames = contact_frames(s, 0) + contact_frames(s, 1)
    if not frames:
        return Outcome(s, "no bullet on an opponent's cell")
    return Outcome(s, f"{len(frames)} bullet{'s' if len(frames) > 1 else ''} on an opponent's cell",
                   then=frames)


@FLOW.auto("bullets.settle", phase="bullet movement", clauses=("H-RES-DMG", "H-GOAL-1"),
           next=(("game.over", "a player is at 0 HP"), ("spell.gain", "HP fell to a threshold"),
                 ("adjust.blue", "the next blue cell"), ("bullets.phase", "the next yellow cell"),
                 ("turn.begin", "then")))
def settle(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Damage settlement after the bullet movement phase (as H-RES-DMG)."""
    return settle_marks(ctx, s)


def bullet_summary(s: State) -> list[dict[str, Any]]:
    return [{"id": b.id, "owner": pn(b.owner), "cell": [b.x, b.y]} for b in s.bullets]
