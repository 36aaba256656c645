"""§4.6–4.7 Damage resolution and the graze check (RR-DMG-1 … RR-DMG-3, RR-GRZ-1 … RR-GRZ-4): the
attacked player takes the damage as it stands with the Hand (cards face down) or with the Life (a
graze check first: a drawn Graze card means no HIT at all)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .common import damage_text, picker, pn, set_top, setp, short, top, without
from .context import Context
from .drawing import draw, drawable
from .ending import lose_life
from .flow import AFTER_CAST, AFTER_DAMAGE, FLOW
from .state import Entry, Player, State
from .statics import forbidden
from .texts import fire, wait_frames

HAND = Option("take with hand", "hand")
LIFE = Option("take with life", "life")


def usable_sides(ctx: Context, e: Entry, p: Player) -> tuple[bool, bool, bool]:
    """(the Hand side can be chosen, the Life side can be chosen, the Hand side is a number the hand
    is too short for). A bar side cannot be chosen; with a15.bar_and_zero = same neither can a 0."""
    same = ctx.options["a15.bar_and_zero"] == "same"
    hand_side = e.hand is not None and not (same and e.hand == 0)
    life_side = e.life is not None and not (same and e.life == 0)
    enough = hand_side and e.hand is not None and len(p.hand) >= e.hand
    return enough, life_side, hand_side and not enough


def sides(ctx: Context, s: State, e: Entry, d: int) -> tuple[bool, bool, bool, bool]:
    """:func:`usable_sides` with the restrictions in force (RR-DMG-1 asks RR-PRIN-2: a player who
    cannot take with the Hand, or with the Life, may not choose that side), and whether one did."""
    hand_ok, life_ok, short_hand = usable_sides(ctx, e, s.players[d])
    banned = False
    if forbidden(ctx, s, d, "take_with_hand") is not None:
        banned = banned or hand_ok or short_hand
        hand_ok = short_hand = False
    if forbidden(ctx, s, d, "take_with_life") is not None:
        banned = banned or life_ok
        life_ok = False
    return hand_ok, life_ok, short_hand, banned


def attack_facts(s: State) -> dict[str, Any]:
    """What a trigger's filter may ask of the «Attack» being resolved: its card (the cast card, or
    the card whose text makes it) and its damage."""
    if not s.stack:
        return {}
    e = s.stack[-1]
    return {"card": e.card or e.source, "hand": e.hand, "life": e.life}


def guarded(ctx: Context, s: State, d: int, cards: int) -> State:
    """Player ``d`` took an «Attack» with the Hand: its triggers, and the result remembered."""
    about = attack_facts(s)
    s = fire(ctx, s, "you_guard", d, **about)
    s = fire(ctx, s, "opponent_guards", 1 - d, **about)
    if cards:
        s = fire(ctx, s, "you_put_face_down", d)
    return replace(s, last_attack="guard")


def not_hit(ctx: Context, s: State, d: int) -> State:
    """A graze check kept the «Attack» from HITting player ``d``."""
    about = attack_facts(s)
    s = fire(ctx, fire(ctx, s, "you_are_not_hit", d, **about), "your_attack_misses", 1 - d, **about)
    return replace(s, last_attack="graze")


def _decide_damage(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    e = top(s)
    d = 1 - e.controller
    hand_ok, life_ok, _, _ = sides(ctx, s, e, d)
    if not (hand_ok and life_ok):
        return None
    return Decision("damage", (pn(d),), ((HAND, LIFE),), ("RR-DMG-1",), "seq.damage",
                    f"Take {damage_text(e.hand, e.life)} with the Hand (cards face down) or the Life "
                    "(a graze check first)")


@FLOW.choice("seq.damage", phase="damage",
             clauses=("RR-DMG-1", "RR-DMG-2", "RR-DMG-3", "RR-ATK-3", "RR-PRIN-2", "A-14", "A-15"),
             next=("guard.pick", "graze.check", "wait", *AFTER_DAMAGE), decide=_decide_damage)
def resolve_damage(ctx: Context, s: State, frame: tuple[Any, ...],
                   chosen: dict[str, Option] | None) -> Outcome:
    """Damage resolution, with the damage as it stands after the preempt timing: the attacked player
    takes it with the Hand or with the Life, as they choose; a bar side cannot be chosen, and a hand
    with fewer cards than the Hand damage must take it with the Life. A forced Hand side the hand
    cannot pay: a14.short_hand; two bars: no damage (a15.bar_and_zero)."""
    e = top(s)
    d = 1 - e.controller
    p = s.players[d]
    s = set_top(s, replace(e, stage="damage"))
    hand_ok, life_ok, short_hand, banned = sides(ctx, s, e, d)
    dmg = damage_text(e.hand, e.life)
    clauses: tuple[str, ...] = ("RR-DMG-1", "RR-ATK-3") + (("RR-PRIN-2",) if banned else ())
    side = chosen[pn(d)].value if chosen else ("hand" if hand_ok else "life" if life_ok else None)
    if side == "hand":
        return Outcome(s, f"{pn(d)} takes {dmg} with the Hand", then=(("guard.pick", d, e.hand),),
                       clauses=clauses + ("RR-DMG-2",) + (("A-15",) if e.hand == 0 else ()))
    if side == "life":
        s = fire(ctx, s, "you_take_with_life", d, **attack_facts(s))
        forced = " (the Hand side cannot be chosen)" if not chosen else ""
        extra: tuple[str, ...] = ("RR-DMG-2",) if short_hand else ()
        return Outcome(s, f"{pn(d)} takes {dmg} with the Life{forced}",
                       then=(("graze.check", d, e.life, "attack"),), clauses=clauses + ("RR-DMG-3",) + extra)
    if short_hand:
        if ctx.options["a14.short_hand"] == "whole_hand":
            s = setp(s, d, replace(p, hand=(), face_down=p.face_down + p.hand))
            s = guarded(ctx, s, d, len(p.hand))
            return Outcome(s, f"{pn(d)} must take {dmg} with the Hand but holds only {len(p.hand)}: "
                              "the whole hand goes face down, no Life is lost",
                           then=wait_frames(ctx, s), clauses=clauses + ("RR-DMG-2", "A-14"))
        s = replace(s, last_attack="none")
        return Outcome(s, f"{pn(d)} cannot pay the Hand side of {dmg}: no damage",
                       clauses=clauses + ("RR-DMG-2", "A-14"))
    s = replace(s, last_attack="none")
    if banned:
        return Outcome(s, f"{dmg}: a «cannot» leaves {pn(d)} no side to take it with, no damage",
                       clauses=clauses)
    return Outcome(s, f"{dmg}: neither side can be chosen, no damage", clauses=clauses + ("A-15",))


def _decide_guard(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    _, d, n = frame
    hand = s.players[d].hand
    if n <= 0 or len(hand) <= n:
        return None
    opts = tuple(Option(f"face down {short(c)}", c) for c in hand)
    return Decision("guard", (pn(picker(ctx, s, d)),), (opts,), ("RR-DMG-2", "A-16"), "guard.pick",
                    f"Guard: put a card of {pn(d)}'s hand face down ({n} to go)")


@FLOW.choice("guard.pick", phase="damage", clauses=("RR-DMG-2", "RR-ZONE-7", "A-16"),
             next=("guard.pick", "wait", *AFTER_DAMAGE), decide=_decide_guard)
def guard(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Taking with the Hand (a guard): one hand card per point of Hand damage goes into the
    face-down pile (who picks them: a16.chooser). A 0 takes no card."""
    _, d, n = frame
    p = s.players[d]
    if n <= 0:  # still taken with the Hand: "when you take an «Attack» with the Hand" applies
        s = guarded(ctx, s, d, 0)
        return Outcome(s, f"{pn(d)} guards with 0 cards",
                       events=({"type": "guard", "player": pn(d), "cards": 0},),
                       then=wait_frames(ctx, s), clauses=("RR-DMG-2",))
    if chosen is None:
        cards = p.hand[:n]
        rest = 0
    else:
        cards = (next(iter(chosen.values())).value,)
        rest = n - 1
    hand = p.hand
    for c in cards:
        hand = without(hand, c)
    s = setp(s, d, replace(p, hand=hand, face_down=p.face_down + cards))
    clauses: tuple[str, ...] = ("RR-DMG-2", "RR-ZONE-7") + (("A-16",) if chosen else ())
    if rest:
        return Outcome(s, f"{pn(d)} puts a card face down ({rest} to go)",
                       then=(("guard.pick", d, rest),), clauses=clauses)
    s = guarded(ctx, s, d, len(cards))
    return Outcome(s, f"{pn(d)} puts {len(cards)} card{'s' if len(cards) != 1 else ''} face down "
                      f"(hand {len(hand)})",
                   events=({"type": "guard", "player": pn(d), "cards": len(cards)},),
                   then=wait_frames(ctx, s), clauses=clauses)


