"""JSON Schemas of scenario files and of the files a ruleset reads, for editors
(``hisoutab schema``, ``docs/schemas/``).

The scenario schema is built from what the loader validates with: its tables of keys
(:data:`~.model.TOP_KEYS`, :data:`~.model.SETUP_KEYS`, :data:`~.model.CHANCE_KINDS`,
:data:`~.expect.WHEN_KEYS`, :data:`~.expect.CHECK_KEYS`, :data:`~.expect.DECISION_KEYS` …) — each key
of those tables must have its schema below, or building fails — and, for one ruleset, from the
ruleset's own declarations: its rule options, its setup schema (pydantic), its steps and clauses, its
state records, its character format. The schema checks the shape of a file; loading it checks the
rest (labels, paths, cards, the state's invariants) and stays the last word.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hisoutab.engine.errors import InputError
from hisoutab.engine.options import RuleOption
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.engine.schemas import FileFormat, Schema, document, embed, file_formats, model_schema

from .characters import INLINE_KEYS, cards_module, fighters_module
from .expect import CHECK_KEYS, DECISION_KEYS, MODIFIERS, VIEW_KEYS, WHEN_KEYS
from .hooks import time_axis
from .model import (
    CHANCE_KINDS,
    DEFAULT_RULESET,
    NOT_WITH_REFUSED,
    SETUP_KEYS,
    SETUP_STOPS,
    TOP_KEYS,
    UNTIL_WORDS,
)
from .placing import REST_KEY

SCENARIO = "scenario"
NULLABLE = ("options", "chance", "setup", "script", "expect")  # the loader reads null as empty
TEXT: Schema = {"type": "string"}
TEXTS: Schema = {"type": "array", "items": TEXT}
JSON_TYPES = {bool: "boolean", int: "integer", str: "string", list: "array", tuple: "array"}


def _plain(value: Any) -> Any:
    """A default or choice as JSON data (tuples as lists)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class _Build:
    """One schema being built: the ruleset (None: any ruleset) and the shared ``$defs``."""

    def __init__(self, ruleset: Any | None) -> None:
        self.rs = ruleset
        self.defs: dict[str, Schema] = {}
        if ruleset is not None:
            self.defs["step"] = {"enum": sorted(ruleset.flow.steps), "description": "a step name"}
            clauses = set(ruleset.clauses) | set(ruleset.flow.clause_index())
            self.defs["clause"] = {"enum": sorted(clauses), "description": "a clause ID"}

    def step(self) -> Schema:
        return {"$ref": "#/$defs/step"} if self.rs is not None else TEXT

    def steps(self) -> Schema:
        return {"type": "array", "items": self.step()}

    def clauses(self) -> Schema:
        return {"type": "array", "items": {"$ref": "#/$defs/clause"} if self.rs is not None else TEXT}


# --------------------------------------------------------------------------- top-level keys
def _options(b: _Build) -> Schema:
    out: Schema = {"type": "object", "description": "rule options, {name: value} (`hisoutab rules "
                                                    "--json` lists them with their defaults)"}
    if b.rs is None:
        return out
    return out | {"properties": {o.name: option_schema(o) for o in b.rs.options},
                  "additionalProperties": False}


def option_schema(o: RuleOption) -> Schema:
    """What :meth:`RuleOption.validate` accepts (a ``check`` of its own is left to the loader)."""
    out: Schema = {}
    if o.choices:
        out["enum"] = [_plain(c) for c in o.choices]
    else:
        kind = o.kind or type(o.default)
        kinds = kind if isinstance(kind, tuple) else (kind,)
        types = [JSON_TYPES[k] for k in kinds if k in JSON_TYPES]
        if len(types) == len(kinds):
            out["type"] = types[0] if len(types) == 1 else types
        if o.minimum is not None:
            out["minimum"] = o.minimum
        if o.maximum is not None:
            out["maximum"] = o.maximum
    out["default"] = _plain(o.default)
    out["description"] = f"{o.doc} ({o.reading})" if o.reading else o.doc
    return out


