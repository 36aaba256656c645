"""The HisouTab early draft as a ruleset on the engine."""

from __future__ import annotations

from pathlib import Path

from hisoutab.engine.contract import Zone, place_cards
from hisoutab.engine.ledger import zone_ledger
from hisoutab.engine.rng import seed_state
from hisoutab.games.hisoutab.kit.ruleset import HisouTabRuleset, check_bullet, check_facing, check_position

from . import attack, evaluation, turn  # noqa: F401  (declare the steps)
from . import setup as setup_steps  # noqa: F401
from .clauses import CLAUSES, READINGS, SETTLED
from .context import PLAYERS, Context
from .flow import FLOW
from .options import OPTIONS
from .state import Player, State

#: every place a card (or counter) can be, per player
ZONES = (
    Zone("hand", visibility="owner", doc="the hand"),
    Zone("discard", doc="the discard pile"),
    Zone("aside", doc="set aside: cards not in the game yet"),
    Zone("played", kind="card", doc="the card in play (played, not yet resolved)"),
    Zone("bullets", owner="shared", card_attr="card",
         doc="bullet tokens on the board, each with its card (its slot track, D-CARD-BULLET-1)"),
    Zone("hp", kind="counter", doc="hit points"),
    Zone("spirit", kind="counter", doc="spirit"),
    Zone("marker", kind="counter", doc="the timeline marker's cell"),
)


class HisouTabDraft(HisouTabRuleset, rules=Path(__file__).parent):
    """The early English draft of the tabletop edition (clause IDs ``D-…``)."""

    id = "hisoutab-draft"
    title = "HisouTab early draft"
    presentation = "hisoutab.games.hisoutab.draft.presentation:PRESENTATION"
    flow, options, state_type, zones = FLOW, OPTIONS, State, ZONES
    clauses, readings = CLAUSES, {**READINGS, **SETTLED}
    context_type = Context
    #: what a line of 0.45.2 means here (re-running it under the draft: hisoutab.presentation.rerun)
    compatible_with = {
        "hisoutab-0.45.2": {
            "setup": {"characters": "characters"},
            "kinds": {"fire": "direction"},
            "as_options": {"first player": {"P1 goes first": {"setup.first_player": "p1"},
                                            "P2 goes first": {"setup.first_player": "p2"}}},
            "not_here": {
                "mulligan": "the draft deals its opening hand with no mulligan",
                "first player": "the draft's first player is the rule option setup.first_player",
                "spell front": {"passes": ["keep the spell order"],
                                "why": "the draft has no spell front to reorder"},
                "facing": "the draft turns the fighters by itself (facing.auto)",
                "trace": {"passes": [], "why": "the draft's bullets trace by themselves"},
                "spell": {"passes": [], "why": "the draft has no spell declaration"},
            },
            "only_here": {
                "skill": "0.45.2 has no choice of skill versions (236, 623, 214, 421): each "
                         "fighter takes the first version its character lists",
                "cancel": {"answer": "no cancel", "why": "0.45.2 has no cancel window"},
                "defense": {"answer": "take the hit", "why": "0.45.2 guards by playing guard, "
                                                             "not in a defense window"},
            },
        },
    }

    def evaluate(self, ctx: Context, s: State, player: str) -> float:
        """How good ``s`` is for ``player`` (the balance lab's agents read it): evaluation.py."""
        return evaluation.evaluate(ctx, s, player)

    def initial_state(self, ctx: Context, seed: int) -> State:
        """Before setup: every card of each character set aside; the setup steps do the rest."""
        players = []
        for i, ch in enumerate(ctx.characters):
            players.append(Player(name=PLAYERS[i], character=ch.id, hp=0, max_hp=0, x=0, y=0,
                                  facing=1 if i == 0 else -1, marker=None, aside=ctx.pools[i]))
        return State(players=(players[0], players[1]), time=ctx.start, agenda=(("setup.hp",),),
                     rng=seed_state(seed))

    def invariants(self, ctx: Context, s: State) -> list[str]:
        return check_invariants(ctx, s)


def check_state_fields(ctx: Context, s: State, problems: list[str]) -> None:
    """The fields' own ranges: what no rule can ever produce."""
    check_position(s, problems)
    for b in s.bullets:
        check_bullet(b, problems)
        if b.card not in ctx.cards:
            problems.append(f"bullet {b.id}: unknown card {b.card!r}")
    for p in s.players:
        check_facing(p, problems)
        if p.resolved is not None and p.resolved not in ctx.cards:
            problems.append(f"{p.name}: resolved card {p.resolved!r} is not a card of this game")


def check_invariants(ctx: Context, s: State) -> list[str]:
    """Every rule-level invariant of a draft state; an empty list when all hold."""
    problems: list[str] = []
    check_state_fields(ctx, s, problems)
    set_up = s.first is not None
    ledger = zone_ledger(ctx, problems)
    for p in s.players:
        _player_problems(ctx, s, p, set_up, problems)
    place_cards(ZONES, s.players, s, ledger)
    _bullet_problems(ctx, s, problems)
    ledger.conserved(ctx.cards)
    if set_up and s.players[0].x == s.players[1].x and s.players[0].y == s.players[1].y \
            and ctx.options["gravity.onto_opponent"] == "stay":
        problems.append("both pieces share a block")
    if s.winner is None and s.agenda == () and set_up:
        problems.append("the agenda is empty but there is no winner")
    if s.winner is not None and s.winner != "draw" and s.players[PLAYERS.index(s.winner)].hp <= 0:
        problems.append(f"winner {s.winner} is at 0 HP")
    return problems


def _player_problems(ctx: Context, s: State, p: Player, set_up: bool, problems: list[str]) -> None:
    """One player's HP, spirit, whiff, piece, marker and card in play."""
    n = p.name
    if p.hp < 0 or p.hp > p.max_hp:
        problems.append(f"{n}: HP {p.hp} outside 0..{p.max_hp}")
    if p.max_hp not in (0, 20, 23):
        problems.append(f"{n}: max HP {p.max_hp}")
    if not 0 <= p.spirit <= ctx.spirit_max:
        problems.append(f"{n}: spirit {p.spirit} outside 0..{ctx.spirit_max}")
    if p.whiff < 0:
        problems.append(f"{n}: negative whiff")
    if set_up:
        if not ctx.on_board(p.x, p.y):
            problems.append(f"{n}: piece at ({p.x},{p.y}) is off the board")
        if p.marker is None or p.marker < s.time:
            problems.append(f"{n}: marker {p.marker} before the current time {s.time}")
    if p.played is not None and ctx.cards[p.played].kind == "defense":
        problems.append(f"{n}: a defense card in play")


def _bullet_problems(ctx: Context, s: State, problems: list[str]) -> None:
    """Each bullet its owner's, on the board, on a slot of its card; bullet ids unique."""
    for b in s.bullets:
        owner = PLAYERS[b.owner] if b.owner in (0, 1) else "?"
        if not b.card.startswith(owner + "/"):
            problems.append(f"bullet {b.id}: {b.card} does not belong to its owner {owner}")
        if not ctx.on_board(b.x, b.y):
            problems.append(f"bullet {b.id} off the board")
        if b.card in ctx.cards and not 0 <= b.slot < ctx.cards[b.card].slots:
            problems.append(f"bullet {b.id}: token on slot {b.slot}")
    if len({b.id for b in s.bullets}) != len(s.bullets):
        problems.append("two bullets share an id")


RULESET = HisouTabDraft()
