"""§4 The timeline: whose turn it is, skipped cells, and the blue-cell adjustment phase."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import spirit as sp
from .bullets import contact_frames
from .common import face_each_other, pn, refill_needed, setp, takes_part
from .context import Context
from .flow import FLOW
from .settlement import settle_marks
from .spells import wants_front
from .state import State


def special_frames(ctx: Context, s: State, upto: int) -> list[Frame]:
    """R-11: blue/yellow cells passed by both markers that have not triggered yet, in timeline
    order; blue before yellow on a cell that is both."""
    frames: list[Frame] = []
    for c in range(s.special_done + 1, upto + 1):
        if ctx.is_blue(c):
            frames.append(("adjust.blue", c))
        if ctx.is_yellow(c):
            frames.append(("bullets.phase", c))
    return frames


@FLOW.auto("timeline.advance", phase="timeline", clauses=("H-TURN-1", "H-TURN-2", "R-11"),
           next=(("adjust.blue", "both markers passed a blue cell"),
                 ("bullets.phase", "both markers passed a yellow cell"),
                 ("turn.begin", "no special cell passed")))
def advance(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Go to the next timeline cell where a marker or hit token stands, skipping empty cells, and
    trigger every special cell both markers have now passed."""
    pa, pb = s.players[0].position, s.players[1].position
    t = min(v for v in (pa, pb) if v is not None)  # the earlier token on the timeline
    upto = t - 1 if ctx.strict_pass else t
    prev = s.time
    prev_done = s.special_done
    frames = special_frames(ctx, s, upto) if upto > prev_done else []
    skipped = t - prev - 1
    s = replace(s, time=t, special_done=max(prev_done, upto), participants=())
    frames.append(("turn.begin",))
    text = f"next turn at t={t}"
    if skipped > 0:
        text += (f" (cell {prev + 1} skipped" if skipped == 1
                 else f" (cells {prev + 1}–{t - 1} skipped") + ": no one takes part)"
    specials = [f"{color} cell {c}" for c in range(prev_done + 1, upto + 1)
                for color, on in (("blue", ctx.is_blue(c)), ("yellow", ctx.is_yellow(c))) if on
                ] if upto > prev_done else []
    if specials:
        text += "; both markers passed " + ", ".join(specials)
    clauses: tuple[str, ...] = ("H-TURN-1", "H-TURN-2") if skipped > 0 else ("H-TURN-1",)
    if specials:
        clauses += ("R-11",)
    return Outcome(s, text, events=({"type": "time", "from": prev, "to": t, "skipped": max(0, skipped)},),
                   then=frames, clauses=clauses)


@FLOW.auto("turn.begin", phase="timeline",
           clauses=("H-TURN-1", "H-TURN-2", "H-DMG-3", "H-TD-1", "R-27"),
           next=(("maint.trigger", "a turn player has a card in the trigger zone"),
                 ("maint.spell", "a turn player has 2+ spell cards (R-21)"),
                 ("maint.zone", "a card in the cast zone, or cards to draw"),
                 ("resolve.order", "hand full, both cast"), ("resolve.card", "hand full, a card cast"),
                 ("play.choose", "hand full, nothing cast"),
                 ("timeline.advance", "no one takes part any more")),
           tags=("turn",))
