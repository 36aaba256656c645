"""A toy dice race written only against the engine's ruleset contract (ruleset ``toy-dice-race``).

It lives beside the tests, not in the package, and is found through ``HISOUTAB_PLUGINS=tests.toy``:
the module has a ``RULESET``. It exercises every seam of the contract — a player count from the
setup schema, a shared hidden deck, owner-only hands, a simultaneous hidden choice, dice, shuffles,
forced chance, rule options, invariants with the card ledger — and keeps the generic presentation,
adding only what each boost card is (``presentation.py``).

The folder holds a second ruleset, the co-operative ``toy-coop`` (``coop/``), registered here when
the module is imported; ``RULESET`` is the race.
"""

from hisoutab.engine.ruleset import register

from .coop import RULESET as COOP
from .ruleset import RULESET, ToyDiceRace

register(COOP)

__all__ = ["COOP", "RULESET", "ToyDiceRace"]
