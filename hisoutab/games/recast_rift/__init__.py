"""Touhou Recast Rift (東方リキャストリフト): a two-player card duel with recast zones and nested
preempts — ``rules/``, ``presentation/``, ``data/`` (sample fighters and decks) and the vendored
rules reference ``reference.md`` (clause IDs ``RR-…``)."""

from .rules import RULESET

__all__ = ["RULESET"]
