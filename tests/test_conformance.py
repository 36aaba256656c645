"""One conformance suite over every registered ruleset: the contract and its declarations, seeded
random playouts checked step by step, the clauses of the rules reference, views and hidden
information, forced chance, every presentation path, every command and the workbench.

It is parametrized over :func:`hisoutab.engine.ruleset.all_rulesets` — the HisouTab rulesets and the
toy of ``tests/toy/`` (registered through ``HISOUTAB_PLUGINS`` in conftest) — so a ruleset is checked
as soon as it is registered. A ruleset with a recorded long series plays the fewest seeds that reach
all it reaches (tests/data/reach/, shared with its own tests); HisouTab games are long (a 0.45.2 game
runs some 3,500 steps): see ``SERIES``, ``GAMES`` and ``REACH``.
"""

from __future__ import annotations

import functools
import io
import json
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from hisoutab import Game, RandomAgent
from hisoutab.cli.main import main
from hisoutab.engine.agents import Agent
from hisoutab.engine.bench import random_stats
from hisoutab.engine.chance import KINDS
from hisoutab.engine.contract import HIDDEN_CARD, check_contract, check_result, reference_clauses
from hisoutab.engine.decision import Decision
from hisoutab.engine.errors import InputError
from hisoutab.engine.playouts import playouts
from hisoutab.engine.record import replace, to_dict
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.engine.visibility import rng_fields
from hisoutab.presentation import (
    CardFace,
    PhaseGraph,
    StatePicture,
    StepView,
    SubsetChoice,
    clause_url,
    explainers,
    presentation_for,
    state_diff,
    state_text,
)
from hisoutab.scenarios import capture, load_scenario, load_scenario_text

from .conftest import LONG_SERIES, cover_seeds, played_series, roundtrip

RULESETS: dict[str, Any] = all_rulesets()
IDS = list(RULESETS)

#: the seeded random games each ruleset plays with every step checked: for a ruleset with a recorded
#: long series (tests/data/reach/), the fewest seeds that reach all it reaches (at most ``GAMES``) —
#: the games its own tests play too, shared (tests/conftest.py:played_series) — otherwise
#: ``DEFAULT_GAMES`` seeds
GAMES = {"hisoutab-0.45.2": 3}  # a 0.45.2 game runs some 3,500 steps
SERIES: dict[str, tuple[int, ...]] = {rid: cover_seeds(rid)[:GAMES.get(rid)] for rid in RULESETS
                                      if rid in LONG_SERIES and rid != "toy-dice-race"}
DEFAULT_GAMES = 30
#: (first seed, games) of the random games that must reach every clause (the ``slow`` test): the
#: long series of tests/test_content.py (0.45.2) and tests/test_draft_playouts.py (the draft)
REACH = {"hisoutab-0.45.2": (0, 120), "hisoutab-draft": (500, 60)}
DEFAULT_REACH = (0, 300)
MAX_STEPS = 60_000
ROUNDTRIP_EVERY = 11  # to_dict / from_dict of every 11th state (and the last)
VIEW_EVERY = 29  # every player's view of every 29th state
STEP = 12  # where the commands stop a seeded game


def known_ids(rs: Any) -> set[str]:
    """Every ID a step may cite: the clause table, and the readings the options name."""
    return set(rs.clauses) | set(getattr(rs, "readings", {}) or {})


def setups(rs: Any) -> list[dict[str, Any]]:
    """The default setup, and — for a setup with a ``players`` count — each allowed count."""
    out: list[dict[str, Any]] = [{}]
    if "players" in getattr(rs.setup_schema, "model_fields", {}):
        caps = rs.capabilities
        out += [{"players": n} for n in range(caps.min_players, caps.max_players + 1)]
    return out


def player_records(rs: Any, state: Any) -> tuple[Any, ...]:
    records = getattr(rs, "player_records", None)
    return tuple(records(state)) if records else tuple(getattr(state, "players", ()))


# --------------------------------------------------------------------------- views
def view_problems(rs: Any, ctx: Any, state: Any, player: str) -> list[str]:
    """How ``player``'s view of ``state`` breaks the declared zones' visibility: a card of another
    player's ``owner`` zone or of a ``hidden`` zone that shows, a count that changed, a visible zone
    or any other field that differs."""
    view = rs.view(ctx, state, player)
    problems = []
    if type(view) is not type(state):
        return [f"the view of {player} is a {type(view).__name__}, not a {type(state).__name__}"]
    card_zones = [z for z in rs.zones if z.holds_cards]
    pairs: list[tuple[str | None, Any, Any]] = [(None, state, view)]
    pairs += [(s.name, s, v) for s, v in zip(player_records(rs, state), player_records(rs, view),
                                             strict=True)]
    for owner, srec, vrec in pairs:
        for z in card_zones:
            if (z.owner == "shared") != (owner is None):
                continue
            real, seen = getattr(srec, z.attr), getattr(vrec, z.attr)
            masked = z.visibility == "hidden" or (z.visibility == "owner" and owner != player)
            if not masked:
                ok = seen == real
            elif z.kind == "grid":
                ok = grid_masked(z, real, seen)
            elif z.kind == "card":
                ok = seen == (HIDDEN_CARD if real else real)
            else:
                ok = len(seen) == len(real) and all(c == HIDDEN_CARD for c in seen)
            if not ok:
                problems.append(f"{player} sees {owner or 'shared'}.{z.name} as {seen!r} (it is {real!r})")
    # with the card zones put back, the view is the state: nothing else was changed
    pfield = getattr(rs, "players_field", "players")
    back = {z.attr: getattr(state, z.attr) for z in card_zones if z.owner == "shared"}
    # the random-number state and the agenda's hidden cards are hidden too (tests/test_leaks.py)
    back.update({f: getattr(state, f) for f in rng_fields(rs) if hasattr(state, f)})
    if hasattr(state, "agenda"):
        back["agenda"] = state.agenda
    if hasattr(view, pfield):
        back[pfield] = tuple(
            replace(v, **{z.attr: getattr(s, z.attr) for z in card_zones if z.owner == "player"})
            for s, v in zip(player_records(rs, state), player_records(rs, view), strict=True))
    if replace(view, **back) != state:
        problems.append(f"{player}'s view changes more than the cards of the masked zones")
    return problems


