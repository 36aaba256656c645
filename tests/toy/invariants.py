"""What every toy state keeps: each card in exactly one zone, tokens on the track, hands no larger
than the hand size, a winner who stands on the last square, an agenda while the race goes on."""

from __future__ import annotations

from hisoutab.engine.contract import Zone, place_cards
from hisoutab.engine.ledger import zone_ledger

from .context import Context
from .state import State


def check_invariants(ctx: Context, s: State, zones: tuple[Zone, ...]) -> list[str]:
    """Every rule-level invariant of a state; an empty list when all hold."""
    problems: list[str] = []
    names = tuple(p.name for p in s.players)
    if names != ctx.players:
        problems.append(f"players {', '.join(names)}; expected {', '.join(ctx.players)}")
    for p in s.players:
        if not 0 <= p.position <= ctx.goal:
            problems.append(f"{p.name}: position {p.position} outside 0..{ctx.goal}")
        if len(p.hand) > ctx.hand_size:
            problems.append(f"{p.name}: {len(p.hand)} cards in hand, more than {ctx.hand_size}")
    place_cards(zones, s.players, s, zone_ledger(ctx, problems, owners=False)).conserved(ctx.deck)
    if not 0 <= s.first < len(s.players):
        problems.append(f"first racer {s.first} is not a player index")
    if not 0 <= s.round <= ctx.limit:
        problems.append(f"round {s.round} outside 0..{ctx.limit}")
    if s.winner is not None and s.winner != "draw":
        if s.winner not in names:
            problems.append(f"winner {s.winner!r} is not a player")
        elif s.players[names.index(s.winner)].position != ctx.goal:
            problems.append(f"winner {s.winner} is not on the last square")
    if s.winner is None and any(p.position >= ctx.goal for p in s.players):
        problems.append("a racer is on the last square but nobody won")
    if not s.agenda and s.winner is None:
        problems.append("the agenda is empty but the race is not over")
    return problems
