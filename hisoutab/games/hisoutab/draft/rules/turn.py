"""§4–§6 The timeline, the special line and the turn phases (D-TURN-*, D-TIME-*, D-PLAY, D-CAST,
D-RES, D-CANCEL, D-RECOVER, D-REPLENISH)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .common import cell, face_each_other, gain_spirit, hit_frames, pn, remove_bullet, setp, sign
from .context import PLAYERS, Context
from .flow import FLOW
from .state import Bullet, Player, State

# ------------------------------------------------------------------------------ timeline


@FLOW.auto("timeline.advance", phase="timeline", clauses=("D-TURN-1", "D-CARD-LINE", "DR-1"),
           next=(("time.line", "both markers passed a special line"),
                 ("turn.begin", "no special line passed")))
def advance(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Whoever is earlier on the timeline takes the turn: go to the earliest marker, and trigger every
    special line (after each slot c with c % timeline.special_every == 0) both markers have passed."""
    t = min(p.marker for p in s.players if p.marker is not None)
    frames: list[Frame] = [("time.line", c) for c in range(s.special_done + 1, t) if ctx.is_special(c)]
    prev = s.time
    s = replace(s, time=t, special_done=max(s.special_done, t - 1), participants=())
    text = f"next turn at t={t}"
    clauses: tuple[str, ...] = ("D-TURN-1",)
    if frames:
        text += "; both markers passed the special line after slot " + ", ".join(
            str(f[1]) for f in frames)
        clauses += ("D-CARD-LINE", "DR-1")
    frames.append(("turn.begin",))
    return Outcome(s, text, events=({"type": "time", "from": prev, "to": t},), then=frames,
                   clauses=clauses)


@FLOW.auto("time.line", phase="special line", clauses=("D-TIME", "D-CARD-LINE"),
           next=("time.spirit",))
