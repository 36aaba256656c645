"""What an attack would meet now, per the rules: each player's guard state, knockdown and
invulnerability, the attacks coming at them, an attack under way and the marks waiting for the
damage settlement.

The rules decide with their own helpers (``rules.common.guard_state``, ``invulnerable``) and the
picture, the key and the terminal view say the same in words:

- **knocked down** (H-KD): the knockdown card is in the player's hand or play zones; the player is
  invulnerable (an attack has no effect) until it leaves them, and must play it next;
- **guard state** (H-EFF-DEF, H-ATK-IDLE): a defense card on the field, or both play zones empty;
  an attack then costs its guard cost in spirit (R-8) and hitstun − 1 time damage, a guard crush
  when the spirit is short (H-GUARD-CRUSH);
- **hit** (R-25): the zones were emptied by a hit and the marker is off the timeline, so a second
  hit in the same moment is not guarded;
- **open**: an attack deals its damage and hitstun (H-DMG-1, H-DMG-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.common import guard_state, invulnerable
from .cards import HIDDEN, card_name, face_name

GUARD = "#2e7d32"  # guard state
KNOCKDOWN = "#b8860b"  # knocked down: invulnerable
HIT = "#c62828"  # hit: not guarding
OPEN = "#5b6470"  # not in guard state

#: status kind → (colour, the key's words)
STATUS_KEY: dict[str, tuple[str, str]] = {
    "guard": (GUARD, "guard state: a defense card on the field (H-EFF-DEF) or both play zones empty "
                     "(H-ATK-IDLE); an attack costs its guard cost in spirit and hitstun − 1 time damage, "
                     "a guard crush if the spirit is short (H-GUARD-1, H-GUARD-2, H-GUARD-CRUSH)"),
    "knockdown": (KNOCKDOWN, "knocked down: must play the knockdown card next and is invulnerable "
                             "(attacks have no effect) until it leaves hand and play zones (H-KD)"),
    "hit": (HIT, "hit: the play zones were emptied by a hit and the marker is off the timeline, so a "
                 "second hit now is not guarded (R-25)"),
    "open": (OPEN, "not in guard state: an attack deals its damage and hitstun as time damage "
                   "(H-DMG-1, H-DMG-2)"),
}

#: status kind → the pill's label
STATUS_LABELS: dict[str, str] = {"guard": "guard state", "knockdown": "knocked down",
                                 "hit": "hit · no guard", "open": "not in guard state"}


@dataclass(frozen=True)
class Status:
    """One player's state against attacks: ``kind`` (a key of :data:`STATUS_KEY`), the pill's
    ``label``, ``why`` in one sentence, the attacks it meets (``against``) and the clauses."""

    kind: str
    label: str
    why: str
    against: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()

    @property
    def color(self) -> str:
        return STATUS_KEY[self.kind][0]

    @property
    def guarding(self) -> bool:
        return self.kind == "guard"


def _attacks(face: Any) -> bool:
    groups = [face.effects, getattr(face, "ground", ()), getattr(face, "air", ())]
    groups += [getattr(v, "effects", ()) for _, v in face.effects]
    return any(k in ("physical", "bullet") for g in groups for k, _ in g)


def _pending(state: Any, i: int, iid: str) -> bool:
    """Player ``i``'s trigger card still resolves in this turn (its frames are on the agenda)."""
    for f in getattr(state, "agenda", ()):
        if f[:2] == ("resolve.card", i):
            return True
        if len(f) >= 3 and str(f[0]).startswith("eff.") and f[1] == i and f[2] == iid:
            return True
    return False


def attack_under_way(ctx: Any, state: Any) -> tuple[int, str, str, str, str] | None:
    """(attacker, card, side, bullet id, next step) of the attack being resolved, from the agenda's
    next frame; None when no attack is under way."""
    agenda = getattr(state, "agenda", ())
    if not agenda:
        return None
    f = agenda[-1]
    if str(f[0]) in ("attack.begin", "attack.guard", "attack.damage", "attack.crush") and len(f) >= 5:
        return int(f[1]), str(f[2]), str(f[3] or ""), str(f[4] or ""), str(f[0])
    return None