def begin_turn(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The players whose marker (or hit token) stands on the current cell take part; with two it is
    a simultaneous action. A hit token reached becomes the player's marker again."""
    t = s.time
    in_a, in_b = takes_part(ctx, s, 0), takes_part(ctx, s, 1)
    parts = (0, 1) if in_a and in_b else (0,) if in_a else (1,) if in_b else ()
    if not parts:
        return Outcome(s, f"no one takes part at t={t} any more", clauses=("H-TURN-2",),
                       then=(("timeline.advance",),))
    s, events, stale = _reach_hit_tokens(s, parts, t)
    turn = s.turn + 1
    s = replace(s, participants=parts, turn=turn)
    text, clauses = _turn_words(turn, t, parts, events, stale)
    return Outcome(s, text, events=tuple(events), then=_turn_frames(ctx, s, parts), clauses=clauses)


def _reach_hit_tokens(s: State, parts: tuple[int, ...], t: int
                      ) -> tuple[State, list[dict[str, Any]], list[int]]:
    """A hit token on the current cell becomes the player's marker again; one behind it (R-27: the
    marker came later) leaves. Returns (state, the events of tokens reached, the players whose
    token left)."""
    events: list[dict[str, Any]] = []
    stale: list[int] = []
    for i in parts:
        p = s.players[i]
        if p.hit == t:
            s = setp(s, i, replace(p, marker=t, hit=None))
            events.append({"type": "hit_token_reached", "player": pn(i), "cell": t,
                           "after_damage": p.marker is None})
        elif p.hit is not None and p.hit < t:  # the marker came later than the hit token
            s = setp(s, i, replace(p, hit=None))
            stale.append(i)
    return s, events, stale


def _turn_frames(ctx: Context, s: State, parts: tuple[int, ...]) -> list[Frame]:
    """The turn's steps: maintenance (trigger zone, spell front, cast zone and drawing), the
    resolution (its order for two resolvers), the play phase, then the timeline goes on."""
    players = s.players
    frames: list[Frame] = []
    front = False
    zone: list[Frame] = []
    resolvers: list[int] = []
    for i in parts:
        p = players[i]
        if p.trigger is not None:
            frames.append(("maint.trigger", i))
        if wants_front(s, i):
            front = True
        if p.cast is not None:
            zone.append(("maint.zone", i))
            resolvers.append(i)
        elif refill_needed(ctx, p):
            zone.append(("maint.zone", i))
    if front and ctx.options["spell.front_commit"]:
        frames.append(("maint.spell",))
    # H-MAINT-3 / H-MAINT-4 run when there is something to do: a card to move, cards to draw
    frames += zone
    # after maintenance, the cards now in the cast zone are in the trigger zone (H-MAINT-3)
    if len(parts) == 2 and (len(resolvers) == 2 or ctx.options["initiative.ask_when_moot"]):
        frames.append(("resolve.order",))
    elif resolvers:
        frames += [("resolve.card", i) for i in resolvers]
        frames.append(("resolve.settle",))
    frames.append(("play.choose",))
    frames.append(("timeline.advance",))
    return frames


def _turn_words(turn: int, t: int, parts: tuple[int, ...], events: list[dict[str, Any]],
                stale: list[int]) -> tuple[str, tuple[str, ...]]:
    """The turn's sentence and clauses."""
    if len(parts) == 2:
        text = f"turn {turn} at t={t}: simultaneous action of P1 and P2"
    else:
        text = f"turn {turn} at t={t}: {pn(parts[0])}'s turn"
    if events:
        text += "; " + ", ".join(f"{e['player']}'s hit token becomes the marker" for e in events)
    if stale:
        text += "; " + ", ".join(f"{pn(i)}'s marker is later than its hit token, which leaves"
                                 for i in stale)
    clauses: tuple[str, ...] = ("H-TURN-1",)
    if events:  # after damage the marker was off the timeline (H-DMG-3); after a guard, H-TD-1
        clauses += ("H-DMG-3",) if any(e["after_damage"] for e in events) else ("H-TD-1",)
    if stale:
        clauses += ("R-27",)
    return text, clauses


@FLOW.auto("adjust.blue", phase="adjustment", clauses=("H-ADJ-BLUE", "H-ADJ-BLUE-0", "R-11"),
           next=(("bullets.phase", "the cell is also yellow"),
                 ("adjust.recover", "a face-down spirit token"), ("adjust.dice", "a die on the gauge"),
                 ("adjust.gravity", "a piece in the air"), ("adjust.blue", "the next blue cell"),
                 ("turn.begin", "nothing to adjust")))
def blue_cell(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Both markers passed a blue cell: the initiative holder performs the adjustment phase first."""
    c = frame[1]
    order = (s.initiative, 1 - s.initiative)
    frames: list[Frame] = []
    idle = []
    together = ctx.options["adjust.gravity"] == "together"
    for i in order:
        p = s.players[i]
        mine = []
        if "down" in p.spirit:
            mine.append(("adjust.recover", i))
        if any(isinstance(x, int) for x in p.spirit):
            mine.append(("adjust.dice", i))
        if p.y > 0 and not together:
            mine.append(("adjust.gravity", i))
        if not mine and not (together and p.y > 0):
            idle.append(pn(i))
        frames += mine
    if together and any(p.y > 0 for p in s.players):  # both pieces fall at one moment
        frames.append(("adjust.gravity", order[0], "both"))
    text = f"blue cell {c}: adjustment phase, {pn(order[0])} first (initiative)"
    if idle:
        text += "; " + " and ".join(idle) + (" has" if len(idle) == 1 else " have")
        text += " no face-down token, no die and no piece in the air"
    return Outcome(s, text, then=frames)


AFTER_ADJUST = (("adjust.recover", "the other player's phase"),
                ("adjust.dice", "a die on the gauge"), ("adjust.gravity", "a piece in the air"),
                ("adjust.blue", "the next blue cell"), ("bullets.phase", "the yellow cell"),
                ("turn.begin", "adjustment done"))


@FLOW.auto("adjust.recover", phase="adjustment", clauses=("H-ADJ-BLUE-1",), next=AFTER_ADJUST)
def recover(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Recover 1 spirit: the leftmost face-down spirit token is flipped face-up."""
    i = frame[1]
    p = s.players[i]
    new = sp.recover(p.spirit)
    if new == p.spirit:
        return Outcome(s, f"{pn(i)} has no face-down spirit token to flip")
    s = setp(s, i, replace(p, spirit=new))
    return Outcome(s, f"{pn(i)} recovers 1 spirit: {sp.available(p.spirit)} → {sp.available(new)}",
                   events=({"type": "spirit", "player": pn(i), "from": sp.available(p.spirit),
                            "to": sp.available(new)},))


@FLOW.auto("adjust.dice", phase="adjustment", clauses=("H-ADJ-BLUE-2",), next=AFTER_ADJUST)
def tick_dice(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The leftmost die on the gauge counts down; at 0 it leaves and a face-down token returns."""
    i = frame[1]
    p = s.players[i]
    new, slot = sp.tick_dice(p.spirit)
    if slot is None:
        return Outcome(s, f"{pn(i)} has no die on the spirit gauge")
    s = setp(s, i, replace(p, spirit=new))
    if new[slot] == "down":
        text = f"{pn(i)}'s die on slot {slot + 1} reaches 0: a face-down spirit token returns"
    else:
        text = f"{pn(i)}'s die on slot {slot + 1} counts down to {new[slot]}"
    return Outcome(s, text, events=({"type": "die", "player": pn(i), "slot": slot + 1,
                                     "value": new[slot]},))


def _landing(s: State) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = s.players
    return (a.x, max(0, a.y - 1)), (b.x, max(0, b.y - 1))


def _decide_facing(ctx: Context, s: State, frame: Frame) -> Decision | None:
    i = frame[1]
    if len(frame) > 2:  # both fall at once; the performer chooses if they land together
        a, b = _landing(s)
        if a != b:
            return None
        return Decision("facing", (pn(i),), ((Option("face right", 1), Option("face left", -1)),),
                        ("H-ADJ-BLUE-3", "R-26"), "adjust.gravity",
                        "a piece falls into the other's cell: choose the facing")
    p, q = s.players[i], s.players[1 - i]
    if p.y == 0 or (p.x, p.y - 1) != (q.x, q.y):
        return None
    return Decision("facing", (pn(i),), ((Option("face right", 1), Option("face left", -1)),),
                    ("H-ADJ-BLUE-3",), "adjust.gravity",
                    f"{pn(i)} falls into {pn(1 - i)}'s cell: choose the facing")


@FLOW.choice("adjust.gravity", phase="adjustment", clauses=("H-ADJ-BLUE-3", "R-26", "S-1"),
             next=(("bullet.hit", "falls onto an opponent's bullet"),) + AFTER_ADJUST,
             decide=_decide_facing)
def gravity(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Gravity: the piece moves down 1 cell (no effect on the ground). If it falls into the other
    piece's cell, the player performing the phase chooses the facing. R-26: both pieces fall at
    the same moment (stacked pieces never meet)."""
    if len(frame) > 2:
        return _fall_together(ctx, s, frame[1], chosen)
    i = frame[1]
    p = s.players[i]
    if p.y == 0:
        return Outcome(s, f"{pn(i)} is on the ground: gravity has no effect",
                       clauses=("H-ADJ-BLUE-3",))
    p = replace(p, y=p.y - 1)
    text = f"{pn(i)} falls from ({p.x},{p.y + 1}) to ({p.x},{p.y})"
    if chosen is not None:
        facing = chosen[pn(i)].value
        p = replace(p, facing=facing)
        text += f", into {pn(1 - i)}'s cell, and faces {'right' if facing == 1 else 'left'}"
    s = face_each_other(ctx, setp(s, i, p))
    hits = contact_frames(s, i)
    if hits:
        text += "; an opponent's bullet is there"
        hits = hits + [("adjust.settle",)]
    return Outcome(s, text, events=({"type": "move", "player": pn(i), "to": [p.x, p.y],
                                     "by": "gravity"},), then=hits, clauses=("H-ADJ-BLUE-3", "R-26"))


def _fall_together(ctx: Context, s: State, performer: int, chosen: dict[str, Option] | None
                   ) -> Outcome:
    before = s.players
    parts = []
    events = []
    for i, p in enumerate(before):
        if p.y > 0:
            s = setp(s, i, replace(p, y=p.y - 1))
            parts.append(f"{pn(i)} falls from ({p.x},{p.y}) to ({p.x},{p.y - 1})")
            events.append({"type": "move", "player": pn(i), "to": [p.x, p.y - 1], "by": "gravity"})
    text = "; ".join(parts) + (" (at the same moment)" if len(parts) > 1 else "")
    if chosen is not None:
        facing = chosen[pn(performer)].value
        fell = next(i for i, p in enumerate(before) if p.y > 0)
        s = setp(s, fell, replace(s.players[fell], facing=facing))
        way = "right" if facing == 1 else "left"
        text += (f", into {pn(1 - fell)}'s cell, and faces {way}" if fell == performer else
                 f", into {pn(1 - fell)}'s cell; {pn(performer)} chooses the facing: {way}")
    moved = s
    s = face_each_other(ctx, s)
    hits = contact_frames(s, 0) + contact_frames(s, 1)
    if hits:
        text += "; an opponent's bullet is there"
        hits = hits + [("adjust.settle",)]
    clauses: tuple[str, ...] = ("H-ADJ-BLUE-3", "R-26")
    if s is not moved:
        clauses += ("S-1",)
    return Outcome(s, text, events=tuple(events), then=hits, clauses=clauses)


@FLOW.auto("adjust.settle", phase="adjustment", clauses=("H-RES-DMG", "H-GOAL-1"),
           next=(("game.over", "a player is at 0 HP"), ("spell.gain", "HP fell to a threshold"))
           + AFTER_ADJUST)
def adjust_settle(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Damage settlement after a bullet hit in the adjustment phase (as H-RES-DMG)."""
    return settle_marks(ctx, s)
