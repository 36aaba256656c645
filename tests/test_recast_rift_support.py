"""Helpers to build exact Recast Rift situations: a game after setup with fixed decks, then a crafted
state (zones, Life, the stack, the agenda) on a new ``Game``.

``start()`` plays the setup with two fixed decks (no deck-building decisions), P1 first, both far
awakening cards chosen, and stops at P1's first Main-phase decision. ``situation()`` arranges both
players' zones and the agenda, checks the crafted state keeps every invariant, and returns a new
``Game`` that starts from it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hisoutab import Game, RandomAgent
from hisoutab.engine.record import replace
from hisoutab.games.recast_rift.rules import RULESET, Entry, Player

RS = "recast-rift"
P1_SPELLS = ["amulet_volley", "boundary_ward", "sealing_circle", "spirit_gust", "shrine_offering",
             "comet_rush", "stardust_shower", "mini_furnace", "magic_trap"]
P2_SPELLS = ["silver_knives", "time_skip", "frozen_moment", "killing_doll", "pocket_watch",
             "ricochet_blade", "spirit_slash", "phantom_step", "twin_cut"]
DECKS = [{"fighters": ["reimu", "marisa"], "spells": P1_SPELLS},
         {"fighters": ["sakuya", "youmu"], "spells": P2_SPELLS}]
BASE = {"a6.first_player": "P1"}
CARD_ZONES = ("deck", "hand", "cast", "face_down", "reserve", "recast_3", "recast_2", "recast_1",
              "recast_0")


def start(options: Mapping[str, Any] | None = None, decks: list[Any] | None = None,
          far: tuple[str, str] = ("reimu_awakening", "sakuya_awakening"), seed: int = 0) -> Game:
    """A game after setup with fixed decks, P1 first, waiting for P1's first Main-phase decision."""
    game = Game(RS, seed=seed, options={**BASE, **(options or {})}, setup={"decks": decks or DECKS})
    game.run(until="decision")
    assert game.pending is not None and game.pending.kind == "awakening"
    game.choose({"P1": f"secretly choose {far[0]}", "P2": f"secretly choose {far[1]}"})
    game.run(until="decision")
    return game


def iid(player: str | int, card: str) -> str:
    """``iid("P1", "amulet_volley")`` → ``"P1/amulet_volley"`` (full ids pass through)."""
    name = player if isinstance(player, str) else ("P1", "P2")[player]
    return card if "/" in card else f"{name}/{card}"


def arrange(p: Player, *, elsewhere: Iterable[str] = (), **fields: Any) -> Player:
    """``p`` with the given card zones (short ids), the other fields as given; every deck card of
    the player not placed (and not ``elsewhere``, e.g. on the stack) goes to the deck, in order."""
    name = p.name
    placed = set(elsewhere)
    zones: dict[str, tuple[str, ...]] = {}
    for z in CARD_ZONES:
        if z in fields:
            zones[z] = tuple(iid(name, c) for c in fields.pop(z))
            placed |= set(zones[z])
    mine = [c for z in CARD_ZONES for c in getattr(p, z)]
    rest = tuple(c for c in mine if c not in placed)
    zones["deck"] = zones.get("deck", ()) + rest
    for z in CARD_ZONES:
        zones.setdefault(z, ())
    for spot in ("far", "near", "awakened"):
        if spot in fields and fields[spot] is not None:
            fields[spot] = iid(name, fields[spot])
    return replace(p, **zones, **fields)


def situation(base: Game, *, agenda: Iterable[tuple[Any, ...]], p1: Mapping[str, Any] | None = None,
              p2: Mapping[str, Any] | None = None, check: bool = True, **fields: Any) -> Game:
    """A new game from ``base``'s state with the players arranged (``None`` keeps a player as is),
    the given agenda (top of stack LAST) and state fields (``stack`` entries with full card ids)."""
    s = base.state
    stack: tuple[Entry, ...] = tuple(fields.get("stack", ()))
    players = list(s.players)
    for i, spec in enumerate((p1, p2)):
        on_stack = [e.card for e in stack if e.controller == i and e.kind == "cast"]
        short_ids = [c.split("/", 1)[1] for c in on_stack]
        if spec is not None:
            players[i] = arrange(players[i], **{"cast": short_ids, **dict(spec)})
        elif on_stack:  # the cards on the stack leave the zones they were in for the cast zone
            p = players[i]
            p = replace(p, **{z: tuple(c for c in getattr(p, z) if c not in on_stack) for z in CARD_ZONES})
            players[i] = replace(p, cast=tuple(on_stack))
    s = replace(s, players=tuple(players), agenda=tuple(agenda), **fields)
    if check:
        problems = RULESET.invariants(base.ctx, s)
        assert not problems, problems
    return Game(RS, seed=base.seed, options=base.options, setup=base.setup, state=s)


def names(steps: Iterable[Any]) -> list[str]:
    return [s.name for s in steps]


def run_auto(game: Game, limit: int = 500) -> list[Any]:
    """Automatic steps until a decision is pending or the game ends."""
    return game.run(until="decision", max_steps=limit)


def cited(steps: Iterable[Any]) -> set[str]:
    return {c for s in steps for c in s.clauses}


def labels(game: Game) -> tuple[str, ...]:
    d = game.pending
    assert d is not None, "no decision is pending"
    return d.labels()


def play_random(seed: int, options: Mapping[str, Any] | None = None) -> Game:
    game = Game(RS, seed=seed, options=options)
    game.run(until="end", agents=RandomAgent(seed))
    return game


MAIN = (("turn.end",), ("cleanup", 0), ("refresh",), ("main.act",))  # P1's turn from the Main phase


def main_phase(base: Game | None = None, *, p1: Mapping[str, Any] | None = None,
               p2: Mapping[str, Any] | None = None, options: Mapping[str, Any] | None = None,
               decks: list[Any] | None = None, **fields: Any) -> Game:
    """P1's Main phase (turn 1, P1 the turn player) with the given zones."""
    base = base or start(options=options, decks=decks)
    return situation(base, agenda=MAIN, p1=p1, p2=p2, **fields)


def choose(game: Game, label: str, player: str | None = None) -> list[Any]:
    """Answer the pending decision with ``label`` and run the automatic steps after it."""
    step = game.choose(label) if player is None else game.choose({player: label})
    return [step, *run_auto(game)]
