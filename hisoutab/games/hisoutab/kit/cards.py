"""The card-loader core both HisouTab versions share: strict pydantic specs, card ids fit for
option labels, a card's effect list read item by item (a name, or one ``name: value`` pair) with
located errors, and the built-in character files found by id or path, loaded once while unchanged.
Each version checks the values of its own effects and builds its own records."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from hisoutab.engine.yamlio import FileCache, Located, find_file, load_yaml
from hisoutab.games.hisoutab.duel import parse_range

CARD_ID = re.compile(r"[a-z0-9_]+")
CARD_ID_RULE = "lower-case letters, digits and _ only (such as gohei_jab)"

C = TypeVar("C")


class StrictSpec(BaseModel):
    """A spec read from a character file: no unknown field, no coercion between types."""

    model_config = ConfigDict(extra="forbid", strict=True)


class CharacterSpecBase(StrictSpec):
    """What every character file starts with: the character's id and name."""

    character: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)


@dataclass(frozen=True)
class Named:
    """What every card and character definition has first: its id and name."""

    id: str
    name: str


def check_card_ids(located: Located, data: Mapping[str, Any]) -> None:
    """Card ids are labels of options (``play ID``, ``discard A, B``): ``[a-z0-9_]+`` only."""
    cards = data.get("cards")
    if not isinstance(cards, dict):
        return
    for cid in cards:
        if not isinstance(cid, str) or not CARD_ID.fullmatch(cid):
            raise located.error(("cards", cid), f"card id {cid!r}: expected {CARD_ID_RULE}")


def _entry(located: Located, p: tuple[Any, ...], item: Any) -> tuple[tuple[Any, ...], str, Any, bool]:
    if isinstance(item, str):
        return p, item, None, False
    if isinstance(item, dict) and len(item) == 1:
        kind, value = next(iter(item.items()))
        return p + (kind,), kind, value, True
    raise located.error(p, "expected an effect: a name such as 'physical' or one "
                           "'name: value' pair such as 'move: 2'")


def effect_entries(located: Located, path: tuple[Any, ...], items: Iterable[Any], kinds: Iterable[str]
                   ) -> Iterator[tuple[tuple[Any, ...], str, Any, bool]]:
    """The effects of a list, each as (its path, kind, value, whether a value was written); an item
    that is not an effect, or of a kind not in ``kinds`` (listed in that order in the error), is a
    located error."""
    known = list(kinds)
    for i, item in enumerate(items):
        p, kind, value, has_value = _entry(located, path + (i,), item)
        if kind not in known:
            raise located.error(p, f"unknown effect {kind!r}; expected one of " + ", ".join(known))
        yield p, kind, value, has_value


def check_no_value(located: Located, p: tuple[Any, ...], kind: str, value: Any, has_value: bool) -> None:
    """An effect that takes no value is written as a bare name."""
    if has_value and value is not None:
        raise located.error(p, f"{kind!r} takes no value; write it as '- {kind}'")


def check_count(located: Located, p: tuple[Any, ...], kind: str, value: Any, expected: str) -> None:
    """An effect's value is an integer ≥ 1 (``expected`` says which)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise located.error(p, f"expected {expected} for {kind!r}, got {value!r}")


def read_range(located: Located, p: tuple[Any, ...], grid: str | None) -> tuple[tuple[int, int], ...]:
    """A card's range grid (``p``: its field) as the attacked offsets; none without a grid."""
    if grid is None:
        return ()
    try:
        return parse_range(grid)
    except ValueError as exc:
        raise located.error(p, str(exc)) from None


class CharacterFiles(Generic[C]):
    """The character files of a version: the built-in ones in ``data_dir`` by id, any other by
    path; each read by ``from_located(located, file)`` and kept while the file is unchanged."""

    def __init__(self, data_dir: Path, from_located: Callable[[Located, str], C], what: str) -> None:
        self.data_dir = data_dir
        self.what = what
        self._from_located = from_located
        self.load: Callable[[str | Path], C] = FileCache(self._read)

    def _read(self, path: str | Path) -> C:
        """Load and validate one character file (cached while the file is unchanged)."""
        return self._from_located(load_yaml(path), str(path))

    def builtin(self) -> dict[str, Path]:
        """The sample characters shipped with the package: id → file."""
        return {p.stem: p for p in sorted(self.data_dir.glob("*.yaml"))}

    def find(self, name: str) -> C:
        """A built-in character by id, or a character file by path."""
        found: C = find_file(name, self.builtin(), self.load, self.what, "character")
        return found
