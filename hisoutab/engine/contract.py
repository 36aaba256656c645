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

import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, ValidationError

from . import visibility
from .errors import InputError
from .evaluation import generic_evaluation
from .flow import Flow
from .ledger import CardLedger, ZoneLedger, zone_ledger
from .options import Options, OptionSet
from .visibility import HIDDEN_CARD

Visibility = Literal["public", "owner", "hidden"]
ZoneKind = Literal["cards", "card", "counter", "grid"]


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

    @property
    def outcome(self) -> str:
        """``win``, ``draw``, ``victory``, ``defeat`` or ``unfinished`` (the kind)."""
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``outcome`` (the kind), ``winner`` (the winning player's name for a win,
        else null), then the figures."""
        return {"outcome": self.kind, "winner": self.winner if self.kind == "win" else None,
                **dict(self.figures)}

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
    ``counter`` (an integer), ``grid`` (a tuple of rows, each a tuple of cells; a cell is a card
    instance, ``""`` or None for an empty cell, or a token record carrying its card in
    ``card_attr``). ``owner``: ``"player"`` (each player has one, a field of the player's record)
    or ``"shared"`` (a field of the state). ``visibility``: ``public``; ``owner`` (only its owner
    sees the cards; the others see how many); ``hidden`` (nobody sees the order or the cards, only
    how many: a deck). ``field`` is the record field that holds it (default: the zone's name).
    ``card_attr``: the zone holds records (tokens) each carrying a card in this attribute.
    ``face_attr`` (grids of tokens only): a token attribute (a bool) that, when true, makes that
    cell's card public whatever the zone's visibility (a tile turned face up)."""

    name: str
    kind: ZoneKind = "cards"
    owner: Literal["player", "shared"] = "player"
    ordered: bool = False
    visibility: Visibility = "public"
    field: str = ""
    label: str = ""
    doc: str = ""
    card_attr: str = ""  # the zone holds records (tokens) each carrying a card in this attribute
    face_attr: str = ""  # grids of tokens: the token attribute that, when true, shows its card

    @cached_property
    def attr(self) -> str:
        return self.field or self.name

    @cached_property
    def holds_cards(self) -> bool:
        return self.kind in ("cards", "card", "grid")

    def cell_card(self, cell: Any) -> str:
        """The card of one grid cell (``""`` for an empty cell)."""
        if self.card_attr and cell is not None and not isinstance(cell, str):
            return getattr(cell, self.card_attr) or ""
        return cell or ""

    def face_up(self, cell: Any) -> bool:
        """Whether a grid cell shows its card to everyone (its token's ``face_attr`` is true)."""
        return bool(self.face_attr and cell is not None and not isinstance(cell, str)
                    and getattr(cell, self.face_attr, False))

    def cells(self, record: Any) -> Iterator[tuple[tuple[int, int], str]]:
        """((row, column), card) of every non-empty cell of this grid in ``record``."""
        if self.kind != "grid":
            return
        for r, row in enumerate(getattr(record, self.attr)):
            for c, cell in enumerate(row):
                card = self.cell_card(cell)
                if card:
                    yield (r, c), card

    def cards(self, record: Any) -> tuple[str, ...]:
        """The card instances of this zone in ``record`` (the player's record, or the state); a
        grid's row by row."""
        value = getattr(record, self.attr)
        kind = self.kind
        if kind == "cards":
            if self.card_attr:
                return tuple(filter(None, (getattr(x, self.card_attr) for x in value)))
            return tuple(filter(None, value))
        if kind == "card":
            return (value,) if value else ()
        if kind == "grid":
            return tuple(card for _, card in self.cells(record))
        return ()


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

    # ------------------------------------------------------------------ declarations
    # Optional: every tool reads these with ``getattr(ruleset, name, default)`` and the default
    # below, so a ruleset declares only those it needs (see docs/writing-a-ruleset.md).
    #: the state field (an int) that is the game's clock, for ``until: {time: N}`` and traces;
    #: None: the game has no clock (``until: {time: …}`` is refused)
    time_axis: str | None = None
    #: the result figures that measure a game's length ("turns", "rounds"), reported by ``stats``
    length_figures: tuple[str, ...] = ()
    #: the event types worth showing in ``hisoutab play``'s summary; None: the generic choice
    notable_events: frozenset[str] | None = None
    #: command-line flags that set a setup field: flag → dotted setup path ({"p1": "characters.0"})
    character_flags: Mapping[str, str] = {}
    #: clause ID → the rule options under which random games reach it (a clause an option switches on)
    reached_with: Mapping[str, Mapping[str, Any]] = {}

    def end_check(self, ctx: Any, state: Any) -> Any:
        """``state`` reached outside the rules (an edit: a Life set to 0) with the ruleset's own end
        check applied: when one of its end conditions holds, the state whose next step is the
        ruleset's end step (its frame on top of the agenda, and what that step reads set as the rules
        would set it); else ``state`` unchanged. Default: unchanged (a game without such a check)."""
        return state

    def evaluate(self, ctx: Any, state: Any, player: str) -> float:
        """How good ``state`` is for ``player``: from -1 (lost) to 1 (won), 0 even; the agents of
        the balance lab read it. Default: the generic evaluation (the outcome, else the player's
        lead in the per-player result figures and counters: :mod:`hisoutab.engine.evaluation`)."""
        return generic_evaluation(self, ctx, state, player)

    def card_owner(self, card: str, players: Sequence[str]) -> str | None:
        """The player ``card`` (an instance id) belongs to, or None for a card of nobody (a shared
        deck's card, which may reach any player's zone). Default: the text before the first ``/``
        when it is one of ``players`` (``P1/bid#7`` is P1's)."""
        return default_card_owner(card, players)

    def characters(self, ctx: Any) -> Mapping[str, tuple[str, ...]]:
        """Who each player plays, by id (Recast Rift: the two fighters of each player), for the
        summaries of ``hisoutab play``. Default: none declared; the command line then reads the
        setup fields of ``character_flags`` (HisouTab's characters)."""
        return {}

    def card_pool(self, ctx: Any) -> tuple[str, ...]:
        """Every card instance of the game: what the ledger expects to find, what scenarios may
        name. Default: the context's ``card_instances`` (empty when it has none)."""
        return tuple(getattr(ctx, "card_instances", ()))

    def home_zone(self, ctx: Any, card: str, owner: str | None) -> str | None:
        """The declared zone where ``card`` (of ``owner``, None: of nobody) goes when a scenario
        pushes it out of a zone it overlays. Default None: the scenario layer's own rule (the
        owner's first hidden card zone, else the first shared hidden zone)."""
        return None

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
        """Tell ``ledger`` where every card of every declared card zone is (grids included); a card
        in a player's zone must belong to that player or to nobody (:meth:`card_owner`)."""
        return place_cards(self.zones, self.player_records(state), state, ledger,
                           owner=self.card_owner)

    def card_problems(self, ctx: Any, state: Any) -> list[str]:
        """The card ledger's findings for ``state``: a card in two places, a card in the zone of a
        player it does not belong to, cards of :meth:`card_pool` missing or unknown ones. The
        ledger is kept per game (``ctx``): only the zones that changed are walked again."""
        ledger = self.place_cards(state, zone_ledger(ctx, []))
        return ledger.conserved(self.card_pool(ctx))

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
    #: the state fields that hold random-number state: a view shows them as 0 (hisoutab.engine.visibility)
    rng_fields: tuple[str, ...] = ("rng",)

    def view(self, ctx: Any, state: Any, player: str | None) -> Any:
        """Hide what ``player`` cannot see: cards of ``owner`` zones of other players and of
        ``hidden`` zones become ``"?"`` (how many stays visible); the random-number state and any
        hidden card an agenda frame names are hidden too (:mod:`hisoutab.engine.visibility`).
        ``None`` sees everything."""
        if player is None:
            return state
        return visibility.hide_rest(self, state, self.mask_zones(state, player), player)

    def mask_zones(self, state: Any, player: str) -> Any:
        """``state`` with the cards of the zones ``player`` cannot see shown as ``"?"``."""
        from .record import replace

        masked = [z for z in self.zones if z.holds_cards and z.visibility != "public"]
        # a grid's cells keep their place; each hidden cell's card shows as "?" (a face-up one stays)
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


