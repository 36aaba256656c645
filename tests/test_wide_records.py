"""Records of 30 fields or more keep them in slots (CPython shares a dict's key table among a
class's instances only up to 29 attributes): copies share their values, cost no dict of their own,
and behave as every other record."""

from __future__ import annotations

import sys

import pytest

from hisoutab.engine.record import WIDE, from_dict, record, replace, to_dict


@record
class Narrow:
    a: int = 0
    b: tuple[int, ...] = ()


@record
class Base:
    name: str = ""


def _wide(base: type) -> type:
    ns = {"__annotations__": {f"f{i}": "int" for i in range(WIDE)}, **{f"f{i}": i for i in range(WIDE)}}
    ns["__annotations__"]["items"] = "tuple[int, ...]"
    ns["items"] = ()
    return record(type("Wide", (base,), ns))


Wide = _wide(object)
WideOnBase = _wide(Base)


@pytest.mark.parametrize("cls", [Wide, WideOnBase])
def test_a_wide_record_is_copied_in_slots_and_shares_its_values(cls: type) -> None:
    big = tuple(range(1000))
    w = cls(items=big)
    w2 = replace(w, f3=99)
    assert (w2.f3, w2.f4, w.f3) == (99, 4, 3)
    assert w2.items is big  # shared, not copied
    assert w2 == cls(items=big, f3=99) and hash(w2) == hash(cls(items=big, f3=99))
    assert from_dict(cls, to_dict(w2)) == w2
    assert not getattr(w2, "__dict__", {})  # no dict of its own
    with pytest.raises(TypeError, match="has no field 'no_such_field'"):
        replace(w, no_such_field=1)


def test_a_narrow_record_keeps_its_dict() -> None:
    n = replace(Narrow(a=1), b=(2,))
    assert n.__dict__ == {"a": 1, "b": (2,)}
    assert not hasattr(Narrow, "__record_copy__")


def test_a_wide_copy_is_a_fraction_of_a_dict_of_its_own() -> None:
    w = replace(Wide(), f0=1)
    assert sys.getsizeof(w) < 400  # slots: 8 bytes a field; a dict of 31 keys of its own: 1,584
