"""Shared helpers for the test suite."""

from __future__ import annotations

import functools
import gc
import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.decision import Decision
from hisoutab.engine.record import from_dict, to_dict

pytest_plugins = ["pytester"]  # runs pytest itself in this process (the scenario plugin's tests)

# the toy ruleset of tests/toy/ joins the registered rulesets (discovery is lazy: nothing has looked
# for rulesets yet when this runs); the conformance suite and the toy's scenarios use it. Modules
# named from outside (HISOUTAB_PLUGINS=my_game, a game kept elsewhere) join it rather than replace it
_PLUGINS = [m.strip() for m in os.environ.get("HISOUTAB_PLUGINS", "").split(",") if m.strip()]
os.environ["HISOUTAB_PLUGINS"] = ",".join(dict.fromkeys(["tests.toy", *_PLUGINS]))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After each test its garbage is collected and what it leaves alive (the seeded series shared
    by the session, module fixtures, caches) is moved out of the collector's sight (`gc.freeze`):
    a full collection would otherwise walk those millions of objects again and again, which cost
    a sixth of the suite's time. A test still sees the collector work on what it makes."""
    yield
    gc.collect()
    gc.freeze()


def roundtrip(state):
    return from_dict(type(state), to_dict(state))


@functools.lru_cache(maxsize=4)
def seeded_game(seed: int, steps: int, ruleset: str = "hisoutab-0.45.2") -> Game:
    """A random game of ``ruleset`` played for at most ``steps`` steps (shared: do not modify)."""
    game = Game(ruleset, seed=seed)
    game.run(until="end", agents=RandomAgent(seed), max_steps=steps)
    return game


# --------------------------------------------------------------------------- seeded series
@dataclass
class Played:
    """A seeded random game played through ``choose``/``step`` to its end (or ``max_steps``), with the
    decision each step answered and what was wrong with the decisions on the way."""

    game: Game
    decisions: dict[int, Decision] = field(default_factory=dict)  # step index -> decision answered
    problems: list[str] = field(default_factory=list)
    hidden_choices: int = 0  # simultaneous decisions chosen one player at a time


_PLAYED: dict[tuple[Any, ...], Played] = {}


def _key(value: Mapping[str, Any] | None) -> str:
    return json.dumps(dict(value or {}), sort_keys=True, default=str)


def played_series(ruleset: Any, seed: int, options: Mapping[str, Any] | None = None,
                  setup: Mapping[str, Any] | None = None, max_steps: int = 60_000,
                  keep: bool = True) -> Played:
    """The seeded random game of ``ruleset`` (a ruleset or its id) with these options and setup,
    played once per test session and shared by every test that reads it (do not move its cursor).
    ``keep=False`` plays it without keeping it (the long series, read once).
    In a simultaneous decision the players of odd seeds choose one by one (each choice hidden until
    the last), those of even seeds all at once."""
    rid = ruleset if isinstance(ruleset, str) else ruleset.id
    key = (rid, seed, _key(options), _key(setup), max_steps)
    got = _PLAYED.get(key)
    if got is None:
        got = _play(ruleset, seed, options, setup, max_steps)
        if keep:
            _PLAYED[key] = got
    return got


def _play(ruleset: Any, seed: int, options: Mapping[str, Any] | None, setup: Mapping[str, Any] | None,
          max_steps: int) -> Played:
    game = Game(ruleset, seed=seed, options=options, setup=dict(setup) if setup else None)
    out = Played(game)
    agent = RandomAgent(seed)
    problem = out.problems.append
    while not game.over and len(game.history) < max_steps:
        decision = game.pending
        if decision is None:
            game.step()
            continue
        out.decisions[len(game.history)] = decision
        for player, opts in zip(decision.players, decision.options, strict=True):
            labels = [o.label for o in opts]
            if not labels:
                problem(f"seed {seed}: {player} has no option in {decision.kind}")
            elif len(set(labels)) != len(labels):
                problem(f"seed {seed}: duplicate labels {labels}")
        labels = {p: agent.choose(game.state, decision, p) for p in decision.players}
        if not decision.joint:
            game.choose(labels[decision.player])
        elif seed % 2:
            out.hidden_choices += 1
            for k, p in enumerate(decision.players):
                got = game.choose(labels[p], player=p)
                if k < len(decision.players) - 1 and (
                        got is not None or game.hidden_choices() != decision.players[: k + 1]):
                    problem(f"seed {seed} step {len(game.history)}: {p}'s choice was not kept hidden")
            if got is None:
                problem(f"seed {seed} step {len(game.history)}: the last choice did not step")
        else:
            game.choose(labels)
    return out


