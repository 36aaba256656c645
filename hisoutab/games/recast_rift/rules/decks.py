"""Decks and the setup schema: each player brings two fighters (RR-SETUP-1) and, optionally, the nine
spell cards of a built deck (RR-SETUP-3). A deck without a spell list is built during setup.

A deck is named by a built-in deck file (``data/decks/<id>.yaml``), a path to a deck file, or a
mapping ``{fighters: [a, b], spells: [...]}`` written in the setup itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from hisoutab.engine.errors import InputError
from hisoutab.engine.yamlio import FileCache, Located, find_file, load_yaml, pydantic_error

from .cards import Fighter, find_fighter

DECK_DIR = Path(__file__).resolve().parent.parent / "data" / "decks"
DEFAULT_DECKS = ("shrine_and_forest", "mansion_and_garden")
DECK_SPELLS = 9  # RR-SETUP-3: 1 awakening card and 9 spell cards
FIGHTERS = 2  # RR-SETUP-1: each player chooses 2 fighters
PLAYERS = ("P1", "P2")
SETUP_1 = f"each player chooses {FIGHTERS} different fighters and shows them to the opponent (RR-SETUP-1)"
SETUP_3 = (f"a deck is 1 awakening card and {DECK_SPELLS} spell cards of the two chosen fighters "
           "(RR-SETUP-3)")
FORM = ("a deck id (e.g. shrine_and_forest), a path to a deck file, or a mapping {fighters: [a, b], "
        "spells: [...]}")


class DeckSpec(BaseModel):
    """Two fighters and, optionally, the nine spells of the deck."""

    # the counts are checked with the rules' words (deck_problem); the JSON Schema still states them

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = ""
    fighters: tuple[str, ...] = Field(json_schema_extra={"minItems": FIGHTERS, "maxItems": FIGHTERS})
    spells: tuple[str, ...] | None = Field(
        None, json_schema_extra={"minItems": DECK_SPELLS, "maxItems": DECK_SPELLS})


class DeckFileSpec(DeckSpec):
    deck: str = Field(pattern=r"^[a-z][a-z0-9_]*$")


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def deck_problem(data: Mapping[str, Any]) -> tuple[tuple[str, ...], str] | None:
    """What a deck's fighters and spells say against the rules, as (field path, the words after the
    deck's owner), or ``None``: two fighters (RR-SETUP-1), nine spell cards (RR-SETUP-3)."""
    fighters = data.get("fighters")
    if fighters is None:
        return ("fighters",), f"names no fighters; {SETUP_1}"
    if not isinstance(fighters, Sequence) or isinstance(fighters, str) or not all(
            isinstance(f, str) for f in fighters):
        return ("fighters",), (f"names its fighters as {fighters!r}; expected a list of {FIGHTERS} "
                               f"fighter ids, e.g. [reimu, marisa]: {SETUP_1}")
    if len(fighters) != FIGHTERS:
        named = f" ({', '.join(fighters)})" if fighters else ""
        return ("fighters",), f"names {_count(len(fighters), 'fighter')}{named}; {SETUP_1}"
    spells = data.get("spells")
    if spells is None:
        return None
    if not isinstance(spells, Sequence) or isinstance(spells, str) or not all(
            isinstance(c, str) for c in spells):
        return ("spells",), (f"lists its spells as {spells!r}; expected a list of {DECK_SPELLS} spell "
                             f"ids: {SETUP_3}")
    if len(spells) != DECK_SPELLS:
        return ("spells",), f"holds {_count(len(spells), 'spell card')}; {SETUP_3}"
    return None


def _player(k: int) -> str:
    return PLAYERS[k] if 0 <= k < len(PLAYERS) else f"deck {k + 1}"


class RiftSetup(BaseModel):
    """The setup of a Recast Rift game: P1's deck and P2's deck (ids, paths or mappings)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    decks: tuple[str | DeckSpec, str | DeckSpec] = DEFAULT_DECKS

    @field_validator("decks", mode="before")
    @classmethod
    def _two(cls, value: Any) -> Any:
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ValueError("expected a list of two decks, P1's and P2's (deck ids, deck files or "
                             "mappings {fighters: [a, b], spells: [...]}), e.g. [shrine_and_forest, "
                             "mansion_and_garden]")
        return tuple(_setup_deck(item, k) for k, item in enumerate(value))


def _setup_deck(item: Any, k: int) -> str | DeckSpec:
    """One deck of the setup, checked with the player's name and the rule it breaks (a union of a
    string and a mapping would report only its first branch)."""
    where = f"setup.decks.{k}"
    if isinstance(item, DeckSpec | str):
        return item
    if not isinstance(item, Mapping):
        raise InputError(f"{_player(k)}'s deck: expected {FORM}, got {item!r}", field=where)
    problem = deck_problem(item)
    if problem is not None:
        path, words = problem
        raise InputError(f"{_player(k)}'s deck {words}", field=".".join((where, *path)))
    data = dict(item)
    for key in ("fighters", "spells"):
        if isinstance(data.get(key), list):
            data[key] = tuple(data[key])
    try:
        return DeckSpec.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = ".".join(str(x) for x in err["loc"])
        msg = "unknown field" if err["type"] == "extra_forbidden" else str(err["msg"])
        raise InputError(f"{_player(k)}'s deck: {msg}; expected {FORM}",
                         field=f"{where}.{loc}" if loc else where) from None


@dataclass(frozen=True)
class Deck:
    """A player's deck plan: the two fighters, and the nine spells if the deck is already built."""

    name: str
    fighters: tuple[Fighter, Fighter]
    spells: tuple[str, ...] | None = None


