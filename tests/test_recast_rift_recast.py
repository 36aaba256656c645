"""Recast Rift: recast time raised past [III] (RR-DEP-7), recovery and [On Recovery] (RR-RCV-*),
[While Deployed] effects that still hold in [0] (RR-DEP-3), awakening (RR-AWK-*), the principles
and waiting Trigger cards (RR-PRIN-*), and the win (RR-WIN-1)."""

from __future__ import annotations

from hisoutab.games.recast_rift.rules import Entry, Waiting

from .test_recast_rift_support import (
    MAIN,
    choose,
    cited,
    labels,
    main_phase,
    names,
    run_auto,
    situation,
    start,
)

P2_TURN = (("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",))
MARISA = {"fighters": ["reimu", "marisa"], "spells": ["amulet_volley", "boundary_ward", "shrine_offering",
                                                      "comet_rush", "master_beam", "broom_dash",
                                                      "mini_furnace", "magic_trap", "spirit_gust"]}
SAKUYA = {"fighters": ["sakuya", "youmu"], "spells": ["silver_knives", "time_skip", "frozen_moment",
                                                      "killing_doll", "pocket_watch", "ricochet_blade",
                                                      "spirit_slash", "phantom_step", "twin_cut"]}


def p2_turn(options=None, decks=None, far=("reimu_awakening", "sakuya_awakening"), **kw):
    base = start(options=options, decks=decks, far=far)
    return situation(base, agenda=P2_TURN, active=1, **kw)


# ------------------------------------------------------------------------------ recast time
def test_a_recast_time_raised_past_three_makes_a_reserve_card() -> None:
    """RR-DEP-7: delaying a card in [III] would put it nearer than [III]: it becomes a reserve card;
    a card in [II] goes to [III]."""
    g = p2_turn(p1={"recast_3": ["sealing_circle"], "recast_2": ["amulet_volley"]},
                p2={"hand": ["time_skip"]})
    choose(g, "cast time_skip")
    assert labels(g) == ("delay sealing_circle", "delay amulet_volley")
    steps = choose(g, "delay sealing_circle")
    assert g.state.players[0].reserve == ("P1/sealing_circle",)
    assert {"RR-DEP-7", "RR-ZONE-8"} <= cited(steps)
    g = p2_turn(p1={"recast_2": ["amulet_volley"]}, p2={"hand": ["time_skip"]})
    choose(g, "cast time_skip")
    assert g.state.players[0].recast_3 == ("P1/amulet_volley",)


def test_raising_into_a_full_position() -> None:
    """A-29: into a full [III] the card stays (a29.raise_into_full = next_free: on to the reserve)."""
    for option, where in (("stays", "recast_2"), ("next_free", "reserve")):
        g = p2_turn(options={"a29.raise_into_full": option},
                    p1={"recast_3": ["sealing_circle", "magic_trap"], "recast_2": ["amulet_volley"]},
                    p2={"hand": ["time_skip"]})
        choose(g, "cast time_skip")
        choose(g, "delay amulet_volley")
        assert "P1/amulet_volley" in getattr(g.state.players[0], where)


# ------------------------------------------------------------------------------ recovery
def test_while_deployed_still_holds_in_zero_during_recovery() -> None:
    """RR-DEP-3, RR-RCV-2, A-30: the furnace's [On Recovery] «Attack» 0/1 is made while it is in
    [0], where its own [While Deployed] +1 Life still applies (a30.zero_deployed = false: it does
    not); then it goes to the hand."""
    for option, life in ((True, 2), (False, 1)):
        g = main_phase(p1={"hand": ["comet_rush"], "recast_1": ["mini_furnace"]}, p2={"hand": []},
                       options={"a30.zero_deployed": option})
        steps = choose(g, "face down comet_rush and lift mini_furnace")
        e = g.state.stack[-1]
        assert e.kind == "text" and e.source == "P1/mini_furnace" and (e.hand, e.life) == (0, life)
        assert g.state.players[0].recast_0 == ("P1/mini_furnace",)
        if option:
            assert {"RR-DEP-3", "RR-RCV-2", "A-30"} <= cited(steps)
        steps += choose(g, "take with hand")
        assert "P1/mini_furnace" in g.state.players[0].hand and g.state.players[0].recast_0 == ()