def checked_random_steps(ruleset: str, seed: int, max_steps: int,
                         options: Mapping[str, Any] | None = None,
                         keep: bool = True) -> Iterator[tuple[Game, Any]]:
    """The seeded random game of ``ruleset`` (:func:`played_series`: played once per session) step by
    step: yields ``(game, step)`` for each step, ``game`` being the whole game. Asserts every pending
    decision offered options with unique labels and the game ended within ``max_steps``.
    ``keep=False``: the game is not kept for other tests (see :func:`played_series`)."""
    played = played_series(ruleset, seed, options, max_steps=max_steps, keep=keep)
    assert played.problems == [], played.problems
    game = played.game
    assert game.over, f"seed {seed}: no end within {max_steps} steps"
    for step in game.history:
        yield game, step


# --------------------------------------------------------------------------- what series reach
@dataclass
class Reach:
    """What random games reached: cited clauses, steps run, transitions between consecutive steps
    (``"a -> b"``) and event types."""

    clauses: set[str] = field(default_factory=set)
    steps: set[str] = field(default_factory=set)
    transitions: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)

    KINDS: ClassVar[tuple[str, ...]] = ("clauses", "steps", "transitions", "events")

    @classmethod
    def of(cls, game: Game) -> Reach:
        reach = cls()
        last = None
        for step in game.history:
            reach.clauses.update(step.clauses)
            reach.steps.add(step.name)
            if last is not None:
                reach.transitions.add(f"{last} -> {step.name}")
            last = step.name
            reach.events.update(str(e.get("type")) for e in step.events)
        return reach

    def items(self) -> set[tuple[str, str]]:
        return {(kind, x) for kind in self.KINDS for x in getattr(self, kind)}

    def update(self, other: Reach) -> None:
        for kind in self.KINDS:
            getattr(self, kind).update(getattr(other, kind))

    def to_dict(self) -> dict[str, list[str]]:
        return {kind: sorted(getattr(self, kind)) for kind in self.KINDS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reach:
        return cls(**{kind: set(data[kind]) for kind in cls.KINDS})

    def counts(self) -> dict[str, int]:
        return {kind: len(getattr(self, kind)) for kind in self.KINDS}


@dataclass(frozen=True)
class Series:
    """A long seeded series: random games of ``ruleset`` with these seeds, options and setup (the
    setup's defaults where it names none: ``{"players": 4}`` for a series of four-player games)."""

    ruleset: str
    seeds: range | tuple[int, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] = field(default_factory=dict)


#: the long seeded series, by name: each ruleset's with the default setup and options (named by the
#: ruleset id) and those under other options (``<ruleset>@<name>``). The default run plays, of each,
#: the fewest seeds that reach all it reaches; the whole series run under the ``slow`` mark (``make
#: test-long``). What each reaches is recorded in tests/data/reach/<name>.json (scripts/seed-cover.py).
LONG_SERIES: dict[str, Series] = {
    "hisoutab-0.45.2": Series("hisoutab-0.45.2", range(200)),
    "hisoutab-draft": Series("hisoutab-draft", (*range(100), *range(500, 560))),
    "hisoutab-draft@at_once": Series("hisoutab-draft", range(1000, 1015), {"cast.resolve": "at_once"}),
    "hisoutab-draft@later_block_share": Series("hisoutab-draft", range(1000, 1015), {
        "hitlag.marker": "later", "bullet.hit_phase": "block", "gravity.onto_opponent": "share"}),
    "hisoutab-draft@alternatives": Series("hisoutab-draft", range(1000, 1015), {
        "bullet.defense_phase": False, "dash.discards": "all", "immune.scope": "hit", "parry.after": "keep",
        "bullet.trace_diagonal": False, "defense.pay_cost": False, "bullet.hit_in_passing": False,
        "move.diagonal": True, "turn.allow_wait": False, "facing.auto": False, "setup.first_player": "p2",
        "timeline.special_every": 2, "spirit.max": 8}),
    "recast-rift": Series("recast-rift", range(300)),
    # every option at its alternative reading, in three groups that play well together
    "recast-rift@a1-11": Series("recast-rift", range(500, 508), {
        "a2.card_type": "implied", "a3.start_life": 7, "a4.hand_size": "hidden", "a5.cast_zone": "own",
        "a6.first_player": "P2", "a6.first_draw": "skip", "a7.lift_step": "both",
        "a8.normal_options": "once", "a9.may_pass": False, "a10.face_down_lift": "always",
        "a11.principles": "four"}),
    "recast-rift@a12-20": Series("recast-rift", range(500, 508), {
        "a12.text_attack": "queued", "a13.preempts": "any", "a14.short_hand": "no_damage",
        "a15.bar_and_zero": "same", "a16.chooser": "turn_player", "a17.graze_check": "optional",
        "a18.other_drawn": "face_down", "a19.graze_draw": "one_by_one", "a20.deploy_chooser": "controller"}),
    "recast-rift@a21-30": Series("recast-rift", range(500, 508), {
        "a21.deploy_damage": "graze", "a22.lift_space": "before", "a23.zero_capacity": "two",
        "a24.awakening": "automatic", "a25.while_awakened": "any_time", "a26.win_check": "end_of_processing",
        "a27.cleanup": "both", "a28.partial_graze": "full_or_none", "a29.raise_into_full": "next_free",
        "a30.zero_deployed": False, "t1.trigger_wait": "text"}),
    "recast-rift@no-abilities": Series("recast-rift", range(500, 508),
                                       {"a1.abilities": "ignored", "a6.first_player": "P1"}),
    "toy-dice-race": Series("toy-dice-race", range(300)),
    "toy-dice-race@dice3": Series("toy-dice-race", range(300, 330), {"dice.count": 3}),
    # by player count (the conformance suite's own games cycle through 1 to 4 players)
    "tamashii@2p": Series("tamashii", range(400), setup={"players": 2}),
    "tamashii@1p": Series("tamashii", range(1000, 1300), setup={"players": 1}),
    "tamashii@4p": Series("tamashii", range(2000, 2300), setup={"players": 4}),
}
REACH_DIR = Path(__file__).parent / "data" / "reach"


def variants(rid: str) -> list[str]:
    """The names of the long series of ``rid`` under other options."""
    return [name for name, series in LONG_SERIES.items() if series.ruleset == rid and series.options]


def recorded_reach(name: str) -> tuple[Reach, tuple[int, ...]]:
    """What the long series ``name`` reaches and the fewest of its seeds that reach it all (the
    seeds the default run plays), as written by scripts/seed-cover.py."""
    data = json.loads((REACH_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return Reach.from_dict(data["reach"]), tuple(data["cover"])


def cover_seeds(name: str) -> tuple[int, ...]:
    """The seeds of the default run for the series ``name``: the smallest set found that reaches
    everything the whole series reaches."""
    return recorded_reach(name)[1]


def other_seeds(name: str) -> list[int]:
    """The seeds of the series ``name`` the default run does not play (the ``slow`` tests do)."""
    cover = set(cover_seeds(name))
    return [s for s in LONG_SERIES[name].seeds if s not in cover]


def greedy_cover(reaches: Mapping[int, Reach]) -> tuple[int, ...]:
    """A small set of seeds (greedy set cover, the lowest seed on ties) whose games together reach
    everything the games of all ``reaches`` reach."""
    items = {seed: r.items() for seed, r in reaches.items()}
    left = set().union(*items.values())
    chosen: list[int] = []
    while left:
        best = max(sorted(items), key=lambda s: len(items[s] & left))
        chosen.append(best)
        left -= items[best]
    return tuple(sorted(chosen))


@pytest.fixture
def new_game():
    def make(seed: int = 0, **kw) -> Game:
        return Game("hisoutab-0.45.2", seed=seed, **kw)
    return make
