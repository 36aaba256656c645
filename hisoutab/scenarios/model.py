"""Loading a scenario file: validate everything, build the start state, and never run file content.

A scenario is loaded completely (format, ruleset, options, characters, the explicit state and its
invariants, the expectation paths) before anything runs; any problem is one :class:`InputError`
naming the file, the line and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hisoutab.engine.agents import FirstLegalAgent
from hisoutab.engine.chance import Forced
from hisoutab.engine.errors import InputError
from hisoutab.engine.game import Game
from hisoutab.engine.options import Options
from hisoutab.engine.ruleset import all_rulesets, get_ruleset
from hisoutab.engine.yamlio import Located, load_yaml, load_yaml_text

from .overlay import Overlay
from .paths import check_path

DEFAULT_RULESET = "hisoutab-0.45.2"
TOP_KEYS = ("name", "description", "ruleset", "options", "seed", "chance", "setup", "script", "until",
            "max_steps", "expect")
CHANCE_KINDS = ("die", "draw", "pick", "shuffle")
SETUP_KEYS = ("stop", "state", "next")  # the engine's own; the ruleset's setup schema adds its fields
WHEN_KEYS = ("at", "after_step", "after", "time", "at_decision")
CHECK_KEYS = ("state", "cited", "not_cited", "steps", "not_steps", "events", "says", "decision",
              "occurrence")
DECISION_KEYS = ("player", "players", "kind", "options", "includes", "excludes", "pending")
UNTIL_WORDS = ("end", "decision")
SETUP_STOPS = ("start", "setup", "decision")


@dataclass
class ScriptLine:
    choice: str | dict[str, str]
    line: int | None
    index: int


@dataclass(frozen=True)
class ForcedLine:
    """One ``chance:`` item: the forced outcome and where the file says it."""

    forced: Forced
    line: int | None
    index: int


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

    def describe(self) -> str:
        if self.when in ("start", "end"):
            return f"at {self.when}"
        if self.when == "after":
            return f"after {self.arg}" + (f" (#{self.occurrence})" if self.occurrence > 1 else "")
        if self.when == "after_step":
            return f"after step {self.arg}"
        if self.when == "decision":
            return f"at decision {self.arg}"
        return f"at time {self.arg}"


@dataclass
class Scenario:
    file: str
    located: Located
    name: str
    description: str
    ruleset: Any
    options: Options
    option_overrides: dict[str, Any]
    seed: int
    setup: dict[str, Any]
    start_state: Any
    script: list[ScriptLine]
    until: tuple[str, Any]
    max_steps: int
    expect: list[Checkpoint]
    raw: dict[str, Any] = field(default_factory=dict)
    dropped_options: list[str] = field(default_factory=list)
    chance: list[ForcedLine] = field(default_factory=list)  # forced outcomes the setup left

    def new_game(self) -> Game:
        """A game at the start state, with the forced chance outcomes the setup did not use."""
        game = Game(self.ruleset, seed=self.seed, options=self.options, setup=self.setup,
                    state=self.start_state)
        for fl in self.chance:
            game.chance.forced.append(fl.forced)
        return game

    def line(self, *path: str | int) -> int | None:
        return self.located.line_of(path)

    @property
    def golden_path(self) -> Path:
        return golden_path(self.file)


def golden_path(file: str | Path) -> Path:
    p = Path(file)
    return p.with_name(p.name.rsplit(".", 1)[0] + ".golden.txt")


def is_scenario_file(p: Path) -> bool:
    return p.suffix in (".yaml", ".yml") and not p.name.endswith((".log.yaml", ".golden.yaml"))


def find_scenarios(paths: list[str] | tuple[str, ...]) -> list[Path]:
    """Scenario files under the given files and directories, sorted."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*") if f.is_file() and is_scenario_file(f)))
        elif p.exists():
            out.append(p)
        else:
            raise InputError("no such file or directory", file=str(raw))
    return out


