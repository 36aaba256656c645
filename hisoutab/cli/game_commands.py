"""``hisoutab play``, ``rules``, ``bench`` and ``stats``: games, the clause table, speed and statistics."""

from __future__ import annotations

import json
from typing import Any

import click

from hisoutab.cli.common import (
    DEFAULT_RULESET,
    console,
    friendly,
    option_items,
    parse_options,
    parse_setup,
    setup_options,
)
from hisoutab.engine.agents import make_agent
from hisoutab.engine.errors import InputError
from hisoutab.engine.game import Game
from hisoutab.engine.ruleset import all_rulesets, get_ruleset


def outcome(result: Any) -> tuple[str, str | None]:
    """(outcome, winner) of a result: ``win`` and the winner's name; ``draw`` and ``"draw"``;
    ``victory`` / ``defeat`` (a co-operative game: nobody is its winner) and None; ``unfinished``
    and None."""
    kind = str(result.kind)
    if kind == "win":
        return kind, result.winner
    return kind, "draw" if kind == "draw" else None


def summary(game: Any, setup: dict[str, Any]) -> dict[str, Any]:
    """The JSON summary of a played game, with the same keys for every ruleset: ``ruleset``,
    ``seed``, ``players`` (each player's ``name`` and ``characters``: HisouTab's character,
    Recast Rift's fighters, none for a ruleset without), ``setup`` (the fields no character
    sets), ``finished``, ``result``, ``outcome`` (and ``winner``), ``steps``, ``decisions``,
    ``final`` (the per-player figure of the end: HP, Life, score; empty when there is none),
    ``log_hash``, ``options``; the ruleset's own figures under ``figures``."""
    result = game.result()
    out: dict[str, Any] = {"ruleset": game.ruleset.id, "seed": game.seed}
    characters = player_characters(game)
    out["players"] = [{"name": p, "characters": list(characters.get(p, ()))} for p in game.players]
    flagged = {path.partition(".")[0]
               for path in (getattr(game.ruleset, "character_flags", {}) or {}).values()}
    setup = {k: v for k, v in setup.items() if k not in flagged}
    if setup:
        out["setup"] = setup
    kind, winner = outcome(result)
    out.update({"finished": game.over, "result": result.kind, "outcome": kind, "winner": winner,
                "steps": len(game.history), "decisions": game.decisions_made()})
    out["final"] = final_figure(result.figures, game.players)
    out["log_hash"] = game.log_hash()
    out["options"] = game.options.changed(game.ruleset.options)
    out["figures"] = dict(result.figures)
    return out


def final_figure(figures: Any, players: Any) -> dict[str, Any]:
    """The first result figure given per player (HisouTab's HP, Recast Rift's Life, a score):
    player → value; empty when the result has none."""
    names = {str(p) for p in players}
    for value in figures.values():
        if isinstance(value, dict) and value and set(map(str, value)) <= names:
            return dict(value)
    return {}


def player_characters(game: Any) -> dict[str, tuple[str, ...]]:
    """Player → who they play: the ruleset's ``characters(ctx)``, else the values of its
    ``character_flags`` (one per player, in the players' order)."""
    declared = getattr(game.ruleset, "characters", None)
    found = dict(declared(game.ctx)) if callable(declared) else {}
    if found:
        return {str(k): tuple(map(str, v)) for k, v in found.items()}
    return {p: (c,) for p, c in zip(game.players, flagged_values(game), strict=False)}


def flagged_values(game: Any) -> list[str]:
    """The values of the setup fields the ruleset's ``character_flags`` set (the characters, by id),
    in the flags' order; empty for a ruleset without such flags."""
    values = []
    for path in (getattr(game.ruleset, "character_flags", {}) or {}).values():
        head, _, index = path.partition(".")
        # the context's value of the field when it has one (a character file read: its id), else
        # the setup's
        value = getattr(game.ctx, head, None) or getattr(game.setup_model, head, None)
        if index.isdigit() and isinstance(value, (list, tuple)) and int(index) < len(value):
            value = value[int(index)]
        if value is not None:
            values.append(str(getattr(value, "id", value)))
    return values


