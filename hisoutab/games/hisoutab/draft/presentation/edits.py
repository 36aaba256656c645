"""The workbench's edits of a draft state: place a piece, set HP / spirit / a marker, add or remove
a bullet. Pure functions (no Jupyter import): each returns a new state or raises ``ValueError``
with a message for the user, and never makes a state the draft's invariants reject.

The form's bounds come from the default options (a 7 × 3 board, spirit 0..5); ``apply`` checks the
values against the game's own context and state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hisoutab.engine.record import replace
from hisoutab.presentation.base import EditOp, Param

from ..rules.cards import DIRECTIONS
from ..rules.common import remove_bullet, setp
from ..rules.setup import HP_START, SECOND_BONUS_HP
from ..rules.state import Bullet
from .marks import facing_word

FACINGS: dict[str, int] = {"right": 1, "left": -1}
TOWARD = "toward the opponent"  # the only "direction" of a tracing bullet (D-TAG-TRACE)


# ------------------------------------------------------------------ checks
def _ready(state: Any) -> None:
    if state.first is None:
        raise ValueError("the game is not set up yet: pieces, health, spirit and markers are placed at setup "
                         "(D-SETUP-1 … D-SETUP-6)")
    if state.winner is not None:
        how = "draw" if state.winner == "draw" else f"{state.winner} wins"
        raise ValueError(f"the game is over ({how}): nothing can be edited any more")


def _index(state: Any, player: Any) -> int:
    names = [p.name for p in state.players]
    if player not in names:
        raise ValueError(f"no player {player!r}; players: {', '.join(names)}")
    return names.index(player)


def _int(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name}: expected a whole number, got {value!r}")
    return value


def _cell(ctx: Any, x: Any, y: Any) -> tuple[int, int]:
    x, y = _int("x", x), _int("y", y)
    if not ctx.on_board(x, y):
        raise ValueError(f"({x}, {y}) is off the board: x is 1..{ctx.width}, y is 0..{ctx.height - 1} "
                         "(0 = the ground)")
    return x, y


# ------------------------------------------------------------------ the edits
def place_piece(ctx: Any, state: Any, *, player: str, x: int, y: int, facing: str | int) -> Any:
    """``player``'s piece on (x, y), facing ``right`` or ``left``; never onto the other piece's block
    (D-EFF-MOVE) nor onto one of the opponent's bullets (it would have hit, D-EFF-BUL)."""
    _ready(state)
    i = _index(state, player)
    x, y = _cell(ctx, x, y)
    if isinstance(facing, str):
        f = FACINGS.get(facing)
    else:
        f = facing if isinstance(facing, int) and not isinstance(facing, bool) and facing in (1, -1) else None
    if f is None:
        raise ValueError(f"facing {facing!r}: expected right or left")
    q = state.players[1 - i]
    if (x, y) == (q.x, q.y):
        raise ValueError(f"({x}, {y}) is {q.name}'s block: two pieces never share a block")
    hit = next((b for b in state.bullets if b.owner != i and (b.x, b.y) == (x, y)), None)
    if hit is not None:
        raise ValueError(f"{q.name}'s bullet {hit.id} is on ({x}, {y}): it would hit {player}; "
                         "remove it first")
    return setp(state, i, replace(state.players[i], x=x, y=y, facing=f))


def set_hp(ctx: Any, state: Any, *, player: str, hp: int) -> Any:
    """``player``'s health, 1 up to their max HP (0 ends the game, D-GOAL-1)."""
    _ready(state)
    i = _index(state, player)
    p = state.players[i]
    hp = _int("HP", hp)
    if not 1 <= hp <= p.max_hp:
        raise ValueError(f"HP {hp}: expected 1..{p.max_hp} ({player}'s max HP; 0 HP ends the game, D-GOAL-1)")
    return setp(state, i, replace(p, hp=hp))


def set_spirit(ctx: Any, state: Any, *, player: str, spirit: int) -> Any:
    """``player``'s spirit, 0 up to the gauge's size (DS-4)."""
    _ready(state)
    i = _index(state, player)
    spirit = _int("spirit", spirit)
    if not 0 <= spirit <= ctx.spirit_max:
        raise ValueError(f"spirit {spirit}: expected 0..{ctx.spirit_max} (spirit.max, DS-4)")
    return setp(state, i, replace(state.players[i], spirit=spirit))


