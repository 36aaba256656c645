"""Raising the trace (TM-MOVE-2, TM-MOVE-3, effects) and its overflow (TM-TRACE-4, A-23)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.record import replace

from .board import player, put
from .context import Context
from .state import State

OVERFLOW_DRAWS = 2


def lock_on_step(s: State) -> str:
    """The step that draws enemy cards in the phase under way (one per phase, so that each phase's
    graph shows its own draws)."""
    return "enemy.draw" if s.phase in ("setup", "planning") else f"{s.phase}.lock_on"


def raise_trace(ctx: Context, s: State, name: str, n: int) -> tuple[State, str, list[tuple[Any, ...]]]:
    """Raise the trace by ``n``; reaching the top draws two enemy cards at once and sets the trace
    to 0 (A-23: the excess is lost, or carries over). Returns the state, a sentence and the frames
    of the draws."""
    p = player(s, name)
    top = ctx.content.board.trace_top
    value = p.trace + n
    if value < top:
        return put(s, replace(p, trace=value)), f"trace {p.trace} → {value}", []
    after = value - top if ctx.options["a23.excess"] == "carry" else 0
    after = min(after, top - 1)
    s = put(s, replace(p, trace=after))
    return (s, f"trace {p.trace} + {n} reaches the top ({top}): overflow, two enemy cards, trace → {after}",
            [(lock_on_step(s), name, OVERFLOW_DRAWS)])
