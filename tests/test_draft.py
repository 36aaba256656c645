"""Unit tests of the HisouTab early draft ruleset, one family of clauses at a time (D-… IDs)."""

from __future__ import annotations

import pytest

from hisoutab import Game
from hisoutab.engine.errors import InputError, OptionError
from hisoutab.games.hisoutab.draft.rules import Bullet
from hisoutab.games.hisoutab.draft.rules.cards import load_character

from .test_draft_support import RS, names, situation, start, step_named

# P1 (miko) and P2 (magician) side by side on the ground, P1 facing right
NEAR = {"x": 3, "y": 0, "facing": 1}
NEAR2 = {"x": 4, "y": 0, "facing": -1}
FAR2 = {"x": 6, "y": 0, "facing": -1}


def p1_resolves(card: str, p1=None, p2=None, options=None, versions=(0, 0, 0, 0), **fields):
    """P1's turn at t=3 with ``card`` in play (its cast time ends now); P2's marker later."""
    base = start(options=options, versions=versions)
    return situation(base, time=3, p1={"marker": 3, "played": card, **NEAR, **(p1 or {})},
                     p2={"marker": 6, **NEAR2, **(p2 or {})}, **fields)


# ------------------------------------------------------------------------------ §2 setup


def test_setup_health_skills_hand_spirit_pieces_first_player() -> None:
    """D-SETUP-1..6: health 20, one of two versions per motion chosen (a joint decision), the chosen
    cards in hand and the rest aside, 5 spirit, slot 2 from each end, the second player +3 HP."""
    game = Game(RS, seed=0, options={"setup.first_player": "p1"})
    game.run(until="decision")
    d = game.pending
    assert d.kind == "skill" and d.joint and d.clauses == ("D-SETUP-2",)
    assert d.labels("P1") == ("take yin_yang_orb", "take sliding_kick")
    assert d.labels("P2") == ("take narrow_spark", "take witch_leyline")
    for _ in range(4):
        d = game.pending
        game.choose({p: d.options_for(p)[1].label for p in d.players})
    game.run(until="decision")
    s = game.state
    p1, p2 = s.players
    assert (p1.hp, p1.max_hp, p2.hp, p2.max_hp) == (20, 20, 23, 23)
    assert p1.spirit == p2.spirit == 5
    assert (p1.x, p1.y, p2.x, p2.y) == (2, 0, 6, 0)
    assert p1.marker == p2.marker == 1 and s.initiative == 0 and s.first == 0
    assert set(p1.aside) == {"P1/yin_yang_orb", "P1/rising_gohei", "P1/spirit_amulet", "P1/heaven_kick"}
    assert "P1/sliding_kick" in p1.hand and "P1/gohei_jab" in p1.hand and len(p1.hand) == 10
    clauses = {c for st in game.history for c in st.clauses}
    assert {f"D-SETUP-{k}" for k in range(1, 7)} <= clauses


def test_first_player_is_random() -> None:
    """D-SETUP-6: who goes first is random; the other player gets 3 more HP."""
    firsts = set()
    for seed in range(12):
        g = Game(RS, seed=seed)
        g.run(until="decision")
        for _ in range(4):
            d = g.pending
            g.choose({p: d.options_for(p)[0].label for p in d.players})
        g.run(until="decision")
        s = g.state
        firsts.add(s.first)
        assert s.players[1 - s.first].hp == 23 and s.players[s.first].hp == 20
        assert s.initiative == s.first
    assert firsts == {0, 1}


# ------------------------------------------------------------------------------ §4 turn order


def test_earlier_marker_takes_the_turn_same_slot_is_simultaneous() -> None:
    """D-TURN-1: the earlier marker takes the turn; D-TURN-2: the same slot → simultaneous action."""
    base = start()
    g = situation(base, time=2, p1={"marker": 3}, p2={"marker": 5})
    g.run(until="decision")
    assert g.state.time == 3 and g.pending.players == ("P1",)
    g = situation(base, time=2, p1={"marker": 4}, p2={"marker": 4})
    steps = g.run(until="decision")
    assert step_named(steps, "turn.begin").clauses[:2] == ("D-TURN-1", "D-TURN-2")
    assert g.pending.joint and g.pending.players == ("P1", "P2")