def verdict(info: dict[str, Any]) -> str:
    """The head of ``play``'s last line: ``winner: P1`` (or draw), ``outcome: victory``."""
    if info["outcome"] in ("victory", "defeat"):
        return f"outcome: {info['outcome']}"
    return f"winner: {info['winner']}"


@click.command()
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed of the game.")
@setup_options
@click.option("--agents", type=click.Choice(["random", "first"]), default="random",
              show_default=True, help="Who makes the players' choices.")
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@option_items
@click.option("--json", "as_json", is_flag=True, help="Print one JSON summary instead of a trace.")
@click.option("--full", is_flag=True, help="Print every step (default: the turns in which something "
                                           "happened, and those moments).")
@click.option("--max-steps", type=click.IntRange(min=0), default=200_000, show_default=True)
@click.option("--force", "forces", multiple=True, metavar="KIND[:PLAYER]=VALUE[@STEP]",
              help="Force a chance outcome: the next draw of KIND (shuffle, draw, die, pick — those "
                   "the ruleset declares; of PLAYER only, when given) from step STEP (default 0) "
                   "takes VALUE (a card, a face, a label; a shuffle: the cards put first, "
                   "comma-separated). Repeatable.")
@friendly
def play(seed: int, p1: str | None, p2: str | None, setup_items: tuple[str, ...], agents: str,
         ruleset: str, options: tuple[str, ...], as_json: bool, full: bool, max_steps: int,
         forces: tuple[str, ...]) -> None:
    """Play a whole game between agents and print what happened (every step with --full)."""
    setup = parse_setup(ruleset, setup_items, p1, p2)
    game = Game(ruleset, seed=seed, options=parse_options(options), setup=setup)
    agent = make_agent(agents, seed)
    forced = [parse_force(game, text) for text in forces]
    if as_json:
        run_forcing(game, agent, forced, max_steps)
        click.echo(json.dumps(summary(game, setup), indent=2, default=str))
        unused_forces(game)
        return
    _play_trace(game, setup, agent, agents, full, max_steps, forced)
    unused_forces(game)


def parse_force(game: Any, text: str) -> tuple[int, str, str | None, str, str]:
    """``KIND[:PLAYER]=VALUE[@STEP]`` as (step, kind, player, value, the text); a kind the ruleset
    does not declare, a player it does not have or a bad step is an :class:`InputError`."""
    from hisoutab.engine.chance import kinds_declared

    source = f"--force {text}"
    head, sep, rest = text.partition("=")
    if not sep or not head or not rest:
        raise InputError(f"{text!r}: expected KIND[:PLAYER]=VALUE[@STEP] (die=5, draw:P1=jab@12)",
                         field="--force")
    kind, _, player = head.partition(":")
    value, _, step_text = rest.rpartition("@") if "@" in rest else (rest, "", "0")
    if not step_text.isdigit() or not value:
        raise InputError(f"{text!r}: the step after @ is a whole number ≥ 0 (draw=jab@12)",
                         field="--force")
    kinds = kinds_declared(game.ruleset.flow)
    if kind not in kinds:
        raise InputError(f"{game.ruleset.id} never draws a {kind} (its chance kinds: "
                         f"{', '.join(kinds) or 'none'})", field=source)
    names = {p.lower(): p for p in game.players}
    if player and player.lower() not in names:
        raise InputError(f"no player {player!r}; players: {', '.join(game.players)}",
                         field=source)
    return int(step_text), kind, names[player.lower()] if player else None, value, source


