"""Recast Rift: casting and the cast-resolution order (RR-CAST-*, RR-SEQ-*, RR-ATK-*), preempts
nested on the stack (RR-PRE-*), damage resolution (RR-DMG-*), the graze check (RR-GRZ-*) and
deploy (RR-DEP-*)."""

from __future__ import annotations

from hisoutab.engine.record import replace
from hisoutab.games.recast_rift.rules import Entry

from .test_recast_rift_support import (
    MAIN,
    P2_SPELLS,
    choose,
    cited,
    labels,
    main_phase,
    names,
    run_auto,
    situation,
    start,
)

REIMU_MARISA = ["amulet_volley", "boundary_ward", "sealing_circle", "spirit_gust", "purifying_rain",
                "comet_rush", "stardust_shower", "master_beam", "spark_counter"]
DECKS_B = [{"fighters": ["reimu", "marisa"], "spells": REIMU_MARISA},
           {"fighters": ["sakuya", "youmu"], "spells": P2_SPELLS}]


def cast_and_run(game, card: str) -> list:
    return choose(game, f"cast {card}")


# ------------------------------------------------------------------------------ the order
def test_an_attack_card_is_processed_in_the_fixed_order() -> None:
    """RR-SEQ-1, RR-SEQ-3.1, RR-CAST-1, RR-CAST-4: cast (into the cast zone), [On Cast], «Attack»,
    the opponent's preempt timing, damage resolution, deploy."""
    g = main_phase(p1={"hand": ["amulet_volley"], "recast_3": ["sealing_circle"]},
                   p2={"hand": ["silver_knives", "time_skip"]})
    steps = cast_and_run(g, "amulet_volley")
    assert names(steps)[1:8] == ["cast", "seq.on_cast", "text", "eff.lift", "text.next", "seq.after_cast",
                                 "seq.attack"]
    assert g.state.cast_zone == ("P1/amulet_volley",)
    e = g.state.stack[-1]
    assert (e.controller, e.stage, e.hand, e.life) == (0, "preempt", 2, 1)
    assert g.pending.kind == "damage" and g.pending.players == ("P2",)  # P2 has no Preempt card
    steps += choose(g, "take with hand")
    assert g.state.stack == () and g.state.players[0].recast_2 == ("P1/sealing_circle", "P1/amulet_volley")
    assert names(steps)[-2:] == ["guard.pick", "seq.deploy"] or "seq.deploy" in names(steps)
    assert {"RR-CAST-1", "RR-ZONE-5", "RR-SEQ-1", "RR-SEQ-3.1", "RR-CAST-4", "RR-ATK-1", "RR-DMG-2",
            "RR-DEP-1", "RR-DEP-2"} <= cited(steps)


def test_an_action_card_goes_from_on_cast_to_deploy() -> None:
    """RR-SEQ-3.2…3.4: an Action, Placement or Trigger card has no «Attack»: deploy follows."""
    g = situation(start(), agenda=(("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",)),
                  active=1, p1={"recast_3": ["sealing_circle"]}, p2={"hand": ["time_skip", "pocket_watch"]})
    steps = choose(g, "cast pocket_watch")
    assert "seq.attack" not in names(steps) and "RR-SEQ-3.3" in cited(steps)
    steps = choose(g, "cast time_skip")
    assert "RR-SEQ-3.2" in cited(steps) and g.pending.kind == "deploy"  # [III] or [II]
    assert labels(g) == ("deploy time_skip to III", "deploy time_skip to II")


def test_two_on_cast_abilities_the_first_then_the_second() -> None:
    """RR-CAST-4: the first [On Cast] ability (face down any cards) runs before the second, whose
    condition ("your hand is empty") it can satisfy: the «Attack» then deals 2 more to the Life."""
    g = main_phase(p1={"hand": ["comet_rush", "spirit_gust", "magic_trap"]})
    steps = cast_and_run(g, "comet_rush")
    assert labels(g) == ("face down spirit_gust", "face down magic_trap", "stop")
    steps += choose(g, "face down spirit_gust")
    steps += choose(g, "face down magic_trap")
    e = g.state.stack[-1]
    assert (e.hand, e.life) == (1, 3) and g.state.players[0].hand == ()
    g = main_phase(p1={"hand": ["comet_rush", "spirit_gust"]})
    cast_and_run(g, "comet_rush")
    steps = choose(g, "stop")
    assert (g.state.stack[-1].hand, g.state.stack[-1].life) == (1, 1)
    assert any("is not met" in st.sentence for st in steps)


