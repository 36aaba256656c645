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
from hisoutab.games.recast_rift.rules.vocabulary import (
    ALLOWED,
    CONDITIONS,
    COUNTED,
    EFFECT_VALUES,
    NUMBERS,
    RESTRICTIONS,
)

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


STATICS_MODULE = '''
from hisoutab.games.recast_rift.rules.extensions import register_modifier, register_restriction

register_restriction("{name}_slow", action="cast", words="cast a card of recast time III",
                     test=lambda ctx, s, i, spell: spell is not None and 3 in spell.recast)
register_restriction("{name}_new", words="do what the designer's own effect asks")
register_modifier("{name}_draw", number="draw_step", words="cards drawn per reserve card",
                  amount=lambda ctx, s, owner, i, by: by * len(s.players[owner].reserve))
'''
NITORI = (Path(__file__).resolve().parent.parent / "hisoutab" / "games" / "recast_rift" / "data"
          / "fighters" / "nitori.yaml").read_text(encoding="utf-8")
WALL = '''      - condition: {not: awakened}
        effects:
          - cannot: {action: cast, who: opponent, timing: full_power}
'''


def test_a_designer_module_adds_a_restriction_and_a_modifier_the_rules_ask(tmp_path: Path) -> None:
    """A designer's «cannot» of a built-in action forbids it where the rule asks, narrowed by its
    test; a new action is asked through statics.forbidden; a designer's modifier of a built-in number
    changes it by its amount — all through rules/statics.py, as the built-in ones."""
    from hisoutab.games.recast_rift.rules.statics import forbidden, number

    from .test_recast_rift_support import labels, situation, start

    name = "ext_statics"
    (tmp_path / "my_statics.py").write_text(STATICS_MODULE.replace("{name}", name), encoding="utf-8")
    assert WALL in NITORI
    text = NITORI.replace("fighter: nitori\n", "fighter: nitori\nextensions: [my_statics]\n", 1).replace(
        WALL, f"      - effects:\n          - cannot: {{action: {name}_slow, who: opponent}}\n"
              f"          - cannot: {{action: {name}_new, who: opponent}}\n"
              f"          - modify: {{number: {name}_draw, by: 1, who: you}}\n", 1)
    path = tmp_path / "nitori_ext.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_fighter(path)
        kappa = {"fighters": [str(path), "alice"],
                 "spells": ["water_cannon", "extending_arm", "river_flood", "optical_camo", "kappa_toolbox",
                            "shield_generator", "bubble_wall", "doll_lance", "puppet_wires"]}
        faith = {"fighters": ["sanae", "alice"],
                 "spells": ["empty_sky", "miracle_fruit", "moriya_shrine", "wind_counter", "onbashira",
                            "doll_lance", "puppet_wires", "return_inanimate", "little_legion"]}
        base = start(decks=[kappa, faith], far=("nitori_awakening", "sanae_awakening"))
        p2 = {"hand": ["miracle_fruit", "wind_counter", "empty_sky"]}
        turn = (("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",))
        free = situation(base, agenda=turn, active=1, p1={"recast_3": [], "recast_2": []}, p2=p2)
        assert "full-power miracle_fruit" in labels(free) and "cast empty_sky" in labels(free)
        walled = {"recast_2": ["bubble_wall"], "reserve": ["doll_lance"]}
        g = situation(base, agenda=turn, active=1, p1=walled, p2=p2)
        spell = g.ctx.spell
        assert forbidden(g.ctx, g.state, 1, "cast", spell("P2/miracle_fruit")) is not None  # recast [III]
        assert forbidden(g.ctx, g.state, 1, "cast", spell("P2/empty_sky")) is None  # recast [I]
        assert "full-power miracle_fruit" not in labels(g) and "cast empty_sky" in labels(g)
        assert forbidden(g.ctx, g.state, 1, f"{name}_new") is not None
        assert forbidden(g.ctx, g.state, 0, f"{name}_new") is None
        assert number(g.ctx, g.state, 0, "draw_step", 2) == 3  # one reserve card: 1 more
        assert number(free.ctx, free.state, 0, "draw_step", 2) == 2
        assert number(g.ctx, g.state, 1, "draw_step", 2) == 2  # who: you
    finally:
        for key in (f"{name}_slow", f"{name}_new"):
            extensions.RESTRICTIONS.pop(key, None)
            RESTRICTIONS.pop(key, None)
        extensions.MODIFIERS.pop(f"{name}_draw", None)
        NUMBERS.pop(f"{name}_draw", None)


def test_a_restriction_or_modifier_of_an_unknown_built_in_is_refused() -> None:
    with pytest.raises(ValueError, match="built in"):
        extensions.register_restriction("lift")
    with pytest.raises(ValueError, match="built-in"):
        extensions.register_restriction("x_lift", action="fly")
    with pytest.raises(ValueError, match="built in"):
        extensions.register_modifier("draw_step")
    with pytest.raises(ValueError, match="built-in"):
        extensions.register_modifier("x_draw", number="nothing")
