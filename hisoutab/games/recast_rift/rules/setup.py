"""§2 Setup (RR-SETUP-1 … RR-SETUP-6): fighters shown, the deck built (9 of the 14 spells), the
awakening card chosen secretly, the deck shuffled, and the first player."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Outcome
from hisoutab.engine.record import replace

from .common import pn, setp, short, without
from .context import PLAYERS, Context
from .decks import DECK_SPELLS
from .flow import FLOW
from .state import State

LEAVE_OUT = 5  # 14 spells of two fighters, 9 in the deck (RR-SETUP-3)


@FLOW.auto("setup.fighters", phase="setup",
           clauses=("RR-SETUP-1", "RR-COMP-1", "RR-COMP-2", "RR-COMP-2.1", "RR-COMP-3", "RR-COMP-3.1",
                    "RR-COMP-4"),
           next=("setup.build",))
def show_fighters(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Each player shows the opponent the two fighters they chose (any combination). A fighter brings
    8 cards: 1 awakening card (「覚醒」 at its upper left) and 7 spell cards (a rounded top)."""
    parts = []
    for i, (a, b) in enumerate(ctx.fighters):
        parts.append(f"{pn(i)} shows {a.name} and {b.name}")
    events = tuple({"type": "fighters", "player": pn(i), "fighters": [f.id for f in pair]}
                   for i, pair in enumerate(ctx.fighters))
    return Outcome(s, "; ".join(parts) + " (8 cards each: 1 awakening card, 7 spell cards)",
                   events=events, then=(("setup.build", 0),))


def _builders(ctx: Context) -> tuple[int, ...]:
    return tuple(i for i in (0, 1) if ctx.fixed[i] is None)


def _decide_build(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision | None:
    who = _builders(ctx)
    if not who:
        return None
    opts = tuple(tuple(Option(f"leave out {short(c)}", c) for c in s.players[i].pool
                       if not ctx.cards[c].awakening) for i in who)
    return Decision("deck", tuple(pn(i) for i in who), opts, ("RR-SETUP-3",), "setup.build",
                    f"Deck building: leave out a spell card ({frame[1] + 1} of {LEAVE_OUT}); the "
                    f"deck keeps {DECK_SPELLS}")


@FLOW.choice("setup.build", phase="setup", clauses=("RR-SETUP-2", "RR-SETUP-3"),
             next=(("setup.build", "another card to leave out"), ("setup.awakening", "built")),
             decide=_decide_build)
def build_deck(ctx: Context, s: State, frame: tuple[Any, ...], chosen: dict[str, Option] | None) -> Outcome:
    """Deck building: of the two fighters' 14 spell cards each player keeps 9, hidden from the
    opponent (who learns them only in battle). A deck given by the setup is built at once; otherwise
    the players leave out one card at a time, both choosing hidden, five times."""
    k = frame[1]
    parts = []
    if k == 0:
        for i in (0, 1):
            fixed = ctx.fixed[i]
            if fixed is None:
                continue
            p = s.players[i]
            out = tuple(c for c in p.pool if not ctx.cards[c].awakening and c not in fixed)
            s = setp(s, i, replace(p, pool=tuple(c for c in p.pool if c not in out), unused=out))
            parts.append(f"{pn(i)} builds the deck {ctx.decks[i].name}")
    for name, opt in (chosen or {}).items():
        i = PLAYERS.index(name)
        p = s.players[i]
        s = setp(s, i, replace(p, pool=without(p.pool, opt.value), unused=p.unused + (opt.value,)))
        parts.append(f"{name} leaves out a spell card")
    more = bool(_builders(ctx)) and k + 1 < LEAVE_OUT
    nxt = ("setup.build", k + 1) if more else ("setup.awakening",)
    return Outcome(s, "; ".join(parts) or "the decks are built", then=(nxt,),
                   clauses=("RR-SETUP-2", "RR-SETUP-3"))


def _decide_awakening(ctx: Context, s: State, frame: tuple[Any, ...]) -> Decision:
    opts = tuple(tuple(Option(f"secretly choose {short(c)}", c) for c in s.players[i].pool
                       if ctx.cards[c].awakening) for i in (0, 1))
    return Decision("awakening", PLAYERS, opts, ("RR-SETUP-4", "RR-COMP-2.2"), "setup.awakening",
                    "Secretly choose the awakening card (named after a song): the far, awakenable "
                    "life area")


@FLOW.choice("setup.awakening", phase="setup",
             clauses=("RR-SETUP-4", "RR-SETUP-5", "RR-ZONE-2", "RR-COMP-2.2", "RR-COMP-2.3",
                      "RR-COMP-5", "A-3"),
             next=("setup.deck",), decide=_decide_awakening)
def choose_awakening(ctx: Context, s: State, frame: tuple[Any, ...],
                     chosen: dict[str, Option] | None) -> Outcome:
    """Both players secretly choose one of their two awakening cards (each named after a song). The
    chosen card goes face down in the far spot, the awakenable life area; the other face down in the
    near spot, the non-awakenable life area. The chosen fighter is the player's controlled
    character. The cards' backs serve as the Life, marked by one life stone: Life starts at
    a3.start_life."""
    assert chosen is not None
    for i in (0, 1):
        p = s.players[i]
        far = chosen[pn(i)].value
        near = next(c for c in p.pool if ctx.cards[c].awakening and c != far)
        s = setp(s, i, replace(p, far=far, near=near, life=ctx.start_life,
                               pool=tuple(c for c in p.pool if c not in (far, near))))
    return Outcome(s, f"both players place their awakening cards face down (far: awakenable, near: "
                      f"not); Life {ctx.start_life} each",
                   events=tuple({"type": "awakening_card", "player": pn(i), "hidden": True}
                                for i in (0, 1)), then=(("setup.deck",),))


@FLOW.auto("setup.deck", phase="setup", clauses=("RR-SETUP-6", "RR-ZONE-3", "RR-ZONE-1"),
           next=("setup.first",), chance=("shuffle",))
def shuffle_decks(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """Shuffle each player's nine spell cards well to form the deck: 9 cards at game start. Every
    card now has its place (deck, awakening spots, or left out)."""
    events = []
    for i in (0, 1):
        p = s.players[i]
        deck, rng, e = ctx.chance.shuffle(s.rng, p.pool, what=f"{pn(i)}'s deck", player=pn(i))
        s = replace(setp(s, i, replace(p, deck=deck, pool=())), rng=rng)
        events.append(e)
    return Outcome(s, f"both decks shuffled: {len(s.players[0].deck)} and {len(s.players[1].deck)} "
                      "spell cards", events=tuple(events), then=(("setup.first",),))


@FLOW.auto("setup.first", phase="setup", clauses=("RR-TURN-1", "A-6"), next=("turn.begin",),
           chance=("pick",))
def first_player(ctx: Context, s: State, frame: tuple[Any, ...]) -> Outcome:
    """The first player is chosen by a fair method: at random (a6.first_player), or as the option
    fixes it. The players then take turns alternately. Both hands start empty."""
    how = ctx.options["a6.first_player"]
    events: tuple[dict[str, Any], ...] = ()
    rng = s.rng
    if how == "random":
        first, rng, e = ctx.chance.pick(rng, PLAYERS, what="the first player")
        events = (e,)
        why = "at random"
    else:
        first = PLAYERS.index(how)
        why = f"a6.first_player = {how}"
    s = replace(s, first=first, active=first, rng=rng)
    return Outcome(s, f"{pn(first)} takes the first turn ({why})", events=events,
                   then=(("turn.begin",),))
