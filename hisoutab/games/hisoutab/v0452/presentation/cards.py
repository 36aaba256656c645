"""A 0.45.2 card as a reader sees it: its whole face (:func:`card_face`) from the loaded card data.

A face says the card's kind (physical attack, bullet attack, defense, move, cancel card, spell-card
effect, special, special upgrade card, knockdown card; standing card, spell card, special effect of
the special area), its numbers with the glossary's names (startup, recovery, cost, cancel level,
damage, hitstun, guard cost, duration, spell cost, level), its keywords as the rules write them
(``{Multi 2}``, ``{Knockback 1}``…), its effects in words, the range as (forward, up) offsets from
the user, both faces of a card with a top and a bottom effect, and the clauses that govern it.
Card instances are the context's (``"P1/gohei_jab"``, ``"P1/sweep#2"``); a hidden card (``"?"``)
has no face.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hisoutab.presentation.cards import CardFace

from ..rules.cards import Bullet, Card, Sub

HIDDEN = "?"  # a card a view hides

#: card kind → its name in the rules reference (§2, card attributes)
KIND_WORDS: dict[str, str] = {
    "physical": "physical attack", "bullet": "bullet attack", "defense": "defense", "move": "move",
    "cancel": "cancel card", "spell": "spell-card effect", "special": "special",
    "upgrade": "special upgrade card", "knockdown": "knockdown card",
}
#: card kind → the clauses that say how it works
KIND_CLAUSES: dict[str, tuple[str, ...]] = {
    "physical": ("H-EFF-PHYS", "H-EFF-PHYS-1", "H-EFF-PHYS-2", "H-ATK-1"),
    "bullet": ("H-EFF-BUL", "H-EFF-BUL-1", "H-EFF-BUL-2", "H-EFF-BUL-5", "H-BUL-1", "H-BUL-3"),
    "defense": ("H-EFF-DEF",),
    "move": ("H-EFF-MOVE",),
    "cancel": ("H-MAINT-1", "H-PLAY-CANCEL"),
    "spell": ("H-EFF-SPELL", "H-SPELL-PLAY", "H-SPELL-PLAY-1", "H-SPELL-PLAY-2"),
    "special": ("H-EFF-SPECIAL", "H-EFF-SPECIAL-1", "H-EFF-SPECIAL-2"),
    "upgrade": ("H-UPG-0", "H-UPG-1", "H-UPG-2", "H-UPG-3", "H-UPG-4", "H-UPG-LV"),
    "knockdown": ("H-KD",),
}
#: effect kind → clause
EFFECT_CLAUSES: dict[str, str] = {
    "move": "H-EFF-MOVE", "dash": "H-EFF-DASH", "approach": "H-KW-APPROACH", "defense": "H-EFF-DEF",
    "physical": "H-EFF-PHYS", "bullet": "H-EFF-BUL", "special": "H-EFF-SPECIAL", "upgrade": "H-UPG-0",
    "spell": "H-EFF-SPELL", "sub": "H-KW-SUB", "knockdown": "H-KW-KD", "spirit_break": "H-BREAK",
    "knockback": "H-KW-KNOCKBACK",
}
#: effect kind → how {Can cancel: …} names it
EFFECT_NAMES: dict[str, str] = {
    "move": "moves", "dash": "dashes", "approach": "approaches", "defense": "defense",
    "physical": "physical attacks", "bullet": "bullet attacks", "special": "specials",
    "upgrade": "special upgrades", "spell": "spell-card effects", "sub": "sub-actions",
}


def instance(ctx: Any, card: Any) -> str | None:
    """The card instance ``card`` names: itself when the context holds it, else the first instance
    of a card with that id (``"gohei_jab"`` → ``"P1/gohei_jab"``); None for a hidden or unknown card."""
    if not isinstance(card, str) or card == HIDDEN:
        return None
    cards: Mapping[str, Any] = getattr(ctx, "cards", {})
    if card in cards:
        return card
    for iid, c in cards.items():
        if c.id == card:
            return iid
    return None


def card_of(ctx: Any, card: Any) -> Card | None:
    iid = instance(ctx, card)
    return ctx.cards[iid] if iid is not None else None


def card_name(ctx: Any, card: Any) -> str:
    """The printed name of ``card`` ("a hidden card" for ``"?"``, the id itself when unknown)."""
    if card == HIDDEN:
        return "a hidden card"
    c = card_of(ctx, card)
    return c.name if c is not None else str(card)


def face_name(ctx: Any, card: Any, side: str = "") -> str:
    """The name of the face played: ``High Sweep`` for the top of Sweep; the card's name otherwise."""
    c = card_of(ctx, card)
    if c is None:
        return card_name(ctx, card)
    return c.face(side).name if side else c.name


