"""The files this ruleset reads: fighter files and deck files (``hisoutab schema fighter|deck
--ruleset recast-rift``).

Their JSON Schemas are the loaders' own: the pydantic models of :mod:`.cards` and :mod:`.decks`, with
what the fighter loader checks by hand — each ability's effects, conditions and trigger events —
described from the tables of :mod:`.vocabulary` it checks them against.
"""

from __future__ import annotations

import copy
from typing import Any

from hisoutab.engine.schemas import FileFormat, Schema, document, model_schema, named_items

from .cards import ID, SPELLS_PER_FIGHTER, FighterSpec, builtin_fighters
from .decks import DeckFileSpec, builtin_decks
from .vocabulary import (
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
    RESTRICTIONS,
    TARGET_PLAYERS,
    TARGETED,
    TIMINGS,
    TRIGGERS,
    TYPES,
    WHO,
)

HAND_LIFE = ("hand", "life")
NUMBER: Schema = {"type": "integer", "minimum": 0}
NUMBER_OR_BAR: Schema = {"anyOf": [NUMBER, {"enum": list(BAR_WORDS)}]}
COUNT: Schema = {"type": "integer", "minimum": 1}
#: a condition, by reference: conditions nest (``all_of``, ``any_of``, ``not``)
CONDITION: Schema = {"$ref": "#/$defs/Condition"}


def target_schema(kind: str) -> Schema:
    """The ``target:`` of a targeted effect: a player, or for a card-targeting one a card target."""
    players: Schema = {"enum": list(TARGET_PLAYERS)}
    if TARGETED[kind][0] == "player":
        return players
    fields: dict[str, Schema] = {k: {"enum": list(v)} for k, v in CARD_TARGET.items()}
    return {"anyOf": [players, {"type": "object", "properties": fields | {"all": {"type": "boolean"}},
                                "additionalProperties": False}]}


def _aimed(kind: str, plain: Schema | None) -> Schema:
    """A targeted effect's value: its plain value (``plain``; None: no value), or written with its
    target (``{n: N, target: …}``, ``{target: …}``)."""
    counted = EFFECT_VALUES[kind] == "count"
    fields: dict[str, Schema] = ({"n": COUNT} if counted else {}) | {"target": target_schema(kind)}
    aimed: Schema = {"type": "object", "properties": fields, "required": list(fields),
                     "additionalProperties": False}
    return {"anyOf": [plain if plain is not None else {"type": "null"}, aimed]}


def _value(kind: str) -> Schema | None:
    """The schema of an effect's value, dispatched on :data:`EFFECT_VALUES` as the loader checks it
    (None: the effect takes no value)."""
    expected = EFFECT_VALUES[kind]
    if kind in TARGETED:
        return _aimed(kind, None if expected == "none" else COUNT)
    if expected == "none":
        return None
    if expected == "count":
        return COUNT
    if expected == "change":  # either side may be left out
        return {"type": "object", "properties": dict.fromkeys(HAND_LIFE, NUMBER),
                "additionalProperties": False, "minProperties": 1}
    if expected == "attack":  # both sides, each a number or a bar
        return {"type": "object", "properties": dict.fromkeys(HAND_LIFE, NUMBER_OR_BAR),
                "required": list(HAND_LIFE), "additionalProperties": False}
    if expected == "restriction":
        filters = dict(zip(CAST_FILTERS, ({"enum": list(TYPES)}, {"enum": list(TIMINGS)}), strict=True))
        return {"type": "object", "properties": {"action": {"enum": list(RESTRICTIONS)},
                                                 "who": {"enum": list(WHO)}} | filters,
                "required": ["action", "who"], "additionalProperties": False}
    if expected == "modifier":
        return {"type": "object", "properties": {"number": {"enum": list(NUMBERS)},
                                                 "by": {"type": "integer", "not": {"const": 0}},
                                                 "who": {"enum": list(WHO)}},
                "required": ["number", "by", "who"], "additionalProperties": False}
    if expected == "condition":
        return CONDITION
    raise ValueError(f"effect {kind!r}: no schema for a value of kind {expected!r}")


def condition_schema() -> Schema:
    """A condition: a name, or one ``name: N`` pair of a counted condition, and ``of``; or several
    (``all_of`` / ``any_of`` a list, ``not`` one; a bare list is all of them)."""
    plain = [c for c in CONDITIONS if c not in COUNTED]
    counted = [c for c in CONDITIONS if c in COUNTED]
    of = {"of": {"enum": ["you", "opponent"]}}
    listed: Schema = {"type": "array", "items": CONDITION, "minItems": 1}
    combined = [{"type": "object", "properties": {name: CONDITION if name == "not" else listed},
                 "required": [name], "additionalProperties": False} for name in COMBINATORS]
    return {"anyOf": [listed, *combined,
        {"enum": plain},
        {"type": "object", "properties": {key: {"type": "null"} for key in plain} | of,
         "additionalProperties": False, "minProperties": 2, "maxProperties": 2, "required": ["of"]},
        {"type": "object", "properties": dict.fromkeys(counted, NUMBER) | of,
         "additionalProperties": False, "minProperties": 1, "maxProperties": 2},
    ]}