def _chance(b: _Build) -> Schema:
    kinds: dict[str, Schema] = {
        "die": {"type": "integer", "minimum": 1, "description": "the face the next die shows"},
        "draw": {"type": "string", "description": "the card drawn next: an id, a copy (id#2) or an "
                                                  "instance (P1/id#2)"},
        "pick": {"type": "string", "description": "the next pick (a coin, the first player)"},
        "shuffle": {"type": "array", "minItems": 1, "description": "the order the next shuffle puts "
                                                                   "on top, top first"},
    }
    props = {k: kinds[k] for k in CHANCE_KINDS}
    props["player"] = {"type": "string", "description": "only a draw made for that player takes it"}
    props["what"] = {"type": "string", "description": "only a draw whose `what` (as its chance event "
                                                      "says) is this takes it"}
    props["nth"] = {"type": "integer", "minimum": 1, "default": 1,
                    "description": "the n-th matching draw from now on takes it (1: the next; "
                                   "earlier ones stay random)"}
    item = {"type": "object", "properties": props, "additionalProperties": False,
            "oneOf": [{"required": [k]} for k in CHANCE_KINDS]}
    return {"type": "array", "items": item,
            "description": "forced outcomes of the next chance events, in order"}


def _setup(b: _Build) -> Schema:
    engine: dict[str, Schema] = {
        "stop": {"anyOf": [{"enum": list(SETUP_STOPS)}, b.step()],
                 "description": "where the standard setup stops before the overlay: start, setup, "
                                "decision or a step name"},
        "state": _state(b),
        "next": {"anyOf": [{"enum": ["turn", "keep"]}, b.step(),
                           {"type": "array", "items": {"anyOf": [b.step(), _frame(b)]}}],
                 "description": "where the game goes on: turn, keep, a step name, or frames "
                                "[[step, args...], ...] (the first runs first)"},
    }
    out: Schema = {"type": "object", "properties": {k: engine[k] for k in SETUP_KEYS},
                   "description": "how the game starts: the ruleset's setup fields, stop, state, next"}
    if b.rs is None:
        return out
    fields = embed(model_schema(b.rs.setup_schema), b.defs, "setup.")
    own: dict[str, Schema] = dict(fields.get("properties", {}))
    if "characters" in own and cards_module(b.rs) is not None:  # as the loader resolves them
        own["characters"] = _with_items(own["characters"], _character_item(b))
    if "decks" in own and fighters_module(b.rs) is not None:
        _inline_fighters(b)
    out["properties"] = own | out["properties"]
    out["additionalProperties"] = False
    return out


def _frame(b: _Build) -> Schema:
    return {"type": "array", "minItems": 1, "prefixItems": [b.step()],
            "description": "a frame: [step name, args...]"}


def _state(b: _Build) -> Schema:
    out: Schema = {"type": "object", "description": "the overlay: state fields, and the players by "
                                                     "name with their fields"}
    if b.rs is None:
        return out
    cls = b.rs.state_type
    hints = typing.get_type_hints(cls)
    pfield = getattr(b.rs, "players_field", "players")
    props: dict[str, Schema] = {f.name: {} for f in dataclasses.fields(cls) if f.name != pfield}
    if "agenda" in props:
        props["agenda"] = {"type": "array", "items": _frame(b),
                           "description": "the agenda, as frames [step name, args...] (top last)"}
    out["properties"] = props
    cells = _cells(b, "shared")
    if cells:
        out["patternProperties"] = cells
    records = {a for a in typing.get_args(hints.get(pfield)) if a is not Ellipsis}
    if len(records) == 1 and getattr(player := records.pop(), "__record__", False):
        fields: dict[str, Schema] = {f.name: {} for f in dataclasses.fields(player)}
        fields[REST_KEY] = {"type": "string", "description": "where the cards pushed out of an "
                                                             "overlaid zone go (a zone of the "
                                                             "player's or a shared one; default: "
                                                             "the card's home zone, else the "
                                                             "owner's hidden pile, else the "
                                                             "shared deck)"}
        out["additionalProperties"] = {"type": "object", "properties": fields,
                                       "additionalProperties": False,
                                       "description": "a player's fields (the key is the player's "
                                                      "name: P1, P2…)"}
        mine = _cells(b, "player")
        if mine:
            out["additionalProperties"]["patternProperties"] = mine
    return out


def _cells(b: _Build, owner: str) -> dict[str, Schema]:
    """The keys of a grid zone's cells (``map[1][2]``), for the grids of ``owner``."""
    return {f"^{re.escape(z.attr)}\\[[0-9]+\\]\\[[0-9]+\\]$": {
        "description": f"one cell of the grid {z.attr} (row, column): a card, or '' for none"}
        for z in getattr(b.rs, "zones", ()) if z.kind == "grid" and z.owner == owner}


def _character_item(b: _Build) -> Schema:
    """An item of ``setup.characters``: a built-in id or a file (text), a whole character, or one
    ``based_on`` a built-in character with fields replaced (cards and deck merged)."""
    return _inline_item(b, "character")


