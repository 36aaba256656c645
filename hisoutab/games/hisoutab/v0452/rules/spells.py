"""§8 The spell-card system: the spell deck and the public spell sequence (H-SPELL-SEQ,
H-SPELL-DRAW, H-SPELL-DISCARD), gaining spell cards when HP falls (H-SPELL-GAIN, R-19), putting one
in front (H-MAINT-2, R-21) and performing a spell card (H-SPELL-PLAY-*, H-SPELL-COST)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import spirit as sp
from .common import names, pn, setp, takes_part
from .context import Context
from .flow import FLOW
from .state import State

SEQUENCE_MAX = 5
THRESHOLDS = (17, 13, 9, 5, 1)


def draw_spells(ctx: Context, s: State, i: int, n: int,
                events: list[dict[str, Any]] | None = None) -> tuple[State, list[str], bool]:
    """Reveal up to ``n`` spell cards into the sequence; a full sequence (5) draws nothing. A forced
    draw (chance) is appended to ``events``."""
    p = s.players[i]
    seq, deck = p.spell_seq, p.spell_deck
    drawn: list[str] = []
    full = False
    for _ in range(n):
        if len(seq) >= SEQUENCE_MAX:
            full = True
            break
        if not deck:
            break
        if ctx.chance.forced:
            deck, e = ctx.chance.top(deck, what=f"{pn(i)}'s spell deck", player=pn(i))
            if e is not None and events is not None:
                events.append(e)
        drawn.append(deck[0])
        seq, deck = seq + (deck[0],), deck[1:]
    if drawn:
        s = setp(s, i, replace(p, spell_seq=seq, spell_deck=deck))
    return s, drawn, full


def thresholds_crossed(before: int, after: int) -> int:
    return sum(1 for t in THRESHOLDS if after <= t < before)


@FLOW.auto("spell.gain", phase="resolve", clauses=("H-SPELL-GAIN", "H-SPELL-DRAW", "H-SPELL-SEQ",
                                                   "R-19"),
           next=(("spell.gain", "the other player"), ("play.choose", "then"),
                 ("adjust.recover", "after gravity"), ("adjust.dice", "after gravity"),
                 ("adjust.gravity", "after gravity"), ("adjust.blue", "the next blue cell"),
                 ("bullets.phase", "the next yellow cell"), ("turn.begin", "then"),
                 ("eff.move", "the next effect"), ("resolve.card", "then")),
           chance=("draw",))
def gain(ctx: Context, s: State, frame: Frame) -> Outcome:
    """HP fell to 17 / 13 / 9 / 5 / 1: reveal spell cards into the sequence (R-19: one per threshold
    reached or crossed), at most 5 in the sequence."""
    _, i, n = frame
    chance: list[dict[str, Any]] = []
    s, drawn, full = draw_spells(ctx, s, i, n, chance)
    clauses: tuple[str, ...] = ("H-SPELL-GAIN", "H-SPELL-DRAW", "H-SPELL-SEQ", "R-19")
    text = f"{pn(i)}'s HP reached a spell threshold: "
    text += f"reveals {names(ctx, drawn)} into the spell sequence" if drawn else "no spell card drawn"
    if full:
        text += " (the sequence is full: 5 cards)"
    elif len(drawn) < n:
        text += " (the spell deck is empty)"
    return Outcome(s, text, events=({"type": "spell_draw", "player": pn(i), "cards": drawn}, *chance),
                   clauses=clauses)


# ------------------------------------------------------------------------------ H-MAINT-2


def front_options(ctx: Context, s: State, i: int) -> tuple[Option, ...]:
    seq = s.players[i].spell_seq
    opts = [Option("keep the spell order", None)]
    seen = {ctx.cards[seq[0]].id} if seq else set()
    for c in seq[1:]:
        cid = ctx.cards[c].id
        if cid in seen:
            continue
        seen.add(cid)
        opts.append(Option(f"front: {cid}", c))
    return tuple(opts)


def wants_front(s: State, i: int) -> bool:
    return len(s.players[i].spell_seq) >= 2


def _decide_front(ctx: Context, s: State, frame: Frame) -> Decision | None:
    deciders = tuple(i for i in s.participants if takes_part(ctx, s, i) and wants_front(s, i))
    if not deciders:
        return None
    return Decision("spell front", tuple(pn(i) for i in deciders),
                    tuple(front_options(ctx, s, i) for i in deciders), ("H-MAINT-2", "R-21"),
                    "maint.spell", "Put the spell card to use this turn at the front of the sequence")


@FLOW.choice("maint.spell", phase="maintenance", clauses=("H-MAINT-2", "R-21"),
             next=(("maint.zone", "then"), ("resolve.order", "hand full, nothing cast"),
                   ("resolve.card", "hand full"), ("play.choose", "hand full, nothing to resolve")),
             decide=_decide_front)
def front(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """The spell card to be used this turn goes to the front of the spell sequence; in a
    simultaneous action both choose, then reveal."""
    if chosen is None:
        return Outcome(s, "no spell sequence to reorder")
    parts = []
    for name, opt in chosen.items():
        i = 0 if name == "P1" else 1
        p = s.players[i]
        if opt.value is None:
            parts.append(f"{name} keeps the spell order")
            continue
        seq = list(p.spell_seq)
        seq.remove(opt.value)
        s = setp(s, i, replace(p, spell_seq=(opt.value, *seq)))
        parts.append(f"{name} puts {ctx.name(opt.value)} at the front")
    return Outcome(s, "; ".join(parts))


# ------------------------------------------------------------------------------ H-SPELL-PLAY


def payable(ctx: Context, s: State, i: int) -> list[str]:
    """Spell cards of the sequence that can be paid: enough spell cards (this one included) and
    enough spirit; with spell.front_commit only the front card when it is payable."""
    p = s.players[i]
    have = sp.available(p.spirit)
    ok = [c for c in p.spell_seq if ctx.cards[c].spell_cost <= len(p.spell_seq)
          and ctx.cards[c].cost <= have]
    if ctx.options["spell.front_commit"] and p.spell_seq and p.spell_seq[0] in ok:
        return [p.spell_seq[0]]
    return ok


def spell_options(ctx: Context, s: State, i: int) -> tuple[Option, ...]:
    p = s.players[i]
    opts: list[Option] = []
    for c in payable(ctx, s, i):
        others = [x for x in p.spell_seq if x != c]
        n = ctx.cards[c].spell_cost - 1
        combos = list(combinations(others, n))
        for combo in combos:
            label = f"cast {ctx.cards[c].id}"
            if n and len(combos) > 1:
                label += " discarding " + ", ".join(ctx.cards[x].id for x in combo)
            if all(o.label != label for o in opts):
                opts.append(Option(label, (c, combo)))
    return tuple(opts)


def _decide_spell(ctx: Context, s: State, frame: Frame) -> Decision | None:
    i = frame[1]
    opts = spell_options(ctx, s, i)
    if len(opts) <= 1:
        return None
    return Decision("spell", (pn(i),), (opts,), ("H-SPELL-PLAY-2", "H-SPELL-COST", "R-21"),
                    "spell.play", "Choose a payable spell card and the spell cards to discard")


@FLOW.choice("spell.play", phase="play",
             clauses=("H-EFF-SPELL", "H-SPELL-PLAY", "H-SPELL-PLAY-1", "H-SPELL-PLAY-2",
                      "H-SPELL-COST", "H-SPELL-DISCARD", "R-21"),
             next=("play.pay",), decide=_decide_spell)
def play_spell(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """A card with the spell-card effect was revealed: it returns to hand, and a payable spell card
    of the sequence goes into the cast zone; its cost is paid by discarding that many spell cards
    of the sequence, itself included, to the spell discard pile."""
    _, i, iid, cancel = frame
    p = s.players[i]
    spell, others = (chosen[pn(i)].value if chosen else spell_options(ctx, s, i)[0].value)
    seq = tuple(c for c in p.spell_seq if c != spell and c not in others)
    p = replace(p, cast=spell, cast_side="", hand=p.hand + (iid,), spell_seq=seq,
                spell_discard=p.spell_discard + tuple(others))
    s = setp(s, i, p)
    text = (f"{pn(i)}'s {ctx.name(iid)} returns to hand; {ctx.name(spell)} goes from the spell "
            f"sequence into the cast zone")
    clauses: tuple[str, ...] = ("H-EFF-SPELL", "H-SPELL-PLAY", "H-SPELL-PLAY-1", "H-SPELL-PLAY-2",
                                "H-SPELL-COST")
    if others:
        text += f", paid by discarding {names(ctx, others)} to the spell discard pile"
        clauses += ("H-SPELL-DISCARD",)
    if ctx.options["spell.front_commit"]:
        clauses += ("R-21",)
    return Outcome(s, text, events=({"type": "spell", "player": pn(i), "card": spell,
                                     "discarded": list(others)},),
                   then=(("play.pay", i, cancel),), clauses=clauses)
