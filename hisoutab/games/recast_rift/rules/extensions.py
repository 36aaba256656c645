"""Designer extensions: an effect or a condition the data vocabulary does not have, written in Python
in the designer's own module, without editing this package.

A module registers what it adds when it is imported::

    from hisoutab.games.recast_rift.rules.extensions import register_condition, register_effect

    def mill(ctx, state, player, card, n):          # the effect's step: a new state and a sentence
        ...
        return state, f"{player} mills {n}"

    register_effect("mill", mill, value="count", where=("on_cast", "trigger"), clause="RR-ZONE-3",
                    words="put the top N cards of your opponent's deck face down")
    register_condition("deck_empty", lambda ctx, state, player, n: not state.players[player].deck,
                       words="your deck is empty")

Modules are found two ways: a fighter file names them (``extensions: [my_cards]`` — the file
``my_cards.py`` beside the fighter file, imported when the fighter is loaded), or an installed
package declares them in the entry point group ``hisoutab.recast_rift`` (imported the first time a
fighter file is loaded). A registered effect or condition is then written in card files like the
built-in ones, and shows in the vocabulary tables (``vocabulary.EFFECT_VALUES``, ``CONDITIONS``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from hisoutab.engine.extensions import CustomEffect, run_entry_points
from hisoutab.engine.extensions import load_module as _load_module
from hisoutab.engine.yamlio import Located

from . import vocabulary as v

GROUP = "hisoutab.recast_rift"
#: the values a designer's effect may take (as the built-in ones)
VALUES = ("none", "count")
#: where a designer's effect may be written
WHERE = ("on_cast", "on_recovery", "trigger", "on_awaken", "while_awakened")

EffectStep = Callable[[Any, Any, int, str, int], tuple[Any, str]]
ConditionTest = Callable[[Any, Any, int, int], bool]



EFFECTS: dict[str, CustomEffect] = {}
TESTS: dict[str, ConditionTest] = {}
_entry_points_done = False


def register_effect(name: str, step: EffectStep, *, value: str = "none",
                    where: Iterable[str] = ("on_cast", "trigger"), clause: str = "RR-PRIN-1",
                    words: str = "") -> None:
    """Add the effect ``name``: ``step(ctx, state, player, card, n)`` returns the new state and a
    sentence for the log; ``value`` is what it takes in a card file (``none`` or ``count``),
    ``where`` the abilities that may hold it, ``clause`` the rule it cites."""
    if name in v.EFFECT_VALUES and name not in EFFECTS:
        raise ValueError(f"effect {name!r} is built in")
    if value not in VALUES:
        raise ValueError(f"effect {name!r}: value must be one of {', '.join(VALUES)}")
    where = tuple(where)
    unknown = set(where) - set(WHERE)
    if unknown:
        raise ValueError(f"effect {name!r}: unknown ability kind(s) {sorted(unknown)}")
    EFFECTS[name] = CustomEffect(name, step, value, clause, words or name.replace("_", " "))
    v.EFFECT_VALUES[name] = value
    for tag in where:
        v.ALLOWED[tag] = v.ALLOWED[tag] | {name}


def register_condition(name: str, test: ConditionTest, *, words: str = "",
                       counted: bool = False) -> None:
    """Add the condition ``name``: ``test(ctx, state, player, n)`` says whether it holds for
    ``player`` (``n``: its number when ``counted``, written ``name: N``)."""
    if name in v.CONDITIONS and name not in TESTS:
        raise ValueError(f"condition {name!r} is built in")
    TESTS[name] = test
    v.CONDITIONS[name] = words or name.replace("_", " ")
    if counted:
        v.COUNTED.add(name)


def load_module(located: Located, path: tuple[Any, ...], folder: Path, name: str) -> None:
    """Import the designer module ``name`` (the file ``<name>.py`` in ``folder``) once."""
    _load_module(located, path, folder, name, prefix="hisoutab_rr_ext", beside="the fighter file")


def load_entry_points() -> None:
    """Import the modules installed packages declare in the group ``hisoutab.recast_rift``."""
    global _entry_points_done
    if not _entry_points_done:
        _entry_points_done = True
        run_entry_points(GROUP, entry_points)
