"""One round (TOY-ROUND … TOY-LIMIT): a simultaneous hidden boost choice, then each racer in turn
rolls, moves and draws back up; the end of the race (TOY-GOAL, TOY-LIMIT, TOY-END)."""

from __future__ import annotations

from hisoutab.engine.decision import Decision, Option
from hisoutab.engine.flow import Frame, Outcome
from hisoutab.engine.record import replace

from .cards import SPRINT, boost_of, kind_of
from .context import Context
from .drawing import draw_up
from .flow import FLOW
from .state import Racer, State


def turn_order(s: State) -> list[int]:
    """The racers' indices from the first racer round the table."""
    n = len(s.players)
    return [(s.first + k) % n for k in range(n)]


def index_of(s: State, name: str) -> int:
    return next(i for i, p in enumerate(s.players) if p.name == name)


def with_racer(s: State, i: int, racer: Racer) -> State:
    return replace(s, players=s.players[:i] + (racer,) + s.players[i + 1:])


@FLOW.auto("round.begin", phase="round", clauses=("TOY-ROUND",), next=("round.choose",),
           tags=("turn",))
def begin(ctx: Context, s: State, frame: Frame) -> Outcome:
    """A new round begins."""
    s = replace(s, round=s.round + 1)
    return Outcome(s, f"round {s.round} begins; {s.players[s.first].name} moves first",
                   then=(("round.choose",),))


def boost_options(racer: Racer) -> tuple[Option, ...]:
    """``pass``, ``play KIND`` for each kind of card in the hand (its first copy), and
    ``play sprint`` while the racer's own sprint card is unplayed."""
    options = [Option("pass")]
    seen: set[str] = set()
    for card in racer.hand:
        if kind_of(card) not in seen:
            seen.add(kind_of(card))
            options.append(Option(f"play {kind_of(card)}", card))
    if racer.reserve:
        options.append(Option(f"play {SPRINT}", racer.reserve))
    return tuple(options)


def holds_cards(racer: Racer) -> bool:
    return bool(racer.hand or racer.reserve)


def decide_boost(ctx: Context, s: State, frame: Frame) -> Decision | None:
    """Every racer holding a card decides at once, in secret (one joint decision)."""
    deciding = [p for p in s.players if holds_cards(p)]
    if not deciding:
        return None
    return Decision("boost", tuple(p.name for p in deciding),
                    tuple(boost_options(p) for p in deciding), ("TOY-BOOST",), "round.choose",
                    "Play a boost card face down, or pass")


@FLOW.choice("round.choose", phase="round", clauses=("TOY-BOOST", "TOY-REVEAL"),
             next=(("move", "the first racer moves"),), decide=decide_boost)
def choose_boosts(ctx: Context, s: State, frame: Frame, chosen: dict[str, Option] | None) -> Outcome:
    """Every racer holding cards chooses in secret to play one boost card (or the sprint card) or
    to pass; the choices are revealed together and the played cards lie face up before their
    racers. The round's end is told who played (a list in its frame)."""
    chosen = chosen or {}
    parts, events, played = [], [], []
    for i in turn_order(s):
        racer = s.players[i]
        card = chosen[racer.name].value if racer.name in chosen else None
        if card is None:
            parts.append(f"{racer.name} passes")
            continue
        if card == racer.reserve:
            racer = replace(racer, reserve=None, played=card)
        else:
            hand = list(racer.hand)
            hand.remove(card)
            racer = replace(racer, hand=tuple(hand), played=card)
        s = with_racer(s, i, racer)
        played.append(racer.name)
        parts.append(f"{racer.name} plays {kind_of(card)} (+{boost_of(card)})")
        events.append({"type": "reveal", "player": racer.name, "card": card})
    text = ("nobody holds a card: every racer passes" if not chosen
            else "the choices are revealed: " + "; ".join(parts))
    frames = [("move", s.players[i].name) for i in turn_order(s)] + [("round.end", played)]
    return Outcome(s, text, events=tuple(events), then=frames)


@FLOW.auto("move", phase="race",
           clauses=("TOY-ROLL", "TOY-MOVE", "TOY-DOUBLE", "TOY-DISCARD", "TOY-SPRINT", "TOY-GOAL"),
           next=(("refill", "the racer played a card"), ("move", "the next racer"),
                 ("round.end", "every racer moved"), ("game.over", "the racer reached the goal")),
           chance=("die",))
