"""Touhou Recast Rift as a ruleset on the engine: the zones, the state before setup, the result."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hisoutab.engine.contract import Capabilities, Result, RulesetBase, Zone
from hisoutab.engine.options import Options
from hisoutab.engine.record import replace
from hisoutab.engine.rng import seed_state

from . import (  # noqa: F401  (the modules declare the steps)
    awakening,
    casting,
    damage,
    deploy,
    effects,
    ending,
    evaluation,
    main,
    preempt,
    recovery,
    texts,
    turn,
)
from . import setup as setup_steps  # noqa: F401
from .clauses import CLAUSES, READINGS
from .context import PLAYERS, Context
from .decks import RiftSetup
from .flow import FLOW
from .invariants import check_invariants
from .options import OPTIONS
from .state import Player, State

#: every place a card (or the Life) can be
ZONES = (
    Zone("deck", ordered=True, visibility="hidden", label="deck", doc="the deck (山札), top first"),
    Zone("hand", visibility="owner", label="hand", doc="the hand (手札); its size is public (A-4)"),
    Zone("face_down", visibility="owner", label="face-down pile", doc="the face-down pile (伏せ札)"),
    Zone("reserve", label="reserve pile", doc="the reserve pile (控え札), face up"),
    Zone("recast_3", ordered=True, label="recast [III]", doc="recast zone [III], nearest the player"),
    Zone("recast_2", ordered=True, label="recast [II]", doc="recast zone [II]"),
    Zone("recast_1", ordered=True, label="recast [I]", doc="recast zone [I]"),
    Zone("recast_0", ordered=True, label="recast [0]", doc="recast zone [0]: cards being recovered"),
    Zone("far", kind="card", visibility="owner", label="far spot",
         doc="the awakenable life area: the chosen awakening card, face down"),
    Zone("near", kind="card", visibility="owner", label="near spot",
         doc="the non-awakenable life area: the other awakening card, face down"),
    Zone("awakened", kind="card", label="awakened", doc="the far awakening card, turned face up"),
    Zone("pool", visibility="owner", label="fighters' cards", doc="cards not yet placed (deck building)"),
    Zone("unused", visibility="owner", label="left out", doc="spell cards left out of the deck"),
    Zone("cast", label="cast zone", doc="the player's cards in the cast zone (キャストゾーン); the stack "
                                        "orders them (A-5)"),
    Zone("life", kind="counter", label="Life", doc="the Life, marked by the life stone"),
)


class RecastRift(RulesetBase):
    """Touhou Recast Rift (clause IDs ``RR-…``, ambiguities ``A-1`` … ``A-30``)."""

    id = "recast-rift"
    title = "Touhou Recast Rift (東方リキャストリフト), the official 'How to play' (遊び方) rules"
    flow = FLOW
    options = OPTIONS
    clauses = CLAUSES
    readings = READINGS
    state_type = State
    zones = ZONES
    setup_schema = RiftSetup
    capabilities = Capabilities(min_players=2, max_players=2, simultaneous=True, chance=True,
                                hidden_information=True)
    reference = Path(__file__).resolve().parent.parent / "reference.md"
    presentation = "hisoutab.games.recast_rift.presentation:PRESENTATION"
    time_axis = "turn"  # the game's clock: the turn number (traces show it as the time)
    length_figures = ("turns",)
    notable_events = frozenset({"attack", "guard", "awaken", "awakening_card", "deploy_failed",
                                "reveal", "lift", "end", "damage", "preempt"})

    def card_pool(self, ctx: Context) -> tuple[str, ...]:
        """Every card instance of the game: the context's cards."""
        return tuple(ctx.cards)

    def context(self, options: Options, setup: Any) -> Context:
        checked = self.validate_setup(setup)
        assert isinstance(checked, RiftSetup)
        return Context(options, checked)

    def initial_state(self, ctx: Context, seed: int) -> State:
        """Before setup: each player's two fighters' 16 cards not yet placed."""
        players = tuple(Player(name=PLAYERS[i], fighters=(a.id, b.id), pool=ctx.pools[i])
                        for i, (a, b) in enumerate(ctx.fighters))
        return State(players=(players[0], players[1]), agenda=(("setup.fighters",),),
                     rng=seed_state(seed))

    def turn_info(self, s: State) -> tuple[int, str]:
        """(the turn number, the turn player; "-" during setup)."""
        return (s.turn, PLAYERS[s.active]) if s.turn else (0, "-")

    def characters(self, ctx: Context) -> Mapping[str, tuple[str, ...]]:
        """Each player's two fighters (RR-SETUP-1), by id."""
        return {PLAYERS[i]: tuple(f.id for f in pair) for i, pair in enumerate(ctx.fighters)}

    def chance_outcomes(self, ctx: Context, s: State, kind: str,
                        player: str | None) -> tuple[str, ...] | None:
        """A draw or a shuffle takes a card of the deck; before the setup shuffles it, of the pool
        it is built from (RR-SETUP-6). The pick is generic (the players)."""
        if kind not in ("draw", "shuffle"):
            return None
        cards = [c for p in s.players if player in (None, p.name) for c in (p.deck or p.pool)]
        return tuple(cards) or None

    def evaluate(self, ctx: Context, s: State, player: str) -> float:
        """How good ``s`` is for ``player`` (the balance lab's agents read it): evaluation.py."""
        return evaluation.evaluate(ctx, s, player)

    def may_hold(self, ctx: Context, zone: str, card: str) -> bool:
        """Where a card may lie unseen (for a player's sampled worlds): an awakening card only in the
        far or near spot (or the pool before they are placed, RR-SETUP-4), a spell card anywhere
        else."""
        if zone == "pool":
            return True
        return bool(ctx.cards[card].awakening) == (zone in ("far", "near"))

    def end_check(self, ctx: Context, s: State) -> State:
        """A Life at 0 (an edit, outside any processing): the next step is the end of the game
        (RR-WIN-1)."""
        if (s.agenda and s.winner is None and s.agenda[-1][:1] != ("game.over",)
                and any(p.life == 0 for p in s.players)):
            return replace(s, agenda=(*s.agenda, ("game.over",)))
        return s

    def result(self, s: State) -> Result:
        figures = {"turns": s.turn, "life": {p.name: p.life for p in s.players}}
        if s.winner is None:
            return Result("unfinished", figures=figures)
        return Result("win", winner=s.winner, figures=figures)

    def invariants(self, ctx: Context, s: State) -> list[str]:
        return check_invariants(ctx, s, self.zones)

    def view(self, ctx: Any, state: Any, player: str | None) -> Any:
        """The state as ``player`` sees it; with a4.hand_size = hidden the opponent's hand shows as
        empty (its size is not public)."""
        seen = super().view(ctx, state, player)
        if player is None or ctx.options["a4.hand_size"] == "public":
            return seen
        players = tuple(p if p.name == player else replace(p, hand=()) for p in seen.players)
        return replace(seen, players=players)


RULESET = RecastRift()