# --------------------------------------------------------------------------- loading
def load_scenario(path: str | Path, *, ruleset: str | None = None,
                  options: dict[str, Any] | None = None, lenient: bool = False) -> Scenario:
    """Load and fully validate a scenario file (``ruleset`` / ``options`` override the file's;
    ``lenient`` drops the file's options that the ruleset does not declare, for diffs)."""
    return parse_scenario(load_yaml(path), ruleset=ruleset, options=options, lenient=lenient)


def load_scenario_text(text: str, file: str = "<scenario>", **kw: Any) -> Scenario:
    return parse_scenario(load_yaml_text(text, file), **kw)


def _expect_type(loc: Located, path: tuple, value: Any, kind: type | tuple[type, ...], what: str
                 ) -> Any:
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise loc.error(path, f"expected {what}, got {value!r}")
    if not isinstance(value, kind):
        raise loc.error(path, f"expected {what}, got {value!r}")
    return value


def parse_scenario(loc: Located, *, ruleset: str | None = None,
                   options: dict[str, Any] | None = None, lenient: bool = False) -> Scenario:
    data = loc.data
    if not isinstance(data, dict):
        raise loc.error((), "expected a mapping with name, description, setup, script and expect")
    for key in data:
        if key not in TOP_KEYS:
            raise loc.error((key,), "unknown key; expected one of " + ", ".join(TOP_KEYS))
    for key in ("name", "description"):
        if key not in data:
            raise loc.error((key,), "missing; every scenario needs a name and a one-line description")
        _expect_type(loc, (key,), data[key], str, "a text")
    if "\n" in data["description"].strip():
        raise loc.error(("description",), "expected one line")
    rs_id = ruleset or data.get("ruleset", DEFAULT_RULESET)
    _expect_type(loc, ("ruleset",), rs_id, str, "a ruleset id")
    try:
        rs = get_ruleset(rs_id)
    except InputError:
        raise loc.error(("ruleset",), f"unknown ruleset {rs_id!r}; expected one of "
                        + ", ".join(sorted(all_rulesets()))) from None
    opts_raw = data.get("options") or {}
    _expect_type(loc, ("options",), opts_raw, dict, "a mapping of rule options")
    dropped: list[str] = []
    if lenient:
        known = {o.name for o in rs.options}
        dropped = [k for k in opts_raw if k not in known]
        opts_raw = {k: v for k, v in opts_raw.items() if k in known}
    merged = {**opts_raw, **(options or {})}
    try:
        resolved = rs.options.resolve(merged)
    except InputError as exc:
        name = exc.field or ""
        where: tuple[str | int, ...] = ("options", name) if name in opts_raw else ("options",)
        raise loc.error(where, exc.detail if name in opts_raw else f"{name}: {exc.detail}") from None
    seed = data.get("seed", 0)
    _expect_type(loc, ("seed",), seed, int, "an integer")

    setup_raw = data.get("setup") or {}
    schema_fields = tuple(getattr(rs.setup_schema, "model_fields", {}))
    allowed = schema_fields + SETUP_KEYS
    _expect_type(loc, ("setup",), setup_raw, dict, "a mapping (" + ", ".join(allowed) + ")")
    for key in setup_raw:
        if key not in allowed:
            raise loc.error(("setup", key), "unknown key; expected one of " + ", ".join(allowed))
    setup: dict[str, Any] = {k: setup_raw[k] for k in schema_fields if k in setup_raw}
    try:
        game = Game(rs, seed=seed, options=resolved, setup=setup)
    except InputError as exc:  # a character file's own error keeps naming its file and line
        raise loc.error(_setup_path(exc, setup), str(exc) if exc.file else exc.detail) from None
    ctx = game.ctx
    forced = _parse_chance(loc, data.get("chance"), game.players)
    for fl in forced:
        game.chance.forced.append(fl.forced)
    state = _standard_setup(loc, game, setup_raw)
    left = [fl for fl in forced if any(f is fl.forced for f in game.chance.forced)]
    ov = Overlay(loc, ("setup", "state"), rs, ctx)
    if "state" in setup_raw:
        state = ov.apply(state, setup_raw["state"])
    if "next" in setup_raw:
        state = _apply_next(loc, rs, state, setup_raw["next"], "agenda" in (setup_raw.get("state") or {}))
    if "state" in setup_raw or "next" in setup_raw:
        try:
            problems = rs.invariants(ctx, state) if hasattr(rs, "invariants") else []
        except Exception as exc:
            raise loc.error(("setup", "state"), f"impossible state: the invariant check failed "
                            f"({type(exc).__name__}: {exc})") from None
        if problems:
            where = ov.locate_problem(problems[0], setup_raw.get("state") or {})
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise loc.error(("setup", "state") + where, f"impossible state: {problems[0]}{more}")

    script = _parse_script(loc, data.get("script"))
    until = _parse_until(loc, data.get("until", "end"))
    max_steps = data.get("max_steps", 5000)
    _expect_type(loc, ("max_steps",), max_steps, int, "an integer")
    expect = _parse_expect(loc, data.get("expect"), state, rs)
    return Scenario(file=loc.file, located=loc, name=data["name"], description=data["description"],
                    ruleset=rs, options=resolved, option_overrides=merged, seed=seed, setup=setup,
                    start_state=state, script=script, until=until, max_steps=max_steps,
                    expect=expect, raw=data, dropped_options=dropped, chance=left)


