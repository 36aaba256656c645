"""Recast Rift's presentation: the state picture (both mats and the stack), the terminal view, the
cards a step touched, the stack graph, the moments of a short trace and the command line."""

from __future__ import annotations

import copy
import dataclasses
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from hisoutab import Game, RandomAgent
from hisoutab.cli.main import main
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.games.recast_rift.presentation import (
    PRESENTATION,
    RiftPresentation,
    marked_cards,
    touched_cards,
)
from hisoutab.games.recast_rift.presentation.fitting import fit_name
from hisoutab.games.recast_rift.presentation.graph import StackGraph
from hisoutab.games.recast_rift.rules import Entry
from hisoutab.presentation.base import presentation_for
from hisoutab.presentation.step import StepView

from .test_recast_rift_support import MAIN, choose, main_phase, situation, start

RS = "recast-rift"
NS = "{http://www.w3.org/2000/svg}"
DECKS_B = [{"fighters": ["reimu", "marisa"],
            "spells": ["amulet_volley", "boundary_ward", "sealing_circle", "spirit_gust", "purifying_rain",
                       "comet_rush", "stardust_shower", "master_beam", "spark_counter"]},
           {"fighters": ["sakuya", "youmu"],
            "spells": ["silver_knives", "time_skip", "frozen_moment", "killing_doll", "pocket_watch",
                       "ricochet_blade", "spirit_slash", "phantom_step", "twin_cut"]}]


def played(seed: int) -> Game:
    g = Game(RS, seed=seed)
    g.run(until="end", agents=RandomAgent(seed))
    return g


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def all_text(e: ET.Element) -> str:
    return " ".join(t for t in e.itertext())


def nested() -> Game:
    """P1's Stardust Shower, P2's Mirror-Hall Blade on it, P1's Rain of Needles on top."""
    g = main_phase(start(decks=DECKS_B), p1={"hand": ["stardust_shower", "purifying_rain", "comet_rush"]},
                   p2={"hand": ["ricochet_blade", "silver_knives", "twin_cut"]})
    choose(g, "cast stardust_shower")
    choose(g, "preempt with ricochet_blade")
    choose(g, "preempt with purifying_rain")
    return g


def test_the_ruleset_uses_this_presentation() -> None:
    pres = presentation_for(get_ruleset(RS))
    assert isinstance(pres, RiftPresentation) and pres is PRESENTATION
    ex = pres.explainers()
    assert ex["stack"] is StackGraph and ex["priority"] is StackGraph and "agenda" in ex
    assert {"attack", "awaken", "deploy_failed", "guard", "reveal", "end"} <= pres.moment_events


@pytest.mark.parametrize("seed", [0, 3, 7])
def test_pictures_along_seeded_games_are_valid_and_deterministic(seed: int) -> None:
    g = played(seed)
    for i in range(0, len(g.history), 41):
        step = g.history[i]
        lit = PRESENTATION.touched(g.ctx, step)
        svg = PRESENTATION.picture(g.ctx, step.after, highlight=lit, prefix="t")
        root = parse(svg)
        assert root.get("width") == "100%" and root.get("viewBox", "").startswith("0 0 ")
        assert all((e.get("id") or "t").startswith("t") for e in root.iter())
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids))
        assert svg == PRESENTATION.picture(g.ctx, step.after, highlight=lit, prefix="t")
        for view in ("P1", "P2"):
            parse(PRESENTATION.picture(g.ctx, g.ruleset.view(g.ctx, step.after, view), viewer=view))
    end = parse(PRESENTATION.picture(g.ctx, g.state))
    assert f"winner: {g.state.winner}" in all_text(end) or g.state.winner == "draw"


def test_a_bad_prefix_is_refused() -> None:
    g = start()
    with pytest.raises(ValueError):
        PRESENTATION.picture(g.ctx, g.state, prefix="1 bad")


