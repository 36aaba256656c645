"""State edits behind the workbench's bullet and card panels: pure functions, no Jupyter import.

Each function returns a new state or raises ``ValueError`` with a message for the user; the
ruleset's invariants are checked by the caller (:meth:`Workbench._continue_from`).
Card instances are written in full (``"P1/gohei_swing#1"``).
"""

from __future__ import annotations

import sys
from typing import Any

from hisoutab.engine.record import replace

#: the 8 firing directions (dx facing right, dy), as in H-EFF-BUL-1, plus a still bullet
DIRECTIONS: dict[str, tuple[int, int]] = {
    "forward": (1, 0), "up-forward": (1, 1), "up": (0, 1), "up-back": (-1, 1),
    "back": (-1, 0), "down-back": (-1, -1), "down": (0, -1), "down-forward": (1, -1),
    "still": (0, 0),
}
#: the zones a card can be moved into, with their labels
ZONES: dict[str, str] = {"hand": "hand", "deck": "deck (top)", "discard": "discard pile",
                         "cast": "cast zone", "trigger": "trigger zone"}
#: the zones a card can be taken from (a one-card zone is a field holding the card or None)
SOURCES = ("hand", "deck", "discard", "cast", "trigger", "bullet_area", "aside")
_SLOTS = ("cast", "trigger")


def _need(p: Any, *fields: str) -> None:
    missing = [f for f in fields if not hasattr(p, f)]
    if missing:
        raise ValueError(f"this ruleset's state has no {', '.join(missing)}: not editable here")


def _bullet_in(effects: Any) -> Any:
    for kind, value in effects or ():
        if kind == "bullet":
            return value
        nested = _bullet_in(getattr(value, "effects", ()))
        if nested is not None:
            return nested
    return None


def bullet_spec(card: Any) -> tuple[str, Any] | None:
    """``(side, bullet spec)`` of the first face of ``card`` that fires bullets, else None."""
    faces = list(card.sides) if getattr(card, "sides", ()) else [("", card)]
    for side, face in faces:
        for effects in (face.effects, getattr(face, "ground", ()), getattr(face, "air", ())):
            spec = _bullet_in(effects)
            if spec is not None:
                return side, spec
    return None


def bullet_cards(ctx: Any, player: str) -> list[str]:
    """The card instances of ``player`` that fire bullets, in card order."""
    return [iid for iid, card in ctx.cards.items()
            if iid.startswith(player + "/") and bullet_spec(card) is not None]


def short(iid: str) -> str:
    return iid.split("/", 1)[-1]


def zone_of(p: Any, iid: str) -> str | None:
    """The zone of player ``p`` holding ``iid`` among :data:`SOURCES`, else None."""
    for z in SOURCES:
        v = getattr(p, z, None)
        if v == iid or (isinstance(v, tuple) and iid in v):
            return z
    return None


def movable_cards(ctx: Any, p: Any) -> list[tuple[str, str]]:
    """``(card, zone)`` for every card instance of ``p`` in one of :data:`SOURCES`."""
    out = []
    for iid in ctx.cards:
        if iid.startswith(p.name + "/"):
            z = zone_of(p, iid)
            if z is not None:
                out.append((iid, z))
    return out


def _take(p: Any, iid: str) -> Any:
    """``p`` with ``iid`` taken out of every zone of :data:`SOURCES`."""
    changes: dict[str, Any] = {}
    for z in SOURCES:
        v = getattr(p, z, None)
        if v == iid and z in _SLOTS:
            changes[z] = None
            changes[f"{z}_side"] = ""
            if z == "trigger" and hasattr(p, "missed"):
                changes["missed"] = False
        elif isinstance(v, tuple) and iid in v:
            changes[z] = tuple(c for c in v if c != iid)
    return replace(p, **changes) if changes else p


def _player(state: Any, name: str) -> int:
    names = [p.name for p in state.players]
    if name not in names:
        raise ValueError(f"no player {name!r}; players: {', '.join(names)}")
    return names.index(name)


def _with(state: Any, i: int, p: Any) -> Any:
    return replace(state, players=tuple(p if k == i else q for k, q in enumerate(state.players)))


