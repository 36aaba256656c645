"""§6–7 Physical attacks and attack resolution: H-EFF-PHYS-1 (range, mirrored by facing), H-ATK-IDLE,
H-EFF-DEF, H-ATK-1/2, H-GUARD-1/2 (R-8), H-GUARD-CRUSH-1..4, H-DMG-1..4 with H-RES-DMG, H-TD-1/2,
H-KD, H-GOAL-1 and R-1."""

from __future__ import annotations

import pytest

from hisoutab.games.hisoutab.v0452.rules.effects import in_range

from .helpers import D, U, names, situation, start

ADVANCE = (("timeline.advance",),)


def attack_turn(attacker: int = 0, cast: str = "gohei_jab", p1=None, p2=None, options=None,
                **fields):
    """The attacker alone at t=3 with ``cast`` in the cast zone (it resolves this turn); by default
    P1 on (2,0) facing right, P2 on (3,0) facing left, the defender's marker on 9. The default card
    is P1's standing Gohei Jab ({Approach 1}: already next to P2, it does not move; then GR)."""
    base = start(options=options)
    att = {"marker": 3, "cast": cast}
    dfd = {"marker": 9}
    s1 = {"x": 2, "y": 0, "facing": 1, **(att if attacker == 0 else dfd), **(p1 or {})}
    s2 = {"x": 3, "y": 0, "facing": -1, **(att if attacker == 1 else dfd), **(p2 or {})}
    return situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(), p1=s1, p2=s2,
                     initiative=attacker, **fields)


def by_name(steps):
    out = {}
    for s in steps:
        out.setdefault(s.name, s)
    return out


# --------------------------------------------------------------------------- H-EFF-PHYS-1 range


@pytest.mark.parametrize(("reach", "p", "q", "hit"), [
    (((1, 0),), (2, 0, 1), (3, 0), True),
    (((1, 0),), (2, 0, 1), (1, 0), False),
    (((1, 0),), (2, 0, -1), (1, 0), True),  # mirrored: facing left reaches x-1
    (((1, 0),), (2, 0, -1), (3, 0), False),
    (((1, 0), (2, 0)), (5, 0, -1), (3, 0), True),
    (((1, 1), (1, 2), (2, 2)), (2, 0, 1), (3, 1), True),
    (((1, 1), (1, 2), (2, 2)), (2, 0, 1), (3, 0), False),
    (((1, 1), (1, 2), (2, 2)), (6, 0, -1), (4, 2), True),
    (((1, 1), (1, 2), (2, 2)), (6, 0, -1), (8, 2), False),
])
def test_range_grid_mirrored_by_facing(reach, p, q, hit) -> None:
    """H-EFF-PHYS (range): the grid is drawn facing right and mirrored when facing left."""
    base = start()
    game = situation(base, agenda=ADVANCE, p1={"x": p[0], "y": p[1], "facing": p[2]},
                     p2={"x": q[0], "y": q[1]}, check=False)
    assert in_range(game.ctx, game.state, 0, reach) is hit


def test_card_range_grids_parse_to_offsets() -> None:
    """H-EFF-PHYS: the sample cards' grids (G attacker, R attacked, top row highest)."""
    ctx = start().ctx
    assert ctx.cards["P1/gohei_jab"].reach == ((1, 0),)
    assert ctx.cards["P2/star_poke"].reach == ((1, 0), (2, 0))
    assert ctx.cards["P2/broom_sweep#1"].reach == ((1, 0), (2, 0), (3, 0))
    assert ctx.cards["P1/gohei_swing#1"].reach == ((1, 0), (1, 1), (2, 0), (2, 1))
    assert ctx.cards["P2/sky_kick#1"].reach == ((1, 1), (1, 2), (2, 2))
    assert ctx.cards["P2/master_blow#1"].reach == ((1, -1), (1, 0), (2, 0))
    sweep = ctx.cards["P1/sweep#1"]
    assert sweep.face("top").reach == ((1, 1), (2, 1))
    assert sweep.face("bottom").reach == ((1, 0), (2, 0))


