"""The steps that may follow each step beyond those its declaration names: the frames a step leaves
on the agenda for the next player or the next phase, which many steps share (the next player's
first step, the next phase's start, the draws an effect pushes). Each is an edge of the phase graph
like the declared ones."""

from __future__ import annotations

from dataclasses import replace

from hisoutab.engine.flow import Edge, Flow

from .vocabulary import EFFECT_CLAUSES

EDGES: dict[str, tuple[tuple[str, str], ...]] = {
    "action.lock_on": (
        ("action.lock_on", "an effect or an overflow draws enemy cards"),
        ("chip.choose", "a chip of the player’s choice"),
        ("codes", "B3"),
        ("district", "B2"),
        ("explore", "an unrevealed place"),
        ("game.over", "the campaign is decided"),
        ("move", "the next player moves (A-12 by step)"),
        ("action.protocol", "the learning protocol (after B3, A-14)"),
        ("reveal", "the places next to the destination (A-32)"),
    ),
    "action.protocol": (
        ("combat.begin", "the Combat phase"),
        ("move", "the next player moves"),
        ("codes", "the next player's B3 (A-12 by step)"),
    ),
    "body.switch": (
        ("codes", "B3"),
        ("district", "the next player's B2 (A-12 by step)"),
        ("action.protocol", "the learning protocol (after B3, A-14)"),
    ),
    "chip.choose": (
        ("codes", "B3"),
        ("district", "B2"),
        ("action.lock_on", "an effect or an overflow draws enemy cards"),
        ("move", "the next player moves (A-12 by step)"),
        ("action.protocol", "the learning protocol (after B3, A-14)"),
        ("reveal", "the places next to the destination (A-32)"),
    ),
    "cleanup.lock_on": (
        ("cleanup.lock_on", "an overflow draws enemy cards"),
        ("cleanup.protocol", "the next protocol"),
        ("game.over", "the campaign is decided"),
    ),
    "cleanup.protocol": (
        ("cleanup.protocol", "the next protocol"),
        ("cleanup.world", "D2"),
    ),
    "codes": (
        ("action.lock_on", "an effect or an overflow draws enemy cards"),
    ),
    "codes.end": (
        ("district", "the district action after B3 (A-14)"),
        ("action.protocol", "the learning protocol"),
        ("combat.begin", "the Combat phase"),
        ("move", "the next player moves"),
        ("codes", "the next player's B3 (A-12 by step)"),
    ),
    "combat.enemy": (
        ("combat.lock_on", "an enemy effect or an overflow draws enemy cards"),
    ),
    "combat.lock_on": (
        ("combat.attack", "the next pass"),
        ("combat.lock_on", "an enemy effect or an overflow draws enemy cards"),
        ("game.over", "the campaign is decided"),
    ),
    "combat.protocol": (
        ("cleanup.begin", "the Cleanup phase"),
        ("combat.mods", "the next player’s mods"),
        ("combat.power", "the next player’s fight"),
    ),
    "district": (
        ("action.lock_on", "an effect or an overflow draws enemy cards"),
        ("body.switch", "the clinic’s switch"),
        ("chip.choose", "a chip of the player’s choice"),
        ("gang.draw", "a gang mod"),
        ("action.protocol", "the learning protocol (after B3, A-14)"),
        ("combat.begin", "the Combat phase (after B3, A-14)"),
        ("move", "the next player moves (after B3, A-14)"),
        ("district", "the next player's B2 (A-12 by step)"),
    ),
    "explore": (
        ("action.lock_on", "an effect or an overflow draws enemy cards"),
        ("chip.choose", "a chip of the player’s choice"),
        ("move", "the next player moves (A-12 by step)"),
    ),
    "gang.draw": (
        ("codes", "B3"),
        ("district", "the next player's B2 (A-12 by step)"),
        ("action.protocol", "the learning protocol (after B3, A-14)"),
    ),
    "hit": (
        ("combat.lock_on", "an enemy effect or an overflow draws enemy cards"),
    ),
    "move": (
        ("action.lock_on", "an effect or an overflow draws enemy cards"),
        ("move", "the next player moves (A-12 by step)"),
    ),
    "extras": (
        ("refill", "the launcher refill (purchases at any time, A-11)"),
        ("program", "programming (purchases at any time, A-11)"),
        ("trace.resolve", "the next player's draws (A-22 after the rolls)"),
    ),
    "planning.begin": (
        ("extras", "the Planning purchases before A1 (A-11)"),
    ),
    "planning.mods": (
        ("extras", "the Planning purchases before A1 (A-11)"),
        ("planning.mods", "the next player's mods (A-22 after the rolls)"),
    ),
    "refill": (
        ("extras", "the Planning purchases before A3 (A-11)"),
    ),
    "trace.resolve": (
        ("extras", "the Planning purchases before A2 (A-11)"),
    ),
    "action.mods": (
        ("action.mods", "the next player's mods (A-12 by step)"),
    ),
    "trace.check": (
        ("trace.check", "the next player's roll (A-22 after the rolls)"),
        ("extras", "the next player's purchases before A1 (A-22 after the rolls, A-11)"),
    ),
    "trace.reroll": (
        ("trace.check", "the next player's roll (A-22 after the rolls)"),
        ("extras", "the next player's purchases before A1 (A-22 after the rolls, A-11)"),
    ),
    "planning.protocol": (
        ("action.begin", "the Action phase"),
        ("trace.check", "the next player’s trace check"),
        ("trace.resolve", "the next player's draws (A-22 after the rolls)"),
    ),
}

