"""Character card data: one YAML file per character, validated on load.

Every error names the file, the line, the card and the field, and says what was expected. Loading a
file builds plain data only; it never runs anything from the file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args

from pydantic import Field, ValidationError

from hisoutab.engine.yamlio import Located, pydantic_error
from hisoutab.games.hisoutab.duel import parse_range as parse_range  # the loaders' range grids
from hisoutab.games.hisoutab.kit import cards as kit_cards
from hisoutab.games.hisoutab.kit.cards import CharacterFiles, CharacterSpecBase, Named, StrictSpec

CardKind = Literal["physical", "bullet", "defense", "move", "cancel", "spell", "special",
                   "upgrade", "knockdown"]
CARD_KINDS: tuple[str, ...] = get_args(CardKind)

#: effect kind → (value expected, clause that implements it)
EFFECTS: dict[str, tuple[str, str]] = {
    "move": ("an integer ≥ 1 (cells)", "H-EFF-MOVE"),
    "dash": ("an integer ≥ 1 (cells)", "H-EFF-DASH"),
    "approach": ("an integer ≥ 1 (cells)", "H-KW-APPROACH"),
    "defense": ("no value", "H-EFF-DEF"),
    "physical": ("no value", "H-EFF-PHYS"),
    "bullet": ("a bullet mapping (duration, straight/trace, angle, bounce, multi, field)", "H-EFF-BUL"),
    "special": ("a motion tag: '236', '623', '214' or '421'", "H-EFF-SPECIAL"),
    "upgrade": ("a motion tag: '236', '623', '214' or '421'", "H-UPG-0"),
    "spell": ("no value", "H-EFF-SPELL"),
    "sub": ("a sub-action mapping (startup, recovery, cost, effects)", "H-KW-SUB"),
}
#: effects allowed only under on_damage (H-KW-ONDMG)
ON_DAMAGE_EFFECTS: dict[str, tuple[str, str]] = {
    "knockdown": ("no value", "H-KW-KD"),
    "spirit_break": ("no value", "H-BREAK"),
    "knockback": ("an integer ≥ 1 (cells)", "H-KW-KNOCKBACK"),
    "approach": ("an integer ≥ 1 (cells)", "H-KW-APPROACH"),
}
MOTION_TAGS = ("236", "623", "214", "421")
#: bullet directions, relative to the facing (dx forward, dy up)
DIRECTIONS: dict[str, tuple[int, int]] = {
    "forward": (1, 0), "up-forward": (1, 1), "up": (0, 1), "up-back": (-1, 1),
    "back": (-1, 0), "down-back": (-1, -1), "down": (0, -1), "down-forward": (1, -1),
}

MAX_COPIES = 99  # copies of one card in a main deck

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "characters"


class SideSpec(StrictSpec):
    """One orientation of a card with a top and a bottom effect (H-PLAY-SIM)."""

    name: str | None = None
    effects: list[Any] = Field(default_factory=list)
    damage: int | None = Field(None, ge=0)
    hitstun: int | None = Field(None, ge=1)
    range: str | None = None


Direction = Literal["forward", "up-forward", "up", "up-back", "back", "down-back", "down",
                    "down-forward"]


class BulletSpec(StrictSpec):
    """A bullet attack (H-EFF-BUL) and its bullet keywords (H-KW-STRAIGHT … H-KW-FIELD)."""

    duration: int = Field(ge=1)
    straight: int | None = Field(None, ge=1)
    trace: int | None = Field(None, ge=1)
    angle: list[Direction] | None = Field(None, min_length=1)
    bounce: bool = False
    multi: int = Field(1, ge=1, le=8)
    field: list[int] | None = Field(None, min_length=2, max_length=2)


class SubSpec(StrictSpec):
    """{A/B/C "effect"} (H-KW-SUB): a sub-action with its own startup, recovery and cost."""

    startup: int = Field(ge=1)
    recovery: int = Field(ge=1)
    cost: int = Field(0, ge=0)
    effects: list[Any] = Field(min_length=1)


@dataclass(frozen=True)
class Bullet:
    duration: int
    straight: int = 0
    trace: int = 0
    angle: tuple[str, ...] = ()
    bounce: bool = False
    multi: int = 1
    field: tuple[int, int] | None = None


@dataclass(frozen=True)
class Sub:
    startup: int
    recovery: int
    cost: int
    effects: tuple[tuple[str, Any], ...]


class CardSpec(StrictSpec):
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
    priority: bool = False
    uncancellable: bool = False
    ground_only: bool = False
    knockback: int = Field(0, ge=0)
    can_cancel: list[str] = Field(default_factory=list)
    on_damage: list[Any] = Field(default_factory=list)
    ground: list[Any] = Field(default_factory=list)
    air: list[Any] = Field(default_factory=list)
    spell_cost: int = Field(1, ge=1, le=5)
    motion: Literal["236", "623", "214", "421"] | None = None
    level: int = Field(1, ge=1)


class CharacterSpec(CharacterSpecBase):
    standing: list[str] = Field(default_factory=list)
    knockdown: str
    deck: dict[str, int]
    special_area: dict[Literal["236", "623", "214", "421"], str] = Field(default_factory=dict)
    extra: list[str] = Field(default_factory=list)
    spells: list[str] = Field(default_factory=list)
    spell_deck: list[str] = Field(default_factory=list)
    cards: dict[str, CardSpec]


@dataclass(frozen=True)
class Card(Named):
    """A card definition as the rules use it (one face; see :meth:`face`)."""

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
    priority: bool = False  # H-KW-PRIORITY
    uncancellable: bool = False  # H-KW-NOCANCEL
    ground_only: bool = False  # H-KW-GROUND
    knockback: int = 0  # H-KW-KNOCKBACK
    can_cancel: tuple[str, ...] = ()  # H-KW-CANCELS: card ids or effect kinds
    on_damage: tuple[tuple[str, Any], ...] = ()  # H-KW-ONDMG
    ground: tuple[tuple[str, Any], ...] = ()  # H-KW-GROUNDAIR
    air: tuple[tuple[str, Any], ...] = ()
    spell_cost: int = 1  # H-SPELL-COST: spell cards discarded, this one included
    motion: str | None = None  # the special area tag of a special effect
    level: int = 1  # H-UPG-LV

    def face(self, side: str) -> Card:
        """The card as played upright ("top") or upside-down ("bottom"); itself when one-sided."""
        for name, c in self.sides:
            if name == side:
                return c
        return self

    @property
    def two_sided(self) -> bool:
        return bool(self.sides)

    def effect_value(self, kind: str) -> Any:
        for k, v in self.effects:
            if k == kind:
                return v
        return None

    def has_effect(self, kind: str) -> bool:
        return any(k == kind for k, _ in self.effects)


@dataclass(frozen=True)
class Character(Named):
    standing: tuple[str, ...]
    knockdown: str
    deck: tuple[tuple[str, int], ...]
    cards: dict[str, Card] = field(hash=False, compare=False)
    file: str = ""
    special_area: tuple[tuple[str, str], ...] = ()  # (motion tag, special effect card)
    extra: tuple[str, ...] = ()  # extra deck: upgraded specials
    spells: tuple[str, ...] = ()  # the spell-card pool
    spell_deck: tuple[str, ...] = ()  # the 10 spell cards played (H-SETUP-5)

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]


def _parse_effects(located: Located, path: tuple[Any, ...], items: Iterable[Any],
                   table: dict[str, tuple[str, str]] = EFFECTS) -> tuple[tuple[str, Any], ...]:
    out = []
    for p, kind, value, has_value in kit_cards.effect_entries(located, path, items, sorted(table)):
        expected = table[kind][0]
        if expected == "no value":
            kit_cards.check_no_value(located, p, kind, value, has_value)
        if expected.startswith("an integer"):
            kit_cards.check_count(located, p, kind, value, expected)
        if expected.startswith("a motion tag"):
            value = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
            if value not in MOTION_TAGS:
                raise located.error(p, f"expected {expected} for {kind!r}, got {value!r}")
        if kind == "bullet":
            value = _bullet(located, p, value)
        elif kind == "sub":
            value = _sub(located, p, value)
        out.append((kind, value))
    return tuple(out)


M = TypeVar("M", bound=StrictSpec)


def _block(located: Located, p: tuple[Any, ...], value: Any, model: type[M], expected: str) -> M:
    """An effect's mapping (``p``: its place) validated as ``model``; ``expected`` says what it is."""
    if not isinstance(value, dict):
        raise located.error(p, f"expected {expected}")
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        raise pydantic_error(located, exc, p) from None


