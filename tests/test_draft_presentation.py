"""The draft's own presentation: the state picture, the terminal text, the cells a step touched, the
clause links, the priority graph, the edits and the commands that show them."""

from __future__ import annotations

import copy
import dataclasses
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from hisoutab import Game
from hisoutab.cli.main import main
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.draft.presentation import PRESENTATION, DraftPresentation, attack_cells
from hisoutab.games.hisoutab.draft.presentation.priority import DraftPriorityGraph, project
from hisoutab.games.hisoutab.draft.rules import RULESET, check_invariants
from hisoutab.presentation.base import presentation_for
from hisoutab.presentation.picture import StatePicture

from .conftest import seeded_game

RS = "hisoutab-draft"
NS = "{http://www.w3.org/2000/svg}"
SEEDS = (1, 2, 5)
ROOT = Path(__file__).resolve().parent.parent
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz `dot` is not installed")


def game(seed: int) -> Game:
    return seeded_game(seed, 5000, RS)


def states(seed: int, every: int = 37) -> list:
    g = game(seed)
    return [g.initial] + [st.after for st in g.history[::every]] + [g.state]


def first_step(g: Game, pred):
    for st in g.history:
        if pred(st):
            return st
    pytest.skip("no such step in this game")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(f"{NS}text")]


def picture(g: Game, state, **kw) -> str:
    return PRESENTATION.picture(g.ctx, state, **kw)


def console_text(renderable, width: int = 250) -> str:
    console = Console(width=width, record=True, color_system=None, force_terminal=False)
    console.print(renderable)
    return console.export_text()


# ------------------------------------------------------------------ the presentation
def test_registered_presentation() -> None:
    pres = presentation_for(RULESET)
    assert isinstance(pres, DraftPresentation) and pres is PRESENTATION
    assert pres.ruleset_id == RS and pres.rules_doc == "docs/rules/hisoutab-draft.md"
    assert pres.aliases == {"facing": {"right": 1, "left": -1}}
    found = pres.explainers()
    assert found["priority"] is DraftPriorityGraph and "agenda" in found


# ------------------------------------------------------------------ the picture
@pytest.mark.parametrize("seed", SEEDS)
def test_pictures_along_a_game(seed: int) -> None:
    g = game(seed)
    for s in states(seed):
        svg = picture(g, s, prefix="dp")
        assert svg == picture(g, s, prefix="dp"), "the same state must give the same text"
        root = parse(svg)
        assert root.tag == f"{NS}svg" and root.get("width") == "100%"
        assert root.get("viewBox", "").startswith("0 0 900 ")
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids)), "ids are unique"
        assert all(i.startswith("dp-") for i in ids)
        hp = {e.get("data-player"): "".join(e.itertext()) for e in by_class(root, "hp-text")}
        assert hp == {p.name: f"{p.hp} / {p.max_hp}" for p in s.players}
        spirit = {e.get("data-player"): "".join(e.itertext()) for e in by_class(root, "spirit-text")}
        assert spirit == {p.name: f"{p.spirit} / {g.ctx.spirit_max}" for p in s.players}
        full = [e for e in by_class(root, "spirit-slot") if e.get("data-full") == "true"]
        assert len(full) == sum(p.spirit for p in s.players)
        if s.first is None:
            assert not by_class(root, "piece")
            continue
        pieces = {e.get("data-player"): e for e in by_class(root, "piece")}
        for p in s.players:
            e = pieces[p.name]
            assert (int(e.get("data-x")), int(e.get("data-y"))) == (p.x, p.y)
            assert e.get("data-facing") == ("right" if p.facing > 0 else "left")
            assert e.find(f"{NS}title") is not None
        bullets = {e.get("data-bullet"): e for e in by_class(root, "bullet")}
        assert set(bullets) == {b.id for b in s.bullets}
        for b in s.bullets:
            assert bullets[b.id].get("data-slot") == str(b.slot + 1)
            assert (bullets[b.id].get("data-dx"), bullets[b.id].get("data-dy")) == (str(b.dx), str(b.dy))
        markers = {e.get("data-player"): int(e.get("data-t")) for e in by_class(root, "marker")}
        assert markers == {p.name: p.marker for p in s.players}
        lines = [int(e.get("data-after")) for e in by_class(root, "special-line")]
        assert lines and all(g.ctx.is_special(c) for c in lines)
        assert all((e.get("data-done") == "true") == (int(e.get("data-after")) <= s.special_done)
                   for e in by_class(root, "special-line"))
        now = [e for e in by_class(root, "timeline-cell") if e.get("data-current") == "true"]
        assert [int(e.get("data-t")) for e in now] == [s.time]
        initiative = root.find(".//*[@id='dp-initiative']")
        assert initiative is not None and initiative.get("data-player") == s.players[s.initiative].name
        turn = {e.get("data-player") for e in by_class(root, "this-turn")}
        assert turn == {s.players[i].name for i in s.participants}
        for p in s.players:
            played = root.find(f".//*[@id='dp-inplay-{p.name}']")
            assert (played is None) == (p.played is None)
            if p.played is not None:
                assert played.get("data-card") == p.played