def _inline_item(b: _Build, kind: str) -> Schema:
    """A character or fighter a setup names: a built-in id or a file (text), a whole one written
    inline, or one ``based_on`` a built-in one with fields replaced (its cards merged by id)."""
    text: Schema = {"type": "string", "description": f"a built-in {kind} id or a path to a "
                                                     f"{kind} .yaml file (relative to the scenario)"}
    fmt: FileFormat | None = file_formats(b.rs).get(kind)
    if fmt is None:
        return {"anyOf": [text, {"type": "object"}]}
    root = embed(fmt.schema(), b.defs, f"{kind}.")
    b.defs[kind] = root
    fields = dict(root.get("properties", {}))  # none required; cards and deck merge by id
    module = fighters_module(b.rs) if kind == "fighter" else cards_module(b.rs)
    for key in getattr(module, "MERGED_BY_KEY", ()):  # merged into the base's: any number
        if key in fields:
            fields[key] = {k: v for k, v in fields[key].items()
                           if k not in ("minProperties", "maxProperties")}
    (based_on,) = INLINE_KEYS
    fields[based_on] = {"enum": sorted(fmt.shipped()), "description": f"the built-in {kind} "
                                                                      "this one changes"}
    b.defs[f"{kind}.based_on"] = {"type": "object", "properties": fields, "required": [based_on],
                                  "additionalProperties": False}
    return {"anyOf": [text, {"$ref": f"#/$defs/{kind}.based_on"}, {"$ref": f"#/$defs/{kind}"}]}


def _inline_fighters(b: _Build) -> None:
    """The decks written in a setup take fighters written inline, as the loader resolves them."""
    decks = [d for name, d in list(b.defs.items()) if name.startswith("setup.")
             and d.get("properties", {}).get("fighters", {}).get("items") == TEXT]
    if decks:
        item = _inline_item(b, "fighter")
        for d in decks:
            d["properties"]["fighters"] = d["properties"]["fighters"] | {"items": item}


def _with_items(schema: Schema, item: Schema) -> Schema:
    """``schema`` (an array, or one among alternatives) with every item being ``item``."""
    out = dict(schema)
    if "prefixItems" in out:
        out["prefixItems"] = [item for _ in out["prefixItems"]]
    if out.get("type") == "array" and "prefixItems" not in out:
        out["items"] = item
    if "anyOf" in out:
        out["anyOf"] = [_with_items(s, item) for s in out["anyOf"]]
    return out


def _script(b: _Build) -> Schema:
    return {"type": "array", "description": "the choices, in order: an option's label, or {P1: label, "
                                            "P2: label} for a simultaneous decision",
            "items": {"anyOf": [TEXT, {"type": "object", "minProperties": 1,
                                       "additionalProperties": TEXT}]}}


def _until(b: _Build) -> Schema:
    index = {"type": "integer", "minimum": 0}
    keys = ("step",) if b.rs is not None and time_axis(b.rs) is None else ("step", "time")
    return {"anyOf": [{"enum": list(UNTIL_WORDS)},
                      *({"type": "object", "properties": {k: index}, "required": [k],
                         "additionalProperties": False} for k in keys)],
            "default": "end", "description": "where the run stops: end, decision, start (before any "
                                             "step), {step: N} or {time: T} (T on the ruleset's "
                                             "time_axis; refused without one)"}


