"""§3 Setup (H-SETUP-*)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .common import draw, names, pn, setp
from .context import PLAYERS, Context
from .flow import FLOW
from .spells import draw_spells
from .state import UP, State

HP_START = 20
SPIRIT_SLOTS = 5
OPENING_HAND = 5


@FLOW.auto("setup.hp", phase="setup", clauses=("H-SETUP-1",), next=("setup.spirit",))
def set_hp(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Both players' HP is set to 20."""
    s = replace(s, players=tuple(replace(p, hp=HP_START) for p in s.players))
    return Outcome(s, f"both players' HP set to {HP_START}", then=(("setup.spirit",),))


@FLOW.auto("setup.spirit", phase="setup", clauses=("H-SETUP-2",), next=("setup.markers",))
def gain_spirit(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Each player gains 5 spirit: 5 face-up tokens on the gauge."""
    s = replace(s, players=tuple(replace(p, spirit=(UP,) * SPIRIT_SLOTS) for p in s.players))
    return Outcome(s, f"each player gains {SPIRIT_SLOTS} spirit", then=(("setup.markers",),))


@FLOW.auto("setup.markers", phase="setup", clauses=("H-SETUP-3", "R-3"), next=("setup.pieces",))
def place_markers(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Both timeline markers go on the first timeline cell."""
    t = ctx.start
    s = replace(s, time=t, special_done=t - 1,
                players=tuple(replace(p, marker=t, hit=None) for p in s.players))
    return Outcome(s, f"both timeline markers on cell {t}", then=(("setup.pieces",),))


@FLOW.auto("setup.pieces", phase="setup", clauses=("H-SETUP-4", "R-2"), next=("setup.spells",))
def place_pieces(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The pieces stand on the ground, on cell 2 from each end, facing each other."""
    a, b = s.players
    a = replace(a, x=2, y=0, facing=1)
    b = replace(b, x=ctx.width - 1, y=0, facing=-1)
    s = replace(s, players=(a, b))
    return Outcome(s, f"P1 on (2,0) facing right, P2 on ({ctx.width - 1},0) facing left",
                   events=({"type": "place", "player": "P1", "cell": [2, 0]},
                           {"type": "place", "player": "P2", "cell": [ctx.width - 1, 0]}),
                   then=(("setup.spells",),))


@FLOW.auto("setup.spells", phase="setup", clauses=("H-SETUP-5",), next=("setup.draw",),
           chance=("shuffle",))
def spell_decks(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Each player builds a 10-card spell deck (the character file's spell_deck), shuffled."""
    rng = s.rng
    players = []
    events = []
    for p in s.players:
        deck, rng, e = ctx.chance.shuffle(rng, p.spell_deck, what=f"{p.name}'s spell deck",
                                          player=p.name)
        events.append(e)
        players.append(replace(p, spell_deck=deck))
    s = replace(s, players=tuple(players), rng=rng)
    return Outcome(s, "each player shuffles a spell deck of "
                      f"{len(s.players[0].spell_deck)} and {len(s.players[1].spell_deck)} cards",
                   events=tuple(events), then=(("setup.draw",),))


@FLOW.auto("setup.draw", phase="setup", clauses=("H-SETUP-6",), next=("setup.mulligan",),
           chance=("shuffle", "draw"))
def opening_draw(ctx: Context, s: State, frame: Frame) -> Outcome:
    """Each player shuffles the main deck and draws 5 cards (standing cards are already in hand)."""
    rng = s.rng
    players = []
    events: list[dict[str, Any]] = []
    for p in s.players:
        deck, rng, e = ctx.chance.shuffle(rng, p.deck, what=f"{p.name}'s deck", player=p.name)
        events.append(e)
        players.append(replace(p, deck=deck))
    s = replace(s, players=tuple(players), rng=rng)
    parts, counts = [], []
    for i in (0, 1):
        s, drawn, _ = draw(ctx, s, i, OPENING_HAND, events)
        parts.append(f"{pn(i)} draws {names(ctx, drawn)}")
        counts.append(f"{pn(i)} draws {len(drawn)} cards")
    return Outcome(s, "; ".join(parts), events=tuple(events), then=(("setup.mulligan",),),
                   **hands_hidden(parts, counts))


def hands_hidden(parts: list[str], public: list[str]) -> dict[str, Any]:
    """What each player reads of a step whose sentence has one part per player naming the cards
    that player alone sees: their own part, and the public part of the other."""
    return {"public": "; ".join(public),
            "private": {pn(i): "; ".join(parts[j] if j == i else public[j] for j in (0, 1))
                        for i in (0, 1)}}


def _mulligan_options(ctx: Context, s: State, i: int) -> tuple[Option, ...]:
    hand = [c for c in s.players[i].hand if c not in ctx.standing]
    opts = [Option("keep all", ())]
    seen = set()
    for n in range(1, len(hand) + 1):
        for combo in combinations(hand, n):
            key = tuple(sorted(ctx.cards[c].id for c in combo))
            if key in seen:
                continue
            seen.add(key)
            label = "discard " + ", ".join(ctx.cards[c].id for c in sorted(
                combo, key=lambda c: ctx.cards[c].id))
            opts.append(Option(label, key))
    return tuple(opts)


def _decide_mulligan(ctx: Context, s: State, frame: Frame) -> Decision | None:
    if ctx.options["setup.mulligan"] == "none":
        return None
    return Decision("mulligan", PLAYERS, tuple(_mulligan_options(ctx, s, i) for i in (0, 1)),
                    ("H-SETUP-6", "R-9"), "setup.mulligan",
                    "Discard any number of the opening cards and draw back up to 5")


@FLOW.choice("setup.mulligan", phase="setup", clauses=("H-SETUP-6", "R-9"),
             next=("setup.first_player",), decide=_decide_mulligan, chance=("shuffle", "draw"))
def mulligan(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Both players choose hidden which cards to discard, then draw back up to the same count."""
    if chosen is None:
        return Outcome(s, "no mulligan (setup.mulligan = none)", clauses=("R-9",),
                       then=(("setup.first_player",),))
    parts: list[str] = []
    counts: list[str] = []
    events: list[dict[str, Any]] = []
    chance: list[dict[str, Any]] = []
    for i in (0, 1):
        ids = list(chosen[pn(i)].value)
        p = s.players[i]
        hand = list(p.hand)
        gone = []
        for cid in ids:
            for c in hand:
                if c not in ctx.standing and ctx.cards[c].id == cid:
                    hand.remove(c)
                    gone.append(c)
                    break
        p = replace(p, hand=tuple(hand), discard=p.discard + tuple(gone))
        s = setp(s, i, p)
        s, drawn, _ = draw(ctx, s, i, len(gone), chance)
        if gone:
            parts.append(f"{pn(i)} discards {names(ctx, gone)} and draws {names(ctx, drawn)}")
            counts.append(f"{pn(i)} discards {names(ctx, gone)} and draws {len(drawn)}")
        else:
            parts.append(f"{pn(i)} keeps all")
            counts.append(f"{pn(i)} keeps all")
        events.append({"type": "mulligan", "player": pn(i), "discarded": gone, "drawn": drawn})
    return Outcome(s, "; ".join(parts), events=(*events, *chance), then=(("setup.first_player",),),
                   **hands_hidden(parts, counts))


def _decide_first(ctx: Context, s: State, frame: Frame) -> Decision | None:
    if ctx.options["setup.first_player"] != "choose":
        return None
    return Decision("first player", ("P1",),
                    ((Option("P1 goes first", 0), Option("P2 goes first", 1)),),
                    ("H-SETUP-7", "R-10"), "setup.first_player", "Who goes first?")


@FLOW.choice("setup.first_player", phase="setup", clauses=("H-SETUP-7", "R-10"),
             next=("setup.initiative",), decide=_decide_first, chance=("pick",))
def first_player(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None
                 ) -> Outcome:
    """The players decide who goes first (R-10: P1 chooses, at random, or fixed by the option)."""
    how = ctx.options["setup.first_player"]
    rng = s.rng
    events: tuple[dict[str, Any], ...] = ()
    if chosen is not None:
        first = chosen["P1"].value
        why = "chosen"
    elif how == "random":
        first, rng, e = ctx.chance.pick(rng, PLAYERS, what="the first player")
        events = (e,)
        why = "at random"
    else:
        first = 0 if how == "p1" else 1
        why = f"setup.first_player = {how}"
    s = replace(s, first=first, rng=rng)
    return Outcome(s, f"{pn(first)} goes first ({why})", events=events,
                   then=(("setup.initiative",),))


@FLOW.auto("setup.initiative", phase="setup", clauses=("H-SETUP-7", "H-SPELL-DRAW"),
           next=("timeline.advance",), chance=("draw",))
def take_initiative(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The first player takes the initiative token; the second player draws one spell card."""
    first = s.first if s.first is not None else 0
    s = replace(s, initiative=first)
    chance: list[dict[str, Any]] = []
    s, drawn, _ = draw_spells(ctx, s, 1 - first, 1, chance)
    text = f"{pn(first)} takes the initiative token"
    if drawn:
        text += f"; {pn(1 - first)} reveals {names(ctx, drawn)} into the spell sequence"
    return Outcome(s, text, events=({"type": "initiative", "player": pn(first)},
                                    {"type": "spell_draw", "player": pn(1 - first), "cards": drawn},
                                    *chance),
                   then=(("timeline.advance",),),
                   clauses=("H-SETUP-7", "H-SPELL-DRAW") if drawn else ("H-SETUP-7",))
