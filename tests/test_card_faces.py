"""The presentation kit's card hooks in the draft, Recast Rift and the toy dice race: every card a state
lists has a whole face, faces render escaped, decisions that name cards read in card names while their
labels keep the ids, the state picture gives each drawn card a tooltip and hides the cards a viewer may
not see, and none of these rulesets offers a subset choice (0.45.2 has its own: test_v0452_cards.py)."""

from __future__ import annotations

import dataclasses
import functools
import html
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from hisoutab import Game
from hisoutab.engine.agents import RandomAgent
from hisoutab.engine.decision import Decision
from hisoutab.presentation import CardFace, StatePicture, card_html, card_title, presentation_for
from hisoutab.presentation.cards import card_zones

from .toy.cards import KINDS as TOY_KINDS
from .toy.cards import all_cards as toy_cards
from .toy.cards import boost_of

DRAFT, RIFT, TOY = "hisoutab-draft", "recast-rift", "toy-dice-race"
RULESETS = (DRAFT, RIFT, TOY)
DRAWN = (DRAFT, RIFT)  # the rulesets whose picture draws cards as elements with a data-card
SEED = 1
MAX_STEPS = 6_000
SAMPLES = 8  # decision states of the random game looked at (evenly spread), besides the set-up and the end
NS = "{http://www.w3.org/2000/svg}"
EVIL = "<script>alert(1)</script>"

#: the decision kinds met in the seeded games whose labels name a card by its id
CARD_KINDS = {DRAFT: {"skill", "play", "cancel", "defense"},
              RIFT: {"deck", "awakening", "main", "deploy", "cleanup"},
              TOY: {"boost"}}
#: decision kinds that name no card: their words are their labels
PLAIN_KINDS = {DRAFT: {"direction", "initiative", "move"}, RIFT: {"damage", "refresh"}, TOY: set()}
#: the draft's verbs (the label is "<verb> <card id>", the words "<verb> <card name>")
DRAFT_VERBS = {"skill": "take", "play": "play", "cancel": "cancel with", "defense": "block with"}


# ------------------------------------------------------------------ games
@functools.cache
def set_up(ruleset_id: str) -> Game:
    """``Game(ruleset_id, seed=1)`` run to its first decision (shared: do not modify)."""
    game = Game(ruleset_id, seed=SEED)
    game.run(until="decision")
    assert game.pending is not None
    return game


@functools.cache
def playout(ruleset_id: str) -> tuple[Game, tuple[tuple[Any, Decision], ...]]:
    """A seeded random game played to its end, and every (state, pending decision) it met."""
    game = Game(ruleset_id, seed=SEED)
    agent = RandomAgent(SEED)
    met: list[tuple[Any, Decision]] = []
    for _ in range(MAX_STEPS):
        if game.over:
            break
        decision = game.pending
        if decision is None:
            game.step()
            continue
        met.append((game.state, decision))
        choice = {p: agent.choose(game.state, decision, p) for p in decision.players}
        game.choose(choice if decision.joint else choice[decision.player])
    assert game.over, f"{ruleset_id}: no end within {MAX_STEPS} steps"
    return game, tuple(met)


