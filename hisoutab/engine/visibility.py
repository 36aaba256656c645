"""What a player may see: the view of a state, the history lines and events of a step, a decision.

The zones say who sees which cards (:class:`~hisoutab.engine.contract.Zone`); this module applies
the rest of what is hidden, for every ruleset alike:

- the random-number state: a view carries :data:`HIDDEN_RNG` instead (from the real one a player
  could compute every coming shuffle, draw and die);
- a card instance hidden from the player, named anywhere outside its zone — an agenda frame, an
  event's payload — shows as ``"?"``;
- a step's sentence: a step that names a hidden card declares what the others read
  (:class:`~hisoutab.engine.flow.Outcome`'s ``public`` text and ``seen_by``); an event a step marks
  ``"visible_to": [players]`` reaches only them (the others read its ``"public"`` form, if any);
- a decision is addressed to each deciding player alone: the others learn that someone decides, not
  among which options — and a player's own choice is the only one shown in their history.

``None`` is the designer, who sees everything. The leak test (tests/test_leaks.py) builds twins of
states that differ only in what a player cannot see and checks all of this is the same in both.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .decision import Decision

HIDDEN_CARD = "?"  # what a view shows for a card its player cannot see
HIDDEN_RNG = 0  # what a view shows for the random-number state
RNG_FIELDS = ("rng",)  # the state fields that hold a random-number state (a ruleset may declare more)


def rng_fields(ruleset: Any) -> tuple[str, ...]:
    """The state fields of ``ruleset`` that hold random-number state (its ``rng_fields``)."""
    return tuple(getattr(ruleset, "rng_fields", RNG_FIELDS))


def _masked(zone: Any, owner: str | None, player: str) -> bool:
    if zone.visibility == "public":
        return False
    return zone.visibility == "hidden" or owner != player


def _records(ruleset: Any, state: Any) -> tuple[Any, ...]:
    records = getattr(ruleset, "player_records", None)
    if records is not None:
        return tuple(records(state))
    return tuple(getattr(state, "players", ()) or ())


def hidden_cards(ruleset: Any, state: Any, player: str | None) -> frozenset[str]:
    """The card instances of ``state`` that ``player`` cannot see (in a zone masked for them; a
    face-up grid cell is seen)."""
    if player is None:
        return frozenset()
    out: set[str] = set()
    zones = [z for z in getattr(ruleset, "zones", ()) if z.holds_cards]
    holders: list[tuple[str | None, Any]] = [(p.name, p) for p in _records(ruleset, state)]
    for z in zones:
        for owner, rec in holders + [(None, state)]:
            if (z.owner == "shared") != (owner is None) or not _masked(z, owner, player):
                continue
            if z.kind == "grid":
                for row in getattr(rec, z.attr):
                    for cell in row:
                        card = z.cell_card(cell)
                        if card and not z.face_up(cell):
                            out.add(card)
            else:
                out.update(z.cards(rec))
    return frozenset(out)


def all_cards(ruleset: Any, state: Any) -> frozenset[str]:
    """Every card instance in a declared card zone of ``state``."""
    out: set[str] = set()
    for z in getattr(ruleset, "zones", ()):
        if not z.holds_cards:
            continue
        recs = _records(ruleset, state) if z.owner == "player" else (state,)
        for rec in recs:
            out.update(z.cards(rec))
    return frozenset(out)


def scrub(value: Any, hidden: frozenset[str]) -> Any:
    """``value`` (a plain value: tuples, lists, mappings, texts) with every text that is one of the
    ``hidden`` cards replaced by ``"?"``."""
    if not hidden:
        return value
    if isinstance(value, str):
        return HIDDEN_CARD if value in hidden else value
    if isinstance(value, tuple):
        return tuple(scrub(v, hidden) for v in value)
    if isinstance(value, list):
        return [scrub(v, hidden) for v in value]
    if isinstance(value, Mapping):
        return {k: scrub(v, hidden) for k, v in value.items()}
    return value


def _named(agenda: Any) -> set[str]:
    """The texts the agenda's frames carry after their step's name (cards among them)."""
    out: set[str] = set()
    for frame in agenda:
        for x in frame[1:]:
            if type(x) is str:
                if x != HIDDEN_CARD:
                    out.add(x)
            elif isinstance(x, (tuple, list, Mapping)):
                stack = [x]
                while stack:
                    v = stack.pop()
                    if isinstance(v, str):
                        if v != HIDDEN_CARD:
                            out.add(v)
                    elif isinstance(v, (tuple, list)):
                        stack.extend(v)
                    elif isinstance(v, Mapping):
                        stack.extend(v.values())
    return out


def hide_rest(ruleset: Any, state: Any, seen: Any, player: str | None) -> Any:
    """``seen`` (a view of ``state`` whose zones are masked) without the random-number state and
    with the hidden cards the agenda names masked."""
    if player is None:
        return seen
    from .record import replace

    changes: dict[str, Any] = {f: HIDDEN_RNG for f in rng_fields(ruleset)
                               if hasattr(seen, f) and getattr(seen, f) != HIDDEN_RNG}
    agenda = getattr(seen, "agenda", None)
    named = _named(agenda) if agenda else None
    if named:
        hidden = hidden_cards(ruleset, state, player) & named
        if hidden:
            changes["agenda"] = scrub(agenda, frozenset(hidden))
    return replace(seen, **changes) if changes else seen


def player_view(ruleset: Any, ctx: Any, state: Any, player: str | None) -> Any:
    """``state`` as ``player`` sees it: the ruleset's view (its zones masked), then what every view
    hides (:func:`hide_rest`). ``None``: the state itself."""
    if player is None:
        return state
    return hide_rest(ruleset, state, ruleset.view(ctx, state, player), player)


# ----------------------------------------------------------------------------- steps
@dataclass(frozen=True)
class SeenStep:
    """One step of the history as a player sees it."""

    index: int
    time: int
    actor: str
    name: str
    phase: str
    clauses: tuple[str, ...]
    sentence: str
    events: tuple[Mapping[str, Any], ...]
    choice: Mapping[str, str] | None  # the player's own choice in it (None: they did not choose)
    before: Any = None  # the state before the step, as the player sees it
    after: Any = None  # the state after it, as the player sees it

    @property
    def auto(self) -> bool:
        """True unless the player chose in this step (another player's choice is theirs)."""
        return self.choice is None

    def line(self) -> str:
        return f"{self.index}|{self.time}|{self.name}|{','.join(self.clauses)}|{self.sentence}"

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "time": self.time, "actor": self.actor, "phase": self.phase,
                "step": self.name, "clauses": list(self.clauses), "sentence": self.sentence,
                "events": [dict(e) for e in self.events],
                "choice": dict(self.choice) if self.choice else None}


