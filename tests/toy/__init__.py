"""A toy dice race written only against the engine's ruleset contract (ruleset ``toy-dice-race``).

It lives beside the tests, not in the package, and is found through ``HISOUTAB_PLUGINS=tests.toy``:
the module has a ``RULESET``. It exercises every seam of the contract — a player count from the
setup schema, a shared hidden deck, owner-only hands, a simultaneous hidden choice, dice, shuffles,
forced chance, rule options, invariants with the card ledger — and keeps the generic presentation,
adding only what each boost card is (``presentation.py``).
"""

from .ruleset import RULESET, ToyDiceRace

__all__ = ["RULESET", "ToyDiceRace"]
