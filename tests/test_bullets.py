"""Bullets: firing (H-EFF-BUL-1/2, H-KW-ANGLE, H-KW-MULTI, H-KW-FIELD), bullet hits at any moment
(H-EFF-BUL-5), graze (H-EFF-DASH, H-EFF-GRAZE, R-22), dice and bullet cards (H-EFF-BUL-3/4), and the
yellow-cell bullet movement phase (H-ADJ-YELLOW, H-BUL-ORDER, H-BUL-1..6, H-KW-STRAIGHT with R-20,
H-KW-BOUNCE, H-KW-TRACE), and R-18 'all'."""

from __future__ import annotations

import pytest

from hisoutab.games.hisoutab.v0452.rules.bullets import remove_bullets
from hisoutab.games.hisoutab.v0452.rules.state import Bullet

from .helpers import U, names, situation, start

ADVANCE = (("timeline.advance",),)
SPECIALS_NO_214 = ("P1/hakurei_orb", "P1/rising_dragon", None, "P1/sealing_dive")


def turn(attacker: int = 0, p1=None, p2=None, options=None, bullets=(), **fields):
    """``attacker`` alone at t=3 (its cast card resolves this turn), the other player's marker on 9;
    P1 on (2,0) facing right, P2 on (6,0) facing left unless told otherwise."""
    base = start(options=options)
    me, other = {"marker": 3}, {"marker": 9}
    s1 = {"x": 2, "y": 0, "facing": 1, **(me if attacker == 0 else other), **(p1 or {})}
    s2 = {"x": 6, "y": 0, "facing": -1, **(me if attacker == 1 else other), **(p2 or {})}
    return situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(),
                     initiative=attacker, p1=s1, p2=s2, bullets=tuple(bullets),
                     bullet_serial=len(bullets), **fields)


def yellow(p1=None, p2=None, bullets=(), options=None, initiative: int = 0, **fields):
    """Both markers on 3, the timeline at 1: the advance passes yellow cell 2 (H-ADJ-YELLOW)."""
    base = start(options=options)
    return situation(base, agenda=ADVANCE, time=1, special_done=1, participants=(),
                     initiative=initiative,
                     p1={"x": 2, "y": 0, "facing": 1, "marker": 3, **(p1 or {})},
                     p2={"x": 6, "y": 0, "facing": -1, "marker": 3, **(p2 or {})},
                     bullets=tuple(bullets), bullet_serial=len(bullets), **fields)


def area(card: str, die: int, player: str = "P1") -> dict:
    """A bullet card in the bullet area with its duration die."""
    return {"bullet_area": (card,), "dice": ((f"{player}/{card}", die),)}


def step_named(steps, name):
    found = [s for s in steps if s.name == name]
    assert found, f"no {name} step in {names(steps)}"
    return found[0]


def phase_steps(game):
    """Run the bullet movement phase (and what follows) up to the next decision."""
    return game.run(until="decision")


# --------------------------------------------------------------------------- firing


def test_fire_chooses_among_the_cards_angles_and_puts_the_die_on_the_card() -> None:
    """H-EFF-BUL-1, H-EFF-BUL-2, H-KW-ANGLE: Amulet Toss (forward / up-forward / down-forward only,
    duration 3): the bullet starts on P1's cell, in the chosen direction; die 3 on the card."""
    game = turn(p1={"cast": "amulet_toss#1"})
    game.run(until="decision")
    d = game.pending
    assert (d.kind, d.players) == ("fire", ("P1",))
    assert d.clauses == ("H-EFF-BUL-1", "H-KW-ANGLE", "H-KW-MULTI")
    assert d.labels() == ("fire forward", "fire up-forward", "fire down-forward")
    step = game.choose("fire up-forward")
    assert step.name == "eff.bullet"
    assert step.clauses == ("H-EFF-BUL", "H-EFF-BUL-1", "H-EFF-BUL-2", "H-KW-ANGLE")
    assert step.sentence == "P1 fires Amulet Toss from (2,0) (up-forward); die 3 on the card"
    assert step.after.bullets == (Bullet("b1", 0, "P1/amulet_toss#1", 2, 0, 1, 1),)
    assert step.after.bullet_serial == 1
    assert step.after.players[0].dice == (("P1/amulet_toss#1", 3),)
    assert step.events == ({"type": "bullet", "player": "P1", "card": "P1/amulet_toss#1",
                            "bullets": ["b1"], "cell": [2, 0]},)


