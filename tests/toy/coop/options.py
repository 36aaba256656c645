"""The co-operative toy's rule options: one per reading of its reference."""

from __future__ import annotations

from hisoutab.engine.options import OptionSet, RuleOption

OPTIONS = OptionSet((
    RuleOption("party.health", 3, "COOP-R1", "The party's health at the start.", minimum=1),
    RuleOption("enemy.strength", 4, "COOP-R2", "What an enemy adds to its die.", minimum=0),
))