NEXT_WORDS = {
    "attack.begin": "the defender's state decides: guard or damage (H-ATK-1)",
    "attack.guard": "guards next (H-GUARD-1, H-GUARD-2)",
    "attack.damage": "takes the damage next (H-DMG-1 … H-DMG-4)",
    "attack.crush": "guard crush next: cannot pay the guard cost (H-GUARD-CRUSH)",
}


AFTER_WORDS = {
    "knockdown.take": "is knocked down next (H-KD)",
    "kw.on_damage": "the {Damage: …} effect of {card} comes next (H-KW-ONDMG)",
    "kw.knockback": "is knocked back next: {Knockback} of {card} (H-KW-KNOCKBACK)",
}


def attack_line(ctx: Any, state: Any) -> str | None:
    """``attack under way: P2's Comet Kick against P1 — P1 guards next (…)``; after the hit,
    ``after the hit: P2 is knocked down next (H-KD)``; None when no attack is being resolved."""
    found = attack_under_way(ctx, state)
    agenda = getattr(state, "agenda", ())
    names = [p.name for p in state.players]
    if found is None and agenda and str(agenda[-1][0]) in AFTER_WORDS:
        f = agenda[-1]
        if len(f) < 2 or not isinstance(f[1], int) or not 0 <= f[1] < len(names):
            return None
        if f[0] == "knockdown.take":
            return f"after the hit: {names[f[1]]} {AFTER_WORDS['knockdown.take']}"
        card = face_name(ctx, f[2], str(f[3] or "")) if len(f) > 3 else "the card"
        words = AFTER_WORDS[str(f[0])].replace("{card}", card)
        who = names[1 - f[1]] + " " if f[0] == "kw.knockback" else ""
        return f"after the hit: {who}{words}"
    if found is None:
        return None
    att, iid, side, bid, step = found
    if not 0 <= att < len(names):
        return None
    d = 1 - att
    what = card_name(ctx, iid) if iid in getattr(ctx, "cards", {}) else iid
    if side and iid in ctx.cards:
        what = ctx.cards[iid].face(side).name
    via = f" (bullet {bid})" if bid else ""
    nxt = NEXT_WORDS.get(step, step)
    who = "" if step == "attack.begin" else f"{names[d]} "
    return f"attack under way: {names[att]}'s {what}{via} against {names[d]} — {who}{nxt}"


def _cost_words(ctx: Any, p: Any, face: Any, guarding: bool) -> str:
    minimum = ctx.options["time_damage.minimum"] if hasattr(ctx, "options") else 0
    if guarding:
        cost = getattr(ctx, "guard_cost", 1) if face.guard_cost is None else face.guard_cost
        have = p.spirit.count("up")
        td = max(face.hitstun - 1, minimum)
        crush = " — guard crush: not enough spirit" if cost > have else ""
        return f"guard costs {cost} spirit ({have} available){crush}, {td} time damage"
    return f"{face.damage} damage, {max(face.hitstun, minimum)} time damage"


def incoming(ctx: Any, state: Any, i: int, guarding: bool) -> tuple[str, ...]:
    """The attacks coming at player ``i``: the one under way, the opponent's trigger card still to
    resolve, the opponent's cast card (it resolves at their next turn) and their bullets."""
    if not 0 <= i < len(state.players) or len(state.players) != 2:
        return ()
    p, q = state.players[i], state.players[1 - i]
    cards = getattr(ctx, "cards", {})
    out: list[str] = []
    found = attack_under_way(ctx, state)
    if found is not None and found[0] == 1 - i and found[1] in cards:
        face = cards[found[1]].face(found[2])
        via = f" (bullet {found[3]})" if found[3] else ""
        out.append(f"now: {face.name}{via}: {_cost_words(ctx, p, face, guarding)}")
    for zone, iid, side in (("trigger zone", q.trigger, q.trigger_side), ("cast zone", q.cast, q.cast_side)):
        if iid is None or iid not in cards or (found is not None and found[1] == iid):
            continue
        face = cards[iid].face(side)
        if not _attacks(face) or (zone == "trigger zone" and not _pending(state, 1 - i, iid)):
            continue
        when = "resolving this turn" if zone == "trigger zone" else "resolves at its next turn"
        out.append(f"{q.name}'s {face.name} ({zone}, {when}): {_cost_words(ctx, p, face, guarding)}")
    bullets = [b for b in getattr(state, "bullets", ()) if b.owner == 1 - i]
    if bullets:
        kinds: dict[str, int] = {}
        for b in bullets:
            kinds[b.card] = kinds.get(b.card, 0) + 1
        for iid, n in kinds.items():
            if iid not in cards:
                continue
            face = cards[iid].face(next((b.side for b in bullets if b.card == iid), ""))
            count = f"{n} bullets" if n > 1 else "a bullet"
            cost = _cost_words(ctx, p, face, guarding)
            out.append(f"{q.name}'s {face.name} ({count} on the board): {cost}")
    return tuple(out)


