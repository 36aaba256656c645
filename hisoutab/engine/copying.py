"""The hot half of :mod:`hisoutab.engine.record`: a record's copy with some fields changed, and the
check that a plain value holds no list. They live apart from the ``record`` decorator so that the
compiled build (``make fast``) can compile them; :mod:`hisoutab.engine.record` gives them under
their usual names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")

_set = object.__setattr__


def replace(obj: R, /, **changes: Any) -> R:
    """A copy of ``obj`` with ``changes``; every other field is shared, not copied."""
    new = object.__new__(obj.__class__)
    try:
        d = obj.__dict__.copy()
    except AttributeError:  # a wide record keeps its fields in slots (see record.record)
        return _replace_slots(obj, new, changes)
    if not d:  # the same, beside the empty dict of a base that has none
        return _replace_slots(obj, new, changes)
    d.update(changes)
    _set(new, "__dict__", d)
    return new


def _replace_slots(obj: R, new: R, changes: dict[str, Any]) -> R:
    copy, fields = obj.__class__.__record_copy__  # type: ignore[attr-defined]
    copy(obj, new)
    for name, value in changes.items():
        if name not in fields:
            raise TypeError(f"{obj.__class__.__name__} has no field {name!r}")
        _set(new, name, value)
    return new


def slot_copier(names: list[str]) -> Callable[[Any, Any], None]:
    """A function copying the fields ``names`` (identifiers: a record's fields) of one object to
    another, one line a field (as dataclasses writes ``__init__``): faster than a loop."""
    if not all(n.isidentifier() for n in names):
        raise ValueError(f"not field names: {names}")
    body = "".join(f"    _set(new, {n!r}, obj.{n})\n" for n in names) or "    pass\n"
    namespace: dict[str, Any] = {"_set": _set}
    exec(f"def copy(obj, new):\n{body}", namespace)
    copy: Callable[[Any, Any], None] = namespace["copy"]
    return copy


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