# ------------------------------------------------------------------------------ §6 turn phases


def test_play_offers_no_defense_card_and_cast_pays_cost_and_time() -> None:
    """D-PLAY, D-EFF-DEF (defense cards only in the defense phase), D-CAST (cost and cast time)."""
    base = start()
    g = situation(base, time=3, p1={"marker": 3}, p2={"marker": 9})
    g.run(until="decision")
    labels = g.pending.labels("P1")
    assert "play gohei_jab" in labels and "wait" in labels and "play guard" not in labels
    assert len(set(labels)) == len(labels)
    g.choose("play amulet_shot")
    st = step_named(g.run(until="decision"), "cast")
    p = st.after.players[0]
    assert p.played == "P1/amulet_shot" and p.spirit == 4 and p.marker == 5
    assert st.clauses == ("D-CAST",)


def test_ground_only_cards_need_the_ground() -> None:
    """D-TAG-GROUND: a ground-only card cannot be played in the air."""
    base = start()
    g = situation(base, time=3, p1={"marker": 3, "y": 1}, p2={"marker": 9})
    g.run(until="decision")
    assert "play shrine_dash" not in g.pending.labels("P1")
    g = situation(base, time=3, p1={"marker": 3}, p2={"marker": 9})
    g.run(until="decision")
    assert "play shrine_dash" in g.pending.labels("P1")


def test_resolve_move_discard_recover_replenish() -> None:
    """D-RES (effects, then discard), D-EFF-MOVE (orthogonal, not through the opponent), D-RECOVER,
    D-REPLENISH (the discard pile returns to hand)."""
    g = p1_resolves("step", p1={"discard": ("gohei_jab",)})
    g.run(until="decision")
    d = g.pending
    assert d.kind == "move"
    assert set(d.labels("P1")) == {"stay at (3,0)", "move to (2,0)", "move to (3,1)"}  # (4,0): P2
    g.choose("move to (2,0)")
    g.run(until="decision")
    assert g.pending.kind == "cancel"
    assert "cancel with gohei_jab" not in g.pending.labels("P1")  # in the discard pile
    assert "cancel with shrine_dash" in g.pending.labels("P1")  # level 2 > 1
    g.choose("no cancel")
    steps = g.run(until="decision")
    assert names(steps)[:3] == ["cancel.end", "recover", "replenish"]
    p = steps[2].after.players[0]
    assert p.marker == 4 and p.discard == () and {"P1/step", "P1/gohei_jab"} <= set(p.hand)
    assert (p.x, p.y) == (2, 0)


def test_cancel_goes_to_the_next_cast_without_replenishing() -> None:
    """D-CANCEL: a higher cancellation level card is played; no recovery, no replenishment."""
    g = p1_resolves("gohei_jab", p2=FAR2)
    g.run(until="decision")
    d = g.pending
    assert all(lbl.startswith("cancel with") for lbl in d.labels("P1")[:-1])
    assert "cancel with step" not in d.labels("P1")  # level 1 is not higher
    g.choose("cancel with gohei_swing")
    steps = g.run(until="decision")
    assert "recover" not in names(steps) and "replenish" not in names(steps)
    p = step_named(steps, "cast").after.players[0]
    assert p.played == "P1/gohei_swing" and p.marker == 5 and p.discard == ("P1/gohei_jab",)


def test_whiff_adds_one_recovering_time() -> None:
    """D-HIT, D-HIT-NO: a physical attack out of range gives +1 recovering time."""
    g = p1_resolves("gohei_jab", p2=FAR2)
    steps = g.run(until="decision")
    assert step_named(steps, "hit.check").clauses == ("D-HIT", "D-HIT-NO", "D-CARD-RANGE")
    g.choose("no cancel")
    st = step_named(g.run(until="decision"), "recover")
    assert st.after.players[0].marker == 3 + 2 + 1 and "D-HIT-NO" in st.clauses


