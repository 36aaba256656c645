"""§5 Turn flow: maintenance (H-MAINT-*), resolve effects (H-RES-*), play a card (H-PLAY-*)."""

from __future__ import annotations

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from . import spirit as sp
from .common import destination, draw, drawn_in_hand, invulnerable, names, pn, put, setp, takes_part
from .context import Context
from .flow import FLOW
from .state import Player, State

# ------------------------------------------------------------------------------- phase 1


@FLOW.auto("maint.trigger", phase="maintenance", clauses=("H-MAINT-1", "R-12"),
           next=(("maint.trigger", "the other turn player's trigger zone"),
                 ("maint.zone", "then")))
def clear_trigger(ctx: Context, s: State, frame: tuple) -> Outcome:
    """The card in the trigger zone goes to its destination by kind: physical attack → discard
    pile, cancel card → hand; standing cards → hand, other kinds → discard pile (R-12); the
    knockdown card is set aside again (it is no card of the deck), which ends the knockdown."""
    i = frame[1]
    p = s.players[i]
    iid = p.trigger
    if iid is None:
        return Outcome(s, f"{pn(i)}'s trigger zone is already empty")
    where = destination(ctx, iid)
    p = put(replace(p, trigger=None, trigger_side="", missed=False), iid, where)
    s = setp(s, i, p)
    label = {"hand": "back to hand", "discard": "to the discard pile",
             "aside": "out of play (set aside)"}[where]
    clauses = ("H-MAINT-1",) if ctx.cards[iid].kind in ("physical", "cancel") else ("H-MAINT-1", "R-12")
    text = f"{pn(i)}'s {ctx.name(iid)} leaves the trigger zone, {label}"
    if where == "aside":
        text += "; the knockdown ends and so does the invulnerability"
        clauses += ("H-KD",)
    return Outcome(s, text, events=({"type": "zone", "player": pn(i), "card": iid,
                                     "from": "trigger", "to": where},), clauses=clauses)


@FLOW.auto("maint.zone", phase="maintenance", clauses=("H-MAINT-3", "H-MAINT-4", "R-6", "R-7"),
           next=(("maint.zone", "the other turn player"),
                 ("resolve.order", "simultaneous action, both resolve"),
                 ("resolve.card", "a card to resolve"), ("play.choose", "nothing to resolve")))
def cast_or_refill(ctx: Context, s: State, frame: tuple) -> Outcome:
    """If the cast zone has a card it moves to the trigger zone (H-MAINT-3); otherwise the hand is
    refilled to 5 cards plus the standing cards (H-MAINT-4, R-6), reshuffling if needed (R-7)."""
    i = frame[1]
    p = s.players[i]
    if p.cast is not None:
        iid = p.cast
        s = setp(s, i, replace(p, cast=None, cast_side="", trigger=iid, trigger_side=p.cast_side,
                               missed=False))
        return Outcome(s, f"{pn(i)}'s {ctx.name(iid)} moves from the cast zone to the trigger zone",
                       events=({"type": "zone", "player": pn(i), "card": iid, "from": "cast",
                                "to": "trigger"},), clauses=("H-MAINT-3",))
    need = ctx.hand_size - drawn_in_hand(ctx, p)
    if need <= 0:
        return Outcome(s, f"{pn(i)}'s hand is full ({len(p.hand)} cards)", clauses=("H-MAINT-4", "R-6"))
    s, drawn, reshuffled = draw(ctx, s, i, need)
    text = f"{pn(i)} refills the hand: draws {names(ctx, drawn)}"
    clauses: tuple[str, ...] = ("H-MAINT-4", "R-6")
    if reshuffled:
        text += " (the discard pile was shuffled into a new deck)"
        clauses += ("R-7",)
    if len(drawn) < need:
        text += f"; {need - len(drawn)} short, no cards left"
    return Outcome(s, text, events=({"type": "draw", "player": pn(i), "cards": drawn},),
                   clauses=clauses)


# ------------------------------------------------------------------------------- phase 2


def _resolvers(s: State) -> tuple[int, ...]:
    return tuple(i for i in s.participants if takes_part(s, i) and s.players[i].trigger is not None)


def _decide_order(ctx: Context, s: State, frame: tuple) -> Decision | None:
    parts = tuple(i for i in s.participants if takes_part(s, i))
    if len(parts) < 2:
        return None
    if len(_resolvers(s)) < 2 and not ctx.options["initiative.ask_when_moot"]:
        return None
    holder = s.initiative
    opts = (Option("keep initiative", "keep"), Option("pass initiative", "pass"))
    first = ("the opponent resolves first" if ctx.options["initiative.pass_to_act_first"]
             else "you resolve first")
    return Decision("initiative", (pn(holder),), (opts,), ("H-RES-SIM", "R-13"), "resolve.order",
                    f"Keep the initiative token ({first}) or pass it")


