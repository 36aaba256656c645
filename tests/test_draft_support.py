"""Helpers for the draft tests (no tests here): a game after setup, then a crafted state on a new Game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hisoutab import Game
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.draft.rules import Bullet, check_invariants

RS = "hisoutab-draft"
BASE = {"setup.first_player": "p1"}
ADVANCE = (("timeline.advance",),)


def start(options: Mapping[str, Any] | None = None, versions: Iterable[int] = (0, 0, 0, 0),
          seed: int = 0) -> Game:
    """A game after setup (P1 first, the given skill version per motion for both players), stopped at
    the first play decision."""
    game = Game(RS, seed=seed, options={**BASE, **(options or {})})
    game.run(until="decision")
    for v in versions:
        d = game.pending
        assert d is not None and d.kind == "skill"
        game.choose({p: d.options_for(p)[v].label for p in d.players})
    game.run(until="decision")
    return game


def full(name: str, card: str) -> str:
    return card if "/" in card else f"{name}/{card}"


def arrange(game: Game, i: int, *, played: str | None = None, hand: Iterable[str] | None = None,
            discard: Iterable[str] = (), bullets: Iterable[str] = (), **fields: Any):
    """Player ``i`` with exactly these zones: cards named nowhere stay in hand (``hand=None``) or go
    aside (an explicit ``hand``)."""
    ctx = game.ctx
    p = game.state.players[i]
    n = p.name
    played_ = full(n, played) if played else None
    discard_ = tuple(full(n, c) for c in discard)
    placed = set(discard_) | {played_} | {full(n, c) for c in bullets}
    if hand is None:
        hand_ = tuple(c for c in p.hand if c not in placed)
    else:
        hand_ = tuple(full(n, c) for c in hand)
    placed |= set(hand_)
    aside = tuple(c for c in ctx.pools[i] if c not in placed)
    return replace(p, hand=hand_, played=played_, discard=discard_, aside=aside, **fields)


def situation(base: Game, *, agenda: Iterable[tuple] = ADVANCE, p1: Mapping[str, Any] | None = None,
              p2: Mapping[str, Any] | None = None, bullets: Iterable[Bullet] = (),
              **fields: Any) -> Game:
    """A new game from ``base``'s state with players arranged (see :func:`arrange`), bullets, the
    agenda (top LAST) and state fields; special lines are off unless ``special_done`` is given."""
    s = base.state
    bl = tuple(bullets)
    players = list(s.players)
    for i, spec in enumerate((p1, p2)):
        spec = dict(spec or {})
        mine = [b.card for b in bl if b.owner == i]
        spec.setdefault("bullets", mine)
        players[i] = arrange(base, i, **spec)
    fields.setdefault("special_done", 99)
    s = replace(s, players=tuple(players), agenda=tuple(agenda), bullets=bl,
                bullet_serial=len(bl), **fields)
    problems = check_invariants(base.ctx, s)
    assert not problems, problems
    return Game(RS, seed=base.seed, options=base.options, setup=base.setup, state=s)


def names(steps: Iterable[Any]) -> list[str]:
    return [s.name for s in steps]


def step_named(steps: Iterable[Any], name: str):
    found = [s for s in steps if s.name == name]
    assert found, f"no {name} step"
    return found[0]
