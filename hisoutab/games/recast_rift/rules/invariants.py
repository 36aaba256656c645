"""Every rule-level invariant of a Recast Rift state: each card in exactly one zone, two cards per
recast position, Life in range, a well-formed cast zone, the awakening spots, the end of the game."""

from __future__ import annotations

from collections.abc import Iterable

from hisoutab.engine.contract import Zone, place_cards
from hisoutab.engine.ledger import zone_ledger

from .common import CAPACITY, SLOTS, pn, slot
from .context import Context
from .state import STAGES, State


def check_invariants(ctx: Context, s: State, zones: Iterable[Zone]) -> list[str]:
    """The problems of state ``s`` (an empty list when every invariant holds)."""
    problems: list[str] = []
    ledger = zone_ledger(ctx, problems)
    place_cards(zones, s.players, s, ledger)
    for w in s.waiting:
        if not w.card.startswith(pn(w.owner) + "/"):
            problems.append(f"waiting card {w.card} does not belong to {pn(w.owner)}")
    ledger.conserved(ctx.cards)
    set_up = s.first is not None
    for i, p in enumerate(s.players):
        n = p.name
        if not 0 <= p.life <= ctx.start_life:
            problems.append(f"{n}: Life {p.life} outside 0..{ctx.start_life}")
        for k in (3, 2, 1):
            if len(slot(p, k)) > CAPACITY:
                problems.append(f"{n}: {len(slot(p, k))} cards in {SLOTS[k]} (at most {CAPACITY})")
        if ctx.zero_capacity is not None and len(p.recast_0) > ctx.zero_capacity:
            problems.append(f"{n}: {len(p.recast_0)} cards in [0] (at most {ctx.zero_capacity})")
        for zone in ("deck", "hand", "cast", "face_down", "reserve", "recast_3", "recast_2", "recast_1",
                     "recast_0", "unused"):
            for c in getattr(p, zone):
                card = ctx.cards.get(c)
                if card is not None and card.awakening:
                    problems.append(f"{n}: awakening card {c} in {zone}")
        for spot in ("far", "near", "awakened"):
            c = getattr(p, spot)
            card = ctx.cards.get(c) if c is not None else None
            if card is not None and not card.awakening:
                problems.append(f"{n}: spell card {c} in the {spot} awakening spot")
        if set_up:
            if p.near is None or (p.far is None) == (p.awakened is None):
                problems.append(f"{n}: the awakening spots hold far={p.far}, near={p.near}, "
                                f"awakened={p.awakened}")
            if p.pool:
                problems.append(f"{n}: cards still unplaced after setup: {list(p.pool)}")
            if len(p.unused) != len(ctx.pools[i]) - 11:
                problems.append(f"{n}: {len(p.unused)} spell cards left out (expected "
                                f"{len(ctx.pools[i]) - 11})")
        if p.mode not in ("", "normal", "full_power"):
            problems.append(f"{n}: Main-phase mode {p.mode!r}")
        on_stack = [e.card for e in s.stack if e.kind == "cast" and e.controller == i]
        if list(p.cast) != on_stack:
            problems.append(f"{n}: cast zone {list(p.cast)} but the stack holds {on_stack}")
    problems += _stack_problems(s)
    if s.texts < 0:
        problems.append(f"{s.texts} card texts being processed")
    if s.winner is not None:
        if s.agenda:
            problems.append("the game has a winner but the agenda is not empty")
        won = ("P1", "P2").index(s.winner) if s.winner in ("P1", "P2") else None
        if won is None:
            problems.append(f"the winner is {s.winner!r}; the text knows no draw (RR-WIN-1)")
        elif s.players[won].life <= 0 and s.players[1 - won].life > 0:
            problems.append(f"winner {s.winner} is at 0 Life and the loser is not")
    elif set_up and not s.agenda:
        problems.append("the agenda is empty but there is no winner")
    return problems


def _stack_problems(s: State) -> list[str]:
    """The cast zone is well-formed: known stages and kinds; a cast entry holds its controller's
    card, a text «Attack» names its source; below a preempt card is the opponent's «Attack» whose
    preempt timing it answers."""
    problems = []
    for k, e in enumerate(s.stack):
        if e.stage not in STAGES:
            problems.append(f"stack[{k}]: unknown stage {e.stage!r}")
        if e.kind == "cast":
            if not e.card.startswith(pn(e.controller) + "/"):
                problems.append(f"stack[{k}]: {e.card} cast by {pn(e.controller)}")
        elif e.kind == "text":
            if e.card or not e.source.startswith(pn(e.controller) + "/"):
                problems.append(f"stack[{k}]: a text «Attack» of {e.source!r} by {pn(e.controller)}")
        else:
            problems.append(f"stack[{k}]: unknown kind {e.kind!r}")
        if e.stage in ("preempt", "damage") and e.kind == "cast" and e.base_hand is None and \
                e.base_life is None and e.hand is not None:
            problems.append(f"stack[{k}]: a bar/bar «Attack» deals damage")
        if k + 1 < len(s.stack):
            above = s.stack[k + 1]
            if above.kind == "cast" and above.how == "preempt":
                if e.stage != "preempt" or e.controller == above.controller:
                    problems.append(f"stack[{k + 1}]: a preempt card above stack[{k}] "
                                    f"({e.stage}, {pn(e.controller)})")
            elif e.stage == "deploy":
                problems.append(f"stack[{k}]: being deployed with stack[{k + 1}] above it")
    return problems
