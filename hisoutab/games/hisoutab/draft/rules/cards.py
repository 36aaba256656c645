"""Draft character data: one YAML file per character (``hisoutab/data/draft``), validated on load.

Every error names the file, the line and the field, and says what was expected. A character has basic
cards (always in hand) and, for each motion 236/623/214/421, exactly two skill versions (D-SETUP-2).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from hisoutab.engine.yamlio import FileCache, Located, find_file, load_yaml, pydantic_error
from hisoutab.games.hisoutab.duel import parse_range

from .state import MOTIONS

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "characters"

#: effect → (value expected, clause)
EFFECTS: dict[str, tuple[str, str]] = {
    "move": ("an integer ≥ 1 (blocks)", "D-EFF-MOVE"),
    "dash": ("an integer ≥ 1 (blocks)", "D-EFF-MOVE"),
    "forward": ("an integer ≥ 1 (blocks)", "D-TAG-FORWARD"),
    "physical": ("no value", "D-EFF-PHYS"),
    "bullet": ("no value", "D-EFF-BUL"),
    "defense": ("no value", "D-EFF-DEF"),
}
#: effects after the "damage:" tag (D-TAG-DAMAGE)
ON_DAMAGE: dict[str, tuple[str, str]] = {
    "knockback": ("an integer ≥ 1 (blocks)", "D-TAG-KNOCKBACK"),
    "forward": ("an integer ≥ 1 (blocks)", "D-TAG-FORWARD"),
}
#: bullet directions, relative to the caster's facing: (dx forward, dy up)
DIRECTIONS: dict[str, tuple[int, int]] = {
    "forward": (1, 0), "up-forward": (1, 1), "down-forward": (1, -1), "up": (0, 1),
    "down": (0, -1), "back": (-1, 0), "up-back": (-1, 1), "down-back": (-1, -1),
}
Direction = Literal["forward", "up-forward", "down-forward", "up", "down", "back", "up-back",
                    "down-back"]


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class BulletSpec(_Base):
    straight: int | None = Field(None, ge=1)
    trace: int | None = Field(None, ge=1)
    slots: int = Field(ge=1)
    directions: list[Direction] | None = None

    @model_validator(mode="after")
    def _one_movement(self) -> BulletSpec:
        if (self.straight is None) == (self.trace is None):
            raise ValueError("a bullet needs exactly one of 'straight: X' and 'trace: X'")
        return self


class CardSpec(_Base):
    name: str = Field(min_length=1)
    kind: Literal["physical", "bullet", "defense", "move"]
    motion: Literal["236", "623", "214", "421"] | None = None
    cast: int = Field(ge=1)
    recovery: int = Field(ge=1)
    cost: int = Field(0, ge=0)
    cancel: int = Field(0, ge=0)
    damage: int = Field(0, ge=0)
    hitlag: int = Field(0, ge=0)
    range: str | None = None
    effects: list[Any] = Field(default_factory=list)
    on_damage: list[Any] = Field(default_factory=list)
    ground_only: bool = False
    parry: bool = False
    immune: bool = False
    bullet: BulletSpec | None = None
    text: str = ""


class CharacterSpec(_Base):
    character: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    cards: dict[str, CardSpec]


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    cast: int
    recovery: int
    cost: int = 0
    cancel: int = 0
    damage: int = 0
    hitlag: int = 0
    reach: tuple[tuple[int, int], ...] = ()
    effects: tuple[tuple[str, Any], ...] = ()
    on_damage: tuple[tuple[str, Any], ...] = ()
    ground_only: bool = False
    parry: bool = False
    immune: bool = False
    motion: str | None = None
    straight: int = 0
    trace: int = 0
    slots: int = 0
    directions: tuple[str, ...] = ()
    text: str = ""

    def has_effect(self, kind: str) -> bool:
        return any(k == kind for k, _ in self.effects)


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    cards: dict[str, Card] = field(hash=False, compare=False)
    basics: tuple[str, ...] = ()
    skills: tuple[tuple[str, str], ...] = ()  # per MOTIONS: the two versions
    file: str = ""


def _effects(located: Located, path: tuple[Any, ...], items: Iterable[Any],
             table: dict[str, tuple[str, str]]) -> tuple[tuple[str, Any], ...]:
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
        if kind not in table:
            raise located.error(p, f"unknown effect {kind!r}; expected one of " + ", ".join(table))
        expected = table[kind][0]
        if expected == "no value":
            if has_value and value is not None:
                raise located.error(p, f"{kind!r} takes no value; write it as '- {kind}'")
        elif isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise located.error(p, f"expected {expected} for {kind!r}, got {value!r}")
        out.append((kind, value))
    return tuple(out)


def _card(located: Located, cid: str, spec: CardSpec) -> Card:
    path: tuple[Any, ...] = ("cards", cid)
    effects = _effects(located, path + ("effects",), spec.effects, EFFECTS)
    on_damage = _effects(located, path + ("on_damage",), spec.on_damage, ON_DAMAGE)
    reach: tuple[tuple[int, int], ...] = ()
    if spec.range is not None:
        try:
            reach = parse_range(spec.range)
        except ValueError as exc:
            raise located.error(path + ("range",), str(exc)) from None
    kinds = [k for k, _ in effects]
    if not effects:
        raise located.error(path + ("effects",), "a card needs at least one effect")
    if "physical" in kinds:
        if not reach:
            raise located.error(path + ("range",), "a physical attack needs a range grid (rows of "
                                                   "G, R and .)")
        if spec.hitlag < 1:
            raise located.error(path + ("hitlag",), "a physical attack needs hitlag ≥ 1")
    if ("bullet" in kinds) != (spec.bullet is not None):
        raise located.error(path + ("bullet",), "a bullet card needs both the 'bullet' effect and a "
                                                "'bullet:' block (straight or trace, slots)")
    if "bullet" in kinds and spec.hitlag < 1:
        raise located.error(path + ("hitlag",), "a bullet attack needs hitlag ≥ 1")
    if ("defense" in kinds) != (spec.kind == "defense"):
        raise located.error(path + ("kind",), "a card with the 'defense' effect has kind 'defense' "
                                              "and a defense card has the 'defense' effect")
    if spec.kind == "defense" and len(kinds) > 1:
        raise located.error(path + ("effects",), "a defense card has only the 'defense' effect")
    if spec.parry and "physical" not in kinds:
        raise located.error(path + ("parry",), "a parry card needs a 'physical' effect to strike "
                                               "back with")
    if on_damage and "physical" not in kinds and "bullet" not in kinds:
        raise located.error(path + ("on_damage",), "'damage:' effects need a physical or bullet "
                                                   "attack on the card")
    b = spec.bullet
    return Card(cid, spec.name, spec.kind, spec.cast, spec.recovery, spec.cost, spec.cancel,
                spec.damage, spec.hitlag, reach, effects, on_damage, spec.ground_only, spec.parry,
                spec.immune, spec.motion, (b.straight or 0) if b else 0, (b.trace or 0) if b else 0,
                b.slots if b else 0,
                tuple(b.directions) if b and b.directions else tuple(DIRECTIONS), spec.text)


CARD_ID = re.compile(r"[a-z0-9_]+")
CARD_ID_RULE = "lower-case letters, digits and _ only (such as gohei_jab)"


def _load(path: str | Path) -> Character:
    """Load and validate one draft character file (cached while the file is unchanged)."""
    return character_from_located(load_yaml(path), str(path))


def character_from_located(located: Located, file: str) -> Character:
    """Validate draft character data already read (a file, or a mapping inside a scenario)."""
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping with character, name and cards")
    cards_raw = located.data.get("cards")
    if isinstance(cards_raw, dict):
        for cid in cards_raw:
            if not isinstance(cid, str) or not CARD_ID.fullmatch(cid):
                raise located.error(("cards", cid), f"card id {cid!r}: expected {CARD_ID_RULE}")
    try:
        spec = CharacterSpec.model_validate(located.data)
    except ValidationError as exc:
        raise pydantic_error(located, exc) from None
    cards = {cid: _card(located, cid, cs) for cid, cs in spec.cards.items()}
    basics = tuple(cid for cid, c in cards.items() if c.motion is None)
    skills = []
    for motion in MOTIONS:
        versions = tuple(cid for cid, c in cards.items() if c.motion == motion)
        if len(versions) != 2:
            where = ("cards", versions[2], "motion") if len(versions) > 2 else ("cards",)
            raise located.error(where, f"motion {motion} has {len(versions)} skill version(s); "
                                       "expected exactly 2 (D-SETUP-2)")
        skills.append((versions[0], versions[1]))
    return Character(spec.character, spec.name, cards, basics, tuple(skills), file)


def builtin_characters() -> dict[str, Path]:
    return {p.stem: p for p in sorted(DATA_DIR.glob("*.yaml"))}


load_character = FileCache(_load)


def find_character(name: str) -> Character:
    """A built-in draft character by id, or a draft character file by path."""
    return find_file(name, builtin_characters(), load_character, "draft character", "character")
