"""§4 Timeline: H-TURN-1/2, R-11 (when special cells trigger), H-ADJ-BLUE-0..3 (adjustment phase),
H-ADJ-YELLOW (yellow cells start the bullet movement phase)."""

from __future__ import annotations

import pytest

from .helpers import D, U, names, situation, start

ADVANCE = (("timeline.advance",),)


def _at(marker_p1: int | None, marker_p2: int | None, *, time: int = 1, done: int = 0, options=None,
        p1=None, p2=None, **fields):
    base = start(options=options)
    return situation(base, agenda=ADVANCE, time=time, special_done=done, participants=(),
                     p1={"marker": marker_p1, **(p1 or {})}, p2={"marker": marker_p2, **(p2 or {})},
                     **fields)


# --------------------------------------------------------------------------- H-TURN-1 / H-TURN-2


def test_skipped_cell_and_single_turn_player() -> None:
    """H-TURN-1, H-TURN-2: empty cell 2 is skipped; only P1 (marker on 3) takes part at t=3. Both
    markers have passed yellow cell 2 (H-ADJ-YELLOW, R-11): its bullet movement phase comes first
    and, with no bullet on the board, does nothing."""
    game = _at(3, 6)
    step = game.step()
    assert step.name == "timeline.advance"
    assert step.after.time == 3
    assert step.clauses == ("H-TURN-1", "H-TURN-2", "R-11")
    assert step.sentence == ("next turn at t=3 (cell 2 skipped: no one takes part); both markers "
                             "passed yellow cell 2")
    assert step.events == ({"type": "time", "from": 1, "to": 3, "skipped": 1},)
    phase = game.step()
    assert phase.name == "bullets.phase"
    assert phase.clauses == ("H-ADJ-YELLOW", "R-11")
    assert phase.sentence == "yellow cell 2: bullet movement phase, no bullet on the board"
    assert phase.after.agenda == (("turn.begin",),)
    begin = game.step()
    assert begin.name == "turn.begin"
    assert begin.after.participants == (0,)
    assert begin.sentence == f"turn {begin.before.turn + 1} at t=3: P1's turn"
    game.run(until="decision")
    assert game.pending.players == ("P1",)
    assert not game.pending.joint


def test_several_skipped_cells_named_as_range() -> None:
    """H-TURN-2, H-DMG-3: cells 2–3 are skipped when the nearest position is P2's hit token on 4
    (P2's marker is off the timeline after damage); the hit token becomes the marker again."""
    game = _at(7, None, p2={"hit": 4})
    step = game.step()
    assert step.after.time == 4
    assert step.sentence == ("next turn at t=4 (cells 2–3 skipped: no one takes part); both "
                             "markers passed yellow cell 2")
    assert step.events[0]["skipped"] == 2
    assert game.step().name == "bullets.phase"  # H-ADJ-YELLOW: yellow cell 2
    begin = game.step()
    assert begin.after.participants == (1,)
    p2 = begin.after.players[1]
    assert (p2.marker, p2.hit) == (4, None)
    assert begin.events[0]["type"] == "hit_token_reached"
    assert (begin.events[0]["player"], begin.events[0]["cell"]) == ("P2", 4)
    assert begin.clauses == ("H-TURN-1", "H-DMG-3")
    assert begin.sentence.endswith("P2's hit token becomes the marker")


def test_hit_token_after_guard_replaces_the_marker() -> None:
    """H-TD-1: after a guard the marker stayed on the timeline (at 2) but the hit token on 4 stands
    for the next turn; reaching it, the marker moves there."""
    game = _at(7, 2, time=2, done=1, p2={"hit": 4})
    game.step()
    assert game.step().name == "bullets.phase"  # H-ADJ-YELLOW: yellow cell 2 passed by both
    begin = game.step()
    assert begin.after.time == 4
    assert begin.after.participants == (1,)
    assert (begin.after.players[1].marker, begin.after.players[1].hit) == (4, None)
    assert begin.clauses == ("H-TURN-1", "H-TD-1")