@dataclass(frozen=True)
class DeckFile:
    """A loaded deck file: what it says, and where each value is (its lines)."""

    spec: DeckFileSpec
    located: Located


def _load_deck_file(path: str | Path) -> DeckFile:
    """Load and validate one deck file (cached while the file is unchanged); the counts the rules
    set are checked by :func:`resolve_deck`, which knows whose deck it is."""
    located = load_yaml(path)
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping with deck, fighters and (optionally) spells")
    data = dict(located.data)
    problem = deck_problem(data)
    for key in ("fighters", "spells"):
        if isinstance(data.get(key), list):
            data[key] = tuple(data[key])
        elif problem is not None and key in problem[0]:
            data.pop(key, None)  # reported with the rule's words by resolve_deck
    if problem is not None and problem[0] == ("fighters",):
        data["fighters"] = ()
    try:
        return DeckFile(DeckFileSpec.model_validate(data), located)
    except ValidationError as exc:
        raise pydantic_error(located, exc) from None


load_deck_file = FileCache(_load_deck_file)


def builtin_decks() -> dict[str, Path]:
    return {p.stem: p for p in sorted(DECK_DIR.glob("*.yaml"))}


class _Where:
    """Where a deck's problems are reported: a field of the setup, or a line of the deck file."""

    def __init__(self, player: str, field: str, file: DeckFile | None) -> None:
        self.player = player
        self.field = field
        self.file = file

    def error(self, path: tuple[str | int, ...], words: str) -> InputError:
        message = f"{self.player}'s deck {words}"
        if self.file is not None:
            return self.file.located.error(path, message)
        return InputError(message, field=".".join(str(x) for x in (self.field, *path)))


def _fighter(name: str, k: int, where: _Where) -> Fighter:
    if where.file is not None and Path(name).suffix in (".yaml", ".yml") and not Path(
            name).is_absolute():  # a path in a deck file: from the deck file's folder
        name = str(Path(where.file.located.file).parent / name)
    try:
        return find_fighter(name)
    except InputError as exc:
        if exc.file is not None:  # a problem inside the fighter file: its file, line and field
            raise InputError(f"{where.player}'s fighter file: {exc.detail}", file=exc.file,
                             line=exc.line, field=exc.field) from None
        detail = f"an {exc.detail}" if exc.detail.startswith("unknown") else f"{name!r}: {exc.detail}"
        raise where.error(("fighters", k), f"names {detail}; {SETUP_1}") from None


def resolve_deck(value: str | DeckSpec, where: str) -> Deck:
    """The deck a setup names (``where``: ``setup.decks.<k>``, player k + 1): its fighters loaded
    and its spell list checked; every problem names the player, the file or the setup field, and
    the rule with its clause."""
    k = int(where.rsplit(".", 1)[-1]) if where.rsplit(".", 1)[-1].isdigit() else 0
    player = _player(k)
    file: DeckFile | None = None
    if isinstance(value, DeckSpec):
        spec: DeckSpec = value
    else:
        try:
            file = find_file(value, builtin_decks(), load_deck_file, "deck", where)
        except InputError as exc:
            raise InputError(f"{player}'s deck: {exc.detail}", file=exc.file, line=exc.line,
                             field=exc.field) from None
        assert file is not None
        spec = file.spec
    at = _Where(player, where, file)
    problem = deck_problem(file.located.data if file is not None else spec.model_dump())
    if problem is not None:
        raise at.error(*problem)
    a, b = spec.fighters
    if a == b:
        raise at.error(("fighters",), f"names {a!r} twice; {SETUP_1}")
    fighters = (_fighter(a, 0, at), _fighter(b, 1, at))
    if fighters[0].id == fighters[1].id:  # two files of one fighter: still one fighter twice
        raise at.error(("fighters",), f"names the fighter {fighters[0].id!r} twice ({a}, {b}); "
                                      f"{SETUP_1}")
    if spec.spells is not None:
        known = {cid for f in fighters for cid in f.spells}
        for j, cid in enumerate(spec.spells):
            if cid not in known:
                raise at.error(("spells", j), f"holds {cid!r}, which is not a spell card of "
                                              f"{fighters[0].id} or {fighters[1].id} (expected one of "
                                              f"{', '.join(sorted(known))}); {SETUP_3}")
        twice = sorted({c for c in spec.spells if spec.spells.count(c) > 1})
        if twice:
            raise at.error(("spells",), f"lists {', '.join(twice)} twice; a deck holds each card "
                                        f"once: {SETUP_3}")
    name = spec.name or (value if isinstance(value, str) else f"{a} and {b}")
    return Deck(name, fighters, spec.spells)
