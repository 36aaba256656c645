"""§8 The spell-card system: the spell deck at setup (H-SETUP-5, H-SETUP-7), the public sequence
(H-SPELL-SEQ, H-SPELL-DRAW), gaining spell cards when HP falls (H-SPELL-GAIN, R-19), the front
decision of the maintenance phase (H-MAINT-2, R-21), performing a spell card (H-EFF-SPELL,
H-SPELL-PLAY-1/2, H-SPELL-COST) and the spell discard pile (H-SPELL-DISCARD)."""

from __future__ import annotations

import pytest

from hisoutab import Game

from .helpers import BASE_OPTIONS, RS, D, names, situation, start

ADVANCE = (("timeline.advance",),)
PLAY = (("timeline.advance",), ("play.choose",))


def sp(*cards: str, player: str = "P1") -> tuple[str, ...]:
    return tuple(f"{player}/{c}" for c in cards)


def spells(game: Game, i: int, seq: tuple[str, ...], discard: tuple[str, ...] = ()) -> dict:
    """Spell zones of player ``i``: this sequence and spell discard pile, the rest in the spell deck
    in the character's order."""
    name = ("P1", "P2")[i]
    seq_, disc = sp(*seq, player=name), sp(*discard, player=name)
    deck = tuple(c for c in game.ctx.spell_decks[i] if c not in seq_ + disc)
    return {"spell_seq": seq_, "spell_discard": disc, "spell_deck": deck}


def p1_turn(seq=(), p1=None, p2=None, options=None, p2_seq=(), **fields):
    """P1 alone at t=3 (P2's marker on 9), the agenda at the timeline advance."""
    base = start(options=options)
    return situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     p1={"marker": 3, **spells(base, 0, seq), **(p1 or {})},
                     p2={"marker": 9, **spells(base, 1, p2_seq), **(p2 or {})}, **fields)


def p1_play(seq=(), p1=None, p2=None, options=None, discard=(), **fields):
    """P1's play phase at t=3."""
    base = start(options=options)
    return situation(base, agenda=PLAY, time=3, special_done=2, participants=(0,), turn=2,
                     p1={"marker": 3, **spells(base, 0, seq, discard), **(p1 or {})},
                     p2={"marker": 9, **(p2 or {})}, **fields)


def _step(steps, name):
    found = [s for s in steps if s.name == name]
    assert found, f"no {name} step in {names(steps)}"
    return found[0]


# --------------------------------------------------------------------------- H-SETUP-5 / H-SETUP-7


def test_setup_5_each_player_builds_a_shuffled_10_card_spell_deck() -> None:
    """H-SETUP-5: each player's spell deck is the character's 10 spell cards, shuffled."""
    game = start()
    step = _step(game.history, "setup.spells")
    assert step.clauses == ("H-SETUP-5",)
    assert step.sentence == "each player shuffles a spell deck of 10 and 10 cards"
    for i in (0, 1):
        deck = step.after.players[i].spell_deck
        assert len(deck) == 10
        assert sorted(deck) == sorted(game.ctx.spell_decks[i])
        assert step.before.players[i].spell_seq == step.after.players[i].spell_seq == ()
    assert step.after.players[0].spell_deck != game.ctx.spell_decks[0]  # shuffled (seed 0)


@pytest.mark.parametrize(("first", "second"), [("p1", 1), ("p2", 0)])
def test_setup_7_second_player_draws_one_spell_card(first: str, second: int) -> None:
    """H-SETUP-7 with H-SPELL-DRAW: the first player takes the initiative token; the second player
    reveals the top card of its spell deck into its sequence; the first player draws none."""
    game = start(options={"setup.first_player": first})
    step = _step(game.history, "setup.initiative")
    assert step.clauses == ("H-SETUP-7", "H-SPELL-DRAW")
    before, after = step.before.players[second], step.after.players[second]
    top = before.spell_deck[0]
    assert after.spell_seq == (top,)
    assert after.spell_deck == before.spell_deck[1:]
    assert step.events[1] == {"type": "spell_draw", "player": f"P{second + 1}", "cards": [top]}
    assert step.after.players[1 - second].spell_seq == ()
    assert len(step.after.players[1 - second].spell_deck) == 10
    assert step.after.initiative == 1 - second


# --------------------------------------------------------------------------- H-SPELL-DRAW / -SEQ


