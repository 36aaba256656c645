"""Touhou Recast Rift's rules (clause IDs ``RR-…``, ambiguities ``A-1`` … ``A-30`` as rule options)."""

from .invariants import check_invariants
from .ruleset import RULESET, ZONES, RecastRift
from .state import Entry, Player, State, Waiting

__all__ = ["RULESET", "ZONES", "Entry", "Player", "RecastRift", "State", "Waiting", "check_invariants"]
