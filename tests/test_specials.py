"""Specials and special upgrade cards: H-EFF-SPECIAL-1/2/3 (the special area, playing a special,
a discarded special returns to the area) and H-UPG-0..4 with H-UPG-LV (upgrading a special from the
extra deck)."""

from __future__ import annotations

import pytest

from .helpers import D, U, names, situation, start

ADVANCE = (("timeline.advance",),)
PLAY = (("timeline.advance",), ("play.choose",))
AREA = ("P1/hakurei_orb", "P1/rising_dragon", "P1/barrier_field", "P1/sealing_dive")
EXTRA = ("P1/hakurei_orb_2", "P1/persuasion_needle", "P1/hakurei_orb_b", "P1/rising_dragon_2",
         "P1/barrier_field_2", "P1/sealing_dive_2")


def p1_play(p1=None, p2=None, options=None):
    """P1's play phase at t=3 (P2's marker on 9)."""
    base = start(options=options)
    return situation(base, agenda=PLAY, time=3, special_done=2, participants=(0,), turn=2,
                     p1={"marker": 3, **(p1 or {})}, p2={"marker": 9, **(p2 or {})})


def p1_turn(p1=None, p2=None, options=None):
    """P1 alone at t=3, the agenda at the timeline advance."""
    base = start(options=options)
    return situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     p1={"marker": 3, **(p1 or {})}, p2={"marker": 9, **(p2 or {})})


def area(**changes: str | None) -> tuple[str | None, ...]:
    """The special area with some tags changed: ``area(t236=None)``."""
    tags = ("t236", "t623", "t214", "t421")
    return tuple(changes.get(t, AREA[k]) if t in changes else AREA[k] for k, t in enumerate(tags))


def _step(steps, name):
    found = [s for s in steps if s.name == name]
    assert found, f"no {name} step in {names(steps)}"
    return found[0]


def test_setup_special_area_and_extra_deck() -> None:
    """H-EFF-SPECIAL / H-UPG-2: after setup one special per motion tag, the upgrades in the extra
    deck, nothing removed."""
    p = start().state.players[0]
    assert p.special == AREA
    assert p.extra == EXTRA
    assert p.removed == ()


# --------------------------------------------------------------------------- H-EFF-SPECIAL-1


def test_special_1_no_effect_for_the_tag_means_no_play() -> None:
    """H-EFF-SPECIAL-1: with no 236 effect in the special area, the 236 special card is not offered;
    the 623 one still is."""
    hand = ("orb_motion#1", "dragon_motion#1")
    game = p1_play(p1={"hand": hand})
    assert game.pending.labels("P1") == ("play gohei_jab", "play guard", "play orb_motion",
                                         "play dragon_motion", "wait")
    game = p1_play(p1={"hand": hand, "special": area(t236=None), "removed": ("P1/hakurei_orb",)})
    assert game.pending.labels("P1") == ("play gohei_jab", "play guard", "play dragon_motion",
                                         "wait")


def test_special_costs_are_the_specials() -> None:
    """H-EFF-SPECIAL-2: the special card's own cost does not count, the special effect's does:
    Hakurei Orb costs 1 spirit, so with none the 236 card is not offered, while the free Barrier
    Field (214) is."""
    game = p1_play(p1={"hand": ("orb_motion#1", "barrier_motion#1"), "spirit": (D, D, D, D, D)})
    assert game.pending.labels("P1") == ("play gohei_jab", "play guard", "play barrier_motion",
                                         "wait")


# --------------------------------------------------------------------------- H-EFF-SPECIAL-2


def test_special_2_effect_into_the_cast_zone_original_discarded() -> None:
    """H-EFF-SPECIAL-2: playing the 236 card puts Hakurei Orb from the special area into the cast
    zone and discards the card; the costs paid are Hakurei Orb's (1 spirit, startup 2)."""
    game = p1_play(p1={"hand": ("orb_motion#1",)})
    play = game.choose("play orb_motion")
    assert play.after.agenda[-1] == ("special.play", 0, "P1/orb_motion#1", 0)
    step = game.step()
    assert step.name == "special.play"
    assert step.clauses == ("H-EFF-SPECIAL", "H-EFF-SPECIAL-1", "H-EFF-SPECIAL-2")
    assert step.sentence == ("P1's Yin-Yang Motion (236) calls the 236 special: Hakurei Orb goes from "
                             "the special area into the cast zone; Yin-Yang Motion (236) is discarded")
    assert step.events == ({"type": "special", "player": "P1", "card": "P1/hakurei_orb",
                            "motion": "236"},)
    p = step.after.players[0]
    assert (p.cast, p.cast_side) == ("P1/hakurei_orb", "")
    assert p.special == area(t236=None)
    assert p.discard[-1] == "P1/orb_motion#1"
    assert "P1/orb_motion#1" not in p.hand
    pay = game.step()
    assert pay.name == "play.pay"
    assert pay.sentence == "P1 pays for Hakurei Orb: spirit 5 → 4, marker t=3 → 5 (startup 2)"
    assert pay.after.players[0].spirit == (U, U, U, U, D)