def _setup_path(exc: InputError, setup: dict[str, Any]) -> tuple[Any, ...]:
    """Where in ``setup:`` a setup error belongs: the field it names (``setup.characters.0``), or
    the item of a list whose value the message quotes."""
    field = (exc.field or "").split(".")
    if field and field[0] == "setup":
        field = field[1:]
    path: list[Any] = [int(x) if x.isdigit() else x for x in field if x]
    if path and path[0] not in setup:
        path = []
    if not path:
        for key, value in setup.items():
            if isinstance(value, list):
                for k, item in enumerate(value):
                    if repr(item) in str(exc):
                        return ("setup", key, k)
            if repr(value) in str(exc):
                return ("setup", key)
        return ("setup", next(iter(setup))) if setup else ("setup",)
    return ("setup", *path)


def _standard_setup(loc: Located, game: Game, setup_raw: dict[str, Any]) -> Any:
    stop = setup_raw.get("stop", "setup" if "state" in setup_raw else "start")
    steps = game.ruleset.flow.steps
    if not isinstance(stop, str) or (stop not in SETUP_STOPS and stop not in steps):
        raise loc.error(("setup", "stop"), f"{stop!r}: expected one of {', '.join(SETUP_STOPS)} "
                        "or a step name")
    if stop == "start":
        return game.state
    agent = FirstLegalAgent()
    try:
        if stop == "decision":
            game.run(until="decision", max_steps=10_000)
        else:
            for _ in range(10_000):
                nxt = game.next_step()
                if nxt is None:
                    break
                if stop == "setup" and nxt.phase != "setup":
                    break
                if stop != "setup" and nxt.name == stop:
                    break
                if game.pending is not None:
                    d = game.pending
                    chosen = {p: agent.choose(game.state, d, p) for p in d.players}
                    game.choose(chosen if d.joint else chosen[d.players[0]])
                else:
                    game.step()
            else:
                raise loc.error(("setup", "stop"), f"step {stop!r} was not reached")
    except InputError:
        raise
    except Exception as exc:  # a rules error or bug while setting up: one clear line
        raise loc.error(("setup", "stop"), f"the standard setup failed: {type(exc).__name__}: "
                        f"{exc}") from None
    if game.over and stop not in ("setup", "decision"):
        raise loc.error(("setup", "stop"), f"the game ended before step {stop!r}")
    return game.state


