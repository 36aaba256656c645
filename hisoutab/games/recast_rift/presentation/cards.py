"""What the pictures, the terminal view and the workbench say about one card: its name, its recast
time, its whole face (:func:`card_face`: type, timing, recast time, attack value, Graze, every ability
in words, and for an awakening card both of its sides), the tooltip of a card drawn in the picture,
whether a viewer may see it, and the decisions that name cards in words (:func:`option_text`).

A card instance is ``"P1/amulet_volley"``; a view shows a card its player cannot see as ``"?"``.
Every decision of Recast Rift that picks cards picks one card at a time (deck building leaves out one
spell card per decision, a guard or the Cleanup step puts one card face down per decision, RR-SETUP-3,
RR-DMG-2, RR-TURN-4.2), so no decision's options are subsets of cards and the presentation offers no
subset choice.
"""

from __future__ import annotations

import re
from typing import Any

from hisoutab.presentation.cards import CardFace, card_title

from ..rules.conditions import words as condition_words
from ..rules.extensions import EFFECTS as CUSTOM
from ..rules.vocabulary import NUMBERS, RESTRICTIONS, TIMING_NAMES_SHORT, TRIGGERS, TYPE_NAMES_SHORT

ROMAN = {3: "III", 2: "II", 1: "I", 0: "0"}
BAR = "ー"  # a bar: no damage of that kind (RR-COMP-3.6)
HIDDEN = "?"  # a card the viewer may not see

#: card types (RR-COMP-3.5) and cast timings (RR-COMP-3.4) as the reference names them
TYPE_NAMES = {"attack": "Attack card", "action": "Action card", "set": "Placement card",
              "trigger": "Trigger card"}
TIMING_NAMES = {"normal": "Normal card", "preempt": "Preempt card", "full_power": "Full-Power card"}
#: ability tags as the card text prints them (RR-COMP-3.8, RR-COMP-2.4)
TAG_NAMES = {"on_cast": "[On Cast]", "while_deployed": "[While Deployed]", "on_recovery": "[On Recovery]",
             "on_awaken": "[On Awaken]", "while_awakened": "[While Awakened]",
             "static": "[While Awakened]"}
#: the clauses that say how a card of each type, timing and ability tag works
TYPE_CLAUSES = {"attack": ("RR-COMP-3.6", "RR-SEQ-3.1", "RR-ATK-1", "RR-PRE-1", "RR-DMG-1"),
                "action": ("RR-SEQ-3.2",), "set": ("RR-SEQ-3.3", "RR-DEP-3"),
                "trigger": ("RR-SEQ-3.4", "RR-DEP-3", "RR-PRIN-4", "RR-PRIN-5")}
TIMING_CLAUSES = {"normal": ("RR-CAST-3.1",), "preempt": ("RR-CAST-3.2", "RR-PRE-2", "RR-PRE-3"),
                  "full_power": ("RR-CAST-3.3", "RR-TURN-3.2", "RR-TURN-3.3")}
TAG_CLAUSES = {"on_cast": ("RR-CAST-4",), "while_deployed": ("RR-DEP-3",), "on_recovery": ("RR-RCV-2",),
               "on_awaken": ("RR-AWK-4",), "while_awakened": ("RR-AWK-5", "RR-AWK-6"),
               "static": ("RR-AWK-5", "RR-PRIN-1", "RR-PRIN-2")}
SPELL_CLAUSES = ("RR-COMP-3", "RR-COMP-3.3", "RR-COMP-3.4", "RR-COMP-3.5", "RR-CAST-1", "RR-CAST-2",
                 "RR-SEQ-1", "RR-DEP-2")
AWAKENING_CLAUSES = ("RR-COMP-2", "RR-COMP-2.2", "RR-COMP-2.3", "RR-COMP-2.4", "RR-ZONE-2", "RR-AWK-1",
                     "RR-AWK-2", "RR-AWK-3")
#: a face-down card (a view's ``"?"``)
HIDDEN_FACE = CardFace(HIDDEN, "a face-down card", kind="hidden card",
                       text="Its player sees it; this view does not.")