def test_hidden_cards_are_face_down_in_a_players_view() -> None:
    g = main_phase(p1={"hand": ["amulet_volley"]}, p2={"hand": ["silver_knives", "time_skip"]})
    seen = g.ruleset.view(g.ctx, g.state, "P1")
    root = parse(PRESENTATION.picture(g.ctx, seen, viewer="P1"))
    names = {e.get("data-card") for e in by_class(root, "face-up")}
    assert "P1/amulet_volley" in names and "P1/reimu_awakening" in names
    assert not names & {"P2/silver_knives", "P2/time_skip", "P2/sakuya_awakening"}
    assert len([e for e in by_class(root, "face-down")]) >= 2  # P2's two awakening spots
    text = all_text(root)
    assert "Silver Fan" not in text and "Clockwork Lullaby" not in text
    # the whole state, not the designer: secrets face down too; the designer names every card
    plain = all_text(parse(PRESENTATION.picture(g.ctx, g.state)))
    assert "Bell Chimes" not in plain and "Silver Fan" not in plain
    designer = all_text(parse(PRESENTATION.picture(g.ctx, g.state, designer=True)))
    assert "Bell Chimes" in designer and "Silver Fan" in designer


def test_the_stack_is_drawn_top_first_with_its_damages() -> None:
    g = nested()
    cast = [s for s in g.history if s.name == "cast"][-1]
    root = parse(PRESENTATION.picture(g.ctx, g.state, highlight=PRESENTATION.touched(g.ctx, cast)))
    entries = by_class(root, "entry")
    assert [e.get("data-card") for e in entries] == ["P1/purifying_rain", "P2/ricochet_blade",
                                                     "P1/stardust_shower"]
    damages = [(e.get("data-hand"), e.get("data-life")) for e in entries]
    assert damages == [("1", "ー"), ("0", "1"), ("4", "1")]
    assert [e.get("data-stage") for e in entries] == ["damage", "preempt", "preempt"]
    assert "top" in all_text(entries[0])
    bars = [d for d in by_class(root, "damage") if d.get("data-value") == "ー"]
    assert bars and by_class(bars[0], "bar")
    assert "touched" in (entries[0].get("class") or "")


def test_waiting_triggers_and_a_text_attack_are_drawn() -> None:
    e = Entry("", 1, kind="text", how="text", stage="preempt", source="P2/twin_cut", hand=None, life=None)
    g = situation(start(), agenda=MAIN + (("seq.text_end",), ("seq.damage",)), stack=(e,))
    root = parse(PRESENTATION.picture(g.ctx, g.state))
    [entry] = by_class(root, "entry")
    assert "text of" in all_text(entry) and entry.get("data-hand") == "ー"
    g = situation(start(), agenda=(("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",)), active=1,
                  p1={"recast_2": ["shrine_offering"], "recast_3": ["magic_trap"], "recast_1": ["comet_rush"],
                      "hand": []}, p2={"hand": ["pocket_watch"]})
    choose(g, "cast pocket_watch")
    root = parse(PRESENTATION.picture(g.ctx, g.state))
    assert [w.get("data-card") for w in by_class(root, "waiting")] == ["P1/magic_trap", "P1/shrine_offering"]


def test_card_names_from_data_are_escaped_and_never_cut() -> None:
    g = main_phase(p1={"hand": ["amulet_volley"]})
    ctx = copy.copy(g.ctx)
    ctx.cards = dict(ctx.cards)
    evil = "<script>alert('x')</script> & a very long name that goes on and on"
    ctx.cards["P1/amulet_volley"] = dataclasses.replace(ctx.cards["P1/amulet_volley"], name=evil,
                                                        text="<b>bold?</b>")
    svg = PRESENTATION.picture(ctx, g.state, designer=True)
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "<b>" not in svg
    root = parse(svg)
    card = next(e for e in by_class(root, "face-up") if e.get("data-card") == "P1/amulet_volley")
    name = by_class(card, "card-name")[0]
    assert "".join(name.itertext()).replace(" ", "") == evil.replace(" ", "")
    f = fit_name(evil, 100, 11, smallest=7)
    assert " ".join(f.lines) == evil and len(f.lines) > 1


