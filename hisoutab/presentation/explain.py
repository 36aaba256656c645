"""A ruleset's explainer graphs and terminal text, looked up through its presentation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hisoutab.engine.errors import InputError

from .base import Explainer, presentation_for


def explainers(ruleset: Any) -> Mapping[str, Explainer]:
    """The explainer graphs ``ruleset``'s presentation offers, by name."""
    return presentation_for(ruleset).explainers()


def explainer(game: Any, name: str, state: Any = None, **kw: Any) -> Any:
    """The explainer graph ``name`` (``"priority"``…) of ``game``'s ruleset for ``state`` (default:
    the current state). Raises :class:`InputError` naming the ones the ruleset has."""
    found = explainers(game.ruleset)
    if name not in found:
        have = ", ".join(sorted(found)) or "none"
        raise InputError(f"the ruleset {game.ruleset.id} has no {name!r} graph; its explainer "
                         f"graphs: {have}", field="graph")
    return found[name](game, game.state if state is None else state, **kw)


def state_text(game: Any, state: Any = None, *, designer: bool = False, viewer: str | None = None,
               highlight: Any = ()) -> Any:
    """The state as a rich renderable, from the ruleset's presentation (``viewer``: as that player
    sees it)."""
    state = game.state if state is None else state
    if viewer is not None:
        state = game.ruleset.view(game.ctx, state, viewer)
    return presentation_for(game.ruleset).text(game.ctx, state, designer=designer,
                                               highlight=highlight)
