"""Running a scenario: the script answers the decisions, the checkpoints check the expectations.

Everything that goes wrong while running is a :class:`Failure` naming the file and the line of the
script line or expectation concerned; nothing raises past :func:`run_scenario` except a bug.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hisoutab.engine.errors import HisoutabError, InputError
from hisoutab.engine.files import read_text, write_file
from hisoutab.engine.game import Game, Step
from hisoutab.engine.visibility import seen_history

from .expect import Checkpoint, view_specs
from .hooks import clock
from .model import Scenario, forced_line_of
from .overlay import aliases_for
from .paths import PathError, matches, normal, resolve, show, value_form


@dataclass
class Failure:
    file: str
    line: int | None
    field: str | None
    message: str
    expected: Any = None
    actual: Any = None
    has_values: bool = False

    def where(self) -> str:
        w = self.file + (f":{self.line}" if self.line is not None else "")
        return w + (f": {self.field}" if self.field else "")

    def __str__(self) -> str:
        text = f"{self.where()}: {self.message}"
        if self.has_values:
            text += f"\n  expected: {show(self.expected)}\n  actual:   {show(self.actual)}"
        return text

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"file": self.file, "line": self.line, "field": self.field,
                             "message": self.message}
        if self.has_values:
            d["expected"] = normal(self.expected)
            d["actual"] = normal(self.actual)
        return d


@dataclass
class Result:
    scenario: Scenario | None
    file: str
    game: Game | None = None
    failures: list[Failure] = field(default_factory=list)
    stopped: str = ""
    golden_diff: list[str] = field(default_factory=list)
    checked: int = 0

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def steps(self) -> list[Step]:
        return self.game.history if self.game is not None else []

    def last_steps(self, n: int = 8) -> list[str]:
        return [s.line() for s in self.steps[-n:]]

    def report(self, n: int = 8) -> str:
        """All failures, then the last steps that ran."""
        lines = [str(f) for f in self.failures]
        if self.scenario is not None and self.scenario.refused is not None and not lines:
            lines.append(self.stopped)  # nothing ran: what the refusal was
        if self.golden_diff:
            lines.append("step log differs from the golden log:")
            lines += ["  " + d for d in self.golden_diff]
        if self.steps:
            lines.append(f"last steps ({self.stopped}):")
            lines += ["  " + s for s in self.last_steps(n)]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        sc = self.scenario
        return {
            "file": self.file, "name": sc.name if sc else None, "passed": self.passed,
            "steps": len(self.steps), "stopped": self.stopped, "checkpoints": self.checked,
            "failures": [f.to_dict() for f in self.failures], "golden_diff": self.golden_diff,
            "last_steps": self.last_steps() if self.failures else [],
        }


Prompt = Callable[[Game, Any], "str | dict[str, str] | None"]


_STOP = object()  # the run stops at this decision


class _At:
    """A checkpoint being checked: its label, the steps since the previous one, and the line and
    field of each of its checks."""

    def __init__(self, cp: Checkpoint, loc: Any, steps: list[Step]) -> None:
        self.cp, self.loc, self.steps = cp, loc, steps
        self.label = cp.describe()

    def line(self, *k: Any) -> int | None:
        line: int | None = self.loc.line_of(self.cp.path + k)
        return line

    def fld(self, *k: Any) -> str:
        return ".".join(str(x) for x in self.cp.path + k)


class _Seen(_At):
    """A ``view:`` check of a checkpoint: its label says whose view, its lines and fields are
    below ``view`` (and the entry's index, for a list of views)."""

    def __init__(self, at: _At, label: str, where: tuple[Any, ...]) -> None:
        super().__init__(at.cp, at.loc, at.steps)
        self.label, self.where = label, where

    def line(self, *k: Any) -> int | None:
        return super().line(*self.where, *k)

    def fld(self, *k: Any) -> str:
        return super().fld(*self.where, *k)


class _Run:
    def __init__(self, sc: Scenario, until: str | None, prompt: Prompt | None,
                 on_step: Callable[[Step], None] | None) -> None:
        self.sc = sc
        self.game = sc.new_game()
        self.result = Result(sc, sc.file, self.game)
        self.until = until
        self.prompt = prompt
        self.on_step = on_step
        self.window = 0
        self.pending_checks = list(sc.expect)
        self.decisions = 0
        self.seen_names: dict[Any, int] = {}
        self.names = tuple(self.game.players)
        self.aliases = aliases_for(sc.ruleset)
        self._counted: Any = None
        self.quit = False
        self.si = 0  # the next script line

    def fail(self, line: int | None, fld: str | None, message: str, **values: Any) -> None:
        f = Failure(self.sc.file, line, fld, message)
        if values:
            f.expected, f.actual, f.has_values = values["expected"], values["actual"], True
        self.result.failures.append(f)

    # --------------------------------------------------------------- checks
    def check(self, cp: Checkpoint) -> None:
        self.result.checked += 1
        g = self.game
        steps = g.history[self.window:]
        self.window = len(g.history)
        at = _At(cp, self.sc.located, steps)
        c = cp.checks
        for path, expected in (c.get("state") or {}).items():
            self._check_value(at, path, expected)
        for key in ("contains", "not_contains"):
            for path, want in (c.get(key) or {}).items():
                self.check_contains(key, path, want, at.label, at.line, at.fld)
        self._check_cited(at, c)
        self._check_steps(at, c)
        self._check_events(at, c.get("events", ()))
        self._check_says(at, c, [s.sentence for s in at.steps])
        if "view" in c:
            self._check_views(at, c["view"])
        if "decision" in c:
            self.check_decision(cp, c["decision"], at.label, at.line, at.fld)

    def _check_value(self, at: _At, path: str, expected: Any, state: Any = None,
                     where: tuple[Any, ...] = ()) -> None:
        try:
            actual = resolve(self.game.state if state is None else state, self.sc.ruleset, path)
        except PathError as exc:
            self.fail(at.line(*where, "state", path), at.fld(*where, "state", path),
                      f"{at.label}: {exc}")
            return
        last = path.rsplit(".", 1)[-1]
        if isinstance(expected, str) and expected in self.aliases.get(last, {}):
            expected = self.aliases[last][expected]
        if not matches(normal(actual), expected, self.names):
            self.fail(at.line(*where, "state", path), at.fld(*where, "state", path),
                      f"{at.label}: {path}", expected=expected, actual=actual)

    def _check_views(self, at: _At, views: Any) -> None:
        """``view:``: the state as each named player sees it, and the sentences they were shown
        since the previous checkpoint."""
        g = self.game
        for sub, spec in view_specs(views):
            who = spec["player"]
            where = ("view", *sub)
            seen = g.view(who)
            label = f"{at.label}, as {who} sees it"
            for path, expected in (spec.get("state") or {}).items():
                self._check_value(_Seen(at, label, where), path, expected, seen)
            for key in ("contains", "not_contains"):
                for path, want in (spec.get(key) or {}).items():
                    self.check_contains(key, path, want, label,
                                        lambda *k, w=where: at.line(*w, *k),
                                        lambda *k, w=where: at.fld(*w, *k), seen)
            if "says" in spec or "not_says" in spec:
                shown = seen_history(self.sc.ruleset, g.ctx, at.steps, who)
                self._check_says(_Seen(at, label, where), spec, [s.sentence for s in shown],
                                 {s.index: s.sentence for s in shown})

    def _check_cited(self, at: _At, c: dict[str, Any]) -> None:
        cited = {cl for s in at.steps for cl in s.clauses}
        for k, cid in enumerate(c.get("cited", ())):
            if cid not in cited:
                self.fail(at.line("cited", k), at.fld("cited", k),
                          f"{at.label}: no step since the previous checkpoint cited {cid}",
                          expected=cid, actual=sorted(cited))
        for k, cid in enumerate(c.get("not_cited", ())):
            if cid in cited:
                who = next(s for s in at.steps if cid in s.clauses)
                self.fail(at.line("not_cited", k), at.fld("not_cited", k),
                          f"{at.label}: step {who.index} {who.name} cited {cid}")

    def _check_steps(self, at: _At, c: dict[str, Any]) -> None:
        names = [s.name for s in at.steps]
        want = list(c.get("steps", ()))
        it = iter(names)
        missing = [n for n in want if not any(n == x for x in it)]
        if missing:
            self.fail(at.line("steps"), at.fld("steps"),
                      f"{at.label}: steps not taken in this order since the previous checkpoint "
                      f"(first missing: {missing[0]})", expected=want, actual=names)
        for k, n in enumerate(c.get("not_steps", ())):
            if n in names:
                self.fail(at.line("not_steps", k), at.fld("not_steps", k),
                          f"{at.label}: step {n} was taken")

    def _check_events(self, at: _At, wanted: Any) -> None:
        events = [e for s in at.steps for e in s.events]
        pos = 0
        for k, ev in enumerate(wanted):
            while pos < len(events) and not matches(normal(events[pos]), ev, self.names):
                pos += 1
            if pos >= len(events):
                self.fail(at.line("events", k), at.fld("events", k),
                          f"{at.label}: no such event (in order) since the previous checkpoint",
                          expected=ev, actual=[normal(e) for e in events])
                return
            pos += 1

    def _check_says(self, at: _At, c: dict[str, Any], sentences: list[str],
                    shown: dict[int, str] | None = None) -> None:
        for k, text in enumerate(c.get("says", ())):
            if not any(text in s for s in sentences):
                self.fail(at.line("says", k), at.fld("says", k),
                          f"{at.label}: no step sentence since the previous checkpoint contains it",
                          expected=text, actual=sentences[-6:])
        for k, text in enumerate(c.get("not_says", ())):
            said = next((s for s in at.steps
                         if text in (s.sentence if shown is None else shown.get(s.index, ""))), None)
            if said is not None:
                sentence = said.sentence if shown is None else shown[said.index]
                self.fail(at.line("not_says", k), at.fld("not_says", k),
                          f"{at.label}: step {said.index} {said.name} says it: {sentence}")

    def check_contains(self, key: str, path: str, want: Any, label: str, line: Any, fld: Any,
                       state: Any = None) -> None:
        try:
            actual = resolve(self.game.state if state is None else state, self.sc.ruleset, path)
        except PathError as exc:
            self.fail(line(key, path), fld(key, path), f"{label}: {exc}")
            return
        held = [normal(x) for x in (actual if isinstance(actual, (list, tuple)) else [actual])]
        for k, card in enumerate(want if isinstance(want, list) else [want]):
            found = any(x is not None and matches(x, card, self.names) for x in held)
            if found != (key == "contains"):
                where = (key, path, k) if isinstance(want, list) else (key, path)
                self.fail(line(*where), fld(*where),
                          f"{label}: {path} {'holds no' if key == 'contains' else 'holds'} {card}",
                          expected=f"{'' if key == 'contains' else 'no '}{card}", actual=held)

    def check_decision(self, cp: Checkpoint, want: Any, label: str, line: Any, fld: Any) -> None:
        d = self.game.pending
        if want in ("none", None):
            if d is not None:
                self.fail(line("decision"), fld("decision"), f"{label}: a decision is pending",
                          expected=None, actual=repr(d))
            return
        if d is None:
            self.fail(line("decision"), fld("decision"), f"{label}: no decision is pending")
            return
        if "pending" in want and want["pending"] is False:
            self.fail(line("decision", "pending"), fld("decision", "pending"),
                      f"{label}: a decision is pending", expected=None, actual=repr(d))
        for key, actual in (("kind", d.kind), ("player", d.player), ("players", list(d.players))):
            if key in want and not matches(actual, want[key], self.names):
                self.fail(line("decision", key), fld("decision", key), f"{label}: decision {key}",
                          expected=want[key], actual=actual)
        for key in ("options", "options_any_order", "includes", "excludes"):
            if key in want:
                self._check_labels(d, key, want[key], label, line, fld)

    def _check_labels(self, d: Any, key: str, spec: Any, label: str, line: Any, fld: Any) -> None:
        whole = isinstance(spec, dict) and value_form(spec) is None  # per player
        per = spec if whole else {d.player: spec}
        if not whole and d.joint:
            per = {p: spec for p in d.players}
        for p, labels in per.items():
            if p not in d.players:
                self.fail(line("decision", key), fld("decision", key),
                          f"{label}: {p} does not decide now ({', '.join(d.players)} decide)")
                continue
            have = list(d.labels(p))
            as_set = key == "options_any_order" or value_form(labels) == "any_order"
            labels = labels["any_order"] if value_form(labels) == "any_order" else labels
            labels = [labels] if isinstance(labels, str) else list(labels)
            if key == "options" and not as_set:
                ok = have == labels
            elif as_set and key in ("options", "options_any_order"):
                ok = sorted(have) == sorted(labels)
            elif key == "includes":
                ok = all(x in have for x in labels)
            else:
                ok = not any(x in have for x in labels)
            if not ok:
                self.fail(line("decision", key), fld("decision", key),
                          f"{label}: {p}'s options ({key})", expected=labels, actual=have)

    def due(self, when: str, arg: Any = None) -> None:
        for cp in list(self.pending_checks):
            hit = False
            if cp.when == when == "start" or cp.when == when == "end":
                hit = True
            elif cp.when == when == "decision":
                hit = cp.arg == arg
            elif when == "step":
                step: Step = arg
                if cp.when == "after_step":
                    hit = step.index == cp.arg
                elif cp.when == "after":
                    key = (step.name, cp.player) if cp.player else step.name
                    hit = (step.name == cp.arg and self.seen_names.get(key) == cp.occurrence
                           and (cp.player is None or cp.player in self.players_of(step)))
                elif cp.when == "time":
                    hit = self._time_reached(cp.arg)
            elif when == "start" and cp.when == "time":
                hit = self._time_reached(cp.arg)
            if hit:
                self.pending_checks.remove(cp)
                self.check(cp)

    def _time_reached(self, t: int, strictly: bool = False) -> bool:
        now = clock(self.sc.ruleset, self.game.state)
        return now is not None and (now > t if strictly else now >= t)

    # ------------------------------------------------------------------ run
    def run(self) -> Result:
        try:
            return self._run()
        except InputError as exc:
            fl = forced_line_of(exc, self.sc.chance, self.game.chance)
            if fl is None:
                raise
            self.fail(fl.line, f"chance.{fl.index}", exc.detail)
            self.result.stopped = "a forced outcome could not be used"
            return self.result
        except HisoutabError:
            raise
        except Exception as exc:  # a bug in the rules: report it, never a traceback
            g = self.game
            nxt = g.next_step()
            line, fld, given = self.given_frame()
            self.fail(line, fld, f"the ruleset raised {type(exc).__name__}: {exc} (after "
                      f"{len(g.history)} steps; next step: {nxt.name if nxt else '-'})" + given)
            self.result.stopped = "error in the ruleset"
            return self.result

    def given_frame(self) -> tuple[int | None, str | None, str]:
        """When the frame that failed is one the file gave (``setup.next``, ``state.agenda``),
        never popped since: its line and field."""
        g, given = self.game, self.sc.given_frames
        agenda = g.state.agenda
        low = min([len(s.after.agenda) for s in g.history] + [len(g.initial.agenda)])
        top = len(agenda) - 1
        if not agenda or top >= min(low, len(given)):
            return None, None, ""
        path = given[top]
        frame = "[" + ", ".join(str(x) for x in agenda[-1]) + "]"
        return (self.sc.located.line_of(path), ".".join(map(str, path)),
                f"; the frame {frame} comes from {'.'.join(map(str, path[:2]))}")

    def _run(self) -> Result:
        g = self.game
        self.si = 0
        self.due("start")
        while True:
            stop = self._stop_reason()
            if stop is not None:
                self.result.stopped = stop
                break
            decision = g.pending
            if decision is not None:
                if self._counted is not g.state:
                    self._counted = g.state
                    self.decisions += 1
                    self.due("decision", self.decisions)
                step = self._decide(decision)
                if step is _STOP:
                    break
            else:
                step = g.step()
            if step is None:
                continue
            assert isinstance(step, Step)
            self._took(step)
        return self._finish()

    def _stop_reason(self) -> str | None:
        """Why the run stops before its next step (None: it goes on)."""
        sc, g = self.sc, self.game
        until, arg = sc.until
        if g.over:
            return "the game is over"
        if until == "step" and arg is not None and len(g.history) > arg:
            return f"after step {arg}"
        if until == "start":
            return "at the start"
        if until == "time" and arg is not None and self._time_reached(arg, strictly=True):
            return f"time passed {arg}"
        if len(g.history) >= sc.max_steps:
            self.fail(sc.line("max_steps") or None, "max_steps",
                      f"the run took {sc.max_steps} steps without stopping")
            return "max_steps"
        return None

    def _decide(self, decision: Any) -> Step | object | None:
        """The pending decision answered by the next script line, else the prompt; ``_STOP`` when
        the run stops here."""
        sc, g, script = self.sc, self.game, self.sc.script
        if self.si < len(script):
            sl = script[self.si]
            self.si += 1
            try:
                return g.choose(sl.choice)
            except (HisoutabError, TypeError) as exc:
                self.fail(sl.line, f"script.{sl.index}",
                          f"{sl.choice!r} does not answer the pending decision: {exc}")
                self.result.stopped = f"script line {sl.index + 1} failed"
                return _STOP
        until = sc.until[0]
        if until == "decision" or (until == "step" and self.prompt is None):
            # until: {step: N} stops at a decision met first that the script does not answer,
            # as until: decision does
            self.result.stopped = "at a decision the script does not answer"
            return _STOP
        if self.prompt is None:
            last = script[-1].line if script else sc.line("script") or sc.line()
            self.fail(last, "script", "the script ended but a decision is pending: "
                      + "; ".join(f"{p} must choose ({decision.kind}) among "
                                  + ", ".join(repr(x) for x in decision.labels(p))
                                  for p in decision.players)
                      + " (add a script line, or say until: decision)")
            self.result.stopped = "unanswered decision"
            return _STOP
        answer = self.prompt(g, decision)
        if answer is None:
            self.result.stopped = "stopped at the prompt"
            self.quit = True
            return _STOP
        return self._choose_interactive(answer)

    def _finish(self) -> Result:
        g, script = self.game, self.sc.script
        if self.si < len(script):
            sl = script[self.si]
            self.fail(sl.line, f"script.{sl.index}",
                      f"script line {sl.choice!r} was never used ({self.result.stopped})")
        self.due("end")
        for cp in self.pending_checks:
            self.fail(cp.line, ".".join(map(str, cp.path)),
                      f"checkpoint {cp.describe()} was never reached (the run stopped: "
                      f"{self.result.stopped}, after {len(g.history)} steps)")
        if self.until is not None and not self.quit and not self.result.failures:
            self.extend(self.until)
        for fl in self.sc.chance:
            if any(f is fl.forced for f in g.chance.forced):
                self.fail(fl.line, f"chance.{fl.index}",
                          f"forced {fl.forced.describe()} was never used ({self.result.stopped})")
        return self.result

    def players_of(self, step: Step) -> tuple[str, ...]:
        """Whose step it is: who chose in it; for a step nobody chose, the player its first event
        names, else the turn player(s) (of the turn the step begins, for a step between turns)."""
        if step.choice:
            return tuple(step.choice)
        for e in step.events:
            who = e.get("player") if isinstance(e, dict) else None
            if isinstance(who, str):
                return (who,)
        actor = step.actor
        if actor == "-":
            actor = self.sc.ruleset.turn_info(step.after)[1]
        return tuple(actor.split("+"))

    def _took(self, step: Step) -> None:
        self.seen_names[step.name] = self.seen_names.get(step.name, 0) + 1
        for p in self.players_of(step):
            self.seen_names[(step.name, p)] = self.seen_names.get((step.name, p), 0) + 1
        if self.on_step is not None:
            self.on_step(step)
        self.due("step", step)

    def _choose_interactive(self, answer: Any) -> Step | None:
        try:
            return self.game.choose(answer)
        except HisoutabError as exc:
            self.fail(None, "interactive", str(exc))
            return None

    def extend(self, mode: str) -> None:
        """Go on past the scenario's end: one more ``step``, to the next ``turn``, to the next
        ``decision``, or to the ``end``; decisions are asked with the prompt (if any)."""
        g = self.game
        taken = 0
        limit = len(g.history) + self.sc.max_steps
        while not g.over and len(g.history) < limit:
            d = g.pending
            if d is not None:
                if mode == "decision" or self.prompt is None:
                    self.result.stopped = f"--until {mode}: at a decision"
                    return
                answer = self.prompt(g, d)
                if answer is None:
                    self.result.stopped = "stopped at the prompt"
                    return
                step = self._choose_interactive(answer)
                if step is None:
                    continue
            else:
                step = g.step()
            taken += 1
            if self.on_step is not None:
                self.on_step(step)
            if mode == "step" or (mode == "turn" and "turn" in self.sc.ruleset.flow.steps[step.name].tags):
                self.result.stopped = f"--until {mode}: after {taken} more step(s)"
                return
        self.result.stopped = "the game is over" if g.over else f"--until {mode}: step limit"


def run_scenario(sc: Scenario, *, until: str | None = None, prompt: Prompt | None = None,
                 on_step: Callable[[Step], None] | None = None, golden: bool = True) -> Result:
    """Run a loaded scenario and check its expectations. ``until`` (step, turn, decision, end) then
    goes on past the scenario's own end, for exploring; ``prompt(game, decision)`` answers the
    decisions the script does not (returning None stops)."""
    if not isinstance(sc, Scenario):
        raise InputError(f"run_scenario({type(sc).__name__}): expected a loaded Scenario "
                         "(load_scenario or load_scenario_text gives one)", field="sc")
    if sc.refused is not None:  # refused at load as it had to be: nothing runs
        return Result(sc, sc.file, stopped=f"refused at load, as expected: {sc.refusal}", checked=1)
    result = _Run(sc, until, prompt, on_step).run()
    if golden and until is None:
        gp = Path(sc.golden_path)
        if gp.exists():
            try:
                result.golden_diff = compare_golden(gp, result.steps)
            except InputError as exc:  # not UTF-8, a folder, too large: a failure, not a crash
                result.failures.append(Failure(str(gp), None, None, exc.detail))
                return result
            if result.golden_diff:
                result.failures.append(Failure(
                    sc.file, None, None, f"the step log differs from the golden log {gp.name} "
                    "(re-record with `hisoutab record` if the rule change is intended)"))
    return result


def run_file(path: str | Path, **kw: Any) -> Result:
    """Load and run; a load error, and any error while running, becomes a failed result (one
    message naming the file, and the line when known): it never stops the caller."""
    from .model import load_scenario

    try:
        sc = load_scenario(path, **{k: v for k, v in kw.items() if k in ("ruleset", "options",
                                                                          "lenient")})
    except InputError as exc:
        return failed_result(path, Failure(exc.file or str(path), exc.line, exc.field, exc.detail),
                             "not loaded")
    except Exception as exc:  # a bug met while loading: this file fails, the others still run
        return failed_result(path, Failure(str(path), None, None, _internal(exc, "loading")),
                             "not loaded")
    try:
        return run_scenario(sc, **{k: v for k, v in kw.items()
                                   if k not in ("ruleset", "options", "lenient")})
    except HisoutabError as exc:
        f = Failure(exc.file or str(path), exc.line, exc.field, exc.detail) if isinstance(
            exc, InputError) and exc.file else Failure(str(path), None, None,
                                                       _internal(exc, "running"))
        return failed_result(path, f, "error while running", sc)
    except Exception as exc:  # a bug met while running: this file fails, the others still run
        return failed_result(path, Failure(str(path), None, None, _internal(exc, "running")),
                             "error while running", sc)


def failed_result(path: str | Path, failure: Failure, stopped: str,
                  sc: Scenario | None = None) -> Result:
    r = Result(sc, str(path))
    r.failures.append(failure)
    r.stopped = stopped
    return r


def _internal(exc: BaseException, doing: str) -> str:
    text = (str(exc).splitlines() or [""])[0][:300]
    return f"internal error while {doing} the scenario: {type(exc).__name__}: {text}"


# ------------------------------------------------------------------------------ golden logs
GOLDEN_HEADER = "# golden step log: index|time|step|clauses|sentence (written by `hisoutab record`)"


GOLDEN_MAX_BYTES = 64 * 1024 * 1024  # a golden log of 5000 steps is well under 1 MB

def log_lines(steps: list[Step]) -> list[str]:
    return [s.line() for s in steps]


def write_golden(sc: Scenario, result: Result) -> Path:
    gp = Path(sc.golden_path)
    text = "\n".join([GOLDEN_HEADER, f"# scenario: {sc.name}", *log_lines(result.steps)]) + "\n"
    return write_file(gp, text, force=True, field="golden log")  # atomic: the old log survives a crash


def read_golden(path: Path) -> list[str]:
    text = read_text(path, limit=GOLDEN_MAX_BYTES, what="golden log")
    return [x for x in text.splitlines() if x and not x.startswith("#")]


def compare_golden(path: Path, steps: list[Step]) -> list[str]:
    old = read_golden(path)
    new = log_lines(steps)
    if old == new:
        return []
    return list(difflib.unified_diff(old, new, "golden", "now", lineterm="", n=1))