def special_line(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Both players passed the special line: spirit, bullets and gravity, in that order."""
    return Outcome(s, f"special line after slot {frame[1]}: spirit, bullets, gravity",
                   then=(("time.spirit",), ("time.bullets",), ("time.gravity",)))


@FLOW.auto("time.spirit", phase="special line", clauses=("D-TIME-1", "DS-4"),
           next=("time.bullets",))
def line_spirit(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Each player gains 1 spirit (at most spirit.max, DS-4)."""
    parts = []
    for i in (0, 1):
        p = s.players[i]
        q = gain_spirit(ctx, p, 1)
        s = setp(s, i, q)
        parts.append(f"{pn(i)} spirit {p.spirit} → {q.spirit}" + (" (full)" if q.spirit == p.spirit
                                                                   else ""))
    return Outcome(s, "; ".join(parts), clauses=("D-TIME-1",) if all(
        p.spirit < ctx.spirit_max for p in s.players) else ("D-TIME-1", "DS-4"))


def _trace_step(ctx: Context, b: Bullet, tx: int, ty: int) -> tuple[int, int]:
    dx, dy = tx - b.x, ty - b.y
    if ctx.options["bullet.trace_diagonal"]:
        return b.x + sign(dx), b.y + sign(dy)
    if abs(dx) >= abs(dy):
        return b.x + sign(dx), b.y
    return b.x, b.y + sign(dy)


@FLOW.auto("time.bullets", phase="special line",
           clauses=("D-TIME-2", "D-CARD-BULLET-1", "D-CARD-BULLET-2", "D-TAG-STRAIGHT", "D-TAG-TRACE",
                    "D-EFF-BUL", "DS-10", "DS-12"),
           next=(("bullet.hit", "a bullet shares a block with the opponent"),
                 ("time.gravity", "then")))
def line_bullets(ctx: Context, s: State, frame: Frame) -> Outcome:
    """All bullet cards move once (the initiative holder's first): the token on the card goes to the
    next slot, and a card whose token leaves the last slot is discarded with its bullet; otherwise a
    straight bullet moves X along its arrow, a trace bullet X blocks closer to the opponent. A bullet
    leaving the board is discarded; a bullet sharing a block with the opponent hits."""
    if not s.bullets:
        return Outcome(s, "no bullet on the board", clauses=("D-TIME-2",))
    order = sorted(s.bullets, key=lambda b: (b.owner != s.initiative, int(b.id[1:])))
    parts = []
    events: list[dict[str, Any]] = []
    clauses = {"D-TIME-2", "D-CARD-BULLET-1"}
    for b in order:
        card = ctx.cards[b.card]
        slot = b.slot + 1
        if slot >= card.slots:
            s = remove_bullet(s, b.id)
            parts.append(f"{b.id} ({card.name}) leaves the last slot: card discarded")
            clauses.add("D-CARD-BULLET-2")
            events.append({"type": "bullet_gone", "bullet": b.id, "why": "last slot"})
            continue
        q = s.players[1 - b.owner]
        nb = replace(b, slot=slot)
        gone = False
        for _ in range(card.straight or card.trace):
            if card.straight:
                x, y = nb.x + nb.dx, nb.y + nb.dy
                clauses.add("D-TAG-STRAIGHT")
            else:
                x, y = _trace_step(ctx, nb, q.x, q.y)
                clauses.update(("D-TAG-TRACE", "DS-10"))
            if not ctx.on_board(x, y):
                gone = True
                break
            nb = replace(nb, x=x, y=y)
            if (x, y) == (q.x, q.y) and (card.trace or ctx.options["bullet.hit_in_passing"]):
                if card.straight:
                    clauses.add("DS-12")
                break
        if gone:
            s = remove_bullet(s, b.id)
            parts.append(f"{b.id} ({card.name}) leaves the board: card discarded")
            events.append({"type": "bullet_gone", "bullet": b.id, "why": "off the board"})
            continue
        s = replace(s, bullets=tuple(nb if x.id == b.id else x for x in s.bullets))
        parts.append(f"{b.id} ({card.name}) {cell(b.x, b.y)} → {cell(nb.x, nb.y)}, slot {slot + 1}"
                     f"/{card.slots}")
        events.append({"type": "bullet_move", "bullet": b.id, "to": [nb.x, nb.y], "slot": slot})
    hits = hit_frames(s)
    if hits:
        clauses.add("D-EFF-BUL")
    return Outcome(s, "bullets move: " + "; ".join(parts), events=tuple(events), then=hits,
                   clauses=tuple(sorted(clauses)))


@FLOW.auto("time.gravity", phase="special line", clauses=("D-TIME-3", "DS-9", "DS-14"),
           next=(("bullet.hit", "a piece falls onto a bullet"), ("time.line", "the next special line"),
                 ("turn.begin", "then")))
def line_gravity(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Every player not on the ground moves down 1 (the initiative holder first); a piece right above
    the other one stays (gravity.onto_opponent = stay) or falls into its block (share). DS-14:
    every piece falls at the same moment, judged from where both stood before, so a piece above a
    falling one falls too whoever holds the initiative."""
    parts = []
    clauses: tuple[str, ...] = ("D-TIME-3",)
    together = ctx.options["gravity.together"]
    before = s.players
    if all(p.y > 0 for p in before):
        clauses += ("DS-14",)  # both in the air: the option decides whether they fall at once
    for i in (s.initiative, 1 - s.initiative):
        p, q = s.players[i], (before if together else s.players)[1 - i]
        if p.y == 0:
            continue
        below = (p.x, p.y - 1) == (q.x, q.y) and not (together and q.y > 0)
        if below and ctx.options["gravity.onto_opponent"] == "stay":
            parts.append(f"{pn(i)} stays at {cell(p.x, p.y)}: {pn(1 - i)} is below")
            clauses += ("DS-9",)
            continue
        s = setp(s, i, replace(p, y=p.y - 1))
        parts.append(f"{pn(i)} falls to {cell(p.x, p.y - 1)}")
    if not parts:
        return Outcome(s, "gravity: both players are on the ground", clauses=("D-TIME-3",))
    s = face_each_other(ctx, s)
    return Outcome(s, "gravity: " + "; ".join(parts), then=hit_frames(s), clauses=clauses)


# ------------------------------------------------------------------------------ the turn


@FLOW.auto("turn.begin", phase="timeline", clauses=("D-TURN-1", "D-TURN-2", "DS-2"),
           next=(("res.begin", "a turn player has a card in play"), ("play.choose", "otherwise"),
                 ("timeline.advance", "no one takes part any more")),
           tags=("turn",))
def begin_turn(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The players whose marker stands on the current slot take the turn; both: a simultaneous
    action. A turn player with a card in play resolves it first (cast.resolve = on_marker, DS-2)."""
    parts = tuple(i for i in (0, 1) if s.players[i].marker == s.time)
    if not parts:
        return Outcome(s, f"no one takes part at t={s.time} any more", clauses=("D-TURN-1",),
                       then=(("timeline.advance",),))
    s = replace(s, participants=parts, turn=s.turn + 1)
    frames: list[Frame] = []
    resolvers = tuple(i for i in parts if s.players[i].played is not None)
    clauses: tuple[str, ...] = ("D-TURN-1",)
    if resolvers:
        frames.append(("res.begin", resolvers))
        clauses += ("DS-2",)
    frames += [("play.choose",), ("timeline.advance",)]
    if len(parts) == 2:
        text = f"turn {s.turn} at t={s.time}: simultaneous action of P1 and P2"
        clauses = ("D-TURN-1", "D-TURN-2") + clauses[1:]
    else:
        text = f"turn {s.turn} at t={s.time}: {pn(parts[0])}'s turn"
    if resolvers:
        text += "; " + " and ".join(f"{pn(i)}'s {ctx.name(s.players[i].played)}" for i in resolvers)
        text += " resolve" + ("s" if len(resolvers) == 1 else "")
    return Outcome(s, text, then=frames, clauses=clauses)


# ------------------------------------------------------------------------------ resolution


def _level(ctx: Context, s: State, i: int) -> int:
    return ctx.card(s.players[i].played).cancel


@FLOW.auto("res.begin", phase="resolve", clauses=("D-RES", "D-RES-SIM"),
           next=(("res.order", "same cancellation level"), ("res.card", "resolve"),
                 ("cancel.begin", "nothing left to resolve")))
def resolution(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Effect resolution; in a simultaneous action the cards resolve from the highest to the lowest
    cancellation level, the initiative holder deciding the order on the same level."""
    who = tuple(i for i in frame[1] if s.players[i].played is not None)
    then: list[Frame] = []
    if len(who) == 2:
        a, b = who
        la, lb = _level(ctx, s, a), _level(ctx, s, b)
        if la == lb:
            then.append(("res.order",))
            text = f"both cards have cancellation level {la}: the initiative holder decides"
        else:
            first = a if la > lb else b
            then += [("res.card", first), ("res.card", 1 - first)]
            text = (f"{pn(first)}'s {ctx.name(s.players[first].played)} (level {max(la, lb)}) resolves "
                    f"before {pn(1 - first)}'s (level {min(la, lb)})")
        clauses: tuple[str, ...] = ("D-RES", "D-RES-SIM")
    elif who:
        then.append(("res.card", who[0]))
        text = f"{pn(who[0])} resolves {ctx.name(s.players[who[0]].played)}"
        clauses = ("D-RES",)
    else:
        text = "no card left to resolve"
        clauses = ("D-RES",)
    then.append(("cancel.begin", who))
    return Outcome(s, text, then=then, clauses=clauses)


def _decide_order(ctx: Context, s: State, frame: Frame) -> Decision | None:
    if sum(1 for i in (0, 1) if s.players[i].played is not None) < 2:
        return None
    opts = (Option("pass initiative", "pass"), Option("keep initiative", "keep"))
    return Decision("initiative", (pn(s.initiative),), (opts,), ("D-RES-SIM",), "res.order",
                    "Pass the initiative token and act first, or keep it and let the opponent act first")


@FLOW.choice("res.order", phase="resolve", clauses=("D-RES-SIM",), next=("res.card",),
             decide=_decide_order)
def order(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Same cancellation level: the initiative holder may pass the token to the opponent and act first;
    otherwise the other player acts first."""
    if chosen is None:
        who = [i for i in (0, 1) if s.players[i].played is not None]
        return Outcome(s, "only one card is left to resolve", then=[("res.card", i) for i in who])
    holder = s.initiative
    if chosen[pn(holder)].value == "pass":
        first = holder
        s = replace(s, initiative=1 - holder)
        text = f"{pn(holder)} passes the initiative token to {pn(1 - holder)} and acts first"
    else:
        first = 1 - holder
        text = f"{pn(holder)} keeps the initiative token: {pn(first)} acts first"
    return Outcome(s, text, events=({"type": "initiative", "player": pn(s.initiative)},),
                   then=(("res.card", first), ("res.card", 1 - first)))


@FLOW.auto("res.card", phase="resolve", clauses=("D-RES", "D-TAG-PARRY"),
           next=(("eff.move", "a move effect"), ("eff.dash", "a dash effect"),
                 ("eff.forward", "a move forward effect"), ("eff.physical", "a physical attack"),
                 ("eff.bullet", "a bullet attack"), ("res.discard", "a parry card"),
                 ("res.card", "the card left play"), ("cancel.begin", "the card left play")))
def resolve_card(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Trigger the effects of the card in play, in the order printed. A parry card whose time passed
    without receiving a physical attack has no effect."""
    i = frame[1]
    p = s.players[i]
    iid = p.played
    if iid is None:
        return Outcome(s, f"{pn(i)} no longer has a card in play (hit): nothing to resolve",
                       clauses=("D-RES",))
    card = ctx.cards[iid]
    s = setp(s, i, replace(p, resolved=iid))
    if card.parry:
        return Outcome(s, f"{pn(i)}'s {card.name}: the parry time passed without a physical attack, "
                          "no effect", then=(("res.discard", i, iid),), clauses=("D-RES", "D-TAG-PARRY"))
    frames: list[tuple[Any, ...]] = [("eff." + kind, i, iid, k) for k, (kind, _) in enumerate(card.effects)]
    frames.append(("res.discard", i, iid))
    return Outcome(s, f"{pn(i)} resolves {card.name}",
                   events=({"type": "resolve", "player": pn(i), "card": iid},), then=frames,
                   clauses=("D-RES",))


@FLOW.auto("res.discard", phase="resolve", clauses=("D-RES",),
           next=(("res.card", "the other player resolves"), ("cancel.begin", "all resolved")))
def discard_played(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Discard the played card into the discard pile (a bullet card stays with its bullet)."""
    _, i, iid = frame
    p = s.players[i]
    if p.played == iid:
        s = setp(s, i, replace(p, played=None, discard=p.discard + (iid,)))
        return Outcome(s, f"{pn(i)} discards {ctx.name(iid)}",
                       events=({"type": "zone", "player": pn(i), "card": iid, "to": "discard"},))
    if any(b.card == iid for b in s.bullets):
        return Outcome(s, f"{pn(i)}'s {ctx.name(iid)} stays on the card track of its bullet")
    return Outcome(s, f"{pn(i)}'s {ctx.name(iid)} already left play")


# ------------------------------------------------------------------------------ cancellation


@FLOW.auto("cancel.begin", phase="cancel", clauses=("D-CANCEL", "D-CANCEL-SIM"),
           next=(("cancel.choose", "a player who resolved a card"), ("cancel.end", "no one")))
def cancellation(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Cancellation phase for the players who resolved a card and were not hit since; in a
    simultaneous action the initiative holder decides first, then the other player."""
    who = [i for i in (s.initiative, 1 - s.initiative)
           if i in frame[1] and s.players[i].resolved is not None]
    then = [("cancel.choose", i) for i in who] + [("cancel.end", tuple(who))]
    if len(who) == 2:
        return Outcome(s, f"cancellation phase: {pn(who[0])} (initiative) decides first",
                       then=then, clauses=("D-CANCEL", "D-CANCEL-SIM"))
    text = f"cancellation phase of {pn(who[0])}" if who else "no one may cancel (hit)"
    return Outcome(s, text, then=then, clauses=("D-CANCEL",))


def playable(ctx: Context, p: Player, above: int | None = None) -> list[str]:
    """The cards of the hand playable now, in hand order: not a defense card (D-EFF-DEF), payable,
    on the ground if ground only (D-TAG-GROUND), and above ``above`` cancellation level when
    cancelling (D-CANCEL)."""
    cards = ctx.cards
    spirit, airborne = p.spirit, p.y != 0
    out = []
    for iid in p.hand:
        c = cards[iid]
        if c.kind == "defense" or c.cost > spirit or (c.ground_only and airborne):
            continue
        if above is None or c.cancel > above:
            out.append(iid)
    return out


def _decide_cancel(ctx: Context, s: State, frame: Frame) -> Decision | None:
    i = frame[1]
    p = s.players[i]
    if p.resolved is None:
        return None
    level = ctx.cards[p.resolved].cancel
    made = ctx.play_options
    opts = [made[c][1] for c in playable(ctx, p, level)]
    if not opts:
        return None
    opts.append(Option("no cancel", None))
    return Decision("cancel", (pn(i),), (tuple(opts),), ("D-CANCEL", "D-TAG-GROUND"), "cancel.choose",
                    f"Cancel {ctx.name(p.resolved)} (level {level}) with a higher level card, or not")


@FLOW.choice("cancel.choose", phase="cancel", clauses=("D-CANCEL", "D-CANCEL-SIM", "D-TAG-GROUND"),
             next=(("cancel.choose", "the other player decides"), ("cancel.end", "then")),
             decide=_decide_cancel)
def cancel(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Play a card with a higher cancellation level (face-down in a simultaneous action), or go on
    to the recovery."""
    i = frame[1]
    p = s.players[i]
    if p.resolved is None:
        return Outcome(s, f"{pn(i)} was hit: no cancellation", clauses=("D-CANCEL",))
    if chosen is None or chosen[pn(i)].value is None:
        why = "does not cancel" if chosen is not None else "has no card that can cancel"
        return Outcome(s, f"{pn(i)} {why} {ctx.name(p.resolved)}", clauses=("D-CANCEL",))
    iid = chosen[pn(i)].value
    s = setp(s, i, replace(p, hand=tuple(c for c in p.hand if c != iid), played=iid))
    if s.participants == (0, 1):  # D-CANCEL-SIM: the cancel card stays face-down until cancel.end
        return Outcome(s, f"{pn(i)} cancels {ctx.name(p.resolved)} with a card played face-down",
                       events=({"type": "play", "player": pn(i), "cancel": True, "face_down": True},),
                       clauses=("D-CANCEL", "D-CANCEL-SIM"))
    return Outcome(s, f"{pn(i)} cancels {ctx.name(p.resolved)} into {ctx.name(iid)}",
                   events=({"type": "play", "player": pn(i), "card": iid, "cancel": True},),
                   clauses=("D-CANCEL",))


@FLOW.auto("cancel.end", phase="cancel", clauses=("D-CANCEL", "D-CANCEL-SIM"),
           next=(("cast", "a cancel"), ("recover", "no cancel"),
                 ("play.choose", "everyone who resolved was hit"),
                 ("timeline.advance", "everyone who resolved was hit"),
                 ("res.begin", "everyone who resolved was hit (at_once)")))
def cancel_end(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Flip the cancel cards up: a cancel goes to the cast time of the new card (no replenishment);
    no cancel goes to the player's own recovery and replenishment."""
    then: list[Frame] = []
    parts = []
    again = []
    for i in frame[1]:
        p = s.players[i]
        if p.resolved is None:
            continue
        if p.played is not None:
            then.append(("cast", i, 1))
            again.append(i)
            parts.append(f"{pn(i)} cancels into {ctx.name(p.played)}")
        else:
            then += [("recover", i, p.resolved), ("replenish", i)]
            parts.append(f"{pn(i)} recovers from {ctx.name(p.resolved)}")
        s = setp(s, i, replace(s.players[i], resolved=None))
    if ctx.at_once and again:
        then.append(("res.begin", tuple(again)))
    text = "; ".join(parts) if parts else "no one takes part in the cancellation phase"
    return Outcome(s, text, then=then,
                   clauses=("D-CANCEL", "D-CANCEL-SIM") if len(parts) == 2 else ("D-CANCEL",))


# ------------------------------------------------------------------------------ time adjustment

AFTER_TIME = (("cast", "the other player's cast"), ("recover", "the other player's recovery"),
              ("res.begin", "cast.resolve = at_once"), ("play.choose", "the play phase"),
              ("timeline.advance", "the turn is over"))


@FLOW.auto("cast", phase="cast", clauses=("D-CAST", "DS-2"), next=AFTER_TIME)
def cast(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Pay the card's cost and move the marker to current time + cast time (the current time is the
    player's own marker: the turn's slot, or with cast.resolve = at_once where the last adjustment
    left it)."""
    i = frame[1]
    p = s.players[i]
    card = ctx.card(p.played)
    old = p.marker or s.time
    s = setp(s, i, replace(p, spirit=p.spirit - card.cost, marker=old + card.cast))
    text = f"{pn(i)} casts {card.name}: "
    text += f"spirit {p.spirit} → {p.spirit - card.cost}, " if card.cost else ""
    text += f"marker t={old} → {old + card.cast} (cast time {card.cast})"
    return Outcome(s, text, events=({"type": "cast", "player": pn(i), "card": p.played,
                                     "marker": [old, old + card.cast]},),
                   clauses=("D-CAST", "DS-2") if ctx.at_once else ("D-CAST",))


@FLOW.auto("recover", phase="recover", clauses=("D-RECOVER", "D-HIT-NO"), next=("replenish",))
def recover(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Move the marker to current time + recovering time (+1 for each whiffed physical attack)."""
    _, i, iid = frame
    p = s.players[i]
    card = ctx.cards[iid]
    old = p.marker or s.time
    new = old + card.recovery + p.whiff
    s = setp(s, i, replace(p, marker=new, whiff=0))
    text = f"{pn(i)} recovers from {card.name}: marker t={old} → {new} (recovering time {card.recovery}"
    text += f" + {p.whiff} whiff)" if p.whiff else ")"
    return Outcome(s, text, events=({"type": "marker", "player": pn(i), "from": old, "to": new},),
                   clauses=("D-RECOVER", "D-HIT-NO") if p.whiff else ("D-RECOVER",))


@FLOW.auto("replenish", phase="recover", clauses=("D-REPLENISH",), next=AFTER_TIME)
def replenish(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Return all cards from the discard pile to hand."""
    i = frame[1]
    p = s.players[i]
    if not p.discard:
        return Outcome(s, f"{pn(i)}'s discard pile is empty")
    s = setp(s, i, replace(p, hand=p.hand + p.discard, discard=()))
    return Outcome(s, f"{pn(i)} takes back {len(p.discard)} card{'s' if len(p.discard) > 1 else ''} "
                      "from the discard pile",
                   events=({"type": "replenish", "player": pn(i), "cards": list(p.discard)},))


# ------------------------------------------------------------------------------ card playing

WAIT = Option("wait", None)


def play_options(ctx: Context, s: State, i: int) -> tuple[Option, ...]:
    p = s.players[i]
    made = ctx.play_options
    opts = [made[c][0] for c in playable(ctx, p)]
    if not opts or ctx.options["turn.allow_wait"]:
        opts.append(WAIT)
    return tuple(opts)


def players_to_play(s: State) -> tuple[int, ...]:
    return tuple(i for i in s.participants
                 if s.players[i].marker == s.time and s.players[i].played is None)


def _decide_play(ctx: Context, s: State, frame: Frame) -> Decision | None:
    who = players_to_play(s)
    if not who:
        return None
    return Decision("play", tuple(pn(i) for i in who), tuple(play_options(ctx, s, i) for i in who),
                    ("D-PLAY", "D-TAG-GROUND", "DR-6"), "play.choose",
                    "Play a card (face-down in a simultaneous action) or wait")


@FLOW.choice("play.choose", phase="play", clauses=("D-PLAY", "D-TAG-GROUND", "DR-6"),
             next=(("cast", "a card was played"), ("timeline.advance", "wait, or no one plays")),
             decide=_decide_play)
def play(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Each turn player with no card in play plays a card from hand (both face-down in a simultaneous
    action, revealed together), or waits (marker +1, DR-6)."""
    if chosen is None:
        return Outcome(s, "no one plays a card now", clauses=("D-PLAY",))
    parts: list[str] = []
    frames: list[tuple[Any, ...]] = []
    events: list[dict[str, Any]] = []
    clauses = ["D-PLAY"]
    played = []
    for name, opt in chosen.items():
        i = PLAYERS.index(name)
        p = s.players[i]
        if opt.value is None:
            s = setp(s, i, replace(p, marker=s.time + 1))
            parts.append(f"{name} waits: marker t={s.time} → {s.time + 1}")
            clauses.append("DR-6")
            continue
        iid = opt.value
        s = setp(s, i, replace(p, hand=tuple(c for c in p.hand if c != iid), played=iid))
        parts.append(f"{name} plays {ctx.name(iid)}")
        frames.append(("cast", i, 0))
        played.append(i)
        events.append({"type": "play", "player": name, "card": iid, "cancel": False})
        if ctx.cards[iid].ground_only:
            clauses.append("D-TAG-GROUND")
    if ctx.at_once and played:
        frames.append(("res.begin", tuple(played)))
    text = ("both reveal: " if len(chosen) == 2 else "") + "; ".join(parts)
    return Outcome(s, text, events=tuple(events), then=frames, clauses=tuple(dict.fromkeys(clauses)))


@FLOW.auto("game.over", phase="end", clauses=("D-GOAL-1",))
def game_over(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A player whose health reaches 0 loses."""
    dead = [i for i in (0, 1) if s.players[i].hp <= 0]
    winner = "draw" if len(dead) == 2 else pn(1 - dead[0])
    text = "both players reach 0 HP: draw" if len(dead) == 2 else f"{pn(dead[0])} reaches 0 HP: " \
                                                                   f"{winner} wins"
    s = replace(s, winner=winner, agenda=(), participants=())
    return Outcome(s, text, events=({"type": "end", "winner": winner},))