def _bullet(located: Located, p: tuple[Any, ...], value: Any) -> Bullet:
    spec = _block(located, p, value, BulletSpec, "a bullet mapping such as {duration: 3, straight: 1}")
    if spec.straight and spec.trace:
        raise located.error(p, "a bullet moves either 'straight' or by 'trace', not both")
    if spec.multi > 1 and not spec.trace and spec.angle and len(spec.angle) < spec.multi:
        raise located.error(p + ("multi",), f"multi {spec.multi} needs at least {spec.multi} "
                                            "angles: non-tracing bullets point in different directions")
    return Bullet(spec.duration, spec.straight or 0, spec.trace or 0, tuple(spec.angle or ()),
                  spec.bounce, spec.multi, (spec.field[0], spec.field[1]) if spec.field else None)


def _sub(located: Located, p: tuple[Any, ...], value: Any) -> Sub:
    spec = _block(located, p, value, SubSpec, "a sub-action mapping {startup, recovery, cost, effects}")
    inner = _parse_effects(located, p + ("effects",), spec.effects)
    if any(k == "sub" for k, _ in inner):
        raise located.error(p + ("effects",), "a sub-action cannot hold another sub-action")
    return Sub(spec.startup, spec.recovery, spec.cost, inner)


def _card(located: Located, cid: str, spec: CardSpec, character: str) -> Card:
    path: tuple[Any, ...] = ("cards", cid)

    def reach_of(text: str | None, p: tuple[Any, ...]) -> tuple[tuple[int, int], ...]:
        return kit_cards.read_range(located, p, text)

    effects = _parse_effects(located, path + ("effects",), spec.effects)
    reach = reach_of(spec.range, path + ("range",))
    keywords: dict[str, Any] = dict(
        character=character, priority=spec.priority, uncancellable=spec.uncancellable,
        ground_only=spec.ground_only, knockback=spec.knockback,
        can_cancel=tuple(spec.can_cancel),
        on_damage=_parse_effects(located, path + ("on_damage",), spec.on_damage, ON_DAMAGE_EFFECTS),
        ground=_parse_effects(located, path + ("ground",), spec.ground),
        air=_parse_effects(located, path + ("air",), spec.air),
        spell_cost=spec.spell_cost, motion=spec.motion, level=spec.level)
    base = Card(cid, spec.name, spec.kind, spec.startup, spec.recovery, spec.cost, spec.cancel,
                spec.damage, spec.hitstun, spec.guard_cost, reach, effects, spec.text, **keywords)
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
                    **keywords)
        _check_card(located, sp, face)
        sides.append((side_name, face))
    if sides:
        if effects:
            raise located.error(path + ("effects",), "a two-sided card keeps its effects under "
                                                     "'top' and 'bottom', not 'effects'")
        return Card(**{**base.__dict__, "sides": tuple(sides)})
    _check_card(located, path, base)
    return base


