"""Two lines of play compared where they first differ in a way that means something.

Two rulesets cite other clause IDs and name their steps otherwise, and an option can reword a
sentence without changing anything: comparing step logs says "step 0" for nearly every pair of
rulesets. :func:`compare_games` compares **states** instead, through a *lens* both sides share:

- for two games of **one ruleset** (two option sets): the state itself, every field but the agenda
  and the random generator (players by name: ``P1.hp``);
- for two **rulesets**: what both declare — the clock and the turn player (``turn_info``), each
  player's counters and card zones that both rulesets declare under one name and kind (``P1.hp``,
  ``P1.hand``; an unordered zone as its sorted cards), the shared zones likewise, and what a
  ruleset's presentation adds with a ``comparable(ctx, state)`` method (a mapping of path → plain
  value) when both presentations have one;
- for both: who decides (``decides``), the labels each deciding player is offered
  (``offered.P1``, compared as sets) and the outcome (``result``: ``not over``, ``P1 wins``…).

Each line becomes the list of its distinct views (a step that changes nothing the lens sees is
not a point of its own). The two lists are walked side by side. Where the views differ, a side
may catch up: states one side passes through between two states both reach — before the next
decision — are bookkeeping in another order, not a difference. The first pair of views that no
catching up reconciles is the first difference; its :class:`Point` on each side says after which
step (of that side) it is. Decisions are where the lines must agree: a catch-up never passes one.

What already differs at the start (another ruleset deals other cards, starts P2 at 23 HP) is the
*baseline*: it is reported once (:attr:`Comparison.start`) and afterwards such a path counts only
when the two sides change it differently (a counter by another amount, other cards coming or
going). The options a player is offered name cards, so they are compared only while that player's
cards are the same on both sides (otherwise the cards already differ, and that is said).

:func:`comparison_html` draws the statement and the two state pictures side by side at the first
difference and at the end; :func:`comparison_page` makes it a standalone page. No Jupyter package
is imported and no game is named here.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hisoutab.engine.record import to_dict

__all__ = ["COMPARE_CSS", "Change", "Comparison", "Point", "compare_games", "comparison_html",
           "comparison_page", "decision_at", "line_points", "who"]

DECIDES = "decides"
OFFERED = "offered."
RESULT = "result"
TIME = "time"
TURN = "turn player"
IGNORED = ("agenda", "rng")  # state fields a same-ruleset comparison leaves out
LIST_SHOWN = 5  # lists up to this long are written out whole in a statement


# ------------------------------------------------------------------------------- points
@dataclass(frozen=True)
class Point:
    """A point of a line of play: its start (``step`` is None) or the state after ``step``, with the
    decision pending there (None when nobody decides)."""

    ruleset: Any
    ctx: Any
    state: Any
    step: Any = None
    decision: Any = None

    @property
    def index(self) -> int | None:
        """The index of the step after which this point is (None: the start)."""
        return None if self.step is None else int(self.step.index)

    @property
    def taken(self) -> int:
        """How many steps the line has taken at this point (the cursor of ``game.goto``)."""
        return 0 if self.step is None else int(self.step.index) + 1

    @property
    def time(self) -> int:
        time: int = self.ruleset.turn_info(self.state)[0]
        return time

    def describe(self) -> str:
        """``at the start`` or ``after step 14 (P2's attack.damage)``; a choice says what was chosen."""
        s = self.step
        if s is None:
            return "at the start"
        if s.choice:
            chosen = "; ".join(f"{p} chose '{label}'" for p, label in s.choice.items())
            return f"after step {s.index} ({s.name}: {chosen})"
        player = who(s)
        owner = f"{player}'s " if player else ""
        return f"after step {s.index} ({owner}{s.name})"

    def touched(self) -> tuple[Any, ...]:
        """What the step before this point touched (the picture's highlight)."""
        if self.step is None:
            return ()
        from .base import presentation_for

        return tuple(presentation_for(self.ruleset).touched(self.ctx, self.step))


def who(step: Any) -> str:
    """Whose step it is: who chose in it; else the player its first event names; else the turn
    player ("" between turns)."""
    if step.choice:
        return "+".join(step.choice)
    for e in step.events:
        player = e.get("player") if isinstance(e, dict) else None
        if isinstance(player, str):
            return player
    actor = str(step.actor)
    return "" if actor == "-" else actor


def decision_at(ruleset: Any, ctx: Any, state: Any) -> Any:
    """The decision pending in ``state`` (None when the next step runs by itself or the game is
    over), asked of the declared step on top of the agenda."""
    agenda = getattr(state, "agenda", ())
    if not agenda:
        return None
    frame = agenda[-1]
    sd = ruleset.flow.steps.get(frame[0])
    if sd is None or sd.decide is None:
        return None
    return sd.decide(ctx, state, frame)


def line_points(game: Any) -> list[Point]:
    """The start of ``game``'s current line and the point after each step up to its cursor."""
    rs, ctx = game.ruleset, game.ctx
    out = [Point(rs, ctx, game.initial, None, decision_at(rs, ctx, game.initial))]
    for step in game.history:
        out.append(Point(rs, ctx, step.after, step, decision_at(rs, ctx, step.after)))
    return out


# ------------------------------------------------------------------------------- changes
_ABSENT = None


def _plain(v: Any) -> Any:
    return to_dict(v)


def _key(v: Any) -> str:
    return v if isinstance(v, str) else json.dumps(v, sort_keys=True, default=str)


def _movement(start: Any, now: Any) -> Any:
    """How a value moved from ``start`` to ``now``: a number by how much, a list by which items came
    and went, anything else to what (``None``: it did not move)."""
    if start == now:
        return None
    if type(start) is int and type(now) is int:
        return ("by", now - start)
    if isinstance(start, list) and isinstance(now, list):
        came = Counter(_key(x) for x in now) - Counter(_key(x) for x in start)
        went = Counter(_key(x) for x in start) - Counter(_key(x) for x in now)
        return ("items", sorted(came.elements()), sorted(went.elements()))
    return ("to", _key(now))


def _words(v: Any) -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, str):
        return v
    if isinstance(v, list) and all(not isinstance(x, (dict, list)) for x in v):
        return "[" + ", ".join(_words(x) for x in v) + "]"
    text = json.dumps(v, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= 120 else text[:119] + "…"


WORDS_SHOWN = 120  # characters of one value a statement writes out


def _full_words(v: Any) -> str:
    """:func:`_words` without the cut."""
    if v is None or isinstance(v, (bool, str)):
        return _words(v)
    if isinstance(v, list) and all(not isinstance(x, (dict, list)) for x in v):
        return "[" + ", ".join(_full_words(x) for x in v) + "]"
    return json.dumps(v, ensure_ascii=False, sort_keys=True, default=str)


def _pair_words(a: Any, b: Any) -> tuple[str, str]:
    """Two differing values in words, each cut to about :data:`WORDS_SHOWN` characters around the
    first place where their texts differ, so that a cut never hides the difference."""
    ta, tb = _full_words(a), _full_words(b)
    if len(ta) <= WORDS_SHOWN and len(tb) <= WORDS_SHOWN:
        return ta, tb
    k = next((i for i, (x, y) in enumerate(zip(ta, tb, strict=False)) if x != y), min(len(ta), len(tb)))
    start = max(0, k - WORDS_SHOWN // 3)

    def cut(text: str) -> str:
        end = start + WORDS_SHOWN
        return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")

    return cut(ta), cut(tb)


def _list_pair(a: list[Any], b: list[Any], names: tuple[str, str] = ("A", "B")) -> str:
    """Two lists side by side: whole when short, else what each has that the other has not."""
    if len(a) <= LIST_SHOWN and len(b) <= LIST_SHOWN:
        wa, wb = _pair_words(a, b)
        return f"{wa} vs {wb}"
    only_a = list((Counter(_key(x) for x in a) - Counter(_key(x) for x in b)).elements())
    only_b = list((Counter(_key(x) for x in b) - Counter(_key(x) for x in a)).elements())
    if not only_a and not only_b:
        return f"the same {len(a)} in another order"
    parts = [f"{name} has {_some(only)}" for name, only in zip(names, (only_a, only_b), strict=True) if only]
    return f"{len(a)} vs {len(b)}: " + "; ".join(parts)


def _some(items: Sequence[str], n: int = LIST_SHOWN) -> str:
    return ", ".join(items[:n]) + (f" and {len(items) - n} more" if len(items) > n else "")


def _moved(start: Any, now: Any) -> str:
    if start == now:
        return "unchanged"
    if isinstance(start, list) and isinstance(now, list):
        came = list((Counter(_key(x) for x in now) - Counter(_key(x) for x in start)).elements())
        went = list((Counter(_key(x) for x in start) - Counter(_key(x) for x in now)).elements())
        text = " ".join([f"+{c}" for c in came[:LIST_SHOWN]] + [f"−{c}" for c in went[:LIST_SHOWN]])
        if len(came) > LIST_SHOWN or len(went) > LIST_SHOWN:
            text += " …"
        return text or "reordered"
    was, now_text = _pair_words(start, now)
    return f"{was} → {now_text}"


@dataclass(frozen=True)
class Change:
    """One path that differs between the two sides at a point: ``a`` and ``b``. A ``baseline`` path
    already differed at the start (``a_start`` / ``b_start``): it differs here because the sides
    changed it differently."""

    path: str
    a: Any
    b: Any
    a_start: Any = None
    b_start: Any = None
    baseline: bool = False

    @property
    def subject(self) -> str:
        """The path in words: ``P1 hp``, ``P2 offered``, ``who decides``."""
        if self.path == DECIDES:
            return "who decides"
        if self.path.startswith(OFFERED):
            return f"{self.path[len(OFFERED):]} offered"
        return self.path.replace(".", " ")

    def text(self, names: tuple[str, str] = ("A", "B")) -> str:
        """``P1 hp 19 vs 18``, ``P2 offered 'keep all', 'discard x' vs 'keep all'``,
        ``P1 hand (already different at the start) −x vs −x +y``; ``names`` name the two sides
        where a long list says what each has."""
        if self.path == DECIDES:
            return f"who decides: {self.a or 'nobody'} vs {self.b or 'nobody'}"
        if self.path.startswith(OFFERED):
            return f"{self.subject} {_labels(self.a, self.b)} vs {_labels(self.b, self.a)}"
        if self.baseline:
            return (f"{self.subject} (already different at the start) "
                    f"{_moved(self.a_start, self.a)} vs {_moved(self.b_start, self.b)}")
        if isinstance(self.a, list) and isinstance(self.b, list):
            return f"{self.subject} {_list_pair(self.a, self.b, names)}"
        wa, wb = _pair_words(self.a, self.b)
        return f"{self.subject} {wa} vs {wb}"

    def to_dict(self, names: tuple[str, str] = ("A", "B")) -> dict[str, Any]:
        d: dict[str, Any] = {"path": self.path, "a": self.a, "b": self.b, "text": self.text(names)}
        if self.baseline:
            d.update(baseline=True, a_start=self.a_start, b_start=self.b_start)
        return d


def _labels(mine: Any, other: Any) -> str:
    if mine is None:
        return "nothing"
    labels = list(mine)
    if len(labels) > 6 and isinstance(other, (list, tuple)):
        own = [x for x in labels if x not in other]
        shown = ", ".join(f"'{x}'" for x in own[:6]) + (" …" if len(own) > 6 else "")
        return f"{len(labels)} options ({shown or 'the same labels'}{' only here' if own else ''})"
    return ", ".join(f"'{x}'" for x in labels) or "nothing"


# ------------------------------------------------------------------------------- the lens
class _Lens:
    """What two sides compare: the state itself (one ruleset) or what both rulesets declare."""

    def __init__(self, a: Point, b: Point,
                 own: tuple[Iterable[str], Iterable[str]] = ((), ())) -> None:
        self.rulesets = (a.ruleset, b.ruleset)
        #: per side, the decision kinds only that side asks (answered by a declared vocabulary):
        #: not a point where the lines must agree
        self.own = (frozenset(own[0]), frozenset(own[1]))
        self._cache: dict[int, tuple[Any, Any]] = {}
        self._players: dict[int, tuple[Any, dict[str, Any]]] = {}
        self.same = a.ruleset is b.ruleset or a.ruleset.id == b.ruleset.id
        zones_b = {z.name: z for z in b.ruleset.zones}
        self.zones: list[tuple[Any, Any]] = []
        for z in a.ruleset.zones:
            other = zones_b.get(z.name)
            if other is not None and other.kind == z.kind and other.owner == z.owner:
                self.zones.append((z, other))
        # a player's counters first, then the card zones
        self.player_zones = sorted((pair for pair in self.zones if pair[0].owner == "player"),
                                   key=lambda pair: pair[0].holds_cards)
        hooks = [_hook(rs) for rs in self.rulesets]
        self.hooks = hooks if all(callable(h) for h in hooks) else [None, None]
        if self.same:
            card = [z for z in a.ruleset.zones if z.holds_cards and z.owner == "player"]
            self._cards = [z.attr for z in card]
        else:
            self._cards = [za.name for za, _ in self.zones if za.holds_cards and za.owner == "player"]

    def _plain(self, value: Any) -> Any:
        """``to_dict(value)``, once per object: consecutive states share their unchanged parts."""
        if isinstance(value, (int, str, float, type(None))):
            return value
        hit = self._cache.get(id(value))
        if hit is None or hit[0] is not value:
            hit = self._cache[id(value)] = (value, to_dict(value))
        return hit[1]

    def _player(self, record: Any) -> dict[str, Any]:
        hit = self._players.get(id(record))
        if hit is None or hit[0] is not record:
            flat: dict[str, Any] = {}
            for k, v in self._fields(record).items():
                if k != "name":
                    _flat(f"{record.name}.{k}", self._plain(v), flat)
            hit = self._players[id(record)] = (record, flat)
        return hit[1]

    @staticmethod
    def _fields(record: Any) -> dict[str, Any]:
        if dataclasses.is_dataclass(record):
            return {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}
        d = to_dict(record)
        return d if isinstance(d, dict) else {"value": d}

    @property
    def mode(self) -> str:
        return "state" if self.same else "declared"

    def describe(self) -> str:
        if self.same:
            return "the states (every field but the agenda and the random generator)"
        names = sorted({za.name for za, _ in self.zones})
        extra = " and what both presentations compare" if self.hooks[0] else ""
        return ("what both rulesets declare: the clock, the turn player, "
                + (", ".join(names) if names else "no common zone") + extra
                + ", who decides and the options offered, the outcome")

    def card_paths(self, player: str) -> list[str]:
        return [f"{player}.{name}" for name in self._cards]

    def view(self, side: int, point: Point) -> dict[str, Any]:
        rs = self.rulesets[side]
        state = point.state
        out = self._same_view(rs, state) if self.same else self._declared_view(side, point)
        d = point.decision
        if d is not None and str(d.kind) in self.own[side]:
            d = None
        out[DECIDES] = "+".join(d.players) if d is not None else None
        if d is not None:
            for p, opts in zip(d.players, d.options, strict=True):
                out[OFFERED + p] = [o.label for o in opts]
        out[RESULT] = _outcome(rs.result(state))
        return out

    def _same_view(self, rs: Any, state: Any) -> dict[str, Any]:
        """One ruleset's state, every field (the players' by name)."""
        out: dict[str, Any] = {}
        records = _player_records(rs, state)
        field_name = getattr(rs, "players_field", "players")
        for k, v in self._fields(state).items():
            if k in IGNORED or (k == field_name and records):
                continue
            _flat(k, self._plain(v), out)
        for p in records:
            out.update(self._player(p))
        return out

    def _declared_view(self, side: int, point: Point) -> dict[str, Any]:
        """Two rulesets' states, as what both declare: the clock, the turn player, the common
        zones, what both presentations compare."""
        rs, state = self.rulesets[side], point.state
        out: dict[str, Any] = {}
        time, actor = rs.turn_info(state)
        out[TIME] = time
        out[TURN] = actor
        for p in _player_records(rs, state):
            for pair in self.player_zones:
                z = pair[side]
                out[f"{p.name}.{z.name}"] = _zone_value(z, p)
        for pair in self.zones:
            z = pair[side]
            if z.owner == "shared":
                out[z.name] = _zone_value(z, state)
        hook = self.hooks[side]
        if hook is not None:
            for k, v in dict(hook(point.ctx, state)).items():
                out[str(k)] = _plain(v)
        return out


def _hook(ruleset: Any) -> Any:
    """The ``comparable(ctx, state)`` method of a ruleset's presentation, if it has one."""
    from hisoutab.engine.errors import HisoutabError

    from .base import presentation_for

    try:
        return getattr(presentation_for(ruleset), "comparable", None)
    except HisoutabError:  # a presentation that cannot load shapes nothing; the zones still compare
        return None


def _player_records(rs: Any, state: Any) -> tuple[Any, ...]:
    records = getattr(rs, "player_records", None)
    found = records(state) if callable(records) else getattr(state, "players", ())
    return tuple(p for p in (found or ()) if isinstance(getattr(p, "name", None), str))


def _flat(path: str, value: Any, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flat(f"{path}.{k}", v, out)
    else:
        out[path] = value


def _zone_value(zone: Any, record: Any) -> Any:
    if zone.kind == "counter":
        return _plain(getattr(record, zone.attr, None))
    if zone.kind == "card":
        cards = zone.cards(record)
        return cards[0] if cards else None
    if zone.kind == "cards":
        cards = list(zone.cards(record))
        return cards if zone.ordered else sorted(cards)
    return _plain(getattr(record, zone.attr, None))


def _outcome(result: Any) -> str:
    kind = getattr(result, "kind", "unfinished")
    if kind == "unfinished":
        return "not over"
    if kind == "win":
        return f"{result.winner} wins"
    return {"draw": "a draw", "victory": "victory", "defeat": "defeat"}.get(kind, str(kind))


# ------------------------------------------------------------------------------- the walk
@dataclass
class _Side:
    points: list[Point]
    views: list[dict[str, Any]]
    next_decision: list[int]  # for each view, the index of the next decision view (itself included)

    @classmethod
    def of(cls, lens: _Lens, side: int, points: Sequence[Point]) -> _Side:
        kept: list[Point] = []
        views: list[dict[str, Any]] = []
        for point in points:
            v = lens.view(side, point)
            if views and v == views[-1]:
                continue
            kept.append(point)
            views.append(v)
        nxt = [0] * len(views)
        upcoming = len(views) - 1
        for k in range(len(views) - 1, -1, -1):
            if views[k][DECIDES] is not None:
                upcoming = k
            nxt[k] = upcoming
        return cls(kept, views, nxt)


class _Walk:
    def __init__(self, lens: _Lens, a: _Side, b: _Side) -> None:
        self.lens, self.a, self.b = lens, a, b
        va, vb = a.views[0], b.views[0]
        self.baseline = {p for p in _paths(va, vb) if not p.startswith(OFFERED) and va.get(p) != vb.get(p)}
        self.start_a, self.start_b = va, vb
        self.stopped = (0, 0)

    def changes(self, va: Mapping[str, Any], vb: Mapping[str, Any]) -> list[Change]:
        out = []
        for path in _paths(va, vb):
            a, b = va.get(path, _ABSENT), vb.get(path, _ABSENT)
            if path.startswith(OFFERED):
                player = path[len(OFFERED):]
                if any(va.get(c) != vb.get(c) for c in self.lens.card_paths(player)):
                    continue  # the cards differ already: other labels say nothing new
                if sorted(a or ()) != sorted(b or ()):
                    out.append(Change(path, a, b))
            elif path in self.baseline:
                a0, b0 = self.start_a.get(path), self.start_b.get(path)
                if _movement(a0, a) != _movement(b0, b):
                    out.append(Change(path, a, b, a0, b0, True))
            elif a != b:
                out.append(Change(path, a, b))
        return out

    def same(self, i: int, j: int) -> bool:
        va, vb = self.a.views[i], self.b.views[j]
        return va == vb or not self.changes(va, vb)

    def catch_up(self, i: int, j: int) -> tuple[int, int] | None:
        """The nearest pair of views, neither beyond its side's next decision, that agree."""
        ea, eb = self.a.next_decision[i] - i, self.b.next_decision[j] - j
        for total in range(1, ea + eb + 1):
            for di in range(max(0, total - eb), min(total, ea) + 1):
                if self.same(i + di, j + total - di):
                    return i + di, j + total - di
        return None

    def run(self, ends: str) -> tuple[int, int, bool] | None:
        """(i, j, exhausted) of the first difference, or None (then :attr:`stopped` holds where the
        walk stopped). ``exhausted``: one line ended there while the other went on."""
        i = j = 0
        la, lb = len(self.a.views) - 1, len(self.b.views) - 1
        while True:
            if not self.same(i, j):
                caught = self.catch_up(i, j)
                if caught is None:
                    return i, j, False
                i, j = caught
                continue
            self.stopped = (i, j)
            if i == la and j == lb:
                return None
            if i == la or j == lb:
                if ends == "shorter":
                    return None
                # one line is over: the other's next point is compared with its end
                if i == la:
                    j += 1
                else:
                    i += 1
                if not self.same(i, j) and self.catch_up(i, j) is None:
                    return i, j, True
                continue
            i += 1
            j += 1


def _paths(va: Mapping[str, Any], vb: Mapping[str, Any]) -> list[str]:
    return list(va) + [k for k in vb if k not in va]


# ------------------------------------------------------------------------------- the result
@dataclass
class Comparison:
    """Two lines compared (see the module docstring). ``at`` holds the two points of the first
    meaningful difference (None: the lines never differ so), ``changes`` what differs there,
    ``start`` what already differs at the start, ``end`` the two ends and ``end_changes`` what
    differs there."""

    names: tuple[str, str]
    labels: tuple[str, str]
    mode: str
    compared: str
    start: list[Change]
    at: tuple[Point, Point] | None
    changes: list[Change]
    end: tuple[Point, Point]
    end_changes: list[Change]
    decisions: tuple[int, int] = (0, 0)  # decisions met on each side before the first difference
    ended: str = ""  # which line ended at the first difference while the other went on
    went_on: tuple[int, int] = (0, 0)  # steps a line took beyond the other's end (ends="shorter")
    logs_part: int | None = None  # the first step index where the step logs differ
    cards: dict[str, str] = field(default_factory=dict)  # card id -> name, for the texts
    _prefix: str = field(default="", repr=False)

    def named(self, text: str) -> str:
        """``text`` with each card id of the two games replaced by the card's name."""
        from .step import named_text

        return named_text(text, self.cards)

    @property
    def same(self) -> bool:
        """True when no meaningful difference was found (the step logs may still differ)."""
        return self.at is None

    @property
    def steps(self) -> tuple[int | None, int | None]:
        """The step index of each side at the first difference (None: the start, or no difference)."""
        if self.at is None:
            return None, None
        return self.at[0].index, self.at[1].index

    def where(self) -> str:
        """Where the lines first differ, in words."""
        if self.at is None:
            return ""
        pa, pb = self.at
        na, nb = self.names
        if pa.step is None and pb.step is None:
            return "at the start"
        if self.ended:
            end, other = (pa, pb) if self.ended == na else (pb, pa)
            other_name = nb if self.ended == na else na
            return (f"{self.ended}'s line ends {end.describe()}; {other_name} goes on "
                    f"{other.describe()}")
        da_, db_ = pa.describe(), pb.describe()
        text = f"{da_} in both" if da_ == db_ else f"{da_} in {na} and {db_} in {nb}"
        ta, tb = pa.time, pb.time
        text += f", at t={ta}" if ta == tb else f", at t={ta} vs t={tb}"
        da, db = pa.decision, pb.decision
        if da is not None and db is not None and tuple(da.players) == tuple(db.players):
            n = self.decisions[0] + 1
            text += f", when {' and '.join(da.players)} decide{'s' if len(da.players) == 1 else ''}"
            if self.decisions[0] == self.decisions[1]:
                text += f" (decision {n} of the line)"
        return text

    def headline(self) -> str:
        """``first difference at step 14 of A and step 14 of B`` (or at the start, or none)."""
        if self.at is None:
            return "no meaningful difference"
        ia, ib = self.steps
        if ia is None and ib is None:
            return "first difference at the start"
        if ia == ib:
            return f"first difference at step {ia}"
        na, nb = self.names
        return (f"first difference at {'the start' if ia is None else f'step {ia}'} of {na} and "
                f"{'the start' if ib is None else f'step {ib}'} of {nb}")

    def baseline_text(self) -> str:
        """What already differs at the start, in words ("" when nothing does)."""
        if not self.start:
            return ""
        na, nb = self.names
        return (f"At the start {na} and {nb} already differ: "
                + "; ".join(self.named(c.text(self.names)) for c in self.start[:6])
                + (f"; and {len(self.start) - 6} more" if len(self.start) > 6 else "")
                + " — afterwards these count only when they change differently.")

    def finding(self) -> str:
        """The first difference in words — where, and what differs there — or that there is none."""
        na, nb = self.names
        if self.at is None:
            what = "the same points in the same order"
            if self.logs_part is not None:
                what += f" (the step logs differ from step {self.logs_part}: clauses, names or wording)"
            extra = ""
            if any(self.went_on):
                longer = na if self.went_on[0] else nb
                extra = f"; {longer} goes on {max(self.went_on)} step(s) further"
            return f"No meaningful difference: {na} and {nb} pass through {what}{extra}."
        what = "; ".join(self.named(c.text(self.names)) for c in self.changes[:8])
        if len(self.changes) > 8:
            what += f"; and {len(self.changes) - 8} more"
        return f"{_upper(self.headline())}: {self.named(self.where())} — {what or 'the lines part'}."

    def text(self) -> str:
        """The whole statement: what differs at the start (if anything), then :meth:`finding`."""
        return " ".join(t for t in (self.baseline_text(), self.finding()) if t)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``same``, ``compared`` (``state`` or ``declared``), ``start`` (baseline
        changes), ``at`` (``step_a``, ``step_b``, ``where``, ``decisions``, ``changes``) or None,
        ``end`` (``step_a``, ``step_b``, ``changes``), ``logs_part`` and the ``text``."""
        at: dict[str, Any] | None = None
        if self.at is not None:
            ia, ib = self.steps
            at = {"step_a": ia, "step_b": ib, "where": self.where(), "decisions": list(self.decisions),
                  "ended": self.ended or None, "changes": [c.to_dict(self.names) for c in self.changes]}
        ea, eb = self.end
        return {
            "same": self.same, "compared": self.mode, "lens": self.compared,
            "names": list(self.names), "labels": list(self.labels),
            "start": [c.to_dict(self.names) for c in self.start], "at": at,
            "end": {"step_a": ea.index, "step_b": eb.index,
                    "changes": [c.to_dict(self.names) for c in self.end_changes]},
            "logs_part": self.logs_part, "text": self.text(),
        }

    @property
    def prefix(self) -> str:
        """An id prefix of its own for the pictures of this comparison (from its content)."""
        if not self._prefix:
            blob = json.dumps([self.labels, self.steps, [c.to_dict() for c in self.changes],
                               self.end[0].index, self.end[1].index], sort_keys=True, default=str)
            self._prefix = "cmp" + hashlib.sha256(blob.encode()).hexdigest()[:10]
        return self._prefix

    def _repr_html_(self) -> str:
        return comparison_html(self)

    def __repr__(self) -> str:
        return f"<Comparison {self.labels[0]} vs {self.labels[1]}: {self.headline()}>"


def compare_games(a: Any, b: Any, *, names: tuple[str, str] = ("A", "B"),
                  labels: tuple[str, str] | None = None, ends: str = "both",
                  own: tuple[Iterable[str], Iterable[str]] = ((), ())) -> Comparison:
    """Compare the current lines of two games (up to their cursors) — see the module docstring.

    ``names`` are the short names the statement uses, ``labels`` what each side is (default: the
    ruleset ids). ``ends="both"``: a line that ends while the other goes on differs there;
    ``"shorter"``: the comparison stops at the end of the shorter line (a re-run that went on to
    the next decision is not a difference). ``own`` names, per side, the decision kinds only that
    side asks (a re-run through a vocabulary answered them by a declared rule): who decides there
    and what is offered are not compared."""
    if ends not in ("both", "shorter"):
        raise ValueError(f"ends={ends!r}: expected 'both' or 'shorter'")
    from .step import card_names

    pa, pb = line_points(a), line_points(b)
    c = compare_points(pa, pb, names=names, labels=labels or (a.ruleset.id, b.ruleset.id), ends=ends,
                       own=own)
    c.cards = {**card_names(b.ctx, b.initial), **card_names(a.ctx, a.initial)}
    return c


def compare_points(pa: Sequence[Point], pb: Sequence[Point], *, names: tuple[str, str] = ("A", "B"),
                   labels: tuple[str, str] = ("A", "B"), ends: str = "both",
                   own: tuple[Iterable[str], Iterable[str]] = ((), ())) -> Comparison:
    """Compare two lines given as their points (the start first): see :func:`compare_games`."""
    lens = _Lens(pa[0], pb[0], own)
    sa, sb = _Side.of(lens, 0, pa), _Side.of(lens, 1, pb)
    walk = _Walk(lens, sa, sb)
    start = [Change(p, walk.start_a.get(p), walk.start_b.get(p)) for p in _paths(walk.start_a, walk.start_b)
             if p in walk.baseline]
    found = walk.run(ends)
    c = Comparison(names, labels, lens.mode, lens.describe(), start, None, [], (pa[-1], pb[-1]),
                   walk.changes(lens.view(0, pa[-1]), lens.view(1, pb[-1])),
                   logs_part=_logs_part(pa, pb, common=ends == "shorter"))
    if found is None:
        i, j = walk.stopped
        c.went_on = (_beyond(sa, i, pa[-1]), _beyond(sb, j, pb[-1]))
        return c
    i, j, exhausted = found
    c.at = (sa.points[i], sb.points[j])
    c.changes = walk.changes(sa.views[i], sb.views[j])
    if not c.changes and (i == 0) != (j == 0):
        c.changes = [Change(p, sa.views[i].get(p), sb.views[j].get(p))
                     for p in _paths(sa.views[i], sb.views[j]) if sa.views[i].get(p) != sb.views[j].get(p)]
    c.decisions = (sum(1 for v in sa.views[:i] if v[DECIDES] is not None),
                   sum(1 for v in sb.views[:j] if v[DECIDES] is not None))
    if exhausted:
        c.ended = names[0] if i == len(sa.views) - 1 else names[1]
    return c


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _beyond(side: _Side, k: int, last: Point) -> int:
    """Steps a line took after the point where the comparison stopped (its view ``k``)."""
    if k + 1 >= len(side.points):
        return 0
    return last.taken - side.points[k + 1].taken + 1


def _logs_part(pa: Sequence[Point], pb: Sequence[Point], common: bool = False) -> int | None:
    """The first step index where the step logs differ (``common``: within the shorter one)."""
    la = [p.step.line() for p in pa[1:]]
    lb = [p.step.line() for p in pb[1:]]
    for k in range(min(len(la), len(lb)) if common else max(len(la), len(lb))):
        if k >= len(la) or k >= len(lb) or la[k] != lb[k]:
            return k
    return None


# ------------------------------------------------------------------------------- pictures
COMPARE_CSS = (
    ".hisoutab-compare{font-family:sans-serif;max-width:1400px}"
    ".hisoutab-compare .hs-cmp-statement{font-size:15px;line-height:1.45;margin:6px 0 10px}"
    ".hisoutab-compare table.hs-cmp-changes{border-collapse:collapse;font-size:13px;margin:4px 0 10px}"
    ".hisoutab-compare table.hs-cmp-changes td,.hisoutab-compare table.hs-cmp-changes th{"
    "border:1px solid #dde1e5;padding:2px 8px;text-align:left;vertical-align:top}"
    ".hisoutab-compare .hs-cmp-pair{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}"
    ".hisoutab-compare figure{flex:1 1 420px;min-width:0;margin:0;border:1px solid #c9ced4;"
    "border-radius:8px;padding:6px}"
    ".hisoutab-compare figcaption{font-size:13px;margin-bottom:4px}"
    ".hisoutab-compare figure svg{width:100%;height:auto;display:block}"
    ".hisoutab-compare h3{font-size:16px;margin:14px 0 6px}"
)


def _figure(point: Point, name: str, label: str, prefix: str) -> str:
    from .picture import StatePicture

    e = html.escape
    picture = StatePicture(point.ctx, point.state, highlight=point.touched(), designer=True, prefix=prefix)
    caption = f"<b>{e(name)}</b> = {e(label)}: {e(point.describe())} · t={e(str(point.time))}"
    if point.decision is not None:
        caption += " · " + e(" and ".join(point.decision.players)) + " to decide"
    return f'<figure data-side="{e(name)}"><figcaption>{caption}</figcaption>{picture.svg}</figure>'


def _table(changes: Iterable[Change], names: tuple[str, str]) -> str:
    e = html.escape
    rows = []
    for c in changes:
        if c.path.startswith(OFFERED):
            a, b = _labels(c.a, c.b), _labels(c.b, c.a)
        elif c.baseline:
            a, b = _moved(c.a_start, c.a), _moved(c.b_start, c.b)
        else:
            a, b = _pair_words(c.a, c.b)
        rows.append(f"<tr><td>{e(c.subject)}</td><td>{e(a)}</td><td>{e(b)}</td></tr>")
    if not rows:
        return ""
    head = f"<tr><th>what</th><th>{e(names[0])}</th><th>{e(names[1])}</th></tr>"
    return f'<table class="hs-cmp-changes">{head}' + "".join(rows) + "</table>"


def comparison_html(c: Comparison, *, prefix: str | None = None, end: bool = True) -> str:
    """The comparison as an HTML fragment: the statement, what differs, and the two state pictures
    side by side at the first difference — and at the ends, when they are other points (``end``).
    Every text is escaped; every picture has an id prefix of its own."""
    e = html.escape
    prefix = prefix or c.prefix
    na, nb = c.names
    la, lb = c.labels
    parts = [f'<div class="hisoutab-compare" data-same="{str(c.same).lower()}">',
             f"<style>{COMPARE_CSS}</style>",
             f'<p class="hs-cmp-statement">{e(c.finding())}</p>',
             f'<p class="hs-cmp-lens"><small>compared: {e(c.compared)}</small></p>']
    if c.start:
        parts.append(f"<details><summary>what already differs at the start ({len(c.start)}; "
                     "afterwards it counts only when it changes differently)</summary>"
                     + _table(c.start, c.names) + "</details>")
    if c.at is not None:
        pa, pb = c.at
        parts.append(f"<h3>{e(_upper(c.headline()))}</h3>")
        parts.append(_table(c.changes, c.names))
        parts.append('<div class="hs-cmp-pair">' + _figure(pa, na, la, f"{prefix}a1")
                     + _figure(pb, nb, lb, f"{prefix}b1") + "</div>")
    ea, eb = c.end
    if end and (c.at is None or (ea is not c.at[0] or eb is not c.at[1])):
        parts.append("<h3>At the end</h3>")
        parts.append(_table(c.end_changes, c.names))
        parts.append('<div class="hs-cmp-pair">' + _figure(ea, na, la, f"{prefix}a2")
                     + _figure(eb, nb, lb, f"{prefix}b2") + "</div>")
    parts.append("</div>")
    return "\n".join(parts)


def comparison_page(c: Comparison, *, title: str = "", notes: Sequence[str] = ()) -> str:
    """A standalone HTML page of :func:`comparison_html` (inline CSS and SVG, nothing external):
    ``title`` as its heading, ``notes`` as lines under it."""
    e = html.escape
    head = title or f"{c.labels[0]} vs {c.labels[1]}"
    lines = "".join(f"<li>{e(n)}</li>" for n in notes)
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{e(head)}</title><style>body{{font-family:sans-serif;margin:16px auto;max-width:1400px;"
            "padding:0 12px;color:#222}h1{font-size:22px}ul.hs-notes{font-size:14px}</style></head>\n<body>\n"
            f"<h1>{e(head)}</h1>\n" + (f'<ul class="hs-notes">{lines}</ul>\n' if lines else "")
            + comparison_html(c) + "\n</body></html>\n")
