"""Random simulation tests (in the spirit of OpenSpiel's): invariants at every step, a bound on game
length, determinism, and declared transitions."""

from __future__ import annotations

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.games.hisoutab.v0452.rules import check_invariants
from hisoutab.games.hisoutab.v0452.rules.common import invulnerable

from .conftest import checked_random_steps, cover_seeds, other_seeds, roundtrip

RS = "hisoutab-0.45.2"
#: the default run plays the fewest seeds that reach all the long series reaches (tests/data/reach/);
#: the rest of the long series (200 games) runs under the ``slow`` mark (``make test-long``)
SEEDS = cover_seeds(RS)
OTHERS = other_seeds(RS)
MAX_STEPS = 40_000
SETTLE_STEPS = ("resolve.settle", "bullets.settle", "adjust.settle")


def _check_step(game: Game, step, declared: dict[str, set[str]]) -> None:
    before, after = step.before, step.after
    problems = check_invariants(game.ctx, after)
    assert not problems, f"step {step.index} {step.name}: {problems}"
    # cited clauses are among the step's declared clauses
    sd = game.ruleset.flow.steps[step.name]
    assert set(step.clauses) <= set(sd.clauses), (step.name, step.clauses, sd.clauses)
    # a timeline marker never moves back except by H-ATK-2 (applied at settlement)
    for p0, p1 in zip(before.players, after.players, strict=True):
        if p0.marker is not None and p1.marker is not None and p1.marker < p0.marker:
            assert step.name in SETTLE_STEPS, (step.index, step.name, p0.marker, p1.marker)
            assert p1.marker == before.time
        assert p1.spirit_available <= 5
        # the spell sequence never exceeds 5; the spell discard pile is never shuffled back
        assert len(p1.spell_seq) <= 5
        assert p1.spell_discard[: len(p0.spell_discard)] == p0.spell_discard
    # an invulnerable (knocked-down) player takes no damage
    if step.name == "attack.damage":
        defender = 1 - step.before.agenda[-1][1]
        assert not invulnerable(game.ctx, defender, before.players[defender]), step.index
    # the transition from the previous step is a declared edge
    if after.agenda:
        nxt = after.agenda[-1][0]
        assert nxt in declared[step.name], f"undeclared transition {step.name} -> {nxt}"


def play_checked(seed: int, keep: bool = True) -> None:
    declared = {n: {e.to for e in sd.next} for n, sd in get_ruleset(RS).flow.steps.items()}
    game = None
    for game, step in checked_random_steps(RS, seed, MAX_STEPS, keep=keep):
        _check_step(game, step, declared)
        if step.index % 97 == 0:
            assert roundtrip(step.after) == step.after
    assert game is not None and game.state.winner in ("P1", "P2", "draw")
    assert roundtrip(game.state) == game.state


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_keep_invariants(seed: int) -> None:
    play_checked(seed)


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(4))
def test_the_long_series_keeps_invariants(batch: int) -> None:
    for seed in OTHERS[batch::4]:
        play_checked(seed, keep=False)


def test_same_seed_same_log() -> None:
    def play(seed: int) -> str:
        g = Game("hisoutab-0.45.2", seed=seed)
        g.run(until="end", agents=RandomAgent(seed))
        return g.log_hash()

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_state_hash_and_equality_follow_value() -> None:
    g1 = Game("hisoutab-0.45.2", seed=5)
    g2 = Game("hisoutab-0.45.2", seed=5)
    g1.run(until="decision")
    g2.run(until="decision")
    assert g1.state == g2.state
    assert hash(g1.state) == hash(g2.state)
    assert g1.state is not g2.state