def move(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The racer rolls the dice and moves their sum plus the played card's boost (one more square
    for two equal faces), stopping on the last square; a played boost card goes to the discard
    pile, a played sprint card is set aside before its owner. Reaching the last square wins at
    once."""
    name = frame[1]
    i = index_of(s, name)
    racer = s.players[i]
    dice, rng, rolled = ctx.chance.rolls(s.rng, ctx.sides, ctx.dice, what=f"{name}'s die",
                                         player=name)
    boost = boost_of(racer.played) if racer.played else 0
    double = len(set(dice)) < len(dice)
    position = min(ctx.goal, racer.position + sum(dice) + boost + double)
    clauses = ["TOY-ROLL", "TOY-MOVE"]
    text = f"{name} rolls {' + '.join(map(str, dice))}"
    if double:
        text += " (a double: +1)"
        clauses.append("TOY-DOUBLE")
    discard, spent = s.discard, racer.spent
    if racer.played:
        text += f" + {boost} ({kind_of(racer.played)})"
        if kind_of(racer.played) == SPRINT:
            spent = spent + (racer.played,)
            clauses.append("TOY-SPRINT")
        else:
            discard = discard + (racer.played,)
            clauses.append("TOY-DISCARD")
    text += f": square {racer.position} → {position}"
    s = replace(with_racer(s, i, replace(racer, position=position, played=None, spent=spent)),
                discard=discard, rng=rng)
    events = (*rolled, {"type": "move", "player": name, "from": racer.position, "to": position})
    if position >= ctx.goal:
        clauses.append("TOY-GOAL")
        s = replace(s, winner=name)
        return Outcome(s, text + f", the last square: {name} wins", events=events,
                       then=(("game.over",),), clauses=tuple(clauses))
    then = (("refill", name),) if len(racer.hand) < ctx.hand_size else ()
    return Outcome(s, text, events=events, then=then, clauses=tuple(clauses))


@FLOW.auto("refill", phase="race", clauses=("TOY-DRAW", "TOY-RESHUFFLE"),
           next=(("move", "the next racer"), ("round.end", "every racer moved")),
           chance=("shuffle", "draw"))
def refill(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The racer draws back up to a full hand; when the deck is empty, the discard pile is shuffled
    into a new deck first."""
    name = frame[1]
    drawn = draw_up(ctx, s, index_of(s, name))
    n = len(drawn.cards)
    text = f"{name} draws {n} card{'s' if n != 1 else ''}"
    clauses: tuple[str, ...] = ("TOY-DRAW",)
    if drawn.reshuffled:
        text = "the deck is empty: the discard pile is shuffled into a new deck; " + text
        clauses += ("TOY-RESHUFFLE",)
    events = (*drawn.events, {"type": "draw", "player": name, "count": n})
    return Outcome(drawn.state, text, events=events, clauses=clauses)


@FLOW.auto("round.end", phase="round", clauses=("TOY-ROUND", "TOY-ROTATE", "TOY-LIMIT"),
           next=(("round.begin", "the next round"), ("game.over", "the last round is over")))
def end_round(ctx: Context, s: State, frame: Frame) -> Outcome:
    """After the last round nobody won: a draw. Otherwise the first-racer token passes to the next
    racer (round.rotate) and the next round begins. Its frame lists who played a card this round
    (the event ``round_end`` tells it)."""
    ended = {"type": "round_end", "round": s.round, "played": list(frame[1])}
    out = _next_round(ctx, s)
    return Outcome(out.state, out.text, events=(ended,), then=out.then, clauses=out.clauses)


def _next_round(ctx: Context, s: State) -> Outcome:
    if s.round >= ctx.limit:
        return Outcome(replace(s, winner="draw"), f"round {s.round} was the last: nobody won",
                       then=(("game.over",),), clauses=("TOY-LIMIT",))
    if not ctx.rotate:
        return Outcome(s, f"round {s.round} ends", then=(("round.begin",),), clauses=("TOY-ROUND",))
    first = (s.first + 1) % len(s.players)
    return Outcome(replace(s, first=first),
                   f"round {s.round} ends; the first-racer token passes to {s.players[first].name}",
                   then=(("round.begin",),), clauses=("TOY-ROUND", "TOY-ROTATE"))


@FLOW.auto("game.over", phase="end", clauses=("TOY-END", "TOY-GOAL", "TOY-LIMIT"))
def game_over(ctx: Context, s: State, frame: Frame) -> Outcome:
    """The race is over: whatever was still to come is dropped."""
    cleared = replace(s, agenda=(frame,))  # this step edits the agenda: only its own frame is left
    if s.winner == "draw":
        return Outcome(cleared, f"the race ends in a draw after round {s.round}",
                       clauses=("TOY-END", "TOY-LIMIT"))
    return Outcome(cleared, f"{s.winner} wins the race in round {s.round}",
                   clauses=("TOY-END", "TOY-GOAL"))
