"""rich renderables for the terminal: step lines, traces and the clause table."""

from __future__ import annotations

from collections.abc import Iterable

from rich.table import Table
from rich.text import Text

from hisoutab.engine.game import Step

PHASE_STYLE = {
    "setup": "dim", "timeline": "cyan", "adjustment": "blue", "bullet movement": "yellow",
    "maintenance": "magenta", "resolve": "green", "attack": "bold red", "play": "bold white",
    "end": "bold reverse",
}


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
