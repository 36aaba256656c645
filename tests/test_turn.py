"""§5 Turn flow: maintenance (H-MAINT-1/3/4, R-6, R-7, R-12), play (H-PLAY-1/2, H-PLAY-CANCEL,
H-PLAY-SIM, H-EFF-PHYS-2, R-14, R-15) and the resolution order (H-RES-SIM, R-13)."""

from __future__ import annotations

import pytest

from hisoutab.engine.errors import IllegalChoice

from .helpers import D, U, names, situation, start

ADVANCE = (("timeline.advance",),)
PLAY = (("timeline.advance",), ("play.choose",))


def p1_turn(p1=None, p2=None, options=None, **fields):
    """P1 alone at t=3 (P2's marker far ahead), the agenda at the timeline advance."""
    base = start(options=options)
    return situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     p1={"marker": 3, **(p1 or {})}, p2={"marker": 9, **(p2 or {})}, **fields)


def p1_play(p1=None, p2=None, options=None, **fields):
    """P1's play phase at t=3 (maintenance and resolution already done)."""
    base = start(options=options)
    return situation(base, agenda=PLAY, time=3, special_done=2, participants=(0,), turn=2,
                     p1={"marker": 3, **(p1 or {})}, p2={"marker": 9, **(p2 or {})}, **fields)


def both_turn(p1=None, p2=None, options=None, **fields):
    """A simultaneous action at t=3."""
    base = start(options=options)
    return situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     p1={"marker": 3, **(p1 or {})}, p2={"marker": 3, **(p2 or {})}, **fields)


def _step(steps, name):
    found = [s for s in steps if s.name == name]
    assert found, f"no {name} step in {names(steps)}"
    return found[0]


# --------------------------------------------------------------------------- H-MAINT-1 / R-12


@pytest.mark.parametrize(("card", "zone", "clauses", "label"), [
    ("quick_jab#1", "discard", ("H-MAINT-1",), "to the discard pile"),
    ("feint#1", "hand", ("H-MAINT-1",), "back to hand"),
    ("guard", "hand", ("H-MAINT-1", "R-12"), "back to hand"),
    ("gohei_jab", "hand", ("H-MAINT-1", "R-12"), "back to hand"),
    ("step#1", "discard", ("H-MAINT-1", "R-12"), "to the discard pile"),
    ("float#1", "discard", ("H-MAINT-1", "R-12"), "to the discard pile"),
    ("amulet_guard#1", "discard", ("H-MAINT-1", "R-12"), "to the discard pile"),
    ("get_up", "aside", ("H-MAINT-1", "R-12", "H-KD"), "out of play (set aside)"),
])
def test_trigger_zone_destination_by_kind(card: str, zone: str, clauses: tuple, label: str) -> None:
    """H-MAINT-1 with R-12: physical → discard pile, cancel card → hand, standing card (Guard, and
    the standing physical Gohei Jab) → hand, other kinds (move, defense) → discard pile, the
    knockdown card → set aside."""
    game = p1_turn(p1={"trigger": card, "hand": ("sweep#1",) if card != "get_up" else ()})
    steps = game.run(until="decision")
    step = _step(steps, "maint.trigger")
    full = "P1/" + card
    assert step.clauses == clauses
    assert step.events == ({"type": "zone", "player": "P1", "card": full, "from": "trigger",
                            "to": zone},)
    assert step.sentence.startswith(f"P1's {game.ctx.name(full)} leaves the trigger zone, {label}")
    p = step.after.players[0]
    assert p.trigger is None and p.trigger_side == "" and p.missed is False
    assert full in getattr(p, zone)
    assert full not in {"hand": p.discard + p.aside, "discard": p.hand + p.aside,
                        "aside": p.hand + p.discard}[zone]


def test_other_destination_option_sends_move_card_to_hand() -> None:
    """R-12 option zones.other_destination = hand: a move card returns to hand."""
    game = p1_turn(p1={"trigger": "float#1"}, options={"zones.other_destination": "hand"})
    step = _step(game.run(until="decision"), "maint.trigger")
    assert step.events[0]["to"] == "hand"
    assert step.after.players[0].hand[-1] == "P1/float#1"


def test_physical_card_still_to_discard_with_other_destination_hand() -> None:
    """H-MAINT-1: the listed kinds ignore R-12's option: a physical attack still goes to discard."""
    game = p1_turn(p1={"trigger": "quick_jab#1"}, options={"zones.other_destination": "hand"})
    step = _step(game.run(until="decision"), "maint.trigger")
    assert step.events[0]["to"] == "discard"


