"""Character card files (cards.py, yamlio.py): valid data as the rules use it, and a corpus of broken
files (tests/data/bad_cards) that must each give one InputError naming the file, the line, the field
and what was expected — never another exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from hisoutab import Game
from hisoutab.engine.errors import InputError
from hisoutab.games.hisoutab.v0452.rules.cards import (
    builtin_characters,
    find_character,
    load_character,
    parse_range,
)

from .helpers import RS

DATA = Path(__file__).parent / "data"
GOOD = DATA / "good_cards" / "tester.yaml"
BAD = DATA / "bad_cards"

# file stem → (line, field or None when the problem is below the level of fields, message fragment)
CORPUS = {
    "syntax_unclosed_list": (5, None, "invalid YAML: did not find expected ',' or ']'"),
    "syntax_bad_indent": (12, None, "invalid YAML: mapping values are not allowed in this context"),
    "syntax_tab": (13, None, "invalid YAML: found a tab character that violates indentation"),
    "empty": (1, None, "the file is empty; expected a YAML mapping"),
    "top_level_list": (2, None, "expected a mapping with character, name, standing, knockdown, deck"),
    "wrong_type_startup": (34, "cards.jab.startup", "Input should be a valid integer (got '1')"),
    "wrong_type_deck_count": (7, "deck.jab", "Input should be a valid integer (got 'three')"),
    "wrong_type_bool_damage": (37, "cards.jab.damage", "Input should be a valid integer (got True)"),
    "negative_recovery": (35, "cards.jab.recovery", "greater than or equal to 1 (got 0)"),
    "bad_kind": (33, "cards.jab.kind", "Input should be 'physical', 'bullet', 'defense'"),
    "bad_character_id": (2, "character", "should match pattern"),
    "unknown_field": (37, "cards.jab.speed", "unknown field"),
    "unknown_effect": (42, "cards.jab.effects.0.fly",
                       "unknown effect 'fly'; expected one of approach, bullet, dash, defense"),
    "effect_bad_value": (17, "cards.step.effects.0.move",
                         "expected an integer ≥ 1 (cells) for 'move', got 'two'"),
    "effect_value_on_plain": (25, "cards.guard.effects.0.defense",
                              "'defense' takes no value; write it as '- defense'"),
    "effect_not_a_name": (42, "cards.jab.effects.0", "expected an effect: a name such as 'physical'"),
    "missing_field": (31, "cards.jab.recovery", "missing; this field is required"),
    "missing_top_field": (2, "knockdown", "missing; this field is required"),
    "unknown_card_deck": (8, "deck.kick", "unknown card 'kick'; expected one of the cards of this file"),
    "unknown_card_standing": (4, "standing.1",
                              "unknown card 'dodge'; expected one of the cards of this file"),
    "unknown_knockdown": (5, "knockdown", "unknown card 'fall'; expected one of the cards"),
    "knockdown_wrong_kind": (5, "knockdown", "card 'step' has kind 'move'; expected 'knockdown'"),
    "deck_zero_copies": (8, "deck.sweep", "expected a number of copies ≥ 1 and ≤ 99, got 0"),
    "deck_has_standing": (8, "deck.guard", "'guard' is a standing or knockdown card"),
    "range_bad_char": (39, "cards.jab.range", "range grid has 'X'; expected only G, R and ."),
    "range_two_g": (39, "cards.jab.range", "range grid has 2 G cells; expected exactly one"),
    "range_no_r": (39, "cards.jab.range", "range grid has no R cell; expected at least one"),
    "range_ragged": (39, "cards.jab.range", "rows have different lengths; expected a rectangle"),
    "physical_no_range": (31, "cards.jab.range", "a physical attack needs a range grid"),
    "duplicate_key": (37, "cards.jab.startup", "duplicate key 'startup'"),
    "duplicate_card": (64, "cards.jab", "duplicate key 'jab'"),
    "two_sided_only_top": (43, "cards.sweep.bottom",
                           "a card with two effects needs both 'top' and 'bottom'"),
    "two_sided_with_effects": (51, "cards.sweep.effects",
                               "keeps its effects under 'top' and 'bottom', not 'effects'"),
    "side_bad_hitstun": (53, "cards.sweep.top.hitstun", "greater than or equal to 1 (got 0)"),
    # a value PyYAML's safe loader refuses: the walker knows it is cards.jab.name
    "python_tag": (32, "cards.jab.name", "python/name:os.system"),
}


def test_corpus_table_covers_every_file() -> None:
    """Every broken file in tests/data/bad_cards has an expected error in the table, and back."""
    assert sorted(p.stem for p in BAD.glob("*.yaml")) == sorted(CORPUS)


@pytest.mark.parametrize("stem", sorted(CORPUS))
def test_broken_character_file_gives_one_clear_input_error(stem: str) -> None:
    """cards.py: a broken file raises InputError (never another exception) whose message starts with
    ``file:LINE:``, then names the field, and says what is wrong / expected."""
    line, field, fragment = CORPUS[stem]
    path = BAD / f"{stem}.yaml"
    with pytest.raises(InputError) as info:
        load_character(path)
    err = info.value
    assert type(err) is InputError
    text = str(err)
    assert err.file == str(path)
    assert err.line == line
    assert text.startswith(f"{path}:{line}: ")
    if field is not None:
        assert err.field == field
        assert text.startswith(f"{path}:{line}: {field}: ")
    assert fragment in text
    assert "\n" not in text


def test_missing_file_and_directory() -> None:
    """yamlio: a missing path or a directory is an InputError naming it."""
    with pytest.raises(InputError, match=r"nope\.yaml: no such file"):
        load_character(DATA / "nope.yaml")
    with pytest.raises(InputError, match="is a folder; expected a file"):
        load_character(BAD)


def test_not_utf8(tmp_path: Path) -> None:
    """yamlio: a file that is not UTF-8 text is an InputError."""
    p = tmp_path / "latin.yaml"
    p.write_bytes(b"name: \xff\xfe\n")
    with pytest.raises(InputError, match="not a UTF-8 text file"):
        load_character(p)


def test_unknown_character_name() -> None:
    """find_character: neither a built-in id nor a file: the message lists the built-ins."""
    with pytest.raises(InputError, match="unknown character 'witch'; expected one of magician, miko"):
        find_character("witch")


# --------------------------------------------------------------------------- valid data


def test_good_file_loads_as_the_rules_use_it() -> None:
    """The valid test character: standing, knockdown, deck, kinds, costs, range and two sides."""
    ch = load_character(GOOD)
    assert (ch.id, ch.name, ch.standing, ch.knockdown) == ("tester", "Tester", ("step", "guard"),
                                                           "get_up")
    assert ch.deck == (("jab", 3), ("sweep", 2))
    jab = ch.card("jab")
    assert (jab.kind, jab.startup, jab.recovery, jab.cost, jab.cancel, jab.damage, jab.hitstun) == (
        "physical", 1, 2, 0, 1, 1, 2)
    assert jab.guard_cost is None
    assert jab.reach == ((1, 0),)
    assert jab.effects == (("physical", None),)
    assert ch.card("step").effects == (("move", 1),)
    sweep = ch.card("sweep")
    assert sweep.two_sided
    assert [name for name, _ in sweep.sides] == ["top", "bottom"]
    top, bottom = sweep.face("top"), sweep.face("bottom")
    assert (top.name, top.reach, top.damage, top.startup) == ("High Sweep", ((1, 1), (2, 1)), 2, 2)
    assert (bottom.name, bottom.reach) == ("Low Sweep", ((1, 0), (2, 0)))
    assert sweep.face("") is sweep


def test_builtin_characters_load() -> None:
    """The shipped sample characters load and have 2 standing cards and 30-card decks (bullets,
    specials, upgrades and a spell declaration included), a full special area (one effect per motion
    tag), upgraded specials (motion and level) in the extra deck and a 10-card spell deck
    (H-SETUP-5)."""
    files = builtin_characters()
    assert sorted(files) == ["magician", "miko"]
    for cid in files:
        ch = find_character(cid)
        assert len(ch.standing) == 2
        assert sum(n for _, n in ch.deck) == 30
        assert ch.cards[ch.knockdown].kind == "knockdown"
        assert [tag for tag, _ in ch.special_area] == ["236", "623", "214", "421"]
        assert ch.extra and all(ch.cards[c].motion in ("236", "623", "214", "421")
                                and ch.cards[c].level >= 1 for c in ch.extra)
        assert len(ch.spell_deck) == 10 and set(ch.spell_deck) <= set(ch.spells)


def test_game_with_a_character_file(tmp_path: Path) -> None:
    """A character given by path plays: card instances are numbered per copy (``P1/jab#3``)."""
    game = Game(RS, seed=0, setup={"characters": [str(GOOD), "magician"]},
                options={"setup.mulligan": "none", "setup.first_player": "p1"})
    assert sorted(c for c in game.ctx.decks[0]) == sorted(
        [f"P1/jab#{k}" for k in (1, 2, 3)] + [f"P1/sweep#{k}" for k in (1, 2)])
    assert game.ctx.knockdown_cards == ("P1/get_up", "P2/recover")
    assert game.ctx.standing >= {"P1/step", "P1/guard", "P2/star_poke", "P2/barrier"}
    game.run(until="decision")
    p1 = game.state.players[0]
    assert len(p1.hand) == 7 and p1.deck == ()


def test_standing_count_must_match_option() -> None:
    """R-6 (hand.standing) checked against the character files."""
    with pytest.raises(InputError, match=r"has 2 standing cards; the option hand\.standing = 3"):
        Game(RS, options={"hand.standing": 3})


@pytest.mark.parametrize(("grid", "reach"), [
    ("GR", ((1, 0),)),
    ("RGR", ((-1, 0), (1, 0))),
    (".R\nG.\n", ((1, 1),)),
    ("R.\n.G\n", ((-1, 1),)),
    ("G.\n.R", ((1, -1),)),
])
def test_parse_range(grid: str, reach: tuple) -> None:
    """H-EFF-PHYS (range): G is the attacker, R attacked cells, the top row is the highest."""
    assert parse_range(grid) == reach
