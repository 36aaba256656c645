"""Hidden information stays hidden, in every registered ruleset and the toys.

From many states of seeded random games, a *twin* is built that differs only in what one player
cannot see: the hidden order of a deck or of another player's hand, another player's hidden cards
swapped for others of theirs (everywhere the state names them), another random-number state, a
different secret choice in a simultaneous decision. The player's view, the decision addressed to
them and what they read of the history must be identical in both; then both games go on with the
same choices, and stay identical for that player until something hidden is revealed (their views
differ).
"""

from __future__ import annotations

import functools
import html
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import fields
from typing import Any

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.record import is_record, replace
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.engine.visibility import (
    differences,
    hidden_cards,
    player_view,
    rng_fields,
    seen_decision,
    seen_step,
    step_hidden,
)

RULESETS: dict[str, Any] = all_rulesets()
IDS = list(RULESETS)
PAIRS = 200  # twin pairs at least, per ruleset
STATES = 60  # sampled states per ruleset
GAMES = 3  # seeded random games they are sampled from
MAX_STEPS = 700  # of each game
CONTINUE = 6  # steps both twins go on for
SWAPS = 3  # swap twins per state and player
EARLY = 40  # the first steps of a game, where half the states are sampled


@functools.cache
def sampled(rid: str) -> tuple[tuple[int, Any], ...]:
    """(seed, state) of states spread over a few seeded random games of ``rid``."""
    rs = RULESETS[rid]
    out: list[tuple[int, Any]] = []
    for seed in range(GAMES):
        game = Game(rs, seed=seed)
        game.run(until="end", agents=RandomAgent(seed), max_steps=MAX_STEPS)
        states = [game.initial] + [s.after for s in game.history if s.after.agenda]
        rnd, n = random.Random(seed), STATES // GAMES
        # half of them among the first steps (dealing, mulligans, secret set-up choices)
        early = rnd.sample(range(min(len(states), EARLY)), min(len(states), EARLY, n // 2))
        rest = [k for k in range(len(states)) if k not in early]
        # a sixth among states whose agenda names a card (a card on its way)
        pool = set(rs.card_pool(game.ctx))
        naming = [k for k in rest if agenda_cards(states[k], pool)]
        named = rnd.sample(naming, min(len(naming), n // 6))
        rest = [k for k in rest if k not in named]
        # and a sixth among windows in which a player could act but has no choice
        windows = [k for k in rest if no_choice(rs, game.ctx, states[k])]
        passed = rnd.sample(windows, min(len(windows), n // 6))
        rest = [k for k in rest if k not in passed]
        pick = early + named + passed + rnd.sample(
            rest, min(len(rest), n - len(early) - len(named) - len(passed)))
        out += [(seed, states[k]) for k in sorted(pick)]
    return tuple(out)


def no_choice(rs: Any, ctx: Any, state: Any) -> bool:
    """Whether the next step is one that asks a player, and this time asks nobody."""
    if not state.agenda:
        return False
    sd = rs.flow.steps[state.agenda[-1][0]]
    return sd.decide is not None and sd.decide(ctx, state, state.agenda[-1]) is None


def agenda_cards(state: Any, pool: set[str]) -> set[str]:
    """The cards of ``pool`` the agenda's frames name."""
    return {x for frame in getattr(state, "agenda", ()) for x in frame if isinstance(x, str)
            and x in pool}


# ----------------------------------------------------------------------------- twins
def rng_twin(rs: Any, ctx: Any, state: Any, player: str, rnd: random.Random) -> Any:
    fields = {f: rnd.getrandbits(64) for f in rng_fields(rs) if hasattr(state, f)}
    return replace(state, **fields) if fields else None


def _records(rs: Any, state: Any) -> tuple[Any, ...]:
    return tuple(rs.player_records(state))


def order_twin(rs: Any, ctx: Any, state: Any, player: str, rnd: random.Random,
               own: bool = False) -> Any:
    """Every card zone of the others (or, ``own``, of ``player``) and every shared one that
    ``player`` cannot see, in another order."""
    changed = False

    def permuted(z: Any, value: tuple[Any, ...]) -> tuple[Any, ...]:
        nonlocal changed
        if len(set(map(str, value))) < 2:
            return value
        out = list(value)
        while tuple(out) == value:
            rnd.shuffle(out)
        changed = True
        return tuple(out)

    zones = [z for z in rs.zones if z.kind == "cards"]
    records = []
    for p in _records(rs, state):
        if (p.name == player) != own:
            records.append(p)
            continue
        ch = {z.attr: permuted(z, getattr(p, z.attr)) for z in zones if z.owner == "player"
              and (z.visibility == "hidden" or (z.visibility == "owner" and p.name != player))}
        records.append(replace(p, **ch))
    shared = {z.attr: permuted(z, getattr(state, z.attr)) for z in zones
              if z.owner == "shared" and z.visibility != "public"} if not own else {}
    if not changed:
        return None
    return replace(state, **shared, **{rs.players_field: tuple(records)})


def _rename(value: Any, a: str, b: str) -> Any:
    """``value`` (a state or a part of it) with the names ``a`` and ``b`` swapped wherever they stand
    as a value (not as a mapping's key); the parts that do not name them are shared, not rebuilt (a
    record that changes is built again through its class, as a record round trip would)."""
    if isinstance(value, str):
        return b if value == a else a if value == b else value
    if is_record(value):
        old = {f.name: getattr(value, f.name) for f in fields(value)}
        new = {k: _rename(v, a, b) for k, v in old.items()}
        return type(value)(**new) if any(new[k] is not old[k] for k in new) else value
    if isinstance(value, tuple):
        items = tuple(_rename(v, a, b) for v in value)
        return items if any(x is not y for x, y in zip(items, value, strict=True)) else value
    if isinstance(value, dict):
        got = {k: _rename(v, a, b) for k, v in value.items()}
        return got if any(got[k] is not value[k] for k in got) else value
    return value


def swap_twin(rs: Any, ctx: Any, state: Any, player: str, rnd: random.Random) -> Any:
    """Two cards ``player`` cannot see, of the same owner, swapped everywhere the state names them
    (another player holds another of their cards); None when no such swap keeps the invariants."""
    hidden = sorted(hidden_cards(rs, state, player))
    names = tuple(p.name for p in _records(rs, state))
    rnd.shuffle(hidden)
    named = agenda_cards(state, set(hidden))
    hidden.sort(key=lambda c: c not in named)  # a card the agenda names first
    for a in hidden[:12]:
        for b in hidden[:12]:
            if a >= b or rs.card_owner(a, names) != rs.card_owner(b, names):
                continue
            where_a, where_b = rs.zone_of(state, a), rs.zone_of(state, b)
            if where_a == where_b:
                continue  # the same zone: that is an order twin
            twin = _rename(state, a, b)
            if not rs.invariants(ctx, twin):
                return twin
    return None


def own_order_twin(rs: Any, ctx: Any, state: Any, player: str, rnd: random.Random) -> Any:
    return order_twin(rs, ctx, state, player, rnd, own=True)


TWINS: dict[str, Callable[..., Any]] = {"rng": rng_twin, "order": order_twin,
                                        "own-order": own_order_twin, "swap": swap_twin}


# ----------------------------------------------------------------------------- what a player sees
def seen(game: Game, player: str) -> tuple[Any, Any, tuple[str, ...]]:
    return (game.view(player), seen_decision(game.pending, player), game.hidden_choices())


def leaks(rid: str, what: str, a: Any, b: Any) -> str:
    return f"{rid}, {what}:\n  " + "\n  ".join(differences(a, b)[:6])


def advance(game: Game, player: str, picks: dict[str, str]) -> Any:
    """One step of ``game``: the engine's own, or the pending decision answered with ``picks``
    (label per player; a player without a pick takes their first option)."""
    decision = game.pending
    if decision is None:
        return game.step()
    choice = {}
    for p in decision.players:
        labels = decision.labels(p)
        choice[p] = picks[p] if picks.get(p) in labels else labels[0]
    return game.choose(choice if decision.joint else choice[decision.player])


def picks_for(a: Game, b: Game, player: str, rnd: random.Random) -> dict[str, str] | None:
    """The same choice for ``player`` in both twins and, for the others, one both can take (None
    when the others' options differ: what they choose would reveal what they hold)."""
    out: dict[str, str] = {}
    da, db = a.pending, b.pending
    deciding = set(da.players if da else ()) | set(db.players if db else ())
    for p in sorted(deciding):
        la = da.labels(p) if da and p in da.players else None
        lb = db.labels(p) if db and p in db.players else None
        if la is not None and lb is not None and la != lb:
            if p == player:
                raise AssertionError(f"{player}'s options differ: {la} / {lb}")
            return None
        labels = la or lb or ()
        if labels:
            out[p] = rnd.choice(labels)
    return out


def revealing(*steps: Any) -> bool:
    """Whether a step shows everyone something: a card revealed, a die, a coin, a pick."""
    return any(e.get("type") == "reveal" or (e.get("type") == "chance" and e.get("kind") != "shuffle")
               for s in steps for e in s.events)


def check_twin(rid: str, seed: int, state: Any, twin: Any, player: str, kind: str,
               rnd: random.Random) -> int:
    """Assert ``player`` sees the same in both; returns how many steps both went on for."""
    rs = RULESETS[rid]
    a, b = Game(rs, seed=seed, state=state), Game(rs, seed=seed, state=twin)
    where = f"{kind} twin for {player}"
    seen_a, seen_b = seen(a, player), seen(b, player)
    assert seen_a == seen_b, leaks(rid, where, seen_a, seen_b)
    steps = 0
    for _ in range(CONTINUE):
        if a.over or b.over:
            break
        picks = picks_for(a, b, player, rnd)
        if picks is None:
            break
        sa, sb = advance(a, player, picks), advance(b, player, picks)
        va, vb = seen_step(rs, a.ctx, sa, player), seen_step(rs, b.ctx, sb, player)
        seen_a, seen_b = seen(a, player), seen(b, player)
        if seen_a[0] != seen_b[0] or (va.events != vb.events and revealing(va, vb)):
            break  # something hidden was revealed
        steps += 1
        assert replace(va, index=0) == replace(vb, index=0), leaks(
            rid, f"{where}, step {steps} after it", va, vb)
        assert seen_a == seen_b, leaks(rid, f"{where}, {steps} steps after it", seen_a, seen_b)
    return steps


def secret_choice_pairs(rid: str, seed: int, state: Any, rnd: random.Random) -> Iterator[str]:
    """In a simultaneous decision, one player chose (hidden) one option or another: the others see
    the same."""
    rs = RULESETS[rid]
    a = Game(rs, seed=seed, state=state)
    decision = a.pending
    if decision is None or not decision.joint:
        return
    for chooser in decision.players:
        labels = decision.labels(chooser)
        if len(labels) < 2:
            continue
        x, y = rnd.sample(labels, 2)
        a, b = Game(rs, seed=seed, state=state), Game(rs, seed=seed, state=state)
        a.choose(x, player=chooser)
        b.choose(y, player=chooser)
        for p in a.players:
            if p != chooser:
                assert seen(a, p) == seen(b, p), leaks(rid, f"{chooser}'s secret choice", seen(a, p),
                                                       seen(b, p))
                yield p


@pytest.mark.parametrize("rid", IDS)
def test_twins_that_differ_in_hidden_things_look_the_same(rid: str) -> None:
    rs = RULESETS[rid]
    pairs: dict[str, int] = {}
    for n, (seed, state) in enumerate(sampled(rid)):
        rnd = random.Random(f"{rid}/{n}")
        game = Game(rs, seed=seed, state=state)
        for player in game.players:
            for kind, make in TWINS.items():
                for _ in range(SWAPS if kind == "swap" else 1):
                    twin = make(rs, game.ctx, state, player, rnd)
                    if twin is None or twin == state:
                        continue
                    check_twin(rid, seed, state, twin, player, kind, rnd)
                    pairs[kind] = pairs.get(kind, 0) + 1
        for _ in secret_choice_pairs(rid, seed, state, rnd):
            pairs["secret"] = pairs.get("secret", 0) + 1
    total = sum(pairs.values())
    assert total >= PAIRS, f"{rid}: only {total} twin pairs ({pairs})"
    if rs.capabilities.hidden_information:
        assert pairs.get("order", 0) + pairs.get("swap", 0) > 0, pairs


@pytest.mark.parametrize("rid", IDS)
def test_a_view_carries_no_random_number_state(rid: str) -> None:
    rs = RULESETS[rid]
    for seed, state in sampled(rid)[:4]:
        game = Game(rs, seed=seed, state=state)
        for p in game.players:
            view = player_view(rs, game.ctx, state, p)
            for f in rng_fields(rs):
                if hasattr(state, f):
                    assert getattr(view, f) == 0, (rid, f)
        assert game.view() == state  # the designer sees everything


def test_the_leak_test_catches_a_view_that_keeps_the_random_number_state(monkeypatch) -> None:
    """The test can fail: with views that keep the random-number state, a twin of another rng
    state is told apart."""
    import hisoutab.engine.visibility as visibility

    rid = "toy-dice-race"
    seed, state = sampled(rid)[1]
    twin = rng_twin(RULESETS[rid], None, state, "P1", random.Random(0))
    monkeypatch.setattr(visibility, "hide_rest", lambda rs, state, seen, player: seen)
    with pytest.raises(AssertionError, match="rng"):
        check_twin(rid, seed, state, twin, "P1", "rng", random.Random(0))


def test_the_leak_test_catches_a_sentence_that_names_a_hidden_card() -> None:
    """A step whose sentence names the card a player drew, for everyone, is told apart."""
    rid = "hisoutab-0.45.2"
    rs = RULESETS[rid]
    game = Game(rs, seed=0)
    game.run(until="end", agents=RandomAgent(0), max_steps=40)
    step = next(s for s in game.history if s.name == "setup.draw")
    assert "draws 5 cards" in seen_step(rs, game.ctx, step, "P1").sentence
    assert seen_step(rs, game.ctx, step, None).sentence == step.sentence
    for p in game.players:
        own = seen_step(rs, game.ctx, step, p).sentence.split("; ")[game.players.index(p)]
        assert "5 cards" not in own  # each player reads their own opening hand


# ----------------------------------------------------------------------------- the workbench
def _named(card: str, text: str) -> bool:
    return re.search(r"(?<![\w/#])" + re.escape(html.escape(card)) + r"(?![\w#])", text) is not None


@pytest.mark.parametrize("rid", IDS)
def test_the_workbench_viewed_as_a_player_shows_nothing_hidden(rid: str) -> None:
    """Viewed as a player, the workbench's log and step view read the step as that player does
    (:func:`seen_step`) and name no card hidden from them; the designer reads everything."""
    pytest.importorskip("ipywidgets")
    from hisoutab.widgets import Workbench

    rs = RULESETS[rid]
    game = Game(rs, seed=0)
    game.run(until="end", agents=RandomAgent(0), max_steps=120)
    wb = Workbench(game)
    private = 0
    for k in list(range(1, min(game.cursor, 30))) + list(range(30, game.cursor, 15)):
        game.goto(k)
        step = game.history[-1]
        for p in (None, *game.players):
            wb.view(p)
            seen = seen_step(rs, game.ctx, step, p)
            shown, log = wb.step_view.value, [text for text, _ in wb.log_view.options]
            assert html.escape(seen.sentence) in shown, (k, p)
            line = next(t for t, i in wb.log_view.options if i == step.index)
            assert line.endswith(seen.sentence), (k, p, line)
            if seen.sentence != step.sentence:
                private += 1
                assert html.escape(step.sentence) not in shown and step.sentence not in log, (k, p)
            for card in step_hidden(rs, step, p):
                assert not _named(card, shown), f"step {k} viewed as {p} names {card}"
    if rid == "hisoutab-0.45.2":
        assert private  # the opening hands are read in part


def test_show_viewer_prints_the_players_log_and_diff() -> None:
    """``hisoutab show --viewer P2 --last 2`` reads the last steps as P2 does: P1's opening and
    mulligan draws by count, and no card id of P1's hand in the state diff."""
    from click.testing import CliRunner

    from hisoutab.cli.main import main

    game = Game("hisoutab-0.45.2", seed=1)
    game.run(until="end", agents=RandomAgent(1), max_steps=7)
    args = ["show", "--seed", "1", "--step", "7", "--last", "2", "--ruleset", "hisoutab-0.45.2"]
    full = CliRunner().invoke(main, args, env={"COLUMNS": "400"}).output
    out = CliRunner().invoke(main, [*args, "--viewer", "P2"], env={"COLUMNS": "400"}).output
    mulligan = game.history[6]
    assert mulligan.sentence in full
    assert seen_step(game.ruleset, game.ctx, mulligan, "P2").sentence in out
    assert mulligan.sentence not in out
    hand = game.state.players[0].hand
    from hisoutab.presentation.step import card_names

    names = card_names(game.ctx, game.state)  # the designer's diff names the cards
    assert any(_named(names.get(c, c), full) for c in hand) and not any(_named(c, out) for c in hand)


def test_events_marked_visible_to_reach_only_those_players_and_decisions_their_deciders() -> None:
    """An event ``visible_to`` some players shows its ``public`` form (or nothing) to the others;
    a card hidden from a player is ``?`` in what they are shown; a decision reaches its deciders."""
    from hisoutab.engine.decision import Decision, Option
    from hisoutab.engine.visibility import seen_events

    rid = "toy-dice-race"
    rs = RULESETS[rid]
    game = Game(rs, seed=0)
    game.run(until="end", agents=RandomAgent(0), max_steps=20)
    step = game.history[-1]
    p1, p2 = game.players[:2]
    hand = step.after.players[0].hand
    private = {"type": "peek", "visible_to": [p1], "card": "x", "public": {"type": "peek"}}
    secret = {"type": "secret", "visible_to": [p1]}
    named = {"type": "zone", "cards": list(hand)}
    fake = type("S", (), {"events": (private, secret, named), "before": step.before,
                          "after": step.after})()
    assert seen_events(rs, fake, p1) == ({"type": "peek", "visible_to": [p1], "card": "x"},
                                         secret, named)
    seen = seen_events(rs, fake, p2)
    assert seen[0] == {"type": "peek"} and len(seen) == 2
    assert hand and seen[1]["cards"] == ["?"] * len(hand)
    assert seen_events(rs, fake, None) == fake.events
    d = Decision("pick", (p1,), ((Option("a"), Option("b")),), ("X-1",), "step")
    assert seen_decision(d, p2) is None and seen_decision(d, None) is d
    assert seen_decision(d, p1).labels == ("a", "b")


def test_the_preempt_timing_reads_the_same_to_the_attacker_whether_or_not_the_defender_could_act(
) -> None:
    """Recast Rift: a defender who passes "passes", asked or not, and the attacker's log cites no
    clause that says why (what the defender holds is theirs, L222)."""
    rs = RULESETS["recast-rift"]
    asked = auto = 0
    for seed in range(4):
        game = Game(rs, seed=seed)
        game.run(until="end", agents=RandomAgent(seed), max_steps=1500)
        for step in game.history:
            if step.name != "seq.preempt" or (step.choice and "pass" not in step.choice.values()):
                continue  # a preempt made
            defender = step.sentence.split(" ")[0]
            attacker = next(p for p in game.players if p != defender)
            seen = seen_step(rs, game.ctx, step, attacker)
            assert seen.sentence == f"{defender} passes" and seen.choice is None
            assert not {"RR-PRIN-0", "RR-PRIN-2"} & set(seen.clauses)
            asked += step.choice is not None
            auto += step.choice is None
    assert asked and auto


def test_a_window_looks_the_same_to_the_others_whether_or_not_its_player_has_a_choice() -> None:
    """Recast Rift's preempt timing is the defender's window (its step declares it): in twins that
    differ only in whether the defender holds a Preempt card they could cast — asked in one, passed
    for by the engine in the other — the attacker's pending view and the workbench's decision panel
    viewed as the attacker are the same ("P2 may act"), and the workbench stops there in both."""
    rs = RULESETS["recast-rift"]
    pairs = 0
    for seed in range(6):
        game = Game(rs, seed=seed)
        game.run(until="end", agents=RandomAgent(seed), max_steps=1500)
        for step in game.history:
            if step.name != "seq.preempt" or step.choice is None:
                continue  # the twin with the choice is the one that was asked
            twin = _no_preempt_twin(rs, game, step.before)
            if twin is None:
                continue
            a, b = Game(rs, seed=seed, state=step.before), Game(rs, seed=seed, state=twin)
            assert a.pending is not None and b.pending is None
            defender = a.pending.players[0]
            attacker = next(p for p in a.players if p != defender)
            seen_a, seen_b = a.pending_for(attacker), b.pending_for(attacker)
            assert seen_a == seen_b, (seen_a, seen_b)
            assert seen_a.kind == "window" and seen_a.players == (defender,) and not seen_a.labels
            assert a.pending_for(defender) is not None and b.pending_for(defender) is None
            assert _panel(a, attacker) == _panel(b, attacker)
            pairs += 1
    assert pairs >= 5


def _no_preempt_twin(rs: Any, game: Game, state: Any) -> Any:
    """``state`` with the defender's castable Preempt cards swapped for cards of their deck that are
    not (the attacker sees neither), so that the defender can only pass; None when none is found."""
    ctx = game.ctx
    twin = state
    d = 1 - state.stack[-1].controller
    p = state.players[d]
    spare = [c for c in p.deck if ctx.spell(c).timing != "preempt"]
    for c in p.hand:
        if ctx.spell(c).timing == "preempt":
            if not spare:
                return None
            twin = _rename(twin, c, spare.pop())
    if rs.invariants(ctx, twin) or Game(rs, seed=game.seed, state=twin).pending is not None:
        return None
    return twin


def _panel(game: Game, viewer: str) -> tuple[str, ...]:
    """The workbench viewed as ``viewer``: its decision panel's text, and whether ▶▶ stops there."""
    pytest.importorskip("ipywidgets")
    from hisoutab.widgets import Workbench

    wb = Workbench(game)
    wb.view(viewer)
    at = game.cursor
    wb.forward()  # at the window without auto-play: it waits, asked or not
    panel = tuple(getattr(w, "value", "") for w in wb.decisions.box.children)
    return panel + (str(game.cursor - at), wb.message)