def test_no_skip_when_next_cell_is_occupied() -> None:
    """H-TURN-1: the next cell with a marker is the very next one: nothing skipped, H-TURN-2 not cited."""
    game = _at(2, 3)
    step = game.step()
    assert step.after.time == 2
    assert step.clauses == ("H-TURN-1",)
    assert step.sentence == "next turn at t=2"
    assert step.events[0]["skipped"] == 0


def test_both_markers_on_one_cell_is_a_simultaneous_action() -> None:
    """H-TURN-2: both markers on the current cell: simultaneous action, a joint play decision."""
    game = _at(3, 3)
    game.step()
    assert game.step().name == "bullets.phase"  # H-ADJ-YELLOW: yellow cell 2 passed by both
    begin = game.step()
    assert begin.after.participants == (0, 1)
    assert "simultaneous action of P1 and P2" in begin.sentence
    game.run(until="decision")
    d = game.pending
    assert d.kind == "play"
    assert d.players == ("P1", "P2")
    assert d.joint


def test_marker_behind_hit_token_does_not_take_part() -> None:
    """H-TURN-2 / H-TD-1: while a hit token is on the board it stands for the next turn; a marker on
    the current cell does not make the player take part."""
    game = _at(3, 3, p2={"hit": 5})
    game.step()
    assert game.step().name == "bullets.phase"  # H-ADJ-YELLOW: yellow cell 2 passed by both
    begin = game.step()
    assert begin.after.time == 3
    assert begin.after.participants == (0,)


# ---------------------------------------------------------------------------


def test_blue_cell_does_not_trigger_while_a_marker_stands_on_it_strict() -> None:
    """R-11 (strict): a marker on cell 4 has not passed it; blue cell 4 does not trigger yet."""
    game = _at(4, 6, time=3, done=3)
    step = game.step()
    assert step.after.time == 4
    assert step.after.special_done == 3
    assert step.after.agenda[-1] == ("turn.begin",)
    assert "R-11" not in step.clauses


def test_blue_cell_triggers_on_reach_option() -> None:
    """R-11 with timeline.pass = reach: standing on cell 4 counts as having passed it. Cell 4 is
    both blue and yellow: the blue adjustment comes first, then the bullet movement phase
    (H-ADJ-YELLOW)."""
    game = _at(4, 6, time=3, done=3, options={"timeline.pass": "reach"})
    step = game.step()
    assert step.after.time == 4
    assert step.after.special_done == 4
    assert step.after.agenda[-3:] == (("turn.begin",), ("bullets.phase", 4), ("adjust.blue", 4))
    assert step.clauses == ("H-TURN-1", "R-11")
    assert step.sentence == "next turn at t=4; both markers passed blue cell 4, yellow cell 4"


def test_blue_cell_triggers_once_when_the_later_marker_passes() -> None:
    """R-11: blue cell 4 triggers once, when the later marker (P1) leaves it; never again."""
    game = _at(4, 6, time=3, done=3)
    game.run(until="decision")  # P1's turn at t=4
    assert game.state.time == 4
    game.choose("wait")  # marker 4 -> 5
    game.run(until="decision")  # P1's turn at 5: blue 4 has triggered
    assert game.state.time == 5
    game.choose("wait")  # marker 5 -> 6: simultaneous action at 6
    game.run(until="decision")
    assert game.state.time == 6
    blue = [s for s in game.history if s.name == "adjust.blue"]
    assert len(blue) == 1
    assert blue[0].before.time == 5  # after the advance from t=4 to t=5
    assert blue[0].sentence.startswith("blue cell 4: adjustment phase, P1 first (initiative)")


def test_several_blue_cells_jumped_trigger_in_timeline_order() -> None:
    """R-11: when the later marker jumps several blue and yellow cells at once, each triggers in
    timeline order, blue before yellow on a cell that is both (H-ADJ-BLUE, H-ADJ-YELLOW)."""
    game = _at(13, 14, time=3, done=3)
    steps = game.run(until="decision")
    assert steps[0].sentence == ("next turn at t=13 (cells 4–12 skipped: no one takes part); both "
                                 "markers passed blue cell 4, yellow cell 4, yellow cell 6, blue "
                                 "cell 8, yellow cell 8, yellow cell 10, blue cell 12, yellow cell 12")
    assert [s.name for s in steps[:9]] == ["timeline.advance", "adjust.blue", "bullets.phase",
                                           "bullets.phase", "adjust.blue", "bullets.phase",
                                           "bullets.phase", "adjust.blue", "bullets.phase"]
    assert steps[9].name == "turn.begin"
    assert [s.sentence.split(":")[0] for s in steps[1:9]] == [
        "blue cell 4", "yellow cell 4", "yellow cell 6", "blue cell 8", "yellow cell 8",
        "yellow cell 10", "blue cell 12", "yellow cell 12"]
    assert steps[0].after.special_done == 12


