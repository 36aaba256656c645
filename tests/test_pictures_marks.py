"""What the 0.45.2 picture marks: guard state, knockdown and invulnerability as the rules keep them,
an attack under way, damage waiting for the settlement; every card with its id and whole face as
hover text, names never cut, a key for every mark; the picture scales to its box."""

from __future__ import annotations

import shutil
import struct
import xml.etree.ElementTree as ET

import pytest

from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.v0452.presentation.cards import card_face
from hisoutab.games.hisoutab.v0452.presentation.status import STATUS_LABELS, player_status
from hisoutab.games.hisoutab.v0452.rules.common import guard_state, invulnerable
from hisoutab.presentation import StatePicture, render_state_svg
from hisoutab.presentation.base import Presentation
from hisoutab.presentation.cards import card_title
from hisoutab.presentation.png import svg_to_png

from .conftest import seeded_game

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game():
    return seeded_game(3, 470)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def visible(e: ET.Element) -> str:
    """The text an element shows (its <title> left out), line by line joined with spaces."""
    return " ".join("".join(t.itertext()) for t in e.iter(f"{NS}text"))


def first(game, test):
    for step in game.history:
        if test(step):
            return step
    pytest.skip("no such step in the seeded game")


def test_status_follows_the_rules(game):
    ctx = game.ctx
    seen = set()
    for step in game.history[40::7]:
        s = step.after
        if s.first is None:
            continue
        for i, p in enumerate(s.players):
            st = player_status(ctx, s, i)
            seen.add(st.kind)
            if invulnerable(ctx, i, p):
                assert st.kind == "knockdown"
            elif st.kind != "hit":
                assert st.guarding == guard_state(ctx, p)
    assert {"guard", "open", "knockdown"} <= seen


def test_pieces_and_panels_mark_guard_and_knockdown(game):
    ctx = game.ctx
    step = first(game, lambda st: any(e.get("type") == "knockdown" for e in st.events))
    s = step.after
    root = parse(render_state_svg(ctx, s))
    for i, p in enumerate(s.players):
        st = player_status(ctx, s, i)
        piece = next(e for e in by_class(root, "piece") if e.get("data-player") == p.name)
        assert piece.get("data-status") == st.kind
        assert bool(by_class(piece, "guard-mark")) == (st.kind == "guard")
        assert bool(by_class(piece, "knockdown-mark")) == (st.kind == "knockdown")
        assert piece.get("data-invulnerable") == ("true" if st.kind == "knockdown" else None)
        (panel,) = [e for e in by_class(root, "status") if e.get("data-player") == p.name]
        assert panel.get("data-status") == st.kind and st.label in visible(panel)
    knocked = [p for i, p in enumerate(s.players) if invulnerable(ctx, i, p)]
    assert knocked and "knocked down" in visible(root)


def test_guard_state_says_against_what(game):
    ctx = game.ctx
    step = first(game, lambda st: bool(st.after.agenda) and st.after.agenda[-1][0] == "attack.guard")
    s = step.after
    root = parse(render_state_svg(ctx, s))
    att, iid = s.agenda[-1][1], s.agenda[-1][2]
    d = 1 - att
    (line,) = by_class(root, "attack-line")
    name = ctx.cards[iid].name
    assert f"{s.players[att].name}'s {name}" in visible(line) and "guards next" in visible(line)
    (panel,) = [e for e in by_class(root, "status") if e.get("data-player") == s.players[d].name]
    assert panel.get("data-status") == "guard"
    words = visible(panel)
    assert f"vs now: {name}" in words and "guard costs" in words and "time damage" in words


def test_marked_damage_waits_for_the_settlement(game):
    ctx = game.ctx
    step = first(game, lambda st: any(p.hp_mark is not None and p.hp_mark < p.hp for p in st.after.players))
    s = step.after
    root = parse(render_state_svg(ctx, s))
    p = next(p for p in s.players if p.hp_mark is not None and p.hp_mark < p.hp)
    assert f"{p.hp} → {p.hp_mark}" in visible(root)
    assert by_class(root, "hp-marked")


def card_elements(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter()
            if e.get("data-card") is not None and "bullet" not in (e.get("class") or "")]


