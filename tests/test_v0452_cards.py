"""Cards a person can read in 0.45.2: every card's whole face, option labels in card names, and the
decisions offered as a choice of a subset (the mulligan, a spell card's payment, {Multi X} directions)."""

from __future__ import annotations

import copy
import dataclasses
from itertools import combinations

import pytest

from hisoutab import Game
from hisoutab.engine.decision import Decision
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.v0452.rules.bullets import _fire_options
from hisoutab.games.hisoutab.v0452.rules.clauses import CLAUSES
from hisoutab.games.hisoutab.v0452.rules.spells import spell_options
from hisoutab.presentation import presentation_for
from hisoutab.presentation.cards import CardFace, SubsetChoice, card_html, card_title

RULESET = "hisoutab-0.45.2"
KINDS = {"physical attack", "bullet attack", "defense", "move", "cancel card", "spell-card effect", "special",
         "special upgrade card", "knockdown card"}


@pytest.fixture(scope="module")
def game() -> Game:
    g = Game(RULESET, seed=4)
    g.run(until="decision")
    return g


@pytest.fixture(scope="module")
def pres(game):
    return presentation_for(game.ruleset)


def test_both_sample_characters_are_in_the_game(game):
    assert [c.id for c in game.ctx.characters] == ["miko", "magician"]


def test_every_card_has_a_whole_face(game, pres):
    ctx = game.ctx
    known = set(CLAUSES) | set(game.ruleset.readings)
    for iid, card in ctx.cards.items():
        face = pres.card_face(ctx, game.state, iid)
        assert isinstance(face, CardFace), iid
        assert face.id == iid and face.name == card.name and face.name.strip()
        assert face.kind.split(" · ")[0] in KINDS, (iid, face.kind)
        assert face.owner.startswith(iid.split("/")[0] + " · ")
        numbers = dict(face.numbers)
        assert numbers["startup"] == str(card.startup) and numbers["recovery"] == str(card.recovery)
        assert numbers["cancel level"] == str(card.cancel) and numbers["cost"] == f"{card.cost} spirit"
        assert set(face.clauses) <= known, (iid, set(face.clauses) - known)
        assert face.clauses, iid
        if card.sides:
            assert [name.split(":")[0] for name, _ in face.faces] == ["top", "bottom"]
            assert all(lines for _, lines in face.faces)
            assert face.reach == card.sides[0][1].reach  # no play zone holds it: the top face's range
        else:
            assert face.effects or card.kind in ("knockdown",), iid
            if card.reach:
                assert face.reach == card.reach and face.reach_label == "range"
        title = card_title(face)
        assert "\n" not in title and title.startswith(card.name)
        assert card_html(face).startswith('<div class="hs-card"')
        assert pres.card_name(ctx, iid) == card.name


def test_numbers_keywords_and_effects_use_the_glossary(game, pres):
    ctx = game.ctx
    face = pres.card_face(ctx, None, "P1/gohei_swing#1")
    assert dict(face.numbers)["damage"] == "2" and dict(face.numbers)["hitstun"] == "3"
    assert dict(face.numbers)["guard cost"] == "2 spirit"
    assert "{Knockback 1}" in face.keywords and "H-KW-KNOCKBACK" in face.clauses
    assert set(face.reach) == {(1, 0), (2, 0), (1, 1), (2, 1)}
    ofuda = pres.card_face(ctx, None, "P1/ofuda_spread#1")
    assert {"{Multi 2}", "{Straight 1}"} <= set(ofuda.keywords)
    assert dict(ofuda.numbers)["duration"] == "2"
    assert any("2 bullets on your cell" in e for e in ofuda.effects)
    seal = pres.card_face(ctx, None, "P1/fantasy_seal")
    assert "spell card" in seal.kind and dict(seal.numbers)["spell cost"] == "2 spell cards"
    orb = pres.card_face(ctx, None, "P1/hakurei_orb")
    assert "special effect of the special area (236, level 1)" in orb.kind
    assert dict(orb.numbers)["level"] == "1" and dict(orb.numbers)["motion"] == "236"
    guard = pres.card_face(ctx, None, "P1/guard")
    assert guard.kind == "defense · standing card"
    assert any("guard state" in e for e in guard.effects) and "H-EFF-DEF" in guard.clauses
    get_up = pres.card_face(ctx, None, "P1/get_up")
    assert get_up.kind == "knockdown card" and "H-KD" in get_up.clauses
    field = pres.card_face(ctx, None, "P2/stardust")
    assert field.reach == ((1, 1),) and field.reach_label == "field bullet cell"
    assert "{Field bullet}" in field.keywords