def default_card_owner(card: str, players: Sequence[str]) -> str | None:
    """The contract's default ownership: ``P1/bid#7`` belongs to P1 when P1 is a player; a card
    without such a prefix (``bid#7``) belongs to nobody."""
    head, sep, _ = card.partition("/")
    return head if sep and head in players else None


def place_cards(zones: Iterable[Zone], players: Iterable[Any], state: Any,
                ledger: CardLedger | ZoneLedger,
                owner: Callable[[str, Sequence[str]], str | None] | None = None
                ) -> CardLedger | ZoneLedger:
    """Tell ``ledger`` where every card of the card ``zones`` is: each player's (``players``: their
    records, with a ``name``) and the shared ones (fields of ``state``). ``owner`` (a ruleset's
    ``card_owner``) says whose a card is: a card in a player's zone must be that player's or
    nobody's; without it a card in a player's zone must be named ``<player>/…``. A
    :class:`ZoneLedger` is told only the zones whose value changed since its last check."""
    zones = [z for z in zones if z.holds_cards]
    players = tuple(players)
    if owner is not None:
        names = tuple(p.name for p in players)

        def belongs(card: str, player: str) -> bool:
            whose = owner(card, names)
            return whose is None or whose == player

        ledger.belongs = belongs
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
    if zone.kind == "grid":
        return tuple(tuple(_mask_cell(zone, cell) for cell in row) for row in value)
    if zone.card_attr:
        from .record import replace

        return tuple(replace(x, **{zone.card_attr: HIDDEN_CARD}) for x in value)
    return tuple(HIDDEN_CARD for _ in value)


