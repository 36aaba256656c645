"""Immutable records: plain values that share their unchanged parts.

A record is a frozen dataclass. ``replace`` builds a new record from an old one in well under a
microsecond by copying the field references (never the values), so a new snapshot shares every
unchanged part with the previous one. ``to_dict``/``from_dict`` give a JSON-compatible round trip
driven by the type hints.

Where a hint is ``Any`` (an agenda frame's arguments, a free-form value) the value is plain JSON:
text, numbers, true/false, null, arrays and mappings of these. Arrays are kept as tuples, the way
the rest of a state is immutable: :func:`freeze` turns every list into a tuple (the engine freezes
the frames a step pushes), so a value comes back from ``to_dict``/``from_dict`` exactly as the
state held it. An optional field (``X | None``) round-trips ``None`` as JSON null.
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, dataclass_transform

from .copying import freeze, frozen, replace, slot_copier

__all__ = ["freeze", "from_dict", "frozen", "is_record", "record", "replace", "stable_hash", "to_dict",
           "type_hints"]

R = TypeVar("R")

_HINTS: dict[type, dict[str, Any]] = {}


#: from this many fields on, a record keeps them in slots rather than in its ``__dict__``: CPython
#: shares one key table among the dicts of a class's instances only up to 29 attributes, so each
#: copy of a wider record would have a dict of its own (1,584 bytes for 30 fields, against 272 for
#: the slots of 30 and about 300 for a shared-key dict of 29)
WIDE = 30


@dataclass_transform(frozen_default=True)
def record(cls: type[R]) -> type[R]:
    """Declare an immutable record (a frozen dataclass with fast ``replace``; with :data:`WIDE`
    fields or more, in slots)."""
    inherited = getattr(cls, "__dataclass_fields__", {})
    wide = len(inherited) + len(inspect.get_annotations(cls)) >= WIDE
    cls = dataclasses.dataclass(frozen=True, slots=wide)(cls)
    cls.__record__ = True  # type: ignore[attr-defined]
    if wide:  # every field is a slot (a base's fields too): replace copies them one by one
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        cls.__record_copy__ = (slot_copier(names), frozenset(names))  # type: ignore[attr-defined]
    return cls


def is_record(obj: Any) -> bool:
    return getattr(type(obj), "__record__", False)


def to_dict(value: Any) -> Any:
    """JSON-compatible form of a record tree (records → dicts, tuples → lists)."""
    if is_record(value):
        return {f.name: to_dict(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [to_dict(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_dict(v) for k, v in value.items()}
    return value


def type_hints(cls: type) -> Mapping[str, Any]:
    """The type hints of a record's fields (``typing.get_type_hints``), worked out once per class
    (read-only: every caller shares them)."""
    return _hints(cls)


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        _HINTS[cls] = hints
    return hints


def from_dict(cls: Any, data: Any) -> Any:
    """Rebuild a value of type ``cls`` from its :func:`to_dict` form."""
    try:
        read = _READERS[cls]
    except KeyError:
        read = _READERS[cls] = _reader(cls)
    except TypeError:  # a type that does not hash: read without remembering how
        read = _reader(cls)
    return read(data)


#: how to read each type (a function of the JSON value), made the first time it is read: a state is
#: read field by field, and the same few types come again and again
_READERS: dict[Any, Callable[[Any], Any]] = {}


def _reader(cls: Any) -> Callable[[Any], Any]:
    origin = typing.get_origin(cls)
    if origin is typing.Union or origin is types.UnionType:
        args = typing.get_args(cls)
        return lambda data: _union_from(args, data)
    if origin is tuple:
        args = typing.get_args(cls)
        return lambda data: _tuple_from(args, data)
    if origin is typing.Literal:
        allowed = typing.get_args(cls)

        def literal(data: Any) -> Any:
            if data not in allowed:
                raise ValueError(f"{data!r} is not one of {allowed}")
            return data
        return literal
    if cls is Any:
        return freeze
    if isinstance(cls, type) and getattr(cls, "__record__", False):
        return lambda data: _record_from(cls, data)
    check = _SCALARS.get(cls)
    if check is None:
        return _as_it_is
    accepts, expected = check

    def scalar(data: Any) -> Any:
        if not accepts(data):
            raise TypeError(f"expected {expected}, got {data!r}")
        return data
    return scalar


def _as_it_is(data: Any) -> Any:
    return data


def _union_from(args: tuple[Any, ...], data: Any) -> Any:
    if data is None and type(None) in args:
        return None
    for arg in args:
        if arg is type(None):
            continue
        try:
            return from_dict(arg, data)
        except (TypeError, ValueError, KeyError):
            continue
    raise ValueError(f"{data!r} matches none of {args}")


def _tuple_from(args: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    if not isinstance(data, (list, tuple)):
        raise TypeError(f"expected a list, got {data!r}")
    if len(args) == 2 and args[1] is Ellipsis:
        item = args[0]
        return tuple([from_dict(item, v) for v in data])
    if len(args) != len(data):
        raise ValueError(f"expected {len(args)} items, got {len(data)}")
    return tuple([from_dict(a, v) for a, v in zip(args, data, strict=True)])


def _record_from(cls: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise TypeError(f"expected a mapping for {cls.__name__}, got {data!r}")
    kwargs = {name: from_dict(hint, data[name]) for name, hint in _fields(cls) if name in data}
    return cls(**kwargs)


def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """A record's (field name, type hint) pairs in order, found once per class."""
    found = _FIELDS.get(cls)
    if found is None:
        hints = _hints(cls)
        found = _FIELDS[cls] = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))
    return found


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


#: scalar types: (does the JSON value fit, what was expected)
_SCALARS: dict[Any, tuple[Callable[[Any], bool], str]] = {
    bool: (lambda d: isinstance(d, bool), "true/false"),
    int: (lambda d: isinstance(d, int) and not isinstance(d, bool), "an integer"),
    str: (lambda d: isinstance(d, str), "a string"),
    type(None): (lambda d: d is None, "null"),
}


def stable_hash(value: Any) -> str:
    """The SHA-256 (hex) of a record tree's canonical JSON (:func:`to_dict`, keys sorted): the same
    for equal values in every process and on every machine, unlike ``hash()``, which Python salts
    per process."""
    import hashlib
    import json

    text = json.dumps(to_dict(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