def test_a_played_side_gives_the_range_shown(game, pres):
    ctx, s = game.ctx, game.state
    iid = next(i for i, c in ctx.cards.items() if c.sides and i.startswith("P1/"))
    card = ctx.cards[iid]
    played = s.with_player(0, replace(s.players[0], cast=iid, cast_side="bottom"))
    face = pres.card_face(ctx, played, iid)
    assert face.reach == card.face("bottom").reach
    assert face.reach_label == f"range (bottom: {card.face('bottom').name})"


def test_hidden_and_unknown_cards_have_no_face(game, pres):
    ctx = game.ctx
    assert pres.card_face(ctx, None, "?") is None
    assert pres.card_face(ctx, None, "P1/no_such_card") is None
    assert pres.card_name(ctx, "P1/no_such_card") == "P1/no_such_card"
    assert pres.card_name(ctx, "?") == "a hidden card"
    assert pres.card_face(ctx, None, "gohei_jab").id == "gohei_jab"  # a bare card id: its first instance


def test_faces_are_escaped_in_html(game, pres):
    ctx = copy.copy(game.ctx)
    ctx.cards = dict(ctx.cards)
    evil = 'Evil <script>&"x"'
    ctx.cards["P1/gohei_jab"] = dataclasses.replace(ctx.cards["P1/gohei_jab"], name=evil, text="<b>bold</b>")
    face = pres.card_face(ctx, None, "P1/gohei_jab")
    page = card_html(face)
    assert "<script>" not in page and "<b>bold" not in page
    assert "Evil &lt;script&gt;&amp;&quot;x&quot;" in page
    assert evil in card_title(face)


# ------------------------------------------------------------------ option words
def test_mulligan_options_name_the_cards(game, pres):
    d = game.pending
    assert d.kind == "mulligan"
    for player in d.players:
        i = d.players.index(player)
        cards = game.ctx.characters[i].cards
        for o in d.options_for(player):
            text = pres.option_text(game.ctx, game.state, d, player, o)
            if o.label == "keep all":
                assert text == "keep all"
                continue
            ids = o.label.removeprefix("discard ").split(", ")
            assert text == "discard " + ", ".join(cards[c].name for c in ids)


def test_play_options_name_the_cards(pres):
    g = Game(RULESET, seed=2, options={"setup.mulligan": "none", "setup.first_player": "p1"})
    g.run(until="decision")
    d = g.pending
    assert d.kind == "play"
    player = d.players[0]
    ctx = g.ctx
    for o in d.options_for(player):
        text = pres.option_text(ctx, g.state, d, player, o)
        if o.label in ("wait", "take recovery"):
            assert text == o.label
            continue
        _, iid, side = o.value
        card = ctx.cards[iid]
        assert card.id not in text or card.id == card.name.lower()
        if side:
            face = card.face(side).name
            assert text == (f"play {face} ({side} of {card.name})" if face != card.name
                            else f"play {card.name} ({side})")
        else:
            assert text == f"play {card.name}"


def test_labels_without_card_ids_stay(game, pres):
    d = Decision("initiative", ("P1",), ((_opt("keep initiative"), _opt("pass initiative")),), (), "x")
    assert pres.option_text(game.ctx, game.state, d, "P1", d.options[0][0]) == "keep initiative"
    d2 = Decision("move", ("P1",), ((_opt("move to (3,0)"),),), (), "x")
    assert pres.option_text(game.ctx, game.state, d2, "P1", d2.options[0][0]) == "move to (3,0)"
    assert pres.option_text(game.ctx, game.state, d2, "P9", d2.options[0][0]) == "move to (3,0)"


def _opt(label: str, value=None):
    from hisoutab.engine.decision import Option

    return Option(label, value)


