"""The generic "who acts next, and why" graph: the pending decision and the agenda, top first.

Every ruleset has an agenda (the stack of steps still to run) and, at times, a pending decision;
this graph draws them for any ruleset, each node with the step's phase and clauses, so the
priority question has an answer even where a ruleset draws no explainer of its own.
"""

from __future__ import annotations

import html
from typing import Any

import graphviz

from .drawn import DrawnGraph

MAX_FRAMES = 12


def _label(lines: list[tuple[str, bool]]) -> str:
    rows = "".join(f"<tr><td>{'<b>' if bold else ''}{html.escape(text)}{'</b>' if bold else ''}"
                   "</td></tr>" for text, bold in lines)
    return f'<<table border="0" cellborder="0" cellspacing="0">{rows}</table>>'


class AgendaGraph(DrawnGraph):
    """What happens next in ``state`` of ``game``: who decides now (and among how many options),
    then the steps on the agenda in the order they will run."""

    def __init__(self, game: Any, state: Any = None, *, turns: int = MAX_FRAMES,
                 prefix: str = "a") -> None:
        state = game.state if state is None else state
        steps = game.ruleset.flow.steps
        agenda = list(reversed(getattr(state, "agenda", ()) or ()))
        self.frames = agenda[: max(1, turns)]
        dot = graphviz.Digraph(name="agenda", comment=f"{game.ruleset.id}: who acts next")
        dot.attr("graph", rankdir="TB", fontname="Helvetica", fontsize="12", labelloc="t",
                 label=f"{game.ruleset.title}: what happens next, and why")
        dot.attr("node", fontname="Helvetica", fontsize="11", shape="box", style="rounded,filled",
                 fillcolor="white")
        dot.attr("edge", fontname="Helvetica", fontsize="9", color="#444444")
        prev = None
        decision = None
        if agenda and state is game.state:
            decision = game.pending
        if not agenda:
            result = game.ruleset.result(state)
            dot.node(f"{prefix}end", _label([("the game is over", True), (str(result), False)]),
                     fillcolor="#eeeeee")
        for k, frame in enumerate(self.frames):
            sd = steps.get(frame[0])
            lines = [(str(frame[0]), True)]
            if sd is not None:
                lines.append((f"phase: {sd.phase}", False))
                lines.append((f"clauses: {', '.join(sd.clauses) or '—'}", False))
            if len(frame) > 1:
                lines.append(("with " + ", ".join(repr(a) for a in frame[1:])[:60], False))
            fill = "white"
            if k == 0 and decision is not None:
                per = "; ".join(f"{p}: {len(o)} options" for p, o in
                                zip(decision.players, decision.options, strict=True))
                lines.insert(1, (f"{' and '.join(decision.players)} decide ({decision.kind})", True))
                lines.insert(2, (per, False))
                fill = "#fff7d6"
            elif k == 0:
                lines.insert(1, ("runs next, by itself", False))
                fill = "#f2f2f2"
            node = f"{prefix}{k}"
            dot.node(node, _label(lines), fillcolor=fill)
            if prev is not None:
                dot.edge(prev, node, label="then")
            prev = node
        if len(agenda) > len(self.frames):
            dot.node(f"{prefix}more", f"… {len(agenda) - len(self.frames)} more on the agenda",
                     shape="plaintext", style="")
            if prev is not None:
                dot.edge(prev, f"{prefix}more", style="dashed")
        self.dot = dot

    def __repr__(self) -> str:
        return f"<AgendaGraph {len(self.frames)} frames>"
