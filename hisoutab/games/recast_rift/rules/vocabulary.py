"""The closed vocabulary card files are written in: timings, card types, recast times, attack values,
ability tags, effects, conditions and trigger events. The rules interpret these words; a card file
holds data only (RR-COMP-3.4, RR-COMP-3.5, RR-COMP-3.3, RR-COMP-3.6, RR-COMP-3.8, RR-COMP-2.4)."""

from __future__ import annotations

#: cast timings (RR-COMP-3.4): Normal, Preempt, Full-Power card
TIMINGS = ("normal", "preempt", "full_power")
#: card types (RR-COMP-3.5): Attack, Action, Placement ("set") and Trigger card
TYPES = ("attack", "action", "set", "trigger")
#: the words for a kind of card in a restriction ("cannot cast Full-Power Attack cards")
TIMING_NAMES_SHORT = {"normal": "Normal", "preempt": "Preempt", "full_power": "Full-Power"}
TYPE_NAMES_SHORT = {"attack": "Attack", "action": "Action", "set": "Placement", "trigger": "Trigger"}
#: recast-zone positions by numeral, nearest the player first (RR-ZONE-6.3)
POSITIONS: dict[str, int] = {"III": 3, "II": 2, "I": 1}
NUMERALS: dict[int, str] = {3: "III", 2: "II", 1: "I", 0: "0"}
#: how a bar ("ー", read バー) may be written in an attack value (RR-COMP-3.6)
BAR_WORDS = ("ー", "-", "bar")

#: effect → the value it takes: ``count`` (an integer ≥ 1), ``change`` ({hand, life} ≥ 0),
#: ``attack`` ({hand, life}, each an integer ≥ 0 or a bar), ``restriction`` ({action, who, …}),
#: ``modifier`` ({number, by, who}), ``condition`` (a condition, as ``condition:`` takes it) or
#: ``none``. A designer's module adds more (``extensions.register_effect``).
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
    "cannot": "restriction",  # a static ability: a player cannot do one action of the rules (RR-PRIN-2)
    "modify": "modifier",  # a static ability: a number the rules fix changes (RR-PRIN-1)
    "if": "condition",  # "then if …": the ability's next effects happen only if this holds now
    "reserve_own": "none",  # make one of your own deployed cards a reserve card (RR-ZONE-8)
    "delay_all": "count",  # raise the recast time of every deployed card of your opponent (RR-DEP-7)
    "delay_own": "count",  # raise the recast time of one of your own deployed cards (RR-DEP-7)
    "rebuild": "none",  # rebuild your deck from your face-down and reserve piles (RR-DECK-2)
    "opponent_draw": "count",  # your opponent draws N cards (RR-DECK-1…4)
}

_ONE_SHOT = frozenset({"draw", "face_down", "face_down_any", "opponent_face_down", "lower", "attack",
                       "lift", "lift_all", "delay", "reserve", "if", "reserve_own", "delay_all",
                       "rebuild", "opponent_draw", "delay_own"})
#: the effects of a static ability (continuous: it applies while its card is deployed or awakened)
STATIC = frozenset({"attack_bonus", "shield", "no_preempt", "cannot", "modify"})
#: which effects each kind of ability may hold
ALLOWED: dict[str, frozenset[str]] = {
    "on_cast": _ONE_SHOT | {"raise"},
    "on_recovery": (_ONE_SHOT - {"lower"}) | {"reserve_self"},
    "trigger": _ONE_SHOT,
    "continuous": STATIC,
    "on_awaken": _ONE_SHOT,
    "while_awakened": _ONE_SHOT,
    "static": STATIC,
}

