"""§3 Setup: H-SETUP-1..5, H-SETUP-6 (mulligan, R-9), H-SETUP-7 (first player, R-10; the second
player's spell draw, H-SPELL-DRAW)."""

from __future__ import annotations

from itertools import combinations

import pytest

from hisoutab import Game
from hisoutab.engine.errors import IllegalChoice

from .helpers import RS, U, situation


def _setup_steps(game: Game) -> dict:
    return {s.name: s for s in game.history}


# --------------------------------------------------------------------------- H-SETUP-1..4


def test_setup_steps_run_in_order_and_cite_their_clauses() -> None:
    """H-SETUP-1, H-SETUP-2, H-SETUP-3, H-SETUP-4, H-SETUP-5, H-SETUP-6: setup order and cited
    clauses; the spell decks are built after the pieces are placed."""
    game = Game(RS, seed=1)
    game.run(until="decision")
    assert [(s.name, s.clauses) for s in game.history] == [
        ("setup.hp", ("H-SETUP-1",)),
        ("setup.spirit", ("H-SETUP-2",)),
        ("setup.markers", ("H-SETUP-3", "R-3")),
        ("setup.pieces", ("H-SETUP-4", "R-2")),
        ("setup.spells", ("H-SETUP-5",)),
        ("setup.draw", ("H-SETUP-6",)),
    ]
    assert all(s.choice is None for s in game.history)
    assert game.pending.kind == "mulligan"


def test_hp_set_to_20() -> None:
    """H-SETUP-1: both players' HP is set to 20."""
    game = Game(RS, seed=1)
    assert [p.hp for p in game.state.players] == [0, 0]
    step = game.step()
    assert step.name == "setup.hp"
    assert [p.hp for p in step.after.players] == [20, 20]
    assert step.sentence == "both players' HP set to 20"


def test_each_player_gains_5_spirit() -> None:
    """H-SETUP-2: each player gains 5 spirit (5 face-up tokens)."""
    game = Game(RS, seed=1)
    game.step()
    step = game.step()
    assert step.name == "setup.spirit"
    for p in step.after.players:
        assert p.spirit == (U, U, U, U, U)
        assert p.spirit_available == 5


@pytest.mark.parametrize("start", [1, 3])
def test_markers_on_first_timeline_cell(start: int) -> None:
    """H-SETUP-3 with R-3 (timeline.start): both markers on the first cell, no hit token."""
    game = Game(RS, seed=1, options={"timeline.start": start})
    game.run(until="decision")
    step = _setup_steps(game)["setup.markers"]
    assert [(p.marker, p.hit) for p in step.after.players] == [(start, None), (start, None)]
    assert step.after.time == start
    assert step.after.special_done == start - 1
    assert step.sentence == f"both timeline markers on cell {start}"


@pytest.mark.parametrize(("width", "p2x"), [(7, 6), (9, 8), (4, 3)])
def test_pieces_on_cell_2_from_each_end_facing_each_other(width: int, p2x: int) -> None:
    """H-SETUP-4 with R-2: P1 on (2,0) facing right, P2 on (width-1,0) facing left."""
    game = Game(RS, seed=1, options={"board.width": width})
    game.run(until="decision")
    a, b = _setup_steps(game)["setup.pieces"].after.players
    assert (a.x, a.y, a.facing) == (2, 0, 1)
    assert (b.x, b.y, b.facing) == (p2x, 0, -1)
    assert a.on_ground and b.on_ground


# --------------------------------------------------------------------------- H-SETUP-6 / R-9


def test_opening_draw_is_5_cards_plus_standing() -> None:
    """H-SETUP-6 with R-6: 5 cards drawn from the shuffled deck; standing cards stay in hand."""
    game = Game(RS, seed=2)
    game.run(until="decision")
    step = _setup_steps(game)["setup.draw"]
    for i, p in enumerate(step.after.players):
        standing = [c for c in p.hand if c in game.ctx.standing]
        drawn = [c for c in p.hand if c not in game.ctx.standing]
        assert standing == [f"{p.name}/{c}" for c in game.ctx.characters[i].standing]
        assert len(drawn) == 5
        assert len(p.deck) == len(game.ctx.decks[i]) - 5
        assert sorted(drawn + list(p.deck)) == sorted(game.ctx.decks[i])
        assert p.discard == ()
    # the deck was shuffled: the drawn cards are not simply the first five of the listed deck
    p1 = step.after.players[0]
    assert p1.hand[2:] + p1.deck != game.ctx.decks[0]


