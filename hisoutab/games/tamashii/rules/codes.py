"""Code matching (TM-CODE-1, TM-LNCH-4): a code's pattern is found on a launcher in any of its four
rotations, never mirrored. A position asks for a colour (R B G Y), the core data chip's colour (C,
TM-CHIP-1), any chip but a damaged one (*), or nothing (.)."""

from __future__ import annotations

from dataclasses import dataclass

from . import vocabulary as v

Grid = tuple[tuple[str, ...], ...]
Cell = tuple[int, int]


def rotate(pattern: tuple[str, ...]) -> tuple[str, ...]:
    """The pattern turned a quarter clockwise."""
    rows, cols = len(pattern), len(pattern[0])
    return tuple("".join(pattern[rows - 1 - r][c] for r in range(rows)) for c in range(cols))


def mirror(pattern: tuple[str, ...]) -> tuple[str, ...]:
    """The pattern mirrored left to right (never a legal way to match; the tests use it)."""
    return tuple(row[::-1] for row in pattern)


def rotations(pattern: tuple[str, ...]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The distinct rotations of a pattern with their angles (0, 90, 180, 270), never mirrored."""
    out: list[tuple[int, tuple[str, ...]]] = []
    p = tuple(pattern)
    for angle in (0, 90, 180, 270):
        if all(p != q for _, q in out):
            out.append((angle, p))
        p = rotate(p)
    return tuple(out)


def in_core(pattern: tuple[str, ...]) -> tuple[str, ...]:
    """A-27 Reading 2: the pattern with every coloured position (R B G Y) asking for the core data
    chip's colour (C); any-chip (*) and empty (.) positions as printed."""
    return tuple("".join("C" if v.LETTERS[ch] in v.COLOURS else ch for ch in row) for row in pattern)


def chip_colour(chip: str) -> str:
    return chip.split("#", 1)[0]


def fits(letter: str, chip: str, core: str, wild: str) -> bool:
    """Whether ``chip`` fills a position asking for ``letter`` (A-29: ``wild`` ``any`` or ``star``)."""
    need = v.LETTERS[letter]
    if need is None:
        return True
    if not chip:
        return False
    colour = chip_colour(chip)
    if colour == v.DAMAGED:
        return False
    if need == "any":
        return True
    if colour == v.WILD:
        return wild == "any"
    return colour == (core if need == "core" else need)


@dataclass(frozen=True)
class Match:
    """One placement of a code: its rotation and the launcher cells of its chips."""

    angle: int
    cells: tuple[Cell, ...]


def matches(pattern: tuple[str, ...], launcher: Grid, core: str, wild: str = "any") -> tuple[Match, ...]:
    """Every placement of ``pattern`` on ``launcher``, one per distinct set of cells."""
    found: dict[frozenset[Cell], Match] = {}
    rows = len(launcher)
    cols = len(launcher[0]) if rows else 0
    for angle, p in rotations(pattern):
        h, w = len(p), len(p[0])
        for top in range(rows - h + 1):
            for left in range(cols - w + 1):
                cells = _place(p, launcher, top, left, core, wild)
                if cells is not None and frozenset(cells) not in found:
                    found[frozenset(cells)] = Match(angle, cells)
    return tuple(found.values())


def _place(p: tuple[str, ...], launcher: Grid, top: int, left: int, core: str,
           wild: str) -> tuple[Cell, ...] | None:
    cells: list[Cell] = []
    for r, row in enumerate(p):
        for c, letter in enumerate(row):
            chip = launcher[top + r][left + c]
            if not fits(letter, chip, core, wild):
                return None
            if v.LETTERS[letter] is not None:
                cells.append((top + r, left + c))
    return tuple(cells)
