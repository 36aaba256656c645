"""The ``expect:`` part of a scenario: checkpoints (when to check) and their checks (what), all
validated when the file is loaded, each problem naming its line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hisoutab.engine.yamlio import Located

from .hooks import no_clock, time_axis
from .paths import check_path, form_problem, value_form

WHEN_KEYS = ("at", "after_step", "after", "time", "at_decision")
CHECK_KEYS = ("state", "contains", "not_contains", "cited", "not_cited", "steps", "not_steps",
              "events", "says", "not_says", "decision", "view", "occurrence", "player")
MODIFIERS = ("occurrence", "player")  # refine ``after:``; not checks of their own
DECISION_KEYS = ("player", "players", "kind", "options", "options_any_order", "includes", "excludes",
                 "pending")
#: ``view:`` checks what one player sees: their view of the state and the sentences they are shown
VIEW_KEYS = ("player", "state", "contains", "not_contains", "says", "not_says")


@dataclass
class Checkpoint:
    """One ``expect`` item: when to check (``when``, ``arg``) and what (``checks``)."""

    index: int
    when: str  # "start", "end", "after_step", "after", "time", "decision"
    arg: Any
    checks: dict[str, Any]
    line: int | None
    path: tuple[str | int, ...]
    occurrence: int = 1
    player: str | None = None  # ``after:`` counts only the steps of this player

    def describe(self) -> str:
        if self.when in ("start", "end"):
            return f"at {self.when}"
        if self.when == "after":
            by = f" by {self.player}" if self.player else ""
            return f"after {self.arg}{by}" + (f" (#{self.occurrence})" if self.occurrence > 1 else "")
        if self.when == "after_step":
            return f"after step {self.arg}"
        if self.when == "decision":
            return f"at decision {self.arg}"
        return f"at time {self.arg}"


def expect_type(loc: Located, path: tuple[Any, ...], value: Any, kind: type | tuple[type, ...], what: str
                 ) -> Any:
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise loc.error(path, f"expected {what}, got {value!r}")
    if not isinstance(value, kind):
        raise loc.error(path, f"expected {what}, got {value!r}")
    return value


def parse_expect(loc: Located, raw: Any, state: Any, rs: Any, players: tuple[str, ...] = ()
                  ) -> list[Checkpoint]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise loc.error(("expect",), "expected a list of checkpoints (each: at/after/after_step/"
                        "time/decision, and what to check)")
    return [_checkpoint(loc, i, item, state, rs, players) for i, item in enumerate(raw)]


def _checkpoint(loc: Located, i: int, item: Any, state: Any, rs: Any, players: tuple[str, ...]
                ) -> Checkpoint:
    path: tuple[Any, ...] = ("expect", i)
    if not isinstance(item, dict):
        raise loc.error(path, "expected a mapping: a checkpoint (at: end, after: STEP, ...) and "
                        "checks (state, cited, steps, events, says, decision)")
    for k in item:
        if k not in WHEN_KEYS and k not in CHECK_KEYS:
            raise loc.error(path + (k,), "unknown key; expected a checkpoint ("
                            + ", ".join(WHEN_KEYS) + ") or a check (" + ", ".join(CHECK_KEYS) + ")")
    whens = [k for k in item if k in WHEN_KEYS]
    if len(whens) != 1:
        raise loc.error(path, "expected exactly one of " + ", ".join(WHEN_KEYS)
                        + " to say when to check")
    w = whens[0]
    arg = item[w]
    when = _when(loc, path, w, arg, rs)
    occ, who = _modifiers(loc, path, item, w, players)
    checks = {k: v for k, v in item.items() if k in CHECK_KEYS and k not in MODIFIERS}
    if not checks:
        raise loc.error(path, "nothing to check: add state, contains, cited, steps, events, "
                        "says or decision")
    _validate_checks(loc, path, checks, state, rs, players)
    return Checkpoint(i, when, arg, checks, loc.line_of(path + (w,)), path, occ, who)


def _when(loc: Located, path: tuple[Any, ...], w: str, arg: Any, rs: Any) -> str:
    """The checkpoint's kind (start, end, after, after_step, time, decision), its value checked."""
    if w == "at":
        if arg not in ("start", "end"):
            raise loc.error(path + (w,), f"{arg!r}: expected start or end")
        return str(arg)
    if w == "after":
        expect_type(loc, path + (w,), arg, str, "a step name")
        if arg not in rs.flow.steps:
            raise loc.error(path + (w,), f"unknown step {arg!r}; known steps: "
                            + ", ".join(sorted(rs.flow.steps)))
        return w
    if w == "time" and time_axis(rs) is None:
        raise loc.error(path + (w,), no_clock(rs))
    least = 1 if w == "at_decision" else 0
    what = "a decision number ≥ 1" if least else "an integer ≥ 0"
    expect_type(loc, path + (w,), arg, int, what)
    if arg < least:
        raise loc.error(path + (w,), f"expected {what}, got {arg}")
    return "decision" if w == "at_decision" else w


