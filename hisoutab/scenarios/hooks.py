"""What the scenario tools ask a ruleset about its cards and its clock, through the contract's
declarations only (never through the attribute names of a game's context or records).

Each function reads the declaration with the contract's documented default, so that a ruleset
written from the guide gets the generic behaviour without declaring anything:

- ``card_pool(ctx)``: every card instance of the game; default ``ctx.card_instances`` (or none);
- ``card_owner(card, players)``: the player a card belongs to; default the text before the first
  ``/`` when it names a player, else nobody (a shared card);
- ``home_zone(ctx, card, owner)``: the zone a card pushed out of an overlaid zone goes back to;
  default None (the scenario's ``rest`` rule);
- ``time_axis``: the state field that is the game's clock; default None (no clock);
- ``die_faces(ctx)``: the faces of the game's dice; a forced die outside them is refused at load.
  Otherwise: a ``draw`` gives a card of the game (when it has a card pool), a ``pick`` written as a
  player's name (``P3``) names a player of the game, the rest is checked when it is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def card_pool(ruleset: Any, ctx: Any) -> tuple[str, ...]:
    """Every card instance of the game ``ctx`` belongs to."""
    hook = getattr(ruleset, "card_pool", None)
    if callable(hook):
        return tuple(hook(ctx))
    return tuple(getattr(ctx, "card_instances", ()))


def default_owner(card: str, players: Sequence[str]) -> str | None:
    """The contract's default: ``P1/bid#7`` → ``P1`` when P1 plays; anything else → None."""
    if "/" not in card:
        return None
    head = card.split("/", 1)[0]
    return head if head in players else None


def card_owner(ruleset: Any, card: str, players: Sequence[str]) -> str | None:
    """The player ``card`` belongs to, or None (a card of nobody: a shared deck's)."""
    hook = getattr(ruleset, "card_owner", None)
    if callable(hook):
        owner = hook(card, players)
        return owner if isinstance(owner, str) and owner in players else None
    return default_owner(card, players)


def home_zone(ruleset: Any, ctx: Any, card: str, owner: str | None) -> str | None:
    """The declared zone a displaced ``card`` goes back to, or None (the ``rest`` rule)."""
    hook = getattr(ruleset, "home_zone", None)
    if not callable(hook):
        return None
    zone = hook(ctx, card, owner)
    return zone if isinstance(zone, str) and zone else None


def time_axis(ruleset: Any) -> str | None:
    """The state field (an integer) that is the game's clock, or None."""
    axis = getattr(ruleset, "time_axis", None)
    return axis if isinstance(axis, str) and axis else None


def clock(ruleset: Any, state: Any) -> int | None:
    """The game's time in ``state`` (None without a declared clock)."""
    axis = time_axis(ruleset)
    if axis is None:
        return None
    value = getattr(state, axis, None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def no_clock(ruleset: Any) -> str:
    """Why ``until: {time: …}`` / ``time:`` cannot be used with a ruleset that has no clock."""
    return (f"{ruleset.id} has no clock (it declares no time_axis); stop by steps or decisions "
            "instead: until: {step: N}, until: decision, or an after: / at_decision: checkpoint")


def chance_outcomes(ruleset: Any, ctx: Any, kind: str) -> frozenset[Any] | None:
    """The outcomes a chance event of ``kind`` can have anywhere in the game, or None (not known at
    load): a die's faces (the ruleset's ``die_faces(ctx)``, when it declares them), a draw's cards
    (the card pool). What a draw may take in a given state is the engine's
    :func:`hisoutab.engine.chance.outcomes`."""
    if kind == "die":
        faces = getattr(ruleset, "die_faces", None)
        return frozenset(faces(ctx)) if callable(faces) else None
    if kind == "draw":
        pool = card_pool(ruleset, ctx)
        return frozenset(pool) if pool else None
    return None


def looks_like_player(value: Any, players: Sequence[str]) -> bool:
    """``P3`` among players ``P1``, ``P2``: a name of the players' form (their common letters,
    then a number)."""
    if not isinstance(value, str) or not players:
        return False
    heads = {p.rstrip("0123456789") for p in players}
    if len(heads) != 1 or any(p == p.rstrip("0123456789") for p in players):
        return False
    head = heads.pop()
    return value.startswith(head) and value[len(head):].isdigit()
