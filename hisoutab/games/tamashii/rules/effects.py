"""Applying card effects (the vocabulary of :mod:`.vocabulary`): each effect changes the state at
once, or pushes the step that does what needs a choice or a draw (a hit and its Shield, a chip of
the player's choice, a gang mod or an enemy card drawn, a body switch)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hisoutab.engine.record import replace

from . import vocabulary as v
from .board import gain, gain_damaged, heal, lose, player, put
from .context import Context
from .enemies import damage_primary, discard_holder, expel_primary
from .extensions import EFFECTS
from .state import State
from .trace import lock_on_step, raise_trace


@dataclass
class Applied:
    """What applying effects did: the state, sentences, frames to push, clauses and events."""

    state: State
    texts: list[str] = field(default_factory=list)
    then: list[tuple[Any, ...]] = field(default_factory=list)
    clauses: set[str] = field(default_factory=set)
    events: list[dict[str, Any]] = field(default_factory=list)


Handler = Callable[[Context, Applied, str, Any], None]



def _gain(ctx: Context, a: Applied, name: str, value: Any) -> None:
    p = player(a.state, name)
    for res, n in value.items():
        p, kept = gain(ctx, p, res, n)
        lost = f" ({n - kept} over the cap discarded)" if kept < n else ""
        a.texts.append(f"+{kept} {res}{lost}")
    a.state = put(a.state, p)
    a.clauses.add("TM-RES-2")


def _lose(ctx: Context, a: Applied, name: str, value: Any) -> None:
    p = player(a.state, name)
    for res, n in value.items():
        p = lose(p, res, n)
        a.texts.append(f"-{n} {res}")
    a.state = put(a.state, p)
    a.clauses.add("TM-COMP-15")


def _heal(ctx: Context, a: Applied, name: str, value: Any) -> None:
    a.state = put(a.state, heal(player(a.state, name), value))
    a.texts.append(f"heals {value}")
    a.clauses.add("TM-COMP-16")


def _xp(ctx: Context, a: Applied, name: str, value: Any) -> None:
    p = player(a.state, name)
    a.state = put(a.state, replace(p, xp=p.xp + value))
    a.texts.append(f"+{value} XP")
    a.clauses.add("TM-XP-1")


def _trace(ctx: Context, a: Applied, name: str, value: Any) -> None:
    if value < 0:
        p = player(a.state, name)
        a.state = put(a.state, replace(p, trace=max(0, p.trace + value)))
        a.texts.append(f"trace {value}")
        return
    s, text, then = raise_trace(ctx, a.state, name, value)
    a.state = s
    a.texts.append(text)
    a.then += then
    if then:
        a.clauses.add("TM-TRACE-4")


def _chip(ctx: Context, a: Applied, name: str, value: Any) -> None:
    if value == "any":
        a.then.append(("chip.choose", name))
        return
    from .board import gain_chip

    a.state, chip = gain_chip(ctx, a.state, name, value)
    a.texts.append(f"gains {chip} into storage" if chip else f"no {value} chip is left in the supply")
    a.clauses.add("TM-CHIPOP-1")


def _damage(ctx: Context, a: Applied, name: str, value: Any) -> None:
    a.state, text, clauses = damage_primary(ctx, a.state, name, value)
    a.texts.append(text)
    a.clauses |= clauses


def _expel(ctx: Context, a: Applied, name: str, value: Any) -> None:
    a.state, text = expel_primary(a.state, name)
    a.texts.append(text)
    a.clauses |= {"TM-XP-1.1", "TM-ENEMY-1"}


def _discard(ctx: Context, a: Applied, name: str, value: Any) -> None:
    a.state, text = discard_holder(a.state, name)
    a.texts.append(text)
    a.clauses |= {"TM-XP-1.1", "TM-CMB-3.6"}


def _jam(ctx: Context, a: Applied, name: str, value: Any) -> None:
    a.state, given, note = gain_damaged(ctx, a.state, name, value)
    a.texts.append(f"gains {len(given)} damaged chip(s){note}")
    a.clauses.add("TM-COMP-5")


def _uplink(ctx: Context, a: Applied, name: str, value: Any) -> None:
    a.state = replace(a.state, uplinks=a.state.uplinks + value)
    a.texts.append(f"uplinks {a.state.uplinks}/{ctx.uplinks_needed}")


def _lock_on(ctx: Context, a: Applied, name: str, value: Any) -> None:
    a.then.append((lock_on_step(a.state), name, value))


def _push(frame: str) -> Handler:
    def push(ctx: Context, a: Applied, name: str, value: Any) -> None:
        a.then.append((frame, name, value))
    return push


HANDLERS: dict[str, Handler] = {
    "gain": _gain, "lose": _lose, "heal": _heal, "xp": _xp, "trace": _trace, "chip": _chip,
    "damage": _damage, "expel": _expel, "discard": _discard, "jam": _jam, "uplink": _uplink,
    "lock_on": _lock_on, "hit": _push("hit"), "mod": _push("gang.draw"),
    "switch": _push("body.switch"),
}


def apply(ctx: Context, s: State, name: str, effects: list[dict[str, Any]] | tuple[Any, ...],
          into: Applied | None = None) -> Applied:
    """Apply ``effects`` for player ``name`` in order; frames they push run after the step."""
    a = into if into is not None else Applied(s)
    if into is not None:
        a.state = s
    for effect in effects:
        (word, value), = effect.items()
        custom = EFFECTS.get(word)
        if custom is not None:
            a.state, text = custom.step(ctx, a.state, name, value)
            a.texts.append(text)
            a.clauses.add(custom.clause)
            continue
        HANDLERS[word](ctx, a, name, value)
    return a


def words(effects: list[dict[str, Any]] | tuple[Any, ...]) -> str:
    """The effects in words (``gain 2 shield, trace +1``)."""
    out = []
    for effect in effects:
        (word, value), = effect.items()
        w = v.EFFECT_WORDS.get(word, word)
        if isinstance(value, dict):
            out.append(f"{w} " + ", ".join(f"{n} {k}" for k, n in value.items()))
        elif value is True:
            out.append(w)
        elif word == "trace":
            out.append(f"trace {value:+d}")
        else:
            out.append(f"{w} {value}")
    return "; ".join(out)
