"""Step views, terminal state views and the render / graph / show commands."""

from __future__ import annotations

import functools
import re
import shutil
import types
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from rich.console import Console

from hisoutab import Game, RandomAgent
from hisoutab.cli.main import main
from hisoutab.engine.files import mark
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.v0452.presentation.text import board_text, state_renderable, timeline_text
from hisoutab.presentation.step import StepView, clause_url, delta, format_value, state_diff, step_cells
from hisoutab.presentation.terminal import step_renderable

from .helpers import RS, start

SEED = 3
STEPS = 220
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz `dot` is not installed")


@functools.lru_cache(maxsize=1)
def _game() -> Game:
    game = Game(RS, seed=SEED)
    game.run(until="end", agents=RandomAgent(SEED), max_steps=STEPS)
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return _game()


def first(game: Game, pred) -> object:
    for s in game.history:
        if pred(s):
            return s
    pytest.skip("no such step in this game")


def text_of(renderable, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None, force_terminal=False)
    console.print(renderable)
    return console.export_text()


# ------------------------------------------------------------------ state_diff
def test_state_diff_paths_old_new() -> None:
    game = start()
    s = game.state
    t = replace(s, time=s.time + 2, rng=s.rng + 1, agenda=(),
                players=(replace(s.players[0], marker=5, hp=17), s.players[1]))
    diff = state_diff(s, t)
    assert ("time", s.time, s.time + 2) in diff
    assert ("players[0].hp", s.players[0].hp, 17) in diff
    assert ("players[0].marker", s.players[0].marker, 5) in diff
    assert not any(p.startswith(("agenda", "rng")) for p, _, _ in diff)
    assert state_diff(s, s) == []
    # a list of plain values is one value
    u = replace(s, players=(replace(s.players[0], hand=s.players[0].hand[1:]), s.players[1]))
    ((path, old, new),) = state_diff(s, u)
    assert path == "players[0].hand" and old[1:] == new


def test_delta_and_format() -> None:
    assert delta(3, 5) == "+2" and delta(5, 3) == "−2"
    assert delta(None, 4) == "set" and delta(4, None) == "cleared"
    assert delta(["a", "b"], ["b", "c"]) == '+["c"] −["a"]'
    assert delta(["a", "b"], ["b", "a"]) == "reordered"
    assert format_value(None) == "—" and format_value("x") == "x"
    assert format_value(list(range(100)), 20).endswith("…")


def test_clause_urls() -> None:
    assert clause_url("H-GUARD-1") == "docs/rules/hisoutab-0.45.2.md#H-GUARD-1"
    assert clause_url("R-11", "https://x/rules.html") == "https://x/rules.html#readings"
    assert clause_url("S-2") == "docs/rules/hisoutab-0.45.2.md#settled-questions"


# ------------------------------------------------------------------ StepView
def test_step_view_html(game) -> None:
    step = first(game, lambda s: s.name == "play.pay")
    view = StepView(game, step, rules_url="https://example.org/rules.html")
    html = view._repr_html_()
    assert f'data-name="{step.name}"' in html
    assert step.phase in html and html.count('class="hs-clause"') == len(step.clauses)
    for c in step.clauses:
        assert f'href="{clause_url(c, "https://example.org/rules.html")}"' in html
    assert "players[" in html and ".marker" in html  # the diff names the marker
    assert "<svg" in html  # the picture of the state after the step
    assert repr(view) == repr(StepView(game, step))
    assert repr(view).startswith(f"<StepView #{step.index} t={step.time} play/play.pay")
    assert "0x" not in repr(view)
    assert view._repr_html_() == html  # deterministic


