"""Designer effects: an effect the data vocabulary does not have, written in Python in the
designer's own module, without editing this package.

A module registers what it adds when it is imported::

    from hisoutab.games.tamashii.rules.extensions import register_effect

    def overheat(ctx, state, player, n):     # a new state and a sentence for the log
        ...
        return state, f"{player} overheats by {n}"

    register_effect("overheat", overheat, value="count", clause="TM-CODE-2.2",
                    words="lose N Power and gain N Shield")

Modules are found two ways: the campaign file names them (``extensions: [my_effects]``, the file
``my_effects.py`` beside it, imported when the content is loaded), or an installed package declares
them in the entry point group ``hisoutab.tamashii``. A registered effect is then written in any
card, tile, marker, code or activity like the built-in ones (``- overheat: 2``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hisoutab.engine.extensions import CustomEffect

from . import vocabulary as v

EffectStep = Callable[[Any, Any, str, Any], tuple[Any, str]]
VALUES = ("none", "count")



EFFECTS: dict[str, CustomEffect] = {}


def register_effect(name: str, step: EffectStep, *, value: str = "count", clause: str = "TM-CODE-2.2",
                    words: str = "") -> None:
    """Add the effect ``name``: ``step(ctx, state, player, value)`` returns the new state and a
    sentence for the log; ``value`` is what it takes in a file (``count``: a positive number,
    ``none``: ``true``), ``clause`` the rule it cites (one of ``vocabulary.EFFECT_CLAUSES``)."""
    if name in v.EFFECT_VALUES and name not in EFFECTS:
        raise ValueError(f"effect {name!r} is built in")
    if clause not in v.EFFECT_CLAUSES:
        raise ValueError(f"effect {name!r}: clause must be one of {', '.join(v.EFFECT_CLAUSES)} (the clauses "
                         "the steps that apply effects declare)")
    if value not in VALUES:
        raise ValueError(f"effect {name!r}: value must be one of {', '.join(VALUES)}")
    EFFECTS[name] = CustomEffect(name, step, value, clause, words or name.replace("_", " "))
    v.EFFECT_VALUES[name] = value
    v.EFFECT_WORDS[name] = EFFECTS[name].words
