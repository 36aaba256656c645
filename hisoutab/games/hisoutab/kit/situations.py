"""Crafted situations of both HisouTab versions: short card ids completed with the player's
prefix, a crafted state checked against the ruleset's invariants, and ``situation()`` built from a
version's ``arrange`` (how one player's zones are laid out)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hisoutab.engine.errors import HisoutabError
from hisoutab.engine.flow import Frame
from hisoutab.engine.game import Game
from hisoutab.engine.record import replace

Arrange = Callable[..., Any]  # (game, i, **zones and fields) -> the player's record
Situation = Callable[..., Game]


def full_ids(name: str, cards: Iterable[str] | None) -> tuple[str, ...]:
    """The card ids with player ``name``'s prefix added to the short ones (``gohei_jab`` ->
    ``P1/gohei_jab``); none for ``None``."""
    return tuple(c if "/" in c else f"{name}/{c}" for c in cards) if cards is not None else ()


def crafted_game(base: Game, state: Any) -> Game:
    """A new game that starts from ``state`` with ``base``'s ruleset, seed, options and setup.
    Raises ``HisoutabError`` listing the broken invariants when ``state`` is not a legal position."""
    problems = base.ruleset.invariants(base.ctx, state)
    if problems:
        raise HisoutabError("not a legal situation: " + "; ".join(problems))
    return Game(base.ruleset, seed=base.seed, options=base.options, setup=base.setup, state=state)


def situation_maker(arrange: Arrange, advance: Iterable[Frame]) -> Situation:
    """``situation(base, *, agenda=advance, p1=None, p2=None, **fields)`` with ``arrange``."""
    start = tuple(advance)

    def situation(base: Game, *, agenda: Iterable[Frame] = start, p1: Mapping[str, Any] | None = None,
                  p2: Mapping[str, Any] | None = None, **fields: Any) -> Game:
        """A new game starting from ``base``'s state with the players arranged (see :func:`arrange`;
        ``None`` keeps a player), the given agenda and state fields. Raises ``HisoutabError`` listing
        the broken invariants when the crafted state is not a legal position."""
        players = list(base.state.players)
        for i, spec in enumerate((p1, p2)):
            if spec is not None:
                players[i] = arrange(base, i, **spec)
        return crafted_game(base, replace(base.state, players=tuple(players), agenda=tuple(agenda), **fields))

    return situation