# ------------------------------------------------------------------ subsets
def test_mulligan_as_a_subset_round_trip(game, pres):
    d = game.pending
    ctx = game.ctx
    for player in d.players:
        choice = pres.subset_choice(ctx, game.state, d, player)
        assert isinstance(choice, SubsetChoice) and choice.verb == "discard"
        i = d.players.index(player)
        hand = [c for c in game.state.players[i].hand if c not in ctx.standing]
        assert [v for v, _ in choice.items] == hand
        assert [t for _, t in choice.items] == [ctx.cards[c].name for c in hand]
        assert (choice.minimum, choice.maximum) == (0, len(hand))
        labels = set(d.labels(player))
        for o in d.options_for(player):
            assert choice.label_for(list(o.value)) == o.label  # the option's card ids
        for n in range(len(hand) + 1):
            for subset in combinations([v for v, _ in choice.items], n):
                label = choice.label_for(list(subset))
                assert label in labels
                assert choice.label_for(list(reversed(subset))) == label  # in any order
        assert choice.label_for([]) == "keep all"


def test_mulligan_subset_refuses_what_is_no_option(game, pres):
    d = game.pending
    choice = pres.subset_choice(game.ctx, game.state, d, "P1")
    first = choice.items[0][0]
    with pytest.raises(ValueError, match="chosen twice"):
        choice.label_for([first, first])
    with pytest.raises(ValueError, match="not one of the cards"):
        choice.label_for(["P1/guard"])  # a standing card is never discarded
    with pytest.raises(ValueError, match="not one of the cards"):
        choice.label_for(["P2/lunge#1"])


def test_other_decisions_are_no_subsets(pres):
    g = Game(RULESET, seed=2, options={"setup.mulligan": "none", "setup.first_player": "p1"})
    g.run(until="decision")
    assert pres.subset_choice(g.ctx, g.state, g.pending, g.pending.players[0]) is None
    assert pres.subset_choice(g.ctx, g.state, g.pending, "P9") is None


def test_spell_payment_as_a_subset(game, pres):
    ctx, s = game.ctx, game.state
    seq = ("P1/spirit_sign", "P1/dream_seal", "P1/divine_arrow", "P1/great_barrier")
    assert ctx.cards[seq[0]].spell_cost == 3
    p = replace(s.players[0], spell_seq=seq,
                spell_deck=tuple(c for c in s.players[0].spell_deck if c not in seq))
    s = s.with_player(0, p)
    opts = spell_options(ctx, s, 0)
    d = Decision("spell", ("P1",), (opts,), ("H-SPELL-PLAY-2",), "spell.play")
    choice = pres.subset_choice(ctx, s, d, "P1")
    assert choice is not None and (choice.minimum, choice.maximum) == (2, 2)
    assert [v for v, _ in choice.items] == list(seq[1:])
    for o in opts:
        assert choice.label_for(list(o.value[1])) == o.label
    with pytest.raises(ValueError, match="exactly 2"):
        choice.label_for([seq[1]])
    text = pres.option_text(ctx, s, d, "P1", opts[0])
    assert text.startswith("cast Spirit Sign discarding ") and "_" not in text


def test_multi_directions_as_a_subset(game, pres):
    ctx, s = game.ctx, game.state
    spec = ctx.cards["P1/ofuda_spread#1"].effects[0][1]
    opts = _fire_options(ctx, s, 0, spec)
    d = Decision("fire", ("P1",), (opts,), ("H-KW-MULTI",), "eff.bullet")
    choice = pres.subset_choice(ctx, s, d, "P1")
    assert choice is not None and (choice.minimum, choice.maximum) == (2, 2) and choice.verb == "fire"
    assert len(choice.items) == 8
    for o in opts:
        assert choice.label_for([x[0] for x in o.value]) == o.label
        assert choice.label_for([x[0] for x in reversed(o.value)]) == o.label
    with pytest.raises(ValueError, match="exactly 2"):
        choice.label_for(["forward"])
    single = _fire_options(ctx, s, 0, ctx.cards["P1/amulet_toss#1"].effects[0][1])
    one = Decision("fire", ("P1",), (single,), (), "eff.bullet")
    assert pres.subset_choice(ctx, s, one, "P1") is None  # one bullet: a button per direction
