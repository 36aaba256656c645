"""HisouTab 0.45.2 as a ruleset on the engine."""

from __future__ import annotations

from pathlib import Path

from hisoutab.engine.contract import Zone, place_cards
from hisoutab.engine.ledger import zone_ledger
from hisoutab.engine.rng import seed_state
from hisoutab.games.hisoutab.kit.ruleset import HisouTabRuleset, check_bullet, check_facing, check_position

from . import attack, bullets, effects, evaluation, specials, spells, timeline, turn  # noqa: F401  (steps)
from . import setup as setup_steps  # noqa: F401
from .clauses import CLAUSES, READINGS, SETTLED
from .context import PLAYERS, Context
from .flow import FLOW
from .options import OPTIONS
from .state import DOWN, MOTIONS, UP, Player, State

#: every place a card (or counter) can be, per player (H-ZONE-*)
ZONES = (
    Zone("hand", visibility="owner", doc="the hand (standing cards included)"),
    Zone("deck", ordered=True, visibility="hidden", doc="the main deck, top first"),
    Zone("discard", ordered=True, doc="the discard pile"),
    Zone("cast", kind="card", doc="the cast zone"),
    Zone("trigger", kind="card", doc="the trigger zone"),
    Zone("aside", doc="set aside: the knockdown card while not in use"),
    Zone("bullet_area", doc="bullet cards whose bullets are on the board"),
    Zone("spell_deck", ordered=True, visibility="hidden", doc="the spell deck, top first"),
    Zone("spell_seq", ordered=True, label="spell sequence", doc="the public spell sequence, front first"),
    Zone("spell_discard", doc="used spell cards, never shuffled back"),
    Zone("special", ordered=True, doc="the special area, one slot per motion (236, 623, 214, 421)"),
    Zone("extra", doc="the extra deck: upgraded specials"),
    Zone("removed", doc="removed from the game"),
    Zone("hp", kind="counter", doc="hit points, 0..20"),
    Zone("marker", kind="counter", doc="the timeline marker's cell"),
    Zone("hit", kind="counter", doc="the hit token's cell"),
)


class HisouTab0452(HisouTabRuleset, rules=Path(__file__).parent):
    """The current rules of the tabletop edition (0.45.2)."""

    id = "hisoutab-0.45.2"
    title = "HisouTab rules 0.45.2"
    presentation = "hisoutab.games.hisoutab.v0452.presentation:PRESENTATION"
    flow, options, state_type, zones = FLOW, OPTIONS, State, ZONES
    clauses, readings = CLAUSES, {**READINGS, **SETTLED}
    context_type = Context
    #: what a line of the draft means here (re-running it under 0.45.2: hisoutab.presentation.rerun)
    compatible_with = {
        "hisoutab-draft": {
            "setup": {"characters": "characters"},
            "kinds": {"direction": "fire"},
            "not_here": {
                "skill": "0.45.2 decks have no skill versions to choose",
                "cancel": {"passes": ["no cancel"], "why": "0.45.2 has no cancel window"},
                "defense": {"passes": ["take the hit"],
                            "why": "0.45.2 guards by playing guard, not in a defense window"},
            },
            "only_here": {
                "mulligan": {"answer": "keep all", "why": "the draft has no mulligan"},
                "first player": {"answer": "P1 goes first",
                                 "why": "the draft draws the first player (setup.first_player)"},
                "spell front": {"answer": "keep the spell order", "why": "the draft has no spell front"},
                "facing": "the draft turns the fighters by itself",
                "trace": "the draft's bullets trace by themselves",
                "spell": "the draft has no spell declaration",
            },
        },
    }

    def evaluate(self, ctx: Context, s: State, player: str) -> float:
        """How good ``s`` is for ``player`` (the balance lab's agents read it): evaluation.py."""
        return evaluation.evaluate(ctx, s, player)

    def initial_state(self, ctx: Context, seed: int) -> State:
        """Before setup: the characters' decks in order, standing cards in hand, the knockdown card
        set aside; the setup steps do the rest."""
        players = []
        for i, ch in enumerate(ctx.characters):
            name = PLAYERS[i]
            players.append(Player(
                name=name, character=ch.id, hp=0, x=0, y=0, facing=1 if i == 0 else -1,
                marker=None, hit=None, spirit=(), hand=tuple(f"{name}/{c}" for c in ch.standing),
                deck=ctx.decks[i], aside=(ctx.knockdown_cards[i],),
                special=ctx.special_areas[i], extra=ctx.extras[i], spell_deck=ctx.spell_decks[i]))
        return State(players=(players[0], players[1]), time=ctx.start,
                     agenda=(("setup.hp",),), rng=seed_state(seed))

    def invariants(self, ctx: Context, s: State) -> list[str]:
        return check_invariants(ctx, s)

    def home_zone(self, ctx: Context, card: str, owner: str | None) -> str | None:
        """Where a card pushed out of a scenario's zone goes: standing cards to the hand, the
        knockdown card set aside, spell cards to the spell deck, special effect cards to the
        extra deck (a scenario puts one back in its own slot of the special area first, when that
        slot is empty); other cards as the scenario says."""
        if card in ctx.standing:
            return "hand"
        if card in ctx.knockdown_cards:
            return "aside"
        if card in ctx.spell_cards:
            return "spell_deck"
        if card in ctx.specials:
            return "extra"
        return None


