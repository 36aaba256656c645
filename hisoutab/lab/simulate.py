"""Playing ahead on a state outside a :class:`~hisoutab.engine.Game`: an agent's look-ahead.

The steps run exactly as a game runs them (the step's frame popped, the frames it asks for
pushed), on the agent's own context (its own chance source: nothing forced in the real game is
taken), without history.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.record import freeze, replace


class Simulator:
    """Steps of one ruleset on one context."""

    def __init__(self, ruleset: Any, ctx: Any) -> None:
        self.ruleset = ruleset
        self.ctx = ctx
        self.steps = ruleset.flow.steps

    def decision(self, state: Any) -> Decision | None:
        """The decision the next step asks for (None: it runs by itself, or the game is over)."""
        if not state.agenda:
            return None
        frame = state.agenda[-1]
        sd = self.steps[frame[0]]
        return sd.decide(self.ctx, state, frame) if sd.decide is not None else None

    def apply(self, state: Any, chosen: Mapping[str, Option] | None = None) -> Any:
        """The state after the next step (with ``chosen`` answering its decision)."""
        frame = state.agenda[-1]
        sd = self.steps[frame[0]]
        out = (sd.run(self.ctx, state, frame, dict(chosen) if chosen else None)
               if sd.decide is not None else sd.run(self.ctx, state, frame))
        then = tuple(freeze(f) for f in out.then) if out.then else ()
        return replace(out.state, agenda=out.state.agenda[:-1] + then[::-1])

    def advance(self, state: Any, limit: int) -> tuple[Any, Decision | None]:
        """Run the steps that need nobody's choice, at most ``limit`` of them: the state reached
        and the decision pending there (None: the game is over or the limit was reached)."""
        for _ in range(limit):
            if not state.agenda:
                return state, None
            decision = self.decision(state)
            if decision is not None:
                return state, decision
            state = self.apply(state)
        return state, None
