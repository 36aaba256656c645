"""Who attacks next in a combat, and why: the combat of a TAMASHII state drawn as a graph whose
edges name the deciding clauses.

Each pass of the loop is one player attack (one skill, paid with dice faces, TM-CMB-3.1), then one
attack by the enemy card holding the number die with the type die's face (TM-CMB-3.2); the die then
moves one card right (TM-CMB-3.3), and after the primary enemy's attack it is removed (TM-CMB-3.4);
the player may go on while dice remain (TM-CMB-3.5); the combat ends when neither side attacks any
more (TM-CMB-4.1), or at once with a reset when HP reaches 0 (TM-CMB-4.2). A card defeated or
discarded before its attack is skipped (TM-CMB-3.6). Players fight one at a time in player order
(A-16), so the players after this one follow. Node ids are ``<prefix>0``, ``<prefix>1``, … in
insertion order: a state always gives the same DOT text."""

from __future__ import annotations

import html
from typing import Any

import graphviz
import networkx as nx

from hisoutab.presentation.drawn import DrawnGraph
from hisoutab.presentation.svg import player_color, player_light

from . import facts

_DECIDE, _GREY, _ENEMY, _ENEMY_LINE, _RESET = "#fff7d6", "#f2f2f2", "#fde8e8", "#b03a2e", "#ffd6d6"


def _seat(state: Any, name: str) -> int:
    return next((k for k, p in enumerate(state.players) if p.name == name), 0)


def _hit(ctx: Any, card: str, face: str) -> str:
    """What ``card`` does on the type die's ``face``, in words (empty when the data is not known)."""
    e = facts.entry(ctx, card, "enemies")
    effects = getattr(e, "effects", None)
    found = effects.get(face) if isinstance(effects, dict) else None
    return facts.effect_words(found) if found else ""


def _now(game: Any, state: Any, g: nx.DiGraph) -> None:
    decision = getattr(game, "pending", None) if state is getattr(game, "state", None) else None
    if decision is not None:
        per = "; ".join(
            f"{p}: {len(o)} options" for p, o in zip(decision.players, decision.options, strict=True)
        )
        g.add_node(
            "now",
            lines=[
                (f"{' and '.join(decision.players)} decides now", True),
                (f"{decision.kind}: {per}", False),
            ],
            fill=_DECIDE,
            color="#888888",
        )
    elif state.outcome:
        g.add_node(
            "now",
            lines=[("the campaign is over", True), (f"{state.outcome} for all", False)],
            fill="#eeeeee",
            color="#888888",
        )
    else:
        g.add_node(
            "now",
            lines=[("nobody decides now", True), ("the rules run by themselves", False)],
            fill=_GREY,
            color="#888888",
        )


def order_after(state: Any, name: str | None) -> list[Any]:
    """The players after ``name`` in player order (clockwise from the starting player, A-10), or all
    of them from the starting player when ``name`` is None."""
    ps = list(state.players)
    start = state.starting % max(len(ps), 1)
    ring = ps[start:] + ps[:start]
    if name is None:
        return ring
    k = next((i for i, p in enumerate(ring) if p.name == name), len(ring) - 1)
    return ring[k + 1 :]


def combat_graph(game: Any, state: Any) -> nx.DiGraph:
    """The graph as networkx data: nodes carry ``lines``, ``fill`` and ``color``; edges ``label``
    (and ``style``)."""
    ctx = getattr(game, "ctx", None)
    g: nx.DiGraph = nx.DiGraph()
    _now(game, state, g)
    cb = state.combat
    prev = "now"
    if cb is not None and not state.outcome:
        prev = _combat(ctx, state, cb, g)
    for p in order_after(state, cb.player if cb is not None else None):
        node = f"next:{p.name}"
        seat = _seat(state, p.name)
        if p.enemies:
            cards = f"{len(p.enemies)} enemy card" + ("" if len(p.enemies) == 1 else "s")
            lines = [(f"{p.name}'s combat", True), (f"{cards} · HP {p.hp}", False)]
            label = "then, in player order (A-16)" if prev != "now" else "the next combat (A-16)"
        else:
            lines = [(f"{p.name} has no enemy cards", True), ("skips combat (A-16)", False)]
            label = "then (A-16)"
        g.add_node(node, lines=lines, fill=player_light(seat), color=player_color(seat))
        g.add_edge(prev, node, label=label, style="solid" if prev != "now" else "dashed")
        prev = node
    return g