def known(ctx: Any, iid: str | None) -> bool:
    return bool(iid) and iid != HIDDEN and iid in ctx.cards


def name(ctx: Any, iid: str | None) -> str:
    """The card's printed name ("face-down card" for a hidden one)."""
    if not iid:
        return ""
    if not known(ctx, iid):
        return "face-down card"
    return str(ctx.cards[iid].name)


def value(v: int | None) -> str:
    """A damage value: the number, or the bar."""
    return BAR if v is None else str(v)


def recast_time(ctx: Any, iid: str | None) -> str:
    """The recast zones a spell card may be deployed to, nearest first (``III·I``)."""
    if not known(ctx, iid):
        return ""
    card = ctx.cards[iid]
    positions = getattr(card, "recast", ())
    return "·".join(ROMAN.get(p, str(p)) for p in positions)


def attack(ctx: Any, iid: str | None) -> str:
    if not known(ctx, iid):
        return ""
    a = getattr(ctx.cards[iid], "attack", None)
    return "" if a is None else f"{value(a[0])}/{value(a[1])}"


def may_see(ctx: Any, owner: int, *, designer: bool, viewer: str | None) -> bool:
    """Whether a secret of player ``owner`` (hand, face-down awakening cards) is shown by name."""
    return designer or viewer == ctx.players[owner]


# ------------------------------------------------------------------ abilities in words
def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _sides(hand: int | None, life: int | None, how: str) -> str:
    parts = [f"{v} {how} to the {side}" for v, side in ((hand, "Hand"), (life, "Life")) if v]
    return " and ".join(parts) or f"nothing {how}"


_PLAYER = {"you": ("you", "your", ""), "opponent": ("your opponent", "their", "s"),
           "each": ("each player", "their", "s")}
_CARDS_OF = {"you": "your own", "opponent": "your opponent's", "each": "either player's"}


def _card_target(e: Any, verb: str) -> str:
    """A card target in words: "one of your opponent's deployed cards in [II] (its owner chooses)"."""
    t = e.target
    zone = f" in [{t.zone}]" if t.zone else ""
    if t.every:
        whose = {"you": "of yours", "opponent": "of your opponent", "each": "of either player"}[t.whose]
        return f"{verb} every deployed card {whose}{zone}"
    chooser = " (its owner chooses)" if t.chosen_by == "owner" else ""
    return f"{verb} one of {_CARDS_OF[t.whose]} deployed cards{zone}{chooser}"


def _player_effect(e: Any) -> str | None:
    """A player-targeting effect in words, from its target's point of view."""
    who, their, s = _PLAYER[e.target.whose if e.target is not None else "you"]
    phrases = {
        "draw": f"draw{s} {_cards(e.n)}",
        "face_down": f"put{s} {_cards(e.n)} from {their} hand into {their} face-down pile",
        "rebuild": f"rebuild{s} {their} deck from {their} face-down and reserve piles",
        "lift": f"lift{s} {e.n} of {their} deployed cards" + (", one at a time" if e.n > 1 else ""),
        "lift_all": f"lift{s} all {their} deployed cards at once",
    }
    phrase = phrases.get(str(e.kind))
    if phrase is None:
        return None
    return phrase if who == "you" else f"{who} {phrase}"


