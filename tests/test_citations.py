"""Citations are true: on random games, a step cites a clause only where that clause's rule applied.

Each check below reads what the step actually did (its events, the state before and after, its
sentence) and asserts that the clauses it cites match: coverage counted from citations is then not
inflated by steps that did nothing of what they cite.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import checked_random_steps

SEEDS = range(12)
MAX_STEPS = 40_000
EFFECT_STEPS = {"eff.move", "eff.dash", "eff.approach", "eff.defense", "eff.physical", "eff.bullet",
                "eff.sub", "kw.groundair"}


def _events(step: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in step.events if e.get("type") == kind]


def _dice(s: Any) -> int:
    return sum(len(p.dice) for p in s.players)


def _facings(s: Any) -> tuple[int, ...]:
    return tuple(p.facing for p in s.players)


def _defender(step: Any) -> int:
    return 1 - step.before.agenda[-1][1]


def _marker_on(step: Any) -> bool:
    p = step.before.players[_defender(step)]
    return p.marker is not None and not p.marker_off


# clause → (the steps it is checked on, or None for every step; what must hold when it is cited)
CHECKS: dict[str, tuple[set[str] | None, Callable[[Any], bool]]] = {
    # a graze discarded bullets: a dash that stays put (or passes no bullet) grazes nothing
    "H-EFF-GRAZE": ({"eff.dash"}, lambda st: bool(_events(st, "graze"))),
    "R-22": ({"eff.dash"}, lambda st: bool(_events(st, "graze"))),
    # H-EFF-BUL-3: a bullet card lost its die because its last bullet left the board
    "H-EFF-BUL-3": (None, lambda st: _dice(st.after) < _dice(st.before)),
    # S-1: the pieces turned to face each other
    "S-1": ({"eff.move", "eff.dash", "adjust.gravity"},
            lambda st: _facings(st.after) != _facings(st.before)),
    # H-ATK-2 marks the defender's marker, which must be on the timeline
    "H-ATK-2": ({"attack.begin"}, _marker_on),
    # a physical attack's hit / miss clauses follow the attack event
    "H-EFF-PHYS-1": ({"eff.physical"}, lambda st: any(e["hit"] for e in _events(st, "attack"))),
    "H-EFF-PHYS-2": ({"eff.physical"},
                     lambda st: any(not e["hit"] for e in _events(st, "attack"))),
    "H-EFF-PHYS": ({"eff.physical"}, lambda st: bool(_events(st, "attack"))),
    # H-BUL-6 is the bullet movement phase's own hit check
    "H-BUL-6": ({"bullet.hit"}, lambda st: any(f[0] == "bullets.settle" for f in st.after.agenda)),
    # R-25 applies to a defender with empty zones
    "R-25": ({"attack.begin"}, lambda st: st.before.players[_defender(st)].cast is None
             and st.before.players[_defender(st)].trigger is None),
    # S-6: a forced move stopped on an opposing bullet
    "S-6": (None, lambda st: "meets an opponent's bullet" in st.sentence),
    # R-24 on a move: it reached (never passed) the opponent's column
    "R-24": ({"eff.move", "eff.dash"},
             lambda st: any(e["to"][0] == st.after.players[1 - _mover(e)].x
                            for e in _events(st, "move"))),
    # H-TD-2 keeps the later of two hit tokens: one was already on the board
    "H-TD-2": ({"attack.guard", "attack.damage"},
               lambda st: st.before.players[_defender(st)].hit is not None),
    "H-TD-1": ({"attack.guard", "attack.damage"},
               lambda st: st.after.players[_defender(st)].hit is not None),
    # R-26 is cited by gravity only when a piece fell
    "R-26": ({"adjust.gravity"}, lambda st: bool(_events(st, "move"))),
}


def _mover(event: dict[str, Any]) -> int:
    return 0 if event["player"] == "P1" else 1


@pytest.mark.parametrize("seed", SEEDS)
def test_cited_clauses_were_applied(seed: int) -> None:
    for _game, step in checked_random_steps("hisoutab-0.45.2", seed, MAX_STEPS):
        for clause in step.clauses:
            check = CHECKS.get(clause)
            if check is None:
                continue
            names, holds = check
            if names is not None and step.name not in names:
                continue
            assert holds(step), f"seed {seed} step {step.index} {step.name} cites {clause}: " \
                                f"{step.sentence}"
        # an effect whose card left the trigger zone cites only H-RES-1
        if step.name in EFFECT_STEPS and "left the trigger zone" in step.sentence:
            assert step.clauses == ("H-RES-1",), (seed, step.index, step.name, step.clauses)
        # a dash that ends where it started passed no cell: no graze, nobody turned
        if step.name == "eff.dash" and "stays at" in step.sentence:
            assert "H-EFF-GRAZE" not in step.clauses and "S-1" not in step.clauses


def test_the_checks_meet_their_clauses() -> None:
    """The checks above are not vacuous: over a few games most checked clauses are cited."""
    seen: set[str] = set()
    for seed in range(4):
        for _game, step in checked_random_steps("hisoutab-0.45.2", seed, MAX_STEPS):
            for clause in step.clauses:
                check = CHECKS.get(clause)
                if check is not None and (check[0] is None or step.name in check[0]):
                    seen.add(clause)
    common = {"H-EFF-GRAZE", "H-EFF-BUL-3", "H-ATK-2", "H-EFF-PHYS-1", "H-EFF-PHYS-2", "H-BUL-6",
              "R-22", "R-26"}
    assert common <= seen, sorted(common - seen)
