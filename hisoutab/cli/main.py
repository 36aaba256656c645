"""``hisoutab`` — play, list the rules, benchmark. Errors print one clear line, never a traceback."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any

import click
import yaml
from rich.console import Console

from hisoutab.engine.agents import make_agent
from hisoutab.engine.errors import HisoutabError, InputError
from hisoutab.engine.game import Game
from hisoutab.engine.ruleset import all_rulesets, get_ruleset

DEFAULT_RULESET = "hisoutab-0.45.2"


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def friendly(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn the library's errors into one line on stderr and exit code 2."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except HisoutabError as exc:
            click.echo(f"hisoutab: {exc}", err=True)
            sys.exit(2)

    return wrapper


def parse_options(items: tuple[str, ...]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs; the value is read as a YAML scalar or list (safe: plain data only)."""
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise InputError(f"{item!r}: expected KEY=VALUE, e.g. board.width=9", field="--option")
        key, _, raw = item.partition("=")
        try:
            out[key.strip()] = yaml.safe_load(raw) if raw.strip() else ""
        except yaml.YAMLError:
            raise InputError(f"{raw!r} is not a value; expected a number, true/false, a word or "
                             "a [list]", field=f"--option {key}") from None
    return out


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hisoutab")
def main() -> None:
    """hisoutab: play, inspect and test the rules of HisouTab."""


@main.command()
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed of the game.")
@click.option("--p1", default="miko", show_default=True, help="P1's character (id or .yaml file).")
@click.option("--p2", default="magician", show_default=True,
              help="P2's character (id or .yaml file).")
@click.option("--agents", type=click.Choice(["random", "first"]), default="random",
              show_default=True, help="Who makes the players' choices.")
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
              help="Set a rule option, e.g. -o guard.spirit_cost=2 (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON summary instead of a trace.")
@click.option("--max-steps", type=int, default=200_000, show_default=True)
@friendly
def play(seed: int, p1: str, p2: str, agents: str, ruleset: str, options: tuple[str, ...],
         as_json: bool, max_steps: int) -> None:
    """Play a whole game between two agents and print the step-by-step trace."""
    from hisoutab.views.terminal import step_line

    game = Game(ruleset, seed=seed, options=parse_options(options),
                setup={"characters": [p1, p2]})
    agent = make_agent(agents, seed)
    console = _console()
    if as_json:
        game.run(until="end", agents=agent, max_steps=max_steps)
    else:
        console.print(f"[bold]{game.ruleset.title}[/] — {p1} (P1) vs {p2} (P2), seed {seed}, "
                      f"{agents} agents")
        game.run(until="end", agents=agent, max_steps=max_steps,
                 on_step=lambda s: console.print(step_line(s)))
    result = game.result()
    summary = {
        "ruleset": game.ruleset.id, "seed": seed, "characters": [p1, p2],
        "finished": game.over, "winner": result["winner"], "steps": len(game.history),
        "decisions": game.decisions_made(), "turns": result["turns"], "time": result["time"],
        "final": result["hp"], "log_hash": game.log_hash(),
        "options": game.options.changed(game.ruleset.options),
    }
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    elif not game.over:
        console.print(f"[bold]not finished[/] after {max_steps} steps (turn {summary['turns']}, "
                      f"t={summary['time']}); HP {summary['final']}")
    else:
        console.print(f"[bold]winner: {summary['winner']}[/] after {summary['turns']} turns "
                      f"(t={summary['time']}), {summary['steps']} steps, "
                      f"{summary['decisions']} decisions; HP {summary['final']}; "
                      f"log hash {summary['log_hash'][:16]}")


@main.command()
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@friendly
def rules(ruleset: str, as_json: bool) -> None:
    """The clause IDs the engine implements and the declared steps that cite each."""
    rs = get_ruleset(ruleset)
    index = rs.flow.clause_index()
    rows = [(cid, text, index.get(cid, [])) for cid, text in rs.clauses.items()]
    extra = sorted(c for c in index if c not in rs.clauses)
    if as_json:
        click.echo(json.dumps({
            "ruleset": rs.id, "title": rs.title,
            "clauses": [{"id": c, "text": t, "steps": s} for c, t, s in rows],
            "implemented": [c for c, _, s in rows if s],
            "missing": [c for c, _, s in rows if not s],
            "readings": {c: index[c] for c in extra},
            "options": [{"name": o.name, "default": o.default, "reading": o.reading,
                         "choices": list(o.choices), "doc": o.doc} for o in rs.options],
        }, indent=2, default=list))
        return
    from hisoutab.views.terminal import clause_table

    console = _console()
    console.print(clause_table(rs.id, rows))
    done = sum(1 for _, _, s in rows if s)
    console.print(f"{done} of {len(rows)} clauses cited by declared steps; readings and settled "
                  f"questions cited: {', '.join(extra)}")
    console.print("rulesets: " + ", ".join(sorted(all_rulesets())))


@main.command()
@click.option("--games", type=int, default=50, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@click.option("--widgets/--no-widgets", default=True, show_default=True,
              help="Also time a step plus re-render in the workbench widget (needs the lab extra).")
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench(games: int, seed: int, ruleset: str, widgets: bool, as_json: bool) -> None:
    """Random playouts with full history: decisions, steps and games per second, bytes per step,
    and the workbench's step-and-render latency."""
    from hisoutab.bench import bench as run_bench

    if games < 1:
        raise InputError(f"expected at least 1 game, got {games}", field="--games")
    result = run_bench(games=games, ruleset=ruleset, seed=seed)
    if widgets and ruleset == DEFAULT_RULESET:
        from hisoutab.bench import widget_latency

        try:
            result.update(widget_latency())
        except ImportError:  # pragma: no cover - installed without the lab extra
            result["widget_step_ms_median"] = None
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    console = _console()
    for key, value in result.items():
        console.print(f"{key:>20}: {value}")


@main.command()
@click.option("--games", type=int, default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@friendly
def stats(games: int, seed: int, ruleset: str, as_json: bool) -> None:
    """Seeded random games: win rates, game lengths, and clauses no step cited."""
    from hisoutab.bench import random_stats

    if games < 1:
        raise InputError(f"expected at least 1 game, got {games}", field="--games")
    result = random_stats(games=games, ruleset=ruleset, seed=seed)
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    console = _console()
    for key, value in result.items():
        console.print(f"{key:>12}: {value}")


# Command modules that add their commands to `main` (one import line each, below this comment).
# -- command modules --
from hisoutab.cli import notebook_command, scenario_commands, view_commands  # noqa: E402,F401

# -- end of command modules --

if __name__ == "__main__":  # pragma: no cover
    main()