def test_simultaneous_resolution_by_cancel_level() -> None:
    """D-RES-SIM: the higher cancellation level resolves first."""
    base = start()
    g = situation(base, time=3, p1={"marker": 3, "played": "gohei_swing", "x": 2, "facing": 1},
                  p2={"marker": 3, "played": "star_poke", **FAR2})
    steps = g.run(until="decision")
    res = [s.after.players for s in steps if s.name == "res.card"]
    assert [s.events[0]["player"] for s in steps if s.name == "res.card" and s.events] == ["P1", "P2"]
    assert res


@pytest.mark.parametrize(("label", "first", "holder"), [("pass initiative", "P1", 1),
                                                        ("keep initiative", "P2", 0)])
def test_same_level_initiative_holder_decides(label: str, first: str, holder: int) -> None:
    """D-RES-SIM: on the same level the holder passes the token and acts first, or keeps it and the
    other player acts first."""
    base = start()
    g = situation(base, time=3, p1={"marker": 3, "played": "gohei_jab", "x": 2, "facing": 1},
                  p2={"marker": 3, "played": "star_poke", **FAR2})
    g.run(until="decision")
    d = g.pending
    assert d.kind == "initiative" and d.players == ("P1",)
    assert d.labels() == ("pass initiative", "keep initiative")
    g.choose(label)
    steps = g.run(until="decision")
    order = [s.events[0]["player"] for s in steps if s.name == "res.card" and s.events]
    assert order[0] == first and g.state.initiative == holder


def test_simultaneous_cancel_initiative_holder_first() -> None:
    """D-CANCEL-SIM: the initiative holder decides first whether to cancel, then the other player."""
    base = start()
    g = situation(base, time=3, initiative=1,
                  p1={"marker": 3, "played": "step", "x": 1, "facing": 1},
                  p2={"marker": 3, "played": "broom_step", "x": 7, "facing": -1})
    g.run(until="decision")
    while g.pending.kind != "cancel":
        d = g.pending
        g.choose("keep initiative" if d.kind == "initiative" else d.labels(d.player)[0])
        g.run(until="decision")
    assert g.pending.players == ("P2",)
    g.choose("no cancel")
    g.run(until="decision")
    assert g.pending.kind == "cancel" and g.pending.players == ("P1",)


# ------------------------------------------------------------------------------ §7 attacks


def test_hit_then_defense_phase_and_block() -> None:
    """D-HIT-YES, D-DEF, D-DMG-BLOCK, D-BLOCK: no card in play → a defense card may be played; the
    block puts the marker at the current time + (hitlag − 1) and costs no spirit against a physical
    attack."""
    g = p1_resolves("gohei_jab")
    g.run(until="decision")
    d = g.pending
    assert d.kind == "defense" and d.players == ("P2",)
    assert d.labels("P2") == ("block with barrier", "take the hit")
    g.choose("block with barrier")
    steps = g.run(until="decision")
    st = step_named(steps, "dmg.block")
    p2 = st.after.players[1]
    assert p2.marker == 3 + 2 - 1 and p2.hp == 23 and p2.spirit == 5
    assert "P2/barrier" in p2.discard


def test_normal_attack_phase() -> None:
    """D-DMG-NORMAL, D-NORMAL: health − damage, marker to the current time + hitlag."""
    g = p1_resolves("gohei_jab")
    g.run(until="decision")
    g.choose("take the hit")
    st = step_named(g.run(until="decision"), "dmg.normal")
    p2 = st.after.players[1]
    assert (p2.hp, p2.marker) == (22, 5) and st.clauses == ("D-NORMAL",)


def test_counter_attack_phase() -> None:
    """D-DMG-COUNTER, D-COUNTER: a card in play → no defense; damage + 1, hitlag + 1, the card is
    discarded and the attacker gains 1 spirit."""
    g = p1_resolves("gohei_jab", p1={"spirit": 3}, p2={"played": "star_poke"})
    steps = g.run(until="decision")
    assert "def.phase" in names(steps)
    assert step_named(steps, "def.phase").sentence.endswith("has a card in play: no defense")
    st = step_named(steps, "dmg.counter")
    p1, p2 = st.after.players
    assert (p2.hp, p2.marker, p2.played) == (23 - 2, 3 + 3, None) and "P2/star_poke" in p2.discard
    assert p1.spirit == 4