def test_key_explains_every_mark() -> None:
    g = game(1)
    root = parse(picture(g, g.history[200].after))
    words = " ".join(texts(root))
    for phrase in ("character piece", "in the air", "straight bullet", "tracing bullet", "highlighted cell",
                   "timeline marker", "special line", "initiative token", "face-down card", "card track",
                   "counter hit", "parry", "immune", "ground only", "cancellation level", "whiff",
                   "no knockdown"):
        assert phrase in words, phrase
    marks = {e.get("data-mark") for e in root.iter() if e.get("data-mark")}
    assert {"counter", "parry", "immune", "ground", "level", "whiff", "facedown"} <= marks


def test_marks_follow_the_cards_in_play() -> None:
    g = game(1)
    seen: set[str] = set()
    for st in g.history[::3]:
        s = st.after
        root = parse(picture(g, s))
        for p in s.players:
            box = root.find(f".//*[@id='hs-inplay-{p.name}']")
            assert (box is None) == (p.played is None)
            if box is None:
                continue
            marks = {e.get("data-mark") for e in box.iter() if e.get("data-mark")}
            card = g.ctx.cards[p.played]
            assert "counter" in marks
            assert ("parry" in marks) == card.parry and ("immune" in marks) == card.immune
            seen |= marks
            resolved = root.find(f".//*[@id='hs-resolved-{p.name}']")
            if p.resolved is not None and p.resolved != p.played:
                level = {e.get("data-mark") for e in resolved.iter() if e.get("data-mark")}
                assert "level" in level
        if {"parry", "immune"} <= seen:
            return
    pytest.skip("no parry and no immune card in play in this game")


def test_winner_shown_at_the_end() -> None:
    g = game(2)
    s = g.state
    assert s.winner in ("P1", "P2")
    root = parse(picture(g, s))
    status = "".join(root.find(".//*[@id='hs-status']").itertext())
    assert status == f"game over · winner: {s.winner}"
    assert root.find(f".//*[@id='hs-winner-{s.winner}']") is not None
    loser = next(p for p in s.players if p.name != s.winner)
    assert loser.hp == 0 and root.find(f".//*[@id='hs-defeated-{loser.name}']") is not None
    assert s.winner in root.find(f"{NS}title").text


def test_highlight_cells() -> None:
    g = game(1)
    s = g.history[150].after
    root = parse(picture(g, s, highlight=[(1, 0), (7, 2), (1, 0), (0, 0), (9, 9), "x"]))
    cells = sorted((int(e.get("data-x")), int(e.get("data-y"))) for e in by_class(root, "highlight"))
    assert cells == [(1, 0), (7, 2)]
    assert root.find(".//*[@id='hs-hl-7-2']") is not None
    assert not by_class(parse(picture(g, s)), "highlight")


