"""The toy's rule options: one per reading of its reference."""

from __future__ import annotations

from hisoutab.engine.options import OptionSet, RuleOption

OPTIONS = OptionSet((
    RuleOption("die.sides", 6, "TOY-R1", "The die shows 1..sides.", minimum=2),
    RuleOption("hand.size", 2, "TOY-R2", "Cards in a full hand (the deal and drawing back up).",
               choices=(1, 2, 3)),
    RuleOption("round.limit", 6, "TOY-R3", "After this round, a race nobody won is a draw.", minimum=1),
    RuleOption("round.rotate", True, "TOY-R4",
               "The first-racer token passes to the next racer after each round (true) or stays."),
    RuleOption("dice.count", 1, "TOY-R5", "How many dice a racer rolls at once (TOY-DOUBLE needs two).",
               choices=(1, 2, 3)),
))
