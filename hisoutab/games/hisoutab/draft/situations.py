"""Crafted situations of the early draft for notebooks and the workbench.

``after_setup()`` plays the setup with P1 first, each player taking the first version of every
skill, and stops at the first play decision. ``situation()`` arranges both players (pieces,
counters and zones; every card stays somewhere), checks the draft's invariants and returns a new
``Game`` that starts from the crafted state. ``run_to()`` runs a game up to a named step, for
``BeforeAfter``. No Jupyter package is imported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hisoutab.engine.game import Game
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.kit.situations import full_ids, situation_maker
from hisoutab.presentation.before_after import run_to as run_to  # the notebooks take it from here

RULESET = "hisoutab-draft"
QUICK_SETUP = {"setup.first_player": "p1"}
#: the agenda of a state that starts by advancing the timeline
ADVANCE = (("timeline.advance",),)


def after_setup(seed: int = 0, options: Mapping[str, Any] | None = None,
                skills: Mapping[str, Iterable[str]] | None = None, **kw: Any) -> Game:
    """A draft game after setup (P1 first), waiting for the first play decision at t=1. Each
    player takes the first version of every skill, or the ones ``skills`` names
    (``{"P2": ["witch_leyline"]}``: a skill not named keeps the first version)."""
    game = Game(RULESET, seed=seed, options={**QUICK_SETUP, **(options or {})}, **kw)
    wanted = {p: set(v) for p, v in (skills or {}).items()}
    game.run(until="decision")
    while game.pending is not None and game.pending.kind == "skill":
        d = game.pending
        choice = {}
        for p in d.players:
            labels = d.labels(p)
            named = [lb for lb in labels if lb.removeprefix("take ") in wanted.get(p, ())]
            choice[p] = named[0] if named else labels[0]
        game.choose(choice)
        game.run(until="decision")
    return game


def arrange(game: Game, i: int, *, played: str | None = None, resolved: str | None = None,
            discard: Iterable[str] = (), **fields: Any) -> Any:
    """Player ``i`` of ``game.state`` with exactly these zones (short card ids get the player's
    prefix, e.g. ``"gohei_jab"``) and fields: ``played`` in play, ``discard`` in the discard pile,
    ``resolved`` the card resolved this turn (it lies in the discard pile or in play); every other
    card of the game's pool stays in hand, the skill versions not taken stay set aside."""
    p = game.state.players[i]
    name = p.name
    played_ = full_ids(name, [played])[0] if played else None
    resolved_ = full_ids(name, [resolved])[0] if resolved else None
    discard_ = full_ids(name, discard)
    placed = set(discard_) | {played_}
    pool = p.hand + p.discard + ((p.played,) if p.played else ())
    hand_ = tuple(c for c in pool if c not in placed)
    return replace(p, hand=hand_, played=played_, discard=discard_, resolved=resolved_, **fields)


situation = situation_maker(arrange, ADVANCE)
