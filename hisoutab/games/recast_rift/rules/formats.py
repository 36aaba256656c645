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
    CAST_FILTERS,
    CONDITIONS,
    COUNTED,
    EFFECT_VALUES,
    NUMBERS,
    RESTRICTIONS,
    TIMINGS,
    TRIGGERS,
    TYPES,
    WHO,
)

HAND_LIFE = ("hand", "life")
NUMBER: Schema = {"type": "integer", "minimum": 0}
NUMBER_OR_BAR: Schema = {"anyOf": [NUMBER, {"enum": list(BAR_WORDS)}]}


def _value(kind: str) -> Schema | None:
    """The schema of an effect's value, dispatched on :data:`EFFECT_VALUES` as the loader checks it
    (None: the effect takes no value)."""
    expected = EFFECT_VALUES[kind]
    if expected == "none":
        return None
    if expected == "count":
        return {"type": "integer", "minimum": 1}
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
        return condition_schema()
    raise ValueError(f"effect {kind!r}: no schema for a value of kind {expected!r}")


def condition_schema() -> Schema:
    """A condition: a name, or one ``name: N`` pair of a counted condition, and ``of``."""
    plain = [c for c in CONDITIONS if c not in COUNTED]
    counted = [c for c in CONDITIONS if c in COUNTED]
    of = {"of": {"enum": ["you", "opponent"]}}
    return {"anyOf": [
        {"enum": plain},
        {"type": "object", "properties": {key: {"type": "null"} for key in plain} | of,
         "additionalProperties": False, "minProperties": 2, "maxProperties": 2, "required": ["of"]},
        {"type": "object", "properties": dict.fromkeys(counted, NUMBER) | of,
         "additionalProperties": False, "minProperties": 1, "maxProperties": 2},
    ]}


def effects(allowed: frozenset[str]) -> Schema:
    """One effect of an ability that may hold the effects ``allowed``."""
    names = [k for k in EFFECT_VALUES if k in allowed]
    values = {k: _value(k) for k in names}
    return named_items([k for k in names if values[k] is None],
                       {k: v for k, v in values.items() if v is not None})


def _ability(base: Schema, kind: str) -> Schema:
    out = copy.deepcopy(base)
    out["properties"]["effects"]["items"] = effects(ALLOWED[kind])
    return out


def fighter_schema() -> Schema:
    schema = model_schema(FighterSpec)
    defs: dict[str, Any] = schema["$defs"]
    base = defs.pop("AbilitySpec")
    base["properties"]["condition"] = {"anyOf": [condition_schema(), {"type": "null"}],
                                       "default": None}
    # a trigger event belongs to a [While Deployed] ability of a Trigger card only
    base["properties"]["when"] = {"type": "null", "default": None}
    for tag in ("on_cast", "on_recovery", "on_awaken", "while_awakened", "static"):
        defs[f"Ability.{tag}"] = _ability(base, tag)
    defs["Ability.while_awakened"]["required"] = ["id", "effects"]
    deployed = _ability(base, "continuous")  # no trigger event: a continuous ability …
    deployed["properties"]["when"] = {"anyOf": [{"enum": list(TRIGGERS)}, {"type": "null"}],
                                      "default": None}
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