#: the effects that take a ``target:`` (written ``draw: {n: 2, target: opponent}``): effect → what it
#: targets, a ``player`` (``you``, ``opponent`` or ``each``, seen from the card's owner) or a
#: ``card`` (a deployed card: ``{whose: …, zone: …, chosen_by: …, all: …}``), and its target
#: when none is written
TARGETED: dict[str, tuple[str, str]] = {
    "draw": ("player", "you"),
    "face_down": ("player", "you"),
    "rebuild": ("player", "you"),
    "lift": ("player", "you"),
    "lift_all": ("player", "you"),
    "delay": ("card", "opponent"),
    "reserve": ("card", "opponent"),
}
#: the players a target names, seen from the card's owner (``each``: both, the owner first)
TARGET_PLAYERS = ("you", "opponent", "each")
#: the fields of a card target and the values each takes (``zone``: a recast position, any when
#: left out; ``chosen_by``: the card's owner — ``you`` — or the target card's ``owner``, as the
#: rules have it for a card of the opponent's, A-16; ``all``: every such card instead of one)
CARD_TARGET: dict[str, tuple[str, ...]] = {
    "whose": TARGET_PLAYERS,
    "zone": ("III", "II", "I", "0"),
    "chosen_by": ("you", "owner"),
}
#: the older pair spellings, each mapped to the general form when the file is loaded (one code path):
#: alias → (effect, its target)
ALIASES: dict[str, tuple[str, str | dict[str, object]]] = {
    "opponent_draw": ("draw", "opponent"),
    "opponent_face_down": ("face_down", "opponent"),
    "delay_own": ("delay", {"whose": "you"}),
    "delay_all": ("delay", {"whose": "opponent", "all": True}),
    "reserve_own": ("reserve", {"whose": "you"}),
}

#: whom a restriction or modifier applies to, seen from the card's owner
WHO = ("you", "opponent", "both")

#: the actions and choices of the rules a restriction (``cannot:``) may forbid: action → (its words,
#: the clause where the rules ask "may the player do it?"). "Cannot" beats "can" (RR-PRIN-2).
RESTRICTIONS: dict[str, tuple[str, str]] = {
    "lift": ("lift a deployed card", "RR-LIFT-3"),
    "take_with_hand": ("take an «Attack» with the Hand", "RR-DMG-2"),
    "take_with_life": ("take an «Attack» with the Life", "RR-DMG-3"),
    "graze_check": ("make a graze check", "RR-GRZ-1"),
    "preempt": ("preempt at the preempt timing", "RR-PRE-2"),
    "cast": ("cast a spell card", "RR-CAST-1"),
    "awaken": ("awaken", "RR-AWK-1"),
    "activate": ("activate a [While Awakened] ability", "RR-AWK-5"),
    "rebuild": ("rebuild the deck in the Refresh step", "RR-TURN-4.1"),
}
#: the card kinds a ``cannot: {action: cast}`` may name (``type:`` or ``timing:``)
CAST_FILTERS = ("type", "timing")

#: the numbers the rules fix that a modifier (``modify:``) changes: number → (its words, the rule's
#: value, the clause that fixes it). Card text beats the rules (RR-PRIN-1); never below 0.
NUMBERS: dict[str, tuple[str, int | None, str]] = {
    "draw_step": ("the cards drawn in the Draw step", 2, "RR-TURN-2.1"),
    "cleanup_hand": ("the hand size the Cleanup step keeps", 2, "RR-TURN-4.2"),
    "recast_time": ("the recast time a spell card is deployed with", None, "RR-DEP-2"),
    "attack_hand": ("the Hand damage of an «Attack»", None, "RR-ATK-1"),
    "attack_life": ("the Life damage of an «Attack»", None, "RR-ATK-1"),
    "lift_count": ("the cards a 'lift' effect lifts", None, "RR-LIFT-3"),
    "face_down_count": ("the cards a 'face_down' effect puts face down", None, "RR-ZONE-7"),
}

