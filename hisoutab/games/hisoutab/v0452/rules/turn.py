"""§5 Turn flow: maintenance (H-MAINT-*), resolve effects (H-RES-*), play a card (H-PLAY-*)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import spirit as sp
from .cards import Card
from .common import (
    destination,
    die_of,
    discard,
    draw,
    drawn_in_hand,
    invulnerable,
    names,
    pn,
    put,
    setp,
    takes_part,
)
from .context import Context
from .effects import EFFECT_STEPS, effect_frames
from .flow import FLOW
from .settlement import settle_marks
from .specials import effective_card
from .spells import payable
from .state import Player, State

# ------------------------------------------------------------------------------- phase 1


ZONE_TEXT = {"hand": "back to hand", "discard": "to the discard pile",
             "aside": "out of play (set aside)", "bullet_area": "to the bullet area",
             "spell_discard": "to the spell discard pile", "special": "back to the special area"}


def _upgraded(ctx: Context, s: State, i: int, iid: str) -> bool:
    """The special came from the extra deck (an upgrade), not from the special area at setup."""
    return iid in ctx.extras[i]


@FLOW.auto("maint.trigger", phase="maintenance",
           clauses=("H-MAINT-1", "R-12", "H-SPELL-DISCARD", "H-EFF-SPECIAL-3", "H-UPG-4", "H-KD"),
           next=(("maint.trigger", "the other turn player's trigger zone"),
                 ("maint.spell", "a turn player has 2+ spell cards (R-21)"),
                 ("resolve.order", "hand full, nothing cast"), ("resolve.card", "hand full"),
                 ("play.choose", "hand full, nothing to resolve"),
                 ("maint.zone", "then")))
def clear_trigger(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The card in the trigger zone goes to its destination by kind: physical attack → discard
    pile, bullet attack → bullet area (even with its bullets gone, R-12), cancel card → hand;
    standing cards → hand, other kinds → discard pile (R-12); the
    knockdown card is set aside again (it is no card of the deck), which ends the knockdown."""
    i = frame[1]
    p = s.players[i]
    iid = p.trigger
    if iid is None:
        return Outcome(s, f"{pn(i)}'s trigger zone is already empty", clauses=("H-MAINT-1",))
    where = destination(ctx, p, iid)
    p = put(p, iid, where, ctx, trigger=None, trigger_side="", missed=False, recovery_override=None)
    s = setp(s, i, p)
    label = ZONE_TEXT[where]
    kind = ctx.cards[iid].kind
    spent = where == "bullet_area" and die_of(p, iid) is None  # its bullets are gone
    listed = ((kind == "physical" and where != "hand") or (kind == "cancel" and where == "hand")
              or (where == "bullet_area" and not spent))
    clauses: tuple[str, ...] = ("H-MAINT-1",) if listed else ("H-MAINT-1", "R-12")
    if where == "spell_discard":
        clauses += ("H-SPELL-DISCARD",)
    elif where == "special":
        clauses += ("H-EFF-SPECIAL-3",)
        if _upgraded(ctx, s, i, iid):
            clauses += ("H-UPG-4",)
    text = f"{pn(i)}'s {ctx.name(iid)} leaves the trigger zone, {label}"
    if where == "aside":
        text += "; the knockdown ends and so does the invulnerability"
        clauses += ("H-KD",)
    return Outcome(s, text, events=({"type": "zone", "player": pn(i), "card": iid,
                                     "from": "trigger", "to": where},), clauses=clauses)


@FLOW.auto("maint.zone", phase="maintenance", clauses=("H-MAINT-3", "H-MAINT-4", "R-6", "R-7"),
           next=(("maint.zone", "the other turn player"),
                 ("resolve.order", "simultaneous action, both resolve"),
                 ("resolve.card", "a card to resolve"), ("play.choose", "nothing to resolve")),
           chance=("shuffle", "draw"))
