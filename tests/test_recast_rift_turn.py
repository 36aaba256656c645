"""Recast Rift: setup (RR-SETUP-*), the turn (RR-TURN-*), drawing and the deck rebuild (RR-DECK-*),
the Lift step (RR-LIFT-*), Refresh & Cleanup, and what each player sees."""

from __future__ import annotations

import pytest

from hisoutab import Game
from hisoutab.engine.chance import Chance
from hisoutab.engine.contract import HIDDEN_CARD
from hisoutab.engine.errors import InputError

from .test_recast_rift_support import (
    MAIN,
    RS,
    choose,
    cited,
    labels,
    main_phase,
    names,
    run_auto,
    situation,
    start,
)


# ------------------------------------------------------------------------------ §2 setup
def test_setup_shows_fighters_builds_decks_hides_the_awakening_card_and_shuffles() -> None:
    """RR-SETUP-1…6: two fighters each, 5 of the 14 spells left out (hidden, joint), the awakening
    card chosen secretly (far: awakenable, near: the other), Life 6, a 9-card deck, empty hands."""
    game = Game(RS, seed=3, options={"a6.first_player": "P2"})
    game.run(until="decision")
    d = game.pending
    assert d.kind == "deck" and d.joint and d.players == ("P1", "P2")
    assert len(d.labels("P1")) == 14 and "leave out amulet_volley" in d.labels("P1")
    assert "leave out silver_knives" in d.labels("P2")
    for _ in range(5):
        d = game.pending
        assert d.kind == "deck"
        game.choose({p: d.options_for(p)[0].label for p in d.players})
    d = game.pending
    assert d.kind == "awakening" and d.labels("P1") == ("secretly choose reimu_awakening",
                                                        "secretly choose marisa_awakening")
    game.choose({"P1": "secretly choose marisa_awakening", "P2": "secretly choose sakuya_awakening"})
    game.run(until="decision")
    s = game.state
    p1, p2 = s.players
    assert (p1.far, p1.near) == ("P1/marisa_awakening", "P1/reimu_awakening")
    assert (p2.far, p2.near) == ("P2/sakuya_awakening", "P2/youmu_awakening")
    assert len(p1.unused) == len(p2.unused) == 5 and p1.life == p2.life == 6
    assert len(p1.deck) == 9 and p1.hand == ()  # P2 goes first and has drawn
    assert s.first == 1 and s.active == 1 and s.turn == 1 and len(p2.hand) == 2
    assert {"RR-SETUP-1", "RR-SETUP-2", "RR-SETUP-3", "RR-SETUP-4", "RR-SETUP-5", "RR-SETUP-6",
            "RR-COMP-4", "RR-ZONE-2", "RR-TURN-1"} <= cited(game.history)
    view = game.view("P2")  # the opponent sees neither the far card nor the spells left out
    assert view.players[0].far == HIDDEN_CARD and set(view.players[0].unused) == {HIDDEN_CARD}
    assert view.players[0].deck == (HIDDEN_CARD,) * 9 and game.view("P1").players[0].deck[0] == HIDDEN_CARD


def test_a_deck_given_by_the_setup_is_built_at_once_and_the_first_player_is_random() -> None:
    game = start()
    assert [s.name for s in game.history if s.choice] == ["setup.awakening"]
    firsts = set()
    for seed in range(8):
        g = Game(RS, seed=seed, setup={"decks": [
            {"fighters": ["reimu", "marisa"], "spells": ["amulet_volley", "boundary_ward",
             "sealing_circle", "spirit_gust", "shrine_offering", "comet_rush", "stardust_shower",
             "mini_furnace", "magic_trap"]}, "mansion_and_garden"]})
        g.run(until="decision")
        while g.pending.kind == "deck":  # only P2 builds
            assert g.pending.players == ("P2",)
            g.choose(g.pending.labels()[0])
        g.choose({"P1": "secretly choose reimu_awakening", "P2": "secretly choose youmu_awakening"})
        g.run(until="decision")
        firsts.add(g.state.first)
    assert firsts == {0, 1}


@pytest.mark.parametrize("decks, field", [
    ([{"fighters": ["reimu", "reimu"]}, "mansion_and_garden"], "setup.decks.0.fighters"),
    ([{"fighters": ["reimu", "nobody"]}, "mansion_and_garden"], "fighters"),
    (["shrine_and_forest", {"fighters": ["sakuya", "youmu"], "spells": ["amulet_volley"] + ["x"] * 8}],
     "setup.decks.1.spells"),
    (["shrine_and_forest"], "setup.decks"),
])
def test_bad_decks_are_located_errors(decks, field) -> None:
    with pytest.raises(InputError) as err:
        Game(RS, setup={"decks": decks})
    assert field in (err.value.field or "")