def test_yellow_cells_only_are_not_adjustments() -> None:
    """R-3 / R-11 / H-ADJ-YELLOW: cell 2 is yellow only (blue_every = 4): no blue adjustment is
    queued, only the bullet movement phase of yellow cell 2."""
    game = _at(3, 3, time=1, done=1)
    step = game.step()
    assert step.after.agenda == (("turn.begin",), ("bullets.phase", 2))


# --------------------------------------------------------------------------- H-ADJ-BLUE-0..3


def test_initiative_holder_performs_the_adjustment_first() -> None:
    """H-ADJ-BLUE-0: with P2 holding the initiative, P2's recovery comes before P1's."""
    game = _at(5, 5, time=3, done=3, initiative=1,
               p1={"spirit": (U, U, U, D, D)}, p2={"spirit": (U, U, D, D, D)})
    steps = game.run(until="decision")
    adjust = [(s.name, s.events[0]["player"]) for s in steps if s.name == "adjust.recover"]
    assert adjust == [("adjust.recover", "P2"), ("adjust.recover", "P1")]
    blue = next(s for s in steps if s.name == "adjust.blue")
    assert blue.sentence == "blue cell 4: adjustment phase, P2 first (initiative)"
    assert blue.clauses == ("H-ADJ-BLUE", "H-ADJ-BLUE-0", "R-11")


@pytest.mark.parametrize(("before", "after"), [
    ((U, U, D, D, D), (U, U, U, D, D)),
    ((D, U, D, U, U), (U, U, D, U, U)),
    ((U, D, 3, 4, 5), (U, U, 2, 4, 5)),
])
def test_blue_recovers_leftmost_face_down_token(before: tuple, after: tuple) -> None:
    """H-ADJ-BLUE-1 (then H-ADJ-BLUE-2 on any die): the leftmost face-down token flips face-up."""
    game = _at(5, 5, time=3, done=3, p1={"spirit": before})
    steps = game.run(until="decision")
    assert game.state.players[0].spirit == after
    rec = next(s for s in steps if s.name == "adjust.recover")
    assert rec.clauses == ("H-ADJ-BLUE-1",)
    n0, n1 = sum(x == U for x in before), sum(x == U for x in after)
    assert rec.events == ({"type": "spirit", "player": "P1", "from": n0, "to": n1},)
    assert rec.sentence == f"P1 recovers 1 spirit: {n0} → {n1}"


def test_full_gauge_has_nothing_to_adjust() -> None:
    """H-ADJ-BLUE-1: a full gauge on the ground: no adjustment step for that player (cell 4 is
    also yellow: its bullet movement phase follows, H-ADJ-YELLOW)."""
    game = _at(5, 5, time=3, done=3)
    steps = game.run(until="decision")
    assert names(steps)[:4] == ["timeline.advance", "adjust.blue", "bullets.phase", "turn.begin"]
    assert steps[1].sentence.endswith("P1 and P2 have no face-down token, no die and no piece in "
                                      "the air")
    assert [p.spirit for p in game.state.players] == [(U,) * 5, (U,) * 5]


def test_dice_count_down_leftmost_only() -> None:
    """H-ADJ-BLUE-2: only the leftmost die counts down by 1."""
    game = _at(5, 5, time=3, done=3, p1={"spirit": (U, U, U, 2, 5)})
    steps = game.run(until="decision")
    assert game.state.players[0].spirit == (U, U, U, 1, 5)
    die = next(s for s in steps if s.name == "adjust.dice")
    assert die.sentence == "P1's die on slot 4 counts down to 1"
    assert die.events == ({"type": "die", "player": "P1", "slot": 4, "value": 1},)


