"""The balance lab's agents on every registered ruleset (and the toys): they play whole games
through the contract, look ahead only on worlds consistent with their player's view, and make the
same choice from two states that differ only in what their player cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.determinize import determinize, unseen_cards
from hisoutab.engine.evaluation import evaluation_of, generic_evaluation
from hisoutab.engine.record import replace
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.engine.visibility import differences, player_view
from hisoutab.lab.agents import HeuristicAgent, SearchAgent, lab_agent
from tests.test_leaks import TWINS, sampled

RULESETS: dict[str, Any] = all_rulesets()
IDS = list(RULESETS)


@pytest.mark.parametrize("kind", ["heuristic", "search"])
@pytest.mark.parametrize("rid", IDS)
def test_an_agent_plays_every_ruleset_through_the_contract(rid: str, kind: str) -> None:
    rs = RULESETS[rid]
    game = Game(rs, seed=3)
    agents = {p: lab_agent(kind, rs, game.options, game.setup, 3 + i) for i, p in enumerate(game.players)}
    game.run(until="end", agents=agents, max_steps=400 if kind == "heuristic" else 150)
    assert game.decisions_made() > 0
    assert not rs.invariants(game.ctx, game.state)
    # every sampled world is one the rules play (may_hold keeps each unseen card where it may lie)
    assert [getattr(a, "refused", 0) for a in agents.values()] == [0] * len(agents)


@pytest.mark.parametrize("rid", IDS)
def test_a_sampled_world_looks_to_its_player_as_the_state_does(rid: str) -> None:
    """Determinization keeps everything the player sees and fills what they cannot: their view of
    the world is their view of the state, and the world names no hidden card as "?" when every
    unseen card has a place."""
    rs = RULESETS[rid]
    rnd = random.Random(1)
    filled = 0
    for seed, state in sampled(rid)[:24]:
        game = Game(rs, seed=seed)
        for player in game.players:
            view = player_view(rs, game.ctx, state, player)
            world = determinize(rs, game.ctx, view, player, rnd)
            assert not differences(player_view(rs, game.ctx, world, player), view), (rid, player)
            if unseen_cards(rs, game.ctx, view):
                filled += 1
                assert not unseen_cards(rs, game.ctx, world) or "?" not in str(world)
    assert filled or not rs.capabilities.hidden_information


@pytest.mark.parametrize("rid", IDS)
def test_an_agent_decides_the_same_from_twins_that_differ_in_hidden_things(rid: str) -> None:
    """Twins of the leak test (another random-number state, hidden orders, swapped hidden cards):
    an agent with the same seed makes the same choice in both, for every deciding player."""
    rs = RULESETS[rid]
    rnd = random.Random(7)
    compared = 0
    for seed, state in sampled(rid)[::2]:
        game = Game(rs, seed=seed, state=state)
        decision = game.pending
        if decision is None:
            continue
        for player in decision.players:
            for make in TWINS.values():
                twin = make(rs, game.ctx, state, player, rnd)
                if twin is None:
                    continue
                other = Game(rs, seed=seed, state=twin)
                if other.pending is None or player not in other.pending.players:
                    continue
                for cls in (HeuristicAgent, SearchAgent):
                    a = cls(rs, game.options, game.setup, 11).choose(game.view(player), decision, player)
                    b = cls(rs, game.options, game.setup, 11).choose(other.view(player), other.pending,
                                                                     player)
                    assert a == b, (rid, player, cls.__name__, make.__name__)
                    compared += 1
    assert compared >= 10, compared


@pytest.mark.parametrize("rid", IDS)
def test_the_evaluation_is_the_outcome_at_the_end_and_a_standing_before(rid: str) -> None:
    rs = RULESETS[rid]
    game = Game(rs, seed=2)
    evaluate = evaluation_of(rs)
    game.run(until="end", agents=RandomAgent(2), max_steps=60_000)
    result = game.result()
    for step in game.history[::50]:
        for p in game.players:
            assert -0.9 <= evaluate(game.ctx, step.before, p) <= 0.9
    for p in game.players:
        value = evaluate(game.ctx, game.state, p)
        if result.kind == "win":
            assert value == (1.0 if p == result.winner else -1.0)
        else:
            assert value == {"draw": 0.0, "victory": 1.0, "defeat": -1.0}[result.kind]


def test_the_generic_evaluation_reads_the_per_player_figures_and_counters() -> None:
    """Without a ruleset's own evaluation: a racer ahead on the track stands better than one
    behind, and the game's end is its outcome."""
    rs = RULESETS["toy-dice-race"]
    game = Game(rs, seed=0)
    game.run(until="decision", agents=RandomAgent(0))
    s = game.state
    ahead = replace(s, players=tuple(replace(p, position=5 if p.name == "P1" else 1) for p in s.players))
    assert generic_evaluation(rs, game.ctx, ahead, "P1") > 0 > generic_evaluation(rs, game.ctx, ahead, "P2")
    assert generic_evaluation(rs, game.ctx, replace(ahead, winner="P2"), "P2") == 1.0


def test_the_search_agent_takes_a_team_mate_s_best_answer_in_a_co_operative_game() -> None:
    """Looking ahead at P2's flip in the co-operative toy, P1's search agent counts on P2's best
    flip (the one the evaluation likes, here turning the corner tile), not P2's worst as it would
    an opponent's."""
    rs = RULESETS["toy-coop"]
    game = Game(rs, seed=1)
    game.run(until="decision")
    game.choose("flip map[1][1]")
    game.run(until="decision")
    assert game.pending is not None and game.pending.player == "P2" and not game.state.map[0][0].up

    def corner_up(ctx: Any, s: Any, player: str) -> float:
        cell = s.map[0][0]
        return 1.0 if cell == "" or cell.up else 0.0

    agent = SearchAgent(rs, game.options, game.setup, seed=0, width=9)
    agent.evaluate = corner_up
    assert agent.team
    assert agent.ahead(game.state, "P1", 1) == 1.0
    agent.team = False  # as it would read an opponent: between its worst flip (0) and the mean
    assert 0.0 < agent.ahead(game.state, "P1", 1) < 0.5
    duel = Game(RULESETS["recast-rift"], seed=1)
    assert not SearchAgent(duel.ruleset, duel.options, duel.setup).team