SIDES = ("", "top", "bottom")


def _check_side(ctx: Context, n: str, zone: str, iid: str | None, side: str, problems: list[str]) -> None:
    if side not in SIDES:
        problems.append(f"{n}: {zone}_side {side!r}; expected one of 'top', 'bottom' or ''")
    elif iid is None and side:
        problems.append(f"{n}: {zone}_side {side!r} but the {zone} zone is empty")
    elif iid is not None and iid in ctx.cards:
        sides = [name for name, _ in ctx.cards[iid].sides]
        if sides and side not in sides:
            problems.append(f"{n}: {ctx.cards[iid].id} has a top and a bottom; {zone}_side is {side!r}")
        if not sides and side:
            problems.append(f"{n}: {ctx.cards[iid].id} has one face; {zone}_side is {side!r}")


def _max_duration(ctx: Context, iid: str) -> int:
    card = ctx.cards[iid]
    faces = [face for _, face in card.sides] or [card]
    found = [v.duration for f in faces for group in (f.effects, f.ground, f.air) for k, v in group
             if k == "bullet"]
    found += [v2.duration for f in faces for _, v in f.effects for k2, v2 in getattr(v, "effects", ())
              if k2 == "bullet"]
    return max(found, default=0)


def check_state_fields(ctx: Context, s: State, problems: list[str]) -> None:
    """The fields' own ranges: what no rule can ever produce (a marker behind the clock, a facing
    of 0, a winner that is not a player…)."""
    check_position(s, problems)
    ids = [b.id for b in s.bullets]
    if len(set(ids)) != len(ids):
        problems.append(f"two bullets share an id: {sorted(i for i in set(ids) if ids.count(i) > 1)}")
    for b in s.bullets:
        check_bullet(b, problems)
    for p in s.players:
        n = p.name
        check_facing(p, problems)
        where = p.position  # the hit token while it is on the board, else the marker
        if where is not None and where < s.time:
            what = "hit token" if p.hit is not None else "marker"
            problems.append(f"{n}: {what} at t={where}, behind the current time t={s.time}")
        if p.hp_mark is not None and p.hp_mark > p.hp:
            problems.append(f"{n}: HP marked {p.hp_mark}, above the HP {p.hp} (damage only lowers HP)")
        _check_side(ctx, n, "cast", p.cast, p.cast_side, problems)
        _check_side(ctx, n, "trigger", p.trigger, p.trigger_side, problems)
        if len(p.special) != len(MOTIONS):
            problems.append(f"{n}: the special area has {len(p.special)} slots; expected {len(MOTIONS)}")
        for c, v in p.dice:
            top = ctx.cached(("max_duration", c), _max_duration, ctx, c) if c in ctx.cards else 0
            if top and v > top:
                problems.append(f"{n}: die {v} on {c}, above its duration {top}")
        if p.recovery_override is not None and p.recovery_override < 0:
            problems.append(f"{n}: recovery {p.recovery_override} below 0")


