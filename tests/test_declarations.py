"""The declarations the rules are traced by: steps cite real clause IDs, options name real Readings,
and the clause table matches the reference."""

from __future__ import annotations

import re

from hisoutab.engine.ruleset import get_ruleset

RS = get_ruleset("hisoutab-0.45.2")
SETTLED = {o.reading for o in RS.options if o.reading.startswith("S-")}


def test_every_cited_clause_exists() -> None:
    for sd in RS.flow.steps.values():
        for c in sd.clauses:
            assert c in RS.clauses or c in RS.readings or c in SETTLED, (sd.name, c)


def test_every_edge_leads_to_a_declared_step() -> None:
    assert RS.flow.check() == []


def test_options_name_their_readings() -> None:
    for o in RS.options:
        assert re.fullmatch(r"[RS]-\d+", o.reading), o.name
        assert o.reading in RS.readings or o.reading in SETTLED
        assert o.validate(o.default) == o.default or o.validate(o.default) == tuple(o.default)


def test_clause_table_ids_are_well_formed_and_unique() -> None:
    ids = list(RS.clauses)
    assert len(ids) == len(set(ids)) == 100
    assert all(re.fullmatch(r"H-[A-Z0-9-]+", c) for c in ids)


def test_steps_are_named_by_phase() -> None:
    for sd in RS.flow.steps.values():
        assert sd.phase in RS.flow.phases
        assert sd.doc, f"{sd.name} has no docstring"
