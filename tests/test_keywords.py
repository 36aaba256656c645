"""§9 Keywords: H-KW-ONDMG, H-KW-PRIORITY, H-KW-GROUND, H-KW-NOCANCEL, H-KW-CANCELS, H-KW-KNOCKBACK,
H-KW-APPROACH, H-KW-SUB (S-5), H-KW-GROUNDAIR, H-KW-KD, and spirit break (H-BREAK)."""

from __future__ import annotations

import pytest

from .helpers import D, U, names, situation, start

ADVANCE = (("timeline.advance",),)
PLAY = (("timeline.advance",), ("play.choose",))


def turn(attacker: int = 0, cast: str = "gohei_jab", p1=None, p2=None, options=None, **fields):
    """The attacker alone at t=3 with ``cast`` in the cast zone; P1 on (2,0), P2 on (3,0)."""
    base = start(options=options)
    att = {"marker": 3, "cast": cast}
    dfd = {"marker": 9}
    s1 = {"x": 2, "y": 0, **(att if attacker == 0 else dfd), **(p1 or {})}
    s2 = {"x": 3, "y": 0, **(att if attacker == 1 else dfd), **(p2 or {})}
    return situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(), p1=s1, p2=s2,
                     initiative=attacker, **fields)


def p1_play(p1=None, p2=None, options=None):
    base = start(options=options)
    return situation(base, agenda=PLAY, time=3, special_done=2, participants=(0,), turn=2,
                     p1={"marker": 3, **(p1 or {})}, p2={"marker": 9, **(p2 or {})})


def both(p1, p2, options=None, initiative=0):
    """A simultaneous action at t=3 (P1 on (2,0), P2 on (6,0))."""
    base = start(options=options)
    return situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     initiative=initiative, p1={"marker": 3, **p1}, p2={"marker": 3, **p2})


def by_name(steps):
    out = {}
    for s in steps:
        out.setdefault(s.name, s)
    return out


# --------------------------------------------------------------------------- H-KW-ONDMG / H-KW-KD


def test_kw_ondmg_and_kd_after_damage() -> None:
    """H-KW-ONDMG with H-KW-KD / H-KD: Rising Kick ({Damage: Knockdown}) hits P2, who is not in
    guard state (a move card in the cast zone): 2 damage, then P2 is knocked down: its hand but the
    standing cards is discarded and it takes its knockdown card."""
    game = turn(cast="rising_kick#1", p2={"cast": "broom_step#1", "hand": ("lunge#1", "flip#1")})
    steps = game.run(until="decision")
    seq = names(steps)
    i = seq.index("attack.damage")
    assert seq[i:i + 4] == ["attack.damage", "kw.on_damage", "knockdown.take", "resolve.settle"]
    s = by_name(steps)
    ondmg = s["kw.on_damage"]
    assert ondmg.clauses == ("H-KW-ONDMG", "H-KW-KD")
    assert ondmg.sentence == "Rising Kick dealt damage: {Knockdown} on P2"
    kd = s["knockdown.take"]
    assert kd.clauses == ("H-KD", "H-KW-KD")
    assert kd.sentence == ("P2 is knocked down: discards 2 cards, takes Recover and is invulnerable "
                           "until it leaves play")
    p2 = kd.after.players[1]
    assert p2.hand == ("P2/star_poke", "P2/barrier", "P2/recover")
    assert p2.discard[-3:] == ("P2/broom_step#1", "P2/lunge#1", "P2/flip#1")
    assert "P2/recover" not in p2.aside
    assert game.state.players[1].hp == 18
    # H-KD: the next card P2 plays must be the knockdown card
    assert game.pending.players == ("P1",)


def test_kw_ondmg_not_on_a_guard() -> None:
    """H-KW-ONDMG: a guarded hit deals no damage, so {Damage: Knockdown} is not performed."""
    game = turn(cast="rising_kick#1")
    steps = game.run(until="decision")
    assert "attack.guard" in names(steps)
    assert "kw.on_damage" not in names(steps)
    assert "knockdown.take" not in names(steps)
    assert "P2/recover" in game.state.players[1].aside


