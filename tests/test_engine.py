"""The engine core: Game history (back/goto), lines and branching, decisions and errors, agents,
records (to_dict/from_dict), rule options."""

from __future__ import annotations

import json

import pytest

from hisoutab import Game, RandomAgent, ScriptedAgent
from hisoutab.engine.agents import FirstLegalAgent, make_agent
from hisoutab.engine.errors import (
    HisoutabError,
    IllegalChoice,
    InputError,
    NoDecision,
    OptionError,
    ScriptError,
)
from hisoutab.engine.game import DecisionPending
from hisoutab.engine.record import from_dict, replace, to_dict
from hisoutab.games.hisoutab.v0452.rules import State
from hisoutab.games.hisoutab.v0452.rules.state import Bullet

from .helpers import RS, start

PLAY_A = {"P1": "play gohei_jab", "P2": "wait"}
PLAY_B = {"P1": "play guard", "P2": "wait"}


# --------------------------------------------------------------------------- back / goto


def test_back_and_goto_move_the_cursor_over_recorded_states() -> None:
    """Game.back/goto: the state is the snapshot after ``cursor`` steps; undone steps stay."""
    game = start()
    n = game.cursor
    snapshots = [game.initial] + [s.after for s in game.history]
    game.choose(PLAY_A)
    game.run(until="decision")
    total = len(game.line.steps)
    assert game.cursor == total
    assert game.back() is game.line.steps[total - 2].after
    assert game.cursor == total - 1
    assert game.goto(n) is snapshots[n]
    assert game.cursor == n
    assert game.history == game.line.steps[:n]
    assert len(game.line.steps) == total  # nothing was dropped
    assert game.goto(0) is game.initial
    assert game.back(5) is game.initial and game.cursor == 0
    assert game.pending is None
    game.goto(3)
    assert game.state is snapshots[3]


def test_goto_out_of_range_raises() -> None:
    """Game.goto: an index outside 0..len(line) is refused."""
    game = start()
    with pytest.raises(HisoutabError, match=r"goto\(999\): the line has steps 0\.\."):
        game.goto(999)
    with pytest.raises(HisoutabError):
        game.goto(-1)


def test_step_after_back_replays_the_recorded_step() -> None:
    """Game.step after back: the next recorded step is replayed (the same Step object)."""
    game = start()
    recorded = list(game.history)
    game.goto(2)
    again = game.step()
    assert again is recorded[2]
    assert game.cursor == 3


# --------------------------------------------------------------------------- lines / branching


def test_replaying_the_same_choice_does_not_fork() -> None:
    """Game.choose after going back: the same choice replays the recorded step, no new line."""
    game = start()
    n = game.cursor
    first = game.choose(PLAY_A)
    game.run(until="decision")
    end = len(game.line.steps)
    game.goto(n)
    again = game.choose(dict(PLAY_A))
    assert again is first
    assert list(game.lines) == ["main"]
    assert len(game.line.steps) == end
    assert game.cursor == n + 1


def test_a_different_choice_after_back_creates_a_new_line_and_keeps_the_old() -> None:
    """Game branching: choosing differently forks line ``main.1`` (parent main, fork at the cursor);
    ``main`` keeps its steps and can be switched back to."""
    game = start()
    n = game.cursor
    game.choose(PLAY_A)
    game.run(until="decision")
    main_steps = list(game.line.steps)
    main_state = game.state
    game.goto(n)
    step = game.choose(PLAY_B)
    assert step.choice == PLAY_B
    assert game.line.name == "main.1"
    assert list(game.lines) == ["main", "main.1"]
    branch = game.lines["main.1"]
    assert (branch.parent, branch.fork_at) == ("main", n)
    assert branch.steps[:n] == main_steps[:n]
    assert branch.steps[n] is step
    assert game.lines["main"].steps == main_steps
    assert step.after.players[0].cast == "P1/guard"
    game.switch("main")
    assert game.cursor == len(main_steps)
    assert game.state is main_state
    assert game.state.players[0].trigger == "P1/gohei_jab"  # main: Gohei Jab reached the trigger zone
    game.goto(n)
    third = next(lab for lab in game.pending.labels("P1")
                 if lab not in (PLAY_A["P1"], PLAY_B["P1"], "wait"))
    game.choose({"P1": third, "P2": "wait"})
    assert game.line.name == "main.2"
    game.switch("main.1")
    assert game.state.players[0].cast == "P1/guard"
    with pytest.raises(HisoutabError, match=r"no line 'nope'; lines: main, main\.1, main\.2"):
        game.switch("nope")