# --------------------------------------------------------------------------- H-MAINT-3 / H-MAINT-4


def test_cast_card_moves_to_trigger_zone_and_hand_is_not_refilled() -> None:
    """H-MAINT-3: the cast card (with its side) moves to the trigger zone; no refill."""
    game = p1_turn(p1={"cast": "sweep#1", "cast_side": "bottom", "hand": ("quick_jab#1",)})
    steps = game.run(until="decision")
    step = _step(steps, "maint.zone")
    assert step.clauses == ("H-MAINT-3",)
    assert step.sentence == "P1's Sweep moves from the cast zone to the trigger zone"
    p = step.after.players[0]
    assert (p.cast, p.cast_side, p.trigger, p.trigger_side) == (None, "", "P1/sweep#1", "bottom")
    assert p.hand == ("P1/gohei_jab", "P1/guard", "P1/quick_jab#1")
    assert p.deck == step.before.players[0].deck


def test_refill_to_5_plus_2_draws_from_the_top() -> None:
    """H-MAINT-4 with R-6: an empty cast zone refills the hand to 5 drawn cards + 2 standing."""
    game = p1_turn(p1={"hand": ("quick_jab#1", "sweep#1")})
    before = game.state.players[0]
    step = _step(game.run(until="decision"), "maint.zone")
    assert step.clauses == ("H-MAINT-4", "R-6")
    p = step.after.players[0]
    assert p.hand == before.hand + before.deck[:3]
    assert p.deck == before.deck[3:]
    assert len(p.hand) == 7
    assert step.events == ({"type": "draw", "player": "P1", "cards": list(before.deck[:3])},)


def test_full_hand_draws_nothing() -> None:
    """H-MAINT-4, R-6: 5 drawn cards + 2 standing is a full hand: with an empty cast zone there is
    nothing to draw, so no maintenance step runs and the turn goes on to the play phase."""
    hand = ("gohei_swing#1", "gohei_swing#2", "sweep#1", "sweep#2", "float#1")
    game = p1_turn(p1={"hand": hand})
    before = game.state.players[0]
    steps = game.run(until="decision")
    assert names(steps) == ["timeline.advance", "turn.begin"]
    assert game.pending is not None and game.pending.kind == "play"
    assert game.state.players[0].hand == before.hand


def test_standing_cards_do_not_count_towards_hand_size() -> None:
    """R-6: with only the 2 standing cards in hand, 5 cards are drawn."""
    game = p1_turn(p1={"hand": ()})
    step = _step(game.run(until="decision"), "maint.zone")
    assert len(step.events[0]["cards"]) == 5
    assert len(step.after.players[0].hand) == 7


def test_empty_deck_reshuffles_discard_pile() -> None:
    """R-7: the deck is empty and 3 cards are needed: the discard pile becomes a new deck."""
    game = p1_turn(p1={"hand": ("quick_jab#1", "sweep#1"), "rest": "discard"})
    before = game.state.players[0]
    deck_size = len(game.ctx.decks[0])
    assert before.deck == () and len(before.discard) == deck_size - 2  # 2 cards in hand
    step = _step(game.run(until="decision"), "maint.zone")
    assert step.clauses == ("H-MAINT-4", "R-6", "R-7")
    assert step.sentence.endswith("(the discard pile was shuffled into a new deck)")
    p = step.after.players[0]
    drawn = step.events[0]["cards"]
    assert len(drawn) == 3
    assert p.discard == ()
    assert len(p.deck) == deck_size - 2 - 3
    assert sorted(drawn + list(p.deck)) == sorted(before.discard)
    assert p.hand == before.hand + tuple(drawn)
    assert step.after.rng != step.before.rng


def test_last_deck_card_is_drawn_before_reshuffling() -> None:
    """R-7: the deck's remaining card is drawn first, then the discard pile is shuffled in."""
    game = p1_turn(p1={"hand": ("quick_jab#1", "sweep#1"), "deck": ("float#1",), "rest": "discard"})
    step = _step(game.run(until="decision"), "maint.zone")
    drawn = step.events[0]["cards"]
    assert drawn[0] == "P1/float#1"
    assert len(drawn) == 3
    assert "P1/float#1" not in step.after.players[0].deck