def test_p2_attack_facing_left_hits() -> None:
    """H-EFF-PHYS-1: P2 facing left hits P1 two cells to its left with Broom Sweep (GRRR)."""
    game = attack_turn(attacker=1, cast="broom_sweep#1", p1={"x": 2}, p2={"x": 4})
    steps = by_name(game.run(until="decision"))
    phys = steps["eff.physical"]
    assert phys.clauses == ("H-EFF-PHYS", "H-EFF-PHYS-1")
    assert phys.sentence == "P2's Broom Sweep hits: P1 at (2,0) is in range"
    # attack frames name the attacker, the card, its face and the bullet ("" for a physical hit)
    assert phys.after.agenda[-1] == ("attack.begin", 1, "P2/broom_sweep#1", "", "")


def test_attack_facing_away_misses() -> None:
    """H-EFF-PHYS-1 / -2: P2 facing right cannot hit P1 on its left with Broom Sweep."""
    game = attack_turn(attacker=1, cast="broom_sweep#1", p1={"x": 2}, p2={"x": 4, "facing": 1})
    steps = by_name(game.run(until="decision"))
    assert steps["eff.physical"].events[0]["hit"] is False
    assert "attack.begin" not in steps


# --------------------------------------------------------------------------- H-ATK-IDLE / guard


def test_idle_defender_guards() -> None:
    """H-ATK-IDLE, H-ATK-1/2, H-GUARD-1/2, R-8: P2 with empty play zones guards Gohei Swing
    (hitstun 3, guard_cost 2): hit token at t+3-1 = 5, the card's 2 spirit paid (rightmost), no
    damage, marker moved to t=3 at settlement. Its {Knockback 1} (H-KW-KNOCKBACK) still pushes the
    guarding P2 from (3,0) to (4,0)."""
    game = attack_turn(cast="gohei_swing#1")
    steps = game.run(until="decision")
    assert names(steps)[-5:] == ["eff.physical", "attack.begin", "attack.guard", "kw.knockback",
                                 "resolve.settle"]
    s = by_name(steps)
    begin = s["attack.begin"]
    assert begin.clauses == ("H-ATK-1", "H-ATK-2", "H-ATK-IDLE")
    assert begin.sentence == ("P2 is in guard state (both play zones empty); marker marked to the "
                              "current cell t=3")
    assert begin.events == ({"type": "defender", "player": "P2", "guard": True},)
    assert begin.after.players[1].marker_mark == 3
    assert begin.after.players[1].marker == 9
    guard = s["attack.guard"]
    assert guard.clauses == ("H-GUARD-1", "H-GUARD-2", "H-TD-1", "R-8", "R-17")  # no token before
    assert guard.sentence == "P2 guards Gohei Swing: hit token to t=5, spirit 5 → 3"
    p2 = guard.after.players[1]
    assert p2.hit == 5
    assert p2.spirit == (U, U, U, D, D)
    assert p2.hp == 20 and p2.hp_mark is None
    kb = s["kw.knockback"]
    assert kb.clauses == ("H-KW-KNOCKBACK",)
    assert kb.sentence == "P2 is knocked back from (3,0) to (4,0)"
    settle = s["resolve.settle"]
    assert settle.sentence == "damage settlement: P2's marker t=9 → 3"
    p2 = settle.after.players[1]
    assert (p2.marker, p2.hit, p2.hp, p2.marker_mark, p2.x) == (3, 5, 20, None, 4)
    assert p2.position == 5
    # the turn goes on to the attacker's play phase
    assert game.pending.kind == "play" and game.pending.players == ("P1",)


@pytest.mark.parametrize("zone", ["cast", "trigger"])
def test_defense_card_on_the_field_guards(zone: str) -> None:
    """H-EFF-DEF: a defense card (Barrier) in a play zone puts P2 in guard state."""
    game = attack_turn(cast="gohei_jab", p2={zone: "barrier"})
    s = by_name(game.run(until="decision"))
    assert s["attack.begin"].clauses == ("H-ATK-1", "H-ATK-2", "H-EFF-DEF")
    assert s["attack.begin"].sentence.startswith("P2 is in guard state; marker marked")
    assert "attack.guard" in s and "attack.damage" not in s
    # the defense card stays where it was
    assert getattr(game.state.players[1], zone) == "P2/barrier"


def test_guard_spirit_cost_option() -> None:
    """R-8 option guard.spirit_cost = 2: guarding costs 2 spirit."""
    game = attack_turn(options={"guard.spirit_cost": 2})
    s = by_name(game.run(until="decision"))
    assert s["attack.guard"].after.players[1].spirit == (U, U, U, D, D)
    assert s["attack.guard"].sentence == "P2 guards Gohei Jab: hit token to t=4, spirit 5 → 3"


