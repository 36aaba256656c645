"""Card texts: processing one ability (its condition, then its effects in order), and the Trigger
cards' abilities that wait until no card is being processed, then are processed in the order the
turn player declares (RR-PRIN-3 … RR-PRIN-5, RR-DEP-3)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .cards import Ability
from .common import deployed, is_deployed, pn, unique_labels
from .conditions import holds, words
from .context import Context
from .extensions import EFFECTS
from .flow import AFTER_TEXT, EFFECT_STEPS, FLOW
from .state import State, Waiting
from .statics import number
from .vocabulary import NUMERALS, TARGETED

#: the clause each ability tag is processed under
TAG_CLAUSES: dict[str, tuple[str, ...]] = {
    "on_cast": ("RR-CAST-4", "RR-COMP-3.8"),
    "on_recovery": ("RR-RCV-2", "RR-COMP-3.8"),
    "trigger": ("RR-DEP-3", "RR-COMP-3.8"),
    "on_awaken": ("RR-AWK-4",),
    "while_awakened": ("RR-AWK-5",),
}
TAG_NAMES = {"on_cast": "[On Cast]", "on_recovery": "[On Recovery]", "trigger": "[While Deployed]",
             "on_awaken": "[On Awaken]", "while_awakened": "[While Awakened]"}


def fire(ctx: Context, s: State, event: str, i: int, card: str = "", *, hand: int | None = None,
         life: int | None = None, zone: int | None = None) -> State:
    """``event`` happened to player ``i`` (about ``card``: the card cast, deployed, lifted…, or whose
    «Attack» it is; with its damage ``hand`` / ``life`` and its recast position ``zone``): every
    Trigger ability of ``i``'s deployed cards that waits for it, and whose filter the event passes,
    joins the waiting cards."""
    if not ctx.abilities:
        return s
    new = []
    for own, _k in deployed(ctx, s.players[i]):
        for a, ability in enumerate(ctx.spell(own).while_deployed):
            if ability.when == event and passes(ctx, ability.filter, card, hand, life, zone):
                new.append(Waiting(own, i, a, event))
    if not new:
        return s
    return replace(s, waiting=s.waiting + tuple(new))


def passes(ctx: Context, flt: tuple[tuple[str, Any], ...], card: str, hand: int | None,
           life: int | None, zone: int | None) -> bool:
    """The event passes a trigger's filter (``vocabulary.FILTERS``): every field holds."""
    if not flt:
        return True
    c = ctx.cards.get(card) if card else None
    greatest = max(getattr(c, "recast", None) or (0,))
    facts: dict[str, Any] = {"type": getattr(c, "type", None), "timing": getattr(c, "timing", None),
                             "zone": None if zone is None else NUMERALS[zone]}
    for key, v in flt:
        if key in facts:
            ok = facts[key] == v
        elif key == "recast_at_least":
            ok = c is not None and greatest >= v
        elif key == "recast_at_most":
            ok = c is not None and greatest <= v
        else:
            got = hand if key == "hand_at_least" else life
            ok = got is not None and got >= v
        if not ok:
            return False
    return True


def busy(ctx: Context, s: State) -> bool:
    """What waiting cards wait for (t1.trigger_wait): a card text, or a card in the cast zone (a
    text «Attack» too), is being processed ('cast'); or a card text — a text «Attack» included —
    is ('text': a cast card's «Attack», damage resolution and deploy are no card text)."""
    if ctx.options["t1.trigger_wait"] == "text":
        return bool(s.texts or any(e.kind == "text" for e in s.stack))
    return bool(s.texts or s.stack)


def wait_frames(ctx: Context, s: State) -> list[tuple[Any, ...]]:
    """The waiting cards are processed now, if nothing is being processed (RR-PRIN-3)."""
    return [("wait",)] if s.waiting and not busy(ctx, s) else []


#: the counts card text may change (``modify``): effect → the number (``vocabulary.NUMBERS``)
COUNTS = {"lift": "lift_count", "face_down": "face_down_count"}


def waits_since(ctx: Context, s: State, before: int) -> list[tuple[Any, ...]]:
    """The waiting cards are processed now, if a card joined them since there were ``before``
    (a step that sets off a trigger says so; one that did not leaves the waiting to the steps that
    already do)."""
    return wait_frames(ctx, s) if len(s.waiting) > before else []


def effect_frames(ctx: Context, s: State, i: int, card: str, ability: Ability, j: int
                  ) -> tuple[tuple[Any, ...], ...]:
    """The frames of effect ``j`` of ``ability``: ``(eff.<kind>, player, card, n, hand, life)``, then
    for a targeted effect its target (``whose, zone, chosen_by, every``; a player target ``each``
    is one frame per player, the card's owner first); a count card text changes is read when the
    effect starts (RR-PRIN-1); a designer's effect is ``(eff.custom, …, its name)``."""
    e = ability.effects[j]
    n = e.n
    if e.kind in COUNTS:
        n = max(1, number(ctx, s, i, COUNTS[e.kind], e.n))
    if e.kind in EFFECTS:
        return (("eff.custom", i, card, n, e.hand, e.life, e.kind),)
    base = (f"eff.{e.kind}", i, card, n, e.hand, e.life)
    t = e.target
    if t is None:
        return (base,)
    if t.whose == "each" and TARGETED[e.kind][0] == "player":
        return tuple(base + (whose, "", "you", False) for whose in ("you", "opponent"))
    return (base + (t.whose, t.zone, t.chosen_by, t.every),)


