"""Goals of a search, written as text: a small expression language over the state and the events
of the line played so far, parsed by hand (nothing is ever evaluated as Python).

::

    goal    := [PLAYER "avoids"] expr
    expr    := conj ("or" conj)*
    conj    := neg ("and" neg)*
    neg     := "not" neg | "(" expr ")" | atom
    atom    := term OP term                       P2.hp <= 3, damage(P2) >= 2, P2.marker > P1.marker
             | "event" [":"] TYPE (KEY "=" VALUE)*  event: knockdown, event: damage player=P2
             | "hit" "(" PLAYER ")"                 an event of type damage naming PLAYER, or a drop
                                                    of PLAYER's health figure
             | "hit"                                (after "PLAYER avoids") hit(PLAYER)
    term    := NUMBER | "damage" "(" PLAYER ")" | PATH
    OP      := <= | >= | < | > | == | !=

A goal is reached on a line when ``expr`` holds after some step of it (an event atom holds from the
step whose events match it on); ``PLAYER avoids expr`` is the goal of PLAYER that ``expr`` never
holds on the line. Paths are the scenario files' paths into a state (``P1.hand.len``, ``time``),
checked against the start state; ``damage(P)`` is how far the player's health figure — the first
per-player figure of the ruleset's result (HisouTab's HP, Recast Rift's Life) — fell since the start.
Event types are checked against the ruleset's ``notable_events`` when it declares them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hisoutab.engine.errors import InputError
from hisoutab.scenarios.paths import PathError, check_path, resolve

OPS: dict[str, Callable[[Any, Any], bool]] = {
    "<=": lambda a, b: bool(a <= b), ">=": lambda a, b: bool(a >= b), "<": lambda a, b: bool(a < b),
    ">": lambda a, b: bool(a > b), "==": lambda a, b: bool(a == b), "!=": lambda a, b: bool(a != b)}
KEYWORDS = ("and", "or", "not", "avoids", "event", "damage", "hit")
_TOKEN = re.compile(r"\s*(?:(?P<num>-?\d+(?![\w.\[]))|(?P<op><=|>=|==|!=|<|>)|(?P<punct>[():=,])"
                    r"|(?P<word>[A-Za-z_][\w.\[\]#/-]*))")
MAX_GOAL = 500  # characters of a goal


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    at: int  # column, from 1


def _tokens(text: str, where: str) -> list[Token]:
    out: list[Token] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            col = pos + len(text[pos:]) - len(text[pos:].lstrip()) + 1
            raise _error(text, where, col, f"unexpected {text[col - 1]!r}")
        kind = m.lastgroup or "word"
        out.append(Token(kind, m.group(kind), m.start(kind) + 1))
        pos = m.end()
    return out


def _error(text: str, where: str, col: int, problem: str) -> InputError:
    return InputError(f"{text!r}, column {col}: {problem}", field=where)


# ------------------------------------------------------------------------------ the goal tree
@dataclass(frozen=True)
class Term:
    kind: str  # "number", "path", "damage"
    value: Any  # the number, the path, the player


@dataclass(frozen=True)
class Compare:
    left: Term
    op: str
    right: Term


@dataclass(frozen=True)
class EventAtom:
    """Some step of the line had an event of ``type`` whose fields equal ``fields``."""

    type: str
    fields: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Hit:
    player: str


@dataclass(frozen=True)
class Not:
    inner: Any


@dataclass(frozen=True)
class Both:
    op: str  # "and" | "or"
    parts: tuple[Any, ...]


@dataclass(frozen=True)
class Goal:
    """A parsed goal: its text, the expression, and ``avoider``: the player of ``P avoids ...``
    (None: a goal reached when the expression holds)."""

    text: str
    expr: Any
    avoider: str | None
    events: tuple[EventAtom | Hit, ...]  # the atoms that hold from a matching step on

    @property
    def safety(self) -> bool:
        return self.avoider is not None


class _Parser:
    def __init__(self, text: str, where: str, players: Sequence[str]) -> None:
        self.text = text
        self.where = where
        self.players = tuple(players)
        self.toks = _tokens(text, where)
        self.i = 0

    def error(self, problem: str, tok: Token | None = None) -> InputError:
        tok = tok or self.peek()
        col = tok.at if tok is not None else len(self.text) + 1
        return _error(self.text, self.where, col, problem)

    def peek(self) -> Token | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, text: str | None = None, kind: str | None = None, what: str = "") -> Token:
        tok = self.peek()
        if tok is None or (text is not None and tok.text != text) or (kind is not None and tok.kind != kind):
            found = f"{tok.text!r}" if tok is not None else "the end of the goal"
            raise self.error(f"expected {what or repr(text)}, found {found}")
        self.i += 1
        return tok

    def at(self, text: str) -> bool:
        tok = self.peek()
        return tok is not None and tok.kind == "word" and tok.text == text

    def player(self) -> str:
        tok = self.take(kind="word", what="a player")
        for p in self.players:
            if p.lower() == tok.text.lower():
                return p
        raise self.error(f"no player {tok.text!r}; players: {', '.join(self.players)}", tok)

    def goal(self) -> tuple[Any, str | None]:
        avoider = None
        if len(self.toks) > 1 and self.toks[1].text == "avoids":
            avoider = self.player()
            self.take("avoids")
        expr = self.expr(avoider)
        if self.peek() is not None:
            raise self.error(f"expected and, or or the end of the goal, found {self.peek().text!r}")  # type: ignore[union-attr]
        return expr, avoider

    def expr(self, avoider: str | None) -> Any:
        return self.chain("or", lambda: self.chain("and", lambda: self.neg(avoider)))

    def chain(self, op: str, part: Callable[[], Any]) -> Any:
        """``part (op part)*``: one part, or all of them joined by ``op``."""
        parts = [part()]
        while self.at(op):
            self.take(op)
            parts.append(part())
        return parts[0] if len(parts) == 1 else Both(op, tuple(parts))

    def neg(self, avoider: str | None) -> Any:
        tok = self.peek()
        if tok is None:
            raise self.error("expected a condition (e.g. P2.hp <= 3, event: knockdown, hit(P2))")
        if self.at("not"):
            self.take("not")
            return Not(self.neg(avoider))
        if tok.text == "(":
            self.take("(")
            inner = self.expr(avoider)
            self.take(")")
            return inner
        if self.at("event"):
            return self.event()
        if self.at("hit"):
            return self.hit(avoider)
        return self.compare()

    def event(self) -> EventAtom:
        self.take("event")
        if self.peek() is not None and self.peek().text == ":":  # type: ignore[union-attr]
            self.take(":")
        kind = self.take(kind="word", what="an event type").text
        fields: list[tuple[str, str]] = []
        while (self.i + 1 < len(self.toks) and self.toks[self.i].kind == "word"
               and self.toks[self.i + 1].text == "="):
            key = self.take(kind="word").text
            self.take("=")
            tok = self.peek()
            if tok is None or tok.kind not in ("word", "num"):
                raise self.error("expected a value after =")
            self.i += 1
            fields.append((key, tok.text))
        return EventAtom(kind, tuple(fields))

    def hit(self, avoider: str | None) -> Hit:
        tok = self.take("hit")
        if self.peek() is not None and self.peek().text == "(":  # type: ignore[union-attr]
            self.take("(")
            p = self.player()
            self.take(")")
            return Hit(p)
        if avoider is None:
            raise self.error("expected hit(PLAYER) (a bare hit only after PLAYER avoids)", tok)
        return Hit(avoider)

    def compare(self) -> Compare:
        left = self.term()
        tok = self.peek()
        if tok is None or tok.kind != "op":
            raise self.error("expected a comparison (<=, >=, <, >, ==, !=)" +
                             (f", found {tok.text!r}" if tok is not None else ""))
        self.i += 1
        return Compare(left, tok.text, self.term())

    def term(self) -> Term:
        tok = self.peek()
        if tok is None:
            raise self.error("expected a number, a path (P2.hp) or damage(PLAYER)")
        if tok.kind == "num":
            self.i += 1
            return Term("number", int(tok.text))
        if tok.text == "damage":
            self.take("damage")
            self.take("(")
            p = self.player()
            self.take(")")
            return Term("damage", p)
        if tok.kind != "word" or tok.text in KEYWORDS:
            raise self.error(f"expected a number, a path (P2.hp) or damage(PLAYER), found {tok.text!r}")
        self.i += 1
        return Term("path", tok)


def parse_goal(text: Any, *, ruleset: Any, state: Any, players: Sequence[str],
               where: str = "--goal") -> Goal:
    """Parse and check ``text`` against the ruleset's vocabulary in ``state`` (the search's start):
    every player, path and event type named must exist. A bad goal is one :class:`InputError`
    naming ``where``, the column and what was expected."""
    if not isinstance(text, str) or not text.strip():
        raise InputError("expected a goal, e.g. 'P2.hp <= 3', 'event: knockdown', 'damage(P2) >= 2' "
                         "or 'P2 avoids hit'", field=where)
    if len(text) > MAX_GOAL:
        raise InputError(f"a goal of {len(text)} characters; expected at most {MAX_GOAL}", field=where)
    parser = _Parser(text, where, players)
    expr, avoider = parser.goal()
    expr = _checked(parser, expr, ruleset, state)
    return Goal(text, expr, avoider, tuple(_event_atoms(expr)))


def _checked(parser: _Parser, expr: Any, ruleset: Any, state: Any) -> Any:
    """``expr`` with its paths checked against ``state`` (a path's token becomes its text)."""
    if isinstance(expr, Compare):
        return Compare(_checked_term(parser, expr.left, ruleset, state), expr.op,
                       _checked_term(parser, expr.right, ruleset, state))
    if isinstance(expr, EventAtom):
        known = getattr(ruleset, "notable_events", None)
        if known is not None and expr.type not in known:
            tok = next(t for t in parser.toks if t.text == expr.type)
            raise parser.error(f"no event type {expr.type!r} in {ruleset.id}; expected one of "
                               + ", ".join(sorted(known)), tok)
        return expr
    if isinstance(expr, Not):
        return Not(_checked(parser, expr.inner, ruleset, state))
    if isinstance(expr, Both):
        return Both(expr.op, tuple(_checked(parser, p, ruleset, state) for p in expr.parts))
    return expr


def _checked_term(parser: _Parser, term: Term, ruleset: Any, state: Any) -> Term:
    if term.kind == "damage" and not health(ruleset, state):
        raise parser.error(f"damage(…): {ruleset.id}'s result gives no figure per player (HP, Life) "
                           "to measure damage by")
    if term.kind != "path":
        return term
    tok: Token = term.value
    problem = check_path(state, ruleset, tok.text)
    if problem:
        raise parser.error(problem, tok)
    return Term("path", tok.text)


def _event_atoms(expr: Any) -> list[EventAtom | Hit]:
    if isinstance(expr, (EventAtom, Hit)):
        return [expr]
    if isinstance(expr, Not):
        return _event_atoms(expr.inner)
    if isinstance(expr, Both):
        return [a for p in expr.parts for a in _event_atoms(p)]
    return []


# ------------------------------------------------------------------------------ evaluation
def health(ruleset: Any, state: Any) -> dict[str, Any]:
    """The first figure of the ruleset's result given per player (HP, Life): player → value."""
    figures = ruleset.result(state).figures
    names = {str(getattr(p, "name", p)) for p in ruleset.player_records(state)} if hasattr(
        ruleset, "player_records") else set()
    for value in figures.values():
        if isinstance(value, Mapping) and value and (not names or set(map(str, value)) <= names):
            return dict(value)
    return {}


def matches(atom: EventAtom | Hit, events: Sequence[Mapping[str, Any]], dropped: Callable[[str], bool]
            ) -> bool:
    """Whether a step's ``events`` make ``atom`` hold (``dropped(p)``: p's health figure fell)."""
    if isinstance(atom, Hit):
        return dropped(atom.player) or any(
            e.get("type") == "damage" and e.get("player") == atom.player for e in events)
    return any(e.get("type") == atom.type and all(str(e.get(k)) == v for k, v in atom.fields)
               for e in events)


class Evaluator:
    """Evaluates a goal's expression on a line: the state now, the event atoms that held so far,
    the health figures at the start."""

    def __init__(self, goal: Goal, ruleset: Any, start: Any) -> None:
        self.goal = goal
        self.ruleset = ruleset
        self.start_health = health(ruleset, start) if _uses_health(goal.expr) else {}

    def damage(self, state: Any, player: str) -> int:
        now = health(self.ruleset, state)
        before, after = self.start_health.get(player), now.get(player)
        if not isinstance(before, int) or not isinstance(after, int):
            return 0
        return max(0, before - after)

    def seen_after(self, seen: frozenset[int], state: Any, events: Sequence[Mapping[str, Any]]
                   ) -> frozenset[int]:
        """The event atoms (by index) that hold after a step with ``events`` reaching ``state``."""
        if not self.goal.events:
            return seen
        added = {i for i, atom in enumerate(self.goal.events) if i not in seen
                 and matches(atom, events, lambda p: self.damage(state, p) > 0)}
        return seen | added if added else seen

    def holds(self, state: Any, seen: frozenset[int]) -> bool:
        return self._eval(self.goal.expr, state, seen)

    def _eval(self, expr: Any, state: Any, seen: frozenset[int]) -> bool:
        if isinstance(expr, Compare):
            a, b = self._term(expr.left, state), self._term(expr.right, state)
            try:
                return OPS[expr.op](a, b)
            except TypeError:  # None against a number (a marker off the timeline): not met
                return False
        if isinstance(expr, (EventAtom, Hit)):
            return self.goal.events.index(expr) in seen
        if isinstance(expr, Not):
            return not self._eval(expr.inner, state, seen)
        results = (self._eval(p, state, seen) for p in expr.parts)
        return all(results) if expr.op == "and" else any(results)

    def _term(self, term: Term, state: Any) -> Any:
        if term.kind == "number":
            return term.value
        if term.kind == "damage":
            return self.damage(state, term.value)
        try:
            return resolve(state, self.ruleset, term.value)
        except PathError:
            return None


def _uses_health(expr: Any) -> bool:
    if isinstance(expr, Compare):
        return "damage" in (expr.left.kind, expr.right.kind)
    if isinstance(expr, Hit):
        return True
    if isinstance(expr, Not):
        return _uses_health(expr.inner)
    if isinstance(expr, Both):
        return any(_uses_health(p) for p in expr.parts)
    return False
