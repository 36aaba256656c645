"""Scenario commands: run, check, record, capture, diff, coverage (see docs/scenarios.md)."""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.text import Text

from hisoutab.cli.common import (
    DEFAULT_RULESET,
    console,
    friendly,
    option_items,
    parse_options,
    parse_setup,
    setup_options,
)
from hisoutab.engine.errors import InputError
from hisoutab.engine.files import check_target, write_file
from hisoutab.presentation.terminal import escape


def _print_result(out: Any, result: Any, verbose_steps: int = 8) -> None:
    if result.passed:
        out.print(f"[bold green]PASS[/] {escape(result.file)} — {result.checked} checkpoint(s), "
                  f"{len(result.steps)} steps, stopped: {escape(result.stopped)}")
        return
    out.print(f"[bold red]FAIL[/] {escape(result.file)}")
    out.print(Text(result.report(verbose_steps)))


def _prompt(out: Any) -> Any:
    from hisoutab.presentation.base import presentation_for
    from hisoutab.presentation.cards import beside, option_words

    def ask(game: Any, decision: Any) -> Any:
        answers: dict[str, str] = {}
        for p in decision.players:
            labels = decision.labels(p)
            out.print(f"[bold]{escape(p)}[/] decides ({escape(decision.kind)}, "
                      f"{escape(', '.join(decision.clauses))}): {escape(decision.prompt)}")
            for k, (label, words) in enumerate(option_words(presentation_for(game.ruleset), game,
                                                            decision, p), 1):
                out.print(f"  {k:>2}. {escape(beside(label, words))}")
            while True:
                raw = click.prompt(f"{p} (number or label, q to stop)", default="1").strip()
                if raw in ("q", "quit"):
                    return None
                if raw.isdigit() and 1 <= int(raw) <= len(labels):
                    answers[p] = labels[int(raw) - 1]
                    break
                if raw in labels:
                    answers[p] = raw
                    break
                out.print(f"[red]{escape(repr(raw))} is not an option[/]")
        return answers if decision.joint else answers[decision.players[0]]

    return ask


@click.command("run")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--until", type=click.Choice(["step", "turn", "decision", "end"]), default=None,
              help="Once the script is used up: take one more step, finish the turn, stop at the "
                   "next decision, or play to the end (default: the scenario's own `until`).")
@click.option("--interactive", "-i", is_flag=True,
              help="Prompt for the choices the script does not give.")
@friendly
def run_cmd(file: str, until: str | None, interactive: bool) -> None:
    """Run one scenario with a step-by-step trace and check its expectations."""
    from hisoutab.presentation.terminal import step_line
    from hisoutab.scenarios import load_scenario, run_scenario

    out = console()
    sc = load_scenario(file)
    out.print(f"[bold]{escape(sc.name)}[/] — {escape(sc.description)} ({escape(sc.ruleset.id)}, "
              f"seed {sc.seed})")
    if interactive and until is None:
        until = "end"
    result = run_scenario(sc, until=until, prompt=_prompt(out) if interactive else None,
                          on_step=lambda s: out.print(step_line(s)))
    _print_result(out, result, 0)
    game = result.game
    if game is not None and not game.over and game.pending is not None:
        from hisoutab.presentation.base import presentation_for
        from hisoutab.presentation.cards import beside, option_words

        d, pres = game.pending, presentation_for(game.ruleset)
        out.print(escape("pending: " + "; ".join(
            f"{p} ({d.kind}): " + ", ".join(beside(lb, w) for lb, w in option_words(pres, game, d, p))
            for p in d.players)))
    sys.exit(0 if result.passed else 1)


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print passed, failed and per-scenario details.")
@friendly
def check_cmd(paths: tuple[str, ...], as_json: bool) -> None:
    """Run every scenario under PATHS; exit 0 only if all pass."""
    from hisoutab.scenarios import check_paths, check_summary

    results = check_paths(paths)
    if not results:
        raise InputError("no scenario files (*.yaml) there", file=", ".join(paths))
    summary = check_summary(results)
    if as_json:
        click.echo(json.dumps(summary, indent=2, default=str))
    else:
        out = console()
        width = max((len(r.file) for r in results), default=10)
        out.print(f"[bold]{'result':<6}  {'file':<{width}}  {'steps':>5}  {'checks':>6}  scenario[/]")
        for r in results:
            mark = "[green]PASS  [/]" if r.passed else "[bold red]FAIL  [/]"
            name = r.scenario.name if r.scenario else "(not loaded)"
            out.print(mark + Text(f"  {r.file:<{width}}  {len(r.steps):>5}  {r.checked:>6}  "
                                      f"{name}").markup)
        for r in results:
            if not r.passed:
                out.print(f"\n[bold red]FAIL[/] {escape(r.file)}")
                out.print(Text(r.report()))
        out.print(f"{summary['passed']} passed, {summary['failed']} failed")
    sys.exit(0 if summary["failed"] == 0 and results else 1)


