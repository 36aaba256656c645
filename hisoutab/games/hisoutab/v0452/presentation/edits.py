"""The workbench's edits of a HisouTab 0.45.2 situation: pure functions and the :data:`EDITS` forms.

Each function returns a new state or raises ``ValueError`` with a message for the user; the
workbench checks the ruleset's invariants on the result (and on the automatic steps that follow it)
before it accepts an edit. :data:`EDITS` offers them as :class:`~hisoutab.presentation.base.EditOp`
forms: place a piece, set HP, spirit tokens, the timeline tokens, add or remove a bullet, move a
card between zones. Card instances are written in full (``"P1/gohei_swing#1"``). No Jupyter import.

Every form field defaults to a legal value for the state shown (a bullet goes on a free cell in front
of its owner, with its card's duration on the die; a choice offers only what the state holds) and is
bounded by the rules: the board by the
largest board the rule options allow (``board.width`` ≤ 30, ``board.height`` ≤ 12), HP by 0..20, a
duration die by its faces 1..6. Each function checks the values against the game's own board and
cards and raises ``ValueError`` with a clear message for one out of range.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from hisoutab.engine.record import replace
from hisoutab.presentation.base import EditOp, Param

from ..rules.options import OPTIONS

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


def _int(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name}: expected a whole number, got {value!r}")
    return value


def _board(ctx: Any) -> tuple[int, int]:
    """(width, height) of the game's board (the default options' for a context without one)."""
    o = OPTIONS.defaults()
    return int(getattr(ctx, "width", o["board.width"])), int(getattr(ctx, "height", o["board.height"]))


def board_words(ctx: Any) -> str:
    w, h = _board(ctx)
    return f"x is 1..{w}, y is 0..{h - 1} (0 = the ground)"


def on_board(ctx: Any, x: int, y: int) -> bool:
    w, h = _board(ctx)
    return 1 <= x <= w and 0 <= y < h


def durations(card: Any) -> int | None:
    """The largest duration among the bullet effects of ``card``'s faces (None: it fires none)."""
    faces = [f for _, f in getattr(card, "sides", ())] or [card]
    found = []
    for f in faces:
        groups = [f.effects, getattr(f, "ground", ()), getattr(f, "air", ())]
        groups += [getattr(v, "effects", ()) for _, v in f.effects]
        found += [getattr(v, "duration", 0) for g in groups for k, v in g if k == "bullet"]
    return max(found) if found else None


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
    x, y, die = _int("x", x), _int("y", y), _int("die", die)
    lo, hi = DIE_RANGE
    if die < lo:
        raise ValueError(f"die {die}: a duration die shows {lo} or more")
    if die > hi:
        raise ValueError(f"die {die}: a duration die shows {lo}..{hi}")
    top = durations(ctx.cards[iid])
    if top is not None and die > top:
        raise ValueError(f"die {die}: {ctx.cards[iid].name}'s duration is {top}, so its die shows "
                         f"{lo}..{top} "
                         "(H-EFF-BUL-2)")
    serial = state.bullet_serial + 1
    if not on_board(ctx, x, y):
        raise ValueError(f"bullet b{serial} off the board at ({x},{y}): {board_words(ctx)}")
    q = state.players[1 - i] if len(state.players) == 2 else None
    if q is not None and (q.x, q.y) == (x, y):
        raise ValueError(f"({x}, {y}) is {q.name}'s cell: the bullet would hit at once (H-EFF-BUL-5); "
                         "put it on another cell")
    if zone_of(p, iid) is None:
        raise ValueError(f"{short(iid)} is not in {owner}'s hand, deck, discard pile, play zones, bullet "
                         "area or set aside: it cannot hold bullets here")
    side = p.trigger_side if p.trigger == iid else found[0]
    dx, dy = DIRECTIONS[direction]
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
    """``player``'s piece at (x, y), facing ``right`` or ``left`` (default: as it faced); a cell off
    the board is refused. Two pieces may share a cell (gravity can put them there, H-ADJ-BLUE-3)."""
    i = _player(state, player)
    p = state.players[i]
    _need(p, "x", "y", "facing")
    if facing is not None and facing not in FACINGS:
        raise ValueError(f"facing {facing!r}: expected {' or '.join(FACINGS)}")
    x, y = _int("x", x), _int("y", y)
    if not on_board(ctx, x, y):
        raise ValueError(f"{player}'s piece at ({x},{y}) would be off the board: {board_words(ctx)}")
    return _with(state, i, replace(p, x=x, y=y, facing=FACINGS[facing] if facing else p.facing))


