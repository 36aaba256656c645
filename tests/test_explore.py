"""The explorer: a search from a scenario's state for the lines that reach a goal — known forced
lines in hand-written scenarios (scenarios/explore/), escapes, chance averaged, goals as checked
text, the tree drawn, the command line, and every registered ruleset searched at depth 1."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from hisoutab import Game, RandomAgent
from hisoutab.cli.main import main
from hisoutab.engine.errors import InputError
from hisoutab.engine.files import written_by_hisoutab
from hisoutab.engine.record import stable_hash
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.explorer import explore
from hisoutab.presentation.search_tree import SearchTree
from hisoutab.scenarios.runner import run_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "explore"
HIT = SCENARIOS / "p1_forces_a_hit.yaml"
LIFE = SCENARIOS / "p1_forces_life_down.yaml"
ESCAPE = SCENARIOS / "p2_escapes_the_jab.yaml"


def game_of(path: Path) -> Game:
    result = run_file(path)
    assert result.passed, result.report()
    assert result.game is not None
    return result.game


def choices(line):
    return [m.choice for m in line]


def test_the_scenarios_pass_as_ordinary_scenarios():
    for path in (HIT, LIFE, ESCAPE):
        assert run_file(path).passed


def test_p1_forces_a_hit_with_gohei_jab_and_the_game_is_untouched():
    game = game_of(HIT)
    before = (game.state, game.cursor, list(game.lines))
    found = explore(game, "damage(P2) >= 1", depth=2)
    assert (game.state, game.cursor, list(game.lines)) == before
    assert found.verdict == "forced" and found.probability == 1
    assert found.side == ("P1",)
    lines = found.lines()
    assert [choices(x) for x in lines] == [[{"P1": "play gohei_jab"}]]
    (move,) = lines[0]
    # the clauses the move's steps applied: paying, the hit in range, the damage and its settlement
    for clause in ("H-PLAY-2", "H-EFF-PHYS", "H-DMG-1", "H-RES-DMG"):
        assert clause in move.clauses
    assert move.child.kind == "goal"
    assert not found.escapes()
    # a goal on an event: the same hit, said as a damage event naming P2
    assert explore(game, "event: damage player=P2", depth=1).verdict == "forced"
    # at depth 0 nothing is searched: impossible
    assert explore(game, "damage(P2) >= 1", depth=0).verdict == "impossible"


def test_recast_rift_p1_brings_p2_to_five_life_but_not_four():
    game = game_of(LIFE)
    assert game.state.players[1].life == 6
    found = explore(game, "P2.life <= 5", depth=2)
    assert found.verdict == "forced"
    assert [choices(x) for x in found.lines()] == [[{"P1": "cast spirit_gust"}]]
    assert {"RR-DMG-1", "RR-ATK-3"} <= set(found.lines()[0][0].clauses)
    assert explore(game, "damage(P2) >= 1", depth=1).verdict == "forced"
    deeper = explore(game, "P2.life <= 4", depth=3)
    assert deeper.verdict == "impossible"
    # P2's answers after the cast and the deploy are named as escapes
    escapes = deeper.escapes()
    assert escapes and all(line[0].choice == {"P1": "cast spirit_gust"} and p == 0
                           for line, p in escapes)
    assert {"P2: end main phase"} <= {line[-1].words() for line, _ in escapes}


def test_p2_escapes_the_jab_and_the_escapes_are_named():
    game = game_of(ESCAPE)
    assert game.pending.joint and game.pending.players == ("P1", "P2")
    found = explore(game, "damage(P2) >= 1", depth=1)
    assert found.verdict == "possible" and found.probability == 0
    # P1's best try is the jab; P2 gets out of it by playing its own card first or waiting
    escapes = {line[-1].choice["P2"] for line, p in found.escapes()}
    assert {"play star_poke", "play barrier", "play flip", "wait"} <= escapes
    assert all(line[-1].choice["P1"] == "play gohei_jab" for line, _ in found.escapes())
    # the lines that do hit need P2's help (an overhead or a lunge into the jab)
    assert {x[-1].choice["P2"] for x in found.lines()} == {"play overhead (top)",
                                                          "play overhead (bottom)", "play lunge"}
    # the same question from P2's side: P2 avoids any hit, forced, by Star Poke
    safe = explore(game, "P2 avoids hit", depth=1)
    assert safe.side == ("P2",) and safe.verdict == "forced"
    assert {x[-1].choice["P2"] for x in safe.lines()} == {"play star_poke"}


def test_transpositions_are_merged_by_state():
    game = game_of(ESCAPE)
    found = explore(game, "damage(P2) >= 1", depth=1)
    assert found.merged >= 1
    # the two overheads into the jab end in the same position: one node
    ends = [x[-1].child for x in found.lines()
            if x[-1].choice["P2"].startswith("play overhead")]
    assert len(ends) == 2 and ends[0] is ends[1]
    ids = [n.id for n in found.nodes()]
    assert len(ids) == len(set(ids))


def test_chance_averaged_gives_the_probability_the_dice_give():
    game = Game("toy-dice-race", seed=3, setup={"players": 2})
    game.run(until="decision")
    averaged = explore(game, "P1.position > P2.position", depth=1)
    assert averaged.verdict == "possible" and 0 < averaged.probability < 1
    # the same, computed by forcing every pair of dice by hand, for P1's best boost against the
    # worst answers of the others (each racer rolls one die in the round)
    decision = game.pending
    best = Fraction(0)
    for mine in decision.options_for("P1"):
        worst = Fraction(1)
        for p2 in decision.options_for("P2"):
            wins = 0
            for a in range(1, 7):
                for b in range(1, 7):
                    g = Game("toy-dice-race", seed=3, setup={"players": 2}, state=game.state)
                    g.force("die", a, player="P1")
                    g.force("die", b, player="P2")
                    g.choose({"P1": mine.label, "P2": p2.label})
                    g.run(until="decision")
                    players = {p.name: p for p in g.state.players}
                    wins += players["P1"].position > players["P2"].position
            worst = min(worst, Fraction(wins, 36))
        best = max(best, worst)
    assert averaged.probability == best
    forced = explore(game, "P1.position > P2.position", depth=1, chance="forced")
    assert forced.probability in (0, 1)
    assert all(not m.draws for n in forced.nodes() for m in n.moves)


@pytest.mark.parametrize(("goal", "where"), [
    ("", None),
    ("P2.hpp <= 3", "column 1: unknown field 'hpp'"),
    ("P2.hp <=", "column 9: expected a number, a path"),
    ("P2.hp <= 3 and", "column 15: expected a condition"),
    ("P3.hp <= 3", "column 1: unknown path root 'P3'"),
    ("damage(P9) >= 1", "column 8: no player 'P9'"),
    ("event: teleport", "column 8: no event type 'teleport' in hisoutab-0.45.2"),
    ("P2.hp <= 3 3", "column 12: expected and, or or the end"),
    ("hit", "expected hit(PLAYER)"),
    ("P2.hp ~ 3", "column 7: unexpected '~'"),
    ("__import__('os')", "column 12: unexpected"),
])
def test_a_bad_goal_is_one_located_message(goal, where):
    game = game_of(HIT)
    with pytest.raises(InputError) as info:
        explore(game, goal, depth=1)
    assert info.value.field == "--goal"
    if where is not None:
        assert where in str(info.value)
    assert "\n" not in str(info.value)


def test_bad_arguments_are_located():
    game = game_of(HIT)
    for kw, field in (({"depth": -1}, "--depth"), ({"depth": 99}, "--depth"),
                      ({"chance": "maybe"}, "--chance"), ({"side": "P7"}, "--for"),
                      ({"max_positions": 0}, "--max-positions")):
        with pytest.raises(InputError) as info:
            explore(game, "damage(P2) >= 1", **kw)
        assert info.value.field == field
    with pytest.raises(InputError) as info:
        explore(game, "damage(P2) >= 1", depth=2, max_positions=3)
    assert "lower --depth or raise --max-positions" in str(info.value)
    with pytest.raises(InputError) as info:
        explore(game, "P2 avoids hit", side="P1")
    assert info.value.field == "--for"


def test_the_tree_renders_as_svg_and_png(tmp_path):
    found = explore(game_of(ESCAPE), "damage(P2) >= 1", depth=1)
    tree = SearchTree(found)
    root = ET.fromstring(tree.pipe("svg"))
    text = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "P1: play gohei_jab" in text and "goal met" in text
    assert "H-DMG-1" in text  # clauses on the edges
    assert tree.drawn == len(found.nodes())
    out = tree.save(tmp_path / "tree.png", force=False)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and written_by_hisoutab(out)


def test_the_command_line(tmp_path):
    runner = CliRunner()
    out = tmp_path / "tree.svg"
    r = runner.invoke(main, ["explore", str(HIT), "--goal", "damage(P2) >= 1", "--depth", "2",
                             "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "forced" in r.output and "P1: play gohei_jab" in r.output and "H-DMG-1" in r.output
    ET.fromstring(out.read_text())
    assert written_by_hisoutab(out)
    # written again over its own output; a file of the user's only with --force
    again = runner.invoke(main, ["explore", str(HIT), "-g", "damage(P2) >= 1", "-o", str(out)])
    assert again.exit_code == 0, again.output
    mine = tmp_path / "mine.svg"
    mine.write_text("<svg/>")
    refused = runner.invoke(main, ["explore", str(HIT), "-g", "damage(P2) >= 1", "-o", str(mine)])
    assert refused.exit_code == 2 and "--force" in refused.output and mine.read_text() == "<svg/>"
    forced = runner.invoke(main, ["explore", str(HIT), "-g", "damage(P2) >= 1", "-o", str(mine),
                                  "--force"])
    assert forced.exit_code == 0 and written_by_hisoutab(mine)
    r = runner.invoke(main, ["explore", str(ESCAPE), "-g", "damage(P2) >= 1", "-d", "1", "--json"])
    data = json.loads(r.output)
    assert data["verdict"] == "possible" and data["probability"] == "0"
    assert {e["line"][-1]["choice"]["P2"] for e in data["escapes"]} >= {"play star_poke", "wait"}
    assert data["root"] in {n["id"] for n in data["nodes"]}
    bad = runner.invoke(main, ["explore", str(HIT), "-g", "P2.hpp <= 1"])
    assert bad.exit_code == 2 and "--goal" in bad.output and "Traceback" not in bad.output
    missing = runner.invoke(main, ["explore", str(tmp_path / "none.yaml"), "-g", "P2.hp <= 1"])
    assert missing.exit_code == 2 and "Traceback" not in missing.output


def test_stable_hash_is_of_the_value():
    game = game_of(HIT)
    assert stable_hash(game.state) == stable_hash(Game(game.ruleset, seed=game.seed, options=game.options,
                                                       setup=game.setup, state=game.state).state)
    assert stable_hash(game.state) != stable_hash(game.history[0].before)


def _small_decision(rs_id: str) -> Game:
    """A seeded random game of ``rs_id`` stopped at its first decision past step 10 with at most
    12 joint choices (else at the decision with the fewest)."""
    game = Game(rs_id, seed=5)
    agent = RandomAgent(5)
    best: tuple[int, int] | None = None
    for _ in range(400):
        game.run(until="decision")
        d = game.pending
        if d is None:
            break
        combos = 1
        for opts in d.options:
            combos *= len(opts)
        if best is None or combos < best[0]:
            best = (combos, game.cursor)
        if combos <= 12 and game.cursor > 10:
            return game
        game.run(until="end", agents=agent, max_steps=1)
    assert best is not None, f"{rs_id}: no decision in a seeded game"
    game.goto(best[1])
    return game


@pytest.mark.parametrize("rs_id", sorted(all_rulesets()))
def test_every_ruleset_explores_at_depth_one(rs_id):
    game = _small_decision(rs_id)
    player = game.players[-1]
    goal = f"damage({player}) >= 1" if _has_health(game) else "over == 1"
    for chance in ("forced", "averaged"):
        try:
            found = explore(game, goal, depth=1, chance=chance, max_positions=2_000)
        except InputError as exc:  # averaged, many dice at once (the toy race of 3: 6³ per move)
            assert chance == "averaged" and "raise --max-positions" in str(exc)
            continue
        assert found.verdict in ("forced", "possible", "impossible")
        assert 0 <= found.probability <= 1
        assert found.root.moves or found.root.kind != "decision"
        assert "digraph" in SearchTree(found).source
        json.dumps(found.to_dict(), default=str)
    safe = explore(game, f"{player} avoids hit" if _has_health(game) else "over == 0", depth=1,
                   chance="forced")
    assert safe.verdict in ("forced", "possible", "impossible")


def _has_health(game: Game) -> bool:
    from hisoutab.explorer.goals import health

    return bool(health(game.ruleset, game.state))