def test_on_recovery_can_make_the_card_a_reserve_card() -> None:
    """RR-RCV-2: an [On Recovery] ability that makes the card a reserve card keeps it out of the
    hand."""
    g = main_phase(decks=[MARISA, SAKUYA], p1={"hand": ["comet_rush"], "recast_1": ["master_beam"]})
    steps = choose(g, "face down comet_rush and lift master_beam")
    p = g.state.players[0]
    assert p.reserve == ("P1/master_beam",) and "P1/master_beam" not in p.hand
    assert any("not put into the hand" in st.sentence for st in steps)


def test_draw_two_forces_a_rebuild() -> None:
    """RR-DECK-1: the draw-two finds a one-card deck: the deck is rebuilt in the middle of it."""
    g = main_phase(decks=[MARISA, SAKUYA], p1={"hand": ["broom_dash"], "deck": ["comet_rush"],
                                               "face_down": ["mini_furnace", "magic_trap", "spirit_gust",
                                                             "amulet_volley", "boundary_ward",
                                                             "shrine_offering", "master_beam"]})
    steps = choose(g, "cast broom_dash")
    draw = next(st for st in steps if st.name == "eff.draw")
    assert {"RR-DECK-1", "RR-DECK-2"} <= set(draw.clauses)
    assert g.state.players[0].hand[0] == "P1/comet_rush" and labels(g)[0].startswith("face down")


# ------------------------------------------------------------------------------ awakening
def test_awakening_at_life_three_once() -> None:
    """RR-AWK-1…4, RR-TURN-3.1.3: no awakening at Life 4; at 3 the far card turns face up, its
    [On Awaken] ability takes effect, and it never awakens again."""
    base = start(far=("marisa_awakening", "sakuya_awakening"))
    g = situation(base, agenda=MAIN, p1={"life": 4, "hand": ["spirit_gust"]})
    assert "awaken" not in labels(g)
    g = situation(base, agenda=MAIN, p1={"life": 3, "hand": []})
    steps = choose(g, "awaken")
    p = g.state.players[0]
    assert p.awakened == "P1/marisa_awakening" and p.far is None and len(p.hand) == 2  # draw 2
    assert {"RR-AWK-1", "RR-AWK-2", "RR-AWK-3", "RR-AWK-4", "RR-COMP-2.4", "RR-TURN-3.1.3"} <= cited(steps)
    assert "awaken" not in labels(g)
    assert g.view("P2").players[0].awakened == "P1/marisa_awakening"  # face up: public


def test_while_awakened_once_per_turn() -> None:
    """RR-AWK-5/6, RR-TURN-3.1.4: a once-per-turn [While Awakened] ability is activated, then not
    again this turn."""
    base = start(far=("marisa_awakening", "sakuya_awakening"))
    s = base.state
    p1 = s.players[0]
    g = situation(base, agenda=MAIN, p1={"life": 3, "hand": [], "recast_2": ["comet_rush"],
                                         "far": None, "awakened": p1.far})
    assert "activate marisa_overdrive" in labels(g)
    steps = choose(g, "activate marisa_overdrive")
    assert g.state.players[0].recast_1 == ("P1/comet_rush",) and {"RR-AWK-5", "RR-AWK-6"} <= cited(steps)
    assert "activate marisa_overdrive" not in labels(g)


def test_awakening_at_the_opponents_preempt_timing() -> None:
    """RR-AWK-7, RR-PRE-2: Reimu's awakening card may awaken at the preempt timing; its [On Awaken]
    ability lowers the «Attack» it answers."""
    g = p2_turn(p1={"life": 3, "hand": []}, p2={"hand": ["killing_doll"]})
    choose(g, "full-power killing_doll")
    assert labels(g) == ("awaken", "pass")
    steps = choose(g, "awaken")
    assert g.state.players[0].awakened == "P1/reimu_awakening"
    assert {"RR-AWK-7", "RR-PRE-2", "RR-AWK-4", "RR-ATK-3"} <= cited(steps)
    assert any("2/2 → 1/0" in st.sentence for st in steps)


