"""The search from a state: every decision to a bounded depth, as an AND-OR tree.

The players the goal is for choose (the best of their options counts), the others answer (the worst
answer counts); in a simultaneous decision the goal's side commits first, so a forced line is one
that wins against every answer. Chance is either *forced* — the draws come from the game's generator
and the scenario's ``chance:`` entries, as a replay would make them — or *averaged*: each draw a move
makes is tried with every outcome the ruleset declares for it (``chance.outcomes``: a die's faces, a
draw's cards, a shuffle's top card), each equally likely, and a position's value is the probability
of reaching the goal. Depth counts decisions; positions met again (the same state, the same goal
progress, the same forced outcomes waiting, as many decisions left) are searched once.

Everything goes through the engine's ``Game`` and the ruleset contract, so it works on every
registered ruleset.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hisoutab.engine.chance import Forced, outcomes
from hisoutab.engine.errors import InputError
from hisoutab.engine.game import Game, Line, Step

from .goals import Evaluator, Goal, parse_goal
from .result import Draw, Exploration, Move, Node, StepDone, best_part, expected, split

CHANCE_MODES = ("averaged", "forced")
MAX_DEPTH = 12
DEFAULT_MAX_POSITIONS = 20_000
STEPS_PER_MOVE = 100_000  # automatic steps between two decisions before a move is called endless


@dataclass(frozen=True)
class _Leaf:
    """One outcome of a move: the chance outcomes forced for it, its probability, its steps."""

    draws: tuple[Draw, ...]
    probability: Fraction
    steps: tuple[Step, ...]
    state: Any
    forced: tuple[Forced, ...]
    seen: tuple[tuple[int, int], ...]


class Stepper:
    """Plays moves from any state on a game of its own (the given game is never touched)."""

    def __init__(self, game: Game) -> None:
        self.game = Game(game.ruleset, seed=game.seed, options=game.options, setup=game.setup,
                         state=game.state)
        self.ruleset = game.ruleset

    def play(self, state: Any, forced: Sequence[Forced], seen: tuple[tuple[int, int], ...],
             choice: dict[str, str] | None, draws: Sequence[Draw]) -> list[Step]:
        """The steps of one move: from ``state`` with ``forced`` waiting, the choice (None: no
        decision), then the automatic steps to the next decision or the end."""
        g = self.game
        g.initial = state
        g.lines.clear()
        g.lines["main"] = Line("main", [])
        g.switch("main")
        chance = g.chance
        chance.forced[:] = list(forced) + [d.forced() for d in draws]
        chance.seen = {id(chance.forced[i]): n for i, n in seen}
        chance.used.clear()
        if choice is not None:
            g.choose(choice)
        g.run(until="decision", max_steps=STEPS_PER_MOVE)
        if not g.over and g.pending is None:
            raise InputError(f"a move ran {STEPS_PER_MOVE} steps without reaching a decision or "
                             "the end", field="--depth")
        return g.history

    def waiting(self) -> tuple[tuple[Forced, ...], tuple[tuple[int, int], ...]]:
        """The forced outcomes still waiting after the last move, and their counts of draws seen."""
        chance = self.game.chance
        ids = {id(f): i for i, f in enumerate(chance.forced)}
        return tuple(chance.forced), tuple(sorted((ids[k], n) for k, n in chance.seen.items()
                                                  if k in ids))


def _unforced(steps: Sequence[Step], after: tuple[int, int]) -> tuple[int, int, dict[str, Any]] | None:
    """The first chance draw of ``steps`` past position ``after`` (step, event) not forced."""
    for i, s in enumerate(steps):
        for j, e in enumerate(s.events):
            if (i, j) > after and e.get("type") == "chance" and not e.get("forced"):
                return i, j, e
    return None


class Search:
    def __init__(self, game: Game, goal: Goal, side: tuple[str, ...], depth: int, chance: str,
                 max_positions: int) -> None:
        self.stepper = Stepper(game)
        self.goal = goal
        self.side = side
        self.depth = depth
        self.averaged = chance == "averaged"
        self.max_positions = max_positions
        self.eval = Evaluator(goal, game.ruleset, game.state)
        self.memo: dict[Any, Node] = {}
        self.positions = 0
        self.merged = 0
        self.ruleset = game.ruleset
        self.ctx = self.stepper.game.ctx

    # ------------------------------------------------------------------ moves
    def leaves(self, state: Any, forced: tuple[Forced, ...], seen: tuple[tuple[int, int], ...],
               choice: dict[str, str] | None) -> Iterator[_Leaf]:
        todo: list[tuple[tuple[Draw, ...], Fraction, tuple[int, int]]] = [((), Fraction(1), (-1, -1))]
        while todo:
            draws, p, after = todo.pop(0)
            steps = self.stepper.play(state, forced, seen, choice, draws)
            left, counts = self.stepper.waiting()
            found = _unforced(steps, after) if self.averaged else None
            outs = () if found is None else outcomes(
                self.ruleset, self.ctx, steps[found[0]].before, found[2]["kind"], found[2].get("player"))
            if found is None or not outs:
                yield _Leaf(draws, p, tuple(steps), steps[-1].after if steps else state, left, counts)
                continue
            i, j, e = found
            for o in outs:
                d = Draw(i, e["kind"], o, e.get("player"), e.get("what"))
                todo.append(((*draws, d), p / len(outs), (i, j)))

    # ------------------------------------------------------------------ positions
    def node(self, state: Any, seen: frozenset[int], forced: tuple[Forced, ...],
             counts: tuple[tuple[int, int], ...], left: int, start: bool = False) -> Node:
        key = (state, seen, forced, counts, left, start)
        found = self.memo.get(key)
        if found is not None:
            self.merged += 1
            return found
        self.positions += 1
        if self.positions > self.max_positions:
            raise InputError(f"the search passed {self.max_positions} positions; lower --depth or "
                             "raise --max-positions", field="--max-positions")
        node = self._evaluate(state, seen, forced, counts, left, start)
        self.memo[key] = node
        return node

    def _evaluate(self, state: Any, seen: frozenset[int], forced: tuple[Forced, ...],
                  counts: tuple[tuple[int, int], ...], left: int, start: bool) -> Node:
        ident = state
        holds = self.eval.holds(state, seen)
        if holds:  # a goal met, or what a safety goal avoids happened
            kind = "failed" if self.goal.safety else "goal"
            return Node(ident, kind, left, value=Fraction(int(not self.goal.safety)),
                        possible=not self.goal.safety)
        decision = self._pending(state)
        if not state.agenda or (decision is None and not start) or left == 0:
            kind = "over" if not state.agenda else "depth"
            met = self.goal.safety  # the end of the search: a safety goal held all along
            return Node(ident, kind, left, value=Fraction(int(met)), possible=met)
        if decision is None:  # the start, before the first decision: the automatic steps
            node = Node(ident, "start", left)
            self._expand(node, state, seen, forced, counts, [None], left)
            return node
        side = tuple(p for p in decision.players if p in self.side)
        node = Node(ident, "decision", left, decision.players, decision.kind, decision.clauses, side)
        choices = [dict(zip(decision.players, labels, strict=True)) for labels in
                   itertools.product(*([o.label for o in opts] for opts in decision.options))]
        self._expand(node, state, seen, forced, counts, choices, left - 1)
        return node

    def _pending(self, state: Any) -> Any:
        if not state.agenda:
            return None
        frame = state.agenda[-1]
        sd = self.ruleset.flow.steps[frame[0]]
        return sd.decide(self.ctx, state, frame) if sd.decide is not None else None

    def _expand(self, node: Node, state: Any, seen: frozenset[int], forced: tuple[Forced, ...],
                counts: tuple[tuple[int, int], ...], choices: Sequence[dict[str, str] | None],
                left: int) -> None:
        for choice in choices:
            for leaf in self.leaves(state, forced, counts, choice):
                now = seen
                for s in leaf.steps:
                    now = self.eval.seen_after(now, s.after, s.events)
                child = self.node(leaf.state, now, leaf.forced, leaf.seen, left)
                node.moves.append(Move(choice, leaf.draws, leaf.probability,
                                       tuple(StepDone(s.name, s.clauses, s.sentence, s.choice)
                                             for s in leaf.steps), child))
        node.value, node.possible = _value(node)


def _value(node: Node) -> tuple[Fraction, bool]:
    """The goal side's best choice against the worst answer, chance averaged; and whether any move
    leads to a line that reaches the goal."""
    possible = any(m.child.possible for m in node.moves)
    parts = split(node)
    if not parts:
        return Fraction(0), possible
    best = best_part(node)
    assert best is not None
    return min(expected(ms) for ms in parts[best].values()), possible


def explore(game: Game, goal: str, *, depth: int = 2, side: Sequence[str] | str | None = None,
            chance: str = "averaged", max_positions: int = DEFAULT_MAX_POSITIONS) -> Exploration:
    """Search from ``game``'s current state (the game itself is left as it is): can ``side`` (the
    goal's player for ``PLAYER avoids …``, else the first player) reach ``goal`` within ``depth``
    decisions? See :mod:`hisoutab.explorer` for the goal language."""
    if not isinstance(game, Game):
        raise InputError(f"explore({type(game).__name__}): expected a Game", field="game")
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_DEPTH:
        raise InputError(f"{depth!r}: expected a whole number of decisions 0..{MAX_DEPTH}", field="--depth")
    if chance not in CHANCE_MODES:
        raise InputError(f"{chance!r}: expected one of {', '.join(CHANCE_MODES)}", field="--chance")
    if isinstance(max_positions, bool) or not isinstance(max_positions, int) or max_positions < 1:
        raise InputError(f"{max_positions!r}: expected a whole number ≥ 1", field="--max-positions")
    parsed = parse_goal(goal, ruleset=game.ruleset, state=game.state, players=game.players)
    sides = _side(game, parsed, side)
    search = Search(game, parsed, sides, depth, chance, max_positions)
    forced = tuple(game.chance.forced)
    counts = tuple(sorted((i, game.chance.seen[id(f)]) for i, f in enumerate(forced)
                          if id(f) in game.chance.seen))
    root = search.node(game.state, frozenset(), forced, counts, depth, start=True)
    return Exploration(parsed.text, sides, depth, chance, root, search.positions, search.merged,
                       game.players, game.ruleset.id, parsed.safety)


def _side(game: Game, goal: Goal, side: Sequence[str] | str | None) -> tuple[str, ...]:
    if side is None or side == "" or side == ():
        return (goal.avoider,) if goal.avoider else game.players[:1]
    names = [s.strip() for s in side.split(",")] if isinstance(side, str) else list(side)
    out = []
    for name in names:
        match = next((p for p in game.players if p.lower() == str(name).lower()), None)
        if match is None:
            raise InputError(f"no player {name!r}; players: {', '.join(game.players)}", field="--for")
        out.append(match)
    if goal.avoider and goal.avoider not in out:
        raise InputError(f"the goal says {goal.avoider} avoids it: {goal.avoider} is its side, not "
                         f"{', '.join(out)}", field="--for")
    return tuple(out)
