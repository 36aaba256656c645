"""The clause IDs of the HisouTab early draft reference (``/work/shared/rules/hisoutab-draft.md``),
with a short text of each, and the readings (``DR-…``) and settled questions (``DS-…``) the options
name."""

CLAUSES: dict[str, str] = {
    "D-GOAL-1": "Reduce the opponent's health to 0.",
    "D-SETUP-1": "Set health to 20.",
    "D-SETUP-2": "Choose skills: every skill has 2 versions; choose one version for each motion input "
                 "236, 623, 214, 421.",
    "D-SETUP-3": "Take all chosen cards into hand; the remaining cards are set aside (no deck, no "
                 "drawing).",
    "D-SETUP-4": "Gain 5 spirit.",
    "D-SETUP-5": "Place both players on the ground at the near ends of the board (slot 2).",
    "D-SETUP-6": "Randomly determine who goes first; that player takes the initiative token; the other "
                 "player gains 3 additional HP.",
    "D-CARD-RANGE": "Attack range: green is where you stand, red is where you can attack.",
    "D-CARD-BULLET-1": "When a bullet moves, push its token to the next slot.",
    "D-CARD-BULLET-2": "When it leaves the last slot, discard the card.",
    "D-CARD-LINE": "The yellow line on the timeline is the special line.",
    "D-TURN-1": "Whoever is earlier on the timeline takes the turn.",
    "D-TURN-2": "If both are on the same slot, go to simultaneous action.",
    "D-TIME": "When both players pass the special line on the timeline:",
    "D-TIME-1": "each gains 1 spirit;",
    "D-TIME-2": "all bullet cards move once;",
    "D-TIME-3": "every player not on the ground moves down 1.",
    "D-PLAY": "Card-playing phase: play a card face-up. Simultaneous: both play a card face-down.",
    "D-CAST": "Time adjustment (cast time): pay the card's cost; move your timeline marker to current "
              "time + cast time. Simultaneous: flip the cards up and adjust time individually.",
    "D-RES": "Effect resolution: trigger the chosen effects; discard the played card into the discard "
             "pile.",
    "D-RES-SIM": "Simultaneous: resolve effects from highest to lowest cancellation level; on the same "
                 "level the initiative holder may pass the token and act first, otherwise the other "
                 "player acts first.",
    "D-CANCEL": "Cancellation phase: play a card with a higher cancellation level, then go to the next "
                "card-playing phase; a cancel does not replenish.",
    "D-CANCEL-SIM": "Simultaneous: the initiative holder decides first whether to cancel, then the other "
                    "player. Cancel: play a card face-down. No cancel: go to your own recovery.",
    "D-RECOVER": "Time adjustment (recovering time): move your marker to current time + recovering "
                 "time.",
    "D-REPLENISH": "Replenishment: return all cards from the discard pile to hand.",
    "D-ATK-PHYS": "If a physical attack is being resolved, enter the hit phase.",
    "D-ATK-BUL": "If a bullet and the opponent are in the same block, enter the block phase (read as the "
                 "damaged phase with the bullet rules of the block phase, DR-2).",
    "D-HIT": "Hit phase: decide whether the physical attack hits (range).",
    "D-HIT-YES": "Yes: enter the defense phase.",
    "D-HIT-NO": "No: the attacker gets +1 extra recovering time (whiff).",
    "D-DEF": "Defense phase: if the defending player has no card in play, they may play one defense "
             "card.",
    "D-DMG": "Damaged phase:",
    "D-DMG-BLOCK": "If the opponent played a defense card: block phase.",
    "D-DMG-NORMAL": "Else, if the opponent has no card in play: normal attack phase.",
    "D-DMG-COUNTER": "Else (the opponent has a card in play): counter attack phase.",
    "D-BLOCK": "Block phase: move the defender's timeline to the attacker's current time + (hitlag − 1); "
               "a bullet attack costs the defender 1 spirit.",
    "D-NORMAL": "Normal attack phase: reduce health by the damage; move the timeline to current time + "
                "hitlag.",
    "D-COUNTER": "Counter attack phase: damage + 1, timeline to current time + (hitlag + 1), discard the "
                 "played card; the attacker gains 1 spirit.",
    "D-EFF-MOVE": "Move / dash: move up to the value in blocks, never diagonally; dash discards bullets "
                  "passed through; cannot pass through opponents.",
    "D-EFF-DEF": "Defense: can be played only in the defense phase; has the defense effect.",
    "D-EFF-PHYS": "Physical attack: cast a physical attack; enter the hit phase.",
    "D-EFF-BUL": "Bullet attack: one token on the player's block, one on the card; choose a direction; "
                 "moves at the special line; hits when it shares a block with the opponent.",
    "D-TAG-GROUND": "Ground only: can only be cast while on the ground.",
    "D-TAG-DAMAGE": "Damage: the following effect acts only in a normal or counter attack phase.",
    "D-TAG-PARRY": "Parry: active only when receiving a physical attack during the following time; when "
                   "it activates the opponent cannot defend this attack.",
    "D-TAG-KNOCKBACK": "Knockback X: move the opponent X blocks away in the same row; on hitting the side "
                       "with blocks still to move, stop and deal 1 more damage.",
    "D-TAG-STRAIGHT": "Straight move X: when the bullet moves, move X along the arrow.",
    "D-TAG-TRACE": "Trace X: when the bullet moves, move X blocks closer to the opponent.",
    "D-TAG-IMMUNE": "Immune: damage is reduced to 0.",
    "D-TAG-FORWARD": "Move forward X: move X blocks closer to the opponent, on the ground.",
}

READINGS: dict[str, str] = {
    "DR-1": "timeline.special_every — the special line's place is not given (reference Reading)",
    "DR-2": "bullet.hit_phase — 'block phase' read as the damaged phase (reference Reading)",
    "DR-3": "board.width, board.height — size not given (0.45.2 R-2 applies)",
    "DR-4": "timeline.start — first cell not given (0.45.2 R-3 applies)",
    "DR-5": "move.diagonal — 'never diagonally' (0.45.2 R-16 applies)",
    "DR-6": "turn.allow_wait — a player must always have a legal option (0.45.2 R-15 applies)",
    "DR-7": "facing.auto — pieces face each other (0.45.2 S-1 applies)",
}

SETTLED: dict[str, str] = {
    "DS-1": "setup.first_player — random by D-SETUP-6; fixed values for tests and scenarios",
    "DS-2": "cast.resolve — when the played card's effects resolve",
    "DS-3": "hitlag.marker — a hit may move a marker earlier",
    "DS-4": "spirit.max — the most spirit a player holds",
    "DS-5": "bullet.defense_phase — a bullet hit offers the defense phase",
    "DS-6": "dash.discards — whose bullets a dash discards",
    "DS-7": "immune.scope — what immune cancels",
    "DS-8": "parry.after — the parrying player's marker",
    "DS-9": "gravity.onto_opponent — falling onto the other piece",
    "DS-10": "bullet.trace_diagonal — how a trace bullet steps",
    "DS-11": "defense.pay_cost — a defense card's spirit cost",
    "DS-12": "bullet.hit_in_passing — a straight bullet passing through the opponent",
    "DS-13": "forward.ground_only — 'at the ground'",
    "DS-14": "gravity.together — 'every player not on the ground moves down 1'",
    "DS-15": "parry.range — whether a parry's strike back needs its own range",
}
