"""Fighter files: one YAML file per fighter (``data/fighters``) with her awakening card and her seven
spell cards, validated on load (RR-COMP-1 … RR-COMP-4).

Loading never runs anything from a file: safe YAML builds plain data, pydantic checks its shape, and
the checks below its meaning. Every error names the file, the line and the field and says what was
expected. Abilities are lists of effects from the closed vocabulary of :mod:`.vocabulary`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from dataclasses import replace as with_fields
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hisoutab.engine.yamlio import FileCache, Located, find_file, load_yaml, pydantic_error

from . import extensions
from .vocabulary import (
    ALIASES,
    ALLOWED,
    BAR_WORDS,
    CARD_TARGET,
    CAST_FILTERS,
    COMBINATORS,
    CONDITIONS,
    COUNTED,
    EFFECT_VALUES,
    FILTERS,
    NUMBERS,
    POSITIONS,
    RESTRICTIONS,
    TARGET_PLAYERS,
    TARGETED,
    TIMINGS,
    TRIGGERS,
    TYPES,
    WHO,
)

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "fighters"
SPELLS_PER_FIGHTER = 7  # RR-COMP-4: 1 awakening card and 7 spell cards
ID = r"^[a-z][a-z0-9_]*$"


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CostSpec(_Base):
    face_down: int = Field(ge=1)


class AbilitySpec(_Base):
    id: str | None = Field(None, pattern=ID)
    condition: str | dict[str, Any] | list[Any] | None = None
    when: str | None = None
    filter: dict[str, Any] | None = None  # what a trigger asks of its event (vocabulary.FILTERS)
    once_per_turn: bool = False
    preempt: bool = False
    cost: CostSpec | None = None
    effects: list[Any] = Field(min_length=1)
    text: str = ""


class SpellSpec(_Base):
    name: str = Field(min_length=1)
    timing: Literal["normal", "preempt", "full_power"]
    type: Literal["attack", "action", "set", "trigger"]
    recast: list[Literal["III", "II", "I"]] = Field(min_length=1, max_length=3)
    attack: list[int | str] | None = None
    graze: bool = False
    deploy_to_zero: bool = False
    on_cast: list[AbilitySpec] = Field(default_factory=list)  # any number, in order (L112 is an example)
    while_deployed: list[AbilitySpec] = Field(default_factory=list)
    on_recovery: list[AbilitySpec] = Field(default_factory=list)
    text: str = ""


class AwakeningSpec(_Base):
    id: str = Field(pattern=ID)
    name: str = Field(min_length=1)
    awaken_at_preempt: bool = False
    on_awaken: list[AbilitySpec] = Field(default_factory=list)
    while_awakened: list[AbilitySpec] = Field(default_factory=list)
    static: list[AbilitySpec] = Field(default_factory=list)  # [While Awakened], always in force
    text: str = ""


class FighterSpec(_Base):
    fighter: str = Field(pattern=ID)
    name: str = Field(min_length=1)
    extensions: list[str] = Field(default_factory=list)  # designer modules beside the file
    awakening: AwakeningSpec
    spells: dict[str, SpellSpec]


@dataclass(frozen=True)
class Condition:
    """A condition on what a player can see: its name (``vocabulary.CONDITIONS``), its number (for
    a counted one such as ``life_at_most``), and whose it is (``you`` or ``opponent``); or one made
    of others (``vocabulary.COMBINATORS``: ``all_of``, ``any_of``, ``not``) in ``parts``."""

    name: str
    n: int = 0
    of: str = "you"
    parts: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Target:
    """Whom or which cards an effect acts on (``vocabulary.TARGETED``), seen from the card's owner:
    ``whose`` (``you``, ``opponent``, ``each``); for a card, its recast position (``zone``, any
    when empty), who chooses it (``chosen_by``: ``you`` or the target card's ``owner``) and whether
    it is every such card (``every``)."""

    whose: str = "you"
    zone: str = ""
    chosen_by: str = "you"
    every: bool = False


@dataclass(frozen=True)
class Effect:
    """One effect of an ability: its kind, a count ``n``, or Hand / Life numbers (``None``: a bar);
    a restriction or a modifier also has its fields in ``data`` (``action``, ``who``, ``number``,
    ``by``…), an ``if`` step its ``condition``."""

    kind: str
    n: int = 0
    hand: int | None = 0
    life: int | None = 0
    data: tuple[tuple[str, Any], ...] = ()
    condition: Condition | None = None
    target: Target | None = None

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.data).get(key, default)


@dataclass(frozen=True)
class Ability:
    """One ability: its effects in order, and what limits it (a condition, a trigger event, a cost,
    once per turn, usable at the opponent's preempt timing)."""

    effects: tuple[Effect, ...]
    id: str = ""
    test: Condition | None = None
    when: str = ""
    once_per_turn: bool = False
    preempt: bool = False
    cost_face_down: int = 0
    text: str = ""
    filter: tuple[tuple[str, Any], ...] = ()  # a trigger's filter on its event

    @property
    def continuous(self) -> bool:
        return not self.when

    @property
    def condition(self) -> str:
        """The name of its condition ("" for none)."""
        return self.test.name if self.test else ""


@dataclass(frozen=True)
class Spell:
    """A spell card as the rules use it (RR-COMP-3)."""

    id: str
    name: str
    fighter: str
    timing: str
    type: str
    recast: tuple[int, ...]  # positions it may be deployed to (3 = [III]), nearest first
    attack: tuple[int | None, int | None] | None = None  # (Hand, Life); None: a bar
    graze: bool = False
    deploy_to_zero: bool = False
    on_cast: tuple[Ability, ...] = ()
    while_deployed: tuple[Ability, ...] = ()
    on_recovery: tuple[Ability, ...] = ()
    text: str = ""
    awakening = False

    def continuous(self, kind: str) -> tuple[Effect, ...]:
        """The effects of ``kind`` among its continuous [While Deployed] abilities."""
        return tuple(e for a in self.while_deployed if a.continuous for e in a.effects if e.kind == kind)


@dataclass(frozen=True)
class Awakening:
    """An awakening card (RR-COMP-2): its name is a song title; its back serves as the Life."""

    id: str
    name: str
    fighter: str
    awaken_at_preempt: bool = False
    on_awaken: tuple[Ability, ...] = ()
    while_awakened: tuple[Ability, ...] = ()
    text: str = ""
    static: tuple[Ability, ...] = ()
    awakening = True


@dataclass(frozen=True)
class Fighter:
    id: str
    name: str
    awakening: Awakening
    spells: dict[str, Spell] = field(hash=False, compare=False)
    file: str = ""

    def cards(self) -> tuple[Awakening | Spell, ...]:
        return (self.awakening, *self.spells.values())


# --------------------------------------------------------------------------- values
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number_or_bar(located: Located, path: tuple[Any, ...], value: Any) -> int | None:
    if isinstance(value, str) and value.strip() in BAR_WORDS:
        return None
    if _is_int(value) and value >= 0:
        return int(value)
    raise located.error(path, f"expected a number ≥ 0 or a bar ('ー'), got {value!r}")


def _change(located: Located, path: tuple[Any, ...], kind: str, value: Any) -> tuple[int, int]:
    if not isinstance(value, dict) or not value or set(value) - {"hand", "life"}:
        raise located.error(path, f"expected {{hand: N, life: N}} for {kind!r} (either may be left "
                                  f"out), got {value!r}")
    out = []
    for side in ("hand", "life"):
        v = value.get(side, 0)
        if not _is_int(v) or v < 0:
            raise located.error(path + (side,), f"expected a number ≥ 0, got {v!r}")
        out.append(int(v))
    if not any(out):
        raise located.error(path, f"{kind!r} changes nothing; expected a number ≥ 1 on one side")
    return out[0], out[1]


def _effect(located: Located, path: tuple[Any, ...], item: Any, allowed: frozenset[str],
            where: str) -> Effect:
    kind, value, has_value, path = _effect_item(located, path, item)
    if kind not in EFFECT_VALUES:
        raise located.error(path, f"unknown effect {kind!r}; expected one of "
                                  + ", ".join(sorted(EFFECT_VALUES)))
    if kind not in allowed:
        raise located.error(path, f"{kind!r} cannot be part of {where}; expected one of "
                                  + ", ".join(sorted(allowed)))
    expected = EFFECT_VALUES[kind]
    if expected == "none":
        if kind in TARGETED and isinstance(value, dict):
            return _targeted(located, path, kind, value)
        if has_value and value is not None:
            raise located.error(path, f"{kind!r} takes no value; write it as '- {kind}'")
        return _aimed(located, path, Effect(kind))
    if not has_value:
        raise located.error(path, f"{kind!r} needs a value; write it as '- {kind}: …'")
    if kind in TARGETED and isinstance(value, dict):
        return _targeted(located, path, kind, value)
    return _aimed(located, path, _effect_value(located, path, kind, expected, value))


def _aimed(located: Located, path: tuple[Any, ...], effect: Effect) -> Effect:
    """``effect`` in the general form: an alias (``opponent_draw``) becomes its effect with its
    target, and a targeted effect without one gets its default target."""
    if effect.kind in ALIASES:
        kind, target = ALIASES[effect.kind]
        return with_fields(effect, kind=kind, target=parse_target(located, path, kind, target))
    if effect.kind in TARGETED and effect.target is None:
        return with_fields(effect, target=Target(TARGETED[effect.kind][1]))
    return effect


def _targeted(located: Located, path: tuple[Any, ...], kind: str, value: dict[str, Any]) -> Effect:
    """A targeted effect written with its target: ``{n: N, target: T}`` (``{target: T}`` for one
    that takes no number)."""
    counted = EFFECT_VALUES[kind] == "count"
    keys = {"n", "target"} if counted else {"target"}
    extra = set(value) - keys
    if extra or "target" not in value or (counted and "n" not in value):
        form = "{n: N, target: …}" if counted else "{target: …}"
        raise located.error(path + ((sorted(extra)[0],) if extra else ()),
                            f"expected {form} for {kind!r}, e.g. "
                            + ("{n: 1, target: opponent}" if counted else "{target: {whose: you}}"))
    n = 0
    if counted:
        n = value["n"]
        if not _is_int(n) or n < 1:
            raise located.error(path + ("n",), f"expected a number ≥ 1 for {kind!r}, got {n!r}")
    return Effect(kind, n=n, target=parse_target(located, path + ("target",), kind, value["target"]))


def parse_target(located: Located, path: tuple[Any, ...], kind: str, value: Any) -> Target:
    """The target of effect ``kind`` as written: a player (``you``, ``opponent``, ``each``), or for
    a card-targeting effect also ``{whose, zone, chosen_by, all}``."""
    what = TARGETED[kind][0]
    if isinstance(value, str) and value in TARGET_PLAYERS:
        return Target(value)
    if what == "player" or not isinstance(value, dict):
        shape = "" if what == "player" else " or {whose: …, zone: …, chosen_by: …, all: …}"
        raise located.error(path, f"expected a target for {kind!r}: one of "
                                  f"{', '.join(TARGET_PLAYERS)}{shape}, got {value!r}")
    extra = set(value) - {*CARD_TARGET, "all"}
    if extra:
        raise located.error(path + (sorted(extra)[0],), "unknown field; a card target has whose, "
                                                        "zone, chosen_by and all")
    out: dict[str, Any] = {}
    for key, allowed in CARD_TARGET.items():
        if key in value:
            if value[key] not in allowed:
                raise located.error(path + (key,), f"expected one of {', '.join(allowed)}, got "
                                                   f"{value[key]!r}")
            out[key] = value[key]
    every = value.get("all", False)
    if not isinstance(every, bool):
        raise located.error(path + ("all",), f"expected true or false, got {every!r}")
    target = Target(out.get("whose", TARGETED[kind][1]), out.get("zone", ""), out.get("chosen_by", "you"),
                    every)
    if target.chosen_by == "owner" and target.whose == "each":
        raise located.error(path + ("chosen_by",), "'chosen_by: owner' names one owner; expected "
                                                   "whose: you or opponent")
    if target.zone == "0" and kind == "delay":
        raise located.error(path + ("zone",), "a card in [0] has no recast time to raise; expected "
                                              "III, II or I")
    return target


def _effect_item(located: Located, path: tuple[Any, ...], item: Any
                 ) -> tuple[str, Any, bool, tuple[Any, ...]]:
    """(kind, value, whether a value was written, the path of the value) of one effect entry."""
    if isinstance(item, str):
        return item, None, False, path
    if isinstance(item, dict) and len(item) == 1:
        kind, value = next(iter(item.items()))
        return str(kind), value, True, path + (kind,)
    raise located.error(path, "expected an effect: a name such as 'lift_all' or one 'name: "
                              "value' pair such as 'draw: 2'")


def _effect_value(located: Located, path: tuple[Any, ...], kind: str, expected: str,
                  value: Any) -> Effect:
    """An effect whose value is of the ``expected`` form (EFFECT_VALUES)."""
    if expected == "count":
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise located.error(path, f"expected a number ≥ 1 for {kind!r}, got {value!r}")
        return Effect(kind, n=value)
    if expected == "change":
        hand, life = _change(located, path, kind, value)
        return Effect(kind, hand=hand, life=life)
    if expected == "restriction":
        return Effect(kind, data=_restriction(located, path, value))
    if expected == "modifier":
        return Effect(kind, data=_modifier(located, path, value))
    if expected == "condition":
        return Effect(kind, condition=parse_condition(located, path, value))
    if not isinstance(value, dict) or set(value) != {"hand", "life"}:
        raise located.error(path, f"expected {{hand: N, life: N}} for a text «Attack» (a bar is "
                                  f"'ー'), got {value!r}")
    return Effect(kind, hand=_number_or_bar(located, path + ("hand",), value["hand"]),
                  life=_number_or_bar(located, path + ("life",), value["life"]))


def _who(located: Located, path: tuple[Any, ...], value: dict[str, Any]) -> str:
    who = value.get("who")
    if who not in WHO:
        raise located.error(path + ("who",), f"expected who: one of {', '.join(WHO)} (whom it "
                                             f"applies to, seen from the card's owner), got {who!r}")
    return str(who)


def _restriction(located: Located, path: tuple[Any, ...], value: Any) -> tuple[tuple[str, Any], ...]:
    if not isinstance(value, dict) or "action" not in value:
        raise located.error(path, "expected {action: …, who: you|opponent|both} for 'cannot', e.g. "
                                  "{action: lift, who: opponent}")
    extra = set(value) - {"action", "who", *CAST_FILTERS}
    if extra:
        raise located.error(path + (sorted(extra)[0],), "unknown field; a restriction has action, "
                                                        "who, and for 'cast' type or timing")
    action = value["action"]
    if action not in RESTRICTIONS:
        raise located.error(path + ("action",), f"unknown action {action!r}; expected one of "
                                                + ", ".join(RESTRICTIONS))
    out: list[tuple[str, Any]] = [("action", action), ("who", _who(located, path, value))]
    for key, allowed in (("type", TYPES), ("timing", TIMINGS)):
        if key in value:
            if "cast" not in (action, getattr(extensions.RESTRICTIONS.get(action), "action", "")):
                raise located.error(path + (key,), f"{key!r} narrows a 'cast' restriction only")
            if value[key] not in allowed:
                raise located.error(path + (key,), f"expected one of {', '.join(allowed)}, got "
                                                   f"{value[key]!r}")
            out.append((key, value[key]))
    return tuple(out)


def _modifier(located: Located, path: tuple[Any, ...], value: Any) -> tuple[tuple[str, Any], ...]:
    if not isinstance(value, dict) or set(value) - {"number", "by", "who"} or "number" not in value:
        raise located.error(path, "expected {number: …, by: N, who: you|opponent|both} for 'modify', "
                                  "e.g. {number: draw_step, by: 1, who: you}")
    number = value["number"]
    if number not in NUMBERS:
        raise located.error(path + ("number",), f"unknown number {number!r}; expected one of "
                                                + ", ".join(NUMBERS))
    by = value.get("by")
    if not _is_int(by) or by == 0:
        raise located.error(path + ("by",), f"expected a whole number other than 0 (more: 1, fewer: "
                                            f"-1), got {by!r}")
    return (("number", number), ("by", by), ("who", _who(located, path, value)))


def parse_condition(located: Located, path: tuple[Any, ...], value: Any) -> Condition:
    """A condition as written: a name (``hand_empty``), or one ``name: N`` pair, and ``of``; or
    several (``all_of: [...]``, ``any_of: [...]``, ``not: …``; a bare list is all of them)."""
    if isinstance(value, list):
        return _combined(located, path, "all_of", value)
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in COMBINATORS:
        name, inner = next(iter(value.items()))
        return _combined(located, path + (name,), name, inner)
    return _single(located, path, value)


def _combined(located: Located, path: tuple[Any, ...], name: str, value: Any) -> Condition:
    """``all_of`` / ``any_of`` a list of conditions (at ``path``), or ``not`` one."""
    if name == "not":
        return Condition("not", parts=(parse_condition(located, path, value),))
    if not isinstance(value, list) or not value:
        raise located.error(path, f"expected a list of conditions for {name!r}, e.g. "
                                  f"{{{name}: [hand_empty, {{life_at_most: 2}}]}}")
    return Condition(name, parts=tuple(parse_condition(located, path + (k,), c)
                                       for k, c in enumerate(value)))


def _single(located: Located, path: tuple[Any, ...], value: Any) -> Condition:
    """One condition of ``vocabulary.CONDITIONS``, with ``of``."""
    of = "you"
    if isinstance(value, dict):
        value = dict(value)
        of = value.pop("of", "you")
        if of not in ("you", "opponent"):
            raise located.error(path + ("of",), f"expected of: you or opponent, got {of!r}")
        if len(value) == 1 and next(iter(value.values())) is None:
            value = next(iter(value))
    if isinstance(value, str):
        if value not in CONDITIONS:
            raise located.error(path, f"unknown condition {value!r}; expected one of "
                                      + ", ".join(CONDITIONS))
        if value in COUNTED:
            raise located.error(path, f"{value!r} needs a number; write it as '{value}: N'")
        return Condition(value, 0, of)
    if isinstance(value, dict) and len(value) == 1:
        name, n = next(iter(value.items()))
        if name not in CONDITIONS:
            raise located.error(path + (name,), f"unknown condition {name!r}; expected one of "
                                                + ", ".join(CONDITIONS))
        if name not in COUNTED:
            raise located.error(path + (name,), f"{name!r} takes no number; write it as '{name}'")
        if not _is_int(n) or n < 0:
            raise located.error(path + (name,), f"expected a number ≥ 0, got {n!r}")
        return Condition(name, int(n), of)
    raise located.error(path, "expected a condition: a name such as 'hand_empty', or one 'name: N' "
                              "pair such as 'life_at_most: 3' (and 'of: opponent')")


def parse_filter(located: Located, path: tuple[Any, ...], event: str, value: dict[str, Any]
                 ) -> tuple[tuple[str, Any], ...]:
    """A trigger's filter on its ``event``: each field one of ``vocabulary.FILTERS`` that the event
    carries, with a value of its kind."""
    if not value:
        raise located.error(path, "expected at least one field, e.g. {type: attack}")
    out = []
    for key, v in value.items():
        if key not in FILTERS:
            raise located.error(path + (key,), f"unknown filter {key!r}; expected one of "
                                               + ", ".join(FILTERS))
        if event not in FILTERS[key][1]:
            raise located.error(path + (key,), f"the event {event!r} has no {key!r} to filter on; "
                                               f"{key!r} filters " + ", ".join(FILTERS[key][1]))
        allowed = {"type": TYPES, "timing": TIMINGS, "zone": ("III", "II", "I", "0")}.get(key)
        if allowed is not None and v not in allowed:
            raise located.error(path + (key,), f"expected one of {', '.join(allowed)}, got {v!r}")
        if allowed is None and (not _is_int(v) or v < 0):
            raise located.error(path + (key,), f"expected a number ≥ 0, got {v!r}")
        out.append((str(key), v))
    return tuple(out)


def _event(located: Located, p: tuple[Any, ...], tag: str, spec: AbilitySpec
           ) -> tuple[tuple[str, Any], ...]:
    """Check an ability's trigger event (``when:``) and return its filter (``filter:``)."""
    if spec.when is not None:
        if tag != "while_deployed":
            raise located.error(p + ("when",), "only a [While Deployed] ability of a Trigger "
                                               "card has a trigger event")
        if spec.when not in TRIGGERS:
            raise located.error(p + ("when",), f"unknown trigger event {spec.when!r}; expected "
                                               "one of " + ", ".join(TRIGGERS))
    if spec.filter is None:
        return ()
    if spec.when is None:
        raise located.error(p + ("filter",), "a filter narrows a trigger event; expected 'when:' "
                                             "beside it")
    return parse_filter(located, p + ("filter",), spec.when, spec.filter)


def _abilities(located: Located, path: tuple[Any, ...], specs: Iterable[AbilitySpec], tag: str,
               where: str) -> tuple[Ability, ...]:
    out = []
    for k, spec in enumerate(specs):
        p = path + (k,)
        test = (None if spec.condition is None
                else parse_condition(located, p + ("condition",), spec.condition))
        kind = tag
        if tag == "while_deployed":
            kind = "trigger" if spec.when is not None else "continuous"
        event_filter = _event(located, p, tag, spec)
        if tag not in ("while_awakened", "static") and spec.id is not None:
            raise located.error(p + ("id",), "'id' belongs to a [While Awakened] ability (one that "
                                             "is activated)")
        if tag != "while_awakened":
            for name in ("once_per_turn", "preempt", "cost"):
                if getattr(spec, name) not in (None, False):
                    raise located.error(p + (name,), f"{name!r} belongs to a [While Awakened] "
                                                     "ability (one that is activated)")
        elif spec.id is None:
            raise located.error(p, "a [While Awakened] ability needs an 'id' (its activation is "
                                   "chosen by it)")
        effects = tuple(_effect(located, p + ("effects", j), e, ALLOWED[kind], where)
                        for j, e in enumerate(spec.effects))
        if effects[0].kind == "if":
            raise located.error(p + ("effects", 0), "an ability starts with an effect; a condition "
                                                    "on the whole ability is written 'condition:'")
        out.append(Ability(effects, spec.id or "", test, spec.when or "",
                           spec.once_per_turn, spec.preempt,
                           spec.cost.face_down if spec.cost else 0, spec.text, event_filter))
    return tuple(out)


# --------------------------------------------------------------------------- cards
def _spell(located: Located, fighter: str, cid: str, spec: SpellSpec) -> Spell:
    path: tuple[Any, ...] = ("spells", cid)
    if len(set(spec.recast)) != len(spec.recast):
        raise located.error(path + ("recast",), "a recast time is listed twice; expected each of "
                                                "III, II, I at most once (RR-COMP-3.3)")
    recast = tuple(sorted((POSITIONS[r] for r in spec.recast), reverse=True))
    attack: tuple[int | None, int | None] | None = None
    if spec.type == "attack":
        if spec.attack is None or len(spec.attack) != 2:
            raise located.error(path + ("attack",), "an Attack card needs an attack value [Hand, "
                                                    "Life], e.g. [2, 1] or ['ー', 2] (RR-COMP-3.6)")
        attack = (_number_or_bar(located, path + ("attack", 0), spec.attack[0]),
                  _number_or_bar(located, path + ("attack", 1), spec.attack[1]))
    elif spec.attack is not None:
        raise located.error(path + ("attack",), f"a {spec.type} card has no attack value; only an "
                                                "Attack card has one (RR-COMP-3.6)")
    on_cast = _abilities(located, path + ("on_cast",), spec.on_cast, "on_cast", "an [On Cast] ability")
    deployed = _abilities(located, path + ("while_deployed",), spec.while_deployed, "while_deployed",
                          "a [While Deployed] ability")
    recovery = _abilities(located, path + ("on_recovery",), spec.on_recovery, "on_recovery",
                          "an [On Recovery] ability")
    if spec.type == "action" and (deployed or recovery):
        raise located.error(path + ("while_deployed" if deployed else "on_recovery",),
                            "an Action card has only [On Cast] abilities (RR-COMP-3.5)")
    if spec.type == "trigger" and not any(a.when for a in deployed):
        raise located.error(path + ("while_deployed",), "a Trigger card needs a [While Deployed] "
                                                        "ability with a trigger event ('when:', "
                                                        "RR-COMP-3.5)")
    if spec.type != "attack" and any(e.kind == "raise" for a in on_cast for e in a.effects):
        raise located.error(path + ("on_cast",), "'raise' changes the card's own «Attack»; only an "
                                                 "Attack card has one (RR-COMP-3.6)")
    return Spell(cid, spec.name, fighter, spec.timing, spec.type, recast, attack, spec.graze,
                 spec.deploy_to_zero, on_cast, deployed, recovery, spec.text)


def _awakening(located: Located, fighter: str, spec: AwakeningSpec) -> Awakening:
    path: tuple[Any, ...] = ("awakening",)
    on_awaken = _abilities(located, path + ("on_awaken",), spec.on_awaken, "on_awaken",
                           "an [On Awaken] ability")
    awakened = _abilities(located, path + ("while_awakened",), spec.while_awakened, "while_awakened",
                          "a [While Awakened] ability")
    static = _abilities(located, path + ("static",), spec.static, "static",
                        "a static [While Awakened] ability")
    if not on_awaken and not awakened and not static:
        raise located.error(path, "an awakening card has [On Awaken] and/or [While Awakened] "
                                  "abilities (RR-COMP-2.4)")
    ids = [a.id for a in awakened]
    if len(set(ids)) != len(ids):
        raise located.error(path + ("while_awakened",), "two [While Awakened] abilities share an id")
    return Awakening(spec.id, spec.name, fighter, spec.awaken_at_preempt, on_awaken, awakened,
                     spec.text, static)


def _load(path: str | Path) -> Fighter:
    """Load and validate one fighter file (cached while the file is unchanged)."""
    return _from_located(load_yaml(path), path)


#: fighters written inside another file (a scenario), by the name their setup gives them
_INLINE: dict[str, Fighter] = {}
#: a scenario's inline fighter ``based_on:`` a built-in one: these fields merge spell by spell
MERGED_BY_KEY = ("spells",)
COUNTED_KEYS: tuple[str, ...] = ()


def fighter_from_located(located: Located, file: str, name: str) -> str:
    """Validate a fighter written inside ``file`` (its errors placed there by ``located``) and
    register it under ``name``, which a deck then names like a built-in id; returns ``name``."""
    _INLINE[name] = _from_located(located, file)
    return name


def _from_located(located: Located, path: str | Path) -> Fighter:
    extensions.load_entry_points()
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping with fighter, name, awakening and spells")
    try:
        spec = FighterSpec.model_validate(located.data)
    except ValidationError as exc:
        raise pydantic_error(located, exc) from None
    for cid in spec.spells:
        if not isinstance(cid, str) or not _valid_id(cid):
            raise located.error(("spells", cid), f"spell id {cid!r}: expected lower-case letters, "
                                                 "digits and '_' (starting with a letter)")
    if len(spec.spells) != SPELLS_PER_FIGHTER:
        raise located.error(("spells",), f"a fighter has {SPELLS_PER_FIGHTER} spell cards "
                                         f"(RR-COMP-4); this file has {len(spec.spells)}")
    for k, module in enumerate(spec.extensions):
        extensions.load_module(located, ("extensions", k), Path(path).resolve().parent, module)
    if spec.awakening.id in spec.spells:
        raise located.error(("awakening", "id"), f"{spec.awakening.id!r} is also a spell id")
    awakening = _awakening(located, spec.fighter, spec.awakening)
    spells = {cid: _spell(located, spec.fighter, cid, s) for cid, s in spec.spells.items()}
    return Fighter(spec.fighter, spec.name, awakening, spells, str(path))


def _valid_id(cid: str) -> bool:
    import re

    return re.fullmatch(ID, cid) is not None


def builtin_fighters() -> dict[str, Path]:
    return {p.stem: p for p in sorted(DATA_DIR.glob("*.yaml"))}


load_fighter = FileCache(_load)


def find_fighter(name: str) -> Fighter:
    """A built-in fighter by id, a fighter file by path, or one a scenario wrote inline."""
    if name in _INLINE:
        return _INLINE[name]
    fighter: Fighter = find_file(name, builtin_fighters(), load_fighter, "fighter", "fighters")
    return fighter