def test_no_reshuffle_option_draws_what_is_left() -> None:
    """R-7 option deck.reshuffle = false: an empty deck is not remade; the hand stays short."""
    game = p1_turn(p1={"hand": ("quick_jab#1", "sweep#1"), "deck": ("float#1",), "rest": "discard"},
                   options={"deck.reshuffle": False})
    before = game.state.players[0]
    step = _step(game.run(until="decision"), "maint.zone")
    assert step.sentence == "P1 refills the hand: draws Float; 2 short, no cards left"
    assert step.clauses == ("H-MAINT-4", "R-6")
    p = step.after.players[0]
    assert p.hand == before.hand + ("P1/float#1",)
    assert p.deck == ()
    assert p.discard == before.discard


def test_no_reshuffle_and_nothing_to_draw() -> None:
    """R-7 option deck.reshuffle = false with an empty deck: nothing is drawn."""
    game = p1_turn(p1={"hand": ("quick_jab#1",), "rest": "discard"},
                   options={"deck.reshuffle": False})
    step = _step(game.run(until="decision"), "maint.zone")
    assert step.sentence == "P1 refills the hand: draws nothing; 4 short, no cards left"
    assert step.after.players[0] == step.before.players[0]


# --------------------------------------------------------------------------- H-PLAY-1 / H-PLAY-2


def test_play_card_pays_spirit_and_startup() -> None:
    """H-PLAY-1, H-PLAY-2 with R-5: Rising Kick (cost 1, startup 2) at t=3: rightmost token flips,
    marker 3 → 5. Rising Kick is {Ground only}: played on the ground, the step also cites
    H-KW-GROUND."""
    game = p1_play(p1={"hand": ("rising_kick#1",)})
    step = game.choose("play rising_kick")
    assert step.name == "play.choose"
    assert step.clauses == ("H-KW-GROUND", "H-PLAY-1")
    assert step.sentence == "P1 plays Rising Kick"
    p = step.after.players[0]
    assert p.cast == "P1/rising_kick#1" and p.cast_side == ""
    assert p.hand == ("P1/gohei_jab", "P1/guard")
    pay = game.step()
    assert pay.name == "play.pay"
    assert pay.clauses == ("H-PLAY-2", "R-5")
    assert pay.sentence == "P1 pays for Rising Kick: spirit 5 → 4, marker t=3 → 5 (startup 2)"
    p = pay.after.players[0]
    assert p.spirit == (U, U, U, U, D)
    assert p.marker == 5
    assert pay.events == ({"type": "pay", "player": "P1", "spirit": 1, "marker": [3, 5]},)
    assert game.step().name == "timeline.advance"


def test_free_card_pays_only_time() -> None:
    """H-PLAY-2: a card with no spirit cost moves the marker by its startup only."""
    game = p1_play()
    game.choose("play guard")
    pay = game.step()
    assert pay.clauses == ("H-PLAY-2",)
    assert pay.sentence == "P1 pays for Guard: marker t=3 → 4 (startup 1)"
    assert pay.after.players[0].spirit == (U,) * 5


def test_leftmost_spend_order_option() -> None:
    """R-5 option spirit.spend_order = leftmost: Purifying Strike (cost 2) flips the two leftmost."""
    game = p1_play(p1={"hand": ("purifying_strike#1",)}, options={"spirit.spend_order": "leftmost"})
    game.choose("play purifying_strike")
    pay = game.step()
    assert pay.after.players[0].spirit == (D, D, U, U, U)
    assert pay.after.players[0].marker == 6


def test_unaffordable_cards_are_not_offered() -> None:
    """H-PLAY-2: a card whose spirit cost exceeds the face-up tokens cannot be played."""
    game = p1_play(p1={"hand": ("purifying_strike#1", "rising_kick#1", "quick_jab#1"),
                       "spirit": (U, D, D, 4, 5)})
    assert game.pending.labels("P1") == ("play gohei_jab", "play guard", "play rising_kick",
                                         "play quick_jab", "wait")


def test_copies_of_a_card_are_one_option() -> None:
    """H-PLAY-1: two copies of a card in hand give one option, which plays the first copy."""
    game = p1_play(p1={"hand": ("gohei_swing#2", "gohei_swing#1")})
    assert game.pending.labels("P1").count("play gohei_swing") == 1
    step = game.choose("play gohei_swing")
    assert step.after.players[0].cast == "P1/gohei_swing#2"
    assert step.after.players[0].hand == ("P1/gohei_jab", "P1/guard", "P1/gohei_swing#1")


# --------------------------------------------------------------------------- H-PLAY-CANCEL / R-14


