"""Crafted situations for notebooks and the workbench: a game after setup, then a state arranged by hand.

``after_setup()`` plays the setup with no mulligan and P1 first and stops at the first play decision.
``situation()`` arranges both players (pieces, tokens and zones; every card stays somewhere), checks
the ruleset's invariants and returns a new ``Game`` that starts from the crafted state.
``with_bullets()`` adds bullets on the board, their cards in the bullet area with duration dice.
No Jupyter package is imported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hisoutab.engine.errors import HisoutabError
from hisoutab.engine.game import Game
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.kit.situations import crafted_game, full_ids, situation_maker
from hisoutab.presentation.before_after import run_to as run_to  # the notebooks take it from here

RULESET = "hisoutab-0.45.2"
QUICK_SETUP = {"setup.mulligan": "none", "setup.first_player": "p1"}
#: the agenda of a state that starts by advancing the timeline (top of the stack last)
ADVANCE = (("timeline.advance",),)


def after_setup(seed: int = 0, options: Mapping[str, Any] | None = None, **kw: Any) -> Game:
    """A game after setup (no mulligan, P1 first), waiting for the first play decision at t=1."""
    game = Game(RULESET, seed=seed, options={**QUICK_SETUP, **(options or {})}, **kw)
    game.run(until="decision")
    return game


def arrange(game: Game, i: int, *, hand: Iterable[str] | None = None, cast: str | None = None,
            trigger: str | None = None, discard: Iterable[str] = (), **fields: Any) -> Any:
    """Player ``i`` of ``game.state`` with exactly these zones (short card ids get the player's
    prefix, e.g. ``"gohei_jab#1"``) and fields. Standing cards not placed stay in hand, the
    knockdown card is set aside and every other card goes to the deck in deck order."""
    ctx = game.ctx
    p = game.state.players[i]
    name = p.name
    cast_ = full_ids(name, [cast])[0] if cast else None
    trigger_ = full_ids(name, [trigger])[0] if trigger else None
    hand_, discard_ = full_ids(name, hand), full_ids(name, discard)
    placed = set(hand_) | set(discard_) | {cast_, trigger_}
    standing = tuple(c for c in ctx.cards if c.startswith(name + "/") and c in ctx.standing)
    hand_ = tuple(c for c in standing if c not in placed) + hand_
    kd = ctx.knockdown_cards[i]
    aside_ = () if kd in placed else (kd,)
    placed |= set(hand_) | set(aside_)
    deck_ = tuple(c for c in ctx.decks[i] if c not in placed)
    return replace(p, hand=hand_, cast=cast_, trigger=trigger_, discard=discard_, deck=deck_,
                   aside=aside_, **fields)


situation = situation_maker(arrange, ADVANCE)


def with_bullets(game: Game, bullets: Iterable[Any] = (),
                 **areas: Iterable[tuple[str, int]]) -> Game:
    """A new game starting from ``game``'s start state with ``bullets`` (``Bullet`` records) on the
    board. ``P1=[(card, die), ...]`` / ``P2=[...]`` take those bullet cards (short ids such as
    ``"amulet_toss#1"``) from the player's deck into the bullet area, each with its duration die
    (H-EFF-BUL-2). Raises ``HisoutabError`` listing the broken invariants when the result is not a
    legal position (a bullet whose card is not in the bullet area, a card that is not in the deck…)."""
    state = game.state
    players = list(state.players)
    for i, p in enumerate(players):
        spec = tuple(areas.get(p.name, ()))
        if not spec:
            continue
        ids = tuple(full_ids(p.name, [card for card, _ in spec]))
        missing = [c for c in ids if c not in p.deck]
        if missing:
            raise HisoutabError(f"not a legal situation: {p.name}: {', '.join(missing)} not in the deck")
        players[i] = replace(p, deck=tuple(c for c in p.deck if c not in ids),
                             bullet_area=p.bullet_area + ids,
                             dice=p.dice + tuple((c, die) for c, (_, die) in zip(ids, spec, strict=True)))
    bullets = tuple(bullets)
    state = replace(state, players=tuple(players), bullets=state.bullets + bullets,
                    bullet_serial=state.bullet_serial + len(bullets))
    return crafted_game(game, state)