def test_mulligan_is_one_joint_decision_listing_every_distinct_discard() -> None:
    """H-SETUP-6, R-9: both players decide at once (hidden), options are distinct discard sets."""
    game = Game(RS, seed=1)
    game.run(until="decision")
    d = game.pending
    assert d.kind == "mulligan"
    assert d.players == ("P1", "P2")
    assert d.joint
    assert d.clauses == ("H-SETUP-6", "R-9")
    for i, player in enumerate(d.players):
        hand = [c for c in game.state.players[i].hand if c not in game.ctx.standing]
        ids = [game.ctx.cards[c].id for c in hand]
        expected = {(): "keep all"}
        for n in range(1, len(ids) + 1):
            for combo in combinations(ids, n):
                key = tuple(sorted(combo))
                expected.setdefault(key, "discard " + ", ".join(key))
        labels = d.labels(player)
        assert labels[0] == "keep all"
        assert sorted(labels) == sorted(expected.values())
        assert len(set(labels)) == len(labels)


def test_mulligan_discards_to_discard_pile_and_draws_back_same_count() -> None:
    """H-SETUP-6, R-9: the discarded cards go to the discard pile and as many are drawn back."""
    game = Game(RS, seed=1)
    game.run(until="decision")
    before = game.state
    p1 = before.players[0]
    ctx = game.ctx
    # two cards of different ids from the hand of seed 1 (sorted by id, as the option lists them)
    drawn = [c for c in p1.hand if c not in ctx.standing]
    assert len(drawn) == 5
    flt = drawn[0]
    jab = next(c for c in drawn if ctx.cards[c].id != ctx.cards[flt].id)
    flt, jab = sorted((flt, jab), key=lambda c: ctx.cards[c].id)
    label = f"discard {ctx.cards[flt].id}, {ctx.cards[jab].id}"
    step = game.choose({"P1": label, "P2": "keep all"})
    assert step.name == "setup.mulligan"
    assert step.choice == {"P1": label, "P2": "keep all"}
    a, b = step.after.players
    assert a.discard == (flt, jab)  # in the order of the option's (sorted) card ids
    assert a.hand == tuple(c for c in p1.hand if c not in (jab, flt)) + p1.deck[:2]
    assert a.deck == p1.deck[2:]
    assert len(a.hand) == 7
    assert b == before.players[1]
    assert step.events[0] == {"type": "mulligan", "player": "P1", "discarded": [flt, jab],
                              "drawn": list(p1.deck[:2])}
    assert step.events[1] == {"type": "mulligan", "player": "P2", "discarded": [], "drawn": []}
    assert "P2 keeps all" in step.sentence
    # one mulligan per player: the next decision is the first player
    assert game.pending.kind == "first player"


def test_mulligan_hidden_choices_reveal_only_when_both_chose() -> None:
    """H-SETUP-6: each player chooses hidden with ``player=``; one step reveals both."""
    game = Game(RS, seed=1)
    game.run(until="decision")
    n = game.cursor
    assert game.choose("keep all", player="P2") is None
    assert game.hidden_choices() == ("P2",)
    assert game.cursor == n
    with pytest.raises(IllegalChoice):
        game.choose("discard nothing", player="P1")
    assert game.hidden_choices() == ("P2",)
    step = game.choose("keep all", player="P1")
    assert step is not None and step.choice == {"P1": "keep all", "P2": "keep all"}
    assert game.hidden_choices() == ()


def test_mulligan_of_duplicate_copies_discards_both() -> None:
    """H-SETUP-6, R-9: two copies of one card give a 'discard x, x' option that discards both."""
    base = Game(RS, seed=1)
    base.run(until="decision")
    s = base.state
    hand = ("gohei_swing#1", "gohei_swing#2", "float#1", "sweep#1", "feint#1")
    game = situation(base, agenda=(("setup.first_player",), ("setup.mulligan",)),
                     p1={"hand": hand, "aside": ("get_up",)}, check=False)
    p1 = game.state.players[0]
    assert p1.hand[2:] == tuple("P1/" + c for c in hand)
    labels = game.pending.labels("P1")
    assert "discard gohei_swing" in labels
    assert "discard gohei_swing, gohei_swing" in labels
    assert labels.count("discard gohei_swing") == 1
    step = game.choose({"P1": "discard gohei_swing, gohei_swing", "P2": "keep all"})
    a = step.after.players[0]
    assert a.discard == ("P1/gohei_swing#1", "P1/gohei_swing#2")
    assert a.hand == ("P1/gohei_jab", "P1/guard", "P1/float#1", "P1/sweep#1", "P1/feint#1") + p1.deck[:2]
    assert s.players[1] == step.after.players[1]