def set_marker(ctx: Any, state: Any, *, player: str, marker: int) -> Any:
    """``player``'s timeline marker, on the current slot or later (D-TURN-1: the earliest marker
    takes the next turn)."""
    _ready(state)
    i = _index(state, player)
    marker = _int("marker", marker)
    if marker < state.time:
        raise ValueError(f"marker t={marker}: expected t={state.time} (the current time) or later")
    return setp(state, i, replace(state.players[i], marker=marker))


def bullet_cards(ctx: Any, state: Any, player: str) -> list[str]:
    """``player``'s bullet cards that can be put on the board: in hand or in the discard pile (a
    card in play fires when it resolves; a set-aside card is not in the game)."""
    try:
        p = state.players[_index(state, player)]
    except ValueError:
        return []
    return [c for c in (*p.hand, *p.discard) if c in ctx.cards and ctx.cards[c].slots > 0]


def directions(ctx: Any, card: str | None) -> list[str]:
    """The directions a bullet card may fire in (a tracing bullet: only toward the opponent)."""
    c = ctx.cards.get(card) if card else None
    if c is None or c.trace:
        return [TOWARD]
    return list(c.directions)


def add_bullet(ctx: Any, state: Any, *, owner: str, card: str, x: int, y: int, direction: str,
               slot: int = 1) -> Any:
    """A new bullet of ``owner``'s ``card`` (from hand or the discard pile) on (x, y), fired in
    ``direction`` (turned to the owner's facing, as when fired, D-EFF-BUL), its token on ``slot``
    (1 = the first slot of the card's track, D-CARD-BULLET-1)."""
    _ready(state)
    i = _index(state, owner)
    p = state.players[i]
    iid = card if "/" in str(card) else f"{owner}/{card}"
    if not iid.startswith(owner + "/") or iid not in ctx.cards:
        raise ValueError(f"{owner} has no card {card!r}")
    spec = ctx.cards[iid]
    if spec.slots <= 0:
        raise ValueError(f"{spec.name} is not a bullet card: it has no bullet track")
    on_board = next((b for b in state.bullets if b.card == iid), None)
    if on_board is not None:
        raise ValueError(f"{spec.name} is already on the board as {on_board.id}")
    if iid == p.played:
        raise ValueError(f"{spec.name} is in play: it fires when it resolves")
    if iid in p.aside:
        raise ValueError(f"{spec.name} is set aside: it is not in this game (D-SETUP-3)")
    if iid not in p.hand and iid not in p.discard:
        raise ValueError(f"{spec.name} is not in {owner}'s hand or discard pile")
    x, y = _cell(ctx, x, y)
    q = state.players[1 - i]
    if (x, y) == (q.x, q.y):
        raise ValueError(f"({x}, {y}) is {q.name}'s block: the bullet would hit at once; place it elsewhere")
    slot = _int("slot", slot)
    if not 1 <= slot <= spec.slots:
        raise ValueError(f"slot {slot}: {spec.name}'s track has slots 1..{spec.slots}")
    if spec.trace:
        dx = dy = 0
    else:
        if direction not in spec.directions:
            raise ValueError(f"direction {direction!r}: {spec.name} fires " + ", ".join(spec.directions))
        fx, dy = DIRECTIONS[direction]
        dx = fx * p.facing
    p = replace(p, hand=tuple(c for c in p.hand if c != iid), discard=tuple(c for c in p.discard if c != iid))
    serial = state.bullet_serial + 1
    bullet = Bullet(f"b{serial}", i, iid, x, y, dx, dy, slot - 1)
    return replace(setp(state, i, p), bullets=state.bullets + (bullet,), bullet_serial=serial)


def take_bullet(ctx: Any, state: Any, *, bullet: str) -> Any:
    """Without bullet ``bullet``; its card goes to its owner's discard pile (as when a bullet leaves
    the board, D-CARD-BULLET-2)."""
    _ready(state)
    if not any(b.id == bullet for b in state.bullets):
        have = ", ".join(b.id for b in state.bullets) or "none"
        raise ValueError(f"no bullet {bullet!r} on the board; bullets: {have}")
    return remove_bullet(state, bullet)


# ------------------------------------------------------------------ the forms
def _players(ctx: Any, state: Any, values: Mapping[str, Any]) -> Sequence[str]:
    return [p.name for p in state.players]


def _player(state: Any, values: Mapping[str, Any], key: str = "player") -> Any:
    name = values.get(key)
    return next((p for p in state.players if p.name == name), state.players[0])


