"""Recast Rift designer extensions: an effect and a condition written in Python in the designer's own
module — named by a fighter file, or declared by an installed package's entry point — are written in
card files like the built-in vocabulary and played by the rules, without editing the package."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.errors import InputError
from hisoutab.games.recast_rift.rules import extensions
from hisoutab.games.recast_rift.rules.cards import load_fighter
from hisoutab.games.recast_rift.rules.vocabulary import ALLOWED, CONDITIONS, COUNTED, EFFECT_VALUES

REIMU = (Path(__file__).resolve().parent.parent / "hisoutab" / "games" / "recast_rift" / "data"
         / "fighters" / "reimu.yaml").read_text(encoding="utf-8")
MODULE = '''
from hisoutab.engine.record import replace
from hisoutab.games.recast_rift.rules.common import pn, setp
from hisoutab.games.recast_rift.rules.extensions import register_condition, register_effect


def mill(ctx, s, i, card, n):
    """The opponent's top N deck cards go into their face-down pile."""
    q = s.players[1 - i]
    cards = q.deck[:n]
    s = setp(s, 1 - i, replace(q, deck=q.deck[n:], face_down=q.face_down + cards))
    return s, f"{pn(1 - i)} mills {len(cards)} (of {n})"


register_effect("{name}", mill, value="count", where=("on_cast",), clause="RR-ZONE-7",
                words="put the top N cards of your opponent's deck into their face-down pile")
register_condition("{name}_deck_at_least", lambda ctx, s, i, n: len(s.players[1 - i].deck) >= n,
                   words="your opponent's deck holds N cards or more", counted=True)
'''


def _unregister(name: str) -> None:
    for table in (extensions.EFFECTS, EFFECT_VALUES, extensions.TESTS, CONDITIONS):
        table.pop(name, None)
        table.pop(f"{name}_deck_at_least", None)
    COUNTED.discard(f"{name}_deck_at_least")
    for tag in ALLOWED:
        ALLOWED[tag] = ALLOWED[tag] - {name}


@pytest.fixture
def designer(tmp_path: Path, request: pytest.FixtureRequest):
    """A fighter file beside the designer's module ``my_cards.py``: its Amulet Volley mills 2 cards
    if the opponent's deck holds 3 or more."""
    name = f"mill_{request.node.name.split('[')[0][-12:].lower()}".replace("-", "_")
    (tmp_path / "my_cards.py").write_text(MODULE.replace("{name}", name), encoding="utf-8")
    text = REIMU.replace("fighter: reimu\n", "fighter: reimu\nextensions: [my_cards]\n", 1)
    old = "    on_cast:\n      - effects:\n          - lift: 1\n"
    assert old in text
    new = (f"    on_cast:\n      - condition: {{{name}_deck_at_least: 3}}\n        effects:\n"
           f"          - {name}: 2\n")
    text = text.replace(old, new, 1)
    path = tmp_path / "reimu_milled.yaml"
    path.write_text(text, encoding="utf-8")
    yield name, path
    _unregister(name)


def test_a_designer_module_adds_an_effect_and_a_condition(designer) -> None:
    name, path = designer
    fighter = load_fighter(path)
    ability = fighter.spells["amulet_volley"].on_cast[0]
    assert [e.kind for e in ability.effects] == [name] and ability.effects[0].n == 2
    assert ability.condition == f"{name}_deck_at_least" and ability.test.n == 3
    assert EFFECT_VALUES[name] == "count" and name in ALLOWED["on_cast"]
    assert name not in ALLOWED["trigger"]


def test_the_rules_play_a_designer_effect(designer) -> None:
    """In random games the registered effect runs as a step of its own, cites its clause and does
    what its module says: the opponent's deck shrinks into their face-down pile."""
    _name, path = designer
    seen = 0
    for seed in range(12):
        game = Game("recast-rift", seed=seed, setup={"decks": [{"fighters": [str(path), "marisa"]},
                                                               "mansion_and_garden"]})
        agent = RandomAgent(seed)
        while not game.over and game.state.turn < 30:
            before = game.state
            decision = game.pending
            if decision is None:
                step = game.step()
            else:
                choice = {p: agent.choose(game.state, decision, p) for p in decision.players}
                step = game.choose(choice if decision.joint else choice[decision.player])
            if step.name == "eff.custom":
                seen += 1
                who = 1 if step.sentence.startswith("P2") else 0
                milled = len(before.players[who].deck) - len(game.state.players[who].deck)
                assert step.sentence == f"P{who + 1} mills {milled} (of 2)" and milled >= 1
                assert game.state.players[who].face_down[-milled:] == before.players[who].deck[:milled]
                assert step.clauses == ("RR-ZONE-7",)
        if seen >= 2:
            break
    assert seen >= 2


def test_a_designer_effect_is_refused_where_it_was_not_registered(designer, tmp_path: Path) -> None:
    name, path = designer
    text = path.read_text(encoding="utf-8").replace(
        "      - when: opponent_casts\n        effects:\n", "      - when: opponent_casts\n        effects:\n"
        f"          - {name}: 1\n", 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_fighter(bad)
    assert f"{name!r} cannot be part of a [While Deployed] ability" in str(info.value)


def test_a_missing_or_broken_module_is_a_located_error(tmp_path: Path) -> None:
    text = REIMU.replace("fighter: reimu\n", "fighter: reimu\nextensions: [nowhere]\n", 1)
    (tmp_path / "a.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_fighter(tmp_path / "a.yaml")
    assert info.value.field == "extensions.0" and "no module nowhere.py" in str(info.value)
    (tmp_path / "broken.py").write_text("raise RuntimeError('oops')\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text(text.replace("nowhere", "broken"), encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_fighter(tmp_path / "b.yaml")
    assert "broken.py failed to load: RuntimeError: oops" in str(info.value)


def test_an_installed_package_registers_through_the_entry_point_group(monkeypatch, tmp_path) -> None:
    """Packages declare modules in the group ``hisoutab.recast_rift``; they load before a file."""
    loaded = []

    class Point:
        def load(self) -> None:
            extensions.register_condition("ep_always", lambda ctx, s, i, n: True, words="always")
            loaded.append(True)

    monkeypatch.setattr(extensions, "entry_points",
                        lambda group: [Point()] if group == extensions.GROUP else [])
    monkeypatch.setattr(extensions, "_entry_points_done", False)
    text = REIMU.replace("    on_cast:\n      - effects:\n          - lift: 1\n",
                         "    on_cast:\n      - condition: ep_always\n        effects:\n"
                         "          - lift: 1\n", 1)
    (tmp_path / "c.yaml").write_text(text, encoding="utf-8")
    try:
        fighter = load_fighter(tmp_path / "c.yaml")
        assert loaded == [True] and fighter.spells["amulet_volley"].on_cast[0].condition == "ep_always"
    finally:
        extensions.TESTS.pop("ep_always", None)
        CONDITIONS.pop("ep_always", None)


def test_a_built_in_name_cannot_be_registered_again() -> None:
    with pytest.raises(ValueError, match="built in"):
        extensions.register_effect("draw", lambda *a: a, value="count")
    with pytest.raises(ValueError, match="built in"):
        extensions.register_condition("hand_empty", lambda *a: True)


def test_the_registration_api_is_documented() -> None:
    doc = textwrap.dedent(extensions.__doc__ or "")
    assert "register_effect" in doc and "register_condition" in doc and extensions.GROUP in doc
