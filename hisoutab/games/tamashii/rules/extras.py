"""The Planning purchases (after A3, A-11 Reading 2's free window): equipping mods with Memory
(TM-MOD-4, TM-RES-4.1), Memory's chip gain and removal (TM-RES-4.2, TM-RES-4.3, TM-CHIPOP-3),
the XP purchases (TM-XP-2 and its four), drawing two class mods to keep one (TM-MOD-2.2), and
trading gang mods (TM-MOD-3.2, A-72); and the XP windows of the other phases (A-54 Reading 2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hisoutab.engine.contract import cell_address
from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import vocabulary as v
from .board import cell_kind, gain_chip, launcher_chips, order, player, put, set_cell
from .codes import chip_colour
from .context import Context, kind_of
from .flow import FLOW, Chosen, ask
from .state import Player, State

XP_PRICE = 2
CLASS_DRAW = 2


def _equip(ctx: Context, p: Player) -> list[Option]:
    out = []
    for card in p.mods:
        mod = ctx.content.mod(kind_of(card))
        if mod.cost <= p.memory:
            out.append(Option(f"equip {mod.name} ({mod.cost} Memory)", ["equip", card]))
    return out


def _memory(ctx: Context, s: State, p: Player) -> list[Option]:
    rate = ctx.options["a44.memory_rate"]
    if p.memory < rate:
        return []
    colours = [*v.COLOURS, v.WILD] if ctx.options["a69.memory_gain"] == "any" else list(v.COLOURS)
    have = {chip_colour(x) for x in s.supply}
    out = [Option(f"gain a {c} chip ({rate} Memory)", ["gain", c]) for c in colours if c in have]
    for r, c, chip in launcher_chips(p):
        out.append(Option(f"remove {chip} from {cell_address('launcher', r, c)} ({rate} Memory)",
                          ["remove", r, c]))
    return out


def _locked(ctx: Context, p: Player) -> list[int]:
    last = len(ctx.launcher_kinds[0]) - 1
    return [r for r in range(len(ctx.launcher_kinds))
            if ctx.launcher_kinds[r][last] == "X" and r not in p.unlocked]


def _xp(ctx: Context, s: State, p: Player) -> list[Option]:
    if p.xp < XP_PRICE:
        return []
    out = []
    if any(chip_colour(x) == v.WILD for x in s.supply):
        out.append(Option(f"open a wild chip ({XP_PRICE} XP)", ["wild"]))
    locked = _locked(ctx, p)
    last = len(ctx.launcher_kinds[0]) - 1
    if locked and ctx.options["a26.unlock"] == "column":
        out.append(Option(f"unlock the rightmost column ({XP_PRICE} XP)", ["unlock", *locked]))
    elif locked:
        out += [Option(f"unlock {cell_address('launcher', r, last)} ({XP_PRICE} XP)", ["unlock", r])
                for r in locked]
    if p.class_deck:
        out.append(Option(f"draw two class mods, keep one ({XP_PRICE} XP)", ["class"]))
    if p.hp_max < ctx.content.board.hp_max_cap:
        out.append(Option(f"raise max HP ({XP_PRICE} XP)", ["hp"]))
    return out


def gang_cards(ctx: Context, p: Player) -> list[str]:
    """The unequipped gang mods a player holds (only these can be traded: TM-MOD-2.1, TM-MOD-4)."""
    return [c for c in p.mods if kind_of(c) in ctx.content.gang_mods]


def _trade(ctx: Context, s: State, p: Player) -> list[Option]:
    if p.traded or len(s.players) < 2:
        return []
    out = []
    gift = ctx.options["a72.trade"] == "gift"
    for card in gang_cards(ctx, p):
        for q in s.players:
            if q.name != p.name and (gift or gang_cards(ctx, q)):
                out.append(Option(f"offer {ctx.content.mod(kind_of(card)).name} to {q.name}",
                                  ["offer", card, q.name]))
    return out


def decide_extras(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    p = player(s, name)
    options = _equip(ctx, p) + _memory(ctx, s, p) + _xp(ctx, s, p) + _trade(ctx, s, p)
    if not options:
        return None
    return ask("planning", name, [Option("done planning"), *options],
               ("TM-MOD-4", "TM-RES-4.2", "TM-XP-2", "TM-MOD-3.2"), "extras",
               "Planning: equip, spend Memory or XP, trade — or done")


EXTRAS_CLAUSES = ("TM-MOD-1", "TM-MOD-4", "TM-RES-4", "TM-RES-4.1", "TM-RES-4.2", "TM-RES-4.3",
                  "TM-CHIPOP-1", "TM-CHIPOP-3", "TM-XP-2", "TM-XP-2.1", "TM-XP-2.2", "TM-XP-2.3",
                  "TM-XP-2.4", "TM-LNCH-3", "TM-MOD-3.2", "TM-PLAN-1")


@FLOW.choice("extras", phase="planning", decide=decide_extras, clauses=EXTRAS_CLAUSES,
             next=(("extras", "another purchase"), ("class.draw", "two class mods are drawn"),
                   ("trade.answer", "the other player answers the offer"),
                   ("planning.protocol", "the learning protocol"),
                   ("planning.mods", "the next player's mods"), ("trace.check", "the next player"),
                   ("action.begin", "the Action phase")))
def extras(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """The Planning purchases, one at a time until the player is done: equip a held mod paying its
    Memory (no limit, TM-MOD-1); spend Memory (A-44) to gain a chip of the supply into storage or
    remove a launcher chip to the supply (a damaged chip goes out of the game, TM-RES-4.3); spend
    2 XP on a wild chip, a locked cell, two class mods to keep one, or +1 max HP and HP; offer an
    unequipped gang mod to another player."""
    name = frame[1]
    if chosen is None or chosen[name].value is None:
        return Outcome(s, f"{name} is done planning", clauses=("TM-PLAN-1",))
    value = chosen[name].value
    s, text, clauses, then = BUYS[value[0]](ctx, s, name, value)
    return Outcome(s, f"{name} {text}", clauses=clauses, then=(*then, ("extras", name)))


Buy = tuple[State, str, tuple[str, ...], tuple[tuple[Any, ...], ...]]


def _buy_equip(ctx: Context, s: State, name: str, value: Any) -> Buy:
    p = player(s, name)
    card = value[1]
    mod = ctx.content.mod(kind_of(card))
    p = replace(p, memory=p.memory - mod.cost, mods=tuple(c for c in p.mods if c != card),
                equipped=p.equipped + (card,))
    return put(s, p), f"equips {mod.name} for {mod.cost} Memory", ("TM-MOD-4", "TM-RES-4.1", "TM-MOD-1"), ()


def _buy_gain(ctx: Context, s: State, name: str, value: Any) -> Buy:
    p = player(s, name)
    s = put(s, replace(p, memory=p.memory - ctx.options["a44.memory_rate"]))
    s, chip = gain_chip(ctx, s, name, value[1])
    return s, f"spends Memory to gain {chip} into storage", ("TM-RES-4", "TM-RES-4.2", "TM-CHIPOP-1"), ()


def _buy_remove(ctx: Context, s: State, name: str, value: Any) -> Buy:
    _, r, c = value
    p = player(s, name)
    chip = p.launcher[r][c]
    p = replace(set_cell(p, r, c, ""), memory=p.memory - ctx.options["a44.memory_rate"])
    s = put(s, p)
    if chip_colour(chip) == v.DAMAGED and ctx.options["a4.damaged"] == "cap":
        s = replace(s, damaged=s.damaged + (chip,))
        return (s, f"spends Memory to remove {chip}: a damaged chip goes back to the damaged chips "
                "(A-4: the cap is each player's)",
                ("TM-RES-4", "TM-RES-4.2", "TM-RES-4.3", "TM-CHIPOP-3"), ())
    if chip_colour(chip) == v.DAMAGED:
        s = replace(s, scrap=s.scrap + (chip,))
        return (s, f"spends Memory to remove {chip}: a damaged chip goes out of the game",
                ("TM-RES-4", "TM-RES-4.2", "TM-RES-4.3", "TM-CHIPOP-3"), ())
    s = replace(s, supply=s.supply + (chip,))
    return s, f"spends Memory to remove {chip} to the supply", ("TM-RES-4", "TM-RES-4.2", "TM-CHIPOP-3"), ()


def _pay(s: State, name: str) -> State:
    p = player(s, name)
    return put(s, replace(p, xp=p.xp - XP_PRICE))


def _buy_wild(ctx: Context, s: State, name: str, value: Any) -> Buy:
    s = _pay(s, name)
    if ctx.options["a55.wild"] == "launcher":
        p = player(s, name)
        free = [(r, c) for r, row in enumerate(p.launcher) for c, x in enumerate(row)
                if not x and cell_kind(ctx, p, r, c) != "X"]
        if free:
            chip = next(x for x in s.supply if chip_colour(x) == v.WILD)
            r, c = free[0]
            s = put(replace(s, supply=tuple(x for x in s.supply if x != chip)), set_cell(p, r, c, chip))
            return s, f"opens {chip} onto {cell_address('launcher', r, c)}", ("TM-XP-2", "TM-XP-2.1"), ()
    s, opened = gain_chip(ctx, s, name, v.WILD)
    return s, f"opens {opened} into storage", ("TM-XP-2", "TM-XP-2.1", "TM-CHIPOP-1"), ()


def _buy_unlock(ctx: Context, s: State, name: str, value: Any) -> Buy:
    s = _pay(s, name)
    p = player(s, name)
    rows = tuple(value[1:])
    s = put(s, replace(p, unlocked=tuple(sorted(p.unlocked + rows))))
    text = f"unlocks the locked cell(s) of row(s) {', '.join(str(r) for r in rows)}"
    return s, text, ("TM-XP-2", "TM-XP-2.2", "TM-LNCH-3"), ()


def _buy_class(ctx: Context, s: State, name: str, value: Any) -> Buy:
    s = _pay(s, name)
    n = min(CLASS_DRAW, len(player(s, name).class_deck))
    return s, "pays 2 XP to draw two class mods", ("TM-XP-2", "TM-XP-2.3"), (("class.draw", name, n),)


def _buy_hp(ctx: Context, s: State, name: str, value: Any) -> Buy:
    s = _pay(s, name)
    p = player(s, name)
    s = put(s, replace(p, hp_max=p.hp_max + 1, hp=p.hp + 1))
    return s, f"raises max HP to {p.hp_max + 1} (HP {p.hp + 1})", ("TM-XP-2", "TM-XP-2.4"), ()


def _buy_offer(ctx: Context, s: State, name: str, value: Any) -> Buy:
    _, card, other = value
    p = player(s, name)
    s = put(s, replace(p, traded=True))
    return (s, f"offers {card} to {other}", ("TM-MOD-3.2",), (("trade.answer", other, name, card),))


#: A-54 Reading 2: the XP windows of each phase: before or after which of a player's steps
XP_WINDOWS: dict[str, tuple[Mapping[str, str], Mapping[str, str]]] = {
    "planning": ({"trace.check": "before A1", "refill": "before A2", "program": "before A3"}, {}),
    "action": ({"move": "before B1"}, {"codes.end": "after B3"}),
    "combat": ({"combat.power": "before the combat roll"}, {}),
    "cleanup": ({}, {"cleanup.players": "after D1"}),
}


def xp_windows(ctx: Context, s: State, phase: str, frames: list[Any]) -> list[Any]:
    """A phase's frames with the XP windows of A-54: none (Reading 1: every XP purchase is made in
    the Planning purchases); or (Reading 2: the purchases but the class draw at any time) each
    player's windows of :data:`XP_WINDOWS`, the Planning's only where the Planning purchases come
    after A3 in one window (A-11), and Cleanup's one per player after D1."""
    if ctx.options["a54.xp"] == "planning":
        return frames
    if phase == "planning" and ctx.options["a11.window"] == "any_time":
        return frames  # the Planning purchases come before, between and after A1-A3 already
    before, after = XP_WINDOWS[phase]
    step = f"{phase}.xp"
    out: list[Any] = []
    for f in frames:
        if f[0] in before:
            out.append((step, f[1], before[f[0]]))
        out.append(f)
        if f[0] in after:
            names = order(ctx, s) if len(f) < 2 else (f[1],)
            out += [(step, name, after[f[0]]) for name in names]
    return out


