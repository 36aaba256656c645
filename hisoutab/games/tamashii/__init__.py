"""TAMASHII: a co-operative game for one to four players against the game itself (clauses
``TM-…``, reference ``reference.md``)."""

from .rules.ruleset import RULESET, Tamashii

__all__ = ["RULESET", "Tamashii"]