def effect_words(e: Any) -> str:
    """One effect of an ability in words (the vocabulary of the card files)."""
    k = str(e.kind)
    player = _player_effect(e)
    if player is not None:
        return player
    if k == "delay" and e.target is not None:
        return _card_target(e, "raise the recast time of") + f" by {e.n}"
    if k == "reserve" and e.target is not None:
        return _card_target(e, "make") + (" reserve cards" if e.target.every else " a reserve card")
    words: dict[str, str] = {
        "face_down_any": "you may put any number of cards from your hand into your face-down pile",
        "raise": f"this card's «Attack» deals {_sides(e.hand, e.life, 'more')}",
        "lower": f"the «Attack» this answers deals {_sides(e.hand, e.life, 'less')} (never below 0)",
        "attack": f"«Attack» {value(e.hand)}/{value(e.life)}",
        "reserve_self": "make this card a reserve card",
        "attack_bonus": f"your «Attack»s deal {_sides(e.hand, e.life, 'more')}",
        "shield": f"«Attack»s against you deal {_sides(e.hand, e.life, 'less')} (never below 0)",
        "no_preempt": "your opponent cannot cast Preempt cards against your «Attack»s",
    }
    if k == "cannot":
        return restriction_words(e)
    if k == "modify":
        return modifier_words(e)
    if k == "if" and e.condition is not None:
        return f"if {condition_words(e.condition)}"
    if k in CUSTOM:
        return str(CUSTOM[k].words).replace(" N ", f" {e.n} ")
    return words.get(k, k.replace("_", " "))


_WHO = {"you": "you", "opponent": "your opponent", "both": "neither player"}


def restriction_words(e: Any) -> str:
    """A «cannot» in words: who cannot do what (for a cast, of which kind of card)."""
    action = RESTRICTIONS[e.get("action")][0]
    if e.get("action") == "cast" and (e.get("type") or e.get("timing")):
        kind = " ".join(x for x in (TIMING_NAMES_SHORT.get(e.get("timing"), ""),
                                    TYPE_NAMES_SHORT.get(e.get("type"), "")) if x)
        action = f"cast {kind} cards"
    who = e.get("who")
    return f"{_WHO[who]} {'can' if who == 'both' else 'cannot'} {action}"


def modifier_words(e: Any) -> str:
    """A modifier in words: whose number changes, and by how much."""
    what, _base, _clause = NUMBERS[e.get("number")]
    by = e.get("by")
    whose = {"you": "for you", "opponent": "for your opponent", "both": "for both players"}[e.get("who")]
    return f"{what} {'+' if by > 0 else '−'}{abs(by)} {whose}"


_FILTER_WORDS = (("recast_at_least", "recast time {} or more"), ("recast_at_most", "recast time {} or less"),
                 ("hand_at_least", "{} or more Hand damage"), ("life_at_least", "{} or more Life damage"),
                 ("zone", "in [{}]"))


def filter_words(flt: Any) -> str:
    """A trigger's filter in words, after its event: " (a Normal Attack card, in [III])"."""
    if not flt:
        return ""
    f = dict(flt)
    kind = " ".join(x for x in (TIMING_NAMES_SHORT.get(f.get("timing", ""), ""),
                                TYPE_NAMES_SHORT.get(f.get("type", ""), "")) if x)
    parts = [f"{'an' if kind[:1] in 'AEIOU' else 'a'} {kind} card"] if kind else []
    for key, words in _FILTER_WORDS:
        if key in f:
            parts.append(words.format(ROMAN.get(f[key], f[key]) if key.startswith("recast") else f[key]))
    return " (" + ", ".join(parts) + ")"


def ability_sentence(ability: Any, tag: str = "") -> str:
    """What an ability does, in words: its trigger event, condition and cost, then its effects in
    the order written."""
    lead = []
    if ability.when:
        lead.append(TRIGGERS.get(ability.when, ability.when.replace("_", " ")) + filter_words(ability.filter))
    if ability.test:
        static = tag == "static" or (tag == "while_deployed" and ability.continuous)
        lead.append(("while " if static else "if ") + condition_words(ability.test))
    if ability.cost_face_down:
        lead.append(f"put {_cards(ability.cost_face_down)} from your hand face down")
    body = ""
    for k, e in enumerate(ability.effects):
        if k:
            after_if = ability.effects[k - 1].kind == "if"
            body += ": " if after_if else ", then "
        body += effect_words(e)
    sentence = (", ".join(lead) + ": " if lead else "") + body
    return sentence[:1].upper() + sentence[1:]