def decide_xp(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name, when = frame[1], frame[2]
    p = player(s, name)
    options = [o for o in _xp(ctx, s, p) if o.value != ["class"]]
    return ask("xp", name, [Option("done spending XP"), *options] if options else [],
               ("TM-XP-2",), frame[0], f"{when}: spend XP (A-54)?")


XP_CLAUSES = ("TM-XP-2", "TM-XP-2.1", "TM-XP-2.2", "TM-XP-2.4", "TM-LNCH-3", "TM-CHIPOP-1")


def _xp_step(phase: str, nexts: tuple[tuple[str, str], ...]) -> None:
    @FLOW.choice(f"{phase}.xp", phase=phase, decide=decide_xp, clauses=XP_CLAUSES,
                 next=((f"{phase}.xp", "another purchase"), *nexts))
    def xp_window(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
        """A-54 Reading 2: an XP window outside the Planning purchases: 2 XP buy a wild chip, a
        locked cell or +1 max HP and HP (the class draw stays in Planning, TM-MOD-2.2), one at a
        time until the player is done."""
        name = frame[1]
        if chosen is None or chosen[name].value is None:
            return Outcome(s, f"{name} spends no more XP ({frame[2]})", clauses=("TM-XP-2",))
        value = chosen[name].value
        s, text, clauses, _ = BUYS[value[0]](ctx, s, name, value)
        return Outcome(s, f"{name} {text} ({frame[2]})", clauses=clauses, then=(frame,))


_xp_step("planning", (("trace.check", "A1"), ("refill", "A2"), ("program", "A3")))
_xp_step("action", (("move", "B1"), ("action.protocol", "the learning protocol"),
                    ("action.xp", "the next player, before B1"), ("action.mods", "the next player's mods"),
                    ("combat.begin", "the Combat phase")))
_xp_step("combat", (("combat.power", "C1"),))
_xp_step("cleanup", (("cleanup.protocol", "the protocols"), ("cleanup.world", "D2")))


BUYS = {"equip": _buy_equip, "gain": _buy_gain, "remove": _buy_remove, "wild": _buy_wild,
        "unlock": _buy_unlock, "class": _buy_class, "hp": _buy_hp, "offer": _buy_offer}


@FLOW.auto("class.draw", phase="planning", clauses=("TM-MOD-2.2", "TM-MOD-2.1"), chance=("draw",),
           next=(("class.draw", "the second card"), ("class.pick", "keep one")))
def class_draw(ctx: Context, s: State, frame: Frame) -> Outcome:
    """One class mod from the top of the player's own class deck (only that class gets them,
    TM-MOD-2.1); after the second, the player keeps one."""
    name, n = frame[1], frame[2]
    p = player(s, name)
    deck, forced = ctx.chance.top(p.class_deck, what=f"{name}'s class mod deck", player=name)
    card = deck[0]
    s = put(s, replace(p, class_deck=deck[1:], drawn=p.drawn + (card,)))
    then = (("class.draw", name, n - 1),) if n > 1 and len(deck) > 1 else (("class.pick", name),)
    return Outcome(s, f"{name} draws a class mod", events=(forced,) if forced else (),
                   then=then, public=f"{name} draws a class mod", seen_by=(name,),
                   private={name: f"{name} draws {card}"})


def decide_pick(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    p = player(s, name)
    if len(p.drawn) < 2:
        return None
    return ask("class mod", name, [Option(f"keep {ctx.content.mod(kind_of(c)).name}", c) for c in p.drawn],
               ("TM-MOD-2.2",), "class.pick", "Keep one of the two class mods")


@FLOW.choice("class.pick", phase="planning", decide=decide_pick, clauses=("TM-MOD-2.2",),
             next=(("extras", "back to the purchases"),))
def class_pick(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """The player keeps one of the drawn class mods; the other goes to the bottom of the class deck
    (A-48) or out of the game."""
    name = frame[1]
    p = player(s, name)
    keep = chosen[name].value if chosen is not None else p.drawn[0]
    rest = tuple(c for c in p.drawn if c != keep)
    if ctx.options["a48.unkept"] == "bottom":
        p = replace(p, class_deck=p.class_deck + rest)
        where = "to the bottom of the class deck"
    else:
        p = replace(p, removed=p.removed + rest)
        where = "out of the game"
    s = put(s, replace(p, mods=p.mods + (keep,), drawn=()))
    return Outcome(s, f"{name} keeps {ctx.content.mod(kind_of(keep)).name}"
                      + (f"; the other goes {where}" if rest else ""))


def decide_answer(ctx: Context, s: State, frame: Frame) -> Decision | None:
    other, offering, card = frame[1], frame[2], frame[3]
    q = player(s, other)
    name = ctx.content.mod(kind_of(card)).name
    options = [Option("refuse the trade")]
    options += [Option(f"give {ctx.content.mod(kind_of(c)).name} for {name}", c) for c in gang_cards(ctx, q)]
    if ctx.options["a72.trade"] == "gift":
        options.append(Option(f"accept {name} as a gift", ""))
    return ask("trade", other, options, ("TM-MOD-3.2",), "trade.answer",
               f"{offering} offers {name}: trade?")


@FLOW.choice("trade.answer", phase="planning", decide=decide_answer, clauses=("TM-MOD-3.2", "TM-MOD-4"),
             next=(("extras", "back to the purchases"),))
def trade_answer(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """The other player refuses, or gives one of their unequipped gang mods in exchange (A-72:
    or, where gifts are allowed, takes the card for nothing). Equipped mods cannot be traded
    (TM-MOD-4)."""
    other, offering, card = frame[1], frame[2], frame[3]
    value = chosen[other].value if chosen is not None else None
    if value is None:
        return Outcome(s, f"{other} refuses the trade", clauses=("TM-MOD-3.2",))
    p, q = player(s, offering), player(s, other)
    back = (value,) if value else ()
    p = replace(p, mods=tuple(c for c in p.mods if c != card) + back)
    q = replace(q, mods=tuple(c for c in q.mods if c != value) + (card,))
    s = put(put(s, p), q)
    what = f"gives {value} for {card}" if value else f"takes {card} as a gift"
    return Outcome(s, f"{other} {what}", events=({"type": "trade", "player": offering, "with": other},))