@pytest.mark.parametrize("k", [120, 300, 469])
def test_every_card_has_its_id_and_whole_face(game, k):
    ctx = game.ctx
    s = game.history[k].after
    root = parse(render_state_svg(ctx, s, designer=True))
    cards = card_elements(root)
    zones = {e.get("data-zone") for e in cards}
    assert {"hand", "aside", "special"} <= zones
    shown = sum(len(p.hand) + len(p.aside) + len(p.spell_seq) + len(p.bullet_area)
                + sum(1 for c in p.special if c) + (p.cast is not None) + (p.trigger is not None)
                for p in s.players)
    assert len(cards) == shown
    for e in cards:
        iid = e.get("data-card")
        (tip,) = [t for t in e if t.tag == f"{NS}title"]
        assert tip.text == card_title(card_face(ctx, s, iid))
        name = ctx.cards[iid].name
        words = visible(e)
        assert "…" not in words
        face = [ctx.cards[iid].face(side).name for side in ("top", "bottom")] if ctx.cards[iid].sides else []
        assert name in words or any(f in words for f in face), (iid, words)


def test_long_names_are_never_cut(game):
    ctx, s = game.ctx, game.state
    longest = max((c for c in ctx.cards if c.startswith("P1/")), key=lambda c: len(ctx.cards[c].name))
    p = s.players[0]
    many = tuple(c for c in ctx.cards if c.startswith("P1/") and c not in p.hand)[:10]
    s = s.with_player(0, replace(p, hand=p.hand + many, cast=longest, cast_side=""))
    root = parse(render_state_svg(ctx, s, designer=True))
    for e in card_elements(root):
        assert "…" not in visible(e)
    cast = next(e for e in card_elements(root) if e.get("data-zone") == "cast")
    assert ctx.cards[longest].name in visible(cast)


def test_a_hidden_card_stays_hidden(game):
    ctx = game.ctx
    s = game.ruleset.view(ctx, game.history[300].after, "P1")
    root = parse(StatePicture(ctx, game.history[300].after, designer=True, viewer="P1").svg)
    hidden = [e for e in card_elements(root) if e.get("data-card") == "?"]
    assert len(hidden) == len(s.players[1].hand) and all("face-down" in e.get("class") for e in hidden)
    assert all(e.get("data-player") == "P2" for e in hidden)
    own = [e.get("data-card") for e in card_elements(root) if e.get("data-zone") == "hand"
           and e.get("data-player") == "P1"]
    assert own == list(s.players[0].hand)
    # without the designer's hand list, the player's own view still lists its own hand
    mine = parse(StatePicture(ctx, game.history[300].after, viewer="P1").svg)
    assert [e.get("data-card") for e in card_elements(mine) if e.get("data-zone") == "hand"] == list(
        s.players[0].hand)


def test_the_key_explains_every_mark(game):
    root = parse(render_state_svg(game.ctx, game.state))
    board, marks = by_class(root, "legend")
    words = visible(board)
    for what in ("character piece", "shield: in guard state", "KD: knocked down, invulnerable",
                 "highlighted cell", "straight bullet", "tracing bullet", "still bullet", "left the board"):
        assert what in words, what
    words = visible(marks)
    for what in ("timeline marker", "hit token", "current cell", "blue cell", "yellow cell", "faded cell",
                 "later ▸", "initiative", "HP bar", "spirit token face-up", "die: on a broken spirit slot",
                 "d1 … d5", "printed beneath each slot", "this turn", "MISSED",
                 "dashed card: a standing card",
                 "face-down card", "front", "236", "×2 on board", "vs …", *STATUS_LABELS.values()):
        assert what in words, what
    assert not by_class(board, "piece") and not card_elements(board) and not card_elements(marks)


def test_the_picture_scales_to_its_box(game):
    for svg in (render_state_svg(game.ctx, game.state), Presentation().picture(game.ctx, game.state)):
        root = parse(svg)
        assert root.get("width") == "100%" and root.get("height") is None and root.get("viewBox")
    html = StatePicture(game.ctx, game.state)._repr_html_()
    assert "width:100%;height:auto" in html and "overflow" not in html


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    return w, h


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed")
def test_png_keeps_the_natural_size(game):
    for svg in (render_state_svg(game.ctx, game.state), Presentation().picture(game.ctx, game.state)):
        _, _, w, h = (float(v) for v in parse(svg).get("viewBox").split())
        assert _png_size(svg_to_png(svg, zoom=1.5)) == (round(w * 1.5), round(h * 1.5))