def test_fork_from_a_fork_is_named_after_it() -> None:
    """Game branching: forking while on ``main.1`` makes ``main.1.1``."""
    game = start()
    n = game.cursor
    game.choose(PLAY_A)
    game.goto(n)
    game.choose(PLAY_B)
    game.goto(n)
    game.choose({"P1": "wait", "P2": "wait"})
    assert game.line.name == "main.1.1"
    assert game.line.parent == "main.1"


# --------------------------------------------------------------------------- decisions and errors


def test_illegal_choice_lists_legal_options_and_changes_nothing() -> None:
    """IllegalChoice: the message and ``legal`` list the legal options; state, cursor and lines are
    unchanged."""
    game = Game(RS, seed=0, options={"setup.mulligan": "none"})
    game.run(until="decision")
    state, cursor = game.state, game.cursor
    with pytest.raises(IllegalChoice) as info:
        game.choose("P3 goes first")
    err = info.value
    assert err.legal == ("P1 goes first", "P2 goes first")
    assert str(err) == ("'P3 goes first' is not a legal option for P1 (first player, H-SETUP-7, "
                        "R-10); legal options: 'P1 goes first', 'P2 goes first'")
    assert game.state is state and game.cursor == cursor
    assert list(game.lines) == ["main"]
    assert game.pending.kind == "first player"


def test_joint_decision_needs_every_player() -> None:
    """Decision.resolve: a mapping must name exactly the deciding players."""
    game = start()
    state = game.state
    with pytest.raises(IllegalChoice, match="missing P2"):
        game.choose({"P1": "play gohei_jab"})
    with pytest.raises(IllegalChoice, match="not deciding: P3"):
        game.choose({"P1": "play gohei_jab", "P2": "wait", "P3": "wait"})
    with pytest.raises(IllegalChoice, match="'play nothing' is not a legal option for P2"):
        game.choose({"P1": "play gohei_jab", "P2": "play nothing"})
    assert game.state is state


def test_step_with_pending_decision_and_choose_without_one() -> None:
    """DecisionPending from step() names who must decide; NoDecision when nothing is pending."""
    game = Game(RS, seed=0, options={"setup.mulligan": "none"})
    game.run(until="decision")
    with pytest.raises(DecisionPending, match="P1 must decide first"):
        game.step()
    game.goto(2)
    with pytest.raises(NoDecision, match="no decision is pending"):
        game.choose("P1 goes first")


def test_finished_game_refuses_steps_and_choices() -> None:
    """A game over: step() raises, choose() raises NoDecision, run() does nothing more."""
    # (seed 3: a random game that ends; with the sample data some random games never end, their
    # hands filling up with cards that cannot be played)
    game = Game(RS, seed=3)
    game.run(until="end", agents=RandomAgent(3), max_steps=20_000)
    assert game.over and game.state.winner in ("P1", "P2", "draw")
    with pytest.raises(HisoutabError, match="the game is over"):
        game.step()
    with pytest.raises(NoDecision, match="the game is over"):
        game.choose("wait")
    assert game.run(until="end", agents=RandomAgent(3)) == []


def test_goto_clears_hidden_choices() -> None:
    """H-PLAY-SIM hidden choices do not survive moving the cursor."""
    game = start()
    game.choose("play gohei_jab", player="P1")
    assert game.hidden_choices() == ("P1",)
    game.goto(game.cursor)
    assert game.hidden_choices() == ()
    assert game.choose("wait", player="P2") is None


def test_run_until_unknown_raises() -> None:
    game = start()
    with pytest.raises(HisoutabError, match="expected decision, turn, phase or end"):
        game.run(until="forever")