def test_hand_named_only_for_the_designer() -> None:
    g = game(1)
    s = g.history[300].after
    hand = s.players[0].hand
    assert hand
    plain = parse(picture(g, s))
    assert not [e for e in plain.iter() if e.get("data-zone") == "hand"]
    assert "hidden: " in " ".join(texts(plain))
    full = parse(picture(g, s, designer=True))
    shown = [e for e in full.iter() if e.get("data-zone") == "hand" and e.get("data-player") == "P1"]
    assert [e.get("data-card") for e in shown] == list(hand)
    words = texts(full)
    assert all(g.ctx.cards[c].name in words for c in hand)


def test_a_view_draws_face_down_cards() -> None:
    g = game(1)
    s = g.history[300].after
    view = g.ruleset.view(g.ctx, s, "P1")
    assert set(view.players[1].hand) == {"?"}
    root = parse(picture(g, view, viewer="P1"))
    backs = [e for e in by_class(root, "face-down") if e.get("data-player") == "P2"]
    assert len(backs) == len(s.players[1].hand)
    own = [e.get("data-card") for e in root.iter()
           if e.get("data-zone") == "hand" and e.get("data-player") == "P1"]
    assert own == list(s.players[0].hand), "the viewer sees their own hand"
    # the kit's picture goes through the view as well
    kit = parse(StatePicture(g, s, viewer="P1", prefix="v").svg)
    assert len([e for e in by_class(kit, "face-down") if e.get("data-player") == "P2"]) == len(backs)


def test_face_down_cancel_in_a_simultaneous_action() -> None:
    g = game(1)
    st = first_step(g, lambda st: st.name == "cancel.choose" and "face-down" in st.sentence)
    s = st.after
    i = next(i for i, p in enumerate(s.players) if p.played is not None and p.resolved is not None
             and p.played != p.resolved)
    name, other = s.players[i].name, s.players[1 - i].name
    hidden = parse(picture(g, s, viewer=other))
    box = hidden.find(f".//*[@id='hs-inplay-{name}']")
    assert box.get("data-face-down") == "true" and box.get("data-card") == "?"
    assert g.ctx.cards[s.players[i].played].name not in "".join(box.itertext())
    seen = parse(picture(g, s)).find(f".//*[@id='hs-inplay-{name}']")
    assert seen.get("data-card") == s.players[i].played
    assert "facedown" in {e.get("data-mark") for e in seen.iter() if e.get("data-mark")}


def test_bad_prefix() -> None:
    g = game(1)
    with pytest.raises(ValueError, match="prefix"):
        picture(g, g.state, prefix="1 bad")


# ------------------------------------------------------------------ escaping
NASTY = "<script>alert('x')</script> & [bold]Loud[/bold]"


def nasty_game() -> tuple[object, object, str]:
    """A context whose P1 Gohei Jab has a hostile name, and a mid-game state holding it."""
    g = game(1)
    ctx = copy.copy(g.ctx)
    ctx.cards = dict(g.ctx.cards)
    iid = "P1/gohei_jab"
    ctx.cards[iid] = dataclasses.replace(g.ctx.cards[iid], name=NASTY)
    s = g.history[300].after
    p = s.players[0]
    if iid not in p.discard:
        p = replace(p, hand=tuple(c for c in p.hand if c != iid), discard=p.discard + (iid,))
    return ctx, replace(s, players=(p, s.players[1])), iid


def test_card_names_are_escaped_in_the_picture() -> None:
    ctx, s, iid = nasty_game()
    svg = PRESENTATION.picture(ctx, s, designer=True)
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    root = parse(svg)
    chips = [e for e in root.iter() if e.get("data-card") == iid]
    shown = ["".join("".join(t.itertext()) for t in e.iter(f"{NS}text")).replace(" ", "") for e in chips]
    assert chips and NASTY.replace(" ", "") in shown, "the name is whole, never cut"


def test_card_names_are_not_markup_in_the_text() -> None:
    ctx, s, _ = nasty_game()
    out = console_text(PRESENTATION.text(ctx, s, designer=True), width=400)
    assert "[bold]Loud[/bold]" in out


