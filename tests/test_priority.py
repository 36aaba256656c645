"""The 0.45.2 priority graph: who acts next and why, for crafted states."""

from __future__ import annotations

import shutil
import types

import networkx as nx
import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.errors import InputError
from hisoutab.engine.files import mark
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.v0452.presentation.priority import (
    PriorityGraph,
    draw_priority_graph,
    has_priority,
    priority_graph,
)

from .helpers import RS, start

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz `dot` is not installed")
NO_YELLOW = {"timeline.yellow_every": 97}  # keep yellow cells out of the way unless a test wants them


def crafted(options=None, *, p1=None, p2=None, **fields) -> Game:
    """A new game from the state after setup, with these player and state fields."""
    base = start(options={**NO_YELLOW, **(options or {})})
    s = base.state
    players = (replace(s.players[0], **(p1 or {})), replace(s.players[1], **(p2 or {})))
    s = replace(s, players=players, participants=(), **fields)
    return Game(RS, seed=base.seed, options=base.options, setup=base.setup, state=s)


def clauses(g: nx.DiGraph, a: str, b: str) -> tuple[str, ...]:
    assert g.has_edge(a, b), f"no edge {a} -> {b}; edges: {sorted(g.edges)}"
    return g.edges[a, b]["clauses"]


def card(game: Game, player: int, kind: str = "physical") -> str:
    """A deck card instance of ``player`` of the given kind, without {Priority} (such as Quick Jab)."""
    for iid in game.ctx.decks[player]:
        if game.ctx.cards[iid].kind == kind and not has_priority(game.ctx, iid):
            return iid
    return game.ctx.decks[player][0]


def test_single_turn_then_branches() -> None:
    """P2 at t=7, P1 at t=9: P2's turn is certain; after it P2 may act again (t=8), a simultaneous
    action at t=9 (P2 lands on 9) or P1's turn (P2 lands later). Blue cell 8 triggers on the way."""
    game = crafted(p1={"marker": 9}, p2={"marker": 7}, time=5, special_done=4, turn=4)
    g = priority_graph(game, game.state)
    assert nx.is_directed_acyclic_graph(g)
    assert g.nodes["turn@7:P2"]["label"] == "t=7: P2's turn"
    assert g.nodes["turn@7:P2"]["certain"] is True
    assert clauses(g, "now", "turn@7:P2") == ("H-TURN-1", "H-TURN-2")  # t=6 is skipped
    assert g.nodes["again@7"]["label"] == "t=8: P2's turn again"
    assert clauses(g, "turn@7:P2", "again@7") == ("H-TURN-1",)
    assert g.edges["turn@7:P2", "again@7"]["certain"] is False
    assert g.nodes["blue@8"]["kind"] == "blue"
    assert clauses(g, "turn@7:P2", "blue@8") == ("R-11", "H-ADJ-BLUE", "H-ADJ-BLUE-0")
    assert "P1 first (initiative)" in g.nodes["blue@8"]["details"]
    assert g.nodes["sim@9:P1P2"]["label"] == "t=9: simultaneous action"
    assert clauses(g, "blue@8", "sim@9:P1P2") == ("H-TURN-1", "H-TURN-2")
    assert g.nodes["turn@9:P1"]["label"] == "t=9: P1's turn"
    assert clauses(g, "blue@8", "turn@9:P1") == ("H-TURN-1",)
    assert g.nodes["turn@9:P1"]["certain"] is False


def test_blue_cell_before_the_next_turn_is_certain() -> None:
    """Both at t=10 from t=6: blue cell 8 is passed by both markers (R-11) before the simultaneous
    action; the initiative holder adjusts first (H-ADJ-BLUE-0)."""
    game = crafted(p1={"marker": 10}, p2={"marker": 10}, time=6, special_done=6, initiative=1)
    g = priority_graph(game)
    assert list(g.successors("now")) == ["blue@8"]
    assert g.edges["now", "blue@8"]["certain"] is True
    assert clauses(g, "now", "blue@8") == ("R-11", "H-ADJ-BLUE", "H-ADJ-BLUE-0")
    assert "P2 first (initiative)" in g.nodes["blue@8"]["details"]
    assert clauses(g, "blue@8", "sim@10:P1P2") == ("H-TURN-1", "H-TURN-2")
    assert g.nodes["none@10"]["label"] == "nothing to resolve"  # both cast zones are empty
    assert clauses(g, "sim@10:P1P2", "none@10") == ("H-RES-1",)


