"""Conditions on what a player can see (``vocabulary.CONDITIONS``): Life, hand size, zone contents,
awakened, whose turn, whether the last «Attack» HIT — for the player or their opponent; and all of,
any of, or not, several of them (``vocabulary.COMBINATORS``). An ability's ``condition:`` is checked
when it starts (RR-COMP-3.8), an ``if:`` step when it is reached."""

from __future__ import annotations

from collections.abc import Callable

from .cards import Condition
from .common import deployed
from .context import Context
from .extensions import TESTS
from .state import State

Test = Callable[[Context, State, int, int], bool]

BUILT_IN: dict[str, Test] = {
    "hand_empty": lambda ctx, s, i, n: not s.players[i].hand,
    "awakened": lambda ctx, s, i, n: s.players[i].awakened is not None,
    "not_awakened": lambda ctx, s, i, n: s.players[i].awakened is None,
    "your_turn": lambda ctx, s, i, n: s.active == i,
    "opponent_turn": lambda ctx, s, i, n: s.active != i,
    "attack_hit": lambda ctx, s, i, n: s.last_attack == "hit",
    "attack_not_hit": lambda ctx, s, i, n: s.last_attack in ("guard", "graze", "none"),
    "life_at_most": lambda ctx, s, i, n: s.players[i].life <= n,
    "life_at_least": lambda ctx, s, i, n: s.players[i].life >= n,
    "hand_at_most": lambda ctx, s, i, n: len(s.players[i].hand) <= n,
    "hand_at_least": lambda ctx, s, i, n: len(s.players[i].hand) >= n,
    "deck_at_most": lambda ctx, s, i, n: len(s.players[i].deck) <= n,
    "face_down_at_least": lambda ctx, s, i, n: len(s.players[i].face_down) >= n,
    "reserve_at_least": lambda ctx, s, i, n: len(s.players[i].reserve) >= n,
    "deployed_at_least": lambda ctx, s, i, n: sum(1 for _ in deployed(ctx, s.players[i])) >= n,
}


def holds(ctx: Context, s: State, i: int, cond: Condition | None) -> bool:
    """``cond`` holds now for the card of player ``i`` (``of: opponent``: asked of ``1 - i``)."""
    if cond is None:
        return True
    if cond.parts:
        found = (holds(ctx, s, i, c) for c in cond.parts)
        return any(found) if cond.name == "any_of" else (not next(found)) if cond.name == "not" \
            else all(found)
    who = i if cond.of == "you" else 1 - i
    test = BUILT_IN.get(cond.name) or TESTS[cond.name]
    return bool(test(ctx, s, who, cond.n))


def words(cond: Condition) -> str:
    """The condition in words, as a card prints it."""
    from .vocabulary import CONDITIONS

    if cond.parts:
        if cond.name == "not":
            return f"not ({words(cond.parts[0])})"
        return (" and " if cond.name == "all_of" else " or ").join(words(c) for c in cond.parts)
    text = CONDITIONS.get(cond.name, cond.name.replace("_", " ")).replace(" N ", f" {cond.n} ")
    text = text.replace(" 1 cards", " 1 card").replace("have 1 deployed cards", "have 1 deployed card")
    if cond.of == "opponent":
        text = (text.replace("your awakening", "your opponent's awakening")
                .replace("your ", "your opponent's ", 1).replace("you have", "your opponent has")
                .replace("it is your turn", "it is your opponent's turn") if cond.name != "opponent_turn"
                else "it is your turn")
    return text