def test_card_guard_cost_overrides_option() -> None:
    """R-8: the attacking card's guard_cost (Master Blow: 3) is paid instead of the option's 1."""
    game = attack_turn(attacker=1, cast="master_blow#1", p1={"x": 2}, p2={"x": 3})
    s = by_name(game.run(until="decision"))
    guard = s["attack.guard"]
    assert guard.after.players[0].spirit == (U, U, D, D, D)
    assert guard.after.players[0].hit == 3 + 4 - 1
    assert guard.sentence == "P1 guards Master Blow: hit token to t=6, spirit 5 → 2"


def test_guard_with_exactly_enough_spirit_is_clean() -> None:
    """H-GUARD-2: spirit after guarding = 0 is still ≥ 0: no damage, no crush."""
    game = attack_turn(p2={"spirit": (U, D, D, D, D)})
    steps = game.run(until="decision")
    assert "attack.crush" not in names(steps)
    assert game.state.players[1].spirit == (D, D, D, D, D)
    assert game.state.players[1].hp == 20


# --------------------------------------------------------------------------- H-GUARD-CRUSH


def test_guard_crush() -> None:
    """H-GUARD-CRUSH-1..4: P2 guards Gohei Swing (guard_cost 2) with 1 spirit: the damage is taken,
    the rightmost token becomes its printed die, the rest flip face-up, and P2 is knocked down; the
    card's {Knockback 1} (H-KW-KNOCKBACK) acts right after the damage, before the knockdown."""
    hand = ("broom_sweep#1", "lunge#1")
    game = attack_turn(cast="gohei_swing#1", p2={"spirit": (U, D, D, D, 4), "hand": hand},
                       options={"guard.spirit_cost": 2})
    steps = game.run(until="decision")
    seq = names(steps)
    i = seq.index("attack.guard")
    assert seq[i:i + 6] == ["attack.guard", "attack.crush", "attack.damage", "kw.knockback",
                            "knockdown.take", "resolve.settle"]
    s = by_name(steps)
    guard = s["attack.guard"]
    assert guard.sentence == ("P2 guards Gohei Swing: hit token to t=5, but cannot pay 2 spirit "
                              "(has 1)")
    assert guard.after.players[1].spirit == (U, D, D, D, 4)  # nothing paid
    crush = s["attack.crush"]
    assert crush.after.players[1].spirit == (U, U, U, 4, 4)
    assert crush.sentence == ("guard crush: P2's gauge ●○○○4 → ●●●44; P2 takes the damage and is "
                              "knocked down")
    dmg = s["attack.damage"]
    assert dmg.after.players[1].hp_mark == 18
    assert dmg.after.players[1].hit == 6  # the later of t+2 (guard) and t+3 (damage)
    kd = s["knockdown.take"]
    p2 = kd.after.players[1]
    assert p2.hand == ("P2/star_poke", "P2/barrier", "P2/recover")
    assert p2.discard[-2:] == ("P2/broom_sweep#1", "P2/lunge#1")
    assert "P2/recover" not in p2.aside
    assert kd.sentence == ("P2 is knocked down: discards 2 cards, takes Recover and is invulnerable "
                           "until it leaves play")
    assert kd.after.players[1].x == 4  # knocked back from (3,0)
    settle = s["resolve.settle"]
    assert settle.after.players[1].hp == 18
    assert settle.after.players[1].marker is None


def test_crush_when_spirit_already_empty() -> None:
    """H-GUARD-CRUSH-2/3: an all face-down gauge: slot 5 gets die 5, slots 1–4 flip face-up."""
    game = attack_turn(p2={"spirit": (D, D, D, D, D)})
    s = by_name(game.run(until="decision"))
    assert s["attack.crush"].after.players[1].spirit == (U, U, U, U, 5)
    assert game.state.players[1].hp == 19


# --------------------------------------------------------------------------- H-DMG / H-RES-DMG / H-TD


