"""Code matching (TM-CODE-1, TM-LNCH-4): a code's pattern is found on a launcher in any of its four
rotations, never mirrored. A position asks for a colour (R B G Y), the core data chip's colour (C,
TM-CHIP-1), any chip but a damaged one (*), or nothing (.)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

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
    return _rotations(tuple(pattern))


@lru_cache(maxsize=512)
def _rotations(pattern: tuple[str, ...]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    out: list[tuple[int, tuple[str, ...]]] = []
    p = pattern
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


#: the letters asking for a chip, in the order of a launcher's fit masks (:func:`_fit_masks`)
NEEDS = tuple(letter for letter, need in v.LETTERS.items() if need is not None)
_NEED_INDEX = {letter: k for k, letter in enumerate(NEEDS)}

#: one rotation of a pattern on a launcher of a given size, cells as bits ``r * columns + c``: its
#: angle; the bit of each top left cell where it fits on the launcher; each chip position's letter
#: (an index in :data:`NEEDS`) and its bit's distance from the top left cell; and, by the bit of a
#: top left cell, the mask of the chip cells placed there and those cells in reading order
Shape = tuple[int, int, tuple[tuple[int, int], ...], dict[int, tuple[int, tuple[Cell, ...]]]]


def matches(pattern: tuple[str, ...], launcher: Grid, core: str, wild: str = "any") -> tuple[Match, ...]:
    """Every placement of ``pattern`` on ``launcher``, one per distinct set of cells: each
    rotation (:func:`rotations`) at each place it fits, in that order (top to bottom, left to
    right), where every chip position holds a chip that :func:`fits` it; a set of cells already
    found keeps its first rotation."""
    rows = len(launcher)
    cols = len(launcher[0]) if rows else 0
    fit = _fit_masks(launcher, core, wild)
    found: dict[int, Match] = {}
    for angle, places, positions, placed in _shapes(tuple(pattern), rows, cols):
        for k, shift in positions:  # the places where every position so far holds a fitting chip
            places &= fit[k] >> shift
        while places:
            low = places & -places
            cells, at = placed[low]
            if cells not in found:
                found[cells] = Match(angle, at)
            places ^= low
    return tuple(found.values())


@lru_cache(maxsize=256)
def _fit_masks(launcher: Grid, core: str, wild: str) -> tuple[int, ...]:
    """For each letter of :data:`NEEDS`, the bit mask of the launcher cells whose chip fits it
    (:func:`fits`), bit ``r * columns + c``."""
    cols = len(launcher[0]) if launcher else 0
    fit = [0] * len(NEEDS)
    for r, row in enumerate(launcher):
        for c, chip in enumerate(row):
            for k in _fitting(chip, core, wild):
                fit[k] |= 1 << (r * cols + c)
    return tuple(fit)


@lru_cache(maxsize=1024)
def _fitting(chip: str, core: str, wild: str) -> tuple[int, ...]:
    """The letters (indices in :data:`NEEDS`) ``chip`` (``""`` none) fits."""
    return tuple(k for k, letter in enumerate(NEEDS) if fits(letter, chip, core, wild))


@lru_cache(maxsize=1024)
def _shapes(pattern: tuple[str, ...], rows: int, cols: int) -> tuple[Shape, ...]:
    """Each rotation of ``pattern`` (:func:`rotations`) on a launcher of ``rows`` by ``cols``."""
    return tuple(_shape(angle, p, rows, cols) for angle, p in rotations(pattern))


def _shape(angle: int, p: tuple[str, ...], rows: int, cols: int) -> Shape:
    chips = [(r, c, _NEED_INDEX[letter]) for r, row in enumerate(p) for c, letter in enumerate(row)
             if letter in _NEED_INDEX]
    placed: dict[int, tuple[int, tuple[Cell, ...]]] = {}
    for top in range(rows - len(p) + 1):
        for left in range(cols - len(p[0]) + 1):
            at = tuple((top + r, left + c) for r, c, _ in chips)
            placed[1 << (top * cols + left)] = (sum(1 << (r * cols + c) for r, c in at), at)
    return angle, sum(placed), tuple((k, r * cols + c) for r, c, k in chips), placed
