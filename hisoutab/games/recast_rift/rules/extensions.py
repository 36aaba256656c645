"""Designer extensions: an effect, a condition, a kind of restriction (``cannot``) or of modifier
(``modify``) the data vocabulary does not have, written in Python in the designer's own module,
without editing this package.

A module registers what it adds when it is imported::

    from hisoutab.games.recast_rift.rules.extensions import register_condition, register_effect

    def mill(ctx, state, player, card, n):          # the effect's step: a new state and a sentence
        ...
        return state, f"{player} mills {n}"

    register_effect("mill", mill, value="count", where=("on_cast", "trigger"), clause="RR-ZONE-3",
                    words="put the top N cards of your opponent's deck face down")
    register_condition("deck_empty", lambda ctx, state, player, n: not state.players[player].deck,
                       words="your deck is empty")
    register_restriction("cast_slow", action="cast", test=lambda ctx, state, player, spell:
                         spell is not None and 3 in spell.recast, words="cast a card of recast time III")
    register_modifier("draw_per_reserve", number="draw_step", words="cards drawn per reserve card",
                      amount=lambda ctx, state, owner, player, by: by * len(state.players[owner].reserve))

Modules are found two ways: a fighter file names them (``extensions: [my_cards]`` — the file
``my_cards.py`` beside the fighter file, imported when the fighter is loaded), or an installed
package declares them in the entry point group ``hisoutab.recast_rift`` (imported the first time a
fighter file is loaded). A registered effect or condition is then written in card files like the
built-in ones, and shows in the vocabulary tables (``vocabulary.EFFECT_VALUES``, ``CONDITIONS``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
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
#: ``test(ctx, state, player, spell)``: the restriction applies to this player now (``spell``: the
#: card being cast, for a restriction of casting; else ``None``)
RestrictionTest = Callable[[Any, Any, int, Any], bool]
#: ``amount(ctx, state, owner, player, by)``: how much the modifier changes the number for ``player``
#: now (``owner``: whose card holds it; ``by``: the card's ``by:``)
ModifierAmount = Callable[[Any, Any, int, int, int], int]


@dataclass(frozen=True)
class CustomRestriction:
    """A designer's kind of «cannot»: ``action`` — a built-in action (``vocabulary.RESTRICTIONS``)
    whose rule also asks it, narrowed by ``test`` — or ``""``: a new action the designer's own
    effects ask (``statics.forbidden(ctx, state, player, name)``)."""

    name: str
    words: str
    clause: str
    action: str = ""
    test: RestrictionTest | None = None


@dataclass(frozen=True)
class CustomModifier:
    """A designer's kind of modifier: ``number`` — a built-in number (``vocabulary.NUMBERS``) it
    changes, by ``amount`` (else by the card's ``by:``) — or ``""``: a new number the designer's own
    effects read (``statics.number(ctx, state, player, name, base)``)."""

    name: str
    words: str
    clause: str
    number: str = ""
    amount: ModifierAmount | None = None


EFFECTS: dict[str, CustomEffect] = {}
TESTS: dict[str, ConditionTest] = {}
RESTRICTIONS: dict[str, CustomRestriction] = {}
MODIFIERS: dict[str, CustomModifier] = {}
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


def _check_kind(what: str, name: str, table: dict[str, Any], custom: dict[str, Any], field: str,
                over: str) -> None:
    """A designer's new kind ``name`` of ``what`` is not built in, and the built-in one it applies
    to (``over``, if any) is."""
    if name in table and name not in custom:
        raise ValueError(f"{what} {name!r} is built in")
    built_in = [k for k in table if k not in custom]
    if over and over not in built_in:
        raise ValueError(f"{what} {name!r}: {field} must be a built-in one ({', '.join(built_in)})")


def register_restriction(name: str, *, words: str = "", clause: str = "RR-PRIN-2", action: str = "",
                         test: RestrictionTest | None = None) -> None:
    """Add the restriction ``cannot: {action: name, who: …}``. With ``action`` (a built-in one such
    as ``cast``), the rule that asks that action asks this one too, where ``test(ctx, state, player,
    spell)`` holds ("cannot cast a card of recast time III"); without, it is a new action a
    designer's effect asks through ``statics.forbidden``. "Cannot" beats "can" either way."""
    _check_kind("restriction", name, v.RESTRICTIONS, RESTRICTIONS, "action", action)
    text = words or name.replace("_", " ")
    RESTRICTIONS[name] = CustomRestriction(name, text, clause, action, test)
    v.RESTRICTIONS[name] = (text, clause)


def register_modifier(name: str, *, words: str = "", clause: str = "RR-PRIN-1", number: str = "",
                      amount: ModifierAmount | None = None, base: int | None = None) -> None:
    """Add the modifier ``modify: {number: name, by: N, who: …}``. With ``number`` (a built-in one
    such as ``draw_step``), that number changes by ``amount(ctx, state, owner, player, by)`` (else
    by ``by``) wherever the rules read it ("draw 1 more card for each of your reserve cards");
    without, it is a new number (its rule value ``base``) a designer's effect reads through
    ``statics.number``. Card text beats the rules either way; never below 0."""
    _check_kind("modifier", name, v.NUMBERS, MODIFIERS, "number", number)
    text = words or name.replace("_", " ")
    MODIFIERS[name] = CustomModifier(name, text, clause, number, amount)
    v.NUMBERS[name] = (text, base if not number else v.NUMBERS[number][1], clause)


def load_module(located: Located, path: tuple[Any, ...], folder: Path, name: str) -> None:
    """Import the designer module ``name`` (the file ``<name>.py`` in ``folder``) once."""
    _load_module(located, path, folder, name, prefix="hisoutab_rr_ext", beside="the fighter file")


def load_entry_points() -> None:
    """Import the modules installed packages declare in the group ``hisoutab.recast_rift``."""
    global _entry_points_done
    if not _entry_points_done:
        _entry_points_done = True
        run_entry_points(GROUP, entry_points)