def states(ruleset_id: str) -> list[Any]:
    """The set-up game's first decision state, a few decision states of the random game, its end."""
    game, met = playout(ruleset_id)
    every = max(1, len(met) // SAMPLES)
    return [set_up(ruleset_id).state, *(s for s, _ in met[::every]), game.state]


def pres_of(ruleset_id: str) -> Any:
    return presentation_for(set_up(ruleset_id).ruleset)


def short(card: str) -> str:
    """``P1/gohei_jab`` → ``gohei_jab`` (how a label writes a card)."""
    return card.split("/", 1)[-1]


def words(text: str, label: str) -> str:
    """The words without the ``[label]`` that tells apart two options reading the same."""
    return text.removesuffix(f" [{label}]")


def mentions(text: str, card: str) -> bool:
    """Whether ``text`` holds the card id ``card`` as a whole id (not inside a longer one)."""
    return re.search(rf"(?<![\w/#]){re.escape(card)}(?![\w#])", text) is not None


# ------------------------------------------------------------------ every listed card has a face
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_set_up_game_lists_every_card(ruleset_id):
    game = set_up(ruleset_id)
    listed = pres_of(ruleset_id).cards(game.ctx, game.state)
    every = set(game.ruleset.card_pool(game.ctx))
    if ruleset_id == TOY:  # the shared deck's boost cards and each racer's own sprint card
        assert set(toy_cards()) <= every and {c for c in every if "/" in c} == {
            f"{p}/sprint" for p in game.ruleset.player_names(game.ctx)}
    assert every and set(listed) == every
    assert len(set(listed)) == len(listed), "each card listed once"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_listed_card_has_a_face(ruleset_id):
    game, _ = playout(ruleset_id)
    ctx, ruleset, pres = game.ctx, game.ruleset, pres_of(ruleset_id)
    looked = 0
    for state in states(ruleset_id):
        listed = pres.cards(ctx, state)
        assert listed and "?" not in listed
        assert set(listed) == set(card_zones(ruleset, state)), "the cards of the declared zones"
        for card in listed:
            face = pres.card_face(ctx, state, card)
            assert isinstance(face, CardFace), card
            assert face.id == card
            assert face.name.strip() and face.kind.strip(), face
            assert pres.card_name(ctx, card) == face.name
            assert face.name in card_title(face)
            assert html.escape(face.name) in card_html(face)
            looked += 1
    assert looked >= len(states(ruleset_id))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_view_lists_only_the_cards_it_shows(ruleset_id):
    game, _ = playout(ruleset_id)
    ctx, ruleset, pres = game.ctx, game.ruleset, pres_of(ruleset_id)
    hidden_somewhere = False
    for state in states(ruleset_id):
        view = ruleset.view(ctx, state, "P1")
        shown = pres.cards(ctx, view)
        assert "?" not in shown
        assert set(shown) <= set(pres.cards(ctx, state))
        secret = secret_cards(ruleset, state, "P2")
        assert not secret & set(shown), "P2's hidden cards are not listed in P1's view"
        assert set(state.players[0].hand) <= set(shown), "the viewer's own hand is listed"
        hidden_somewhere |= bool(secret)
    assert hidden_somewhere


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_unknown_cards_have_no_face(ruleset_id):
    game = set_up(ruleset_id)
    pres = pres_of(ruleset_id)
    assert pres.card_face(game.ctx, game.state, "P1/no_such_card") is None
    assert pres.card_name(game.ctx, "P1/no_such_card") == "P1/no_such_card"


# ------------------------------------------------------------------ escaping
def test_card_html_escapes_a_hostile_face():
    face = CardFace(id=EVIL, name=EVIL, kind=EVIL, owner=EVIL, numbers=((EVIL, EVIL),), keywords=(EVIL,),
                    effects=(EVIL, EVIL), faces=((EVIL, (EVIL,)),), reach=((1, 0),), reach_label=EVIL,
                    text=EVIL, clauses=(EVIL,))
    page = card_html(face)
    assert "<script" not in page
    assert "&lt;script&gt;" in page
    assert f"<h4>{html.escape(EVIL)}" in page
    assert f"<li>{html.escape(EVIL)}</li>" in page  # an effect
    assert f'<span class="hs-kw">{html.escape(EVIL)}</span>' in page  # a keyword
    assert page.count("&lt;script&gt;") >= 12
    assert card_title(face).startswith(EVIL), "the tooltip is plain text: whoever embeds it escapes it"


def test_card_html_escapes_name_effects_and_keywords():
    face = CardFace(id="P1/x", name=EVIL, kind="attack", effects=(EVIL,), keywords=(EVIL,))
    page = card_html(face, style=False)
    assert "<script" not in page and page.count("&lt;script&gt;") == 3


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_real_face_with_a_hostile_name_is_escaped(ruleset_id):
    game = set_up(ruleset_id)
    pres = pres_of(ruleset_id)
    card = pres.cards(game.ctx, game.state)[0]
    face = pres.card_face(game.ctx, game.state, card)
    evil = dataclasses.replace(face, name=EVIL, effects=(*face.effects, EVIL),
                               keywords=(*face.keywords, EVIL))
    page = card_html(evil)
    assert "<script" not in page
    assert page.count("&lt;script&gt;") >= 3
    assert f'data-card="{html.escape(card, quote=True)}"' in page


# ------------------------------------------------------------------ decisions in words
def card_refs(ruleset_id: str, ctx: Any, state: Any, decision: Decision, option: Any) -> tuple[str, ...]:
    """The card instances an option is about (as the rules of ``ruleset_id`` give them)."""
    v = option.value
    if ruleset_id == TOY:
        return (v,) if isinstance(v, str) and v.split("#")[0] in TOY_KINDS else ()
    if isinstance(v, str):
        return (v,) if v in ctx.cards else ()
    if ruleset_id == RIFT:
        if isinstance(v, tuple) and v and v[0] in ("cast", "full", "lift"):
            return tuple(c for c in v[1:] if isinstance(c, str) and c in ctx.cards)
        if decision.kind == "deploy" and state.stack:
            return (state.stack[-1].card,)
    return ()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_options_name_cards_by_their_names(ruleset_id):
    game, met = playout(ruleset_id)
    ctx, pres = game.ctx, pres_of(ruleset_id)
    named: Counter[str] = Counter()
    plain: Counter[str] = Counter()
    for state, decision in met:
        for player in decision.players:
            options = decision.options_for(player)
            labels = decision.labels(player)
            for option in options:
                text = pres.option_text(ctx, state, decision, player, option)
                assert isinstance(text, str) and text.strip(), (decision.kind, option)
                refs = card_refs(ruleset_id, ctx, state, decision, option)
                if not refs:
                    if decision.kind in PLAIN_KINDS[ruleset_id] or option.label == "pass":
                        assert text == option.label
                        plain[decision.kind] += 1
                    continue
                said = words(text, option.label)
                for card in refs:
                    name = pres.card_name(ctx, card)
                    assert name != card and name in said, (option.label, text)
                    if ruleset_id == TOY:
                        continue  # the toy's label names the kind, which is the card's name
                    assert short(card) in option.label, option.label
                    if short(card) not in name:
                        assert short(card) not in said, (option.label, text)
                named[decision.kind] += 1
            assert decision.labels(player) == labels, "the labels stay what the decision lists"
    assert CARD_KINDS[ruleset_id] <= set(named), set(named)
    assert PLAIN_KINDS[ruleset_id] <= set(plain), set(plain)


def options_of(ruleset_id: str, kind: str) -> list[tuple[Any, Decision, str, Any]]:
    """(state, decision, player, option) of every option of the decisions of ``kind`` met."""
    _, met = playout(ruleset_id)
    out = [(s, d, p, o) for s, d in met if d.kind == kind for p in d.players for o in d.options_for(p)]
    assert out, f"no {kind} decision in the seeded {ruleset_id} game"
    return out


@pytest.mark.parametrize("kind", sorted(DRAFT_VERBS))
def test_draft_card_options_read_verb_and_name(kind):
    game, _ = playout(DRAFT)
    ctx, pres = game.ctx, pres_of(DRAFT)
    verb = DRAFT_VERBS[kind]
    cards = 0
    for state, decision, player, option in options_of(DRAFT, kind):
        text = pres.option_text(ctx, state, decision, player, option)
        if option.value is None:
            assert text == option.label  # "no cancel", "take the hit"
            continue
        card = option.value
        assert option.label == f"{verb} {short(card)}"
        assert text in (f"{verb} {ctx.cards[card].name}", f"{verb} {ctx.cards[card].name} [{option.label}]")
        cards += 1
    assert cards


def test_draft_skill_reads_take_and_the_name():
    game = set_up(DRAFT)
    decision = game.pending
    assert decision.kind == "skill"
    pres = pres_of(DRAFT)
    for player in decision.players:
        for option in decision.options_for(player):
            name = game.ctx.cards[option.value].name
            assert option.label == f"take {short(option.value)}"
            assert pres.option_text(game.ctx, game.state, decision, player, option) == f"take {name}"


def test_rift_deck_building_reads_leave_out_and_the_name():
    game = set_up(RIFT)
    decision = game.pending
    assert decision.kind == "deck"
    pres = pres_of(RIFT)
    for player in decision.players:
        for option in decision.options_for(player):
            name = game.ctx.cards[option.value].name
            assert option.label == f"leave out {short(option.value)}"
            assert pres.option_text(game.ctx, game.state, decision, player, option) == f"leave out {name}"


def test_rift_cast_and_deploy_name_the_card():
    game, _ = playout(RIFT)
    ctx, pres = game.ctx, pres_of(RIFT)
    casts = 0
    for state, decision, player, option in options_of(RIFT, "main"):
        v = option.value
        if v[0] != "cast":
            continue
        text = pres.option_text(ctx, state, decision, player, option)
        assert option.label == f"cast {short(v[1])}"
        assert words(text, option.label) == f"cast {ctx.cards[v[1]].name}"
        casts += 1
    assert casts
    for state, decision, player, option in options_of(RIFT, "deploy"):
        card = state.stack[-1].card
        text = pres.option_text(ctx, state, decision, player, option)
        assert option.label.startswith(f"deploy {short(card)} to ")
        assert words(text, option.label) == option.label.replace(short(card), ctx.cards[card].name, 1)


def test_toy_boost_reads_the_card_and_its_boost():
    game, _ = playout(TOY)
    ctx, pres = game.ctx, pres_of(TOY)
    plays = 0
    for state, decision, player, option in options_of(TOY, "boost"):
        text = pres.option_text(ctx, state, decision, player, option)
        if option.value is None:
            assert option.label == text == "pass"
            continue
        face = pres.card_face(ctx, state, option.value)
        assert option.label == f"play {face.name}"
        assert text == f"play {pres.card_name(ctx, option.value)} ({dict(face.numbers)['boost']})"
        assert text == f"play {face.name} (+{boost_of(option.value)})"
        if face.name in TOY_KINDS:
            assert boost_of(option.value) == TOY_KINDS[face.name][0]
        plays += 1
    assert plays


# ------------------------------------------------------------------ no subset choices
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_decision_is_a_subset_choice(ruleset_id):
    game, met = playout(ruleset_id)
    pres = pres_of(ruleset_id)
    first = set_up(ruleset_id)
    pairs = [(first.state, first.pending), *met]
    kinds = set()
    for state, decision in pairs:
        for player in decision.players:
            assert pres.subset_choice(game.ctx, state, decision, player) is None, decision.kind
        kinds.add(decision.kind)
    assert CARD_KINDS[ruleset_id] <= kinds


# ------------------------------------------------------------------ the state picture
def card_elements(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("data-card") is not None]


def hand_elements(ruleset_id: str, root: ET.Element, player: str) -> list[str]:
    """The data-card of each element the picture draws for a card in ``player``'s hand, in order."""
    if ruleset_id == DRAFT:
        return [e.get("data-card") for e in card_elements(root)
                if e.get("data-zone") == "hand" and e.get("data-player") == player]
    pattern = re.compile(rf".*-{player}-hand-(\d+)")
    found = [(int(m.group(1)), e.get("data-card")) for e in card_elements(root)
             if (m := pattern.fullmatch(e.get("id") or ""))]
    return [c for _, c in sorted(found)]


def secret_cards(ruleset: Any, state: Any, player: str) -> set[str]:
    """The cards of ``player`` that another player may not see: those of the player's ``owner`` and
    ``hidden`` zones (less any a public zone shows as well)."""
    p = next(x for x in state.players if x.name == player)
    hidden, public = set(), set()
    for z in ruleset.zones:
        if not z.holds_cards:
            continue
        cards = set(z.cards(p) if z.owner == "player" else z.cards(state))
        if z.owner == "player" and z.visibility != "public":
            hidden |= cards
        elif z.visibility == "public":
            public |= cards
    return hidden - public - {"?"}


def assert_titled(ctx: Any, pres: Any, root: ET.Element) -> int:
    """Every element of a known card has a <title> child naming the card; returns how many."""
    n = 0
    for e in card_elements(root):
        card = e.get("data-card")
        if card == "?":
            continue
        title = e.find(f"{NS}title")
        assert title is not None, e.attrib
        assert pres.card_name(ctx, card) in "".join(title.itertext()), (card, e.attrib)
        n += 1
    return n


@pytest.mark.parametrize("ruleset_id", DRAWN)
def test_every_drawn_card_has_a_tooltip(ruleset_id):
    game, _ = playout(ruleset_id)
    ctx, pres = game.ctx, pres_of(ruleset_id)
    for state in states(ruleset_id):
        full = ET.fromstring(StatePicture(ctx, state, designer=True).svg)
        assert assert_titled(ctx, pres, full) > 0, "the designer's picture draws cards"
        assert "?" not in {e.get("data-card") for e in card_elements(full)}, "the designer sees every card"
        view = ET.fromstring(StatePicture(ctx, state, viewer="P1").svg)
        assert assert_titled(ctx, pres, view) > 0


@pytest.mark.parametrize("ruleset_id", DRAWN)
def test_a_players_picture_hides_the_other_hand(ruleset_id):
    game, _ = playout(ruleset_id)
    ctx, ruleset = game.ctx, game.ruleset
    zones = {z.name: z for z in ruleset.zones}
    assert zones["hand"].visibility == "owner" and zones["hand"].owner == "player"
    checked = 0
    for state in states(ruleset_id):
        mine, theirs = state.players[0].hand, state.players[1].hand
        if not theirs:
            continue
        full_svg = StatePicture(ctx, state, designer=True).svg
        full = ET.fromstring(full_svg)
        assert hand_elements(ruleset_id, full, "P2") == list(theirs)
        view_svg = StatePicture(ctx, state, viewer="P1").svg
        view = ET.fromstring(view_svg)
        assert hand_elements(ruleset_id, view, "P2") == ["?"] * len(theirs), "P2's hand face down"
        assert hand_elements(ruleset_id, view, "P1") == list(mine), "the viewer sees their own hand"
        secret = secret_cards(ruleset, state, "P2")
        assert set(theirs) <= secret
        drawn = secret & {e.get("data-card") for e in card_elements(full)}
        shown = {e.get("data-card") for e in card_elements(view)}
        assert not secret & shown
        assert Counter(e.get("data-card") for e in card_elements(view))["?"] >= len(drawn)
        assert not [c for c in secret if mentions(view_svg, c)], "no hidden card's id in P1's picture"
        assert all(mentions(full_svg, c) for c in drawn)
        checked += 1
    assert checked >= 3


def test_the_toy_picture_hides_other_hands_and_the_deck():
    """The toy keeps the generic picture (the state's record tree, no card elements): a player's
    picture shows the other racers' hands and the deck only as "?"."""
    game, _ = playout(TOY)
    ctx, ruleset = game.ctx, game.ruleset
    zones = {z.name: z for z in ruleset.zones}
    assert zones["hand"].visibility == "owner" and zones["deck"].visibility == "hidden"
    checked = 0
    for state in states(TOY):
        others = [c for p in state.players[1:] for c in p.hand]
        if not others:
            continue
        full = StatePicture(ctx, state, designer=True).svg
        view = StatePicture(ctx, state, viewer="P1").svg
        assert all(mentions(full, c) for c in [*others, *state.deck])
        assert all(mentions(view, c) for c in state.players[0].hand)
        assert not [c for c in [*others, *state.deck] if mentions(view, c)]
        assert '"?"' in view
        checked += 1
    assert checked >= 3
