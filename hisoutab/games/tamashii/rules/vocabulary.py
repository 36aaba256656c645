"""The vocabulary of TAMASHII's card data: the effects a card, tile, marker, code or campaign
activity may list, the value each takes, and the conditions a check may test (the documentation
page is ``docs/tamashii-content.md``). A designer's module adds effects
(:func:`.extensions.register_effect`)."""

from __future__ import annotations

RESOURCES = ("shield", "memory", "power", "reroll")
COLOURS = ("red", "blue", "green", "yellow")
WILD, DAMAGED = "wild", "damaged"
GANGS = ("sparta", "ninkyo", "raiders", "commons")
PHASES = ("planning", "action", "combat", "cleanup")
STATS = ("program", "move", "attack")
#: a code pattern's letters: a colour, C the core data chip's colour, * any chip but a damaged one,
#: . no requirement (TM-CODE-1, TM-CHIP-1, A-27, A-29)
LETTERS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "C": "core", "*": "any", ".": None}

#: effect → the value it takes: count (a positive integer), signed (a non-zero integer), resources
#: (resource → positive integer), colour (a colour or ``any``: the player chooses), gang, flag (true)
EFFECT_VALUES: dict[str, str] = {
    "gain": "resources",   # raise resources, each capped at five (TM-RES-2)
    "lose": "resources",   # lower resources (not below 0)
    "heal": "count",       # HP up, not above max HP
    "xp": "count",         # gain experience
    "trace": "signed",     # raise (overflow: TM-TRACE-4) or lower the trace
    "chip": "colour",      # gain a chip from the supply into storage (TM-CHIPOP-1)
    "damage": "count",     # damage the player's own primary enemy (TM-ENEMY-4; defeat: TM-ENEMY-5)
    "expel": "flag",       # the primary enemy goes to the enemy discard pile, no XP (TM-XP-1.1)
    "discard": "flag",     # the card holding the number die to the discard pile: it never attacks
    "lock_on": "count",    # draw enemy cards into the row (TM-ENEMY-2)
    "hit": "count",        # the player is hit for this much damage (Shield: TM-RES-3)
    "jam": "count",        # gain damaged chips into storage, from the finite total (TM-COMP-5)
    "mod": "gang",         # take the top card of that gang's mod deck (TM-MOD-3.1)
    "switch": "flag",      # switch cyberbodies at a body-switch district (TM-BODY-1)
    "uplink": "count",     # the campaign's progress (the special code's effect)
}
EFFECT_WORDS: dict[str, str] = {
    "gain": "gain", "lose": "lose", "heal": "heal", "xp": "gain XP", "trace": "trace",
    "chip": "gain a chip", "damage": "damage the primary enemy", "expel": "expel the primary enemy",
    "discard": "discard the enemy holding the number die",
    "lock_on": "lock on enemy cards", "hit": "take damage", "jam": "gain damaged chips",
    "mod": "take a gang mod", "switch": "switch cyberbody", "uplink": "open uplinks",
}

#: every clause applying effects may cite: each step that applies effects declares them all
EFFECT_CLAUSES = ("TM-RES-2", "TM-COMP-15", "TM-COMP-16", "TM-XP-1", "TM-TRACE-4", "TM-CHIPOP-1",
                  "TM-ENEMY-4", "TM-ENEMY-5", "TM-XP-1.1", "TM-ENEMY-1", "TM-COMP-5", "TM-CODE-2.2",
                  "TM-CMB-3.6")

#: check → the value it takes: count, count_or (a count or the named campaign figure), resources
CONDITIONS: dict[str, str] = {
    "uplinks_at_least": "count_or:needed",
    "damaged_left_at_most": "count",
    "round_at_least": "count_or:limit",
    "trace_at_most": "count",
    "xp_at_least": "count",
    "equipped_at_least": "count",
    "mods_at_least": "count",
    "hp_max_at_least": "count",
    "enemies_at_least": "count",
    "enemies_at_most": "count",
    "resource_at_least": "resources",
}
