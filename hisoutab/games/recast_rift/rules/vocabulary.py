"""The closed vocabulary card files are written in: timings, card types, recast times, attack values,
ability tags, effects, conditions and trigger events. The rules interpret these words; a card file
holds data only (RR-COMP-3.4, RR-COMP-3.5, RR-COMP-3.3, RR-COMP-3.6, RR-COMP-3.8, RR-COMP-2.4)."""

from __future__ import annotations

#: cast timings (RR-COMP-3.4): Normal, Preempt, Full-Power card
TIMINGS = ("normal", "preempt", "full_power")
#: card types (RR-COMP-3.5): Attack, Action, Placement ("set") and Trigger card
TYPES = ("attack", "action", "set", "trigger")
#: recast-zone positions by numeral, nearest the player first (RR-ZONE-6.3)
POSITIONS: dict[str, int] = {"III": 3, "II": 2, "I": 1}
NUMERALS: dict[int, str] = {3: "III", 2: "II", 1: "I", 0: "0"}
#: how a bar ("ー", read バー) may be written in an attack value (RR-COMP-3.6)
BAR_WORDS = ("ー", "-", "bar")

#: effect → the value it takes: ``count`` (an integer ≥ 1), ``change`` ({hand, life} ≥ 0),
#: ``attack`` ({hand, life}, each an integer ≥ 0 or a bar) or ``none``
EFFECT_VALUES: dict[str, str] = {
    "draw": "count",  # draw N cards (RR-DECK-1…4)
    "face_down": "count",  # put N cards from your hand into your face-down pile
    "face_down_any": "none",  # put any number of cards from your hand face down (your choice)
    "opponent_face_down": "count",  # your opponent puts N cards from their hand face down
    "raise": "change",  # this card's «Attack» deals more damage
    "lower": "change",  # the «Attack» this answers deals less damage (never below 0, RR-ATK-2)
    "attack": "attack",  # a text «Attack» with this attack value (RR-SEQ-2)
    "lift": "count",  # lift N of your deployed cards, one at a time (RR-LIFT-3)
    "lift_all": "none",  # lift all your deployed cards at once (RR-LIFT-4)
    "delay": "count",  # raise the recast time of one of your opponent's deployed cards (RR-DEP-7)
    "reserve": "none",  # make one of your opponent's deployed cards a reserve card (RR-ZONE-8)
    "reserve_self": "none",  # make this card a reserve card (RR-RCV-2)
    "attack_bonus": "change",  # [While Deployed]: your «Attack»s deal more damage
    "shield": "change",  # [While Deployed]: «Attack»s against you deal less damage
    "no_preempt": "none",  # [While Deployed]: your opponent cannot cast Preempt cards against your «Attack»s
}

_ONE_SHOT = frozenset({"draw", "face_down", "face_down_any", "opponent_face_down", "lower", "attack",
                       "lift", "lift_all", "delay", "reserve"})
#: which effects each kind of ability may hold
ALLOWED: dict[str, frozenset[str]] = {
    "on_cast": _ONE_SHOT | {"raise"},
    "on_recovery": (_ONE_SHOT - {"lower"}) | {"reserve_self"},
    "trigger": _ONE_SHOT,
    "continuous": frozenset({"attack_bonus", "shield", "no_preempt"}),
    "on_awaken": _ONE_SHOT,
    "while_awakened": _ONE_SHOT,
}

#: ability conditions (``condition:``): the ability does nothing unless it holds when it starts
CONDITIONS: dict[str, str] = {
    "hand_empty": "your hand is empty",
    "awakened": "your awakening card is awakened",
}

#: trigger events (``when:``) of a Trigger card's [While Deployed] ability
TRIGGERS: dict[str, str] = {
    "opponent_casts": "when your opponent casts a spell card",
    "you_are_hit": "when an «Attack» HITs you",
    "you_guard": "when you take an «Attack» with the Hand",
}
