"""TAMASHII's evaluation (what the balance lab's agents read): the outcome once the campaign is
over, the team's standing strictly between before, the same for every player, and of two states
that differ in one thing the one with more progress preferred; the objectives are the campaign
card's, not the sample campaign's."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.record import replace
from hisoutab.games.tamashii import RULESET
from hisoutab.games.tamashii.rules.evaluation import evaluate
from hisoutab.games.tamashii.rules.models import WorldActivity
from hisoutab.games.tamashii.rules.state import Foe, State
from tests.test_tamashii_rules import launcher


def midgame(seed: int = 4, options: dict[str, object] | None = None) -> Game:
    """A two-player game in its second round, at a decision."""
    g = Game(RULESET, seed=seed, setup={"players": 2}, options=options)
    while g.state.round < 2:
        g.run(until="turn", agents=RandomAgent(seed))
    g.run(until="decision")
    assert g.state.outcome is None and g.state.round == 2
    return g


def value(g: Game, s: State) -> float:
    return evaluate(g.ctx, s, g.players[0])


def everyone(s: State, **fields: Any) -> State:
    return replace(s, players=tuple(replace(p, **fields) for p in s.players))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_end_is_the_outcome_and_every_state_before_a_standing_the_same_for_all(players: int) -> None:
    g = Game(RULESET, seed=players, setup={"players": players})
    g.run(until="end", agents=RandomAgent(players), max_steps=60_000)
    for step in g.history[::25]:
        values = {evaluate(g.ctx, step.before, p) for p in g.players}
        assert len(values) == 1
        assert -0.9 <= values.pop() <= 0.9
    for outcome, expected in (("victory", 1.0), ("defeat", -1.0)):
        assert {evaluate(g.ctx, replace(g.state, outcome=outcome), p) for p in g.players} == {expected}


def test_more_uplinks_and_fewer_damaged_chips_used_are_progress() -> None:
    g = midgame()
    s = g.state
    assert value(g, replace(s, uplinks=s.uplinks + 1)) > value(g, s)
    assert value(g, replace(s, damaged=s.damaged[1:])) < value(g, s)


def test_the_team_s_hp_trace_enemies_xp_and_resources_are_tempo() -> None:
    g = midgame()
    s = everyone(g.state, hp=3, hp_max=6, trace=2, xp=1, shield=1, enemies=(Foe("drone#1"),))
    assert value(g, everyone(s, hp=5)) > value(g, s)
    assert value(g, everyone(s, trace=4)) < value(g, s)
    assert value(g, everyone(s, enemies=(Foe("drone#1"), Foe("drone#2")))) < value(g, s)
    assert value(g, everyone(s, enemies=())) > value(g, s)
    assert value(g, everyone(s, xp=3)) > value(g, s)
    assert value(g, everyone(s, shield=3)) > value(g, s)


def test_an_uplink_code_the_launcher_shows_counts_for_part_of_an_uplink() -> None:
    g = midgame()
    core = g.state.players[0].core
    letter = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}[core]
    shown = everyone(g.state, launcher=launcher(f"{letter}RR.", "....", "...."))  # C* / .* nowhere
    ready = everyone(g.state, launcher=launcher(f"{letter}R..", ".R..", "...."))  # C* / .* at A1
    assert value(g, shown) < value(g, ready) < value(g, replace(shown, uplinks=shown.uplinks + 1))


def test_the_objectives_are_the_campaign_card_s() -> None:
    """A campaign won by XP instead of uplinks: XP is its progress, uplinks are not."""
    g = midgame()
    campaign = g.ctx.content.campaign.model_copy(update={"world_activities": [
        WorldActivity(name="Ascend", check={"xp_at_least": 8}, result="victory"),
        WorldActivity(name="Curfew", check={"round_at_least": "limit"}, result="defeat")]})
    g.ctx.content = dataclasses.replace(g.ctx.content, campaign=campaign)
    s = everyone(g.state, xp=2)
    assert value(g, everyone(s, xp=6)) - value(g, s) > 0.1
    assert value(g, replace(s, damaged=s.damaged[2:])) == value(g, s)  # no Scrap heap here


def test_scored_at_the_round_limit_the_uplinks_are_the_progress() -> None:
    g = midgame(options={"a59.test": "rounds"})
    s = g.state
    assert value(g, replace(s, uplinks=s.uplinks + 1)) > value(g, s)
