"""What a step changed: a small diff of two states, computed from their ``to_dict`` forms."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hisoutab.engine.record import to_dict
from hisoutab.presentation.step import named

#: fields left out of the diff by default: the agenda and the generator change on almost every step
NOISE = ("agenda", "rng")


def _short(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    return str(value)


def _walk(path: str, a: Any, b: Any, out: list[tuple[str, str]]) -> None:
    if a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            _walk(f"{path}.{key}" if path else key, a.get(key), b.get(key), out)
        return
    if (isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and a
            and all(isinstance(v, dict) for v in a + b)):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if isinstance(x.get("name"), str):  # players: "P2.hp"
                sub = x["name"]
            else:
                key = x.get("id") if isinstance(x.get("id"), str) else f"[{i}]"
                sub = f"{path}.{key}" if path else key
            _walk(sub, x, y, out)
        return
    if (isinstance(a, list) and isinstance(b, list) and all(isinstance(v, str) for v in a + b)
            and len(a) + len(b) > 4):
        gone = [v for v in a if v not in b]
        new = [v for v in b if v not in a]
        if gone or new:
            parts = [f"+{v}" for v in new] + [f"−{v}" for v in gone]
            out.append((path, " ".join(parts)))
        else:
            out.append((path, "reordered"))
        return
    out.append((path, f"{_short(a)} → {_short(b)}"))


def state_diff(before: Any, after: Any, *, ignore: tuple[str, ...] = NOISE,
               names: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """``(path, change)`` pairs, in field order: ``("P2.hp", "20 → 18")``, ``("P1.hand", "+P1/x −P1/y")``.

    Players are named by their ``name`` field; long lists of card ids show what came and went.
    ``names`` (card id → name, :func:`~hisoutab.presentation.step.card_names`): the cards are
    shown by name (``"+Amulet Toss"``)."""
    a, b = to_dict(before), to_dict(after)
    if names:
        a, b = named(a, dict(names)), named(b, dict(names))
    if isinstance(a, dict) and isinstance(b, dict):
        a = {k: v for k, v in a.items() if k not in ignore}
        b = {k: v for k, v in b.items() if k not in ignore}
    out: list[tuple[str, str]] = []
    _walk("", a, b, out)
    return out