# ------------------------------------------------------------------ terminal text
def test_text_tells_the_facts() -> None:
    g = game(5)
    s = g.history[184].after
    out = console_text(PRESENTATION.text(g.ctx, s))
    assert out == console_text(PRESENTATION.text(g.ctx, s))
    assert f"HisouTab draft · t={s.time} · turn {s.turn}" in out
    assert f"initiative: {s.players[s.initiative].name}" in out
    for p in s.players:
        assert f"{p.hp}/{p.max_hp}" in out and f"{p.spirit}/{g.ctx.spirit_max}" in out
        assert f"({p.x}, {p.y})" in out and f"t={p.marker}" in out
        assert f"{len(p.hand)} cards (hidden)" in out
    for b in s.bullets:
        assert b.id in out and f"slot {b.slot + 1}/{g.ctx.cards[b.card].slots}" in out
    assert "y=0 ground" in out and "┃" in out
    named = console_text(PRESENTATION.text(g.ctx, s, designer=True), width=300)
    assert all(g.ctx.cards[c].name in named for c in s.players[0].hand)
    end = console_text(PRESENTATION.text(g.ctx, g.state))
    assert f"game over · winner: {g.state.winner}" in end and "WINNER" in end


def test_text_of_a_view() -> None:
    g = game(1)
    s = g.ruleset.view(g.ctx, g.history[300].after, "P1")
    out = console_text(PRESENTATION.text(g.ctx, s))
    assert f"{len(s.players[1].hand)} face-down" in out
    assert all(g.ctx.cards[c].name in out for c in s.players[0].hand), "the viewer sees their own hand"


# ------------------------------------------------------------------ touched cells
def test_an_attack_touches_its_range() -> None:
    g = game(1)
    st = first_step(g, lambda st: any(e.get("type") == "attack" for e in st.events))
    e = next(e for e in st.events if e.get("type") == "attack")
    i = [p.name for p in st.before.players].index(e["player"])
    p = st.before.players[i]
    reach = g.ctx.cards[e["card"]].reach
    expected = {(p.x + dx * p.facing, p.y + dy) for dx, dy in reach}
    expected = {c for c in expected if g.ctx.on_board(*c)}
    cells = PRESENTATION.touched(g.ctx, st)
    assert set(cells) == expected == set(attack_cells(g.ctx, st.before, i, e["card"]))
    assert list(cells) == sorted(cells)
    root = parse(picture(g, st.after, highlight=cells))
    assert {(int(h.get("data-x")), int(h.get("data-y"))) for h in by_class(root, "highlight")} == expected


def test_a_move_touches_its_cells() -> None:
    g = game(1)
    st = first_step(g, lambda st: st.name == "eff.move" and any(e.get("type") == "move" for e in st.events))
    e = next(e for e in st.events if e.get("type") == "move")
    assert PRESENTATION.touched(g.ctx, st) == tuple(sorted({tuple(e["from"]), tuple(e["to"])}))
    fire = first_step(g, lambda st: st.name == "eff.bullet" and st.events)
    assert PRESENTATION.touched(g.ctx, fire) == (tuple(fire.events[0]["cell"]),)


# ------------------------------------------------------------------ clause links
def test_clause_urls_point_at_the_rules_page() -> None:
    page = (ROOT / "docs/rules/hisoutab-draft.md").read_text(encoding="utf-8")
    for clause in ("D-BLOCK", "D-RES-SIM", "D-TIME-2"):
        url = PRESENTATION.clause_url(clause)
        assert url == f"docs/rules/hisoutab-draft.md#{clause}"
        assert f'<a id="{clause}"></a>' in page
    assert PRESENTATION.clause_url("DR-1") == "docs/rules/hisoutab-draft.md#readings-dr"
    assert PRESENTATION.clause_url("DS-12", "https://x.test/d.md") == "https://x.test/d.md#settled-questions-ds"
    assert "## Readings (DR)" in page and "## Settled questions (DS)" in page