def _all_effects(card: Card) -> list[tuple[str, Any]]:
    out = list(card.effects) + list(card.ground) + list(card.air)
    for _k, v in list(out):
        if isinstance(v, Sub):
            out += list(v.effects)
    return out


def _check_card(located: Located, path: tuple[Any, ...], card: Card) -> None:
    effects = _all_effects(card)
    if any(k == "physical" for k, _ in effects):
        if not card.reach:
            raise located.error(path + ("range",), "a physical attack needs a range grid "
                                                   "(rows of G, R and .)")
        if card.hitstun < 1:
            raise located.error(path + ("hitstun",), "a physical attack needs hitstun ≥ 1")
    if any(k == "bullet" for k, _ in effects) and card.hitstun < 1:
        raise located.error(path + ("hitstun",), "a bullet attack needs hitstun ≥ 1")


def _read_tags(data: dict[str, Any]) -> dict[str, Any]:
    """Motion tags may be written unquoted (236): read them as the text they stand for."""
    if isinstance(data.get("special_area"), dict):
        data["special_area"] = {_tag(k): v for k, v in data["special_area"].items()}
    if isinstance(data.get("cards"), dict):
        data["cards"] = {k: ({**v, "motion": _tag(v["motion"])} if isinstance(v, dict)
                             and "motion" in v else v) for k, v in data["cards"].items()}
    return data


def character_from_located(located: Located, file: str) -> Character:
    """Validate character data already read (a file, or a mapping inside a scenario: ``located``
    then places its errors in that file)."""
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping with character, name, standing, knockdown, "
                                "deck and cards")
    data = dict(located.data)
    kit_cards.check_card_ids(located, data)
    try:
        spec = CharacterSpec.model_validate(_read_tags(data))
    except ValidationError as exc:
        raise pydantic_error(located, exc) from None
    cards = {cid: _card(located, cid, cs, spec.character) for cid, cs in spec.cards.items()}
    _check_pools(located, spec, cards)
    _check_standing(located, spec, cards)
    _check_deck(located, spec, cards)
    return Character(spec.character, spec.name, tuple(spec.standing), spec.knockdown,
                     tuple(spec.deck.items()), cards, file,
                     tuple(sorted(spec.special_area.items(), key=lambda kv: MOTION_TAGS.index(kv[0]))),
                     tuple(spec.extra), tuple(spec.spells), tuple(spec.spell_deck))


