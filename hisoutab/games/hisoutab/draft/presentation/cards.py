"""The draft's cards as a reader sees them: each card's whole face (its figures named as the rules
name them, its tags, its effects in words, its range) and the words of the decisions that name cards.

A card instance is ``"P1/gohei_jab"``; a view shows a card its player cannot see as ``"?"``. The draft
has one kind of card — the basic cards and, per motion input, the chosen skill version (D-SETUP-2) —
with no spell cards and no specials; its figures are the cast time and cost (D-CAST), the recovering
time (D-RECOVER), the cancellation level (D-CANCEL), damage and hitlag (D-NORMAL), the range
(D-CARD-RANGE) and a bullet's card track (D-CARD-BULLET-1). No decision of the draft offers subsets
of cards (there is no mulligan: the hand is the whole card pool, D-SETUP-3), so the presentation
offers no subset choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hisoutab.presentation.cards import CardFace, card_title

from .marks import HIDDEN, card_of

#: a card's kind (its ``kind`` field) as the rules name it (§8)
KINDS: dict[str, str] = {"physical": "physical attack card", "bullet": "bullet attack card",
                         "defense": "defense card", "move": "move card"}
#: the clauses that say how a card of each kind is played and resolved
KIND_CLAUSES: dict[str, tuple[str, ...]] = {
    "physical": ("D-EFF-PHYS", "D-ATK-PHYS", "D-HIT", "D-HIT-NO", "D-CARD-RANGE"),
    "bullet": ("D-EFF-BUL", "D-ATK-BUL", "D-CARD-BULLET-1", "D-CARD-BULLET-2"),
    "defense": ("D-EFF-DEF", "D-DEF", "D-BLOCK"),
    "move": ("D-EFF-MOVE",),
}
#: every card is played, timed, resolved, cancelled and replenished by these
COMMON_CLAUSES = ("D-PLAY", "D-CAST", "D-RES", "D-CANCEL", "D-RECOVER", "D-REPLENISH")
#: a face-down card (a view's ``"?"``)
HIDDEN_FACE = CardFace(HIDDEN, "a face-down card", kind="hidden card",
                       text="Its player sees it; this view does not.")
#: decision kind → the verb its card options begin with (the label is ``"<verb> <card id>"``)
VERBS: dict[str, str] = {"skill": "take", "play": "play", "cancel": "cancel with", "defense": "block with"}
RANGE_LABEL = "attack range"


def _option(ctx: Any, name: str, default: Any) -> Any:
    options = getattr(ctx, "options", None)
    try:
        return options[name] if options is not None else default
    except (KeyError, TypeError):
        return default


def _blocks(n: int) -> str:
    return f"{n} block{'s' if n != 1 else ''}"


def _owner(ctx: Any, iid: str) -> str:
    player = iid.split("/", 1)[0] if "/" in iid else ""
    chars = getattr(ctx, "characters", ())
    players = tuple(getattr(ctx, "players", ()))
    if player in players and players.index(player) < len(chars):
        return f"{player} · {chars[players.index(player)].name}"
    return player


def _numbers(card: Any) -> tuple[tuple[str, str], ...]:
    out = [("cast time", str(card.cast)), ("recovering time", str(card.recovery)),
           ("cancellation level", str(card.cancel))]
    if card.cost:
        out.append(("cost", f"{card.cost} spirit"))
    if card.kind in ("physical", "bullet") or card.damage:
        out.append(("damage", str(card.damage)))
    if card.hitlag:
        out.append(("hitlag", str(card.hitlag)))
    if card.slots:
        out.append(("card track", f"{card.slots} slot{'s' if card.slots != 1 else ''}"))
    return tuple(out)


def _keywords(card: Any) -> tuple[str, ...]:
    out = [f"skill {card.motion}" if card.motion else "basic card"]
    if card.ground_only:
        out.append("ground only")
    if card.parry:
        out.append("parry")
    if card.immune:
        out.append("immune")
    if card.slots:
        out.append(f"trace {card.trace}" if card.trace else f"straight move {card.straight}")
    for kind, value in card.effects:
        if kind == "forward":
            out.append(f"move forward {value}")
    for kind, value in card.on_damage:
        out.append(f"damage: {'knockback' if kind == 'knockback' else 'move forward'} {value}")
    return tuple(out)


def _effect_words(ctx: Any, card: Any, kind: str, value: Any) -> str:
    diagonal = bool(getattr(ctx, "diagonal", False))
    steps = "diagonally too" if diagonal else "never diagonally"
    if kind == "move":
        return f"Move: up to {_blocks(value)}, {steps}; it cannot pass through the opponent."
    if kind == "dash":
        whose = "every bullet" if _option(ctx, "dash.discards", "opponent") == "all" else \
            "the opponent's bullets"
        return (f"Dash: up to {_blocks(value)}, {steps}; {whose} passed through are discarded with "
                "their cards; it cannot pass through the opponent.")
    if kind == "forward":
        where = " while on the ground" if _option(ctx, "forward.ground_only", True) else ""
        return f"Move forward {value}: {_blocks(value)} closer to the opponent{where}."
    if kind == "physical":
        return (f"Physical attack: the hit phase decides whether the opponent is in its range; a hit "
                f"deals {card.damage} damage and {card.hitlag} hitlag, a miss (whiff) adds 1 "
                "recovering time.")
    if kind == "bullet":
        how = (f"it moves {_blocks(card.trace)} closer to the opponent (trace {card.trace})" if card.trace
               else f"it moves {_blocks(card.straight)} along its arrow (straight move {card.straight}; "
                    f"fired {', '.join(card.directions)})")
        return (f"Bullet attack: a token on your block and one on the card's track; each time both "
                f"players pass the special line {how} and the track token moves on; in the opponent's "
                f"block it hits ({card.damage} damage, {card.hitlag} hitlag); after the last of "
                f"{card.slots} slots the card is discarded.")
    if kind == "defense":
        return ("Defense: played only in the defense phase, by a defender with no card in play; the "
                "attack is blocked: the defender's marker moves to the attacker's time + (hitlag − 1), "
                "and a bullet costs the defender 1 spirit.")
    return f"{kind}" + (f" {value}" if value is not None else "")


def _tag_words(ctx: Any, card: Any) -> list[str]:
    out = []
    if card.ground_only:
        out.append("Ground only: it can be played only while on the ground.")
    if card.parry:
        out.append("Parry: active while it is in play; a physical attack received activates it and "
                   "the opponent cannot defend the strike back.")
    if card.immune:
        scope = ("the whole attack has no effect" if _option(ctx, "immune.scope", "damage") == "hit"
                 else "damage is reduced to 0")
        out.append(f"Immune: while it is in play, {scope}.")
    for kind, value in card.on_damage:
        if kind == "knockback":
            out.append(f"Damage: knockback {value} — the opponent moves {_blocks(value)} away in the same "
                       "row; hitting the side with blocks still to move, they stop and take 1 more "
                       "damage.")
        else:
            out.append(f"Damage: move forward {value} — after dealing damage, move {_blocks(value)} "
                       "closer to the opponent.")
    return out


def _clauses(card: Any) -> tuple[str, ...]:
    out = list(COMMON_CLAUSES) + list(KIND_CLAUSES.get(card.kind, ()))
    if card.slots:
        out.append("D-TAG-TRACE" if card.trace else "D-TAG-STRAIGHT")
    if any(k in ("move", "dash") for k, _ in card.effects) and "D-EFF-MOVE" not in out:
        out.append("D-EFF-MOVE")
    if any(k == "forward" for k, _ in card.effects) or any(k == "forward" for k, _ in card.on_damage):
        out.append("D-TAG-FORWARD")
    if card.on_damage:
        out.append("D-TAG-DAMAGE")
    if any(k == "knockback" for k, _ in card.on_damage):
        out.append("D-TAG-KNOCKBACK")
    for flag, clause in ((card.ground_only, "D-TAG-GROUND"), (card.parry, "D-TAG-PARRY"),
                         (card.immune, "D-TAG-IMMUNE")):
        if flag:
            out.append(clause)
    if card.motion:
        out.append("D-SETUP-2")
    return tuple(dict.fromkeys(out))


def card_face(ctx: Any, iid: str) -> CardFace | None:
    """The whole face of card instance ``iid`` (a face-down card for ``"?"``), or None for an id the
    game does not know."""
    if iid == HIDDEN:
        return HIDDEN_FACE
    card = card_of(ctx, iid)
    if card is None:
        return None
    effects = [_effect_words(ctx, card, kind, value) for kind, value in card.effects]
    return CardFace(id=iid, name=card.name, kind=KINDS.get(card.kind, f"{card.kind} card"),
                    owner=_owner(ctx, iid), numbers=_numbers(card), keywords=_keywords(card),
                    effects=tuple(effects + _tag_words(ctx, card)),
                    reach=tuple(card.reach) if card.kind == "physical" or card.has_effect("physical") else (),
                    reach_label=RANGE_LABEL, text=card.text, clauses=_clauses(card))


def card_tip(ctx: Any, iid: str | None, where: str = "") -> str:
    """The tooltip of a card drawn in the picture: :func:`card_title` of its face, then where it is
    and its id."""
    face = card_face(ctx, iid) if iid else None
    if face is None:
        return f"{where}: {iid}" if where else str(iid)
    tail = " · ".join(x for x in (where, f"[{iid}]" if iid != HIDDEN else "") if x)
    return card_title(face) + (f"\n{tail}" if tail else "")


# ------------------------------------------------------------------ decisions in words
def _name(ctx: Any, iid: str) -> str:
    card = card_of(ctx, iid)
    return card.name if card is not None else iid


def _bullet_cards(state: Any) -> Mapping[str, str]:
    return {b.id: b.card for b in getattr(state, "bullets", ()) or ()}


def _text(ctx: Any, state: Any, kind: str, option: Any) -> str:
    label = str(option.label)
    value = option.value
    if kind in VERBS and isinstance(value, str) and card_of(ctx, value) is not None:
        return f"{VERBS[kind]} {_name(ctx, value)}"
    if kind == "dash" and isinstance(value, tuple) and len(value) == 3 and value[2]:
        head, _, _ = label.partition(" through ")
        cards = _bullet_cards(state)
        owners = {b.id: b.owner for b in getattr(state, "bullets", ()) or ()}
        players = [p.name for p in getattr(state, "players", ())]
        named = []
        for bid in value[2]:
            card = cards.get(bid)
            if card is None:
                named.append(str(bid))
                continue
            k = owners.get(bid, -1)
            whose = f"{players[k]}'s " if 0 <= k < len(players) else ""
            named.append(f"{bid} ({whose}{_name(ctx, card)})")
        return f"{head} through " + ", ".join(named)
    return label


def option_text(ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
    """The words of ``option``: card names instead of card ids (the label stays the option's value).
    Two options that would read the same keep their labels apart."""
    text = _text(ctx, state, decision.kind, option)
    if text == option.label:
        return text
    players = tuple(getattr(decision, "players", ()))
    if player not in players:
        return text
    others = decision.options[players.index(player)]
    same = [o for o in others if o.label != option.label and _text(ctx, state, decision.kind, o) == text]
    return f"{text} [{option.label}]" if same else text
