"""Gaining enemy cards (lock-on, TM-ENEMY-2): one card per step from the top of the enemy deck to
the left end of the player's enemy row; an empty enemy deck is what the campaign card says it is
(A-71: never a silent reshuffle)."""

from __future__ import annotations

from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .board import player, put
from .context import Context
from .flow import FLOW
from .state import Foe, State

NEXT = (("enemy.draw", "the next card"), ("refill", "the launcher refill"))


def empty_rule(ctx: Context) -> str:
    """What an empty enemy deck means: the option, or the campaign card's ``enemy_deck_empty``."""
    rule = str(ctx.options["a71.empty"])
    return ctx.content.campaign.enemy_deck_empty if rule == "campaign" else rule


def middle(row: int) -> int:
    """A-21 Reading 2: where a trace-check card goes in a row of ``row`` cards (0 the primary): the
    middle of the row it makes, the left one of two middles, so never on top of the primary."""
    return (row + 1) // 2


def draw_enemy(ctx: Context, s: State, frame: Frame) -> Outcome:
    """One enemy card for the player, slid in at the left of the row, at the very bottom (only its
    HP and combat effect show until it becomes the primary); a trace-check card by A-21 Reading 2
    (the frame says ``middle``) underneath in the middle of the row."""
    name, n = frame[1], frame[2]
    more = ((frame[0], name, n - 1, *frame[3:]),) if n > 1 else ()
    if not s.enemy_deck:
        return _empty(ctx, s, name, frame, more)
    deck, forced = ctx.chance.top(s.enemy_deck, what="the enemy deck", player=name)
    card = deck[0]
    p = player(s, name)
    at = middle(len(p.enemies)) if frame[3:] == ("middle",) else len(p.enemies)
    s = put(replace(s, enemy_deck=deck[1:]),
            replace(p, enemies=p.enemies[:at] + (Foe(card),) + p.enemies[at:]))
    events = (*((forced,) if forced else ()), {"type": "lock_on", "player": name, "card": card})
    if at < len(p.enemies):
        return Outcome(s, f"{name} locks on {card} (row of {len(p.enemies) + 1}), underneath in the middle: "
                          f"card {at + 1} from the primary", events=events, then=more,
                       clauses=("TM-TRACE-3", "TM-COMP-7"))
    return Outcome(s, f"{name} locks on {card} (row of {len(p.enemies) + 1})", events=events, then=more,
                   clauses=("TM-ENEMY-2", "TM-COMP-7"))


def _empty(ctx: Context, s: State, name: str, frame: Frame, more: tuple[Frame, ...]) -> Outcome:
    rule = empty_rule(ctx)
    source = "the campaign card" if ctx.options["a71.empty"] == "campaign" else "the rule option a71.empty"
    if rule == "defeat":
        s = replace(s, outcome="defeat", reason="the enemy deck is empty")
        return Outcome(replace(s, agenda=(frame,)), f"the enemy deck is empty: {source} says defeat",
                       events=({"type": "enemy_deck_empty", "rule": rule},), then=(("game.over",),),
                       clauses=("TM-ENEMY-2", "TM-WIN-1"))
    if rule == "reshuffle" and s.enemy_discard:
        deck, rng, event = ctx.chance.shuffle(s.rng, s.enemy_discard, what="the enemy discard pile")
        s = replace(s, enemy_deck=deck, enemy_discard=(), rng=rng)
        return Outcome(s, f"the enemy deck is empty: {source} says the discard pile is shuffled into it",
                       events=(event, {"type": "enemy_deck_empty", "rule": rule}),
                       then=((frame[0], name, frame[2], *frame[3:]),), clauses=("TM-ENEMY-2",))
    return Outcome(s, f"the enemy deck is empty: {source} says no card is drawn",
                   events=({"type": "enemy_deck_empty", "rule": rule},), then=more,
                   clauses=("TM-ENEMY-2",))


FLOW.auto("enemy.draw", phase="planning", clauses=("TM-ENEMY-2", "TM-COMP-7", "TM-TRACE-3", "TM-WIN-1"),
          chance=("draw", "shuffle"),
          next=(*NEXT, ("game.over", "an empty deck ends the campaign"),
                ("trace.check", "the next player's trace check"), ("program", "programming"),
                ("extras", "the Planning purchases"),
                ("planning.mods", "the next player's mods")))(draw_enemy)
for _phase in ("action", "combat", "cleanup"):
    FLOW.auto(f"{_phase}.lock_on", phase=_phase, clauses=("TM-ENEMY-2", "TM-COMP-7", "TM-WIN-1"),
              chance=("draw", "shuffle"), next=())(draw_enemy)
