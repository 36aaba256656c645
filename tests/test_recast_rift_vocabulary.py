"""Recast Rift card vocabulary: static restrictions ("cannot" beats "can", RR-PRIN-2) and modifiers
(card text beats the rules, RR-PRIN-1) asked at every action and number of the rules, conditions of
either player, then-if steps, and the loader's messages for the new forms."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from hisoutab import Game, RandomAgent
from hisoutab.engine.errors import InputError
from hisoutab.engine.record import replace
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.games.recast_rift.rules.awakening import can_awaken
from hisoutab.games.recast_rift.rules.cards import Condition, find_fighter, load_fighter
from hisoutab.games.recast_rift.rules.conditions import holds
from hisoutab.games.recast_rift.rules.statics import forbidden, number
from hisoutab.games.recast_rift.rules.vocabulary import (
    CARD_TARGET,
    COMBINATORS,
    CONDITIONS,
    EFFECT_VALUES,
    FILTERS,
    NUMBERS,
    RESTRICTIONS,
    TARGET_PLAYERS,
    TRIGGERS,
)

from .test_recast_rift_support import choose, cited, labels, run_auto, situation, start

DOLLS = {"fighters": ["sanae", "alice"], "spells": ["moriya_shrine", "snake_trap", "onbashira",
                                                     "wind_counter", "puppet_wires", "doll_guard",
                                                     "shanghai_trigger", "hourai_doll", "little_legion"]}
MARISA = {"fighters": ["reimu", "marisa"], "spells": ["amulet_volley", "boundary_ward", "shrine_offering",
                                                      "comet_rush", "master_beam", "broom_dash",
                                                      "mini_furnace", "magic_trap", "spirit_gust"]}
P2_TURN = (("turn.end",), ("cleanup", 1), ("refresh",), ("main.act",))
SANAE = (Path(__file__).resolve().parent.parent / "hisoutab" / "games" / "recast_rift" / "data"
         / "fighters" / "sanae.yaml").read_text(encoding="utf-8")


def p2_turn(p1=None, p2=None, options=None, **kw):
    """P2's (Reimu and Marisa) Main phase against P1's (Sanae and Alice) cards."""
    base = start(options=options, decks=[DOLLS, MARISA], far=("sanae_awakening", "marisa_awakening"))
    return situation(base, agenda=P2_TURN, active=1, p1=p1 or {}, p2=p2 or {}, **kw)


# ------------------------------------------------------------------------------ restrictions
def _life(g, life: int):
    s = g.state
    return replace(s, players=(s.players[0], replace(s.players[1], life=life)))


def test_cannot_awaken_and_cannot_activate_take_the_options_away() -> None:
    """Sanae awakened: her opponent cannot awaken, though their Life is 3 or less (RR-AWK-1);
    Coils of the White Snake deployed: the opponent cannot activate (RR-AWK-5)."""
    free = p2_turn()
    assert can_awaken(free.ctx, _life(free, 3), 1)
    g = p2_turn(p1={"awakened": "sanae_awakening", "far": None})
    assert forbidden(g.ctx, g.state, 1, "awaken") is not None
    assert forbidden(g.ctx, g.state, 0, "awaken") is None
    assert not can_awaken(g.ctx, _life(g, 3), 1)
    awake = {"awakened": "marisa_awakening", "far": None, "recast_2": ["amulet_volley"],
             "hand": ["comet_rush"]}
    free = p2_turn(p2=awake)
    assert "activate marisa_overdrive" in labels(free)
    g = p2_turn(p1={"recast_2": ["snake_trap"]}, p2=awake)
    assert not any(label.startswith("activate") for label in labels(g))


def test_cannot_cast_a_kind_of_card_and_a_raised_recast_time() -> None:
    """Dolls in Formation: the opponent cannot cast Full-Power cards (RR-CAST-1 asks RR-PRIN-2), and
    their spell cards deploy with a recast time 1 higher (RR-DEP-2 reads RR-PRIN-1)."""
    free = p2_turn(p2={"hand": ["master_beam", "amulet_volley"]})
    assert "full-power master_beam" in labels(free)
    g = p2_turn(p1={"recast_3": ["doll_guard"]}, p2={"hand": ["master_beam", "amulet_volley"]})
    assert "full-power master_beam" not in labels(g) and "cast amulet_volley" in labels(g)
    steps = choose(g, "cast amulet_volley")
    assert g.state.players[1].recast_3 == ("P2/amulet_volley",)  # recast [II] → deployed to [III]
    assert any("card text changes its recast time" in s.sentence for s in steps)
    assert "RR-PRIN-1" in cited(steps)


def test_cannot_take_with_the_hand_and_attack_values_lowered() -> None:
    """Puppeteer's Wires: P2 at Life 4 or more cannot take with the Hand — the Life side is forced —
    and P2's «Attack»s deal 1 less to the Hand."""
    g = p2_turn(p1={"recast_2": ["puppet_wires"], "hand": ["snake_trap", "onbashira"]},
                p2={"hand": ["amulet_volley"]})
    steps = choose(g, "cast amulet_volley")
    assert any("«Attack» 2/1 → 1/1" in s.sentence for s in steps)
    # P1 is attacked: the restriction is P2's, so P1 still chooses
    assert g.pending is not None and g.pending.kind in ("damage", "preempt")
    s = g.state
    assert forbidden(g.ctx, s, 1, "take_with_hand") is not None
    low = replace(s, players=(s.players[0], replace(s.players[1], life=3)))
    assert forbidden(g.ctx, low, 1, "take_with_hand") is None  # its condition no longer holds