def _gain(seq, n, p1=None, options=None):
    """A spell.gain frame for P1 on top of P1's play phase."""
    base = start(options=options)
    return situation(base, agenda=PLAY + (("spell.gain", 0, n),), time=3, special_done=2,
                     participants=(0,), p1={"marker": 3, **spells(base, 0, seq), **(p1 or {})},
                     p2={"marker": 9})


def test_spell_draw_reveals_the_top_card_at_the_end_of_the_sequence() -> None:
    """H-SPELL-DRAW: drawing reveals the top card of the spell deck and puts it into the sequence
    (behind the cards already there)."""
    game = _gain(("dream_seal",), 1)
    deck = game.state.players[0].spell_deck
    step = game.step()
    assert step.name == "spell.gain"
    assert step.clauses == ("H-SPELL-GAIN", "H-SPELL-DRAW", "H-SPELL-SEQ", "R-19")
    p = step.after.players[0]
    assert p.spell_seq == ("P1/dream_seal", deck[0])
    assert p.spell_deck == deck[1:]
    assert step.events == ({"type": "spell_draw", "player": "P1", "cards": [deck[0]]},)
    assert step.sentence == ("P1's HP reached a spell threshold: reveals "
                             f"{game.ctx.name(deck[0])} into the spell sequence")


def test_spell_seq_holds_at_most_5_and_a_full_sequence_draws_nothing() -> None:
    """H-SPELL-SEQ: at most 5 cards; when it is full no more can be drawn (the deck is untouched)."""
    seq = ("dream_seal", "divine_arrow", "spirit_sign", "fantasy_seal", "great_barrier")
    game = _gain(seq, 1)
    before = game.state.players[0]
    step = game.step()
    assert step.sentence == ("P1's HP reached a spell threshold: no spell card drawn (the sequence is "
                             "full: 5 cards)")
    assert step.events == ({"type": "spell_draw", "player": "P1", "cards": []},)
    assert step.after.players[0] == before


def test_spell_seq_fills_up_to_5_then_stops() -> None:
    """H-SPELL-SEQ with R-19: two draws owed with 4 cards in the sequence: one is drawn, then the
    sequence is full."""
    game = _gain(("dream_seal", "divine_arrow", "spirit_sign", "fantasy_seal"), 2)
    deck = game.state.players[0].spell_deck
    step = game.step()
    p = step.after.players[0]
    assert len(p.spell_seq) == 5 and p.spell_seq[-1] == deck[0]
    assert p.spell_deck == deck[1:]
    assert step.sentence.endswith("into the spell sequence (the sequence is full: 5 cards)")


def test_empty_spell_deck_draws_nothing() -> None:
    """H-SPELL-DRAW / H-SPELL-DISCARD: with every other spell card in the spell discard pile, the
    empty spell deck gives nothing (the discard pile is never shuffled back)."""
    base = start()
    disc = tuple(c for c in base.ctx.spell_decks[0] if c != "P1/dream_seal")
    game = situation(base, agenda=PLAY + (("spell.gain", 0, 1),), time=3, special_done=2,
                     participants=(0,), p1={"marker": 3, "spell_seq": ("P1/dream_seal",),
                                            "spell_deck": (), "spell_discard": disc},
                     p2={"marker": 9})
    step = game.step()
    assert step.sentence == ("P1's HP reached a spell threshold: no spell card drawn (the spell deck "
                             "is empty)")
    assert step.after.players[0].spell_discard == disc
    assert step.after.players[0].spell_seq == ("P1/dream_seal",)


# --------------------------------------------------------------------------- H-SPELL-GAIN / R-19


def _settle(hp: int, mark: int, options=None, seq=()):
    """A damage settlement that moves P2's HP from ``hp`` to ``mark``."""
    base = start(options=options)
    return situation(base, agenda=PLAY + (("resolve.settle",),), time=3, special_done=2,
                     participants=(0,), p1={"marker": 3},
                     p2={"marker": 9, "hp": hp, "hp_mark": mark, **spells(base, 1, seq)})


