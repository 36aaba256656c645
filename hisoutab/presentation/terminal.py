"""rich renderables for the terminal: step lines, traces and the clause table."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from hisoutab.engine.game import Step

from .step import delta, format_value, named_diff, state_diff

PHASE_STYLE = {
    "setup": "dim", "timeline": "cyan", "adjustment": "blue", "bullet movement": "yellow",
    "maintenance": "magenta", "resolve": "green", "attack": "bold red", "play": "bold white",
    "end": "bold reverse",
}

__all__ = ["PHASE_STYLE", "clause_table", "escape", "short_trace", "step_line", "step_renderable",
           "trace_renderable", "trace_table"]


def step_line(step: Step) -> Text:
    """One trace line: index, time, turn player, phase, step, clauses, sentence."""
    t = Text()
    t.append(f"{step.index:>5} ", style="dim")
    t.append(f"t={step.time:<4} ", style="cyan")
    t.append(f"{step.actor:<6} ", style="bold")
    t.append(f"{step.phase:<12} ", style=PHASE_STYLE.get(step.phase, ""))
    t.append(f"{step.name:<18} ", style="")
    t.append(f"[{', '.join(step.clauses)}] ", style="dim cyan")
    if step.choice:
        t.append("▶ ", style="bold yellow")
    t.append(step.sentence)
    return t


def trace_table(steps: Iterable[Step], title: str | None = None) -> Table:
    """A table of steps (time, turn player, phase, step, clause, sentence)."""
    table = Table(title=title, show_lines=False, expand=False, header_style="bold")
    for col in ("#", "t", "turn", "phase", "step", "clauses", "what happened"):
        table.add_column(col, no_wrap=col not in ("what happened", "clauses"))
    for s in steps:
        table.add_row(str(s.index), str(s.time), s.actor,
                      Text(s.phase, style=PHASE_STYLE.get(s.phase, "")), s.name,
                      ", ".join(s.clauses),
                      Text(("▶ " if s.choice else "") + s.sentence))
    return table


def clause_table(ruleset_id: str, rows: list[tuple[str, str, list[str]]]) -> Table:
    table = Table(title=f"Clauses of {ruleset_id}", header_style="bold")
    table.add_column("clause", no_wrap=True, style="cyan")
    table.add_column("steps citing it")
    table.add_column("text")
    for cid, text, steps in rows:
        table.add_row(cid, ", ".join(steps) or Text("none", style="bold red"), text)
    return table


def step_renderable(step: Any, *, limit: int = 80, ctx: Any = None) -> RenderableType:
    """A step for the terminal: ``#index t=… phase step (auto|choice)``, its clauses and sentence, the
    choice made, and the state diff (path, before, after, change; with ``ctx``, cards by name)."""
    head = Text()
    head.append(f"#{step.index} ", style="dim")
    head.append(f"t={step.time} ", style="cyan")
    head.append(f"{step.actor} ", style="bold")
    head.append(f"{step.phase} ", style=PHASE_STYLE.get(step.phase, ""))
    head.append(step.name, style="bold")
    head.append(" (auto)" if step.choice is None else " (choice)", style="dim")
    parts: list[RenderableType] = [head, Text(f"clauses: {', '.join(step.clauses)}", style="dim cyan"),
                                   Text(step.sentence)]
    if step.choice:
        parts.append(Text("▶ chosen: " + "; ".join(f"{p}: {v}" for p, v in step.choice.items()),
                          style="bold yellow"))
    diff = named_diff(ctx, step.before, step.after, state_diff(step.before, step.after))
    if diff:
        table = Table(header_style="bold", show_lines=False)
        for col in ("changed", "before", "after", "change"):
            table.add_column(col, overflow="fold")
        for path, a, b in diff:
            table.add_row(path, Text(format_value(a, limit), style="red"),
                          Text(format_value(b, limit), style="green"), delta(a, b))
        parts.append(table)
    else:
        parts.append(Text("no change to the state (besides the agenda)", style="dim"))
    return Group(*parts)


def trace_renderable(steps: Iterable[Any], title: str | None = None) -> Table:
    """A trace of steps (:func:`trace_table`)."""
    return trace_table(steps, title=title)


def short_trace(steps: Iterable[Any], flow: Any, presentation: Any) -> Iterator[Text]:
    """A trace a person reads: one line per turn in which something happened (the turn's first
    step), its moments below it (hits, guards, spell cards, the end… — ``presentation.moment``),
    and a count of the quiet turns in between."""
    quiet = 0
    turn: Any = None
    told = False
    for step in steps:
        sd = flow.steps.get(step.name)
        if sd is not None and "turn" in sd.tags:
            turn, told = step, False
            quiet += 1
            continue
        if not presentation.moment(step):
            continue
        if not told:
            if quiet > 1:
                yield Text(f"      … {quiet - 1} quiet turn{'s' if quiet > 2 else ''}", style="dim")
            quiet = 0
            if turn is not None:
                yield Text.assemble((f"t={turn.time:<4} ", "cyan"), (turn.sentence, "bold"))
            told = True
        line = Text("      ")
        line.append(f"{step.name:<18} ", style=PHASE_STYLE.get(step.phase, ""))
        line.append(step.sentence)
        yield line
    if quiet > 1:
        yield Text(f"      … {quiet - 1} quiet turn{'s' if quiet > 2 else ''}", style="dim")