def _modifiers(loc: Located, path: tuple[Any, ...], item: dict[str, Any], w: str, players: tuple[str, ...]
               ) -> tuple[int, str | None]:
    for mod in MODIFIERS:
        if mod in item and w != "after":
            raise loc.error(path + (mod,), f"{mod} refines after: STEP; expected it only "
                            "with after")
    occ = item.get("occurrence", 1)
    expect_type(loc, path + ("occurrence",), occ, int, "an integer ≥ 1")
    if occ < 1:
        raise loc.error(path + ("occurrence",), f"expected an integer ≥ 1, got {occ}")
    who = item.get("player")
    if who is not None and who not in players:
        raise loc.error(path + ("player",), f"{who!r}: expected one of {', '.join(players)}")
    return occ, who


def _validate_checks(loc: Located, path: tuple[Any, ...], checks: dict[str, Any], state: Any, rs: Any,
                     players: tuple[str, ...] = ()) -> None:
    _content_checks(loc, path, checks, state, rs)
    if "events" in checks:
        v = checks["events"]
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            raise loc.error(path + ("events",), "expected a list of mappings, e.g. {type: guard}")
    if "view" in checks:
        _view_check(loc, path + ("view",), checks["view"], state, rs, players)
    if "decision" in checks:
        d = checks["decision"]
        if d in ("none", None):
            return
        expect_type(loc, path + ("decision",), d, dict,
                     "a mapping (player, kind, options, includes, excludes) or none")
        for k in d:
            if k not in DECISION_KEYS:
                raise loc.error(path + ("decision", k), "unknown key; expected one of "
                                + ", ".join(DECISION_KEYS))
        _validate_decision(loc, path + ("decision",), d, players)


def view_specs(v: Any) -> list[tuple[tuple[int, ...], dict[str, Any]]]:
    """The player views a ``view:`` check asks for (one mapping, or a list of them), each with
    its path below ``view``."""
    return [((), v)] if isinstance(v, dict) else [((k,), x) for k, x in enumerate(v)]


def _view_check(loc: Located, path: tuple[Any, ...], v: Any, state: Any, rs: Any,
                players: tuple[str, ...]) -> None:
    what = ("a mapping {player: P2, state: ..., contains: ..., not_contains: ..., says: ..., "
            "not_says: ...}, or a list of them")
    if not isinstance(v, dict) and not (isinstance(v, list) and v and all(isinstance(x, dict)
                                                                          for x in v)):
        raise loc.error(path, f"expected {what}, got {v!r}")
    for sub, spec in view_specs(v):
        where = path + sub
        for k in spec:
            if k not in VIEW_KEYS:
                raise loc.error(where + (k,), "unknown key; expected one of " + ", ".join(VIEW_KEYS))
        if "player" not in spec:
            raise loc.error(where, "missing player: whose view to check (" + ", ".join(players) + ")")
        if not isinstance(spec["player"], str) or (players and spec["player"] not in players):
            raise loc.error(where + ("player",), f"{spec['player']!r}: expected one of "
                            + ", ".join(players))
        if len(spec) == 1:
            raise loc.error(where, "nothing to check: add state, contains, not_contains, says or "
                            "not_says")
        _content_checks(loc, where, spec, state, rs)


def _content_checks(loc: Located, path: tuple[Any, ...], checks: dict[str, Any], state: Any,
                    rs: Any) -> None:
    """The checks of state paths, zones and texts among ``checks`` (a checkpoint's or a view's)."""
    if "state" in checks:
        _state_check(loc, path, checks["state"], state, rs)
    for key in ("contains", "not_contains"):
        if key in checks:
            _contains_check(loc, path + (key,), checks[key], state, rs)
    for key in ("cited", "not_cited", "steps", "not_steps", "says", "not_says"):
        if key in checks:
            _texts_check(loc, path + (key,), key, checks[key], rs)