def test_kw_ondmg_damage_knockback() -> None:
    """H-KW-ONDMG with H-KW-APPROACH and H-KW-KNOCKBACK: Broom Rush ({Approach 3} {Damage: knockback
    2}) from (6,0) approaches P1 on (2,0) to (3,0), hits, and knocks P1 back to (1,0), stopped at
    the wall after one cell."""
    game = turn(attacker=1, cast="broom_rush#1", p1={"cast": "step#1"}, p2={"x": 6})
    s = by_name(game.run(until="decision"))
    assert s["eff.approach"].sentence == "P2 approaches from (6,0) to (3,0)"
    ondmg = s["kw.on_damage"]
    assert ondmg.clauses == ("H-KW-ONDMG", "H-KW-KNOCKBACK")
    assert ondmg.sentence == ("Broom Rush dealt damage: P1 is knocked back from (2,0) to (1,0) "
                              "(stopped at the wall)")
    assert game.state.players[0].x == 1


# --------------------------------------------------------------------------- H-BREAK


@pytest.mark.parametrize(("before", "after"), [
    ((U, U, U, U, U), (U, U, U, U, 5)),
    ((U, U, D, D, D), (U, U, D, D, 5)),
    ((U, U, D, 1, 5), (U, U, 3, 4, 5)),  # dice already on the gauge are reset to their value
    ((U, 2, 3, 4, 5), (1, 2, 3, 4, 5)),
])
def test_break_rightmost_token_removed_dice_on_every_empty_slot(before, after) -> None:
    """H-BREAK via H-KW-ONDMG: Master Blow ({Damage: spirit break}) hits P1 (not in guard state):
    the rightmost spirit token is removed and every slot without a token gets its printed die."""
    game = turn(attacker=1, cast="master_blow#1", p1={"cast": "step#1", "spirit": before})
    s = by_name(game.run(until="decision"))
    brk = s["kw.on_damage"]
    assert brk.clauses == ("H-KW-ONDMG", "H-BREAK", "R-4")
    assert brk.after.players[0].spirit == after
    assert brk.events == ({"type": "spirit_break", "player": "P1", "spirit": list(after)},)


def test_break_text() -> None:
    """H-BREAK: the step names the gauge before and after."""
    game = turn(attacker=1, cast="master_blow#1", p1={"cast": "step#1"})
    s = by_name(game.run(until="decision"))
    assert s["kw.on_damage"].sentence == ("Master Blow dealt damage: spirit break on P1, gauge ●●●●● "
                                          "→ ●●●●5")


# --------------------------------------------------------------------------- H-KW-PRIORITY


def test_kw_priority_single_priority_card_resolves_first() -> None:
    """H-KW-PRIORITY: P1's Quick Jab has {Priority}, P2's Broom Step does not: no initiative
    decision, P1 resolves first although P2 holds the initiative token."""
    game = both({"cast": "quick_jab#1"}, {"cast": "broom_step#1"}, initiative=1)
    steps = game.run(until="decision")
    assert names(steps)[:5] == ["timeline.advance", "turn.begin", "maint.zone", "maint.zone",
                                "resolve.order"]
    order = steps[4]
    assert order.choice is None
    assert order.clauses == ("H-RES-SIM", "H-KW-PRIORITY")
    assert order.sentence == "P1's Quick Jab has {Priority}: P1 resolves first"
    res = [s.events[0]["player"] for s in steps if s.name == "resolve.card"]
    assert res == ["P1", "P2"]
    assert game.state.initiative == 1
    assert game.pending.kind == "move" and game.pending.players == ("P2",)


def test_kw_priority_p2_card() -> None:
    """H-KW-PRIORITY: P2's Quick Zap resolves first though P1 holds the initiative."""
    game = both({"cast": "step#1"}, {"cast": "quick_zap#1"})
    steps = game.run(until="decision")
    order = by_name(steps)["resolve.order"]
    assert order.sentence == "P2's Quick Zap has {Priority}: P2 resolves first"
    assert [s.events[0]["player"] for s in steps if s.name == "resolve.card"] == ["P2", "P1"]