# ------------------------------------------------------------------------------ §3 the turn
def test_turn_phases_in_order_and_the_turn_passes() -> None:
    """RR-TURN-1…5: Draw (2 cards), Lift, Main, Refresh, Cleanup, then the opponent's turn. With no
    action possible the Main phase ends by itself, as it does after the Full-Power action."""
    game = main_phase(p1={"hand": []})
    steps = run_auto(game)
    assert "no action is possible" in steps[0].sentence
    assert names(steps)[:5] == ["main.act", "refresh", "cleanup", "turn.end", "turn.begin"]
    assert names(steps)[5:7] == ["draw.step", "lift.step"]
    assert game.state.active == 1 and game.state.turn == 2 and len(game.state.players[1].hand) == 2
    assert {"RR-TURN-5", "RR-TURN-2.1", "RR-TURN-2.2"} <= cited(steps)


def test_first_turn_draw_can_be_skipped() -> None:
    """A-6 (a6.first_draw = skip): the first player's first turn has no Draw step."""
    game = start(options={"a6.first_draw": "skip"})
    first = names(game.history)[names(game.history).index("turn.begin"):]
    assert first[:3] == ["turn.begin", "lift.step", "main.act"]  # no Draw step; nothing to do in Main
    assert game.state.turn == 2 and game.state.players[0].hand == ()


def test_draw_rebuilds_an_empty_deck_and_draws_nothing_when_nothing_is_left() -> None:
    """RR-DECK-1/2: an empty deck is rebuilt from the face-down and reserve piles; RR-DECK-3/4: with
    neither, no card can be drawn."""
    base = start()
    g = situation(base, agenda=(("draw.step",),), p1={
        "deck": ["comet_rush"], "face_down": ["boundary_ward", "spirit_gust"], "reserve": ["magic_trap"],
        "hand": [], "recast_3": ["sealing_circle"], "recast_2": ["amulet_volley", "shrine_offering"],
        "recast_1": ["stardust_shower", "mini_furnace"]})
    g.chance.force("draw", "P1/magic_trap", player="P1")
    [step] = g.run(until="end", max_steps=1)
    p = g.state.players[0]
    assert p.hand == ("P1/comet_rush", "P1/magic_trap") and len(p.deck) == 2 and not p.face_down
    assert {"RR-DECK-1", "RR-DECK-2"} <= set(step.clauses)
    assert any(e.get("kind") == "shuffle" for e in step.events)
    g = situation(base, agenda=(("draw.step",),), p1={
        "deck": ["comet_rush"], "hand": ["boundary_ward", "spirit_gust", "magic_trap"],
        "recast_3": ["sealing_circle"], "recast_2": ["amulet_volley", "shrine_offering"],
        "recast_1": ["stardust_shower", "mini_furnace"]})
    [step] = g.run(until="end", max_steps=1)
    assert len(g.state.players[0].hand) == 4 and {"RR-DECK-3", "RR-DECK-4"} <= set(step.clauses)


def test_the_lift_step_lifts_everything_at_once_and_recovers_from_zero() -> None:
    """RR-LIFT-3…6, RR-RCV-1: with [II] and [I] full, all cards lift together (space judged after the
    movement, A-22): [II] → [I], [I] → [0] and back to the hand."""
    p1 = {"hand": [], "recast_3": ["sealing_circle"], "recast_2": ["amulet_volley", "shrine_offering"],
          "recast_1": ["stardust_shower", "magic_trap"]}
    g = situation(start(), agenda=MAIN[:-1] + (("lift.step",),), p1=p1)
    steps = run_auto(g)
    p = g.state.players[0]
    assert p.recast_2 == ("P1/sealing_circle",)
    assert p.recast_1 == ("P1/amulet_volley", "P1/shrine_offering")
    assert p.recast_0 == ("P1/stardust_shower", "P1/magic_trap")
    # RR-RCV-3: two cards in [0] are recovered one at a time, in the order chosen
    assert labels(g) == ("recover stardust_shower", "recover magic_trap")
    steps += choose(g, "recover magic_trap")
    p = g.state.players[0]
    assert p.hand == ("P1/magic_trap", "P1/stardust_shower") and p.recast_0 == ()
    assert g.pending.kind == "main"
    assert {"RR-LIFT-4", "RR-LIFT-6", "RR-RCV-1", "RR-RCV-3", "RR-ZONE-6.3"} <= cited(steps)
    # A-22 before: the full [I] keeps the [II] cards where they are
    g = situation(start(options={"a22.lift_space": "before"}), agenda=(("lift.step",),), p1=p1)
    [step, *_] = g.run(until="end", max_steps=3)
    p = g.state.players[0]
    assert p.recast_3 == ("P1/sealing_circle",) and p.recast_2 == ("P1/amulet_volley", "P1/shrine_offering")
    assert p.recast_1 == () and {"RR-LIFT-5", "A-22"} <= set(step.clauses)


