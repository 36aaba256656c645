"""Combat skills (TM-BODY-2, TM-BODY-3): which the player has (the active cyberbody's, A-45; the
acting mods'), what dice pay for each (a face, a pair, a sum), and how often one may be used
(A-46)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from . import models as m
from .board import acting_mods
from .context import Context, kind_of
from .state import Combat, Die, Player


def skills(ctx: Context, p: Player) -> Iterator[tuple[str, m.Skill]]:
    """(key, skill) for every skill the player can use: the active body's (A-45: or both held
    bodies') and the acting mods'."""
    held = p.bodies if ctx.options["a45.bodies"] == "both" else p.bodies[:1]
    for body_id in dict.fromkeys(kind_of(card) for card in held):
        b = ctx.content.body(body_id)
        for skill in b.skills:
            yield f"{b.id}:{skill.id}", skill
    for mod in acting_mods(ctx, p):
        if mod.skill is not None:
            yield f"{mod.id}:{mod.skill.id}", mod.skill


def usable(ctx: Context, p: Player, c: Combat, key: str, skill: m.Skill) -> bool:
    """An unmarked skill once per combat (A-46 Reading 1) or once per game; a marked one any number
    of times, each use paid with new dice."""
    if skill.reusable:
        return True
    if ctx.options["a46.unmarked"] == "game":
        return key not in p.spent_skills
    return key not in c.used


def payments(cost: m.Cost, dice: tuple[Die, ...]) -> list[tuple[int, ...]]:
    """The distinct ways (by faces) to pay ``cost`` from ``dice``: the dice indices of each."""
    found: dict[tuple[int, ...], tuple[int, ...]] = {}
    if cost.face is not None:
        for k, d in enumerate(dice):
            if d.face in cost.face:
                found.setdefault((d.face,), (k,))
        return list(found.values())
    for i, j in combinations(range(len(dice)), 2):
        a, b = dice[i].face, dice[j].face
        ok = a == b if cost.pair else a + b >= (cost.sum or 0)
        if ok:
            found.setdefault(tuple(sorted((a, b))), (i, j))
    return list(found.values())


def skill_name(ctx: Context, key: str) -> str:
    owner, sid = key.split(":", 1)
    source = ctx.content.bodies.get(owner) or (ctx.content.passer_by if owner == ctx.content.passer_by.id
                                               else None)
    if source is not None:
        return next(s.name for s in source.skills if s.id == sid)
    mod = ctx.content.mod(owner)
    assert mod.skill is not None
    return mod.skill.name


def find(ctx: Context, p: Player, key: str) -> m.Skill:
    return next(s for k, s in skills(ctx, p) if k == key)


def body_name(ctx: Context, card: str) -> str:
    return ctx.content.body(kind_of(card)).name