def filter_schema() -> Schema:
    """A trigger's filter on its event (the loader checks which events carry which field)."""
    kinds = {"type": {"enum": list(TYPES)}, "timing": {"enum": list(TIMINGS)},
             "zone": {"enum": ["III", "II", "I", "0"]}}
    fields = {key: kinds.get(key, NUMBER) | {"description": words}
              for key, (words, _events) in FILTERS.items()}
    return {"type": "object", "properties": fields, "additionalProperties": False, "minProperties": 1}


def effects(allowed: frozenset[str]) -> Schema:
    """One effect of an ability that may hold the effects ``allowed``."""
    names = [k for k in EFFECT_VALUES if k in allowed]
    values = {k: _value(k) for k in names}
    bare = [k for k in names if values[k] is None or EFFECT_VALUES[k] == "none"]
    return named_items(bare, {k: v for k, v in values.items() if v is not None})


def _ability(base: Schema, kind: str) -> Schema:
    out = copy.deepcopy(base)
    out["properties"]["effects"]["items"] = effects(ALLOWED[kind])
    return out


def fighter_schema() -> Schema:
    schema = model_schema(FighterSpec)
    defs: dict[str, Any] = schema["$defs"]
    base = defs.pop("AbilitySpec")
    defs["Condition"] = condition_schema()
    base["properties"]["condition"] = {"anyOf": [CONDITION, {"type": "null"}], "default": None}
    base["properties"]["filter"] = {"type": "null", "default": None}  # a trigger's only
    # a trigger event belongs to a [While Deployed] ability of a Trigger card only
    base["properties"]["when"] = {"type": "null", "default": None}
    for tag in ("on_cast", "on_recovery", "on_awaken", "while_awakened", "static"):
        defs[f"Ability.{tag}"] = _ability(base, tag)
    defs["Ability.while_awakened"]["required"] = ["id", "effects"]
    deployed = _ability(base, "continuous")  # no trigger event: a continuous ability …
    deployed["properties"]["when"] = {"anyOf": [{"enum": list(TRIGGERS)}, {"type": "null"}],
                                      "default": None}
    deployed["properties"]["filter"] = {"anyOf": [filter_schema(), {"type": "null"}], "default": None}
    deployed["if"] = {"required": ["when"], "properties": {"when": {"enum": list(TRIGGERS)}}}
    deployed["then"] = {"properties": {"effects": {"items": effects(ALLOWED["trigger"])}}}
    deployed["else"] = {"properties": {"effects": {"items": effects(ALLOWED["continuous"])}}}
    deployed["properties"]["effects"]["items"] = {}  # … or a triggered one: then and else say which
    defs["Ability.while_deployed"] = deployed
    for model, tags in (("SpellSpec", ("on_cast", "while_deployed", "on_recovery")),
                        ("AwakeningSpec", ("on_awaken", "while_awakened", "static"))):
        for tag in tags:
            defs[model]["properties"][tag]["items"] = {"$ref": f"#/$defs/Ability.{tag}"}
    spell = defs["SpellSpec"]["properties"]
    spell["recast"]["uniqueItems"] = True
    spell["attack"] = {"anyOf": [{"type": "array", "items": NUMBER_OR_BAR, "minItems": 2,
                                  "maxItems": 2}, {"type": "null"}], "default": None}
    spells = schema["properties"]["spells"]
    spells["propertyNames"] = {"pattern": ID}
    spells["minProperties"] = spells["maxProperties"] = SPELLS_PER_FIGHTER
    return document(schema, title="Touhou Recast Rift fighter file",
                    description="A fighter of the ruleset recast-rift: her awakening card and her "
                                f"{SPELLS_PER_FIGHTER} spell cards, each ability a list of effects of the "
                                "card vocabulary (docs/cards.md). The loader checks more than this "
                                "schema: what each card type needs, ids used once, and the effects and "
                                "conditions a designer's module registers.",
                    command="hisoutab schema fighter --ruleset recast-rift")


def deck_schema() -> Schema:
    return document(model_schema(DeckFileSpec), title="Touhou Recast Rift deck file",
                    description="A deck of the ruleset recast-rift: two fighters and, optionally, the "
                                "nine spell cards it holds (else they are chosen during setup).",
                    command="hisoutab schema deck --ruleset recast-rift")


FORMATS = {
    "fighter": FileFormat("a fighter: her awakening card and spell cards", fighter_schema,
                          builtin_fighters),
    "deck": FileFormat("a deck: two fighters and, optionally, its nine spells", deck_schema,
                       builtin_decks),
}