def owner_index(ctx: Any, iid: str) -> int | None:
    players = tuple(getattr(ctx, "players", ("P1", "P2")))
    owner = iid.split("/", 1)[0] if "/" in iid else ""
    return players.index(owner) if owner in players else None


# ------------------------------------------------------------------ words
def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def bullet_words(b: Bullet) -> str:
    """A bullet effect in words."""
    where = "on your cell" if b.field is None else (
        f"on the cell {b.field[0]} forward, {b.field[1]} up ({{Field bullet}})")
    count = "a bullet" if b.multi == 1 else f"{b.multi} bullets"
    parts = [f"bullet attack: {count} {where}, duration die {b.duration}"]
    if b.straight:
        aim = (" / ".join(b.angle) + " only") if b.angle else "any of the 8 directions"
        parts.append(f"moves straight {_plural(b.straight, 'cell')} per move, aimed at cast ({aim})")
    elif b.trace:
        parts.append(f"its owner moves it up to {_plural(b.trace, 'cell')} (trace)")
    else:
        parts.append("does not move")
    if b.bounce:
        parts.append("bounces at the board's edge")
    return "; ".join(parts)


def _physical_words(ctx: Any, value: Any, card: Card | None) -> str:
    n = len(card.reach) if card is not None else 0
    return "physical attack: hits the opponent in range" + (f" ({_plural(n, 'cell')})" if n else "")


def _upgrade_words(ctx: Any, value: Any, card: Card | None) -> str:
    name = card.name if card is not None else "the upgraded special"
    return (f"special upgrade {value}: the {value} special leaves the game and {name} of the extra deck "
            "is cast; this card is discarded")


def _sub_words(ctx: Any, value: Any, card: Card | None) -> str | None:
    if not isinstance(value, Sub):
        return None
    inner = ", ".join(effect_words(ctx, k, v, card) for k, v in value.effects)
    return f"once: startup {value.startup}, recovery {value.recovery}, cost {value.cost}: {inner}"


#: effect kind → its words (ctx, value, card); None: said as "kind value"
_EFFECT_WORDS: dict[str, Callable[[Any, Any, Card | None], str | None]] = {
    "move": lambda ctx, v, c: f"move up to {_plural(v, 'cell')}",
    "dash": lambda ctx, v, c: (f"dash up to {_plural(v, 'cell')}: a move with graze (the opponent's "
                               "bullets met are discarded)"),
    "approach": lambda ctx, v, c: f"approach {v}: move {_plural(v, 'cell')} horizontally toward the opponent",
    "defense": lambda ctx, v, c: "defense: guard state while this card is on the field",
    "physical": _physical_words,
    "bullet": lambda ctx, v, c: bullet_words(v) if isinstance(v, Bullet) else None,
    "special": lambda ctx, v, c: (f"special {v}: the special of the {v} slot of the special area goes into "
                                  "the cast zone; this card is discarded"),
    "upgrade": _upgrade_words,
    "spell": lambda ctx, v, c: ("spell card: this card returns to hand and a payable spell card of the spell "
                                "sequence goes into the cast zone"),
    "sub": _sub_words,
    "knockdown": lambda ctx, v, c: "the opponent is knocked down",
    "spirit_break": lambda ctx, v, c: "spirit break: the opponent's rightmost spirit token is removed",
    "knockback": lambda ctx, v, c: f"knockback {v}: the opponent is pushed {_plural(v, 'cell')} away",
}


def effect_words(ctx: Any, kind: str, value: Any, card: Card | None = None) -> str:
    """One effect of a card in words."""
    words = _EFFECT_WORDS.get(kind)
    said = words(ctx, value, card) if words is not None else None
    if said is not None:
        return said
    return f"{kind} {value}" if value is not None else kind


