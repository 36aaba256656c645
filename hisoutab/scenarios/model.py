"""Loading a scenario file: validate everything, build the start state, and never run file content.

A scenario is loaded completely (format, ruleset, options, characters, the explicit state and its
invariants, the expectation paths) before anything runs; any problem is one :class:`InputError`
naming the file, the line and the field.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hisoutab.engine.agents import FirstLegalAgent
from hisoutab.engine.chance import Chance, Forced
from hisoutab.engine.errors import InputError
from hisoutab.engine.game import Game
from hisoutab.engine.options import Options
from hisoutab.engine.ruleset import all_rulesets, get_ruleset
from hisoutab.engine.yamlio import Located, load_yaml, load_yaml_text

from .characters import resolve_characters, resolve_fighters
from .expect import Checkpoint, expect_type, parse_expect
from .frames import apply_next, dry_run_all
from .hooks import card_owner, chance_outcomes, looks_like_player, no_clock, time_axis
from .overlay import Overlay, problem_text
from .setup_paths import resolve_paths

DEFAULT_RULESET = "hisoutab-0.45.2"
TOP_KEYS = ("name", "description", "ruleset", "options", "seed", "chance", "setup", "script", "until",
            "max_steps", "expect", "refused")
#: what a ``refused:`` scenario cannot have: it never runs
NOT_WITH_REFUSED = ("script", "until", "max_steps", "expect")
CHANCE_KINDS = ("die", "draw", "pick", "shuffle")
CHANCE_EXTRA = ("player", "what", "nth")
CHANCE_ALIASES = {"coin": "pick", "bag": "draw"}  # step declarations that draw as another kind
SETUP_KEYS = ("stop", "state", "next")  # the engine's own; the ruleset's setup schema adds its fields
UNTIL_WORDS = ("end", "decision", "start")
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
    #: the frames the file put on the agenda (``setup.next`` / ``setup.state.agenda``), bottom
    #: first, each with the path of the line that gave it
    given_frames: list[tuple[str | int, ...]] = field(default_factory=list)
    #: a lenient load (for diffs): the expectations this ruleset cannot read, left out, and why
    dropped_expect: str = ""
    #: ``refused: TEXT``: the text the refusal had to contain, and the refusal itself (the file's
    #: setup was refused at load as it had to be; there is no game)
    refused: str | None = None
    refusal: str = ""

    def new_game(self) -> Game:
        """A game at the start state, with the forced chance outcomes the setup did not use."""
        if self.refused is not None:
            raise InputError("a refused: scenario has no game: its setup is refused at load, as "
                             f"it must be ({self.refusal.splitlines()[0]})", file=self.file,
                             line=self.line("refused"), field="refused")
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


#: files a scenario names that live beside it and are not scenarios themselves
NOT_SCENARIOS = (".log.yaml", ".golden.yaml", ".fighter.yaml", ".deck.yaml", ".character.yaml",
                 ".fighter.yml", ".deck.yml", ".character.yml")


def is_scenario_file(p: Path) -> bool:
    return p.suffix in (".yaml", ".yml") and not p.name.endswith(NOT_SCENARIOS)


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
    """Load and fully validate a scenario given as text (``file`` names it in messages)."""
    if not isinstance(text, str):
        raise InputError(f"load_scenario_text({type(text).__name__}): expected the scenario's "
                         "text (a str)", field="text")
    if not isinstance(file, str):
        raise InputError(f"load_scenario_text(file={type(file).__name__}): expected a file name "
                         "(a str)", field="file")
    return parse_scenario(load_yaml_text(text, file), **kw)


def parse_scenario(loc: Located, *, ruleset: str | None = None,
                   options: dict[str, Any] | None = None, lenient: bool = False) -> Scenario:
    data = _top(loc)
    rs = _ruleset(loc, ruleset or data.get("ruleset", DEFAULT_RULESET))
    if "refused" in data:
        return _refused(loc, data, rs, options=options, lenient=lenient)
    resolved, merged, dropped = _options(loc, rs, data.get("options"), options, lenient)
    seed = data.get("seed", 0)
    expect_type(loc, ("seed",), seed, int, "an integer")
    setup_raw, setup = _setup(loc, rs, data.get("setup"))
    game = _game(loc, rs, seed, resolved, setup)
    forced = _parse_chance(loc, data.get("chance"), game.players, rs)
    _check_outcomes(loc, forced, rs, game.ctx, game.players)
    for fl in forced:
        game.chance.forced.append(fl.forced)
    with forced_located(loc, forced, game.chance):
        state = _standard_setup(loc, game, setup_raw)
    left = [fl for fl in forced if any(f is fl.forced for f in game.chance.forced)]
    state, given = _explicit(loc, rs, game.ctx, state, setup_raw)
    if given:
        dry_run_all(loc, lambda st: Game(rs, seed=seed, options=resolved, setup=setup, state=st),
                    state, given)
    script = _parse_script(loc, data.get("script"))
    until = _parse_until(loc, data.get("until", "end"), rs)
    max_steps = data.get("max_steps", 5000)
    expect_type(loc, ("max_steps",), max_steps, int, "an integer ≥ 1")
    if max_steps < 1:
        raise loc.error(("max_steps",), f"expected an integer ≥ 1, got {max_steps}")
    expect, dropped_expect = _expectations(loc, data.get("expect"), state, rs, game.players, lenient)
    return Scenario(file=loc.file, located=loc, name=data["name"], description=data["description"],
                    ruleset=rs, options=resolved, option_overrides=merged, seed=seed, setup=setup,
                    start_state=state, script=script, until=until, max_steps=max_steps,
                    expect=expect, raw=data, dropped_options=dropped, chance=left,
                    given_frames=given, dropped_expect=dropped_expect)


def _refused(loc: Located, data: dict[str, Any], rs: Any, **kw: Any) -> Scenario:
    """``refused: TEXT``: the rest of the file must be refused at load, with a message containing
    TEXT (a negative test of a deck, a character, a setup); loading it otherwise is the error."""
    text = data["refused"]
    if not isinstance(text, str) or not text.strip():
        raise loc.error(("refused",), f"expected a text the refusal must contain, got {text!r}")
    for key in NOT_WITH_REFUSED:
        if key in data:
            raise loc.error((key,), "a refused: scenario never runs; expected no "
                            + ", ".join(NOT_WITH_REFUSED))
    rest = {k: v for k, v in data.items() if k != "refused"}
    try:
        parse_scenario(Located(rest, loc.lines, loc.file), ruleset=rs.id, **kw)
    except InputError as exc:
        said = str(exc)
        if text not in said:
            raise loc.error(("refused",), f"expected the setup refused with a message containing "
                            f"{text!r}; it was refused with: {said.splitlines()[0]}") from None
        return Scenario(file=loc.file, located=loc, name=data["name"],
                        description=data["description"], ruleset=rs,
                        options=rs.options.resolve({}), option_overrides={}, seed=0, setup={},
                        start_state=None, script=[], until=("end", None), max_steps=1, expect=[],
                        raw=data, refused=text, refusal=said)
    raise loc.error(("refused",), f"expected the setup refused with a message containing {text!r}; "
                    "it loads")


def _expectations(loc: Located, raw: Any, state: Any, rs: Any, players: tuple[str, ...],
                  lenient: bool) -> tuple[list[Checkpoint], str]:
    """The file's expectations; a lenient load (another ruleset's run in a diff, which compares the
    runs and checks nothing) leaves them out when this ruleset cannot read them (another clause
    table, other step names), with the reason."""
    try:
        return parse_expect(loc, raw, state, rs, players), ""
    except InputError as exc:
        if not lenient:
            raise
        return [], str(exc).splitlines()[0]


def _top(loc: Located) -> dict[str, Any]:
    data = loc.data
    if not isinstance(data, dict):
        raise loc.error((), "expected a mapping with name, description, setup, script and expect")
    for key in data:
        if key not in TOP_KEYS:
            raise loc.error((key,), "unknown key; expected one of " + ", ".join(TOP_KEYS))
    for key in ("name", "description"):
        if key not in data:
            raise loc.error((key,), "missing; every scenario needs a name and a one-line description")
        expect_type(loc, (key,), data[key], str, "a text")
    if "\n" in data["description"].strip():
        raise loc.error(("description",), "expected one line")
    return data


def _ruleset(loc: Located, rs_id: Any) -> Any:
    expect_type(loc, ("ruleset",), rs_id, str, "a ruleset id")
    try:
        return get_ruleset(rs_id)
    except InputError:
        raise loc.error(("ruleset",), f"unknown ruleset {rs_id!r}; expected one of "
                        + ", ".join(sorted(all_rulesets()))) from None


def _options(loc: Located, rs: Any, raw: Any, options: dict[str, Any] | None, lenient: bool
             ) -> tuple[Options, dict[str, Any], list[str]]:
    opts_raw = {} if raw is None else raw
    expect_type(loc, ("options",), opts_raw, dict, "a mapping of rule options")
    dropped: list[str] = []
    if lenient:
        known = {o.name for o in rs.options}
        dropped = [k for k in opts_raw if k not in known]
        opts_raw = {k: v for k, v in opts_raw.items() if k in known}
    opts_raw = rs.options.read_in(opts_raw, Path(loc.file).parent)  # the file's paths, its folder's
    merged = {**opts_raw, **(options or {})}
    try:
        return rs.options.resolve(merged), merged, dropped
    except InputError as exc:
        name = exc.field or ""
        where: tuple[str | int, ...] = ("options", name) if name in opts_raw else ("options",)
        text = exc.detail if name in opts_raw or not name else f"{name}: {exc.detail}"
        raise loc.error(where, text) from None


def _setup(loc: Located, rs: Any, raw: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """(``setup:`` as written, the ruleset's setup fields of it with characters resolved)."""
    setup_raw = {} if raw is None else raw
    schema_fields = tuple(getattr(rs.setup_schema, "model_fields", {}))
    allowed = schema_fields + SETUP_KEYS
    expect_type(loc, ("setup",), setup_raw, dict, "a mapping (" + ", ".join(allowed) + ")")
    for key in setup_raw:
        if key not in allowed:
            raise loc.error(("setup", key), "unknown key; expected one of " + ", ".join(allowed))
    setup: dict[str, Any] = {k: setup_raw[k] for k in schema_fields if k in setup_raw}
    if "decks" in setup:  # fighters written inline in a deck
        setup["decks"] = resolve_fighters(loc, rs, setup["decks"])
    resolved = resolve_characters(loc, rs, setup["characters"]) if "characters" in setup else None
    for key in setup:  # every other file name is a path from the scenario's folder too
        if key != "characters" or resolved is None:
            setup[key] = resolve_paths(loc, setup[key], ("setup", key))
    if resolved is not None:
        setup["characters"] = resolved
    return setup_raw, setup


def _game(loc: Located, rs: Any, seed: int, resolved: Options, setup: dict[str, Any]) -> Game:
    try:
        return Game(rs, seed=seed, options=resolved, setup=setup)
    except InputError as exc:  # a character file's own error keeps naming its file and line
        if exc.file == loc.file:  # an inline character: its place in the scenario
            raise loc.error(_setup_path(exc, setup), exc.detail) from None
        raise loc.error(_setup_path(exc, setup), str(_with_line(exc)) if exc.file
                        else exc.detail) from None


def _explicit(loc: Located, rs: Any, ctx: Any, state: Any, setup_raw: dict[str, Any]
              ) -> tuple[Any, list[tuple[str | int, ...]]]:
    """The start state with ``setup.state`` and ``setup.next`` applied and its invariants
    checked; the paths of the frames the file gave (bottom first)."""
    ov = Overlay(loc, ("setup", "state"), rs, ctx)
    set_up = state
    if "state" in setup_raw:
        state = ov.apply(state, setup_raw["state"])
    given: list[tuple[str | int, ...]] = []
    if "next" in setup_raw:
        state, given = _next(loc, rs, state, setup_raw)
    elif isinstance(setup_raw.get("state"), dict) and "agenda" in setup_raw["state"]:
        given = [("setup", "state", "agenda", j) for j in range(len(state.agenda))]
    if "state" in setup_raw or "next" in setup_raw:
        _invariants(loc, rs, ctx, ov, set_up, state, setup_raw)
    return state, given


def _next(loc: Located, rs: Any, state: Any, setup_raw: dict[str, Any]
          ) -> tuple[Any, list[tuple[str | int, ...]]]:
    stop = setup_raw.get("stop", "setup" if "state" in setup_raw else "start")
    if stop == "start" and "state" not in setup_raw and setup_raw["next"] != "keep":
        raise loc.error(("setup", "next"), "setup.next needs a state set up: the standard setup "
                        "never ran (stop: start); add a state (the setup then runs to its end) "
                        "or stop: setup")
    state = apply_next(loc, rs, state, setup_raw["next"], "agenda" in (setup_raw.get("state") or {}))
    if setup_raw["next"] == "keep":
        return state, []
    n = len(state.agenda)
    return state, [("setup", "next") if isinstance(setup_raw["next"], str)
                   else ("setup", "next", n - 1 - j) for j in range(n)]


def _invariants(loc: Located, rs: Any, ctx: Any, ov: Overlay, set_up: Any, state: Any,
                setup_raw: dict[str, Any]) -> None:
    try:
        problems = rs.invariants(ctx, state) if hasattr(rs, "invariants") else []
    except Exception as exc:
        raise loc.error(("setup", "state"), f"impossible state: the invariant check failed "
                        f"({type(exc).__name__}: {exc})") from None
    if problems:
        where = ov.locate_problem(problems[0], setup_raw.get("state") or {},
                                  _clears(loc, rs, ctx, set_up, setup_raw, problems[0]))
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        text = problem_text(problems[0], setup_raw.get("state") or {}, where)
        raise loc.error(("setup", "state") + where, f"impossible state: {text}{more}")


@contextmanager
def forced_located(loc: Located, forced: list[ForcedLine], chance: Any) -> Iterator[None]:
    """An error about a forced outcome (a die above its sides, a card not in the pile) raised
    while the block runs: located at its ``chance:`` entry."""
    try:
        yield
    except InputError as exc:
        fl = forced_line_of(exc, forced, chance)
        if fl is None:
            raise
        raise loc.error(("chance", fl.index), exc.detail) from None


def forced_line_of(exc: InputError, forced: list[ForcedLine], chance: Any) -> ForcedLine | None:
    """The ``chance:`` entry an error is about: the one it names by its source, else the forced
    outcome taken last, when the error is about chance."""
    text = str(exc)
    for fl in forced:
        src = getattr(fl.forced, "source", None)
        if src and src in text:
            return fl
    if not (exc.field or "").startswith("chance"):
        return None
    used = getattr(chance, "used", [])
    last = used[-1] if used else None
    return next((fl for fl in forced if fl.forced is last), None)


def _clears(loc: Located, rs: Any, ctx: Any, state: Any, setup_raw: dict[str, Any], problem: str
            ) -> Any:
    """``clears(path)``: whether the overlay without ``path`` no longer has ``problem``."""
    def clears(path: tuple[str | int, ...]) -> bool:
        overlay = dict(setup_raw.get("state") or {})
        inner = dict(overlay.get(path[0]) or {})
        inner.pop(path[1], None)
        overlay[path[0]] = inner
        try:
            again = rs.invariants(ctx, Overlay(loc, ("setup", "state"), rs, ctx).apply(state, overlay))
        except Exception:
            return False
        def shape(text: str) -> str:  # the problem without its numbers: (3,9) and (1,9) alike
            return re.sub(r"-?\d+", "#", text)
        return shape(problem) not in {shape(p) for p in again}
    return clears


def _with_line(exc: InputError) -> InputError:
    """A file's error that names a field but no line: the line of that field in the file."""
    if exc.line is not None or not exc.file or not exc.field:
        return exc
    try:
        line = load_yaml(exc.file).line_of(tuple(exc.field.split(".")))
    except InputError:
        return exc
    return InputError(exc.detail, file=exc.file, line=line, field=exc.field)


def _setup_path(exc: InputError, setup: dict[str, Any]) -> tuple[Any, ...]:
    """Where in ``setup:`` a setup error belongs: the field it names (``setup.characters.0``), or
    the item of a list whose value the message quotes."""
    field = (exc.field or "").split(".")
    if field and field[0] == "setup":
        field = field[1:]
    path: list[Any] = [int(x) if x.isdigit() else x for x in field if x]
    if path and path[0] not in setup:
        path = []
    if len(path) == 1 and isinstance(setup.get(path[0]), list):
        for k, item in enumerate(setup[path[0]]):
            if not isinstance(item, str) and repr(item) in str(exc):
                return ("setup", path[0], k)
    if not path:
        return _quoted_setup_path(exc, setup)
    return ("setup", *path)


def _quoted_setup_path(exc: InputError, setup: dict[str, Any]) -> tuple[Any, ...]:
    """The setup field (or list item) whose value an error without a field quotes."""
    for key, value in setup.items():
        if isinstance(value, list):
            for k, item in enumerate(value):
                named = item if isinstance(item, str) else getattr(item, "file", None)
                if repr(item) in str(exc) or (named and exc.file == named):
                    return ("setup", key, k)
            for k, item in enumerate(value):
                if isinstance(item, str) and item in str(exc):
                    return ("setup", key, k)
        if repr(value) in str(exc):
            return ("setup", key)
    return ("setup", next(iter(setup))) if setup else ("setup",)


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


def _parse_chance(loc: Located, raw: Any, players: tuple[str, ...], rs: Any = None
                  ) -> list[ForcedLine]:
    """``chance:`` — forced outcomes of the next chance events, in order: ``{die: 5}``,
    ``{draw: jab, player: P1}``, ``{pick: P2}``, ``{shuffle: [a, b]}``; ``what:`` names the draw
    (``{die: 6, what: attack die}``), ``nth:`` which matching draw from now on takes it."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise loc.error(("chance",), "expected a list of forced outcomes, e.g. [{die: 5}, "
                        "{draw: gohei_jab, player: P1}]")
    declared = declared_kinds(rs) if rs is not None else None
    return [_chance_item(loc, k, item, players, declared) for k, item in enumerate(raw)]


def _check_outcomes(loc: Located, forced: list[ForcedLine], rs: Any, ctx: Any,
                    players: tuple[str, ...]) -> None:
    """Each forced outcome can happen in this game: a drawn card is a card of the game (of the
    player it is forced for, when it names one), a picked player plays, a die face is on the die."""
    for fl in forced:
        f = fl.forced
        where: tuple[str | int, ...] = ("chance", fl.index, f.kind)
        if f.kind == "pick" and looks_like_player(f.value, players) and f.value not in players:
            raise loc.error(where, f"{f.value!r}: no such player; the players are "
                            + ", ".join(players))
        known = chance_outcomes(rs, ctx, f.kind)
        if known is None or f.kind == "shuffle":
            continue
        if f.kind == "draw":
            cards = [c for c in known if isinstance(c, str)]
            if f.player is not None:
                cards = [c for c in cards if card_owner(rs, c, players) in (f.player, None)]
            if not any(_names_card(c, f.value) for c in cards):
                whose = f" of {f.player}" if f.player is not None else ""
                raise loc.error(where, f"{f.value!r}: no such card{whose} in this game; a forced "
                                "draw names a card of the game (its id or instance)")
        elif f.value not in known:
            shown = ", ".join(sorted(map(str, known)))
            raise loc.error(where, f"{f.value!r}: a {f.kind} here is one of {shown}")


def _names_card(card: str, value: Any) -> bool:
    """Whether a forced draw's value names ``card`` (its instance, copy or id, as chance does)."""
    short = card.split("/", 1)[-1]
    return bool(card == value or short == value or short.split("#", 1)[0] == value)


def declared_kinds(rs: Any) -> set[str]:
    """The chance kinds a ruleset's steps declare they may draw (a bag's draw is a ``draw``)."""
    kinds = getattr(Chance, "kinds_declared", None)
    if callable(kinds):
        try:
            return set(kinds(rs.flow))
        except Exception:  # an engine without the helper's expectations: the steps' own
            pass
    out: set[str] = set()
    for sd in rs.flow.steps.values():
        out.update(CHANCE_ALIASES.get(k, k) for k in sd.chance)
    return out


def _chance_item(loc: Located, k: int, item: Any, players: tuple[str, ...],
                 declared: set[str] | None) -> ForcedLine:
    where: tuple[str | int, ...] = ("chance", k)
    if not isinstance(item, dict):
        raise loc.error(where, "expected a mapping with one of " + ", ".join(CHANCE_KINDS)
                        + " (and optionally " + ", ".join(CHANCE_EXTRA) + ")")
    kinds = [key for key in item if key in CHANCE_KINDS]
    extra = [key for key in item if key not in CHANCE_KINDS and key not in CHANCE_EXTRA]
    if extra:
        raise loc.error(where + (extra[0],), "unknown key; expected one of "
                        + ", ".join(CHANCE_KINDS + CHANCE_EXTRA))
    if len(kinds) != 1:
        raise loc.error(where, "expected exactly one of " + ", ".join(CHANCE_KINDS))
    kind = kinds[0]
    value = item[kind]
    _check_value(loc, where + (kind,), kind, value)
    if declared is not None and kind not in declared:
        raise loc.error(where + (kind,), f"the ruleset never draws a {kind} (its steps declare "
                        + (", ".join(sorted(declared)) or "no chance") + ")")
    player = item.get("player")
    if player is not None and player not in players:
        raise loc.error(where + ("player",), f"{player!r}: expected one of {', '.join(players)}")
    what = item.get("what")
    if what is not None and not isinstance(what, str):
        raise loc.error(where + ("what",), f"{what!r}: expected a text (what the draw is for, "
                        "as its chance event says)")
    nth = item.get("nth", 1)
    if isinstance(nth, bool) or not isinstance(nth, int) or nth < 1:
        raise loc.error(where + ("nth",), f"{nth!r}: expected a whole number ≥ 1 (1: the next "
                        "matching draw)")
    line = loc.line_of(where)
    source = f"{loc.file}:{line}" if line is not None else loc.file
    forced = make_forced(kind, tuple(value) if isinstance(value, list) else value, player,
                         what=what, nth=nth if "nth" in item else None, source=source)
    if forced is None:
        raise loc.error(where + ("what" if what is not None else "nth",),
                        "this engine matches a forced outcome by kind and player only")
    return ForcedLine(forced, line, k)


def _check_value(loc: Located, where: tuple[str | int, ...], kind: str, value: Any) -> None:
    if kind == "die" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise loc.error(where, f"{value!r}: a die shows a whole number ≥ 1")
    if kind in ("draw", "pick") and not isinstance(value, str):
        raise loc.error(where, f"{value!r}: expected a text (a card id or a label)")
    if kind == "shuffle" and (not isinstance(value, list) or not value):
        raise loc.error(where, "expected a non-empty list: the order, top first")


def make_forced(kind: str, value: Any, player: str | None, *, what: str | None, nth: int | None,
                source: str) -> Forced | None:
    """A forced outcome with the engine's matching by ``what`` and ``nth`` and its ``source``
    (None when the engine cannot match by what was asked)."""
    force: Any = Chance().force  # the engine's, with what / nth / source when it has them
    try:
        forced: Forced = force(kind, value, player=player, what=what, nth=nth, source=source)
        return forced
    except TypeError:  # an engine whose force() takes no what / nth / source
        if what is not None or nth not in (None, 1):
            return None
        return Forced(kind, value, player)


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


def _parse_until(loc: Located, raw: Any, rs: Any = None) -> tuple[str, Any]:
    if isinstance(raw, str) and raw in UNTIL_WORDS:
        return (raw, None)
    if isinstance(raw, dict) and len(raw) == 1:
        (k, v), = raw.items()
        if k in ("step", "time") and isinstance(v, int) and not isinstance(v, bool):
            if v < 0:
                raise loc.error(("until", k), f"expected an index ≥ 0, got {v}")
            if k == "time" and rs is not None and time_axis(rs) is None:
                raise loc.error(("until", k), no_clock(rs))
            return (k, v)
    raise loc.error(("until",), f"{raw!r}: expected end, decision, start, {{step: N}} or "
                    "{time: T}")