def test_damage_marked_then_applied_at_settlement() -> None:
    """H-DMG-1..4, H-TD-1, H-RES-DMG, R-18: P2 (Broom Sweep in the cast zone, the standing Star
    Poke in the trigger zone) is hit by Gohei Swing: HP 20 → 18 marked, hit token t+3, marker
    removed at settlement, the cast card discarded and the standing card back to hand."""
    game = attack_turn(cast="gohei_swing#1", p2={"cast": "broom_sweep#1", "trigger": "star_poke"})
    steps = game.run(until="decision")
    s = by_name(steps)
    begin = s["attack.begin"]
    assert begin.clauses == ("H-ATK-1", "H-ATK-2")
    assert begin.sentence == "P2 is not in guard state; marker marked to the current cell t=3"
    dmg = s["attack.damage"]
    assert dmg.clauses == ("H-DMG-1", "H-DMG-2", "H-DMG-3", "H-DMG-4", "H-TD-1", "R-18")
    p2 = dmg.after.players[1]
    assert (p2.hp, p2.hp_mark) == (20, 18)  # marked, not applied yet
    assert p2.marker == 9 and p2.marker_off is True
    assert p2.hit == 6
    assert (p2.cast, p2.trigger) == (None, None)
    assert p2.discard[-1] == "P2/broom_sweep#1"
    assert p2.hand[-1] == "P2/star_poke"
    ev = dmg.events[0]
    assert (ev["type"], ev["player"], ev["card"], ev["amount"], ev["hit"]) == (
        "damage", "P2", "P1/gohei_swing#1", 2, 6)
    assert ev["discarded"] == ["P2/broom_sweep#1"]
    assert ev["to_hand"] == ["P2/star_poke"]
    assert dmg.sentence.startswith("P2 takes 2 damage from Gohei Swing (HP 20 → 18 at settlement), "
                                   "hit token to t=6, marker off the timeline; discards Broom Sweep")
    settle = s["resolve.settle"]
    assert settle.clauses == ("H-RES-DMG",)
    p2 = settle.after.players[1]
    assert (p2.hp, p2.hp_mark, p2.marker, p2.marker_off, p2.hit) == (18, None, None, False, 6)
    assert settle.events == ({"type": "hp", "player": "P2", "from": 20, "to": 18},
                             {"type": "marker", "player": "P2", "from": 9, "to": None})
    assert settle.sentence == ("damage settlement: P2 HP 20 → 18; P2's marker leaves the timeline "
                               "(hit token at t=6)")
    # H-TD-1 / H-DMG-3: the hit token stands for P2's next turn
    game.choose("take recovery")  # P1: marker 3 -> 5
    game.run(until="decision")
    assert game.state.time == 5
    game.choose("wait")  # P1 again at 5 -> 6
    steps = game.run(until="decision")
    assert game.state.time == 6
    assert game.state.participants == (0, 1)
    assert game.state.players[1].marker == 6 and game.state.players[1].hit is None


@pytest.mark.parametrize(("old", "new", "text"), [
    (9, 9, "hit token stays at t=9 (later than t=5)"),
    (5, 5, "hit token stays at t=5"),
    (4, 5, "hit token t=4 → 5"),
])
def test_existing_hit_token_keeps_the_later_position(old: int, new: int, text: str) -> None:
    """H-TD-2: with a hit token already on the board, the later of the two positions is kept."""
    game = attack_turn(p2={"marker": None, "hit": old, "cast": "broom_sweep#1"})
    s = by_name(game.run(until="decision"))
    dmg = s["attack.damage"]
    assert dmg.after.players[1].hit == new
    assert text in dmg.sentence
    # no marker on the timeline: H-ATK-2 has nothing to move
    assert s["attack.begin"].after.players[1].marker_mark is None


def test_hit_player_no_longer_takes_part_in_simultaneous_action() -> None:
    """H-DMG-3/4 with H-RES-SIM: P1 resolves first and hits P2; P2's card is discarded and P2 takes
    no further part in the turn (no resolution, not in the play decision)."""
    base = start()
    game = situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     p1={"marker": 3, "x": 2, "cast": "gohei_jab"},
                     p2={"marker": 3, "x": 3, "cast": "broom_sweep#1"})
    game.run(until="decision")
    game.choose("pass initiative")  # P1 passes the token and resolves first
    steps = game.run(until="decision")
    res = [s for s in steps if s.name == "resolve.card"]
    assert [r.sentence for r in res] == ["P1 resolves Gohei Jab",
                                         "P2 was hit and no longer takes part in this turn"]
    assert game.state.players[1].hp == 19
    assert game.pending.players == ("P1",)


@pytest.mark.parametrize(("turn", "second", "players"), [
    ("stay", "P2 resolves Barrier", ("P1", "P2")),
    ("leave", "P2 was hit and no longer takes part in this turn", ("P1",))])