def step_hidden(ruleset: Any, step: Any, player: str | None) -> frozenset[str]:
    """The cards a step's events must not name for ``player``: hidden from them after the step
    and not seen before it (a card seen going into a hand stays known), or hidden before it and not
    seen after it."""
    if player is None:
        return frozenset()
    before = hidden_cards(ruleset, step.before, player)
    after = hidden_cards(ruleset, step.after, player)
    seen_before = all_cards(ruleset, step.before) - before
    seen_after = all_cards(ruleset, step.after) - after
    return (after - seen_before) | (before - seen_after)


def seen_sentence(step: Any, player: str | None) -> str:
    """The sentence of ``step`` as ``player`` reads it: their own (``private``) when the step has
    one for them, else its public form when it has one and the player is not among those who see the
    full one (``seen_by``), else the sentence."""
    if player is None:
        return str(step.sentence)
    own = step.private(player) if hasattr(step, "private") else None
    if own is not None:
        return str(own)
    public = getattr(step, "public", None)
    if public is None or player in getattr(step, "seen_by", ()):
        return str(step.sentence)
    return str(public)


def seen_events(ruleset: Any, step: Any, player: str | None,
                hidden: frozenset[str] | None = None) -> tuple[Mapping[str, Any], ...]:
    """The events of ``step`` that reach ``player``: an event ``visible_to`` others shows its
    ``public`` form (or nothing); every hidden card an event names shows as ``"?"``."""
    if player is None:
        return tuple(step.events)
    if hidden is None:
        hidden = step_hidden(ruleset, step, player)
    out: list[Mapping[str, Any]] = []
    for e in step.events:
        to = e.get("visible_to")
        if to is not None:
            if player not in to:
                public = e.get("public")
                if public is None:
                    continue
                e = public
            else:
                e = {k: v for k, v in e.items() if k != "public"}
        # a revealed card is shown to everyone, wherever it goes next
        out.append(dict(e) if e.get("type") == "reveal" else scrub(dict(e), hidden))
    return tuple(out)