def run_forcing(game: Any, agent: Any, forced: list[tuple[int, str, str | None, str, str]],
                max_steps: int, on_step: Any = None) -> None:
    """Run ``game`` to its end under ``agent``, forcing each outcome when the game reaches its step
    (checked then against the legal outcomes, :meth:`Game.force`)."""
    for step, kind, player, value, source in sorted(forced, key=lambda f: f[0]):
        if step > game.cursor:
            game.run(until="end", agents=agent, max_steps=min(step - game.cursor, max_steps),
                     on_step=on_step)
        if game.cursor < step:
            raise InputError(f"the game ended at step {game.cursor}, before step {step}",
                             field=source)
        game.force(kind, value, player=player, source=source)
    game.run(until="end", agents=agent, max_steps=max_steps, on_step=on_step)


def unused_forces(game: Any) -> None:
    """One line on stderr for each forced outcome no draw took."""
    for f in game.chance.forced:
        click.echo(f"hisoutab: {f.source}: forced {f.describe()} was never used", err=True)


def _play_trace(game: Any, setup: dict[str, Any], agent: Any, agents: str, full: bool,
                max_steps: int, forced: list[tuple[int, str, str | None, str, str]]) -> None:
    """Play ``game`` to its end printing its trace (every step, or the turns that matter) and the
    outcome."""
    from hisoutab.presentation.base import presentation_for
    from hisoutab.presentation.terminal import escape, short_trace, step_line

    out = console()
    chars = player_characters(game)
    who = (" vs ".join(f"{' & '.join(chars[p])} ({p})" if chars.get(p) else p for p in game.players)
           if chars else ", ".join(game.players))
    out.print(f"[bold]{escape(game.ruleset.title)}[/] — {escape(who)}, seed {game.seed}, "
              f"{agents} agents")
    if full:
        run_forcing(game, agent, forced, max_steps, on_step=lambda s: out.print(step_line(s)))
    else:
        run_forcing(game, agent, forced, max_steps)
        for line in short_trace(game.history, game.ruleset.flow, presentation_for(game.ruleset)):
            out.print(line)
    info = summary(game, setup)
    result = game.result()
    if not game.over:
        out.print(f"[bold]not finished[/] after {max_steps} steps; {escape(str(result))}")
    else:
        out.print(f"[bold]{escape(verdict(info))}[/] — {escape(str(result))}; "
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
              f"questions cited: {', '.join(extra) or 'none'}")
    out.print("rulesets: " + ", ".join(sorted(all_rulesets())))


@click.command()
@click.option("--games", type=int, default=50, show_default=True,
              help="Games per ruleset (with --versus: spread over the batches).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--ruleset", default=None,
              help=f"The ruleset [default: {DEFAULT_RULESET}; with --versus: every ruleset].")
@setup_options
@option_items
@click.option("--widgets/--no-widgets", default=True, show_default=True,
              help="Also time a step plus re-render in the workbench widget (needs the lab extra).")
@click.option("--versus", type=click.Choice(["chess"]), default=None,
              help="Interleave python-chess random games and report the ratio of decisions per "
                   "second (needs the bench extra).")
@click.option("--batches", type=int, default=5, show_default=True,
              help="With --versus: the batches, each timed on its own (the ratio's spread).")
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench(games: int, seed: int, ruleset: str | None, p1: str | None, p2: str | None,
          setup_items: tuple[str, ...], options: tuple[str, ...], widgets: bool,
          versus: str | None, batches: int, as_json: bool) -> None:
    """Random playouts with full history: decisions, steps and games per second, bytes per step,
    and the workbench's step-and-render latency; with --versus chess, the ratio to python-chess's
    random games played in the same process."""
    from hisoutab.engine.bench import bench as run_bench

    if versus is not None:
        _versus(games, batches, seed, [ruleset] if ruleset else sorted(all_rulesets()),
                setup_items, options, p1, p2, as_json)
        return
    ruleset = ruleset or DEFAULT_RULESET
    setup, rule_options = _series(games, ruleset, setup_items, options, p1, p2)
    result = run_bench(games=games, ruleset=ruleset, seed=seed, setup=setup or None,
                       options=rule_options or None)
    if widgets:
        result.update(widget_latency(ruleset, setup=setup, options=rule_options))
    _print_figures(result, as_json)