def _expect(b: _Build) -> Schema:
    labels: Schema = {"anyOf": [TEXT, TEXTS]}
    per_player: Schema = {"anyOf": [labels, {"type": "object", "additionalProperties": labels}]}
    as_set: Schema = {"type": "object", "properties": {"any_order": labels}, "required": ["any_order"],
                      "additionalProperties": False}
    one_of: Schema = {"type": "object", "properties": {"one_of": {"type": "array", "minItems": 1}},
                      "required": ["one_of"], "additionalProperties": False}
    decision_fields: dict[str, Schema] = {
        "player": {"anyOf": [TEXT, one_of], "description": "the deciding player (or one of these)"},
        "players": {"type": "array", "items": TEXT, "description": "all of them (simultaneous)"},
        "kind": {"anyOf": [TEXT, one_of],
                 "description": "the decision's kind (play, move, mulligan…), or one of these"},
        "options": {"anyOf": [labels, as_set, {"type": "object",
                                                "additionalProperties": {"anyOf": [labels, as_set]}}],
                    "description": "the exact list of labels, in order ({any_order: [...]}: as a "
                                   "set)"},
        "options_any_order": per_player | {"description": "exactly these labels, in any order"},
        "includes": per_player | {"description": "labels that must be offered"},
        "excludes": per_player | {"description": "labels that must not be offered"},
        "pending": {"type": "boolean"},
    }
    cards: Schema = {"type": "object", "additionalProperties": {
        "anyOf": [TEXT, {"type": "array", "items": TEXT, "minItems": 1}]}}
    when: dict[str, Schema] = {
        "at": {"enum": ["start", "end"], "description": "on the start state, or when the run stops"},
        "after_step": {"type": "integer", "minimum": 0, "description": "after the step of that index"},
        "after": b.step() | {"description": "after the first step of that name"},
        "time": {"type": "integer", "minimum": 0, "description": "after the first step bringing the "
                                                                 "clock to T or later"},
        "at_decision": {"type": "integer", "minimum": 1, "description": "when the N-th decision of "
                                                                        "the run is pending"},
    }
    seen: dict[str, Schema] = {
        "player": {"type": "string", "description": "whose view"},
        "state": {"type": "object", "description": "PATH: VALUE in the player's view"},
        "contains": cards | {"description": "the zone at PATH, as the player sees it, holds each card"},
        "not_contains": cards | {"description": "the zone at PATH, as the player sees it, holds none"},
        "says": TEXTS | {"description": "texts of the sentences the player was shown"},
        "not_says": TEXTS | {"description": "texts no sentence shown to the player contains"},
    }
    view: Schema = {"type": "object", "properties": {k: seen[k] for k in VIEW_KEYS},
                    "required": ["player"], "additionalProperties": False, "minProperties": 2}
    checks: dict[str, Schema] = {
        "state": {"type": "object", "description": "PATH: VALUE, e.g. P2.hp: 17"},
        "contains": cards | {"description": "the zone at PATH holds each card"},
        "not_contains": cards | {"description": "the zone at PATH holds none of these cards"},
        "cited": b.clauses() | {"description": "clauses cited since the previous checkpoint"},
        "not_cited": b.clauses() | {"description": "clauses not cited since the previous checkpoint"},
        "steps": b.steps() | {"description": "steps taken since the previous checkpoint, in order"},
        "not_steps": b.steps() | {"description": "steps not taken since the previous checkpoint"},
        "events": {"type": "array", "items": {"type": "object"},
                   "description": "step events with these keys and values, in order"},
        "says": TEXTS | {"description": "texts of the step sentences since the previous checkpoint"},
        "not_says": TEXTS | {"description": "texts no step sentence contains"},
        "decision": {"anyOf": [{"const": "none"}, {"type": "null"},
                               {"type": "object",
                                "properties": {k: decision_fields[k] for k in DECISION_KEYS},
                                "additionalProperties": False}],
                     "description": "the pending decision, or none"},
        "view": {"anyOf": [view, {"type": "array", "items": view, "minItems": 1}],
                 "description": "what a player sees: their view of the state, the sentences they "
                                "are shown"},
        "occurrence": {"type": "integer", "minimum": 1, "description": "with after: the N-th such "
                                                                       "step"},
        "player": {"type": "string", "description": "with after: only that player's steps count"},
    }
    props = {k: when[k] for k in WHEN_KEYS} | {k: checks[k] for k in CHECK_KEYS}
    checkpoint: Schema = {
        "type": "object", "properties": props, "additionalProperties": False,
        "oneOf": [{"required": [k]} for k in WHEN_KEYS],  # exactly one says when
        "anyOf": [{"required": [k]} for k in CHECK_KEYS if k not in MODIFIERS],  # something to check
        "dependentRequired": {k: ["after"] for k in MODIFIERS},
    }
    return {"type": "array", "items": checkpoint, "description": "checkpoints: when, and what to "
                                                                "check"}


_TOP: dict[str, Callable[[_Build], Schema]] = {
    "name": lambda b: TEXT | {"description": "a short title"},
    "description": lambda b: TEXT | {"pattern": r"^\s*[^\n]*\s*$",
                                     "description": "one line: what rule situation this is"},
    "ruleset": lambda b: ({"const": b.rs.id} if b.rs is not None else TEXT)
    | {"description": f"the ruleset id (default {DEFAULT_RULESET})"},
    "options": _options,
    "seed": lambda b: {"type": "integer", "default": 0, "description": "the random seed"},
    "chance": _chance,
    "setup": _setup,
    "script": _script,
    "until": _until,
    "max_steps": lambda b: {"type": "integer", "minimum": 1, "default": 5000,
                            "description": "a safety limit on the steps run"},
    "expect": _expect,
    "refused": lambda b: {"type": "string", "minLength": 1,
                          "description": "the setup must be refused at load with a message "
                                         "containing this text (a negative test); nothing runs"},
}


