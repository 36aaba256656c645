"""The files this ruleset reads: draft character files (``hisoutab schema character --ruleset
hisoutab-draft``).

Their JSON Schema is the loader's own: the pydantic models of :mod:`.cards`, with the effect lists
(which the loader checks by hand against :data:`~.cards.EFFECTS` and :data:`~.cards.ON_DAMAGE`)
described from those same tables.
"""

from __future__ import annotations

from typing import Any

from hisoutab.engine.schemas import FileFormat, Schema, document, model_schema, named_items
from hisoutab.games.hisoutab.kit.cards import CARD_ID

from .cards import EFFECTS, ON_DAMAGE, CharacterSpec, builtin_characters


def effects(table: dict[str, tuple[str, str]]) -> Schema:
    """One item of an effect list checked against ``table``: a bare name when the effect takes no
    value, else ``name: N`` with an integer N ≥ 1 (as the loader checks it)."""
    plain = [kind for kind, (expected, _clause) in table.items() if expected == "no value"]
    valued = {kind: {"type": "integer", "minimum": 1} for kind in table if kind not in plain}
    return named_items(plain, valued)


def character_schema() -> Schema:
    schema = model_schema(CharacterSpec)
    card: dict[str, Any] = schema["$defs"]["CardSpec"]["properties"]
    card["effects"]["items"] = effects(EFFECTS)
    card["on_damage"]["items"] = effects(ON_DAMAGE)
    schema["properties"]["cards"]["propertyNames"] = {"pattern": f"^{CARD_ID.pattern}$"}
    return document(schema, title="HisouTab early draft character file",
                    description="A character of the ruleset hisoutab-draft: its basic cards and, for "
                                "each motion, two skill versions (docs/rules/hisoutab-draft.md). The "
                                "loader checks more than this schema: two versions per motion, the "
                                "range grids, the needs of attacks and defenses.",
                    command="hisoutab schema character --ruleset hisoutab-draft")


FORMATS = {"character": FileFormat("a draft character: basic cards and two skill versions per motion",
                                   character_schema, builtin_characters)}
