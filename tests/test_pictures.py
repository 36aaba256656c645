"""Structure tests for the SVG state pictures (hisoutab.presentation and the 0.45.2 presentation)."""

from __future__ import annotations

import copy
import dataclasses
import xml.etree.ElementTree as ET

import pytest

from hisoutab import Game
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.v0452.presentation import attack_cells
from hisoutab.presentation import StatePicture, render_state_svg
from hisoutab.presentation.svg import attrs, el, esc, fit, text

from .conftest import seeded_game

NS = "{http://www.w3.org/2000/svg}"
SEED = 12
STEPS = 400


def _game() -> Game:
    return seeded_game(SEED, STEPS)


@pytest.fixture(scope="module")
def game() -> Game:
    return _game()


@pytest.fixture(scope="module")
def hit_state(game):
    """A mid-game state with a hit token on the timeline."""
    for step in game.history:
        if any(p.hit is not None for p in step.after.players):
            return step.after
    pytest.skip("no hit token in this game")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def test_valid_svg_root(game):
    svg = render_state_svg(game.ctx, game.state)
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox", "").startswith("0 0 900 ")
    # it scales to its box: no fixed pixel size, a viewBox to scale by
    assert root.get("width") == "100%" and root.get("height") is None
    assert root.get("font-family") == "sans-serif"


def test_two_pieces_with_facing(game, hit_state):
    root = parse(render_state_svg(game.ctx, hit_state))
    pieces = by_class(root, "piece")
    assert [p.get("data-player") for p in pieces] == ["P1", "P2"]
    for e, p in zip(pieces, hit_state.players, strict=True):
        assert (int(e.get("data-x")), int(e.get("data-y"))) == (p.x, p.y)
        assert e.get("data-facing") == ("right" if p.facing > 0 else "left")
        assert len(by_class(e, "facing")) == 1


def test_markers_and_hit_tokens_match_state(game, hit_state):
    root = parse(render_state_svg(game.ctx, hit_state))
    markers = {(e.get("data-player"), int(e.get("data-t"))) for e in by_class(root, "marker")}
    hits = {(e.get("data-player"), int(e.get("data-t"))) for e in by_class(root, "hit-token")}
    assert markers == {(p.name, p.marker) for p in hit_state.players if p.marker is not None}
    assert hits == {(p.name, p.hit) for p in hit_state.players if p.hit is not None}
    assert hits  # the chosen state has a hit token


def test_spirit_slots(game, hit_state):
    root = parse(render_state_svg(game.ctx, hit_state))
    slots = by_class(root, "spirit-slot")
    assert len(slots) == 10
    for p in hit_state.players:
        mine = [e.get("data-state") for e in slots if e.get("data-player") == p.name]
        expected = ["die" if isinstance(s, int) else s for s in p.spirit]
        assert mine == expected


def test_spirit_dice_and_shared_cell(game):
    state = game.state
    p1, p2 = state.players
    state = replace(state, players=(replace(p1, spirit=("up", "down", 3, 5, "down"), x=3, y=1),
                                    replace(p2, spirit=("up",) * 5, x=3, y=1)))
    root = parse(render_state_svg(game.ctx, state))
    slots = by_class(root, "spirit-slot")
    states = [e.get("data-state") for e in slots]
    assert states.count("up") == 6 and states.count("down") == 2 and states.count("die") == 2
    dice = [e for e in slots if e.get("data-state") == "die"]
    assert [d.get("data-die") for d in dice] == ["3", "5"]
    texts = ["".join(d.itertext()) for d in dice]
    assert any("3" in t for t in texts) and any("5" in t for t in texts)
    pieces = by_class(root, "piece")
    assert len(pieces) == 2
    centres = {next(c for c in p.iter(f"{NS}circle")).get("cx") for p in pieces}
    assert len(centres) == 2  # two pieces in one cell stand side by side


def test_zone_cards(game):
    for step in game.history:
        s = step.after
        if any(p.cast for p in s.players) and any(p.trigger for p in s.players):
            break
    else:
        pytest.skip("no state with cards in both zones")
    root = parse(render_state_svg(game.ctx, s))
    cards = [e for e in by_class(root, "zone-card") if e.get("data-zone") in ("cast", "trigger")]
    got = sorted((e.get("data-player"), e.get("data-zone"), e.get("data-card")) for e in cards)
    want = sorted([(p.name, "cast", p.cast) for p in s.players if p.cast]
                  + [(p.name, "trigger", p.trigger) for p in s.players if p.trigger])
    assert got == want
    for e in cards:
        assert game.ctx.cards[e.get("data-card")].name in "".join(e.itertext())


