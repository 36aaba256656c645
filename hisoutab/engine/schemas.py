"""JSON Schemas of the files a ruleset reads (character files, decks…), for editors.

A schema is never written by hand: it comes from the pydantic models and the tables the loader
itself validates with, so that it cannot drift from the loader. It checks the *shape* of a file
(fields, types, ranges, the effect vocabulary); the loader checks the rest (that a deck names cards
of the file, that a range grid has one ``G``…) and stays the last word.

A ruleset declares its file formats in a module ``formats`` next to the module of its ruleset
class (as its card loader is ``cards`` there): ``FORMATS``, a mapping of a kind (``character``,
``fighter``…) to a :class:`FileFormat`. :func:`file_formats` finds them; a ruleset without such a
module reads no files of its own (scenarios aside).
"""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema

from .files import MARK, mark

#: draft-07, the dialect editors understand (the YAML language server of VS Code and others)
DIALECT = "http://json-schema.org/draft-07/schema#"
Schema = dict[str, Any]


@dataclass(frozen=True)
class FileFormat:
    """A kind of file a ruleset reads: what it is (one line), its JSON Schema, and the files of that
    kind shipped with the ruleset (id → path)."""

    what: str
    schema: Callable[[], Schema]
    shipped: Callable[[], Mapping[str, Path]]


def file_formats(ruleset: Any) -> Mapping[str, FileFormat]:
    """The file formats a ruleset declares (see the module docstring); empty when it has none."""
    package = type(ruleset).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(package + ".formats")
    except ImportError:
        return {}
    formats = getattr(module, "FORMATS", None)
    return dict(formats) if isinstance(formats, Mapping) else {}


class _NoFieldTitles(GenerateJsonSchema):
    """pydantic's schemas without the titles it makes up from field names ("Guard Cost")."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def model_schema(model: type[BaseModel]) -> Schema:
    """The JSON Schema of what ``model`` accepts (its nested models under ``$defs``)."""
    return model.model_json_schema(schema_generator=_NoFieldTitles)


def embed(schema: Schema, defs: dict[str, Schema], prefix: str) -> Schema:
    """``schema`` (a part being built, or a finished document) made part of another document: its
    definitions move into ``defs`` under ``prefix`` + name, its references follow, and the root
    (without them) is returned."""
    schema = copy.deepcopy(schema)
    inner = schema.pop("$defs", {}) | schema.pop("definitions", {})
    schema.pop("$schema", None)
    schema.pop("$comment", None)

    def move(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            for head in ("#/$defs/", "#/definitions/"):
                if isinstance(ref, str) and ref.startswith(head):
                    node["$ref"] = "#/$defs/" + prefix + ref.removeprefix(head)
            for value in node.values():
                move(value)
        elif isinstance(node, list):
            for value in node:
                move(value)
        return node

    for name, sub in inner.items():
        defs[prefix + name] = move(sub)
    return dict(move(schema))


def named_items(plain: Iterable[str], valued: Mapping[str, Schema]) -> Schema:
    """An item written as a bare name (one of ``plain``) or as one ``name: value`` pair (the names
    of ``valued`` with their value's schema; a name of ``plain`` there takes ``null``)."""
    plain = list(plain)
    pairs = {name: {"type": "null"} for name in plain} | dict(valued)
    forms: list[Schema] = []
    if plain:
        forms.append({"enum": plain})
    forms.append({"type": "object", "properties": pairs, "additionalProperties": False,
                  "minProperties": 1, "maxProperties": 1})
    return {"anyOf": forms} if len(forms) > 1 else forms[0]


def document(schema: Schema, *, title: str, description: str, command: str) -> Schema:
    """``schema`` as a schema file in the :data:`DIALECT`: the mark that hisoutab wrote it (and how
    to write it again), a title and a description first."""
    head: Schema = {"$schema": DIALECT,
                    "$comment": f"{MARK.decode()}: `{command}` writes it again from the loader's own "
                                "models and tables; do not edit it by hand",
                    "title": title, "description": description}
    body = draft7(schema)
    return head | {k: v for k, v in body.items() if k not in head}


def draft7(schema: Schema) -> Schema:
    """A schema written with the keywords of draft 2020-12 (as pydantic writes them) in those of
    draft-07: ``$defs`` → ``definitions``, ``prefixItems`` → ``items`` as a list,
    ``dependentRequired`` → ``dependencies``."""

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(v) for v in node]
        if not isinstance(node, dict):
            return node
        out: Schema = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                out[key] = value.replace("#/$defs/", "#/definitions/", 1)
            elif key == "$defs":
                out["definitions"] = {k: walk(v) for k, v in value.items()}
            elif key == "prefixItems":
                out["items"] = walk(value)
                if "items" in node:
                    out["additionalItems"] = walk(node["items"])
            elif key == "items" and "prefixItems" in node:
                continue
            elif key == "dependentRequired":
                out["dependencies"] = walk(value)
            elif key in ("properties", "patternProperties", "definitions"):
                out[key] = {k: walk(v) for k, v in value.items()}
            else:
                out[key] = walk(value)
        return out

    result: Schema = walk(schema)
    return result


def schema_text(schema: Schema) -> str:
    """The text of a schema file: indented JSON, UTF-8 as it is, one final newline, with hisoutab's
    mark and the hash of the text in its ``$comment``."""
    return str(mark(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", ".json"))