def test_fire_directions_are_mirrored_by_facing() -> None:
    """H-EFF-BUL-1 / H-KW-ANGLE: directions are relative to the facing: P2 facing left fires
    'up-forward' towards smaller x."""
    game = turn(attacker=1, p2={"cast": "magic_missile#1", "x": 5},
                p1={"x": 2})
    steps = game.run(until="decision")  # one angle only (forward): no decision
    fire = step_named(steps, "eff.bullet")
    assert fire.choice is None
    assert fire.after.bullets == (Bullet("b1", 1, "P2/magic_missile#1", 5, 0, -1, 0),)
    game = turn(attacker=0, p1={"cast": "amulet_toss#1", "x": 5, "facing": -1}, p2={"x": 2})
    game.run(until="decision")
    step = game.choose("fire up-forward")
    assert step.after.bullets == (Bullet("b1", 0, "P1/amulet_toss#1", 5, 0, -1, 1),)


def test_a_bullet_without_angle_limit_may_be_fired_in_8_directions() -> None:
    """H-EFF-BUL-1: Bouncing Star has no {launch only}: all 8 directions are offered."""
    game = turn(attacker=1, p2={"cast": "bouncing_star#1"})
    game.run(until="decision")
    assert game.pending.labels("P2") == (
        "fire forward", "fire up-forward", "fire up", "fire up-back", "fire back",
        "fire down-back", "fire down", "fire down-forward")
    step = game.choose("fire up-back")
    assert step.after.bullets == (Bullet("b1", 1, "P2/bouncing_star#1", 6, 0, 1, 1),)
    assert step.after.players[1].dice == (("P2/bouncing_star#1", 4),)


def test_multi_places_bullets_in_distinct_directions() -> None:
    """H-KW-MULTI: Ofuda Spread {Multi 2}: every option is a pair of different directions (28 of
    the 8 directions); both bullets share the one die on the card."""
    game = turn(p1={"cast": "ofuda_spread#1"})
    game.run(until="decision")
    labels = game.pending.labels("P1")
    assert len(labels) == 28
    pairs = [tuple(lab.removeprefix("fire ").split(", ")) for lab in labels]
    assert all(len(p) == 2 and p[0] != p[1] for p in pairs)
    assert len({frozenset(p) for p in pairs}) == 28
    step = game.choose("fire forward, down-forward")
    assert step.clauses == ("H-EFF-BUL", "H-EFF-BUL-1", "H-EFF-BUL-2", "H-KW-MULTI", "R-29")
    assert step.after.bullets == (Bullet("b1", 0, "P1/ofuda_spread#1", 2, 0, 1, 0),
                                  Bullet("b2", 0, "P1/ofuda_spread#1", 2, 0, 1, -1))
    assert step.after.players[0].dice == (("P1/ofuda_spread#1", 2),)


def _needle(options=None):
    base = start(options=options)
    extra = tuple(c for c in base.state.players[0].extra if c != "P1/persuasion_needle")
    p1 = {"x": 2, "facing": 1, "marker": 3, "cast": "persuasion_needle", "extra": extra}
    return situation(base, agenda=ADVANCE, time=2, special_done=2, participants=(), p1=p1,
                     p2={"x": 6, "marker": 9})