def test_cannot_preempt_leaves_the_preempt_timing_empty() -> None:
    """Hourai Doll deployed: the opponent cannot preempt the text «Attack» of Sudden Downdraft, though
    they hold a Preempt card (RR-PRE-2 asks RR-PRIN-2)."""
    base = start(decks=[DOLLS, MARISA], far=("sanae_awakening", "marisa_awakening"))
    main = (("turn.end",), ("cleanup", 0), ("refresh",), ("main.act",))
    free = situation(base, agenda=main, p1={"hand": ["wind_counter"]}, p2={"hand": ["boundary_ward"]})
    choose(free, "cast wind_counter")
    assert free.pending is not None and "preempt with boundary_ward" in labels(free)
    g = situation(base, agenda=main, p1={"recast_3": ["hourai_doll"], "hand": ["wind_counter"]},
                  p2={"hand": ["boundary_ward"]})
    steps = choose(g, "cast wind_counter")
    assert any("a «cannot» keeps their Preempt cards in hand" in s.sentence for s in steps)
    assert {"RR-PRIN-0", "RR-PRIN-2"} <= cited(steps)


def test_cannot_lift_applies_to_the_lift_step_and_to_normal_actions() -> None:
    """Moriya Branch Hall in P1's turn: P2's cards cannot lift, whatever lifts them."""
    base = start(decks=[DOLLS, MARISA], far=("sanae_awakening", "marisa_awakening"))
    g = situation(base, agenda=(("turn.end",), ("cleanup", 0), ("refresh",), ("main.act",)),
                  p1={"recast_3": ["moriya_shrine"], "hand": ["snake_trap"]},
                  p2={"recast_2": ["amulet_volley"]})
    assert forbidden(g.ctx, g.state, 1, "lift") is not None
    assert forbidden(g.ctx, g.state, 0, "lift") is None
    turn2 = situation(g, agenda=P2_TURN, active=1, p1=None, p2=None)
    assert forbidden(turn2.ctx, turn2.state, 1, "lift") is None  # only during Sanae's turn