def _mask_cell(zone: Zone, cell: Any) -> Any:
    if not zone.cell_card(cell) or zone.face_up(cell):
        return cell
    if isinstance(cell, str):
        return HIDDEN_CARD
    from .record import replace

    return replace(cell, **{zone.card_attr: HIDDEN_CARD})


def parse_cell(text: str) -> tuple[str, int, int] | None:
    """``"map[1][2]"`` → ``("map", 1, 2)``: a grid cell's address in highlights and scenarios
    (row, then column, from 0); None when ``text`` is no cell address."""
    m = _CELL.fullmatch(text)
    return (m.group(1), int(m.group(2)), int(m.group(3))) if m else None


def cell_address(zone: str, row: int, column: int) -> str:
    """The address of a grid cell: ``map[1][2]``."""
    return f"{zone}[{row}][{column}]"


_CELL = re.compile(r"([A-Za-z_][\w.]*)\[(\d+)\]\[(\d+)\]")

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


OUTCOMES = ("unfinished", "win", "draw", "victory", "defeat")


def check_result(ruleset: Any, result: Any, players: Sequence[str] | None = None) -> list[str]:
    """How ``result`` breaks the contract of ``ruleset``'s results (empty when it keeps it): a
    known outcome; a winner exactly for a win (one of ``players``, when given); a co-operative
    ruleset (``capabilities.cooperative``) ends in victory, defeat or a draw, never a player's win,
    and a competitive one never in victory or defeat."""
    kind = getattr(result, "kind", None)
    if kind not in OUTCOMES:
        return [f"result {result!r}: expected a Result whose kind is one of {', '.join(OUTCOMES)}"]
    problems = []
    winner = getattr(result, "winner", None)
    cooperative = bool(getattr(getattr(ruleset, "capabilities", None), "cooperative", False))
    if kind == "win":
        if cooperative:
            problems.append(f"a co-operative ruleset returned a player's win ({winner}); "
                            "expected victory, defeat or a draw")
        if not winner:
            problems.append("a win without a winner")
        elif players is not None and winner not in players:
            problems.append(f"winner {winner!r} is not a player ({', '.join(players)})")
    elif winner is not None:
        problems.append(f"a {kind} names a winner ({winner!r})")
    if kind in ("victory", "defeat") and not cooperative:
        problems.append(f"a competitive ruleset returned {kind}; expected a win or a draw "
                        "(declare capabilities.cooperative for a co-operative game)")
    return problems