def test_special_2_as_a_cancel_uses_the_specials_cancel_level() -> None:
    """H-EFF-SPECIAL-2 with H-PLAY-CANCEL: the 623 card (cancel level of its own: none) cancels
    Gohei Swing (2) because Rising Dragon's cancel level is 4."""
    game = p1_play(p1={"trigger": "gohei_swing#1", "hand": ("dragon_motion#1",)})
    assert game.pending.labels("P1") == ("cancel with guard", "cancel with dragon_motion",
                                         "take recovery")
    game.choose("cancel with dragon_motion")
    step = game.step()
    assert step.after.agenda[-1] == ("play.pay", 0, 1)
    p = step.after.players[0]
    assert (p.cast, p.trigger) == ("P1/rising_dragon", "P1/gohei_swing#1")


# --------------------------------------------------------------------------- H-EFF-SPECIAL-3


def test_special_3_leaving_the_trigger_zone_returns_to_the_area() -> None:
    """H-EFF-SPECIAL-3 with H-MAINT-1: Rising Dragon (physical) leaves the trigger zone back to the
    special area, not to the discard pile."""
    game = p1_turn(p1={"trigger": "rising_dragon", "special": area(t623=None)})
    step = _step(game.run(until="decision"), "maint.trigger")
    assert step.clauses == ("H-MAINT-1", "H-EFF-SPECIAL-3")
    assert step.sentence == "P1's Rising Dragon leaves the trigger zone, back to the special area"
    assert step.events[0]["to"] == "special"
    p = step.after.players[0]
    assert p.special == AREA
    assert "P1/rising_dragon" not in p.discard + p.hand


def test_special_3_hit_away_returns_to_the_area() -> None:
    """H-EFF-SPECIAL-3 with H-DMG-4: a special in P1's cast zone discarded by a hit returns to the
    special area."""
    base = start()
    game = situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(), initiative=1,
                     p1={"marker": 9, "x": 2, "cast": "sealing_dive", "special": area(t421=None)},
                     p2={"marker": 3, "x": 3, "cast": "broom_sweep#1"})
    dmg = _step(game.run(until="decision"), "attack.damage")
    assert dmg.events[0]["discarded"] == ["P1/sealing_dive"]
    p = dmg.after.players[0]
    assert p.cast is None
    assert p.special == AREA


# --------------------------------------------------------------------------- H-UPG-0..4, H-UPG-LV


def test_upg_0_no_effect_for_the_tag_means_no_upgrade() -> None:
    """H-UPG-0: with no 236 effect in the special area the 236 upgrade cards cannot be played."""
    hand = ("orb_upgrade#1", "needle_upgrade#1", "dragon_upgrade#1")
    game = p1_play(p1={"hand": hand})
    assert game.pending.labels("P1") == ("play gohei_jab", "play guard", "play orb_upgrade",
                                         "play needle_upgrade", "play dragon_upgrade", "wait")
    game = p1_play(p1={"hand": hand, "special": area(t236=None), "removed": ("P1/hakurei_orb",)})
    assert game.pending.labels("P1") == ("play gohei_jab", "play guard", "play dragon_upgrade",
                                         "wait")


def test_upg_same_name_is_one_level_higher() -> None:
    """H-UPG-1/2/3 with H-UPG-LV: the Hakurei Orb upgrade replaces Hakurei Orb (level 1, same name):
    the old one is removed from the game, Hakurei Orb level 2 is cast from the extra deck, the
    upgrade card is discarded; Hakurei Orb 2's costs are paid (1 spirit, startup 2)."""
    game = p1_play(p1={"hand": ("orb_upgrade#1",)})
    game.choose("play orb_upgrade")
    step = game.step()
    assert step.name == "upgrade.play"
    assert step.clauses == ("H-UPG-0", "H-UPG-1", "H-UPG-2", "H-UPG-3", "H-UPG-LV")
    assert step.sentence == ("P1 upgrades the 236 special: Hakurei Orb (level 1) is removed from the "
                             "game, Hakurei Orb level 2 is cast from the extra deck; Hakurei Orb is "
                             "discarded")
    assert step.events == ({"type": "upgrade", "player": "P1", "removed": "P1/hakurei_orb",
                            "cast": "P1/hakurei_orb_2", "level": 2},)
    p = step.after.players[0]
    assert p.cast == "P1/hakurei_orb_2"
    assert p.special == area(t236=None)
    assert p.removed == ("P1/hakurei_orb",)
    assert p.extra == tuple(c for c in EXTRA if c != "P1/hakurei_orb_2")
    assert p.discard[-1] == "P1/orb_upgrade#1"
    pay = game.step()
    assert pay.sentence == "P1 pays for Hakurei Orb: spirit 5 → 4, marker t=3 → 5 (startup 2)"


