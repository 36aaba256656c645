"""§7 Attack resolution (D-ATK-*, D-HIT-*, D-DEF, D-DMG-*, D-BLOCK, D-NORMAL, D-COUNTER) and §8–9
effects and tags (D-EFF-*, D-TAG-*)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .cards import DIRECTIONS
from .common import (
    cell,
    face_each_other,
    gain_spirit,
    hit_frames,
    move_marker,
    pn,
    remove_bullet,
    setp,
    sign,
)
from .context import Context
from .flow import FLOW, RESUME
from .state import Bullet, Player, State

GAME_OVER = (("game.over",),)


def in_play(s: State, i: int, iid: str) -> bool:
    return s.players[i].played == iid


def immune(ctx: Context, p: Player) -> bool:
    """D-TAG-IMMUNE: the card in play has the immune tag."""
    return p.played is not None and ctx.cards[p.played].immune


def in_range(ctx: Context, s: State, i: int, reach: tuple[tuple[int, int], ...]) -> bool:
    """D-CARD-RANGE: the range grid, mirrored by the attacker's facing, covers the opponent's block."""
    p, q = s.players[i], s.players[1 - i]
    return ((q.x - p.x) * p.facing, q.y - p.y) in reach


def gone(s: State, ctx: Context, i: int, iid: str) -> Outcome:
    """D-RES triggers the effects of the card in play: one no longer in play performs nothing more;
    no rule of the effect itself applies."""
    return Outcome(s, f"{pn(i)}'s {ctx.name(iid)} is no longer in play: the effect is not performed",
                   clauses=("D-RES",))


# ------------------------------------------------------------------------------ moving

AFTER_EFFECT = RESUME + (("hit.check", "a physical attack"),)


def reachable(ctx: Context, s: State, i: int, steps: int) -> list[tuple[int, int]]:
    """D-EFF-MOVE / DR-5: blocks reachable in up to ``steps`` orthogonal steps, never entering or
    passing through the opponent's block."""
    return list(_reachable(*_walk_of(ctx, s, i, steps)))


def paths(ctx: Context, s: State, i: int, steps: int) -> list[tuple[tuple[int, int], ...]]:
    return list(_paths(*_walk_of(ctx, s, i, steps)))


Cell = tuple[int, int]
Walk = tuple[Cell, Cell, int, bool, frozenset[Cell]]


def _walk_of(ctx: Context, s: State, i: int, steps: int) -> Walk:
    """What the paths of player ``i`` depend on: its block, the opponent's, the steps, diagonal
    steps, the board."""
    p, q = s.players[i], s.players[1 - i]
    return (p.x, p.y), (q.x, q.y), steps, ctx.diagonal, ctx.board


@lru_cache(maxsize=4096)
def _paths(start: Cell, blocked: Cell, steps: int, diagonal: bool, board: frozenset[Cell]
           ) -> tuple[tuple[Cell, ...], ...]:
    """Every simple path from ``start`` of up to ``steps`` steps that never enters ``blocked``, in
    the order walked: a pure function of its arguments, computed once per situation."""
    dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if diagonal:
        dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    out: list[tuple[Cell, ...]] = []

    def walk(path: tuple[Cell, ...]) -> None:
        out.append(path)
        if len(path) > steps:
            return
        x, y = path[-1]
        for dx, dy in dirs:
            n = (x + dx, y + dy)
            if n in path or n == blocked or n not in board:
                continue
            walk(path + (n,))

    walk((start,))
    return tuple(out)


def _reachable(start: Cell, blocked: Cell, steps: int, diagonal: bool, board: frozenset[Cell]
               ) -> tuple[Cell, ...]:
    """The blocks the paths of :func:`_paths` end on, by row then column."""
    ends = {path[-1] for path in _paths(start, blocked, steps, diagonal, board)}
    return tuple(sorted(ends, key=lambda c: (c[1], c[0])))


def _move_options(ctx: Context, s: State, i: int, kind: str, steps: int) -> tuple[Option, ...]:
    walk = _walk_of(ctx, s, i, steps)
    if kind == "move":
        return _moves(walk)
    mine_too = ctx.options["dash.discards"] == "all"
    bullets = tuple((b.id, b.x, b.y) for b in s.bullets if mine_too or b.owner != i)
    return _dashes(walk, bullets)


