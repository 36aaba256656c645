"""The HisouTab early draft (clause IDs ``D-…``, readings ``DR-…``, settled questions ``DS-…``)."""

from .ruleset import RULESET, HisouTabDraft, check_invariants
from .state import Bullet, Player, State

__all__ = ["RULESET", "Bullet", "HisouTabDraft", "Player", "State", "check_invariants"]