def test_multi_with_as_many_angles_as_bullets_needs_no_choice() -> None:
    """H-KW-MULTI with H-KW-ANGLE, R-29 = angle_limited: Persuasion Needle {Multi 3} with 3
    angles must point three ways: one bullet each way, no choice."""
    game = _needle({"bullet.multi_directions": "angle_limited"})
    steps = game.run(until="decision")
    fire = step_named(steps, "eff.bullet")
    assert fire.choice is None
    assert fire.clauses == ("H-EFF-BUL", "H-EFF-BUL-1", "H-EFF-BUL-2", "H-KW-ANGLE", "H-KW-MULTI",
                            "R-29")
    assert [(b.dx, b.dy) for b in fire.after.bullets] == [(1, 0), (1, 1), (1, -1)]


def test_multi_fixed_angle_bullets_may_share_an_angle() -> None:
    """R-29 (default free_angle): a fixed launch angle cannot differ, so Persuasion Needle's three
    bullets choose among its 3 angles with repeats: 10 options, three forward among them."""
    game = _needle()
    game.run(until="decision")
    labels = game.pending.labels("P1")
    assert len(labels) == 10
    assert "fire forward, forward, forward" in labels
    step = game.choose("fire forward, forward, forward")
    assert [(b.dx, b.dy) for b in step.after.bullets] == [(1, 0)] * 3


def test_field_bullet_is_placed_on_the_given_cell() -> None:
    """H-KW-FIELD: Barrier Field places its still bullet two cells ahead of P1: (4,0)."""
    game = turn(p1={"cast": "barrier_field", "special": SPECIALS_NO_214}, p2={"x": 5})
    steps = game.run(until="decision")
    fire = step_named(steps, "eff.bullet")
    assert fire.clauses == ("H-EFF-BUL", "H-EFF-BUL-1", "H-EFF-BUL-2", "H-KW-FIELD")
    assert fire.sentence == "P1 fires Barrier Field from (4,0) (still); die 1 on the card"
    assert fire.after.bullets == (Bullet("b1", 0, "P1/barrier_field", 4, 0, 0, 0),)
    assert "bullet.hit" not in names(steps)


def test_field_bullet_cell_off_the_board_places_nothing() -> None:
    """H-KW-FIELD: two cells ahead of (6,0) facing right is (8,0), off the 7-wide board."""
    game = turn(p1={"cast": "barrier_field", "special": SPECIALS_NO_214, "x": 6},
                p2={"x": 7, "facing": -1})
    steps = game.run(until="decision")
    fire = step_named(steps, "eff.bullet")
    assert fire.clauses == ("H-KW-FIELD",)
    assert fire.sentence == "P1's field bullet cell (8,0) is off the board: no bullet"
    assert fire.after.bullets == () and fire.after.players[0].dice == ()


# --------------------------------------------------------------------------- H-EFF-BUL-5


def test_bullet_fired_onto_the_opponent_hits_at_once() -> None:
    """H-EFF-BUL-5: the field bullet lands on P2's cell: bullet hit; P2 (play zones empty) guards;
    the bullet leaves the board and the card's die goes with it (H-EFF-BUL-3)."""
    game = turn(p1={"cast": "barrier_field", "special": SPECIALS_NO_214}, p2={"x": 4})
    steps = game.run(until="decision")
    seq = names(steps)
    i = seq.index("eff.bullet")
    assert seq[i:i + 4] == ["eff.bullet", "bullet.hit", "attack.begin", "attack.guard"]
    hit = steps[i + 1]
    assert hit.sentence == "P1's Barrier Field bullet b1 hits P2 at (4,0)"
    assert hit.after.bullets == () and hit.after.players[0].dice == ()
    assert hit.after.agenda[-1] == ("attack.begin", 0, "P1/barrier_field", "", "b1")
    assert steps[i + 3].sentence == "P2 guards Barrier Field: hit token to t=4, spirit 5 → 4"


MISSILE = Bullet("b1", 1, "P2/magic_missile#1", 3, 0, -1, 0)