def test_run_until_turn_stops_after_a_turn_begins() -> None:
    """Game.run(until='turn'): stops right after the step tagged 'turn' (turn.begin)."""
    game = start()
    steps = game.run(until="turn", agents=FirstLegalAgent())
    assert steps[-1].name == "turn.begin"
    assert [s.name for s in steps].count("turn.begin") == 1


def test_step_record_to_dict() -> None:
    """Step.to_dict: index, time, actor, phase, step, clauses, sentence, events, auto, choice."""
    game = start()
    step = game.choose(PLAY_A)
    d = step.to_dict()
    assert d == {"index": step.index, "time": 1, "actor": "P1+P2", "phase": "play",
                 "step": "play.choose", "clauses": ["H-PLAY-1", "H-PLAY-SIM", "R-15"],
                 "sentence": "both reveal: P1 plays Gohei Jab; P2 waits: marker t=1 → 2",
                 "events": [dict(e) for e in step.events], "auto": False, "choice": PLAY_A}
    json.dumps(d)


# --------------------------------------------------------------------------- agents


def test_scripted_agent_replays_a_random_game_exactly() -> None:
    """ScriptedAgent: the choices of a random game, given as a script, give the same log."""
    ref = Game(RS, seed=9)
    ref.run(until="end", agents=RandomAgent(9))
    lines = [s.choice if len(s.choice) > 1 else next(iter(s.choice.values()))
             for s in ref.history if s.choice is not None]
    game = Game(RS, seed=9)
    agent = ScriptedAgent(lines)
    game.run(until="end", agents=agent)
    assert game.log_hash() == ref.log_hash()
    assert agent.exhausted


def test_scripted_agent_bad_line_names_the_line() -> None:
    """ScriptedAgent: a line matching no legal option raises ScriptError naming file:line."""
    game = Game(RS, seed=0)
    agent = ScriptedAgent([{"P1": "keep all", "P2": "keep all"}, "P3 goes first"],
                          source="demo.txt", line_numbers=[3, 7])
    with pytest.raises(ScriptError) as info:
        game.run(until="end", agents=agent)
    assert str(info.value) == (
        "demo.txt:7: 'P3 goes first' is not a legal option for P1 (first player, H-SETUP-7, R-10); "
        "legal options: 'P1 goes first', 'P2 goes first'")
    assert game.pending.kind == "first player"  # the mulligan was played, nothing after


def test_scripted_agent_without_line_numbers_counts_lines() -> None:
    """ScriptedAgent: without line numbers, ``script line N`` (1-based)."""
    game = Game(RS, seed=0)
    with pytest.raises(ScriptError, match=r"^script line 1: 'keep all' answers one player but the "
                                          r"decision \(mulligan\) is simultaneous"):
        game.run(until="end", agents=ScriptedAgent(["keep all"]))


def test_scripted_agent_exhausted_raises() -> None:
    """ScriptedAgent: a decision after the script ran out raises ScriptError listing the options."""
    game = Game(RS, seed=0)
    agent = ScriptedAgent([{"P1": "keep all", "P2": "keep all"}], source="demo.txt")
    with pytest.raises(ScriptError) as info:
        game.run(until="end", agents=agent)
    assert str(info.value) == (
        "demo.txt: the script ended but a decision is pending: P1 must choose (first player, "
        "H-SETUP-7, R-10) among: 'P1 goes first', 'P2 goes first'")


@pytest.mark.parametrize(("line", "message"), [
    ({"P1": "keep all"}, "demo.txt line 1: no choice for P2 in mulligan"),
    ({"P1": "keep all", "P3": "keep all"}, "demo.txt line 1: P3 does not decide now; P1, P2 must "
                                           "choose (mulligan)"),
])
def test_scripted_agent_joint_line_must_name_exactly_the_deciders(line, message) -> None:
    """ScriptedAgent: a joint line missing a player or naming a non-deciding one is refused."""
    game = Game(RS, seed=0)
    with pytest.raises(ScriptError) as info:
        game.run(until="end", agents=ScriptedAgent([line], source="demo.txt"))
    assert str(info.value) == message


