"""A game: the history of steps, with undo, jump, branching, and running under agents."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from .agents import Agent
from .chance import Chance, Forced, check_outcome, outcomes
from .collector import fewer_collections
from .contract import Result, Ruleset, check_result
from .decision import Decision, Option
from .errors import HisoutabError, IllegalChoice, InputError, NoDecision
from .flow import Outcome, StepDef
from .options import Options
from .record import freeze, frozen, replace
from .ruleset import get_ruleset
from .visibility import SeenStep, Window, player_view, seen_decision, seen_history


def _plain_frames(then: tuple[Any, ...] | list[Any]) -> bool:
    """Whether the frames a step pushes are all tuples holding no list at any depth (as
    :func:`~hisoutab.engine.record.frozen` tells), so they are kept as they are. A tuple of plain
    values hashes, one holding a list or a mapping does not: the hash answers at C speed for the
    frames nearly every step pushes, the full walk only for the others."""
    try:
        hash(then if type(then) is tuple else tuple(then))  # a step may list its frames
    except TypeError:
        return all(type(f) is tuple and frozen(f) for f in then)
    for f in then:  # noqa: SIM110  (a loop, not all() over a generator: every step asks)
        if type(f) is not tuple:
            return False
    return True


class Step:
    """One recorded step: what ran, under which clause, what it did, and the states around it.

    A game keeps one for every step of its history, so it holds the least it can: its declaration
    (name and phase are read from it) and, only when the outcome had any, its public and private
    sentences, who sees it and the public clauses, together in one tuple."""

    __slots__ = ("_extra", "_info", "_params", "_sd", "_sentence", "_text", "after", "before",
                 "choice", "clauses", "events", "index")

    def __init__(self, index: int, sd: StepDef, clauses: tuple[str, ...], text: str,
                 params: dict[str, Any] | None, events: tuple[dict[str, Any], ...], before: Any,
                 after: Any, choice: dict[str, str] | None,
                 info: Callable[[Any], tuple[int, str]], public: str | None = None,
                 seen_by: tuple[str, ...] = (), private: dict[str, str] | None = None,
                 public_clauses: tuple[str, ...] | None = None) -> None:
        self.index = index
        self._sd = sd
        self.clauses = clauses
        self._text = text
        self._params = params
        self.events = events
        self.before = before
        self.after = after
        self.choice = choice
        self._info = info
        self._sentence: str | None = None
        self._extra: tuple[Any, ...] | None = (
            None if public is None and not seen_by and private is None and public_clauses is None
            else (public, seen_by, private, public_clauses))

    @property
    def name(self) -> str:
        return self._sd.name

    @property
    def phase(self) -> str:
        return self._sd.phase

    @property
    def seen_by(self) -> tuple[str, ...]:
        """The players who read the full sentence when it has a public one (see :meth:`public`)."""
        seen: tuple[str, ...] = self._extra[1] if self._extra is not None else ()
        return seen

    @property
    def public_clauses(self) -> tuple[str, ...] | None:
        """The clauses cited with a public or private sentence (None: the step's declared ones)."""
        return self._extra[3] if self._extra is not None else None

    @property
    def time(self) -> int:
        """The ruleset's clock when the step ran (its ``turn_info``: a timeline cell, a round…)."""
        return self._info(self.before)[0]

    @property
    def actor(self) -> str:
        """Whose turn it was when the step ran ("-" between turns)."""
        return self._info(self.before)[1]

    @property
    def auto(self) -> bool:
        """True when the engine took this step by itself (no player chose)."""
        return self.choice is None

    @property
    def sentence(self) -> str:
        if self._sentence is None:
            self._sentence = self._text.format(**self._params) if self._params else self._text
        return self._sentence

    @property
    def public(self) -> str | None:
        """The sentence the players not in ``seen_by`` read (None: the sentence is for everyone)."""
        public = self._extra[0] if self._extra is not None else None
        if public is None:
            return None
        text: str = public.format(**self._params) if self._params else public
        return text

    def private(self, player: str) -> str | None:
        """The sentence of its own that ``player`` reads (None: they read the sentence or the public
        one)."""
        private: dict[str, str] | None = self._extra[2] if self._extra is not None else None
        text = private.get(player) if private else None
        if text is None:
            return None
        return text.format(**self._params) if self._params else text

    def line(self) -> str:
        return f"{self.index}|{self.time}|{self.name}|{','.join(self.clauses)}|{self.sentence}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "time": self.time, "actor": self.actor, "phase": self.phase,
            "step": self.name, "clauses": list(self.clauses), "sentence": self.sentence,
            "events": [dict(e) for e in self.events], "auto": self.auto,
            "choice": dict(self.choice) if self.choice else None,
        }

    def __repr__(self) -> str:
        kind = "auto" if self.auto else "choice"
        return (f"<Step {self.index} t={self.time} {self.name} [{', '.join(self.clauses)}] {kind}: "
                f"{self.sentence}>")