def _apply_next(loc: Located, rs: Any, state: Any, value: Any, has_agenda: bool) -> Any:
    from hisoutab.engine.record import replace

    if has_agenda:
        raise loc.error(("setup", "next"), "give either next or state.agenda, not both")
    steps = rs.flow.steps
    if value == "keep":
        return state
    if value == "turn":
        if "timeline.advance" not in steps:
            raise loc.error(("setup", "next"), f"ruleset {rs.id} has no step timeline.advance; give "
                            "the frames as a list")
        return replace(state, agenda=(("timeline.advance",),))
    if isinstance(value, str):
        if value not in steps:
            raise loc.error(("setup", "next"), f"{value!r}: expected turn, keep, a step name or a "
                            "list of frames; known steps: " + ", ".join(sorted(steps)))
        return replace(state, agenda=((value,),))
    if isinstance(value, list):
        frames = []
        for k, f in enumerate(value):
            f = f if isinstance(f, list) else [f]
            if not f or not isinstance(f[0], str) or f[0] not in steps:
                raise loc.error(("setup", "next", k), f"unknown step {f[0] if f else f!r}; known "
                                "steps: " + ", ".join(sorted(steps)))
            frames.append(tuple(f))
        return replace(state, agenda=tuple(reversed(frames)))
    raise loc.error(("setup", "next"), f"{value!r}: expected turn, keep, a step name or a list of "
                    "frames")