def test_parry_strikes_back_and_cannot_be_defended() -> None:
    """D-TAG-PARRY: a physical attack received during the parry card's time activates it: the attack
    is stopped and the parry hits back undefended — here a counter hit on the attacker's card in
    play, with its damage: knockback into the side (D-TAG-DAMAGE, D-TAG-KNOCKBACK, +1 damage)."""
    g = p1_resolves("gohei_jab", p2={"played": "mirror_parry"})
    steps = g.run(until="decision")
    seq = names(steps)
    assert seq[seq.index("hit.check"):seq.index("hit.check") + 5] == [
        "hit.check", "parry", "dmg.phase", "dmg.counter", "eff.knockback"]
    assert "def.phase" not in seq
    p1, p2 = g.state.players
    assert p1.hp == 20 - 3 - 1 and p1.x == 1 and p1.played is None
    assert "P1/gohei_jab" in p1.discard and "P2/mirror_parry" in p2.discard
    assert p2.marker == 3 + 2 and p2.hp == 23
    kb = step_named(steps, "eff.knockback")
    assert kb.events[0]["wall"] is True


@pytest.mark.parametrize(("option", "struck", "hp"), [("ignored", True, 16), ("checked", False, 20)])
def test_parry_strike_back_and_its_own_range(option: str, struck: bool, hp: int) -> None:
    """DS-15 parry.range: Gohei Swing from two blocks away activates Mirror Parry, whose range is one
    block. By default the parry strikes back anyway; with ``checked`` the received attack is stopped
    and nothing strikes back."""
    g = p1_resolves("gohei_swing", p1={"x": 3}, p2={"played": "mirror_parry", "x": 5},
                    options={"parry.range": option})
    steps = g.run(until="decision")
    parry = step_named(steps, "parry")
    assert parry.events[0]["struck"] is struck and "DS-15" in parry.clauses
    assert ("D-CARD-RANGE" in parry.clauses) is not struck
    assert ("dmg.phase" in names(steps)) is struck
    p1, p2 = g.state.players
    assert p1.hp == hp and "P2/mirror_parry" in p2.discard and p2.marker == 3 + 2


def test_parry_time_passing_has_no_effect() -> None:
    """D-TAG-PARRY: a parry card that received no physical attack has no effect when it resolves."""
    g = p1_resolves("fantasy_seal", versions=(1, 1, 1, 1))
    steps = g.run(until="decision")
    st = step_named(steps, "res.card")
    assert "no effect" in st.sentence and "D-TAG-PARRY" in st.clauses
    assert "eff.physical" not in names(steps)


@pytest.mark.parametrize(("scope", "hp", "kept"), [("damage", 23, False), ("hit", 23, True)])
def test_immune_card_in_play(scope: str, hp: int, kept: bool) -> None:
    """D-TAG-IMMUNE: damage reduced to 0 (DS-7 immune.scope = hit: the attack has no effect)."""
    g = p1_resolves("gohei_jab", p2={"played": "rising_broom"}, options={"immune.scope": scope})
    steps = g.run(until="decision")
    p2 = g.state.players[1]
    assert p2.hp == hp and (p2.played == "P2/rising_broom") == kept
    assert "D-TAG-IMMUNE" in {c for s in steps for c in s.clauses}


def test_damage_tag_effects_only_on_normal_or_counter() -> None:
    """D-TAG-DAMAGE: the knockback of a blocked attack does not happen; taken, it does."""
    g = p1_resolves("heaven_kick")
    g.run(until="decision")
    g.choose("block with barrier")
    assert "eff.knockback" not in names(g.run(until="decision"))
    g = p1_resolves("heaven_kick")
    g.run(until="decision")
    g.choose("take the hit")
    st = step_named(g.run(until="decision"), "eff.knockback")
    assert st.after.players[1].x == 6 and st.events[0]["wall"] is False
    assert st.clauses == ("D-TAG-KNOCKBACK", "D-TAG-DAMAGE")


def test_move_forward_stops_before_the_opponent() -> None:
    """D-TAG-FORWARD: move X blocks closer to the opponent along the ground, never into them."""
    g = p1_resolves("sliding_kick", p1={"x": 2}, p2={"x": 5}, versions=(1, 1, 1, 1))
    steps = g.run(until="decision")
    st = step_named(steps, "eff.forward")
    assert st.after.players[0].x == 4
    assert step_named(steps, "hit.check").clauses[1] == "D-HIT-YES"


