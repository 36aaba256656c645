"""The spirit gauge: 5 slots, each a face-up token, a face-down token, or a die (a broken slot)."""

from __future__ import annotations

from .state import DOWN, UP, Slot


def available(slots: tuple[Slot, ...]) -> int:
    return slots.count(UP)


def pay(slots: tuple[Slot, ...], n: int, order: str = "rightmost") -> tuple[Slot, ...]:
    """Flip ``n`` face-up tokens face-down (R-5: rightmost first)."""
    out = list(slots)
    idx = range(len(out) - 1, -1, -1) if order == "rightmost" else range(len(out))
    for i in idx:
        if n <= 0:
            break
        if out[i] == UP:
            out[i] = DOWN
            n -= 1
    if n > 0:
        raise ValueError("not enough spirit")
    return tuple(out)


def recover(slots: tuple[Slot, ...]) -> tuple[Slot, ...]:
    """H-ADJ-BLUE-1: flip the leftmost face-down token face-up."""
    for i, s in enumerate(slots):
        if s == DOWN:
            return slots[:i] + (UP,) + slots[i + 1:]
    return slots


def tick_dice(slots: tuple[Slot, ...]) -> tuple[tuple[Slot, ...], int | None]:
    """H-ADJ-BLUE-2: the leftmost die −1; at 0 a face-down token goes back. Returns (slots, slot)."""
    for i, s in enumerate(slots):
        if isinstance(s, int):
            v = s - 1
            return slots[:i] + ((DOWN if v <= 0 else v),) + slots[i + 1:], i
    return slots, None


def _rightmost_token(slots: tuple[Slot, ...]) -> int | None:
    for i in range(len(slots) - 1, -1, -1):
        if slots[i] in (UP, DOWN):
            return i
    return None


def crush(slots: tuple[Slot, ...], dice: tuple[int, ...]) -> tuple[Slot, ...]:
    """H-GUARD-CRUSH-2/3: remove the rightmost token, put its printed die there, flip the rest up."""
    out = list(slots)
    i = _rightmost_token(slots)
    if i is not None:
        out[i] = dice[i]
    return tuple(UP if s in (UP, DOWN) else s for s in out)


def spirit_break(slots: tuple[Slot, ...], dice: tuple[int, ...]) -> tuple[Slot, ...]:
    """H-BREAK: remove the rightmost token; every slot without a token gets its printed die."""
    out = list(slots)
    i = _rightmost_token(slots)
    if i is not None:
        out[i] = dice[i]
    return tuple(s if s in (UP, DOWN) else dice[k] for k, s in enumerate(out))


def show(slots: tuple[Slot, ...]) -> str:
    """Compact text: ● face-up, ○ face-down, a digit for a die."""
    return "".join("●" if s == UP else "○" if s == DOWN else str(s) for s in slots)