def _combat(ctx: Any, state: Any, cb: Any, g: nx.DiGraph) -> str:
    """The passes of ``cb``'s combat still to come; returns the last node."""
    seat = _seat(state, cb.player)
    p = state.players[seat]
    face = facts.type_word(ctx, cb.type.face) if cb.type is not None else "?"
    prev = "now"
    if not cb.rolled:
        g.add_node(
            "roll",
            lines=[(f"{cb.player} rolls", True), ("attack dice, the number die, the type die", False)],
            fill=player_light(seat),
            color=player_color(seat),
        )
        g.add_edge(prev, "roll", label="C1 combat roll (TM-CMB-1)")
        return "roll"
    if getattr(cb, "skipped", False):
        g.add_node(
            "skipped",
            lines=[
                ("a card left the row before it attacked", True),
                ("skipped: the die goes on to the next card", False),
            ],
            fill=_GREY,
            color="#888888",
        )
        g.add_edge(prev, "skipped", label="TM-CMB-3.6 (A-64)")
        prev = "skipped"
    attackers = list(range(cb.at, -1, -1)) if cb.at is not None and cb.at >= 0 else []
    if cb.at is not None and cb.at < 0:
        g.add_node(
            "gone",
            lines=[("no card to the right", True), ("the die is removed (A-64)", False)],
            fill=_GREY,
            color="#888888",
        )
        g.add_edge(prev, "gone", label="TM-CMB-3.6")
        prev = "gone"
    dice = len(cb.dice)
    g.add_node(
        "reset",
        lines=[(f"{cb.player}'s HP reaches 0", True), ("reset, and the combat ends", False)],
        fill=_RESET,
        color=_ENEMY_LINE,
    )
    last_enemy = ""
    for n, k in enumerate(attackers):
        pnode, enode = f"pass{n}", f"enemy{n}"
        foe = p.enemies[k] if k < len(p.enemies) else None
        if cb.declined or dice == 0:
            why = "declined (A-37)" if cb.declined else "no dice left"
            g.add_node(
                pnode,
                lines=[(f"pass {n + 1}: {cb.player} does not attack", True), (why, False)],
                fill=_GREY,
                color=player_color(seat),
            )
        else:
            g.add_node(
                pnode,
                lines=[
                    (f"pass {n + 1}: {cb.player} may attack", True),
                    (f"one skill, paid with dice faces · {dice} dice now", False),
                ],
                fill=player_light(seat),
                color=player_color(seat),
            )
        g.add_edge(
            prev,
            pnode,
            label="the player attacks first (TM-CMB-3, TM-CMB-3.1)"
            if n == 0
            else "the die moves one card right (TM-CMB-3.3)",
        )
        name = facts.name(ctx, foe.card, "enemies") if foe is not None else "?"
        does = _hit(ctx, foe.card, face) if foe is not None else ""
        where = "the primary enemy" if k == 0 else f"enemy card {k + 1} from the primary"
        g.add_node(
            enode,
            lines=[
                (f"{name} attacks", True),
                (f"{where} · holds the number die", False),
                (f"type die: {face}" + (f" → {does}" if does else ""), False),
            ],
            fill=_ENEMY,
            color=_ENEMY_LINE,
        )
        g.add_edge(pnode, enode, label="then the enemy holding the die (TM-CMB-3.2)")
        if n + 1 < len(attackers):
            g.add_edge(
                pnode,
                f"enemy{n + 1}",
                label="if it defeats the card holding the die, that card is skipped (TM-CMB-3.6)",
                style="dashed",
            )
        g.add_edge(enode, "reset", label="if HP reaches 0 (TM-CMB-4.2, TM-RESET-0)", style="dashed")
        prev = last_enemy = enode
    if not attackers:
        g.remove_node("reset")
    g.add_node(
        "rest",
        lines=[
            ("the enemy die is removed", True) if attackers else ("the enemy die was removed", True),
            (f"{cb.player} may go on while dice remain ({dice} now)", False),
        ],
        fill=player_light(seat),
        color=player_color(seat),
    )
    g.add_edge(
        prev,
        "rest",
        label=(
            "it was on the primary (TM-CMB-3.4)"
            if last_enemy
            else "the player attacks alone (TM-CMB-3.5)"
        ),
    )
    prev = "rest"
    g.add_node(
        "end",
        lines=[(f"{cb.player}'s combat ends", True), ("no more skills, the enemy die removed", False)],
        fill=_GREY,
        color="#888888",
    )
    g.add_edge(prev, "end", label="TM-CMB-4.1")
    return "end"


def _label(lines: list[tuple[str, bool]]) -> str:
    rows = "".join(
        f"<tr><td>{'<b>' if bold else ''}{html.escape(t)}{'</b>' if bold else ''}</td></tr>"
        for t, bold in lines
    )
    return f'<<table border="0" cellborder="0" cellspacing="0">{rows}</table>>'


class CombatOrderGraph(DrawnGraph):
    """The combat-order explainer of ``state`` (default: the game's current state)."""

    def __init__(self, game: Any, state: Any = None, *, turns: int = 6, prefix: str = "c") -> None:
        state = game.state if state is None else state
        self.graph = combat_graph(game, state)
        dot = graphviz.Digraph(name="combat", comment="tamashii: who attacks next in a combat, and why")
        dot.attr(
            "graph",
            rankdir="TB",
            fontname="Helvetica",
            fontsize="12",
            labelloc="t",
            label=f"TAMASHII, round {state.round}: who attacks next, and why",
        )
        dot.attr("node", fontname="Helvetica", fontsize="11", shape="box", style="rounded,filled")
        dot.attr("edge", fontname="Helvetica", fontsize="9", color="#444444")
        ids = {n: f"{prefix}{k}" for k, n in enumerate(self.graph.nodes)}
        for n, data in self.graph.nodes(data=True):
            dot.node(ids[n], _label(data["lines"]), fillcolor=data["fill"], color=data["color"])
        for a, b, data in self.graph.edges(data=True):
            dot.edge(ids[a], ids[b], label=data["label"], style=data.get("style", "solid"))
        self.dot = dot

    def __repr__(self) -> str:
        return f"CombatOrderGraph({self.graph.number_of_nodes()} nodes)"


__all__ = ["CombatOrderGraph", "combat_graph", "order_after"]