# ------------------------------------------------------------------------------ preempts
def test_preempts_nest_two_deep_and_resolve_top_down() -> None:
    """RR-PRE-1…4, RR-SEQ-1 step 3: P1's «Attack», answered by P2's preempt «Attack» (on top of it,
    processed from step 1), answered by P1's preempt «Attack»; the stack shows whose card, which
    stage, what damage; it resolves from the top down; P2 may answer the third «Attack» too."""
    base = start(decks=DECKS_B)
    g = main_phase(base, p1={"hand": ["stardust_shower", "purifying_rain", "comet_rush"]},
                   p2={"hand": ["ricochet_blade", "silver_knives", "twin_cut"]})
    cast_and_run(g, "stardust_shower")
    assert g.pending.kind == "preempt" and labels(g) == ("preempt with ricochet_blade", "pass")
    choose(g, "preempt with ricochet_blade")
    assert g.pending.kind == "preempt" and g.pending.players == ("P1",)
    assert labels(g) == ("preempt with purifying_rain", "pass")
    steps = choose(g, "preempt with purifying_rain")
    stack = g.state.stack
    assert [(e.card, e.controller, e.stage, e.hand, e.life) for e in stack] == [
        ("P1/stardust_shower", 0, "preempt", 4, 1),
        ("P2/ricochet_blade", 1, "preempt", 0, 1),
        ("P1/purifying_rain", 0, "damage", 1, None)]
    assert g.state.cast_zone == ("P1/stardust_shower", "P2/ricochet_blade", "P1/purifying_rain")
    assert {"RR-PRE-3", "RR-PRE-4"} <= cited(steps)
    # P2's window for the third «Attack»: nothing left to preempt with, then P2 takes 1/ー with the Hand
    assert g.pending.kind == "guard"
    order = []
    while g.pending is not None and g.state.active == 0 and g.state.stack:
        before = len(g.state.stack)
        steps = choose(g, labels(g)[0])
        order += [st.sentence for st in steps if st.name == "seq.deploy"]
        assert len(g.state.stack) <= before
    assert [x.split(" is deployed")[0] for x in order] == [
        'P1\'s Purification "Rain of Needles"', 'P2\'s Ricochet "Mirror-Hall Blade"',
        'P1\'s Star Sign "Stardust Shower"']


def test_a_preempt_lowers_the_damage_never_below_zero() -> None:
    """RR-ATK-2, RR-ATK-3: damage fixed by «Attack» processing changes at the preempt timing; damage
    resolution takes it as it stands."""
    g = situation(start(), agenda=(("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",)), active=1,
                  p1={"hand": ["boundary_ward", "spirit_gust"]}, p2={"hand": ["ricochet_blade"]})
    steps = cast_and_run(g, "ricochet_blade")
    assert labels(g) == ("preempt with boundary_ward", "pass")
    steps += choose(g, "preempt with boundary_ward")
    lower = next(st for st in steps if st.name == "eff.lower")
    assert "0/1 → 0/0" in lower.sentence and {"RR-ATK-2", "RR-ATK-3"} <= set(lower.clauses)
    e = g.state.stack[-1]
    assert e.card == "P2/ricochet_blade" and (e.hand, e.life) == (0, 0)


def test_cannot_beats_can_no_preempt_while_the_seal_is_deployed() -> None:
    """RR-PRIN-0, RR-PRIN-2: the rules say a Preempt card can be cast at the preempt timing; the
    seal's [While Deployed] 'cannot' wins."""
    g = main_phase(p1={"hand": ["stardust_shower"], "recast_3": ["sealing_circle"]},
                   p2={"hand": ["ricochet_blade", "frozen_moment"]})
    steps = cast_and_run(g, "stardust_shower")
    window = next(st for st in steps if st.name == "seq.preempt")
    assert window.auto and {"RR-PRIN-0", "RR-PRIN-2"} <= set(window.clauses)
    g = main_phase(p1={"hand": ["stardust_shower"]}, p2={"hand": ["ricochet_blade", "frozen_moment"]})
    cast_and_run(g, "stardust_shower")
    assert labels(g) == ("preempt with ricochet_blade", "preempt with frozen_moment", "pass")