@pytest.mark.parametrize(("hp", "mark", "draws"), [
    (20, 18, 0),  # no threshold
    (18, 17, 1),  # 17 reached
    (17, 16, 0),  # already at 17: nothing new reached
    (14, 13, 1),
    (18, 12, 2),  # 17 and 13 crossed in one hit
    (20, 1, 5),  # every threshold
    (6, 5, 1),
])
def test_spell_gain_each_threshold_draws_one(hp: int, mark: int, draws: int) -> None:
    """H-SPELL-GAIN with R-19 ('each'): one spell card per threshold (17/13/9/5/1) reached or
    crossed when the HP drops at settlement."""
    game = _settle(hp, mark)
    deck = game.state.players[1].spell_deck
    settle = game.step()
    assert settle.name == "resolve.settle"
    assert settle.after.players[1].hp == mark
    if draws == 0:
        assert settle.after.agenda == PLAY
        return
    assert settle.after.agenda == PLAY + (("spell.gain", 1, draws),)
    gain = game.step()
    assert gain.name == "spell.gain"
    assert gain.after.players[1].spell_seq == deck[:draws]
    assert gain.after.players[1].spell_deck == deck[draws:]


def test_spell_gain_one_per_hit_option() -> None:
    """H-SPELL-GAIN with R-19 option spell.draw_per_threshold = one: a hit crossing 17 and 13 draws
    one spell card only."""
    game = _settle(18, 12, options={"spell.draw_per_threshold": "one"})
    deck = game.state.players[1].spell_deck
    settle = game.step()
    assert settle.after.agenda == PLAY + (("spell.gain", 1, 1),)
    gain = game.step()
    assert gain.after.players[1].spell_seq == deck[:1]


def test_spell_gain_after_a_real_hit() -> None:
    """H-SPELL-GAIN: P1's Gohei Swing (damage 2) hits P2 at 18 HP (not in guard state: a move card
    in the cast zone): at settlement P2 is at 16, 17 was crossed, P2 reveals one spell card."""
    base = start()
    game = situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     p1={"marker": 3, "x": 2, "cast": "gohei_swing#1"},
                     p2={"marker": 9, "x": 3, "hp": 18, "cast": "broom_step#1"})
    seq, deck = game.state.players[1].spell_seq, game.state.players[1].spell_deck
    assert seq == ("P2/orreries_sun",)  # drawn at setup (H-SETUP-7)
    steps = game.run(until="decision")
    assert names(steps)[-3:] == ["kw.knockback", "resolve.settle", "spell.gain"]
    gain = steps[-1]
    assert gain.clauses == ("H-SPELL-GAIN", "H-SPELL-DRAW", "H-SPELL-SEQ", "R-19")
    p2 = game.state.players[1]
    assert p2.hp == 16
    assert p2.spell_seq == seq + (deck[0],)


# --------------------------------------------------------------------------- H-MAINT-2 / R-21


def test_maint_2_front_decision_for_the_turn_player() -> None:
    """H-MAINT-2 with R-21: a turn player with 2+ spell cards may put one at the front; options name
    each other card once."""
    game = p1_turn(seq=("dream_seal", "divine_arrow", "spirit_sign"))
    steps = game.run(until="decision")
    assert names(steps) == ["timeline.advance", "turn.begin"]
    d = game.pending
    assert (d.kind, d.players, d.clauses) == ("spell front", ("P1",), ("H-MAINT-2", "R-21"))
    assert d.labels() == ("keep the spell order", "front: divine_arrow", "front: spirit_sign")
    step = game.choose("front: spirit_sign")
    assert step.name == "maint.spell"
    assert step.sentence == "P1 puts Spirit Sign at the front"
    assert step.after.players[0].spell_seq == sp("spirit_sign", "dream_seal", "divine_arrow")
    assert game.step().name == "maint.zone"


def test_maint_2_keep_the_order() -> None:
    """H-MAINT-2: keeping the order changes nothing."""
    game = p1_turn(seq=("dream_seal", "divine_arrow"))
    game.run(until="decision")
    step = game.choose("keep the spell order")
    assert step.sentence == "P1 keeps the spell order"
    assert step.after.players[0].spell_seq == sp("dream_seal", "divine_arrow")


def test_maint_2_no_decision_with_one_spell_card() -> None:
    """H-MAINT-2 / R-21: a sequence of one card has nothing to reorder: no decision."""
    game = p1_turn(seq=("dream_seal",))
    steps = game.run(until="decision")
    assert "maint.spell" not in names(steps)
    assert game.pending.kind == "play"


