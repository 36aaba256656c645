"""Each registered ruleset's scenario library cites every clause of its clause table.

The library of a ruleset is ``scenarios/<ruleset id>/`` — the toys', ``tests/toy/scenarios/``. The
clauses cited are those of the steps the scenarios run (``hisoutab coverage``, the same code), so a
clause no scenario reaches fails here, naming it. A new ruleset brings its library with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hisoutab.engine.ruleset import all_rulesets
from hisoutab.scenarios import coverage

ROOT = Path(__file__).resolve().parent.parent
RULESETS = all_rulesets()
LIBRARIES = {rid: ROOT / "scenarios" / rid for rid in RULESETS}
LIBRARIES["toy-dice-race"] = LIBRARIES["toy-coop"] = ROOT / "tests" / "toy" / "scenarios"


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_the_scenario_library_cites_every_clause(rid: str) -> None:
    library = LIBRARIES[rid]
    assert library.is_dir(), f"{rid} has no scenario library at {library.relative_to(ROOT)}"
    cov = coverage([str(library)], rid)
    assert cov["failed"] == []
    assert cov["scenarios"] > 0
    assert cov["missing"] == [], (f"{rid}: no scenario of {library.relative_to(ROOT)} cites "
                                  f"{cov['missing']} ({cov['covered']}/{cov['total']} clauses cited)")
    assert cov["covered"] == cov["total"] == len(RULESETS[rid].clauses)
