"""The spirit gauge: paying (R-5 and the spend_order option), recovery (H-ADJ-BLUE-1), dice
(H-ADJ-BLUE-2), guard crush (H-GUARD-CRUSH-2/3) and spirit break (H-BREAK)."""

from __future__ import annotations

import pytest

from hisoutab.games.hisoutab.v0452.rules import spirit as sp

from .helpers import D, U

DICE = (1, 2, 3, 4, 5)


@pytest.mark.parametrize(("slots", "n"), [((U,) * 5, 5), ((U, U, D, D, D), 2), ((U, D, 3, 4, 5), 1),
                                          ((D, D, 3, 4, 5), 0), ((1, 2, 3, 4, 5), 0)])
def test_available_counts_face_up_tokens(slots: tuple, n: int) -> None:
    """§2 spirit gauge: spirit available = number of face-up tokens."""
    assert sp.available(slots) == n


@pytest.mark.parametrize(("slots", "n", "after"), [
    ((U, U, U, U, U), 2, (U, U, U, D, D)),
    ((U, U, U, D, D), 1, (U, U, D, D, D)),
    ((U, U, U, 4, 5), 2, (U, D, D, 4, 5)),
    ((U, D, U, U, D), 2, (U, D, D, D, D)),
    ((U, U, U, U, U), 0, (U, U, U, U, U)),
    ((U, U, U, U, U), 5, (D, D, D, D, D)),
])
def test_pay_flips_rightmost_face_up_first(slots: tuple, n: int, after: tuple) -> None:
    """R-5: paying flips the rightmost face-up tokens face-down (tokens stay left-packed)."""
    assert sp.pay(slots, n) == after
    assert sp.pay(slots, n, "rightmost") == after


@pytest.mark.parametrize(("slots", "n", "after"), [
    ((U, U, U, U, U), 2, (D, D, U, U, U)),
    ((D, U, U, U, 5), 2, (D, D, D, U, 5)),
])
def test_pay_leftmost_option(slots: tuple, n: int, after: tuple) -> None:
    """R-5 option spirit.spend_order = leftmost: the leftmost face-up tokens flip first."""
    assert sp.pay(slots, n, "leftmost") == after


def test_pay_more_than_available_raises_and_input_is_unchanged() -> None:
    """R-5: one cannot pay more spirit than the face-up tokens."""
    slots = (U, D, D, 4, 5)
    with pytest.raises(ValueError, match="not enough spirit"):
        sp.pay(slots, 2)
    assert slots == (U, D, D, 4, 5)


@pytest.mark.parametrize(("slots", "after"), [
    ((U, U, D, D, D), (U, U, U, D, D)),
    ((D, U, U, U, D), (U, U, U, U, D)),
    ((U, U, U, 4, D), (U, U, U, 4, U)),
    ((U, U, U, U, U), (U, U, U, U, U)),
    ((U, U, U, 4, 5), (U, U, U, 4, 5)),
])
def test_recover_flips_leftmost_face_down(slots: tuple, after: tuple) -> None:
    """H-ADJ-BLUE-1: flip the leftmost face-down spirit token face-up; nothing without one."""
    assert sp.recover(slots) == after


@pytest.mark.parametrize(("slots", "after", "slot"), [
    ((U, U, U, 4, 5), (U, U, U, 3, 5), 3),
    ((U, U, U, 1, 5), (U, U, U, D, 5), 3),
    ((U, 2, U, 4, 5), (U, 1, U, 4, 5), 1),
    ((U, U, U, U, U), (U, U, U, U, U), None),
    ((1, 2, 3, 4, 5), (D, 2, 3, 4, 5), 0),
])
def test_tick_dice_counts_down_leftmost_die(slots: tuple, after: tuple, slot: int | None) -> None:
    """H-ADJ-BLUE-2: the leftmost die −1; at 0 the die is removed and a face-down token returns."""
    assert sp.tick_dice(slots) == (after, slot)


@pytest.mark.parametrize(("slots", "after"), [
    ((U, U, U, U, U), (U, U, U, U, 5)),
    ((U, D, D, D, D), (U, U, U, U, 5)),
    ((U, U, D, 4, 5), (U, U, 3, 4, 5)),
    ((D, D, 3, 4, 5), (U, 2, 3, 4, 5)),
    ((U, U, U, 2, 5), (U, U, 3, 2, 5)),
])
def test_crush_replaces_rightmost_token_by_its_die_and_flips_the_rest_up(slots: tuple,
                                                                          after: tuple) -> None:
    """H-GUARD-CRUSH-2/3: the rightmost token (face-up or down) leaves for the die printed under it;
    the remaining tokens are flipped face-up; other dice are left as they are."""
    assert sp.crush(slots, DICE) == after


def test_crush_uses_the_printed_dice_option() -> None:
    """H-GUARD-CRUSH-2 with R-4 (spirit.slot_dice): the die printed under the slot is placed."""
    assert sp.crush((U, U, U, U, D), (6, 6, 6, 6, 2)) == (U, U, U, U, 2)


@pytest.mark.parametrize(("slots", "after"), [
    ((U, U, U, U, U), (U, U, U, U, 5)),
    ((U, U, D, D, D), (U, U, D, D, 5)),
    ((U, U, U, 4, 5), (U, U, 3, 4, 5)),
    ((U, U, U, 2, 1), (U, U, 3, 4, 5)),
    ((U, 2, 3, 4, 5), (1, 2, 3, 4, 5)),
])
def test_spirit_break(slots: tuple, after: tuple) -> None:
    """H-BREAK: remove the rightmost spirit token; every slot without a token gets its printed die
    (face-down tokens stay face-down)."""
    assert sp.spirit_break(slots, DICE) == after


def test_show_gauge() -> None:
    """Gauge text: ● face-up, ○ face-down, a digit for a die."""
    assert sp.show((U, D, 3, U, 5)) == "●○3●5"
