"""Recast Rift card files: the sample fighters load, exercise every card kind and keyword of the
vocabulary, and a bad file is a located error that never runs anything."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from hisoutab.engine.errors import InputError
from hisoutab.games.recast_rift.rules.cards import builtin_fighters, find_fighter, load_fighter
from hisoutab.games.recast_rift.rules.decks import DEFAULT_DECKS, builtin_decks, resolve_deck
from hisoutab.games.recast_rift.rules.vocabulary import (
    CONDITIONS,
    EFFECT_VALUES,
    TIMINGS,
    TRIGGERS,
    TYPES,
)

FIGHTERS = [find_fighter(f) for f in builtin_fighters()]
SPELLS = [s for f in FIGHTERS for s in f.spells.values()]
AWAKENINGS = [f.awakening for f in FIGHTERS]
GOOD = (Path(__file__).resolve().parent.parent / "hisoutab" / "games" / "recast_rift" / "data" / "fighters"
        / "reimu.yaml").read_text(encoding="utf-8")


def effects(abilities):
    return [e for a in abilities for e in a.effects]


def all_effects():
    out = []
    for s in SPELLS:
        out += effects(s.on_cast) + effects(s.while_deployed) + effects(s.on_recovery)
    for a in AWAKENINGS:
        out += effects(a.on_awaken) + effects(a.while_awakened)
    return out


def test_four_fighters_of_one_awakening_card_and_seven_spells() -> None:
    """RR-COMP-4: each sample fighter has 1 awakening card (a song title) and 7 spell cards."""
    assert len(FIGHTERS) >= 4
    for f in FIGHTERS:
        assert len(f.spells) == 7 and f.awakening.name and f.awakening.id.endswith("awakening")
    ids = [c.id for f in FIGHTERS for c in f.cards()]
    assert len(ids) == len(set(ids))


def test_every_timing_type_and_recast_combination_appears() -> None:
    """RR-COMP-3.3…3.5: all timings and types, and all seven recast-time combinations."""
    assert {s.timing for s in SPELLS} == set(TIMINGS)
    assert {s.type for s in SPELLS} == set(TYPES)
    combos = {tuple(sorted(c, reverse=True)) for k in (1, 2, 3) for c in combinations((3, 2, 1), k)}
    assert {s.recast for s in SPELLS} == combos


def test_attack_values_with_bars_zeros_and_big_hand_damage() -> None:
    """RR-COMP-3.6: a bar on either side, a 0, Hand damage larger than a hand (more than 2)."""
    values = [s.attack for s in SPELLS if s.attack is not None]
    texts = [(e.hand, e.life) for e in all_effects() if e.kind == "attack"]
    assert any(h is None for h, _ in values) and any(v is None for _, v in values)
    assert any(h == 0 for h, _ in values + texts)
    assert any(h is not None and h > 2 for h, _ in values)
    assert all((s.attack is not None) == (s.type == "attack") for s in SPELLS)
    assert texts and any(h is None for h, _ in texts)  # a text «Attack», one with a bar


def test_the_rules_every_card_is_made_to_exercise() -> None:
    """Graze cards; two [On Cast] abilities; a preempt that lowers damage; a preempt «Attack»; a
    text «Attack»; a raise past [III]; making a card a reserve card; [While Deployed] effects that
    hold at [0] with an [On Recovery] «Attack»; two Trigger cards that wait for one event; a
    draw-two; awakening cards with [On Awaken], once-per-turn [While Awakened] and preempt-timing
    awakening; card text that allows [0]; a "cannot"."""
    assert sum(s.graze for s in SPELLS) >= 6
    assert any(len(s.on_cast) == 2 for s in SPELLS)
    assert any(s.timing == "preempt" and any(e.kind == "lower" for e in effects(s.on_cast)) for s in SPELLS)
    assert any(s.timing == "preempt" and s.type == "attack" for s in SPELLS)
    assert any(e.kind == "delay" for e in all_effects())
    assert any(e.kind == "reserve" for e in all_effects()) and any(e.kind == "reserve_self"
                                                                  for e in all_effects())
    assert any(s.continuous("attack_bonus") and any(e.kind == "attack" for e in effects(s.on_recovery))
               for s in SPELLS)
    by_event: dict[tuple[str, str], int] = {}
    for f in FIGHTERS:
        for s in f.spells.values():
            for a in s.while_deployed:
                if a.when:
                    by_event[(f.id, a.when)] = by_event.get((f.id, a.when), 0) + 1
    pairs = {}
    for (fid, event), n in by_event.items():
        pairs.setdefault(event, []).append((fid, n))
    assert any(sum(n for _, n in v) >= 2 for v in pairs.values())  # two triggers on one event
    assert set(pairs) == set(TRIGGERS)
    assert any(e.kind == "draw" and e.n >= 2 for s in SPELLS for e in effects(s.on_cast))
    assert all(a.on_awaken for a in AWAKENINGS)
    assert all(any(x.once_per_turn for x in a.while_awakened) for a in AWAKENINGS)
    assert any(a.awaken_at_preempt for a in AWAKENINGS)
    assert any(x.preempt for a in AWAKENINGS for x in a.while_awakened)
    assert any(s.deploy_to_zero for s in SPELLS)
    assert any(s.continuous("no_preempt") for s in SPELLS) and any(s.continuous("shield") for s in SPELLS)


def test_every_effect_and_condition_of_the_vocabulary_is_used() -> None:
    used = {e.kind for e in all_effects()}
    assert used == set(EFFECT_VALUES)
    conditions = {a.condition for s in SPELLS for a in s.on_cast + s.on_recovery if a.condition}
    assert conditions == set(CONDITIONS)


def test_default_decks() -> None:
    """Two default decks name two fighters each (their spells are chosen during setup)."""
    assert set(DEFAULT_DECKS) <= set(builtin_decks())
    fighters = set()
    for d in DEFAULT_DECKS:
        deck = resolve_deck(d, "setup.decks.0")
        assert deck.spells is None and len(deck.fighters) == 2
        fighters |= {f.id for f in deck.fighters}
    assert len(fighters) == 4


@pytest.mark.parametrize("old, new, field, words", [
    ("timing: normal\n    type: attack\n    recast: [II]",
     "timing: sometimes\n    type: attack\n    recast: [II]", "spells.amulet_volley.timing", "normal"),
    ("- lift: 1", "- teleport: 1", "spells.amulet_volley.on_cast.0.effects.0.teleport", "unknown effect"),
    ("- lift: 1", "- lift: 0", "spells.amulet_volley.on_cast.0.effects.0.lift", "≥ 1"),
    ("attack: [2, 1]", "attack: [2]", "spells.amulet_volley.attack", "[Hand, Life]"),
    ("attack: [2, 1]", "attack: [2, many]", "spells.amulet_volley.attack.1", "bar"),
    ("recast: [II]\n    attack: [2, 1]", "recast: [II, II]\n    attack: [2, 1]",
     "spells.amulet_volley.recast", "twice"),
    ("      - when: opponent_casts", "      - when: sometimes",
     "spells.shrine_offering.while_deployed.0.when", "trigger event"),
    ("      - effects: [no_preempt]", "      - effects: [draw]", "spells.sealing_circle.while_deployed.0",
     "draw"),
])
def test_a_bad_card_is_a_located_error(tmp_path: Path, old: str, new: str, field: str, words: str) -> None:
    assert old in GOOD
    bad = tmp_path / "reimu.yaml"
    bad.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_fighter(bad)
    e = err.value
    assert e.file == str(bad) and e.line and e.field is not None
    assert e.field.startswith(field.rsplit(".", 1)[0])
    assert words in str(e)


def test_loading_never_runs_anything(tmp_path: Path) -> None:
    bad = tmp_path / "evil.yaml"
    bad.write_text("fighter: evil\nname: !!python/object/apply:os.system ['echo no']\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_fighter(bad)
    assert err.value.line == 2


def test_a_fighter_needs_seven_spells(tmp_path: Path) -> None:
    bad = tmp_path / "six.yaml"
    text = GOOD.split("  purifying_rain:")[0]
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="7 spell cards"):
        load_fighter(bad)
