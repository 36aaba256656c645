"""Checking many scenarios, clause coverage, and one scenario under two rulesets (diff)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hisoutab.engine.errors import InputError
from hisoutab.engine.record import to_dict
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.presentation.compare import Comparison, compare_games
from hisoutab.presentation.rerun import decision_kind, options_from_choices, replay, vocabulary

from .model import find_scenarios, load_scenario
from .runner import Result, run_file, run_scenario


def check_paths(paths: list[str] | tuple[str, ...], **kw: Any) -> list[Result]:
    """Every scenario under ``paths``, each run on its own: one that fails to load or to run is a
    failed result, and the others still run."""
    return [run_file(p, **kw) for p in find_scenarios(list(paths))]


def check_summary(results: list[Result]) -> dict[str, Any]:
    return {
        "passed": sum(1 for r in results if r.passed),
        "failed": sum(1 for r in results if not r.passed),
        "total": len(results),
        "scenarios": [r.to_dict() for r in results],
    }


# -------------------------------------------------------------------------------- coverage
def coverage(paths: list[str] | tuple[str, ...], ruleset: str | None = None) -> dict[str, Any]:
    """Clause IDs cited by the steps the scenarios ran, against the ruleset's clause table.

    ``covered`` / ``total`` / ``missing`` are over the whole ``clauses`` table; ``implemented`` counts
    only the clauses some declared step cites, and ``implemented_missing`` lists those no scenario
    reached. Scenarios of other rulesets are skipped (listed in ``skipped``)."""
    rs = get_ruleset(ruleset) if ruleset else None
    cited: dict[str, list[str]] = {}
    skipped, failed, used = [], [], []
    for p in find_scenarios(list(paths)):
        try:
            sc = load_scenario(p)
        except InputError as exc:
            failed.append({"file": str(p), "error": str(exc)})
            continue
        if rs is None:
            rs = sc.ruleset
        if sc.ruleset.id != rs.id:
            skipped.append(str(p))
            continue
        r = run_scenario(sc, golden=False)
        if not r.passed:
            failed.append({"file": str(p), "error": str(r.failures[0])})
        used.append(str(p))
        for s in r.steps:
            for c in s.clauses:
                cited.setdefault(c, [])
                if str(p) not in cited[c]:
                    cited[c].append(str(p))
    if rs is None:
        rs = get_ruleset("hisoutab-0.45.2")
    table = list(rs.clauses)
    implemented = [c for c in table if c in rs.flow.clause_index()]
    covered = [c for c in table if c in cited]
    return {
        "ruleset": rs.id,
        "scenarios": len(used),
        "covered": len(covered),
        "total": len(table),
        "percent": round(100 * len(covered) / len(table), 1) if table else 100.0,
        "missing": [c for c in table if c not in cited],
        "implemented": {"covered": sum(1 for c in implemented if c in cited),
                        "total": len(implemented)},
        "implemented_missing": [c for c in implemented if c not in cited],
        "other_cited": sorted(c for c in cited if c not in rs.clauses),
        "cited_by": {c: cited[c] for c in table if c in cited},
        "skipped": skipped,
        "failed": failed,
    }


# ------------------------------------------------------------------------------------ diff
def _flatten(value: Any, prefix: str = "", out: dict[str, Any] | None = None) -> dict[str, Any]:
    out = {} if out is None else out
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{prefix}.{k}" if prefix else str(k), out)
    elif isinstance(value, list) and value and any(isinstance(v, (dict, list)) for v in value):
        for i, v in enumerate(value):
            _flatten(v, f"{prefix}.{i}", out)
    else:
        out[prefix] = value
    return out


def _named(state: Any, names: tuple[str, ...]) -> dict[str, Any]:
    d: dict[str, Any] = to_dict(state)
    for k, v in list(d.items()):
        if isinstance(v, list) and v and all(isinstance(x, dict) and x.get("name") in names for x in v):
            del d[k]
            for x in v:
                d[x["name"]] = x
    return d


@dataclass
class Diff:
    """One scenario run twice. ``comparison`` is the first meaningful difference (the states, not
    the step logs: :mod:`hisoutab.presentation.compare`); ``first_difference`` and ``lines`` are
    where the step logs part (clause IDs and wording included), ``state_differences`` the final
    states' differing paths."""

    file: str
    a: str
    b: str
    results: tuple[Result, Result]
    first_difference: int | None = None
    lines: tuple[str | None, str | None] = (None, None)
    state_differences: list[tuple[str, Any, Any]] = field(default_factory=list)
    comparison: Comparison | None = None
    #: B's run is A's line re-run through the vocabulary B's ruleset declares for A's: what was
    #: mapped, and where and why the lines part ("": B ran the file's own script)
    mapping: str = ""

    @property
    def same(self) -> bool:
        return self.first_difference is None and not self.state_differences

    def statement(self) -> str:
        """The first meaningful difference in words (or why there is no comparison)."""
        if self.comparison is not None:
            return self.comparison.text()
        ra, rb = self.results
        missing = [tag for tag, r in (("A", ra), ("B", rb)) if r.game is None]
        return f"nothing to compare: {' and '.join(missing)} did not load"

    def to_dict(self) -> dict[str, Any]:
        ra, rb = self.results
        return {
            "file": self.file, "a": self.a, "b": self.b, "same": self.same,
            "first_difference": self.first_difference,
            "step_a": self.lines[0], "step_b": self.lines[1],
            "steps": [len(ra.steps), len(rb.steps)],
            "passed": [ra.passed, rb.passed],
            "dropped_options": [r.scenario.dropped_options if r.scenario else [] for r in (ra, rb)],
            "dropped_expect": [r.scenario.dropped_expect if r.scenario else "" for r in (ra, rb)],
            "failures": [[str(f) for f in ra.failures], [str(f) for f in rb.failures]],
            "end_differences": [{"path": p, "a": va, "b": vb} for p, va, vb in self.state_differences],
            "comparison": self.comparison.to_dict() if self.comparison is not None else None,
            "mapping": self.mapping or None,
            "statement": self.statement(),
        }