def test_clean_guard_keeps_the_defender_in_the_turn(turn: str, second: str, players: tuple) -> None:
    """R-27 (guard.turn): in a simultaneous action P2 guards P1's Gohei Jab with Barrier. By
    default only damage removes a marker, so P2's card still resolves and P2 plays; its next turn
    is the later of marker and hit token. With "leave" the hit token takes P2 out of the turn."""
    base = start(options={"guard.turn": turn})
    game = situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     p1={"marker": 3, "x": 2, "cast": "gohei_jab"},
                     p2={"marker": 3, "x": 3, "cast": "barrier"})
    game.run(until="decision")
    game.choose("pass initiative")
    steps = game.run(until="decision")
    guard = next(s for s in steps if s.name == "attack.guard")
    assert "R-27" in guard.clauses
    if turn == "stay":
        assert game.pending.kind == "move"  # Barrier's move
        game.choose("stay at (3,0)")
        steps += game.run(until="decision")
    res = [s.sentence for s in steps if s.name == "resolve.card"]
    assert res[1] == second
    assert game.pending.players == players
    p2 = game.state.players[1]
    assert (p2.marker, p2.hit, p2.position) == (3, 4, 4)


@pytest.mark.parametrize(("reading", "step"), [("hit", "attack.damage"), ("idle", "attack.guard")])
def test_defender_hit_earlier_is_not_idle(reading: str, step: str) -> None:
    """R-25 (guard.hit_defender): P2 was hit earlier (marker off the timeline, zones empty); by
    default a second hit is a hit, with "idle" it is guarded."""
    game = attack_turn(p2={"marker": None, "hit": 7}, options={"guard.hit_defender": reading})
    s = by_name(game.run(until="decision"))
    assert step in s
    assert "R-25" in s["attack.begin"].clauses
    assert "H-ATK-2" not in s["attack.begin"].clauses


# --------------------------------------------------------------------------- H-KD


@pytest.mark.parametrize(("may_wait", "labels"), [(False, ("play recover",)),
                                                 (True, ("play recover", "wait"))])
def test_knockdown_card_must_be_played_next(may_wait: bool, labels: tuple) -> None:
    """H-KD with S-4 (knockdown.may_wait): after a knockdown the only card that may be played is the
    knockdown card; waiting instead is allowed only with the option."""
    base = start(options={"knockdown.may_wait": may_wait})
    game = situation(base, agenda=(("timeline.advance",), ("play.choose",)), time=3,
                     participants=(1,), p2={"marker": 3, "hand": ("broom_sweep#1", "recover"),
                                            "aside": ()},
                     p1={"marker": 8})
    assert game.pending.labels("P2") == labels
    step = game.choose("play recover")
    assert step.after.players[1].cast == "P2/recover"
    pay = game.step()
    assert pay.after.players[1].marker == 5  # startup 2


@pytest.mark.parametrize("where", ["hand", "cast", "trigger"])
def test_knocked_down_player_is_invulnerable(where: str) -> None:
    """H-KD: invulnerable until the knockdown card leaves the player's zones."""
    spec = {"aside": ()}
    spec["hand" if where == "hand" else where] = ("get_up",) if where == "hand" else "get_up"
    game = attack_turn(attacker=1, cast="broom_sweep#1", p1={"x": 2, **spec}, p2={"x": 4})
    s = by_name(game.run(until="decision"))
    begin = s["attack.begin"]
    assert begin.clauses == ("H-KD",)
    assert begin.sentence == "P1 is knocked down and invulnerable: the attack has no effect"
    assert "attack.guard" not in s and "attack.damage" not in s
    p1 = game.state.players[0]
    assert (p1.hp, p1.hit, p1.marker, p1.spirit) == (20, None, 9, (U,) * 5)


def test_knockdown_card_leaving_ends_invulnerability() -> None:
    """H-KD / H-MAINT-1: once the knockdown card is set aside, attacks land again."""
    game = attack_turn(attacker=1, cast="broom_sweep#1", p1={"x": 2}, p2={"x": 4})
    s = by_name(game.run(until="decision"))
    assert s["attack.begin"].clauses == ("H-ATK-1", "H-ATK-2", "H-ATK-IDLE")


# --------------------------------------------------------------------------- H-GOAL-1 / R-1


