"""The hot half of :mod:`hisoutab.engine.record`: a record's copy with some fields changed, and the
check that a plain value holds no list. They live apart from the ``record`` decorator so that the
compiled build (``make fast``) can compile them; :mod:`hisoutab.engine.record` gives them under
their usual names."""

from __future__ import annotations

from typing import Any, TypeVar

R = TypeVar("R")

_set = object.__setattr__


def replace(obj: R, /, **changes: Any) -> R:
    """A copy of ``obj`` with ``changes``; every other field is shared, not copied."""
    new = object.__new__(obj.__class__)
    d = obj.__dict__.copy()
    d.update(changes)
    _set(new, "__dict__", d)
    return new


def freeze(data: Any) -> Any:
    """A plain JSON value made immutable: every list (at any depth, in mappings too) a tuple."""
    if isinstance(data, (list, tuple)):
        return tuple(freeze(v) for v in data)
    if isinstance(data, dict):
        return {k: freeze(v) for k, v in data.items()}
    return data


_PLAIN = frozenset({str, int, bool, float, type(None)})


def frozen(data: Any) -> bool:
    """Whether ``data`` holds no list at any depth (:func:`freeze` would change nothing)."""
    kind = type(data)
    if kind in _PLAIN:
        return True
    if kind is tuple:  # the common case first, without a generator: the engine asks every step
        for v in data:  # noqa: SIM110  (a loop, not all() over a generator: this is the hot path)
            if type(v) not in _PLAIN and not frozen(v):
                return False
        return True
    if isinstance(data, list):
        return False
    if isinstance(data, tuple):
        return all(type(v) in _PLAIN or frozen(v) for v in data)
    if isinstance(data, dict):
        for v in data.values():
            if not frozen(v):
                return False
    return True
