"""Card conservation (engine.ledger): the full walk, the ledger kept per game that re-places only the
zones a step changed (the same problems as a full walk, on random and broken states), and the
invariants of the rulesets built on it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.contract import place_cards
from hisoutab.engine.ledger import CardLedger, ZoneLedger, _OwnerlessLedger, zone_ledger
from hisoutab.engine.record import replace
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.games.hisoutab.draft.rules import check_invariants as check_draft
from hisoutab.games.hisoutab.v0452.rules import check_invariants

from .helpers import start
from .test_draft_support import start as start_draft

RULESETS = all_rulesets()


def test_ledger_reports_two_places_foreign_cards_and_conservation() -> None:
    ledger = CardLedger()
    ledger.place_all(["P1/a", "P1/b"], "P1.hand", "P1")
    ledger.place("P1/a", "P1.discard", "P1")
    ledger.place("P1/c", "P2.hand", "P2")
    problems = ledger.conserved(["P1/a", "P1/b", "P1/d"])
    assert problems == [
        "P1/a is in two places: P1.hand and P1.discard",
        "P1/c in P2.hand does not belong to P2",
        "cards not conserved: missing ['P1/d'], unknown ['P1/c']",
    ]


def test_ledger_without_problems_and_without_owners() -> None:
    ledger = CardLedger()
    ledger.place_all(["x", "y"], "pile")
    assert ledger.conserved({"x", "y"}) == []
    assert ledger.places == {"x": "pile", "y": "pile"}


def test_0452_invariants_catch_a_card_in_two_places_and_a_lost_card() -> None:
    game = start()
    s = game.state
    p1 = s.players[0]
    assert check_invariants(game.ctx, s) == []
    doubled = replace(s, players=(replace(p1, discard=p1.discard + (p1.hand[0],)), s.players[1]))
    assert f"{p1.hand[0]} is in two places: P1.hand and P1.discard" in check_invariants(game.ctx, doubled)
    lost = replace(s, players=(replace(p1, hand=p1.hand[1:]), s.players[1]))
    assert any(p.startswith(f"cards not conserved: missing ['{p1.hand[0]}']")
               for p in check_invariants(game.ctx, lost))


def test_draft_invariants_catch_a_card_of_the_other_player() -> None:
    game = start_draft()
    s = game.state
    p1, p2 = s.players
    moved = replace(s, players=(replace(p1, hand=p1.hand + (p2.hand[0],)),
                                replace(p2, hand=p2.hand[1:])))
    assert f"{p2.hand[0]} in P1.hand does not belong to P1" in check_draft(game.ctx, moved)


# --------------------------------------------------------------------------- the incremental ledger
def _states(rid: str, seed: int, steps: int) -> list[Any]:
    game = Game(RULESETS[rid], seed=seed)
    game.run(until="end", agents=RandomAgent(seed), max_steps=steps)
    return [game.initial] + [s.after for s in game.history]


def _full(rs: Any, state: Any, expected: set[str], owners: bool) -> list[str]:
    ledger = CardLedger() if owners else _OwnerlessLedger()
    return place_cards(rs.zones, rs.player_records(state), state, ledger).conserved(expected)


def _kept(ledger: ZoneLedger, rs: Any, state: Any, expected: set[str]) -> list[str]:
    return place_cards(rs.zones, rs.player_records(state), state, ledger.begin([])).conserved(expected)


def _broken(rs: Any, state: Any, rng: random.Random) -> Any:
    """``state`` with one or two conservation faults: a card copied into a second zone, moved to
    another player's zone, dropped, or unknown; or the players' records swapped or repeated."""
    players = list(rs.player_records(state))
    zones = [z for z in rs.zones if z.kind == "cards" and not z.card_attr]
    mine = [z for z in zones if z.owner == "player"]
    for _ in range(rng.randint(1, 2)):
        fault = rng.choice(["copy", "move", "drop", "unknown", "swap", "repeat"])
        if fault in ("swap", "repeat") and len(players) > 1:
            players = players[::-1] if fault == "swap" else [players[0], *players]
            continue
        if not mine:
            continue
        i, z = rng.randrange(len(players)), rng.choice(mine)
        cards = getattr(players[i], z.attr)
        if fault == "unknown":
            players[i] = replace(players[i], **{z.attr: (*cards, "P9/unknown")})
        elif cards and fault == "drop":
            players[i] = replace(players[i], **{z.attr: cards[1:]})
        elif cards:
            j = (i + 1) % len(players) if fault == "move" else i
            other = rng.choice(mine)
            players[j] = replace(players[j], **{other.attr: (*getattr(players[j], other.attr), cards[0])})
            if fault == "move":
                players[i] = replace(players[i], **{z.attr: cards[1:]})
    return replace(state, **{rs.players_field: tuple(players)})


@pytest.mark.parametrize("rid", sorted(RULESETS))
@pytest.mark.parametrize("owners", [True, False], ids=["owners", "shared"])
def test_the_kept_ledger_reports_what_a_full_walk_reports(rid: str, owners: bool) -> None:
    """One ZoneLedger over the states of several games in a random order, sound and broken, reports
    exactly the problems (same texts, same order) that a full walk reports for each state."""
    rs = RULESETS[rid]
    rng = random.Random(rid)
    states = [s for seed in (1, 2) for s in _states(rid, seed, 300)]
    first = states[0]
    expected = set(place_cards(rs.zones, rs.player_records(first), first, CardLedger()).places)
    ledger = ZoneLedger(owners)
    order = states[:150] + rng.sample(states, len(states))  # step by step, then jumping around
    faults = 0
    for k, state in enumerate(order):
        if k % 3 == 2:
            state = _broken(rs, state, rng)
        want = _full(rs, state, expected, owners)
        assert _kept(ledger, rs, state, expected) == want, f"state {k}"
        faults += bool(want)
    assert faults > len(order) // 6  # the broken states were broken


def test_the_kept_ledger_forgets_zones_no_longer_walked() -> None:
    ledger = ZoneLedger()
    ledger.begin([])
    assert not ledger.unchanged("a", "P1.hand", ("P1/x",))
    ledger.place_all(("P1/x",), "P1.hand", "P1")
    assert not ledger.unchanged("b", "P1.deck", ("P1/y",))
    ledger.place_all(("P1/y",), "P1.deck", "P1")
    ledger.walked()
    assert ledger.conserved({"P1/x", "P1/y"}) == []
    ledger.begin([])
    hand = tuple(["P1/x"])  # equal, not the same object: placed again
    assert not ledger.unchanged("a", "P1.hand", hand)
    ledger.place_all(hand, "P1.hand", "P1")
    ledger.walked()  # the deck was not walked: its card is gone
    assert ledger.conserved({"P1/x", "P1/y"}) == [
        "cards not conserved: missing ['P1/y'], unknown []"]
    ledger.begin([])
    assert ledger.unchanged("a", "P1.hand", hand)  # the same object: not placed again
    assert not ledger.unchanged("c", "P2.hand", ("P1/x",))
    ledger.place_all(("P1/x",), "P2.hand", "P2")
    ledger.walked()
    assert ledger.conserved({"P1/x"}) == ["P1/x in P2.hand does not belong to P2",
                                          "P1/x is in two places: P1.hand and P2.hand"]


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_each_game_keeps_its_own_ledger(rid: str) -> None:
    """``zone_ledger`` gives one ledger per game context, and the invariants of two games checked in
    turn stay right."""
    rs = RULESETS[rid]
    a, b = Game(rs, seed=1), Game(rs, seed=2)
    assert zone_ledger(a.ctx, []) is zone_ledger(a.ctx, [])
    assert zone_ledger(a.ctx, []) is not zone_ledger(b.ctx, [])
    a.run(until="end", agents=RandomAgent(1), max_steps=200)
    b.run(until="end", agents=RandomAgent(2), max_steps=200)
    for sa, sb in zip(a.history, b.history, strict=False):
        assert rs.invariants(a.ctx, sa.after) == [] and rs.invariants(b.ctx, sb.after) == []
        assert rs.invariants(a.ctx, sb.after) == rs.invariants(b.ctx, sb.after)
