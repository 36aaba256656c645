"""Reading and changing one player's board: finding a player, resources with their cap
(TM-RES-2), HP, the stats of the active cyberbody with mods and protocol (TM-PROG-1, A-5), the
launcher's cells (TM-COMP-13), gaining chips (TM-CHIPOP-1) and damaged chips (TM-COMP-5, A-4)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from hisoutab.engine.contract import cell_address
from hisoutab.engine.record import replace

from . import models as m
from . import vocabulary as v
from .context import Context, kind_of
from .state import Player, State

CAP = 5


def seat(s: State, name: str) -> int:
    """The seat of the player called ``name`` (StopIteration when there is none)."""
    for k, p in enumerate(s.players):
        if p.name == name:
            return k
    raise StopIteration(name)


def player(s: State, name: str) -> Player:
    for p in s.players:
        if p.name == name:
            return p
    raise StopIteration(name)


def put(s: State, p: Player) -> State:
    """The state with ``p`` in the seat of the player of that name."""
    players = s.players
    k = seat(s, p.name)
    if players[k] is p:  # nothing changed: the state is shared, not copied
        return s
    return replace(s, players=players[:k] + (p,) + players[k + 1:])


def order(ctx: Context, s: State) -> tuple[str, ...]:
    """Player order (A-10): clockwise from the starting player, or by seat."""
    names = tuple(p.name for p in s.players)
    if ctx.options["a10.order"] == "seating":
        return names
    return names[s.starting:] + names[:s.starting]


def gain(ctx: Context, p: Player, resource: str, n: int) -> tuple[Player, int]:
    """Raise a resource by ``n``, to the cap of five (A-42: each, or all four together); what
    does not fit is discarded at once (TM-RES-2). Returns the player and the amount kept."""
    have = getattr(p, resource)
    if ctx.options["a42.cap"] == "total":
        room = CAP - sum(getattr(p, r) for r in v.RESOURCES)
    else:
        room = CAP - have
    kept = max(0, min(n, room))
    return replace(p, **{resource: have + kept}), kept


def lose(p: Player, resource: str, n: int) -> Player:
    return replace(p, **{resource: max(0, getattr(p, resource) - n)})


def heal(p: Player, n: int) -> Player:
    hp = min(p.hp_max, p.hp + n)
    return p if hp == p.hp else replace(p, hp=hp)


def body(ctx: Context, p: Player) -> m.Body:
    return ctx.content.body(kind_of(p.bodies[0]))


def acting_mods(ctx: Context, p: Player) -> Iterator[m.Mod]:
    """The mods whose effects act (A-49: the equipped ones, or the held ones too)."""
    cards = p.equipped + (p.mods if ctx.options["a49.held"] == "held" else ())
    for card in cards:
        yield ctx.content.mod(kind_of(card))


def protocol_passive(ctx: Context, p: Player) -> m.Stats | None:
    if p.protocol is None:
        return None
    proto = ctx.content.protocols[kind_of(p.protocol)]
    return proto.passive if p.stage >= len(proto.stages) else None


def stat(ctx: Context, p: Player, name: str) -> int:
    """Programming power, movement or attack power: the active body's (A-5: or the board's, the
    Passer-by's printed values), plus equipped mods and a completed protocol's passive ability."""
    base = body(ctx, p) if name == "program" or ctx.options["a5.stats"] == "body" else ctx.content.passer_by
    total = getattr(base, name)
    for mod in acting_mods(ctx, p):
        if mod.stats is not None:
            total += getattr(mod.stats, name)
    passive = protocol_passive(ctx, p)
    if passive is not None:
        total += getattr(passive, name)
    return int(total)


def cell_kind(ctx: Context, p: Player, r: int, c: int) -> str:
    """``L`` light, ``D`` dark, ``X`` locked; an unlocked cell of the rightmost column counts as
    light or dark (A-6)."""
    kind = ctx.launcher_kinds[r][c]
    if kind == "X" and r in p.unlocked:
        return "L" if ctx.options["a6.unlocked"] == "light" else "D"
    return kind


def usable_kinds(ctx: Context, p: Player) -> tuple[str, ...]:
    """The launcher's rows of cell kinds as :func:`cell_kind` gives them for ``p``."""
    unlocked = "L" if ctx.options["a6.unlocked"] == "light" else "D"
    return _kinds(ctx.launcher_kinds, tuple(p.unlocked), unlocked)