def test_reach_reading_triggers_the_cell_of_the_turn() -> None:
    """With timeline.pass = reach a marker standing on the cell has passed it: blue 8 before t=8."""
    game = crafted({"timeline.pass": "reach"}, p1={"marker": 8}, p2={"marker": 8}, time=6, special_done=6)
    g = priority_graph(game)
    assert "blue@8" in g and g.has_edge("blue@8", "sim@8:P1P2")


@pytest.mark.parametrize(("pass_first", "keep", "pass_"), [
    (True, "P1 resolves first, then P2", "P2 resolves first, then P1"),
    (False, "P2 resolves first, then P1", "P1 resolves first, then P2"),
])
def test_simultaneous_initiative_choice(pass_first: bool, keep: str, pass_: str) -> None:
    """Both have a card to resolve: the holder (P2) keeps or passes the token (H-RES-SIM); R-13
    decides who resolves first for each option."""
    base = crafted({"initiative.pass_to_act_first": pass_first})
    a, b = card(base, 0), card(base, 1)
    game = crafted({"initiative.pass_to_act_first": pass_first},
                   p1={"marker": 9, "cast": a}, p2={"marker": 9, "cast": b}, time=7, special_done=7,
                   initiative=1)
    g = priority_graph(game)
    assert clauses(g, "sim@9:P1P2", "choice@9") == ("H-RES-SIM",)
    assert g.nodes["choice@9"]["label"] == "P2 keeps or passes the initiative token"
    assert clauses(g, "choice@9", "keep@9") == ("R-13",)
    assert clauses(g, "choice@9", "pass@9") == ("R-13",)
    assert g.nodes["keep@9"]["label"] == keep
    assert g.nodes["pass@9"]["label"] == pass_
    assert g.edges["choice@9", "keep@9"]["choice"] == "keep"
    assert "initiative after: P1" in g.nodes["pass@9"]["details"]


def test_only_one_resolver_needs_no_choice() -> None:
    base = crafted()
    game = crafted(p1={"marker": 9, "cast": card(base, 0)}, p2={"marker": 9}, time=7, special_done=7)
    g = priority_graph(game)
    assert "choice@9" not in g
    assert g.nodes["only@9"]["label"] == "only P1 resolves"
    assert clauses(g, "sim@9:P1P2", "only@9") == ("H-RES-1",)


def test_priority_keyword_resolves_first() -> None:
    """A card with {Priority} resolves before the initiative choice (H-KW-PRIORITY)."""
    base = crafted()
    a, b = card(base, 0), card(base, 1)
    game = crafted(p1={"marker": 9, "cast": a}, p2={"marker": 9, "cast": b}, time=7, special_done=7)
    game.ctx.cards[b] = types.SimpleNamespace(name="Quick Shot", keywords=("Priority",))
    assert has_priority(game.ctx, b) and not has_priority(game.ctx, a)
    g = priority_graph(game)
    assert clauses(g, "sim@9:P1P2", "prio@9") == ("H-KW-PRIORITY",)
    assert g.nodes["prio@9"]["label"] == "P2 resolves first, then P1"
    assert "choice@9" not in g
    # both with {Priority}: the normal order (the initiative choice) decides
    game.ctx.cards[a] = types.SimpleNamespace(name="Fast Jab", priority=True)
    g = priority_graph(game)
    assert clauses(g, "sim@9:P1P2", "prio@9") == ("H-KW-PRIORITY",)
    assert clauses(g, "prio@9", "choice@9") == ("H-RES-SIM",)


def test_has_priority_is_defensive() -> None:
    ctx = types.SimpleNamespace(cards={"a": types.SimpleNamespace(keywords=[("priority", None)]),
                                       "b": types.SimpleNamespace(keywords="{Priority}"),
                                       "c": types.SimpleNamespace(name="plain"),
                                       "d": object()})
    assert has_priority(ctx, "a") and has_priority(ctx, "b")
    assert not has_priority(ctx, "c") and not has_priority(ctx, "d")
    assert not has_priority(ctx, "missing") and not has_priority(ctx, None)
    assert not has_priority(object(), "a")


def test_hit_token_stands_for_the_next_turn() -> None:
    """After damage the marker is off the timeline and the hit token stands for the turn (H-DMG-3)."""
    game = crafted(p1={"marker": None, "hit": 8}, p2={"marker": 11}, time=6, special_done=6)
    g = priority_graph(game)
    assert clauses(g, "now", "turn@8:P1") == ("H-TURN-1", "H-TURN-2", "H-DMG-3")
    assert "P1's hit token stands for the turn" in g.nodes["turn@8:P1"]["details"]
    assert "P1 next turn: t=8 (hit token)" in g.nodes["now"]["details"]
    # after a guard the marker stays and the hit token comes from time damage (H-TD-1)
    game = crafted(p1={"marker": 6, "hit": 8}, p2={"marker": 11}, time=6, special_done=6)
    assert "H-TD-1" in clauses(priority_graph(game), "now", "turn@8:P1")