# ------------------------------------------------------------------ the priority graph
def coming_turns(g: Game, k: int) -> list[tuple[int, tuple[str, ...]]]:
    """The turns the game really took after step ``k``: (time, players) of each turn.begin."""
    out = []
    for st in g.history[k:]:
        if st.name == "turn.begin" and st.after.participants:
            out.append((st.after.time, tuple(st.after.players[i].name for i in st.after.participants)))
    return out


@needs_dot
@pytest.mark.parametrize("seed", SEEDS)
def test_priority_graph_names_the_coming_turns_in_order(seed: int) -> None:
    g = game(seed)
    clauses = set(g.ruleset.clauses) | set(g.ruleset.readings)
    for k in range(0, len(g.history), 53):
        s = g.history[k - 1].after if k else g.initial
        pg = DraftPriorityGraph(g, s, turns=6)
        assert pg.source == DraftPriorityGraph(g, s, turns=6).source
        graph = pg.graph
        turns = [d for _, d in graph.nodes(data=True) if d["kind"] == "turn"]
        times = [d["t"] for d in turns]
        assert times == sorted(times), "turns in timeline order"
        assert len(turns) <= 6
        for _, _, d in graph.edges(data=True):
            assert d["clauses"] and set(d["clauses"]) <= clauses
        # the certain turns ahead (not the current one) are the turns the game then takes
        ahead = [(d["t"], d["players"]) for d in turns if d["certain"] and not d["now"]]
        if s.first is not None:
            real = coming_turns(g, k)
            assert ahead == real[:len(ahead)]
        for d in turns:
            assert f"t={d['t']}" in d["label"] and d["label"] in pg.source
        if k % 159 == 0:
            assert pg.pipe("svg").startswith(b"<?xml")


def test_priority_graph_at_setup_and_at_the_end() -> None:
    g = game(1)
    start = DraftPriorityGraph(g, g.initial)
    assert start.turns() == ["t=1: simultaneous action (the first turn)"]
    end = DraftPriorityGraph(g, g.state)
    over = [d for _, d in end.graph.nodes(data=True) if d["kind"] == "end"]
    assert over and g.state.winner in over[0]["label"]
    assert [d["clauses"] for *_, d in end.graph.edges(data=True)] == [("D-GOAL-1",)]


@needs_dot
def test_simultaneous_action_resolves_by_cancel_level() -> None:
    g = game(1)
    st = first_step(g, lambda st: st.name == "res.begin" and "resolves before" in st.sentence)
    s = st.before
    levels = {i: g.ctx.cards[p.played].cancel for i, p in enumerate(s.players)}
    first = max(levels, key=levels.get)
    pg = DraftPriorityGraph(g, s)
    order = [(k, d) for k, d in pg.graph.nodes(data=True) if d["kind"] == "order"]
    label = f"{s.players[first].name} resolves first, then {s.players[1 - first].name}"
    assert order[0][1]["label"] == label
    assert ("D-RES-SIM",) in [d["clauses"] for a, b, d in pg.graph.edges(data=True) if b == order[0][0]]
    assert label in pg.source and b"<svg" in pg.pipe("svg")


@needs_dot
def test_the_initiative_choice_on_a_tie() -> None:
    g = game(1)
    st = first_step(g, lambda st: st.name == "res.order" and st.choice)
    s = st.before
    pg = DraftPriorityGraph(g, s)
    choices = {d["choice"]: b for a, b, d in pg.graph.edges(data=True) if d["choice"]}
    assert set(choices) == {"keep", "pass"}
    h = s.players[s.initiative].name
    o = s.players[1 - s.initiative].name
    assert pg.graph.nodes[choices["keep"]]["label"] == f"{o} resolves first, then {h}"
    assert pg.graph.nodes[choices["pass"]]["label"] == f"{h} resolves first, then {o}"
    assert any("D-CANCEL-SIM" in x for x in pg.graph.nodes[choices["pass"]]["details"])
    assert b"<svg" in pg.pipe("svg")


def test_run_ahead_matches_the_game() -> None:
    g = game(2)
    for k in (40, 300, 777):
        ran, _, decision = project(g.ctx, g.history[k - 1].after)
        real = g.history[k:k + len(ran)]
        assert [r.name for r in ran] == [st.name for st in real]
        assert [r.text for r in ran] == [st.sentence for st in real]
        if decision is not None:
            assert g.history[k + len(ran)].name == decision.step


