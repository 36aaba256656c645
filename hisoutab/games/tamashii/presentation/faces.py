"""Every TAMASHII card in words (the kit's ``CardFace``): chips, enemies, mods, cyberbodies,
tiles, exploration markers, learning protocols."""

from __future__ import annotations

from collections.abc import Callable

from hisoutab.presentation.cards import CardFace

from ..rules import models as m
from ..rules import vocabulary as v
from ..rules.conditions import words as check_words
from ..rules.content import Content
from ..rules.context import kind_of
from ..rules.effects import words


def code_lines(code: m.Code) -> tuple[str, ...]:
    return tuple(code.pattern) + (f"→ {words(code.effects)}",)


def _chip(c: Content, card: str, k: str) -> CardFace | None:
    if k not in (*v.COLOURS, v.WILD, v.DAMAGED):
        return None
    kind = {v.WILD: "wild chip", v.DAMAGED: "damaged chip"}.get(k, "chip")
    return CardFace(id=card, name=k, kind=kind, clauses=("TM-COMP-4",))


def _enemy(c: Content, card: str, k: str) -> CardFace | None:
    e = c.enemies.get(k)
    if e is None:
        return None
    return CardFace(id=card, name=e.name, kind="enemy card", numbers=(("HP", str(e.hp)),),
                    effects=tuple(f"{t}: {words(fx)}" for t, fx in e.effects.items()),
                    faces=(("Hack", code_lines(e.hack)), ("Expel", code_lines(e.expel))),
                    clauses=("TM-COMP-7", "TM-ENEMY-3", "TM-CMB-3.2"))


def _mod(c: Content, card: str, k: str) -> CardFace | None:
    mod = c.class_mods.get(k) or c.gang_mods.get(k)
    if mod is None:
        return None
    effects = []
    if mod.stats is not None:
        effects += [f"{n} +{getattr(mod.stats, n)}" for n in v.STATS if getattr(mod.stats, n)]
    if mod.start_of is not None:
        effects.append(f"at the start of {mod.start_of.phase}: {words(mod.start_of.effects)}")
    if mod.skill is not None:
        effects.append(f"skill {mod.skill.name}: {words(mod.skill.effects)}")
    if mod.reroll:
        effects.append("rerolls a die once (a reroll source of its own)")
    faces = (("code", code_lines(mod.code)),) if mod.code is not None else ()
    kind = f"class mod ({mod.class_})" if mod.class_ else f"gang mod ({mod.gang})"
    return CardFace(id=card, name=mod.name, kind=kind, numbers=(("Memory", str(mod.cost)),),
                    effects=tuple(effects), faces=faces, clauses=("TM-COMP-10", "TM-MOD-4", "TM-MOD-5"))


def _skill(s: m.Skill) -> str:
    cost = s.cost
    pay = (f"a die showing {'/'.join(map(str, cost.face))}" if cost.face else
           "a pair" if cost.pair else f"two dice summing {cost.sum}+")
    again = " (reusable)" if s.reusable else ""
    return f"{s.name}{again}: {pay} → {words(s.effects)}"


def _body(c: Content, card: str, k: str) -> CardFace | None:
    b = c.bodies.get(k) or (c.passer_by if k == c.passer_by.id else None)
    if b is None:
        return None
    faces = (("Transfer", code_lines(b.transfer)),) if b.transfer is not None else ()
    return CardFace(id=card, name=b.name, kind="cyberbody",
                    numbers=(("programming", str(b.program)), ("movement", str(b.move)),
                             ("attack", str(b.attack))),
                    effects=tuple(_skill(s) for s in b.skills), faces=faces,
                    clauses=("TM-COMP-9", "TM-BODY-2", "TM-BODY-3", "TM-BODY-4"))


def _tile(c: Content, card: str, k: str) -> CardFace | None:
    t = c.tiles.get(k)
    if t is None:
        return None
    return CardFace(id=card, name=t.name, kind="district tile",
                    numbers=(("entry", f"+{t.entry}"), ("stay", f"+{t.stay}")),
                    keywords=tuple(t.tags) + ((t.gang,) if t.gang else ()),
                    effects=(f"{t.action.name}: {words(t.action.effects)}",),
                    clauses=("TM-COMP-1", "TM-MOVE-2", "TM-MOVE-3", "TM-MOVE-4"))


def _marker(c: Content, card: str, k: str) -> CardFace | None:
    x = c.markers.get(k)
    if x is None:
        return None
    return CardFace(id=card, name=x.name, kind="exploration marker", effects=(words(x.effects),),
                    clauses=("TM-MOVE-5",))


def _protocol(c: Content, card: str, k: str) -> CardFace | None:
    p = c.protocols.get(k)
    if p is None:
        return None
    stages = tuple(f"stage {n + 1}: {check_words(s.check)} → {words(s.reward)}"
                   for n, s in enumerate(p.stages))
    passive = ", ".join(f"{n} +{getattr(p.passive, n)}" for n in v.STATS if getattr(p.passive, n))
    return CardFace(id=card, name=p.name, kind="learning protocol", effects=(*stages, f"passive: {passive}"),
                    clauses=("TM-COMP-11", "TM-PROT-1"))


FACES: tuple[Callable[[Content, str, str], CardFace | None], ...] = (
    _chip, _enemy, _mod, _body, _tile, _marker, _protocol)


def face(c: Content, card: str) -> CardFace | None:
    """The card's face, or None for a hidden card (``?``) or an id no content names."""
    k = kind_of(card)
    for maker in FACES:
        found = maker(c, card, k)
        if found is not None:
            return found
    return None