@click.command("record")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@friendly
def record_cmd(files: tuple[str, ...]) -> None:
    """Write each scenario's full step log next to it (FILE.golden.txt); `check` compares with it."""
    from hisoutab.scenarios import load_scenario, run_scenario, write_golden

    for f in files:
        sc = load_scenario(f)
        result = run_scenario(sc, golden=False)
        if not result.passed:
            raise InputError("the scenario fails; fix it before recording:\n" + result.report(),
                             file=f)
        path = write_golden(sc, result)
        click.echo(f"wrote {path} ({len(result.steps)} steps)")


@click.command("capture")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--step", "steps", type=int, required=True, help="Steps of a random game to play first.")
@setup_options
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@option_items
@click.option("--output", "-o", "output", type=click.Path(dir_okay=False), default=None,
              help="Write the scenario here (default: print it).")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@friendly
def capture_cmd(seed: int, steps: int, p1: str | None, p2: str | None, setup_items: tuple[str, ...],
                ruleset: str, options: tuple[str, ...], output: str | None, force: bool) -> None:
    """Play a random game for --step steps and write a scenario that starts at that state."""
    from hisoutab.engine.agents import RandomAgent
    from hisoutab.engine.game import Game
    from hisoutab.scenarios import capture

    if steps < 0:
        raise InputError(f"expected 0 or more steps, got {steps}", field="--step")
    if output:
        check_target(output, force=force)
    setup = parse_setup(ruleset, setup_items, p1, p2)
    game = Game(ruleset, seed=seed, options=parse_options(options), setup=setup)
    if steps:
        game.run(until="end", agents=RandomAgent(seed), max_steps=steps)
    text = capture(game)
    if output:
        write_file(output, text, force=force)
        click.echo(f"wrote {output} (state after {game.cursor} steps)")
    else:
        click.echo(text, nl=False)


@click.command("diff")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--rulesets", default=None, metavar="A,B",
              help="Two ruleset ids (default: the scenario's own, twice).")
@click.option("--options-a", multiple=True, metavar="KEY=VALUE", help="Options for run A.")
@click.option("--options-b", multiple=True, metavar="KEY=VALUE", help="Options for run B.")
@click.option("--json", "as_json", is_flag=True)
@click.option("-o", "--out", default=None, metavar="OUT.html",
              help="Also write the two state pictures side by side at the first difference and at the end.")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@friendly
