"""Decisions: the engine stops and asks who decides what, among which legal options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .errors import IllegalChoice


@dataclass(frozen=True)
class Option:
    """One legal option: a stable readable label and the data the rules need to apply it."""

    label: str
    value: Any = None

    def __repr__(self) -> str:
        return f"Option({self.label!r})"


class Decision(NamedTuple):
    """A pending decision. ``players`` has one name, or two for a simultaneous (joint) decision in
    which both choose hidden and one step reveals both. (An immutable record; a named tuple because
    the engine makes one at every decision.)"""

    kind: str
    players: tuple[str, ...]
    options: tuple[tuple[Option, ...], ...]  # one tuple of options per deciding player
    clauses: tuple[str, ...]
    step: str
    prompt: str = ""

    @property
    def joint(self) -> bool:
        return len(self.players) > 1

    @property
    def player(self) -> str:
        return self.players[0]

    def options_for(self, player: str) -> tuple[Option, ...]:
        try:
            return self.options[self.players.index(player)]
        except ValueError:
            raise IllegalChoice(
                f"{player} does not decide now ({self.kind}); deciding: {', '.join(self.players)}"
            ) from None

    def labels(self, player: str | None = None) -> tuple[str, ...]:
        return tuple(o.label for o in self.options_for(player or self.players[0]))

    def find(self, player: str, label: str) -> Option:
        for o in self.options_for(player):
            if o.label == label:
                return o
        raise IllegalChoice(
            f"{label!r} is not a legal option for {player} ({self.kind}, {', '.join(self.clauses)})",
            self.labels(player),
        )

    def resolve(self, choice: str | Mapping[str, str]) -> dict[str, Option]:
        """Turn a label (single) or ``{player: label}`` (joint) into options; raises IllegalChoice."""
        if isinstance(choice, str):
            if self.joint:
                raise IllegalChoice(
                    f"{self.kind} is a simultaneous decision: give one label per player "
                    f"({', '.join(self.players)})"
                )
            return {self.players[0]: self.find(self.players[0], choice)}
        missing = [p for p in self.players if p not in choice]
        extra = [p for p in choice if p not in self.players]
        if missing or extra:
            raise IllegalChoice(
                f"{self.kind}: expected a choice for {', '.join(self.players)}"
                + (f", missing {', '.join(missing)}" if missing else "")
                + (f", not deciding: {', '.join(extra)}" if extra else "")
            )
        return {p: self.find(p, choice[p]) for p in self.players}

    def __repr__(self) -> str:
        per = "; ".join(f"{p}: {', '.join(o.label for o in opts)}" for p, opts in
                        zip(self.players, self.options, strict=True))
        return f"<Decision {self.kind} [{', '.join(self.clauses)}] {per}>"
