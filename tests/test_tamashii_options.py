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


def test_a32_adjacent_reveals_the_starting_places_neighbours_and_no_move_ends_unrevealed() -> None:
    """a32.explore=adjacent: the setup reveals the unrevealed places next to the starting places,
    their markers left on them; no move of a whole random game ends on an unrevealed place, and a
    place is revealed only next to where a move ended (or a starting place)."""
    game = Game("tamashii", seed=4, options={"a32.explore": "adjacent"})
    game.run(until="end", agents=RandomAgent(4), max_steps=60_000)
    setup = [step for step in game.history if step.name == "setup.reveal"]
    assert len(setup) == 4
    after = setup[-1].after
    for r, c in ((0, 1), (1, 0), (1, 2), (2, 1)):
        assert after.map[r][c].up and after.markers[r][c]
    ends = [step for step in game.history if step.name == "move" and " moves to " in step.sentence]
    assert ends and not any("unrevealed" in step.sentence for step in ends)
    for step in game.history:
        if step.name == "reveal":
            event = step.events[-1]
            r, c = event["cell"]
            here = next(p for p in step.before.players if p.name == event["player"]).at
            assert abs(here[0] - r) + abs(here[1] - c) == 1