def test_maint_2_simultaneous_action_is_a_joint_hidden_decision() -> None:
    """H-MAINT-2 with R-21: in a simultaneous action both decide hidden, then reveal together."""
    base = start()
    game = situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     p1={"marker": 3, **spells(base, 0, ("dream_seal", "divine_arrow"))},
                     p2={"marker": 3, **spells(base, 1, ("milky_way", "master_spark"))})
    game.run(until="decision")
    d = game.pending
    assert (d.kind, d.players) == ("spell front", ("P1", "P2"))
    assert d.labels("P2") == ("keep the spell order", "front: master_spark")
    assert game.choose("front: divine_arrow", player="P1") is None
    assert game.hidden_choices() == ("P1",)
    assert game.state.players[0].spell_seq == sp("dream_seal", "divine_arrow")
    step = game.choose("keep the spell order", player="P2")
    assert step.name == "maint.spell"
    assert step.sentence == "P1 puts Divine Arrow at the front; P2 keeps the spell order"
    assert step.after.players[0].spell_seq == sp("divine_arrow", "dream_seal")
    assert step.after.players[1].spell_seq == sp("milky_way", "master_spark", player="P2")


def test_maint_2_only_the_player_with_two_cards_decides() -> None:
    """H-MAINT-2: in a simultaneous action only a player with 2+ spell cards decides."""
    base = start()
    game = situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     p1={"marker": 3, **spells(base, 0, ("dream_seal",))},
                     p2={"marker": 3, **spells(base, 1, ("milky_way", "master_spark"))})
    game.run(until="decision")
    assert (game.pending.kind, game.pending.players) == ("spell front", ("P2",))


def test_maint_2_front_commit_false_skips_the_step() -> None:
    """R-21 option spell.front_commit = false: no front step at all."""
    game = p1_turn(seq=("dream_seal", "divine_arrow", "spirit_sign"),
                   options={"spell.front_commit": False})
    steps = game.run(until="decision")
    assert "maint.spell" not in names(steps)
    assert game.pending.kind == "play"


# --------------------------------------------------------------------------- H-SPELL-PLAY / H-EFF-SPELL


def test_spell_play_original_to_hand_spell_into_the_cast_zone() -> None:
    """H-EFF-SPELL, H-SPELL-PLAY-1/2, H-SPELL-COST: Spell Declaration is played: it returns to hand,
    Dream Seal (spell cost 1: itself) goes from the sequence into the cast zone, and its numbers
    are paid (startup 2)."""
    game = p1_play(seq=("dream_seal",), p1={"hand": ("spell_declaration#1",)})
    assert "play spell_declaration" in game.pending.labels("P1")
    play = game.choose("play spell_declaration")
    assert play.name == "play.choose"
    assert play.after.players[0].cast == "P1/spell_declaration#1"
    assert play.after.agenda[-1] == ("spell.play", 0, "P1/spell_declaration#1", 0)
    step = game.step()
    assert step.name == "spell.play"
    assert step.clauses == ("H-EFF-SPELL", "H-SPELL-PLAY", "H-SPELL-PLAY-1", "H-SPELL-PLAY-2",
                            "H-SPELL-COST", "R-21")
    assert step.sentence == ("P1's Spell Declaration returns to hand; Dream Seal goes from the spell "
                             "sequence into the cast zone")
    assert step.events == ({"type": "spell", "player": "P1", "card": "P1/dream_seal",
                            "discarded": []},)
    p = step.after.players[0]
    assert p.cast == "P1/dream_seal" and p.cast_side == ""
    assert p.hand == ("P1/gohei_jab", "P1/guard", "P1/spell_declaration#1")
    assert p.spell_seq == () and p.spell_discard == ()
    pay = game.step()
    assert pay.name == "play.pay"
    assert pay.sentence == "P1 pays for Dream Seal: marker t=3 → 5 (startup 2)"
    assert pay.after.players[0].marker == 5


def test_spell_declaration_not_offered_without_a_payable_spell() -> None:
    """H-SPELL-PLAY-2 / H-SPELL-COST: with no spell card in the sequence, or none payable (Spirit
    Sign alone: it costs 3 spell cards), the spell-card effect cannot be played; with 3 cards it
    can."""
    game = p1_play(p1={"hand": ("spell_declaration#1",)})
    assert "play spell_declaration" not in game.pending.labels("P1")
    game = p1_play(seq=("spirit_sign",), p1={"hand": ("spell_declaration#1",)})
    assert "play spell_declaration" not in game.pending.labels("P1")
    game = p1_play(seq=("spirit_sign", "fantasy_seal", "dream_seal"),
                   p1={"hand": ("spell_declaration#1",)})
    assert "play spell_declaration" in game.pending.labels("P1")


