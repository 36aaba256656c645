"""HisouTab rules 0.45.2: ``rules/`` (the steps, state and cards), ``presentation/`` (pictures,
text, graphs, edits) and ``data/`` (the sample characters)."""

from .rules import RULESET

__all__ = ["RULESET"]
