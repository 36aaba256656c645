"""H-RES-DMG: damage settlement — the HP and timeline marks made during a resolution are applied,
spell thresholds crossed draw spell cards, and a player at 0 HP ends the game (H-GOAL-1)."""

from __future__ import annotations

from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .common import pn
from .context import Context
from .spells import thresholds_crossed
from .state import State


def settle_marks(ctx: Context, s: State, then_ok: tuple[Frame, ...] = ()) -> Outcome:
    """Apply the marks of H-RES-DMG; a player at 0 HP ends the game (H-GOAL-1)."""
    a, b = s.players
    if (a.hp_mark is None and b.hp_mark is None and a.marker_mark is None
            and b.marker_mark is None and not a.marker_off and not b.marker_off):
        return Outcome(s, "damage settlement: nothing marked", then=then_ok, clauses=("H-RES-DMG",))
    parts = []
    events = []
    players = list(s.players)
    for i, p in enumerate(players):
        changes: dict[str, int | None] = {}
        if p.hp_mark is not None:
            changes["hp"] = max(0, p.hp_mark)
            parts.append(f"{pn(i)} HP {p.hp} → {changes['hp']}")
            events.append({"type": "hp", "player": pn(i), "from": p.hp, "to": changes["hp"]})
        if p.marker_off:
            changes["marker"] = None
            parts.append(f"{pn(i)}'s marker leaves the timeline (hit token at t={p.hit})")
            events.append({"type": "marker", "player": pn(i), "from": p.marker, "to": None})
        elif p.marker_mark is not None and p.marker_mark != p.marker:
            changes["marker"] = p.marker_mark
            parts.append(f"{pn(i)}'s marker t={p.marker} → {p.marker_mark}")
            events.append({"type": "marker", "player": pn(i), "from": p.marker,
                           "to": p.marker_mark})
        if changes or p.hp_mark is not None or p.marker_mark is not None or p.marker_off:
            players[i] = replace(p, hp_mark=None, marker_mark=None, marker_off=False, **changes)
    gains = []
    for i, (old, new) in enumerate(zip(s.players, players, strict=True)):
        n = thresholds_crossed(old.hp, new.hp)
        if n and new.hp > 0:
            n = n if ctx.options["spell.draw_per_threshold"] == "each" else 1
            gains.append(("spell.gain", i, n))
    s = replace(s, players=tuple(players))
    text = "damage settlement: " + ("; ".join(parts) if parts else "nothing marked")
    if any(p.hp <= 0 for p in s.players):
        return Outcome(s, text, events=tuple(events), then=(("game.over",),))
    return Outcome(s, text, events=tuple(events), then=tuple(gains) + tuple(then_ok),
                   clauses=("H-RES-DMG",))
