"""Recast Rift card files: the sample fighters load, exercise every card kind and keyword of the
vocabulary, and a bad file is a located error that never runs anything."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from hisoutab.engine.errors import InputError
from hisoutab.games.recast_rift.rules import extensions
from hisoutab.games.recast_rift.rules.cards import builtin_fighters, find_fighter, load_fighter
from hisoutab.games.recast_rift.rules.decks import DEFAULT_DECKS, builtin_decks, resolve_deck
from hisoutab.games.recast_rift.rules.vocabulary import (
    ALIASES,
    COMBINATORS,
    CONDITIONS,
    EFFECT_VALUES,
    FILTERS,
    NUMBERS,
    RESTRICTIONS,
    TARGET_PLAYERS,
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


def all_abilities():
    out = []
    for s in SPELLS:
        out += [*s.on_cast, *s.while_deployed, *s.on_recovery]
    for a in AWAKENINGS:
        out += [*a.on_awaken, *a.while_awakened, *a.static]
    return out


def test_every_effect_and_condition_of_the_vocabulary_is_used() -> None:
    """Each effect (an alias as the general form it is loaded as), condition, combination of
    conditions, target and trigger filter of the vocabulary is on a sample card."""
    used = {e.kind for e in all_effects()} | {e.kind for a in AWAKENINGS for e in effects(a.static)}
    assert used == set(EFFECT_VALUES) - set(ALIASES)
    tests = [a.test for a in all_abilities() if a.test]
    tests += [e.condition for a in all_abilities() for e in a.effects if e.condition]
    conditions: set[str] = set()
    while tests:
        c = tests.pop()
        conditions.add(c.name)
        tests += c.parts
    assert conditions == set(CONDITIONS) | set(COMBINATORS)
    aims = [e.target for e in all_effects() if e.target]
    assert {t.whose for t in aims} == set(TARGET_PLAYERS)
    assert {t.zone for t in aims} >= {"", "I", "III"} and {t.chosen_by for t in aims} == {"you", "owner"}
    assert any(t.every for t in aims)
    assert {key for a in all_abilities() for key, _ in a.filter} == set(FILTERS)


def test_every_restriction_and_modifier_of_the_vocabulary_is_used() -> None:
    """Each action a «cannot» may forbid and each number a modifier may change is on a sample card
    (the built-in ones: a designer's, registered by another test of this process, are not)."""
    statics = [e for a in all_abilities() for e in a.effects]
    assert {e.get("action") for e in statics if e.kind == "cannot"} == \
        set(RESTRICTIONS) - set(extensions.RESTRICTIONS)
    assert {e.get("number") for e in statics if e.kind == "modify"} == \
        set(NUMBERS) - set(extensions.MODIFIERS)


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


# ------------------------------------------------------------------ the loader's limits are the rules'
MARISA = (Path(__file__).resolve().parent.parent / "hisoutab" / "games" / "recast_rift" / "data" / "fighters"
          / "marisa.yaml").read_text(encoding="utf-8")
THIRD = ("          - raise: {life: 2}\n",
         "          - raise: {life: 2}\n      - effects:\n          - draw: 1\n")
BARE = ("    while_deployed:\n      - effects:\n          - attack_bonus: {life: 1}\n", "")


def _marisa(tmp_path: Path) -> Path:
    """Marisa with a third [On Cast] ability on Streaking Broom Comet and a Placement card (Little
    Hearth of Stars) without a [While Deployed] ability."""
    assert THIRD[0] in MARISA and BARE[0] in MARISA
    path = tmp_path / "marisa.yaml"
    path.write_text(MARISA.replace(*THIRD).replace(*BARE), encoding="utf-8")
    return path


def test_three_on_cast_abilities_and_a_bare_placement_card_load(tmp_path: Path) -> None:
    """L112 gives two [On Cast] abilities as an example, not a limit; L120 says only that a Placement
    card goes to deploy processing, not that it has a continuous ability."""
    f = load_fighter(_marisa(tmp_path))
    assert len(f.spells["comet_rush"].on_cast) == 3
    furnace = f.spells["mini_furnace"]
    assert furnace.type == "set" and furnace.while_deployed == () and furnace.on_recovery


def test_three_on_cast_abilities_are_processed_in_order(tmp_path: Path) -> None:
    """RR-CAST-4: each [On Cast] ability after the one before: face down any, +0/+2 on an empty
    hand, then draw 1 — the draw comes after the condition was met."""
    from .test_recast_rift_support import P1_SPELLS, P2_SPELLS, choose, labels, main_phase, start

    decks = [{"fighters": ["reimu", str(_marisa(tmp_path))], "spells": P1_SPELLS},
             {"fighters": ["sakuya", "youmu"], "spells": P2_SPELLS}]
    g = main_phase(start(decks=decks), p1={"hand": ["comet_rush", "spirit_gust"],
                                           "deck": ["boundary_ward", "sealing_circle"]})
    steps = choose(g, "cast comet_rush")
    for _ in range(5):
        if any(s.name == "seq.attack" for s in steps) or g.pending is None:
            break
        label = "face down spirit_gust" if "face down spirit_gust" in labels(g) else labels(g)[-1]
        steps += choose(g, label)
    steps = steps[:next(k for k, s in enumerate(steps) if s.name == "seq.attack")]
    texts = [s for s in steps if s.name == "text"]
    assert len(texts) == 3
    said = [s.sentence for s in steps]
    assert any("3 [On Cast] abilities, in order" in t for t in said)
    raise_at = next(k for k, s in enumerate(steps) if s.name == "eff.raise")
    draw_at = next(k for k, s in enumerate(steps) if s.name == "eff.draw")
    assert raise_at < draw_at
    after = steps[-1].after
    assert after.players[0].hand == ("P1/boundary_ward",) and after.stack[-1].bonus_life == 2


# ------------------------------------------------------------------ deck messages
S9 = ["amulet_volley", "boundary_ward", "sealing_circle", "spirit_gust", "shrine_offering", "comet_rush",
      "stardust_shower", "mini_furnace", "magic_trap"]


def _refused(decks) -> InputError:
    from hisoutab import Game

    with pytest.raises(InputError) as err:
        Game("recast-rift", seed=0, setup={"decks": decks})
    return err.value


@pytest.mark.parametrize("deck, field, words", [
    ({"fighters": ["reimu", "marisa"], "spells": S9[:8]}, "setup.decks.0.spells",
     "P1's deck holds 8 spell cards; a deck is 1 awakening card and 9 spell cards of the two chosen "
     "fighters (RR-SETUP-3)"),
    ({"fighters": ["reimu", "marisa"], "spells": [*S9, "master_beam"]}, "setup.decks.0.spells",
     "P1's deck holds 10 spell cards; a deck is 1 awakening card and 9 spell cards"),
    ({"fighters": ["reimu"]}, "setup.decks.0.fighters", "P1's deck names 1 fighter (reimu); each player "
     "chooses 2 different fighters and shows them to the opponent (RR-SETUP-1)"),
    ({"fighters": "reimu"}, "setup.decks.0.fighters", "(RR-SETUP-1)"),
    ({"fighters": ["reimu", "reimu"]}, "setup.decks.0.fighters", "names 'reimu' twice"),
    ({"fighters": ["reimu", "nobody"]}, "setup.decks.0.fighters.1", "unknown fighter 'nobody'"),
    ({"fighters": ["reimu", "marisa"], "spells": [*S9[:8], "silver_knives"]}, "setup.decks.0.spells.8",
     "'silver_knives', which is not a spell card of reimu or marisa"),
    ({"fighters": ["reimu", "marisa"], "spells": [*S9[:8], "amulet_volley"]}, "setup.decks.0.spells",
     "lists amulet_volley twice"),
    (5, "setup.decks.0", "P1's deck: expected a deck id"),
])
def test_a_bad_deck_names_the_player_the_rule_and_its_clause(deck, field: str, words: str) -> None:
    e = _refused([deck, "mansion_and_garden"])
    assert e.field == field and words in e.detail and e.detail.startswith("P1's deck")
    assert "(RR-SETUP-" in e.detail or not isinstance(deck, dict)
    assert "Input should be" not in str(e)
    e2 = _refused(["shrine_and_forest", deck])
    assert e2.field == field.replace("decks.0", "decks.1") and e2.detail.startswith("P2's")


def test_a_bad_deck_file_names_the_player_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "eight.yaml"
    path.write_text("deck: eight\nfighters: [reimu, marisa]\nspells: [" + ", ".join(S9[:8]) + "]\n",
                    encoding="utf-8")
    e = _refused(["mansion_and_garden", str(path)])
    assert (e.file, e.line, e.field) == (str(path), 3, "spells")
    assert e.detail == ("P2's deck holds 8 spell cards; a deck is 1 awakening card and 9 spell cards of "
                        "the two chosen fighters (RR-SETUP-3)")
    one = tmp_path / "one.yaml"
    one.write_text("deck: one\nfighters: [reimu]\n", encoding="utf-8")
    e = _refused([str(one), "mansion_and_garden"])
    assert (e.file, e.line) == (str(one), 2) and e.detail.startswith("P1's deck names 1 fighter")


def test_a_bad_fighter_file_names_the_player_and_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "six.yaml"
    bad.write_text(GOOD.split("  purifying_rain:")[0], encoding="utf-8")
    e = _refused([{"fighters": [str(bad), "marisa"]}, "mansion_and_garden"])
    assert e.file == str(bad) and e.line and e.detail.startswith("P1's fighter file: ")
    assert "(RR-COMP-4)" in e.detail