def draft_edits(ruleset: Any) -> tuple[EditOp, ...]:
    """The draft's own edits, with bounds from the ruleset's default options."""
    o = ruleset.options.defaults()
    width, height, spirit_max = o["board.width"], o["board.height"], o["spirit.max"]
    top_hp = HP_START + SECOND_BONUS_HP
    longest = max((c.slots for ch in _characters() for c in ch.cards.values()), default=1)

    def owner_cards(c: Any, s: Any, v: Mapping[str, Any]) -> list[str]:
        return bullet_cards(c, s, v.get("owner") or s.players[0].name)

    def first_card(c: Any, s: Any, v: Mapping[str, Any]) -> Any:
        cards = owner_cards(c, s, v)
        return cards[0] if cards else None

    return (
        EditOp("place", "place a piece",
               (Param("player", "player", choices=_players),
                Param("x", "int", "x (column)", minimum=1, maximum=width,
                      default=lambda c, s, v: _player(s, v).x),
                Param("y", "int", "y (row, 0 = ground)", minimum=0, maximum=height - 1,
                      default=lambda c, s, v: _player(s, v).y),
                Param("facing", "choice", choices=lambda c, s, v: list(FACINGS),
                      default=lambda c, s, v: facing_word(_player(s, v).facing))),
               place_piece, "put a player's piece on a block, facing right or left"),
        EditOp("hp", "set HP",
               (Param("player", "player", choices=_players),
                Param("hp", "int", "HP", minimum=1, maximum=top_hp,
                      default=lambda c, s, v: _player(s, v).hp)),
               set_hp, "set a player's health (1 up to their max HP)"),
        EditOp("spirit", "set spirit",
               (Param("player", "player", choices=_players),
                Param("spirit", "int", "spirit", minimum=0, maximum=spirit_max,
                      default=lambda c, s, v: _player(s, v).spirit)),
               set_spirit, "set a player's spirit (0 up to spirit.max)"),
        EditOp("marker", "set a marker",
               (Param("player", "player", choices=_players),
                Param("marker", "int", "marker (timeline slot)", minimum=o["timeline.start"],
                      default=lambda c, s, v: _player(s, v).marker)),
               set_marker, "move a player's timeline marker (the current slot or later)"),
        EditOp("add_bullet", "add a bullet",
               (Param("owner", "player", choices=_players),
                Param("card", "choice", choices=owner_cards, default=first_card),
                Param("x", "int", "x (column)", minimum=1, maximum=width,
                      default=lambda c, s, v: bullet_cell(c, s, v.get("owner"))[0]),
                Param("y", "int", "y (row, 0 = ground)", minimum=0, maximum=height - 1,
                      default=lambda c, s, v: bullet_cell(c, s, v.get("owner"))[1]),
                Param("direction", "choice",
                      choices=lambda c, s, v: directions(c, v.get("card") or first_card(c, s, v)),
                      default=lambda c, s, v: _forward(directions(c, v.get("card") or first_card(c, s, v)))),
                Param("slot", "int", "slot of its token (1 = first)", minimum=1, maximum=longest,
                      default=lambda c, s, v: 1)),
               add_bullet, "put a bullet card from hand or the discard pile on the board as a bullet"),
        EditOp("remove_bullet", "remove a bullet",
               (Param("bullet", "choice", choices=lambda c, s, v: [b.id for b in s.bullets]),),
               take_bullet, "take a bullet off the board; its card goes to the discard pile"),
    )


def bullet_cell(ctx: Any, state: Any, owner: Any) -> tuple[int, int]:
    """Where the bullet form puts a new bullet of ``owner``: the first free block in front of the
    piece (on the board, not the opponent's block: the bullet would hit at once), nearest first; the
    owner's own block (where a fired bullet starts, D-EFF-BUL) when none is free."""
    p = _player(state, {"owner": owner}, "owner")
    others = {(q.x, q.y) for q in state.players if q is not p}
    f = 1 if p.facing >= 0 else -1
    cells = [(x, y) for x in range(1, ctx.width + 1) for y in range(ctx.height)
             if (x, y) not in others and (x - p.x) * f > 0]
    if not cells:
        return (p.x, p.y) if ctx.on_board(p.x, p.y) else (1, 0)
    return min(cells, key=lambda c: (abs(c[0] - p.x) + abs(c[1] - p.y), abs(c[1] - p.y), c[1]))


def _forward(choices: Sequence[str]) -> str | None:
    """``forward`` when the card may fire that way, else its first direction."""
    return "forward" if "forward" in choices else (choices[0] if choices else None)


def _characters() -> list[Any]:
    from ..rules.cards import builtin_characters, find_character

    return [find_character(name) for name in builtin_characters()]