#: A-54 Reading 2: the steps an XP window may follow (its player's next step, or the next player's first)
XP_EDGES: dict[str, tuple[tuple[str, str], ...]] = {
    **{step: (("planning.xp", "an XP window (A-54)"),)
       for step in ("planning.begin", "planning.mods", "trace.resolve", "enemy.draw", "refill",
                    "refill.place", "planning.protocol", "extras", "class.pick", "trade.answer")},
    **{step: (("action.xp", "an XP window (A-54)"),)
       for step in ("action.begin", "action.mods", "codes.end", "action.protocol", "district",
                    "gang.draw", "action.lock_on", "chip.choose", "body.switch", "explore")},
    **{step: (("combat.xp", "an XP window before the combat roll (A-54)"),)
       for step in ("combat.begin", "combat.mods", "combat.protocol", "combat.end", "reset")},
    **{step: (("cleanup.xp", "an XP window after D1 (A-54)"),)
       for step in ("cleanup.players", "cleanup.lock_on")},
    "planning.protocol": (("extras", "the next player's Planning purchases before A1 (A-11)"),
                          ("planning.xp", "an XP window (A-54)")),
}

#: readings played together: the steps one reading's order puts after another's window or late step
LATE_COMBAT = ("combat.begin", "the Combat phase, after a late district action (A-14, A-50 at Cleanup)")
TOGETHER_EDGES: dict[str, tuple[tuple[str, str], ...]] = {
    "trace.check": (("planning.xp", "the next player's XP window before A1 (A-22 after the rolls, A-54)"),),
    "trace.reroll": (("planning.xp", "the next player's XP window before A1 (A-22 after the rolls, A-54)"),),
    "action.xp": (("codes", "the next player's B3 after an XP window after B3 (A-12 by step, A-54)"),),
    **{step: (LATE_COMBAT,) for step in ("action.lock_on", "chip.choose")},
    "move": (("action.xp", "the next player's XP window before B1 (A-12 by step, A-54)"),
             ("chip.choose", "a marker's chip of the player's choice, on entering a revealed place (A-32)")),
    "reveal": (("move", "the next player moves (A-12 by step)"), ("action.xp", "an XP window (A-54)")),
    "body.switch": (LATE_COMBAT, ("move", "the next player moves, after a late district action (A-14)")),
    "gang.draw": (LATE_COMBAT, ("move", "the next player moves, after a late district action (A-14)")),
}

#: the steps that apply card effects: each declares every clause effects may cite
EFFECT_STEPS = ("planning.mods", "action.mods", "combat.mods", "cleanup.mods", "move", "explore", "district",
                "codes", "combat.attack", "combat.enemy", "cleanup.players", "cleanup.world",
                "planning.protocol", "action.protocol", "combat.protocol", "cleanup.protocol")


def complete(flow: Flow) -> None:
    """Add :data:`EDGES` to the declared steps' ``next``, and the effects' clauses to the steps that
    apply effects."""
    for name, edges in (*EDGES.items(), *XP_EDGES.items(), *TOGETHER_EDGES.items()):
        sd = flow.steps[name]
        known = {e.to for e in sd.next}
        more = tuple(Edge(to, when) for to, when in edges if to not in known)
        flow.steps[name] = replace(sd, next=sd.next + more)
    for name in EFFECT_STEPS:
        sd = flow.steps[name]
        flow.steps[name] = replace(sd, clauses=tuple(dict.fromkeys(sd.clauses + EFFECT_CLAUSES)))