def test_one_preempt_per_timing_or_any_number() -> None:
    """A-13: after one preempt the timing closes (a13.preempts = any: it opens again for the same
    «Attack»)."""
    for option in ("one", "any"):
        g = main_phase(p1={"hand": ["stardust_shower"]}, p2={"hand": ["frozen_moment", "ricochet_blade"]},
                       options={"a13.preempts": option})
        cast_and_run(g, "stardust_shower")
        choose(g, "preempt with frozen_moment")
        while g.pending is not None and g.pending.kind == "deploy":
            choose(g, labels(g)[0])
        reopened = g.pending is not None and g.pending.kind == "preempt" and g.pending.players == ("P2",)
        assert reopened is (option == "any")
        if reopened:
            assert labels(g) == ("preempt with ricochet_blade", "pass")
            choose(g, "pass")
            assert "A-13" in cited(g.history)


def test_the_full_power_player_may_preempt_a_preempt_attack() -> None:
    """RR-TURN-3.4: the ban on Normal actions after the Full-Power action does not cover preempting
    at the opponent's preempt timing."""
    base = start(decks=DECKS_B)
    g = main_phase(base, p1={"hand": ["master_beam", "spark_counter"]}, p2={"hand": ["ricochet_blade"]})
    choose(g, "full-power master_beam")
    choose(g, "preempt with ricochet_blade")
    assert g.state.players[0].mode == "full_power"
    assert g.pending.kind == "preempt" and g.pending.players == ("P1",)
    assert labels(g) == ("preempt with spark_counter", "pass")
    choose(g, "preempt with spark_counter")
    assert [e.card for e in g.state.stack] == ["P1/master_beam", "P2/ricochet_blade", "P1/spark_counter"]
    assert "RR-TURN-3.4" in cited(g.history)


# ------------------------------------------------------------------------------ damage resolution
def test_hand_or_life_and_the_bar_takes_the_choice_away() -> None:
    """RR-DMG-1…3: 2/1 offers both; ー/1 must be taken with the Life; 2/ー with the Hand; a hand
    shorter than the Hand damage must take it with the Life."""
    g = main_phase(p1={"hand": ["amulet_volley"]}, p2={"hand": ["silver_knives", "time_skip"]})
    cast_and_run(g, "amulet_volley")
    assert labels(g) == ("take with hand", "take with life")
    g = main_phase(p1={"hand": ["spirit_gust"]}, p2={"hand": ["time_skip"]})
    steps = cast_and_run(g, "spirit_gust")
    dmg = next(st for st in steps if st.name == "seq.damage")
    assert dmg.auto and "with the Life" in dmg.sentence
    g = situation(start(), agenda=(("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",)), active=1,
                  p1={"hand": ["comet_rush", "magic_trap", "mini_furnace"]}, p2={"hand": ["spirit_slash"]})
    steps = cast_and_run(g, "spirit_slash")
    assert g.pending.kind == "guard" and "RR-DMG-2" in cited(steps)  # 2/ー: with the Hand
    g = main_phase(p1={"hand": ["stardust_shower"]}, p2={"hand": ["time_skip", "twin_cut"]})
    steps = cast_and_run(g, "stardust_shower")
    dmg = next(st for st in steps if st.name == "seq.damage")
    assert dmg.auto and "with the Life" in dmg.sentence and "RR-DMG-2" in dmg.clauses  # 4 > 2 cards