def test_agents_per_player_and_make_agent() -> None:
    """Game.run with one agent per player; make_agent refuses unknown kinds."""
    game = Game(RS, seed=2)
    game.run(until="end", agents={"P1": FirstLegalAgent(), "P2": RandomAgent(2)}, max_steps=20_000)
    assert game.over
    assert isinstance(make_agent("first"), FirstLegalAgent)
    assert make_agent("random", 5).seed == 5
    with pytest.raises(InputError, match="unknown agent 'smart'; expected 'random' or 'first'"):
        make_agent("smart")


def test_same_seed_same_history_different_seed_differs() -> None:
    """Determinism: the generator lives in the state."""
    def play(seed: int) -> Game:
        g = Game(RS, seed=seed)
        g.run(until="end", agents=RandomAgent(seed))
        return g

    a, b, c = play(21), play(21), play(22)
    assert a.log_hash() == b.log_hash() != c.log_hash()
    assert a.state == b.state
    assert [s.line() for s in a.history] == [s.line() for s in b.history]


# --------------------------------------------------------------------------- records


def test_record_round_trip_through_json_mid_game() -> None:
    """record.to_dict / from_dict: JSON round trip of every state of a game (dice, hit tokens,
    removed markers, frames with None)."""
    game = Game(RS, seed=3)
    game.run(until="end", agents=RandomAgent(3))
    seen_none_marker = False
    for step in game.history:
        s = step.after
        data = json.loads(json.dumps(to_dict(s)))
        back = from_dict(State, data)
        assert back == s
        assert hash(back) == hash(s)
        seen_none_marker |= any(p.marker is None for p in s.players)
    assert seen_none_marker


def test_record_round_trip_of_crafted_state() -> None:
    """record: ints and strings in the gauge, None markers, tuple frames come back as tuples, and
    nested records (a bullet on the board, the duration die on its card)."""
    s = start().state
    p = replace(s.players[0], spirit=("up", "down", 3, 4, "up"), marker=None, hit=7, hp_mark=-1,
                dice=(("P1/amulet_toss#1", 2),))
    s = replace(s, players=(p, s.players[1]),
                bullets=(Bullet("b1", 0, "P1/amulet_toss#1", 3, 1, 1, -1),),
                agenda=(("timeline.advance",), ("attack.begin", 0, "P1/gohei_jab", "", "")))
    d = to_dict(s)
    assert d["players"][0]["spirit"] == ["up", "down", 3, 4, "up"]
    assert d["agenda"][1] == ["attack.begin", 0, "P1/gohei_jab", "", ""]
    back = from_dict(State, d)
    assert back == s
    assert back.agenda[1] == ("attack.begin", 0, "P1/gohei_jab", "", "")
    assert back.players[0].spirit == ("up", "down", 3, 4, "up")
    assert back.players[0].dice == (("P1/amulet_toss#1", 2),)
    assert back.bullets == (Bullet("b1", 0, "P1/amulet_toss#1", 3, 1, 1, -1),)


def test_from_dict_rejects_wrong_types() -> None:
    """record.from_dict: a string for an int, a bool for an int, a scalar for a record."""
    d = to_dict(start().state)
    bad = json.loads(json.dumps(d))
    bad["time"] = "3"
    with pytest.raises(TypeError, match="expected an integer"):
        from_dict(State, bad)
    bad["time"] = True
    with pytest.raises(TypeError, match="expected an integer"):
        from_dict(State, bad)
    with pytest.raises(TypeError, match="expected a mapping for State"):
        from_dict(State, [1, 2])


def test_replace_shares_unchanged_parts() -> None:
    """record.replace: a new record; unchanged fields are the same objects."""
    s = start().state
    t = replace(s, time=99)
    assert t.time == 99 and s.time == 1
    assert t.players is s.players and t.agenda is s.agenda
    assert t != s