def test_a_move_stops_on_an_opponents_bullet_and_is_hit() -> None:
    """H-EFF-MOVE / H-EFF-BUL-5: a move cannot go past an opponent's bullet ((4,0) only through
    (3,0) is not offered); moving onto it is a bullet hit: P1 (Float in the trigger zone, not in
    guard state) takes Magic Missile's 1 damage and hitstun 2."""
    game = turn(p1={"cast": "float#1"}, p2=area("magic_missile#1", 2, "P2"), bullets=(MISSILE,))
    game.run(until="decision")
    assert game.pending.labels("P1") == ("stay at (2,0)", "move to (1,0)", "move to (3,0)",
                                         "move to (1,1)", "move to (2,1)", "move to (3,1)",
                                         "move to (2,2)")
    step = game.choose("move to (3,0)")
    assert step.sentence == "P1 moves from (2,0) to (3,0); an opponent's bullet is on the new cell"
    assert step.after.agenda[-1] == ("bullet.hit", "b1")
    steps = game.run(until="decision")
    assert names(steps)[:3] == ["bullet.hit", "attack.begin", "attack.damage"]
    dmg = steps[2]
    assert dmg.after.players[0].hp_mark == 19 and dmg.after.players[0].hit == 5
    assert game.state.bullets == ()
    assert game.state.players[1].dice == ()
    assert game.state.players[1].bullet_area == ("P2/magic_missile#1",)  # until P2's cleanup


# --------------------------------------------------------------------------- graze


def _graze_game(own: bool):
    mine = Bullet("b2", 0, "P1/amulet_toss#1", 4, 0, 1, 0)
    return turn(options={"graze.own_bullets": own},
                p1={"cast": "shrine_dash#1", **area("amulet_toss#1", 2)},
                p2=area("magic_missile#1", 2, "P2"), bullets=(MISSILE, mine))


def test_dash_grazes_opponent_bullets_on_its_path_but_not_its_own() -> None:
    """H-EFF-DASH, H-EFF-GRAZE, H-EFF-BUL-3, R-22 (default): dashing from (2,0) to (5,0) passes P2's
    bullet on (3,0) (discarded, its die removed) and P1's own bullet on (4,0) (kept)."""
    game = _graze_game(False)
    game.run(until="decision")
    assert [lab for lab in game.pending.labels("P1") if "(5,0)" in lab] == [
        "dash to (5,0) grazing (3,0)"]
    step = game.choose("dash to (5,0) grazing (3,0)")
    assert step.clauses == ("H-EFF-MOVE", "R-16", "H-EFF-DASH", "H-EFF-GRAZE", "R-22",
                            "H-EFF-BUL-3")
    assert step.sentence == ("P1 dashes from (2,0) to (5,0), grazing P2's Magic Missile bullet b1 "
                             "at (3,0)")
    assert step.after.bullets == (Bullet("b2", 0, "P1/amulet_toss#1", 4, 0, 1, 0),)
    assert step.after.players[1].dice == ()
    assert step.after.players[0].dice == (("P1/amulet_toss#1", 2),)
    assert step.events[1] == {"type": "graze", "player": "P1", "bullets": ["b1"]}


def test_graze_own_bullets_option() -> None:
    """R-22 option graze.own_bullets = true: the dash discards P1's own bullet too."""
    game = _graze_game(True)
    game.run(until="decision")
    step = game.choose("dash to (5,0) grazing (3,0) (4,0)")
    assert step.clauses == ("H-EFF-MOVE", "R-16", "H-EFF-DASH", "H-EFF-GRAZE", "R-22",
                            "H-EFF-BUL-3")
    assert step.after.bullets == ()
    assert [p.dice for p in step.after.players] == [(), ()]


# --------------------------------------------------------------------------- H-EFF-BUL-3 / 4


def test_die_is_removed_only_with_the_last_bullet_of_the_card() -> None:
    """H-EFF-BUL-3: Star Shower's three bullets share one die; it goes with the last of them."""
    game = turn(p2=area("star_shower#1", 2, "P2"),
                bullets=tuple(Bullet(f"b{k}", 1, "P2/star_shower#1", 4, k - 1, -1, 0)
                              for k in (1, 2, 3)))
    ctx, s = game.ctx, game.state
    s, text = remove_bullets(ctx, s, ["b1", "b2"])
    assert text == "P2's Star Shower bullet b1 at (4,0), P2's Star Shower bullet b2 at (4,1)"
    assert [b.id for b in s.bullets] == ["b3"]
    assert s.players[1].dice == (("P2/star_shower#1", 2),)
    s, _ = remove_bullets(ctx, s, ["b3"])
    assert s.bullets == () and s.players[1].dice == ()