@FLOW.choice("resolve.order", phase="resolve", clauses=("H-RES-SIM", "H-RES-1", "R-13", "S-2"),
             next=(("resolve.card", "someone has a card to resolve"),
                   ("resolve.settle", "nothing to resolve")),
             decide=_decide_order)
def order(ctx: Context, s: State, frame: tuple, chosen: dict[str, Option] | None) -> Outcome:
    """Who resolves first. In a simultaneous action the initiative holder keeps or passes the
    initiative token (R-13: passing hands the token over and resolves first)."""
    if chosen is None:  # only one turn player is left: no order to decide
        who = _resolvers(s)
        text = (f"only {pn(who[0])} has a card to resolve" if who
                else "no turn player has a card to resolve")
        return Outcome(s, text, then=[("resolve.card", i) for i in who] + [("resolve.settle",)],
                       clauses=("H-RES-1",))
    holder = s.initiative
    passed = chosen[pn(holder)].value == "pass"
    new_holder = 1 - holder if passed else holder
    if ctx.options["initiative.pass_to_act_first"]:
        first = 1 - new_holder
    else:
        first = new_holder
    s = replace(s, initiative=new_holder)
    frames = [("resolve.card", first), ("resolve.card", 1 - first), ("resolve.settle",)]
    verb = "passes the initiative token to " + pn(new_holder) if passed else "keeps the initiative token"
    clauses: tuple[str, ...] = ("H-RES-SIM", "R-13")
    if len(_resolvers(s)) < 2:
        clauses += ("S-2",)  # asked although the order cannot matter (initiative.ask_when_moot)
    return Outcome(s, f"{pn(holder)} {verb}: {pn(first)} resolves first",
                   events=({"type": "initiative", "player": pn(new_holder)},), then=frames,
                   clauses=clauses)


@FLOW.auto("resolve.card", phase="resolve", clauses=("H-RES-1",),
           next=(("eff.move", "a move effect"), ("eff.dash", "a dash effect"),
                 ("eff.defense", "a defense effect"), ("eff.physical", "a physical attack"),
                 ("resolve.card", "the other player resolves"),
                 ("resolve.settle", "no effect to perform")))
def resolve_card(ctx: Context, s: State, frame: tuple) -> Outcome:
    """Activate the effects of the card in the trigger zone, in the order printed."""
    i = frame[1]
    p = s.players[i]
    if not takes_part(s, i):
        return Outcome(s, f"{pn(i)} was hit and no longer takes part in this turn")
    iid = p.trigger
    if iid is None:
        return Outcome(s, f"{pn(i)}'s trigger zone is empty: nothing to resolve")
    face = ctx.cards[iid].face(p.trigger_side)
    frames = [("eff." + kind, i, iid, k) for k, (kind, _) in enumerate(face.effects)]
    return Outcome(s, f"{pn(i)} resolves {face.name}",
                   events=({"type": "resolve", "player": pn(i), "card": iid},), then=frames)


@FLOW.auto("resolve.settle", phase="resolve", clauses=("H-RES-DMG", "H-GOAL-1"),
           next=(("play.choose", "no one is at 0 HP"), ("game.over", "a player is at 0 HP")))
def settle(ctx: Context, s: State, frame: tuple) -> Outcome:
    """Damage settlement: HP markers and timeline markers move to the cells marked during
    resolution."""
    return settle_marks(ctx, s)


