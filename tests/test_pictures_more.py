"""Bullets, spell cards and specials in the SVG state picture of a 0.45.2 state."""

from __future__ import annotations

import copy
import math
import xml.etree.ElementTree as ET

import pytest

from hisoutab import Game
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.v0452.presentation.board import bullet_slots
from hisoutab.games.hisoutab.v0452.rules.bullets import spec_of
from hisoutab.games.hisoutab.v0452.rules.state import MOTIONS, Bullet
from hisoutab.presentation import render_state_svg

from .conftest import seeded_game

NS = "{http://www.w3.org/2000/svg}"
SEED = 6
STEPS = 400


def _game() -> Game:
    return seeded_game(SEED, STEPS)


@pytest.fixture(scope="module")
def game() -> Game:
    return _game()


@pytest.fixture(scope="module")
def played(game):
    """A state of the seeded game with bullets on the board and a hit token on the timeline."""
    for step in game.history:
        s = step.after
        if s.bullets and any(p.hit is not None for p in s.players):
            return s
    pytest.skip("no state with bullets and a hit token in this game")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def alltext(e: ET.Element) -> str:
    return "".join(e.itertext())


def cards_of(ctx, kind: str, player: str = "P1") -> list[str]:
    return sorted(i for i, c in ctx.cards.items() if c.kind == kind and i.startswith(player + "/"))


def bullet_card(ctx, player: str, want: str) -> str:
    """A card of ``player`` whose bullet is ``want`` (straight / trace / still)."""
    for iid in sorted(ctx.cards):
        if not iid.startswith(player + "/"):
            continue
        try:
            spec = spec_of(ctx, Bullet("x", 0, iid, 1, 0, 0, 0))
        except KeyError:
            continue
        kind = "trace" if spec.trace else "straight" if spec.straight else "still"
        if kind == want:
            return iid
    pytest.skip(f"{player} has no {want} bullet card")


@pytest.fixture(scope="module")
def crafted(game):
    """A state built by hand: P1's straight bullets (two in one cell, one on P2's piece), a P2 tracing
    bullet, dice on the cards, a spell sequence, a special area with a gap and a hit token."""
    ctx, s = game.ctx, game.state
    straight = bullet_card(ctx, "P1", "straight")
    options = [bullet_card_or_none(ctx, "P2", "trace"), bullet_card_or_none(ctx, "P2", "still")]
    tracing = next((c for c in options if c), None) or pytest.skip("P2 has no tracing or still bullet card")
    p1, p2 = s.players
    p1 = replace(p1, x=2, y=0, facing=1, bullet_area=(straight,), dice=((straight, 3),),
                 spell_seq=tuple(ctx.spell_decks[0][:3]), spell_deck=tuple(ctx.spell_decks[0][3:]),
                 spell_discard=(), special=(None,) + tuple(ctx.special_areas[0][1:]),
                 extra=tuple(ctx.extras[0][:2]), removed=())
    p2 = replace(p2, x=5, y=1, facing=-1, bullet_area=(tracing,), dice=((tracing, 2),), hit=s.time + 2,
                 spell_seq=(), spell_deck=tuple(ctx.spell_decks[1]), special=tuple(ctx.special_areas[1]))
    bullets = (Bullet("b1", 0, straight, 3, 1, 1, 1), Bullet("b2", 0, straight, 3, 1, 1, -1),
               Bullet("b3", 0, straight, 5, 1, -1, 0), Bullet("b4", 1, tracing, 4, 2, 0, 0))
    return replace(s, players=(p1, p2), bullets=bullets, bullet_serial=4, winner=None)


def bullet_card_or_none(ctx, player: str, want: str) -> str | None:
    try:
        return bullet_card(ctx, player, want)
    except pytest.skip.Exception:
        return None


def test_one_element_per_bullet_played(game, played):
    root = parse(render_state_svg(game.ctx, played))
    els = by_class(root, "bullet")
    assert [e.get("data-bullet") for e in els] == [b.id for b in played.bullets]
    for e, b in zip(els, played.bullets, strict=True):
        assert e.get("data-player") == played.players[b.owner].name
        assert (int(e.get("data-x")), int(e.get("data-y"))) == (b.x, b.y)
        assert e.get("id") == f"hs-bullet-{b.id}"
    assert by_class(root, "hit-token")  # the chosen state also has a hit token on the timeline


def test_bullet_attributes_arrow_and_duration(game, crafted):
    ctx = game.ctx
    root = parse(render_state_svg(ctx, crafted))
    els = {e.get("data-bullet"): e for e in by_class(root, "bullet")}
    assert sorted(els) == ["b1", "b2", "b3", "b4"]
    assert [els[b].get("data-player") for b in ("b1", "b2", "b3", "b4")] == ["P1", "P1", "P1", "P2"]
    for bid in ("b1", "b2", "b3"):
        e = els[bid]
        assert e.get("data-kind") == "straight"
        assert len(by_class(e, "arrow")) == 1  # the direction arrow
        assert e.get("data-duration") == "3"
        assert "3" in [d.text for d in by_class(e, "duration")]
    b4 = els["b4"]
    assert b4.get("data-kind") in ("trace", "still")
    assert not by_class(b4, "arrow")
    assert by_class(b4, "trace-ring") if b4.get("data-kind") == "trace" else b4.find(f"{NS}rect") is not None
    assert [d.text for d in by_class(b4, "duration")] == ["2"]
    assert (els["b1"].get("data-dx"), els["b1"].get("data-dy")) == ("1", "1")


