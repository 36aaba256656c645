"""How good a state is for a player: the generic evaluation behind the ruleset's ``evaluate``.

A ruleset declares ``evaluate(ctx, state, player) -> float`` (see docs/writing-a-ruleset.md): a
number from -1 (the player has lost) to 1 (won), 0 even. The agents of :mod:`hisoutab.lab` read it
to choose. A ruleset that declares none gets :func:`generic_evaluation`: the outcome once the game
is over; before, the player's standing in every per-player figure of the result (a mapping
player → number: HP, Life, a position) and every counter zone of the players' records, each
measured against the others' mean and the largest value seen, on the assumption that more is
better; squashed below 1 so that no standing counts as much as a win.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from numbers import Real
from typing import Any

WON = 1.0
LOST = -1.0
STANDING = 0.9  # the largest value a standing reaches before the game is over


def outcome_value(result: Any, player: str) -> float | None:
    """The value of a finished game for ``player`` (None while it goes on): a win 1 for the
    winner and -1 for the others; a draw 0; a co-operative victory 1 and defeat -1 for all."""
    kind = getattr(result, "kind", "unfinished")
    if kind == "win":
        return WON if result.winner == player else LOST
    return {"draw": 0.0, "victory": WON, "defeat": LOST}.get(kind)


def squash(x: float) -> float:
    """A standing (any real number) as a value strictly between -0.9 and 0.9."""
    return STANDING * math.tanh(x)


def lead(values: Mapping[str, Any], player: str) -> float | None:
    """``player``'s lead in a per-player figure: (theirs − the others' mean) / the largest
    magnitude (at least 1); None when the figure is not one number per player including
    ``player``."""
    if player not in values or len(values) < 2:
        return None
    if not all(isinstance(v, Real) and not isinstance(v, bool) for v in values.values()):
        return None
    others = [float(v) for p, v in values.items() if p != player]
    scale = max(1.0, *(abs(float(v)) for v in values.values()))
    return (float(values[player]) - sum(others) / len(others)) / scale


def counters(ruleset: Any, state: Any) -> Iterable[Mapping[str, Any]]:
    """Each counter zone of the players' records as a mapping player → value."""
    records = tuple(ruleset.player_records(state)) if hasattr(ruleset, "player_records") else ()
    for zone in getattr(ruleset, "zones", ()):
        if zone.kind == "counter" and zone.owner == "player" and records:
            yield {p.name: getattr(p, zone.attr, None) for p in records}


def generic_evaluation(ruleset: Any, ctx: Any, state: Any, player: str) -> float:
    """The evaluation of a ruleset that declares none (see the module's text)."""
    result = ruleset.result(state)
    done = outcome_value(result, player)
    if done is not None:
        return done
    leads = [lead(v, player) for v in result.figures.values() if isinstance(v, Mapping)]
    leads += [lead(v, player) for v in counters(ruleset, state)]
    return squash(sum(x for x in leads if x is not None))


def evaluation_of(ruleset: Any) -> Any:
    """The ruleset's ``evaluate`` when it declares one, else the generic evaluation bound to it."""
    own = getattr(ruleset, "evaluate", None)
    if callable(own):
        return own
    return lambda ctx, state, player: generic_evaluation(ruleset, ctx, state, player)
