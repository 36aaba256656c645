"""The ruleset contract: what every game declares so that every tool can work with it.

A ruleset is an object with the attributes and methods of :class:`Ruleset`. Besides its steps
(:class:`~hisoutab.engine.flow.Flow`), options and clause table it declares, as data:

- :class:`Capabilities` — how many players, whether decisions can be simultaneous, whether chance
  and hidden information play a part (as OpenSpiel's ``GameType`` does);
- its **zones** (:class:`Zone`): where cards, counters and grids live, who owns them, whether they
  are ordered and who may see them — the card ledger, views, capture and edits read these;
- a **setup schema** (a pydantic model) for the ``setup`` of a game: the characters, fighters,
  decks, classes… the ruleset needs; the players of a game come from it;
- its **result** as a :class:`Result`: a winner, a draw, or a co-operative outcome.

:class:`RulesetBase` gives the generic parts (setup validation, views derived from the zones, the
ledger walk) so that a ruleset writes only what is its own. The engine names no game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import InputError
from .flow import Flow
from .ledger import CardLedger, ZoneLedger
from .options import Options, OptionSet

Visibility = Literal["public", "owner", "hidden"]
ZoneKind = Literal["cards", "card", "counter", "grid"]
HIDDEN_CARD = "?"  # what a view shows for a card its player cannot see


@dataclass(frozen=True)
class Capabilities:
    """What kind of game a ruleset is. Tools read this instead of guessing."""

    min_players: int
    max_players: int
    simultaneous: bool = False  # some decisions are taken by several players at once, hidden
    chance: bool = False  # shuffles, draws or dice decide part of the game
    hidden_information: bool = False  # some zones are not public (views differ per player)
    cooperative: bool = False  # the players win or lose together against the game

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"player range {self.min_players}..{self.max_players} is empty")

    def to_dict(self) -> dict[str, Any]:
        return {"players": [self.min_players, self.max_players], "simultaneous": self.simultaneous,
                "chance": self.chance, "hidden_information": self.hidden_information,
                "cooperative": self.cooperative}


@dataclass(frozen=True)
class Result:
    """How a game ended (or that it has not): a winner, a draw, or a co-operative outcome, plus the
    ruleset's own figures (time, turns, HP…)."""

    kind: Literal["unfinished", "win", "draw", "victory", "defeat"]
    winner: str | None = None  # the winning player's name (kind "win")
    figures: Mapping[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.kind != "unfinished"

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``winner`` (a player's name, ``"draw"``, ``"victory"``/``"defeat"`` or null)
        followed by the figures."""
        label = self.winner if self.kind == "win" else None if self.kind == "unfinished" else self.kind
        return {"winner": label, **dict(self.figures)}

    def __str__(self) -> str:
        head = {"unfinished": "not over", "win": f"{self.winner} wins", "draw": "a draw",
                "victory": "victory (the players win together)",
                "defeat": "defeat (the game wins)"}[self.kind]
        figures = ", ".join(f"{k} {v}" for k, v in self.figures.items())
        return f"{head}{' · ' + figures if figures else ''}"


@dataclass(frozen=True)
class Zone:
    """A declared place in the state.

    ``kind``: ``cards`` (a tuple of card instances), ``card`` (one slot: a card or None),
    ``counter`` (an integer), ``grid`` (cells). ``owner``: ``"player"`` (each player has one, a field
    of the player's record) or ``"shared"`` (a field of the state). ``visibility``: ``public``;
    ``owner`` (only its owner sees the cards; the others see how many); ``hidden`` (nobody sees
    the order or the cards, only how many: a deck). ``field`` is the record field that holds it
    (default: the zone's name). ``card_zone`` is false for zones that hold cards of another kind of
    object (``removed`` markers…)."""

    name: str
    kind: ZoneKind = "cards"
    owner: Literal["player", "shared"] = "player"
    ordered: bool = False
    visibility: Visibility = "public"
    field: str = ""
    label: str = ""
    doc: str = ""
    card_attr: str = ""  # the zone holds records (tokens) each carrying a card in this attribute

    @property
    def attr(self) -> str:
        return self.field or self.name

    @property
    def holds_cards(self) -> bool:
        return self.kind in ("cards", "card")

    def cards(self, record: Any) -> tuple[str, ...]:
        """The card instances of this zone in ``record`` (the player's record, or the state)."""
        value = getattr(record, self.attr)
        if self.kind == "card":
            return (value,) if value else ()
        if self.kind != "cards":
            return ()
        if self.card_attr:
            return tuple(c for c in (getattr(x, self.card_attr) for x in value) if c)
        return tuple(c for c in value if c)


class Ruleset(Protocol):
    """A game's rules on the engine."""

    id: str
    title: str
    flow: Flow
    options: OptionSet
    clauses: Mapping[str, str]  # every clause ID of the reference → its title
    state_type: type
    capabilities: Capabilities
    zones: tuple[Zone, ...]
    setup_schema: type[BaseModel]
    presentation: str  # "module:attribute" of the ruleset's presentation ("" for the generic one)

    def context(self, options: Options, setup: Any) -> Any:
        """The fixed facts of one game (options, card data); passed to every step."""

    def player_names(self, ctx: Any) -> tuple[str, ...]:
        """The players of the game ``ctx`` belongs to (from its setup)."""

    def initial_state(self, ctx: Any, seed: int) -> Any:
        """The state before the first step, with the start step on its agenda."""

    def turn_info(self, state: Any) -> tuple[int, str]:
        """(current time, the turn player(s) as text) for traces."""

    def result(self, state: Any) -> Result:
        """The outcome so far."""

    def invariants(self, ctx: Any, state: Any) -> list[str]:
        """Problems with a state (empty when every invariant holds)."""

    def view(self, ctx: Any, state: Any, player: str | None) -> Any:
        """``state`` as ``player`` sees it (``None``: the designer, who sees everything)."""

    def validate_setup(self, setup: Mapping[str, Any] | BaseModel | None) -> BaseModel:
        """The setup checked against :attr:`setup_schema` (raises :class:`InputError`)."""


class EmptySetup(BaseModel):
    """A ruleset that needs nothing to set up."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def setup_error(exc: ValidationError) -> InputError:
    """The first problem of a setup validation as one located :class:`InputError`."""
    err = exc.errors()[0]
    where = ".".join(str(x) for x in err.get("loc", ()))
    msg = str(err.get("msg", "invalid"))
    msg = msg.removeprefix("Value error, ")
    if err.get("type") == "extra_forbidden":
        msg = "unknown setup field"
    return InputError(msg, field="setup" + (f".{where}" if where else ""))


class RulesetBase:
    """The generic parts of a ruleset: setup validation against the schema, player names, views
    derived from the declared zones, the card-ledger walk over the card zones, a JSON-ready result.

    A ruleset subclasses this and declares ``id``, ``title``, ``flow``, ``options``, ``clauses``,
    ``state_type``, ``capabilities``, ``zones``, ``setup_schema`` and writes ``context``,
    ``initial_state``, ``turn_info``, ``result`` and ``invariants``. A state whose players are a
    tuple field ``players`` of records with a ``name`` gets views and the ledger walk for free;
    another shape sets ``players_field`` or overrides :meth:`player_records`."""

    id: str = ""
    title: str = ""
    zones: tuple[Zone, ...] = ()
    setup_schema: type[BaseModel] = EmptySetup
    presentation: str = ""
    reference: Path | None = None  # the rules reference (Markdown with [CLAUSE-ID] markers)
    players_field: str = "players"
    readings: Mapping[str, Any] = {}

    # ------------------------------------------------------------------ setup
    def validate_setup(self, setup: Mapping[str, Any] | BaseModel | None) -> BaseModel:
        if isinstance(setup, self.setup_schema):
            return setup
        if isinstance(setup, BaseModel):
            setup = setup.model_dump()
        if setup is not None and not isinstance(setup, Mapping):
            raise InputError(f"expected a mapping of setup fields, got {type(setup).__name__}",
                             field="setup")
        try:
            return self.setup_schema.model_validate(dict(setup or {}))
        except ValidationError as exc:
            raise setup_error(exc) from None

    def player_names(self, ctx: Any) -> tuple[str, ...]:
        names = getattr(ctx, "players", None)
        if names is None:
            raise NotImplementedError(f"{self.id}: the context has no players; override player_names")
        return tuple(names)

    # ------------------------------------------------------------------ zones
    def player_records(self, state: Any) -> tuple[Any, ...]:
        return tuple(getattr(state, self.players_field, ()) or ())

    def card_zones(self) -> Iterator[Zone]:
        return (z for z in self.zones if z.holds_cards)

    def place_cards(self, state: Any, ledger: CardLedger | ZoneLedger) -> CardLedger | ZoneLedger:
        """Tell ``ledger`` where every card of every declared card zone is."""
        return place_cards(self.zones, self.player_records(state), state, ledger)

    def zone_of(self, state: Any, card: str) -> tuple[str | None, Zone] | None:
        """(owner name or None for shared, zone) of ``card`` in ``state``, or None."""
        for p in self.player_records(state):
            for z in self.card_zones():
                if z.owner == "player" and card in z.cards(p):
                    return p.name, z
        for z in self.card_zones():
            if z.owner == "shared" and card in z.cards(state):
                return None, z
        return None

    # ------------------------------------------------------------------ views
    def view(self, ctx: Any, state: Any, player: str | None) -> Any:
        """Hide what ``player`` cannot see: cards of ``owner`` zones of other players and of
        ``hidden`` zones become ``"?"`` (how many stays visible). ``None`` sees everything."""
        if player is None:
            return state
        from .record import replace

        masked = [z for z in self.zones if z.holds_cards and z.visibility != "public"]
        if not masked:
            return state
        records = self.player_records(state)
        new_records = []
        for p in records:
            changes = {}
            for z in masked:
                if z.owner != "player":
                    continue
                if z.visibility == "hidden" or p.name != player:
                    changes[z.attr] = _mask(z, getattr(p, z.attr))
            new_records.append(replace(p, **changes) if changes else p)
        shared = {z.attr: _mask(z, getattr(state, z.attr)) for z in masked if z.owner == "shared"}
        if records:
            shared[self.players_field] = tuple(new_records)
        return replace(state, **shared)



def place_cards(zones: Iterable[Zone], players: Iterable[Any], state: Any,
                ledger: CardLedger | ZoneLedger) -> CardLedger | ZoneLedger:
    """Tell ``ledger`` where every card of the card ``zones`` is: each player's (``players``: their
    records, with a ``name``) and the shared ones (fields of ``state``). A :class:`ZoneLedger` is
    told only the zones whose value changed since its last check."""
    zones = [z for z in zones if z.holds_cards]
    unchanged = ledger.unchanged
    for i, p in enumerate(players):
        if ledger.same_record(i, p):  # an unchanged record: its zones are as at the last check
            continue
        for z in zones:
            if z.owner == "player":
                where = f"{p.name}.{z.name}"
                if not unchanged((i, z.name), where, getattr(p, z.attr)):
                    ledger.place_all(z.cards(p), where, p.name)
    if not ledger.same_record(None, state):
        for z in zones:
            if z.owner == "shared" and not unchanged((None, z.name), z.name, getattr(state, z.attr)):
                ledger.place_all(z.cards(state), z.name)
    ledger.walked()
    return ledger


def _mask(zone: Zone, value: Any) -> Any:
    if zone.kind == "card":
        return HIDDEN_CARD if value else value
    if zone.card_attr:
        from .record import replace

        return tuple(replace(x, **{zone.card_attr: HIDDEN_CARD}) for x in value)
    return tuple(HIDDEN_CARD for _ in value)


_CLAUSE = re.compile(r"\*\*\[([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?:\.[0-9]+)*)\]\*\*")


def reference_clauses(path: Path | str) -> list[str]:
    """The clause IDs a rules reference defines: every ``**[ID]**`` marker, in order."""
    text = Path(path).read_text(encoding="utf-8")
    seen: dict[str, None] = {}
    for m in _CLAUSE.finditer(text):
        seen.setdefault(m.group(1), None)
    return list(seen)


def declared_chance(flow: Flow) -> bool:
    return any(sd.chance for sd in flow.steps.values())


def check_contract(ruleset: Any) -> list[str]:
    """What a ruleset object lacks or declares inconsistently (empty when it keeps the contract)."""
    problems = []
    for name in ("id", "title", "flow", "options", "clauses", "state_type", "capabilities", "zones",
                 "setup_schema"):
        if not hasattr(ruleset, name):
            problems.append(f"no attribute {name!r}")
    for name in ("context", "player_names", "initial_state", "turn_info", "result", "invariants",
                 "view", "validate_setup"):
        if not callable(getattr(ruleset, name, None)):
            problems.append(f"no method {name}()")
    if problems:
        return problems
    problems += ruleset.flow.check()
    if ruleset.capabilities.chance != declared_chance(ruleset.flow):
        problems.append("capabilities.chance disagrees with the steps' chance declarations")
    names = [z.name for z in ruleset.zones]
    if len(set(names)) != len(names):
        problems.append("two zones share a name")
    return problems