# ------------------------------------------------------------------------------ modifiers
def test_modifiers_of_effect_counts() -> None:
    """Shanghai Tripwire: your 'lift' effects lift 1 more; Little Legion: the opponent's 'face_down'
    effects put 1 more face down (RR-LIFT-3, RR-ZONE-7 read through RR-PRIN-1)."""
    g = p2_turn(p1={"recast_2": ["shanghai_trigger"], "recast_3": ["little_legion"]},
                p2={"hand": ["broom_dash", "amulet_volley", "comet_rush", "boundary_ward"]})
    assert number(g.ctx, g.state, 0, "lift_count", 1) == 2
    assert number(g.ctx, g.state, 1, "lift_count", 1) == 1
    assert number(g.ctx, g.state, 1, "face_down_count", 1) == 2
    choose(g, "cast broom_dash")
    run_auto(g)
    while g.pending is not None and g.pending.kind == "face_down":
        choose(g, labels(g)[0])
    p = g.state.players[1]
    assert len(p.face_down) == 2  # draw 2, then 1 + 1 face down


def test_the_cleanup_hand_size_and_draw_step_numbers() -> None:
    """Sanae awakened keeps 3 cards in the Cleanup step; Moriya Branch Hall (not awakened) draws 3."""
    g = p2_turn(p1={"awakened": "sanae_awakening", "far": None, "recast_3": ["moriya_shrine"]})
    assert number(g.ctx, g.state, 0, "cleanup_hand", 2) == 3
    assert number(g.ctx, g.state, 1, "cleanup_hand", 2) == 2
    assert number(g.ctx, g.state, 0, "draw_step", 2) == 2  # awakened: the shrine's condition fails
    g = p2_turn(p1={"recast_3": ["moriya_shrine"]})
    assert number(g.ctx, g.state, 0, "draw_step", 2) == 3


# ------------------------------------------------------------------------------ conditions
def test_conditions_ask_either_player() -> None:
    g = p2_turn(p1={"hand": ["snake_trap"]}, p2={"hand": ["amulet_volley", "comet_rush", "broom_dash"]})
    ctx, s = g.ctx, g.state
    assert holds(ctx, s, 0, Condition("hand_at_most", 1))
    assert not holds(ctx, s, 0, Condition("hand_at_most", 1, "opponent"))
    assert holds(ctx, s, 0, Condition("hand_at_least", 3, "opponent"))
    assert holds(ctx, s, 0, Condition("opponent_turn")) and holds(ctx, s, 1, Condition("your_turn"))
    assert holds(ctx, s, 0, Condition("not_awakened"))
    assert holds(ctx, s, 0, Condition("life_at_least", 6))
    assert not holds(ctx, s, 0, Condition("life_at_most", 5))
    assert not holds(ctx, s, 0, Condition("attack_hit"))
    assert holds(ctx, replace(s, last_attack="hit"), 0, Condition("attack_hit"))
    assert holds(ctx, replace(s, last_attack="graze"), 0, Condition("attack_not_hit"))