def _state_check(loc: Located, path: tuple[Any, ...], st: Any, state: Any, rs: Any) -> None:
    expect_type(loc, path + ("state",), st, dict, "a mapping of path: value (e.g. P2.hp: 17)")
    for p, value in st.items():
        if not isinstance(p, str):
            raise loc.error(path + ("state", p), "expected a path such as P2.hp")
        problem = check_path(state, rs, p) or form_problem(value)
        if problem:
            raise loc.error(path + ("state", p), problem)


def _contains_check(loc: Located, path: tuple[Any, ...], st: Any, state: Any, rs: Any) -> None:
    expect_type(loc, path, st, dict, "a mapping of zone: cards (e.g. P1.hand: [gohei_jab])")
    for p, cards in st.items():
        if not isinstance(p, str):
            raise loc.error(path + (p,), "expected a path such as P1.hand")
        problem = check_path(state, rs, p)
        if problem:
            raise loc.error(path + (p,), problem)
        items = cards if isinstance(cards, list) else [cards]
        if not items or not all(isinstance(c, str) for c in items):
            raise loc.error(path + (p,), "expected a card id or a non-empty list of card ids")


def _texts_check(loc: Located, path: tuple[Any, ...], key: str, v: Any, rs: Any) -> None:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise loc.error(path, "expected a list of texts")
    if key in ("steps", "not_steps"):
        for k, name in enumerate(v):
            if name not in rs.flow.steps:
                raise loc.error(path + (k,), f"unknown step {name!r}; known steps: "
                                + ", ".join(sorted(rs.flow.steps)))
    if key in ("cited", "not_cited"):
        known = set(rs.clauses) | set(rs.flow.clause_index())
        for k, cid in enumerate(v):
            if cid not in known:
                raise loc.error(path + (k,), f"unknown clause {cid!r} for {rs.id}")


def _labels_ok(v: Any) -> bool:
    return isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v))


def _validate_decision(loc: Located, path: tuple[Any, ...], d: dict[str, Any], players: tuple[str, ...]
                       ) -> None:
    """The decision check's own fields: players by name, labels as texts."""
    for key in ("player", "kind"):
        if key in d and value_form(d[key]) == "one_of":
            problem = form_problem(d[key])
            if problem:
                raise loc.error(path + (key, "one_of"), problem)
    who: Any = d.get("player")
    named = [] if "player" not in d else who["one_of"] if value_form(who) == "one_of" else [who]
    for p in named:
        if not isinstance(p, str) or (players and p not in players):
            raise loc.error(path + ("player",), f"{p!r}: expected one of {', '.join(players)}")
    if "players" in d:
        v = d["players"]
        if not isinstance(v, list) or not all(isinstance(x, str) and (not players or x in players)
                                              for x in v):
            raise loc.error(path + ("players",), f"expected a list of players ({', '.join(players)})")
    if "kind" in d and not isinstance(d["kind"], str) and value_form(d["kind"]) != "one_of":
        raise loc.error(path + ("kind",), f"expected a decision kind (a text), got {d['kind']!r}")
    if "pending" in d and not isinstance(d["pending"], bool):
        raise loc.error(path + ("pending",), f"expected true or false, got {d['pending']!r}")
    for key in ("options", "options_any_order", "includes", "excludes"):
        if key in d:
            _labels_check(loc, path + (key,), d[key], players)


def _set_form_check(loc: Located, path: tuple[Any, ...], v: dict[str, Any]) -> None:
    """``options: {any_order: [...]}``: the options as a set."""
    labels = v["any_order"]
    if not isinstance(labels, list) or not labels or not _labels_ok(labels):
        raise loc.error(path + ("any_order",), "expected a non-empty list of option labels (texts)")


def _labels_check(loc: Located, path: tuple[Any, ...], v: Any, players: tuple[str, ...]) -> None:
    if value_form(v) == "any_order" and path[-1] == "options":  # the set form
        _set_form_check(loc, path, v)
        return
    if isinstance(v, dict):
        for p, labels in v.items():
            if players and p not in players:
                raise loc.error(path + (p,), f"{p!r}: expected one of {', '.join(players)}")
            if value_form(labels) == "any_order" and path[-1] == "options":
                _set_form_check(loc, path + (p,), labels)
            elif not _labels_ok(labels):
                raise loc.error(path + (p,), "expected a list of option labels (texts)")
    elif not _labels_ok(v):
        raise loc.error(path, "expected a list of option labels (texts), or "
                        "{P1: [...], P2: [...]} per player")
