"""The Cleanup phase (TM-CLN-0: as the campaign card says): the player activities (TM-CLN-1), the
world activities top to bottom (TM-CLN-2: the objectives, TM-WIN-1), the starting player moving
clockwise (TM-CLN-3); learning protocols (TM-PROT-1); the end of the campaign."""

from __future__ import annotations

from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .board import order, player, put
from .conditions import holds, words
from .context import Context, kind_of
from .effects import apply
from .extras import xp_windows
from .flow import FLOW, told
from .mapping import site
from .planning import _mods_step, acts_at
from .state import State
from .trace import raise_trace

END = (("game.over", "the campaign is decided"),)


@FLOW.auto("cleanup.begin", phase="cleanup", clauses=("TM-CLN-0",),
           next=(("cleanup.mods", "a mod acts at the start of Cleanup"), ("cleanup.players", "D1")))
def cleanup_begin(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The Cleanup phase, resolved as the campaign card says: D1, D2, D3."""
    s = replace(s, phase="cleanup")
    then: list[Frame] = []
    for name in order(ctx, s):
        if acts_at(ctx, s, name, "cleanup"):
            then.append(("cleanup.mods", name))
    then += [("cleanup.players",), *(("cleanup.protocol", n) for n in order(ctx, s)), ("cleanup.world", 0),
             ("cleanup.rotate",)]
    then = xp_windows(ctx, s, "cleanup", then)
    return Outcome(s, f"the Cleanup phase of {ctx.content.campaign.name}", then=tuple(then))


_mods_step("cleanup", ("TM-RES-2",), ("cleanup.players",))


@FLOW.auto("cleanup.players", phase="cleanup", clauses=("TM-CLN-1", "TM-MOVE-3", "TM-TRACE-4", "TM-RES-2"),
           next=(("cleanup.lock_on", "an overflow draws enemy cards"), ("cleanup.protocol", "the protocols")))
def cleanup_players(ctx: Context, s: State, frame: Frame) -> Outcome:
    """D1: every player resolves the campaign card's player activities (A-31 Reading 2: and the
    stay trace of the tile they are on)."""
    a = apply(ctx, s, order(ctx, s)[0], [])
    for name in order(ctx, s):
        for activity in ctx.content.campaign.player_activities:
            a = apply(ctx, a.state, name, activity.effects, into=a)
        if ctx.options["a31.stay"] == "cleanup":
            tile = ctx.content.tiles[kind_of(site(a.state, player(a.state, name).at).tile)]
            a.state, text, then = raise_trace(ctx, a.state, name, tile.stay)
            a.texts.append(f"{name} stays at {tile.name}: {text}")
            a.then += then
            a.clauses.add("TM-MOVE-3")
    return told(a, "the player activities", clauses=("TM-CLN-1",))


@FLOW.auto("cleanup.world", phase="cleanup", clauses=("TM-CLN-2", "TM-WIN-1"),
           next=(("cleanup.world", "the next world activity"), ("cleanup.rotate", "D3"), *END,
                 ("cleanup.lock_on", "an activity draws enemy cards")))
def cleanup_world(ctx: Context, s: State, frame: Frame) -> Outcome:
    """D2: the world activities, the game's objectives, one step each from the top down; one whose
    check holds decides the campaign (A-59 Reading 1), or, where the campaign is scored at its
    round limit, only applies its effects."""
    k = frame[1]
    activity = ctx.content.campaign.world_activities[k]
    then = (("cleanup.world", k + 1),) if k + 1 < len(ctx.content.campaign.world_activities) else ()
    met = holds(ctx, s, None, activity.check)
    a = apply(ctx, s, order(ctx, s)[0], activity.effects if met else [])
    if met and activity.result and ctx.options["a59.test"] == "campaign":
        a.state = replace(a.state, outcome=activity.result, reason=activity.name, agenda=(frame,))
        return told(a, f"world activity {activity.name}: {words(activity.check)} holds: {activity.result}",
                    then=(("game.over",),), clauses=("TM-CLN-2", "TM-WIN-1"),
                    events=({"type": "world", "activity": activity.name, "result": activity.result},))
    state = "holds" if met else "does not hold"
    return told(a, f"world activity {activity.name}: {words(activity.check)} {state}", then=then,
                clauses=("TM-CLN-2",))


@FLOW.auto("cleanup.rotate", phase="cleanup", clauses=("TM-CLN-3", "TM-WIN-1"),
           next=(("round.begin", "the next round"), *END))
def cleanup_rotate(ctx: Context, s: State, frame: Frame) -> Outcome:
    """D3: going clockwise, the next player becomes the starting player. Where the campaign is
    scored at its round limit (A-59 Reading 2), the last round ends it: victory with the uplinks it
    needs, else defeat."""
    starting = (s.starting + 1) % len(s.players)
    s = replace(s, starting=starting, phase="planning")
    if ctx.options["a59.test"] == "rounds" and s.round >= ctx.round_limit:
        outcome = "victory" if s.uplinks >= ctx.uplinks_needed else "defeat"
        s = replace(s, outcome=outcome, reason="scored at the round limit")
        return Outcome(s, f"the round limit is reached: {outcome} ({s.uplinks}/{ctx.uplinks_needed} uplinks)",
                       then=(("game.over",),), clauses=("TM-CLN-3", "TM-WIN-1"))
    return Outcome(s, f"{s.players[starting].name} becomes the starting player",
                   events=({"type": "starting", "player": s.players[starting].name},),
                   then=(("round.begin",),),
                   clauses=("TM-CLN-3",))


def protocol_check(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The player's learning protocol: each stage in order whose objective is met gives its reward
    at once; with every stage done its passive ability holds (A-50: checked at the end of the
    player's phases and at Cleanup, or at Cleanup only)."""
    name = frame[1]
    p = player(s, name)
    a = apply(ctx, s, name, [])
    if p.protocol is None:
        return told(a, f"{name} has no learning protocol")
    proto = ctx.content.protocols[kind_of(p.protocol)]
    done = []
    while p.stage < len(proto.stages) and holds(ctx, a.state, p, proto.stages[p.stage].check):
        a = apply(ctx, a.state, name, proto.stages[p.stage].reward, into=a)
        p = replace(player(a.state, name), stage=p.stage + 1)
        a.state = put(a.state, p)
        done.append(p.stage)
    if not done:
        at = p.stage + 1 if p.stage < len(proto.stages) else "all"
        return told(a, f"{name}'s {proto.name}: stage {at} of {len(proto.stages)}", clauses=("TM-PROT-1",))
    passive = "; the passive ability is gained" if p.stage == len(proto.stages) else ""
    return told(a, f"{name} completes {proto.name} stage(s) {done}{passive}", clauses=("TM-PROT-1",),
                events=({"type": "protocol", "player": name, "stage": p.stage},))


for _phase in ("planning", "action", "combat", "cleanup"):
    FLOW.auto(f"{_phase}.protocol", phase=_phase, clauses=("TM-PROT-1", "TM-SETUP-2"),
              next=())(protocol_check)


@FLOW.auto("game.over", phase="end", clauses=("TM-WIN-1",))
def game_over(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The campaign ends, in victory or defeat for all the players together, with the round."""
    return Outcome(replace(s, agenda=(frame,)),
                   f"the campaign ends in {s.outcome} in round {s.round}: {s.reason}",
                   events=({"type": "end", "outcome": s.outcome, "round": s.round},))