# ------------------------------------------------------------------------------ the loader
@pytest.mark.parametrize("old, new, field, words", [
    ("          - cannot: {action: activate, who: opponent}",
     "          - cannot: {action: fly, who: opponent}",
     "spells.snake_trap.while_deployed.4.effects.0.cannot.action", "unknown action"),
    ("          - cannot: {action: activate, who: opponent}", "          - cannot: {action: activate}",
     "spells.snake_trap.while_deployed.4.effects.0.cannot.who", "who"),
    ("          - cannot: {action: activate, who: opponent}",
     "          - cannot: {action: lift, who: opponent, type: attack}",
     "spells.snake_trap.while_deployed.4.effects.0.cannot.type", "narrows a 'cast'"),
    ("        - modify: {number: cleanup_hand, by: 1, who: you}",
     "        - modify: {number: cleanup_hand, by: 0, who: you}",
     "awakening.static.0.effects.0.modify.by", "other than 0"),
    ("        - modify: {number: cleanup_hand, by: 1, who: you}",
     "        - modify: {number: hand_size, by: 1, who: you}",
     "awakening.static.0.effects.0.modify.number", "unknown number"),
    ("          - draw: 1\n          - opponent_draw: 1", "          - if: hand_empty\n          - draw: 1",
     "spells.empty_sky.on_cast.0.effects.0", "starts with an effect"),
    ("      condition: {life_at_most: 2}", "      condition: life_at_most",
     "awakening.while_awakened.0.condition", "needs a number"),
    ("      condition: {life_at_most: 2}", "      condition: {life_at_most: 2, of: everyone}",
     "awakening.while_awakened.0.condition.of", "of: you or opponent"),
    ("      condition: {life_at_most: 2}", "      condition: {your_turn: 2}",
     "awakening.while_awakened.0.condition.your_turn", "takes no number"),
    ("          - if: attack_hit", "          - if: lucky",
     "spells.wind_counter.on_cast.0.effects.1.if", "unknown condition"),
    ("          - opponent_draw: 1", "          - draw: {n: 1, target: everyone}",
     "spells.empty_sky.on_cast.0.effects.1.draw.target", "expected a target"),
    ("          - opponent_draw: 1", "          - draw: {target: opponent}",
     "spells.empty_sky.on_cast.0.effects.1.draw", "{n: N, target: …}"),
    ("          - delay_all: 1", "          - delay: {n: 1, target: {whose: each, chosen_by: owner}}",
     "spells.miracle_fruit.on_cast.0.effects.2.delay.target.chosen_by", "names one owner"),
    ("          - delay_all: 1", "          - delay: {n: 1, target: {whose: you, zone: '0'}}",
     "spells.miracle_fruit.on_cast.0.effects.2.delay.target.zone", "no recast time"),
    ("          - delay_all: 1", "          - delay: {n: 1, target: {whose: you, side: left}}",
     "spells.miracle_fruit.on_cast.0.effects.2.delay.target.side", "unknown field"),
    ("      - when: you_put_face_down\n", "      - when: you_put_face_down\n        filter: {type: attack}\n",
     "spells.onbashira.while_deployed.0.filter.type", "has no 'type'"),
    ("      - when: you_put_face_down\n", "      - when: you_cast\n        filter: {colour: red}\n",
     "spells.onbashira.while_deployed.0.filter.colour", "unknown filter"),
    ("      - when: you_put_face_down\n", "      - when: you_cast\n        filter: {timing: slow}\n",
     "spells.onbashira.while_deployed.0.filter.timing", "expected one of"),
    ("      condition: {life_at_most: 2}", "      condition: {any_of: []}",
     "awakening.while_awakened.0.condition.any_of", "a list of conditions"),
    ("      condition: {life_at_most: 2}", "      condition: {not: [lucky]}",
     "awakening.while_awakened.0.condition.not.0", "unknown condition"),
])
def test_a_bad_new_form_is_a_located_error(tmp_path: Path, old: str, new: str, field: str,
                                           words: str) -> None:
    assert old in SANAE, old
    bad = tmp_path / "sanae.yaml"
    bad.write_text(SANAE.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_fighter(bad)
    e = info.value
    assert e.file == str(bad) and e.line
    assert e.field == field, (e.field, str(e))
    assert words in str(e)


# ------------------------------------------------------------------------------ the documentation
ROOT = Path(__file__).resolve().parent.parent
CARDS_DOC = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
RR_DOC = CARDS_DOC[CARDS_DOC.index("# Recast Rift fighter files"):]


def _rows(heading: str) -> dict[str, str]:
    """The table rows after ``heading`` in the Recast Rift part of docs/cards.md, by first cell."""
    part = RR_DOC[RR_DOC.index(heading):]
    rows = {}
    for line in part.splitlines()[1:]:
        if line.startswith("## "):
            break
        if line.startswith("| `"):
            rows[line.split("`")[1]] = line
    return rows


@pytest.mark.parametrize("heading, table", [
    ("## Effects", EFFECT_VALUES), ("## Triggers", TRIGGERS), ("## Conditions", CONDITIONS),
    ("## Targets", {*TARGET_PLAYERS, *CARD_TARGET, "all"}), ("## Trigger filters", FILTERS),
    ("## Several conditions", COMBINATORS),
    ("## \"Cannot\" beats", {**RESTRICTIONS, **NUMBERS}),
])
def test_docs_list_every_word_with_an_example_and_a_scenario_that_runs_it(heading: str, table) -> None:
    rows = _rows(heading)
    assert set(rows) == set(table)
    for row in rows.values():
        links = re.findall(r"\]\(\.\./(scenarios/[^)]+\.yaml)\)", row)
        if links:
            assert all((ROOT / link).is_file() for link in links), row
        else:
            assert "tests/test_recast_rift_vocabulary.py" in row, row
    if heading != '## "Cannot" beats':
        assert all(re.search(r"\| `[^`]+` \|.*\| `[^`]+` ", row) for row in rows.values())


def test_every_sample_card_of_sanae_alice_and_nitori_is_in_a_scenario() -> None:
    """Each of the newer sample cards is played in a scenario of the vocabulary: a step names it."""
    folder = ROOT / "scenarios" / "recast-rift" / "vocabulary"
    words: list[str] = []
    for f in folder.glob("*.yaml"):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        words += [str(v) for item in data.get("script", []) for v in
                  (item.values() if isinstance(item, dict) else [item])]
        words += [str(s) for check in data.get("expect", []) for s in check.get("says", [])]
    said = " ".join(words).replace("'", "''")
    for fighter in ("sanae", "alice", "nitori"):
        f = find_fighter(fighter)
        for card in f.spells.values():
            assert card.name in said.replace("''", "'") or f"{card.id}" in said, card.name


# ------------------------------------------------------------------------------ random games
RULESET = get_ruleset("recast-rift")
DECLARED = {n: {e.to for e in sd.next} for n, sd in RULESET.flow.steps.items()}


@pytest.mark.parametrize("decks, fighters, least", [
    (["faith_and_dolls", "faith_and_dolls"], ("sanae", "alice"), 8),
    (["shrine_and_forest", "faith_and_dolls"], ("sanae", "alice"), 8),
    (["faith_and_dolls", "mansion_and_garden"], ("sanae", "alice"), 8),
    (["kappa_and_dolls", "faith_and_dolls"], ("nitori",), 6),
    (["shrine_and_forest", "kappa_and_dolls"], ("nitori",), 6),
])
def test_the_newer_sample_cards_play_in_random_games(decks: list[str], fighters: tuple[str, ...],
                                                      least: int) -> None:
    """Seeded random games with Sanae and Alice, or Nitori (the general forms: targets, trigger
    filters, several conditions): the invariants hold at every step, every transition and clause is
    declared, every game ends with a winner, and the newer cards are cast."""
    cast: set[str] = set()
    for seed in range(3):
        game = Game("recast-rift", seed=seed, setup={"decks": decks})
        agent = RandomAgent(seed)
        n = 0
        while not game.over:
            assert n < 20_000, f"seed {seed}: no end"
            d = game.pending
            if d is None:
                step = game.step()
            else:
                choice = {p: agent.choose(game.state, d, p) for p in d.players}
                step = game.choose(choice if d.joint else choice[d.player])
            n += 1
            assert not RULESET.invariants(game.ctx, step.after), (seed, step.name)
            assert set(step.clauses) <= set(RULESET.flow.steps[step.name].clauses), (seed, step.name)
            if step.after.agenda:
                assert step.after.agenda[-1][0] in DECLARED[step.name], (seed, step.name)
            cast |= {e["card"].split("/", 1)[1] for e in step.events if e.get("type") == "cast"}
        assert game.state.winner in ("P1", "P2")
    new = {c for f in fighters for c in find_fighter(f).spells}
    assert len(cast & new) >= least, sorted(cast & new)
