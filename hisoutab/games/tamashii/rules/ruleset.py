"""TAMASHII as a ruleset: the declarations, the state before setup, the result."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hisoutab.engine.contract import Capabilities, Result, RulesetBase
from hisoutab.engine.options import Options
from hisoutab.engine.rng import seed_state

from . import action, cleanup, combat, evaluation, execute, extras, harm, hidden, lock_on, pieces, planning  # noqa: F401
from . import setup as _setup  # noqa: F401  (the modules declare their steps on FLOW when imported)
from . import vocabulary as v
from .clauses import CLAUSES, READINGS
from .context import Context, kind_of
from .edges import complete
from .flow import FLOW
from .invariants import invariants
from .options import OPTIONS
from .schema import TamashiiSetup
from .state import Player, State
from .zones import ZONES

complete(FLOW)


class Tamashii(RulesetBase):
    """TAMASHII, a co-operative game for 1 to 4 players against the game (clause IDs ``TM-…``)."""

    id = "tamashii"
    title = "TAMASHII"
    flow = FLOW
    options = OPTIONS
    clauses = CLAUSES
    readings = READINGS
    state_type = State
    zones = ZONES
    setup_schema = TamashiiSetup
    capabilities = Capabilities(min_players=1, max_players=4, chance=True, hidden_information=True,
                                cooperative=True)
    reference = Path(__file__).resolve().parent.parent / "reference.md"
    presentation = "hisoutab.games.tamashii.presentation:PRESENTATION"
    time_axis = "round"
    length_figures = ("rounds",)
    notable_events = frozenset({"round", "trace_reset", "lock_on", "explore", "district", "code", "skill",
                                "enemy_attack", "hurt", "block", "reset", "world", "trade", "protocol",
                                "enemy_deck_empty", "end", "starting", "gang_mod", "body"})

    def context(self, options: Options, setup: Any) -> Context:
        checked = self.validate_setup(setup)
        assert isinstance(checked, TamashiiSetup)
        return Context(options, checked)

    def home_zone(self, ctx: Context, card: str, owner: str | None) -> str | None:
        """Where a scenario sends a card it pushes out of a zone it overlays: a chip to the supply
        (TM-COMP-3), a damaged chip to the damaged chips not yet handed out, a tile to the
        face-down tiles."""
        colour = kind_of(card)
        if colour in v.COLOURS or colour == v.WILD:
            return "supply"
        if colour == v.DAMAGED:
            return "damaged"
        return "tile_stack" if card in ctx.tiles else None

    def may_hold(self, ctx: Context, zone: str, card: str) -> bool:
        """Where a card may lie unseen in a world sampled from a player's view: hidden.py."""
        return hidden.may_hold(ctx, zone, card)

    def characters(self, ctx: Context) -> Mapping[str, tuple[str, ...]]:
        """Each player's class and starting cyberbody."""
        return {p: (ctx.classes[p], ctx.content.classes[ctx.classes[p]].body) for p in ctx.players}

    def initial_state(self, ctx: Context, seed: int) -> State:
        """Before setup: the players with empty boards."""
        return State(players=tuple(Player(name=n) for n in ctx.players), agenda=(("setup.campaign",),),
                     rng=seed_state(seed))

    def turn_info(self, s: State) -> tuple[int, str]:
        """(the round, the starting player)."""
        return s.round, s.players[s.starting].name

    def die_faces(self, ctx: Any) -> tuple[int, ...]:
        """Every die is a six-sided die; the enemy dice read their faces from the board data."""
        return tuple(range(1, 7))

    def chance_outcomes(self, ctx: Context, s: State, kind: str,
                        player: str | None) -> tuple[str, ...] | None:
        """A draw takes a chip of a bag, a face-down tile, the top card of a deck (enemy, gang, class):
        any of those cards; a shuffle orders the enemy deck or a mod deck."""
        if kind == "draw":
            return tuple(dict.fromkeys(ctx.chips + ctx.wilds + ctx.damaged + ctx.tiles + ctx.enemies
                                       + ctx.gang_mods
                                       + tuple(x for p in ctx.players for x in ctx.class_mods[p])))
        if kind == "shuffle":
            return tuple(dict.fromkeys(kind_of(x) for x in ctx.enemies))
        return None

    def evaluate(self, ctx: Context, s: State, player: str) -> float:
        """How good ``s`` is for the team (the balance lab's agents read it): evaluation.py."""
        return evaluation.evaluate(ctx, s, player)

    def result(self, s: State) -> Result:
        figures = {"rounds": s.round, "uplinks": s.uplinks, "damaged_left": len(s.damaged),
                   "reason": s.reason}
        if s.outcome == "victory":
            return Result("victory", figures=figures)
        if s.outcome == "defeat":
            return Result("defeat", figures=figures)
        return Result("unfinished", figures=figures)

    def invariants(self, ctx: Context, s: State) -> list[str]:
        return invariants(self, ctx, s)


RULESET = Tamashii()