def test_a_forced_hand_side_the_hand_cannot_pay() -> None:
    """A-14: 2/ー against one card: the whole hand goes face down (a14.short_hand = no_damage:
    nothing happens)."""
    for option, face_down in (("whole_hand", 1), ("no_damage", 0)):
        g = situation(start(options={"a14.short_hand": option}),
                      agenda=(("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",)), active=1,
                      p1={"hand": ["comet_rush"]}, p2={"hand": ["spirit_slash"]})
        steps = cast_and_run(g, "spirit_slash")
        p = g.state.players[0]
        assert len(p.face_down) == face_down and p.life == 6 and "A-14" in cited(steps)


def test_zero_is_a_value_bar_is_not() -> None:
    """A-15: 0/1 may be guarded with no card (a15.bar_and_zero = same: a 0 side is like a bar)."""
    g = situation(start(), agenda=(("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",)), active=1,
                  p1={"hand": []}, p2={"hand": ["ricochet_blade"]})
    cast_and_run(g, "ricochet_blade")
    assert labels(g) == ("take with hand", "take with life")
    steps = choose(g, "take with hand")
    assert any(st.sentence == "P1 guards with 0 cards" for st in steps) and g.state.players[0].life == 6
    g = situation(start(options={"a15.bar_and_zero": "same"}),
                  agenda=(("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",)), active=1,
                  p1={"hand": []}, p2={"hand": ["ricochet_blade"]})
    steps = cast_and_run(g, "ricochet_blade")
    assert any("with the Life" in st.sentence for st in steps if st.name == "seq.damage")


def test_two_bars_deal_no_damage() -> None:
    """A-15: an «Attack» of ー/ー: neither side can be chosen, no damage."""
    base = start()
    e = Entry("", 1, kind="text", how="text", stage="preempt", source="P2/twin_cut", hand=None, life=None)
    g = situation(base, agenda=MAIN + (("seq.text_end",), ("seq.damage",)), stack=(e,))
    [step, *_] = run_auto(g)
    assert "no damage" in step.sentence and "A-15" in step.clauses


# ------------------------------------------------------------------------------ graze check
def _hit_p2_for(base, life: int, p2: dict, hand: int | None = 1):
    e = Entry("P1/stardust_shower", 0, stage="preempt", base_hand=4, base_life=1, hand=hand, life=life)
    return situation(base, agenda=MAIN + (("seq.deploy",), ("seq.damage",)), stack=(e,), p1={"hand": []},
                     p2=p2)


def test_a_graze_card_drawn_means_no_hit_at_all() -> None:
    """RR-GRZ-1…3: taking 2 with the Life draws 2; a Graze card among them is revealed, nothing
    HITs, and the card stays in the hand (the others too, A-18)."""
    g = _hit_p2_for(start(), 2, {"hand": [], "deck": ["time_skip", "silver_knives", "twin_cut"]}, hand=None)
    steps = run_auto(g)
    graze = next(st for st in steps if st.name == "graze.check")
    assert "Graze" in graze.sentence and g.state.players[1].life == 6
    assert g.state.players[1].hand == ("P2/time_skip", "P2/silver_knives")
    assert {"RR-GRZ-1", "RR-GRZ-2", "RR-GRZ-3", "RR-COMP-3.7"} <= set(graze.clauses)
    g = _hit_p2_for(start(), 2, {"hand": [], "deck": ["time_skip", "twin_cut", "silver_knives"]}, hand=None)
    steps = run_auto(g)
    graze = next(st for st in steps if st.name == "graze.check")
    assert g.state.players[1].life == 4 and "HIT" in graze.sentence


def test_graze_check_rebuilds_in_the_middle_and_hits_with_nothing_to_draw() -> None:
    """RR-GRZ-4, RR-DECK-1/2: the check draws by the normal rules — an empty deck is rebuilt from
    the face-down pile in the middle of it; with no deck, face-down or reserve card there is no
    check and the damage HITs."""
    others = ["silver_knives", "frozen_moment", "killing_doll", "pocket_watch", "spirit_slash",
              "phantom_step", "twin_cut"]
    g = _hit_p2_for(start(), 2, {"hand": others, "deck": ["time_skip"], "face_down": ["ricochet_blade"]},
                    hand=None)
    steps = run_auto(g)
    graze = next(st for st in steps if st.name == "graze.check")
    assert {"RR-DECK-1", "RR-DECK-2", "RR-GRZ-3"} <= set(graze.clauses) and g.state.players[1].life == 6
    everything = {"hand": ["silver_knives", "frozen_moment", "phantom_step"],
                  "recast_3": ["time_skip", "killing_doll"], "recast_2": ["pocket_watch", "spirit_slash"],
                  "recast_1": ["ricochet_blade", "twin_cut"], "deck": []}
    g = _hit_p2_for(start(), 2, everything, hand=None)
    steps = run_auto(g)
    graze = next(st for st in steps if st.name == "graze.check")
    assert {"RR-GRZ-4", "RR-DECK-4"} <= set(graze.clauses) and g.state.players[1].life == 4