def test_cancel_needs_a_higher_cancel_level() -> None:
    """H-PLAY-CANCEL: with Gohei Swing (cancel 2) in the trigger zone only cards of cancel level > 2
    are offered (Guard 3, Feint 3), plus taking recovery; no wait."""
    hand = ("quick_jab#1", "rising_kick#1", "feint#1", "sweep#1", "amulet_guard#1")
    game = p1_play(p1={"trigger": "gohei_swing#1", "hand": hand})
    assert game.pending.labels("P1") == ("cancel with guard", "cancel with feint",
                                         "cancel with amulet_guard", "take recovery")


def test_equal_cancel_level_is_not_enough() -> None:
    """H-PLAY-CANCEL: 'greater than', not 'at least': Step (1) and Gohei Jab (1) cannot cancel
    Quick Jab (1)."""
    game = p1_play(p1={"trigger": "quick_jab#1", "hand": ("step#1",)})
    labels = game.pending.labels("P1")
    assert "cancel with step" not in labels
    assert "cancel with gohei_jab" not in labels
    assert labels == ("cancel with guard", "take recovery")


def test_cancel_keeps_trigger_card_and_pays_startup_only() -> None:
    """H-PLAY-CANCEL, H-PLAY-2, R-14 (on_no_cancel): cancelling into Feint puts it in the cast zone,
    the trigger card stays, the marker moves by Feint's startup only."""
    game = p1_play(p1={"trigger": "gohei_swing#1", "hand": ("feint#1",)})
    step = game.choose("cancel with feint")
    assert step.clauses == ("H-PLAY-1", "H-PLAY-CANCEL")
    assert step.sentence == "P1 cancels into Feint"
    assert step.events[0]["cancel"] is True
    p = step.after.players[0]
    assert (p.cast, p.trigger) == ("P1/feint#1", "P1/gohei_swing#1")
    pay = game.step()
    assert pay.after.players[0].marker == 4
    assert pay.clauses == ("H-PLAY-2",)


def test_cancel_with_recovery_always_option() -> None:
    """R-14 option turn.recovery = always: a cancel also pays the trigger card's recovery."""
    game = p1_play(p1={"trigger": "gohei_swing#1", "hand": ("feint#1",)},
                   options={"turn.recovery": "always"})
    game.choose("cancel with feint")
    pay = game.step()
    assert pay.after.players[0].marker == 3 + 1 + 2
    assert pay.clauses == ("H-PLAY-2", "R-14")
    assert pay.sentence == "P1 pays for Feint: marker t=3 → 6 (startup 1 + recovery 2)"


def test_take_recovery_moves_marker_by_recovery() -> None:
    """R-14: ending the turn without a cancel moves the marker by the trigger card's recovery; the
    card stays in the trigger zone until the next maintenance."""
    game = p1_play(p1={"trigger": "rising_kick#1"})
    step = game.choose("take recovery")
    assert step.clauses == ("H-PLAY-1", "R-14")
    assert step.sentence == "P1 takes Rising Kick's recovery: marker t=3 → 6"
    assert step.events == ({"type": "marker", "player": "P1", "from": 3, "to": 6},)
    p = step.after.players[0]
    assert (p.marker, p.trigger, p.cast) == (6, "P1/rising_kick#1", None)
    assert step.after.agenda == ADVANCE


def test_wait_moves_marker_one_cell() -> None:
    """R-15: a player with an empty trigger zone may wait: marker +1, no card."""
    game = p1_play()
    assert game.pending.labels("P1")[-1] == "wait"
    step = game.choose("wait")
    assert step.clauses == ("H-PLAY-1", "R-15")
    assert step.sentence == "P1 waits: marker t=3 → 4"
    assert step.after.players[0].marker == 4
    assert step.after.players[0].hand == game.state.players[0].hand


def test_no_wait_when_a_card_can_be_played_and_allow_wait_false() -> None:
    """R-15 option turn.allow_wait = false: wait is offered only when no card can be played."""
    game = p1_play(options={"turn.allow_wait": False})
    assert "wait" not in game.pending.labels("P1")
    game = p1_play(p1={"hand": ("purifying_strike#1",), "aside": ("gohei_jab", "guard", "get_up"),
                       "spirit": (D, D, D, D, D)}, options={"turn.allow_wait": False})
    assert game.pending.labels("P1") == ("wait",)


# --------------------------------------------------------------------------- H-EFF-PHYS-2


