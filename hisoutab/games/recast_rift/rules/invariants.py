"""Every rule-level invariant of a Recast Rift state: each field in its range (the turn, the turn
player, the first player, the cast-zone entries, the waiting cards, the Normal-action options used,
the [While Awakened] abilities activated, the fighters shown), each card in exactly one zone, two
cards per recast position, Life in range, a well-formed cast zone, the awakening spots, the end of
the game (a Life at 0 ends it).

A problem about one field starts with that field's path in the state (``stack.0.hand: …``,
``P1.used: …``), so that a scenario reports it at that field's line. The fields' own ranges are
checked first: when one is out of range, the cross-field rules (which read it) are not checked."""

from __future__ import annotations

from collections.abc import Iterable

from hisoutab.engine.contract import Zone, place_cards
from hisoutab.engine.ledger import zone_ledger

from .common import CAPACITY, SLOTS, pn, slot
from .context import Context
from .state import STAGES, Player, State
from .vocabulary import TIMINGS

NORMAL_OPTIONS = "cfaw"  # cast, face down & lift, awaken, [While Awakened] (A-8, RR-TURN-3.1)
WINNERS = ("P1", "P2")


def check_invariants(ctx: Context, s: State, zones: Iterable[Zone]) -> list[str]:
    """The problems of state ``s`` (an empty list when every invariant holds)."""
    problems = field_problems(ctx, s)
    if problems:
        return problems
    ledger = zone_ledger(ctx, problems)
    place_cards(zones, s.players, s, ledger)
    for w in s.waiting:
        if not w.card.startswith(pn(w.owner) + "/"):
            problems.append(f"waiting card {w.card} does not belong to {pn(w.owner)}")
    ledger.conserved(ctx.cards)
    set_up = s.first is not None
    for i, p in enumerate(s.players):
        _player_problems(ctx, s, i, p, set_up, problems)
    problems += _stack_problems(s)
    _winner_problems(s, set_up, problems)
    problems += _end_problems(ctx, s)
    return problems


def _player_problems(ctx: Context, s: State, i: int, p: Player, set_up: bool,
                     problems: list[str]) -> None:
    """One player's Life, recast positions, awakening cards and spots, setup leftovers, Main-phase
    mode and cast zone."""
    n = p.name
    if not 0 <= p.life <= ctx.start_life:
        problems.append(f"{n}: Life {p.life} outside 0..{ctx.start_life}")
    for k in (3, 2, 1):
        if len(slot(p, k)) > CAPACITY:
            problems.append(f"{n}: {len(slot(p, k))} cards in {SLOTS[k]} (at most {CAPACITY})")
    if ctx.zero_capacity is not None and len(p.recast_0) > ctx.zero_capacity:
        problems.append(f"{n}: {len(p.recast_0)} cards in [0] (at most {ctx.zero_capacity})")
    _awakening_problems(ctx, p, set_up, problems)
    if set_up:
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


def _awakening_problems(ctx: Context, p: Player, set_up: bool, problems: list[str]) -> None:
    """Awakening cards only in the awakening spots, spell cards never there; after setup the near
    spot and exactly one of far and awakened hold a card."""
    n = p.name
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
    if set_up and (p.near is None or (p.far is None) == (p.awakened is None)):
        problems.append(f"{n}: the awakening spots hold far={p.far}, near={p.near}, "
                        f"awakened={p.awakened}")


def _winner_problems(s: State, set_up: bool, problems: list[str]) -> None:
    """A winner ends the game (no draw: RR-WIN-1); a game going on has an agenda."""
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


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def field_problems(ctx: Context, s: State) -> list[str]:
    """Each field of ``s`` in its own range, named by its path."""
    problems: list[str] = []
    if not _int(s.turn) or s.turn < 0:
        problems.append(f"turn: {s.turn!r}; expected a turn number ≥ 0")
    if s.active not in (0, 1):
        problems.append(f"active: {s.active!r}; expected the turn player, 0 (P1) or 1 (P2)")
    if s.first is not None and s.first not in (0, 1):
        problems.append(f"first: {s.first!r}; expected the first player, 0 (P1) or 1 (P2)")
    elif s.first is None and s.turn:
        problems.append(f"first: none on turn {s.turn}; the first player is chosen at setup (A-6)")
    if s.winner is not None and s.winner not in WINNERS:
        problems.append(f"winner: {s.winner!r}; expected P1 or P2 (the text knows no draw, "
                        "RR-WIN-1)")
    if not _int(s.texts) or s.texts < 0:
        problems.append(f"texts: {s.texts!r}; expected the number of card texts being processed")
    elif s.winner is None:  # the end of the game clears the agenda, texts and all
        running = sum(1 for f in s.agenda if f and f[0] == "text.next")
        if s.texts != running:
            problems.append(f"texts: {s.texts} card texts being processed, but the agenda processes "
                            f"{running} (RR-PRIN-3)")
    problems += _entry_problems(ctx, s)
    problems += _waiting_problems(ctx, s)
    for i, p in enumerate(s.players):
        n = p.name
        shown = tuple(f.id for f in ctx.decks[i].fighters) if i < len(ctx.decks) else p.fighters
        if tuple(p.fighters) != shown:
            problems.append(f"{n}.fighters: {list(p.fighters)}; {n}'s deck has the fighters "
                            f"{list(shown)} (RR-SETUP-1)")
        bad = sorted(set(p.used) - set(NORMAL_OPTIONS)) if isinstance(p.used, str) else [p.used]
        if bad:
            problems.append(f"{n}.used: {p.used!r}; expected the Normal-action options used, letters "
                            "of c (cast), f (face down and lift), a (awaken), w (While Awakened) (A-8)")
        problems += _activated_problems(ctx, n, p)
    return problems