def knocked_down(ctx: Any, i: int, p: Any) -> bool:
    """H-KD: the knockdown card is in the player's hand or play zones. In a view that hides the hand
    it is known all the same: the knockdown card is set aside whenever it is not in use."""
    if invulnerable(ctx, i, p):
        return True
    kd = ctx.knockdown_cards[i]
    return HIDDEN in p.hand and kd not in p.aside and kd not in (p.cast, p.trigger)


def player_status(ctx: Any, state: Any, i: int) -> Status | None:
    """Player ``i``'s state against attacks (None before setup: nothing can attack yet)."""
    if getattr(state, "first", 0) is None:
        return None
    p = state.players[i]
    if knocked_down(ctx, i, p):
        kd = ctx.knockdown_cards[i]
        where = ("in hand and must be the next card played" if kd in p.hand or HIDDEN in p.hand
                 else "in the cast zone" if p.cast == kd else "in the trigger zone and leaves at the next "
                 "maintenance")
        return Status("knockdown", STATUS_LABELS["knockdown"],
                      f"invulnerable: an attack has no effect until {card_name(ctx, kd)} leaves hand and "
                      f"play zones; it is {where} (H-KD)",
                      (), ("H-KD",))
    idle = p.cast is None and p.trigger is None
    off = p.marker is None or p.marker_off
    if idle and off and ctx.options["guard.hit_defender"] == "hit":
        return Status("hit", STATUS_LABELS["hit"],
                      "play zones emptied by a hit, marker off the timeline (R-25)",
                      incoming(ctx, state, i, False), ("H-ATK-IDLE", "H-DMG-3", "R-25"))
    if guard_state(ctx, p):
        if idle:
            why, clauses = "both play zones are empty (H-ATK-IDLE)", ("H-ATK-IDLE",)
        else:
            held = [iid for iid, side in ((p.cast, p.cast_side), (p.trigger, p.trigger_side))
                    if iid is not None and ctx.cards[iid].face(side).has_effect("defense")]
            why = " and ".join(card_name(ctx, c) for c in held) + " on the field (H-EFF-DEF)"
            clauses = ("H-EFF-DEF",)
        return Status("guard", STATUS_LABELS["guard"], why, incoming(ctx, state, i, True),
                      clauses + ("H-GUARD-1", "H-GUARD-2", "R-8"))
    on_field = " and ".join(card_name(ctx, c) for c in (p.trigger, p.cast) if c is not None)
    return Status("open", STATUS_LABELS["open"], f"{on_field} on the field, without defense (H-ATK-1)",
                  incoming(ctx, state, i, False), ("H-ATK-1", "H-DMG-1", "H-DMG-2"))


def settlement(state: Any, i: int) -> tuple[str, ...]:
    """What the damage settlement will apply to player ``i`` (H-RES-DMG): the HP and the marker
    marked during the resolution, a marker leaving the timeline (H-DMG-3)."""
    p = state.players[i]
    out = []
    if p.hp_mark is not None and p.hp_mark != p.hp:
        out.append(f"HP {p.hp} → {p.hp_mark} at the damage settlement (H-RES-DMG)")
    if p.marker_off and p.marker is not None:
        out.append("the marker leaves the timeline at the settlement: the hit token takes the next turn "
                   "(H-DMG-3)")
    elif p.marker_mark is not None and p.marker_mark != p.marker:
        out.append(f"marker t={p.marker} → t={p.marker_mark} at the settlement (H-ATK-2, H-RES-DMG)")
    return tuple(out)


__all__ = ["STATUS_KEY", "STATUS_LABELS", "Status", "attack_line", "attack_under_way", "incoming",
           "knocked_down",
           "player_status",
           "settlement"]