def test_bullet_card_without_die_is_discarded_at_the_owners_cleanup() -> None:
    """H-EFF-BUL-4: after paying for a card, P1's bullet cards with no die go to the discard pile;
    one whose bullet is still on the board (die on it) stays; P2's dieless card waits for P2."""
    live = Bullet("b1", 0, "P1/ofuda_spread#1", 4, 1, 1, 0)
    base = start()
    game = situation(base, agenda=(("timeline.advance",), ("play.choose",)), time=3,
                     special_done=2, participants=(0,), turn=2,
                     p1={"marker": 3, "bullet_area": ("amulet_toss#1", "ofuda_spread#1"),
                         "dice": (("P1/ofuda_spread#1", 1),)},
                     p2={"marker": 9, "bullet_area": ("magic_missile#1",)},
                     bullets=(live,), bullet_serial=1)
    game.choose("play guard")
    pay = game.step()
    assert pay.name == "play.pay"
    assert pay.after.agenda[-1] == ("play.cleanup", 0)
    clean = game.step()
    assert clean.name == "play.cleanup"
    assert clean.clauses == ("H-EFF-BUL-4",)
    assert clean.sentence == "P1's bullet cards without a die go to the discard pile: Amulet Toss"
    p1, p2 = clean.after.players
    assert p1.bullet_area == ("P1/ofuda_spread#1",)
    assert p1.discard[-1] == "P1/amulet_toss#1"
    assert p2.bullet_area == ("P2/magic_missile#1",)


def test_resolved_bullet_card_with_die_goes_to_the_bullet_area() -> None:
    """H-MAINT-1: a bullet attack in the trigger zone whose bullet is on the board → bullet area."""
    live = Bullet("b1", 0, "P1/amulet_toss#1", 4, 0, 1, 0)
    game = turn(p1={"trigger": "amulet_toss#1", "dice": (("P1/amulet_toss#1", 2),),
                    "hand": ("sweep#1",)}, bullets=(live,))
    steps = game.run(until="decision")
    maint = step_named(steps, "maint.trigger")
    assert maint.clauses == ("H-MAINT-1",)
    assert maint.sentence == "P1's Amulet Toss leaves the trigger zone, to the bullet area"
    assert maint.after.players[0].bullet_area == ("P1/amulet_toss#1",)


# --------------------------------------------------------------------------- H-ADJ-YELLOW / H-BUL-ORDER


TOSS = Bullet("b1", 0, "P1/amulet_toss#1", 3, 1, 1, 0)
STAR = Bullet("b2", 1, "P2/bouncing_star#1", 6, 1, -1, 0)


@pytest.mark.parametrize(("choice", "holder", "first"), [("pass initiative", 1, 0),
                                                        ("keep initiative", 0, 1)])
def test_bullet_phase_order_is_the_initiative_choice(choice: str, holder: int, first: int) -> None:
    """H-ADJ-YELLOW, H-BUL-ORDER with R-13: both players have bullets, so the initiative holder (P1)
    keeps or passes the token; passing hands it over and performs the phase first."""
    game = yellow(p1=area("amulet_toss#1", 3), p2=area("bouncing_star#1", 2, "P2"),
                  bullets=(TOSS, STAR))
    game.run(until="decision")
    d = game.pending
    assert (d.kind, d.players, d.labels(), d.clauses) == (
        "initiative", ("P1",), ("keep initiative", "pass initiative"), ("H-BUL-ORDER", "R-13"))
    step = game.choose(choice)
    assert step.name == "bullets.phase"
    assert step.clauses == ("H-ADJ-YELLOW", "R-11", "H-BUL-ORDER", "R-13")
    verb = "passes" if choice.startswith("pass") else "keeps"
    assert step.sentence == f"yellow cell 2: bullet movement phase, P1 {verb} the initiative token"
    assert step.after.initiative == holder
    second = 1 - first
    assert step.after.agenda[-8:] == (
        ("bullets.settle",), ("bullets.hits",), ("bullets.leave",), ("bullets.clash",),
        ("bullets.move", second), ("bullets.dice", second), ("bullets.move", first),
        ("bullets.dice", first))


