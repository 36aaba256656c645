"""TAMASHII's rules, clause family by clause family: code matching (rotated, never mirrored), the
content files and their located errors, the setup by player count, trace overflow, Shield
all-or-nothing, the number die and skipped enemies, the reset, an empty enemy deck, designer
effects; then random games for 1, 2 and 4 players (invariants at every step, an end, the same log
for the same seed) and every kind of content appearing in them."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.errors import InputError
from hisoutab.engine.record import replace
from hisoutab.games.tamashii import RULESET
from hisoutab.games.tamashii.rules import codes, enemies, harm, lock_on, trace
from hisoutab.games.tamashii.rules import vocabulary as v
from hisoutab.games.tamashii.rules.board import player, put
from hisoutab.games.tamashii.rules.content import DATA_DIR, load_content
from hisoutab.games.tamashii.rules.context import kind_of
from hisoutab.games.tamashii.rules.extensions import EFFECTS, register_effect
from hisoutab.games.tamashii.rules.state import Combat, Die, Foe


def game(players: int = 2, seed: int = 1, **options: object) -> Game:
    g = Game(RULESET, seed=seed, setup={"players": players}, options=options or None)
    g.run(until="decision")
    return g


# ------------------------------------------------------------------------------- codes (TM-CODE-1)
L_SHAPE = ("R..", "RRR")


def launcher(*rows: str) -> tuple[tuple[str, ...], ...]:
    names = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "W": "wild", "D": "damaged"}
    count: Counter[str] = Counter()
    out = []
    for row in rows:
        cells = []
        for ch in row:
            if ch == ".":
                cells.append("")
            else:
                count[ch] += 1
                cells.append(f"{names[ch]}#{count[ch]}")
        out.append(tuple(cells))
    return tuple(out)


def test_a_chiral_code_matches_rotated_but_never_mirrored() -> None:
    mirrored = codes.mirror(L_SHAPE)  # ..R / RRR
    grid = launcher("..R.", "RRR.", "....")
    assert codes.matches(mirrored, grid, "blue")  # the mirror image is what the launcher shows
    assert codes.matches(L_SHAPE, grid, "blue") == ()  # and the code itself does not match it
    turned = launcher("RR..", "R...", "R...")  # L_SHAPE turned a quarter clockwise
    found = codes.matches(L_SHAPE, turned, "blue")
    assert [m.angle for m in found] == [90]
    assert set(found[0].cells) == {(0, 0), (0, 1), (1, 0), (2, 0)}


def test_the_four_rotations_are_distinct_for_a_chiral_shape_and_fewer_for_a_symmetric_one() -> None:
    assert len(codes.rotations(L_SHAPE)) == 4
    assert len(codes.rotations(("RR",))) == 2
    assert len(codes.rotations(("RR", "RR"))) == 1
    assert all(codes.mirror(L_SHAPE) != p for _, p in codes.rotations(L_SHAPE))


def test_core_wild_any_and_damaged_positions() -> None:
    grid = launcher("BW", "D.")
    assert codes.matches(("C*",), grid, "blue")  # C is the core data chip's colour (TM-CHIP-1)
    assert codes.matches(("RR",), launcher("RW"), "blue")  # a wild chip fills any position
    assert codes.matches(("RR",), launcher("RW"), "blue", wild="star") == ()
    assert codes.matches(("**",), launcher("BD"), "blue") == ()  # a damaged chip fills nothing


# ------------------------------------------------------------------------------------ the content
def test_the_sample_content_has_what_the_campaign_needs() -> None:
    c = load_content()
    assert len(c.enemies) == 12 and len(c.class_mods) == 16 and len(c.gang_mods) == 8
    assert len(c.protocols) == 4 and len(c.classes) == 4
    assert sum(len(r) for r in c.map.layout) == 12
    assert any(m.reroll for m in c.gang_mods.values())  # a gang mod with its own reroll source
    assert any(s.reusable for b in c.bodies.values() for s in b.skills)
    kinds = {("face" if s.cost.face else "pair" if s.cost.pair else "sum")
             for b in c.bodies.values() for s in b.skills}
    assert kinds == {"face", "pair", "sum"}
    patterns = [tuple(code.pattern) for e in c.enemies.values() for code in (e.hack, e.expel)]
    chiral = [p for p in patterns if all(codes.mirror(p) != q for _, q in codes.rotations(p))]
    assert len(chiral) >= 4


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("enemies.yaml", "hp: 2", "hp: two", "enemies.yaml:6: enemies.0.hp"),
    ("map.yaml", "entry: 0\n    stay: 0", "entry: 0\n    stay: 0\n    colour: red", "map.yaml:"),
    ("mods.yaml", "cost: 1, stats: {move: 1}",
     "cost: 1, stats: {move: 1}, code: {pattern: [RZ], effects: [{xp: 1}]}",
     "mods.yaml:5: class_mods.0.code.pattern"),
    ("campaign.yaml", "enemy_deck_empty: defeat", "enemy_deck_empty: maybe",
     "campaign.yaml:12: enemy_deck_empty"),
    ("bodies.yaml", "effects: [{damage: 1}], reusable: true}", "effects: [{zap: 1}], reusable: true}",
     "bodies.yaml:"),
])
def test_bad_content_is_one_located_message(tmp_path: Path, file: str, old: str, new: str,
                                           where: str) -> None:
    folder = tmp_path / "content"
    shutil.copytree(DATA_DIR, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_content(str(folder))
    assert where in str(info.value)


def test_a_content_folder_is_an_option(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    shutil.copytree(DATA_DIR, folder)
    text = (folder / "campaign.yaml").read_text(encoding="utf-8")
    (folder / "campaign.yaml").write_text(text.replace("round_limit: 10", "round_limit: 3"), encoding="utf-8")
    g = Game(RULESET, seed=2, options={"a2.content": str(folder)})
    g.run(until="end", agents=RandomAgent(2))
    assert g.result().figures["rounds"] <= 3


def test_a_scenario_reads_its_content_folder_against_its_own_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``a2.content: content`` in a scenario is the folder beside the file, from any working
    directory; a capture of that game keeps the folder as an absolute path, read the same anywhere."""
    from hisoutab.scenarios import capture, load_scenario, load_scenario_text, run_scenario

    here = tmp_path / "suite"
    shutil.copytree(DATA_DIR, here / "content")
    text = (here / "content" / "campaign.yaml").read_text(encoding="utf-8")
    (here / "content" / "campaign.yaml").write_text(text.replace("round_limit: 10", "round_limit: 3"),
                                                    encoding="utf-8")
    (here / "short.yaml").write_text(
        "name: a campaign of three rounds\ndescription: its own content folder\nruleset: tamashii\n"
        "options: {a2.content: content}\nuntil: {step: 2}\nexpect:\n  - at: end\n    state: {round: 1}\n",
        encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = run_scenario(load_scenario(here / "short.yaml"))
    assert result.passed, result.failures
    assert result.game.ctx.round_limit == 3
    kept = capture(result.game)
    assert str(here / "content") in kept
    again = load_scenario_text(kept, str(elsewhere / "captured.yaml"))
    assert again.options["a2.content"] == str(here / "content")


# --------------------------------------------------------------------------- setup by player count
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_setup_scales_with_the_player_count(players: int) -> None:
    g = game(players)
    s = g.state
    scaling = g.ctx.content.campaign.scaling
    assert len(s.players) == players
    assert len(s.damaged) == scaling.damaged_total[players]
    assert len(s.enemy_deck) == 12 * scaling.enemy_copies[players]
    assert g.ctx.uplinks_needed == scaling.uplinks_needed[players]
    assert len({p.class_id for p in s.players}) == players
    for p in s.players:  # the class deck (TM-SETUP-1), one protocol (TM-SETUP-2), the core chip
        assert len(p.class_deck) == 4 and p.protocol is not None and p.core
        assert all(x.startswith(f"{p.name}/") for x in p.class_deck)


# ---------------------------------------------------------------------------- trace (TM-TRACE-4)
def test_a_trace_increase_reaching_the_top_draws_two_enemies_and_resets() -> None:
    g = game()
    s = put(g.state, replace(player(g.state, "P1"), trace=4))
    s2, _, then = trace.raise_trace(g.ctx, s, "P1", 3)
    assert player(s2, "P1").trace == 0 and then == [("enemy.draw", "P1", 2)]
    s3, _, then = trace.raise_trace(g.ctx, s, "P1", 1)
    assert player(s3, "P1").trace == 5 and then == []


def test_the_excess_carries_over_under_a23() -> None:
    g = game(**{"a23.excess": "carry"})
    s = put(g.state, replace(player(g.state, "P1"), trace=4))
    s2, _, then = trace.raise_trace(g.ctx, s, "P1", 3)
    assert player(s2, "P1").trace == 1 and then


# ------------------------------------------------------------------------ Shield (TM-RES-3, A-43)
def test_shields_block_the_whole_hit_or_nothing() -> None:
    g = game()
    s = put(g.state, replace(player(g.state, "P1"), shield=2, hp=5))
    assert harm.decide_hit(g.ctx, s, ("hit", "P1", 3)) is None  # too few: no choice, all taken
    out = harm.hit(g.ctx, s, ("hit", "P1", 3), None)
    assert player(out.state, "P1").hp == 2 and player(out.state, "P1").shield == 2
    decision = harm.decide_hit(g.ctx, s, ("hit", "P1", 2))
    assert decision is not None
    block = next(o for o in decision.options[0] if o.value)
    out = harm.hit(g.ctx, s, ("hit", "P1", 2), {"P1": block})
    assert player(out.state, "P1").hp == 5 and player(out.state, "P1").shield == 0


# --------------------------------------------------------------- the number die (TM-CMB-2, 3.3–3.6)
def _fight(g: Game, cards: int, at: int) -> object:
    row = tuple(Foe(c) for c in g.state.enemy_deck[:cards])
    s = put(g.state, replace(player(g.state, "P1"), enemies=row))
    return replace(s, combat=Combat("P1", number=Die(1, "number"), type=Die(1, "type"), at=at, rolled=True))


def test_a_defeated_card_before_its_attack_passes_the_die_to_the_next_card_right() -> None:
    g = game()
    s = _fight(g, 3, 1)
    s = enemies.remove_enemy(s, "P1", 1)  # the card holding the die leaves the row
    assert s.combat.at == 0 and s.combat.skipped
    from hisoutab.games.tamashii.rules.combat import combat_enemy

    out = combat_enemy(g.ctx, s, ("combat.enemy", "P1"))
    assert "TM-CMB-3.6" in out.clauses and "TM-CMB-3.4" in out.clauses  # the primary attacked
    assert out.state.combat.at is None  # then the die was removed
    s = enemies.remove_enemy(_fight(g, 3, 0), "P1", 0)  # the primary held it: no card to its right
    out = combat_enemy(g.ctx, s, ("combat.enemy", "P1"))
    assert out.state.combat.at is None and "TM-CMB-3.2" not in out.clauses


def test_the_die_walks_right_one_card_per_enemy_attack() -> None:
    g = game()
    from hisoutab.games.tamashii.rules.combat import combat_enemy

    s = _fight(g, 3, 2)
    seen = []
    while s.combat.at is not None:
        seen.append(s.combat.at)
        s = combat_enemy(g.ctx, s, ("combat.enemy", "P1")).state
    assert seen == [2, 1, 0]


def test_defeat_gives_xp_and_expel_does_not() -> None:
    g = game()
    s = _fight(g, 2, 1)
    xp = player(s, "P1").xp
    s2, _, clauses = enemies.damage_primary(g.ctx, s, "P1", 99)
    assert player(s2, "P1").xp == xp + 1 and "TM-ENEMY-5" in clauses
    s3, _ = enemies.expel_primary(s, "P1")
    assert player(s3, "P1").xp == xp and len(player(s3, "P1").enemies) == 1


# ---------------------------------------------------------------------------- reset (TM-RESET-*)
def test_a_reset_does_its_seven_steps_and_ends_the_phase_for_the_player() -> None:
    g = game()
    s = _fight(g, 2, 0)
    p = player(s, "P1")
    s = put(s, replace(p, hp=0, trace=3, at=(0, 0)))
    frame = ("reset", "P1", 6)  # face 6: the broken face of the sample die
    s = replace(s, agenda=(("cleanup.begin",), ("combat.power", "P2"), ("combat.attack", "P1"), frame))
    out = harm.reset(g.ctx, s, frame)
    q = player(out.state, "P1")
    assert q.hp == q.hp_max and q.trace == 0 and q.enemies == () and q.at == (1, 1)
    assert sum(kind_of(x) == v.DAMAGED for x in q.storage) == 2
    assert q.bodies == (p.passer_by,) and q.passer_by is None  # broken: back to the Passer-by
    assert out.state.agenda == (("cleanup.begin",), ("combat.power", "P2"), frame)
    assert out.state.combat is None


# ----------------------------------------------------------------------- an empty enemy deck
def test_an_empty_enemy_deck_is_what_the_campaign_says() -> None:
    g = game()
    s = replace(g.state, enemy_deck=(), agenda=(("enemy.draw", "P1", 1),))
    out = lock_on.draw_enemy(g.ctx, s, ("enemy.draw", "P1", 1))
    assert out.state.outcome == "defeat" and out.then == (("game.over",),)
    g2 = game(**{"a71.empty": "no_draw"})
    out = lock_on.draw_enemy(g2.ctx, replace(g2.state, enemy_deck=()), ("enemy.draw", "P1", 1))
    assert out.state.outcome is None and out.state.enemy_discard == ()


# --------------------------------------------------------------------------- designer effects
def test_a_designer_effect_is_registered_and_validated() -> None:
    def overheat(ctx: object, s: object, name: str, n: int) -> tuple[object, str]:
        p = player(s, name)  # type: ignore[arg-type]
        return put(s, replace(p, shield=min(5, p.shield + n))), f"{name} overheats"  # type: ignore[arg-type]

    try:
        register_effect("overheat_test", overheat, value="count", clause="TM-RES-2", words="overheat")
        from hisoutab.games.tamashii.rules.effects import apply
        from hisoutab.games.tamashii.rules.models import check_effect

        assert check_effect({"overheat_test": 2}) == {"overheat_test": 2}
        g = game()
        a = apply(g.ctx, g.state, "P1", [{"overheat_test": 1}])
        assert "TM-RES-2" in a.clauses and a.texts == ["P1 overheats"]
        with pytest.raises(ValueError, match="built in"):
            register_effect("gain", overheat)
        with pytest.raises(ValueError, match="clause"):
            register_effect("other_test", overheat, clause="TM-ROUND-1")
    finally:
        EFFECTS.pop("overheat_test", None)
        v.EFFECT_VALUES.pop("overheat_test", None)
        v.EFFECT_WORDS.pop("overheat_test", None)


# ------------------------------------------------------------------------------- random games
@pytest.mark.parametrize("players", [1, 2, 4])
def test_random_games_end_in_victory_or_defeat_keeping_the_invariants(players: int) -> None:
    for seed in range(3):
        g = Game(RULESET, seed=seed, setup={"players": players})
        g.run(until="end", agents=RandomAgent(seed))
        for step in g.history:
            assert RULESET.invariants(g.ctx, step.after) == [], step.index
        assert g.result().kind in ("victory", "defeat")
        assert g.result().figures["rounds"] <= g.ctx.round_limit


def test_the_same_seed_gives_the_same_game() -> None:
    a, b = (Game(RULESET, seed=9, setup={"players": 4}) for _ in range(2))
    for g in (a, b):
        g.run(until="end", agents=RandomAgent(9))
    assert a.log_hash() == b.log_hash()


WANT = {"code:basic", "code:xp", "code:special", "code:hack", "code:expel", "code:transfer", "code:mod",
        "lock_on", "gang_mod", "explore", "district", "skill", "body", "protocol", "reset", "trade",
        "enemy_attack", "block", "class.pick", "extras"}


def _kinds(g: Game) -> set[str]:
    seen = set()
    for step in g.history:
        for e in step.events:
            kind = e.get("type")
            if kind == "code":
                seen.add("code:" + e["code"].split(":", 1)[0])
            elif kind in WANT:
                seen.add(kind)
        if step.name in WANT:
            seen.add(step.name)
    return seen


def test_every_kind_of_content_appears_in_random_games() -> None:
    """Every source of codes, every kind of card and tile, within a few dozen seeded games."""
    seen: set[str] = set()
    for seed in range(40):
        g = Game(RULESET, seed=seed, setup={"players": (2, 4)[seed % 2]})
        g.run(until="end", agents=RandomAgent(seed))
        seen |= _kinds(g)
        if seen >= WANT:
            break
    assert WANT - seen == set()


def _other_readings() -> list[tuple[str, object]]:
    from hisoutab.games.tamashii.rules.options import OPTIONS
    return [(o.name, value) for o in OPTIONS for value in o.choices if value != o.default]


@pytest.mark.parametrize(("name", "value"), _other_readings(),
                         ids=[f"{n}={v}" for n, v in _other_readings()])
def test_random_games_under_each_other_reading_keep_the_invariants(name: str, value: object) -> None:
    """Every other reading of every option plays whole random games (two players) whose every step
    passes the conformance suite's step checks (invariants, declared clauses, chance and
    transitions) and that end in victory or defeat."""
    _checked_game({name: value}, seed=3, players=2)


#: other readings played together: those that reorder the phases' steps and add windows to them
TOGETHER = [
    {"a12.action": "by_step", "a22.draws": "after_rolls", "a54.xp": "any_time", "a14.district": "any_time"},
    {"a11.window": "any_time", "a54.xp": "any_time", "a50.check": "cleanup", "a63.place": "player"},
    {"a12.action": "by_step", "a58.scope": "everyone", "a7.bag": "shared", "a4.damaged": "cap"},
    {"a22.draws": "after_rolls", "a11.window": "any_time", "a64.skip": "next_pass", "a27.core": "throughout"},
]


@pytest.mark.parametrize("options", TOGETHER, ids=[",".join(o) for o in TOGETHER])
def test_other_readings_together_play_whole_checked_games(options: dict[str, object]) -> None:
    for seed, players in ((4, 3), (5, 4)):
        _checked_game(options, seed=seed, players=players)


def _checked_game(options: dict[str, object], seed: int, players: int) -> None:
    from tests.test_conformance import Observed, check_step

    known = {o.name for o in RULESET.options}
    g = Game(RULESET, seed=seed, setup={"players": players},
             options={k: v for k, v in options.items() if k in known})
    g.run(until="end", agents=RandomAgent(seed))
    obs = Observed()
    for step in g.history:
        check_step(RULESET, g, step, obs, f"seed {seed}")
    assert obs.problems == []
    assert g.result().kind in ("victory", "defeat")


def test_a_path_into_a_cell_empty_at_the_start_is_checked_when_it_is_reached() -> None:
    """``map[2][1].tile`` names the tile of a place unrevealed at the start (an empty cell): the
    scenario loads and checks it after the reveal; a misspelled field of a revealed cell is refused
    at load, naming the line."""
    from hisoutab.scenarios import load_scenario_text, run_scenario

    path = (Path(__file__).resolve().parent.parent / "scenarios" / "tamashii"
            / "exploring_an_unrevealed_place.yaml")
    text = path.read_text(encoding="utf-8")
    whole = '"map[2][1]": {tile: arcade#1, up: true}'
    assert whole in text
    result = run_scenario(load_scenario_text(text.replace(whole, '"map[2][1].tile": arcade#1'), str(path)))
    assert result.passed, result.failures
    wrong = run_scenario(load_scenario_text(text.replace(whole, '"map[2][1].tile": relay#1'), str(path)))
    assert not wrong.passed
    with pytest.raises(InputError, match=r"exploring_an_unrevealed_place.yaml:\d+: .*tyle"):
        load_scenario_text(text.replace(whole, '"map[0][0].tyle": arcade#1'), str(path))
