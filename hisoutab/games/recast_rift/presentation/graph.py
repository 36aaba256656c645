"""Who may answer now, what resolves next and why: the stack of a Recast Rift state drawn as a graph
whose edges name the deciding clauses.

The pending decision (who decides, what kind, how many options) points at the top entry it answers;
each entry of the stack, top first, points at the one below it, which resumes once the one above has
finished (RR-PRE-3); each entry names the stage it is at and the stages still to come (RR-SEQ-1);
the Trigger cards waiting to be processed come after the stack (RR-PRIN-3 … RR-PRIN-5), and then
the next steps on the agenda. Node ids are ``<prefix>0``, ``<prefix>1``, … in insertion order, so a
state always gives the same DOT text."""

from __future__ import annotations

import html
from typing import Any

import graphviz
import networkx as nx

from hisoutab.presentation.drawn import DrawnGraph

from ..rules.state import STAGES
from . import cards
from .stack import HOW, STAGE_NAMES, damage, entry_label

_FILL = ("#fbe3e1", "#e0e9fb")
_EDGE = ("#c8372d", "#2a62c9")
_DECIDE = "#fff7d6"
#: the clause each stage still to come follows from
STAGE_CLAUSE = {"on_cast": "RR-SEQ-1", "attack": "RR-ATK-3", "preempt": "RR-PRE-1", "damage": "RR-DMG-1",
                "deploy": "RR-SEQ-1"}


def _v(value: str) -> str:
    return f"{value} (a bar)" if value == cards.BAR else value


def _label(lines: list[tuple[str, bool]]) -> str:
    rows = "".join(f"<tr><td>{'<b>' if bold else ''}{html.escape(t)}{'</b>' if bold else ''}</td></tr>"
                   for t, bold in lines)
    return f'<<table border="0" cellborder="0" cellspacing="0">{rows}</table>>'


def stack_graph(game: Any, state: Any, *, turns: int = 6) -> nx.DiGraph:
    """The graph as networkx data: nodes carry ``lines`` and ``fill``; edges ``label``."""
    ctx = game.ctx
    g: nx.DiGraph = nx.DiGraph()
    entries = list(reversed(state.stack))
    decision = game.pending if state is game.state else None
    if decision is not None:
        per = "; ".join(f"{p}: {len(o)} options"
                        for p, o in zip(decision.players, decision.options, strict=True))
        g.add_node("now", lines=[(f"{' and '.join(decision.players)} may answer now", True),
                                 (f"{decision.kind}: {per}", False)], fill=_DECIDE, color="#888888")
    elif state.winner:
        g.add_node("now", lines=[("the game is over", True), (f"winner: {state.winner}", False)],
                   fill="#eeeeee", color="#888888")
    else:
        g.add_node("now", lines=[("nobody decides now", True), ("the rules run by themselves", False)],
                   fill="#f2f2f2", color="#888888")
    prev = "now"
    for depth, e in enumerate(entries):
        node = f"e{depth}"
        dmg = damage(ctx, e)
        k = STAGES.index(e.stage) if e.stage in STAGES else 0
        later = ", ".join(STAGE_NAMES[s] for s in STAGES[k + 1:]) or "nothing"
        lines = [(("top: " if depth == 0 else f"{depth + 1}. ") + entry_label(ctx, e), True),
                 (f"{state.players[e.controller].name}'s · {HOW.get(e.how, e.how)}", False),
                 (f"now: {STAGE_NAMES.get(e.stage, e.stage)}", False),
                 ("no «Attack»" if dmg is None else f"Hand {_v(dmg[0])} · Life {_v(dmg[1])}", False),
                 (f"still to come: {later}", False)]
        g.add_node(node, lines=lines, fill=_FILL[e.controller], color=_EDGE[e.controller])
        if prev == "now":
            preempting = decision is not None and decision.kind == "preempt"
            label = ("answers the top (RR-PRE-1, RR-PRE-2)" if preempting
                     else f"resolves next ({STAGE_CLAUSE.get(e.stage, 'RR-SEQ-1')})")
        else:
            label = "resumes when the entry above is done (RR-PRE-3)"
        g.add_edge(prev, node, label=label)
        prev = node
    for k, w in enumerate(state.waiting):
        node = f"w{k}"
        g.add_node(node, lines=[(f"waiting: {cards.name(ctx, w.card)}", True),
                                (f"{state.players[w.owner].name}'s Trigger card, on {w.event}", False)],
                   fill=_FILL[w.owner], color=_EDGE[w.owner])
        label = ("then, in the turn player's order (RR-PRIN-3, RR-PRIN-4)" if k == 0
                 else "when declared (RR-PRIN-5)")
        g.add_edge(prev, node, label=label)
        prev = node
    steps = game.ruleset.flow.steps
    for k, frame in enumerate(list(reversed(state.agenda))[: max(1, turns)]):
        node = f"a{k}"
        sd = steps.get(frame[0])
        clauses = ", ".join(sd.clauses[:4]) if sd is not None else ""
        g.add_node(node, lines=[(f"step {frame[0]}", k == 0), (f"phase: {sd.phase if sd else '?'}", False)],
                   fill="#ffffff", color="#aaaaaa")
        g.add_edge(prev, node, label=(f"next on the agenda ({clauses})" if k == 0 else f"then ({clauses})"),
                   style="dashed")
        prev = node
    return g


class StackGraph(DrawnGraph):
    """The stack explainer of ``state`` (default: the game's current state)."""

    def __init__(self, game: Any, state: Any = None, *, turns: int = 6, prefix: str = "s") -> None:
        state = game.state if state is None else state
        self.graph = stack_graph(game, state, turns=turns)
        dot = graphviz.Digraph(name="stack", comment="recast-rift: who may answer, what resolves next")
        dot.attr("graph", rankdir="TB", fontname="Helvetica", fontsize="12", labelloc="t",
                 label=f"Recast Rift, turn {state.turn}: who may answer now, what resolves next, and why")
        dot.attr("node", fontname="Helvetica", fontsize="11", shape="box", style="rounded,filled")
        dot.attr("edge", fontname="Helvetica", fontsize="9", color="#444444")
        ids = {n: f"{prefix}{k}" for k, n in enumerate(self.graph.nodes)}
        for n, data in self.graph.nodes(data=True):
            dot.node(ids[n], _label(data["lines"]), fillcolor=data["fill"], color=data["color"])
        for a, b, data in self.graph.edges(data=True):
            dot.edge(ids[a], ids[b], label=data["label"], style=data.get("style", "solid"))
        self.dot = dot

    def __repr__(self) -> str:
        return f"StackGraph({self.graph.number_of_nodes()} nodes)"
