"""Who acts next and why: the coming turns on the timeline, drawn as a DAG of deciding clauses.

:func:`priority_graph` reads a state and derives, only as far as the state determines it, the coming
turns (the next turn is at the smallest position: a player's hit token when it is on the timeline, else
their marker), the special cells triggered on the way (blue: the adjustment phase, the initiative holder
first; yellow: the bullet movement phase) and, for a simultaneous action, the order of resolution (cards
with {Priority}, then the initiative holder's choice to keep or pass the token). Every edge names the
clause(s) that decide it. A turn that happens only if a player's *next* card lands in a given range is
drawn as a branch with a dashed edge; beyond that the timeline depends on cards not played yet.

:func:`draw_priority_graph` draws it with Graphviz, :class:`PriorityGraph` wraps both for notebooks and
files. Node ids are opaque (``p0``, ``p1``, … in insertion order) and the labels carry the text, so the
same state always gives the same DOT text.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Mapping, Sequence
from typing import Any

import graphviz
import networkx as nx

from hisoutab.engine.flow import Frame
from hisoutab.games.hisoutab.kit import priority as kit_priority
from hisoutab.games.hisoutab.kit.priority import CHOICE_FILL, MAYBE, NOW_FILL, PriorityExplainer, html_lines

__all__ = ["PriorityGraph", "draw_priority_graph", "has_priority", "priority_graph"]

PLAYERS = ("P1", "P2")
UNKNOWN = "?"  # a card that is not played yet

_BLUE = "#8ec2ff"
_YELLOW = "#ffd95a"


# ------------------------------------------------------------------ reading the state
def _ctx_and_options(game_or_ctx: Any) -> tuple[Any, Any, Any]:
    """(ctx, options, game or None) from a Game or a Context."""
    ctx = getattr(game_or_ctx, "ctx", None)
    if ctx is not None:
        return ctx, getattr(game_or_ctx, "options", None) or getattr(ctx, "options", {}), game_or_ctx
    return game_or_ctx, getattr(game_or_ctx, "options", {}), None


def _opt(options: Any, key: str, default: Any) -> Any:
    try:
        return options[key]
    except (KeyError, TypeError, IndexError):
        return default


def _name(i: int) -> str:
    return PLAYERS[i] if 0 <= i < len(PLAYERS) else f"P{i + 1}"


def _kw_name(k: Any) -> str:
    if isinstance(k, str):
        return k
    if isinstance(k, (tuple, list)) and k:
        return str(k[0])
    return str(getattr(k, "name", getattr(k, "id", k)))


def has_priority(ctx: Any, iid: str | None, side: str = "") -> bool:
    """True when card instance ``iid`` (as played on ``side``) has the {Priority} keyword (H-KW-PRIORITY).

    Read defensively, so that it works before and after card keywords exist: a ``priority`` attribute
    that is ``True``, a ``keywords`` collection naming ``priority`` (strings, ``(name, value)`` pairs or
    objects with ``.name``), or an effect of kind ``priority``."""
    if not iid:
        return False
    cards = getattr(ctx, "cards", None) or {}
    card = cards.get(iid) if hasattr(cards, "get") else None
    if card is None:
        return False
    faces = [card]
    face = getattr(card, "face", None)
    if side and callable(face):
        with contextlib.suppress(Exception):  # an unknown side: read the card itself
            faces.insert(0, face(side))
    for obj in faces:
        if getattr(obj, "priority", False) is True:
            return True
        kws = getattr(obj, "keywords", None) or ()
        if isinstance(kws, str):
            kws = (kws,)
        elif isinstance(kws, dict):
            kws = tuple(kws)
        for k in kws:
            if _kw_name(k).strip().strip("{}").strip().lower() == "priority":
                return True
        for eff in getattr(obj, "effects", None) or ():
            if _kw_name(eff).strip().lower() == "priority":
                return True
    return False


def _card_name(ctx: Any, iid: str) -> str:
    cards = getattr(ctx, "cards", None) or {}
    card = cards.get(iid) if hasattr(cards, "get") else None
    return getattr(card, "name", None) or iid


def _pending(state: Any) -> list[Frame]:
    return [f for f in getattr(state, "agenda", ()) or () if isinstance(f, tuple) and f]


class _Builder:
    def __init__(self, ctx: Any, options: Any, game: Any, state: Any, turns: int) -> None:
        self.ctx, self.options, self.game, self.s = ctx, options, game, state
        self.turns = max(1, int(turns))
        self.count = 0  # turn nodes drawn
        self.g = nx.DiGraph(time=state.time, turn=getattr(state, "turn", 0),
                            initiative=_name(getattr(state, "initiative", 0)))
        self.strict = _opt(options, "timeline.pass", "strict") == "strict"
        self.pass_first = bool(_opt(options, "initiative.pass_to_act_first", True))
        self.ask_moot = bool(_opt(options, "initiative.ask_when_moot", False))
        self.holder: int | None = getattr(state, "initiative", 0)  # known initiative holder, or None

    # -------------------------------------------------------------- primitives
    def node(self, key: str, kind: str, label: str, **attrs: Any) -> str:
        self.g.add_node(key, kind=kind, label=label, **attrs)
        return key

    def edge(self, a: str, b: str, clauses: Sequence[str], why: str, *, certain: bool = True,
             choice: str | None = None) -> None:
        self.g.add_edge(a, b, clauses=tuple(clauses), why=why, certain=certain, choice=choice)

    def is_blue(self, t: int) -> bool:
        f = getattr(self.ctx, "is_blue", None)
        return bool(f(t)) if callable(f) else False

    def is_yellow(self, t: int) -> bool:
        f = getattr(self.ctx, "is_yellow", None)
        return bool(f(t)) if callable(f) else False

    def upto(self, t: int) -> int:
        """R-11: the last cell both markers have passed when the next turn is at ``t``."""
        return t - 1 if self.strict else t

    # -------------------------------------------------------------- the graph
    def build(self) -> nx.DiGraph:
        s = self.s
        players = s.players
        pos = {i: p.position for i, p in enumerate(players)}
        now_label = f"now: t={s.time}, turn {getattr(s, 'turn', 0)}"
        lines = []
        for i, t in pos.items():
            kind = "hit token" if players[i].hit is not None else "marker"
            where = f"t={t} ({kind})" if t is not None else "not on the timeline"
            lines.append(f"{_name(i)} next turn: {where}")
        lines.append(f"initiative: {_name(s.initiative)}")
        now = self.node("now", "now", now_label, details=tuple(lines), t=s.time)
        if getattr(s, "winner", None):
            result = f"game over: {s.winner}" + (" wins" if s.winner != "draw" else "")
            over = self.node("over", "end", result)
            self.edge(now, over, ("H-GOAL-1",), "a player reached 0 HP")
            return self.g
        known = {i: t for i, t in pos.items() if t is not None}
        if not known:
            setup = self.node("setup", "open", "setup: no marker on the timeline yet")
            self.edge(now, setup, ("H-SETUP-3",), "markers are placed at setup")
            return self.g
        t1 = min(known.values())
        parts = tuple(sorted(i for i, t in known.items() if t == t1))
        in_progress = t1 == s.time and any(i in getattr(s, "participants", ()) for i in parts)
        done = getattr(s, "special_done", t1 - 1)
        prev, done = self.specials(now, done, t1, holder=s.initiative, certain=True,
                                   why_prev=f"the later marker passes the cell (next turn at t={t1})")
        first = self.turn(prev, t1, parts, certain=True, now=in_progress, since=s.time, cond=None)
        if len(parts) >= 2:
            if not in_progress or self.resolution_ahead():
                cards = {i: self.resolving_card(i, in_progress) for i in parts}
                self.order(first, t1, cards, holder=self.holder)
            return self.g
        a = parts[0]
        others = [i for i in known if i != a]
        if not others:
            return self.g
        b = others[0]
        t2 = known[b]
        an, bn = _name(a), _name(b)
        if t2 > t1 + 1 and self.count < self.turns:
            span = f"t={t1 + 1}" if t2 == t1 + 2 else f"t={t1 + 1}–{t2 - 1}"
            again = self.node(f"again@{t1}", "turn", f"{span}: {an}'s turn again", players=(an,), t=t1 + 1,
                              certain=False, details=(f"before {bn} acts",))
            self.count += 1
            self.edge(first, again, ("H-TURN-1",), f"if {an}'s next card lands before t={t2}", certain=False)
        # the acting player's next turn is at t1 + 1 or later: cells up to upto(t1 + 1) trigger for sure
        prev, done = self.specials(first, max(done, self.upto(t1)), t2, holder=self.holder,
                                   certain=self.upto(t1 + 1),
                                   why_prev=f"when {an}'s marker passes it too")
        cond = f"{an}'s marker lands on t={t2}"
        if self.count < self.turns:
            sim = self.turn(prev, t2, (a, b), certain=False, now=False, since=None, cond=f"if {cond}")
            cards = {a: UNKNOWN, b: self.resolving_card(b, False)}
            self.order(sim, t2, cards, holder=self.holder)
        if self.count < self.turns:
            self.turn(prev, t2, (b,), certain=False, now=False, since=None,
                      cond=f"if {an}'s marker lands after t={t2}")
        return self.g

    def has_bullets(self, i: int) -> bool:
        """Player ``i`` has bullets on the board or bullet dice (read generically)."""
        p = self.s.players[i]
        return bool(getattr(p, "dice", ())) or any(getattr(b, "owner", None) == i
                                                   for b in getattr(self.s, "bullets", ()) or ())

    def resolution_ahead(self) -> bool:
        """True while the current turn's maintenance or resolution is still on the agenda."""
        return any(str(f[0]).startswith(("maint.", "resolve.")) for f in _pending(self.s))

    def resolving_card(self, i: int, in_progress: bool) -> str | None:
        """The card player ``i`` resolves in the coming (or current) turn: the cast zone's card, which
        maintenance moves to the trigger zone (H-MAINT-3), or the trigger zone's card once it has."""
        p = self.s.players[i]
        cast: str | None = p.cast
        if cast is not None:
            return cast
        if in_progress and not any(f[0] == "maint.trigger" and len(f) > 1 and f[1] == i
                                   for f in _pending(self.s)):
            trigger: str | None = p.trigger
            return trigger
        return None

    def specials(self, prev: str, done: int, t: int, *, holder: int | None, certain: bool | int,
                 why_prev: str) -> tuple[str, int]:
        """Blue / yellow cells in (done, upto(t)] as a chain after ``prev``; returns (last node, done).
        ``certain``: True, False, or the last cell that triggers for sure."""
        upto = self.upto(t)
        sure_upto = upto if certain is True else (-10**9 if certain is False else int(certain))
        for c in range(done + 1, upto + 1):
            certain = c <= sure_upto
            if self.is_blue(c):
                who = _name(holder) if holder is not None else "the initiative holder"
                key = self.node(f"blue@{c}", "blue", f"blue cell {c}: adjustment phase", t=c,
                                details=(f"{who} first (initiative)", "recover 1 spirit, dice −1, gravity"))
                self.edge(prev, key, ("R-11", "H-ADJ-BLUE", "H-ADJ-BLUE-0"),
                          f"once both markers have passed t={c}; {who} adjusts first" if certain
                          else f"{why_prev}; {who} adjusts first", certain=certain)
                prev = key
            if self.is_yellow(c):
                who = _name(holder) if holder is not None else "the initiative holder"
                movers = [i for i in range(len(self.s.players)) if self.has_bullets(i)]
                n = len(getattr(self.s, "bullets", ()) or ())
                details = [f"{n} bullet{'s' if n != 1 else ''} on the board"]
                clauses = ["R-11", "H-ADJ-YELLOW"]
                if len(movers) >= 2 or (movers and self.ask_moot):
                    details.insert(0, f"{who} keeps or passes the token to order it")
                    details.append("a bullet hit may move a marker")
                    clauses += ["H-BUL-ORDER", "R-13"]
                    holder = None  # the choice may hand the token over
                elif movers:
                    details.insert(0, f"only {_name(movers[0])} has bullets to move")
                    details.append("a bullet hit may move a marker")
                else:
                    details = ["no bullets: nothing to move"]
                key = self.node(f"yellow@{c}", "yellow", f"yellow cell {c}: bullet movement phase", t=c,
                                details=tuple(details), idle=not movers)
                self.edge(prev, key, clauses,
                          f"once both markers have passed t={c}" if certain else why_prev, certain=certain)
                prev = key
        self.holder = holder
        return prev, max(done, upto)

    def turn(self, prev: str, t: int, parts: tuple[int, ...], *, certain: bool, now: bool,
             since: int | None, cond: str | None) -> str:
        s = self.s
        parts = tuple(sorted(parts))
        sim = len(parts) >= 2
        who = " and ".join(_name(i) for i in parts)
        label = f"t={t}: simultaneous action" if sim else f"t={t}: {who}'s turn"
        details: list[str] = []
        if sim:
            details.append(f"{who} both take part")
        if now:
            details.append("now, in progress")
        hits = [i for i in parts if s.players[i].hit == t]
        for i in hits:
            details.append(f"{_name(i)}'s hit token stands for the turn")
        key = self.node(f"{'sim' if sim else 'turn'}@{t}:{''.join(_name(i) for i in parts)}", "turn", label,
                        players=tuple(_name(i) for i in parts), t=t, simultaneous=sim, certain=certain,
                        now=now, details=tuple(details))
        self.count += 1
        clauses: list[str] = ["H-TURN-1"]
        if sim or (since is not None and t > since + 1):
            clauses.append("H-TURN-2")
        for i in hits:
            clauses.append("H-DMG-3" if s.players[i].marker is None else "H-TD-1")
        if cond is not None:
            why = cond
        elif now:
            why = "the current turn"
        else:
            why = f"smallest position: t={t}"
            if since is not None and t > since + 1:
                why += f" (t={since + 1}–{t - 1} skipped)" if t > since + 2 else f" (t={since + 1} skipped)"
        self.edge(prev, key, tuple(dict.fromkeys(clauses)), why, certain=certain)
        return key

    def order(self, turn: str, t: int, cards: dict[int, str | None], *, holder: int | None) -> None:
        """The resolution order of a simultaneous action (H-RES-SIM, R-13, H-KW-PRIORITY)."""
        players = sorted(cards)

        def card_text(i: int) -> str:
            c = cards[i]
            if c == UNKNOWN:
                return "its next card (not played yet)"
            return "nothing" if c is None else _card_name(self.ctx, c)

        resolvers = [i for i in players if cards[i] is not None]
        if not resolvers:
            k = self.node(f"none@{t}", "resolve", "nothing to resolve", t=t,
                          details=("both cast zones are empty",))
            self.edge(turn, k, ("H-RES-1",), "no card in either cast zone")
            return
        if len(resolvers) == 1 and not self.ask_moot:
            i = resolvers[0]
            k = self.node(f"only@{t}", "resolve", f"only {_name(i)} resolves", t=t,
                          details=(f"{_name(i)}: {card_text(i)}",))
            self.edge(turn, k, ("H-RES-1",), f"{_name(1 - i)} has no card to resolve")
            return
        prio = {i: (None if cards[i] == UNKNOWN else has_priority(self.ctx, cards[i])) for i in players}
        with_prio = [i for i in players if prio[i]]
        src = turn
        if len(with_prio) == 1:
            i = with_prio[0]
            o = next(j for j in players if j != i)
            unsure = prio[o] is None
            k = self.node(f"prio@{t}", "resolve", f"{_name(i)} resolves first, then {_name(o)}", t=t,
                          details=(f"{_name(i)}'s {card_text(i)} has {{Priority}}",)
                          + ((f"unless {_name(o)}'s card has it too",) if unsure else ()))
            self.edge(turn, k, ("H-KW-PRIORITY",), f"only {_name(i)}'s card has {{Priority}}")
            if not unsure:
                return
            src = k
        elif len(with_prio) >= 2:
            k = self.node(f"prio@{t}", "resolve", "both cards have {Priority}", t=t,
                          details=("the normal order decides",))
            self.edge(turn, k, ("H-KW-PRIORITY",), "both cards have {Priority}")
            src = k
        h = _name(holder) if holder is not None else "the initiative holder"
        other = _name(1 - holder) if holder is not None else "the other player"
        choice = self.node(f"choice@{t}", "choice", f"{h} keeps or passes the initiative token", t=t,
                           player=h, details=tuple(f"{_name(i)} resolves {card_text(i)}" for i in players))
        self.edge(src, choice, ("H-RES-SIM",), f"{h} holds the initiative token")
        if self.pass_first:
            keep_first, pass_first = other, h
        else:
            keep_first, pass_first = h, other
        for opt, first, holder_after in (("keep", keep_first, h), ("pass", pass_first, other)):
            second = other if first == h else h
            verb = "keeps the token" if opt == "keep" else f"passes the token to {other}"
            k = self.node(f"{opt}@{t}", "resolve", f"{first} resolves first, then {second}", t=t,
                          details=(f"{h} {verb}", f"initiative after: {holder_after}"))
            self.edge(choice, k, ("R-13",), f"{opt}: {first} first", choice=opt)


