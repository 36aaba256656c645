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


#: the letters asking for a chip, each with its own band of a launcher's bits (:func:`_misses`)
NEEDS = tuple(letter for letter, need in v.LETTERS.items() if need is not None)
_NEED_INDEX = {letter: k for k, letter in enumerate(NEEDS)}

#: one placement of a rotation on a launcher of a given size: its angle, the bit mask of its chip
#: cells (bit ``r * columns + c``), what it asks of them (:func:`_bit`: each cell's bit in the band
#: of the letter it asks for), and its chip cells in reading order
Placement = tuple[int, int, int, tuple[Cell, ...]]


def matches(pattern: tuple[str, ...], launcher: Grid, core: str, wild: str = "any") -> tuple[Match, ...]:
    """Every placement of ``pattern`` on ``launcher``, one per distinct set of cells: each
    rotation (:func:`rotations`) at each place it fits, in that order, where every chip position
    holds a chip that :func:`fits` it; a set of cells already found keeps its first rotation."""
    rows = len(launcher)
    cols = len(launcher[0]) if rows else 0
    miss = _misses(launcher, core, wild)
    found: dict[int, Match] = {}
    for angle, union, asks, cells in _placements(tuple(pattern), rows, cols):
        if not asks & miss and union not in found:
            found[union] = Match(angle, cells)
    return tuple(found.values())


def _bit(letter: str, r: int, c: int, rows: int, cols: int) -> int:
    """The bit of cell (r, c) in the band of ``letter``: one band of ``rows * cols`` bits a letter."""
    return 1 << (_NEED_INDEX[letter] * rows * cols + r * cols + c)


@lru_cache(maxsize=256)
def _misses(launcher: Grid, core: str, wild: str) -> int:
    """For each letter of :data:`NEEDS` and each launcher cell, the cell's bit in the letter's band
    (:func:`_bit`) when its chip does not fit the letter (:func:`fits`): a placement matches when
    it asks for none of these."""
    rows = len(launcher)
    cols = len(launcher[0]) if rows else 0
    miss = 0
    for r, row in enumerate(launcher):
        for c, chip in enumerate(row):
            miss |= _unfit(chip_colour(chip), core, wild, rows * cols) << (r * cols + c)
    return miss


@lru_cache(maxsize=256)
def _unfit(colour: str, core: str, wild: str, size: int) -> int:
    """The letters a chip of ``colour`` (``""`` no chip) does not fit, as the first bit of each of
    their bands (bands of ``size`` bits, :func:`_bit`)."""
    return sum(1 << (k * size) for k, letter in enumerate(NEEDS) if not fits(letter, colour, core, wild))


@lru_cache(maxsize=1024)
def _placements(pattern: tuple[str, ...], rows: int, cols: int) -> tuple[Placement, ...]:
    """Every place each rotation of ``pattern`` fits on a launcher of ``rows`` by ``cols``, rotation
    by rotation, then top to bottom and left to right."""
    return tuple(_placement(angle, p, top, left, rows, cols)
                 for angle, p in rotations(pattern)
                 for top in range(rows - len(p) + 1)
                 for left in range(cols - len(p[0]) + 1))


def _placement(angle: int, p: tuple[str, ...], top: int, left: int, rows: int, cols: int) -> Placement:
    cells = tuple((top + r, left + c) for r, row in enumerate(p) for c, letter in enumerate(row)
                  if letter in _NEED_INDEX)
    asks = sum(_bit(p[r - top][c - left], r, c, rows, cols) for r, c in cells)
    return angle, sum(1 << (r * cols + c) for r, c in cells), asks, cells
