"""What every toy state keeps: each card in exactly one zone (a sprint card only in its owner's
zones), tokens on the track, hands no larger than the hand size, a winner who stands on the last
square, an agenda while the race goes on."""

from __future__ import annotations

from hisoutab.engine.contract import RulesetBase

from .context import Context
from .state import State


def check_invariants(ctx: Context, s: State, ruleset: RulesetBase) -> list[str]:
    """Every rule-level invariant of a state; an empty list when all hold. The card ledger
    (``ruleset.card_problems``) finds a card in two places or lost, and a sprint card in another
    racer's zones; the shared deck's cards belong to nobody and may be in any racer's hand."""
    problems: list[str] = []
    names = tuple(p.name for p in s.players)
    if names != ctx.players:
        problems.append(f"players {', '.join(names)}; expected {', '.join(ctx.players)}")
    for p in s.players:
        if not 0 <= p.position <= ctx.goal:
            problems.append(f"{p.name}: position {p.position} outside 0..{ctx.goal}")
        if len(p.hand) > ctx.hand_size:
            problems.append(f"{p.name}: {len(p.hand)} cards in hand, more than {ctx.hand_size}")
        if p.reserve is not None and p.spent:
            problems.append(f"{p.name}: the sprint card is both kept and set aside")
    problems += ruleset.card_problems(ctx, s)
    if not 0 <= s.first < len(s.players):
        problems.append(f"first racer {s.first} is not a player index")
    if not 0 <= s.round <= ctx.limit:
        problems.append(f"round {s.round} outside 0..{ctx.limit}")
    problems += _end_problems(ctx, s, names)
    return problems


def _end_problems(ctx: Context, s: State, names: tuple[str, ...]) -> list[str]:
    """A winner stands on the last square; a racer there has won; a race going on has an agenda."""
    problems: list[str] = []
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
