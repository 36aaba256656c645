"""Losing Life and the end of the game (RR-WIN-1, A-26), and automatic awakening (A-24)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .common import pn, setp
from .context import Context
from .flow import AFTER_TEXT, FLOW
from .state import State

AWAKEN_AT = 3  # RR-AWK-2: Life 3 or less


def lose_life(ctx: Context, s: State, i: int, n: int, *,
              resolution: bool = False) -> tuple[State, list[tuple[Any, ...]]]:
    """Player ``i`` loses ``n`` Life (never below 0); the frames that must run at once: the end of the
    game when the win is checked now (A-26: at once; or at the end of a damage resolution —
    ``resolution`` — or of the processing), an automatic awakening (A-24)."""
    p = s.players[i]
    life = max(0, p.life - n)
    s = setp(s, i, replace(p, life=life))
    frames: list[tuple[Any, ...]] = []
    if life == 0 < p.life and s.players[1 - i].life == 0:
        # the other Life reached 0 first, its check still waiting (A-26 end_of_processing): the win
        # was made then, and no Life can rise again — the game ends now, that player losing
        frames.append(("game.over", 1 - i))
    elif life == 0 and ctx.options["a26.win_check"] == "immediate":
        frames.append(("game.over",))
    elif life == 0:
        if resolution or not s.stack:
            frames.append(("win.check",))
    elif (life <= AWAKEN_AT and p.far is not None and ctx.options["a24.awakening"] == "automatic"):
        frames.append(("awaken", i, "automatic"))
    return s, frames


def win_frames(ctx: Context, s: State) -> list[tuple[Any, ...]]:
    """A-26 end_of_processing: the win check, when a Life is at 0."""
    if ctx.options["a26.win_check"] != "immediate" and any(p.life == 0 for p in s.players):
        return [("win.check",)]
    return []


@FLOW.auto("win.check", phase="end", clauses=("RR-WIN-1", "A-26"), next=("game.over", *AFTER_TEXT))
def win_check(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """The processing has ended (a26.win_check = end_of_processing): a player at 0 Life loses."""
    if any(p.life == 0 for p in s.players):
        return Outcome(s, "processing has ended with a Life at 0", then=(("game.over",),))
    return Outcome(s, "no Life is at 0", clauses=("A-26",))


@FLOW.auto("game.over", phase="end", clauses=("RR-WIN-1", "A-26"))
def game_over(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """A player whose Life is 0 loses: the opponent wins — the game is won by bringing the
    opponent's Life to 0 (「本ゲームの勝利方法は相手のライフを０にすることです」, L122), and the text
    knows no draw. When a second Life reaches 0 while the first one's check still waits (a26.win_check
    = end_of_processing), the win was made when the first reached 0: that player loses."""
    dead = [i for i in (0, 1) if s.players[i].life == 0]
    loser = frame[1] if len(frame) > 1 else dead[0]
    winner = pn(1 - loser)
    text = f"{pn(loser)}'s Life is 0: {winner} wins"
    clauses: tuple[str, ...] = ("RR-WIN-1",)
    if len(dead) == 2:
        text = (f"both Lives are at 0; {pn(loser)}'s reached 0 first: {winner} wins (the win is "
                "bringing the opponent's Life to 0, L122)")
        clauses += ("A-26",)
    s = replace(s, winner=winner, agenda=())
    return Outcome(s, text, events=({"type": "end", "winner": winner},), clauses=clauses)