def test_state_is_hashable_and_hash_follows_value() -> None:
    """State records are hashable values: equal states hash alike, a change changes equality."""
    a = start(seed=5).state
    b = start(seed=5).state
    assert a is not b and a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    c = replace(a, turn=a.turn + 1)
    assert c != a
    assert len({a, b, c}) == 2


# --------------------------------------------------------------------------- options


def test_unknown_option_raises_option_error_listing_known() -> None:
    """OptionError: an unknown option names itself and the known options."""
    with pytest.raises(OptionError) as info:
        Game(RS, options={"board.depth": 3})
    err = info.value
    assert isinstance(err, InputError)
    assert err.field == "board.depth"
    assert str(err).startswith("board.depth: unknown rule option; known options: ")
    listed = str(err).split("known options: ", 1)[1].split(", ")
    assert listed == sorted(listed) and {"board.height", "board.width", "deck.reshuffle"} <= set(listed)


@pytest.mark.parametrize(("name", "value", "message"), [
    ("board.width", 3, "board.width: 3 is too small; expected an integer from 4 to 30"),
    ("board.width", "7", "board.width: '7' is not allowed; expected an integer from 4 to 30"),
    ("board.width", True, "board.width: True is not allowed; expected an integer from 4 to 30"),
    ("board.width", 7.0, "board.width: 7.0 is not allowed; expected an integer from 4 to 30"),
    ("deck.reshuffle", 1, "deck.reshuffle: 1 is not allowed; expected true or false"),
    ("deck.reshuffle", "yes", "deck.reshuffle: 'yes' is not allowed; expected true or false"),
    ("end.simultaneous_ko", "p1", "end.simultaneous_ko: 'p1' is not allowed; expected one of 'draw', "
                                  "'initiative_wins'"),
    ("setup.first_player", True, "setup.first_player: True is not allowed; expected one of 'choose'"),
    ("spirit.slot_dice", [1, 2, 3], "spirit.slot_dice: (1, 2, 3) is not allowed; expected a list of 5 "
                                    "die faces, each 1 to 6"),
    ("spirit.slot_dice", [1, 2, 3, 4, 99], "spirit.slot_dice: (1, 2, 3, 4, 99) is not allowed; expected a "
                                           "list of 5 die faces, each 1 to 6"),
    ("board.width", 100_000_000, "board.width: 100000000 is too large; expected an integer from 4 to 30"),
    ("spirit.slot_dice", 5, "spirit.slot_dice: 5 is not allowed; expected a list"),
    ("guard.spirit_cost", -1, "guard.spirit_cost: -1 is too small; expected an integer from 0 to 10"),
])
def test_bad_option_value_raises_option_error(name: str, value, message: str) -> None:
    """OptionError: a bad value names the option and what is expected."""
    with pytest.raises(OptionError) as info:
        Game(RS, options={name: value})
    assert str(info.value).startswith(message)
    assert info.value.field == name


def test_option_values_and_changed() -> None:
    """Options: resolved defaults with overrides; ``changed`` lists only non-defaults."""
    game = Game(RS, options={"board.width": 9, "spirit.slot_dice": [2, 2, 2, 2, 2],
                             "deck.reshuffle": True})
    assert game.options["board.width"] == 9
    assert game.options["spirit.slot_dice"] == (2, 2, 2, 2, 2)
    assert game.options.changed(game.ruleset.options) == {"board.width": 9,
                                                          "spirit.slot_dice": (2, 2, 2, 2, 2)}
    assert game.ctx.width == 9 and game.ctx.dice == (2, 2, 2, 2, 2)
    assert Game(RS).options == Game(RS).options


def test_every_reading_option_is_declared_with_a_reading() -> None:
    """options.py: every option cites a Reading (R-…) or a settled question (S-1..S-3)."""
    from hisoutab.games.hisoutab.v0452.rules.options import OPTIONS

    readings = {o.reading for o in OPTIONS}
    assert {"S-1", "S-2", "S-3"} <= readings
    assert all(r.startswith(("R-", "S-")) for r in readings)
    for o in OPTIONS:
        assert o.validate(o.default) == o.default or tuple(o.default) == o.validate(o.default)