def test_missed_physical_attack_cannot_be_cancelled() -> None:
    """H-EFF-PHYS-2: Quick Jab (range 1) against P2 four cells away misses; the play phase offers
    only taking recovery."""
    game = p1_turn(p1={"cast": "quick_jab#1", "hand": ("feint#1",)}, p2={"x": 6})
    steps = game.run(until="decision")
    phys = _step(steps, "eff.physical")
    assert phys.clauses == ("H-EFF-PHYS", "H-EFF-PHYS-2")
    assert phys.sentence == ("P1's Quick Jab misses: P2 at (6,0) is out of range, so it cannot be "
                             "cancelled")
    assert phys.events == ({"type": "attack", "player": "P1", "card": "P1/quick_jab#1",
                            "hit": False},)
    assert game.state.players[0].missed is True
    assert game.pending.labels("P1") == ("take recovery",)
    with pytest.raises(IllegalChoice):
        game.choose("cancel with feint")


def test_missed_flag_is_cleared_by_maintenance() -> None:
    """H-EFF-PHYS-2 / H-MAINT-1: the missed card leaves the trigger zone at the next maintenance,
    and the player may play freely again."""
    game = p1_turn(p1={"cast": "gohei_swing#1"}, p2={"x": 6})
    game.run(until="decision")
    game.choose("take recovery")  # Gohei Swing's recovery 2: marker 3 -> 5
    game.run(until="decision")
    assert game.state.time == 5
    p = game.state.players[0]
    assert (p.trigger, p.missed) == (None, False)
    assert "wait" in game.pending.labels("P1")


def test_hit_physical_attack_can_be_cancelled() -> None:
    """H-EFF-PHYS-1 / H-PLAY-CANCEL: an attack that hits is not marked missed and can be cancelled."""
    game = p1_turn(p1={"cast": "quick_jab#1", "hand": ("feint#1",)}, p2={"x": 3})
    game.run(until="decision")
    assert game.state.players[0].missed is False
    assert game.pending.labels("P1") == ("cancel with guard", "cancel with feint", "take recovery")


# --------------------------------------------------------------------------- two-sided cards


def test_two_sided_card_offers_top_and_bottom() -> None:
    """H-PLAY-SIM: a card with a top and a bottom effect is played upright or upside-down."""
    game = p1_play(p1={"hand": ("sweep#1",)})
    labels = game.pending.labels("P1")
    assert "play sweep (top)" in labels and "play sweep (bottom)" in labels
    assert "play sweep" not in labels
    step = game.choose("play sweep (bottom)")
    assert step.clauses == ("H-PLAY-1", "H-PLAY-SIM")
    assert step.sentence == "P1 plays Low Sweep (bottom)"
    assert step.events[0]["side"] == "bottom"
    assert step.after.players[0].cast_side == "bottom"


@pytest.mark.parametrize(("side", "hit"), [("bottom", True), ("top", False)])
def test_chosen_side_decides_the_effect(side: str, hit: bool) -> None:
    """H-PLAY-SIM with H-EFF-PHYS-1: Low Sweep (GRR) hits P2 two cells away on the ground; High
    Sweep (.RR over G..) does not."""
    game = p1_turn(p1={"cast": "sweep#1", "cast_side": side}, p2={"x": 4})
    steps = game.run(until="decision")
    res = _step(steps, "resolve.card")
    assert res.sentence == ("P1 resolves Low Sweep" if side == "bottom" else "P1 resolves High Sweep")
    phys = _step(steps, "eff.physical")
    assert phys.events[0]["hit"] is hit


# --------------------------------------------------------------------------- H-PLAY-SIM


def test_simultaneous_play_hidden_then_revealed_together() -> None:
    """H-PLAY-SIM: both players choose face-down (``player=``); one step reveals both."""
    game = start()
    n = game.cursor
    state = game.state
    assert game.choose("play gohei_jab", player="P1") is None
    assert game.hidden_choices() == ("P1",)
    assert game.cursor == n and game.state is state
    assert game.pending.players == ("P1", "P2")
    step = game.choose("play star_poke", player="P2")
    assert step.name == "play.choose"
    assert step.choice == {"P1": "play gohei_jab", "P2": "play star_poke"}
    assert step.sentence == "both reveal: P1 plays Gohei Jab; P2 plays Star Poke"
    assert step.clauses == ("H-PLAY-1", "H-PLAY-SIM")
    assert (step.after.players[0].cast, step.after.players[1].cast) == ("P1/gohei_jab",
                                                                        "P2/star_poke")
    assert game.hidden_choices() == ()
    pays = [game.step(), game.step()]
    assert [(s.name, s.events[0]["player"]) for s in pays] == [("play.pay", "P1"), ("play.pay", "P2")]


