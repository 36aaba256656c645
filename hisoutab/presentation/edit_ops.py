"""The shape of a workbench edit: a form's parameters and the function that applies it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Param:
    """One field of an edit form: ``kind`` is ``player``, ``int``, ``choice`` or ``text``."""

    name: str
    kind: str = "int"
    label: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: Callable[[Any, Any, Mapping[str, Any]], Sequence[str]] | None = None  # (ctx, state, values)
    default: Callable[[Any, Any, Mapping[str, Any]], Any] | None = None


@dataclass(frozen=True)
class EditOp:
    """An edit of the situation the workbench offers as a form: ``apply(ctx, state, **values)``
    returns the new state or raises ``ValueError`` with a message for the user. The workbench checks
    the ruleset's invariants on the result before it accepts it."""

    name: str
    label: str
    params: tuple[Param, ...]
    apply: Callable[..., Any]
    doc: str = ""