def settle_marks(ctx: Context, s: State, then_ok: tuple = ()) -> Outcome:
    """Apply the marks of H-RES-DMG; a player at 0 HP ends the game (H-GOAL-1)."""
    a, b = s.players
    if (a.hp_mark is None and b.hp_mark is None and a.marker_mark is None
            and b.marker_mark is None and not a.marker_off and not b.marker_off):
        return Outcome(s, "damage settlement: nothing marked", then=then_ok, clauses=("H-RES-DMG",))
    parts = []
    events = []
    players = list(s.players)
    for i, p in enumerate(players):
        changes = {}
        if p.hp_mark is not None:
            changes["hp"] = max(0, p.hp_mark)
            parts.append(f"{pn(i)} HP {p.hp} → {changes['hp']}")
            events.append({"type": "hp", "player": pn(i), "from": p.hp, "to": changes["hp"]})
        if p.marker_off:
            changes["marker"] = None
            parts.append(f"{pn(i)}'s marker leaves the timeline (hit token at t={p.hit})")
            events.append({"type": "marker", "player": pn(i), "from": p.marker, "to": None})
        elif p.marker_mark is not None and p.marker_mark != p.marker:
            changes["marker"] = p.marker_mark
            parts.append(f"{pn(i)}'s marker t={p.marker} → {p.marker_mark}")
            events.append({"type": "marker", "player": pn(i), "from": p.marker,
                           "to": p.marker_mark})
        if changes or p.hp_mark is not None or p.marker_mark is not None or p.marker_off:
            players[i] = replace(p, hp_mark=None, marker_mark=None, marker_off=False, **changes)
    s = replace(s, players=tuple(players))
    text = "damage settlement: " + ("; ".join(parts) if parts else "nothing marked")
    if any(p.hp <= 0 for p in s.players):
        return Outcome(s, text, events=tuple(events), then=(("game.over",),))
    return Outcome(s, text, events=tuple(events), then=then_ok, clauses=("H-RES-DMG",))


@FLOW.auto("game.over", phase="end", clauses=("H-GOAL-1", "R-1"))
def game_over(ctx: Context, s: State, frame: tuple) -> Outcome:
    """A player whose HP reaches 0 loses; both at once is a draw (R-1)."""
    dead = [i for i in (0, 1) if s.players[i].hp <= 0]
    if len(dead) == 2:
        if ctx.options["end.simultaneous_ko"] == "draw":
            winner, text = "draw", "both players reach 0 HP: the game is a draw"
        else:
            winner = pn(s.initiative)
            text = f"both players reach 0 HP: {winner} holds the initiative and wins"
        clauses = ("H-GOAL-1", "R-1")
    else:
        winner = pn(1 - dead[0])
        text = f"{pn(dead[0])} reaches 0 HP: {winner} wins"
        clauses = ("H-GOAL-1",)
    s = replace(s, winner=winner, agenda=(), participants=())
    return Outcome(s, text, events=({"type": "end", "winner": winner},), clauses=clauses)


# ------------------------------------------------------------------------------- phase 3


def can_cancel(ctx: Context, p: Player, new_cancel: int) -> bool:
    """H-PLAY-CANCEL with H-EFF-PHYS-2: a higher cancel level, and not a missed physical attack."""
    if p.trigger is None:
        return True
    if p.missed:
        return False
    return new_cancel > ctx.cards[p.trigger].face(p.trigger_side).cancel


def play_options(ctx: Context, s: State, i: int) -> tuple[Option, ...]:
    """The legal options of the play phase for player ``i``."""
    p = s.players[i]
    spirit = sp.available(p.spirit)
    kd = ctx.knockdown_cards[i]
    hand = (kd,) if kd in p.hand else p.hand  # H-KD: the next card played must be the knockdown card
    knocked_down = kd in p.hand
    cancelling = p.trigger is not None
    limit = -1
    if cancelling:
        if p.missed:
            hand = ()  # H-EFF-PHYS-2: a missed physical attack cannot be cancelled
        limit = ctx.cards[p.trigger].face(p.trigger_side).cancel  # type: ignore[index]
    opts: list[Option] = []
    seen: set[tuple[str, str]] = set()
    for iid in hand:
        for key, side, face, play_label, cancel_label in ctx.playable[iid]:
            if key in seen or face.cost > spirit or face.cancel <= limit:
                continue
            seen.add(key)
            opts.append(Option(cancel_label if cancelling else play_label, ("play", iid, side)))
    if cancelling:
        opts.append(RECOVERY)
    elif not opts or (ctx.options["turn.allow_wait"]
                      and (not knocked_down or ctx.options["knockdown.may_wait"])):
        opts.append(WAIT)
    return tuple(opts)


RECOVERY = Option("take recovery", ("recovery",))
WAIT = Option("wait", ("wait",))


def _decide_play(ctx: Context, s: State, frame: tuple) -> Decision | None:
    parts = tuple(i for i in s.participants if takes_part(s, i))
    if not parts:
        return None
    return Decision("play", tuple(pn(i) for i in parts),
                    tuple(play_options(ctx, s, i) for i in parts),
                    ("H-PLAY-1", "H-PLAY-CANCEL", "H-PLAY-SIM", "R-14", "R-15"), "play.choose",
                    "Play a card (face-down in a simultaneous action), take recovery or wait")


