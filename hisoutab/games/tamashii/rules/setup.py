"""The setup (TM-SETUP-1…3, the components of §1): the campaign's content laid out for the player
count, each player's board, class deck, cyberbody, core data chip and learning protocol."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from . import vocabulary as v
from .context import Context, kind_of
from .flow import FLOW
from .mapping import hidden_neighbours
from .state import Player, Site, State

SETUP_CLAUSES = (
    "TM-SETUP-1", "TM-SETUP-2", "TM-SETUP-3", "TM-COMP-1", "TM-COMP-2", "TM-COMP-3", "TM-COMP-4",
    "TM-COMP-5", "TM-COMP-6", "TM-COMP-7", "TM-COMP-8", "TM-COMP-9", "TM-COMP-10", "TM-COMP-11",
    "TM-COMP-12", "TM-COMP-13", "TM-COMP-14", "TM-COMP-15", "TM-COMP-16", "TM-COMP-17",
    "TM-COMP-18", "TM-MOD-2", "TM-MOD-3",
)


def shelter(ctx: Context) -> tuple[int, int]:
    for r, row in enumerate(ctx.map_layout):
        for c, place in enumerate(row):
            if place != "?" and "shelter" in ctx.content.tiles[place].tags:
                return r, c
    raise AssertionError("the map has a Shelter (checked when it loads)")


def _lay_map(ctx: Context) -> tuple[tuple[tuple[Site | str, ...], ...], tuple[tuple[str, ...], ...]]:
    markers = iter(ctx.markers)
    sites: list[tuple[Site | str, ...]] = []
    marks = []
    for row in ctx.map_layout:
        sites.append(tuple("" if t == "?" else Site(f"{t}#1", up=True) for t in row))
        marks.append(tuple(next(markers) if t == "?" else "" for t in row))
    return tuple(sites), tuple(marks)


def _board(ctx: Context, name: str, chips: list[str], deck: tuple[str, ...], protocol: str) -> Player:
    c = ctx.content
    spec = c.classes[ctx.classes[name]]
    bag = []
    for colour in v.COLOURS:
        n = c.board.bag.get(colour, 0) + (colour == spec.core)
        mine = [x for x in chips if x.split("#", 1)[0] == colour][:n]
        bag += mine
        for x in mine:
            chips.remove(x)
    body = c.bodies[spec.body]
    rows = len(ctx.launcher_kinds)
    cols = len(ctx.launcher_kinds[0])
    res = c.board.resources_start if ctx.options["a9.start"] == "board" else {}
    return Player(
        name=name, class_id=spec.id, hp=c.board.hp_start, hp_max=c.board.hp_start, core=spec.core,
        shield=res.get("shield", 0), memory=res.get("memory", 0), power=res.get("power", 0),
        reroll=res.get("reroll", 0), launcher=tuple(("",) * cols for _ in range(rows)),
        bag=tuple(bag), bodies=(f"{body.id}#1",), passer_by=f"{name}/{c.passer_by.id}",
        class_deck=deck, protocol=protocol, at=shelter(ctx),
        transfers=(body.id,) if body.transfer is not None else ())


@FLOW.auto("setup.campaign", phase="setup", clauses=SETUP_CLAUSES, chance=("shuffle",),
           next=(("round.begin", "the first round"),
                 ("setup.reveal", "the starting places' unrevealed neighbours (A-32)")))
def setup_campaign(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Lay out the campaign for the player count (the campaign card's scaling): the map with the
    Shelter, the districts and the unrevealed places with their markers; the enemy deck, the gang
    mod decks and the learning protocols shuffled; each player's board with the class's cyberbody,
    the core data chip in its slot (TM-SETUP-3), the class mod deck shuffled (TM-SETUP-1), a
    learning protocol (TM-SETUP-2), the starting chips in the bag (A-7: each player's, or all of
    them in the one shared bag); everything else in the supply."""
    events: list[dict[str, Any]] = []
    rng = s.rng
    enemy_deck, rng, e = ctx.chance.shuffle(rng, ctx.enemies, what="the enemy deck")
    events.append(e)
    gangs: dict[str, tuple[str, ...]] = {}
    for gang in v.GANGS:
        cards = tuple(x for x in ctx.gang_mods if ctx.content.gang_mods[kind_of(x)].gang == gang)
        gangs[gang], rng, e = ctx.chance.shuffle(rng, cards, what=f"the {gang} mod deck")
        events.append(e)
    protocols, rng, e = ctx.chance.shuffle(rng, ctx.protocols, what="the learning protocols")
    events.append(e)
    chips = list(ctx.chips)
    players = []
    for k, name in enumerate(ctx.players):
        deck, rng, e = ctx.chance.shuffle(rng, ctx.class_mods[name], what=f"{name}'s class mod deck",
                                          player=name)
        events.append(e)
        players.append(_board(ctx, name, chips, deck, protocols[k]))
    if ctx.options["a7.bag"] == "shared":  # A-7 Reading 2: the starting chips in the one bag of all,
        every = tuple(x for p in players for x in p.bag)  # held by the first seat's record
        players = [replace(p, bag=every if k == 0 else ()) for k, p in enumerate(players)]
    sites, marks = _lay_map(ctx)
    starting = {p.bodies[0] for p in players}
    clinic = tuple(f"{b}#1" for b in ctx.content.clinic if f"{b}#1" not in starting)
    s = replace(s, players=tuple(players), enemy_deck=enemy_deck, map=sites, markers=marks,
                tile_stack=tuple(f"{t.id}#1" for t in ctx.content.map.face_down),
                supply=tuple(chips) + ctx.wilds, damaged=ctx.damaged,
                gang_sparta=gangs["sparta"], gang_ninkyo=gangs["ninkyo"],
                gang_raiders=gangs["raiders"], gang_commons=gangs["commons"], clinic=clinic,
                protocols=protocols[len(players):], rng=rng)
    text = (f"{ctx.content.campaign.name} for {len(players)} player(s): "
            + ", ".join(f"{p.name} {p.class_id} ({kind_of(p.bodies[0])}, core {p.core})" for p in players))
    return Outcome(s, text, events=(*events, {"type": "setup", "players": len(players)}),
                   then=(*_reveals(ctx, s), ("round.begin",)))


def _reveals(ctx: Context, s: State) -> tuple[tuple[Any, ...], ...]:
    """A-32 Reading 2 (a place is revealed when a character is next to it): the unrevealed places
    next to the starting places, one step each; none by Reading 1."""
    if ctx.options["a32.explore"] == "enter":
        return ()
    near = dict.fromkeys(at for p in s.players for at in hidden_neighbours(ctx, s, p.at))
    return tuple(("setup.reveal", None, list(at)) for at in near)