# ------------------------------------------------------------------ edits
def edits() -> dict:
    return {op.name: op for op in PRESENTATION.edits(RULESET)}


def mid_game() -> tuple[Game, object]:
    g = game(5)
    s = g.history[184].after
    assert len(s.bullets) >= 2 and s.winner is None
    return g, s


def test_edit_forms() -> None:
    ops = edits()
    assert {"counter", "move"} <= set(ops), "the generic edits are kept"
    assert {"place", "hp", "spirit", "marker", "add_bullet", "remove_bullet"} <= set(ops)
    g, s = mid_game()
    for op in ops.values():
        assert op.label and op.doc
        values: dict = {}
        for prm in op.params:
            if prm.choices is not None:
                options = list(prm.choices(g.ctx, s, values))
                assert options, (op.name, prm.name)
                values[prm.name] = options[0]
            if prm.default is not None:
                values[prm.name] = prm.default(g.ctx, s, values)
    spirit = next(p for p in ops["spirit"].params if p.name == "spirit")
    assert (spirit.minimum, spirit.maximum) == (0, g.ctx.spirit_max)
    x = next(p for p in ops["place"].params if p.name == "x")
    assert (x.minimum, x.maximum) == (1, g.ctx.width)


def test_edits_apply_and_keep_the_invariants() -> None:
    ops = edits()
    g, s = mid_game()
    ctx = g.ctx
    p1, p2 = s.players
    free = next((x, 1) for x in range(1, ctx.width + 1) if (x, 1) not in {(p2.x, p2.y)}
                and not any((b.x, b.y) == (x, 1) and b.owner == 1 for b in s.bullets))
    results = {
        "place": ops["place"].apply(ctx, s, player="P1", x=free[0], y=free[1], facing="left"),
        "hp": ops["hp"].apply(ctx, s, player="P2", hp=1),
        "spirit": ops["spirit"].apply(ctx, s, player="P1", spirit=0),
        "marker": ops["marker"].apply(ctx, s, player="P2", marker=s.time + 5),
        "remove_bullet": ops["remove_bullet"].apply(ctx, s, bullet=s.bullets[0].id),
    }
    card = next(c for c in (*p1.hand, *p1.discard) if ctx.cards[c].slots and ctx.cards[c].straight)
    spec = ctx.cards[card]
    results["add_bullet"] = ops["add_bullet"].apply(ctx, s, owner="P1", card=card, x=p1.x, y=p1.y,
                                                    direction=spec.directions[-1], slot=spec.slots)
    for name, new in results.items():
        assert new is not s
        assert check_invariants(ctx, new) == [], name
    assert (results["place"].players[0].x, results["place"].players[0].facing) == (free[0], -1)
    assert results["hp"].players[1].hp == 1 and results["spirit"].players[0].spirit == 0
    assert results["marker"].players[1].marker == s.time + 5
    gone = s.bullets[0]
    after = results["remove_bullet"]
    assert gone.id not in {b.id for b in after.bullets}
    assert after.players[gone.owner].discard[-1] == gone.card
    added = results["add_bullet"].bullets[-1]
    assert (added.card, added.slot, added.owner) == (card, spec.slots - 1, 0)
    assert card not in results["add_bullet"].players[0].hand + results["add_bullet"].players[0].discard
    # an edited state plays on
    g2 = Game(RS, seed=5, state=results["add_bullet"])
    for _ in range(30):
        if g2.over:
            break
        if g2.pending is None:
            g2.step()
        else:
            d = g2.pending
            g2.choose({pl: o[0].label for pl, o in zip(d.players, d.options, strict=True)} if d.joint
                      else d.options[0][0].label)
        assert check_invariants(ctx, g2.state) == []


def shot(card: str = "amulet_shot", x: int = 2, direction: str = "forward", **more: object) -> dict:
    """The values of an add_bullet edit by P1 on row 0."""
    return {"owner": "P1", "card": card, "x": x, "y": 0, "direction": direction, **more}