def _arrow_dir(e: ET.Element) -> tuple[float, float]:
    """The direction from the token's centre to the arrow tip, in screen coordinates."""
    body = next(c for c in e.iter(f"{NS}circle"))
    cx, cy = float(body.get("cx")), float(body.get("cy"))
    (arrow,) = by_class(e, "arrow")
    tx, ty = (float(v) for v in arrow.get("points").split()[0].split(","))
    n = math.hypot(tx - cx, ty - cy)
    return (tx - cx) / n, (ty - cy) / n


def test_arrow_points_along_direction_with_y_up(game, crafted):
    root = parse(render_state_svg(game.ctx, crafted))
    els = {e.get("data-bullet"): e for e in by_class(root, "bullet")}
    for bid, (dx, dy) in (("b1", (1, 1)), ("b2", (1, -1)), ("b3", (-1, 0))):
        ux, uy = _arrow_dir(els[bid])
        n = math.hypot(dx, dy)
        assert ux == pytest.approx(dx / n, abs=0.05) and uy == pytest.approx(-dy / n, abs=0.05)


def _centre(e: ET.Element) -> tuple[float, float, float]:
    body = next(c for c in e.iter() if c.tag in (f"{NS}circle", f"{NS}rect") and "trace-ring" not in
                (c.get("class") or ""))
    if body.tag == f"{NS}circle":
        return float(body.get("cx")), float(body.get("cy")), float(body.get("r"))
    w = float(body.get("width"))
    return float(body.get("x")) + w / 2, float(body.get("y")) + w / 2, w / 2


def test_shared_cells_keep_every_bullet_visible(game, crafted):
    ctx = game.ctx
    root = parse(render_state_svg(ctx, crafted))
    els = {e.get("data-bullet"): e for e in by_class(root, "bullet")}
    a, b = _centre(els["b1"]), _centre(els["b2"])  # two bullets in one cell
    assert math.hypot(a[0] - b[0], a[1] - b[1]) >= a[2] + b[2]
    piece = next(p for p in by_class(root, "piece") if p.get("data-player") == "P2")
    circle = next(piece.iter(f"{NS}circle"))
    px, py, pr = float(circle.get("cx")), float(circle.get("cy")), float(circle.get("r"))
    c = _centre(els["b3"])  # on P2's cell
    assert math.hypot(c[0] - px, c[1] - py) >= pr + c[2]


@pytest.mark.parametrize("pieces", [0, 1, 2])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 8, 9, 12])
def test_bullet_slots_never_overlap(n, pieces):
    slots = bullet_slots(n, pieces)
    assert len(slots) == n
    for i, (x1, y1, r1) in enumerate(slots):
        assert abs(x1) + r1 <= 32 and abs(y1) + r1 <= 32  # inside the cell
        for x2, y2, r2 in slots[i + 1:]:
            assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2


def test_bullet_crowd_on_a_piece(game, crafted):
    ctx = game.ctx
    p1 = crafted.players[0]
    card = p1.bullet_area[0]
    many = tuple(Bullet(f"b{k}", 0, card, p1.x, p1.y, dx, dy) for k, (dx, dy) in enumerate(
        [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)], start=10))
    root = parse(render_state_svg(ctx, replace(crafted, bullets=many)))
    els = by_class(root, "bullet")
    assert len(els) == 8 and sum(len(by_class(e, "arrow")) for e in els) == 8
    centres = [_centre(e) for e in els]
    for i, (x1, y1, r1) in enumerate(centres):
        for x2, y2, r2 in centres[i + 1:]:
            assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2


def test_off_board_bullet_is_drawn(game, crafted):
    card = crafted.players[0].bullet_area[0]
    s = replace(crafted, bullets=(Bullet("b9", 0, card, 3, -1, 0, -1),))
    (e,) = by_class(parse(render_state_svg(game.ctx, s)), "bullet")
    assert e.get("data-offboard") == "true" and "off the board" in alltext(e)