#: ability conditions (``condition:``, and ``if:`` steps), on what a player can see: the ability does
#: nothing unless it holds when it starts. Written as a name (``hand_empty``) or one ``name: N`` pair
#: (``life_at_most: 3``), with ``of: opponent`` to ask about the opponent.
CONDITIONS: dict[str, str] = {
    "hand_empty": "your hand is empty",
    "awakened": "your awakening card is awakened",
    "not_awakened": "your awakening card is not awakened",
    "your_turn": "it is your turn",
    "opponent_turn": "it is your opponent's turn",
    "attack_hit": "the last «Attack» HIT",
    "attack_not_hit": "the last «Attack» did not HIT",
    "life_at_most": "your Life is N or less",
    "life_at_least": "your Life is N or more",
    "hand_at_most": "your hand holds N cards or fewer",
    "hand_at_least": "your hand holds N cards or more",
    "deck_at_most": "your deck holds N cards or fewer",
    "face_down_at_least": "your face-down pile holds N cards or more",
    "reserve_at_least": "your reserve pile holds N cards or more",
    "deployed_at_least": "you have N deployed cards or more",
}
#: conditions made of conditions (``condition: {all_of: [...]}``): each holds when …
COMBINATORS: dict[str, str] = {
    "all_of": "every condition of the list holds",
    "any_of": "at least one condition of the list holds",
    "not": "the condition does not hold",
}
#: the conditions written with a number (``life_at_most: 3``)
COUNTED: set[str] = set({"life_at_most", "life_at_least", "hand_at_most", "hand_at_least", "deck_at_most",
                     "face_down_at_least", "reserve_at_least", "deployed_at_least"})

#: trigger events (``when:``) of a Trigger card's [While Deployed] ability
TRIGGERS: dict[str, str] = {
    "opponent_casts": "when your opponent casts a spell card",
    "you_cast": "when you cast a spell card",
    "you_are_hit": "when an «Attack» HITs you",
    "your_attack_hits": "when your «Attack» HITs",
    "you_are_not_hit": "when a graze check keeps an «Attack» from HITting you",
    "your_attack_misses": "when a graze check keeps your «Attack» from HITting",
    "you_guard": "when you take an «Attack» with the Hand",
    "opponent_guards": "when your opponent takes your «Attack» with the Hand",
    "you_take_with_life": "when you take an «Attack» with the Life",
    "you_deploy": "when a card of yours is deployed",
    "opponent_deploys": "when a card of your opponent is deployed",
    "you_lift": "when cards of yours lift",
    "you_recover": "when a card of yours is recovered",
    "you_put_face_down": "when a card is put into your face-down pile",
    "you_make_reserve": "when a card of yours becomes a reserve card",
    "you_rebuild": "when your deck is rebuilt",
    "opponent_rebuilds": "when your opponent's deck is rebuilt",
    "you_awaken": "when you awaken",
    "opponent_awakens": "when your opponent awakens",
}

#: what a trigger's ``filter:`` may ask of its event: field → (its words, the events that carry it).
#: ``type``, ``timing`` and the recast times are those of the event's card (the card cast, deployed,
#: recovered, lifted or made a reserve card, or the card whose «Attack» it is); ``hand`` and ``life``
#: the «Attack»'s damage; ``zone`` the recast position the card is deployed to, lifted from or
#: leaves.
_CARD_EVENTS = ("opponent_casts", "you_cast", "you_are_hit", "your_attack_hits", "you_are_not_hit",
                "your_attack_misses", "you_guard", "opponent_guards", "you_take_with_life", "you_deploy",
                "opponent_deploys", "you_lift", "you_recover", "you_make_reserve")
_ATTACK_EVENTS = ("you_are_hit", "your_attack_hits", "you_are_not_hit", "your_attack_misses", "you_guard",
                  "opponent_guards", "you_take_with_life")
FILTERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "type": ("the card is of this type (attack, action, set, trigger)", _CARD_EVENTS),
    "timing": ("the card has this timing (normal, preempt, full_power)", _CARD_EVENTS),
    "recast_at_least": ("the card's greatest recast time is N or more", _CARD_EVENTS),
    "recast_at_most": ("the card's greatest recast time is N or less", _CARD_EVENTS),
    "hand_at_least": ("the «Attack»'s Hand damage is N or more (a bar: never)", _ATTACK_EVENTS),
    "life_at_least": ("the «Attack»'s Life damage is N or more (a bar: never)", _ATTACK_EVENTS),
    "zone": ("the recast position (III, II, I, 0) the card is deployed to, lifted from or leaves",
             ("you_deploy", "opponent_deploys", "you_lift", "you_make_reserve")),
}
