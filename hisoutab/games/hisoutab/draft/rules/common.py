"""Small rule helpers shared by the step modules."""

from __future__ import annotations

from hisoutab.engine.flow import Frame
from hisoutab.engine.record import replace

# the duels' shared helpers, re-exported for the step modules
from hisoutab.games.hisoutab.duel import cell as cell
from hisoutab.games.hisoutab.duel import face_each_other as face_each_other
from hisoutab.games.hisoutab.duel import names as names
from hisoutab.games.hisoutab.duel import pn as pn
from hisoutab.games.hisoutab.duel import setp as setp

from .context import Context
from .state import Player, State


def sign(v: int) -> int:
    return (v > 0) - (v < 0)




def gain_spirit(ctx: Context, p: Player, n: int) -> Player:
    """The player with ``n`` spirit more, at most spirit.max (DS-4; the same record when full)."""
    spirit = min(ctx.spirit_max, p.spirit + n)
    return p if spirit == p.spirit else replace(p, spirit=spirit)


def hit_frames(s: State) -> list[Frame]:
    """D-EFF-BUL: every bullet that shares a block with its owner's opponent hits."""
    out = []
    for b in s.bullets:
        q = s.players[1 - b.owner]
        if (b.x, b.y) == (q.x, q.y):
            out.append(("bullet.hit", b.id))
    return out


def remove_bullet(s: State, bid: str) -> State:
    """The bullet leaves the board and its card goes to its owner's discard pile."""
    for b in s.bullets:
        if b.id == bid:
            p = s.players[b.owner]
            s = setp(s, b.owner, replace(p, discard=p.discard + (b.card,)))
            return replace(s, bullets=tuple(x for x in s.bullets if x.id != bid))
    return s


def move_marker(ctx: Context, p: Player, target: int) -> tuple[Player, str]:
    """Move a defender's marker to ``target`` (DS-3: or keep the later cell)."""
    old = p.marker
    if ctx.options["hitlag.marker"] == "later" and old is not None and old > target:
        return p, f"marker stays at t={old} (later than t={target})"
    return replace(p, marker=target), f"marker t={old} → {target}"

