"""What the pictures read from a game's context: names of cards, tiles and markers, the launcher's
cell kinds, the trace track's top, the type die's faces and the campaign card. Every reading has a
fallback for a state drawn without a context (``ctx=None``): a card's name is then made from its id.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..rules.codes import rotate

#: a chip's colours as the pictures fill them (the four colours, wild and damaged)
CHIP_FILL = {
    "red": "#d84a3a",
    "blue": "#3f77d8",
    "green": "#3f9a55",
    "yellow": "#e8c12c",
    "wild": "#ffffff",
    "damaged": "#8a8a8a",
}
CHIP_INK = {
    "red": "#ffffff",
    "blue": "#ffffff",
    "green": "#ffffff",
    "yellow": "#222222",
    "wild": "#222222",
    "damaged": "#ffffff",
}
#: the letter written on a chip (its colour's initial; W wild, X damaged)
CHIP_LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "wild": "W", "damaged": "X"}
#: the launcher's cell kinds (TM-COMP-13, TM-LNCH-3): light, dark, locked
CELL_WORDS = {"L": "light cell (refilled)", "D": "dark cell", "X": "locked cell"}
DEFAULT_LAUNCHER = ("LDLX", "LLDX", "DLLX")
DEFAULT_TRACE_TOP = 6
HIDDEN = "?"


def kind_of(card: str) -> str:
    """``P1/shadow-step`` → ``shadow-step``; ``red#3`` → ``red``."""
    return card.rsplit("/", 1)[-1].split("#", 1)[0]


def chip_colour(chip: str) -> str:
    """A chip's colour (``red``, …, ``wild``, ``damaged``; ``?`` a hidden chip)."""
    return HIDDEN if chip == HIDDEN else kind_of(chip)


def content(ctx: Any) -> Any:
    return getattr(ctx, "content", None)


def _table(ctx: Any, name: str) -> Mapping[str, Any]:
    found = getattr(content(ctx), name, None)
    return found if isinstance(found, Mapping) else {}


def _entry(ctx: Any, card: str, *tables: str) -> Any:
    kind = kind_of(card)
    for name in tables:
        found = _table(ctx, name).get(kind)
        if found is not None:
            return found
    passer = getattr(content(ctx), "passer_by", None)
    if passer is not None and getattr(passer, "id", None) == kind:
        return passer
    return None


def spoken(name: str) -> str:
    """A name as the pictures write it: the Latin part of a name that gives one in brackets
    (``奪命客 (Life-taker)`` → ``Life-taker``), since not every machine has CJK fonts."""
    m = re.search(r"\(([^()]*[A-Za-z][^()]*)\)", name)
    return m.group(1) if m and re.search(r"[^\x00-\u024f]", name) else name


def name(ctx: Any, card: str, *tables: str) -> str:
    """The name a reader knows ``card`` by: its entry's name in the content tables (all of them
    when none is given), else the id's kind in words (``sparta-plating#1`` → ``sparta plating``)."""
    if card == HIDDEN:
        return HIDDEN
    entry = _entry(
        ctx,
        card,
        *(tables or ("tiles", "markers", "enemies", "bodies", "class_mods", "gang_mods", "protocols")),
    )
    found = getattr(entry, "name", None)
    return spoken(str(found)) if found else kind_of(card).replace("-", " ")


def entry(ctx: Any, card: str, *tables: str) -> Any:
    """The content entry of ``card`` in ``tables`` (None without a context or when unknown)."""
    return None if card == HIDDEN else _entry(ctx, card, *tables)


def class_name(ctx: Any, class_id: str) -> str:
    spec = _table(ctx, "classes").get(class_id)
    return spoken(str(getattr(spec, "name", class_id))) if class_id else ""


def launcher_kinds(ctx: Any, rows: int, cols: int) -> tuple[str, ...]:
    """The kind of each launcher cell, row by row (``L``/``D``/``X``), as the board data says;
    without it the printed default, cut or padded (with light cells) to the launcher drawn."""
    kinds = getattr(ctx, "launcher_kinds", None) or DEFAULT_LAUNCHER
    out = []
    for r in range(rows):
        row = kinds[r] if r < len(kinds) else ""
        out.append("".join(row[c] if c < len(row) else "L" for c in range(cols)))
    return tuple(out)


