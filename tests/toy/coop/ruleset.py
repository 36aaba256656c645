"""The co-operative toy as a ruleset: declarations, the state before setup, the result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hisoutab.engine.contract import Capabilities, Result, RulesetBase, Zone
from hisoutab.engine.options import Options
from hisoutab.engine.record import replace
from hisoutab.engine.rng import seed_state

from .clauses import CLAUSES, READINGS
from .context import Context, kind_of
from .evaluation import evaluate
from .options import OPTIONS
from .schema import CoopSetup
from .state import Explorer, State
from .steps import FLOW, face_down

ZONES = (
    Zone("map", kind="grid", owner="shared", visibility="hidden", card_attr="tile", face_attr="up",
         doc="the 3×3 map of tiles; a face-down tile is hidden from everyone"),
    Zone("bag", owner="shared", visibility="hidden", doc="the trap tokens, unordered"),
    Zone("drawn", owner="shared", ordered=True, doc="the tokens drawn from the bag"),
    Zone("finds", doc="the treasures an explorer took from the map"),
    Zone("health", kind="counter", owner="shared", doc="the party's health"),
)


class ToyCoop(RulesetBase):
    """A co-operative expedition for 1 to 4 explorers (clause IDs ``COOP-…``)."""

    id = "toy-coop"
    title = "Toy expedition (co-operative)"
    flow = FLOW
    options = OPTIONS
    clauses = CLAUSES
    readings = READINGS
    state_type = State
    zones = ZONES
    setup_schema = CoopSetup
    capabilities = Capabilities(min_players=1, max_players=4, chance=True, hidden_information=True,
                                cooperative=True)
    reference = Path(__file__).resolve().parent / "reference.md"
    length_figures = ("turns",)

    def context(self, options: Options, setup: Any) -> Context:
        checked = self.validate_setup(setup)
        assert isinstance(checked, CoopSetup)
        return Context(options, checked)

    def card_pool(self, ctx: Context) -> tuple[str, ...]:
        """Every tile and every token."""
        return ctx.tiles + ctx.tokens

    def initial_state(self, ctx: Context, seed: int) -> State:
        """Before setup: the explorers with nothing found, the tiles not yet laid (an empty map)."""
        return State(players=tuple(Explorer(name=n) for n in ctx.players), drawn=(),
                     bag=(), agenda=(("setup.map",),), rng=seed_state(seed))

    def turn_info(self, s: State) -> tuple[int, str]:
        """(the turn number, the explorer whose turn it is)."""
        return s.turn, s.players[s.current].name

    def die_faces(self, ctx: Any) -> tuple[int, ...]:
        """The six faces of the attack and enemy dice."""
        return tuple(range(1, 7))

    def chance_outcomes(self, ctx: Any, s: State, kind: str,
                        player: str | None) -> tuple[str, ...] | None:
        """The shuffle is of the map's tiles (the tile put first); a draw takes a token of the bag
        (before the setup fills it, any token); the die is generic."""
        if kind == "shuffle":
            return tuple(dict.fromkeys(ctx.tiles))
        if kind == "draw":
            return tuple(dict.fromkeys(s.bag or ctx.tokens))
        return None

    def end_check(self, ctx: Any, s: State) -> State:
        """No health left (an edit): the party is defeated and the game ends (COOP-DEFEAT)."""
        if s.agenda and not s.outcome and s.health <= 0:
            return replace(s, outcome="defeat", agenda=(("game.over",),))  # what was to come is dropped
        return s

    def evaluate(self, ctx: Context, s: State, player: str) -> float:
        """How good ``s`` is for ``player`` (the balance lab's agents read it): evaluation.py."""
        return evaluate(ctx, s, player)

    def result(self, s: State) -> Result:
        figures = {"turns": s.turn, "health": s.health,
                   "treasures": sum(len(p.finds) for p in s.players)}
        if s.outcome == "victory":
            return Result("victory", figures=figures)
        if s.outcome == "defeat":
            return Result("defeat", figures=figures)
        return Result("unfinished", figures=figures)

    def invariants(self, ctx: Context, s: State) -> list[str]:
        problems: list[str] = []
        laid = bool(s.map)
        pieces = tuple(c for r in s.map for c in r)
        if laid and (len(s.map) != 3 or any(len(r) != 3 for r in s.map)):
            problems.append("the map is not 3×3")
        if laid:
            problems += self.card_problems(ctx, s)
        elif s.bag or s.drawn or pieces:
            problems.append("pieces are out before the setup")
        if not 0 <= s.health <= ctx.health:
            problems.append(f"health {s.health} outside 0..{ctx.health}")
        for p in s.players:
            if any(kind_of(c) != "treasure" for c in p.finds):
                problems.append(f"{p.name} holds {p.finds}: only treasures are taken")
        found = sum(len(p.finds) for p in s.players)
        if s.outcome == "victory" and found != ctx.treasures:
            problems.append(f"victory with {found} of {ctx.treasures} treasures")
        if s.outcome == "defeat" and s.health > 0:
            problems.append(f"defeat with {s.health} health left")
        if s.outcome is None and laid and not face_down(s) and s.agenda[-1][0] == "turn.flip":
            problems.append("no face-down tile is left but the game goes on")
        if not s.agenda and s.outcome is None:
            problems.append("the agenda is empty but the game is not decided")
        return problems


RULESET = ToyCoop()