def test_lift_step_lifts_only_the_turn_players_cards_unless_both() -> None:
    """A-7: the turn player's deployed cards lift (a7.lift_step = both: the opponent's too)."""
    for option, moved in (("turn_player", False), ("both", True)):
        g = situation(start(options={"a7.lift_step": option}), agenda=(("lift.step",),),
                      p2={"recast_3": ["pocket_watch"]})
        g.run(until="end", max_steps=1)
        assert (g.state.players[1].recast_2 == ("P2/pocket_watch",)) is moved


def test_face_down_and_lift_needs_a_free_space() -> None:
    """RR-TURN-3.1.2, RR-LIFT-5, A-10: the Normal action lifts only into a free space ([III] and [II]
    cannot lift into a full position, [I] always into [0]); with nothing deployed it is not offered
    (a10.face_down_lift = always: the hand card still goes face down)."""
    g = main_phase(p1={"hand": ["comet_rush"]})
    assert not any(x.startswith("face down") for x in labels(g))
    p1 = {"hand": ["comet_rush"], "recast_3": ["sealing_circle"],
          "recast_2": ["amulet_volley", "shrine_offering"], "recast_1": ["stardust_shower", "magic_trap"]}
    g = main_phase(p1=p1)
    opts = [x for x in labels(g) if x.startswith("face down")]
    assert opts == ["face down comet_rush and lift stardust_shower",
                    "face down comet_rush and lift magic_trap"]
    steps = choose(g, "face down comet_rush and lift stardust_shower")
    p = g.state.players[0]
    assert p.face_down == ("P1/comet_rush",) and p.hand == ("P1/stardust_shower",)
    assert {"RR-TURN-3.1.2", "RR-ZONE-7", "RR-LIFT-6", "RR-RCV-1"} <= cited(steps)
    g = main_phase(p1={"hand": ["comet_rush"]}, options={"a10.face_down_lift": "always"})
    steps = choose(g, "face down comet_rush")
    assert g.state.players[0].face_down == ("P1/comet_rush",) and "A-10" in cited(steps)
    # A-23 two: [0] holds two cards, and a full [0] blocks a lift from [I]
    g = situation(start(options={"a23.zero_capacity": "two"}), agenda=(("lift.step",),),
                  p1={**p1, "hand": [], "recast_0": ["spirit_gust", "boundary_ward"]})
    [step] = g.run(until="end", max_steps=1)
    assert g.state.players[0].recast_1 == ("P1/stardust_shower", "P1/magic_trap")
    assert {"RR-LIFT-5", "A-23"} <= set(step.clauses)


# ------------------------------------------------------------------------------ the Main phase
def test_main_phase_normal_or_full_power() -> None:
    """RR-TURN-3…3.3, RR-CAST-2, RR-CAST-3: Normal and Preempt cards with a free position are cast as
    Normal actions; a Full-Power card only as the one Full-Power action, and not after a Normal
    action; after it the Main phase ends."""
    p1 = {"hand": ["amulet_volley", "boundary_ward", "stardust_shower"],
          "recast_2": ["comet_rush", "shrine_offering"]}
    decks = [{"fighters": ["reimu", "marisa"], "spells": ["amulet_volley", "boundary_ward",
              "stardust_shower", "comet_rush", "shrine_offering", "yin_yang_barrage", "master_beam",
              "spirit_gust", "magic_trap"]}, {"fighters": ["sakuya", "youmu"],
              "spells": ["silver_knives", "time_skip", "frozen_moment", "killing_doll", "pocket_watch",
                         "ricochet_blade", "spirit_slash", "phantom_step", "twin_cut"]}]
    g = main_phase(p1={**p1, "hand": [*p1["hand"], "yin_yang_barrage"]}, decks=decks)
    opts = labels(g)
    assert "cast amulet_volley" not in opts  # [II] is full (RR-CAST-2)
    assert {"cast boundary_ward", "cast stardust_shower", "full-power yin_yang_barrage",
            "end main phase"} <= set(opts)
    steps = choose(g, "cast boundary_ward")
    assert "RR-CAST-3.2" in cited(steps)  # a Preempt card at Normal timing
    assert "full-power yin_yang_barrage" not in labels(g)
    g = main_phase(p1={**p1, "hand": [*p1["hand"], "yin_yang_barrage"]}, decks=decks)
    steps = choose(g, "full-power yin_yang_barrage")
    while g.state.active == 0:
        steps += choose(g, labels(g)[0])
    ended = [st for st in steps if st.name == "main.act" and st.auto]
    assert len(ended) == 1 and "RR-TURN-3.3" in ended[0].clauses  # no Normal action may follow
    assert names(steps).index("seq.deploy") < steps.index(ended[0])
    assert {"RR-TURN-3.2", "RR-CAST-3.3"} <= cited(steps)