def test_upg_different_name_is_level_1() -> None:
    """H-UPG-LV: the Persuasion Needle upgrade replaces Hakurei Orb (another name): Persuasion Needle
    level 1 is cast; its own costs (free, startup 1) are paid."""
    game = p1_play(p1={"hand": ("needle_upgrade#1",)})
    game.choose("play needle_upgrade")
    step = game.step()
    assert step.events[0] == {"type": "upgrade", "player": "P1", "removed": "P1/hakurei_orb",
                              "cast": "P1/persuasion_needle", "level": 1}
    p = step.after.players[0]
    assert p.cast == "P1/persuasion_needle"
    assert p.removed == ("P1/hakurei_orb",)
    assert p.discard[-1] == "P1/needle_upgrade#1"
    pay = game.step()
    assert pay.sentence == "P1 pays for Persuasion Needle: marker t=3 → 4 (startup 1)"


def test_upg_lv_back_to_a_name_after_another_is_level_1() -> None:
    """H-UPG-LV: with Persuasion Needle in the 236 slot, the Hakurei Orb upgrade finds the level-1
    Hakurei Orb of the extra deck (the second copy), not level 2."""
    extra = tuple(c for c in EXTRA if c != "P1/persuasion_needle")
    game = p1_play(p1={"hand": ("orb_upgrade#1",), "special": area(t236="P1/persuasion_needle"),
                       "extra": extra, "removed": ("P1/hakurei_orb",)})
    game.choose("play orb_upgrade")
    step = game.step()
    p = step.after.players[0]
    assert p.cast == "P1/hakurei_orb_b"
    assert p.removed == ("P1/hakurei_orb", "P1/persuasion_needle")
    assert step.events[0]["level"] == 1


def test_upg_lv_no_higher_level_in_the_extra_deck_means_no_play() -> None:
    """H-UPG-LV / H-UPG-2: Hakurei Orb level 2 in the slot and no level 3 in the extra deck: the
    Hakurei Orb upgrade finds nothing to cast and is not offered."""
    extra = tuple(c for c in EXTRA if c != "P1/hakurei_orb_2")
    game = p1_play(p1={"hand": ("orb_upgrade#1", "needle_upgrade#1"),
                       "special": area(t236="P1/hakurei_orb_2"), "extra": extra,
                       "removed": ("P1/hakurei_orb",)})
    assert game.pending.labels("P1") == ("play gohei_jab", "play guard", "play needle_upgrade",
                                         "wait")


def test_upg_4_upgraded_special_becomes_the_new_special_after_it_resolves() -> None:
    """H-UPG-4 with H-EFF-SPECIAL-3: the upgraded Rising Dragon (level 2) is cast by the upgrade
    card, resolves (P2 far away: it misses; it cannot move through the wall of the right) and, when
    it leaves the trigger zone, goes to the special area as the new 623 effect."""
    game = p1_play(p1={"hand": ("dragon_upgrade#1",), "x": 2}, p2={"x": 6, "marker": 20})
    game.choose("play dragon_upgrade")
    up = game.step()
    assert up.after.players[0].cast == "P1/rising_dragon_2"
    assert up.after.players[0].removed == ("P1/rising_dragon",)
    pay = game.step()
    assert pay.sentence == "P1 pays for Rising Dragon: spirit 5 → 4, marker t=3 → 4 (startup 1)"
    steps = game.run(until="decision")  # t=4: to the trigger zone, resolves: misses, then moves 2
    assert _step(steps, "eff.physical").events[0]["hit"] is False
    assert game.pending.kind == "move"
    game.choose("stay at (2,0)")
    game.run(until="decision")
    game.choose("take recovery")  # recovery 4: marker 4 -> 8
    steps = game.run(until="decision")
    leave = _step(steps, "maint.trigger")
    assert leave.clauses == ("H-MAINT-1", "H-EFF-SPECIAL-3", "H-UPG-4")
    assert leave.sentence == "P1's Rising Dragon leaves the trigger zone, back to the special area"
    p = leave.after.players[0]
    assert p.special == area(t623="P1/rising_dragon_2")
    assert p.removed == ("P1/rising_dragon",)
    assert "P1/rising_dragon_2" not in p.extra
    # the new 623 effect is what the 623 card now calls
    assert game.ctx.cards[p.special[1]].level == 2


@pytest.mark.parametrize(("slot", "card"), [("t214", "P1/barrier_field_2"),
                                            ("t421", "P1/sealing_dive_2")])
def test_upg_4_crafted_departure_of_an_upgraded_special(slot: str, card: str) -> None:
    """H-UPG-4: any special from the extra deck leaving the trigger zone takes its tag's slot."""
    k = ("t236", "t623", "t214", "t421").index(slot)
    old = AREA[k]
    game = p1_turn(p1={"trigger": card.split("/")[1], "special": area(**{slot: None}),
                       "removed": (old,), "extra": tuple(c for c in EXTRA if c != card)})
    step = _step(game.run(until="decision"), "maint.trigger")
    assert step.clauses[-2:] == ("H-EFF-SPECIAL-3", "H-UPG-4")
    assert step.after.players[0].special == area(**{slot: card})
