"""The Action phase (TM-ACT-0): one player after another in player order (A-12 Reading 1; or one
step after another, each in player order, Reading 2), B1 move
(TM-ACT-1, TM-MOVE-1…3), exploring an unrevealed place (TM-MOVE-5, A-62), B2 the district action
(TM-ACT-2, TM-MOVE-4)."""

from __future__ import annotations

from hisoutab.engine.contract import cell_address
from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .board import player, put, stat
from .context import Context, kind_of
from .effects import Applied, apply, words
from .extras import xp_windows
from .flow import FLOW, Chosen, ask, told
from .mapping import Place, hidden_neighbours, reachable, site, tile_name
from .planning import _mods_step, phase_frames
from .state import Site, State
from .trace import raise_trace

#: B1, B2, B3: each player takes all three in turn (A-12 Reading 1), or every player takes B1,
#: then every player B2, then every player B3 (Reading 2)
STAGES = (("move",), ("district",), ("codes", "codes.end"))
LATE = "after B3"  # A-14 Reading 2: the district action's later chance, after B3


@FLOW.auto("action.begin", phase="action", clauses=("TM-ACT-0",),
           next=(("action.mods", "a mod acts at the start of Action"), ("move", "the first player moves")))
def action_begin(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The Action phase, in order: each player in player order moves (B1), may use the district
    action (B2) and may execute codes (B3); A-12 Reading 2: only the steps are in order, every
    player in player order moving, then every player's B2, then every player's B3."""
    s = replace(s, phase="action")
    by_step = ctx.options["a12.action"] == "by_step"
    frames = xp_windows(ctx, s, "action", phase_frames(ctx, s, "action", *STAGES, by_step=by_step))
    if ctx.options["a14.district"] == "any_time":
        frames = [g for f in frames for g in ((f, ("district", f[1], LATE)) if f[0] == "codes.end" else (f,))]
    return Outcome(s, "the Action phase", then=tuple(frames))


_mods_step("action", ("TM-RES-2",), ("move",))


def decide_move(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    p = player(s, name)
    paths = reachable(ctx, s, p.at, stat(ctx, p, "move"))
    options = [Option(f"move to {cell_address('map', *at)} ({tile_name(ctx, s, at)})", list(at))
               for at in sorted(paths)]
    if ctx.options["a13.stay"] or not options:
        options.insert(0, Option(f"stay at {tile_name(ctx, s, p.at)}"))
    return ask("move", name, options, ("TM-ACT-1",), "move", "B1: move within your movement power")


def _enter(ctx: Context, s: State, name: str, places: tuple[Place, ...], a: Applied) -> Applied:
    """The entry trace of each revealed place entered (A-61: the destination only, or the path)."""
    entered = places if ctx.options["a61.entry"] == "path" else places[-1:]
    for at in entered:
        here = site(s, at)
        if here.up:
            tile = ctx.content.tiles[kind_of(here.tile)]
            a.state, text, then = raise_trace(ctx, a.state, name, tile.entry)
            a.texts.append(f"enters {tile.name} (+{tile.entry}): {text}")
            a.then += then
            a.clauses.add("TM-MOVE-2")
            if then:
                a.clauses.add("TM-TRACE-4")
    return a


@FLOW.choice("move", phase="action", decide=decide_move,
             clauses=("TM-ACT-1", "TM-MOVE-1", "TM-MOVE-2", "TM-MOVE-3", "TM-COMP-18", "TM-TRACE-4",
                      "TM-MOVE-5"),
             next=(("explore", "the destination is unrevealed"), ("district", "B2"),
                   ("reveal", "the unrevealed places next to the destination (A-32)")))
def move(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """B1: the character moves to a place the movement power reaches, never through an unrevealed
    place (TM-MOVE-1); entering a tile raises the trace by its entry value (TM-MOVE-2), staying by
    its stay value (TM-MOVE-3, A-31); an overflow draws two enemy cards at once (TM-TRACE-4). An
    unrevealed destination is explored (A-32 Reading 1); or (Reading 2) the move ends on a
    revealed place, whose marker the first player to enter takes, and reveals its neighbours."""
    name = frame[1]
    p = player(s, name)
    value = chosen[name].value if chosen is not None else None
    a = apply(ctx, s, name, [])
    if value is None:
        return _stay(ctx, s, name, a)
    dest = (value[0], value[1])
    path = reachable(ctx, s, p.at, stat(ctx, p, "move"))[dest]
    a.state = put(s, replace(p, at=dest))
    event = {"type": "move", "player": name, "from": list(p.at), "to": list(dest)}
    if ctx.options["a32.explore"] == "adjacent":
        return _arrive(ctx, s, name, path, a, event)
    if not site(s, dest).up:
        a = _enter(ctx, s, name, path[:-1], a)
        return told(a, f"{name} moves to {cell_address('map', *dest)}, an unrevealed place",
                    then=(("explore", name, list(dest)),), clauses=("TM-ACT-1", "TM-MOVE-1", "TM-COMP-18"),
                    events=(event,))
    a = _enter(ctx, s, name, path, a)
    return told(a, f"{name} moves to {tile_name(ctx, s, dest)}",
                clauses=("TM-ACT-1", "TM-MOVE-1", "TM-COMP-18"),
                events=(event,))


def _take_marker(s: State, at: Place) -> tuple[State, str]:
    """The place's exploration marker, removed from the map once resolved (TM-MOVE-5)."""
    r, c = at
    marker = s.markers[r][c]
    if not marker:
        return s, ""
    mrow = s.markers[r][:c] + ("",) + s.markers[r][c + 1:]
    return replace(s, markers=s.markers[:r] + (mrow,) + s.markers[r + 1:],
                   markers_used=s.markers_used + (marker,)), marker


def _arrive(ctx: Context, s: State, name: str, path: tuple[Place, ...], a: Applied,
            event: dict[str, object]) -> Outcome:
    """A-32 Reading 2: the move ends on a revealed place. The first player to enter a place that
    still holds its exploration marker resolves it (A-62: after the entry trace, or before), and
    every unrevealed place next to the destination (A-3) is revealed, each in a step of its own."""
    dest = path[-1]
    a.state, marker = _take_marker(a.state, dest)
    spec = ctx.content.markers[kind_of(marker)] if marker else None
    if spec is not None and ctx.options["a62.order"] == "marker_first":
        a = apply(ctx, a.state, name, spec.effects, into=a)
    a = _enter(ctx, s, name, path, a)
    if spec is not None and ctx.options["a62.order"] == "trace_first":
        a = apply(ctx, a.state, name, spec.effects, into=a)
    reveals = tuple(("reveal", name, list(at)) for at in hidden_neighbours(ctx, a.state, dest))
    found = f", the first to enter: marker {spec.name}" if spec is not None else ""
    took = ({"type": "explore", "player": name, "cell": list(dest), "marker": marker},) if marker else ()
    return told(a, f"{name} moves to {tile_name(ctx, s, dest)}{found}", then=reveals,
                clauses=("TM-ACT-1", "TM-MOVE-1", "TM-COMP-18", *(("TM-MOVE-5",) if marker else ())),
                events=(event, *took))


def reveal(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A-32 Reading 2: a place next to where a move ends (or, at setup, next to a starting place)
    is revealed: its tile is drawn from the face-down tiles and laid face up; its exploration
    marker stays on it for the first player to enter."""
    name, (r, c) = frame[1], frame[2]
    if site(s, (r, c)).up:  # revealed already (two starting places next to it)
        return Outcome(s, f"{cell_address('map', r, c)} is revealed already", clauses=("TM-MOVE-5",))
    who = {"player": name} if name else {}
    k, rng, drawn = ctx.chance.draw_any(s.rng, s.tile_stack, what="the face-down tiles", **who)
    tile = s.tile_stack[k]
    row = s.map[r][:c] + (Site(tile, up=True),) + s.map[r][c + 1:]
    s = replace(s, tile_stack=s.tile_stack[:k] + s.tile_stack[k + 1:], rng=rng,
                map=s.map[:r] + (row,) + s.map[r + 1:])
    marker = s.markers[r][c]
    kept = f", marker {ctx.content.markers[kind_of(marker)].name} on it" if marker else ""
    whose = f"{name} reveals" if name else "revealed at setup:"
    return Outcome(s, f"{whose} {cell_address('map', r, c)}, {ctx.content.tiles[kind_of(tile)].name}{kept}",
                   events=(drawn, {"type": "reveal", "cell": [r, c], "tile": tile, **who}),
                   clauses=("TM-MOVE-5", "TM-COMP-1"))


FLOW.auto("reveal", phase="action", chance=("draw",), clauses=("TM-MOVE-5", "TM-COMP-1"),
          next=(("reveal", "the next unrevealed place"), ("district", "B2")))(reveal)
FLOW.auto("setup.reveal", phase="setup", chance=("draw",), clauses=("TM-MOVE-5", "TM-COMP-1"),
          next=(("setup.reveal", "the next unrevealed place"), ("round.begin", "the first round")))(reveal)


def _stay(ctx: Context, s: State, name: str, a: Applied) -> Outcome:
    p = player(s, name)
    tile = ctx.content.tiles[kind_of(site(s, p.at).tile)]
    if ctx.options["a31.stay"] == "no_move" and tile.stay:
        a.state, text, then = raise_trace(ctx, s, name, tile.stay)
        a.texts.append(f"stay trace +{tile.stay}: {text}")
        a.then += then
        if then:
            a.clauses.add("TM-TRACE-4")
        return told(a, f"{name} stays at {tile.name}", clauses=("TM-ACT-1", "TM-MOVE-3"))
    return told(a, f"{name} stays at {tile.name}", clauses=("TM-ACT-1",))


@FLOW.auto("explore", phase="action", chance=("draw",),
           clauses=("TM-MOVE-5", "TM-COMP-1", "TM-MOVE-2", "TM-TRACE-4"),
           next=(("district", "B2"),))
def explore(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The place is revealed: its tile is drawn from the face-down tiles and laid face up; then
    (A-62) the entry trace of the tile now showing and the exploration marker, resolved once for
    the entering player and removed — or the marker first."""
    name, (r, c) = frame[1], frame[2]
    k, rng, event = ctx.chance.draw_any(s.rng, s.tile_stack, what="the face-down tiles", player=name)
    tile = s.tile_stack[k]
    row = s.map[r][:c] + (Site(tile, up=True),) + s.map[r][c + 1:]
    marker = s.markers[r][c]
    mrow = s.markers[r][:c] + ("",) + s.markers[r][c + 1:]
    s = replace(s, tile_stack=s.tile_stack[:k] + s.tile_stack[k + 1:], rng=rng,
                map=s.map[:r] + (row,) + s.map[r + 1:], markers=s.markers[:r] + (mrow,) + s.markers[r + 1:],
                markers_used=s.markers_used + ((marker,) if marker else ()))
    a = apply(ctx, s, name, [])
    spec = ctx.content.markers[kind_of(marker)] if marker else None
    if spec is not None and ctx.options["a62.order"] == "marker_first":
        a = apply(ctx, a.state, name, spec.effects, into=a)
    a = _enter(ctx, a.state, name, ((r, c),), a)
    if spec is not None and ctx.options["a62.order"] == "trace_first":
        a = apply(ctx, a.state, name, spec.effects, into=a)
    found = f"; marker {spec.name}" if spec is not None else ""
    return told(a, f"{name} reveals {ctx.content.tiles[kind_of(tile)].name}{found}",
                clauses=("TM-MOVE-5", "TM-COMP-1"),
                events=(event, {"type": "explore", "player": name, "cell": [r, c], "tile": tile,
                                "marker": marker}))


def decide_district(ctx: Context, s: State, frame: Frame) -> Decision | None:
    name = frame[1]
    p = player(s, name)
    tile = ctx.content.tiles[kind_of(site(s, p.at).tile)]
    when = "after B3" if len(frame) > 2 else "B2"
    return ask("district", name, [Option("skip the district action"),
                                  Option(f"use {tile.action.name}: {words(tile.action.effects)}", True)],
               ("TM-ACT-2",), "district", f"{when}: use {tile.name}'s district action?")


@FLOW.choice("district", phase="action", decide=decide_district,
             clauses=("TM-ACT-2", "TM-MOVE-4", "TM-COMP-2"),
             next=(("codes", "B3"),))
def district(ctx: Context, s: State, frame: Frame, chosen: Chosen) -> Outcome:
    """B2 (optional): the action printed at the bottom of the tile the character is on, once in
    the Action phase: in B2, or (A-14 Reading 2, 'executable while located here') after B3 when it
    was not used in B2."""
    name = frame[1]
    p = player(s, name)
    tile = ctx.content.tiles[kind_of(site(s, p.at).tile)]
    if chosen is None or chosen[name].value is None:
        return Outcome(s, f"{name} skips {tile.name}'s action", clauses=("TM-ACT-2",))
    if len(frame) == 2:  # used in B2: no later chance
        s = replace(s, agenda=tuple(f for f in s.agenda if tuple(f) != ("district", name, LATE)))
    a = apply(ctx, s, name, tile.action.effects)
    return told(a, f"{name} uses {tile.name}: {tile.action.name}",
                clauses=("TM-ACT-2", "TM-MOVE-4", "TM-COMP-2"),
                events=({"type": "district", "player": name, "tile": tile.id},))