def test_hand_only_in_designer_mode(game):
    s = game.state
    plain = parse(render_state_svg(game.ctx, s))
    assert not [e for e in by_class(plain, "zone-card") if e.get("data-zone") == "hand"]
    root = parse(render_state_svg(game.ctx, s, designer=True))
    hand = [e for e in by_class(root, "zone-card") if e.get("data-zone") == "hand"]
    assert len(hand) == sum(len(p.hand) for p in s.players)
    for p in s.players:
        assert [e.get("data-card") for e in hand if e.get("data-player") == p.name] == list(p.hand)
    counts = {e.get("data-player"): e for e in by_class(root, "counts")}
    for p in s.players:
        assert int(counts[p.name].get("data-deck")) == len(p.deck)
        assert int(counts[p.name].get("data-discard")) == len(p.discard)


def test_side_is_shown(game):
    ctx, s = game.ctx, game.state
    iid = next(i for i, c in ctx.cards.items() if c.two_sided and i.startswith("P1/"))
    side, face = ctx.cards[iid].sides[0]
    s = s.with_player(0, replace(s.players[0], cast=iid, cast_side=side))
    root = parse(render_state_svg(ctx, s))
    (card,) = [e for e in by_class(root, "zone-card")
               if e.get("data-zone") == "cast" and e.get("data-player") == "P1"]
    assert card.get("data-side") == side
    assert side in "".join(card.itertext()) and face.name in "".join(card.itertext())


def test_timeline_cells_and_special_marks(game, hit_state):
    ctx, s = game.ctx, hit_state
    root = parse(render_state_svg(ctx, s))
    cells = by_class(root, "timeline-cell")
    ts = [int(e.get("data-t")) for e in cells]
    assert ts == list(range(max(1, s.time - 2), max(1, s.time - 2) + 15))
    assert s.time in ts
    assert [int(e.get("data-t")) for e in cells if e.get("data-current") == "true"] == [s.time]
    marks = {(e.get("data-kind"), int(e.get("data-t"))) for e in by_class(root, "special-mark")}
    want = {("blue", t) for t in ts if ctx.is_blue(t)} | {("yellow", t) for t in ts if ctx.is_yellow(t)}
    assert marks == want
    ahead = {e.get("data-kind"): int(e.get("data-t")) for e in by_class(root, "next-special")}
    assert set(ahead) == {"blue", "yellow"}
    assert ctx.is_blue(ahead["blue"]) and ctx.is_yellow(ahead["yellow"])
    assert ahead["blue"] > s.special_done and ahead["blue"] >= s.time


def test_tokens_beyond_the_window_are_still_drawn(game):
    s = game.state
    far = s.time + 40
    s = s.with_player(1, replace(s.players[1], marker=far, hit=far + 1))
    root = parse(render_state_svg(game.ctx, s))
    assert [int(e.get("data-t")) for e in by_class(root, "marker") if e.get("data-player") == "P2"] == [far]
    hits = by_class(root, "hit-token")
    assert [int(e.get("data-t")) for e in hits if e.get("data-player") == "P2"] == [far + 1]
    # P1's own hit token (if any) is drawn too, and nothing else
    assert sorted(int(e.get("data-t")) for e in hits) == sorted(
        t for t in (s.players[0].hit, far + 1) if t is not None)
    assert f"t={far}" in "".join(root.itertext())


def test_highlight(game):
    ctx, s = game.ctx, game.state
    cells = [(1, 0), (2, 1), (2, 1), (ctx.width, ctx.height - 1), (0, 0), (ctx.width + 1, 0), (1, ctx.height)]
    root = parse(render_state_svg(ctx, s, highlight=cells))
    got = sorted((int(e.get("data-x")), int(e.get("data-y"))) for e in by_class(root, "highlight"))
    assert got == [(1, 0), (2, 1), (ctx.width, ctx.height - 1)]  # deduplicated, on the board only
    assert not by_class(parse(render_state_svg(ctx, s)), "highlight")


def test_attack_cells_follow_facing(game):
    ctx, s = game.ctx, game.state
    iid = next(i for i, c in ctx.cards.items() if c.reach and i.startswith("P1/"))
    p = s.players[0]
    for facing in (1, -1):
        st = s.with_player(0, replace(p, x=4, y=0, facing=facing))
        want = {(4 + dx * facing, dy) for dx, dy in ctx.cards[iid].reach}
        assert set(attack_cells(ctx, st, 0, iid)) == {c for c in want if ctx.on_board(*c)}


