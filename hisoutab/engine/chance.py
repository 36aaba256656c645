"""Chance events: shuffles, draws, dice and coin flips, drawn from the state's generator unless forced.

A step that may draw chance declares it (``FLOW.auto(..., chance=("shuffle",))``) and draws through
the game's :class:`Chance` (``ctx.chance``). Each draw returns the outcome, the generator's new
state and an event (``{"type": "chance", ...}``) that the step records among its events: the log
shows what chance decided and whether it was forced.

An outcome is *forced* by a scenario (a ``chance:`` list), the workbench or the API
(``game.chance.force("die", 5)``). A forced outcome is taken by the next draw that matches it: of
its kind; made for its ``player`` (when it names one — a draw made for another player, or for
nobody, never takes it); whose ``what`` (the draw's description, ``"P1's die"``) equals its ``what``
(when it names one); and, with ``nth``, only the n-th such draw from the moment it was forced
(``nth=3``: the third die of a roll — the first two stay random). A forced outcome naming neither
``player`` nor ``what`` is taken by any draw of its kind. ``source`` (``"scenarios/x.yaml:12"``) is
named in every message about it. A forced draw still advances the generator exactly as an unforced
one, so forcing one outcome changes nothing else; with nothing forced, the same seed gives the same
history as ever.

Kinds: ``shuffle`` (an order), ``draw`` (the next card drawn from a pile: moved to the top before
the draw; or one item of an unordered bag, :meth:`Chance.draw_any`), ``die`` (a face 1..sides),
``pick`` (one of a few labelled outcomes: a coin, the first player). The kinds a ruleset draws are
those its steps declare (:func:`kinds_declared`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import InputError
from .rng import randbelow, shuffle

T = TypeVar("T")
KINDS = ("shuffle", "draw", "die", "pick")


@dataclass(frozen=True)
class Forced:
    """One forced outcome: ``kind``, the value, and optionally whose draw (``player``), which
    draw (``what``: the draw's description), the n-th matching draw (``nth``, 1 = the next) and
    where it was asked for (``source``: a file and line, named in every message about it)."""

    kind: str
    value: Any
    player: str | None = None
    what: str | None = None
    nth: int | None = None
    source: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InputError(f"unknown chance kind {self.kind!r}; expected one of {', '.join(KINDS)}",
                             file=self.source, field="chance")
        if self.nth is not None and (isinstance(self.nth, bool) or not isinstance(self.nth, int)
                                     or self.nth < 1):
            raise InputError(f"nth {self.nth!r}: expected a whole number ≥ 1 (1 = the next draw)",
                             file=self.source, field="chance.nth")

    def matches(self, kind: str, player: str | None, what: str | None) -> bool:
        """Whether a draw of ``kind`` made for ``player`` and described as ``what`` may take it."""
        return (self.kind == kind and (self.player is None or self.player == player)
                and (self.what is None or self.what == what))

    def describe(self) -> str:
        who = f" ({self.player})" if self.player else ""
        which = f" for {self.what!r}" if self.what else ""
        nth = f" (draw {self.nth})" if self.nth else ""
        return f"{self.kind}{who}{which}{nth} = {self.value!r}"

    def error(self, message: str, field: str) -> InputError:
        """``message`` about this forced outcome, located at its source."""
        return InputError(f"forced {self.describe()}: {message}", file=self.source, field=field)


def _event(kind: str, what: str, outcome: Any, forced: bool, player: str | None) -> dict[str, Any]:
    e: dict[str, Any] = {"type": "chance", "kind": kind, "what": what, "outcome": outcome,
                         "forced": forced}
    if player is not None:
        e["player"] = player
    return e


class Chance:
    """The chance source of one game: a queue of forced outcomes over the state's generator."""

    __slots__ = ("forced", "seen", "used")

    def __init__(self) -> None:
        self.forced: list[Forced] = []
        self.used: list[Forced] = []
        self.seen: dict[int, int] = {}  # id of a forced outcome with nth → matching draws so far

    def force(self, kind: str, value: Any, *, player: str | None = None, what: str | None = None,
              nth: int | None = None, source: str | None = None) -> Forced:
        """Queue an outcome for a coming draw of ``kind`` (see the module's text for which draw
        takes it)."""
        if kind == "die" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise InputError(f"a die shows a face ≥ 1, got {value!r}", file=source, field="chance.die")
        f = Forced(kind, value, player, what, nth, source)
        self.forced.append(f)
        return f

    @staticmethod
    def kinds_declared(flow: Any) -> tuple[str, ...]:
        """The chance kinds the steps of ``flow`` declare (see :func:`kinds_declared`)."""
        return kinds_declared(flow)

    def clear(self) -> None:
        self.forced.clear()
        self.seen.clear()

    def _use(self, k: int) -> Forced:
        f = self.forced.pop(k)
        self.seen.pop(id(f), None)
        self.used.append(f)
        return f

    def _take(self, kind: str, player: str | None, what: str | None = None,
              fits: Any = None) -> Forced | None:
        """The forced outcome this draw takes, if any. Every matching forced outcome with ``nth``
        counts the draw; the first that is due (and ``fits``, when given) is taken."""
        if not self.forced:
            return None
        taken = None
        for k, f in enumerate(self.forced):
            if not f.matches(kind, player, what):
                continue
            if f.nth is not None and f.nth > 1 and self.seen.get(id(f), 0) + 1 < f.nth:
                self.seen[id(f)] = self.seen.get(id(f), 0) + 1
                continue
            if taken is None and (fits is None or fits(f)):
                taken = k
        return None if taken is None else self._use(taken)

    # ----------------------------------------------------------------- draws
    def shuffle(self, rng: int, items: Sequence[T], *, what: str,
                player: str | None = None) -> tuple[tuple[T, ...], int, dict[str, Any]]:
        """``items`` shuffled. A forced ``shuffle`` gives the order (a list of the items, or a prefix
        of them: the rest follow in the shuffled order); one naming an item that is not among
        ``items`` waits for another shuffle (as a forced draw waits for its pile)."""
        out, rng = shuffle(rng, items)
        f = self._take("shuffle", player, what, fits=lambda f: _orderable(items, f.value))
        if f is not None:
            out = _ordered(out, f, what)
        return out, rng, _event("shuffle", what, len(out), f is not None, player)

    def roll(self, rng: int, sides: int, *, what: str,
             player: str | None = None) -> tuple[int, int, dict[str, Any]]:
        """A die of ``sides`` faces: 1..sides."""
        value, rng = randbelow(rng, sides)
        value += 1
        f = self._take("die", player, what)
        if f is not None:
            if not 1 <= f.value <= sides:
                raise f.error(f"cannot show on a {sides}-sided die ({what})", "chance.die")
            value = f.value
        return value, rng, _event("die", what, value, f is not None, player)

    def rolls(self, rng: int, sides: int, count: int, *, what: str,
              player: str | None = None) -> tuple[tuple[int, ...], int, list[dict[str, Any]]]:
        """``count`` dice of ``sides`` faces rolled together, each its own draw (``what`` for each):
        a forced die with ``nth=3`` sets the third."""
        values, events = [], []
        for _ in range(count):
            value, rng, event = self.roll(rng, sides, what=what, player=player)
            values.append(value)
            events.append(event)
        return tuple(values), rng, events

    def pick(self, rng: int, labels: Sequence[str], *, what: str,
             player: str | None = None) -> tuple[int, int, dict[str, Any]]:
        """One of ``labels`` uniformly: its index."""
        index, rng = randbelow(rng, len(labels))
        f = self._take("pick", player, what)
        if f is not None:
            if f.value not in labels:
                raise f.error(f"{f.value!r} is not one of {', '.join(labels)} ({what})",
                              "chance.pick")
            index = list(labels).index(f.value)
        return index, rng, _event("pick", what, labels[index], f is not None, player)

    def draw_any(self, rng: int, items: Sequence[T], *, what: str,
                 player: str | None = None) -> tuple[int, int, dict[str, Any]]:
        """One item of an unordered collection (a bag), uniformly at random: its index. A forced
        ``draw`` naming an item of ``items`` (as :meth:`top` names a card) takes that item; one
        naming an item that is not there waits for another draw."""
        if not items:
            raise ValueError(f"draw_any from an empty collection ({what})")
        index, rng = randbelow(rng, len(items))
        f = self._take("draw", player, what,
                       fits=lambda f: any(_same_item(x, f.value) for x in items))
        if f is not None:
            index = next(k for k, x in enumerate(items) if _same_item(x, f.value))
        return index, rng, _event("draw", what, items[index], f is not None, player)

    def top(self, pile: tuple[str, ...], *, what: str,
            player: str | None = None) -> tuple[tuple[str, ...], dict[str, Any] | None]:
        """Before a draw from ``pile`` (top first): the first forced ``draw`` (of ``player``, when
        it names one) whose card is in the pile moves that card to the top. A card is named by its
        instance (``P1/jab#2``), its copy (``jab#2``) or its id (``jab``: the first copy in the
        pile). A forced draw whose card is not in this pile waits for another draw."""
        if not self.forced:
            return pile, None
        f = self._take("draw", player, what,
                       fits=lambda f: any(_same_card(card, f.value) for card in pile))
        if f is None:
            return pile, None
        j = next(j for j, card in enumerate(pile) if _same_card(card, f.value))
        card = pile[j]
        return (card,) + pile[:j] + pile[j + 1:], _event("draw", what, card, True, player)


def kinds_declared(flow: Any) -> tuple[str, ...]:
    """The chance kinds the steps of ``flow`` declare (in the order of :data:`KINDS`): what a tool
    may offer to force."""
    declared = {k for sd in flow.steps.values() for k in sd.chance}
    return tuple(k for k in KINDS if k in declared)


def _same_item(item: Any, value: Any) -> bool:
    return bool(item == value or (isinstance(item, str) and _same_card(item, value)))


def _same_card(card: str, value: Any) -> bool:
    short = card.split("/", 1)[-1]
    return bool(card == value or short == value or short.split("#", 1)[0] == value)


def _orderable(items: Sequence[Any], order: Any) -> bool:
    """Whether a forced shuffle's ``order`` names only items of ``items`` (not a list: True, so that
    the shuffle taking it says what is wrong)."""
    if not isinstance(order, (list, tuple)):
        return True
    return all(any(_same_item(x, want) for x in items) for want in order)


def _ordered(shuffled: tuple[T, ...], f: Forced, what: str) -> tuple[T, ...]:
    order = f.value
    if not isinstance(order, (list, tuple)):
        raise f.error("a forced shuffle is a list of the items in order", "chance.shuffle")
    rest = list(shuffled)
    head: list[T] = []
    for want in order:
        for k, item in enumerate(rest):
            if item == want or (isinstance(item, str) and _same_card(item, want)):
                head.append(rest.pop(k))
                break
        else:
            raise f.error(f"{want!r} is not among the items of {what}", "chance.shuffle")
    return tuple(head + rest)


# ----------------------------------------------------------------- legal outcomes
def outcomes(ruleset: Any, ctx: Any, state: Any, kind: str,
             player: str | None = None) -> tuple[Any, ...]:
    """The outcomes a draw of ``kind`` (made for ``player``, None: anyone's) may take in ``state``:
    what a tool offers to force. The ruleset's hook ``chance_outcomes(ctx, state, kind, player)``
    answers when it has one and returns a tuple; else (or when it returns None) the generic
    default of :func:`default_outcomes`. A kind the ruleset's steps do not declare has none."""
    if kind not in kinds_declared(ruleset.flow):
        return ()
    hook = getattr(ruleset, "chance_outcomes", None)
    found = hook(ctx, state, kind, player) if hook is not None else None
    return tuple(found) if found is not None else default_outcomes(ruleset, ctx, state, kind, player)


def default_outcomes(ruleset: Any, ctx: Any, state: Any, kind: str,
                     player: str | None = None) -> tuple[Any, ...]:
    """The generic legal outcomes, from the declarations: a ``draw`` or ``shuffle`` (the card put
    first) — the cards of the piles a draw takes from (the hidden card zones: decks, bags) of
    ``player`` and the shared ones, or, before the setup has built any, the cards of the game
    (``card_pool``) that are ``player``'s or nobody's; a ``die`` — its faces (``die_faces(ctx)``,
    declared by the ruleset; six without it); a ``pick`` — the players of the game."""
    if kind == "die":
        faces = getattr(ruleset, "die_faces", None)
        return tuple(faces(ctx)) if faces is not None else tuple(range(1, 7))
    if kind == "pick":
        return tuple(ruleset.player_names(ctx))
    cards: list[str] = []
    records = {r.name: r for r in _records(ruleset, state)}
    for zone in getattr(ruleset, "zones", ()):
        if zone.kind != "cards" or zone.visibility != "hidden":
            continue
        if zone.owner == "shared":
            cards += getattr(state, zone.attr, ()) or ()
        else:
            for name, record in records.items():
                if player is None or name == player:
                    cards += getattr(record, zone.attr, ()) or ()
    if not cards:
        names = tuple(records)
        pool = getattr(ruleset, "card_pool", None)
        for card in pool(ctx) if pool is not None else ():
            owner = ruleset.card_owner(card, names) if hasattr(ruleset, "card_owner") else None
            if player is None or owner in (None, player):
                cards.append(card)
    return tuple(dict.fromkeys(cards))


def _records(ruleset: Any, state: Any) -> tuple[Any, ...]:
    reader = getattr(ruleset, "player_records", None)
    found = reader(state) if reader is not None else getattr(state, "players", ())
    return tuple(r for r in found if hasattr(r, "name"))


def check_outcome(ruleset: Any, ctx: Any, state: Any, kind: str, value: Any,
                  player: str | None = None, *, source: str | None = None) -> Any:
    """``value`` as a forced outcome of ``kind`` in ``state``, checked against the legal outcomes
    (:func:`outcomes`): a card by its instance, copy or id; a die face; a pick's label; a shuffle's
    cards in order (the first ones). Raises :class:`InputError` naming what is legal."""
    declared = kinds_declared(ruleset.flow)
    if kind not in declared:
        kinds = ", ".join(declared) or "none"
        raise InputError(f"{ruleset.id} never draws a {kind} (its steps declare the chance kinds: "
                         f"{kinds})", file=source, field="chance")
    legal = outcomes(ruleset, ctx, state, kind, player)
    whose = f" for {player}" if player else ""
    if kind == "die":
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if value not in legal or isinstance(value, bool):
            raise InputError(f"a die shows {_listed(legal)}; {value!r} is not a face",
                             file=source, field="chance.die")
        return value
    if kind == "pick":
        if value not in legal:
            raise InputError(f"{value!r} is not an outcome of a pick: {_listed(legal)}",
                             file=source, field="chance.pick")
        return value
    wanted = ([v.strip() for v in value.split(",") if v.strip()] if kind == "shuffle"
              and isinstance(value, str) else list(value) if kind == "shuffle" else [value])
    if not wanted:
        raise InputError(f"give the {kind} outcome to force", file=source, field=f"chance.{kind}")
    for want in wanted:
        if not any(isinstance(c, str) and _same_item(c, want) for c in legal):
            where = _listed(legal) if legal else "none (the piles are empty)"
            raise InputError(f"{want!r} is not a card a {kind}{whose} can put first now; the cards: "
                             f"{where}", file=source, field=f"chance.{kind}")
    return tuple(wanted) if kind == "shuffle" else wanted[0]


def _listed(values: Sequence[Any], most: int = 12) -> str:
    shown = ", ".join(str(v) for v in values[:most])
    return shown + (f", … ({len(values)} in all)" if len(values) > most else "") if values else "none"