def cell_kind(ctx: Any, kinds: tuple[str, ...], unlocked: tuple[int, ...], r: int, c: int) -> str:
    """A cell's kind, a locked cell whose row was bought open counting as light or dark (A-6)."""
    kind = kinds[r][c]
    if kind != "X" or r not in unlocked:
        return kind
    options = getattr(ctx, "options", None)
    try:
        reading = options["a6.unlocked"] if options is not None else "light"
    except (KeyError, TypeError):
        reading = "light"
    return "L" if reading == "light" else "D"


def core_throughout(ctx: Any) -> bool:
    """Whether the core data chip's colour is every coloured code position's (A-27 Reading 2);
    without a context, a C position's only (Reading 1)."""
    options = getattr(ctx, "options", None)
    return options is not None and options["a27.core"] == "throughout"


def core_words(ctx: Any, core: str) -> str:
    """What the core data chip says (TM-CHIP-1, A-27)."""
    if core_throughout(ctx):
        return (f"the core data chip: {core}, the colour every coloured position of a code asks "
                "for (TM-CHIP-1, A-27)")
    return f"the core data chip: {core}, the colour C of a code asks for (TM-CHIP-1)"


def trace_top(ctx: Any) -> int:
    board = getattr(content(ctx), "board", None)
    return int(getattr(board, "trace_top", DEFAULT_TRACE_TOP))


def shared_bag(ctx: Any) -> bool:
    """Whether one bag and one storage area serve all players (A-7 Reading 2: the first seat's
    board holds them); without a context, each player's own."""
    options = getattr(ctx, "options", None)
    return bool(options is not None and options["a7.bag"] == "shared")


def campaign(ctx: Any) -> Any:
    return getattr(content(ctx), "campaign", None)


def uplinks_needed(ctx: Any) -> int | None:
    found = getattr(ctx, "uplinks_needed", None)
    return int(found) if isinstance(found, int) else None


def round_limit(ctx: Any) -> int | None:
    found = getattr(ctx, "round_limit", None)
    return int(found) if isinstance(found, int) else None


def type_faces(ctx: Any) -> tuple[str, ...]:
    """The type die's faces (the enemy dice, TM-CMB-1.2), as the board data prints them."""
    dice = getattr(getattr(content(ctx), "board", None), "dice", None)
    return tuple(getattr(dice, "type_die", ())) or ("strike", "strike", "burst", "burst", "drain", "alert")


def type_word(ctx: Any, face: int) -> str:
    """The type die's face ``face`` (1–6) in words."""
    faces = type_faces(ctx)
    return faces[face - 1] if 1 <= face <= len(faces) else str(face)


def number_value(ctx: Any, face: int) -> int:
    """The number the number die's face ``face`` shows (the board data's ``number_die``)."""
    dice = getattr(getattr(content(ctx), "board", None), "dice", None)
    values = tuple(getattr(dice, "number_die", ()))
    return int(values[face - 1]) if 1 <= face <= len(values) else face


def effect_words(effects: Any) -> str:
    """A card's effects in a line (``gain shield 2 · trace +1``), from the data's effect list."""
    parts: list[str] = []
    for item in effects or ():
        pairs: Iterator[tuple[str, Any]] = iter(item.items()) if isinstance(item, Mapping) else iter(())
        for word, value in pairs:
            if isinstance(value, Mapping):
                parts.append(f"{word} " + ", ".join(f"{k} {v}" for k, v in value.items()))
            elif value is True:
                parts.append(str(word))
            else:
                parts.append(f"{word} {value}")
    return " · ".join(parts)


def turned(pattern: Sequence[str], angle: int) -> tuple[str, ...]:
    """A code's pattern turned ``angle`` degrees clockwise (0, 90, 180, 270), as the rules turn it
    (never mirrored, TM-CODE-1)."""
    p = tuple(pattern)
    for _ in range((angle // 90) % 4):
        p = rotate(p)
    return p


def positions(pattern: Sequence[str], angle: int) -> dict[tuple[int, int], int]:
    """Each position of the printed ``pattern`` that asks for a chip, numbered 1, 2, … in the order
    of the turned pattern (row by row), as a match lists its cells."""
    tags = {chr(0x100 + r * 16 + c): (r, c) for r, row in enumerate(pattern) for c in range(len(row))}
    tagged = tuple("".join(chr(0x100 + r * 16 + c) for c in range(len(row))) for r, row in enumerate(pattern))
    order = [tags[t] for row in turned(tagged, angle) for t in row]
    return {cell: k + 1 for k, cell in enumerate(c for c in order if pattern[c[0]][c[1]] != ".")}