class Line:
    """One line of play: a start state and the steps taken from it."""

    __slots__ = ("fork_at", "name", "parent", "steps")

    def __init__(self, name: str, steps: list[Step], parent: str | None = None, fork_at: int = 0):
        self.name = name
        self.steps = steps
        self.parent = parent
        self.fork_at = fork_at

    def __repr__(self) -> str:
        return f"<Line {self.name!r}: {len(self.steps)} steps>"


class DecisionPending(NoDecision):
    """``step()`` was asked to run a step but a player must decide first."""


class Game:
    """Plays one game of a ruleset, step by step.

    ``state`` is the current immutable snapshot. ``history`` holds the steps up to the cursor; ``back``
    and ``goto`` move the cursor; choosing differently at an earlier point starts a new *line* and
    keeps the old one (``lines``, ``switch``). The random generator lives in the state, so the same
    seed and the same choices give the same history; ``chance`` forces outcomes of the next chance
    events (see :mod:`hisoutab.engine.chance`).

    ``setup`` is checked against the ruleset's setup schema; the players of the game come from it
    (``players``).
    """

    def __init__(self, ruleset: str | Ruleset, *, seed: int = 0,
                 options: Mapping[str, Any] | Options | None = None,
                 setup: Mapping[str, Any] | None = None, state: Any = None) -> None:
        if isinstance(ruleset, str):
            self.ruleset: Any = get_ruleset(ruleset)
        elif hasattr(ruleset, "flow") and hasattr(ruleset, "initial_state"):
            self.ruleset = ruleset
        else:
            raise InputError(f"expected a ruleset id or a ruleset, got {type(ruleset).__name__}",
                             field="ruleset")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f"expected an integer seed, got {seed!r}", field="seed")
        self.seed = seed
        if options is not None and not isinstance(options, (Mapping, Options)):
            raise InputError(f"expected a mapping of rule options, got {type(options).__name__}",
                             field="options")
        self.options: Options = (options if isinstance(options, Options)
                                 else self.ruleset.options.resolve(options or {}))
        if setup is not None and not isinstance(setup, Mapping):
            raise InputError(f"expected a mapping of setup fields, got {type(setup).__name__}",
                             field="setup")
        self.setup = dict(setup or {})
        self.setup_model = self.ruleset.validate_setup(self.setup)
        self.ctx = self.ruleset.context(self.options, self.setup_model)
        self.players: tuple[str, ...] = tuple(self.ruleset.player_names(self.ctx))
        self.chance: Chance = getattr(self.ctx, "chance", None) or Chance()
        self._steps = self.ruleset.flow.steps
        self._info = self.ruleset.turn_info
        start = self.ruleset.initial_state(self.ctx, seed)
        if state is not None and not isinstance(state, type(start)):
            kind = type(state)
            raise InputError(f"expected a state of {self.ruleset.id} ({type(start).__qualname__} of "
                             f"{type(start).__module__}), got {kind.__qualname__} of "
                             f"{kind.__module__}" if kind.__module__ != "builtins" else
                             f"expected a state of {self.ruleset.id} ({type(start).__qualname__} "
                             f"of {type(start).__module__}), got {kind.__name__}", field="state")
        self.initial = state if state is not None else start
        self.lines: dict[str, Line] = {"main": Line("main", [])}
        self._line = self.lines["main"]
        self._at = 0
        self._decision_for: Any = None
        self._decision: Decision | None = None
        self._hidden: dict[str, Option] = {}

    # ----------------------------------------------------------------- reading
    @property
    def state(self) -> Any:
        return self._line.steps[self._at - 1].after if self._at else self.initial

    @property
    def history(self) -> list[Step]:
        """The steps from the start to the cursor on the current line."""
        return self._line.steps[: self._at]

    @property
    def line(self) -> Line:
        return self._line

    @property
    def cursor(self) -> int:
        return self._at

    @property
    def over(self) -> bool:
        return not self.state.agenda

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, if any."""
        state = self.state
        if not state.agenda:
            return None
        frame = state.agenda[-1]
        return self._decide(state, self._steps[frame[0]], frame)

    def _decide(self, state: Any, sd: StepDef, frame: tuple[Any, ...]) -> Decision | None:
        """The decision ``sd`` asks for in ``state`` (computed once per state)."""
        if self._decision_for is state:
            return self._decision
        decision = sd.decide(self.ctx, state, frame) if sd.decide is not None else None
        self._decision_for = state
        self._decision = decision
        return decision

    def next_step(self) -> StepDef | None:
        """The declared step that runs next (or is waiting for a decision)."""
        state = self.state
        return self._steps[state.agenda[-1][0]] if state.agenda else None

    def result(self) -> Result:
        """How the game ended, or ``Result("unfinished")`` while it goes on."""
        return self._checked_result(self.state)

    def _checked_result(self, state: Any) -> Result:
        """The ruleset's result for ``state``, checked against the contract (:func:`check_result`:
        a co-operative game never returns a player's win…); a broken result raises."""
        result: Result = self.ruleset.result(state)
        problems = check_result(self.ruleset, result, self.players)
        if problems:
            raise HisoutabError(f"{self.ruleset.id}: the result breaks the contract: "
                                + "; ".join(problems))
        return result

    def view(self, player: str | None = None) -> Any:
        """The current state as ``player`` sees it (``None``: everything, the designer's view)."""
        if player is not None and player not in self.players:
            raise InputError(f"no player {player!r}; players: {', '.join(self.players)}",
                             field="player")
        return player_view(self.ruleset, self.ctx, self.state, player)

    def visible_history(self, player: str | None = None) -> list[SeenStep]:
        """The history as ``player`` sees it: public sentences, the events that reach them, their own
        choices only (``None``: everything)."""
        return seen_history(self.ruleset, self.ctx, self.history, player)

    def pending_for(self, player: str | None = None) -> Any:
        """The pending decision as addressed to ``player`` (:func:`visibility.seen_decision`): at
        another player's window (:meth:`window`) that window, whether or not they have a choice."""
        return seen_decision(self.pending, player, self.window() if player is not None else None)

    def window(self) -> Window | None:
        """The player whose moment to act the next step is, if the rules declare it a window
        (``StepDef.window``), whether or not they have a choice there."""
        state = self.state
        if not state.agenda:
            return None
        sd = self._steps[state.agenda[-1][0]]
        who = sd.window(self.ctx, state, state.agenda[-1]) if sd.window is not None else None
        return Window(who, sd.name) if who else None

    # ------------------------------------------------------------------ moving
    def step(self) -> Step:
        """Run one step the engine takes by itself (or replay the next recorded one)."""
        if self._at < len(self._line.steps):
            self._at += 1
            self._hidden.clear()
            return self._line.steps[self._at - 1]
        if self.over:
            raise HisoutabError("the game is over")
        decision = self.pending
        if decision is not None:
            raise DecisionPending(
                f"{', '.join(decision.players)} must decide first ({decision.kind}, "
                f"{', '.join(decision.clauses)}): " + "; ".join(
                    f"{p}: " + ", ".join(repr(o.label) for o in opts)
                    for p, opts in zip(decision.players, decision.options, strict=True))
            )
        return self._apply(None)

    def choose(self, choice: str | Mapping[str, str], *, player: str | None = None) -> Step | None:
        """Answer the pending decision with a label (or ``{player: label}`` for a joint decision).

        In a simultaneous decision each player may also choose separately with ``player=``; the choice
        stays hidden until every deciding player has chosen, then one step reveals all. An illegal
        choice raises :class:`IllegalChoice` and changes nothing.
        """
        if not isinstance(choice, (str, Mapping)) or (
                isinstance(choice, Mapping) and not all(isinstance(k, str) and isinstance(v, str)
                                                        for k, v in choice.items())):
            raise IllegalChoice(f"choose({choice!r}): expected an option's label (a text) or "
                                "{player: label} for a simultaneous decision")
        if player is not None and not isinstance(player, str):
            raise IllegalChoice(f"choose(player={player!r}): expected a player's name")
        decision = self.pending
        if decision is None:
            raise NoDecision("no decision is pending" + (" (the game is over)" if self.over else ""))
        if player is not None:
            if not isinstance(choice, str):
                raise IllegalChoice("with player=, give one label")
            option = decision.find(player, choice)
            self._hidden[player] = option
            if any(p not in self._hidden for p in decision.players):
                return None
            chosen = {p: self._hidden[p] for p in decision.players}
        else:
            chosen = decision.resolve(choice)
        self._hidden.clear()
        if self._at < len(self._line.steps):
            recorded = self._line.steps[self._at]
            if recorded.choice == {p: o.label for p, o in chosen.items()}:
                self._at += 1
                return recorded
            self._fork()
        return self._apply(chosen)

    def chance_outcomes(self, kind: str, player: str | None = None) -> tuple[Any, ...]:
        """The outcomes a draw of ``kind`` (for ``player``) may take now (see
        :func:`hisoutab.engine.chance.outcomes`): what may be forced."""
        return outcomes(self.ruleset, self.ctx, self.state, kind, player)

    def force(self, kind: str, value: Any, *, player: str | None = None, what: str | None = None,
              nth: int | None = None, source: str | None = None) -> Forced:
        """Force the outcome of a coming draw of ``kind`` (see :mod:`hisoutab.engine.chance`),
        checked against the ruleset's declared kinds and the legal outcomes now
        (:meth:`chance_outcomes`; :class:`InputError` naming them otherwise). With the cursor before
        the end of the line, the steps after it are computed anew: a new line starts here, as when
        choosing differently (the old line is kept)."""
        if player is not None and player not in self.players:
            raise InputError(f"no player {player!r}; players: {', '.join(self.players)}",
                             file=source, field="chance.player")
        value = check_outcome(self.ruleset, self.ctx, self.state, kind, value, player, source=source)
        forced = self.chance.force(kind, value, player=player, what=what, nth=nth, source=source)
        if self._at < len(self._line.steps):
            self._fork()
            self._hidden.clear()
        return forced

    def hidden_choices(self) -> tuple[str, ...]:
        """Players who have chosen (hidden) in the pending simultaneous decision."""
        return tuple(self._hidden)

    def _fork(self) -> None:
        base = self._line
        n = 1
        while f"{base.name}.{n}" in self.lines:
            n += 1
        line = Line(f"{base.name}.{n}", base.steps[: self._at], parent=base.name, fork_at=self._at)
        self.lines[line.name] = line
        self._line = line

    def _apply(self, chosen: dict[str, Option] | None, state: Any = None,
               sd: StepDef | None = None) -> Step:
        if state is None:
            state = self.state
        frame = state.agenda[-1]
        if sd is None:
            sd = self._steps[frame[0]]
        if sd.decide is not None:
            out = sd.run(self.ctx, state, frame, chosen)
        else:
            out = sd.run(self.ctx, state, frame)
        # pop the step's own frame and push the frames it asks for, in one new snapshot
        new = out.state
        then = out.then
        if then:
            if not _plain_frames(then):
                then = tuple(freeze(f) for f in then)  # frames are immutable: a list becomes a tuple
            agenda = new.agenda[:-1] + tuple(then[::-1])
        else:
            agenda = new.agenda[:-1]
        new = replace(new, agenda=agenda)  # a dict copy, or a wide record's slots (record.record)
        if not agenda:
            self._checked_result(new)  # the step ends the game: its result must keep the contract
        at = self._at
        if type(out) is Outcome:
            step = Step(at, sd, out.clauses or sd.clauses, out.text, out.params, out.events, state,
                        new, {p: o.label for p, o in chosen.items()} if chosen else None,
                        self._info, out.public, out.seen_by, out.private, out.public_clauses)
        else:  # an outcome of another kind: its optional parts may be missing
            step = Step(at, sd, out.clauses or sd.clauses, out.text, out.params, out.events,
                        state, new, {p: o.label for p, o in chosen.items()} if chosen else None,
                        self._info, getattr(out, "public", None), getattr(out, "seen_by", ()),
                        getattr(out, "private", None), getattr(out, "public_clauses", None))
        steps = self._line.steps
        if at < len(steps):
            del steps[at:]
        steps.append(step)
        self._at = at + 1
        return step

    def back(self, n: int = 1) -> Any:
        """Move the cursor back ``n`` steps (undo). The undone steps stay on the line."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InputError(f"back({n!r}): expected a whole number of steps ≥ 0", field="n")
        self.goto(max(0, self._at - n))
        return self.state

    def goto(self, index: int) -> Any:
        """Put the cursor after ``index`` steps of the current line (0 = the start)."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise InputError(f"goto({index!r}): expected a step index (a whole number)",
                             field="index")
        if not 0 <= index <= len(self._line.steps):
            raise HisoutabError(f"goto({index}): the line has steps 0..{len(self._line.steps)}")
        self._at = index
        self._hidden.clear()
        return self.state

    def switch(self, line: str) -> None:
        """Make another line current (its cursor at its end)."""
        if not isinstance(line, str):
            raise InputError(f"switch({line!r}): expected a line's name (a text)", field="line")
        if line not in self.lines:
            raise HisoutabError(f"no line {line!r}; lines: {', '.join(self.lines)}")
        self._line = self.lines[line]
        self._at = len(self._line.steps)
        self._hidden.clear()

    def run(self, until: str = "decision", agents: Agent | Mapping[str, Agent] | None = None,
            max_steps: int = 1_000_000, on_step: Callable[[Step], None] | None = None) -> list[Step]:
        """Run steps until ``until``: ``"decision"`` (a decision is pending), ``"turn"`` (a new turn
        began), ``"phase"`` (the next step is in another phase), ``"end"``. With ``agents``, decisions
        are answered by them (one agent for everyone, or one per player name) — except with
        ``until="decision"``, which stops at the decision. Returns the steps taken."""
        if until not in ("decision", "turn", "phase", "end"):
            raise InputError(f"run(until={until!r}): expected decision, turn, phase or end", field="until")
        if agents is not None and not isinstance(agents, Agent) and not (
                isinstance(agents, Mapping) and all(isinstance(a, Agent) for a in agents.values())):
            hint = " (make one with make_agent('random') or RandomAgent(seed))" if isinstance(agents, str) \
                else ""
            raise InputError(f"run(agents={agents!r}): expected an agent or {{player: agent}}{hint}",
                             field="agents")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
            raise InputError(f"run(max_steps={max_steps!r}): expected a whole number ≥ 0",
                             field="max_steps")
        with fewer_collections():
            return self._run(until, agents, max_steps, on_step)

    def _run(self, until: str, agents: Agent | Mapping[str, Agent] | None, max_steps: int,
             on_step: Callable[[Step], None] | None) -> list[Step]:
        taken: list[Step] = []
        keep = taken.append
        steps = self._steps
        apply = self._apply
        checks = until in ("turn", "phase")
        answer = agents is not None and until != "decision"
        state = self.state
        left = max_steps
        while left > 0:
            agenda = state.agenda
            if not agenda:
                break
            sd = steps[agenda[-1][0]]
            if self._at < len(self._line.steps):
                step = self.step()  # replays the recorded step
            elif sd.decide is None:
                step = apply(None, state, sd)  # fast path: an automatic step
            else:
                decision = self._decide(state, sd, agenda[-1])
                if decision is None:
                    step = apply(None, state, sd)
                elif not answer:
                    break
                else:
                    step = apply(self._answers(agents, state, decision), state, sd)  # type: ignore[arg-type]
            state = step.after
            keep(step)
            left -= 1
            if on_step is not None:
                on_step(step)
            if checks and self._stop_after(step, until):
                break
        return taken

    def _stop_after(self, step: Step, until: str) -> bool:
        if until == "turn":
            return "turn" in self._steps[step.name].tags
        if until == "phase":
            nxt = self.next_step()
            return nxt is not None and nxt.phase != step.phase
        return False

    def _answers(self, agents: Agent | Mapping[str, Agent], state: Any,
                 decision: Decision) -> dict[str, Option]:
        """The agents' choices in a pending decision, checked against the legal options as
        ``choose()`` checks them."""
        chosen: dict[str, Option] = {}
        for p, opts in zip(decision.players, decision.options, strict=True):
            agent = agents if isinstance(agents, Agent) else agents.get(p)
            if agent is None:
                given = ", ".join(agents) if isinstance(agents, Mapping) else ""
                raise HisoutabError(f"no agent for {p} (agents are given for: {given or 'nobody'})")
            seen = player_view(self.ruleset, self.ctx, state, p) if agent.observes else state
            label = agent.choose(seen, decision, p)
            for option in opts:
                if option.label == label:
                    chosen[p] = option
                    break
            else:
                decision.find(p, label)  # raises IllegalChoice naming the legal options
        self._hidden.clear()
        return chosen

    # ------------------------------------------------------------------ output
    def to_scenario(self, **kwargs: Any) -> str:
        """The current state as the YAML text of a scenario whose explicit setup reproduces it.
        The writer is found through the ``hisoutab.writers`` entry point ``scenario`` (the scenarios
        package provides it: :func:`hisoutab.scenarios.capture`)."""
        from importlib.metadata import entry_points

        for ep in entry_points(group="hisoutab.writers", name="scenario"):
            text: str = ep.load()(self, **kwargs)
            return text
        raise HisoutabError("no scenario writer is installed (entry point hisoutab.writers: scenario)")

    def iter_steps(self) -> Iterator[Step]:
        return iter(self.history)

    def log_hash(self) -> str:
        """SHA-256 of the step log (index, time, step, clauses, sentence of every step)."""
        h = hashlib.sha256()
        for s in self.history:
            h.update(s.line().encode())
            h.update(b"\n")
        return h.hexdigest()

    def decisions_made(self) -> int:
        return sum(1 for s in self.history if s.choice is not None)

    def __repr__(self) -> str:
        return (f"<Game {self.ruleset.id} seed={self.seed} line={self._line.name!r} "
                f"step {self._at}/{len(self._line.steps)}{' over' if self.over else ''}>")