def cast_or_refill(ctx: Context, s: State, frame: Frame) -> Outcome:
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
    chance: list[dict[str, Any]] = []
    s, drawn, reshuffled = draw(ctx, s, i, need, chance)
    text = f"{pn(i)} refills the hand: draws {names(ctx, drawn)}"
    public = f"{pn(i)} refills the hand: draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}"
    clauses: tuple[str, ...] = ("H-MAINT-4", "R-6")
    if reshuffled:
        text += " (the discard pile was shuffled into a new deck)"
        public += " (the discard pile was shuffled into a new deck)"
        clauses += ("R-7",)
    if len(drawn) < need:
        text += f"; {need - len(drawn)} short, no cards left"
        public += f"; {need - len(drawn)} short, no cards left"
    return Outcome(s, text, events=({"type": "draw", "player": pn(i), "cards": drawn}, *chance),
                   clauses=clauses, public=public, seen_by=(pn(i),))


# ------------------------------------------------------------------------------- phase 2


def _resolvers(ctx: Context, s: State) -> tuple[int, ...]:
    return tuple(i for i in s.participants if takes_part(ctx, s, i) and s.players[i].trigger is not None)


def _priority_first(ctx: Context, s: State) -> int | None:
    """H-KW-PRIORITY: the one card with {Priority} resolves first (both or none: normal order)."""
    who = _resolvers(ctx, s)
    if len(who) < 2:
        return None
    flags = [ctx.card(s.players[i].trigger).face(s.players[i].trigger_side).priority for i in who]
    if flags.count(True) == 1:
        return who[flags.index(True)]
    return None


def _decide_order(ctx: Context, s: State, frame: Frame) -> Decision | None:
    parts = tuple(i for i in s.participants if takes_part(ctx, s, i))
    if len(parts) < 2:
        return None
    if len(_resolvers(ctx, s)) < 2 and not ctx.options["initiative.ask_when_moot"]:
        return None
    if _priority_first(ctx, s) is not None:
        return None
    holder = s.initiative
    opts = (Option("keep initiative", "keep"), Option("pass initiative", "pass"))
    first = ("the opponent resolves first" if ctx.options["initiative.pass_to_act_first"]
             else "you resolve first")
    return Decision("initiative", (pn(holder),), (opts,), ("H-RES-SIM", "R-13"), "resolve.order",
                    f"Keep the initiative token ({first}) or pass it")


@FLOW.choice("resolve.order", phase="resolve",
             clauses=("H-RES-SIM", "H-RES-1", "H-KW-PRIORITY", "R-13", "S-2"),
             next=(("resolve.card", "someone has a card to resolve"),
                   ("resolve.settle", "nothing to resolve")),
             decide=_decide_order)