@FLOW.choice("play.choose", phase="play",
             clauses=("H-PLAY-1", "H-PLAY-CANCEL", "H-PLAY-SIM", "H-EFF-PHYS-2", "H-KD", "H-TURN-2",
                      "R-14", "R-15", "S-4"),
             next=(("play.pay", "a card was played"),
                   ("timeline.advance", "recovery, wait, or no one takes part")),
             decide=_decide_play)
def play(ctx: Context, s: State, frame: tuple, chosen: dict[str, Option] | None) -> Outcome:
    """Each turn player puts one card from hand into the cast zone (a cancel when the trigger zone
    holds a card), or takes the trigger card's recovery, or waits. In a simultaneous action both
    choose face-down; this step reveals both."""
    if chosen is None:
        return Outcome(s, "no one takes part in the play phase any more", clauses=("H-TURN-2",))
    parts, frames, events = [], [], []
    clauses: set[str] = {"H-PLAY-1"}
    for name, opt in chosen.items():
        i = 0 if name == "P1" else 1
        p = s.players[i]
        kind = opt.value[0]
        if kind == "play":
            _, iid, side = opt.value
            hand = list(p.hand)
            hand.remove(iid)
            cancel = p.trigger is not None
            p = replace(p, hand=tuple(hand), cast=iid, cast_side=side)
            face = ctx.cards[iid].face(side)
            what = face.name + (f" ({side})" if side else "")
            parts.append(f"{name} {'cancels into' if cancel else 'plays'} {what}")
            if cancel:
                clauses.add("H-PLAY-CANCEL")
            if side:
                clauses.add("H-PLAY-SIM")
            frames.append(("play.pay", i, 1 if cancel else 0))
            events.append({"type": "play", "player": name, "card": iid, "side": side,
                           "cancel": cancel})
        elif kind == "recovery":
            trig = ctx.cards[p.trigger].face(p.trigger_side)  # type: ignore[index]
            old = p.marker
            p = replace(p, marker=s.time + trig.recovery)
            parts.append(f"{name} takes {trig.name}'s recovery: marker t={old} → {p.marker}")
            clauses.add("R-14")
            events.append({"type": "marker", "player": name, "from": old, "to": p.marker})
        else:
            old = p.marker
            p = replace(p, marker=s.time + 1)
            parts.append(f"{name} waits: marker t={old} → {p.marker}")
            clauses.add("R-15")
            events.append({"type": "marker", "player": name, "from": old, "to": p.marker})
        s = setp(s, i, p)
    if len(chosen) == 2:
        clauses.add("H-PLAY-SIM")
        text = "both reveal: " + "; ".join(parts)
    else:
        text = parts[0]
    return Outcome(s, text, events=tuple(events), then=frames,
                   clauses=tuple(sorted(clauses, key=_clause_order)))


def _clause_order(c: str) -> tuple[int, str]:
    return (1 if c.startswith("R-") else 0, c)


@FLOW.auto("play.pay", phase="play", clauses=("H-PLAY-2", "R-5", "R-14"),
           next=(("play.pay", "the other player pays"), ("timeline.advance", "then")))
def pay(ctx: Context, s: State, frame: tuple) -> Outcome:
    """Pay the played card's costs: spirit (R-5: rightmost face-up tokens flip first) and time
    (the marker moves forward by the card's startup)."""
    _, i, cancelled = frame
    p = s.players[i]
    iid = p.cast
    face = ctx.cards[iid].face(p.cast_side)  # type: ignore[index]
    before = sp.available(p.spirit)
    spirit = sp.pay(p.spirit, face.cost, ctx.spend_order) if face.cost else p.spirit
    old = p.marker
    extra = 0
    clauses: tuple[str, ...] = ("H-PLAY-2",)
    if face.cost:
        clauses += ("R-5",)
    if cancelled and ctx.options["turn.recovery"] == "always" and p.trigger is not None:
        extra = ctx.cards[p.trigger].face(p.trigger_side).recovery
        clauses += ("R-14",)
    marker = s.time + face.startup + extra
    s = setp(s, i, replace(p, spirit=spirit, marker=marker))
    text = f"{pn(i)} pays for {face.name}: "
    text += f"spirit {before} → {sp.available(spirit)}, " if face.cost else ""
    text += f"marker t={old} → {marker} (startup {face.startup}"
    text += f" + recovery {extra})" if extra else ")"
    return Outcome(s, text, events=({"type": "pay", "player": pn(i), "spirit": face.cost,
                                     "marker": [old, marker]},), clauses=clauses)


def is_invulnerable(ctx: Context, s: State, i: int) -> bool:
    return invulnerable(ctx, i, s.players[i])
