"""Steps declared as data: each names its phase, the clause IDs behind it and the steps that may follow.

A ruleset declares its steps on a :class:`Flow`. The game state carries an *agenda*: a stack of frames
``(step name, *args)``; running a step pops its frame and may push the frames that come next. A step
receives the state with its own frame still on top; a step that edits the agenda itself (rarely)
returns the whole agenda, its own frame still on top, and the engine pops it. The
declared ``next`` edges are what the phase-transition graph is drawn from; a test proves that every
transition that happens in play is a declared edge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

Frame = tuple[Any, ...]  # (step name, *args) — plain, JSON-compatible values only


@dataclass(frozen=True)
class Edge:
    """A declared transition: ``to`` may run right after the step, ``when`` says on what condition."""

    to: str
    when: str = ""


class Outcome:
    """What one step did: the new state, a sentence (formatted lazily), structured events, frames next."""

    __slots__ = ("clauses", "events", "params", "private", "public", "public_clauses", "seen_by",
                 "state", "text", "then")

    def __init__(
        self,
        state: Any,
        text: str,
        params: dict[str, Any] | None = None,
        events: tuple[dict[str, Any], ...] = (),
        then: tuple[Frame, ...] | list[Frame] = (),
        clauses: tuple[str, ...] | None = None,
        public: str | None = None,
        seen_by: tuple[str, ...] = (),
        private: dict[str, str] | None = None,
        public_clauses: tuple[str, ...] | None = None,
    ) -> None:
        """When ``text`` names something hidden from some player: ``public`` is the sentence the
        players other than ``seen_by`` read, ``private`` a sentence of its own for some players (each
        formatted with ``params`` too); None: everyone reads ``text``
        (:func:`hisoutab.engine.visibility.seen_sentence`). ``public_clauses``: the clauses cited
        with a public or private sentence (None: the step's declared clauses), when which clauses
        applied tells what was hidden."""
        self.state = state
        self.text = text
        self.params = params
        self.events = events
        self.then = then
        self.clauses = clauses
        self.public = public
        self.seen_by = seen_by
        self.private = private
        self.public_clauses = public_clauses


@dataclass(frozen=True)
class StepDef:
    """One declared rule step."""

    name: str
    phase: str
    clauses: tuple[str, ...]
    next: tuple[Edge, ...]
    doc: str
    run: Callable[..., Outcome]
    decide: Callable[..., Any] | None = None  # choice steps: (ctx, state, frame) -> Decision | None
    tags: frozenset[str] = frozenset()
    chance: tuple[str, ...] = ()  # the kinds of chance event the step may draw (shuffle, die, coin…)
    #: a window: the rules make this step one player's moment to act (``(ctx, state, frame) -> player
    #: name``); the others see it as that player's window whether or not they have a choice
    window: Callable[..., str | None] | None = None

    @property
    def is_choice(self) -> bool:
        return self.decide is not None


def _edges(items: Iterable[str | tuple[str, str] | Edge]) -> tuple[Edge, ...]:
    out = []
    for item in items:
        if isinstance(item, Edge):
            out.append(item)
        elif isinstance(item, tuple):
            out.append(Edge(*item))
        else:
            out.append(Edge(item))
    return tuple(out)


@dataclass
class Flow:
    """The declared steps of one ruleset, in declaration order."""

    ruleset: str
    phases: tuple[str, ...] = ()
    steps: dict[str, StepDef] = field(default_factory=dict)
    start: str = ""

    def _add(self, sd: StepDef) -> None:
        if sd.name in self.steps:
            raise ValueError(f"step {sd.name!r} declared twice")
        if self.phases and sd.phase not in self.phases:
            raise ValueError(f"step {sd.name!r}: unknown phase {sd.phase!r}")
        self.steps[sd.name] = sd
        if not self.start:
            self.start = sd.name

    def auto(
        self,
        name: str,
        *,
        phase: str,
        clauses: Iterable[str],
        next: Iterable[str | tuple[str, str] | Edge] = (),
        tags: Iterable[str] = (),
        chance: Iterable[str] = (),
    ) -> Callable[[Callable[..., Outcome]], Callable[..., Outcome]]:
        """Declare a step the engine takes by itself: ``fn(ctx, state, frame) -> Outcome``.
        ``chance`` names the kinds of chance event it may draw (see :mod:`hisoutab.engine.chance`)."""

        def deco(fn: Callable[..., Outcome]) -> Callable[..., Outcome]:
            self._add(
                StepDef(name, phase, tuple(clauses), _edges(next), (fn.__doc__ or "").strip(), fn,
                        None, frozenset(tags), tuple(chance))
            )
            return fn

        return deco

    def choice(
        self,
        name: str,
        *,
        phase: str,
        clauses: Iterable[str],
        next: Iterable[str | tuple[str, str] | Edge] = (),
        decide: Callable[..., Any],
        tags: Iterable[str] = (),
        chance: Iterable[str] = (),
        window: Callable[..., str | None] | None = None,
    ) -> Callable[[Callable[..., Outcome]], Callable[..., Outcome]]:
        """Declare a step that asks a player: ``decide(ctx, state, frame) -> Decision | None`` lists the
        options (``None``: nobody has to choose now and the step runs by itself), and
        ``fn(ctx, state, frame, choice) -> Outcome`` applies the choice. ``window(ctx, state, frame)``
        names the player whose moment to act the rules make this step (a timing where they *may*
        act): to every other player it shows as that player's window, whether or not ``decide``
        found them a choice (:class:`~hisoutab.engine.visibility.Window`)."""

        def deco(fn: Callable[..., Outcome]) -> Callable[..., Outcome]:
            self._add(
                StepDef(name, phase, tuple(clauses), _edges(next), (fn.__doc__ or "").strip(), fn,
                        decide, frozenset(tags), tuple(chance), window)
            )
            return fn

        return deco

    def check(self) -> list[str]:
        """Declaration problems: edges to undeclared steps."""
        problems = []
        for sd in self.steps.values():
            for e in sd.next:
                if e.to not in self.steps:
                    problems.append(f"{sd.name} -> {e.to}: no such step")
        return problems

    def clause_index(self) -> dict[str, list[str]]:
        """Clause ID → names of the steps that cite it."""
        index: dict[str, list[str]] = {}
        for sd in self.steps.values():
            for c in sd.clauses:
                index.setdefault(c, []).append(sd.name)
        return index
