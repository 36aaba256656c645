"""The workbench's edits of a HisouTab 0.45.2 situation: pure functions and the :data:`EDITS` forms.

Each function returns a new state or raises ``ValueError`` with a message for the user; the
workbench checks the ruleset's invariants on the result (and on the automatic steps that follow it)
before it accepts an edit. :data:`EDITS` offers them as :class:`~hisoutab.presentation.base.EditOp`
forms: place a piece, set HP, spirit tokens, the timeline tokens, add or remove a bullet, move a
card between zones. Card instances are written in full (``"P1/gohei_swing#1"``). No Jupyter import.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from hisoutab.engine.record import replace
from hisoutab.presentation.base import EditOp, Param

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


# ------------------------------------------------------------------------------ counters and pieces
#: the facings a piece can have, by word
FACINGS: dict[str, int] = {"right": 1, "left": -1}
HP_RANGE = (0, 20)
DIE_RANGE = (1, 6)  # the faces of a duration die
UP, DOWN = "up", "down"  # a spirit slot with a token face up / face down


def place_piece(ctx: Any, state: Any, player: str, x: int, y: int, facing: str | None = None) -> Any:
    """``player``'s piece at (x, y), facing ``right`` or ``left`` (default: as it faced). A cell off
    the board is left for the invariants to refuse."""
    i = _player(state, player)
    p = state.players[i]
    _need(p, "x", "y", "facing")
    if facing is not None and facing not in FACINGS:
        raise ValueError(f"facing {facing!r}: expected {' or '.join(FACINGS)}")
    return _with(state, i, replace(p, x=x, y=y, facing=FACINGS[facing] if facing else p.facing))


def set_hp(state: Any, player: str, hp: int) -> Any:
    """``player`` with ``hp`` hit points (the invariants refuse a value outside 0..20)."""
    i = _player(state, player)
    _need(state.players[i], "hp")
    return _with(state, i, replace(state.players[i], hp=hp))


def set_spirit(state: Any, player: str, up: int) -> Any:
    """``player``'s spirit gauge with ``up`` tokens face up on the slots that are not broken (the first
    ones), the other unbroken slots face down; broken slots keep their die."""
    i = _player(state, player)
    p = state.players[i]
    _need(p, "spirit")
    free = [k for k, v in enumerate(p.spirit) if v in (UP, DOWN)]
    if not 0 <= up <= len(free):
        raise ValueError(f"spirit up: {up} is outside 0..{len(free)} (slots not broken)")
    spirit = list(p.spirit)
    for n, k in enumerate(free):
        spirit[k] = UP if n < up else DOWN
    return _with(state, i, replace(p, spirit=tuple(spirit)))


def cell_or_none(text: Any, what: str) -> int | None:
    """A timeline cell from a form's text: a number, or ``none`` / empty for no token."""
    if text is None or (isinstance(text, int) and not isinstance(text, bool)):
        return text
    t = str(text).strip().lower()
    if t in ("", "none", "-"):
        return None
    try:
        return int(t)
    except ValueError:
        raise ValueError(f"{what}: {text!r} is not a cell number or 'none'") from None


def set_tokens(state: Any, player: str, marker: Any, hit: Any) -> Any:
    """``player``'s timeline marker and hit token on the cells given (``none``: off the timeline);
    the invariants refuse a player with neither once the game is set up."""
    i = _player(state, player)
    p = state.players[i]
    _need(p, "marker", "hit")
    return _with(state, i, replace(p, marker=cell_or_none(marker, "marker"),
                                   hit=cell_or_none(hit, "hit token")))


# ------------------------------------------------------------------------------ the forms
Values = Mapping[str, Any]


def _p(state: Any, values: Values, key: str = "player") -> Any:
    name = values.get(key)
    return next((q for q in getattr(state, "players", ()) if q.name == name), None)


def _names(ctx: Any, state: Any, values: Values) -> Sequence[str]:
    return [q.name for q in getattr(state, "players", ())]


def _field(name: str, key: str = "player") -> Any:
    """A default that reads the chosen player's field ``name``."""
    def default(ctx: Any, state: Any, values: Values) -> Any:
        p = _p(state, values, key)
        return getattr(p, name, None) if p is not None else None
    return default


def _token_text(name: str) -> Any:
    def default(ctx: Any, state: Any, values: Values) -> str:
        p = _p(state, values)
        v = getattr(p, name, None) if p is not None else None
        return "none" if v is None else str(v)
    return default


def _facing_word(ctx: Any, state: Any, values: Values) -> str:
    p = _p(state, values)
    return "left" if p is not None and getattr(p, "facing", 1) < 0 else "right"


def _spirit_up(ctx: Any, state: Any, values: Values) -> int:
    p = _p(state, values)
    return sum(1 for v in getattr(p, "spirit", ()) if v == UP) if p is not None else 0


def _bullet_choices(ctx: Any, state: Any, values: Values) -> Sequence[str]:
    """The owner's bullet cards in a zone the edit can take them from."""
    p = _p(state, values, "owner")
    if p is None or not hasattr(ctx, "cards"):
        return []
    return [c for c in bullet_cards(ctx, p.name) if zone_of(p, c) is not None]


