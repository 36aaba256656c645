"""The sample characters exercise every rule: each effect kind and keyword of §9 is on at least one
card (read from the card files), and seeded random games reach every clause of the reference."""

from __future__ import annotations

import pytest

from hisoutab.engine.bench import random_stats
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.games.hisoutab.v0452.rules.cards import (
    EFFECTS,
    MOTION_TAGS,
    ON_DAMAGE_EFFECTS,
    Sub,
    builtin_characters,
    load_character,
)

from .conftest import Reach, cover_seeds, played_series

RS = "hisoutab-0.45.2"
CHARACTERS = {name: load_character(path) for name, path in builtin_characters().items()}
CARDS = [card for ch in CHARACTERS.values() for card in ch.cards.values()]


def _faces(card):
    return [face for _, face in card.sides] or [card]


def _effects(card):
    out = []
    for face in _faces(card):
        for kind, value in list(face.effects) + list(face.ground) + list(face.air):
            out.append((kind, value))
            if isinstance(value, Sub):
                out += list(value.effects)
    return out


def _bullets():
    return [v for c in CARDS for k, v in _effects(c) if k == "bullet"]


@pytest.mark.parametrize("kind", sorted(EFFECTS))
def test_every_effect_kind_is_on_a_card(kind: str) -> None:
    assert any(k == kind for c in CARDS for k, _ in _effects(c)), kind


@pytest.mark.parametrize("kind", sorted(ON_DAMAGE_EFFECTS))
def test_every_on_damage_effect_is_on_a_card(kind: str) -> None:
    """H-KW-ONDMG with knockdown (H-KW-KD), spirit break (H-BREAK), knockback, approach."""
    assert any(k == kind for c in CARDS for k, _ in c.on_damage), kind


@pytest.mark.parametrize("clause, present", [
    ("H-KW-PRIORITY", lambda c: c.priority),
    ("H-KW-NOCANCEL", lambda c: c.uncancellable),
    ("H-KW-GROUND", lambda c: c.ground_only),
    ("H-KW-KNOCKBACK", lambda c: c.knockback > 0),
    ("H-KW-CANCELS", lambda c: bool(c.can_cancel)),
    ("H-KW-GROUNDAIR (ground)", lambda c: bool(c.ground)),
    ("H-KW-GROUNDAIR (air)", lambda c: bool(c.air)),
    ("H-PLAY-SIM (two-sided)", lambda c: bool(c.sides)),
])
def test_every_card_keyword_is_on_a_card(clause: str, present) -> None:
    assert any(present(c) for c in CARDS), clause


@pytest.mark.parametrize("clause, present", [
    ("H-KW-STRAIGHT", lambda b: b.straight > 0),
    ("H-KW-TRACE", lambda b: b.trace > 0),
    ("H-KW-ANGLE", lambda b: bool(b.angle)),
    ("H-KW-BOUNCE", lambda b: b.bounce),
    ("H-KW-MULTI", lambda b: b.multi > 1),
    ("H-KW-FIELD", lambda b: b.field is not None),
])
def test_every_bullet_keyword_is_on_a_card(clause: str, present) -> None:
    assert any(present(b) for b in _bullets()), clause


@pytest.mark.parametrize("name", sorted(CHARACTERS))
def test_each_character_is_complete(name: str) -> None:
    ch = CHARACTERS[name]
    assert len(ch.standing) == 2 and ch.knockdown
    assert sum(n for _, n in ch.deck) >= 20
    assert [t for t, _ in ch.special_area] == list(MOTION_TAGS)
    assert len(ch.spells) >= 12 and len(ch.spell_deck) == 10
    assert ch.extra, "an extra deck of upgraded specials"
    kinds = {ch.cards[c].kind for c, _ in ch.deck}
    assert {"physical", "bullet", "defense", "move", "cancel", "spell", "special",
            "upgrade"} <= kinds
    # specials in two versions for each motion: the special area's effect and a motion card
    for tag in MOTION_TAGS:
        assert any(ch.cards[c].effect_value("special") == tag for c, _ in ch.deck), tag
        assert any(ch.cards[c].motion == tag for c in ch.extra), f"no upgraded {tag} special"
        assert any(ch.cards[c].effect_value("upgrade") == tag for c, _ in ch.deck), tag


def test_random_games_reach_every_clause() -> None:
    """The default run's seeded random games between the sample characters (the fewest seeds that
    reach all the long series reaches, shared with tests/test_playouts.py) cite every clause of the
    reference."""
    reached = Reach()
    for seed in cover_seeds(RS):
        game = played_series(RS, seed).game
        assert game.over
        reached.update(Reach.of(game))
    assert [c for c in get_ruleset(RS).clauses if c not in reached.clauses] == []


@pytest.mark.slow
def test_120_random_games_reach_every_clause() -> None:
    """The long series: 120 seeded random games cite every clause of the reference."""
    stats = random_stats(RS, games=120)
    assert stats["unfinished"] == 0
    assert stats["never_cited"] == []
