"""The HisouTab early draft: ``rules/``, ``presentation/`` and ``data/`` as for 0.45.2."""

from .rules import RULESET

__all__ = ["RULESET"]