def _versus(games: int, batches: int, seed: int, rulesets: list[str], setup_items: tuple[str, ...],
            options: tuple[str, ...], p1: str | None, p2: str | None, as_json: bool) -> None:
    """``bench --versus chess``: each ruleset against python-chess, batch by batch."""
    from hisoutab.engine.bench import versus_chess

    if batches < 1:
        raise InputError(f"expected at least 1 batch, got {batches}", field="--batches")
    if games < batches:
        raise InputError(f"expected at least one game per batch ({batches}), got {games}",
                         field="--games")
    for rid in rulesets:
        setup, rule_options = _series(games, rid, setup_items, options, p1, p2)
    result = versus_chess(rulesets, games=games, batches=batches, seed=seed,
                          setup=setup or None, options=rule_options or None)
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    console().print(_versus_table(result))


def _versus_table(result: dict[str, Any]) -> Any:
    """The figures of ``bench --versus chess`` as one rich table, a ruleset a row."""
    from rich.table import Table

    table = Table(title=f"versus python-chess {result['chess']}: {result['batches']} batches of "
                        f"{result['games_per_batch']} games and {result['chess_games_per_batch']} "
                        f"chess games, CPU time; {result['build']}")
    for name in ("ruleset", "ratio", "min–max", "decisions/s", "chess decisions/s", "bytes/step"):
        table.add_column(name, justify="left" if name == "ruleset" else "right")
    for rid, r in result["rulesets"].items():
        table.add_row(rid, f"{r['ratio']:.2f}", f"{r['ratio_min']:.2f}–{r['ratio_max']:.2f}",
                      f"{r['decisions_per_s']:,.0f}", f"{r['chess_decisions_per_s']:,.0f}",
                      f"{r['bytes_per_step']:,.0f}")
    return table


@click.command()
@click.option("--games", type=int, default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@setup_options
@option_items
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
@friendly
def stats(games: int, seed: int, ruleset: str, p1: str | None, p2: str | None,
          setup_items: tuple[str, ...], options: tuple[str, ...], as_json: bool) -> None:
    """Seeded random games: win rates (victories and defeats for a co-operative game), game lengths
    (steps, decisions and the ruleset's length figures), and clauses no step cited."""
    from hisoutab.engine.bench import random_stats

    setup, rule_options = _series(games, ruleset, setup_items, options, p1, p2)
    result = random_stats(games=games, ruleset=ruleset, seed=seed, setup=setup or None,
                          options=rule_options or None)
    _print_figures(result, as_json)


def _series(games: int, ruleset: str, setup_items: tuple[str, ...], options: tuple[str, ...],
            p1: str | None, p2: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The setup and rule options of a series of games, checked before any is played."""
    if games < 1:
        raise InputError(f"expected at least 1 game, got {games}", field="--games")
    setup = parse_setup(ruleset, setup_items, p1, p2)
    rule_options = parse_options(options)
    Game(ruleset, seed=0, options=rule_options, setup=setup)  # the options checked as play checks them
    return setup, rule_options


def _print_figures(result: dict[str, Any], as_json: bool) -> None:
    """The figures as JSON, or as tables (:func:`~hisoutab.cli.figures_table.figures_table`)."""
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    from hisoutab.cli.figures_table import figures_table

    console().print(figures_table(result))


def widget_latency(ruleset: str, *, setup: dict[str, Any] | None = None,
                   options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The workbench's step-and-render latency, measured in a separate Python process (the command
    line imports no Jupyter package); empty figures when the lab extra is not installed."""
    import subprocess
    import sys

    cmd = [sys.executable, "-m", "hisoutab.widgets.latency", "--ruleset", ruleset]
    if setup:
        cmd += ["--setup", json.dumps(setup, default=str)]
    if options:
        cmd += ["--options", json.dumps(options, default=str)]
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