@lru_cache(maxsize=64)
def _kinds(kinds: tuple[str, ...], unlocked: tuple[int, ...], as_kind: str) -> tuple[str, ...]:
    return tuple(row.replace("X", as_kind) if r in unlocked else row for r, row in enumerate(kinds))


@lru_cache(maxsize=64)
def launcher_address(r: int, c: int) -> str:
    """The address of a launcher cell: ``launcher[1][2]``."""
    return cell_address("launcher", r, c)


def cells(ctx: Context) -> Iterator[tuple[int, int]]:
    for r, row in enumerate(ctx.launcher_kinds):
        for c in range(len(row)):
            yield r, c


def set_cell(p: Player, r: int, c: int, chip: str) -> Player:
    row = p.launcher[r][:c] + (chip,) + p.launcher[r][c + 1:]
    return replace(p, launcher=p.launcher[:r] + (row,) + p.launcher[r + 1:])


def set_cells(p: Player, chips: Iterable[tuple[int, int, str]], **changes: Any) -> Player:
    """The player with each ``(r, c, chip)`` put in its launcher cell, one after another (as
    :func:`set_cell` does), and ``changes`` to other fields, in one copy of the record; the rows
    left alone are shared."""
    rows = list(p.launcher)
    changed = False
    for r, c, chip in chips:
        rows[r] = rows[r][:c] + (chip,) + rows[r][c + 1:]
        changed = True
    if not changed and not changes:
        return p
    return replace(p, launcher=tuple(rows) if changed else p.launcher, **changes)


def launcher_chips(p: Player) -> Iterator[tuple[int, int, str]]:
    for r, row in enumerate(p.launcher):
        for c, chip in enumerate(row):
            if chip:
                yield r, c, chip


def supply_chip(s: State, colour: str) -> str | None:
    """The first chip of ``colour`` in the supply."""
    return next((x for x in s.supply if x.split("#", 1)[0] == colour), None)


def shared_chips(ctx: Context) -> bool:
    """A-7 Reading 2: one bag and one storage area for all players."""
    return bool(ctx.options["a7.bag"] == "shared")


def keeper(ctx: Context, s: State, name: str) -> Player:
    """Whose record holds the bag and storage area ``name`` draws from and discards to: the
    player's own (A-7 Reading 1), or, with one bag and storage for all (Reading 2), the first
    seat's, which then holds everyone's (the other players' stay empty)."""
    return s.players[0] if shared_chips(ctx) else player(s, name)


def to_storage(ctx: Context, s: State, name: str, chips: tuple[str, ...]) -> State:
    """``chips`` into the player's storage area, or the one of all players (A-7)."""
    if not chips:
        return s
    p = keeper(ctx, s, name)
    return put(s, replace(p, storage=p.storage + chips))


def gain_chip(ctx: Context, s: State, name: str, colour: str) -> tuple[State, str | None]:
    """Gain (TM-CHIPOP-1): a chip of ``colour`` from the supply into the player's storage (A-7:
    or the shared one)."""
    chip = supply_chip(s, colour)
    if chip is None:
        return s, None
    s = replace(s, supply=tuple(x for x in s.supply if x != chip))
    return to_storage(ctx, s, name, (chip,)), chip


def owned_damaged(ctx: Context, s: State, p: Player) -> int:
    """The damaged chips a player owns: in the bag, in storage and on the launcher (A-7: with one
    bag and storage for all, the shared ones count for each player)."""
    k = keeper(ctx, s, p.name)
    chips = k.bag + k.storage + tuple(x for _, _, x in launcher_chips(p))
    return sum(kind_of(x) == v.DAMAGED for x in chips)


def gain_damaged(ctx: Context, s: State, name: str, n: int) -> tuple[State, tuple[str, ...], str]:
    """Gain ``n`` damaged chips into storage from those not yet handed out (TM-COMP-5): as many as
    are left (A-4 Reading 1), or as many as fit under the player's cap, the rest not taken (A-4
    Reading 2, like a resource past its cap, TM-RES-2). Returns the state, the chips and a note
    (empty unless the cap held some back)."""
    note = ""
    if ctx.options["a4.damaged"] == "cap":
        room = max(0, ctx.damaged_cap - owned_damaged(ctx, s, player(s, name)))
        if room < n:
            note = f" (the cap of {ctx.damaged_cap} holds back {n - room})"
            n = room
    given = s.damaged[:n]
    s = replace(s, damaged=s.damaged[len(given):])
    return to_storage(ctx, s, name, given), given, note
