"""The toy dice race as a ruleset on the engine: declarations, the state before setup, the result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hisoutab.engine.contract import Capabilities, Result, RulesetBase, Zone
from hisoutab.engine.options import Options
from hisoutab.engine.record import replace
from hisoutab.engine.rng import seed_state

from . import round_steps, setup_steps  # noqa: F401  (declare the steps)
from .cards import sprint_of
from .clauses import CLAUSES, REACHED_WITH, READINGS
from .context import Context
from .evaluation import evaluate
from .flow import FLOW
from .invariants import check_invariants
from .options import OPTIONS
from .schema import ToySetup
from .state import Racer, State

#: every place a card (or counter) can be
ZONES = (
    Zone("deck", owner="shared", ordered=True, visibility="hidden", doc="the boost deck, top first"),
    Zone("discard", owner="shared", ordered=True, doc="the discard pile, newest last"),
    Zone("hand", visibility="owner", doc="the boost cards a racer holds"),
    Zone("reserve", kind="card", visibility="owner", doc="the racer's own sprint card, until played"),
    Zone("played", kind="card", doc="the boost card revealed this round"),
    Zone("spent", doc="the racer's sprint card, set aside once played"),
    Zone("position", kind="counter", doc="the racer's square on the track"),
)


class ToyDiceRace(RulesetBase):
    """A dice race for 2 to 4 racers with a hidden hand of boost cards (clause IDs ``TOY-…``)."""

    id = "toy-dice-race"
    title = "Toy dice race"
    flow = FLOW
    options = OPTIONS
    clauses = CLAUSES
    readings = READINGS
    reached_with = REACHED_WITH  # TOY-DOUBLE needs two dice or more: dice.count = 3
    length_figures = ("rounds",)
    state_type = State
    zones = ZONES
    setup_schema = ToySetup
    capabilities = Capabilities(min_players=2, max_players=4, simultaneous=True, chance=True,
                                hidden_information=True)
    reference = Path(__file__).resolve().parent / "reference.md"
    presentation = "tests.toy.presentation:PRESENTATION"  # the generic one, with the cards in words

    def context(self, options: Options, setup: Any) -> Context:
        checked = self.validate_setup(setup)
        assert isinstance(checked, ToySetup)
        return Context(options, checked)

    def initial_state(self, ctx: Context, seed: int) -> State:
        """Before setup: every racer on square 0 holding their sprint card, every boost card in the
        deck, unshuffled."""
        return State(players=tuple(Racer(name=n, reserve=sprint_of(n)) for n in ctx.players),
                     deck=ctx.deck,
                     agenda=(("setup.shuffle",),), rng=seed_state(seed))

    def turn_info(self, s: State) -> tuple[int, str]:
        """(round, the racer whose step it is; all deciders while they choose)."""
        if s.agenda:
            frame = s.agenda[-1]
            if frame[0] in ("move", "refill"):
                return s.round, frame[1]
            if frame[0] == "round.choose":
                return s.round, "+".join(p.name for p in s.players if p.hand or p.reserve) or "-"
        return s.round, "-"

    def die_faces(self, ctx: Context) -> tuple[int, ...]:
        """The faces of the racers' dice (TOY-MOVE: the dice.sides option)."""
        return tuple(range(1, ctx.sides + 1))

    def end_check(self, ctx: Context, s: State) -> State:
        """A racer on the last square (an edit): that racer wins and the race ends (TOY-GOAL)."""
        done = [p.name for p in s.players if p.position >= ctx.goal]
        if s.agenda and s.winner is None and done:
            return replace(s, winner=done[0], agenda=(*s.agenda, ("game.over",)))
        return s

    def evaluate(self, ctx: Context, s: State, player: str) -> float:
        """How good ``s`` is for ``player`` (the balance lab's agents read it): evaluation.py."""
        return evaluate(ctx, s, player)

    def result(self, s: State) -> Result:
        figures = {"rounds": s.round, "positions": {p.name: p.position for p in s.players}}
        if s.winner is None:
            return Result("unfinished", figures=figures)
        if s.winner == "draw":
            return Result("draw", figures=figures)
        return Result("win", winner=s.winner, figures=figures)

    def invariants(self, ctx: Context, s: State) -> list[str]:
        return check_invariants(ctx, s, self)


RULESET = ToyDiceRace()