def test_front_card_is_forced_when_payable() -> None:
    """H-SPELL-PLAY-2 with R-21: the front card (Dream Seal) is payable, so it is the one cast: no
    choice among the other payable cards."""
    game = p1_play(seq=("dream_seal", "divine_arrow", "hakurei_barrier"),
                   p1={"hand": ("spell_declaration#1",)})
    game.choose("play spell_declaration")
    step = game.step()
    assert step.name == "spell.play" and step.choice is None
    p = step.after.players[0]
    assert p.cast == "P1/dream_seal"
    assert p.spell_seq == sp("divine_arrow", "hakurei_barrier")


def test_unpayable_front_card_leaves_the_choice_free() -> None:
    """H-SPELL-PLAY-2 with R-21: the front card (Spirit Sign, 3 spell cards) is not payable with 2
    cards in the sequence, so a payable card of the sequence (Dream Seal) is cast instead."""
    game = p1_play(seq=("spirit_sign", "dream_seal"), p1={"hand": ("spell_declaration#1",)})
    game.choose("play spell_declaration")
    step = game.step()
    assert step.after.players[0].cast == "P1/dream_seal"
    assert step.after.players[0].spell_seq == sp("spirit_sign")


def test_front_commit_false_offers_every_payable_spell() -> None:
    """H-SPELL-PLAY-2 with R-21 option spell.front_commit = false: any payable spell card may be
    chosen."""
    game = p1_play(seq=("dream_seal", "divine_arrow", "hakurei_barrier"),
                   p1={"hand": ("spell_declaration#1",)}, options={"spell.front_commit": False})
    game.choose("play spell_declaration")
    d = game.pending
    assert (d.kind, d.players, d.clauses) == ("spell", ("P1",),
                                              ("H-SPELL-PLAY-2", "H-SPELL-COST", "R-21"))
    assert d.labels() == ("cast dream_seal", "cast divine_arrow", "cast hakurei_barrier")
    step = game.choose("cast hakurei_barrier")
    assert step.clauses == ("H-EFF-SPELL", "H-SPELL-PLAY", "H-SPELL-PLAY-1", "H-SPELL-PLAY-2",
                            "H-SPELL-COST")
    p = step.after.players[0]
    assert p.cast == "P1/hakurei_barrier"
    assert p.spell_seq == sp("dream_seal", "divine_arrow")


# --------------------------------------------------------------------------- H-SPELL-COST


def test_spell_cost_choice_of_the_cards_to_discard() -> None:
    """H-SPELL-COST: Exorcism Wave costs 2 spell cards, itself included: one other card of the
    sequence is discarded to the spell discard pile, chosen by the player."""
    game = p1_play(seq=("exorcism_wave", "dream_seal", "divine_arrow"),
                   p1={"hand": ("spell_declaration#1",)})
    game.choose("play spell_declaration")
    d = game.pending
    assert d.kind == "spell"
    assert d.labels() == ("cast exorcism_wave discarding dream_seal",
                          "cast exorcism_wave discarding divine_arrow")
    step = game.choose("cast exorcism_wave discarding divine_arrow")
    assert step.clauses == ("H-EFF-SPELL", "H-SPELL-PLAY", "H-SPELL-PLAY-1", "H-SPELL-PLAY-2",
                            "H-SPELL-COST", "H-SPELL-DISCARD", "R-21")
    assert step.sentence.endswith(", paid by discarding Divine Arrow to the spell discard pile")
    p = step.after.players[0]
    assert p.cast == "P1/exorcism_wave"
    assert p.spell_seq == sp("dream_seal")
    assert p.spell_discard == sp("divine_arrow")
    assert step.events[0]["discarded"] == ["P1/divine_arrow"]