def order(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Who resolves first. In a simultaneous action the initiative holder keeps or passes the
    initiative token (R-13: passing hands the token over and resolves first)."""
    first_ = _priority_first(ctx, s)
    if chosen is None and first_ is not None:
        who: tuple[int, ...] = (first_, 1 - first_)
        return Outcome(s, f"{pn(first_)}'s {ctx.name(s.players[first_].trigger)} has {{Priority}}: "
                          f"{pn(first_)} resolves first",
                       then=[("resolve.card", i) for i in who] + [("resolve.settle",)],
                       clauses=("H-RES-SIM", "H-KW-PRIORITY"))
    if chosen is None:  # only one turn player is left: no order to decide
        who = _resolvers(ctx, s)
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
    if len(_resolvers(ctx, s)) < 2:
        clauses += ("S-2",)  # asked although the order cannot matter (initiative.ask_when_moot)
    return Outcome(s, f"{pn(holder)} {verb}: {pn(first)} resolves first",
                   events=({"type": "initiative", "player": pn(new_holder)},), then=frames,
                   clauses=clauses)


@FLOW.auto("resolve.card", phase="resolve", clauses=("H-RES-1",),
           next=tuple((name, "the card's first effect") for name in EFFECT_STEPS)
           + (("kw.groundair", "only ground / air effects"),
              ("resolve.card", "the other player resolves"),
              ("resolve.settle", "no effect to perform")))
def resolve_card(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Activate the effects of the card in the trigger zone, in the order printed."""
    i = frame[1]
    p = s.players[i]
    if not takes_part(ctx, s, i):
        return Outcome(s, f"{pn(i)} was hit and no longer takes part in this turn")
    iid = p.trigger
    if iid is None:
        return Outcome(s, f"{pn(i)}'s trigger zone is empty: nothing to resolve")
    face = ctx.cards[iid].face(p.trigger_side)
    frames = ctx.cached(("frames", iid, p.trigger_side), _card_frames, face, i, iid)
    return Outcome(s, f"{pn(i)} resolves {face.name}",
                   events=({"type": "resolve", "player": pn(i), "card": iid},), then=frames)


def _card_frames(face: Card, i: int, iid: str) -> tuple[Frame, ...]:
    frames = effect_frames(face, i, iid)
    if face.ground or face.air:
        frames.append(("kw.groundair", i, iid))
    return tuple(frames)


@FLOW.auto("resolve.settle", phase="resolve", clauses=("H-RES-DMG", "H-GOAL-1"),
           next=(("play.choose", "no one is at 0 HP"), ("game.over", "a player is at 0 HP"),
                 ("spell.gain", "HP fell to a spell threshold")))
def settle(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Damage settlement: HP markers and timeline markers move to the cells marked during
    resolution."""
    return settle_marks(ctx, s)


@FLOW.auto("game.over", phase="end", clauses=("H-GOAL-1", "R-1"))
def game_over(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A player whose HP reaches 0 loses; both at once is a draw (R-1)."""
    dead = [i for i in (0, 1) if s.players[i].hp <= 0]
    if len(dead) == 2:
        if ctx.options["end.simultaneous_ko"] == "draw":
            winner, text = "draw", "both players reach 0 HP: the game is a draw"
        else:
            winner = pn(s.initiative)
            text = f"both players reach 0 HP: {winner} holds the initiative and wins"
        clauses: tuple[str, ...] = ("H-GOAL-1", "R-1")
    else:
        winner = pn(1 - dead[0])
        text = f"{pn(dead[0])} reaches 0 HP: {winner} wins"
        clauses = ("H-GOAL-1",)
    s = replace(s, winner=winner, agenda=(), participants=())
    return Outcome(s, text, events=({"type": "end", "winner": winner},), clauses=clauses)


# ------------------------------------------------------------------------------- phase 3


def can_cancel(ctx: Context, p: Player, new: Card) -> bool:
    """H-PLAY-CANCEL: a higher cancel level; never a missed physical attack (H-EFF-PHYS-2) or an
    {Uncancellable} card (H-KW-NOCANCEL); {Can cancel: …} also cancels the listed effects
    regardless of level (H-KW-CANCELS)."""
    if p.trigger is None:
        return True
    trig = cancellable_trigger(ctx, p)
    return trig is not None and cancels(new, trig)


def cancellable_trigger(ctx: Context, p: Player) -> Card | None:
    """The face of the card in the trigger zone when some card may cancel it: none after a missed
    physical attack (H-EFF-PHYS-2) or for an {Uncancellable} card (H-KW-NOCANCEL)."""
    if p.missed:
        return None
    trig = ctx.cards[p.trigger].face(p.trigger_side) if p.trigger is not None else None
    if trig is None or trig.uncancellable:
        return None
    return trig


def cancels(new: Card, trig: Card) -> bool:
    """H-PLAY-CANCEL / H-KW-CANCELS: ``new`` cancels the cancellable trigger face ``trig``: a higher
    cancel level, or {Can cancel: …} listing the card or one of its effects."""
    if new.cancel > trig.cancel:
        return True
    return bool(new.can_cancel) and (trig.id in new.can_cancel
                                     or any(k in new.can_cancel for k, _ in trig.effects))


def face_cancels_by_keyword(new: Card, trig: Card) -> bool:
    """H-KW-CANCELS: the new card lists the trigger card (or one of its effects) and its cancel
    level alone would not allow the cancel."""
    return new.cancel <= trig.cancel and bool(new.can_cancel) and (
        trig.id in new.can_cancel or any(k in new.can_cancel for k, _ in trig.effects))


def play_options(ctx: Context, s: State, i: int) -> tuple[Option, ...]:
    """The legal options of the play phase for player ``i``: the cards of the hand that may be
    played (or cancelled into), each card and side once in hand order, then recovery when the
    trigger zone holds a card, or waiting (H-PLAY-1, H-KD, R-14, R-15)."""
    p = s.players[i]
    kd = ctx.knockdown_cards[i]
    knocked_down = kd in p.hand
    hand = (kd,) if knocked_down else p.hand  # H-KD: the next card played must be the knockdown card
    if p.trigger is not None:
        trig = cancellable_trigger(ctx, p)
        return (*(_playable(ctx, s, i, hand, trig) if trig is not None else ()), RECOVERY)
    opts = _playable(ctx, s, i, hand, None)
    if not opts or (ctx.options["turn.allow_wait"]
                    and (not knocked_down or ctx.options["knockdown.may_wait"])):
        opts.append(WAIT)
    return tuple(opts)


def _playable(ctx: Context, s: State, i: int, hand: tuple[str, ...], trig: Card | None
              ) -> list[Option]:
    """The options of the cards of ``hand`` that may be played now, or cancel ``trig`` (the
    trigger zone's face) into: each card and side once, the first copy in hand order; a special
    or upgrade card counts with the card it brings (H-EFF-SPECIAL-1, H-UPG-0); ground only cards
    on the ground (H-KW-GROUND); enough spirit; a spell-card effect when a spell can be paid."""
    p = s.players[i]
    spirit = sp.available(p.spirit)
    airborne = p.y != 0
    spells: bool | None = None  # whether a spell card can be paid, asked once
    opts: list[Option] = []
    seen: set[tuple[str, str]] = set()
    for iid in hand:
        for key, face, play_opt, cancel_opt, indirect, spell in ctx.playable[iid]:
            if key in seen:
                continue
            real = face
            if indirect:
                target = effective_card(ctx, p, iid)  # H-EFF-SPECIAL-1, H-UPG-0
                if target is None:
                    continue
                real = ctx.cards[target]
            if (airborne and (face.ground_only or real.ground_only)) or real.cost > spirit:
                continue  # H-KW-GROUND; the spirit cost
            if trig is not None and not cancels(real, trig):
                continue
            if spell:
                if spells is None:
                    spells = bool(payable(ctx, s, i))
                if not spells:
                    continue
            seen.add(key)
            opts.append(play_opt if trig is None else cancel_opt)
    return opts


RECOVERY = Option("take recovery", ("recovery",))
WAIT = Option("wait", ("wait",))


def _decide_play(ctx: Context, s: State, frame: Frame) -> Decision | None:
    parts = [i for i in s.participants if takes_part(ctx, s, i)]
    if not parts:
        return None
    if len(parts) == 1:
        players: tuple[str, ...] = (pn(parts[0]),)
        options: tuple[tuple[Option, ...], ...] = (play_options(ctx, s, parts[0]),)
    else:
        players = ("P1", "P2")
        options = (play_options(ctx, s, 0), play_options(ctx, s, 1))
    return Decision("play", players, options,
                    ("H-PLAY-1", "H-PLAY-CANCEL", "H-PLAY-SIM", "R-14", "R-15"), "play.choose",
                    "Play a card (face-down in a simultaneous action), take recovery or wait")


@FLOW.choice("play.choose", phase="play",
             clauses=("H-PLAY-1", "H-PLAY-CANCEL", "H-PLAY-SIM", "H-EFF-PHYS-2", "H-KD", "H-TURN-2",
                      "H-KW-GROUND", "H-KW-NOCANCEL", "H-KW-CANCELS", "H-EFF-SPECIAL-1", "H-UPG-0",
                      "R-14", "R-15", "S-4", "S-5"),
             next=(("play.pay", "a card was played"), ("spell.play", "a spell-card effect"),
                   ("special.play", "a special card"), ("upgrade.play", "a special upgrade card"),
                   ("timeline.advance", "recovery, wait, or no one takes part")),
             decide=_decide_play)
def play(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
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
            trigger = p.trigger
            cancel = trigger is not None
            face = ctx.cards[iid].face(side)
            p = replace(p, hand=tuple(hand), cast=iid, cast_side=side)
            what = face.name + (f" ({side})" if side else "")
            parts.append(f"{name} {'cancels into' if cancel else 'plays'} {what}")
            if trigger is not None:
                clauses.add("H-PLAY-CANCEL")
                trig = ctx.cards[trigger].face(s.players[i].trigger_side)
                if face_cancels_by_keyword(face, trig):
                    clauses.add("H-KW-CANCELS")
            if face.ground_only:
                clauses.add("H-KW-GROUND")
            if side:
                clauses.add("H-PLAY-SIM")
            nxt = ("spell.play" if face.has_effect("spell") else
                   "special.play" if face.kind == "special" and face.has_effect("special") else
                   "upgrade.play" if face.has_effect("upgrade") else "play.pay")
            frames.append((nxt, i, iid, 1 if cancel else 0) if nxt != "play.pay"
                          else ("play.pay", i, 1 if cancel else 0))
            events.append({"type": "play", "player": name, "card": iid, "side": side,
                           "cancel": cancel})
        elif kind == "recovery":
            trig = ctx.card(p.trigger).face(p.trigger_side)
            if trig.uncancellable:
                clauses.add("H-KW-NOCANCEL")
            old = p.marker
            rec = trig.recovery if p.recovery_override is None else p.recovery_override
            p = replace(p, marker=s.time + rec)
            parts.append(f"{name} takes {trig.name}'s recovery: marker t={old} → {p.marker}")
            if p.recovery_override is not None:
                clauses.add("S-5")
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
                   clauses=_in_order(frozenset(clauses)))


@lru_cache(maxsize=256)
def _in_order(clauses: frozenset[str]) -> tuple[str, ...]:
    """The clauses cited, rule clauses first, then readings and settled questions (one tuple
    shared by every step citing the same)."""
    return tuple(sorted(clauses, key=_clause_order))


def _clause_order(c: str) -> tuple[int, str]:
    return (0 if c.startswith("H-") else 1, c)  # rule clauses, then readings and settled questions


@FLOW.auto("play.pay", phase="play", clauses=("H-PLAY-2", "R-5", "R-14"),
           next=(("play.pay", "the other player pays"), ("play.cleanup", "bullet cards without die"),
                 ("spell.play", "the other player's spell"), ("special.play", "the other player's special"),
                 ("upgrade.play", "the other player's upgrade"), ("timeline.advance", "then")))
def pay(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Pay the played card's costs: spirit (R-5: rightmost face-up tokens flip first) and time
    (the marker moves forward by the card's startup)."""
    _, i, cancelled = frame
    p = s.players[i]
    iid = p.cast
    face = ctx.card(iid).face(p.cast_side)
    before = sp.available(p.spirit)
    spirit = sp.pay(p.spirit, face.cost, ctx.spend_order) if face.cost else p.spirit
    old = p.marker
    extra = 0
    clauses: tuple[str, ...] = ("H-PLAY-2",)
    if face.cost:
        clauses += ("R-5",)
    if cancelled and ctx.options["turn.recovery"] == "always" and p.trigger is not None:
        extra = (ctx.cards[p.trigger].face(p.trigger_side).recovery
                 if p.recovery_override is None else p.recovery_override)
        clauses += ("R-14",)
    marker = s.time + face.startup + extra
    s = setp(s, i, replace(p, spirit=spirit, marker=marker))
    text = f"{pn(i)} pays for {face.name}: "
    text += f"spirit {before} → {sp.available(spirit)}, " if face.cost else ""
    text += f"marker t={old} → {marker} (startup {face.startup}"
    text += f" + recovery {extra})" if extra else ")"
    p = s.players[i]
    cleanup = (("play.cleanup", i),) if any(die_of(p, c) is None for c in p.bullet_area) else ()
    return Outcome(s, text, events=({"type": "pay", "player": pn(i), "spirit": face.cost,
                                     "marker": [old, marker]},), then=cleanup, clauses=clauses)


@FLOW.auto("play.cleanup", phase="play", clauses=("H-EFF-BUL-4",),
           next=(("play.pay", "the other player pays"), ("spell.play", "the other player's spell"),
                 ("special.play", "the other player's special"),
                 ("upgrade.play", "the other player's upgrade"), ("timeline.advance", "then")))
def cleanup(ctx: Context, s: State, frame: Frame) -> Outcome:
    """At the end of the player's cleanup (paying costs), every bullet card without a die goes to
    the discard pile."""
    i = frame[1]
    p = s.players[i]
    done = [c for c in p.bullet_area if die_of(p, c) is None]
    p = replace(p, bullet_area=tuple(c for c in p.bullet_area if c not in done))
    for c in done:
        p, _ = discard(ctx, p, c)
    s = setp(s, i, p)
    return Outcome(s, f"{pn(i)}'s bullet cards without a die go to the discard pile: "
                      f"{names(ctx, done)}",
                   events=({"type": "zone", "player": pn(i), "cards": done, "from": "bullet_area",
                            "to": "discard"},))


def is_invulnerable(ctx: Context, s: State, i: int) -> bool:
    return invulnerable(ctx, i, s.players[i])
