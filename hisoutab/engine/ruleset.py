"""What a ruleset provides to the engine. The engine knows nothing of any particular game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .flow import Flow
from .options import Options, OptionSet


class Ruleset(Protocol):
    """A game's rules on the engine: declared steps, options, clause table and state type."""

    id: str
    title: str
    flow: Flow
    options: OptionSet
    clauses: Mapping[str, str]  # every clause ID of the reference → its title
    state_type: type
    players: tuple[str, ...]

    def context(self, options: Options, setup: Mapping[str, Any] | None = None) -> Any:
        """The fixed facts of one game (options, card data); passed to every step."""

    def initial_state(self, ctx: Any, seed: int) -> Any:
        """The state before the first step, with the start step on its agenda."""

    def turn_info(self, state: Any) -> tuple[int, str]:
        """(current time, the turn player(s) as text) for traces."""

    def result(self, state: Any) -> dict[str, Any]:
        """Winner and final scores, once the game is over."""

    def invariants(self, ctx: Any, state: Any) -> list[str]:
        """Problems with a state (empty when every invariant holds)."""


_REGISTRY: dict[str, Any] = {}


def register(ruleset: Any) -> Any:
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def get_ruleset(ruleset_id: str) -> Any:
    from .errors import InputError

    if ruleset_id not in _REGISTRY:
        _load_builtin()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        raise InputError(
            f"unknown ruleset {ruleset_id!r}; expected one of {', '.join(sorted(_REGISTRY))}",
            field="ruleset",
        ) from None


def all_rulesets() -> dict[str, Any]:
    _load_builtin()
    return dict(_REGISTRY)


def _load_builtin() -> None:
    import hisoutab.rulesets  # noqa: F401  (registers the built-in rulesets)