def priority_graph(game_or_ctx: Any, state: Any = None, *, turns: int = 6) -> nx.DiGraph:
    """Who acts next and why, from ``state`` (default: the game's current state) as a DAG.

    Nodes (keys are readable strings such as ``"now"``, ``"turn@7:P2"``, ``"sim@9:P1P2"``, ``"blue@8"``,
    ``"choice@9"``) carry ``kind`` (``now``, ``turn``, ``blue``, ``yellow``, ``choice``, ``resolve``,
    ``end``, ``open``), ``label`` (one line), ``details`` (tuple of lines) and, for turns, ``t``,
    ``players``, ``simultaneous``, ``certain`` (False: happens only if a card not played yet lands in a
    given range) and ``now``. Edges carry ``clauses`` (the deciding clause IDs), ``why``, ``certain`` and
    ``choice`` (``"keep"`` / ``"pass"`` for the initiative choice). At most ``turns`` turn nodes.
    """
    ctx, options, game = _ctx_and_options(game_or_ctx)
    if state is None:
        if game is None:
            raise ValueError("priority_graph(ctx, state): give the state (or pass a Game)")
        state = game.state
    return _Builder(ctx, options, game, state, turns).build()


# ------------------------------------------------------------------ drawing
def _node_attrs(data: Mapping[str, Any]) -> dict[str, str]:
    kind = data["kind"]
    details = data.get("details", ())
    label = kit_priority.node_label(html.escape(data["label"]), html_lines(details) if details else "")
    attrs = kit_priority.node_attrs(data, label)
    if kind == "blue":
        attrs.update(fillcolor=_BLUE, shape="box", style="filled")
    elif kind == "yellow":
        attrs.update(fillcolor=_YELLOW, shape="box", style="filled")
        if data.get("idle"):  # no bullets: a quiet, smaller box
            attrs.update(fillcolor="#fff1bf", color="#b89b2e", fontsize="10",
                         label=f'<<font point-size="10">{html.escape(data["label"])}</font>'
                               f'<br/><font point-size="8">{html_lines(details)}</font>>')
    elif kind == "choice":
        attrs.update(shape="doubleoctagon", style="filled", fillcolor=CHOICE_FILL)
    elif kind == "resolve":
        attrs.update(shape="box", style="rounded", color="#666666")
    elif kind in ("end", "open"):
        attrs.update(shape="box", style="rounded,filled", fillcolor=NOW_FILL, color=MAYBE)
    return attrs


