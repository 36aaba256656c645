"""Same seeds, same logs: the SHA-256 of the whole log of seeded random games of every registered
ruleset (and the toys) is pinned.

The digest covers, for every step, its index, time, actor, phase, name, whether a player chose it,
its clauses and public clauses, its sentence, public and private sentences and who sees it, its
events and its choice; every decision the agents were asked (kind, players, clauses, prompt and each
player's option labels, in order); every 100th state and the final state (``to_dict``). A change
to the engine that is meant to make playouts faster must leave every one of these digests as it is.

After a deliberate change of the rules, print the new digests with
``python -m tests.test_log_hashes`` and replace :data:`EXPECTED`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.decision import Decision
from hisoutab.engine.record import to_dict

#: (ruleset, seeds, rule options) of the pinned games
GAMES: dict[str, tuple[str, tuple[int, ...], dict[str, Any]]] = {
    "hisoutab-0.45.2": ("hisoutab-0.45.2", tuple(range(10)), {}),
    "hisoutab-0.45.2@options": ("hisoutab-0.45.2", (3,), {"guard.spirit_cost": 2,
                                                        "turn.allow_wait": False}),
    "hisoutab-draft": ("hisoutab-draft", tuple(range(10)), {}),
    "hisoutab-draft@alternatives": ("hisoutab-draft", (1000,), {
        "bullet.defense_phase": False, "dash.discards": "all", "immune.scope": "hit",
        "parry.after": "keep", "bullet.trace_diagonal": False, "defense.pay_cost": False,
        "bullet.hit_in_passing": False, "move.diagonal": True, "turn.allow_wait": False,
        "facing.auto": False, "setup.first_player": "p2", "timeline.special_every": 2,
        "spirit.max": 8}),
    "recast-rift": ("recast-rift", tuple(range(12)), {}),
    "recast-rift@a12-20": ("recast-rift", (500,), {
        "a12.text_attack": "queued", "a13.preempts": "any", "a14.short_hand": "no_damage",
        "a15.bar_and_zero": "same", "a16.chooser": "turn_player", "a17.graze_check": "optional",
        "a18.other_drawn": "face_down", "a19.graze_draw": "one_by_one",
        "a20.deploy_chooser": "controller"}),
    "tamashii": ("tamashii", tuple(range(10)), {}),
    "tamashii@options": ("tamashii", (7, 8), {
        "a9.start": "empty", "a45.bodies": "both", "a51.xp_code": "one_colour", "a63.place": "player",
        "a67.hp": "body"}),
    "toy-dice-race": ("toy-dice-race", tuple(range(10)), {}),
    "toy-coop": ("toy-coop", tuple(range(10)), {}),
}

#: the SHA-256 of each set of games' logs (see the module)
EXPECTED: dict[str, str] = {
    'hisoutab-0.45.2': 'fa6e245bb33cb787c5d549cf6d6a1032d763ccfcbe8302c4f55972c374553dcf',
    'hisoutab-0.45.2@options': '90dd208d4a4cacfa99c88e6036bd3d5e67134e43f466a194663e0c8ba65afb05',
    'hisoutab-draft': 'ff1c68ec47f3831482f05527848d39a8e11c6d52e15adff91f3c84d8aefe321a',
    'hisoutab-draft@alternatives': '58957f7d491aa4e4cec2774cdb101f91be1bee1f75800b4c1746936aa25d95c2',
    'recast-rift': 'ee01a5eeb21d86752da14a3e5b6f7f3223324b4c505d7894612e2d26ec2fd508',
    'recast-rift@a12-20': 'f0ee305774fb0dcda18c0740bc4a52e3acfef0113af26bf7ee2360492e446b5f',
    'tamashii': '1d6821aa2d1a8ee9f57c0a1532180da18e3a932b226d7d51ecfc31711202a2ac',
    'tamashii@options': 'f5d195647ef66e8518a82848344cc66ad2ed36b42d67708c788326bd0afdc093',
    'toy-coop': 'c37e6b4dc77087022b1a24bf8ad7d0c96b5a6647f816a3dd0908f3ea5c92f76b',
    'toy-dice-race': '1f6211868215a1d71a4e14d0748964f8791bc2209723ddd65940536df2b5260f',
}


class _Recording(RandomAgent):
    """The random agent, noting every decision it is asked (the choices stay the random agent's)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.asked: list[Any] = []

    def choose(self, state: Any, decision: Decision, player: str) -> str:
        self.asked.append([decision.kind, list(decision.players), list(decision.clauses),
                           decision.step, decision.prompt, player,
                           [[o.label for o in opts] for opts in decision.options]])
        return super().choose(state, decision, player)


def _step_record(game: Game, step: Any) -> list[Any]:
    return [step.index, step.time, step.actor, step.phase, step.name, step.auto,
            list(step.clauses), list(step.public_clauses or ()), step.sentence, step.public,
            {p: step.private(p) for p in game.players}, list(step.seen_by),
            [dict(e) for e in step.events], step.choice]


def game_digest(ruleset: str, seed: int, options: dict[str, Any]) -> str:
    """The SHA-256 of the whole log of the seeded random game (see the module)."""
    game = Game(ruleset, seed=seed, options=options or None)
    agent = _Recording(seed)
    game.run(until="end", agents=agent, max_steps=60_000)
    h = hashlib.sha256()
    dump = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode
    for step in game.history:
        h.update(dump(_step_record(game, step)).encode())
        if step.index % 100 == 0:
            h.update(dump(to_dict(step.after)).encode())
    for asked in agent.asked:
        h.update(dump(asked).encode())
    h.update(dump(to_dict(game.state)).encode())
    h.update(dump([game.over, len(game.history)]).encode())
    return h.hexdigest()


def series_digest(name: str) -> str:
    ruleset, seeds, options = GAMES[name]
    h = hashlib.sha256()
    for seed in seeds:
        h.update(game_digest(ruleset, seed, options).encode())
    return h.hexdigest()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_logs_of_seeded_games_stay_the_same(name: str) -> None:
    assert series_digest(name) == EXPECTED[name]


@pytest.mark.parametrize("then", [
    (), [], (("a",),), [("a", 1)], (("a", 1, None, True, 1.5), ("b", (1, 2))), (("a", [1]),),
    [("a", {"P1": (2, 4)})], (("a", {"P1": [2]}),), (["a"],), ("a",), (("a", ((1,), [2])),),
])
def test_the_hot_path_keeps_a_frame_exactly_when_the_full_walk_would(then: Any) -> None:
    """The engine's quick check of the frames a step pushes (their hash first) agrees with the
    full walk (:func:`~hisoutab.engine.record.frozen`) on every kind of frame."""
    from hisoutab.engine.game import _plain_frames
    from hisoutab.engine.record import frozen

    assert _plain_frames(then) == all(type(f) is tuple and frozen(f) for f in then)


def test_every_registered_ruleset_has_pinned_logs() -> None:
    from hisoutab.engine.ruleset import all_rulesets

    assert set(all_rulesets()) <= {ruleset for ruleset, _, _ in GAMES.values()}


if __name__ == "__main__":
    import os

    os.environ.setdefault("HISOUTAB_PLUGINS", "tests.toy")
    for key in sorted(GAMES):
        print(f"    {key!r}: {series_digest(key)!r},")
