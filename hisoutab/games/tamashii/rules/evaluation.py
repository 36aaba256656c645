"""How the campaign stands, the same for every player (a co-operative game): the team's progress
towards the campaign's victory and away from its defeat, once it is over, victory or defeat.

Read from the campaign card, not from the sample campaign: each world activity that decides the
campaign (TM-CLN-2, A-59 Reading 1) is measured by how far its check has come, from where the game
starts to where it holds (:func:`closeness`): the nearest victory counts for, each defeat
against (the round limit one more among them); where the campaign is scored at its round limit
(A-59 Reading 2), the uplinks opened of those needed. An uplink code the launcher already shows
(a code of the campaign's whose effects open an uplink) counts for part of an uplink. Then the
team's tempo: HP kept (a reset costs damaged chips, TM-RESET-0), trace (a lock-on draws enemies),
the enemies in the rows, XP and resources.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hisoutab.engine.evaluation import LOST, WON, squash

from .codes import matches
from .conditions import figure
from .context import Context
from .execute import sources
from .state import Player, State

VICTORY_WEIGHT = 3.0  # the nearest victory activity, from 0 (the start) to 1 (it holds)
DEFEAT_WEIGHT = 1.5  # each defeat activity, likewise
READY = 0.5  # of an uplink: an uplink code the launcher shows
HP_WEIGHT = 0.4  # the team's HP of its max HP
TRACE_WEIGHT = 0.3  # the team's trace of the trace track's top
ENEMY_WEIGHT = 0.15  # per enemy in a row, per player
XP_WEIGHT = 0.02  # per XP, per player
RESOURCE_WEIGHT = 0.02  # per Shield, Memory, Power and Reroll, per player
RESOURCES = ("shield", "memory", "power", "reroll")

Figure = Callable[[Context, State], float]
WORLD_FIGURES: dict[str, tuple[Figure, Figure]] = {  # a world check's word: (its figure now, at the start)
    "uplinks_at_least": (lambda ctx, s: s.uplinks, lambda ctx, s: 0),
    "round_at_least": (lambda ctx, s: s.round, lambda ctx, s: 0),
    "damaged_left_at_most": (lambda ctx, s: len(s.damaged), lambda ctx, s: len(ctx.damaged)),
}
PLAYER_FIGURES: dict[str, Callable[[Player], float]] = {
    "trace_at_most": lambda p: p.trace,
    "xp_at_least": lambda p: p.xp,
    "equipped_at_least": lambda p: len(p.equipped),
    "mods_at_least": lambda p: len(p.mods) + len(p.equipped),
    "hp_max_at_least": lambda p: p.hp_max,
    "enemies_at_least": lambda p: len(p.enemies),
    "enemies_at_most": lambda p: len(p.enemies),
}


def target(ctx: Context, value: Any) -> float:
    """A check's number, as the conditions read it (:func:`.conditions.figure`)."""
    return float(figure(ctx, value))


def way(now: float, start: float, goal: float) -> float:
    """How far ``now`` has come from ``start`` to ``goal``, 0 to 1."""
    if start == goal:
        return 1.0 if now == goal else 0.0
    return min(1.0, max(0.0, (now - start) / (goal - start)))


def player_way(word: str, p: Player, goal: float) -> float:
    """How far a player's check has come: an «at least» from 0, an «at most» by its excess."""
    if word == "resource_at_least":
        return 0.0
    now = PLAYER_FIGURES[word](p)
    if word.endswith("_at_most"):
        return 1.0 if now <= goal else (goal + 1) / (now + 1)
    return way(now, 0, goal)


def closeness(ctx: Context, s: State, check: dict[str, Any]) -> float:
    """How far a world activity's check has come, 0 (where the game starts) to 1 (it holds); a
    player's check in a world activity by the player nearest to it."""
    (word, value), = check.items()
    if word in WORLD_FIGURES:
        now, start = WORLD_FIGURES[word]
        return way(now(ctx, s), start(ctx, s), target(ctx, value))
    if word == "resource_at_least":
        return max(min(way(getattr(p, r), 0, n) for r, n in value.items()) for p in s.players)
    if word in PLAYER_FIGURES:
        return max(player_way(word, p, target(ctx, value)) for p in s.players)
    return 0.0


def campaign(ctx: Context, s: State) -> float:
    """The campaign's objectives: the nearest victory for, the defeats against."""
    if ctx.options["a59.test"] != "campaign":
        return VICTORY_WEIGHT * (s.uplinks + ready(ctx, s)) / max(1, ctx.uplinks_needed)
    victory, defeat = 0.0, 0.0
    for activity in ctx.content.campaign.world_activities:
        near = closeness(ctx, s, activity.check)
        if activity.result == "victory":
            if "uplinks_at_least" in activity.check:
                goal = target(ctx, activity.check["uplinks_at_least"])
                near = min(1.0, near + ready(ctx, s) / max(1.0, goal))
            victory = max(victory, near)
        elif activity.result == "defeat":
            defeat += near
    return VICTORY_WEIGHT * victory - DEFEAT_WEIGHT * defeat


def opens_uplink(code: Any) -> bool:
    return any("uplink" in effect for effect in code.effects)


def ready(ctx: Context, s: State) -> float:
    """The uplinks the launchers show ready to run (each player's one code at most), of :data:`READY`."""
    wild = ctx.options["a29.wild"]
    shown = sum(1 for p in s.players if p.launcher and any(
        opens_uplink(src.code) and matches(tuple(src.code.pattern), p.launcher, p.core, wild)
        for src in sources(ctx, s, p)))
    return READY * shown


def tempo(ctx: Context, s: State) -> float:
    """The team's HP, trace, enemies, XP and resources, per player."""
    n = max(1, len(s.players))
    top = max(1, ctx.content.board.trace_top)
    hp = sum(p.hp for p in s.players) / max(1, sum(p.hp_max for p in s.players))
    trace = sum(p.trace for p in s.players) / (n * top)
    enemies = sum(len(p.enemies) for p in s.players) / n
    xp = sum(p.xp for p in s.players) / n
    resources = sum(int(getattr(p, r)) for p in s.players for r in RESOURCES) / n
    return (HP_WEIGHT * hp - TRACE_WEIGHT * trace - ENEMY_WEIGHT * enemies + XP_WEIGHT * xp
            + RESOURCE_WEIGHT * resources)


def evaluate(ctx: Context, s: State, player: str) -> float:
    """The same for every player: 1 at victory, -1 at defeat, the team's standing between."""
    if s.outcome == "victory":
        return WON
    if s.outcome == "defeat":
        return LOST
    return squash(campaign(ctx, s) + tempo(ctx, s))
