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


def _phases(game: Game, begin: str, end: str) -> list[list[str]]:
    """The step names of each phase: from its ``begin`` step to the ``end`` step that follows it."""
    names = [step.name for step in game.history]
    starts = [k for k, n in enumerate(names) if n == begin]
    return [names[k:names.index(end, k)] for k in starts if end in names[k:]]


def test_a12_by_step_every_player_takes_a_step_before_the_next_step() -> None:
    """a12.action=by_step: in every Action phase each of the three players moves before anyone's
    B2, and every B2 comes before anyone's B3."""
    game = Game("tamashii", seed=2, setup={"players": 3}, options={"a12.action": "by_step"})
    game.run(until="end", agents=RandomAgent(2), max_steps=60_000)
    phases = _phases(game, "action.begin", "combat.begin")
    assert phases
    for names in phases:
        first = {n: names.index(n) for n in ("district", "codes")}
        last = {n: len(names) - 1 - names[::-1].index(n) for n in ("move", "district")}
        assert names.count("move") == 3 and names.count("codes.end") == 3
        assert last["move"] < first["district"] and last["district"] < first["codes"]


def test_a22_after_rolls_every_trace_check_is_rolled_before_any_resolution() -> None:
    """a22.draws=after_rolls: in every Planning phase the three players' trace checks all come
    before the first resolution and its enemy draws, which follow in player order."""
    game = Game("tamashii", seed=2, setup={"players": 3}, options={"a22.draws": "after_rolls"})
    game.run(until="end", agents=RandomAgent(2), max_steps=60_000)
    phases = _phases(game, "planning.begin", "action.begin")
    assert phases
    for names in phases:
        checks = [k for k, n in enumerate(names) if n in ("trace.check", "trace.die", "trace.reroll")]
        resolved = [k for k, n in enumerate(names) if n == "trace.resolve"]
        assert len(resolved) == 3 and max(checks) < min(resolved)


def test_a27_every_coloured_position_asks_for_the_core_colour() -> None:
    """a27.core=throughout: R B G Y and C ask for the core colour; * and . stay as printed."""
    from hisoutab.games.tamashii.rules.codes import in_core, matches
    assert in_core(("RB", "*.", "CY")) == ("CC", "*.", "CC")
    grid = (("red#1", "red#2"), ("blue#1", ""))
    assert matches(in_core(("BB",)), grid, "red") and not matches(("BB",), grid, "red")
    assert matches(in_core(("G", "*")), grid, "red")  # the core chip over any chip


def test_a54_xp_windows_in_every_phase_without_the_class_draw() -> None:
    """a54.xp=any_time: XP windows in each phase (Planning's before A1-A3, as A-11 has one window
    after A3), each ended by the player; none offers the class draw (TM-MOD-2.2: Planning only),
    which the Planning purchases still do."""
    from hisoutab.engine.record import replace
    from hisoutab.games.tamashii.rules.extras import decide_extras, decide_xp
    game = Game("tamashii", seed=1, options={"a54.xp": "any_time"})
    game.run(until="end", agents=RandomAgent(1), max_steps=60_000)
    windows = {step.name for step in game.history if step.name.endswith(".xp")}
    assert windows == {"planning.xp", "action.xp", "combat.xp", "cleanup.xp"}
    s = game.history[0].after
    s = replace(s, players=tuple(replace(p, xp=2) for p in s.players))
    decision = decide_xp(game.ctx, s, ("combat.xp", "P1", "before the combat roll"))
    assert decision is not None
    labels = [o.label for o in decision.options[0]]
    assert labels[0] == "done spending XP" and "raise max HP (2 XP)" in labels
    assert not any("class mods" in label for label in labels)
    planning = decide_extras(game.ctx, s, ("extras", "P1"))
    assert planning is not None
    assert "draw two class mods, keep one (2 XP)" in [o.label for o in planning.options[0]]


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
