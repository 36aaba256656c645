"""HisouTab 0.45.2 (clause IDs ``H-…``, readings ``R-…``, settled questions ``S-…``)."""

from .ruleset import RULESET, HisouTab0452, check_invariants
from .state import Player, State

__all__ = ["RULESET", "HisouTab0452", "Player", "State", "check_invariants"]