def test_die_reaching_zero_returns_a_face_down_token_after_recovery() -> None:
    """H-ADJ-BLUE-1 then H-ADJ-BLUE-2: recover first, then the die at 1 leaves and a face-down token
    returns (it is not flipped this phase)."""
    game = _at(5, 5, time=3, done=3, p1={"spirit": (U, U, D, 1, 5)})
    steps = game.run(until="decision")
    assert names(steps)[1:4] == ["adjust.blue", "adjust.recover", "adjust.dice"]
    assert game.state.players[0].spirit == (U, U, U, D, 5)
    die = steps[3]
    assert die.sentence == "P1's die on slot 4 reaches 0: a face-down spirit token returns"
    assert die.events[0]["value"] == "down"


def test_gravity_moves_a_piece_down_one_cell() -> None:
    """H-ADJ-BLUE-3: a piece in the air falls one cell (from y=2 to y=1, not to the ground)."""
    game = _at(5, 5, time=3, done=3, p1={"x": 3, "y": 2})
    steps = game.run(until="decision")
    grav = [s for s in steps if s.name == "adjust.gravity"]
    assert len(grav) == 1
    assert grav[0].choice is None
    assert grav[0].sentence == "P1 falls from (3,2) to (3,1)"
    assert grav[0].events == ({"type": "move", "player": "P1", "to": [3, 1], "by": "gravity"},)
    p1 = game.state.players[0]
    assert (p1.x, p1.y) == (3, 1)
    assert game.state.players[1].y == 0


def test_gravity_into_the_opponents_cell_asks_the_falling_player_for_facing() -> None:
    """H-ADJ-BLUE-3: falling into the opponent's cell, the player performing the phase chooses the
    facing."""
    game = _at(5, 5, time=3, done=3, p1={"x": 4, "y": 1}, p2={"x": 4, "y": 0, "facing": -1})
    game.run(until="decision")
    d = game.pending
    assert d.kind == "facing"
    assert d.players == ("P1",)
    assert d.clauses == ("H-ADJ-BLUE-3", "R-26")
    assert d.labels() == ("face right", "face left")
    step = game.choose("face left")
    assert step.name == "adjust.gravity"
    assert step.choice == {"P1": "face left"}
    p1, p2 = step.after.players
    assert (p1.x, p1.y, p1.facing) == (4, 0, -1)
    assert (p2.x, p2.y, p2.facing) == (4, 0, -1)
    assert step.sentence == "P1 falls from (4,1) to (4,0), into P2's cell, and faces left"


def test_gravity_facing_choice_for_the_second_player() -> None:
    """H-ADJ-BLUE-0, H-ADJ-BLUE-3, R-26 (default together): P2 (no initiative) falls onto P1; the
    player performing the phase, P1, chooses the facing."""
    game = _at(5, 5, time=3, done=3, p1={"x": 3, "y": 0}, p2={"x": 3, "y": 1})
    game.run(until="decision")
    assert game.pending.players == ("P1",)
    step = game.choose("face right")
    assert step.after.players[1].facing == 1
    assert step.sentence == "P2 falls from (3,1) to (3,0), into P1's cell; P1 chooses the facing: right"


def test_gravity_stacked_pieces_never_meet() -> None:
    """R-26: P1 at (3,2) above P2 at (3,1): both fall at once, nobody is asked for a facing."""
    game = _at(5, 5, time=3, done=3, p1={"x": 3, "y": 2}, p2={"x": 3, "y": 1})
    steps = game.run(until="decision")
    grav = [s for s in steps if s.name == "adjust.gravity"]
    assert len(grav) == 1 and grav[0].choice is None
    assert [(p.x, p.y) for p in game.state.players] == [(3, 1), (3, 0)]


def test_gravity_each_option_one_piece_after_the_other() -> None:
    """R-26 option adjust.gravity = each: P2 (no initiative) falls onto P1 and chooses its facing."""
    game = _at(5, 5, time=3, done=3, p1={"x": 3, "y": 0}, p2={"x": 3, "y": 1},
               options={"adjust.gravity": "each"})
    game.run(until="decision")
    assert game.pending.players == ("P2",)
    step = game.choose("face right")
    assert step.after.players[1].facing == 1
    assert (step.after.players[1].x, step.after.players[1].y) == (3, 0)
