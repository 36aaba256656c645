"""Dice: the faces of the enemy dice (TM-COMP-6), rolling one die, and rerolls (TM-RES-6: one
Reroll per die; TM-RES-6.1: each die at most once per source, the Reroll resource or a mod's own
effect)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Option
from hisoutab.engine.record import replace

from .board import acting_mods, player, put
from .context import Context, kind_of
from .state import Die, State

SIDES = 6
RESOURCE = "reroll"


def type_of(ctx: Context, face: int) -> str:
    """The enemy type die's face (1…6) as its type."""
    return ctx.content.board.dice.type_die[face - 1]


def number_of(ctx: Context, face: int) -> int:
    return ctx.content.board.dice.number_die[face - 1]


def roll(ctx: Context, s: State, kind: str, what: str, name: str | None) -> tuple[State, Die, dict[str, Any]]:
    face, rng, event = ctx.chance.roll(s.rng, SIDES, what=what, player=name)
    return replace(s, rng=rng), Die(face, kind), event


def sources(ctx: Context, s: State, name: str) -> list[tuple[str, str]]:
    """The reroll sources a player has now: (source id, words) — the Reroll resource while the
    player has some, and each acting mod with a reroll effect of its own."""
    p = player(s, name)
    out = [(RESOURCE, "Reroll")] if p.reroll > 0 else []
    for mod in acting_mods(ctx, p):
        if mod.reroll:
            out.append((f"mod:{mod.id}", mod.name))
    return out


def reroll_options(ctx: Context, s: State, name: str, dice: tuple[Die, ...],
                   describe: Any) -> list[Option]:
    """One option per die and per source that has not rerolled it yet."""
    options = []
    for source, words in sources(ctx, s, name):
        for k, die in enumerate(dice):
            if source not in die.rerolled:
                options.append(Option(f"reroll {describe(k, die)} with {words}", [k, source]))
    return options


def reroll(ctx: Context, s: State, name: str, die: Die, source: str,
           what: str) -> tuple[State, Die, dict[str, Any], str]:
    """Reroll ``die`` with ``source`` (paying 1 Reroll for the resource)."""
    if source == RESOURCE:
        p = player(s, name)
        s = put(s, replace(p, reroll=p.reroll - 1))
    face, rng, event = ctx.chance.roll(s.rng, SIDES, what=what, player=name)
    new = replace(die, face=face, rerolled=die.rerolled + (source,))
    words = "Reroll" if source == RESOURCE else ctx.content.mod(source.split(":", 1)[1]).name
    return replace(s, rng=rng), new, event, words


def mod_name(ctx: Context, card: str) -> str:
    return ctx.content.mod(kind_of(card)).name