def test_initiative(game):
    s = game.state
    for i in (0, 1):
        root = parse(render_state_svg(game.ctx, replace(s, initiative=i)))
        (tok,) = by_class(root, "initiative")
        assert tok.get("data-player") == s.players[i].name


def test_deterministic(game, hit_state):
    a = render_state_svg(game.ctx, hit_state, highlight=[(2, 0), (1, 0)], designer=True)
    b = render_state_svg(game.ctx, copy.deepcopy(hit_state), highlight=[(1, 0), (2, 0)], designer=True)
    assert a == b
    assert repr(StatePicture(game.ctx, hit_state)) == repr(StatePicture(game.ctx, hit_state))
    assert StatePicture(game.ctx, hit_state)._repr_svg_() == StatePicture(game.ctx, hit_state)._repr_svg_()


def test_prefix_changes_every_id(game):
    a, b = (parse(render_state_svg(game.ctx, game.state, prefix=p, highlight=[(1, 0)]))
            for p in ("one", "two"))
    ids_a = [e.get("id") for e in a.iter() if e.get("id")]
    ids_b = [e.get("id") for e in b.iter() if e.get("id")]
    assert ids_a and len(ids_a) == len(set(ids_a))  # unique within a picture
    assert all(i.startswith("one-") for i in ids_a)
    assert all(i.startswith("two-") for i in ids_b)
    assert not set(ids_a) & set(ids_b)
    with pytest.raises(ValueError):
        render_state_svg(game.ctx, game.state, prefix='x" onload="y')


def test_different_states_get_different_auto_prefixes(game, hit_state):
    a, b = StatePicture(game.ctx, game.state), StatePicture(game.ctx, hit_state)
    assert a.prefix != b.prefix
    assert parse(a._repr_svg_()).get("id") == f"{a.prefix}-root"


def test_escaping_helpers():
    assert esc('<&>"') == '&lt;&amp;&gt;"'
    assert attrs({"data_card": 'a"<b>&', "skip": None}) == ' data-card="a&quot;&lt;b&gt;&amp;"'
    assert el("text", {"x": 1.5}, text="<&>") == '<text x="1.5">&lt;&amp;&gt;</text>'
    assert ET.fromstring(text(0, 0, "a<b>&c")).text == "a<b>&c"
    assert fit("short", 200, 12) == "short"
    assert fit("x" * 100, 60, 12).endswith("…")


def test_escaping_card_names(game):
    ctx = copy.copy(game.ctx)
    s = game.state
    p = s.players[0]
    iid = p.hand[0]
    evil = 'Evil <&> "card"'
    ctx.cards = dict(ctx.cards)
    ctx.cards[iid] = dataclasses.replace(ctx.cards[iid], name=evil, sides=())
    s = s.with_player(0, replace(p, cast=iid, cast_side="", trigger=iid, trigger_side=""))
    svg = render_state_svg(ctx, s, designer=True)
    assert "<&>" not in svg
    root = parse(svg)
    cards = [e for e in by_class(root, "zone-card") if e.get("data-card") == iid]
    assert {e.get("data-zone") for e in cards} == {"cast", "trigger", "hand"}
    assert any(evil in "".join(e.itertext()) for e in cards)


def test_state_picture(game, hit_state, tmp_path):
    pic = StatePicture(game.ctx, hit_state, highlight=[(1, 0)])
    p1, p2 = hit_state.players
    assert repr(pic).startswith(f"<StatePicture t={hit_state.time} P1 HP {p1.hp} P2 HP {p2.hp}")
    assert "0x" not in repr(pic)
    parse(pic._repr_svg_())
    html = pic._repr_html_()
    assert html.startswith("<div") and html.endswith("</div>")
    # the picture fills its box: the SVG at the box's width, its height following, no scrolling
    assert 'style="width:100%;max-width:100%"' in html and "overflow" not in html
    svg = html[html.index("<svg"):-len("</div>")]
    root = parse(svg)
    assert root.get("style") == "width:100%;height:auto;max-width:100%;display:block"
    assert svg.replace(f' style="{root.get("style")}"', "", 1) == pic._repr_svg_()
    svg_path = pic.save(tmp_path / "s.svg")
    parse(svg_path.read_text(encoding="utf-8"))
    html_path = pic.save(tmp_path / "s.html")
    page = html_path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page


def test_game_over_state(game):
    s = replace(game.state, winner="P2", participants=())
    root = parse(render_state_svg(game.ctx, s))
    assert "winner: P2" in "".join(root.itertext())