def test_step_view_without_picture_and_save(game, tmp_path) -> None:
    step = game.history[0]
    view = StepView(game.ctx, step, picture=False)
    assert "<svg" not in view._repr_html_()
    page = view.save(tmp_path / "step.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "hisoutab-step" in page


def test_touched_cells_from_events(game) -> None:
    step = first(game, lambda s: any(e.get("type") == "move" for e in s.events))
    move = next(e for e in step.events if e.get("type") == "move")
    assert tuple(move["to"]) in step_cells(game.ctx, step)
    view = StepView(game, step)
    svg = view.picture.svg
    root = ET.fromstring(svg)
    hl = [e for e in root.iter() if (e.get("class") or "") == "highlight"]
    assert {(int(e.get("data-x")), int(e.get("data-y"))) for e in hl} == set(view.cells)


def test_attack_range_is_highlighted(game) -> None:
    from hisoutab.games.hisoutab.v0452.presentation import attack_cells

    step = first(game, lambda s: any(e.get("type") == "attack" for e in s.events))
    e = next(e for e in step.events if e.get("type") == "attack")
    i = 0 if e["player"] == "P1" else 1
    p = step.before.players[i]
    expected = attack_cells(game.ctx, step.before, i, e["card"], p.trigger_side)
    assert set(expected) <= set(step_cells(game.ctx, step))


def test_step_cells_ignore_non_cells() -> None:
    step = types.SimpleNamespace(events=({"type": "marker", "to": 7}, {"type": "zone", "to": "hand"},
                                         {"type": "place", "cell": [2, 0]}, {"cell": [True, 1]}),
                                 before=None)
    assert step_cells(None, step) == ((2, 0),)


# ------------------------------------------------------------------ terminal
def test_state_renderable_text(game) -> None:
    s = game.state
    out = text_of(state_renderable(game.ctx, s))
    assert f"t={s.time}" in out and "Board" in out and "Timeline" in out
    for p in s.players:
        assert p.name in out and f"{p.hp}/20" in out
    assert out == text_of(state_renderable(game.ctx, s))


def test_board_text_pieces_and_facing() -> None:
    game = start()
    s = game.state
    out = board_text(game.ctx, s, highlight=[(4, 0)]).plain
    assert "P1▶" in out and "◀P2" in out
    assert out.count("\n") == game.ctx.height
    both = replace(s, players=(s.players[0], replace(s.players[1], x=s.players[0].x)))
    assert "▶1◀2" in board_text(game.ctx, both).plain


def test_timeline_text_tokens() -> None:
    game = start()
    s = game.state
    s = replace(s, players=(replace(s.players[0], marker=3), replace(s.players[1], marker=None, hit=40)))
    out = timeline_text(game.ctx, s).plain
    lines = out.splitlines()
    assert len(lines) == 3 and "●" in lines[0]
    assert "◆ hit t=40" in lines[2]
    assert "4B" in lines[1]


def test_step_renderable(game) -> None:
    step = first(game, lambda s: s.name == "play.pay")
    out = text_of(step_renderable(step))
    assert step.name in out and "clauses:" in out and "marker" in out and "changed" in out


# ------------------------------------------------------------------ CLI
def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def test_render_svg_and_html(tmp_path) -> None:
    out = tmp_path / "s.svg"
    r = invoke("render", "--seed", "1", "--step", "30", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "after 30 steps" in r.output
    root = ET.fromstring(out.read_text().split("\n", 1)[1])
    assert root.get("class") == "hisoutab-state"
    html = tmp_path / "s.html"
    r = invoke("render", "--seed", "1", "--step", "30", "--designer", "-o", str(html))
    assert r.exit_code == 0, r.output
    assert html.read_text().startswith("<!DOCTYPE html>")


def test_render_same_as_library(tmp_path) -> None:
    from hisoutab.presentation import StatePicture

    out = tmp_path / "s.svg"
    assert invoke("render", "--seed", "2", "--step", "12", "-o", str(out)).exit_code == 0
    g = Game(RS, seed=2)
    g.run(until="end", agents=RandomAgent(2), max_steps=12)
    svg = '<?xml version="1.0" encoding="UTF-8"?>\n' + StatePicture(g.ctx, g.state).svg
    assert out.read_text() == mark(svg, ".svg")


@pytest.mark.parametrize("args", [
    ("render", "-o", "x.jpg"),
    ("render", "--step", "5", "--end", "-o", "x.svg"),
    ("render", "--step", "-1", "-o", "x.svg"),
    ("render", "-o", "no/such/dir/x.svg"),
    ("graph", "phases", "-o", "x.txt"),
    ("graph", "phases", "--ruleset", "nope", "-o", "x.dot"),
    ("graph", "priority", "--turns", "0", "-o", "x.dot"),
])
def test_errors_are_one_line(args, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = invoke(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("hisoutab: ") and r.stderr.count("\n") == 1
    assert "Traceback" not in r.output


def test_step_past_the_end(tmp_path) -> None:
    g = Game(RS, seed=1)
    g.run(until="end", agents=RandomAgent(1), max_steps=5000)
    if not g.over:
        pytest.skip("the game of seed 1 does not end within 5000 steps")
    r = invoke("render", "--seed", "1", "--step", str(len(g.history) + 1), "-o", str(tmp_path / "x.svg"))
    assert r.exit_code == 2 and r.stderr.startswith("hisoutab: --step: the game of seed 1 ends after")


def test_graph_dot_files(tmp_path) -> None:
    phases = tmp_path / "phases.dot"
    r = invoke("graph", "phases", "-o", str(phases))
    assert r.exit_code == 0, r.output
    assert "cluster_timeline" in phases.read_text()
    prio = tmp_path / "priority.dot"
    r = invoke("graph", "priority", "--seed", "1", "--step", "40", "-o", str(prio))
    assert r.exit_code == 0, r.output
    src = prio.read_text()
    assert re.match(r"// written by hisoutab sha256=[0-9a-f]{64}\n// Who acts next", src)
    assert "H-TURN-1" in src


@needs_dot
def test_graph_priority_svg(tmp_path) -> None:
    out = tmp_path / "priority.svg"
    r = invoke("graph", "priority", "--seed", "1", "--step", "40", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "<svg" in out.read_text()


@needs_dot
def test_graph_phases_svg(tmp_path) -> None:
    """An SVG, or — should `dot` fail on the layout — one clear line (exit 2), never a traceback."""
    out = tmp_path / "phases.svg"
    r = invoke("graph", "phases", "-o", str(out))
    if r.exit_code == 0:
        assert "<svg" in out.read_text()
    else:
        assert r.exit_code == 2 and r.stderr.startswith("hisoutab: ") and r.stderr.count("\n") == 1


def test_show_prints_the_state() -> None:
    r = invoke("show", "--seed", "1", "--step", "40", "--last", "3")
    assert r.exit_code == 0, r.output
    assert "after 40 steps" in r.output
    for word in ("Board", "Timeline", "P1", "P2", "HP", "spirit", "last 3 steps", "clauses:"):
        assert word in r.output