def _parse_chance(loc: Located, raw: Any, players: tuple[str, ...]) -> list[ForcedLine]:
    """``chance:`` — forced outcomes of the next chance events, in order: ``{die: 5}``,
    ``{draw: jab, player: P1}``, ``{pick: P2}``, ``{shuffle: [a, b]}``."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise loc.error(("chance",), "expected a list of forced outcomes, e.g. [{die: 5}, "
                        "{draw: gohei_jab, player: P1}]")
    out = []
    for k, item in enumerate(raw):
        where: tuple[str | int, ...] = ("chance", k)
        if not isinstance(item, dict):
            raise loc.error(where, "expected a mapping with one of " + ", ".join(CHANCE_KINDS)
                            + " (and optionally player)")
        kinds = [key for key in item if key in CHANCE_KINDS]
        extra = [key for key in item if key not in CHANCE_KINDS and key != "player"]
        if extra:
            raise loc.error(where + (extra[0],), "unknown key; expected one of "
                            + ", ".join(CHANCE_KINDS) + ", player")
        if len(kinds) != 1:
            raise loc.error(where, "expected exactly one of " + ", ".join(CHANCE_KINDS))
        kind = kinds[0]
        value = item[kind]
        player = item.get("player")
        if player is not None and player not in players:
            raise loc.error(where + ("player",), f"{player!r}: expected one of {', '.join(players)}")
        if kind == "die" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise loc.error(where + (kind,), f"{value!r}: a die shows a whole number ≥ 1")
        if kind in ("draw", "pick") and not isinstance(value, str):
            raise loc.error(where + (kind,), f"{value!r}: expected a text (a card id or a label)")
        if kind == "shuffle" and (not isinstance(value, list) or not value):
            raise loc.error(where + (kind,), "expected a non-empty list: the order, top first")
        out.append(ForcedLine(Forced(kind, tuple(value) if isinstance(value, list) else value,
                                     player), loc.line_of(where), k))
    return out


def _parse_script(loc: Located, raw: Any) -> list[ScriptLine]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise loc.error(("script",), "expected a list of choices (a label, or {P1: label, P2: label})")
    out = []
    for i, item in enumerate(raw):
        if isinstance(item, dict):
            if not item or not all(isinstance(k, str) and isinstance(v, str) for k, v in item.items()):
                raise loc.error(("script", i), "expected {player: label, ...} with text labels")
        elif not isinstance(item, str):
            raise loc.error(("script", i), f"expected a label (text) or {{P1: label, P2: label}}, "
                            f"got {item!r}")
        out.append(ScriptLine(item, loc.line_of(("script", i)), i))
    return out


def _parse_until(loc: Located, raw: Any) -> tuple[str, Any]:
    if isinstance(raw, str) and raw in UNTIL_WORDS:
        return (raw, None)
    if isinstance(raw, dict) and len(raw) == 1:
        (k, v), = raw.items()
        if k in ("step", "time") and isinstance(v, int) and not isinstance(v, bool):
            return (k, v)
    raise loc.error(("until",), f"{raw!r}: expected end, decision, {{step: N}} or {{time: T}}")


def _parse_expect(loc: Located, raw: Any, state: Any, rs: Any) -> list[Checkpoint]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise loc.error(("expect",), "expected a list of checkpoints (each: at/after/after_step/"
                        "time/decision, and what to check)")
    out = []
    for i, item in enumerate(raw):
        path: tuple = ("expect", i)
        if not isinstance(item, dict):
            raise loc.error(path, "expected a mapping: a checkpoint (at: end, after: STEP, ...) and "
                            "checks (state, cited, steps, events, says, decision)")
        whens = [k for k in item if k in WHEN_KEYS]
        for k in item:
            if k not in WHEN_KEYS and k not in CHECK_KEYS:
                raise loc.error(path + (k,), "unknown key; expected a checkpoint ("
                                + ", ".join(WHEN_KEYS) + ") or a check (" + ", ".join(CHECK_KEYS) + ")")
        if len(whens) != 1:
            raise loc.error(path, "expected exactly one of " + ", ".join(WHEN_KEYS)
                            + " to say when to check")
        w = whens[0]
        arg = item[w]
        when = w
        if w == "at_decision":
            when = "decision"
        if w == "at":
            if arg not in ("start", "end"):
                raise loc.error(path + (w,), f"{arg!r}: expected start or end")
            when = arg
        elif w == "after":
            _expect_type(loc, path + (w,), arg, str, "a step name")
            if arg not in rs.flow.steps:
                raise loc.error(path + (w,), f"unknown step {arg!r}; known steps: "
                                + ", ".join(sorted(rs.flow.steps)))
        else:
            _expect_type(loc, path + (w,), arg, int, "an integer")
        occ = item.get("occurrence", 1)
        _expect_type(loc, path + ("occurrence",), occ, int, "an integer ≥ 1")
        checks = {k: v for k, v in item.items() if k in CHECK_KEYS and k != "occurrence"}
        if not checks:
            raise loc.error(path, "nothing to check: add state, cited, steps, events, says or decision")
        _validate_checks(loc, path, checks, state, rs)
        out.append(Checkpoint(i, when, arg, checks, loc.line_of(path + (w,)), path, occ))
    return out


def _validate_checks(loc: Located, path: tuple, checks: dict[str, Any], state: Any, rs: Any) -> None:
    if "state" in checks:
        st = checks["state"]
        _expect_type(loc, path + ("state",), st, dict, "a mapping of path: value (e.g. P2.hp: 17)")
        for p in st:
            if not isinstance(p, str):
                raise loc.error(path + ("state", p), "expected a path such as P2.hp")
            problem = check_path(state, rs, p)
            if problem:
                raise loc.error(path + ("state", p), problem)
    for key in ("cited", "not_cited", "steps", "not_steps", "says"):
        if key in checks:
            v = checks[key]
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise loc.error(path + (key,), "expected a list of texts")
            if key in ("steps", "not_steps"):
                for k, name in enumerate(v):
                    if name not in rs.flow.steps:
                        raise loc.error(path + (key, k), f"unknown step {name!r}; known steps: "
                                        + ", ".join(sorted(rs.flow.steps)))
            if key in ("cited", "not_cited"):
                known = set(rs.clauses) | set(rs.flow.clause_index())
                for k, cid in enumerate(v):
                    if cid not in known:
                        raise loc.error(path + (key, k), f"unknown clause {cid!r} for {rs.id}")
    if "events" in checks:
        v = checks["events"]
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            raise loc.error(path + ("events",), "expected a list of mappings, e.g. {type: guard}")
    if "decision" in checks:
        d = checks["decision"]
        if d in ("none", None):
            return
        _expect_type(loc, path + ("decision",), d, dict,
                     "a mapping (player, kind, options, includes, excludes) or none")
        for k in d:
            if k not in DECISION_KEYS:
                raise loc.error(path + ("decision", k), "unknown key; expected one of "
                                + ", ".join(DECISION_KEYS))
