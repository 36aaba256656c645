"""Specials (H-EFF-SPECIAL-*) and special upgrade cards (H-UPG-*): the special area holds one special
effect per motion tag; the extra deck holds the upgraded specials."""

from __future__ import annotations

from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .common import discard, pn, setp
from .context import Context
from .flow import FLOW
from .state import MOTIONS, Player, State


def area_card(p: Player, tag: str) -> str | None:
    return p.special[MOTIONS.index(tag)]


def upgrade_target(ctx: Context, p: Player, iid: str) -> str | None:
    """H-UPG-LV: the upgraded special named like the upgrade card: one level above the special it
    replaces when that has the same name, otherwise level 1."""
    card = ctx.cards[iid]
    tag = card.effect_value("upgrade")
    current = area_card(p, tag)
    if current is None:
        return None  # H-UPG-0
    cur = ctx.cards[current]
    level = cur.level + 1 if cur.name == card.name else 1
    for e in p.extra:
        ec = ctx.cards[e]
        if ec.name == card.name and ec.level == level and ec.motion == tag:
            return e
    return None


def effective_card(ctx: Context, p: Player, iid: str) -> str | None:
    """The card whose numbers count when ``iid`` is played: the special effect for a special card,
    the upgraded special for an upgrade card; ``None`` when it cannot be played."""
    card = ctx.cards[iid]
    tag = card.effect_value("special")
    if tag is not None:
        return area_card(p, tag)  # H-EFF-SPECIAL-1: no effect for the tag, no play
    if card.effect_value("upgrade") is not None:
        return upgrade_target(ctx, p, iid)
    return iid


@FLOW.auto("special.play", phase="play", clauses=("H-EFF-SPECIAL", "H-EFF-SPECIAL-1",
                                                  "H-EFF-SPECIAL-2"),
           next=("play.pay",))
def play_special(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Playing a special card: the special effect of its motion tag goes from the special area into
    the cast zone, and the original card is discarded."""
    _, i, iid, cancel = frame
    p = s.players[i]
    tag = ctx.cards[iid].effect_value("special")
    k = MOTIONS.index(tag)
    special = p.special[k]
    p = replace(p, cast=special, cast_side="", special=p.special[:k] + (None,) + p.special[k + 1:])
    p, _ = discard(ctx, p, iid)
    s = setp(s, i, p)
    return Outcome(s, f"{pn(i)}'s {ctx.name(iid)} calls the {tag} special: {ctx.name(special)} goes "
                      f"from the special area into the cast zone; {ctx.name(iid)} is discarded",
                   events=({"type": "special", "player": pn(i), "card": special, "motion": tag},),
                   then=(("play.pay", i, cancel),))


@FLOW.auto("upgrade.play", phase="play",
           clauses=("H-UPG-0", "H-UPG-1", "H-UPG-2", "H-UPG-3", "H-UPG-LV"), next=("play.pay",))
def play_upgrade(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A special upgrade card: the special of its tag is removed from the game, the upgraded special
    (same name as the upgrade card; one level up when it replaces its own name, else level 1) is
    found in the extra deck and cast, and the upgrade card is discarded."""
    _, i, iid, cancel = frame
    p = s.players[i]
    tag = ctx.cards[iid].effect_value("upgrade")
    k = MOTIONS.index(tag)
    old = p.special[k]
    new = upgrade_target(ctx, p, iid)
    assert old is not None and new is not None
    p = replace(p, special=p.special[:k] + (None,) + p.special[k + 1:], removed=p.removed + (old,),
                extra=tuple(c for c in p.extra if c != new), cast=new, cast_side="")
    p, _ = discard(ctx, p, iid)
    s = setp(s, i, p)
    lv = ctx.cards[new].level
    return Outcome(s, f"{pn(i)} upgrades the {tag} special: {ctx.name(old)} (level "
                      f"{ctx.cards[old].level}) is removed from the game, {ctx.name(new)} level {lv} "
                      f"is cast from the extra deck; {ctx.name(iid)} is discarded",
                   events=({"type": "upgrade", "player": pn(i), "removed": old, "cast": new,
                            "level": lv},),
                   then=(("play.pay", i, cancel),))