def add_bullet(ctx: Any, state: Any, owner: str, card: str, x: int, y: int, direction: str,
               die: int) -> Any:
    """A new bullet of ``card`` at (x, y), travelling ``direction`` (turned to the owner's facing,
    as when fired) with a fresh id; the card gets a die of ``die`` and goes to the bullet area
    unless it is in the trigger zone (it leaves the zone it was in)."""
    i = _player(state, owner)
    p = state.players[i]
    _need(p, "dice", "bullet_area")
    _need(state, "bullets", "bullet_serial")
    iid = card if "/" in card else f"{owner}/{card}"
    if not iid.startswith(owner + "/"):
        raise ValueError(f"{short(iid)} belongs to another player, not {owner}")
    if iid not in ctx.cards:
        raise ValueError(f"{owner} has no card {short(iid)!r}")
    found = bullet_spec(ctx.cards[iid])
    if found is None:
        raise ValueError(f"{short(iid)} is not a bullet card")
    if direction not in DIRECTIONS:
        raise ValueError(f"direction {direction!r}: expected one of {', '.join(DIRECTIONS)}")
    if not isinstance(die, int) or die < 1:
        raise ValueError(f"die {die}: a duration die shows 1 or more")
    if zone_of(p, iid) is None:
        raise ValueError(f"{short(iid)} is not in {owner}'s hand, deck, discard pile, play zones, bullet "
                         "area or set aside: it cannot hold bullets here")
    side = p.trigger_side if p.trigger == iid else found[0]
    dx, dy = DIRECTIONS[direction]
    serial = state.bullet_serial + 1
    bullet_type = sys.modules[type(state).__module__].Bullet
    extra = {"side": side} if "side" in bullet_type.__dataclass_fields__ else {}
    bullet = bullet_type(id=f"b{serial}", owner=i, card=iid, x=x, y=y, dx=dx * p.facing, dy=dy, **extra)
    if p.trigger != iid:
        p = _take(p, iid)
        p = replace(p, bullet_area=p.bullet_area + (iid,))
    p = replace(p, dice=tuple((c, v) for c, v in p.dice if c != iid) + ((iid, die),))
    return replace(_with(state, i, p), bullets=state.bullets + (bullet,), bullet_serial=serial)


def remove_bullet(state: Any, bid: str) -> Any:
    """Without bullet ``bid``; its card loses its die when that was its last bullet."""
    _need(state, "bullets")
    gone = next((b for b in state.bullets if b.id == bid), None)
    if gone is None:
        raise ValueError(f"no bullet {bid!r} on the board"
                         + (f"; bullets: {', '.join(b.id for b in state.bullets)}" if state.bullets else ""))
    left = tuple(b for b in state.bullets if b.id != bid)
    state = replace(state, bullets=left)
    if not any(b.card == gone.card for b in left):
        p = state.players[gone.owner]
        if hasattr(p, "dice"):
            state = _with(state, gone.owner, replace(p, dice=tuple((c, v) for c, v in p.dice
                                                                    if c != gone.card)))
    return state


def move_card(ctx: Any, state: Any, player: str, card: str, zone: str, side: str = "top") -> Any:
    """``player``'s ``card`` moved to ``zone`` (``hand``, ``deck`` (on top), ``discard``, ``cast``,
    ``trigger``); a one-card zone must be empty. ``side`` is the face of a two-sided card played into
    the cast or trigger zone."""
    i = _player(state, player)
    p = state.players[i]
    _need(p, *ZONES)
    iid = card if "/" in card else f"{player}/{card}"
    if iid not in ctx.cards or not iid.startswith(player + "/"):
        raise ValueError(f"{player} has no card {short(iid)!r}")
    if zone not in ZONES:
        raise ValueError(f"zone {zone!r}: expected one of {', '.join(ZONES)}")
    here = zone_of(p, iid)
    if here is None:
        raise ValueError(f"{short(iid)} is not in {player}'s hand, deck, discard pile, play zones, "
                         "bullet area or set aside: it cannot be moved here")
    if here == zone:
        raise ValueError(f"{short(iid)} is already in the {ZONES[zone]}")
    name = ctx.cards[iid].name
    standing = iid in getattr(ctx, "standing", ())
    knockdown = iid in getattr(ctx, "knockdown_cards", ())
    if zone in ("deck", "discard") and (standing or knockdown):
        kind = "standing card" if standing else "knockdown card"
        where = "deck" if zone == "deck" else ZONES[zone]
        raise ValueError(f"{short(iid)} ({name}) is a {kind}: it never goes into the {where}")
    if zone in _SLOTS and getattr(p, zone) is not None:
        raise ValueError(f"the {ZONES[zone]} already holds {short(getattr(p, zone))}: it must be empty")
    p = _take(p, iid)
    if zone in _SLOTS:
        two = bool(getattr(ctx.cards[iid], "sides", ()))
        if two and side not in ("top", "bottom"):
            raise ValueError(f"side {side!r}: expected top or bottom")
        p = replace(p, **{zone: iid, f"{zone}_side": side if two else ""})
    elif zone == "deck":
        p = replace(p, deck=(iid,) + p.deck)
    else:
        p = replace(p, **{zone: getattr(p, zone) + (iid,)})
    return _with(state, i, p)