def _effect_keyword(kind: str, value: Any) -> str:
    if kind == "sub" and isinstance(value, Sub):
        inner = ", ".join(f"{k} {v}" if v is not None else k for k, v in value.effects)
        return f'{{{value.startup}/{value.recovery}/{value.cost} "{inner}"}}'
    return f"{kind.replace('_', ' ')} {value}" if value is not None and not isinstance(value,
                                                                                       Bullet) else kind


def _bullet_keywords(value: Bullet) -> list[tuple[str, str]]:
    """The bullet keywords of a bullet effect."""
    out: list[tuple[str, str]] = []
    if value.straight:
        out.append((f"{{Straight {value.straight}}}", "H-KW-STRAIGHT"))
    if value.trace:
        out.append((f"{{Trace {value.trace}}}", "H-KW-TRACE"))
    if value.angle:
        out.append(("{" + " / ".join(value.angle) + " launch only}", "H-KW-ANGLE"))
    if value.bounce:
        out.append(("{Bounce}", "H-KW-BOUNCE"))
    if value.multi > 1:
        out.append((f"{{Multi {value.multi}}}", "H-KW-MULTI"))
    if value.field is not None:
        out.append(("{Field bullet}", "H-KW-FIELD"))
    return out


def _effects_keywords(c: Card) -> list[tuple[str, str]]:
    """The keywords its effects give a face: approach, sub-actions, bullet keywords."""
    out: list[tuple[str, str]] = []
    for kind, value in c.effects:
        if kind == "approach":
            out.append((f"{{Approach {value}}}", "H-KW-APPROACH"))
        elif kind == "sub":
            out.append((_effect_keyword(kind, value), "H-KW-SUB"))
        elif kind == "bullet" and isinstance(value, Bullet):
            out += _bullet_keywords(value)
    return out


def _flag_keywords(c: Card) -> list[tuple[str, str]]:
    flags = ((c.priority, "{Priority}", "H-KW-PRIORITY"),
             (c.uncancellable, "{Uncancellable}", "H-KW-NOCANCEL"),
             (c.ground_only, "{Ground only}", "H-KW-GROUND"))
    return [(word, clause) for on, word, clause in flags if on]


def keywords(ctx: Any, c: Card) -> list[tuple[str, str]]:
    """(keyword as the rules write it, its clause) of one face, in a fixed order."""
    out = _flag_keywords(c) + _effects_keywords(c)
    if c.knockback:
        out.append((f"{{Knockback {c.knockback}}}", "H-KW-KNOCKBACK"))
    if c.can_cancel:
        names = [EFFECT_NAMES.get(n) or _name_by_id(ctx, c.character, n) for n in c.can_cancel]
        out.append(("{Can cancel: " + ", ".join(names) + "}", "H-KW-CANCELS"))
    for kind, value in c.on_damage:
        word = {"knockdown": "Knockdown", "spirit_break": "spirit break"}.get(kind) or _effect_keyword(kind,
                                                                                                       value)
        out.append((f"{{Damage: {word}}}", "H-KW-ONDMG"))
    for label, group in (("Ground", c.ground), ("Air", c.air)):
        for kind, value in group:
            out.append((f"{{{label}: {_effect_keyword(kind, value)}}}", "H-KW-GROUNDAIR"))
    return out


def _name_by_id(ctx: Any, character: str, cid: str) -> str:
    """The name of card ``cid`` of ``character`` (``can_cancel`` names card ids); the id when unknown."""
    for ch in getattr(ctx, "characters", ()):
        if ch.id == character and cid in ch.cards:
            return str(ch.cards[cid].name)
    return cid


def _attacks(c: Card) -> bool:
    groups = [c.effects, c.ground, c.air]
    groups += [v.effects for _, v in c.effects if isinstance(v, Sub)]
    return any(k in ("physical", "bullet") for g in groups for k, _ in g)


def _duration(c: Card) -> int | None:
    groups = [c.effects, c.ground, c.air] + [v.effects for _, v in c.effects if isinstance(v, Sub)]
    found = [v.duration for g in groups for k, v in g if k == "bullet" and isinstance(v, Bullet)]
    return max(found) if found else None


def _side_lines(ctx: Any, c: Card) -> tuple[str, ...]:
    """A face's own lines: damage, hitstun, range, effects, keywords (for a two-faced card)."""
    lines: list[str] = []
    if _attacks(c):
        lines.append(f"damage {c.damage} · hitstun {c.hitstun}")
    if c.reach:
        lines.append(f"range: {_plural(len(c.reach), 'cell')} ({reach_text(c.reach)})")
    lines.extend(effect_words(ctx, k, v, c) for k, v in c.effects)
    lines.extend(k for k, _ in keywords(ctx, c))
    return tuple(lines)


