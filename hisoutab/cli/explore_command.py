"""``hisoutab explore FILE --goal … --depth N``: search the decisions from a scenario's state for the
lines that reach a goal (see docs/explorer.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from hisoutab.cli.common import console, friendly, scenario_game
from hisoutab.engine.errors import InputError
from hisoutab.engine.files import check_target
from hisoutab.presentation.terminal import escape

TREE_SUFFIXES = (".svg", ".png", ".pdf", ".dot", ".gv")


def save_tree(exploration: Any, out: str, force: bool) -> Path:
    """Draw the search tree into ``out`` (by suffix), with hisoutab's mark; an existing file that is
    not hisoutab's own unchanged output is replaced only with ``force``."""
    import graphviz

    from hisoutab.presentation.search_tree import SearchTree

    path = Path(out)
    if path.suffix.lower() not in TREE_SUFFIXES:
        raise InputError(f"{out!r}: expected a file ending in {', '.join(TREE_SUFFIXES)}", field="-o")
    check_target(path, force=force, field="-o", replaceable=True)
    try:
        return SearchTree(exploration).save(path, force=force)
    except graphviz.ExecutableNotFound as exc:
        raise InputError(f"cannot render the tree: {exc}; install Graphviz (`dot`) or write a .dot "
                         "file", field="-o") from None
    except graphviz.CalledProcessError as exc:
        raise InputError(f"Graphviz `dot` failed to lay out the tree ({exc}); write a .dot file",
                         field="-o") from None


def _line_text(line: Any) -> str:
    parts = []
    for m in line:
        clauses = f" [{', '.join(m.clauses)}]" if m.clauses else ""
        parts.append(m.words() + clauses)
    return " → ".join(parts) or "(the start already meets it)"


def report(exploration: Any, out: Any) -> None:
    e = exploration
    verdict = e.verdict
    if verdict == "possible":
        verdict += f" (not forced: against the best answers, probability {e.probability})"
    elif verdict == "impossible":
        verdict += f" within {e.depth} decision(s)"
    out.print(f"[bold]{escape(e.goal)}[/] for {escape(', '.join(e.side))}, {e.depth} decision(s), "
              f"chance {e.chance}: [bold]{escape(verdict)}[/]")
    out.print(f"{e.positions} positions searched, {e.merged} transpositions merged")
    lines = e.lines()
    out.print(f"lines found ({len(lines)}):" if lines else "no line found")
    for k, line in enumerate(lines, 1):
        out.print(f"  {k}. {escape(_line_text(line))}")
    escapes = e.escapes()
    if escapes:
        out.print(f"escapes ({len(escapes)}): the answers after which the goal is not forced")
        for k, (line, p) in enumerate(escapes, 1):
            out.print(f"  {k}. {escape(' → '.join(m.words() for m in line))} (P(goal) = {p})")


@click.command("explore")
@click.argument("file", metavar="SCENARIO.yaml")
@click.option("--goal", "-g", required=True, metavar="GOAL",
              help="What to reach: 'P2.hp <= 3', 'damage(P2) >= 2', 'event: knockdown', "
                   "'P2.marker > 8', 'P2 avoids hit' (and, or, not, parentheses).")
@click.option("--depth", "-d", type=int, default=2, show_default=True,
              help="Decisions to search (both players' choices count).")
@click.option("--for", "side", default=None, metavar="PLAYER[,PLAYER]",
              help="Whose goal it is (default: the player of 'PLAYER avoids …', else the first "
                   "player); the other players answer.")
@click.option("--chance", type=click.Choice(["averaged", "forced"]), default="averaged",
              show_default=True,
              help="averaged: every declared outcome of each draw, equally likely (the verdict "
                   "gives the probability); forced: the draws the generator and the scenario's "
                   "chance: entries make.")
@click.option("--step", type=int, default=None, help="Start after K steps of the scenario's line "
                                                     "(default: where its run stops).")
@click.option("--max-positions", type=int, default=20_000, show_default=True,
              help="Stop with an error past this many positions.")
@click.option("-o", "--out", default=None, metavar="TREE.svg|png|pdf|dot",
              help="Draw the search tree into this file.")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@click.option("--json", "as_json", is_flag=True, help="The result as JSON.")
@friendly
def explore_cmd(file: str, goal: str, depth: int, side: str | None, chance: str, step: int | None,
                max_positions: int, out: str | None, force: bool, as_json: bool) -> None:
    """Search the decisions from a scenario's state for the lines that reach GOAL."""
    from hisoutab.explorer import explore

    if out is not None:
        check_target(Path(out), force=force, field="-o", replaceable=True)
    game = scenario_game(file, step)
    exploration = explore(game, goal, depth=depth, side=side, chance=chance,
                          max_positions=max_positions)
    path = save_tree(exploration, out, force) if out is not None else None
    if as_json:
        data = exploration.to_dict()
        data["file"] = file
        data["tree"] = str(path) if path is not None else None
        click.echo(json.dumps(data, ensure_ascii=False, default=str))
        return
    con = console()
    report(exploration, con)
    if path is not None:
        con.print(f"tree: {escape(str(path))}")


COMMANDS = (explore_cmd,)
