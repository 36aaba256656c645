"""Draft character data: one YAML file per character (``hisoutab/data/draft``), validated on load.

Every error names the file, the line and the field, and says what was expected. A character has basic
cards (always in hand) and, for each motion 236/623/214/421, exactly two skill versions (D-SETUP-2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, model_validator

from hisoutab.engine.yamlio import Located, pydantic_error
from hisoutab.games.hisoutab.kit.cards import (
    CharacterFiles,
    CharacterSpecBase,
    Named,
    StrictSpec,
    check_card_ids,
    check_count,
    check_no_value,
    effect_entries,
    read_range,
)

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


class BulletSpec(StrictSpec):
    straight: int | None = Field(None, ge=1)
    trace: int | None = Field(None, ge=1)
    slots: int = Field(ge=1)
    directions: list[Direction] | None = None

    @model_validator(mode="after")
    def _one_movement(self) -> BulletSpec:
        if (self.straight is None) == (self.trace is None):
            raise ValueError("a bullet needs exactly one of 'straight: X' and 'trace: X'")
        return self


class CardSpec(StrictSpec):
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


class CharacterSpec(CharacterSpecBase):
    cards: dict[str, CardSpec]


@dataclass(frozen=True)
class Card(Named):
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
class Character(Named):
    cards: dict[str, Card] = field(hash=False, compare=False)
    basics: tuple[str, ...] = ()
    skills: tuple[tuple[str, str], ...] = ()  # per MOTIONS: the two versions
    file: str = ""


def _effects(located: Located, path: tuple[Any, ...], items: Iterable[Any],
             table: dict[str, tuple[str, str]]) -> tuple[tuple[str, Any], ...]:
    out = []
    for p, kind, value, has_value in effect_entries(located, path, items, table):
        expected = table[kind][0]
        if expected == "no value":
            check_no_value(located, p, kind, value, has_value)
        else:
            check_count(located, p, kind, value, expected)
        out.append((kind, value))
    return tuple(out)


def _card(located: Located, cid: str, spec: CardSpec) -> Card:
    path: tuple[Any, ...] = ("cards", cid)
    effects = _effects(located, path + ("effects",), spec.effects, EFFECTS)
    on_damage = _effects(located, path + ("on_damage",), spec.on_damage, ON_DAMAGE)
    reach = read_range(located, path + ("range",), spec.range)
    kinds = [k for k, _ in effects]
    if not effects:
        raise located.error(path + ("effects",), "a card needs at least one effect")
    _check_attacks(located, path, spec, kinds, reach)
    _check_roles(located, path, spec, kinds, on_damage)
    b = spec.bullet
    return Card(cid, spec.name, spec.kind, spec.cast, spec.recovery, spec.cost, spec.cancel,
                spec.damage, spec.hitlag, reach, effects, on_damage, spec.ground_only, spec.parry,
                spec.immune, spec.motion, (b.straight or 0) if b else 0, (b.trace or 0) if b else 0,
                b.slots if b else 0,
                tuple(b.directions) if b and b.directions else tuple(DIRECTIONS), spec.text)


def _check_attacks(located: Located, path: tuple[Any, ...], spec: CardSpec, kinds: list[str],
                   reach: tuple[tuple[int, int], ...]) -> None:
    """A physical attack has a range and hitlag; a bullet card has the effect, its block and hitlag."""
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


def _check_roles(located: Located, path: tuple[Any, ...], spec: CardSpec, kinds: list[str],
                 on_damage: tuple[tuple[str, Any], ...]) -> None:
    """A defense card has only the defense effect, a parry strikes back physically, "damage:"
    effects follow an attack."""
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


def character_from_located(located: Located, file: str) -> Character:
    """Validate draft character data already read (a file, or a mapping inside a scenario)."""
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping with character, name and cards")
    check_card_ids(located, located.data)
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


FILES = CharacterFiles(DATA_DIR, character_from_located, "draft character")
builtin_characters = FILES.builtin
load_character = FILES.load
find_character = FILES.find