@lru_cache(maxsize=4096)
def _moves(walk: Walk) -> tuple[Option, ...]:
    """The options of a move: stay, or move to each reachable block."""
    start = walk[0]
    return tuple(Option(f"stay at {cell(*c)}" if c == start else f"move to {cell(*c)}",
                        (c[0], c[1], ())) for c in _reachable(*walk))


@lru_cache(maxsize=4096)
def _dashes(walk: Walk, bullets: tuple[tuple[str, int, int], ...]) -> tuple[Option, ...]:
    """The options of a dash: each block reachable, with each set of ``bullets`` (id and block,
    those a dash discards) it can pass through."""
    start = walk[0]
    seen: dict[tuple[Any, ...], Option] = {}
    for path in _paths(*walk):
        dest = path[-1]
        cells = set(path[1:])
        passed = tuple(sorted((b for b, x, y in bullets if (x, y) in cells), key=lambda b: int(b[1:])))
        key = (dest, passed)
        if key in seen:
            continue
        label = f"stay at {cell(*dest)}" if dest == start else f"dash to {cell(*dest)}"
        if passed:
            label += " through " + ", ".join(passed)
        seen[key] = Option(label, (dest[0], dest[1], passed))
    return tuple(sorted(seen.values(), key=lambda o: (o.value[1], o.value[0], len(o.value[2]),
                                                      o.value[2])))


def _decide_move(ctx: Context, s: State, frame: Frame) -> Decision | None:
    _, i, iid, k = frame
    if not in_play(s, i, iid):
        return None
    kind, steps = ctx.cards[iid].effects[k]
    opts = _move_options(ctx, s, i, kind, steps)
    if len(opts) <= 1:
        return None
    return Decision(kind, (pn(i),), (opts,), ("D-EFF-MOVE", "DR-5"), "eff." + kind,
                    f"{kind.capitalize()} up to {steps} blocks")