def grid_masked(zone: Any, real: Any, seen: Any) -> bool:
    """Whether ``seen`` is the grid ``real`` with each hidden cell's card shown as ``"?"``: every
    row and cell in place, empty cells and face-up cells (``face_attr``) unchanged."""
    if len(seen) != len(real) or any(len(a) != len(b) for a, b in zip(seen, real, strict=True)):
        return False
    for srow, rrow in zip(seen, real, strict=True):
        for scell, rcell in zip(srow, rrow, strict=True):
            if not zone.cell_card(rcell) or zone.face_up(rcell):
                if scell != rcell:
                    return False
            elif zone.cell_card(scell) != HIDDEN_CARD or (zone.card_attr and not isinstance(rcell, str) and (
                    replace(scell, **{zone.card_attr: zone.cell_card(rcell)}) != rcell)):
                return False
    return True


# --------------------------------------------------------------------------- checked playouts
@dataclass
class Observed:
    """What the checked random games of one ruleset showed."""

    games: int = 0
    steps: int = 0
    joint: int = 0  # simultaneous decisions met
    chance: Counter[str] = field(default_factory=Counter)  # chance events by kind
    masked_views: int = 0  # views that differed from the state
    views: int = 0
    players: set[int] = field(default_factory=set)
    results: Counter[str] = field(default_factory=Counter)
    hashes: dict[tuple[int, str], str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def series_seeds(rid: str) -> tuple[int, ...]:
    return SERIES.get(rid, tuple(range(DEFAULT_GAMES)))


def check_decision(rs: Any, game: Game, state: Any, decision: Decision, where: str,
                   problem: Any) -> None:
    """``decision``, pending in ``state``, is the top step's and offers each player unique labels."""
    frame = state.agenda[-1]
    sd = rs.flow.steps[frame[0]]
    if decision.step != sd.name:
        problem(f"{where}: the decision names step {decision.step}, the agenda {sd.name}")
    if not set(decision.clauses) <= set(sd.clauses):
        problem(f"{where}: decision clauses {decision.clauses} not declared by {sd.name}")
    if len(set(decision.players)) != len(decision.players) or not set(decision.players) <= set(
            game.players):
        problem(f"{where}: deciding players {decision.players} (players {game.players})")
    for player, opts in zip(decision.players, decision.options, strict=True):
        labels = [o.label for o in opts]
        if not labels or len(set(labels)) != len(labels):
            problem(f"{where}: {player}'s options {labels}")


def check_step(rs: Any, game: Game, step: Any, obs: Observed, where: str) -> None:
    problem = obs.problems.append
    here = f"{where} step {step.index} {step.name}"
    sd = rs.flow.steps[step.name]
    if not step.clauses or not set(step.clauses) <= set(sd.clauses):
        problem(f"{here}: cites {step.clauses}, declares {sd.clauses}")
    unknown = set(step.clauses) - known_ids(rs)
    if unknown:
        problem(f"{here}: cites {sorted(unknown)}, not in the clause table")
    for e in step.events:
        if e.get("type") == "chance":
            obs.chance[e["kind"]] += 1
            if e["kind"] not in sd.chance or e.get("forced"):
                problem(f"{here}: chance event {e} (the step declares {sd.chance})")
    after = step.after
    problems = rs.invariants(game.ctx, after)
    if problems:
        problem(f"{here}: {problems}")
    if after.agenda:
        nxt = after.agenda[-1][0]
        if nxt not in {e.to for e in sd.next}:
            problem(f"{here}: undeclared transition {step.name} -> {nxt}")
    if step.index % ROUNDTRIP_EVERY == 0:
        if roundtrip(after) != after:
            problem(f"{here}: to_dict/from_dict changes the state")
        json.dumps(step.to_dict())
        time, actor = rs.turn_info(after)
        if not isinstance(time, int) or not isinstance(actor, str):
            problem(f"{here}: turn_info gives {(time, actor)!r}")
    if step.index % VIEW_EVERY == 0:
        for p in game.players:
            obs.views += 1
            obs.masked_views += rs.view(game.ctx, after, p) != after
            for text in view_problems(rs, game.ctx, after, p):
                problem(f"{here}: {text}")


def play_checked(rs: Any, seed: int, setup: Mapping[str, Any], obs: Observed) -> Game:
    """A seeded random game played through ``step``/``choose`` (once per session: the shared
    :func:`~tests.conftest.played_series`) with every step checked. In a simultaneous decision the
    players of odd seeds choose one by one (hidden until the last)."""
    played = played_series(rs, seed, setup=setup, max_steps=MAX_STEPS)
    game = played.game
    where = f"{rs.id} seed {seed} {dict(setup) or ''}".strip()
    problem = obs.problems.append
    obs.players.add(len(game.players))
    obs.joint += sum(d.joint for d in played.decisions.values())
    for text in played.problems:
        problem(f"{where}: {text}")
    if not game.over:
        problem(f"{where}: no end within {MAX_STEPS} steps")
    for step in game.history:
        decision = played.decisions.get(step.index)
        if decision is not None:
            check_decision(rs, game, step.before, decision, f"{where} at step {step.index}", problem)
        check_step(rs, game, step, obs, where)
    result = game.result()
    if game.over:
        if not result.over or (result.kind == "win" and result.winner not in game.players):
            problem(f"{where}: the game is over but the result is {result}")
        obs.results[result.kind] += 1
    if roundtrip(game.state) != game.state:
        problem(f"{where}: to_dict/from_dict changes the last state")
    obs.games += 1
    obs.steps += len(game.history)
    obs.hashes[(seed, json.dumps(dict(setup), sort_keys=True))] = game.log_hash()
    return game


@functools.cache
def observed(rid: str) -> Observed:
    """The checked random games of ``rid`` (played once, shared by the tests that read them)."""
    rs = RULESETS[rid]
    obs = Observed()
    plans = setups(rs)
    for seed in series_seeds(rid):
        play_checked(rs, seed, plans[seed % len(plans)], obs)
    return obs


def played(rid: str, seed: int = 1, steps: int | None = None, **kw: Any) -> Game:
    game = Game(RULESETS[rid], seed=seed, **kw)
    game.run(until="end", agents=RandomAgent(seed), max_steps=steps or MAX_STEPS)
    return game


@functools.cache
def sample_game(rid: str) -> Game:
    """One whole seeded random game (shared: do not move its cursor)."""
    return played(rid, seed=1)


def sample_states(rid: str, n: int = 6) -> Iterator[tuple[int, Any]]:
    """(step index, state) at ``n`` points along the sample game, the start and the end included."""
    history = sample_game(rid).history
    picks = sorted({round(k * len(history) / (n - 1)) for k in range(n)})
    for k in picks:
        yield k, history[k - 1].after if k else sample_game(rid).initial


# =========================================================================== the contract
@pytest.mark.parametrize("rid", IDS)
def test_the_contract_is_kept(rid: str) -> None:
    rs = RULESETS[rid]
    assert check_contract(rs) == []
    assert rs.id == rid and rs.title
    flow = rs.flow
    assert flow.start in flow.steps
    for sd in flow.steps.values():
        assert sd.doc, f"step {sd.name} has no docstring"
        assert not flow.phases or sd.phase in flow.phases, sd.name
        assert sd.clauses, f"step {sd.name} declares no clause"
        assert set(sd.clauses) <= known_ids(rs), (sd.name, set(sd.clauses) - known_ids(rs))
        assert set(sd.chance) <= set(KINDS), (sd.name, sd.chance)
    readings = known_ids(rs)
    for option in rs.options:
        assert option.reading in readings, (option.name, option.reading)
        assert option.validate(option.default) == option.default
    names = [z.name for z in rs.zones]
    assert len(set(names)) == len(names)
    game = Game(rs, seed=0)
    caps = rs.capabilities
    assert caps.min_players <= len(game.players) <= caps.max_players
    assert len(set(game.players)) == len(game.players)
    assert tuple(rs.player_names(game.ctx)) == game.players
    assert isinstance(rs.state_type, type) and isinstance(game.state, rs.state_type)
    assert not rs.result(game.state).over
    assert rs.invariants(game.ctx, game.state) == []
    assert json.dumps(rs.capabilities.to_dict())


@pytest.mark.parametrize("rid", IDS)
def test_every_setup_the_schema_allows_has_the_declared_players(rid: str) -> None:
    rs = RULESETS[rid]
    caps = rs.capabilities
    for setup in setups(rs):
        game = Game(rs, seed=3, setup=setup)
        assert caps.min_players <= len(game.players) <= caps.max_players
        if "players" in setup:
            assert len(game.players) == setup["players"]
    if len(setups(rs)) > 1:
        for bad in (caps.min_players - 1, caps.max_players + 1):
            with pytest.raises(InputError):
                Game(rs, seed=3, setup={"players": bad})


# =========================================================================== random playouts
@pytest.mark.parametrize("rid", IDS)
def test_random_playouts_keep_the_contract(rid: str) -> None:
    """Invariants at every step, cited ⊆ declared clauses, declared transitions, round trips, views,
    an end in every game."""
    obs = observed(rid)
    assert obs.problems == []
    assert obs.games == len(series_seeds(rid))
    assert sum(obs.results.values()) == obs.games, "a game did not end"


@pytest.mark.parametrize("rid", IDS)
def test_capabilities_match_what_random_games_show(rid: str) -> None:
    rs = RULESETS[rid]
    caps = rs.capabilities
    obs = observed(rid)
    assert (obs.joint > 0) == caps.simultaneous, f"{obs.joint} simultaneous decisions"
    assert (sum(obs.chance.values()) > 0) == caps.chance, dict(obs.chance)
    declared = {k for sd in rs.flow.steps.values() for k in sd.chance}
    assert set(obs.chance) <= declared
    assert obs.views and (obs.masked_views > 0) == caps.hidden_information, obs.masked_views
    assert all(caps.min_players <= n <= caps.max_players for n in obs.players), obs.players


@pytest.mark.parametrize("rid", IDS)
def test_the_same_seed_gives_the_same_game(rid: str) -> None:
    """Determinism: ``run`` with a seeded agent gives the log of the checked game of that seed
    (played through ``step``/``choose``), twice; another seed gives another game."""
    obs = observed(rid)
    for seed in series_seeds(rid)[:max(2, len(setups(RULESETS[rid])))]:
        setup = setups(RULESETS[rid])[seed % len(setups(RULESETS[rid]))]
        want = obs.hashes[(seed, json.dumps(setup, sort_keys=True))]
        assert played(rid, seed, setup=setup).log_hash() == want
        assert played(rid, seed, setup=setup).log_hash() == want
    if RULESETS[rid].capabilities.chance:
        assert played(rid, 7).log_hash() != played(rid, 8).log_hash()


# =========================================================================== clauses
def _reference(rs: Any) -> list[str]:
    if getattr(rs, "reference", None) is None:
        pytest.skip(f"{rs.id} has no rules reference")
    return reference_clauses(rs.reference)


@pytest.mark.parametrize("rid", IDS)
def test_every_reference_clause_is_in_the_table_and_cited_by_a_step(rid: str) -> None:
    rs = RULESETS[rid]
    ids = _reference(rs)
    assert ids, f"{rs.reference} has no **[ID]** marker"
    assert [c for c in ids if c not in rs.clauses] == []
    assert [c for c in rs.clauses if c not in ids] == []
    index = rs.flow.clause_index()
    assert [c for c in ids if c not in index] == []


@pytest.mark.slow
@pytest.mark.parametrize("rid", IDS)
def test_random_games_reach_every_reference_clause(rid: str) -> None:
    rs = RULESETS[rid]
    ids = _reference(rs)
    seed, games = REACH.get(rid, DEFAULT_REACH)
    stats = random_stats(rid, games=games, seed=seed, max_steps=MAX_STEPS)
    assert stats["unfinished"] == 0
    missing = {c for c in stats["never_cited"] if c in ids}
    for setup in setups(rs)[1:]:  # every player count: a few games each
        missing -= cited_in(rid, range(seed, seed + EXTRA_SETUP_GAMES), setup=setup)
    for options in reached_with_sets(rs):  # the clauses an option switches on
        missing -= cited_in(rid, range(seed, seed + REACHED_WITH_GAMES), options=options)
    assert sorted(missing) == []


#: seeded games played per extra player count, and per option set of ``reached_with``, in the reach check
EXTRA_SETUP_GAMES = 4
REACHED_WITH_GAMES = 30


def reached_with_sets(rs: Any) -> list[dict[str, Any]]:
    """The distinct option sets a ruleset's ``reached_with`` declares."""
    out: list[dict[str, Any]] = []
    for options in dict(getattr(rs, "reached_with", {}) or {}).values():
        if dict(options) not in out:
            out.append(dict(options))
    return out


def cited_in(rid: str, seeds: Any, **game_kw: Any) -> set[str]:
    """The clauses cited by seeded random games of ``rid`` (each must end)."""
    cited: set[str] = set()
    for game in playouts(rid, seeds, max_steps=MAX_STEPS, **game_kw):
        assert game.over, f"{rid} seed {game.seed} {game_kw}: no end within {MAX_STEPS} steps"
        for step in game.history:
            cited.update(step.clauses)
    return cited


@pytest.mark.slow
@pytest.mark.parametrize("rid", IDS)
def test_a_clause_reached_with_an_option_is_reached_with_it(rid: str) -> None:
    """Each ``reached_with`` declaration is true: random games under those options cite the clause."""
    rs = RULESETS[rid]
    declared = dict(getattr(rs, "reached_with", {}) or {})
    if not declared:
        pytest.skip(f"{rid} declares no clause reached only with an option")
    for clause, options in declared.items():
        assert clause in cited_in(rid, range(REACHED_WITH_GAMES), options=dict(options)), (
            f"{clause}: no random game with {dict(options)} cites it")


# =========================================================================== views
class ObservingAgent(Agent):
    """A random agent that looks at what it is shown, and checks it is the player's view."""

    name = "observer"
    observes = True

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.inner = RandomAgent(seed)
        self.seen = 0
        self.masked = 0
        self.problems: list[str] = []

    def choose(self, state: Any, decision: Decision, player: str) -> str:
        game = self.game
        self.seen += 1
        if state != game.ruleset.view(game.ctx, game.state, player):
            self.problems.append(f"step {len(game.history)}: {player} was not shown their view")
        self.masked += state != game.state
        return self.inner.choose(state, decision, player)


@pytest.mark.parametrize("rid", IDS)
def test_views_hide_what_a_player_cannot_see(rid: str) -> None:
    rs = RULESETS[rid]
    game = sample_game(rid)
    for k, state in sample_states(rid):
        for p in game.players:
            assert view_problems(rs, game.ctx, state, p) == [], f"after step {k}"
        assert rs.view(game.ctx, state, None) == state
    assert game.view() == game.state
    with pytest.raises(InputError):
        game.view("nobody")


@pytest.mark.parametrize("rid", IDS)
def test_an_observing_agent_is_shown_the_players_view(rid: str) -> None:
    rs = RULESETS[rid]
    masked = 0
    for setup in setups(rs):  # every player count the setup allows: one game each
        game = Game(rs, seed=2, setup=setup)
        agent = ObservingAgent(game, 2)
        game.run(until="end", agents=agent, max_steps=3000)
        assert agent.seen and agent.problems == [], setup
        masked += agent.masked
    assert (masked > 0) == rs.capabilities.hidden_information


def grid_zones(rs: Any) -> list[Any]:
    return [z for z in rs.zones if z.kind == "grid"]


@pytest.mark.parametrize("rid", IDS)
def test_views_mask_grids_cell_by_cell(rid: str) -> None:
    """A grid that is not public shows each hidden cell's card as "?" in a player's view, in its
    place; a face-up cell (``face_attr``) and an empty one stay as they are; the ledger counts the
    grid's cards (they are among the zone's cards)."""
    rs = RULESETS[rid]
    grids = [z for z in grid_zones(rs) if z.visibility != "public"]
    if not grids:
        pytest.skip(f"{rid} declares no hidden grid")
    game = sample_game(rid)
    hidden = shown = 0
    for _, state in sample_states(rid, n=8):
        for z in grids:
            holders = [state] if z.owner == "shared" else list(player_records(rs, state))
            for k, holder in enumerate(holders):
                cells = dict(z.cells(holder))
                assert tuple(cells.values()) == z.cards(holder)
                for p in game.players:
                    view = rs.view(game.ctx, state, p)
                    seen_holder = view if z.owner == "shared" else player_records(rs, view)[k]
                    masked = z.visibility == "hidden" or getattr(holder, "name", None) != p
                    seen = dict(z.cells(seen_holder))
                    assert seen.keys() == cells.keys()
                    rows = getattr(holder, z.attr)
                    for (r, c), card in cells.items():
                        if masked and not z.face_up(rows[r][c]):
                            assert seen[(r, c)] == HIDDEN_CARD
                            hidden += 1
                        else:
                            assert seen[(r, c)] == card
                            shown += 1
    assert hidden, "no hidden cell was met"
    if any(z.face_attr for z in grids):
        assert shown, "no face-up cell was met"


@pytest.mark.parametrize("rid", IDS)
def test_results_keep_the_contract(rid: str) -> None:
    """Every result is a known outcome with a winner exactly for a win; a co-operative ruleset
    ends in victory, defeat or a draw, a competitive one in a win or a draw; the JSON form names
    the outcome."""
    rs = RULESETS[rid]
    game = sample_game(rid)
    for k, state in sample_states(rid):
        result = rs.result(state)
        assert check_result(rs, result, game.players) == [], f"after step {k}"
        d = result.to_dict()
        assert d["outcome"] == result.kind and json.dumps(d)
        assert d["winner"] == (result.winner if result.kind == "win" else None)
    allowed = ({"victory", "defeat", "draw"} if rs.capabilities.cooperative else {"win", "draw"})
    assert set(observed(rid).results) <= allowed, observed(rid).results


@pytest.mark.parametrize("rid", IDS)
def test_random_games_play_every_player_count(rid: str) -> None:
    rs = RULESETS[rid]
    caps = rs.capabilities
    counts = {s["players"] for s in setups(rs) if "players" in s}
    if not counts:
        pytest.skip(f"{rid}: the setup fixes the players")
    assert counts == set(range(caps.min_players, caps.max_players + 1))
    assert observed(rid).players == counts


# =========================================================================== forced chance
def first_chance_events(game: Game) -> dict[str, tuple[int, dict[str, Any]]]:
    """The first chance event of each kind: (the index of its step, the event)."""
    out: dict[str, tuple[int, dict[str, Any]]] = {}
    for step in game.history:
        for e in step.events:
            if e.get("type") == "chance":
                out.setdefault(e["kind"], (step.index, e))
    return out


def shuffled_list(game: Game, index: int, event: dict[str, Any]) -> tuple[str, list[Any]] | None:
    """(path, new order) of the list the shuffle of step ``index`` reordered in place, when the
    state shows one (a list of the event's length whose items stayed the same)."""
    step = game.history[index]
    names = list(game.players)
    candidates = []
    for path, old, new in state_diff(step.before, step.after):
        if (isinstance(old, list) and isinstance(new, list) and len(new) == event["outcome"] >= 2
                and sorted(map(repr, old)) == sorted(map(repr, new)) and old != new):
            candidates.append((path, new))
    player = event.get("player")
    if player in names:  # the list of that player's record, when the shuffle names a player
        mine = [c for c in candidates if f"[{names.index(player)}]" in c[0]]
        candidates = mine or candidates
    return candidates[0] if candidates else None


def forced_value(game: Game, index: int, event: dict[str, Any]) -> tuple[Any, Any]:
    """A forced value for ``event`` other than its outcome, and what the step then shows."""
    kind, outcome = event["kind"], event["outcome"]
    if kind == "die":
        face = 1 if outcome != 1 else 2
        return face, face
    if kind == "pick":
        other = next((p for p in game.players if p != outcome), None)
        if outcome not in game.players or other is None:
            pytest.skip(f"no other outcome known for the pick of {event['what']}")
        return other, other
    if kind == "draw":  # an unordered draw (a bag): another item of the collection it came from
        before = game.history[index].before
        for z in game.ruleset.zones:
            if z.kind != "cards" or z.ordered:
                continue
            holders = [before] if z.owner == "shared" else list(player_records(game.ruleset, before))
            for holder in holders:
                cards = z.cards(holder)
                other = next((c for c in cards if c != outcome), None)
                if outcome in cards and other is not None:
                    return other, other
        pytest.skip(f"no other item known for the draw of {event['what']}")
    found = shuffled_list(game, index, event)
    if found is None:
        return [], None  # an empty forced order: the shuffled order stands
    path, order = found
    return [order[-1]], (path, order[-1])


@pytest.mark.parametrize("rid", IDS)
def test_a_forced_outcome_changes_that_event_and_nothing_else(rid: str) -> None:
    """``game.chance.force`` changes the next matching chance event, which says it was forced; the
    generator stream is the same as in the unforced game."""
    rs = RULESETS[rid]
    if not rs.capabilities.chance:
        pytest.skip(f"{rid} has no chance")
    seed = 1
    unforced = sample_game(rid)
    events = first_chance_events(unforced)
    assert events
    for kind, (index, event) in events.items():
        game = Game(rs, seed=seed)
        agent = RandomAgent(seed)
        if index:
            game.run(until="end", agents=agent, max_steps=index)
        assert [s.line() for s in game.history] == [s.line() for s in unforced.history[:index]]
        value, shows = forced_value(unforced, index, event)
        game.chance.force(kind, value, player=event.get("player"))
        [step] = game.run(until="end", agents=agent, max_steps=1)
        base = unforced.history[index]
        assert step.name == base.name
        forced = [e for e in step.events if e.get("type") == "chance" and e["kind"] == kind]
        assert forced and forced[0]["forced"] is True and forced[0]["what"] == event["what"], forced
        assert game.chance.forced == [] and len(game.chance.used) == 1
        if kind in ("die", "pick", "draw"):
            assert forced[0]["outcome"] == shows != event["outcome"]
        elif shows is not None:
            path, first = shows
            changed = state_diff(base.after, step.after)
            assert [c[0] for c in changed] == [path], changed
            assert changed[0][2][0] == first
        if hasattr(step.after, "rng"):
            assert step.after.rng == base.after.rng, "forcing moved the generator"
        assert rs.invariants(game.ctx, step.after) == []


def hidden_piles(rs: Any, state: Any) -> Iterator[tuple[str | None, str, tuple[str, ...]]]:
    """(owner, zone name, cards) of every hidden ordered pile (a deck) in ``state``."""
    for z in rs.zones:
        if z.kind == "cards" and z.ordered and z.visibility == "hidden":
            if z.owner == "shared":
                yield None, z.name, tuple(getattr(state, z.attr))
            else:
                for p in player_records(rs, state):
                    yield p.name, z.name, tuple(getattr(p, z.attr))


def first_draw(rs: Any, game: Game) -> tuple[int, str | None, str, str] | None:
    """(step index, owner, pile, card) of the first step that declares draws and drew from a hidden
    pile, with a card the draw left in the pile."""
    drawing = {n for n, sd in rs.flow.steps.items() if "draw" in sd.chance}
    for step in game.history:
        if step.name not in drawing:
            continue
        before = {(o, z): cards for o, z, cards in hidden_piles(rs, step.before)}
        for owner, zone, cards in hidden_piles(rs, step.after):
            if cards and len(cards) < len(before[(owner, zone)]):
                return step.index, owner, zone, cards[-1]
    return None


@pytest.mark.parametrize("rid", IDS)
def test_a_forced_draw_takes_the_named_card(rid: str) -> None:
    rs = RULESETS[rid]
    unforced = sample_game(rid)
    found = first_draw(rs, unforced)
    if found is None:
        pytest.skip(f"{rid} draws from no hidden pile in its sample game")
    index, owner, zone, card = found
    game = Game(rs, seed=1)
    agent = RandomAgent(1)
    if index:
        game.run(until="end", agents=agent, max_steps=index)
    game.chance.force("draw", card, player=owner)
    [step] = game.run(until="end", agents=agent, max_steps=1)
    draws = [e for e in step.events if e.get("type") == "chance" and e["kind"] == "draw"]
    assert draws and draws[0]["forced"] is True and draws[0]["outcome"] == card, step.events
    left = {(o, z): cards for o, z, cards in hidden_piles(rs, step.after)}
    assert card not in left[(owner, zone)]
    assert game.chance.forced == []
    if hasattr(step.after, "rng"):
        assert step.after.rng == unforced.history[index].after.rng
    assert rs.invariants(game.ctx, step.after) == []


# =========================================================================== presentation
def _xml(text: str | bytes) -> ET.Element:
    return ET.fromstring(text)


@pytest.mark.parametrize("rid", IDS)
def test_state_pictures_and_terminal_text_render(rid: str) -> None:
    game = sample_game(rid)
    player = game.players[0]
    for _, state in sample_states(rid, 5):
        for picture in (StatePicture(game, state), StatePicture(game, state, viewer=player),
                        StatePicture(game, state, designer=True)):
            root = _xml(picture.svg)
            assert root.tag.endswith("svg")
            assert picture._repr_html_().startswith("<div")
        for viewer in (None, player):
            console = Console(file=io.StringIO(), width=120)
            console.print(state_text(game, state, viewer=viewer))
            assert console.file.getvalue().strip()  # type: ignore[attr-defined]


@pytest.mark.parametrize("rid", IDS)
def test_graphs_render(rid: str) -> None:
    rs = RULESETS[rid]
    assert _xml(PhaseGraph(rs).pipe("svg")).tag.endswith("svg")
    game = sample_game(rid)
    assert _xml(PhaseGraph.from_game(game).pipe("svg")).tag.endswith("svg")
    found = explainers(rs)
    assert found
    for name, make in found.items():
        for _, state in sample_states(rid, 3):
            assert _xml(make(game, state).pipe("svg")).tag.endswith("svg"), name


@pytest.mark.parametrize("rid", IDS)
def test_step_views_touched_cells_and_clause_links(rid: str) -> None:
    rs = RULESETS[rid]
    game = sample_game(rid)
    pres = presentation_for(rs)
    history = game.history
    for step in history[:: max(1, len(history) // 8)] + [history[-1]]:
        view = StepView(game, step)
        page = view._repr_html_()
        assert step.name in page and "<svg" in page
        assert isinstance(pres.touched(game.ctx, step), tuple)
        for c, url in view.clause_links():
            assert url == pres.clause_url(c) and ("#" in url) == pres.clause_anchors
    for c in rs.clauses:  # a clause of the table links to its own anchor (or its page, if it has none)
        if pres.clause_anchors:
            assert c in clause_url(c, ruleset=rs) and c in pres.clause_url(c)
        else:
            assert pres.clause_url(c) == pres.docs_page()
    assert pres.title(game.ctx, game.state)
    assert isinstance(pres.edits(rs), tuple)


def decision_at(rs: Any, ctx: Any, state: Any) -> Decision | None:
    """The decision ``state`` waits for (None when its next step runs by itself)."""
    if not state.agenda:
        return None
    frame = state.agenda[-1]
    sd = rs.flow.steps[frame[0]]
    return sd.decide(ctx, state, frame) if sd.decide is not None else None


@pytest.mark.parametrize("rid", IDS)
def test_card_hooks_give_words_and_never_raise(rid: str) -> None:
    """cards / card_face / card_name on states of a random game, and option_text / subset_choice on
    its decisions (every kind, a few of each, seen from the whole state and the player's view)."""
    rs = RULESETS[rid]
    game = sample_game(rid)
    pres = presentation_for(rs)
    ctx = game.ctx
    for _, state in sample_states(rid, 6):
        cards = pres.cards(ctx, state)
        assert isinstance(cards, tuple) and all(isinstance(c, str) for c in cards)
        for card in (*cards, HIDDEN_CARD):
            face = pres.card_face(ctx, state, card)
            assert face is None or (isinstance(face, CardFace) and face.name), card
            assert isinstance(pres.card_name(ctx, card), str) and pres.card_name(ctx, card)
    per_kind: Counter[str] = Counter()
    for step in game.history:
        if step.choice is None:
            continue
        decision = decision_at(rs, ctx, step.before)
        if decision is None or per_kind[decision.kind] >= 3:
            continue
        per_kind[decision.kind] += 1
        for player, opts in zip(decision.players, decision.options, strict=True):
            labels = {o.label for o in opts}
            for state in (step.before, rs.view(ctx, step.before, player)):
                for o in opts:
                    text = pres.option_text(ctx, state, decision, player, o)
                    assert isinstance(text, str) and text.strip(), (decision.kind, o.label)
                choice = pres.subset_choice(ctx, state, decision, player)
                if choice is None:
                    continue
                assert isinstance(choice, SubsetChoice) and choice.items
                for values in [(), *((v,) for v, _ in choice.items)]:
                    try:
                        label = choice.label_for(values)
                    except ValueError as exc:
                        assert str(exc), "a refused subset says why"
                        continue
                    assert label in labels, (decision.kind, values, label)
    assert per_kind, "the sample game made no decision"


# =========================================================================== commands
def cli(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=True)
    output = result.output
    assert result.exception is None or (isinstance(result.exception, SystemExit)
                                        and result.exit_code == 0), (args, output, result.exception)
    assert result.exit_code == 0, (args, output)
    assert "Traceback" not in output, (args, output)
    return output


@pytest.mark.parametrize("rid", IDS)
def test_game_commands(rid: str) -> None:
    info = json.loads(cli("play", "--ruleset", rid, "--seed", "1", "--json"))
    assert info["ruleset"] == rid and info["finished"]
    assert info["log_hash"] == sample_game(rid).log_hash()
    last = cli("play", "--ruleset", rid, "--seed", "1").splitlines()[-1]
    verdict = "outcome: " if RULESETS[rid].capabilities.cooperative else "winner: "
    assert last.startswith(verdict + str(info["outcome"] if verdict == "outcome: " else info["winner"]))
    table = json.loads(cli("rules", "--ruleset", rid, "--json"))
    assert table["missing"] == [] and table["ruleset"] == rid
    assert rid in cli("rules", "--ruleset", rid)
    stats = cli("stats", "--ruleset", rid, "--games", "3")
    assert "never_cited" in stats
    bench = json.loads(cli("bench", "--ruleset", rid, "--games", "2", "--no-widgets", "--json"))
    assert bench["games"] == 2 and bench["steps"] > 0


@pytest.mark.parametrize("rid", IDS)
def test_view_commands(rid: str, tmp_path: Path) -> None:
    step = str(STEP)
    for name in ("f.svg", "f.png", "f.html"):
        cli("render", "--ruleset", rid, "--seed", "1", "--step", step, "-o", str(tmp_path / name))
        assert (tmp_path / name).stat().st_size > 0
    _xml((tmp_path / "f.svg").read_bytes())
    assert (tmp_path / "f.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    viewer = sample_game(rid).players[0]
    cli("render", "--ruleset", rid, "--seed", "1", "--end", "--viewer", viewer, "-o",
        str(tmp_path / "v.svg"))
    assert cli("show", "--ruleset", rid, "--seed", "1", "--step", step, "--last", "3").strip()
    cli("graph", "phases", "--ruleset", rid, "-o", str(tmp_path / "g.svg"))
    cli("graph", "priority", "--ruleset", rid, "--seed", "1", "--step", step, "-o",
        str(tmp_path / "p.svg"))
    for name in ("g.svg", "p.svg", "v.svg"):
        _xml((tmp_path / name).read_bytes())


@pytest.mark.parametrize("rid", IDS)
def test_capture_and_scenario_commands(rid: str, tmp_path: Path) -> None:
    file = str(tmp_path / "c.yaml")
    cli("capture", "--ruleset", rid, "--step", str(STEP), "-o", file)
    game = played(rid, seed=0, steps=STEP)
    assert load_scenario(file).start_state == game.state
    assert "PASS" in cli("run", file)
    assert "1 passed" in cli("check", file)
    cli("render", file, "-o", str(tmp_path / "f.svg"))
    _xml((tmp_path / "f.svg").read_bytes())
    assert cli("show", file).strip()


@pytest.mark.parametrize("rid", IDS)
def test_captured_states_load_back_equal(rid: str) -> None:
    game = sample_game(rid)
    for k, state in sample_states(rid, 4):
        at = Game(RULESETS[rid], seed=game.seed, state=state)
        assert load_scenario_text(capture(at)).start_state == state, f"after step {k}"


# =========================================================================== the workbench
@pytest.mark.parametrize("rid", IDS)
def test_the_workbench_constructs_and_steps(rid: str) -> None:
    pytest.importorskip("ipywidgets")
    from hisoutab.widgets import Workbench

    wb = Workbench(Game(RULESETS[rid], seed=1))
    assert wb.game.cursor == 0
    wb.b_step.click()
    assert wb.game.cursor >= 1
    wb.b_forward.click()
    wb.b_back.click()
    assert to_dict(wb.game.state)


# =========================================================================== lines of play and comparisons
def line_scenario(rid: str, tmp_path: Path, choices: int = 3, name: str = "line") -> Path:
    """A scenario file of ``rid``'s standard setup (seed 1) whose script is the first ``choices``
    choices of ``RandomAgent(1)``, stopping at the next decision."""
    import yaml

    game = Game(RULESETS[rid], seed=1)
    agent = RandomAgent(1)
    script: list[Any] = []
    while not game.over and len(script) < choices:
        decision = game.pending
        if decision is None:
            game.step()
            continue
        picked = {p: agent.choose(game.state, decision, p) for p in decision.players}
        script.append(picked if decision.joint else picked[decision.player])
        game.choose(picked if decision.joint else picked[decision.player])
    doc = {"name": f"{rid}: the first choices <of> a seeded game", "ruleset": rid, "seed": 1,
           "description": f"{len(script)} choices of RandomAgent(1) & <script>alert(1)</script>",
           "script": script, "until": "decision"}
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def page_ids(text: str) -> list[str]:
    import re

    return re.findall(r'\bid="([^"]+)"', text)


@pytest.mark.parametrize("rid", IDS)
def test_a_line_of_play_exports_as_a_page(rid: str, tmp_path: Path) -> None:
    """``export html``: the steps with their clauses (a tooltip each, the page being outside the
    repository), each choice with its options, one picture per start / choice / moment / end, ids
    that never clash, escaped text, nothing external, the same bytes twice."""
    import html as html_mod
    import re

    from hisoutab.presentation.line_page import line_shots
    from hisoutab.scenarios import run_file

    file = line_scenario(rid, tmp_path)
    out = tmp_path / "page.html"
    cli("export", "html", str(file), "-o", str(out))
    text = out.read_text(encoding="utf-8")
    game = run_file(file).game
    assert game is not None and game.history
    rs = RULESETS[rid]
    for step in game.history:
        assert f'id="step-{step.index}"' in text and html_mod.escape(step.sentence) in text
        for c in step.clauses:
            assert f">{html_mod.escape(c)}</abbr>" in text
    chosen = [s for s in game.history if s.choice]
    assert text.count('class="hs-step hs-choice') == len(chosen) and text.count("was offered") >= len(chosen)
    shots = line_shots(game)
    assert text.count("<svg") == len(shots) == text.count('<figure id="pic-')
    assert {s.taken for s in shots} >= {0, len(game.history)} | {s.index + 1 for s in chosen}
    ids = page_ids(text)
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1][:5]
    assert "&amp; &lt;script&gt;alert(1)&lt;/script&gt;" in text and "&lt;of&gt;" in text
    assert not re.findall(r"""(?:src|href)=["'](?:https?:)?//""", text)
    assert "<script" not in text and rs.title in html_mod.unescape(text)
    again = tmp_path / "again.html"
    cli("export", "html", str(file), "-o", str(again))
    assert again.read_bytes() == out.read_bytes()
    cli("export", "html", str(file), "-o", str(out))  # its own page is replaced without --force
    # with a published copy of the repository, every clause links to its anchor there
    base = "https://example.org/hisoutab/"
    cli("export", "html", str(file), "-o", str(out), "--rules-base", base)
    linked = out.read_text(encoding="utf-8")
    pres = presentation_for(rs)
    page = base + pres.docs_page()
    for step in game.history:
        for c in step.clauses:
            assert f'href="{html_mod.escape(pres.clause_url(c, page), quote=True)}"' in linked, c
    outside = {h for h in re.findall(r"""(?:src|href)=["']([^"']+)""", linked) if not h.startswith("#")}
    assert outside and all(h.startswith(page) for h in outside)
    # written inside the repository, the links lead from the page's folder to the rules page
    from hisoutab.presentation.line_page import rules_base_for

    root = Path(__file__).resolve().parent.parent
    if (root / pres.docs_page()).is_file():
        assert rules_base_for(root / "notebooks" / "page.html", rs) == "../"


@pytest.mark.parametrize("rid", IDS)
def test_a_line_compares_with_itself_and_with_every_ruleset(rid: str, tmp_path: Path) -> None:
    """The comparison of a line with its own re-run finds nothing; against every other ruleset it
    runs, says where in words, serialises and draws both sides; ``diff -o`` writes the page."""
    from hisoutab.presentation.compare import compare_games, comparison_html
    from hisoutab.scenarios import diff_scenario

    file = line_scenario(rid, tmp_path)
    same = diff_scenario(str(file), rid, rid)
    assert same.same and same.comparison is not None and same.comparison.same
    assert "No meaningful difference" in same.comparison.finding()
    cli("diff", str(file), "-o", str(tmp_path / "same.html"))
    assert (tmp_path / "same.html").read_text(encoding="utf-8").count("<svg") == 2  # the two ends
    game = sample_game(rid)
    assert compare_games(game, game).same
    for other in IDS:
        d = diff_scenario(str(file), rid, other)
        c = d.comparison
        assert c is not None, d.statement()
        assert c.compared and c.finding() and json.dumps(d.to_dict(), default=str)
        assert c.mode == ("state" if other == rid else "declared")
        if c.at is not None:
            assert c.where() and c.headline().startswith("first difference")
            assert "at step 0" not in c.headline() or c.changes or c.ended
        page = comparison_html(c)
        ends_shown = c.at is None or c.end[0] is not c.at[0] or c.end[1] is not c.at[1]
        assert page.count("<svg") == 2 * (c.at is not None) + 2 * ends_shown
        ids = page_ids(page)
        assert len(ids) == len(set(ids))