def reach_text(reach: tuple[tuple[int, int], ...]) -> str:
    """The reach as (forward, up) offsets in words: ``+1,0 +2,0``."""
    return " ".join(f"{dx:+d},{dy:+d}" for dx, dy in sorted(reach, key=lambda c: (-c[1], c[0])))


def _role(ctx: Any, iid: str, c: Card) -> tuple[str, tuple[str, ...]]:
    """The card's place among the character's cards, with its clauses."""
    if iid in getattr(ctx, "standing", ()):
        return "standing card", ("R-6", "R-12")
    if iid in getattr(ctx, "spell_cards", ()):
        return "spell card", ("H-SPELL-SEQ", "H-SPELL-COST", "H-SPELL-DISCARD")
    if iid in getattr(ctx, "specials", ()):
        extra = any(iid in e for e in getattr(ctx, "extras", ()))
        what = "upgraded special of the extra deck" if extra else "special effect of the special area"
        return f"{what} ({c.motion}, level {c.level})", ("H-EFF-SPECIAL-3", "H-UPG-LV")
    if iid in getattr(ctx, "knockdown_cards", ()):
        return "", ("H-KD",)
    return "", ()


def played_side(state: Any, iid: str) -> str:
    """The side a card shows in a play zone of ``state`` (``""`` when it is not in one)."""
    for p in getattr(state, "players", ()) or ():
        if p.cast == iid:
            return str(p.cast_side)
        if p.trigger == iid:
            return str(p.trigger_side)
    return ""


def _numbers(ctx: Any, iid: str, c: Card) -> list[tuple[str, str]]:
    """The card's figures: startup, recovery, cost, cancel level; damage, hitstun and guard cost of
    an attack; a bullet's duration; a spell card's cost; a special's motion and level."""
    numbers: list[tuple[str, str]] = [("startup", str(c.startup)), ("recovery", str(c.recovery)),
                                      ("cost", f"{c.cost} spirit"), ("cancel level", str(c.cancel))]
    faces = [f for _, f in c.sides] or [c]
    if any(_attacks(f) for f in faces):
        if not c.sides:
            numbers += [("damage", str(c.damage)), ("hitstun", str(c.hitstun))]
        default = getattr(ctx, "guard_cost", 1)
        numbers.append(("guard cost", f"{c.guard_cost} spirit" if c.guard_cost is not None
                        else f"{default} spirit (R-8)"))
    duration = max((d for f in faces if (d := _duration(f)) is not None), default=None)
    if duration is not None:
        numbers.append(("duration", str(duration)))
    if iid in getattr(ctx, "spell_cards", ()):
        numbers.append(("spell cost", f"{c.spell_cost} spell card{'s' if c.spell_cost != 1 else ''}"))
    if c.motion is not None:
        numbers += [("motion", c.motion), ("level", str(c.level))]
    return numbers


def _one_face(ctx: Any, c: Card) -> tuple[list[str], list[str], list[str]]:
    """A one-faced card's (effects in words, keywords, clauses)."""
    effects = [effect_words(ctx, k, v, c) for k, v in c.effects]
    for label, group in (("on the ground after resolving", c.ground), ("in the air after resolving",
                                                                       c.air)):
        effects += [f"{label}: {effect_words(ctx, k, v, c)}" for k, v in group]
    effects += [f"when it deals 1 damage or more: {effect_words(ctx, k, v, c)}" for k, v in c.on_damage]
    if c.knockback:
        pushed = effect_words(ctx, "knockback", c.knockback, c)
        effects.append(f"after the attack, hit or guarded: {pushed}")
    found = keywords(ctx, c)
    clauses = [EFFECT_CLAUSES[k] for k, _ in c.effects if k in EFFECT_CLAUSES] + [cl for _, cl in found]
    return effects, [k for k, _ in found], clauses