@pytest.mark.parametrize(("op", "values", "message"), [
    ("place", {"player": "P1", "x": 0, "y": 0, "facing": "right"}, "off the board"),
    ("place", {"player": "P1", "x": 3, "y": 9, "facing": "right"}, "off the board"),
    ("place", {"player": "P1", "x": 5, "y": 0, "facing": "right"}, "block"),
    ("place", {"player": "P1", "x": 3, "y": 1, "facing": "up"}, "facing"),
    ("place", {"player": "P9", "x": 3, "y": 1, "facing": "left"}, "no player"),
    ("hp", {"player": "P1", "hp": 0}, "0 HP ends the game"),
    ("hp", {"player": "P1", "hp": 21}, "1..20"),
    ("hp", {"player": "P2", "hp": "5"}, "whole number"),
    ("spirit", {"player": "P1", "spirit": 6}, "0..5"),
    ("spirit", {"player": "P1", "spirit": -1}, "0..5"),
    ("marker", {"player": "P1", "marker": 3}, "or later"),
    ("add_bullet", shot("gohei_jab"), "not a bullet"),
    ("add_bullet", shot("spirit_amulet"), "already on the board"),
    ("add_bullet", shot("yin_yang_orb"), "set aside"),
    ("add_bullet", shot(x=8), "off the board"),
    ("add_bullet", shot(x=5), "hit at once"),
    ("add_bullet", shot(direction="up"), "fires"),
    ("add_bullet", shot(slot=0), "slots 1..4"),
    ("add_bullet", shot("P2/magic_missile"), "has no card"),
    ("remove_bullet", {"bullet": "b99"}, "no bullet"),
])
def test_illegal_edits_raise(op: str, values: dict, message: str) -> None:
    g, s = mid_game()
    assert (s.players[1].x, s.players[1].y) == (5, 0) and s.players[0].max_hp == 20
    with pytest.raises(ValueError, match=message):
        edits()[op].apply(g.ctx, s, **values)


def test_no_edits_before_setup_or_after_the_end() -> None:
    g = game(2)
    ops = edits()
    with pytest.raises(ValueError, match="not set up"):
        ops["spirit"].apply(g.ctx, g.initial, player="P1", spirit=1)
    with pytest.raises(ValueError, match="game is over"):
        ops["hp"].apply(g.ctx, g.state, player="P1", hp=5)


# ------------------------------------------------------------------ the commands
def cli(*args: str):
    return CliRunner().invoke(main, list(args))


def test_cli_render_and_show(tmp_path) -> None:
    out = tmp_path / "d.svg"
    r = cli("render", "--ruleset", RS, "--seed", "1", "--step", "120", "-o", str(out))
    assert r.exit_code == 0, r.output
    root = parse(out.read_text(encoding="utf-8").split("\n", 1)[1])
    assert root.get("data-ruleset") == RS and by_class(root, "piece")
    if shutil.which("rsvg-convert"):
        png = tmp_path / "d.png"
        r = cli("render", "--ruleset", RS, "--seed", "1", "--step", "120", "-o", str(png))
        assert r.exit_code == 0 and png.read_bytes().startswith(b"\x89PNG")
    r = cli("show", "--ruleset", RS, "--seed", "1", "--step", "120")
    assert r.exit_code == 0, r.output
    assert "HisouTab draft · t=" in r.output and "Timeline" in r.output and "cards (hidden)" in r.output


@needs_dot
def test_cli_priority_graph(tmp_path) -> None:
    out = tmp_path / "p.svg"
    r = cli("graph", "priority", "--ruleset", RS, "--seed", "1", "--step", "120", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "<svg" in out.read_text(encoding="utf-8")
    dot = tmp_path / "p.dot"
    r = cli("graph", "priority", "--ruleset", RS, "--seed", "1", "--step", "120", "--turns", "2",
            "-o", str(dot))
    assert r.exit_code == 0, r.output
    assert "D-TURN-1" in dot.read_text(encoding="utf-8")
