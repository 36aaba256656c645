"""Who acts when in the draft, and why: the coming turns in timeline order, drawn as a graph whose
edges name the deciding clauses.

:func:`priority_graph` first runs the steps the rules take by themselves, with the draft's own step
functions, from the state up to the next decision: the special lines triggered on the way (D-TIME)
with what they did, every turn taken (D-TURN-1: the earliest marker; D-TURN-2: the same slot is a
simultaneous action) with the sentences of what moved a marker, and the resolution order of a
simultaneous action (D-RES-SIM: the higher cancellation level first; on a tie, the initiative
holder's choice) and of its cancellation phase (D-CANCEL-SIM). From the decision on, the timeline
depends on cards not chosen yet: the turns that may follow are drawn as dashed branches (the acting
player's marker lands before, on or after the other's). Node ids are opaque (``p0``, ``p1``, … in
insertion order) and the labels carry the text, so a state always gives the same DOT text.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import graphviz
import networkx as nx

from hisoutab.engine.decision import Decision
from hisoutab.games.hisoutab.kit.priority import (
    CHOICE_FILL,
    MAYBE,
    NOW_FILL,
    PriorityExplainer,
    draw_graph,
    node_attrs,
    node_label,
)

from ..rules.flow import FLOW
from .marks import card_name, card_of

__all__ = ["DraftPriorityGraph", "draw_priority_graph", "priority_graph", "project"]

PLAYERS = ("P1", "P2")
MAX_STEPS = 600  # auto steps run ahead at most
MAX_DETAILS = 7  # detail lines in one node
#: steps whose sentences explain a turn: what resolved, what hit, what moved a marker
DETAIL_STEPS = frozenset({"res.card", "eff.move", "eff.dash", "eff.forward", "eff.bullet", "hit.check",
                          "parry", "bullet.hit", "dmg.block", "dmg.normal", "dmg.counter", "eff.knockback",
                          "cancel.choose", "cast", "recover", "play.choose"})
LINE_STEPS = frozenset({"time.spirit", "time.bullets", "time.gravity"})

_LINE_FILL = "#ffd95a"


def _name(i: int) -> str:
    return PLAYERS[i] if 0 <= i < len(PLAYERS) else f"P{i + 1}"


# ------------------------------------------------------------------ running ahead
@dataclass(frozen=True)
class Ran:
    """One auto step run ahead: its frame, name, sentence, clauses and the states around it."""

    frame: tuple[Any, ...]
    name: str
    text: str
    clauses: tuple[str, ...]
    before: Any
    after: Any


def project(ctx: Any, state: Any, limit: int = MAX_STEPS) -> tuple[list[Ran], Any, Decision | None]:
    """The steps the rules take by themselves from ``state`` (as the engine runs them: the top
    frame of the agenda, its outcome's frames pushed in their order), up to the next decision, the
    end of the game or ``limit`` steps. Returns (the steps, the state reached, the decision)."""
    s = state
    ran: list[Ran] = []
    while s.agenda and len(ran) < limit:
        frame = s.agenda[-1]
        sd = FLOW.steps[frame[0]]
        if sd.decide is not None:
            decision = sd.decide(ctx, s, frame)
            if decision is not None:
                return ran, s, decision
            out = sd.run(ctx, s, frame, None)
        else:
            out = sd.run(ctx, s, frame)
        new = out.state
        rest = new.agenda[:-1] + tuple(out.then[::-1]) if out.then else new.agenda[:-1]
        new = _with_agenda(new, rest)
        ran.append(Ran(frame, sd.name, out.text, tuple(out.clauses or sd.clauses), s, new))
        s = new
    return ran, s, None


def _with_agenda(state: Any, agenda: tuple[Any, ...]) -> Any:
    from hisoutab.engine.record import replace

    return replace(state, agenda=agenda)


# ------------------------------------------------------------------ the graph
class _Builder:
    def __init__(self, ctx: Any, state: Any, turns: int) -> None:
        self.ctx, self.s = ctx, state
        self.turns = max(1, int(turns))
        self.count = 0
        holder = _name(state.initiative) if state.first is not None else "not drawn yet"
        self.g = nx.DiGraph(time=state.time, turn=state.turn, initiative=holder)

    def node(self, key: str, kind: str, label: str, details: Iterable[str] = (), **attrs: Any) -> str:
        base, k = key, 1
        while key in self.g:
            k += 1
            key = f"{base}#{k}"
        self.g.add_node(key, kind=kind, label=label, details=tuple(details), **attrs)
        return key

    def edge(self, a: str, b: str, clauses: Sequence[str], why: str, *, certain: bool = True,
             choice: str | None = None) -> None:
        self.g.add_edge(a, b, clauses=tuple(dict.fromkeys(clauses)), why=why, certain=certain, choice=choice)

    def detail(self, key: str | None, line: str) -> None:
        if key is None:
            return
        data = self.g.nodes[key]
        details = list(data["details"])
        if len(details) < MAX_DETAILS:
            details.append(line)
        elif len(details) == MAX_DETAILS:
            details.append("…")
        data["details"] = tuple(details)

    def card_text(self, iid: str | None) -> str:
        card = card_of(self.ctx, iid)
        return "nothing" if card is None else f"{card.name} (cancel Lv {card.cancel})"

    # -------------------------------------------------------------- nodes
    def now(self) -> str:
        s = self.s
        lines = []
        for i, p in enumerate(s.players):
            where = f"marker t={p.marker}" if p.marker is not None else "no marker yet"
            if p.played is not None:
                where += f", {self.card_text(p.played)} in play"
            lines.append(f"{_name(i)}: {where}")
        if s.first is not None:
            lines.append(f"initiative: {_name(s.initiative)}")
        return self.node("now", "now", f"now: t={s.time}, turn {s.turn}", lines, t=s.time)

    def turn(self, prev: str, t: int, parts: Sequence[int], *, certain: bool, now: bool, why: str,
             details: Iterable[str] = ()) -> str:
        parts = tuple(sorted(parts))
        sim = len(parts) == 2
        who = " and ".join(_name(i) for i in parts)
        label = f"t={t}: simultaneous action" if sim else f"t={t}: {who}'s turn"
        if now:
            label += " (now)"
        key = self.node(f"{'sim' if sim else 'turn'}@{t}:{''.join(_name(i) for i in parts)}", "turn", label,
                        details, players=tuple(_name(i) for i in parts), t=t, simultaneous=sim,
                        certain=certain, now=now)
        self.count += 1
        clauses = ("D-TURN-1", "D-TURN-2") if sim else ("D-TURN-1",)
        self.edge(prev, key, clauses, why, certain=certain)
        return key

    # -------------------------------------------------------------- building
    def build(self) -> nx.DiGraph:
        s = self.s
        now = self.now()
        if s.winner is not None:
            result = "draw: both players at 0 HP" if s.winner == "draw" else f"{s.winner} wins"
            end = self.node("over", "end", f"game over: {result}")
            self.edge(now, end, ("D-GOAL-1",), "a player's health reached 0")
            return self.g
        if s.first is None:
            return self.setup(now)
        ran, reached, decision = project(self.ctx, s)
        prev = now
        current: str | None = None
        line: str | None = None
        if s.participants and any(f[0] != "timeline.advance" for f in s.agenda):
            current = self.turn(now, s.time, s.participants, certain=True, now=True, why="the current turn")
            prev = current
        pending_why = ""
        for r in ran:
            if self.count >= self.turns and r.name == "turn.begin":
                more = self.node("more", "open", "… later turns", ("raise the number of turns to see them",))
                self.edge(prev, more, ("D-TURN-1",), "", certain=True)
                return self.g
            prev, current, line, pending_why = self.step(r, prev, current, line, pending_why)
            if r.name == "game.over":
                return self.g
        if decision is not None:
            self.decision(prev, reached, decision)
        return self.g

    def step(self, r: Ran, prev: str, current: str | None, line: str | None,
             pending_why: str) -> tuple[str, str | None, str | None, str]:
        """Add what one step run ahead shows; returns the new (prev, current turn, line, why)."""
        name = r.name
        if name == "timeline.advance":
            return prev, None, None, f"the next turn is at t={r.after.time}"
        if name == "time.line":
            c = r.frame[1]
            key = self.node(f"line@{c}", "line", f"special line after slot {c}", (), t=c)
            self.edge(prev, key, ("D-TIME", "D-CARD-LINE", "DR-1"),
                      f"both markers have passed slot {c} ({pending_why})" if pending_why
                      else f"both markers have passed slot {c}")
            return key, None, key, pending_why
        if name in LINE_STEPS:
            if line is None and current is None:  # a special line already under way
                line = self.node("line@now", "line", "special line (now)", (), t=r.before.time)
                self.edge(prev, line, ("D-TIME", "D-CARD-LINE"), "the special line under way")
                prev = line
            self.detail(line, r.text)
            return prev, current, line, pending_why
        if name == "turn.begin":
            parts = tuple(r.after.participants)
            if not parts:
                return prev, current, line, pending_why
            t = r.after.time
            if len(parts) == 2:
                why = f"both markers on t={t}"
            else:
                other = r.after.players[1 - parts[0]]
                why = (f"{_name(parts[0])}'s marker is the earliest (t={t}; {_name(1 - parts[0])} at "
                       f"t={other.marker})")
            _, _, resolving = r.text.partition("; ")  # "turn 9 at t=11: P1's turn; P1's Step resolves"
            key = self.turn(prev, t, parts, certain=True, now=False, why=why,
                            details=(resolving,) if resolving else ())
            return key, key, None, ""
        if name == "res.begin" and "resolves before" in r.text:
            first = next(i for i in (0, 1) if r.text.startswith(_name(i)))
            key = self.node(f"order@{r.after.time}", "order",
                            f"{_name(first)} resolves first, then {_name(1 - first)}", (r.text,),
                            t=r.after.time)
            self.edge(prev, key, ("D-RES-SIM",), "the higher cancellation level resolves first")
            return key, key, line, pending_why
        if name == "cancel.begin" and "decides first" in r.text:
            first = r.after.initiative
            key = self.node(f"cancel@{r.after.time}", "order",
                            f"cancellation: {_name(first)} decides first, then {_name(1 - first)}",
                            (), t=r.after.time)
            self.edge(prev, key, ("D-CANCEL-SIM",), f"{_name(first)} holds the initiative token")
            return key, key, line, pending_why
        if name == "game.over":
            key = self.node("over", "end", f"game over: {r.text}")
            self.edge(prev, key, ("D-GOAL-1",), "a player's health reached 0")
            return key, None, None, pending_why
        if name in DETAIL_STEPS:
            self.detail(line if line is not None and current is None else current, r.text)
        return prev, current, line, pending_why

    def setup(self, now: str) -> nx.DiGraph:
        t = self.ctx.start
        key = self.node("setup", "open", "setup", (
            "both markers go on the first slot (D-SETUP-5, DR-4)",
            "the first player is drawn and takes the initiative token; the other gains 3 HP (D-SETUP-6)"))
        self.edge(now, key, ("D-SETUP-5", "D-SETUP-6"), "the game is being set up")
        first = self.turn(key, t, (0, 1), certain=True, now=False, why=f"both markers on t={t}",
                          details=("both play a card face-down, revealed together (D-PLAY)",))
        self.g.nodes[first]["label"] = f"t={t}: simultaneous action (the first turn)"
        return self.g

    def decision(self, prev: str, s: Any, d: Decision) -> None:
        """The decision the run ahead stopped at, and the turns that may follow it."""
        sd = FLOW.steps.get(d.step)
        who = " and ".join(d.players)
        prompt = d.prompt or (sd.doc.split(".")[0] if sd is not None else d.kind)
        labels = [o.label for o in d.options[0]]
        shown = labels[:4] + ([f"… {len(labels) - 4} more"] if len(labels) > 4 else [])
        details = [f"{d.players[0]}: " + ", ".join(shown)]
        if d.joint:
            details.append("chosen hidden, revealed together")
        key = self.node(f"decide@{s.time}", "decision", f"{who} decide{'s' if not d.joint else ''}: {prompt}",
                        details, t=s.time)
        self.edge(prev, key, d.clauses, "the rules ask")
        if d.step == "res.order":
            self.initiative_choice(key, s)
        self.future(key, s, d)

    def initiative_choice(self, key: str, s: Any) -> None:
        h = s.initiative
        o = 1 - h
        for opt, first, after in (("keep", o, h), ("pass", h, o)):
            verb = "keeps the token" if opt == "keep" else f"passes the token to {_name(o)}"
            k = self.node(f"{opt}@{s.time}", "order",
                          f"{_name(first)} resolves first, then {_name(1 - first)}",
                          (f"{_name(h)} {verb}", f"{_name(first)}: {self.card_text(s.players[first].played)}",
                           f"cancellation: {_name(after)} decides first (D-CANCEL-SIM)"), t=s.time)
            self.edge(key, k, ("D-RES-SIM",), f"{opt}: {_name(first)} acts first", choice=opt)

    def future(self, prev: str, s: Any, d: Decision) -> None:
        """The turns that may follow the decision: dashed, since they depend on what is chosen."""
        acting = {i for i in s.participants if s.players[i].marker == s.time}
        if d.step == "def.phase":
            acting |= {PLAYERS.index(p) for p in d.players}
        known = {i: s.players[i].marker for i in (0, 1)
                 if i not in acting and s.players[i].marker is not None}
        if self.count >= self.turns:
            return
        if len(acting) != 1 or len(known) != 1:
            key = self.node("open", "open", "then: the earlier marker takes the next turn", (
                "markers land where the cards chosen put them (D-CAST, D-RECOVER)",
                "the same slot: a simultaneous action (D-TURN-2)"))
            self.edge(prev, key, ("D-TURN-1", "D-TURN-2"), "depends on the cards chosen", certain=False)
            return
        (a,) = acting
        b, t2 = next(iter(known.items()))
        an, bn = _name(a), _name(b)
        low = s.time + 1 if a in s.participants else s.time
        if t2 > low:
            span = f"t={low}" if t2 == low + 1 else f"t={low}–{t2 - 1}"
            key = self.node(f"again@{low}", "turn", f"{span}: {an}'s turn again", (f"before {bn} acts",),
                            players=(an,), t=low, simultaneous=False, certain=False, now=False)
            self.count += 1
            self.edge(prev, key, ("D-TURN-1",), f"if {an}'s marker lands before t={t2}", certain=False)
        attack = card_of(self.ctx, s.players[a].played or s.players[a].resolved)
        caveat: tuple[str, ...] = ()
        strikes = attack is not None and (attack.has_effect("physical") or attack.has_effect("bullet"))
        if s.bullets or strikes:
            caveat = (f"unless a hit moves {bn}'s marker (D-BLOCK, D-NORMAL, D-COUNTER)",)
        src = prev
        for c in range(s.special_done + 1, t2):
            if self.ctx.is_special(c):
                key = self.node(f"line@{c}", "line", f"special line after slot {c}",
                                ("each player gains 1 spirit (D-TIME-1)",
                                 "every bullet moves once (D-TIME-2)",
                                 "every piece in the air falls 1 (D-TIME-3)"), t=c)
                self.edge(src, key, ("D-TIME", "D-CARD-LINE", "DR-1"),
                          f"before t={t2}: once {an}'s marker passes slot {c} too", certain=False)
                src = key
        if self.count < self.turns:
            sim = self.turn(src, t2, (a, b), certain=False, now=False,
                            why=f"if {an}'s marker lands on t={t2}")
            q = s.players[b]
            self.g.nodes[sim]["details"] = caveat
            if q.played:
                details = [f"{bn}: {self.card_text(q.played)}",
                           f"{an}: the card it plays now, if its cast time ends at t={t2}",
                           "on a tie the initiative holder passes or keeps the token"]
                key = self.node(f"simorder@{t2}", "order", "the higher cancellation level resolves first",
                                details, t=t2)
                self.edge(sim, key, ("D-RES-SIM",), "in a simultaneous action", certain=False)
            else:
                key = self.node(f"simorder@{t2}", "order", f"{an} resolves first, if it has a card in play",
                                (f"{bn} has no card in play: it plays", "then both play, face-down (D-PLAY)"),
                                t=t2)
                self.edge(sim, key, ("D-RES", "D-PLAY"), f"{bn} has nothing to resolve", certain=False)
        if self.count < self.turns:
            q = s.players[b]
            what = (f"resolves {card_name(self.ctx, q.played)} (DS-2)" if q.played
                    else "plays a card or waits (D-PLAY)")
            self.turn(src, t2, (b,), certain=False, now=False, why=f"if {an}'s marker lands after t={t2}",
                      details=(what, *caveat))


def priority_graph(ctx: Any, state: Any, *, turns: int = 6) -> nx.DiGraph:
    """Who acts next in a draft ``state`` and why, as a DAG (``turns``: at most this many turn nodes).

    Nodes carry ``kind`` (``now``, ``line``, ``turn``, ``order``, ``decision``, ``open``, ``end``),
    ``label``, ``details`` and, for turns, ``t``, ``players``, ``simultaneous``, ``certain`` and
    ``now``. Edges carry ``clauses`` (the deciding clause IDs), ``why``, ``certain`` (False: it
    depends on a choice not made yet) and ``choice`` (``keep`` / ``pass`` of the initiative token)."""
    return _Builder(ctx, state, turns).build()


# ------------------------------------------------------------------ drawing
def _lines(items: Iterable[str], width: int = 46) -> str:
    out = []
    for item in items:
        out.extend(textwrap.wrap(item, width) or [""])
    return "<br/>".join(html.escape(x) for x in out)


def _node_attrs(data: Mapping[str, Any]) -> dict[str, str]:
    kind = data["kind"]
    head = "<br/>".join(html.escape(x) for x in textwrap.wrap(data["label"], 40))
    details = data.get("details", ())
    attrs = node_attrs(data, node_label(head, _lines(details) if details else ""))
    if kind == "line":
        attrs.update(fillcolor=_LINE_FILL, shape="box", style="filled", color="#8a6500")
    elif kind == "order":
        attrs.update(shape="box", style="rounded", color="#666666")
    elif kind == "decision":
        attrs.update(shape="octagon", style="filled", fillcolor=CHOICE_FILL)
    elif kind in ("end", "open"):
        attrs.update(shape="box", style="rounded,filled,dashed" if kind == "open" else "rounded,filled",
                     fillcolor=NOW_FILL, color=MAYBE)
    return attrs


def draw_priority_graph(graph: nx.DiGraph, *, prefix: str = "p",
                        title: str | None = None) -> graphviz.Digraph:
    """Draw a :func:`priority_graph`: turns as boxes (P1 red, P2 blue, a simultaneous action purple;
    dashed when it depends on a choice not made yet), special lines yellow, resolution orders plain,
    a pending decision an octagon. Every edge is labelled with its clause IDs and the reason."""
    head = title or (f"HisouTab draft: who acts next, from t={graph.graph.get('time')} "
                     f"(initiative: {graph.graph.get('initiative')})")
    legend = "solid: certain · dashed: depends on a choice not made yet · edge labels: deciding clauses"
    return draw_graph(graph, _node_attrs, prefix=prefix, head=head, legend=legend, ranksep="0.45")


class DraftPriorityGraph(PriorityExplainer):
    """The draft's priority graph of a state: ``graph`` (networkx) and ``dot`` (graphviz).

    ``DraftPriorityGraph(game, state=None, *, turns=6, prefix="p")``: ``game`` is a Game (its
    context; its current state by default) or a draft context."""

    def __init__(self, game: Any, state: Any = None, *, turns: int = 6, prefix: str = "p") -> None:
        ctx = getattr(game, "ctx", game)
        if state is None:
            state = getattr(game, "state", None)
        if state is None:
            raise ValueError("DraftPriorityGraph(ctx, state): give the state (or pass a Game)")
        self.graph: nx.DiGraph = priority_graph(ctx, state, turns=turns)
        self.dot: graphviz.Digraph = draw_priority_graph(self.graph, prefix=prefix)
