"""The files this ruleset reads: character files (``hisoutab schema character``).

Their JSON Schema is the loader's own: the pydantic models of :mod:`.cards`, with the effect lists
(which the loader checks by hand against :data:`~.cards.EFFECTS` and
:data:`~.cards.ON_DAMAGE_EFFECTS`) described from those same tables.
"""

from __future__ import annotations

from typing import Any

from hisoutab.engine.schemas import FileFormat, Schema, document, model_schema, named_items
from hisoutab.games.hisoutab.kit.cards import CARD_ID

from .cards import (
    EFFECTS,
    MOTION_TAGS,
    ON_DAMAGE_EFFECTS,
    BulletSpec,
    CharacterSpec,
    SubSpec,
    builtin_characters,
)

#: a motion tag, quoted or not (the loader reads 236 as '236')
MOTION: Schema = {"enum": [*MOTION_TAGS, *(int(t) for t in MOTION_TAGS)]}


def _value(kind: str, expected: str) -> Schema | None:
    """The schema of an effect's value, dispatched as the loader checks it (None: no value)."""
    if expected == "no value":
        return None
    if expected.startswith("an integer"):
        return {"type": "integer", "minimum": 1}
    if expected.startswith("a motion tag"):
        return MOTION
    if kind == "bullet":
        return {"$ref": "#/$defs/BulletSpec"}
    if kind == "sub":
        return {"$ref": "#/$defs/SubSpec"}
    raise ValueError(f"effect {kind!r}: no schema for its value ({expected})")


def effects(table: dict[str, tuple[str, str]]) -> Schema:
    """The schema of one item of an effect list checked against ``table``."""
    values = {kind: _value(kind, expected) for kind, (expected, _clause) in table.items()}
    plain = [kind for kind, v in values.items() if v is None]
    return named_items(plain, {kind: v for kind, v in values.items() if v is not None})


def character_schema() -> Schema:
    schema = model_schema(CharacterSpec)
    defs: dict[str, Any] = schema["$defs"]
    for model in (BulletSpec, SubSpec):
        defs[model.__name__] = {k: v for k, v in model_schema(model).items() if k != "$defs"}
    effect = effects(EFFECTS)
    card = defs["CardSpec"]["properties"]
    for name in ("effects", "ground", "air"):
        card[name]["items"] = effect
    card["on_damage"]["items"] = effects(ON_DAMAGE_EFFECTS)
    card["motion"] = {"anyOf": [MOTION, {"type": "null"}], "default": None}
    defs["SideSpec"]["properties"]["effects"]["items"] = effect
    # a sub-action holds the same effects, but never another sub-action
    defs["SubSpec"]["properties"]["effects"]["items"] = effects(
        {k: v for k, v in EFFECTS.items() if k != "sub"})
    schema["properties"]["cards"]["propertyNames"] = {"pattern": f"^{CARD_ID.pattern}$"}
    return document(schema, title="HisouTab 0.45.2 character file",
                    description="A character of the ruleset hisoutab-0.45.2: standing and knockdown "
                                "cards, main deck, special area, extra deck, spell cards and every "
                                "card (docs/cards.md). The loader checks more than this schema: "
                                "that the decks and pools name cards of the file, the range grids, "
                                "the needs of attacks.",
                    command="hisoutab schema character --ruleset hisoutab-0.45.2")


FORMATS = {"character": FileFormat("a character: its cards, decks and pools (docs/cards.md)",
                                   character_schema, builtin_characters)}