def diff_cmd(file: str, rulesets: str | None, options_a: tuple[str, ...],
             options_b: tuple[str, ...], as_json: bool, out: str | None, force: bool) -> None:
    """Run one scenario under two rulesets (or option sets): the first point where the states
    differ in a way that means something (not clause IDs or step names), where the step logs part,
    and the state differences at the end. Exit 0 when identical, 1 when they differ."""
    from hisoutab.scenarios import diff_scenario

    a, b = _diff_rulesets(file, rulesets)
    opts_a = _diff_options(a, options_a, "--options-a")
    opts_b = _diff_options(b, options_b, "--options-b")
    if out is not None:
        _html_target(out, force)
    d = diff_scenario(file, a, b, opts_a, opts_b)
    written = _write_comparison(d, out, force) if out is not None else None
    if as_json:
        click.echo(json.dumps(d.to_dict(), indent=2, default=str))
        sys.exit(0 if d.same else 1)
    con = console()
    _print_runs(con, d)
    if written is not None:
        con.print(f"wrote {escape(str(written))}")
    if d.same:
        con.print("[green]identical step logs and final states[/]")
        sys.exit(0)
    _print_comparison(con, d)
    _print_end_differences(con, d)
    sys.exit(1)


def _diff_rulesets(file: str, rulesets: str | None) -> tuple[str, str]:
    """The two ruleset ids of ``diff --rulesets A,B`` (default: the scenario's own, twice)."""
    from hisoutab.engine.ruleset import all_rulesets
    from hisoutab.scenarios import load_scenario

    if not rulesets:
        rid = load_scenario(file).ruleset.id
        return rid, rid
    parts = [x.strip() for x in rulesets.split(",")]
    if len(parts) != 2 or not all(parts):
        raise InputError(f"{rulesets!r}: expected two ruleset ids A,B", field="--rulesets")
    known = sorted(all_rulesets())
    for rid in parts:
        if rid not in known:
            raise InputError(f"unknown ruleset {rid!r}; expected two of " + ", ".join(known),
                             field="--rulesets")
    return parts[0], parts[1]


def _diff_options(ruleset: str, items: tuple[str, ...], flag: str) -> dict[str, Any]:
    """The ``KEY=VALUE`` options of one side of ``diff``, checked against that side's ruleset
    before anything runs: an option it does not declare, or a value it does not accept, is refused
    naming the flag (not a line of the scenario file, which is not at fault)."""
    from hisoutab.engine.ruleset import get_ruleset

    options = parse_options(items, flag)
    if not options:
        return options
    rs = get_ruleset(ruleset)
    try:
        rs.options.resolve(options)
    except InputError as exc:
        name = exc.field or ""
        detail = exc.detail if not name or exc.detail.startswith(name) else f"{name}: {exc.detail}"
        raise InputError(f"{detail} (ruleset {ruleset})", field=flag) from None
    return options


def _print_runs(con: Any, d: Any) -> None:
    """Each run's length and verdict, the options it left out and its first failures."""
    ra, rb = d.results
    con.print(f"[bold]A[/] = {escape(d.a)}: {len(ra.steps)} steps, "
              f"{'passes' if ra.passed else 'fails'}")
    con.print(f"[bold]B[/] = {escape(d.b)}: {len(rb.steps)} steps, "
              f"{'passes' if rb.passed else 'fails'}")
    for tag, r in (("A", ra), ("B", rb)):
        if r.scenario is not None and r.scenario.dropped_options:
            con.print(f"  {tag}: options the ruleset does not declare were left out: "
                      + escape(", ".join(r.scenario.dropped_options)))
        if r.scenario is not None and r.scenario.dropped_expect:
            con.print(Text(f"  {tag}: expectations left out (the ruleset cannot read them): "
                           f"{r.scenario.dropped_expect}"))
        for f in r.failures[:3]:
            con.print(Text(f"  {tag}: {str(f).splitlines()[0]}"))
    if d.mapping:
        con.print(Text(f"  B: {d.mapping}"))


def _print_end_differences(con: Any, d: Any) -> None:
    c = d.comparison
    if c is not None and c.end_changes:
        con.print(f"{len(c.end_changes)} difference(s) at the end (compared as above):")
        for change in c.end_changes[:40]:
            con.print(Text(f"  {c.named(change.text())}"))
    elif c is None and d.state_differences:
        con.print(f"{len(d.state_differences)} difference(s) in the final state:")
        for path, va, vb in d.state_differences[:40]:
            con.print(Text(f"  {path}: A={va!r} B={vb!r}"))