@FLOW.auto("text", phase="text",
           clauses=("RR-CAST-4", "RR-COMP-3.8", "RR-RCV-2", "RR-DEP-3", "RR-AWK-4", "RR-AWK-5",
                    "RR-PRIN-3"),
           next=(*EFFECT_STEPS, *AFTER_TEXT))
def process_text(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """One ability of a card text starts: if its condition holds, its effects are processed in the
    order written, and no other card text is processed until it has finished (unless as an
    interrupt)."""
    _, i, card, tag, k = frame
    ability = ctx.ability(card, tag, k)
    label = f"{pn(i)}'s {ctx.name(card)}: {TAG_NAMES[tag]}" + (f" {ability.id}" if ability.id else "")
    clauses = TAG_CLAUSES[tag]
    if ability.test and not holds(ctx, s, i, ability.test):
        return Outcome(s, f"{label}: the condition ({words(ability.test)}) is not met, "
                          "nothing happens", then=wait_frames(ctx, s), clauses=clauses)
    s = replace(s, texts=s.texts + 1)
    frames = [*effect_frames(ctx, s, i, card, ability, 0), ("text.next", i, card, tag, k, 1)]
    return Outcome(s, label + (f" ({ability.text})" if ability.text else ""), then=frames,
                   clauses=clauses + ("RR-PRIN-3",))


@FLOW.auto("text.next", phase="text", clauses=("RR-PRIN-3", "RR-COMP-3.8"),
           next=(*EFFECT_STEPS, *AFTER_TEXT))
def next_effect(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """The ability's next effect, in the order written; after the last one the card text has
    finished processing, and waiting cards may be processed once no text is."""
    _, i, card, tag, k, j = frame
    ability = ctx.ability(card, tag, k)
    if j < len(ability.effects) and ability.effects[j].kind == "if":
        cond = ability.effects[j].condition
        assert cond is not None
        if holds(ctx, s, i, cond):
            return Outcome(s, f"{ctx.name(card)}: then if {words(cond)} — it does: its next effects "
                              "happen", then=(("text.next", i, card, tag, k, j + 1),),
                           clauses=("RR-PRIN-3", "RR-COMP-3.8"))
        s = replace(s, texts=max(0, s.texts - 1))
        return Outcome(s, f"{ctx.name(card)}: then if {words(cond)} — it does not: the ability ends "
                          "here", then=wait_frames(ctx, s), clauses=("RR-PRIN-3", "RR-COMP-3.8"))
    if j < len(ability.effects):
        return Outcome(s, f"{ctx.name(card)}: effect {j + 1} of {len(ability.effects)}",
                       then=(*effect_frames(ctx, s, i, card, ability, j),
                             ("text.next", i, card, tag, k, j + 1)))
    s = replace(s, texts=max(0, s.texts - 1))
    return Outcome(s, f"{ctx.name(card)}'s ability is done", then=wait_frames(ctx, s))


def _decide_wait(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    if busy(ctx, s) or len(s.waiting) < 2:
        return None
    opts = tuple(Option(label, k) for label, k in unique_labels(
        (f"process {w.card.split('/', 1)[1]}", k) for k, w in enumerate(s.waiting)))
    return Decision("waiting", (pn(s.active),), (opts,), ("RR-PRIN-4",), "wait",
                    "Several cards wait to be processed: the turn player declares which is next")


@FLOW.choice("wait", phase="text",
             clauses=("RR-PRIN-0", "RR-PRIN-3", "RR-PRIN-4", "RR-PRIN-5", "RR-DEP-3", "A-11", "T-1"),
             next=("text", *AFTER_TEXT), decide=_decide_wait)
def process_waiting(ctx: Context, s: State, frame: tuple[Any, ...],
                    chosen: dict[str, Option] | None) -> Outcome:
    """Trigger abilities wait while a card (its text, or a cast card in the cast zone) is being
    processed (t1.trigger_wait = text: while a card text is). Then the turn player declares which
    waiting card is processed next (in any order, theirs or the opponent's); its text starts only at
    that declaration, so a card that is no longer deployed by then is not processed."""
    if not s.waiting:
        return Outcome(s, "no card is waiting to be processed", clauses=("RR-PRIN-3",))
    if busy(ctx, s):
        return Outcome(s, "the waiting cards wait for the card being processed",
                       clauses=("RR-PRIN-3",))
    k = chosen[pn(s.active)].value if chosen else 0
    w = s.waiting[k]
    s = replace(s, waiting=s.waiting[:k] + s.waiting[k + 1:])
    declared = "RR-PRIN-4" if ctx.options["a11.principles"] == "four" else "RR-PRIN-5"
    clauses: tuple[str, ...] = ("RR-PRIN-3", declared)
    if chosen:
        clauses += ("RR-PRIN-0", "RR-PRIN-4")
    if ctx.options["a11.principles"] == "four":
        clauses += ("A-11",)
    if s.stack and ctx.options["t1.trigger_wait"] == "text":
        clauses += ("T-1",)
    if not is_deployed(ctx, s.players[w.owner], w.card):
        return Outcome(s, f"{pn(s.active)} declares {pn(w.owner)}'s {ctx.name(w.card)}: it is no longer "
                          "deployed, its [While Deployed] ability is not processed",
                       then=[("wait",)] if s.waiting else [], clauses=clauses)
    return Outcome(s, f"{pn(s.active)} declares {pn(w.owner)}'s {ctx.name(w.card)} "
                      f"({w.event.replace('_', ' ')}): its [While Deployed] ability is processed",
                   then=(("text", w.owner, w.card, "trigger", w.ability),),
                   clauses=clauses + ("RR-DEP-3",))
