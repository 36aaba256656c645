"""The rulesets built on the engine. Importing this package registers them."""

from hisoutab.engine.ruleset import register

from .hisoutab_0452 import RULESET as HISOUTAB_0452

register(HISOUTAB_0452)

__all__ = ["HISOUTAB_0452"]