def diff_scenario(path: str, a: str, b: str, options_a: dict[str, Any] | None = None,
                  options_b: dict[str, Any] | None = None) -> Diff:
    """Run one scenario under rulesets ``a`` and ``b`` (with extra options each); report the first
    meaningful difference (``comparison``), the first step where the logs part and the state
    differences at the end."""
    ra = run_file(path, ruleset=a, options=options_a or {}, golden=False, lenient=True)
    if ra.scenario is not None and ra.scenario.refused is not None:
        raise InputError("a refused: scenario runs nothing to compare (its setup is refused at "
                         "load, as it must be)", file=str(path), line=ra.scenario.line("refused"),
                         field="refused")
    mapped = _mapped_run(path, ra, b, options_b or {})
    rb = mapped[0] if mapped is not None else run_file(path, ruleset=b, options=options_b or {},
                                                       golden=False, lenient=True)
    label_a = a + (f" {options_a}" if options_a else "")
    label_b = b + (f" {options_b}" if options_b else "")
    d = Diff(str(path), label_a, label_b, (ra, rb), mapping=mapped[1] if mapped is not None else "")
    la = [s.line() for s in ra.steps]
    lb = [s.line() for s in rb.steps]
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else None
        y = lb[i] if i < len(lb) else None
        if x != y:
            d.first_difference = i
            d.lines = (x, y)
            break
    if ra.game is not None and rb.game is not None:
        names = tuple(ra.game.players)
        fa = _flatten(_named(ra.game.state, names))
        fb = _flatten(_named(rb.game.state, tuple(rb.game.players)))
        for k in sorted(set(fa) | set(fb)):
            va, vb = fa.get(k, "<absent>"), fb.get(k, "<absent>")
            if va != vb and k != "rng":
                d.state_differences.append((k, va, vb))
        if fa.get("rng") != fb.get("rng") and not d.state_differences and d.first_difference is None:
            d.state_differences.append(("rng", fa.get("rng"), fb.get("rng")))
        own = mapped[2] if mapped is not None else ((), ())
        d.comparison = compare_games(ra.game, rb.game, labels=(label_a, label_b), own=own)
    elif (ra.game is None) != (rb.game is None):
        d.first_difference = 0
    return d



def _mapped_run(path: str, ra: Result, b: str, options_b: dict[str, Any]
                ) -> tuple[Result, str, tuple[frozenset[str], frozenset[str]]] | None:
    """B's run as A's line re-run under ruleset ``b`` (another ruleset that declares a vocabulary
    for A's): B's game starts where the file says, and A's choices are played through the
    vocabulary (:func:`hisoutab.presentation.rerun.replay`) instead of the file's script, which
    answers A's decisions, not B's. None: the same ruleset, no vocabulary, or A or B did not load
    (then B runs the file as written)."""
    if ra.game is None or ra.game.ruleset.id == b:
        return None
    source = ra.game
    try:
        vocab = vocabulary(source.ruleset, b)
        chosen, notes = options_from_choices(source, vocab)
        sc = load_scenario(path, ruleset=b, options={**chosen, **options_b}, lenient=True)
    except InputError:
        return None
    game = sc.new_game()
    rerun = replay(game, [s for s in source.history if s.choice is not None], sc.max_steps, vocab,
                   lambda step: decision_kind(source, step))
    rerun.notes[:0] = notes
    result = Result(sc, str(path), game, stopped=rerun.parted or "the line of A replayed")
    return (result, f"A's choices mapped by {b}'s vocabulary for {source.ruleset.id}: {rerun.report}",
            vocab.own)