def _check_standing(located: Located, spec: CharacterSpec, cards: dict[str, Card]) -> None:
    """The standing cards, each once, and the knockdown card: cards of the file, of the right kind."""
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


def _check_deck(located: Located, spec: CharacterSpec, cards: dict[str, Card]) -> None:
    """The main deck: cards of the file, 1 to MAX_COPIES copies, no standing or knockdown card."""
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


def _tag(value: Any) -> Any:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


SPELL_DECK_SIZE = 10


class _Pools:
    """Which pool each card of a character file belongs to, claimed once."""

    def __init__(self, located: Located, spec: CharacterSpec, cards: dict[str, Card]) -> None:
        self.located, self.cards = located, cards
        self.owner: dict[str, str] = {c: "standing" for c in spec.standing}
        self.owner[spec.knockdown] = "knockdown"
        for c in spec.deck:
            self.owner.setdefault(c, "deck")

    def claim(self, cid: str, pool: str, path: tuple[Any, ...]) -> None:
        if cid not in self.cards:
            raise self.located.error(path, f"unknown card {cid!r}; expected one of the cards of this file")
        if self.owner.get(cid, pool) != pool:
            raise self.located.error(path, f"{cid!r} is already used as a {self.owner[cid]} card; expected "
                                           "each card in one pool only")
        self.owner[cid] = pool


def _check_pools(located: Located, spec: CharacterSpec, cards: dict[str, Card]) -> None:
    """Special area, extra deck and spell cards: known cards, right attributes, one pool each."""
    pools = _Pools(located, spec, cards)
    _check_specials(located, spec, cards, pools)
    _check_spells(located, spec, pools)
    _check_card_names(located, spec, cards)


def _check_specials(located: Located, spec: CharacterSpec, cards: dict[str, Card], pools: _Pools) -> None:
    """The special area's cards have its slot's motion; the extra deck's have a motion."""
    for tag, cid in spec.special_area.items():
        pools.claim(cid, "special", ("special_area", tag))
        if cards[cid].motion != tag:
            raise located.error(("special_area", tag), f"{cid!r} has motion {cards[cid].motion!r}; "
                                                       f"expected {tag!r}")
    for i, cid in enumerate(spec.extra):
        pools.claim(cid, "extra", ("extra", i))
        if cards[cid].motion is None:
            raise located.error(("extra", i), f"{cid!r} has no motion; an upgraded special needs "
                                              "'motion' and 'level'")


def _check_spells(located: Located, spec: CharacterSpec, pools: _Pools) -> None:
    """The spell pool, each card once; the spell deck: SPELL_DECK_SIZE cards of the pool, each once."""
    for i, cid in enumerate(spec.spells):
        if cid in spec.spells[:i]:
            raise located.error(("spells", i), f"{cid!r} is listed twice")
        pools.claim(cid, "spell", ("spells", i))
    if spec.spells and len(spec.spell_deck) != SPELL_DECK_SIZE:
        raise located.error(("spell_deck",), f"expected {SPELL_DECK_SIZE} spell cards, got "
                                             f"{len(spec.spell_deck)}")
    for i, cid in enumerate(spec.spell_deck):
        if cid not in spec.spells:
            raise located.error(("spell_deck", i), f"{cid!r} is not in 'spells'; expected cards of "
                                                   "the spell pool")
        if cid in spec.spell_deck[:i]:
            raise located.error(("spell_deck", i), f"{cid!r} is listed twice")


def _check_card_names(located: Located, spec: CharacterSpec, cards: dict[str, Card]) -> None:
    """What cards name: ``can_cancel`` a card of the file or an effect kind; an upgrade a special of
    the extra deck."""
    for cid, card in cards.items():
        for k, name in enumerate(card.can_cancel):
            if name not in cards and name not in EFFECTS:
                raise located.error(("cards", cid, "can_cancel", k),
                                    f"{name!r} is neither a card of this file nor an effect kind; "
                                    "expected a card id or one of " + ", ".join(sorted(EFFECTS)))
        if any(k == "upgrade" for k, _ in card.effects) and not any(
                cards[e].name == card.name for e in spec.extra):
            raise located.error(("cards", cid, "name"), f"upgrade card {card.name!r} names no "
                                                        "special of the extra deck")


FILES = CharacterFiles(DATA_DIR, character_from_located, "character")
builtin_characters = FILES.builtin
load_character = FILES.load
find_character = FILES.find