def test_kw_priority_both_cards_use_the_normal_order() -> None:
    """H-KW-PRIORITY: both cards have {Priority}: the initiative decision of H-RES-SIM."""
    game = both({"cast": "quick_jab#1"}, {"cast": "quick_zap#1"})
    game.run(until="decision")
    d = game.pending
    assert (d.kind, d.players, d.clauses) == ("initiative", ("P1",), ("H-RES-SIM", "R-13"))


# --------------------------------------------------------------------------- H-KW-GROUND


def test_kw_ground_only_not_offered_in_the_air() -> None:
    """H-KW-GROUND: Rising Kick ({Ground only}) is offered on the ground, not in the air."""
    game = p1_play(p1={"hand": ("rising_kick#1", "gohei_swing#1")})
    assert "play rising_kick" in game.pending.labels("P1")
    game = p1_play(p1={"hand": ("rising_kick#1", "gohei_swing#1"), "y": 1})
    assert game.pending.labels("P1") == ("play gohei_jab", "play guard", "play gohei_swing", "wait")


def test_kw_ground_only_cancel_in_the_air() -> None:
    """H-KW-GROUND: not as a cancel either."""
    game = p1_play(p1={"trigger": "float#1", "hand": ("rising_kick#1",), "y": 1})
    assert game.pending.labels("P1") == ("cancel with guard", "take recovery")


# --------------------------------------------------------------------------- H-KW-NOCANCEL


def test_kw_nocancel_uncancellable_card_offers_only_recovery() -> None:
    """H-KW-NOCANCEL: Purifying Strike (cancel 3, {Uncancellable}) that hit cannot be cancelled
    even by Amulet Guard (cancel 4); a plain cancel-3 card (Feint) can be."""
    hand = ("amulet_guard#1",)
    game = p1_play(p1={"trigger": "purifying_strike#1", "hand": hand})
    assert game.pending.labels("P1") == ("take recovery",)
    step = game.choose("take recovery")
    assert step.clauses == ("H-KW-NOCANCEL", "H-PLAY-1", "R-14")
    assert step.sentence == "P1 takes Purifying Strike's recovery: marker t=3 → 6"
    game = p1_play(p1={"trigger": "feint#1", "hand": hand})
    assert game.pending.labels("P1") == ("cancel with amulet_guard", "take recovery")


# --------------------------------------------------------------------------- H-KW-CANCELS


def test_kw_cancels_listed_effect_at_equal_level() -> None:
    """H-KW-CANCELS: Shrine Dash (cancel 2, {Can cancel: physical attacks}) cancels Gohei Swing
    (cancel 2, a physical attack) although the level alone is not enough."""
    game = p1_play(p1={"trigger": "gohei_swing#1", "hand": ("shrine_dash#1", "sweep#1")})
    assert game.pending.labels("P1") == ("cancel with guard", "cancel with shrine_dash",
                                         "take recovery")
    step = game.choose("cancel with shrine_dash")
    assert step.clauses == ("H-KW-CANCELS", "H-PLAY-1", "H-PLAY-CANCEL")


def test_kw_cancels_only_the_listed_effects() -> None:
    """H-KW-CANCELS: Shrine Dash lists physical attacks only: it cannot cancel Amulet Guard
    (defense, cancel 4); it cancels Float (cancel 1) by level alone, without the keyword."""
    game = p1_play(p1={"trigger": "amulet_guard#1", "hand": ("shrine_dash#1",)})
    assert game.pending.labels("P1") == ("take recovery",)
    game = p1_play(p1={"trigger": "float#1", "hand": ("shrine_dash#1",)})
    step = game.choose("cancel with shrine_dash")
    assert step.clauses == ("H-PLAY-1", "H-PLAY-CANCEL")


def test_kw_cancels_not_a_missed_attack() -> None:
    """H-KW-CANCELS with H-EFF-PHYS-2: a missed physical attack cannot be cancelled at all."""
    game = p1_play(p1={"trigger": "gohei_swing#1", "hand": ("shrine_dash#1",), "missed": True})
    assert game.pending.labels("P1") == ("take recovery",)