def test_simultaneous_play_rejects_bad_answers_without_change() -> None:
    """H-PLAY-SIM: a single label is refused for a joint decision; an illegal hidden label or a
    player who does not decide is refused, and nothing is recorded."""
    game = start()
    n = game.cursor
    with pytest.raises(IllegalChoice, match="simultaneous"):
        game.choose("play step")
    with pytest.raises(IllegalChoice, match="not a legal option"):
        game.choose("play broom_step", player="P1")
    with pytest.raises(IllegalChoice, match="does not decide now"):
        game.choose("play step", player="P3")
    assert game.hidden_choices() == ()
    assert game.cursor == n


def test_simultaneous_play_can_mix_wait_and_card() -> None:
    """H-PLAY-SIM / R-15: one player plays a card while the other waits."""
    game = start()
    step = game.choose({"P1": "wait", "P2": "play barrier"})
    assert step.sentence == "both reveal: P1 waits: marker t=1 → 2; P2 plays Barrier"
    assert step.clauses == ("H-PLAY-1", "H-PLAY-SIM", "R-15")
    assert step.after.agenda[-1] == ("play.pay", 1, 0)


# --------------------------------------------------------------------------- H-RES-SIM / R-13


def _two_resolvers(options=None, initiative=0):
    return both_turn(p1={"cast": "step#1"}, p2={"cast": "broom_step#1"}, options=options,
                     initiative=initiative)


def test_initiative_decision_in_simultaneous_action() -> None:
    """H-RES-SIM, R-13: both have a card to resolve: the initiative holder keeps or passes."""
    game = _two_resolvers()
    steps = game.run(until="decision")
    assert names(steps) == ["timeline.advance", "turn.begin", "maint.zone", "maint.zone"]
    d = game.pending
    assert (d.kind, d.players, d.clauses) == ("initiative", ("P1",), ("H-RES-SIM", "R-13"))
    assert d.labels() == ("keep initiative", "pass initiative")


@pytest.mark.parametrize(("act_first", "label", "holder", "first"), [
    (True, "keep initiative", 0, 1),
    (True, "pass initiative", 1, 0),
    (False, "keep initiative", 0, 0),
    (False, "pass initiative", 1, 1),
])
def test_initiative_keep_or_pass(act_first: bool, label: str, holder: int, first: int) -> None:
    """R-13 (initiative.pass_to_act_first): true — passing hands the token over and resolves first,
    keeping resolves second; false — the holder after the choice resolves first."""
    game = _two_resolvers(options={"initiative.pass_to_act_first": act_first})
    game.run(until="decision")
    step = game.choose(label)
    assert step.name == "resolve.order"
    assert step.after.initiative == holder
    assert step.after.agenda[-3:] == (("resolve.settle",), ("resolve.card", 1 - first),
                                      ("resolve.card", first))
    assert step.events == ({"type": "initiative", "player": f"P{holder + 1}"},)
    assert step.sentence.endswith(f"P{first + 1} resolves first")


def test_initiative_held_by_p2_decides() -> None:
    """H-RES-SIM: the initiative player (here P2) is the one who decides."""
    game = _two_resolvers(initiative=1)
    game.run(until="decision")
    assert game.pending.players == ("P2",)
    step = game.choose("keep initiative")
    assert step.sentence == "P2 keeps the initiative token: P1 resolves first"


def test_no_initiative_decision_when_only_one_resolves() -> None:
    """S-2 (initiative.ask_when_moot = false): with one card to resolve (Gohei Swing, which misses
    P2 four cells away) the order cannot matter."""
    game = both_turn(p1={"cast": "gohei_swing#1"})
    steps = game.run(until="decision")
    assert "resolve.order" not in names(steps)
    assert game.pending.kind == "play"
    assert [s.events[0]["player"] for s in steps if s.name == "resolve.card"] == ["P1"]


def test_initiative_asked_when_moot_option() -> None:
    """S-2 option initiative.ask_when_moot = true: the decision is asked even with one resolver."""
    game = both_turn(p1={"cast": "guard"}, options={"initiative.ask_when_moot": True})
    game.run(until="decision")
    assert game.pending.kind == "initiative"
