"""A small deterministic random generator whose whole state is one integer.

The generator state lives inside the game state, so the same seed and the same choices always give
the same history, and undo/branching restores the generator with the snapshot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a seed (any integer)."""
    _, state = next_u64(seed & _MASK)
    return state


def next_u64(state: int) -> tuple[int, int]:
    """splitmix64: returns (value, new state)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` and the new state."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    value, state = next_u64(state)
    return value % n, state


def shuffle(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """Fisher–Yates shuffle; returns (shuffled tuple, new state)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = randbelow(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state
