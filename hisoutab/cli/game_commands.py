"""``hisoutab play``, ``rules``, ``bench`` and ``stats``: games, the clause table, speed and statistics."""

from __future__ import annotations

import json
from typing import Any

import click

from hisoutab.cli.common import (
    DEFAULT_RULESET,
    console,
    friendly,
    parse_options,
    parse_setup,
    setup_options,
)
from hisoutab.engine.agents import make_agent
from hisoutab.engine.errors import InputError
from hisoutab.engine.game import Game
from hisoutab.engine.ruleset import all_rulesets, get_ruleset


def summary(game: Any, setup: dict[str, Any]) -> dict[str, Any]:
    """The JSON summary of a played game: winner, steps, decisions, the ruleset's figures."""
    result = game.result()
    figures = dict(result.figures)
    out: dict[str, Any] = {"ruleset": game.ruleset.id, "seed": game.seed}
    characters = getattr(game.ctx, "characters", None)
    if characters:
        out["characters"] = [getattr(c, "id", str(c)) for c in characters]
    others = {k: v for k, v in setup.items() if k != "characters"}
    if others:
        out["setup"] = others
    out.update({"finished": game.over, "result": result.kind,
                "winner": result.to_dict()["winner"], "steps": len(game.history),
                "decisions": game.decisions_made()})
    for key, value in figures.items():
        out["final" if key == "hp" else key] = value
    out["log_hash"] = game.log_hash()
    out["options"] = game.options.changed(game.ruleset.options)
    return out


@click.command()
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed of the game.")
@setup_options
@click.option("--agents", type=click.Choice(["random", "first"]), default="random",
              show_default=True, help="Who makes the players' choices.")
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
              help="Set a rule option, e.g. -o guard.spirit_cost=2 (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON summary instead of a trace.")
@click.option("--full", is_flag=True, help="Print every step (default: the turns in which something "
                                           "happened, and those moments).")
@click.option("--max-steps", type=click.IntRange(min=0), default=200_000, show_default=True)
@friendly
def play(seed: int, p1: str | None, p2: str | None, setup_items: tuple[str, ...], agents: str,
         ruleset: str, options: tuple[str, ...], as_json: bool, full: bool, max_steps: int) -> None:
    """Play a whole game between agents and print what happened (every step with --full)."""
    from hisoutab.presentation.base import presentation_for
    from hisoutab.presentation.terminal import escape, short_trace, step_line

    setup = parse_setup(ruleset, setup_items, p1, p2)
    game = Game(ruleset, seed=seed, options=parse_options(options), setup=setup)
    agent = make_agent(agents, seed)
    out = console()
    if as_json:
        game.run(until="end", agents=agent, max_steps=max_steps)
    else:
        chars = summary(game, setup).get("characters")
        who = (" vs ".join(f"{c} ({p})" for c, p in zip(chars, game.players, strict=False))
               if chars else ", ".join(game.players))
        out.print(f"[bold]{escape(game.ruleset.title)}[/] — {escape(who)}, seed {seed}, "
                  f"{agents} agents")
        if full:
            game.run(until="end", agents=agent, max_steps=max_steps,
                     on_step=lambda s: out.print(step_line(s)))
        else:
            game.run(until="end", agents=agent, max_steps=max_steps)
            for line in short_trace(game.history, game.ruleset.flow, presentation_for(game.ruleset)):
                out.print(line)
    info = summary(game, setup)
    if as_json:
        click.echo(json.dumps(info, indent=2, default=str))
        return
    result = game.result()
    if not game.over:
        out.print(f"[bold]not finished[/] after {max_steps} steps; {escape(str(result))}")
    else:
        out.print(f"[bold]winner: {escape(str(info['winner']))}[/] — {escape(str(result))}; "
                  f"{info['steps']} steps, {info['decisions']} decisions; log hash "
                  f"{info['log_hash'][:16]}")


@click.command()
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
            "ruleset": rs.id, "title": rs.title, "capabilities": rs.capabilities.to_dict(),
            "zones": [z.name for z in rs.zones],
            "clauses": [{"id": c, "text": t, "steps": s} for c, t, s in rows],
            "implemented": [c for c, _, s in rows if s],
            "missing": [c for c, _, s in rows if not s],
            "readings": {c: index[c] for c in extra},
            "options": [{"name": o.name, "default": o.default, "reading": o.reading,
                         "choices": list(o.choices), "doc": o.doc} for o in rs.options],
        }, indent=2, default=list))
        return
    from hisoutab.presentation.terminal import clause_table

    out = console()
    out.print(clause_table(rs.id, rows))
    done = sum(1 for _, _, s in rows if s)
    out.print(f"{done} of {len(rows)} clauses cited by declared steps; readings and settled "
              f"questions cited: {', '.join(extra)}")
    out.print("rulesets: " + ", ".join(sorted(all_rulesets())))


@click.command()
@click.option("--games", type=int, default=50, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@setup_options
@click.option("--widgets/--no-widgets", default=True, show_default=True,
              help="Also time a step plus re-render in the workbench widget (needs the lab extra).")
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench(games: int, seed: int, ruleset: str, p1: str | None, p2: str | None,
          setup_items: tuple[str, ...], widgets: bool, as_json: bool) -> None:
    """Random playouts with full history: decisions, steps and games per second, bytes per step,
    and the workbench's step-and-render latency."""
    from hisoutab.engine.bench import bench as run_bench

    if games < 1:
        raise InputError(f"expected at least 1 game, got {games}", field="--games")
    setup = parse_setup(ruleset, setup_items, p1, p2)
    result = run_bench(games=games, ruleset=ruleset, seed=seed, setup=setup or None)
    if widgets:
        result.update(widget_latency(ruleset))
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    out = console()
    for key, value in result.items():
        out.print(f"{key:>22}: {value}")


@click.command()
@click.option("--games", type=int, default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@setup_options
@click.option("--json", "as_json", is_flag=True)
@friendly
def stats(games: int, seed: int, ruleset: str, p1: str | None, p2: str | None,
          setup_items: tuple[str, ...], as_json: bool) -> None:
    """Seeded random games: win rates, game lengths, and clauses no step cited."""
    from hisoutab.engine.bench import random_stats

    if games < 1:
        raise InputError(f"expected at least 1 game, got {games}", field="--games")
    setup = parse_setup(ruleset, setup_items, p1, p2)
    result = random_stats(games=games, ruleset=ruleset, seed=seed, setup=setup or None)
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    out = console()
    for key, value in result.items():
        out.print(f"{key:>12}: {value}")




def widget_latency(ruleset: str) -> dict[str, Any]:
    """The workbench's step-and-render latency, measured in a separate Python process (the command
    line imports no Jupyter package); empty figures when the lab extra is not installed."""
    import subprocess
    import sys

    cmd = [sys.executable, "-m", "hisoutab.widgets.latency", "--ruleset", ruleset]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    except subprocess.TimeoutExpired:
        return {"widget_step_ms_median": None, "widget_error": "timed out"}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        return {"widget_step_ms_median": None, "widget_error": last[:200]}
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


COMMANDS = (play, rules, bench, stats)
