"""The Flow TAMASHII's steps are declared on, and the helpers the steps share."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Flow, Outcome

from .effects import Applied

PHASES = ("setup", "planning", "action", "combat", "cleanup", "end")
FLOW = Flow("tamashii", phases=PHASES, start="setup.campaign")

Chosen = dict[str, Option] | None


def ask(kind: str, name: str, options: list[Option], clauses: tuple[str, ...], step: str,
        prompt: str) -> Decision | None:
    """One player's decision, or None when there is nothing to choose."""
    if not options:
        return None
    return Decision(kind, (name,), (tuple(options),), clauses, step, prompt)


def told(a: Applied, text: str, then: tuple[tuple[Any, ...], ...] = (),
         clauses: tuple[str, ...] = (), events: tuple[dict[str, Any], ...] = ()) -> Outcome:
    """An Outcome from applied effects: the effects' frames run first, then ``then``."""
    words = f"{text}: {', '.join(a.texts)}" if a.texts else text
    cited = tuple(dict.fromkeys((*clauses, *sorted(a.clauses))))
    return Outcome(a.state, words, events=(*events, *a.events), then=(*a.then, *then),
                   clauses=cited or None)
