"""§4.8 Deploy (RR-DEP-1 … RR-DEP-6): the last step of a cast card — into a recast-zone position of
its recast time with a free space (two cards per position), chosen by the turn player; with no
such place the player takes 1 damage to Life and the card becomes a reserve card."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .common import numeral, pn, setp, short, slot, top, with_slot, without
from .context import Context
from .ending import lose_life, win_frames
from .flow import AFTER_CAST, FLOW
from .recast import deploy_positions
from .recovery import recovery_frames
from .state import State
from .statics import recast_shift
from .texts import fire, wait_frames


def deployer(ctx: Context, s: State, controller: int) -> int:
    """Who chooses where a card deploys (A-20): the turn player, or the card's controller."""
    return s.active if ctx.options["a20.deploy_chooser"] == "turn_player" else controller


def _decide_deploy(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    e = top(s)
    where = deploy_positions(ctx, s.players[e.controller], ctx.spell(e.card),
                             recast_shift(ctx, s, e.controller))
    if len(where) < 2:
        return None
    opts = tuple(Option(f"deploy {short(e.card)} to {numeral(k)}", k) for k in where)
    return Decision("deploy", (pn(deployer(ctx, s, e.controller)),), (opts,), ("RR-DEP-2", "A-20"),
                    "seq.deploy", f"Deploy {ctx.name(e.card)}: choose a position of its recast time")


@FLOW.choice("seq.deploy", phase="deploy",
             clauses=("RR-DEP-1", "RR-DEP-2", "RR-DEP-4", "RR-DEP-5", "RR-DEP-6", "RR-ZONE-6",
                      "RR-ZONE-6.1", "RR-ZONE-6.2", "RR-ZONE-8", "RR-COMP-3.3", "RR-PRIN-0", "RR-PRIN-1",
                      "A-20", "A-21"),
             next=("recover.pick", "graze.check", "game.over", "awaken", "win.check", "wait", *AFTER_CAST),
             decide=_decide_deploy)
def deploy(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Deploy processing, the last step of a cast card: it is placed face up in a recast-zone
    position its recast time shows ([III], [II] or [I]; two cards per position, six in all), where
    the turn player chooses (a20.deploy_chooser). A card must be deployed if it can be; only with no
    such place does its player take 1 damage to Life (a21.deploy_damage) and make it a reserve card.
    No card is put in [0], unless its own text allows it (card text beats the rules)."""
    e = top(s)
    i = e.controller
    p = s.players[i]
    p = replace(p, cast=without(p.cast, e.card))
    spell = ctx.spell(e.card)
    where = deploy_positions(ctx, p, spell, recast_shift(ctx, s, i))
    s = replace(s, stack=s.stack[:-1])
    clauses: tuple[str, ...] = ("RR-DEP-1", "RR-ZONE-6", "RR-COMP-3.3")
    if not where:
        p = replace(p, reserve=p.reserve + (e.card,))
        s = setp(s, i, p)
        text = (f"{spell.name} has no free position of its recast time: it becomes a reserve card "
                f"and {pn(i)} takes 1 damage to Life")
        clauses += ("RR-DEP-4", "RR-DEP-5", "RR-ZONE-8")
        s = fire(ctx, s, "you_make_reserve", i, e.card)
        if ctx.options["a21.deploy_damage"] == "graze":
            frames: list[tuple[Any, ...]] = [("graze.check", i, 1, "deploy")]
            clauses += ("A-21",)
        else:
            s, frames = lose_life(ctx, s, i, 1)
            text += f" (Life {s.players[i].life})"
        if not s.stack and not any(f[0] in ("win.check", "game.over") for f in frames):
            frames += win_frames(ctx, s)
        return Outcome(s, text, events=({"type": "deploy_failed", "player": pn(i), "card": e.card},),
                       then=frames + wait_frames(ctx, s), clauses=clauses)
    k = next(iter(chosen.values())).value if chosen else where[0]
    s = setp(s, i, with_slot(p, k, slot(p, k) + (e.card,)))
    clauses += ("RR-DEP-2", "RR-ZONE-6.1", "RR-ZONE-6.2")
    if chosen and i != s.active:
        clauses += ("A-20",)
    if len(slot(p, k)) == 1:
        clauses += ("RR-DEP-4",)
    frames = []
    s = fire(ctx, fire(ctx, s, "you_deploy", i, e.card, zone=k), "opponent_deploys", 1 - i, e.card, zone=k)
    text = f"{pn(i)}'s {spell.name} is deployed to [{numeral(k)}]"
    if recast_shift(ctx, s, i) and k not in spell.recast and k:
        clauses += ("RR-PRIN-1",)
        text += " (card text changes its recast time)"
    if k == 0:
        clauses += ("RR-DEP-6", "RR-PRIN-0", "RR-PRIN-1")
        text += " (its text allows [0]: card text takes precedence over the rules)"
        frames = recovery_frames(s, (i,))
    if not s.stack:
        frames += win_frames(ctx, s)
    return Outcome(s, text, events=({"type": "deploy", "player": pn(i), "card": e.card,
                                     "position": numeral(k)},),
                   then=frames + wait_frames(ctx, s), clauses=clauses)