def test_bullet_phase_without_decision_when_only_one_player_has_bullets() -> None:
    """H-BUL-ORDER (S-2 default): only P2 has bullets: no initiative choice, holder P1 first."""
    game = yellow(p2=area("bouncing_star#1", 2, "P2"), bullets=(STAR,))
    steps = game.run(until="decision")
    phase = step_named(steps, "bullets.phase")
    assert phase.choice is None
    assert phase.clauses == ("H-ADJ-YELLOW", "R-11")
    assert phase.sentence == "yellow cell 2: bullet movement phase, P1 first (initiative)"
    assert game.pending.kind == "play"


# --------------------------------------------------------------------------- H-BUL-1..3


def test_dice_count_down_and_expired_bullets_leave() -> None:
    """H-BUL-1, H-BUL-2, H-EFF-BUL-3: P1's die 3 → 2; P2's die 1 → 0: the die is removed and its
    bullet expires; the card waits in the bullet area without a die."""
    missile = Bullet("b2", 1, "P2/magic_missile#1", 7, 2, -1, 0)
    game = yellow(p1=area("amulet_toss#1", 3), p2=area("magic_missile#1", 1, "P2"),
                  bullets=(TOSS, missile))
    game.run(until="decision")
    game.choose("keep initiative")  # P2 first
    steps = phase_steps(game)
    dice = [s for s in steps if s.name == "bullets.dice"]
    assert [d.sentence for d in dice] == [
        "P2's bullet dice count down: Magic Missile 1 → 0; expired: P2's Magic Missile bullet b2 "
        "at (7,2)",
        "P1's bullet dice count down: Amulet Toss 3 → 2"]
    assert dice[0].clauses == ("H-BUL-1", "H-BUL-2", "R-23")
    assert dice[1].clauses == ("H-BUL-1",)
    assert dice[0].events == ({"type": "dice", "player": "P2", "dice": [["P2/magic_missile#1", 0]]},)
    s = game.state
    assert [b.id for b in s.bullets] == ["b1"]
    assert s.players[1].dice == () and s.players[1].bullet_area == ("P2/magic_missile#1",)
    assert s.players[0].dice == (("P1/amulet_toss#1", 2),)


@pytest.mark.parametrize(("step_option", "cell", "clauses"), [
    ("x", (5, 1), ("H-BUL-3", "H-KW-STRAIGHT")),
    ("one", (4, 1), ("H-BUL-3", "H-KW-STRAIGHT", "R-20")),
])
def test_straight_bullet_moves_x_cells(step_option: str, cell: tuple, clauses: tuple) -> None:
    """H-BUL-3 with H-KW-STRAIGHT and R-20 (bullet.straight_step): Amulet Toss {Straight 2} moves 2
    cells along its direction, or 1 with the option 'one'."""
    game = yellow(p1=area("amulet_toss#1", 3), bullets=(TOSS,),
                  options={"bullet.straight_step": step_option})
    steps = phase_steps(game)
    move = next(s for s in steps if s.name == "bullets.move")
    assert move.clauses == clauses
    assert move.sentence == f"P1's bullets move: b1 (3,1) → ({cell[0]},{cell[1]})"
    b = move.after.bullets[0]
    assert (b.x, b.y, b.dx, b.dy) == (*cell, 1, 0)


