"""Paths into a state (``P2.hp``, ``P1.spirit_available``, ``time``, ``P1.hand.len``, a grid's cell
``map[1][2]``) and matching
of expected values (card ids match their instances, player names match player indices)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from hisoutab.engine.record import is_record, to_dict

LEN_WORDS = ("len", "count")
ROOTS = ("over", "result")


class PathError(Exception):
    pass


def _members(obj: Any) -> list[str]:
    if is_record(obj):
        names = [f.name for f in dataclasses.fields(obj)]
        names += [n for n, v in vars(type(obj)).items() if isinstance(v, property)]
        return sorted(set(names))
    return []


def _step(obj: Any, seg: str) -> Any:
    if seg in LEN_WORDS and isinstance(obj, (tuple, list, dict, str)):
        return len(obj)
    if isinstance(obj, (tuple, list)):
        try:
            return obj[int(seg)]
        except ValueError:
            raise PathError(f"{seg!r}: expected an index into a list of {len(obj)}, or len") from None
        except IndexError:
            raise PathError(f"index {seg} is out of range (the list has {len(obj)} items)") from None
    if isinstance(obj, dict):
        if seg in obj:
            return obj[seg]
        raise PathError(f"no key {seg!r}; keys: {', '.join(map(str, obj))}")
    if is_record(obj):
        if seg in _members(obj):
            return getattr(obj, seg)
        raise PathError(f"unknown field {seg!r} of {type(obj).__name__}; known: "
                        + ", ".join(_members(obj)))
    raise PathError(f"cannot look up {seg!r} in {obj!r}")


def player_names_of(state: Any) -> tuple[str, ...]:
    """The players' names in a state: the ``name`` of the records in its tuple fields."""
    if not is_record(state):
        return ()
    for f in dataclasses.fields(state):
        v = getattr(state, f.name)
        if isinstance(v, tuple) and v and all(is_record(x) and isinstance(getattr(x, "name", None), str)
                                              for x in v):
            return tuple(x.name for x in v)
    return ()


def root_value(state: Any, ruleset: Any, seg: str, game: Any = None) -> Any:
    names = player_names_of(state)
    if seg in names:
        for f in dataclasses.fields(state):
            v = getattr(state, f.name)
            if isinstance(v, tuple) and any(getattr(x, "name", None) == seg for x in v):
                return next(x for x in v if getattr(x, "name", None) == seg)
    if seg == "over":
        return not state.agenda
    if seg == "result":
        r = ruleset.result(state)
        return {"kind": r.kind, **r.to_dict()} if hasattr(r, "to_dict") else r
    if is_record(state) and seg in _members(state):
        return getattr(state, seg)
    raise PathError(f"unknown path root {seg!r}; expected a player ({', '.join(names)}), a state "
                    f"field ({', '.join(_members(state))}) or {', '.join(ROOTS)}")


_CELL = re.compile(r"^([^\[\]]+)((?:\[-?\d+\])+)$")


def segments(path: str) -> list[str]:
    """``P1.hand.0`` → P1, hand, 0; a grid's cell ``map[1][2]`` (row 1, column 2) → map, 1, 2."""
    out: list[str] = []
    for seg in path.split("."):
        m = _CELL.match(seg)
        if m:
            out.append(m.group(1))
            out += re.findall(r"-?\d+", m.group(2))
        else:
            out.append(seg)
    return out


def resolve(state: Any, ruleset: Any, path: str) -> Any:
    segs = segments(path)
    value = root_value(state, ruleset, segs[0])
    for seg in segs[1:]:
        value = _step(value, seg)
    return value


def check_path(state: Any, ruleset: Any, path: str) -> str | None:
    """A problem with ``path`` that no later state can fix (a misspelled name), or None."""
    segs = segments(path)
    try:
        value = root_value(state, ruleset, segs[0])
    except PathError as exc:
        return str(exc)
    for seg in segs[1:]:
        try:
            value = _step(value, seg)
        except PathError as exc:
            if value is None or value == "" or isinstance(value, dict) or "out of range" in str(exc):
                return None  # may exist in a later state (an empty grid cell may hold a record)
            return str(exc)
    return None


# ------------------------------------------------------------------------------ matching
def normal(value: Any) -> Any:
    return to_dict(value)


def _short(s: str, keep_copy: bool) -> str:
    body = s.split("/", 1)[-1]
    return body if keep_copy else body.split("#", 1)[0]


#: expected values of another form: ``{one_of: [a, b]}`` (any of these), ``{any_order: [a, b]}``
#: (a list holding these, in any order)
VALUE_FORMS = ("one_of", "any_order")


def value_form(expected: Any) -> str | None:
    """The form of an expected value written ``{one_of: [...]}`` or ``{any_order: [...]}``."""
    if isinstance(expected, dict) and len(expected) == 1:
        key = next(iter(expected))
        if key in VALUE_FORMS:
            return str(key)
    return None


def form_problem(expected: Any) -> str | None:
    """What is wrong with an expected value of another form (its list), or None."""
    form = value_form(expected)
    if form is not None and (not isinstance(expected[form], list) or not expected[form]):
        return f"{form}: expected a non-empty list of values, got {expected[form]!r}"
    return None


def _in_any_order(actual: Any, wanted: list[Any], names: tuple[str, ...]) -> bool:
    if not isinstance(actual, list) or len(actual) != len(wanted):
        return False
    left = list(actual)
    for e in wanted:
        k = next((k for k, a in enumerate(left) if matches(a, e, names)), None)
        if k is None:
            return False
        left.pop(k)
    return True


def matches(actual: Any, expected: Any, names: tuple[str, ...] = ()) -> bool:
    """``actual`` (in to_dict form) equals ``expected``, with card ids and player names allowed;
    ``{one_of: [...]}`` matches any of its values, ``{any_order: [...]}`` a list of its values in
    any order."""
    form = value_form(expected)
    if form == "one_of" and isinstance(expected[form], list):
        return any(matches(actual, e, names) for e in expected[form])
    if form == "any_order" and isinstance(expected[form], list):
        return _in_any_order(actual, expected[form], names)
    if actual == expected:
        return True
    if isinstance(actual, bool) or isinstance(expected, bool):
        return False
    if isinstance(actual, int) and isinstance(expected, str) and expected in names:
        return names.index(expected) == actual
    if (isinstance(actual, str) and isinstance(expected, str) and ("/" in actual or "#" in actual)
            and "/" not in expected):
        return _short(actual, "#" in expected) == expected
    if isinstance(actual, list) and isinstance(expected, list):
        return len(actual) == len(expected) and all(
            matches(a, e, names) for a, e in zip(actual, expected, strict=True))
    if isinstance(actual, dict) and isinstance(expected, dict):
        return all(k in actual and matches(actual[k], v, names) for k, v in expected.items())
    return False


def show(value: Any) -> str:
    """A short readable form: card instances without the owner prefix."""
    v = normal(value)

    def sh(x: Any) -> Any:
        if isinstance(x, str) and "/" in x:
            return x.split("/", 1)[1]
        if isinstance(x, list):
            return [sh(y) for y in x]
        if isinstance(x, dict):
            return {k: sh(y) for k, y in x.items()}
        return x

    import json

    return json.dumps(sh(v), ensure_ascii=False, default=str)
