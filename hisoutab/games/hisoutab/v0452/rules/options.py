"""The rule options of HisouTab 0.45.2: every Reading (R-…) of the reference, and the questions the
reference does not settle (S-…), each with its default and alternatives."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.options import OptionSet, RuleOption


def _dice(value: tuple[Any, ...]) -> str | None:
    if len(value) != 5 or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6
                              for v in value):
        return "a list of 5 die faces, each 1 to 6"
    return None


OPTIONS = OptionSet((
    RuleOption("end.simultaneous_ko", "draw", "R-1",
               "Both players at 0 HP in the same settlement: a draw, or the initiative holder wins.",
               choices=("draw", "initiative_wins")),
    RuleOption("board.width", 7, "R-2", "Board columns (x = 1..width).", minimum=4, maximum=30),
    RuleOption("board.height", 3, "R-2", "Board rows (y = 0 is the ground).", minimum=1, maximum=12),
    RuleOption("timeline.blue_every", 4, "R-3", "Cell t is blue when t % blue_every == 0.", minimum=1,
               maximum=100),
    RuleOption("timeline.yellow_every", 2, "R-3",
               "Cell t is yellow when t % yellow_every == 0 (drawn on the timeline; the bullet "
               "movement phase it starts comes with bullets).", minimum=1, maximum=100),
    RuleOption("timeline.start", 1, "R-3", "The first timeline cell (H-SETUP-3).", minimum=0, maximum=100),
    RuleOption("spirit.slot_dice", (1, 2, 3, 4, 5), "R-4",
               "Die values printed under the 5 gauge slots, left to right.", kind=list,
               check=_dice),
    RuleOption("spirit.spend_order", "rightmost", "R-5",
               "Which face-up spirit tokens paying flips face-down first.",
               choices=("rightmost", "leftmost")),
    RuleOption("hand.size", 5, "R-6", "Drawn cards a full hand holds, besides the standing cards.",
               minimum=1, maximum=30),
    RuleOption("hand.standing", 2, "R-6", "Standing cards each character has (always in hand).",
               minimum=0, maximum=10),
    RuleOption("deck.reshuffle", True, "R-7",
               "An empty main deck is remade by shuffling the discard pile when a draw is needed."),
    RuleOption("guard.spirit_cost", 1, "R-8",
               "Spirit a guard costs, unless the attacking card gives its own guard_cost.",
               minimum=0, maximum=10),
    RuleOption("setup.mulligan", "once", "R-9",
               "Mulligan at setup: once per player (discarded cards go to the discard pile), or none.",
               choices=("once", "none")),
    RuleOption("setup.first_player", "choose", "R-10",
               "Who goes first: P1 chooses ('choose'), at random, or fixed.",
               choices=("choose", "random", "p1", "p2")),
    RuleOption("timeline.pass", "strict", "R-11",
               "A marker has passed cell c when it stands on a cell > c ('strict') or ≥ c ('reach').",
               choices=("strict", "reach")),
    RuleOption("zones.other_destination", "discard", "R-12",
               "Where maintenance sends trigger-zone cards of kinds the source does not list.",
               choices=("discard", "hand")),
    RuleOption("initiative.pass_to_act_first", True, "R-13",
               "The initiative holder hands the token over to act first (true), or the holder after "
               "the choice acts first (false)."),
    RuleOption("turn.recovery", "on_no_cancel", "R-14",
               "Recovery is paid when the player ends a turn without cancelling, or also on a cancel.",
               choices=("on_no_cancel", "always")),
    RuleOption("turn.allow_wait", True, "R-15",
               "A player may always wait (marker +1, no card); false: only when no card can be played."),
    RuleOption("move.diagonal", False, "R-16",
               "Move / dash steps: orthogonal only (false) or also diagonal (true)."),
    RuleOption("guard.after", "play_phase", "R-17",
               "After a clean guard the resolution ends: the attacking card's remaining effects are "
               "skipped and the turn goes on to the play phase ('play_phase'), or they still "
               "resolve ('continue').",
               choices=("play_phase", "continue")),
    RuleOption("hit.discard_zones", "play", "R-18",
               "Zones a hit discards: cast and trigger ('play'), or also the bullet area, whose "
               "bullets then leave the board ('all').", choices=("play", "all")),
    RuleOption("spell.draw_per_threshold", "each", "R-19",
               "Spell draws when HP drops: one per threshold (17/13/9/5/1) reached or crossed "
               "('each'), or one per hit however many it crosses ('one').",
               choices=("each", "one")),
    RuleOption("bullet.straight_step", "x", "R-20",
               "{Straight X}: a bullet moves X cells per bullet movement phase ('x') or 1 ('one').",
               choices=("x", "one")),
    RuleOption("spell.front_commit", True, "R-21",
               "The maintenance phase puts one spell card at the front of the sequence and a spell "
               "played this turn must be the front card when payable (true); false: no front step, "
               "any payable spell card may be chosen."),
    RuleOption("graze.own_bullets", False, "R-22",
               "Graze discards only the opponent's bullets (false) or every bullet on the cell "
               "(true)."),
    RuleOption("bullet.expires_with_die", True, "R-23",
               "A bullet whose card's die is removed (it reached 0) expires and leaves the board "
               "(true), or only the die is removed and the bullet stays until something else "
               "discards it (false)."),
    RuleOption("move.cross", "never", "R-24",
               "A move, {Approach X} or {Knockback X} never takes a piece past the opponent's "
               "column ('never'), or may go round the opponent to its far side ('free').",
               choices=("never", "free")),
    RuleOption("guard.hit_defender", "hit", "R-25",
               "A defender whose zones are empty because it was hit earlier in the same moment is "
               "not in guard state ('hit'), or counts as idle and guards ('idle').",
               choices=("hit", "idle")),
    RuleOption("adjust.gravity", "together", "R-26",
               "Gravity moves both pieces at the same moment ('together'), or one piece after the "
               "other in the order of the adjustment phase ('each').",
               choices=("together", "each")),
    RuleOption("guard.turn", "stay", "R-27",
               "After a clean guard in a simultaneous action the defender stays in the turn (its "
               "card resolves, it has its play phase; next turn = later of marker and hit token) "
               "('stay'), or the hit token takes it out of the turn ('leave').",
               choices=("stay", "leave")),
    RuleOption("bullet.trace_diagonal", True, "R-28",
               "{Trace X}: a bullet's steps may be diagonal (true) or orthogonal only (false)."),
    RuleOption("bullet.multi_directions", "free_angle", "R-29",
               "{Multi X}: the bullets that must point in different directions are the free-angle "
               "ones ('free_angle'; fixed-angle bullets may share their angle), or also the "
               "angle-limited ones ('angle_limited').",
               choices=("free_angle", "angle_limited")),
    RuleOption("move.forced_contact", "meet", "S-6",
               "{Approach X} and {Knockback X} meet an opposing bullet on a cell they pass: the "
               "piece stops there and is hit ('meet'), or they skip the cells between ('skip').",
               choices=("meet", "skip")),
    RuleOption("facing.auto", True, "S-1",
               "Pieces turn to face each other after every change of position (true), or keep their "
               "facing until a rule sets it (false)."),
    RuleOption("initiative.ask_when_moot", False, "S-2",
               "Ask the initiative choice even when the order cannot matter (only one player has "
               "something to resolve or move)."),
    RuleOption("time_damage.minimum", 0, "S-3",
               "The least time damage a hit or guard deals: 0 (a guard against hitstun 1 places no "
               "hit token at all) or 1 (it places the hit token on the next cell).",
               choices=(0, 1)),
    RuleOption("sub.recovery", "replace", "S-5",
               "After a sub-action {A/B/C}, taking recovery costs A + B instead of the card's "
               "recovery ('replace'), or the card's recovery plus A + B ('add').",
               choices=("replace", "add")),
    RuleOption("knockdown.may_wait", False, "S-4",
               "A knocked-down player may wait instead of playing the knockdown card (true), or "
               "must play it at the next play phase (false)."),
))
