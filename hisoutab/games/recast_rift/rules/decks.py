"""Decks and the setup schema: each player brings two fighters (RR-SETUP-1) and, optionally, the nine
spell cards of a built deck (RR-SETUP-3). A deck without a spell list is built during setup.

A deck is named by a built-in deck file (``data/decks/<id>.yaml``), a path to a deck file, or a
mapping ``{fighters: [a, b], spells: [...]}`` written in the setup itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from hisoutab.engine.errors import InputError
from hisoutab.engine.yamlio import FileCache, find_file, load_yaml, pydantic_error

from .cards import Fighter, find_fighter

DECK_DIR = Path(__file__).resolve().parent.parent / "data" / "decks"
DEFAULT_DECKS = ("shrine_and_forest", "mansion_and_garden")
DECK_SPELLS = 9  # RR-SETUP-3: 1 awakening card and 9 spell cards


class DeckSpec(BaseModel):
    """Two fighters and, optionally, the nine spells of the deck."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = ""
    fighters: tuple[str, str]
    spells: tuple[str, ...] | None = Field(None, min_length=DECK_SPELLS, max_length=DECK_SPELLS)


class DeckFileSpec(DeckSpec):
    deck: str = Field(pattern=r"^[a-z][a-z0-9_]*$")


class RiftSetup(BaseModel):
    """The setup of a Recast Rift game: P1's deck and P2's deck (ids, paths or mappings)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    decks: tuple[str | DeckSpec, str | DeckSpec] = DEFAULT_DECKS

    @field_validator("decks", mode="before")
    @classmethod
    def _two(cls, value: Any) -> Any:
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ValueError("expected a list of two decks (deck ids, deck files or mappings "
                             "{fighters: [a, b], spells: [...]}), e.g. [shrine_and_forest, "
                             "mansion_and_garden]")
        return tuple(value)


@dataclass(frozen=True)
class Deck:
    """A player's deck plan: the two fighters, and the nine spells if the deck is already built."""

    name: str
    fighters: tuple[Fighter, Fighter]
    spells: tuple[str, ...] | None = None


def _load_deck_file(path: str | Path) -> DeckFileSpec:
    """Load and validate one deck file (cached while the file is unchanged)."""
    located = load_yaml(path)
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping with deck, fighters and (optionally) spells")
    data = dict(located.data)
    for key in ("fighters", "spells"):
        if isinstance(data.get(key), list):
            data[key] = tuple(data[key])
    try:
        return DeckFileSpec.model_validate(data)
    except ValidationError as exc:
        raise pydantic_error(located, exc) from None


load_deck_file = FileCache(_load_deck_file)


def builtin_decks() -> dict[str, Path]:
    return {p.stem: p for p in sorted(DECK_DIR.glob("*.yaml"))}


def resolve_deck(value: str | DeckSpec, where: str) -> Deck:
    """The deck a setup names: its fighters loaded and its spell list checked."""
    spec: DeckSpec = value if isinstance(value, DeckSpec) else find_file(
        value, builtin_decks(), load_deck_file, "deck", where)
    a, b = spec.fighters
    if a == b:
        raise InputError(f"the two fighters of a deck are different fighters, got {a!r} twice",
                         field=f"{where}.fighters")
    fighters = (find_fighter(a), find_fighter(b))
    if spec.spells is not None:
        known = {cid for f in fighters for cid in f.spells}
        for k, cid in enumerate(spec.spells):
            if cid not in known:
                raise InputError(f"{cid!r} is not a spell card of {fighters[0].id} or "
                                 f"{fighters[1].id}; expected one of " + ", ".join(sorted(known)),
                                 field=f"{where}.spells.{k}")
        if len(set(spec.spells)) != len(spec.spells):
            raise InputError("a spell card is listed twice; a deck holds each card once",
                             field=f"{where}.spells")
    name = spec.name or (value if isinstance(value, str) else f"{a} and {b}")
    return Deck(name, fighters, spec.spells)