def ability_words(tag: str, ability: Any) -> str:
    """One ability as its card would print it: its tag (and id), what limits it, what it does."""
    head = TAG_NAMES.get(tag, tag)
    extra = ability.id if getattr(ability, "id", "") else ""
    limits = [x for x, on in (("once per turn", ability.once_per_turn),
                              ("also at the opponent's preempt timing", ability.preempt)) if on]
    if limits:
        extra += (" " if extra else "") + f"({', '.join(limits)})"
    if extra:
        return f"{head} {extra}: {ability_sentence(ability, tag)}"
    return f"{head} {ability_sentence(ability, tag)}"


def _abilities(card: Any, tags: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((tag, ability_words(tag, a)) for tag in tags for a in getattr(card, tag, ()))


def _owner(ctx: Any, iid: str, card: Any) -> str:
    player = iid.split("/", 1)[0] if "/" in iid else ""
    fighters = {f.id: f.name for pair in getattr(ctx, "fighters", ()) for f in pair}
    who = fighters.get(getattr(card, "fighter", ""), "")
    return " · ".join(x for x in (player, who) if x)


def _spell_face(ctx: Any, iid: str, card: Any) -> CardFace:
    kind = ctx.card_type(card) if hasattr(ctx, "card_type") else card.type
    numbers = [("recast time", " ".join(f"[{ROMAN.get(p, p)}]" for p in card.recast))]
    if card.attack is not None:
        numbers.append(("attack value (Hand / Life)", f"{value(card.attack[0])}/{value(card.attack[1])}"))
    keywords = [TIMING_NAMES.get(card.timing, card.timing)]
    if card.graze:
        keywords.append("Graze")
    if card.deploy_to_zero:
        keywords.append("may be deployed in [0]")
    abilities = _abilities(card, ("on_cast", "while_deployed", "on_recovery"))
    effects = [words for _, words in abilities]
    if card.graze:
        effects.append("Graze: drawn in a graze check, it is revealed and the «Attack» does not HIT.")
    if card.deploy_to_zero:
        effects.append("It may be deployed in recast zone [0] (card text beats the rules).")
    clauses = [*SPELL_CLAUSES, *TIMING_CLAUSES.get(card.timing, ()), *TYPE_CLAUSES.get(kind, ())]
    if card.graze:
        clauses += ["RR-COMP-3.7", "RR-GRZ-3"]
    if card.deploy_to_zero:
        clauses += ["RR-DEP-6", "RR-PRIN-1"]
    for tag, _ in abilities:
        clauses += TAG_CLAUSES[tag]
    text = card.text
    if abilities and not getattr(ctx, "abilities", True):
        text = (text + " " if text else "") + "(Its abilities are not processed in this game: a1.abilities.)"
    return CardFace(id=iid, name=card.name, kind=TYPE_NAMES.get(kind, f"{kind} card"),
                    owner=_owner(ctx, iid, card), numbers=tuple(numbers), keywords=tuple(keywords),
                    effects=tuple(effects), text=text, clauses=tuple(dict.fromkeys(clauses)))


def _awakening_face(ctx: Any, iid: str, card: Any) -> CardFace:
    fighters = {f.id: f.name for pair in getattr(ctx, "fighters", ()) for f in pair}
    fighter = fighters.get(card.fighter, card.fighter)
    keywords = []
    if card.awaken_at_preempt:
        keywords.append("awakens at the opponent's preempt timing")
    abilities = _abilities(card, ("on_awaken", "while_awakened", "static"))
    back = ("its back serves as the Life (the life stone marks it)",
            "in the far spot it is the awakenable life area, in the near spot the non-awakenable one")
    front = (f"shows the fighter, {fighter}: turned face up, she awakens — once per game, when Life is "
             "3 or less" + (", also at the opponent's preempt timing" if card.awaken_at_preempt else ""),
             *(words for _, words in abilities))
    clauses = [*AWAKENING_CLAUSES]
    if card.awaken_at_preempt:
        clauses.append("RR-AWK-7")
    for tag, _ in abilities:
        clauses += TAG_CLAUSES[tag]
    return CardFace(id=iid, name=card.name, kind="Awakening card", owner=_owner(ctx, iid, card),
                    keywords=tuple(keywords),
                    faces=(("face down (the life card)", back), ("awakened (face up)", front)),
                    text=card.text, clauses=tuple(dict.fromkeys(clauses)))


def card_face(ctx: Any, iid: str) -> CardFace | None:
    """The whole face of card instance ``iid`` (a face-down card for ``"?"``), or None for an id the
    game does not know."""
    if iid == HIDDEN:
        return HIDDEN_FACE
    if not known(ctx, iid):
        return None
    card = ctx.cards[iid]
    if getattr(card, "awakening", False):
        return _awakening_face(ctx, iid, card)
    return _spell_face(ctx, iid, card)


def card_tip(ctx: Any, iid: str | None, where: str = "") -> str:
    """The tooltip of a card drawn in the picture: :func:`card_title` of its face, then where it is
    and its id."""
    face = card_face(ctx, iid) if iid else None
    if face is None:
        return card_title(HIDDEN_FACE) + (f"\n{where}" if where else "")
    tail = " · ".join(x for x in (where, f"[{iid}]" if iid != HIDDEN else "") if x)
    return card_title(face) + (f"\n{tail}" if tail else "")


# ------------------------------------------------------------------ decisions in words
_ID = re.compile(r"[a-z][a-z0-9_]*")


def short(iid: str) -> str:
    return iid.split("/", 1)[-1]


def _swap(ctx: Any, label: str, iids: tuple[str, ...]) -> str:
    """``label`` with the ids of ``iids`` (as the rules write them in labels) replaced by their names,
    each once, all at the same time."""
    names: dict[str, str] = {short(c): name(ctx, c) for c in iids if known(ctx, c)}
    done: set[str] = set()

    def one(m: re.Match[str]) -> str:
        word = m.group(0)
        if word in names and word not in done:
            done.add(word)
            return names[word]
        return word

    return _ID.sub(one, label)


def _player_index(ctx: Any, player: str) -> int | None:
    players = tuple(getattr(ctx, "players", ()))
    return players.index(player) if player in players else None


def _awakening_of(ctx: Any, state: Any, player: str) -> str | None:
    i = _player_index(ctx, player)
    if state is None or i is None:
        return None
    p = state.players[i]
    card: str | None = p.awakened or p.far
    return card


def _text(ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
    label = str(option.label)
    v = option.value
    kind = decision.kind
    if isinstance(v, str):
        return _swap(ctx, label, (v,))
    if kind == "deploy" and state is not None and getattr(state, "stack", ()):
        return _swap(ctx, label, (state.stack[-1].card,))
    if kind == "waiting" and state is not None and isinstance(v, int):
        waiting = tuple(getattr(state, "waiting", ()))
        if 0 <= v < len(waiting):
            w = waiting[v]
            return _swap(ctx, label, (w.card,)) + f" (on {w.event.replace('_', ' ')})"
        return label
    if isinstance(v, tuple) and v:
        head = v[0]
        if head in ("cast", "full", "lift"):
            return _swap(ctx, label, tuple(c for c in v[1:] if isinstance(c, str)))
        if head == "awaken":
            card = _awakening_of(ctx, state, player)
            return f"awaken {name(ctx, card)}" if known(ctx, card) else label
        if head == "activate" and len(v) == 2:
            card = _awakening_of(ctx, state, player)
            if known(ctx, card):
                abilities = getattr(ctx.cards[card], "while_awakened", ())
                if 0 <= v[1] < len(abilities):
                    return f"{label}: {ability_sentence(abilities[v[1]])}"
    return label


def option_text(ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
    """The words of ``option``: card names instead of card ids (the label stays the option's value).
    Two options that would read the same keep their labels apart."""
    text = _text(ctx, state, decision, player, option)
    if text == option.label:
        return text
    players = tuple(getattr(decision, "players", ()))
    if player not in players:
        return text
    others = decision.options[players.index(player)]
    same = [o for o in others if o.label != option.label
            and _text(ctx, state, decision, player, o) == text]
    return f"{text} [{option.label}]" if same else text

