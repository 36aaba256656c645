"""Agents answer decisions: seeded random, first legal option, or a strict script."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from .decision import Decision
from .errors import InputError, ScriptError


class Agent:
    """Base: ``choose`` returns the label of one legal option for ``player``.

    ``choose`` receives the state as ``player`` sees it (the ruleset's view: hidden cards are
    ``"?"``). An agent that never looks at the state sets ``observes = False`` and is given the
    full state without the cost of a view."""

    name = "agent"
    observes = True

    def choose(self, state: Any, decision: Decision, player: str) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class FirstLegalAgent(Agent):
    name = "first"
    observes = False

    def choose(self, state: Any, decision: Decision, player: str) -> str:
        return decision.options_for(player)[0].label


class RandomAgent(Agent):
    """Uniform over the legal options, from its own seeded generator (reproducible)."""

    name = "random"
    observes = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: Any, decision: Decision, player: str) -> str:
        opts = decision.options_for(player)
        return opts[self._rng.randrange(len(opts))].label

    def __repr__(self) -> str:
        return f"<RandomAgent seed={self.seed}>"


def script_lines(lines: Any) -> list[str | Mapping[str, str]]:
    """The lines of a script, checked: a list of labels (texts) or ``{player: label}`` mappings;
    anything else is refused in one line (a text is not a list of its letters)."""
    if isinstance(lines, (str, bytes, Mapping)) or not isinstance(lines, Iterable):
        raise InputError(f"ScriptedAgent({_short(lines)}): expected a list of labels, e.g. "
                         f"['keep all'], got {type(lines).__name__}", field="lines")
    out = list(lines)
    for k, line in enumerate(out):
        if isinstance(line, str):
            continue
        if (isinstance(line, Mapping) and line
                and all(isinstance(p, str) and isinstance(v, str) for p, v in line.items())):
            continue
        raise InputError(f"ScriptedAgent(...): line {k + 1} is {_short(line)}; expected a label "
                         "(a text) or {player: label}", field="lines")
    return out


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**50 else "a large integer"
    return text if len(text) <= 60 else text[:59] + "…"


class ScriptedAgent(Agent):
    """Answers from a list of lines, strictly in order.

    A line is a label (for the one deciding player) or ``{player: label}`` (several decide, or to say
    who). A line that matches no legal option, or a decision met after the script ran out, raises
    :class:`ScriptError` naming the line and the decision.
    """

    name = "script"
    observes = False

    def __init__(self, lines: Iterable[str | Mapping[str, str]], *, source: str = "script",
                 line_numbers: Iterable[int] | None = None) -> None:
        self.lines = script_lines(lines)
        self.source = source
        self.line_numbers = list(line_numbers) if line_numbers is not None else None
        self.cursor = 0
        self._joint_buffer: dict[str, str] = {}

    def where(self, i: int) -> str:
        if self.line_numbers is not None and i < len(self.line_numbers):
            return f"{self.source}:{self.line_numbers[i]}"
        return f"{self.source} line {i + 1}"

    @property
    def exhausted(self) -> bool:
        return self.cursor >= len(self.lines) and not self._joint_buffer

    def choose(self, state: Any, decision: Decision, player: str) -> str:
        if player in self._joint_buffer:
            return self._joint_buffer.pop(player)
        if self.cursor >= len(self.lines):
            raise ScriptError(
                f"{self.source}: the script ended but a decision is pending: {player} must choose "
                f"({decision.kind}, {', '.join(decision.clauses)}) among: "
                + ", ".join(repr(label) for label in decision.labels(player))
            )
        i = self.cursor
        line = self.lines[i]
        self.cursor += 1
        if isinstance(line, str):
            if decision.joint:
                raise ScriptError(
                    f"{self.where(i)}: {line!r} answers one player but the decision "
                    f"({decision.kind}) is simultaneous: give {{{', '.join(decision.players)}}}"
                )
            answers = {player: line}
        else:
            answers = dict(line)
        for p, label in answers.items():
            if p not in decision.players:
                raise ScriptError(
                    f"{self.where(i)}: {p} does not decide now; {', '.join(decision.players)} "
                    f"must choose ({decision.kind})"
                )
            labels = decision.labels(p)
            if label not in labels:
                raise ScriptError(
                    f"{self.where(i)}: {label!r} is not a legal option for {p} ({decision.kind}, "
                    f"{', '.join(decision.clauses)}); legal options: "
                    + ", ".join(repr(x) for x in labels)
                )
        missing = [p for p in decision.players if p not in answers]
        if missing:
            raise ScriptError(
                f"{self.where(i)}: no choice for {', '.join(missing)} in {decision.kind}"
            )
        for p, label in answers.items():
            if p != player:
                self._joint_buffer[p] = label
        return answers[player]


def make_agent(kind: str, seed: int = 0) -> Agent:
    from .errors import InputError

    if kind == "random":
        return RandomAgent(seed)
    if kind == "first":
        return FirstLegalAgent()
    raise InputError(f"unknown agent {kind!r}; expected 'random' or 'first'", field="agents")