def draw_priority_graph(graph: nx.DiGraph, *, prefix: str = "p", rankdir: str = "TB",
                        title: str | None = None) -> graphviz.Digraph:
    """Draw a :func:`priority_graph` with Graphviz. Turns are boxes (P1 red, P2 blue, a simultaneous
    action purple; dashed: happens only if a card not played yet lands in the right range), blue and
    yellow cells square boxes in their colour, the initiative choice a double octagon. Every edge is
    labelled with its deciding clause IDs (bold) and the reason; dashed edges are conditional."""
    head = title or (f"Who acts next, from t={graph.graph.get('time')} "
                     f"(initiative: {graph.graph.get('initiative')})")
    legend = ("solid: certain · dashed: only if a card not played yet lands there · "
              "edge labels: deciding clauses")
    return kit_priority.draw_graph(graph, _node_attrs, prefix=prefix, head=head, legend=legend,
                                   rankdir=rankdir)


class PriorityGraph(PriorityExplainer):
    """The priority graph of a state, ready to show in a notebook or save to a file.

    ``graph`` is the ``networkx.DiGraph`` (:func:`priority_graph`), ``dot`` the ``graphviz.Digraph``
    (:func:`draw_priority_graph`). Notebooks show it through ``_repr_svg_``; its ``repr`` is deterministic.
    """

    def __init__(self, game_or_ctx: Any, state: Any = None, *, turns: int = 6, prefix: str = "p",
                 rankdir: str = "TB") -> None:
        self.graph: nx.DiGraph = priority_graph(game_or_ctx, state, turns=turns)
        self.dot: graphviz.Digraph = draw_priority_graph(self.graph, prefix=prefix, rankdir=rankdir)