def test_yellow_cell_with_bullets_on_both_sides() -> None:
    """A yellow cell starts the bullet movement phase (H-ADJ-YELLOW); with bullets on both sides the
    holder keeps or passes the token (H-BUL-ORDER), so the holder of a later choice is not known."""
    opts = {"timeline.yellow_every": 2, "timeline.blue_every": 97}
    base = crafted(opts)
    a, b = card(base, 0), card(base, 1)
    bullets = (types.SimpleNamespace(owner=0), types.SimpleNamespace(owner=1))
    game = crafted(opts, p1={"marker": 9, "cast": a}, p2={"marker": 9, "cast": b}, time=7, special_done=7,
                   bullets=bullets)
    g = priority_graph(game)
    assert clauses(g, "now", "yellow@8") == ("R-11", "H-ADJ-YELLOW", "H-BUL-ORDER", "R-13")
    assert g.nodes["choice@9"]["label"] == "the initiative holder keeps or passes the initiative token"
    # no bullets: nothing to order
    game = crafted(opts, p1={"marker": 9}, p2={"marker": 9}, time=7, special_done=7)
    g = priority_graph(game)
    assert clauses(g, "now", "yellow@8") == ("R-11", "H-ADJ-YELLOW")
    assert g.nodes["yellow@8"]["details"] == ("no bullets: nothing to move",)


def test_turns_limit_and_game_over() -> None:
    game = crafted(p1={"marker": 9}, p2={"marker": 7}, time=5, special_done=4)
    g = priority_graph(game, turns=1)
    assert [n for n, d in g.nodes(data=True) if d["kind"] == "turn"] == ["turn@7:P2"]
    over = crafted(winner="P1")
    g = priority_graph(over)
    assert list(g.nodes) == ["now", "over"]
    assert clauses(g, "now", "over") == ("H-GOAL-1",)


def test_current_turn_in_progress() -> None:
    """At the first play decision (t=1, simultaneous action, resolution done) the current turn is
    the only certain turn and no order subgraph is drawn."""
    game = start()
    g = priority_graph(game)
    assert g.nodes["sim@1:P1P2"]["now"] is True
    assert g.edges["now", "sim@1:P1P2"]["why"] == "the current turn"
    assert "choice@1" not in g


def test_dot_is_deterministic_and_uses_opaque_ids() -> None:
    base = crafted()
    game = crafted(p1={"marker": 9, "cast": card(base, 0)}, p2={"marker": 7}, time=5, special_done=4)
    one, two = PriorityGraph(game), PriorityGraph(game)
    assert one.source == two.source
    assert repr(one) == repr(two)
    assert repr(one).startswith("<PriorityGraph t=5 initiative=P1: t=7: P2's turn;")
    assert "0x" not in repr(one)
    assert "p0 [" in one.source and "turn@" not in one.source
    assert "H-ADJ-BLUE-0" in one.source
    dot = draw_priority_graph(one.graph, prefix="q")
    assert "q0 [" in dot.source


def test_save_by_suffix(tmp_path) -> None:
    game = crafted(p1={"marker": 9}, p2={"marker": 7}, time=5, special_done=4)
    pg = PriorityGraph(game)
    out = pg.save(tmp_path / "g.dot")
    assert out.read_text() == mark(pg.source, ".dot") and pg.source.startswith("// Who acts next")
    with pytest.raises(InputError, match=r"expected a \.svg"):
        pg.save(tmp_path / "g.txt")


@needs_dot
def test_svg_renders(tmp_path) -> None:
    game = crafted(p1={"marker": 9}, p2={"marker": 7}, time=5, special_done=4)
    svg = PriorityGraph(game)._repr_svg_()
    assert svg.lstrip().startswith("<?xml") or "<svg" in svg
    assert "t=7: P2&#39;s turn" in svg or "t=7: P2's turn" in svg


def test_random_game_states_give_dags() -> None:
    """Every state along a seeded random game gives an acyclic graph whose first turn is at the
    smallest position."""
    game = Game(RS, seed=5)
    game.run(until="end", agents=RandomAgent(5), max_steps=400)
    for step in game.history[::7]:
        s = step.after
        g = priority_graph(game.ctx, s)
        assert nx.is_directed_acyclic_graph(g)
        positions = [p.position for p in s.players if p.position is not None]
        turns = [d for _, d in g.nodes(data=True) if d["kind"] == "turn"]
        if positions and not s.winner:
            assert turns[0]["t"] == min(positions)
            assert turns[0]["certain"] is True
