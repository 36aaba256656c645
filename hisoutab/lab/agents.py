"""Agents that play plausibly, on every ruleset through the contract.

Both look ahead from their player's view only: at each decision they sample worlds consistent with
it (:func:`hisoutab.engine.determinize.determinize`: the unseen cards re-dealt among the hidden
places, a fresh random-number state), play each of their options on each world with their own
context and read the ruleset's evaluation (``evaluate(ctx, state, player)``, the generic one when it
declares none) where the look-ahead stops.

- :class:`HeuristicAgent` — one world, one decision deep: the option whose consequences the
  evaluation likes best, read once the others have answered it (:data:`REPLIES` random answers to
  their decisions up to the player's next one: an «Attack» is worth its hit, not only its cost).
- :class:`SearchAgent` — a bounded look-ahead: several worlds, and the next decision too (the best
  answer for the player when it is theirs or a team-mate's in a co-operative game; between the
  worst and the mean of the sampled answers when it is an opponent's, who may not find the worst;
  the mean over a few sampled answers when it is simultaneous), up to ``width`` options per later
  decision, the others' replies read as the heuristic agent reads them where the look-ahead stops.

The other players' part of a simultaneous decision is unknown to the agent: in each world it is
drawn at random among their options there. Ties go to a random option of the agent's own
generator, so an agent with the same seed makes the same choices from the same views.

A rules loop (a card that recovers itself, cast again and again in one turn) would hold an agent
that always likes the same option: an option an agent has already chosen :data:`FREE_REPEATS`
times in the same turn (the ruleset's ``turn_info`` of the view) counts :data:`REPEAT_PENALTY`
less for each further time, so it moves on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from hisoutab.engine.agents import Agent, make_agent
from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.determinize import determinize
from hisoutab.engine.errors import InputError
from hisoutab.engine.evaluation import evaluation_of
from hisoutab.lab.simulate import Simulator

AGENT_KINDS = ("random", "first", "heuristic", "search")
STEP_LIMIT = 5_000  # automatic steps played after a choice before the look-ahead gives up
FREE_REPEATS = 3  # choices of one option in one turn before it counts less
REPEAT_PENALTY = 0.25  # per choice of the same option in the same turn beyond FREE_REPEATS
REPLIES = 2  # the heuristic agent's random replies per option
OTHERS_LIMIT = 8  # the others' decisions answered at random before the look-ahead reads a state


class LookaheadAgent(Agent):
    """Chooses by looking ``depth`` decisions ahead on ``samples`` sampled worlds (see the module)."""

    name = "lookahead"
    observes = True

    def __init__(self, ruleset: Any, options: Any, setup: Any, seed: int = 0, *, depth: int = 1,
                 samples: int = 1, width: int = 6, replies: int = 0) -> None:
        self.ruleset = ruleset
        self.ctx = ruleset.context(options, ruleset.validate_setup(setup))  # its own chance source
        self.sim = Simulator(ruleset, self.ctx)
        self.evaluate = evaluation_of(ruleset)
        self.seed = seed
        self.rng = random.Random(seed)
        self.depth, self.samples, self.width = depth, samples, width
        self.replies = replies  # random replies of the others read where the look-ahead stops
        self.refused = 0  # look-aheads on a sampled world that the rules refused to play
        self.chosen: dict[tuple[Any, str], int] = {}  # (turn, label) → times chosen this turn
        #: a co-operative game: the others are team-mates, whose best answer the look-ahead takes
        self.team = bool(getattr(getattr(ruleset, "capabilities", None), "cooperative", False))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"

    def choose(self, state: Any, decision: Decision, player: str) -> str:
        options = list(decision.options_for(player))
        if len(options) == 1:
            return options[0].label
        self.rng.shuffle(options)  # ties go to a random option
        totals = dict.fromkeys((o.label for o in options), 0.0)
        for _ in range(self.samples):
            world = determinize(self.ruleset, self.ctx, state, player, self.rng)
            for option in options:
                totals[option.label] += self.after_choice(world, player, option.label)
        turn = self.ruleset.turn_info(state)
        for label in totals:
            extra = self.chosen.get((turn, label), 0) - FREE_REPEATS
            totals[label] -= REPEAT_PENALTY * self.samples * max(0, extra)
        best = max(totals, key=lambda label: totals[label])
        if self.chosen and next(iter(self.chosen))[0] != turn:
            self.chosen.clear()  # a new turn
        self.chosen[turn, best] = self.chosen.get((turn, best), 0) + 1
        return best

    # ------------------------------------------------------------------ the look-ahead
    def value(self, state: Any, player: str) -> float:
        return float(self.evaluate(self.ctx, state, player))

    def after_choice(self, world: Any, player: str, label: str) -> float:
        """The value for ``player`` of choosing ``label`` in ``world``."""
        try:
            chosen = self.completed(world, player, label)
            if chosen is None:
                return self.value(world, player)
            return self.ahead(self.sim.apply(world, chosen), player, self.depth - 1)
        except Exception:  # a sampled world the rules refuse to play on (a card it cannot know)
            self.refused += 1
            return 0.0

    def completed(self, world: Any, player: str, label: str) -> dict[str, Option] | None:
        """The whole answer to the pending decision in ``world``: ``label`` for ``player``, a random
        option of theirs for every other deciding player; None when the world asks otherwise."""
        decision = self.sim.decision(world)
        if decision is None or player not in decision.players:
            return None
        chosen: dict[str, Option] = {}
        for p, opts in zip(decision.players, decision.options, strict=True):
            if p == player:
                match = [o for o in opts if o.label == label]
                if not match:
                    return None
                chosen[p] = match[0]
            else:
                chosen[p] = opts[self.rng.randrange(len(opts))]
        return chosen

    def ahead(self, state: Any, player: str, depth: int) -> float:
        """The value for ``player`` of ``state`` looked at ``depth`` more decisions ahead."""
        state, decision = self.sim.advance(state, STEP_LIMIT)
        if decision is None:
            return self.value(state, player)
        if depth <= 0:
            if not self.replies or player in decision.players:
                return self.value(state, player)
            return sum(self.value(self.answered(state, player), player)
                       for _ in range(self.replies)) / self.replies
        if decision.joint:
            answers = [self.random_answer(decision) for _ in range(self.width)]
            return sum(self.ahead(self.sim.apply(state, a), player, depth - 1)
                       for a in answers) / len(answers)
        who = decision.player
        options = self.some(decision.options[0])
        values = [self.ahead(self.sim.apply(state, {who: o}), player, depth - 1) for o in options]
        if who == player or self.team:
            return max(values)
        return (min(values) + sum(values) / len(values)) / 2  # an opponent: between worst and mean

    def answered(self, state: Any, player: str) -> Any:
        """``state`` played on until ``player`` decides again (or the game ends), the others'
        decisions answered at random, at most :data:`OTHERS_LIMIT` of them: what an option leads to
        once the others have answered it (an «Attack» is worth its hit, not only its cost)."""
        for _ in range(OTHERS_LIMIT):
            state, decision = self.sim.advance(state, STEP_LIMIT)
            if decision is None or player in decision.players:
                return state
            state = self.sim.apply(state, self.random_answer(decision))
        return state

    def random_answer(self, decision: Decision) -> dict[str, Option]:
        return {p: opts[self.rng.randrange(len(opts))]
                for p, opts in zip(decision.players, decision.options, strict=True)}

    def some(self, options: Sequence[Option]) -> Sequence[Option]:
        """At most ``width`` of ``options``, drawn at random when there are more."""
        return options if len(options) <= self.width else self.rng.sample(list(options), self.width)


class HeuristicAgent(LookaheadAgent):
    """One world, one decision deep: the option the ruleset's evaluation likes best."""

    name = "heuristic"

    def __init__(self, ruleset: Any, options: Any, setup: Any, seed: int = 0) -> None:
        super().__init__(ruleset, options, setup, seed, depth=1, samples=1, replies=REPLIES)


class SearchAgent(LookaheadAgent):
    """Two worlds, two decisions deep, at most six options per later decision."""

    name = "search"

    def __init__(self, ruleset: Any, options: Any, setup: Any, seed: int = 0, *, depth: int = 2,
                 samples: int = 2, width: int = 6, replies: int = REPLIES) -> None:
        super().__init__(ruleset, options, setup, seed, depth=depth, samples=samples, width=width,
                         replies=replies)


def lab_agent(kind: str, ruleset: Any, options: Any, setup: Mapping[str, Any] | None,
              seed: int) -> Agent:
    """An agent of ``kind`` (:data:`AGENT_KINDS`) for a game of ``ruleset`` with these rule
    options (resolved) and setup, seeded with ``seed``."""
    if kind == "heuristic":
        return HeuristicAgent(ruleset, options, setup, seed)
    if kind == "search":
        return SearchAgent(ruleset, options, setup, seed)
    if kind in ("random", "first"):
        return make_agent(kind, seed)
    raise InputError(f"unknown agent {kind!r}; expected one of {', '.join(AGENT_KINDS)}",
                     field="agents")