def set_hp(state: Any, player: str, hp: int) -> Any:
    """``player`` with ``hp`` hit points, 0..20 (H-SETUP-1: HP starts at 20 and only goes down)."""
    i = _player(state, player)
    _need(state.players[i], "hp")
    hp = _int("HP", hp)
    lo, hi = HP_RANGE
    if not lo <= hp <= hi:
        raise ValueError(f"HP {hp} outside {lo}..{hi} (HP starts at {hi}, H-SETUP-1; at 0 the player loses, "
                         "H-GOAL-1)")
    return _with(state, i, replace(state.players[i], hp=hp))


def set_spirit(state: Any, player: str, up: int) -> Any:
    """``player``'s spirit gauge with ``up`` tokens face up on the slots that are not broken (the first
    ones), the other unbroken slots face down; broken slots keep their die."""
    i = _player(state, player)
    p = state.players[i]
    _need(p, "spirit")
    free = [k for k, v in enumerate(p.spirit) if v in (UP, DOWN)]
    up = _int("spirit up", up)
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
    """``player``'s timeline marker and hit token on the cells given (``none``: off the timeline): the
    current cell or later, and at least one of them once the game is set up."""
    i = _player(state, player)
    p = state.players[i]
    _need(p, "marker", "hit")
    cells = {"marker": cell_or_none(marker, "marker"), "hit token": cell_or_none(hit, "hit token")}
    now = getattr(state, "time", None)
    for what, t in cells.items():
        if t is not None and isinstance(now, int) and t < now:
            raise ValueError(f"{what} t={t}: behind the current time t={now}; expected t={now} or later, "
                             "or none")
    if all(t is None for t in cells.values()) and getattr(state, "first", None) is not None:
        raise ValueError(f"{player} needs a marker or a hit token on the timeline once the game is set up "
                         "(H-TURN-1): give one of them a cell")
    return _with(state, i, replace(p, marker=cells["marker"], hit=cells["hit token"]))


# ------------------------------------------------------------------------------ the forms
Values = Mapping[str, Any]
#: the largest board the rule options allow: the forms' bounds (the game's own board is checked)
X_MAX = OPTIONS.get("board.width").maximum or 30
Y_MAX = (OPTIONS.get("board.height").maximum or 12) - 1


def _p(state: Any, values: Values, key: str = "player") -> Any:
    name = values.get(key)
    players = tuple(getattr(state, "players", ()))
    return next((q for q in players if q.name == name), players[0] if players else None)


def _names(ctx: Any, state: Any, values: Values) -> Sequence[str]:
    return [q.name for q in getattr(state, "players", ())]


def start_cell(ctx: Any, state: Any, p: Any) -> tuple[int, int]:
    """The player's cell, or where setup puts the piece while it is off the board (H-SETUP-4)."""
    if on_board(ctx, p.x, p.y):
        return int(p.x), int(p.y)
    w, _ = _board(ctx)
    first = list(getattr(state, "players", ())).index(p) == 0 if p in getattr(state, "players", ()) else True
    return (2, 0) if first else (w - 1, 0)


def _piece_cell(axis: int) -> Any:
    def default(ctx: Any, state: Any, values: Values) -> int | None:
        p = _p(state, values)
        return start_cell(ctx, state, p)[axis] if p is not None else None
    return default


def _hp_default(ctx: Any, state: Any, values: Values) -> int | None:
    p = _p(state, values)
    if p is None:
        return None
    lo, hi = HP_RANGE
    return max(lo, min(hi, int(p.hp))) if p.hp or getattr(state, "first", None) is not None else hi


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


def free_cells(ctx: Any, state: Any, owner: Any) -> list[tuple[int, int]]:
    """The board cells a new bullet of ``owner`` may take, nearest first: not the opponent's cell
    (a bullet there would hit at once, H-EFF-BUL-5); ahead of the owner's piece before behind it."""
    w, h = _board(ctx)
    players = tuple(getattr(state, "players", ()))
    others = {(q.x, q.y) for q in players if q is not owner}
    ox, oy = start_cell(ctx, state, owner)
    f = 1 if getattr(owner, "facing", 1) >= 0 else -1
    cells = [(x, y) for x in range(1, w + 1) for y in range(h) if (x, y) not in others]
    return sorted(cells, key=lambda c: ((c[0] - ox) * f <= 0, abs(c[0] - ox) + abs(c[1] - oy), c[1],
                                        c[0] * f))