def test_normal_options_once_and_no_passing() -> None:
    """A-8 once: each Normal-action option at most once; A-9 false: no ending the Main phase while
    an action is possible."""
    g = main_phase(p1={"hand": ["spirit_gust", "amulet_volley", "boundary_ward"]},
                   options={"a8.normal_options": "once", "a9.may_pass": False})
    assert "end main phase" not in labels(g)
    choose(g, "cast boundary_ward")
    while g.pending.kind != "main":
        choose(g, labels(g)[0])
    assert not any(x.startswith("cast") for x in labels(g)) and "end main phase" in labels(g)


# ------------------------------------------------------------------------------ Refresh & Cleanup
def test_refresh_rebuild_then_every_deployed_card_lifts() -> None:
    """RR-TURN-4.1, RR-DECK-2: the rebuild shuffles the face-down and reserve piles into the deck,
    then all the player's deployed cards lift."""
    g = situation(start(), agenda=(("turn.end",), ("cleanup", 0), ("refresh",)), p1={
        "hand": [], "deck": ["comet_rush"], "face_down": ["spirit_gust"], "reserve": ["magic_trap"],
        "recast_2": ["amulet_volley"], "recast_1": ["stardust_shower"]})
    assert labels(g) == ("rebuild the deck", "keep the deck")
    steps = choose(g, "rebuild the deck")
    p = g.state.players[0]
    assert set(p.deck) == {"P1/comet_rush", "P1/spirit_gust", "P1/magic_trap"} or g.state.active == 1
    assert p.recast_1 == ("P1/amulet_volley",) and "P1/stardust_shower" in p.hand
    assert {"RR-TURN-4.1", "RR-DECK-2", "RR-LIFT-4", "RR-RCV-1"} <= cited(steps)
    g = situation(start(), agenda=(("turn.end",), ("cleanup", 0), ("refresh",)), p1={"hand": []})
    [step] = g.run(until="end", max_steps=1)
    assert "RR-DECK-3" in step.clauses  # nothing to rebuild from


def test_cleanup_cuts_the_hand_to_two() -> None:
    """RR-TURN-4.2: a hand of 4 loses two cards to the face-down pile (the owner picks, A-16);
    a27.cleanup = both: the opponent's hand too."""
    g = situation(start(), agenda=(("turn.end",), ("cleanup", 0)),
                  p1={"hand": ["comet_rush", "spirit_gust", "magic_trap", "amulet_volley"]})
    choose(g, "face down magic_trap")
    choose(g, "face down comet_rush")
    p = g.state.players[0]
    assert p.hand == ("P1/spirit_gust", "P1/amulet_volley") and len(p.face_down) == 2
    g = situation(start(options={"a27.cleanup": "both"}), agenda=(("turn.begin",),),
                  p2={"hand": ["silver_knives", "time_skip", "twin_cut"]})
    run_auto(g)
    assert ("cleanup", 1) in g.state.agenda and ("cleanup", 0) in g.state.agenda
    choose(g, "end main phase")
    while g.state.active == 0:
        choose(g, labels(g)[0])
    assert len(g.state.players[1].face_down) == 1


def test_hand_size_public_or_hidden() -> None:
    """A-4: the opponent sees how many cards a hand holds (a4.hand_size = hidden: not even that)."""
    g = start()
    assert g.view("P2").players[0].hand == (HIDDEN_CARD, HIDDEN_CARD)
    assert g.view("P1").players[0].hand == g.state.players[0].hand
    g = start(options={"a4.hand_size": "hidden"})
    assert g.view("P2").players[0].hand == () and g.view("P1").players[0].hand != ()


def test_forced_draw_names_the_next_card() -> None:
    """Draws go through chance.top: a scenario can force the next card drawn."""
    assert isinstance(start().chance, Chance)
    g = situation(start(), agenda=(("draw.step",),), p1={"hand": [], "deck": ["comet_rush", "spirit_gust",
                                                                              "magic_trap"]})
    g.chance.force("draw", "magic_trap", player="P1")
    g.run(until="end", max_steps=1)
    assert g.state.players[0].hand == ("P1/magic_trap", "P1/comet_rush")