def test_hp_reaching_zero_loses() -> None:
    """H-GOAL-1: P2 at 2 HP takes 2 damage: at settlement HP 0 and P1 wins; the game is over."""
    game = attack_turn(cast="gohei_swing#1", p2={"hp": 2, "cast": "broom_sweep#1"})
    steps = game.run(until="decision")
    assert names(steps)[-2:] == ["resolve.settle", "game.over"]
    over = steps[-1]
    assert over.clauses == ("H-GOAL-1",)
    assert over.sentence == "P2 reaches 0 HP: P1 wins"
    assert over.events == ({"type": "end", "winner": "P1"},)
    assert game.over
    assert game.state.winner == "P1"
    assert game.state.players[1].hp == 0
    assert game.result().to_dict() == {"outcome": "win", "winner": "P1", "time": 3, "turns": game.state.turn,
                             "hp": {"P1": 20, "P2": 0}}
    assert game.pending is None


def test_overkill_clamps_hp_at_zero() -> None:
    """H-GOAL-1 / H-RES-DMG: HP does not go below 0."""
    game = attack_turn(cast="gohei_swing#1", p2={"hp": 1, "cast": "broom_sweep#1"})
    game.run(until="decision")
    assert game.state.players[1].hp == 0


@pytest.mark.parametrize(("option", "initiative", "winner"), [
    ("draw", 0, "draw"),
    ("initiative_wins", 0, "P1"),
    ("initiative_wins", 1, "P2"),
])
def test_simultaneous_ko(option: str, initiative: int, winner: str) -> None:
    """H-GOAL-1, R-1 (end.simultaneous_ko): both at 0 HP in one settlement is a draw, or the
    initiative holder wins."""
    base = start(options={"end.simultaneous_ko": option})
    game = situation(base, agenda=(("timeline.advance",), ("play.choose",), ("resolve.settle",)),
                     time=1, initiative=initiative, p1={"hp_mark": 0}, p2={"hp_mark": -2})
    settle = game.step()
    assert [p.hp for p in settle.after.players] == [0, 0]
    assert settle.after.agenda[-1] == ("game.over",)
    over = game.step()
    assert over.clauses == ("H-GOAL-1", "R-1")
    assert game.state.winner == winner
    assert game.over
    if winner == "draw":
        assert over.sentence == "both players reach 0 HP: the game is a draw"
    else:
        assert over.sentence == f"both players reach 0 HP: {winner} holds the initiative and wins"


# --------------------------------------------------------------------------- S-3 / R-17


@pytest.mark.parametrize(("minimum", "hit", "text"), [(0, None, "no time damage"),
                                                      (1, 4, "hit token to t=4")])
def test_guard_against_hitstun_1(minimum: int, hit, text: str) -> None:
    """H-GUARD-1 with S-3 (time_damage.minimum): a guard against hitstun 1 deals 0 time damage — no
    hit token — or, with minimum 1, puts the hit token on the next cell."""
    base = start(options={"time_damage.minimum": minimum})
    frame = ("attack.guard", 0, "P1/quick_jab#1", "", "")  # Quick Jab: hitstun 1
    game = situation(base, agenda=(("timeline.advance",), ("resolve.settle",), frame), time=3,
                     participants=(0,), p1={"marker": 3}, p2={"marker": 9})
    step = game.step()
    assert step.name == "attack.guard"
    assert step.after.players[1].hit == hit
    assert step.sentence == f"P2 guards Quick Jab: {text}, spirit 5 → 4"
    assert "S-3" in step.clauses


@pytest.mark.parametrize(("after", "kept"), [("play_phase", False), ("continue", True)])
def test_clean_guard_ends_the_attacking_cards_resolution(after: str, kept: bool) -> None:
    """H-GUARD-2 with R-17 (guard.after): after a clean guard the attacker's remaining effects of that
    card are dropped ('play_phase', "go on to the play phase") or still resolve ('continue')."""
    base = start(options={"guard.after": after})
    rest = ("eff.sub", 0, "P1/sealing_step#1", "e2")  # Sealing Step's {1/1/1 'dash 1'} after the hit
    frame = ("attack.guard", 0, "P1/sealing_step#1", "", "")
    game = situation(base, agenda=(("timeline.advance",), ("resolve.settle",), rest, frame), time=3,
                     participants=(0,), p1={"marker": 3, "trigger": "sealing_step#1"},
                     p2={"marker": 9})
    step = game.step()
    assert step.name == "attack.guard"
    expected = (("timeline.advance",), ("resolve.settle",)) + ((rest,) if kept else ())
    assert step.after.agenda == expected