def test_graze_check_readings() -> None:
    """A-17 optional, A-18 face_down, A-19 one_by_one, A-28 full_or_none."""
    deck = {"hand": [], "deck": ["silver_knives", "time_skip", "ricochet_blade"]}
    g = _hit_p2_for(start(options={"a19.graze_draw": "one_by_one"}), 3, deck, hand=None)
    run_auto(g)
    assert g.state.players[1].hand == ("P2/silver_knives",)  # stops at the first Graze card
    g = _hit_p2_for(start(options={"a18.other_drawn": "face_down"}), 2,
                    {"hand": [], "deck": ["time_skip", "silver_knives"]}, hand=None)
    run_auto(g)
    p2 = g.state.players[1]
    assert p2.hand == ("P2/silver_knives",) and p2.face_down == ("P2/time_skip",)
    g = _hit_p2_for(start(options={"a17.graze_check": "optional"}), 2, deck, hand=None)
    run_auto(g)
    assert labels(g) == ("graze check", "no graze check")
    choose(g, "no graze check")
    assert g.state.players[1].life == 4
    g = _hit_p2_for(start(options={"a28.partial_graze": "full_or_none"}), 3,
                    {"hand": ["twin_cut", "pocket_watch", "killing_doll", "spirit_slash", "frozen_moment",
                              "phantom_step"], "deck": ["silver_knives"], "recast_1": ["time_skip"]},
                    hand=None)
    steps = run_auto(g)
    assert g.state.players[1].life == 3 and "A-28" in cited(steps)
    # two Graze cards drawn: one is revealed, chosen
    g = _hit_p2_for(start(), 2, {"hand": [], "deck": ["silver_knives", "ricochet_blade"]}, hand=None)
    run_auto(g)
    assert labels(g) == ("reveal silver_knives", "reveal ricochet_blade")


# ------------------------------------------------------------------------------ deploy
def test_deploy_failure_costs_one_life_and_makes_a_reserve_card() -> None:
    """RR-DEP-5: a card whose positions filled while it was processed becomes a reserve card and its
    player takes 1 damage to Life; at 1 Life that is the end (RR-WIN-1, A-26 immediate)."""
    e = Entry("P1/amulet_volley", 0, stage="damage", base_hand=2, base_life=1, hand=2, life=1)
    p1 = {"hand": [], "recast_2": ["sealing_circle", "comet_rush"], "life": 1}
    g = situation(start(), agenda=MAIN + (("seq.deploy",),), stack=(e,), p1=p1)
    steps = run_auto(g)
    assert g.state.players[0].reserve == ("P1/amulet_volley",) and g.state.players[0].life == 0
    assert g.over and g.state.winner == "P2" and {"RR-DEP-5", "RR-ZONE-8", "RR-WIN-1"} <= cited(steps)
    # a26.win_check = end_of_processing: the cast zone holds another card, the game goes on until empty
    below = Entry("P2/spirit_slash", 1, stage="preempt", base_hand=2, base_life=None, hand=2, life=None)
    above = replace(e, how="preempt")
    g = situation(start(options={"a26.win_check": "end_of_processing"}),
                  agenda=MAIN + (("seq.deploy",), ("seq.damage",), ("seq.deploy",)), stack=(below, above),
                  p1=p1, p2={"hand": []})
    steps = run_auto(g)
    while not g.over:
        steps += choose(g, labels(g)[0])
    assert names(steps).index("win.check") > names(steps).index("seq.damage")
    assert g.state.winner == "P2"


