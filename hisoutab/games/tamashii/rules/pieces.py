"""What an effect asks for by a step of its own: a gang mod drawn (TM-MOD-3.1), a chip of the
player's choice (TM-CHIPOP-1), a cyberbody switch at a body-switch district (TM-BODY-1, A-45,
A-47)."""

from __future__ import annotations

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import vocabulary as v
from .board import gain_chip, player, put
from .codes import chip_colour
from .context import Context, kind_of
from .flow import FLOW, Chosen, ask
from .state import Player, State

MAX_BODIES = 2


@FLOW.auto("gang.draw", phase="action", clauses=("TM-MOD-3.1",), chance=("draw",), next=())
def gang_draw(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The action at a gang's location: the top card of that gang's mod deck, held (not yet
    equipped)."""
    name, gang = frame[1], frame[2]
    deck: tuple[str, ...] = getattr(s, f"gang_{gang}")
    if not deck:
        return Outcome(s, f"the {gang} mod deck is empty: {name} gets nothing")
    deck, forced = ctx.chance.top(deck, what=f"the {gang} mod deck", player=name)
    card = deck[0]
    p = player(s, name)
    s = put(replace(s, **{f"gang_{gang}": deck[1:]}), replace(p, mods=p.mods + (card,)))
    return Outcome(s, f"{name} takes {ctx.content.mod(kind_of(card)).name} from the {gang} gang",
                   events=(*((forced,) if forced else ()),
                           {"type": "gang_mod", "player": name, "card": card}))


def decide_chip(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    have = {chip_colour(x) for x in s.supply}
    options = [Option(f"gain a {c} chip", c) for c in v.COLOURS if c in have]
    return ask("chip", name, options, ("TM-CHIPOP-1",), "chip.choose", "Gain which chip?")


@FLOW.choice("chip.choose", phase="action", decide=decide_chip, clauses=("TM-CHIPOP-1",), next=())
def chip_choose(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """Gain a coloured chip of the player's choice from the supply into storage."""
    name = frame[1]
    if chosen is None:
        return Outcome(s, "the supply has no coloured chip left")
    s, chip = gain_chip(ctx, s, name, chosen[name].value)
    return Outcome(s, f"{name} gains {chip} into storage")


def _body_options(ctx: Context, s: State, p: Player) -> list[Option]:
    options = [Option("keep the bodies as they are")]
    passer = p.passer_by is None
    for card in s.clinic:
        body = ctx.content.body(kind_of(card)).name
        if passer or len(p.bodies) < MAX_BODIES:
            options.append(Option(f"take {body}", ["take", card, ""]))
        else:
            for held in p.bodies:
                options.append(Option(f"take {body} for {ctx.content.body(kind_of(held)).name}",
                                      ["take", card, held]))
    if len(p.bodies) == MAX_BODIES:
        options.append(Option(f"switch to {ctx.content.body(kind_of(p.bodies[1])).name}", ["switch"]))
    return options


def _own_hp(ctx: Context, before: Player, p: Player) -> Player:
    """A-67 Reading 2: a body taken from the clinic comes with its own HP, full: as the active body
    (in place of the Passer-by or of the active body given back) or as the spare."""
    if ctx.options["a67.hp"] != "body":
        return p
    if p.bodies[0] != before.bodies[0]:
        return replace(p, hp=p.hp_max, spare_hp=p.spare_hp if len(p.bodies) > 1 else 0)
    return replace(p, spare_hp=p.hp_max) if len(p.bodies) > 1 and p.bodies[1] not in before.bodies else p


def decide_switch(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    return ask("body", name, _body_options(ctx, s, player(s, name)), ("TM-BODY-1",), "body.switch",
               "The clinic: take or switch a cyberbody?")


@FLOW.choice("body.switch", phase="action", decide=decide_switch, clauses=("TM-BODY-1", "TM-BODY-4"),
             next=())
def body_switch(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """At a body-switch district: take a cyberbody from the clinic (at most two held, TM-BODY-1;
    giving one back when two are held, and the Passer-by is set aside), or switch which held body
    is active (A-45 Reading 1). Taking a body gains its Transfer code (TM-BODY-4, A-47)."""
    name = frame[1]
    p = player(s, name)
    value = chosen[name].value if chosen is not None else None
    if value is None:
        return Outcome(s, f"{name} keeps the bodies", clauses=("TM-BODY-1",))
    if value[0] == "switch":
        p = replace(p, bodies=(p.bodies[1], p.bodies[0]))
        if ctx.options["a67.hp"] == "body":
            p = replace(p, hp=p.spare_hp, spare_hp=p.hp)
        return Outcome(put(s, p), f"{name} switches to {ctx.content.body(kind_of(p.bodies[0])).name}",
                       clauses=("TM-BODY-1",), events=({"type": "body", "player": name},))
    _, card, give = value
    body_id = kind_of(card)
    clinic = tuple(x for x in s.clinic if x != card)
    bodies: tuple[str, ...]
    if p.passer_by is None:  # the Passer-by was in use: set aside again
        bodies = (card,)
        p = replace(p, passer_by=p.bodies[0])
    elif give:
        bodies = tuple(card if b == give else b for b in p.bodies)
        clinic += (give,)
    else:
        bodies = p.bodies + (card,)
    transfers = p.transfers + ((body_id,) if body_id not in p.transfers
                               and ctx.content.body(body_id).transfer is not None else ())
    s = put(replace(s, clinic=clinic), _own_hp(ctx, p, replace(p, bodies=bodies, transfers=transfers)))
    return Outcome(s, f"{name} takes {ctx.content.body(body_id).name}", clauses=("TM-BODY-1", "TM-BODY-4"),
                   events=({"type": "body", "player": name, "card": card},))
