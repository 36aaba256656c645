"""Helpers to build exact situations: a game after setup, then a crafted state on a new Game.

``start()`` plays the setup with no mulligan and P1 first, and stops at the first play decision
(t=1, simultaneous action). ``situation()`` takes that game, arranges both players' zones and fields
and the agenda, checks the crafted state keeps every rule invariant, and returns a new ``Game`` that
starts from it (``Game(..., state=crafted)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hisoutab import Game
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.v0452.rules import check_invariants
from hisoutab.games.hisoutab.v0452.rules.state import DOWN, UP, Player

RS = "hisoutab-0.45.2"
BASE_OPTIONS = {"setup.mulligan": "none", "setup.first_player": "p1"}
U, D = UP, DOWN

ZONES = ("hand", "discard", "aside", "deck")


def start(seed: int = 0, options: Mapping[str, Any] | None = None, **kw: Any) -> Game:
    """A game after setup, waiting for the first (simultaneous) play decision at t=1."""
    game = Game(RS, seed=seed, options={**BASE_OPTIONS, **(options or {})}, **kw)
    game.run(until="decision")
    return game


def iid(player: str | int, card: str) -> str:
    """``iid("P1", "gohei_jab#1")`` -> ``"P1/gohei_jab#1"`` (full ids pass through)."""
    name = player if isinstance(player, str) else ("P1", "P2")[player]
    return card if "/" in card else f"{name}/{card}"


def arrange(game: Game, i: int, p: Player, *, hand: Iterable[str] | None = None,
            cast: str | None = None, trigger: str | None = None, discard: Iterable[str] = (),
            deck: Iterable[str] | None = None, aside: Iterable[str] | None = None,
            bullet_area: Iterable[str] = (), rest: str = "deck", **fields: Any) -> Player:
    """Player ``i`` with exactly these zones. Short card ids get the player's prefix. Standing
    cards not placed elsewhere go to the hand, the knockdown card (not placed) is set aside, and
    every other card not placed goes to ``rest`` ("deck" in deck order, or "discard"). Other
    fields (``dice``, ``spell_seq``, ``special``…) are set as given, with full card ids."""
    ctx = game.ctx
    name = p.name

    def full(cards: Iterable[str] | None) -> tuple[str, ...]:
        return tuple(iid(name, c) for c in cards) if cards is not None else ()

    cast_ = iid(name, cast) if cast else None
    trigger_ = iid(name, trigger) if trigger else None
    hand_, discard_, deck_, aside_ = full(hand), full(discard), full(deck), full(aside)
    area_ = full(bullet_area)
    placed = (set(hand_) | set(discard_) | set(deck_) | set(aside_) | set(area_)
              | {cast_, trigger_})
    standing = tuple(c for c in ctx.cards if c.startswith(name + "/") and c in ctx.standing)
    kd = ctx.knockdown_cards[i]
    hand_ = tuple(c for c in standing if c not in placed) + hand_
    if kd not in placed and aside is None:
        aside_ = aside_ + (kd,)
    placed |= set(hand_) | set(aside_)
    left = tuple(c for c in ctx.decks[i] if c not in placed)
    if rest == "deck":
        deck_ = deck_ + left
    else:
        discard_ = discard_ + left
    return replace(p, hand=hand_, cast=cast_, trigger=trigger_, discard=discard_, deck=deck_,
                   aside=aside_, bullet_area=area_, **fields)


def situation(base: Game, *, agenda: Iterable[tuple], p1: Mapping[str, Any] | None = None,
              p2: Mapping[str, Any] | None = None, check: bool = True, **fields: Any) -> Game:
    """A new game that starts from ``base``'s state with the players arranged (see
    :func:`arrange`; ``None`` keeps a player as is), the given agenda (top of stack LAST) and state
    fields."""
    s = base.state
    players = list(s.players)
    for i, spec in enumerate((p1, p2)):
        if spec is not None:
            players[i] = arrange(base, i, players[i], **spec)
    s = replace(s, players=tuple(players), agenda=tuple(agenda), **fields)
    if check:
        problems = check_invariants(base.ctx, s)
        assert not problems, problems
    return Game(RS, seed=base.seed, options=base.options, setup=base.setup, state=s)


def run_auto(game: Game, limit: int = 200) -> list:
    """Run automatic steps until a decision is pending or the game ends; returns the steps."""
    return game.run(until="decision", max_steps=limit)


def names(steps: Iterable[Any]) -> list[str]:
    return [s.name for s in steps]