def test_bounce_reflects_at_the_edge() -> None:
    """H-KW-BOUNCE: Bouncing Star at (7,1) going up-right reflects off the right edge: (6,2), now
    going up-left; a non-bouncing bullet going off the edge is discarded (H-BUL-5)."""
    star = Bullet("b2", 1, "P2/bouncing_star#1", 7, 1, 1, 1)
    missile = Bullet("b1", 0, "P1/amulet_toss#1", 7, 2, 1, 0)
    game = yellow(p1=area("amulet_toss#1", 3), p2=area("bouncing_star#1", 3, "P2"),
                  bullets=(missile, star))
    game.run(until="decision")
    game.choose("pass initiative")  # P1 first
    steps = phase_steps(game)
    moves = [s for s in steps if s.name == "bullets.move"]
    assert moves[1].sentence == "P2's bullets move: b2 (7,1) → (6,2) (bounced)"
    assert moves[1].clauses == ("H-BUL-3", "H-KW-BOUNCE", "H-KW-STRAIGHT")
    assert [(b.x, b.y, b.dx, b.dy) for b in moves[1].after.bullets if b.id == "b2"] == [(6, 2, -1, 1)]
    assert moves[0].sentence == "P1's bullets move: b1 (7,2) → (8,2)"
    leave = step_named(steps, "bullets.leave")
    assert leave.clauses == ("H-BUL-5", "H-EFF-BUL-3")
    assert leave.sentence == ("bullets off the board are discarded: P1's Amulet Toss bullet b1 at "
                              "(8,2)")
    assert [b.id for b in game.state.bullets] == ["b2"]
    assert game.state.players[0].dice == ()


def test_trace_bullet_is_moved_by_its_owner() -> None:
    """H-KW-TRACE, H-BUL-3: Homing Amulet {Trace 1}: P1 chooses any cell within 1 (or to stay)."""
    homing = Bullet("b1", 0, "P1/homing_amulet#1", 4, 1, 0, 0)
    game = yellow(p1=area("homing_amulet#1", 3), bullets=(homing,))
    game.run(until="decision")
    d = game.pending
    assert (d.kind, d.players, d.clauses) == ("trace", ("P1",), ("H-KW-TRACE", "H-BUL-3", "R-28"))
    assert d.labels() == ("b1 stays at (4,1)", "b1 to (3,0)", "b1 to (4,0)", "b1 to (5,0)",
                          "b1 to (3,1)", "b1 to (5,1)", "b1 to (3,2)", "b1 to (4,2)",
                          "b1 to (5,2)")
    step = game.choose("b1 to (5,2)")
    assert step.sentence == "P1 moves tracing bullet b1 from (4,1) to (5,2)"
    assert step.after.bullets == (Bullet("b1", 0, "P1/homing_amulet#1", 5, 2, 0, 0),)


# --------------------------------------------------------------------------- H-BUL-4..6


def test_clash_highest_cancel_level_survives() -> None:
    """H-BUL-4: Amulet Toss (cancel 1) and Bouncing Star (cancel 2) end on (5,1): only the star
    stays; the toss's die goes with its bullet (H-EFF-BUL-3)."""
    game = yellow(p1=area("amulet_toss#1", 3), p2=area("bouncing_star#1", 2, "P2"),
                  bullets=(TOSS, STAR))
    game.run(until="decision")
    game.choose("pass initiative")
    steps = phase_steps(game)
    clash = step_named(steps, "bullets.clash")
    assert clash.clauses == ("H-BUL-4", "H-EFF-BUL-3")
    assert clash.sentence == ("bullets clash: at (5,1) b2 (cancel 2) wins (discarded: P1's Amulet "
                              "Toss bullet b1 at (5,1))")
    assert clash.events == ({"type": "clash", "discarded": ["b1"]},)
    assert [b.id for b in game.state.bullets] == ["b2"]
    assert game.state.players[0].dice == ()