def _bullet_cell(axis: int) -> Any:
    """The first free cell in front of the owner's piece (see :func:`free_cells`)."""
    def default(ctx: Any, state: Any, values: Values) -> int | None:
        p = _p(state, values, "owner")
        if p is None:
            return None
        cells = free_cells(ctx, state, p)
        return cells[0][axis] if cells else None
    return default


def _bullet_spec(ctx: Any, values: Values) -> Any:
    card = values.get("card")
    cards = getattr(ctx, "cards", {})
    found = bullet_spec(cards[card]) if card in cards else None
    return found[1] if found else None


def _direction_default(ctx: Any, state: Any, values: Values) -> str:
    """A direction the card fires in: ``forward`` when it may, else its first launch angle (H-KW-ANGLE);
    ``still`` for a tracing or still bullet, which has no direction."""
    spec = _bullet_spec(ctx, values)
    if spec is None:
        return "forward"
    if not getattr(spec, "straight", 0):
        return "still"
    angles = tuple(getattr(spec, "angle", ()) or ())
    return "forward" if not angles or "forward" in angles else str(angles[0])


def _die_default(ctx: Any, state: Any, values: Values) -> int:
    """The card's die if it holds one, else its duration; always within 1..6 and the duration."""
    p = _p(state, values, "owner")
    card = values.get("card")
    die = dict(getattr(p, "dice", ())).get(card) if p is not None else None
    top = durations(ctx.cards[card]) if card in getattr(ctx, "cards", {}) else None
    if die is None:
        die = top or 1
    lo, hi = DIE_RANGE
    return max(lo, min(hi, top or hi, int(die)))


def _bullet_ids(ctx: Any, state: Any, values: Values) -> Sequence[str]:
    return [b.id for b in getattr(state, "bullets", ())]


def _movable(ctx: Any, state: Any, values: Values) -> Sequence[str]:
    p = _p(state, values)
    return [c for c, _ in movable_cards(ctx, p)] if p is not None and hasattr(ctx, "cards") else []


def legal_zone(ctx: Any, state: Any, zones: Sequence[str], move: Any) -> str | None:
    """The first of ``zones`` that ``move(zone)`` accepts with a state the rules' invariants accept."""
    from ..rules.ruleset import RULESET

    for zone in zones:
        try:
            after = move(zone)
        except (ValueError, KeyError, AttributeError, TypeError):
            continue
        if not RULESET.invariants(ctx, after):
            return zone
    return None


def _zone_default(ctx: Any, state: Any, values: Values) -> str | None:
    """The first zone the chosen card may go to (not its own; an empty one-card zone; never the deck
    or the discard pile for a standing or knockdown card; a state the invariants accept)."""
    p = _p(state, values)
    card = values.get("card")
    if p is None or not card or not hasattr(ctx, "cards"):
        return None
    return legal_zone(ctx, state, list(ZONES), lambda zone: move_card(
        ctx, state, p.name, card, zone, _side_default(ctx, state, values)))


def _side_default(ctx: Any, state: Any, values: Values) -> str:
    card = getattr(ctx, "cards", {}).get(values.get("card"))
    sides = [name for name, _ in getattr(card, "sides", ())]
    return sides[0] if sides else "top"


def _add_bullet(ctx: Any, state: Any, *, owner: str, card: str, x: int, y: int, direction: str,
                die: int) -> Any:
    return add_bullet(ctx, state, owner, card, x, y, direction, die)


def _player_param(name: str = "player") -> Param:
    return Param(name, "player", choices=_names)