# --------------------------------------------------------------------------- H-KW-KNOCKBACK


def test_kw_knockback_against_the_wall_moves_nothing() -> None:
    """H-KW-KNOCKBACK: Gohei Swing ({Knockback 1}) against P2 on the wall cell (7,0)."""
    game = turn(cast="gohei_swing#1", p1={"x": 6}, p2={"x": 7})
    kb = by_name(game.run(until="decision"))["kw.knockback"]
    assert kb.clauses == ("H-KW-KNOCKBACK",)
    assert kb.sentence == "P2 is against the wall: knockback moves nothing"
    assert kb.after.players[1].x == 7


def test_kw_knockback_stops_at_the_wall() -> None:
    """H-KW-KNOCKBACK: Rising Dragon ({Knockback 2}) from (5,0) pushes P2 from (6,0): one cell, then
    the wall."""
    game = turn(cast="rising_dragon", p1={"x": 5, "special": (
        "P1/hakurei_orb", None, "P1/barrier_field", "P1/sealing_dive")}, p2={"x": 6})
    kb = by_name(game.run(until="decision"))["kw.knockback"]
    assert kb.sentence == "P2 is knocked back from (6,0) to (7,0) (stopped at the wall)"
    assert game.state.players[1].x == 7


def test_kw_knockback_full_distance_to_the_left() -> None:
    """H-KW-KNOCKBACK: horizontally away from the attacker, here to the left: Rising Dragon from
    (5,0) pushes P2 from (4,0) to (2,0)."""
    game = turn(cast="rising_dragon", p1={"x": 5, "facing": -1, "special": (
        "P1/hakurei_orb", None, "P1/barrier_field", "P1/sealing_dive")}, p2={"x": 4, "facing": 1})
    kb = by_name(game.run(until="decision"))["kw.knockback"]
    assert kb.sentence == "P2 is knocked back from (4,0) to (2,0)"


# --------------------------------------------------------------------------- H-KW-APPROACH


@pytest.mark.parametrize(("card", "p1", "p2", "to", "text"), [
    ("gohei_jab", (2, 0), (5, 0), (3, 0), "P1 approaches from (2,0) to (3,0)"),
    ("sealing_step#1", (2, 0), (6, 0), (4, 0), "P1 approaches from (2,0) to (4,0)"),
    # never into the opponent's cell: the second cell would be P2's
    ("sealing_step#1", (2, 0), (4, 0), (3, 0), "P1 approaches from (2,0) to (3,0)"),
    ("gohei_jab", (2, 0), (3, 0), (2, 0), "P1 approaches: no cell closer to P2, no move"),
    # P2 right above: no horizontal cell is closer
    ("gohei_jab", (2, 0), (2, 1), (2, 0), "P1 approaches: no cell closer to P2, no move"),
    ("gohei_jab", (5, 1), (2, 0), (4, 1), "P1 approaches from (5,1) to (4,1)"),
])
def test_kw_approach(card, p1, p2, to, text) -> None:
    """H-KW-APPROACH: X cells horizontally toward the opponent, never into its cell; no move when no
    cell is closer."""
    game = turn(cast=card, p1={"x": p1[0], "y": p1[1]}, p2={"x": p2[0], "y": p2[1]})
    steps = game.run(until="decision")
    app = by_name(steps)["eff.approach"]
    assert app.clauses == ("H-KW-APPROACH",)
    assert app.sentence == text
    assert (app.after.players[0].x, app.after.players[0].y) == to


def test_kw_approach_then_strike() -> None:
    """H-KW-APPROACH before the physical effect: P2's Star Poke (GRR) from (6,0) approaches P1 on
    (2,0) to (5,0) and still misses; from (5,0) it approaches to (4,0) and hits."""
    game = turn(attacker=1, cast="star_poke", p2={"x": 6})
    s = by_name(game.run(until="decision"))
    assert s["eff.approach"].after.players[1].x == 5
    assert s["eff.physical"].events[0]["hit"] is False
    game = turn(attacker=1, cast="star_poke", p2={"x": 5})
    s = by_name(game.run(until="decision"))
    assert s["eff.approach"].after.players[1].x == 4
    assert s["eff.physical"].events[0]["hit"] is True