def test_game_ends_at_zero_health() -> None:
    """D-GOAL-1: a player whose health reaches 0 loses."""
    g = p1_resolves("gohei_jab", p2={"hp": 1})
    g.run(until="decision")
    g.choose("take the hit")
    g.run(until="end")
    assert g.over and g.state.winner == "P1" and g.history[-1].name == "game.over"


# ------------------------------------------------------------------------------ bullets and the special line


def test_bullet_attack_puts_a_token_and_a_direction() -> None:
    """D-EFF-BUL, D-TAG-STRAIGHT: the bullet goes on the player's block with a chosen direction; its
    card stays with it."""
    g = p1_resolves("amulet_shot", p2=FAR2)
    g.run(until="decision")
    assert g.pending.labels("P1") == ("fire forward", "fire up-forward", "fire down-forward")
    g.choose("fire up-forward")
    g.run(until="decision")
    (b,) = g.state.bullets
    assert (b.x, b.y, b.dx, b.dy, b.slot, b.card) == (3, 0, 1, 1, 0, "P1/amulet_shot")
    assert "P1/amulet_shot" not in g.state.players[0].discard


def _line(bullets, p1=None, p2=None, options=None):
    """Both markers pass the special line after slot 3 at the next advance."""
    base = start(options=options)
    return situation(base, time=3, special_done=2, bullets=bullets,
                     p1={"marker": 4, **NEAR, **(p1 or {})}, p2={"marker": 5, **FAR2, **(p2 or {})})


def test_special_line_spirit_bullets_gravity() -> None:
    """D-TIME, D-TIME-1/2/3, D-CARD-LINE, D-CARD-BULLET-1, D-TAG-STRAIGHT: spirit +1 (at most 5),
    every bullet moves and its card token advances, pieces in the air fall 1."""
    g = _line((Bullet("b1", 0, "P1/amulet_shot", 3, 1, 1, 0, 0),), p1={"spirit": 2, "y": 2})
    steps = g.run(until="decision")
    assert names(steps)[:5] == ["timeline.advance", "time.line", "time.spirit", "time.bullets",
                                "time.gravity"]
    p1, p2 = g.state.players
    assert (p1.spirit, p2.spirit, p1.y) == (3, 5, 1)
    (b,) = g.state.bullets
    assert (b.x, b.y, b.slot) == (4, 1, 1)


def test_special_line_every_option() -> None:
    """DR-1 timeline.special_every: with 2, the line after slot 2 triggers too."""
    g = _line((), options={"timeline.special_every": 2})
    g = situation(start(options={"timeline.special_every": 2}), time=1, special_done=0,
                  p1={"marker": 5}, p2={"marker": 6})
    steps = g.run(until="decision")
    assert [s.sentence.split(":")[0] for s in steps if s.name == "time.line"] == [
        "special line after slot 2", "special line after slot 4"]


def test_bullet_leaving_the_last_slot_is_discarded() -> None:
    """D-CARD-BULLET-2: when the token leaves the last slot the card is discarded."""
    g = _line((Bullet("b1", 0, "P1/amulet_shot", 3, 1, 1, 0, 3),))
    st = step_named(g.run(until="decision"), "time.bullets")
    assert st.after.bullets == () and "P1/amulet_shot" in st.after.players[0].discard
    assert "D-CARD-BULLET-2" in st.clauses


def test_trace_bullet_moves_closer() -> None:
    """D-TAG-TRACE: a trace bullet moves X blocks closer to the opponent."""
    g = _line((Bullet("b1", 1, "P2/homing_star", 6, 2, 0, 0, 0),))
    st = step_named(g.run(until="decision"), "time.bullets")
    (b,) = st.after.bullets
    assert (b.x, b.y) == (5, 1) and "D-TAG-TRACE" in st.clauses


@pytest.mark.parametrize(("label", "spirit", "hp", "marker"), [
    ("block with barrier", 4, 23, 4 + 2 - 1), ("take the hit", 5, 22, 4 + 2)])
