"""The rule options of the HisouTab early draft: the two Readings of the reference (DR-1, DR-2), the
0.45.2 readings that apply where the draft is silent (DR-3 … DR-7), and the questions this ruleset
had to settle (DS-…), each with its default and alternatives."""

from __future__ import annotations

from hisoutab.engine.options import OptionSet, RuleOption

OPTIONS = OptionSet((
    RuleOption("timeline.special_every", 3, "DR-1",
               "The special line sits after every N timeline slots: it is passed when both markers "
               "stand after slot c with c % N == 0.", minimum=1, maximum=100),
    RuleOption("bullet.hit_phase", "damaged", "DR-2",
               "A bullet sharing a block with the opponent enters the damaged phase, blocked only by a "
               "defense card ('damaged', the reference Reading), or always the block phase as the "
               "source says ('block').", choices=("damaged", "block")),
    RuleOption("board.width", 7, "DR-3", "Board columns (x = 1..width).", minimum=4, maximum=30),
    RuleOption("board.height", 3, "DR-3", "Board rows (y = 0 is the ground).", minimum=1, maximum=12),
    RuleOption("timeline.start", 1, "DR-4", "The first timeline slot.", minimum=0, maximum=100),
    RuleOption("move.diagonal", False, "DR-5", "Move / dash steps: orthogonal only (false) or also "
                                               "diagonal (true)."),
    RuleOption("turn.allow_wait", True, "DR-6",
               "A player may always wait (marker +1, no card); false: only when no card can be played."),
    RuleOption("facing.auto", True, "DR-7",
               "Pieces turn to face each other after every change of position."),
    RuleOption("setup.first_player", "random", "DS-1",
               "Who goes first: at random (D-SETUP-6), or fixed for tests.",
               choices=("random", "p1", "p2")),
    RuleOption("cast.resolve", "on_marker", "DS-2",
               "When the played card's effects resolve: at the player's next turn, when the marker "
               "reaches the end of the cast time, the card being in play meanwhile ('on_marker', as "
               "0.45.2's cast zone), or in the same turn right after the cast ('at_once'; the "
               "recovery then counts from the marker).", choices=("on_marker", "at_once")),
    RuleOption("hitlag.marker", "set", "DS-3",
               "A hit or block moves the defender's marker to the cell the rule names even if that is "
               "earlier than where it stood ('set', the text), or keeps the later of the two "
               "('later', like 0.45.2 H-TD-2).", choices=("set", "later")),
    RuleOption("spirit.max", 5, "DS-4", "The most spirit a player can hold (gains beyond are lost).",
               minimum=1, maximum=20),
    RuleOption("bullet.defense_phase", True, "DS-5",
               "A bullet hit goes through the defense phase, so a defender with no card in play may "
               "block it with a defense card (true), or straight to the damaged phase (false)."),
    RuleOption("dash.discards", "opponent", "DS-6",
               "A dash discards the opponent's bullets it passes through ('opponent') or every bullet "
               "('all').", choices=("opponent", "all")),
    RuleOption("immune.scope", "damage", "DS-7",
               "Immune (a card in play with the tag): only the HP damage becomes 0, the rest of the "
               "hit applies ('damage', the text), or the whole attack has no effect ('hit').",
               choices=("damage", "hit")),
    RuleOption("parry.after", "recover", "DS-8",
               "After a parry activates, the parrying player's marker moves to the current time + the "
               "parry card's recovering time ('recover') or stays where it stood ('keep').",
               choices=("recover", "keep")),
    RuleOption("gravity.onto_opponent", "stay", "DS-9",
               "A piece above the other piece does not fall ('stay') or falls into its block "
               "('share').", choices=("stay", "share")),
    RuleOption("bullet.trace_diagonal", True, "DS-10",
               "A trace bullet steps diagonally towards the opponent (true) or orthogonally, along "
               "the longer gap first (false)."),
    RuleOption("defense.pay_cost", True, "DS-11",
               "A defense card played in the defense phase costs its spirit cost (true) or is free."),
    RuleOption("bullet.hit_in_passing", True, "DS-12",
               "A straight bullet that enters the opponent's block while moving stops there and hits "
               "(true), or only its final block counts (false)."),
    RuleOption("forward.ground_only", True, "DS-13",
               "Move forward X moves the piece only while it stands on the ground (true: 'at the "
               "ground'), or along its row wherever it is (false)."),
    RuleOption("gravity.together", True, "DS-14",
               "Gravity moves every piece in the air at the same moment, from where they stood "
               "before (true), or one after the other, the initiative holder first (false)."),
    RuleOption("parry.range", "ignored", "DS-15",
               "A parry that activates strikes back whatever the parry card's own range ('ignored': "
               "the text sets no condition but the received attack), or only when the attacker stands "
               "in that range, else the received attack is stopped and nothing strikes back ('checked').",
               choices=("ignored", "checked")),
))