def _print_comparison(con: Any, d: Any) -> None:
    """The first meaningful difference, then where the step logs part."""
    c = d.comparison
    if c is None:
        con.print(Text(d.statement()))
    else:
        con.print(Text(f"compared: {c.compared}"))
        if c.start:
            con.print("at the start A and B already differ (afterwards these count only when they "
                      "change differently):")
            for change in c.start[:12]:
                con.print(Text(f"  {c.named(change.text())}"))
            if len(c.start) > 12:
                con.print(f"  and {len(c.start) - 12} more")
        if c.at is None:
            con.print(Text(c.finding()))
        else:
            con.print(Text(f"{c.headline()}: {c.named(c.where())}:"))
            for change in c.changes[:20]:
                con.print(Text(f"  {c.named(change.text())}"))
            for tag, point in zip("AB", c.at, strict=True):
                if point.step is not None:
                    con.print(Text(f"  {tag}: {point.step.line()}"))
    if d.first_difference is not None:
        con.print(Text(f"the step logs part at step {d.first_difference} (clause IDs, step names or "
                       f"wording count there):"))
        con.print(Text(f"  A: {d.lines[0] or '(no step)'}"))
        con.print(Text(f"  B: {d.lines[1] or '(no step)'}"))
    else:
        con.print("the step logs are identical")


def _html_target(out: str, force: bool) -> None:
    if not out.lower().endswith((".html", ".htm")):
        raise InputError(f"{out!r}: expected a file ending in .html or .htm", field="-o")
    check_target(out, force=force, replaceable=True)


def _write_comparison(d: Any, out: str, force: bool) -> Any:
    """The page of the comparison: the statement, the pictures side by side."""
    from hisoutab.presentation.compare import comparison_page
    from hisoutab.presentation.marking import mark

    if d.comparison is None:
        raise InputError(d.statement(), file=d.file)
    ra, rb = d.results
    notes = [f"A = {d.a}: {len(ra.steps)} steps, {'passes' if ra.passed else 'fails'}",
             f"B = {d.b}: {len(rb.steps)} steps, {'passes' if rb.passed else 'fails'}"]
    for tag, r in (("A", ra), ("B", rb)):
        notes += [f"{tag}: {str(f).splitlines()[0]}" for f in r.failures[:3]]
    page = comparison_page(d.comparison, title=f"{d.file}: {d.a} vs {d.b}", notes=notes)
    return write_file(out, mark(page, ".html"), force=force, replaceable=True)


@click.command("coverage")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--ruleset", default=None, help="Ruleset whose clause table counts (default: the "
                                               "first scenario's).")
@click.option("--json", "as_json", is_flag=True)
@friendly
def coverage_cmd(paths: tuple[str, ...], ruleset: str | None, as_json: bool) -> None:
    """Clause IDs cited by the steps the scenarios run: covered, total and missing."""
    from hisoutab.scenarios import coverage

    cov = coverage(paths, ruleset)
    if as_json:
        click.echo(json.dumps(cov, indent=2))
        return
    out = console()
    out.print(f"[bold]{escape(str(cov['ruleset']))}[/]: {cov['scenarios']} scenarios cite "
              f"{cov['covered']} of {cov['total']} clauses ({cov['percent']}%)")
    imp = cov["implemented"]
    out.print(f"implemented clauses (cited by declared steps): {imp['covered']} of {imp['total']}"
              + (f"; not reached: {escape(', '.join(cov['implemented_missing']))}"
                 if cov["implemented_missing"] else ""))
    out.print(Text("missing: " + (", ".join(cov["missing"]) or "none")))
    if cov["other_cited"]:
        out.print("readings and settled questions cited: " + escape(", ".join(cov["other_cited"])))
    for f in cov["failed"]:
        out.print(Text(f"[failed] {f['file']}: {f['error'].splitlines()[0]}"), style="red")


COMMANDS = (run_cmd, check_cmd, record_cmd, capture_cmd, diff_cmd, coverage_cmd)