def seen_step(ruleset: Any, ctx: Any, step: Any, player: str | None) -> SeenStep:
    """``step`` as ``player`` sees it in the history: its sentence and events as they read them,
    their own choice only, the states around it as their views (a step view or a state diff drawn
    from it shows nothing hidden)."""
    choice = step.choice
    if player is not None and choice is not None:
        choice = {player: choice[player]} if player in choice else None
    clauses = tuple(step.clauses)
    if player is not None and seen_sentence(step, player) != step.sentence:
        # the public form of a step cites its public clauses, by default the step's declared ones:
        # which of them applied may tell what was hidden
        public = getattr(step, "public_clauses", None)
        declared = getattr(getattr(ruleset, "flow", None), "steps", {}).get(step.name)
        if public is not None:
            clauses = tuple(public)
        elif declared is not None:
            clauses = tuple(declared.clauses)
    return SeenStep(step.index, step.time, step.actor, step.name, step.phase, clauses,
                    seen_sentence(step, player), seen_events(ruleset, step, player), choice,
                    player_view(ruleset, ctx, step.before, player),
                    player_view(ruleset, ctx, step.after, player))


def seen_history(ruleset: Any, ctx: Any, steps: Iterable[Any], player: str | None) -> list[SeenStep]:
    """The steps as ``player`` sees them (:func:`seen_step`)."""
    return [seen_step(ruleset, ctx, s, player) for s in steps]


# ----------------------------------------------------------------------------- decisions
@dataclass(frozen=True)
class SeenDecision:
    """A pending decision as one player sees it: who decides, and the options of that player only
    (empty when they do not decide)."""

    kind: str
    players: tuple[str, ...]
    labels: tuple[str, ...]
    clauses: tuple[str, ...]
    step: str
    prompt: str


@dataclass(frozen=True)
class Window:
    """The pending step is ``player``'s moment to act, as the rules declare it (``StepDef.window``,
    such as an opponent's timing to answer): the others see this, and only this, whether or not
    ``player`` has a choice there — asked or passed for by the engine, it looks the same."""

    player: str
    step: str


def seen_decision(decision: Decision | None, player: str | None,
                  window: Window | None = None) -> SeenDecision | Decision | None:
    """``decision`` as addressed to ``player`` (``None``: the whole decision). A decision another
    player takes alone shows as nothing: whether they had a choice is theirs. At a ``window`` of
    another player the pending step shows as that window — the same with a decision or without
    (kind ``"window"``, no options, no clauses, no prompt beyond "P2 may act")."""
    if player is None:
        return decision
    deciding = decision is not None and player in decision.players
    if window is not None and window.player != player and not deciding:
        return SeenDecision("window", (window.player,), (), (), window.step, f"{window.player} may act")
    if decision is None:
        return decision
    if player not in decision.players:
        return None
    return SeenDecision(decision.kind, tuple(decision.players), decision.labels(player),
                        tuple(decision.clauses), decision.step, decision.prompt)


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two views differ (dotted paths), for a readable failure."""
    if a == b:
        return []
    if dataclasses.is_dataclass(a) and type(a) is type(b) and not isinstance(a, type):
        out: list[str] = []
        for f in dataclasses.fields(a):
            out += differences(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
        return out
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += differences(x, y, f"{path}[{i}]")
        return out
    return [f"{path or '.'}: {a!r} != {b!r}"[:300]]