def _move(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    _, i, iid, k = frame
    p = s.players[i]
    if not in_play(s, i, iid):
        return gone(s, ctx, i, iid)
    kind, steps = ctx.cards[iid].effects[k]
    if chosen is None:
        return Outcome(s, f"{pn(i)} cannot {kind}: no free block within {steps}",
                       clauses=("D-EFF-MOVE",))
    x, y, bullets = chosen[pn(i)].value
    if (x, y) == (p.x, p.y):
        return Outcome(s, f"{pn(i)} stays at {cell(x, y)}", clauses=("D-EFF-MOVE",))
    s = face_each_other(ctx, setp(s, i, replace(p, x=x, y=y)))
    text = f"{pn(i)} {'dashes' if kind == 'dash' else 'moves'} from {cell(p.x, p.y)} to {cell(x, y)}"
    clauses: tuple[str, ...] = ("D-EFF-MOVE", "DR-5", "DR-7")
    for bid in bullets:
        s = remove_bullet(s, bid)
    if bullets:
        text += "; discards " + ", ".join(bullets) + " passed through"
        clauses += ("DS-6",)
    return Outcome(s, text, events=({"type": "move", "player": pn(i), "from": [p.x, p.y], "to": [x, y],
                                     "by": kind, "discarded": list(bullets)},),
                   then=hit_frames(s), clauses=clauses)


@FLOW.choice("eff.move", phase="resolve", clauses=("D-EFF-MOVE", "DR-5", "DR-7", "D-RES"),
             next=AFTER_EFFECT, decide=_decide_move)
def move(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Move: move up to the value in blocks, never diagonally (DR-5), never through the opponent; the
    pieces then face each other (DR-7)."""
    return _move(ctx, s, frame, chosen)


@FLOW.choice("eff.dash", phase="resolve", clauses=("D-EFF-MOVE", "DR-5", "DR-7", "DS-6", "D-RES"),
             next=AFTER_EFFECT, decide=_decide_move)
def dash(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Dash: move like a move, and discard the bullets (and their cards) passed through (DS-6: the
    opponent's bullets, or every bullet)."""
    return _move(ctx, s, frame, chosen)


@FLOW.auto("eff.forward", phase="resolve", clauses=("D-TAG-FORWARD", "D-TAG-DAMAGE", "DS-13", "D-RES"),
           next=AFTER_EFFECT)
def forward(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Move forward X: move up to X blocks closer to the opponent along the row, stopping before the
    opponent's block (as 0.45.2's approach), only "at the ground" (DS-13: a piece in the air does
    not move). Frame flag 1: a damage: effect (D-TAG-DAMAGE)."""
    _, i, iid, k, *rest = frame
    on_damage = bool(rest and rest[0])
    if not on_damage and not in_play(s, i, iid):
        return gone(s, ctx, i, iid)
    card = ctx.cards[iid]
    steps = (card.on_damage if on_damage else card.effects)[k][1]
    clauses: tuple[str, ...] = ("D-TAG-FORWARD", "D-TAG-DAMAGE") if on_damage else ("D-TAG-FORWARD",)
    p, q = s.players[i], s.players[1 - i]
    if p.y != 0 and ctx.options["forward.ground_only"]:
        return Outcome(s, f"{pn(i)} is in the air: move forward moves only at the ground",
                       clauses=clauses + ("DS-13",))
    d = sign(q.x - p.x)
    x = p.x
    for _ in range(steps):
        if d == 0 or (x + d, p.y) == (q.x, q.y) or not ctx.on_board(x + d, p.y):
            break
        x += d
    if x == p.x:
        return Outcome(s, f"{pn(i)} cannot move closer to {pn(1 - i)}", clauses=clauses)
    s = face_each_other(ctx, setp(s, i, replace(p, x=x)))
    return Outcome(s, f"{pn(i)} moves forward from {cell(p.x, p.y)} to {cell(x, p.y)}",
                   events=({"type": "move", "player": pn(i), "from": [p.x, p.y], "to": [x, p.y],
                            "by": "forward"},), then=hit_frames(s), clauses=clauses)


# ------------------------------------------------------------------------------ bullets


def _decide_bullet(ctx: Context, s: State, frame: Frame) -> Decision | None:
    _, i, iid, _k = frame
    card = ctx.cards[iid]
    if not in_play(s, i, iid) or card.trace or len(card.directions) < 2:
        return None
    opts = tuple(Option(f"fire {d}", d) for d in card.directions)
    return Decision("direction", (pn(i),), (opts,), ("D-EFF-BUL", "D-TAG-STRAIGHT"), "eff.bullet",
                    f"Choose the direction of {card.name}")


@FLOW.choice("eff.bullet", phase="resolve",
             clauses=("D-EFF-BUL", "D-TAG-STRAIGHT", "D-TAG-TRACE", "D-RES"),
             next=AFTER_EFFECT, decide=_decide_bullet)
def bullet(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Bullet attack: one token of a pair on the player's block, one on the first slot of the card;
    a straight bullet gets a direction (its arrow), a trace bullet follows the opponent."""
    _, i, iid, _k = frame
    if not in_play(s, i, iid):
        return gone(s, ctx, i, iid)
    p = s.players[i]
    card = ctx.cards[iid]
    if card.trace:
        dx = dy = 0
        how = f"trace {card.trace}"
        clauses: tuple[str, ...] = ("D-EFF-BUL", "D-TAG-TRACE")
    else:
        d = chosen[pn(i)].value if chosen else card.directions[0]
        fx, dy = DIRECTIONS[d]
        dx = fx * p.facing
        how = f"straight {card.straight}, {d}"
        clauses = ("D-EFF-BUL", "D-TAG-STRAIGHT")
    bid = f"b{s.bullet_serial + 1}"
    b = Bullet(bid, i, iid, p.x, p.y, dx, dy, 0)
    s = replace(setp(s, i, replace(p, played=None)), bullets=s.bullets + (b,),
                bullet_serial=s.bullet_serial + 1)
    return Outcome(s, f"{pn(i)} fires {card.name} ({how}) as {bid} from {cell(p.x, p.y)}",
                   events=({"type": "bullet", "player": pn(i), "bullet": bid, "card": iid,
                            "cell": [p.x, p.y], "dir": [dx, dy]},), then=hit_frames(s),
                   clauses=clauses)


@FLOW.auto("bullet.hit", phase="attack", clauses=("D-ATK-BUL", "D-EFF-BUL", "DR-2", "DS-5"),
           next=(("def.phase", "bullet.defense_phase"), ("dmg.phase", "no defense phase"),
                 ("dmg.block", "bullet.hit_phase = block")) + RESUME)
def bullet_hit(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A bullet and the opponent share a block: the bullet hits (its card is discarded) and the attack
    goes to the damaged phase (DR-2), through the defense phase (DS-5); with bullet.hit_phase = block,
    straight to the block phase."""
    bid = frame[1]
    b = next((x for x in s.bullets if x.id == bid), None)
    if b is None:
        return Outcome(s, f"{bid} is no longer on the board", clauses=("D-EFF-BUL",))
    q = s.players[1 - b.owner]
    if (b.x, b.y) != (q.x, q.y):
        return Outcome(s, f"{bid} no longer shares a block with {pn(1 - b.owner)}", clauses=("D-EFF-BUL",))
    s = remove_bullet(s, bid)
    text = f"{pn(b.owner)}'s {ctx.name(b.card)} ({bid}) hits {pn(1 - b.owner)} at {cell(b.x, b.y)}"
    ev = ({"type": "bullet_hit", "bullet": bid, "player": pn(1 - b.owner)},)
    if ctx.options["bullet.hit_phase"] == "block":
        return Outcome(s, text + ": block phase", events=ev,
                       then=(("dmg.block", b.owner, b.card, 1, ""),), clauses=("D-ATK-BUL", "DR-2"))
    if ctx.options["bullet.defense_phase"]:
        return Outcome(s, text + ": defense phase", events=ev,
                       then=(("def.phase", b.owner, b.card, 1),),
                       clauses=("D-ATK-BUL", "D-EFF-BUL", "DR-2", "DS-5"))
    return Outcome(s, text + ": damaged phase", events=ev,
                   then=(("dmg.phase", b.owner, b.card, 1, ""),),
                   clauses=("D-ATK-BUL", "D-EFF-BUL", "DR-2", "DS-5"))


# ------------------------------------------------------------------------------ physical attacks


@FLOW.auto("eff.physical", phase="resolve", clauses=("D-EFF-PHYS", "D-ATK-PHYS", "D-RES"),
           next=(("hit.check", "the hit phase"),) + AFTER_EFFECT)
def physical(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Physical attack: cast it and enter the hit phase."""
    _, i, iid, _k = frame
    if not in_play(s, i, iid):
        return gone(s, ctx, i, iid)
    return Outcome(s, f"{pn(i)} attacks with {ctx.name(iid)}: hit phase",
                   then=(("hit.check", i, iid),), clauses=("D-EFF-PHYS", "D-ATK-PHYS"))


@FLOW.auto("hit.check", phase="attack",
           clauses=("D-HIT", "D-HIT-YES", "D-HIT-NO", "D-CARD-RANGE", "D-TAG-PARRY"),
           next=(("def.phase", "it hits"), ("parry", "the defender's parry activates")) + AFTER_EFFECT)
def hit_check(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Hit phase: the attack hits if the opponent stands in a red block of the range (mirrored by
    facing); yes → defense phase (or the defender's parry activates); no → whiff, +1 recovering time."""
    _, i, iid = frame
    p, q = s.players[i], s.players[1 - i]
    card = ctx.cards[iid]
    if in_range(ctx, s, i, card.reach):
        if q.played is not None and ctx.cards[q.played].parry:
            return Outcome(s, f"{pn(1 - i)}'s {ctx.name(q.played)} receives {card.name}: the parry "
                              "activates",
                           events=({"type": "attack", "player": pn(i), "card": iid, "hit": True,
                                    "parried": True},),
                           then=(("parry", 1 - i, q.played, i, iid),),
                           clauses=("D-HIT", "D-HIT-YES", "D-CARD-RANGE", "D-TAG-PARRY"))
        return Outcome(s, f"{card.name} hits: {pn(1 - i)} at {cell(q.x, q.y)} is in range; defense "
                          "phase", events=({"type": "attack", "player": pn(i), "card": iid, "hit": True},),
                       then=(("def.phase", i, iid, 0),), clauses=("D-HIT", "D-HIT-YES", "D-CARD-RANGE"))
    s = setp(s, i, replace(p, whiff=p.whiff + 1))
    return Outcome(s, f"{card.name} misses: {pn(1 - i)} at {cell(q.x, q.y)} is out of range; {pn(i)} "
                      "gets +1 recovering time",
                   events=({"type": "attack", "player": pn(i), "card": iid, "hit": False},),
                   clauses=("D-HIT", "D-HIT-NO", "D-CARD-RANGE"))


@FLOW.auto("parry", phase="attack", clauses=("D-TAG-PARRY", "DS-8", "DS-15"), next=("dmg.phase",))
def parry(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Parry: the physical attack received during the parry card's time is stopped, and the parry card
    strikes back at once; the opponent cannot defend it (no defense phase). The parry card is
    discarded; the parrying player's marker goes to current time + its recovering time (DS-8). With
    ``parry.range = checked`` (DS-15) it strikes back only when the attacker stands in its range."""
    _, d, piid, att, aiid = frame
    p = s.players[d]
    card = ctx.cards[piid]
    reaches = ctx.options["parry.range"] == "ignored" or in_range(ctx, s, d, card.reach)
    p = replace(p, played=None, discard=p.discard + (piid,))
    if reaches:
        text = (f"{pn(d)} parries {ctx.name(aiid)} with {card.name} and strikes back; "
                f"{pn(att)} cannot defend")
    else:
        text = (f"{pn(d)} parries {ctx.name(aiid)} with {card.name}; {pn(att)} is out of its range: "
                "nothing strikes back (parry.range = checked)")
    if ctx.options["parry.after"] == "recover":
        old = p.marker
        p = replace(p, marker=s.time + card.recovery)
        text += f"; {pn(d)}'s marker t={old} → {p.marker}"
    s = setp(s, d, p)
    clauses = ("D-TAG-PARRY", "DS-8", "DS-15") + (() if reaches else ("D-CARD-RANGE",))
    events: tuple[dict[str, object], ...] = ({"type": "parry", "player": pn(d), "card": piid,
                                              "struck": reaches},)
    if reaches:  # the strike back is the parry card's attack: its range is what it touched
        events += ({"type": "attack", "player": pn(d), "card": piid, "hit": True, "parry": True},)
    return Outcome(s, text, events=events,
                   then=(("dmg.phase", d, piid, 0, ""),) if reaches else (), clauses=clauses)


# ------------------------------------------------------------------------------ defense and damage


def _defense_cards(ctx: Context, s: State, d: int) -> list[str]:
    p = s.players[d]
    pay = ctx.options["defense.pay_cost"]
    return [c for c in p.hand if ctx.cards[c].kind == "defense"
            and (not pay or ctx.cards[c].cost <= p.spirit)
            and (not ctx.cards[c].ground_only or p.y == 0)]


def _decide_defense(ctx: Context, s: State, frame: Frame) -> Decision | None:
    _, att, iid, _bullet = frame
    d = 1 - att
    if s.players[d].played is not None:
        return None
    cards = _defense_cards(ctx, s, d)
    if not cards:
        return None
    opts = tuple(Option(f"block with {ctx.cards[c].id}", c) for c in cards) + (
        Option("take the hit", None),)
    return Decision("defense", (pn(d),), (opts,), ("D-DEF", "D-EFF-DEF"), "def.phase",
                    f"Block {ctx.name(iid)} with a defense card, or take the hit")


@FLOW.choice("def.phase", phase="attack", clauses=("D-DEF", "D-EFF-DEF", "DS-11"),
             next=("dmg.phase",), decide=_decide_defense)
def defense(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Defense phase: a defender with no card in play may play one defense card (paying its cost,
    DS-11; it goes to the discard pile)."""
    _, att, iid, is_bullet = frame
    d = 1 - att
    p = s.players[d]
    nxt = ("dmg.phase", att, iid, is_bullet, "")
    if chosen is None:
        why = ("has a card in play: no defense" if p.played is not None
               else "has no defense card to play")
        return Outcome(s, f"{pn(d)} {why}", then=(nxt,), clauses=("D-DEF",))
    c = chosen[pn(d)].value
    if c is None:
        return Outcome(s, f"{pn(d)} plays no defense card", then=(nxt,), clauses=("D-DEF",))
    cost = ctx.cards[c].cost if ctx.options["defense.pay_cost"] else 0
    s = setp(s, d, replace(p, hand=tuple(x for x in p.hand if x != c), discard=p.discard + (c,),
                           spirit=p.spirit - cost))
    text = f"{pn(d)} plays {ctx.name(c)}" + (f" (spirit {p.spirit} → {p.spirit - cost})" if cost else "")
    return Outcome(s, text, events=({"type": "defense", "player": pn(d), "card": c},),
                   then=(("dmg.phase", att, iid, is_bullet, c),),
                   clauses=("D-DEF", "D-EFF-DEF", "DS-11") if ctx.cards[c].cost else ("D-DEF", "D-EFF-DEF"))


@FLOW.auto("dmg.phase", phase="attack",
           clauses=("D-DMG", "D-DMG-BLOCK", "D-DMG-NORMAL", "D-DMG-COUNTER", "D-TAG-IMMUNE", "DS-7"),
           next=(("dmg.block", "a defense card was played"), ("dmg.normal", "no card in play"),
                 ("dmg.counter", "a card in play")) + RESUME)
def damaged(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Damaged phase: a defense card played → block phase; no card in play → normal attack phase; a
    card in play → counter attack phase (immune.scope = hit: an immune card ignores the attack)."""
    _, att, iid, is_bullet, block = frame
    d = 1 - att
    p = s.players[d]
    if block:
        return Outcome(s, f"{pn(d)} played a defense card: block phase",
                       then=(("dmg.block", att, iid, is_bullet, block),), clauses=("D-DMG", "D-DMG-BLOCK"))
    if p.played is None:
        return Outcome(s, f"{pn(d)} has no card in play: normal attack phase",
                       then=(("dmg.normal", att, iid, is_bullet),), clauses=("D-DMG", "D-DMG-NORMAL"))
    if immune(ctx, p) and ctx.options["immune.scope"] == "hit":
        return Outcome(s, f"{pn(d)}'s {ctx.name(p.played)} is immune: the attack has no effect",
                       clauses=("D-DMG", "D-TAG-IMMUNE", "DS-7"))
    return Outcome(s, f"{pn(d)} has {ctx.name(p.played)} in play: counter attack phase",
                   then=(("dmg.counter", att, iid, is_bullet),), clauses=("D-DMG", "D-DMG-COUNTER"))


@FLOW.auto("dmg.block", phase="attack", clauses=("D-BLOCK", "D-DMG-BLOCK", "DR-2", "DS-3"),
           next=RESUME)
def block(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Block phase: the defender's marker moves to the attacker's current time + (hitlag − 1); a
    bullet attack costs the defender 1 spirit (never below 0)."""
    _, att, iid, is_bullet, block_card = frame
    d = 1 - att
    p = s.players[d]
    card = ctx.cards[iid]
    p, mtext = move_marker(ctx, p, s.time + card.hitlag - 1)
    text = f"{pn(d)} blocks {card.name}: {mtext}"
    if is_bullet:
        text += f", spirit {p.spirit} → {max(0, p.spirit - 1)} (bullet)"
        p = replace(p, spirit=max(0, p.spirit - 1))
    s = setp(s, d, replace(p, resolved=None, whiff=0))
    clauses: tuple[str, ...] = ("D-BLOCK",) if block_card else ("D-BLOCK", "DR-2")
    if "stays" in mtext:
        clauses += ("DS-3",)
    return Outcome(s, text, events=({"type": "block", "player": pn(d), "card": iid,
                                     "marker": p.marker},), clauses=clauses)


def _damage_frames(ctx: Context, att: int, iid: str) -> list[Frame]:
    card = ctx.cards[iid]
    out: list[Frame] = []
    for k, (kind, value) in enumerate(card.on_damage):
        out.append(("eff.knockback", att, iid, value) if kind == "knockback"
                   else ("eff.forward", att, iid, k, 1))
    return out


def _hurt(ctx: Context, s: State, att: int, iid: str, extra: int, counter: bool
          ) -> tuple[State, str, list[Frame], tuple[str, ...]]:
    d = 1 - att
    p = s.players[d]
    card = ctx.cards[iid]
    dmg = card.damage + extra
    clauses: tuple[str, ...] = ()
    shield = immune(ctx, p)
    if shield:
        dmg = 0
        clauses += ("D-TAG-IMMUNE", "DS-7")
    hp = max(0, p.hp - dmg)
    p, mtext = move_marker(ctx, p, s.time + card.hitlag + extra)
    if "stays" in mtext:
        clauses += ("DS-3",)
    text = f"{pn(d)} takes {dmg} damage from {card.name} (HP {s.players[d].hp} → {hp})"
    if shield:
        text += f" ({ctx.name(p.played)} is immune)"
    text += f", {mtext}"
    if counter and p.played is not None:
        text += f", discards {ctx.name(p.played)}"
        p = replace(p, discard=p.discard + (p.played,), played=None)
    s = setp(s, d, replace(p, hp=hp, resolved=None, whiff=0))
    if counter:
        a = s.players[att]
        a2 = gain_spirit(ctx, a, 1)
        s = setp(s, att, a2)
        text += f"; {pn(att)} spirit {a.spirit} → {a2.spirit}"
    if hp <= 0:
        return s, text, list(GAME_OVER), clauses
    frames = _damage_frames(ctx, att, iid)
    if frames:
        clauses += ("D-TAG-DAMAGE",)
    return s, text, frames, clauses


@FLOW.auto("dmg.normal", phase="attack", clauses=("D-NORMAL", "D-TAG-DAMAGE", "D-TAG-IMMUNE", "DS-3",
                                                  "DS-7"),
           next=(("eff.knockback", "damage: knockback"), ("eff.forward", "damage: move forward"))
           + RESUME)
def normal(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Normal attack phase: the defender's health goes down by the damage and the marker moves to the
    current time + hitlag; then the card's damage: effects."""
    _, att, iid, _b = frame
    s, text, then, clauses = _hurt(ctx, s, att, iid, 0, False)
    return Outcome(s, text, events=({"type": "damage", "player": pn(1 - att), "card": iid,
                                     "hp": s.players[1 - att].hp},), then=then,
                   clauses=("D-NORMAL",) + clauses)


@FLOW.auto("dmg.counter", phase="attack", clauses=("D-COUNTER", "D-TAG-DAMAGE", "D-TAG-IMMUNE", "DS-3",
                                                   "DS-4", "DS-7"),
           next=(("eff.knockback", "damage: knockback"), ("eff.forward", "damage: move forward"))
           + RESUME)
def counter(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Counter attack phase: damage + 1, the marker to current time + (hitlag + 1), the played card is
    discarded, and the attacker gains 1 spirit (at most spirit.max); then the damage: effects."""
    _, att, iid, _b = frame
    s, text, then, clauses = _hurt(ctx, s, att, iid, 1, True)
    return Outcome(s, text, events=({"type": "counter", "player": pn(1 - att), "card": iid,
                                     "hp": s.players[1 - att].hp},), then=then,
                   clauses=("D-COUNTER",) + clauses)


@FLOW.auto("eff.knockback", phase="attack", clauses=("D-TAG-KNOCKBACK", "D-TAG-DAMAGE"),
           next=RESUME)
def knockback(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Knockback X: the opponent moves X blocks away in the same row; hitting the side of the board
    with blocks still to move, it stops and takes 1 more damage."""
    _, att, _iid, steps = frame
    d = 1 - att
    a, p = s.players[att], s.players[d]
    way = sign(p.x - a.x) or a.facing
    x = p.x
    wall = False
    for _ in range(steps):
        if not ctx.on_board(x + way, p.y):
            wall = True
            break
        if (x + way, p.y) == (a.x, a.y):
            break
        x += way
    text = (f"{pn(d)} is knocked back from {cell(p.x, p.y)} to {cell(x, p.y)}" if x != p.x
            else f"{pn(d)} is against the side at {cell(p.x, p.y)}")
    hp = p.hp
    if wall:
        extra = 0 if immune(ctx, p) else 1
        hp = max(0, p.hp - extra)
        text += f"; hits the side: {extra} more damage (HP {p.hp} → {hp})"
    s = face_each_other(ctx, setp(s, d, replace(p, x=x, hp=hp)))
    then = list(GAME_OVER) if hp <= 0 else hit_frames(s)
    return Outcome(s, text, events=({"type": "knockback", "player": pn(d), "from": [p.x, p.y],
                                     "to": [x, p.y], "wall": wall},), then=then)