def _next_to_owner(axis: str) -> Any:
    """The cell in front of the owner's piece (its own cell at the board's edge)."""
    def default(ctx: Any, state: Any, values: Values) -> int:
        p = _p(state, values, "owner")
        if p is None:
            return 1 if axis == "x" else 0
        if axis == "y":
            return int(p.y)
        ahead = p.x + p.facing
        on_board = getattr(ctx, "on_board", None)
        return int(ahead if on_board is None or on_board(ahead, p.y) else p.x)
    return default


def _die_default(ctx: Any, state: Any, values: Values) -> int:
    """The card's die if it holds one, else its duration; always within 1..6."""
    p = _p(state, values, "owner")
    card = values.get("card")
    die = dict(getattr(p, "dice", ())).get(card) if p is not None else None
    if die is None and card in getattr(ctx, "cards", {}):
        found = bullet_spec(ctx.cards[card])
        die = getattr(found[1], "duration", 1) if found else 1
    lo, hi = DIE_RANGE
    return max(lo, min(hi, int(die or lo)))


def _bullet_ids(ctx: Any, state: Any, values: Values) -> Sequence[str]:
    return [b.id for b in getattr(state, "bullets", ())]


def _movable(ctx: Any, state: Any, values: Values) -> Sequence[str]:
    p = _p(state, values)
    return [c for c, _ in movable_cards(ctx, p)] if p is not None and hasattr(ctx, "cards") else []


def _add_bullet(ctx: Any, state: Any, *, owner: str, card: str, x: int, y: int, direction: str,
                die: int) -> Any:
    lo, hi = DIE_RANGE
    if isinstance(die, int) and die > hi:
        raise ValueError(f"die {die}: a duration die shows {lo}..{hi}")
    return add_bullet(ctx, state, owner, card, x, y, direction, die)


def _player_param(name: str = "player") -> Param:
    return Param(name, "player", choices=_names)


EDITS: tuple[EditOp, ...] = (
    EditOp("place_piece", "place a piece",
           (_player_param(), Param("x", "int", default=_field("x")), Param("y", "int", default=_field("y")),
            Param("facing", "choice", choices=lambda c, s, v: list(FACINGS), default=_facing_word)),
           lambda ctx, state, *, player, x, y, facing: place_piece(ctx, state, player, x, y, facing),
           "put a player's piece on a cell of the board, facing right or left"),
    EditOp("set_hp", "set HP",
           (_player_param(), Param("hp", "int", label="HP", minimum=HP_RANGE[0], maximum=HP_RANGE[1],
                                   default=_field("hp"))),
           lambda ctx, state, *, player, hp: set_hp(state, player, hp), "a player's hit points, 0..20"),
    EditOp("spirit", "spirit tokens",
           (_player_param(), Param("up", "int", label="spirit up", minimum=0, maximum=5,
                                   default=_spirit_up)),
           lambda ctx, state, *, player, up: set_spirit(state, player, up),
           "how many spirit tokens are face up (the unbroken slots first)"),
    EditOp("timeline_tokens", "marker and hit token",
           (_player_param(), Param("marker", "text", label="marker", default=_token_text("marker")),
            Param("hit", "text", label="hit token", default=_token_text("hit"))),
           lambda ctx, state, *, player, marker, hit: set_tokens(state, player, marker, hit),
           "the cells of a player's timeline marker and hit token (a number, or none)"),
    EditOp("add_bullet", "add a bullet",
           (_player_param("owner"), Param("card", "choice", choices=_bullet_choices),
            Param("x", "int", default=_next_to_owner("x")), Param("y", "int", default=_next_to_owner("y")),
            Param("direction", "choice", choices=lambda c, s, v: list(DIRECTIONS),
                  default=lambda c, s, v: "forward"),
            Param("die", "int", minimum=DIE_RANGE[0], maximum=DIE_RANGE[1], default=_die_default)),
           _add_bullet, "a new bullet token of one of the owner's bullet cards; the card gets the die"),
    EditOp("remove_bullet", "remove a bullet",
           (Param("bullet", "choice", choices=_bullet_ids),),
           lambda ctx, state, *, bullet: remove_bullet(state, bullet),
           "take a bullet off the board (its card's die goes with the card's last bullet)"),
    EditOp("move_card", "move a card (hand, deck, discard, play zones)",
           (_player_param(), Param("card", "choice", choices=_movable),
            Param("zone", "choice", choices=lambda c, s, v: list(ZONES), default=lambda c, s, v: "hand"),
            Param("side", "choice", choices=lambda c, s, v: ["top", "bottom"],
                  default=lambda c, s, v: "top")),
           lambda ctx, state, *, player, card, zone, side: move_card(ctx, state, player, card, zone, side),
           "move one of a player's cards to the hand, the top of the deck, the discard pile, the cast or "
           "the trigger zone (side: the face of a two-sided card in a play zone)"),
)