def test_deploy_to_zero_only_by_card_text() -> None:
    """RR-DEP-6, RR-PRIN-1: no card goes to [0], unless its own text allows it; it is then
    recovered at once."""
    g = situation(start(), agenda=(("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",)), active=1,
                  p2={"hand": ["phantom_step"]})
    cast_and_run(g, "phantom_step")
    assert labels(g) == ("deploy phantom_step to I", "deploy phantom_step to 0")
    steps = choose(g, "deploy phantom_step to 0")
    assert "P2/phantom_step" in g.state.players[1].hand
    assert {"RR-DEP-6", "RR-PRIN-0", "RR-PRIN-1", "RR-RCV-1"} <= cited(steps)


def test_the_turn_player_deploys_the_opponents_preempt_card() -> None:
    """RR-DEP-2, A-20: where a card deploys is the turn player's choice, the opponent's preempt cards
    too (a20.deploy_chooser = controller: its controller's)."""
    for option, chooser in (("turn_player", "P1"), ("controller", "P2")):
        g = main_phase(p1={"hand": ["stardust_shower"]}, p2={"hand": ["frozen_moment"]},
                       options={"a20.deploy_chooser": option})
        cast_and_run(g, "stardust_shower")
        choose(g, "preempt with frozen_moment")
        while g.pending.kind != "deploy":
            choose(g, labels(g)[0])
        assert g.pending.players == (chooser,) and labels(g) == ("deploy frozen_moment to II",
                                                                 "deploy frozen_moment to I")


# ------------------------------------------------------------------------------ text «Attack»
def test_a_text_attack_runs_its_own_attack_preempt_and_damage() -> None:
    """RR-SEQ-2, A-12: an Action card's [On Cast] «Attack» is processed «Attack», preempt timing,
    damage resolution inside the ability, before the card deploys (a12.text_attack = queued: after
    the ability has finished)."""
    for option in ("nested", "queued"):
        g = situation(start(options={"a12.text_attack": option}),
                      agenda=(("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",)), active=1,
                      p1={"hand": ["boundary_ward"]}, p2={"hand": ["twin_cut"]})
        steps = cast_and_run(g, "twin_cut")
        assert [e.kind for e in g.state.stack] == ["cast", "text"]
        assert g.pending.kind == "preempt" and labels(g) == ("preempt with boundary_ward", "pass")
        steps += choose(g, "pass")
        while g.pending is not None and g.state.active == 1 and g.pending.kind != "main":
            steps += choose(g, labels(g)[0])
        order = names(steps)
        assert order.index("seq.text_end") < order.index("seq.deploy")
        done = next(k for k, st in enumerate(steps) if st.sentence.endswith("ability is done"))
        if option == "queued":
            assert done < order.index("seq.attack") and "A-12" in cited(steps)
        else:
            assert order.index("seq.text_end") < done
        assert "RR-SEQ-2" in cited(steps)


def test_the_whole_hand_guard_of_an_empty_hand_sets_off_you_guard() -> None:
    """RR-DMG-2, A-14 whole_hand: 1/ー against an empty hand — the whole (empty) hand goes face down,
    which is still taking the «Attack» with the Hand: Clock "Second Hand's Reply" draws. (0 Hand
    damage taken with the Hand: scenarios/recast-rift/as-written/guard_with_zero_cards_…)"""
    p2_spells = [c if c != "twin_cut" else "clock_hand" for c in P2_SPELLS]
    decks = [DECKS_B[0], {"fighters": ["sakuya", "youmu"], "spells": p2_spells}]
    g = main_phase(decks=decks, p1={"hand": ["purifying_rain"]},
                   p2={"hand": [], "recast_2": ["clock_hand"], "deck": ["silver_knives"]})
    steps = cast_and_run(g, "purifying_rain")
    said = [st.sentence for st in steps]
    assert any("the whole hand goes face down" in t for t in said), said
    drew = next(st for st in steps if st.name == "eff.draw")
    assert "wait" in names(steps) and drew.after.players[1].hand == ("P2/silver_knives",), said