def test_the_text_view_names_cards_as_text_not_markup() -> None:
    g = nested()
    console = Console(width=100, record=True, color_system=None)
    console.print(PRESENTATION.text(g.ctx, g.state, designer=True))
    out = console.export_text()
    assert "the stack, top first" in out and "Rain of Needles" in out and "ー" in out
    assert out.index("Rain of Needles") < out.index("Stardust Shower", out.index("the stack"))
    ctx = copy.copy(g.ctx)
    ctx.cards = dict(ctx.cards)
    ctx.cards["P1/comet_rush"] = dataclasses.replace(ctx.cards["P1/comet_rush"], name="[bold]x[/bold]")
    console = Console(width=100, record=True, color_system=None)
    console.print(PRESENTATION.text(ctx, g.state, designer=True))
    assert "[bold]x[/bold]" in console.export_text()
    console = Console(width=100, record=True, color_system=None)
    console.print(PRESENTATION.text(g.ctx, g.state))
    assert "Silver Fan" not in console.export_text()  # P2's hand: a count only


def test_touched_names_the_cards_of_a_steps_events() -> None:
    g = nested()
    casts = [s for s in g.history if s.name == "cast"]
    assert touched_cards(g.ctx, casts[-1]) == ("P1/purifying_rain",)
    marks = PRESENTATION.touched(g.ctx, casts[-1])
    assert len(marks) == 1 and marked_cards(g.ctx, marks) == ("P1/purifying_rain",)
    for s in g.history:  # the shared step views take (int, int) pairs
        assert all(len(m) == 2 and all(isinstance(c, int) for c in m) for m in PRESENTATION.touched(g.ctx, s))
    page = StepView(g, casts[-1])._repr_html_()
    assert "touched" in page and "<svg" in page


def test_moments_of_a_short_trace() -> None:
    g = played(3)
    moments = [s for s in g.history if PRESENTATION.moment(s)]
    assert moments and any(s.name == "seq.attack" for s in moments)
    assert not any(s.name == "turn.begin" for s in moments)


@pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz dot")
def test_the_stack_graph_renders_with_dot() -> None:
    g = nested()
    graph = StackGraph(g)
    src = graph.source
    assert "RR-PRE-3" in src and "may answer now" in src and "Rain of Needles" in src
    assert src.index("Rain of Needles") < src.index("Stardust Shower")
    assert graph.source == StackGraph(g).source
    svg = graph.pipe("svg").decode()
    assert "<svg" in svg
    played_game = played(0)
    assert "game is over" in StackGraph(played_game).source
    assert StackGraph(played_game, played_game.history[50].after, prefix="q").source.count("q0") >= 1


def test_the_command_line_renders_shows_and_graphs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(main, ["render", "--ruleset", RS, "--seed", "3", "--step", "200", "-o", "s.svg"])
    assert r.exit_code == 0, r.output
    parse(Path("s.svg").read_text())
    r = runner.invoke(main, ["render", "--ruleset", RS, "--seed", "3", "--viewer", "P2", "-o", "v.svg"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(main, ["show", "--ruleset", RS, "--seed", "3", "--step", "200", "--designer"])
    assert r.exit_code == 0 and "the stack, top first" in r.output, r.output
    if shutil.which("dot"):
        r = runner.invoke(main, ["graph", "priority", "--ruleset", RS, "--seed", "3", "--step", "200",
                                 "-o", "g.svg"])
        assert r.exit_code == 0, r.output
        r = runner.invoke(main, ["graph", "priority", "--ruleset", RS, "--seed", "3",
                                 "--explainer", "stack", "-o", "g.dot"])
        assert r.exit_code == 0 and "digraph" in Path("g.dot").read_text(), r.output