def test_clash_tie_discards_all() -> None:
    """H-BUL-4: Amulet Toss and Magic Missile (both cancel 1) end on (5,1): both are discarded."""
    missile = Bullet("b2", 1, "P2/magic_missile#1", 7, 1, -1, 0)
    game = yellow(p1=area("amulet_toss#1", 3), p2=area("magic_missile#1", 3, "P2"),
                  bullets=(TOSS, missile))
    game.run(until="decision")
    game.choose("pass initiative")
    steps = phase_steps(game)
    clash = step_named(steps, "bullets.clash")
    assert clash.sentence.startswith("bullets clash: at (5,1) a tie at cancel 1: all discarded")
    assert game.state.bullets == ()
    assert [p.dice for p in game.state.players] == [(), ()]


def test_bullets_of_one_side_on_a_cell_do_not_clash() -> None:
    """H-BUL-4: only bullets of both sides clash."""
    other = Bullet("b2", 0, "P1/ofuda_spread#1", 4, 1, 1, 0)
    game = yellow(p1={"bullet_area": ("amulet_toss#1", "ofuda_spread#1"),
                      "dice": (("P1/amulet_toss#1", 3), ("P1/ofuda_spread#1", 2))},
                  bullets=(TOSS, other))
    steps = phase_steps(game)
    clash = step_named(steps, "bullets.clash")
    assert clash.sentence == "no bullets of both sides share a cell"
    assert sorted((b.x, b.y) for b in game.state.bullets) == [(5, 1), (5, 1)]


def test_bullet_moving_onto_the_opponent_hits_after_movement() -> None:
    """H-BUL-6 (with H-KW-STRAIGHT stopping on the opponent's cell): Amulet Toss from (3,0) moving
    right stops on P2 at (4,0) and hits after the movement; P2 (Lunge cast, not in guard state)
    takes 1 damage, settled at the end of the phase."""
    toss = Bullet("b1", 0, "P1/amulet_toss#1", 3, 0, 1, 0)
    game = yellow(p1=area("amulet_toss#1", 3), p2={"x": 4, "cast": "lunge#1"},
                  bullets=(toss,))
    steps = phase_steps(game)
    move = step_named(steps, "bullets.move")
    assert move.sentence == "P1's bullets move: b1 (3,0) → (4,0)"
    seq = names(steps)
    i = seq.index("bullets.hits")
    assert seq[i:i + 5] == ["bullets.hits", "bullet.hit", "attack.begin", "attack.damage",
                            "bullets.settle"]
    assert steps[i].clauses == ("H-BUL-6",)
    assert steps[i].sentence == "1 bullet on an opponent's cell"
    settle = steps[i + 4]
    # the phase of yellow cell 2 runs as the timeline reaches t=3: hit token at 3 + hitstun 2
    assert settle.sentence == ("damage settlement: P2 HP 20 → 19; P2's marker leaves the timeline "
                               "(hit token at t=5)")
    assert game.state.players[1].discard[-1] == "P2/lunge#1"


# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("zones", "left"), [
    ("play", 1),
    ("all", 0),
])
def test_hit_discard_zones_option(zones: str, left: int) -> None:
    """H-DMG-4 with R-18 (hit.discard_zones): a hit discards the cast and trigger zones ('play'),
    or also the bullet area, whose bullets leave the board ('all')."""
    live = Bullet("b1", 1, "P2/magic_missile#1", 5, 2, -1, 0)
    game = turn(p1={"cast": "quick_jab#1"},
                p2={"x": 3, "cast": "lunge#1", **area("magic_missile#1", 2, "P2")},
                bullets=(live,), options={"hit.discard_zones": zones})
    steps = game.run(until="decision")
    dmg = step_named(steps, "attack.damage")
    p2 = dmg.after.players[1]
    assert len(dmg.after.bullets) == left
    if zones == "all":
        assert p2.bullet_area == () and p2.dice == ()
        assert p2.discard[-2:] == ("P2/lunge#1", "P2/magic_missile#1")
        assert dmg.events[0]["discarded"] == ["P2/lunge#1", "P2/magic_missile#1"]
    else:
        assert p2.bullet_area == ("P2/magic_missile#1",)
        assert p2.dice == (("P2/magic_missile#1", 2),)
        assert dmg.events[0]["discarded"] == ["P2/lunge#1"]
    assert p2.spirit == (U,) * 5
