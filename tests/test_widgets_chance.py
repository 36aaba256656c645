"""The workbench's chance panel: the kinds the ruleset declares, the legal outcomes as choices,
forcing each kind on each ruleset, refusals, the queue, and forcing at an earlier step (a new
line)."""

from __future__ import annotations

import html

import pytest

pytest.importorskip("ipywidgets")

from hisoutab import Game
from hisoutab.engine.chance import kinds_declared
from hisoutab.engine.errors import InputError
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.widgets import Workbench

OPTS = {"setup.first_player": "random", "setup.mulligan": "none"}
RULESETS = sorted(all_rulesets())
# the rule options under which every declared kind is drawn (0.45.2 picks the first player only
# when setup.first_player is random)
DRAWN_WITH = {"hisoutab-0.45.2": OPTS}
SEEDS = {"toy-coop": 4}  # a seed whose expedition reaches a bag draw (seed 2 ends first)


def _forced_events(game: Game, kind: str) -> list[dict]:
    return [e for s in game.history for e in s.events
            if e.get("type") == "chance" and e.get("kind") == kind and e.get("forced")]


def _play_until_used(wb: Workbench, clicks: int = 40) -> None:
    wb.auto.value = True
    for _ in range(clicks):
        if not wb.game.chance.forced or wb.game.over:
            break
        wb.b_forward.click()


def _until_piles(wb: Workbench, clicks: int = 20) -> None:
    """Play on until a pile a draw takes from holds cards (before, the outcomes offered are the
    cards of the game, which the setup may leave out of the deck)."""
    g = wb.game
    wb.auto.value = True
    for _ in range(clicks):
        piles = [z for z in g.ruleset.zones if z.kind == "cards" and z.visibility == "hidden"]
        records = [g.state] + list(getattr(g.state, "players", ()))
        if any(getattr(r, z.attr, ()) for z in piles for r in records if hasattr(r, z.attr)):
            break
        wb.b_forward.click()
    wb.auto.value = False


def _until_step(wb: Workbench, name: str, steps: int = 100) -> None:
    g = wb.game
    for _ in range(steps):
        nxt = g.next_step()
        if nxt is None or nxt.name == name:
            break
        if g.pending is not None:
            wb._agent_choice()
        else:
            g.step()
    wb.refresh()


def _case(game: Game, kind: str) -> tuple[str | None, object]:
    """Whose draw and which outcome to force: the second legal outcome (a card of the first pile
    listed — the deck, not a spell deck drawn from rarely) of the first player's draw where a draw
    belongs to a player."""
    own_piles = any(z.owner == "player" and z.kind == "cards" and z.visibility == "hidden"
                    for z in game.ruleset.zones)
    player = game.players[0] if kind == "draw" and own_piles else None
    legal = game.chance_outcomes(kind, player)
    if not legal and player is not None:
        player = None
        legal = game.chance_outcomes(kind, None)
    assert legal, (game.ruleset.id, kind)
    return player, legal[1] if len(legal) > 1 else legal[0]


@pytest.mark.parametrize("rs_id", RULESETS)
def test_the_panel_offers_exactly_the_declared_kinds(rs_id: str) -> None:
    wb = Workbench(Game(rs_id, seed=2))
    assert tuple(wb.c_kind.options) == kinds_declared(wb.game.ruleset.flow)
    for kind in wb.c_kind.options:
        wb.c_kind.value = kind
        offered = [v for _, v in wb.c_value.options]
        assert offered == list(wb.game.chance_outcomes(kind, wb.c_player.value or None))


@pytest.mark.parametrize("rs_id", RULESETS)
def test_each_declared_kind_forced_on_each_ruleset_shows_in_the_game(rs_id: str) -> None:
    for kind in kinds_declared(Game(rs_id).ruleset.flow):
        wb = Workbench(Game(rs_id, seed=SEEDS.get(rs_id, 2), options=DRAWN_WITH.get(rs_id)))
        if rs_id == "recast-rift" and kind == "draw":
            _until_piles(wb)  # its players choose their decks from their pools
        if rs_id == "recast-rift" and kind == "shuffle":
            _until_step(wb, "setup.deck")  # the pool is what the setup shuffles: once it is final
        player, value = _case(wb.game, kind)
        wb.c_kind.value = kind
        wb.c_player.value = player or ""
        wb.c_value.value = value
        wb.b_force.click()
        assert "hs-accepted" in wb.c_msg.value, (kind, wb.c_msg.value)
        assert "queued" in wb.c_queue.value
        _play_until_used(wb, 300)
        assert not wb.game.chance.forced, (rs_id, kind, "never applied")
        events = _forced_events(wb.game, kind)
        assert events, (rs_id, kind)
        if kind == "shuffle":
            assert events[0]["outcome"] >= 1
        elif kind == "draw":
            assert str(events[0]["outcome"]).split("/")[-1] == str(value).split("/")[-1]
        else:
            assert events[0]["outcome"] == value
        assert "applied on this line" in wb.c_queue.value


def test_a_forced_pick_decides_who_goes_first() -> None:
    plain = Game("hisoutab-0.45.2", seed=11, options=OPTS)
    plain.run(until="decision")
    other = "P1" if plain.state.first == 1 else "P2"
    wb = Workbench(Game("hisoutab-0.45.2", seed=11, options=OPTS))
    wb.c_kind.value = "pick"
    assert [v for _, v in wb.c_value.options] == ["P1", "P2"]
    wb.c_value.value = other
    wb.b_force.click()
    assert "forced pick" in wb.c_msg.value and "hs-accepted" in wb.c_msg.value
    wb.forward()
    assert wb.game.state.first == (0 if other == "P1" else 1)
    assert not wb.game.chance.forced