def test_spell_sequence_in_order_with_front(game, crafted):
    ctx = game.ctx
    root = parse(render_state_svg(ctx, crafted))
    seq = [e for e in root.iter() if e.get("data-zone") == "spell_seq"]
    p1 = crafted.players[0]
    mine = [e for e in seq if e.get("data-player") == "P1"]
    assert [e.get("data-card") for e in mine] == list(p1.spell_seq)
    assert [e.get("data-index") for e in mine] == ["1", "2", "3"]
    assert [e.get("data-front") for e in mine] == ["true", "false", "false"]
    assert "front" in alltext(mine[0])
    for e, iid in zip(mine, p1.spell_seq, strict=True):
        card = ctx.cards[iid]
        assert card.name in alltext(e) and f"cost {card.spell_cost}" in alltext(e)
        assert e.get("data-cost") == str(card.spell_cost)
    assert not [e for e in seq if e.get("data-player") == "P2"]
    counts = {e.get("data-player"): e for e in by_class(root, "spell-counts")}
    assert int(counts["P1"].get("data-deck")) == len(p1.spell_deck)
    assert int(counts["P2"].get("data-deck")) == len(crafted.players[1].spell_deck)


def test_special_slots(game, crafted):
    ctx = game.ctx
    root = parse(render_state_svg(ctx, crafted))
    for p in crafted.players:
        slots = [e for e in root.iter() if e.get("data-zone") == "special" and e.get("data-player") == p.name]
        assert [e.get("data-motion") for e in slots] == list(MOTIONS)
        for e, tag, iid in zip(slots, MOTIONS, p.special, strict=True):
            assert tag in alltext(e)
            if iid is None:
                assert e.get("data-empty") == "true" and e.get("data-card") is None
                assert "out" in alltext(e)
            else:
                card = ctx.cards[iid]
                assert e.get("data-card") == iid and e.get("data-level") == str(card.level)
                assert card.name in alltext(e) and f"Lv {card.level}" in alltext(e)
    extra = {e.get("data-player"): e for e in by_class(root, "extra-counts")}
    assert int(extra["P1"].get("data-extra")) == len(crafted.players[0].extra)


def test_bullet_area_with_dice(game, crafted):
    ctx = game.ctx
    root = parse(render_state_svg(ctx, crafted))
    area = [e for e in by_class(root, "zone-card") if e.get("data-zone") == "bullet_area"]
    got = [(e.get("data-player"), e.get("data-card"), e.get("data-die")) for e in area]
    want = [(p.name, c, str(dict(p.dice)[c])) for p in crafted.players for c in p.bullet_area]
    assert got == want
    for e in area:
        assert ctx.cards[e.get("data-card")].name in alltext(e)
        assert e.get("data-die") in alltext(e)
    assert [e.get("data-bullets") for e in area] == ["3", "1"]


def test_legend_explains_bullets(game, crafted):
    root = parse(render_state_svg(game.ctx, crafted))
    legend, _marks = by_class(root, "legend")  # the board's key, the timeline's and panels' key
    words = alltext(legend)
    assert "bullet" in words and "direction" in words and "duration" in words
    assert by_class(legend, "arrow")
    assert not by_class(legend, "bullet") and not by_class(legend, "piece")


def test_grows_with_the_bullet_area(game, crafted):
    ctx = game.ctx
    small = parse(render_state_svg(ctx, crafted))
    p1 = crafted.players[0]
    card = p1.bullet_area[0]
    more = tuple(cards_of(ctx, "bullet"))[:5] or (card,)
    big_state = crafted.with_player(0, replace(p1, bullet_area=more, dice=tuple((c, 1) for c in more)))
    big = parse(render_state_svg(ctx, big_state))
    if len(more) > 2:
        assert _height(big) > _height(small)
    assert len([e for e in by_class(big, "zone-card") if e.get("data-player") == "P1"]) >= len(more)
    for root in (small, big):
        h = _height(root)
        for e in root.iter(f"{NS}rect"):
            if e.get("y") is not None:
                assert float(e.get("y")) + float(e.get("height", 0)) <= h


def _height(root: ET.Element) -> float:
    """The picture's height: the viewBox's (the root has no fixed size)."""
    return float(root.get("viewBox").split()[3])


def test_ids_prefixed_and_unique(game, crafted):
    root = parse(render_state_svg(game.ctx, crafted, prefix="pic", designer=True))
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) and all(i.startswith("pic-") for i in ids)


def test_escaped_names(game, crafted):
    import dataclasses

    ctx = copy.copy(game.ctx)
    ctx.cards = dict(ctx.cards)
    evil = 'Spell <&> "x"'
    iid = crafted.players[0].spell_seq[0]
    ctx.cards[iid] = dataclasses.replace(ctx.cards[iid], name=evil)
    card = crafted.players[0].bullet_area[0]
    ctx.cards[card] = dataclasses.replace(ctx.cards[card], name=evil + "b")
    svg = render_state_svg(ctx, crafted)
    assert "<&>" not in svg
    root = parse(svg)
    assert any(evil in alltext(e) for e in root.iter() if e.get("data-zone") == "spell_seq")
    assert any(evil in alltext(e) for e in by_class(root, "bullet"))


def test_deterministic(game, crafted, played):
    for s in (crafted, played):
        a = render_state_svg(game.ctx, s, designer=True)
        b = render_state_svg(game.ctx, copy.deepcopy(s), designer=True)
        assert a == b