def check_card_kinds(ctx: Context, s: State, problems: list[str]) -> None:
    """Every card in a pile of its own kind: spell cards only in the spell piles and play zones,
    special effect cards only in the special area, the extra deck and play zones, and the main
    piles only main-deck cards (no spell, special, standing or knockdown card)."""
    not_main = ctx.spell_cards | ctx.specials | ctx.not_drawn
    for p in s.players:
        n = p.name
        for zone in ("deck", "discard"):
            for c in getattr(p, zone):
                if c in not_main:
                    kind = ("spell" if c in ctx.spell_cards else "special" if c in ctx.specials
                            else "standing or knockdown")
                    problems.append(f"{n}: {c} is a {kind} card but lies in the main {zone}")
        for zone in ("spell_deck", "spell_seq", "spell_discard"):
            for c in getattr(p, zone):
                if c not in ctx.spell_cards:
                    problems.append(f"{n}: {c} is not a spell card but lies in {zone}")
        for zone in ("special", "extra"):
            for c in getattr(p, zone):
                if c is not None and c not in ctx.specials:
                    problems.append(f"{n}: {c} is not a special effect card but lies in {zone}")


def check_invariants(ctx: Context, s: State) -> list[str]:
    """Every rule-level invariant of a state; an empty list when all hold."""
    problems: list[str] = []
    set_up = s.first is not None
    ledger = zone_ledger(ctx, problems)
    check_state_fields(ctx, s, problems)
    check_card_kinds(ctx, s, problems)
    for i, p in enumerate(s.players):
        _player_problems(ctx, s, i, p, set_up, problems)
    place_cards(ZONES, s.players, s, ledger)
    _bullet_problems(ctx, s, problems)
    ledger.conserved(ctx.cards)
    if s.winner is None and s.agenda == () and set_up:
        problems.append("the agenda is empty but there is no winner")
    return problems


def _player_problems(ctx: Context, s: State, i: int, p: Player, set_up: bool,
                     problems: list[str]) -> None:
    """One player's HP, piece, spirit gauge, timeline place, spell sequence, dice and knockdown card."""
    n = p.name
    if p.hp > 20 or p.hp < 0:
        problems.append(f"{n}: HP {p.hp} outside 0..20")
    if set_up:
        if not ctx.on_board(p.x, p.y):
            problems.append(f"{n}: piece at ({p.x},{p.y}) is off the board")
        if len(p.spirit) != 5 or any(x not in (UP, DOWN) and not (isinstance(x, int) and 1 <= x <= 6)
                                     for x in p.spirit):
            problems.append(f"{n}: bad spirit gauge {p.spirit}")
        if p.position is None:
            problems.append(f"{n}: neither marker nor hit token on the timeline")
    if len(p.spell_seq) > 5:
        problems.append(f"{n}: {len(p.spell_seq)} spell cards in the sequence (at most 5)")
    for c, v in p.dice:
        if v < 1:
            problems.append(f"{n}: die {v} on {c}")
        if c not in p.bullet_area and c not in (p.trigger, p.cast):
            problems.append(f"{n}: die on {c}, which is not in the bullet area or a play zone")
        if not any(b.card == c for b in s.bullets):
            problems.append(f"{n}: die on {c} but none of its bullets is on the board")
    kd = ctx.knockdown_cards[i]
    if kd in p.hand and any(c == kd for c in (p.cast, p.trigger)):
        problems.append(f"{n}: knockdown card twice")


def _bullet_problems(ctx: Context, s: State, problems: list[str]) -> None:
    """Bullets on the board (unless leaving it), each with a die on its card (R-23)."""
    leaving = any(f[0] == "bullets.leave" for f in s.agenda)
    for b in s.bullets:
        if not ctx.on_board(b.x, b.y) and not leaving:
            problems.append(f"bullet {b.id} off the board at ({b.x},{b.y})")
        if all(c != b.card for c, _ in s.players[b.owner].dice) and ctx.options[
                "bullet.expires_with_die"]:  # R-23 false: a bullet outlives its die
            problems.append(f"bullet {b.id} of {b.card} has no die on its card")


RULESET = HisouTab0452()
