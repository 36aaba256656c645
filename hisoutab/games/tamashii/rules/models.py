"""The pydantic models of TAMASHII's data files (``data/*.yaml``): they validate a file's shape and
give its JSON Schema (``hisoutab schema <kind> --ruleset tamashii``); :mod:`.content` checks what
crosses files."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from . import vocabulary as v

ID = r"^[a-z][a-z0-9-]*$"
Count = int


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def check_effect(effect: Any) -> dict[str, Any]:
    """One effect: a mapping of one vocabulary word to its value (:data:`vocabulary.EFFECT_VALUES`)."""
    if not isinstance(effect, dict) or len(effect) != 1:
        raise ValueError(f"an effect is one 'word: value' pair; words: {', '.join(v.EFFECT_VALUES)}")
    (word, value), = effect.items()
    kind = v.EFFECT_VALUES.get(word)
    if kind is None:
        raise ValueError(f"unknown effect {word!r}; expected one of {', '.join(v.EFFECT_VALUES)}")
    problem = _value_problem(kind, value)
    if problem:
        raise ValueError(f"effect {word}: expected {problem}, got {value!r}")
    return {word: value}


def _value_problem(kind: str, value: Any) -> str:
    positive = isinstance(value, int) and not isinstance(value, bool) and value > 0
    if kind in ("count", "none"):
        return "" if positive or (kind == "none" and value is True) else "a positive whole number"
    if kind == "signed":
        ok = isinstance(value, int) and not isinstance(value, bool) and value != 0
        return "" if ok else "a whole number other than 0"
    if kind == "resources":
        return "" if _resources(value) else f"a mapping of {', '.join(v.RESOURCES)} to positive numbers"
    if kind == "colour":
        return "" if value in (*v.COLOURS, "any") else f"one of {', '.join(v.COLOURS)} or any"
    if kind == "gang":
        return "" if value in v.GANGS else f"one of {', '.join(v.GANGS)}"
    return "" if value is True else "true"


def _resources(value: Any) -> bool:
    return (isinstance(value, dict) and bool(value) and all(k in v.RESOURCES for k in value)
            and all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in value.values()))


Effects = list[dict[str, Any]]


def _effects(value: Any) -> Any:
    if isinstance(value, list):
        return [check_effect(e) for e in value]
    return value


class Code(_Model):
    """A code: a pattern of chip letters (rows of R B G Y, C the core colour, * any chip, . none),
    rotated but never mirrored (TM-CODE-1), and its effects."""

    id: str = Field("", pattern=r"^([a-z][a-z0-9-]*)?$")  # a card's code: the card's id
    name: str = ""
    pattern: list[str] = Field(min_length=1, max_length=4)
    effects: Effects = Field(min_length=1)

    _check_effects = field_validator("effects", mode="before")(_effects)

    @field_validator("pattern")
    @classmethod
    def _rows(cls, rows: list[str]) -> list[str]:
        width = len(rows[0])
        if not 1 <= width <= 4 or any(len(r) != width for r in rows):
            raise ValueError("every row of a pattern has the same length, 1 to 4 letters")
        bad = {ch for r in rows for ch in r} - set(v.LETTERS)
        if bad:
            raise ValueError(f"unknown letter(s) {''.join(sorted(bad))}: expected R B G Y C * .")
        if all(ch == "." for r in rows for ch in r):
            raise ValueError("a pattern needs at least one chip")
        return rows


class Cost(_Model):
    """A skill's dice cost: one die showing one of ``face``, two dice showing the same face
    (``pair``), or two dice adding up to at least ``sum``."""

    face: list[int] | None = None
    pair: bool | None = None
    sum: int | None = Field(None, ge=2, le=12)

    @model_validator(mode="after")
    def _one(self) -> Cost:
        given = [x for x in (self.face, self.pair, self.sum) if x is not None]
        if len(given) != 1:
            raise ValueError("a cost is exactly one of face, pair, sum")
        if self.face is not None and not all(1 <= f <= 6 for f in self.face):
            raise ValueError("faces run from 1 to 6")
        return self


class Skill(_Model):
    id: str = Field(pattern=ID)
    name: str
    cost: Cost
    effects: Effects = Field(min_length=1)
    reusable: bool = False

    _check_effects = field_validator("effects", mode="before")(_effects)


class Stats(_Model):
    program: int = 0
    move: int = 0
    attack: int = 0


class Body(_Model):
    id: str = Field(pattern=ID)
    name: str
    program: int = Field(ge=0, le=8)
    move: int = Field(ge=0, le=6)
    attack: int = Field(ge=0, le=8)
    skills: list[Skill] = Field(min_length=1)
    transfer: Code | None = None


class BodiesFile(_Model):
    passer_by: Body
    bodies: list[Body] = Field(min_length=1)
    clinic: list[str] = []


class ClassSpec(_Model):
    id: str = Field(pattern=ID)
    name: str
    body: str
    core: str

    @field_validator("core")
    @classmethod
    def _core(cls, c: str) -> str:
        if c not in v.COLOURS:
            raise ValueError(f"expected one of {', '.join(v.COLOURS)}")
        return c


class ClassesFile(_Model):
    classes: list[ClassSpec] = Field(min_length=4, max_length=4)


class _Effects(_Model):
    """A list of effects, at least one (the vocabulary checked)."""

    effects: Effects = Field(min_length=1)

    _check_effects = field_validator("effects", mode="before")(_effects)


class PhaseEffect(_Effects):
    phase: str

    @field_validator("phase")
    @classmethod
    def _phase(cls, p: str) -> str:
        if p not in v.PHASES:
            raise ValueError(f"expected one of {', '.join(v.PHASES)}")
        return p


class Mod(_Model):
    """A mod card: its Memory cost (TM-MOD-4) and what it does once equipped."""

    id: str = Field(pattern=ID)
    name: str
    class_: str | None = Field(None, alias="class")
    gang: str | None = None
    cost: int = Field(ge=0, le=5)
    code: Code | None = None
    skill: Skill | None = None
    start_of: PhaseEffect | None = None
    stats: Stats | None = None
    reroll: bool = False

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _does(self) -> Mod:
        if not any((self.code, self.skill, self.start_of, self.stats, self.reroll)):
            raise ValueError("a mod card needs one of code, skill, start_of, stats, reroll")
        if self.gang is not None and self.gang not in v.GANGS:
            raise ValueError(f"gang: expected one of {', '.join(v.GANGS)}")
        return self


class ModsFile(_Model):
    class_mods: list[Mod]
    gang_mods: list[Mod]


class Enemy(_Model):
    id: str = Field(pattern=ID)
    name: str
    hp: int = Field(ge=1, le=12)
    effects: dict[str, Effects]
    hack: Code
    expel: Code

    @field_validator("effects", mode="before")
    @classmethod
    def _by_type(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {k: _effects(e) for k, e in value.items()}
        return value


class EnemiesFile(_Model):
    enemies: list[Enemy] = Field(min_length=1)


class Stage(_Model):
    check: dict[str, Any]
    reward: Effects = Field(min_length=1)

    _check_effects = field_validator("reward", mode="before")(_effects)


class Protocol(_Model):
    id: str = Field(pattern=ID)
    name: str
    stages: list[Stage] = Field(min_length=1)
    passive: Stats


class ProtocolsFile(_Model):
    protocols: list[Protocol] = Field(min_length=1)


class Action(_Effects):
    name: str


class Tile(_Model):
    id: str = Field(pattern=ID)
    name: str
    entry: int = Field(ge=0, le=6)
    stay: int = Field(ge=0, le=6)
    tags: list[str] = []
    gang: str | None = None
    action: Action


class Marker(_Effects):
    id: str = Field(pattern=ID)
    name: str


class MapFile(_Model):
    layout: list[list[str]] = Field(min_length=1, max_length=6)
    markers: list[str]
    tiles: list[Tile]
    face_down: list[Tile]
    exploration_markers: list[Marker]


class Dice(_Model):
    type_die: list[str] = Field(min_length=6, max_length=6)
    number_die: list[int] = Field(min_length=6, max_length=6)
    enemy_face: str
    broken_face: str


class BoardFile(_Model):
    trace_top: int = Field(ge=1, le=12)
    hp_start: int = Field(ge=1, le=20)
    hp_max_cap: int = Field(ge=1, le=30)
    resources_start: dict[str, int]
    colours: list[str]
    bag: dict[str, int]
    wild_total: int = Field(ge=0, le=20)
    launcher: list[str] = Field(min_length=1, max_length=5)
    dice: Dice
    basic_codes: list[Code]
    xp_code: Code


class Activity(_Effects):
    name: str


class WorldActivity(_Model):
    name: str
    check: dict[str, Any]
    result: str | None = None
    effects: Effects = []

    _check_effects = field_validator("effects", mode="before")(_effects)


class Scaling(_Model):
    uplinks_needed: dict[int, int]
    damaged_total: dict[int, int]
    enemy_copies: dict[int, int]
    supply_per_colour: dict[int, int]


class CampaignFile(_Model):
    id: str = Field(pattern=ID)
    name: str
    round_limit: int = Field(ge=1, le=50)
    scaling: Scaling
    #: A-4 Reading 2: how many damaged chips one player may own (bag, storage and launcher)
    damaged_cap: int = Field(default=4, ge=1, le=20)
    enemy_deck_empty: str
    special_code: Code
    player_activities: list[Activity]
    world_activities: list[WorldActivity] = Field(min_length=1)
    extensions: list[str] = []

    @field_validator("enemy_deck_empty")
    @classmethod
    def _empty(cls, value: str) -> str:
        if value not in ("defeat", "reshuffle", "no_draw"):
            raise ValueError("expected defeat, reshuffle or no_draw: what this campaign says an "
                             "empty enemy deck means (A-71)")
        return value