def _decide_graze(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    _, d, n, _source = frame
    if ctx.options["a17.graze_check"] != "optional" or n <= 0 or not drawable(s.players[d]):
        return None
    if frame[3] == "attack" and forbidden(ctx, s, d, "graze_check") is not None:
        return None
    opts = (Option("graze check", True), Option("no graze check", False))
    return Decision("graze", (pn(d),), (opts,), ("RR-GRZ-1", "A-17"), "graze.check",
                    f"Taking {n} with the Life: make the graze check?")


def hit(ctx: Context, s: State, d: int, n: int, source: str) -> tuple[State, list[tuple[Any, ...]], str]:
    """The damage HITs the Life: the frames that follow, and a sentence."""
    before = s.players[d].life
    s, frames = lose_life(ctx, s, d, n, resolution=source == "attack")
    if source == "attack":
        about = attack_facts(s)
        s = fire(ctx, s, "you_are_hit", d, **about)
        s = replace(fire(ctx, s, "your_attack_hits", 1 - d, **about), last_attack="hit")
    return s, frames + wait_frames(ctx, s), f"HIT: {pn(d)}'s Life {before} → {s.players[d].life}"


def others_face_down(ctx: Context, s: State, d: int, drawn: int, keep: str | None) -> State:
    """A-18 face_down: the drawn cards other than the revealed Graze card go face down, setting off
    "when a card is put into your face-down pile" like every other face-down placement."""
    if ctx.options["a18.other_drawn"] != "face_down" or not drawn:
        return s
    p = s.players[d]
    cards = p.hand[len(p.hand) - drawn:]
    out = tuple(c for c in cards if c != keep)
    s = setp(s, d, replace(p, hand=tuple(c for c in p.hand if c not in out),
                           face_down=p.face_down + out))
    return fire(ctx, s, "you_put_face_down", d) if out else s


@FLOW.choice("graze.check", phase="damage",
             clauses=("RR-GRZ-1", "RR-GRZ-2", "RR-GRZ-3", "RR-GRZ-4", "RR-COMP-3.7", "RR-DMG-3",
                      "RR-DECK-1", "RR-DECK-2", "RR-DECK-3", "RR-DECK-4", "RR-PRIN-2", "A-17", "A-18", "A-19",
                      "A-21",
                      "A-28"),
             next=("graze.reveal", "game.over", "awaken", "win.check", "wait", *AFTER_DAMAGE, *AFTER_CAST),
             decide=_decide_graze,
             chance=("shuffle", "draw"))
def graze_check(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Taking with the Life: the graze check draws as many cards as the damage, by the normal drawing
    rules (rebuilding an empty deck). A drawn Graze card is revealed and the «Attack» does not HIT
    at all; otherwise the Life is reduced by the damage (a HIT). With nothing to draw there is no
    graze check and the damage HITs. (a17.graze_check, a19.graze_draw, a28.partial_graze,
    a18.other_drawn.)"""
    _, d, n, source = frame
    clauses: tuple[str, ...] = ("RR-GRZ-1",) if source == "attack" else ("A-21",)
    if n <= 0:
        return Outcome(s, f"0 damage to {pn(d)}'s Life: nothing HITs", clauses=clauses + ("RR-GRZ-2",))
    skipped = _no_graze_check(ctx, s, d, n, source, chosen, clauses)
    if skipped is not None:
        return skipped
    one_by_one = ctx.options["a19.graze_draw"] == "one_by_one"
    drawn = draw(ctx, s, d, n, stop_at_graze=one_by_one)
    s = drawn.state
    clauses += ("RR-GRZ-2",) + drawn.clauses()
    if drawn.missing:
        clauses += ("RR-GRZ-4",)
    if one_by_one:
        clauses += ("A-19",)
    grazes = [c for c in drawn.cards if ctx.spell(c).graze]
    text = f"{pn(d)}'s graze check draws {len(drawn.cards)} of {n}"
    events = tuple(drawn.events)
    if len(grazes) >= 2:
        return Outcome(s, text + f": {len(grazes)} Graze cards", events=events,
                       then=(("graze.reveal", d, len(drawn.cards)),), clauses=clauses)
    if grazes:
        s = others_face_down(ctx, s, d, len(drawn.cards), grazes[0])
        if source == "attack":
            s = not_hit(ctx, s, d)
        if ctx.options["a18.other_drawn"] == "face_down":
            clauses += ("A-18",)
        return Outcome(s, text + f": {ctx.name(grazes[0])} has Graze, revealed — the «Attack» does "
                                 "not HIT", events=events + (
                           {"type": "reveal", "player": pn(d), "card": grazes[0]},),
                       then=wait_frames(ctx, s), clauses=clauses + ("RR-GRZ-3", "RR-COMP-3.7"))
    s = others_face_down(ctx, s, d, len(drawn.cards), None)
    if ctx.options["a18.other_drawn"] == "face_down" and drawn.cards:
        clauses += ("A-18",)
    s, frames, hit_text = hit(ctx, s, d, n, source)
    return Outcome(s, f"{text}: no Graze card; {hit_text}", events=events, then=frames,
                   clauses=clauses + ("RR-DMG-3",))


def _no_graze_check(ctx: Context, s: State, d: int, n: int, source: str,
                    chosen: dict[str, Option] | None, clauses: tuple[str, ...]) -> Outcome | None:
    """The damage HITs without a graze check: declined (A-17), forbidden by card text (RR-PRIN-2),
    nothing to draw (RR-GRZ-4), or fewer cards than the damage under a28.partial_graze; else None."""
    why: tuple[str, tuple[str, ...]] | None = None
    if chosen is not None and not chosen[pn(d)].value:
        why = f"{pn(d)} makes no graze check", ("RR-DMG-3", "A-17")
    elif source == "attack" and forbidden(ctx, s, d, "graze_check") is not None:
        why = f"{pn(d)} cannot make a graze check (card text)", ("RR-PRIN-2", "RR-DMG-3")
    else:
        available = drawable(s.players[d])
        if not available:
            why = (f"{pn(d)} has no deck, face-down or reserve card: no graze check",
                   ("RR-GRZ-4", "RR-DECK-4", "RR-DMG-3"))
        elif available < n and ctx.options["a28.partial_graze"] == "full_or_none":
            why = f"{pn(d)} cannot draw {n} cards: no graze check", ("RR-GRZ-4", "RR-DMG-3", "A-28")
    if why is None:
        return None
    s, frames, text = hit(ctx, s, d, n, source)
    return Outcome(s, f"{why[0]}; {text}", then=frames, clauses=clauses + why[1])


def _decide_reveal(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision:
    _, d, k = frame
    hand = s.players[d].hand
    grazes = [c for c in hand[len(hand) - k:] if ctx.spell(c).graze]
    opts = tuple(Option(f"reveal {short(c)}", c) for c in grazes)
    return Decision("reveal", (pn(picker(ctx, s, d)),), (opts,), ("RR-GRZ-3", "A-16"), "graze.reveal",
                    "Several Graze cards were drawn: reveal one")


@FLOW.choice("graze.reveal", phase="damage", clauses=("RR-GRZ-3", "RR-COMP-3.7", "A-16", "A-18"),
             next=("wait", *AFTER_DAMAGE), decide=_decide_reveal)
def reveal(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Several drawn cards have Graze: one is revealed (one is enough; a16.chooser picks it), the
    «Attack» does not HIT, and the revealed card stays in the hand (a18.other_drawn: the others)."""
    assert chosen is not None
    _, d, k = frame
    card = next(iter(chosen.values())).value
    s = others_face_down(ctx, s, d, k, card)
    if s.stack and s.stack[-1].stage == "damage":  # an «Attack»'s graze check (not a deploy's, A-21)
        s = not_hit(ctx, s, d)
    clauses: tuple[str, ...] = ("RR-GRZ-3", "RR-COMP-3.7", "A-16")
    if ctx.options["a18.other_drawn"] == "face_down":
        clauses += ("A-18",)
    return Outcome(s, f"{pn(d)} reveals {ctx.name(card)} (Graze): the «Attack» does not HIT",
                   events=({"type": "reveal", "player": pn(d), "card": card},), then=wait_frames(ctx, s),
                   clauses=clauses)
