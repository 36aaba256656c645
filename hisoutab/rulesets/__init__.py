"""The rulesets built on the engine. Importing this package registers them."""

from hisoutab.engine.ruleset import register

from .hisoutab_0452 import RULESET as HISOUTAB_0452
from .hisoutab_draft import RULESET as HISOUTAB_DRAFT

register(HISOUTAB_0452)
register(HISOUTAB_DRAFT)

__all__ = ["HISOUTAB_0452", "HISOUTAB_DRAFT"]
