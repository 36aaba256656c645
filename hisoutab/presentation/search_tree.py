"""The tree of a search from a state: positions as boxes, moves as edges labelled with the choice,
the chance outcomes it was played with and the clauses its steps applied.

It draws any object shaped as the explorer's result (``root``, ``nodes()``, ``lines()``, ``goal``,
``side``, ``verdict``; nodes with ``id``, ``kind``, ``players``, ``side``, ``value``, ``moves``;
moves with ``words()``, ``probability``, ``clauses`` and ``child``), so the presentation kit needs no
import of the explorer. A position reached by several lines (a transposition) is one box.
"""

from __future__ import annotations

import html
import textwrap
from typing import Any

import graphviz

from .drawn import DrawnGraph

WIDE = 8  # a position with more moves than this turns the tree on its side (left to right)
MAX_NODES = 150  # boxes drawn; the rest of a larger tree is summed up in one box
FILLS = {"goal": "#d8f0d8", "failed": "#f6d5d5", "over": "#eeeeee", "depth": "#f4f4f4",
         "decision": "#ffffff", "start": "#ffffff"}
KIND_WORDS = {"goal": "goal met", "failed": "goal broken", "over": "game over", "depth": "depth reached",
              "start": "start", "decision": ""}


def _wrap(text: str, width: int = 34, lines: int = 3) -> list[str]:
    out = textwrap.wrap(text, width) or [""]
    return out[:lines - 1] + [out[lines - 1] + " …"] if len(out) > lines else out


def _rows(rows: list[tuple[str, bool]]) -> str:
    body = "".join(f"<tr><td>{'<b>' if bold else ''}{html.escape(t)}{'</b>' if bold else ''}</td></tr>"
                   for t, bold in rows)
    return f'<<table border="0" cellborder="0" cellspacing="0">{body}</table>>'


def _value(value: Any) -> str:
    return "1" if value == 1 else "0" if value == 0 else f"{value} ≈ {float(value):.2f}"


def node_rows(node: Any) -> list[tuple[str, bool]]:
    rows: list[tuple[str, bool]] = []
    if node.kind == "decision":
        chooses = ", ".join(node.side)
        answers = ", ".join(p for p in node.players if p not in node.side)
        head = " · ".join(x for x in (f"{chooses} chooses" if chooses else "",
                                      f"{answers} answers" if answers else "") if x)
        rows.append((head or "decision", True))
        if node.clauses:
            rows.append(("[" + ", ".join(node.clauses) + "]", False))
    else:
        rows.append((KIND_WORDS.get(node.kind, node.kind), True))
    rows.append((f"P(goal) = {_value(node.value)}", False))
    rows.append((f"#{node.id}", False))
    return rows


def edge_rows(move: Any, skip: tuple[str, ...] = ()) -> list[tuple[str, bool]]:
    """An edge's label: the choice (without the players in ``skip``, drawn before it), the chance
    outcomes, the probability, the clauses."""
    rows = [(t, True) for t in _wrap(move.words(skip))]
    if move.probability != 1:
        rows.append((f"p = {move.probability}", False))
    if move.clauses:
        rows += [(t, False) for t in _wrap("[" + ", ".join(move.clauses) + "]", 40, 4)]
    return rows


def _groups(node: Any) -> list[tuple[str | None, list[Any]]]:
    """The moves of ``node``, grouped by the goal side's part of the choice when others answer in
    the same (simultaneous) decision; else one group."""
    answers = [p for p in node.players if p not in node.side]
    if not node.side or not answers:
        return [(None, list(node.moves))]
    out: dict[str, list[Any]] = {}
    for m in node.moves:
        part = ", ".join(f"{p}: {(m.choice or {}).get(p, '')}" for p in node.side)
        out.setdefault(part, []).append(m)
    return list(out.items())


class SearchTree(DrawnGraph):
    """The tree of ``exploration``; the moves of the lines found drawn bold."""

    def __init__(self, exploration: Any, *, max_nodes: int = MAX_NODES, prefix: str = "n") -> None:
        self.exploration = exploration
        nodes = exploration.nodes()
        shown = nodes[:max_nodes]
        ids = {id(n): f"{prefix}{k}" for k, n in enumerate(shown)}
        on_lines = {id(m) for line in exploration.lines() for m in line}
        dot = graphviz.Digraph(name="search", comment=f"{exploration.ruleset}: search for {exploration.goal}")
        title = (f"{exploration.goal} — for {', '.join(exploration.side)}, {exploration.depth} "
                 f"decision(s), chance {exploration.chance}: {exploration.verdict}")
        if exploration.verdict == "possible":
            title += f" (P = {_value(exploration.probability)})"
        wide = any(len(n.moves) > WIDE for n in shown)
        dot.attr("graph", rankdir="LR" if wide else "TB", fontname="Helvetica", fontsize="12", labelloc="t",
                 label=_rows([(title, True)]))
        dot.attr("node", fontname="Helvetica", fontsize="10", shape="box", style="rounded,filled")
        dot.attr("edge", fontname="Helvetica", fontsize="9", color="#555555")
        for n in shown:
            dot.node(ids[id(n)], _rows(node_rows(n)), fillcolor=FILLS.get(n.kind, "#ffffff"),
                     penwidth="2" if n is exploration.root else "1")
        hidden = 0
        for n in shown:
            groups = _groups(n)
            for k, (part, moves) in enumerate(groups):
                source = ids[id(n)]
                if part is not None:  # a simultaneous decision: the side's part, then the answers
                    source = f"{ids[id(n)]}p{k}"
                    bold = any(id(m) in on_lines for m in moves)
                    dot.node(source, _rows([(t, True) for t in _wrap(part)]), shape="box",
                             style="rounded,dashed", fillcolor="#ffffff")
                    dot.edge(ids[id(n)], source, penwidth="2.2" if bold else "1",
                             color="#1f6f1f" if bold else "#555555")
                for m in moves:
                    target = ids.get(id(m.child))
                    if target is None:
                        hidden += 1
                        continue
                    bold = id(m) in on_lines
                    rows = edge_rows(m, skip=n.side if part is not None else ())
                    dot.edge(source, target, _rows(rows), penwidth="2.2" if bold else "1",
                             color="#1f6f1f" if bold else "#555555")
        if len(nodes) > len(shown):
            dot.node(f"{prefix}more", _rows([(f"{len(nodes) - len(shown)} more positions and {hidden} "
                                              "moves not drawn", False)]), fillcolor="#eeeeee")
        self.dot = dot
        self.drawn = len(shown)