def test_spell_cost_with_exactly_enough_cards_is_automatic() -> None:
    """H-SPELL-COST: Spirit Sign (3) with a sequence of exactly 3: both others are discarded, no
    choice."""
    game = p1_play(seq=("spirit_sign", "dream_seal", "divine_arrow"),
                   p1={"hand": ("spell_declaration#1",)})
    game.choose("play spell_declaration")
    step = game.step()
    assert step.name == "spell.play" and step.choice is None
    p = step.after.players[0]
    assert (p.cast, p.spell_seq) == ("P1/spirit_sign", ())
    assert p.spell_discard == sp("dream_seal", "divine_arrow")
    assert game.step().sentence == "P1 pays for Spirit Sign: marker t=3 → 6 (startup 3)"


# --------------------------------------------------------------------------- H-SPELL-DISCARD


@pytest.mark.parametrize(("card", "clauses"), [
    ("dream_seal", ("H-MAINT-1", "H-SPELL-DISCARD")),  # physical
    ("great_barrier", ("H-MAINT-1", "R-12", "H-SPELL-DISCARD")),  # defense
])
def test_spell_card_leaving_the_trigger_zone_goes_to_the_spell_discard(card, clauses) -> None:
    """H-SPELL-DISCARD with H-MAINT-1 / R-12: a spell card leaving the trigger zone goes to the
    spell discard pile, also with zones.other_destination = hand."""
    for options in (None, {"zones.other_destination": "hand"}):
        base = start(options=options)
        sd = tuple(c for c in base.ctx.spell_decks[0] if c != f"P1/{card}")
        game = situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                         p1={"marker": 3, "trigger": card, "spell_deck": sd},
                         p2={"marker": 9})
        step = _step(game.run(until="decision"), "maint.trigger")
        assert step.clauses == clauses
        assert step.sentence == (f"P1's {game.ctx.name('P1/' + card)} leaves the trigger zone, to the "
                                 "spell discard pile")
        p = step.after.players[0]
        assert p.spell_discard == (f"P1/{card}",)
        assert f"P1/{card}" not in p.hand + p.discard


def test_spell_card_hit_away_goes_to_the_spell_discard() -> None:
    """H-SPELL-DISCARD with H-DMG-4: P1's Dream Seal in the cast zone is discarded by P2's hit: it
    goes to the spell discard pile, not the discard pile."""
    base = start()
    sd = tuple(c for c in base.ctx.spell_decks[0] if c != "P1/dream_seal")
    game = situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(), initiative=1,
                     p1={"marker": 9, "x": 2, "cast": "dream_seal", "spell_deck": sd},
                     p2={"marker": 3, "x": 3, "cast": "broom_sweep#1"})
    steps = game.run(until="decision")
    dmg = _step(steps, "attack.damage")
    assert dmg.events[0]["discarded"] == ["P1/dream_seal"]
    p = dmg.after.players[0]
    assert p.cast is None
    assert p.spell_discard == ("P1/dream_seal",)
    assert "P1/dream_seal" not in p.discard


def test_spell_discard_is_never_shuffled_back() -> None:
    """H-SPELL-DISCARD with R-7: remaking the main deck from the discard pile leaves the spell
    discard pile alone."""
    base = start()
    disc = sp("dream_seal", "divine_arrow")
    sd = tuple(c for c in base.ctx.spell_decks[0] if c not in disc)
    game = p1_turn(p1={"hand": ("quick_jab#1",), "rest": "discard", "spell_discard": disc,
                       "spell_deck": sd})
    step = _step(game.run(until="decision"), "maint.zone")
    assert step.clauses == ("H-MAINT-4", "R-6", "R-7")
    p = step.after.players[0]
    assert p.spell_discard == disc
    assert p.spell_deck == sd
    assert not set(disc) & set(p.deck + p.hand)


def test_spell_sequence_unchanged_by_refill() -> None:
    """H-SPELL-SEQ: the sequence is a zone of its own: refilling the hand does not touch it."""
    game = p1_turn(seq=("dream_seal",), p1={"hand": (), "spirit": (D, D, D, D, D)})
    step = _step(game.run(until="decision"), "maint.zone")
    assert step.after.players[0].spell_seq == ("P1/dream_seal",)
    assert len(step.after.players[0].hand) == 7


def test_options_default_game_deals_spells_like_the_helpers() -> None:
    """H-SETUP-5 / H-SETUP-7 in a plain game: the same spell decks as the helpers' start()."""
    a = Game(RS, seed=0, options=BASE_OPTIONS)
    a.run(until="decision")
    assert a.state.players[1].spell_seq == start().state.players[1].spell_seq