def zone_problems(ruleset: Any, state: Any) -> list[str]:
    """How ``state`` disagrees with the declared zones: a missing field, a card zone that is not
    a tuple, a grid that is not a tuple of rows of cells, a ``face_attr`` that is not a bool."""
    problems: list[str] = []
    records = (ruleset.player_records(state) if hasattr(ruleset, "player_records")
               else tuple(getattr(state, "players", ())))
    for z in ruleset.zones:
        holders = [(p.name, p) for p in records] if z.owner == "player" else [("shared", state)]
        for who, rec in holders:
            if not hasattr(rec, z.attr):
                problems.append(f"zone {z.name}: {who} has no field {z.attr!r}")
                continue
            value = getattr(rec, z.attr)
            if z.kind == "grid":
                if not isinstance(value, tuple) or not all(isinstance(r, tuple) for r in value):
                    problems.append(f"grid {z.name} ({who}): expected a tuple of rows (tuples of "
                                    f"cells), got {type(value).__name__}")
                    continue
                for r, row in enumerate(value):
                    for c, cell in enumerate(row):
                        if cell is None or isinstance(cell, str):
                            continue
                        where = f"grid {z.name} cell {cell_address(z.name, r, c)} ({who})"
                        if not z.card_attr or not hasattr(cell, z.card_attr):
                            problems.append(f"{where}: a {type(cell).__name__}; expected a card, "
                                            "\"\" or a token carrying its card in card_attr")
                        elif z.face_attr and not isinstance(getattr(cell, z.face_attr, None), bool):
                            problems.append(f"{where}: face_attr {z.face_attr!r} is not true/false")
            elif z.kind == "cards" and not isinstance(value, tuple):
                problems.append(f"zone {z.name} ({who}): expected a tuple, got {type(value).__name__}")
    return problems


def check_declarations(ruleset: Any) -> list[str]:
    """How the optional declarations of ``ruleset`` disagree with the rest of it."""
    problems = []
    for z in ruleset.zones:
        if z.face_attr and (z.kind != "grid" or not z.card_attr):
            problems.append(f"zone {z.name}: face_attr needs a grid of tokens (kind grid, card_attr)")
    axis = getattr(ruleset, "time_axis", None)
    state_fields = {f.name for f in dataclasses.fields(ruleset.state_type)} if (
        dataclasses.is_dataclass(ruleset.state_type)) else None
    if axis is not None and state_fields is not None and axis not in state_fields:
        problems.append(f"time_axis {axis!r} is not a field of {ruleset.state_type.__name__}")
    figures = getattr(ruleset, "length_figures", ())
    if not isinstance(figures, tuple) or not all(isinstance(f, str) for f in figures):
        problems.append(f"length_figures {figures!r}: expected a tuple of figure names")
    notable = getattr(ruleset, "notable_events", None)
    if notable is not None and not isinstance(notable, frozenset):
        problems.append(f"notable_events {notable!r}: expected a frozenset of event types or None")
    fields = getattr(ruleset.setup_schema, "model_fields", {})
    for flag, path in dict(getattr(ruleset, "character_flags", {}) or {}).items():
        if path.split(".", 1)[0] not in fields:
            problems.append(f"character_flags --{flag}: {path!r} is not a setup field")
    for clause, opts in dict(getattr(ruleset, "reached_with", {}) or {}).items():
        if clause not in ruleset.clauses:
            problems.append(f"reached_with names {clause!r}, not in the clause table")
        try:
            ruleset.options.resolve(dict(opts))
        except InputError as exc:
            problems.append(f"reached_with {clause}: {exc}")
    return problems


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
    problems += check_declarations(ruleset)
    try:
        ctx = ruleset.context(ruleset.options.resolve({}), ruleset.validate_setup(None))
        state = ruleset.initial_state(ctx, 0)
        problems += zone_problems(ruleset, state)
        problems += check_result(ruleset, ruleset.result(state), tuple(ruleset.player_names(ctx)))
    except Exception as exc:  # a broken default game is a contract problem, not a crash
        problems.append(f"the default game cannot start: {type(exc).__name__}: {exc}")
    return problems
