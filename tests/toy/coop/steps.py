"""The expedition's steps: the setup (COOP-SETUP-*), a turn (COOP-TURN, COOP-FLIP), what a tile
does (COOP-TREASURE, COOP-ENEMY, COOP-TRAP, COOP-EMPTY, COOP-WOUND), the end (COOP-VICTORY,
COOP-DEFEAT, COOP-END)."""

from __future__ import annotations

from hisoutab.engine.contract import cell_address
from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Flow, Frame, Outcome
from hisoutab.engine.record import replace

from .context import SIZE, Context, kind_of
from .state import State, Tile

FLOW = Flow("toy-coop", phases=("setup", "turn", "end"), start="setup.map")


@FLOW.auto("setup.map", phase="setup", clauses=("COOP-SETUP-MAP", "COOP-SETUP-BAG"),
           next=("turn.flip",), chance=("shuffle",))
def lay_map(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Shuffle the tiles and lay them face down, row by row; the trap tokens go into the bag."""
    tiles, rng, event = ctx.chance.shuffle(s.rng, ctx.tiles, what="the tiles")
    grid = tuple(tuple(Tile(t) for t in tiles[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))
    return Outcome(replace(s, map=grid, bag=ctx.tokens, health=ctx.health, rng=rng),
                   f"the {len(tiles)} tiles are laid face down; {len(ctx.tokens)} tokens go into the bag",
                   events=(event,), then=(("turn.flip",),))


def face_down(s: State) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(s.map) for c, cell in enumerate(row)
            if isinstance(cell, Tile) and not cell.up]


def decide_flip(ctx: Context, s: State, frame: Frame) -> Decision | None:
    """The explorer whose turn it is picks a face-down tile."""
    name = s.players[s.current].name
    options = tuple(Option(f"flip {cell_address('map', r, c)}", [r, c]) for r, c in face_down(s))
    return Decision("flip", (name,), (options,), ("COOP-FLIP",), "turn.flip",
                    "Turn a face-down tile face up")


@FLOW.choice("turn.flip", phase="turn", clauses=("COOP-TURN", "COOP-FLIP"),
             next=(("tile", "the tile acts"),), decide=decide_flip)
def flip(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """The explorer whose turn it is turns the chosen tile face up; its kind acts next (the tile's
    row and column go in the frame, as a list)."""
    assert chosen is not None
    name = s.players[s.current].name
    r, c = chosen[name].value
    cell = s.map[r][c]
    assert isinstance(cell, Tile)
    row = s.map[r][:c] + (replace(cell, up=True),) + s.map[r][c + 1:]
    s = replace(s, map=s.map[:r] + (row,) + s.map[r + 1:], turn=s.turn + 1)
    return Outcome(s, f"turn {s.turn}: {name} turns {cell_address('map', r, c)} face up: "
                      f"{kind_of(cell.tile)}", events=({"type": "flip", "player": name,
                                                        "cell": [r, c], "tile": cell.tile},),
                   then=(("tile", name, [r, c]),))


def wound(s: State) -> State:
    return replace(s, health=s.health - 1)


@FLOW.auto("tile", phase="turn",
           clauses=("COOP-TREASURE", "COOP-ENEMY", "COOP-TRAP", "COOP-EMPTY", "COOP-WOUND"),
           next=(("turn.end", "the turn ends"),), chance=("die", "draw"))
def tile_acts(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The tile just turned face up acts: a treasure goes to its finder; an enemy is fought (the
    explorer's two dice, rolled at once, against the enemy's die plus its strength; a lost fight
    wounds the party); a trap draws a token from the bag at random (a spark wounds the party); an
    empty tile does nothing."""
    name, (r, c) = frame[1], frame[2]
    cell = s.map[r][c]
    assert isinstance(cell, Tile)
    kind = kind_of(cell.tile)
    then = (("turn.end",),)
    if kind == "treasure":
        i = next(k for k, p in enumerate(s.players) if p.name == name)
        finder = replace(s.players[i], finds=s.players[i].finds + (cell.tile,))
        row = s.map[r][:c] + ("",) + s.map[r][c + 1:]
        s = replace(s, map=s.map[:r] + (row,) + s.map[r + 1:],
                    players=s.players[:i] + (finder,) + s.players[i + 1:])
        return Outcome(s, f"{name} takes the treasure", then=then, clauses=("COOP-TREASURE",))
    if kind == "enemy":
        dice, rng, rolled = ctx.chance.rolls(s.rng, 6, 2, what=f"{name}'s attack", player=name)
        foe, rng, foe_event = ctx.chance.roll(rng, 6, what="the enemy's die")
        total, against = sum(dice), foe + ctx.strength
        s = replace(s, rng=rng, last_fight=total)
        text = f"{name} rolls {dice[0]} + {dice[1]} = {total} against the enemy's {foe} + {ctx.strength}"
        events = (*rolled, foe_event)
        if total >= against:
            return Outcome(s, text + ": the enemy is beaten", events=events, then=then,
                           clauses=("COOP-ENEMY",))
        return Outcome(wound(s), text + ": the party loses one health", events=events, then=then,
                       clauses=("COOP-ENEMY", "COOP-WOUND"))
    if kind == "trap":
        k, rng, event = ctx.chance.draw_any(s.rng, s.bag, what="the bag", player=name)
        token = s.bag[k]
        s = replace(s, bag=s.bag[:k] + s.bag[k + 1:], drawn=s.drawn + (token,), rng=rng)
        if kind_of(token) == "spark":
            return Outcome(wound(s), f"the trap draws {token} from the bag: a spark, one health lost",
                           events=(event,), then=then, clauses=("COOP-TRAP", "COOP-WOUND"))
        return Outcome(s, f"the trap draws {token} from the bag: a dud", events=(event,), then=then,
                       clauses=("COOP-TRAP",))
    return Outcome(s, "the tile is empty", then=then, clauses=("COOP-EMPTY",))


@FLOW.auto("turn.end", phase="turn", clauses=("COOP-TURN", "COOP-VICTORY", "COOP-DEFEAT"),
           next=(("turn.flip", "the next explorer's turn"), ("game.over", "the game is decided")))
def end_turn(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Every treasure found: victory. No health left: defeat. Otherwise the next explorer's turn."""
    found = sum(len(p.finds) for p in s.players)
    if found == ctx.treasures:
        return Outcome(replace(s, outcome="victory"), "every treasure is found: the party wins",
                       then=(("game.over",),), clauses=("COOP-VICTORY",))
    if s.health <= 0:
        return Outcome(replace(s, outcome="defeat"), "the party has no health left: the game wins",
                       then=(("game.over",),), clauses=("COOP-DEFEAT",))
    current = (s.current + 1) % len(s.players)
    return Outcome(replace(s, current=current), f"{s.players[current].name}'s turn",
                   then=(("turn.flip",),), clauses=("COOP-TURN",))


@FLOW.auto("game.over", phase="end", clauses=("COOP-END", "COOP-VICTORY", "COOP-DEFEAT"))
def game_over(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The expedition is over, in victory or defeat."""
    clause = "COOP-VICTORY" if s.outcome == "victory" else "COOP-DEFEAT"
    return Outcome(s, f"the expedition ends in {s.outcome} after {s.turn} turns",
                   clauses=("COOP-END", clause))