def test_no_mulligan_option_skips_the_decision() -> None:
    """H-SETUP-6 with R-9 option setup.mulligan = none: no decision, hands unchanged."""
    game = Game(RS, seed=1, options={"setup.mulligan": "none"})
    game.run(until="decision")
    steps = _setup_steps(game)
    mull = steps["setup.mulligan"]
    assert mull.choice is None
    assert mull.clauses == ("R-9",)
    assert mull.sentence == "no mulligan (setup.mulligan = none)"
    assert mull.after.players == mull.before.players
    assert game.pending.kind == "first player"


# --------------------------------------------------------------------------- H-SETUP-7 / R-10


@pytest.mark.parametrize(("label", "first", "spell"), [("P1 goes first", 0, "P2/stardust_reverie"),
                                                       ("P2 goes first", 1, "P1/exorcism_wave")])
def test_first_player_chosen_by_p1_takes_initiative(label: str, first: int, spell: str) -> None:
    """H-SETUP-7, R-10 (choose): P1 decides who goes first; that player takes the initiative and
    the second player reveals one spell card (the top of the shuffled spell deck) into the spell
    sequence (H-SPELL-DRAW)."""
    game = Game(RS, seed=1, options={"setup.mulligan": "none"})
    game.run(until="decision")
    d = game.pending
    assert (d.kind, d.players, d.clauses) == ("first player", ("P1",), ("H-SETUP-7", "R-10"))
    assert d.labels() == ("P1 goes first", "P2 goes first")
    step = game.choose(label)
    assert step.after.first == first
    assert step.sentence == f"P{first + 1} goes first (chosen)"
    game.run(until="decision")
    init = _setup_steps(game)["setup.initiative"]
    assert init.after.initiative == first
    second = 1 - first
    assert init.clauses == ("H-SETUP-7", "H-SPELL-DRAW")
    assert init.events == ({"type": "initiative", "player": f"P{first + 1}"},
                           {"type": "spell_draw", "player": f"P{second + 1}", "cards": [spell]})
    name = game.ctx.name(spell)
    assert init.sentence == (f"P{first + 1} takes the initiative token; P{second + 1} reveals "
                             f"{name} into the spell sequence")
    before = init.before.players[second]
    after = init.after.players[second]
    assert before.spell_deck[0] == spell and before.spell_seq == ()
    assert after.spell_seq == (spell,)
    assert after.spell_deck == before.spell_deck[1:]
    # the first player draws no spell card
    assert init.after.players[first].spell_seq == ()
    assert init.after.players[first].spell_deck == init.before.players[first].spell_deck


@pytest.mark.parametrize(("how", "first"), [("p1", 0), ("p2", 1)])
def test_fixed_first_player_option(how: str, first: int) -> None:
    """H-SETUP-7, R-10 (p1 / p2): no decision; the fixed player goes first and holds initiative."""
    game = Game(RS, seed=1, options={"setup.mulligan": "none", "setup.first_player": how})
    game.run(until="decision")
    step = _setup_steps(game)["setup.first_player"]
    assert step.choice is None
    assert step.sentence == f"P{first + 1} goes first (setup.first_player = {how})"
    assert game.state.first == first
    assert game.state.initiative == first
    assert game.pending.kind == "play"


def test_random_first_player_is_seeded_and_covers_both() -> None:
    """H-SETUP-7, R-10 (random): drawn from the game's seeded generator, reproducible per seed."""
    def first(seed: int) -> int:
        g = Game(RS, seed=seed, options={"setup.mulligan": "none", "setup.first_player": "random"})
        g.run(until="decision")
        step = _setup_steps(g)["setup.first_player"]
        assert step.choice is None
        assert step.sentence.endswith("(at random)")
        assert g.state.initiative == g.state.first
        return g.state.first

    results = [first(seed) for seed in range(8)]
    assert results == [first(seed) for seed in range(8)]
    assert set(results) == {0, 1}
    # (the spell decks are shuffled before, H-SETUP-5, so the draw follows that shuffle)
    assert results[:5] == [1, 0, 0, 1, 0]
