"""Card conservation (engine.ledger.CardLedger) and the invariants of both rulesets built on it."""

from __future__ import annotations

from hisoutab.engine.ledger import CardLedger
from hisoutab.engine.record import replace
from hisoutab.games.hisoutab.draft.rules import check_invariants as check_draft
from hisoutab.games.hisoutab.v0452.rules import check_invariants

from .helpers import start
from .test_draft_support import start as start_draft


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