EDITS: tuple[EditOp, ...] = (
    EditOp("place_piece", "place a piece",
           (_player_param(),
            Param("x", "int", label="x (column)", minimum=1, maximum=X_MAX, default=_piece_cell(0)),
            Param("y", "int", label="y (row, 0 = ground)", minimum=0, maximum=Y_MAX, default=_piece_cell(1)),
            Param("facing", "choice", choices=lambda c, s, v: list(FACINGS), default=_facing_word)),
           lambda ctx, state, *, player, x, y, facing: place_piece(ctx, state, player, x, y, facing),
           "put a player's piece on a cell of the board, facing right or left"),
    EditOp("set_hp", "set HP",
           (_player_param(), Param("hp", "int", label="HP", minimum=HP_RANGE[0], maximum=HP_RANGE[1],
                                   default=_hp_default)),
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
           "the cells of a player's timeline marker and hit token (a number from the current cell on, or "
           "none)"),
    EditOp("add_bullet", "add a bullet",
           (_player_param("owner"), Param("card", "choice", choices=_bullet_choices),
            Param("x", "int", label="x (column)", minimum=1, maximum=X_MAX, default=_bullet_cell(0)),
            Param("y", "int", label="y (row, 0 = ground)", minimum=0, maximum=Y_MAX, default=_bullet_cell(1)),
            Param("direction", "choice", choices=lambda c, s, v: list(DIRECTIONS),
                  default=_direction_default),
            Param("die", "int", minimum=DIE_RANGE[0], maximum=DIE_RANGE[1], default=_die_default)),
           _add_bullet, "a new bullet token of one of the owner's bullet cards on a free cell (not the "
           "opponent's); the card gets the die, 1 up to its duration"),
    EditOp("remove_bullet", "remove a bullet",
           (Param("bullet", "choice", choices=_bullet_ids),),
           lambda ctx, state, *, bullet: remove_bullet(state, bullet),
           "take a bullet off the board (its card's die goes with the card's last bullet)"),
    EditOp("move_card", "move a card (hand, deck, discard, play zones)",
           (_player_param(), Param("card", "choice", choices=_movable),
            Param("zone", "choice", choices=lambda c, s, v: list(ZONES), default=_zone_default),
            Param("side", "choice", choices=lambda c, s, v: ["top", "bottom"], default=_side_default)),
           lambda ctx, state, *, player, card, zone, side: move_card(ctx, state, player, card, zone, side),
           "move one of a player's cards to the hand, the top of the deck, the discard pile, the cast or "
           "the trigger zone (side: the face of a two-sided card in a play zone)"),
)


# ------------------------------------------------------------------------------ the generic counter edit
COUNTER_MAX = 10_000  # the latest timeline cell the form takes (the game's own time bounds it below)


def _counter_default(ctx: Any, state: Any, values: Values) -> int:
    """The counter's value; the current cell for a timeline token that is off the timeline."""
    p = _p(state, values)
    name = values.get("counter") or "hp"
    v = getattr(p, name, None) if p is not None else None
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    return int(getattr(state, "time", 0)) if name in ("marker", "hit") else 0


def check_counter(state: Any, counter: Any, value: Any) -> None:
    """HP within 0..20, a timeline token on the current cell or later; else ``ValueError``."""
    value = _int(str(counter), value)
    if counter == "hp":
        lo, hi = HP_RANGE
        if not lo <= value <= hi:
            raise ValueError(f"HP {value} outside {lo}..{hi} (HP starts at {hi}, H-SETUP-1)")
    elif counter in ("marker", "hit"):
        now = getattr(state, "time", 0)
        if value < now:
            what = "marker" if counter == "marker" else "hit token"
            raise ValueError(f"{what} t={value}: behind the current time t={now}; expected t={now} or later")


def checked_counter(generic: EditOp) -> EditOp:
    """The generic counter edit with the 0.45.2 bounds: its value defaults to the counter's (the
    current cell for a token off the timeline), and HP or a cell out of range is refused."""
    params = tuple(Param("value", "int", label=p.label, minimum=0, maximum=COUNTER_MAX,
                         default=_counter_default)
                   if p.name == "value" else p for p in generic.params)

    def apply(ctx: Any, state: Any, **values: Any) -> Any:
        check_counter(state, values.get("counter"), values.get("value"))
        return generic.apply(ctx, state, **values)

    return EditOp(generic.name, generic.label, params, apply, generic.doc + " (HP 0..20; a timeline token "
                  "on the current cell or later)")


def checked_move(generic: EditOp, ruleset: Any) -> EditOp:
    """The generic move between declared zones, its zone defaulting to one the card may go to."""
    from hisoutab.presentation.base import move_card as move_declared

    def zone_default(ctx: Any, state: Any, values: Values) -> str | None:
        player, card = values.get("player"), values.get("card")
        if not player or not card:
            return None
        zones = [z.name for z in ruleset.zones if z.holds_cards and z.owner == "player"]
        return legal_zone(ctx, state, zones, lambda zone: move_declared(ruleset, state, player, card, zone))

    params = tuple(Param(p.name, p.kind, p.label, p.minimum, p.maximum, p.choices, zone_default)
                   if p.name == "zone" else p for p in generic.params)
    return EditOp(generic.name, generic.label, params, generic.apply, generic.doc)