# --------------------------------------------------------------------------- H-KW-SUB / S-5


@pytest.mark.parametrize(("option", "recovery"), [("replace", 2), ("add", 4)])
def test_kw_sub_cost_effects_and_recovery(option: str, recovery: int) -> None:
    """H-KW-SUB with S-5: Sealing Step's {1/1/1 'dash 1'}: 1 spirit paid, the dash performed, and
    taking recovery costs A+B = 2 ('replace') or the card's 2 + A+B ('add')."""
    game = turn(cast="sealing_step#1", p2={"x": 7}, options={"sub.recovery": option})
    steps = game.run(until="decision")
    s = by_name(steps)
    assert s["eff.approach"].after.players[0].x == 4
    assert s["eff.physical"].events[0]["hit"] is False
    sub = s["eff.sub"]
    assert sub.clauses == ("H-KW-SUB", "S-5")
    assert sub.sentence == (f"P1 performs the sub-action 1/1/1: spirit 5 → 4, recovery becomes "
                            f"{recovery}")
    p = sub.after.players[0]
    assert p.spirit == (U, U, U, U, D)
    assert p.recovery_override == recovery
    assert game.pending.kind == "dash"
    dash = game.choose("dash to (5,0)")
    assert dash.after.players[0].x == 5
    game.run(until="decision")
    step = game.choose("take recovery")
    assert step.clauses == ("H-PLAY-1", "R-14", "S-5")
    assert step.sentence == f"P1 takes Sealing Step's recovery: marker t=3 → {3 + recovery}"


def test_kw_sub_not_payable_is_not_performed() -> None:
    """H-KW-SUB: without the spirit for its cost the sub-action is not performed: no dash, the card's
    own recovery."""
    game = turn(cast="sealing_step#1", p1={"spirit": (D, D, D, D, D)}, p2={"x": 7})
    steps = game.run(until="decision")
    sub = by_name(steps)["eff.sub"]
    assert sub.clauses == ("H-KW-SUB",)
    assert sub.sentence == "P1 cannot pay the sub-action's 1 spirit (has 0): not performed"
    assert "eff.dash" not in names(steps)
    step = game.choose("take recovery")
    assert step.sentence == "P1 takes Sealing Step's recovery: marker t=3 → 5"


# --------------------------------------------------------------------------- H-KW-GROUNDAIR


def test_kw_groundair_on_the_ground() -> None:
    """H-KW-GROUNDAIR: Spirit Kick after resolving on the ground: its ground effect (approach 1)."""
    game = turn(cast="spirit_kick#1", p2={"x": 5})
    steps = game.run(until="decision")
    assert names(steps)[-4:-1] == ["eff.physical", "kw.groundair", "eff.approach"]
    ga = by_name(steps)["kw.groundair"]
    assert ga.clauses == ("H-KW-GROUNDAIR",)
    assert ga.sentence == "P1 is on the ground: Spirit Kick's on the ground effect applies"
    assert game.state.players[0].x == 3


def test_kw_groundair_in_the_air() -> None:
    """H-KW-GROUNDAIR: in the air, Spirit Kick's air effect (move 1) is performed."""
    game = turn(cast="spirit_kick#1", p1={"y": 1}, p2={"x": 5})
    steps = game.run(until="decision")
    ga = by_name(steps)["kw.groundair"]
    assert ga.sentence == "P1 is in the air: Spirit Kick's in the air effect applies"
    assert game.pending.kind == "move"


def test_kw_groundair_no_effect_for_the_condition() -> None:
    """H-KW-GROUNDAIR: Comet Kick has only an air effect: on the ground nothing is performed."""
    game = turn(attacker=1, cast="comet_kick#1", p1={"x": 2}, p2={"x": 6, "spirit": (D,) * 5})
    steps = game.run(until="decision")
    ga = by_name(steps)["kw.groundair"]
    assert ga.sentence == "P2 is on the ground: Comet Kick has no effect for that"
    assert game.state.players[1].x == 6
