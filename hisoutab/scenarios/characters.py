"""``setup.characters`` of a scenario: built-in ids, character files relative to the scenario, and
characters written inline (a whole character, or ``based_on:`` a built-in one with cards added or
replaced), validated by the ruleset's own card loader with errors placed in the scenario file; the
same for fighters written inline in a ``setup.decks`` deck (Recast Rift)."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hisoutab.engine.errors import InputError
from hisoutab.engine.yamlio import Located, load_yaml

INLINE_KEYS = ("based_on",)
#: based_on: the fields that merge entry by entry (other fields replace), and those of them that
#: count copies (0 takes an entry out); a ruleset's card module may declare its own
MERGED_BY_KEY = ("cards", "deck")
COUNTED_KEYS = ("deck",)


class Within(Located):
    """The part of a loaded file below ``prefix``, read as a document of its own: errors and
    lines name the full path in the file."""

    def __init__(self, outer: Located, prefix: tuple[str | int, ...], data: Any) -> None:
        super().__init__(data, outer.lines, outer.file)
        self.prefix = prefix

    def line_of(self, path: Sequence[str | int]) -> int | None:
        return super().line_of(self.prefix + tuple(path))

    def error(self, path: Sequence[str | int], message: str) -> InputError:
        full = self.prefix + tuple(path)  # the line of the full path, found once
        return InputError(message, file=self.file, line=Located.line_of(self, full),
                          field=".".join(str(x) for x in full) if full else None)


def cards_module(ruleset: Any) -> Any:
    """The card loader of a ruleset (its ``rules.cards`` module), or None."""
    package = type(ruleset).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(package + ".cards")
    except ImportError:
        return None
    if not hasattr(module, "character_from_located") or not hasattr(module, "builtin_characters"):
        return None
    return module


def resolve_characters(loc: Located, ruleset: Any, value: Any) -> Any:
    """``setup.characters`` with files resolved against the scenario's folder and inline
    characters loaded; anything else is left to the setup schema."""
    module = cards_module(ruleset)
    if module is None or not isinstance(value, list):
        return value
    builtin: dict[str, Path] = module.builtin_characters()
    base = Path(loc.file).parent
    out: list[Any] = []
    for k, item in enumerate(value):
        where: tuple[str | int, ...] = ("setup", "characters", k)
        if isinstance(item, str) and item not in builtin:
            path = Path(item) if Path(item).is_absolute() else base / item
            if path.suffix not in (".yaml", ".yml") and not path.exists():
                raise loc.error(where, f"unknown character {item!r}; expected one of "
                                + ", ".join(builtin) + " or a path to a character .yaml file "
                                "(relative to the scenario's folder)")
            if not path.is_file():
                raise loc.error(where, f"no such character file {item!r} (looked for {path}; a "
                                "path is relative to the scenario's folder)")
            out.append(str(path))
        elif isinstance(item, dict):
            out.append(_inline(loc, module, builtin, where, item))
        else:
            out.append(item)
    return out


def fighters_module(ruleset: Any) -> Any:
    """The fighter loader of a ruleset whose decks name fighters (its ``rules.cards`` module with
    ``fighter_from_located``), or None."""
    package = type(ruleset).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(package + ".cards")
    except ImportError:
        return None
    if not hasattr(module, "fighter_from_located") or not hasattr(module, "builtin_fighters"):
        return None
    return module


def resolve_fighters(loc: Located, ruleset: Any, decks: Any) -> Any:
    """``setup.decks`` with each fighter written inline in a deck (a whole fighter, or ``based_on:``
    a built-in one with spells added or replaced) loaded and named for the deck; anything else is
    left to the setup schema."""
    module = fighters_module(ruleset)
    if module is None or not isinstance(decks, list):
        return decks
    builtin: dict[str, Path] = module.builtin_fighters()
    out: list[Any] = []
    for k, deck in enumerate(decks):
        if isinstance(deck, dict) and isinstance(deck.get("fighters"), list):
            deck = dict(deck)
            deck["fighters"] = [
                _inline_fighter(loc, module, builtin, ("setup", "decks", k, "fighters", j), item)
                if isinstance(item, dict) else item for j, item in enumerate(deck["fighters"])]
        out.append(deck)
    return out


def _inline_fighter(loc: Located, module: Any, builtin: dict[str, Path],
                    where: tuple[str | int, ...], item: dict[str, Any]) -> str:
    name = f"{loc.file}:" + ".".join(str(x) for x in where)  # what the deck names it by
    data = _based_on(loc, module, builtin, where, item, "fighter") if "based_on" in item else item
    return str(module.fighter_from_located(Within(loc, where, data), loc.file, name))


def _inline(loc: Located, module: Any, builtin: dict[str, Path], where: tuple[str | int, ...],
            item: dict[str, Any]) -> Any:
    if "based_on" not in item:
        return module.character_from_located(Within(loc, where, item), loc.file)
    merged = _based_on(loc, module, builtin, where, item, "character")
    return module.character_from_located(Within(loc, where, merged), loc.file)


def _based_on(loc: Located, module: Any, builtin: dict[str, Path], where: tuple[str | int, ...],
              item: dict[str, Any], what: str) -> dict[str, Any]:
    """The built-in file ``item`` is based on, with ``item``'s fields merged in."""
    name = item["based_on"]
    if not isinstance(name, str) or name not in builtin:
        raise loc.error(where + ("based_on",), f"{name!r}: expected a built-in {what}, one of "
                        + ", ".join(builtin))
    base = load_yaml(builtin[name]).data
    merged: dict[str, Any] = dict(base)
    by_key = tuple(getattr(module, "MERGED_BY_KEY", MERGED_BY_KEY))
    counted = tuple(getattr(module, "COUNTED_KEYS", COUNTED_KEYS))
    for key, v in item.items():
        if key == "based_on":
            continue
        if key in by_key and isinstance(v, dict) and isinstance(base.get(key), dict):
            both = {**base[key], **v}
            if key in counted:  # 0 copies: take the card out
                both = {c: n for c, n in both.items() if not (n == 0 and not isinstance(n, bool))}
            merged[key] = both
        else:
            merged[key] = v
    return merged