def scenario_schema(ruleset: Any | None = None) -> Schema:
    """The schema of a scenario file of ``ruleset`` (None: of any ruleset, without its options,
    setup fields, steps or clauses)."""
    if set(_TOP) != set(TOP_KEYS):
        raise ValueError("the scenario schema and the loader's TOP_KEYS differ: "
                         + ", ".join(sorted(set(_TOP) ^ set(TOP_KEYS))))
    b = _Build(ruleset)
    props = {k: _TOP[k](b) for k in TOP_KEYS}
    for key in NULLABLE:  # an empty `options:` or `script:` is none at all
        props[key]["type"] = [props[key]["type"], "null"]
    schema: Schema = {"type": "object", "properties": props, "required": ["name", "description"],
                      "additionalProperties": False,
                      "dependentSchemas": {"refused": {"not": {"anyOf": [
                          {"required": [k]} for k in NOT_WITH_REFUSED]}}}}
    if ruleset is not None and ruleset.id != DEFAULT_RULESET:
        schema["required"].append("ruleset")
    if b.defs:
        schema["$defs"] = dict(sorted(b.defs.items()))
    which = f"of the ruleset {ruleset.id}" if ruleset is not None else "of any ruleset"
    command = "hisoutab schema scenario" + (f" --ruleset {ruleset.id}" if ruleset is not None else "")
    return document(schema, title=f"hisoutab scenario file{f' ({ruleset.id})' if ruleset else ''}",
                    description=f"A scenario {which}: set-up, script and expectations "
                                "(docs/scenarios.md). Loading the file checks more than this schema: "
                                "labels, paths, cards and the state's invariants.",
                    command=command)


# --------------------------------------------------------------------------- every kind
def kinds(ruleset: Any) -> dict[str, str]:
    """The kinds of file ``hisoutab schema`` describes for ``ruleset``: kind → what it is."""
    return {SCENARIO: "a scenario file"} | {k: f.what for k, f in file_formats(ruleset).items()}


def file_schema(kind: str, ruleset_id: str | None = None) -> Schema:
    """The schema of a ``kind`` of file: ``scenario`` (of ``ruleset_id``, or of any ruleset) or one
    of the files the ruleset reads (default ruleset: hisoutab-0.45.2)."""
    if kind == SCENARIO:
        return scenario_schema(get_ruleset(ruleset_id) if ruleset_id else None)
    rs = get_ruleset(ruleset_id or DEFAULT_RULESET)
    formats = file_formats(rs)
    if kind not in formats:
        own = ", ".join(formats)
        raise InputError(f"the ruleset {rs.id} has no {kind} files; "
                         + (f"its own files are: {own} (and {SCENARIO})" if own
                            else f"it reads no files of its own; try {SCENARIO}"), field="KIND")
    return formats[kind].schema()


def schema_name(kind: str, ruleset_id: str | None) -> str:
    """The file name of a schema in ``docs/schemas/``."""
    return f"{ruleset_id}-{kind}.schema.json" if ruleset_id else f"{kind}.schema.json"


def schema_files(ruleset_ids: list[str]) -> dict[str, Schema]:
    """Every schema of these rulesets by its file name: the scenario schema of any ruleset, and
    for each ruleset its scenario schema and the schemas of its own files."""
    out = {schema_name(SCENARIO, None): scenario_schema(None)}
    for rid in ruleset_ids:
        for kind in kinds(get_ruleset(rid)):
            out[schema_name(kind, rid)] = file_schema(kind, rid)
    return out


def shipped_rulesets() -> list[str]:
    """The rulesets installed packages declare (entry points), whose schemas ``docs/schemas/``
    holds — not those named in ``HISOUTAB_PLUGINS``."""
    from importlib.metadata import entry_points

    return sorted({ep.name for ep in entry_points(group="hisoutab.rulesets")})


def write_schema_files(folder: str | Path, *, force: bool = False) -> list[Path]:
    """Write every schema of the shipped rulesets into ``folder`` (``make schemas``); a file there
    that hisoutab did not write, or one changed since, is replaced only with ``force``."""
    from hisoutab.engine.files import write_file
    from hisoutab.engine.schemas import schema_text

    return [write_file(Path(folder) / name, schema_text(schema), force=force, replaceable=True,
                       field="folder") for name, schema in schema_files(shipped_rulesets()).items()]


if __name__ == "__main__":  # python -m hisoutab.scenarios.schema [--force] [FOLDER]
    import sys

    from hisoutab.engine.errors import InputError

    args = [a for a in sys.argv[1:] if a != "--force"]
    force = len(args) < len(sys.argv) - 1
    try:
        for written in write_schema_files(args[0] if args else "docs/schemas", force=force):
            print(f"wrote {written}")
    except InputError as exc:  # one line, as the command line says it
        sys.exit(f"hisoutab: {exc}")