def test_bullet_hit_defense_phase(label: str, spirit: int, hp: int, marker: int) -> None:
    """D-ATK-BUL (DR-2 damaged phase), D-DEF, D-BLOCK: a blocked bullet costs 1 spirit."""
    g = _line((Bullet("b1", 0, "P1/amulet_shot", 5, 0, 1, 0, 0),), p2={"marker": 7})
    g.run(until="decision")
    assert g.pending.kind == "defense"
    g.choose(label)
    g.run(until="decision")
    p2 = g.state.players[1]
    assert (p2.spirit, p2.hp, p2.marker) == (spirit, hp, marker)
    assert g.state.bullets == () and "P1/amulet_shot" in g.state.players[0].discard


def test_bullet_hit_block_phase_reading() -> None:
    """DR-2 bullet.hit_phase = block: the source's literal block phase."""
    g = _line((Bullet("b1", 0, "P1/amulet_shot", 5, 0, 1, 0, 0),), p2={"marker": 7},
              options={"bullet.hit_phase": "block"})
    steps = g.run(until="decision")
    assert "def.phase" not in names(steps)
    st = step_named(steps, "dmg.block")
    assert st.after.players[1].spirit == 4 and "DR-2" in st.clauses


def test_dash_discards_bullets_passed_through() -> None:
    """D-EFF-MOVE: a dash discards the bullets (and their cards) it passes through."""
    base = start()
    g = situation(base, time=3, bullets=(Bullet("b1", 1, "P2/magic_missile", 3, 0, -1, 0, 0),),
                  p1={"marker": 3, "played": "shrine_dash", "x": 2, "facing": 1},
                  p2={"marker": 6, **FAR2})
    g.run(until="decision")
    labels = g.pending.labels("P1")
    assert "dash to (4,0) through b1" in labels and "dash to (2,1)" in labels
    assert len(set(labels)) == len(labels)
    g.choose("dash to (4,0) through b1")
    g.run(until="decision")
    assert g.state.bullets == () and "P2/magic_missile" in g.state.players[1].discard
    assert g.state.players[0].x == 4


# ------------------------------------------------------------------------------ options and data


def test_at_once_resolves_in_the_same_turn() -> None:
    """DS-2 cast.resolve = at_once: the card resolves right after its cast; recovery from the marker."""
    base = start(options={"cast.resolve": "at_once"})
    g = situation(base, time=3, p1={"marker": 3, **NEAR}, p2={"marker": 9, **FAR2})
    g.run(until="decision")
    g.choose("play step")
    steps = g.run(until="decision")
    assert names(steps)[:3] == ["cast", "res.begin", "res.card"]
    g.choose("stay at (3,0)")
    g.run(until="decision")
    g.choose("no cancel")
    st = step_named(g.run(until="decision"), "recover")
    assert st.after.players[0].marker == 3 + 1 + 1


def test_bad_option_is_refused() -> None:
    with pytest.raises(OptionError, match=r"cast\.resolve"):
        Game(RS, options={"cast.resolve": "never"})


@pytest.mark.parametrize(("text", "line", "field", "message"), [
    ("character: x\nname: X\ncards:\n  a:\n    name: A\n    kind: move\n    cast: 0\n"
     "    recovery: 1\n    effects: [{move: 1}]\n", 7, "cards.a.cast", "greater than or equal"),
    ("character: x\nname: X\ncards:\n  a:\n    name: A\n    kind: physical\n    cast: 1\n"
     "    recovery: 1\n    hitlag: 1\n    effects: [physical]\n", 4, "cards.a.range", "range grid"),
    ("character: x\nname: X\ncards:\n  a:\n    name: A\n    kind: move\n    cast: 1\n"
     "    recovery: 1\n    effects: [{jump: 1}]\n", 9, "cards.a.effects.0.jump", "unknown effect"),
    ("character: x\nname: X\ncards:\n  a:\n    name: A\n    kind: move\n    motion: '236'\n    cast: 1\n"
     "    recovery: 1\n    effects: [{move: 1}]\n", 3, "cards", "motion 236 has 1 skill version"),
])
def test_card_data_errors_name_file_line_field(tmp_path, text, line, field, message) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(InputError) as err:
        load_character(path)
    e = err.value
    assert e.file == str(path) and e.line == line and e.field == field and message in str(e)
