"""TAMASHII's rule options for the open ambiguities: each scenario of ``scenarios/tamashii/options/``
sets one option's other reading and passes; the same situation played by the default reading plays
differently (its expectations fail), so the option changes play for real."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from hisoutab import Game, RandomAgent
from hisoutab.games.tamashii.rules.options import OPTIONS
from hisoutab.scenarios import load_scenario, load_scenario_text, run_scenario

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "tamashii" / "options"
FILES = sorted(FOLDER.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_other_reading_plays_as_the_scenario_says(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    assert result.passed, result


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_default_reading_plays_differently(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    options = data.pop("options")
    assert all(OPTIONS.get(name).default != value for name, value in options.items())
    result = run_scenario(load_scenario_text(yaml.safe_dump(data, allow_unicode=True), str(path)))
    assert not result.passed


def test_every_option_scenario_names_its_ambiguity() -> None:
    names = {name.split(".", 1)[0] for p in FILES
             for name in yaml.safe_load(p.read_text(encoding="utf-8"))["options"]}
    assert names == {p.stem.split("_", 1)[0] for p in FILES}


def test_a14_the_district_action_is_used_once_in_an_action_phase() -> None:
    """a14.district=any_time: a district action used in B2 leaves no chance after B3."""
    game = Game("tamashii", seed=1, options={"a14.district": "any_time"})
    game.run(until="end", agents=RandomAgent(1), max_steps=60_000)
    uses: dict[tuple[str, int], int] = {}
    moves: dict[str, int] = {}
    for step in game.history:
        if step.name == "move":
            moves[step.actor] = step.index
        elif step.name == "district" and " uses " in step.sentence:
            key = (step.actor, moves[step.actor])
            uses[key] = uses.get(key, 0) + 1
    assert uses and max(uses.values()) == 1


def test_a4_a_removed_damaged_chip_goes_back_to_the_damaged_chips_under_the_cap() -> None:
    """a4.damaged=cap: the Memory removal of a damaged chip puts it back among the damaged chips
    not yet handed out (not the supply, TM-RES-4.3), so the pool stays the players' count × the cap."""
    path = FOLDER.parent / "memory_equips_and_buys_chips.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["options"] = {"a4.damaged": "cap"}
    data["expect"] = [{"after": "extras", "occurrence": 3, "state": {"damaged.len": 4},
                       "contains": {"damaged": ["damaged#1"]},
                       "not_contains": {"scrap": ["damaged#1"], "supply": ["damaged#1"]},
                       "cited": ["TM-RES-4.3", "TM-CHIPOP-3"]}]
    result = run_scenario(load_scenario_text(yaml.safe_dump(data, allow_unicode=True), str(path)))
    assert result.passed, result


def test_a7_every_draw_and_discard_uses_the_one_shared_bag_and_storage() -> None:
    """a7.bag=shared: every refill of either player draws a chip of the first seat's record (the
    shared bag, or the shared storage gone back into it); the chips a code used land there too."""
    game = Game("tamashii", seed=2, setup={"players": 2}, options={"a7.bag": "shared"})
    game.run(until="end", agents=RandomAgent(2), max_steps=60_000)
    draws = codes = 0
    for step in game.history:
        shared = step.before.players[0]
        if step.name == "refill" and " draws " in step.sentence:
            chip = step.sentence.split(" draws ", 1)[1].split(" ", 1)[0]
            assert chip in shared.bag + shared.storage, step.sentence
            draws += step.sentence.startswith("P2")
        elif step.name == "codes" and step.sentence.startswith("P2 runs "):
            assert len(step.after.players[0].storage) > len(shared.storage), step.sentence
            codes += 1
        assert not step.after.players[1].bag and not step.after.players[1].storage
    assert draws and codes