def test_automatic_awakening() -> None:
    """A-24 automatic: a HIT that brings Life to 3 awakens at once."""
    e = Entry("P2/killing_doll", 1, stage="preempt", base_hand=2, base_life=2, hand=None, life=2)
    g = situation(start(options={"a24.awakening": "automatic"}), agenda=P2_TURN + (("seq.deploy",),
                  ("seq.damage",)), active=1, stack=(e,), p1={"life": 5, "hand": [],
                                                             "deck": ["comet_rush", "magic_trap"]})
    steps = run_auto(g)
    assert g.state.players[0].awakened == "P1/reimu_awakening" and "A-24" in cited(steps)


# ------------------------------------------------------------------------------ principles
def test_two_triggers_wait_and_the_turn_player_orders_them() -> None:
    """RR-PRIN-3/4: P1's two Trigger cards wait while P2's card is processed; then the turn player
    (P2) declares which is processed first."""
    g = p2_turn(p1={"recast_2": ["shrine_offering"], "recast_3": ["magic_trap"], "recast_1": ["comet_rush"],
                    "hand": []}, p2={"hand": ["pocket_watch"]})
    steps = choose(g, "cast pocket_watch")
    assert g.pending.kind == "waiting" and g.pending.players == ("P2",)
    assert labels(g) == ("process magic_trap", "process shrine_offering")
    assert names(steps).index("seq.deploy") < len(steps)  # the cast card was processed first
    assert {"RR-PRIN-3"} <= cited(steps)
    steps = choose(g, "process magic_trap")
    assert {"RR-PRIN-4", "RR-PRIN-5", "RR-DEP-3"} <= cited(steps)


def test_a_waiting_card_no_longer_deployed_is_not_processed() -> None:
    """RR-PRIN-5: the text of a waiting card starts only when declared; made a reserve card in the
    meantime, it is not processed."""
    g = p2_turn(p1={"recast_2": ["shrine_offering"], "hand": []}, p2={"hand": ["killing_doll"]})
    choose(g, "full-power killing_doll")
    assert g.pending.kind == "deploy"  # the cast card is still being processed: the trigger waits
    assert g.state.waiting == (Waiting("P1/shrine_offering", 0, 0, "opponent_casts"),)
    assert g.state.players[0].reserve == ("P1/shrine_offering",)  # the [On Cast] reserve
    steps = choose(g, labels(g)[0])
    assert g.state.waiting == ()
    declared = next(st for st in steps if st.name == "wait")
    assert "no longer deployed" in declared.sentence and "RR-PRIN-5" in declared.clauses
    assert "eff.draw" not in names(steps) and "text" not in names(steps)


def test_principle_five_cited_as_four() -> None:
    """A-11: with a11.principles = four, the declaration check is cited as principle No. 4."""
    g = p2_turn(options={"a11.principles": "four"}, p1={"recast_2": ["shrine_offering"], "hand": []},
                p2={"hand": ["pocket_watch"]})
    steps = choose(g, "cast pocket_watch")
    declared = next(st for st in steps if st.name == "wait")
    assert "RR-PRIN-5" not in declared.clauses and {"RR-PRIN-4", "A-11"} <= set(declared.clauses)


# ------------------------------------------------------------------------------ the win
def test_a_hit_to_zero_life_wins() -> None:
    """RR-WIN-1: the player whose Life reaches 0 loses."""
    e = Entry("P2/killing_doll", 1, stage="preempt", base_hand=2, base_life=2, hand=None, life=2)
    g = situation(start(), agenda=P2_TURN + (("seq.deploy",), ("seq.damage",)), active=1, stack=(e,),
                  p1={"life": 2, "hand": [], "deck": ["comet_rush", "magic_trap"]})
    steps = run_auto(g)
    assert g.over and g.state.winner == "P2" and g.result().winner == "P2"
    assert names(steps)[-1] == "game.over" and g.state.players[0].life == 0
    assert g.result().figures["life"] == {"P1": 0, "P2": 6}