def test_a_forced_draw_for_one_player_offers_the_cards_by_name() -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=2, options=OPTS))
    wb.c_kind.value = "draw"
    wb.c_player.value = "P1"
    labels = dict((v, k) for k, v in wb.c_value.options)
    assert "P1/sealing_step#1" in labels and all(v.startswith("P1/") for v in labels)
    assert labels["P1/sealing_step#1"] != "P1/sealing_step#1"  # the card's name is shown
    assert wb.force_chance("draw", "sealing_step", player="P1")
    wb.forward()
    assert "P1/sealing_step#1" in wb.game.state.players[0].hand


@pytest.mark.parametrize(("rs_id", "kind", "value", "message"), [
    ("toy-dice-race", "die", "x", "a die shows 1, 2, 3, 4, 5, 6"),
    ("toy-dice-race", "die", 9, "9 is not a face"),
    ("toy-dice-race", "die", 0, "0 is not a face"),
    ("toy-dice-race", "pick", "", "give the outcome to force"),
    ("toy-dice-race", "pick", "P9", "'P9' is not an outcome of a pick: P1, P2, P3"),
    ("recast-rift", "draw", "banana", "'banana' is not a card a draw can put first now"),
    ("recast-rift", "die", 3, "recast-rift never draws a die"),
    ("hisoutab-draft", "draw", "amulet", "hisoutab-draft never draws a draw"),
])
def test_bad_outcomes_are_refused_and_nothing_is_queued(rs_id: str, kind: str, value: object,
                                                         message: str) -> None:
    wb = Workbench(Game(rs_id, seed=2))
    assert not wb.force_chance(kind, value)
    shown = html.unescape(wb.c_msg.value)
    assert "hs-refused" in shown and message in shown, shown
    assert wb.game.chance.forced == []
    with pytest.raises(InputError):
        wb.game.force(kind, value if value != "" else "nothing")


def test_the_die_offers_the_declared_sides() -> None:
    wb = Workbench(Game("toy-dice-race", seed=2, options={"die.sides": 4}))
    wb.c_kind.value = "die"
    assert [v for _, v in wb.c_value.options] == [1, 2, 3, 4]
    assert not wb.force_chance("die", 5)


def test_forcing_at_an_earlier_step_starts_a_new_line() -> None:
    wb = Workbench(Game("toy-dice-race", seed=4, setup={"players": 2}))
    wb.auto.value = True
    for _ in range(6):
        wb.b_forward.click()
    main = wb.game.line
    recorded = list(main.steps)
    rolls = [(s.index, e) for s in recorded for e in s.events
             if e.get("type") == "chance" and e.get("kind") == "die"]
    assert rolls
    at, first = rolls[0]
    other = 1 if first["outcome"] != 1 else 2
    wb.game.goto(at)
    wb.refresh()
    assert wb.force_chance("die", other)
    assert wb.game.line is not main and wb.game.line.parent == "main"
    assert wb.game.line.fork_at == at and "a new line main.1 starts at step" in wb.c_msg.value
    assert main.steps == recorded  # the old line is kept
    wb.b_step.click()
    assert wb.game.history[-1].events[0]["outcome"] == other
    assert wb.game.history[-1].events[0]["forced"]
    assert "main.1" in wb.lines.value


def test_forcing_at_the_end_of_the_line_keeps_the_line() -> None:
    wb = Workbench(Game("toy-dice-race", seed=4))
    wb.forward()
    assert wb.force_chance("die", 3)
    assert wb.game.line.name == "main"


def test_the_step_view_shows_what_chance_decided_and_hides_another_players_card() -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=2, options=OPTS))
    assert wb.force_chance("draw", "sealing_step", player="P1")
    for _ in range(10):
        wb.b_step.click()
        if "hs-forced" in wb.step_view.value:
            break
    line = wb.step_view.value.split('class="hs-chance-events"')[1].split("</div>")[0]
    assert "forced" in line and "P1&#x27;s deck" in line
    name = wb.presentation.card_name(wb.game.ctx, "P1/sealing_step#1")
    assert html.escape(name) in line
    wb.view_as.value = "P2"
    hidden = wb.step_view.value.split('class="hs-chance-events"')[1].split("</div>")[0]
    assert html.escape(name) not in hidden and ": ?" in hidden
    wb.view_as.value = "P1"
    assert html.escape(name) in wb.step_view.value


def test_the_queue_says_when_each_outcome_applies() -> None:
    wb = Workbench(Game("hisoutab-0.45.2", seed=2, options=OPTS))
    assert wb.force_chance("draw", "sealing_step", player="P1")
    assert wb.force_chance("pick", "P2")
    queue = html.unescape(wb.c_queue.value)
    assert "waits for P1's next draw, at step 5 (setup.draw)" in queue
    assert "pick = 'P2' — waits for any next pick, at step 7 (setup.first_player)" in queue
    assert len(wb.game.chance.forced) == 2 and wb.game.cursor == 0  # only a copy was played
    wb.forward()
    assert wb.game.history[5].name == "setup.draw"
    assert any(e.get("forced") for e in wb.game.history[5].events)


def test_the_queue_says_when_an_outcome_waits_past_the_next_decision() -> None:
    wb = Workbench(Game("recast-rift", seed=2))
    assert wb.force_chance("pick", "P2")  # the first player is picked after the decks are built
    assert "not before the next decision" in wb.c_queue.value
