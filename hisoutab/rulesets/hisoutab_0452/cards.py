"""Character card data: one YAML file per character, validated on load.

Every error names the file, the line, the card and the field, and says what was expected. Loading a
file builds plain data only; it never runs anything from the file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hisoutab.engine.errors import InputError
from hisoutab.engine.yamlio import Located, load_yaml, pydantic_error

CardKind = Literal["physical", "bullet", "defense", "move", "cancel", "spell", "special",
                   "upgrade", "knockdown"]
CARD_KINDS: tuple[str, ...] = CardKind.__args__  # type: ignore[attr-defined]

#: effect kind → (value expected, clause that implements it)
EFFECTS: dict[str, tuple[str, str]] = {
    "move": ("an integer ≥ 1 (cells)", "H-EFF-MOVE"),
    "dash": ("an integer ≥ 1 (cells)", "H-EFF-DASH"),
    "defense": ("no value", "H-EFF-DEF"),
    "physical": ("no value", "H-EFF-PHYS"),
}

MAX_COPIES = 99  # copies of one card in a main deck

DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "characters"


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SideSpec(_Base):
    """One orientation of a card with a top and a bottom effect (H-PLAY-SIM)."""

    name: str | None = None
    effects: list[Any] = Field(default_factory=list)
    damage: int | None = Field(None, ge=0)
    hitstun: int | None = Field(None, ge=1)
    range: str | None = None


class CardSpec(_Base):
    name: str = Field(min_length=1)
    kind: CardKind
    startup: int = Field(ge=1)
    recovery: int = Field(ge=1)
    cost: int = Field(0, ge=0)
    cancel: int = Field(0, ge=0)
    damage: int = Field(0, ge=0)
    hitstun: int = Field(0, ge=0)
    guard_cost: int | None = Field(None, ge=0)
    range: str | None = None
    text: str = ""
    effects: list[Any] = Field(default_factory=list)
    top: SideSpec | None = None
    bottom: SideSpec | None = None


class CharacterSpec(_Base):
    character: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    standing: list[str] = Field(default_factory=list)
    knockdown: str
    deck: dict[str, int]
    cards: dict[str, CardSpec]


@dataclass(frozen=True)
class Card:
    """A card definition as the rules use it (one face; see :meth:`face`)."""

    id: str
    name: str
    kind: str
    startup: int
    recovery: int
    cost: int = 0
    cancel: int = 0
    damage: int = 0
    hitstun: int = 0
    guard_cost: int | None = None
    reach: tuple[tuple[int, int], ...] = ()  # attacked cells (dx, dy) facing right
    effects: tuple[tuple[str, Any], ...] = ()
    text: str = ""
    sides: tuple[tuple[str, Card], ...] = ()  # ("top", face), ("bottom", face)
    character: str = ""

    def face(self, side: str) -> Card:
        """The card as played upright ("top") or upside-down ("bottom"); itself when one-sided."""
        for name, c in self.sides:
            if name == side:
                return c
        return self

    @property
    def two_sided(self) -> bool:
        return bool(self.sides)

    def has_effect(self, kind: str) -> bool:
        return any(k == kind for k, _ in self.effects)


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    standing: tuple[str, ...]
    knockdown: str
    deck: tuple[tuple[str, int], ...]
    cards: dict[str, Card] = field(hash=False, compare=False)
    file: str = ""

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]


def parse_range(text: str) -> tuple[tuple[int, int], ...]:
    """A range grid: rows top (highest) to bottom, ``G`` the attacker's cell, ``R`` attacked cells,
    ``.`` nothing; drawn facing right. Returns the attacked offsets (dx, dy)."""
    rows = [r.strip() for r in text.strip("\n").splitlines() if r.strip()]
    if not rows:
        raise ValueError("an empty range grid; expected rows of G, R and . with one G")
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        raise ValueError("range grid rows have different lengths; expected a rectangle of G, R, .")
    bad = {ch for r in rows for ch in r} - set("GR.")
    if bad:
        raise ValueError(f"range grid has {''.join(sorted(bad))!r}; expected only G, R and .")
    gs = [(ri, ci) for ri, r in enumerate(rows) for ci, ch in enumerate(r) if ch == "G"]
    if len(gs) != 1:
        raise ValueError(f"range grid has {len(gs)} G cells; expected exactly one (the attacker)")
    g_row, g_col = gs[0]
    reach = tuple(sorted((ci - g_col, g_row - ri) for ri, r in enumerate(rows)
                         for ci, ch in enumerate(r) if ch == "R"))
    if not reach:
        raise ValueError("range grid has no R cell; expected at least one attacked cell")
    return reach


def _parse_effects(located: Located, path: tuple[Any, ...], items: Iterable[Any]
                   ) -> tuple[tuple[str, Any], ...]:
    out = []
    for i, item in enumerate(items):
        p = path + (i,)
        if isinstance(item, str):
            kind, value, has_value = item, None, False
        elif isinstance(item, dict) and len(item) == 1:
            kind, value = next(iter(item.items()))
            has_value = True
            p = p + (kind,)
        else:
            raise located.error(p, "expected an effect: a name such as 'physical' or one "
                                   "'name: value' pair such as 'move: 2'")
        if kind not in EFFECTS:
            raise located.error(p, f"unknown effect {kind!r}; expected one of "
                                   + ", ".join(sorted(EFFECTS)))
        expected = EFFECTS[kind][0]
        if expected == "no value" and has_value and value is not None:
            raise located.error(p, f"{kind!r} takes no value; write it as '- {kind}'")
        if expected.startswith("an integer") and (
                isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise located.error(p, f"expected {expected} for {kind!r}, got {value!r}")
        out.append((kind, value))
    return tuple(out)


def _card(located: Located, cid: str, spec: CardSpec, character: str) -> Card:
    path: tuple[Any, ...] = ("cards", cid)

    def reach_of(text: str | None, p: tuple[Any, ...]) -> tuple[tuple[int, int], ...]:
        if text is None:
            return ()
        try:
            return parse_range(text)
        except ValueError as exc:
            raise located.error(p, str(exc)) from None

    effects = _parse_effects(located, path + ("effects",), spec.effects)
    reach = reach_of(spec.range, path + ("range",))
    base = Card(cid, spec.name, spec.kind, spec.startup, spec.recovery, spec.cost, spec.cancel,
                spec.damage, spec.hitstun, spec.guard_cost, reach, effects, spec.text,
                character=character)
    if (spec.top is None) != (spec.bottom is None):
        raise located.error(path + ("top" if spec.top is None else "bottom",),
                            "a card with two effects needs both 'top' and 'bottom'")
    sides = []
    for side_name, side in (("top", spec.top), ("bottom", spec.bottom)):
        if side is None:
            continue
        sp = path + (side_name,)
        face = Card(cid, side.name or spec.name, spec.kind, spec.startup, spec.recovery,
                    spec.cost, spec.cancel,
                    spec.damage if side.damage is None else side.damage,
                    spec.hitstun if side.hitstun is None else side.hitstun, spec.guard_cost,
                    reach_of(side.range, sp + ("range",)) or reach,
                    _parse_effects(located, sp + ("effects",), side.effects), spec.text,
                    character=character)
        _check_card(located, sp, face)
        sides.append((side_name, face))
    if sides:
        if effects:
            raise located.error(path + ("effects",), "a two-sided card keeps its effects under "
                                                     "'top' and 'bottom', not 'effects'")
        return Card(**{**base.__dict__, "sides": tuple(sides)})
    _check_card(located, path, base)
    return base


def _check_card(located: Located, path: tuple[Any, ...], card: Card) -> None:
    if card.has_effect("physical"):
        if not card.reach:
            raise located.error(path + ("range",), "a physical attack needs a range grid "
                                                   "(rows of G, R and .)")
        if card.hitstun < 1:
            raise located.error(path + ("hitstun",), "a physical attack needs hitstun ≥ 1")


_CACHE: dict[tuple[str, int], Character] = {}


def load_character(path: str | Path) -> Character:
    """Load and validate one character file (cached while the file is unchanged)."""
    try:
        key = (str(Path(path).resolve()), Path(path).stat().st_mtime_ns)
    except OSError:
        key = None
    if key is not None and key in _CACHE:
        return _CACHE[key]
    character = _load_character(path)
    if key is not None:
        _CACHE[key] = character
    return character


def _load_character(path: str | Path) -> Character:
    located = load_yaml(path)
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping with character, name, standing, knockdown, "
                                "deck and cards")
    try:
        spec = CharacterSpec.model_validate(located.data)
    except ValidationError as exc:
        raise pydantic_error(located, exc) from None
    cards = {cid: _card(located, cid, cs, spec.character) for cid, cs in spec.cards.items()}
    for i, cid in enumerate(spec.standing):
        if cid in spec.standing[:i]:
            raise located.error(("standing", i), f"{cid!r} is listed twice; expected each "
                                                 "standing card once")
        if cid not in cards:
            raise located.error(("standing", i), f"unknown card {cid!r}; expected one of the "
                                                 "cards of this file")
    if spec.knockdown not in cards:
        raise located.error(("knockdown",), f"unknown card {spec.knockdown!r}; expected one of "
                                            "the cards of this file")
    if cards[spec.knockdown].kind != "knockdown":
        raise located.error(("knockdown",), f"card {spec.knockdown!r} has kind "
                                            f"{cards[spec.knockdown].kind!r}; expected 'knockdown'")
    for cid, count in spec.deck.items():
        if cid not in cards:
            raise located.error(("deck", cid), f"unknown card {cid!r}; expected one of the cards "
                                               "of this file")
        if not 1 <= count <= MAX_COPIES:
            raise located.error(("deck", cid), f"expected a number of copies ≥ 1 and ≤ "
                                               f"{MAX_COPIES}, got {count}")
        if cid in spec.standing or cid == spec.knockdown:
            raise located.error(("deck", cid), f"{cid!r} is a standing or knockdown card; "
                                               "those are not in the main deck")
    return Character(spec.character, spec.name, tuple(spec.standing), spec.knockdown,
                     tuple(spec.deck.items()), cards, str(path))


def builtin_characters() -> dict[str, Path]:
    """The sample characters shipped with the package: id → file."""
    return {p.stem: p for p in sorted(DATA_DIR.glob("*.yaml"))}


def find_character(name: str) -> Character:
    """A built-in character by id, or a character file by path."""
    files = builtin_characters()
    if name in files:
        return load_character(files[name])
    p = Path(name)
    if p.suffix in (".yaml", ".yml") or p.exists():
        return load_character(p)
    raise InputError(f"unknown character {name!r}; expected one of {', '.join(files)} or a "
                     "path to a character .yaml file", field="character")
