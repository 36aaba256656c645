"""§2 Setup (D-SETUP-*)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .common import names, pn, setp
from .context import PLAYERS, Context
from .flow import FLOW
from .state import MOTIONS, State

HP_START = 20
SPIRIT_START = 5
SECOND_BONUS_HP = 3


@FLOW.auto("setup.hp", phase="setup", clauses=("D-SETUP-1",), next=("setup.skills",))
def set_hp(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Both players' health is set to 20."""
    s = replace(s, players=tuple(replace(p, hp=HP_START, max_hp=HP_START) for p in s.players))
    return Outcome(s, f"both players' health set to {HP_START}", then=(("setup.skills", 0),))


def _decide_skill(ctx: Context, s: State, frame: Frame) -> Decision:
    k = frame[1]
    opts = tuple(tuple(Option(f"take {ctx.cards[iid].id}", iid) for iid in ctx.skills[i][k])
                 for i in (0, 1))
    return Decision("skill", PLAYERS, opts, ("D-SETUP-2",), "setup.skills",
                    f"Choose the version of your {MOTIONS[k]} skill")


@FLOW.choice("setup.skills", phase="setup", clauses=("D-SETUP-2",),
             next=(("setup.skills", "the next motion"), ("setup.hand", "all four chosen")),
             decide=_decide_skill)
def choose_skill(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Both players choose, hidden, one of the two versions of the skill for this motion input
    (236, 623, 214, 421, in that order); the chosen card goes from the set-aside cards to hand."""
    k = frame[1]
    assert chosen is not None
    parts = []
    for i in (0, 1):
        iid = chosen[pn(i)].value
        p = s.players[i]
        s = setp(s, i, replace(p, hand=p.hand + (iid,), aside=tuple(c for c in p.aside if c != iid)))
        parts.append(f"{pn(i)} takes {ctx.name(iid)}")
    nxt = ("setup.skills", k + 1) if k + 1 < len(MOTIONS) else ("setup.hand",)
    return Outcome(s, f"{MOTIONS[k]} skills: " + "; ".join(parts), then=(nxt,))


@FLOW.auto("setup.hand", phase="setup", clauses=("D-SETUP-3",), next=("setup.spirit",))
def take_hand(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Every card chosen (the basic cards and the chosen skills) is in hand; the other skill versions
    stay set aside for the whole game. There is no deck and no drawing."""
    parts = []
    for i in (0, 1):
        p = s.players[i]
        basics = tuple(c for c in ctx.basics[i] if c in p.aside)
        p = replace(p, hand=basics + p.hand, aside=tuple(c for c in p.aside if c not in basics))
        s = setp(s, i, p)
        parts.append(f"{pn(i)} holds {len(p.hand)} cards, sets aside {names(ctx, p.aside)}")
    return Outcome(s, "; ".join(parts), then=(("setup.spirit",),))


@FLOW.auto("setup.spirit", phase="setup", clauses=("D-SETUP-4", "DS-4"), next=("setup.pieces",))
def set_spirit(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Each player gains 5 spirit (at most spirit.max, DS-4)."""
    v = min(SPIRIT_START, ctx.spirit_max)
    s = replace(s, players=tuple(replace(p, spirit=v) for p in s.players))
    return Outcome(s, f"each player gains {v} spirit", clauses=("D-SETUP-4",),
                   then=(("setup.pieces",),))


@FLOW.auto("setup.pieces", phase="setup", clauses=("D-SETUP-5", "DR-3", "DR-4"),
           next=("setup.first",))
def place_pieces(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Both pieces stand on the ground on slot 2 from each end, facing each other; both timeline
    markers go on the first slot (DR-4)."""
    a, b = s.players
    t = ctx.start
    a = replace(a, x=2, y=0, facing=1, marker=t)
    b = replace(b, x=ctx.width - 1, y=0, facing=-1, marker=t)
    s = replace(s, players=(a, b), time=t, special_done=t - 1)
    return Outcome(s, f"P1 on (2,0), P2 on ({ctx.width - 1},0); both markers on t={t}",
                   events=({"type": "place", "player": "P1", "cell": [2, 0]},
                           {"type": "place", "player": "P2", "cell": [ctx.width - 1, 0]}),
                   then=(("setup.first",),))


@FLOW.auto("setup.first", phase="setup", clauses=("D-SETUP-6", "DS-1"), next=("timeline.advance",),
           chance=("pick",))
def first_player(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Randomly determine who goes first; that player takes the initiative token and the other gains
    3 additional HP."""
    how = ctx.options["setup.first_player"]
    rng = s.rng
    events: tuple[dict[str, Any], ...] = ()
    if how == "random":
        first, rng, e = ctx.chance.pick(rng, PLAYERS, what="the first player")
        events = (e,)
        why = "at random"
        clauses: tuple[str, ...] = ("D-SETUP-6",)
    else:
        first = 0 if how == "p1" else 1
        why = f"setup.first_player = {how}"
        clauses = ("D-SETUP-6", "DS-1")
    second = 1 - first
    p = s.players[second]
    p = replace(p, hp=p.hp + SECOND_BONUS_HP, max_hp=p.max_hp + SECOND_BONUS_HP)
    s = replace(setp(s, second, p), first=first, initiative=first, rng=rng)
    return Outcome(s, f"{pn(first)} goes first ({why}) and takes the initiative token; {pn(second)} "
                      f"gains {SECOND_BONUS_HP} HP ({p.hp})",
                   events=({"type": "initiative", "player": pn(first)}, *events),
                   then=(("timeline.advance",),), clauses=clauses)