def _two_faces(ctx: Any, c: Card) -> tuple[list[tuple[str, tuple[str, ...]]], list[str]]:
    """A two-faced card's (faces with their lines, clauses)."""
    side_faces: list[tuple[str, tuple[str, ...]]] = []
    clauses: list[str] = []
    for name, f in c.sides:
        side_faces.append((f"{name}: {f.name}", _side_lines(ctx, f)))
        clauses += [EFFECT_CLAUSES[k] for k, _ in f.effects if k in EFFECT_CLAUSES]
        clauses += [cl for _, cl in keywords(ctx, f)]
    return side_faces, [*clauses, "H-PLAY-SIM"]


def _kind_notes(c: Card, role: str) -> list[str]:
    """What a knockdown, cancel or standing card does besides its effects."""
    notes: list[str] = []
    if c.kind == "knockdown":
        notes.append("the next card played after a knockdown; its player is invulnerable until it leaves "
                     "the play zones and hand (H-KD)")
    elif c.kind == "cancel":
        notes.append("returns to hand when it leaves the trigger zone (H-MAINT-1)")
    if role == "standing card":
        notes.append("always in hand: it returns to hand instead of the discard pile (R-6)")
    return notes


def _shown_reach(c: Card, side: str) -> tuple[tuple[tuple[int, int], ...], str]:
    """The range drawn (the face played, else the first) and its label; a field bullet's cell when
    the face has no range."""
    shown = c.face(side or (c.sides[0][0] if c.sides else ""))
    reach = tuple(shown.reach)
    reach_label = "range" if not c.sides else f"range ({side or c.sides[0][0]}: {shown.name})"
    if not reach:
        fields = [v.field for _, v in shown.effects if isinstance(v, Bullet) and v.field is not None]
        if fields:
            reach, reach_label = ((fields[0][0], fields[0][1]),), "field bullet cell"
    return reach, reach_label


def card_face(ctx: Any, state: Any, card: str) -> CardFace | None:
    """The whole face of ``card`` (an instance the state holds; ``state`` may be None), or None for
    a hidden or unknown card."""
    iid = instance(ctx, card)
    if iid is None:
        return None
    c: Card = ctx.cards[iid]
    kind = KIND_WORDS.get(c.kind, c.kind)
    role, role_clauses = _role(ctx, iid, c)
    i = owner_index(ctx, iid)
    chars = getattr(ctx, "characters", ())
    owner = (f"{ctx.players[i]} · {chars[i].name}" if i is not None and i < len(chars) else "")
    effects: list[str] = []
    side_faces: list[tuple[str, tuple[str, ...]]] = []
    kws: list[str] = []
    clauses: list[str] = list(KIND_CLAUSES.get(c.kind, ())) + list(role_clauses)
    if c.sides:
        side_faces, more = _two_faces(ctx, c)
    else:
        effects, kws, more = _one_face(ctx, c)
    clauses += more
    effects += _kind_notes(c, role)
    faces = [f for _, f in c.sides] or [c]
    if _attacks(c) or any(_attacks(f) for f in faces):
        clauses += ["H-GUARD-1", "H-GUARD-2", "H-DMG-1", "H-DMG-2"]
    reach, reach_label = _shown_reach(c, played_side(state, iid) if state is not None else "")
    return CardFace(
        id=card, name=c.name, kind=" · ".join(x for x in (kind, role) if x), owner=owner,
        numbers=tuple(_numbers(ctx, iid, c)), keywords=tuple(kws), effects=tuple(effects),
        faces=tuple(side_faces), reach=reach, reach_label=reach_label, text=c.text,
        clauses=tuple(dict.fromkeys(clauses)))


def play_details(ctx: Any, iid: str, side: str = "") -> tuple[str, list[str]]:
    """(the name of the face played, its short detail parts) for a card box: side, kind, cost, damage,
    hitstun, startup and recovery."""
    c = card_of(ctx, iid)
    if c is None:
        return card_name(ctx, iid), []
    f = c.face(side) if side else c
    parts = [f"{side} side" if side else "", KIND_WORDS.get(f.kind, f.kind),
             f"cost {f.cost}" if f.cost else "", f"dmg {f.damage}" if _attacks(f) else "",
             f"hitstun {f.hitstun}" if _attacks(f) else "", f"startup {f.startup}",
             f"recovery {f.recovery}", f"cancel Lv {f.cancel}"]
    return (f.name or c.name), [x for x in parts if x]


__all__ = ["HIDDEN", "KIND_WORDS", "card_face", "card_name", "card_of", "face_name", "instance",
           "keywords", "play_details"]
