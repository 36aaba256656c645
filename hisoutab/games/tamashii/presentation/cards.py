"""Each kind of card in words, for its box and its tooltip: cyberbodies with their stats and skills
(TM-BODY-1 … TM-BODY-3), mods with their cost (TM-MOD-1 … TM-MOD-4), the learning protocol with its
stage (TM-PROT-1), enemy cards with their HP and damage (TM-COMP-7, A-40), tiles and markers."""

from __future__ import annotations

from typing import Any

from . import facts

BODY_FILL, MOD_FILL, GANG_FILL, PROTO_FILL, ENEMY_FILL = "#eef4ff", "#fff8e6", "#fdeee0", "#eefbea", "#fde8e8"


def _skills(entry: Any) -> str:
    out = []
    for s in getattr(entry, "skills", None) or ():
        reuse = " (reusable)" if getattr(s, "reusable", False) else ""
        out.append(f"{s.name}{reuse}")
    return ", ".join(out)


def body_words(ctx: Any, card: str, *, active: bool) -> str:
    e = facts.entry(ctx, card, "bodies")
    head = f"cyberbody {facts.name(ctx, card, 'bodies')} ({card})" + (" — active" if active else "")
    if e is None:
        return head
    return f"{head} · programming {e.program} · movement {e.move} · attack {e.attack}" + (
        f" · skills: {_skills(e)}" if _skills(e) else ""
    )


def mod_words(ctx: Any, card: str, *, equipped: bool) -> str:
    e = facts.entry(ctx, card, "class_mods", "gang_mods")
    kind = "gang mod" if e is not None and getattr(e, "gang", None) else "class mod" if "/" in card else "mod"
    state = "equipped" if equipped else "held, not equipped"
    head = f"{kind} {facts.name(ctx, card, 'class_mods', 'gang_mods')} ({card}) — {state}"
    if e is None:
        return head
    extra = [f"cost {e.cost} Memory"]
    if getattr(e, "gang", None):
        extra.append(f"gang {e.gang}")
    if getattr(e, "reroll", False):
        extra.append("its own reroll source (TM-RES-6.1)")
    if getattr(e, "skill", None) is not None:
        extra.append(f"skill {e.skill.name}")
    if getattr(e, "code", None) is not None:
        extra.append(f"code {e.code.name or e.code.id}: {' / '.join(e.code.pattern)}")
    return head + " · " + " · ".join(extra)


def protocol_words(ctx: Any, card: str, stage: int) -> str:
    e = facts.entry(ctx, card, "protocols")
    stages = len(getattr(e, "stages", ()) or ()) if e is not None else 0
    done = f"stage {stage} of {stages} done" if stages else f"stage {stage} done"
    passive = " · passive ability active" if stages and stage >= stages else ""
    return f"learning protocol {facts.name(ctx, card, 'protocols')} ({card}) · {done}{passive}"


def protocol_stages(ctx: Any, card: str) -> int:
    e = facts.entry(ctx, card, "protocols")
    return len(getattr(e, "stages", ()) or ()) if e is not None else 0


def enemy_hp(ctx: Any, card: str) -> int | None:
    e = facts.entry(ctx, card, "enemies")
    return int(e.hp) if e is not None else None


def enemy_words(ctx: Any, card: str, damage: int, *, primary: bool) -> str:
    if card == facts.HIDDEN:
        return "an enemy card hidden from this view"
    hp = enemy_hp(ctx, card)
    left = f" · HP {hp}, damage {damage}, {hp - damage} left" if hp is not None else f" · damage {damage}"
    e = facts.entry(ctx, card, "enemies")
    codes = ""
    if e is not None:
        codes = f" · hack {' / '.join(e.hack.pattern)} · expel {' / '.join(e.expel.pattern)}"
    return (
        f"enemy {facts.name(ctx, card, 'enemies')} ({card})"
        + (" — the primary enemy" if primary else "")
        + left
        + codes
    )


def tile_words(ctx: Any, card: str) -> str:
    e = facts.entry(ctx, card, "tiles")
    head = f"tile {facts.name(ctx, card, 'tiles')} ({card})"
    if e is None:
        return head
    action = getattr(e, "action", None)
    act = f" · district action: {action.name}" if action is not None else ""
    gang = f" · gang {e.gang}" if getattr(e, "gang", None) else ""
    return f"{head} · entry {e.entry} · stay {e.stay}{gang}{act}"


def marker_words(ctx: Any, card: str) -> str:
    """A marker in words: taken as its place is revealed by entering it (A-32 Reading 1), or by the
    first player to enter its revealed place (Reading 2)."""
    options = getattr(ctx, "options", None)
    adjacent = options is not None and options["a32.explore"] == "adjacent"
    when = "taken by the first player to enter" if adjacent else "taken when the tile is revealed"
    return f"exploration marker {facts.name(ctx, card, 'markers')} ({card}): {when}"