def _entry_problems(ctx: Context, s: State) -> list[str]:
    problems: list[str] = []
    shared = ctx.options["a5.cast_zone"] == "shared"
    for k, e in enumerate(s.stack):
        at = f"stack.{k}"
        if e.controller not in (0, 1):
            problems.append(f"{at}.controller: {e.controller!r}; expected 0 (P1) or 1 (P2)")
            continue
        if e.kind == "cast" and e.how not in TIMINGS:
            problems.append(f"{at}.how: {e.how!r}; a card is cast at one of the timings "
                            + ", ".join(TIMINGS) + " (RR-COMP-3.4)")
        elif e.kind == "text" and e.how != "text":
            problems.append(f"{at}.how: {e.how!r}; a text «Attack» is made by a text (how: text)")
        zone = "shared" if shared else pn(e.controller)
        if e.zone != zone:
            problems.append(f"{at}.zone: {e.zone!r}; with a5.cast_zone = {ctx.options['a5.cast_zone']} "
                            f"the card sits in {zone!r} (A-5)")
        for name in ("hand", "life", "base_hand", "base_life"):
            value = getattr(e, name)
            if value is not None and (not _int(value) or value < 0):
                problems.append(f"{at}.{name}: {value!r}; expected a damage of 0 or more, or none "
                                "(a bar) (RR-COMP-3.6)")
        if not _int(e.preempts) or e.preempts < 0:
            problems.append(f"{at}.preempts: {e.preempts!r}; expected the number of preempts made "
                            "(0 or more) (A-13)")
    return problems


def _waiting_problems(ctx: Context, s: State) -> list[str]:
    problems: list[str] = []
    for k, w in enumerate(s.waiting):
        at = f"waiting.{k}"
        if w.owner not in (0, 1):
            problems.append(f"{at}.owner: {w.owner!r}; expected 0 (P1) or 1 (P2)")
            continue
        card = ctx.cards.get(w.card)
        owner = ctx.owner.get(w.card)
        if card is not None and owner is not None and owner != w.owner:
            problems.append(f"{at}.owner: {w.owner}; {w.card} is {pn(owner)}'s card")
            continue
        if card is None or card.awakening:
            problems.append(f"{at}.card: {w.card!r}; expected a spell card of {pn(w.owner)}")
            continue
        abilities = card.while_deployed  # type: ignore[union-attr]
        triggers = [a for a, ab in enumerate(abilities) if ab.when]
        if not triggers:
            problems.append(f"{at}.card: {w.card} has no [While Deployed] ability with a trigger "
                            "event; only a Trigger card's ability waits (RR-PRIN-3)")
        elif not _int(w.ability) or w.ability not in triggers:
            problems.append(f"{at}.ability: {w.ability!r}; {w.card}'s triggered abilities are "
                            + ", ".join(map(str, triggers)))
        elif abilities[w.ability].when != w.event:
            problems.append(f"{at}.event: {w.event!r}; {w.card}'s ability {w.ability} waits for "
                            f"{abilities[w.ability].when!r}")
    return problems


def _activated_problems(ctx: Context, n: str, p: Player) -> list[str]:
    activated, awakened = p.activated, p.awakened
    if not activated:
        return []
    card = ctx.cards.get(awakened) if awakened is not None else None
    if card is None or not card.awakening:
        return [f"{n}.activated: {list(activated)}; {n} is not awakened, no [While Awakened] "
                "ability can have been activated (RR-AWK-5)"]
    count = len(card.while_awakened)  # type: ignore[union-attr]
    bad = [k for k in activated if not _int(k) or not 0 <= k < count]
    if bad:
        return [f"{n}.activated: {bad[0]!r}; {awakened} has {count} [While Awakened] abilities "
                f"(0..{count - 1})" if count else
                f"{n}.activated: {bad[0]!r}; {awakened} has no [While Awakened] ability"]
    return []


def _end_problems(ctx: Context, s: State) -> list[str]:
    """A Life at 0 ends the game (RR-WIN-1): the game has a winner, or the win is checked next
    (game.over / win.check on the agenda), or — the win checked at the end of the processing
    (A-26) — a card is still being processed."""
    if s.winner is not None or s.first is None:
        return []
    pending = any(f and f[0] in ("game.over", "win.check") for f in s.agenda)
    later = ctx.options["a26.win_check"] != "immediate" and bool(s.stack or s.texts)
    out = []
    for p in s.players:
        if p.life == 0 and not pending and not later:
            out.append(f"{p.name}.life: Life 0, but the game is not over (no winner, no win check on the "
                       "agenda) (RR-WIN-1)")
    return out


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
