"""``hisoutab render``, ``hisoutab graph phases|priority`` and ``hisoutab show``: pictures, graphs and the
terminal state view. Imported by :mod:`hisoutab.cli.main`, which adds these commands to ``main``.

A state comes from :func:`seeded_game` (a seeded random game stopped after ``--step K`` steps, or at its
end); the helpers take a game, so another source (a scenario file) can feed the same writers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import click

from hisoutab.cli.common import (
    DEFAULT_RULESET,
    console,
    friendly,
    option_items,
    parse_options,
    parse_setup,
    resolve_viewer,
    scenario_game,
    setup_options,
)
from hisoutab.engine.errors import InputError
from hisoutab.engine.files import check_target, write_file
from hisoutab.presentation.marking import mark

__all__ = ["graph", "render", "seeded_game", "show", "write_phase_graph", "write_priority_graph",
           "write_state_picture"]

PICTURE_SUFFIXES = (".svg", ".html", ".htm", ".png")
GRAPH_SUFFIXES = (".svg", ".png", ".pdf", ".dot", ".gv")


def seeded_game(seed: int = 0, step: int | None = None, *, ruleset: str = DEFAULT_RULESET,
                max_steps: int = 200_000, setup: Mapping[str, Any] | None = None,
                options: Mapping[str, Any] | None = None) -> Any:
    """A game of ``ruleset`` (with ``setup`` and rule ``options``) played by ``RandomAgent(seed)``:
    stopped after ``step`` steps, or at its end when ``step`` is None. A step past the end raises
    :class:`InputError`."""
    from hisoutab import Game, RandomAgent

    if step is not None and step < 0:
        raise InputError(f"expected a step ≥ 0, got {step}", field="--step")
    game = Game(ruleset, seed=seed, setup=setup or None, options=options or None)
    limit = max_steps if step is None else step
    if limit:
        game.run(until="end", agents=RandomAgent(seed), max_steps=limit)
    if step is not None and len(game.history) < step:
        raise InputError(f"the game of seed {seed} ends after {len(game.history)} steps; "
                         f"expected --step 0..{len(game.history)}", field="--step")
    return game


def _check_suffix(out: str, allowed: tuple[str, ...], field: str, force: bool = False) -> Path:
    path = Path(out)
    if path.suffix.lower() not in allowed:
        raise InputError(f"{out!r}: expected a file ending in {', '.join(allowed)}", field=field)
    return check_target(path, force=force, field=field, replaceable=True)


def _dot_missing(exc: Exception) -> InputError:
    return InputError(f"cannot render the graph: {exc}; install Graphviz (`dot`) or write a .dot file",
                      field="-o")


def _dot_failed(exc: Exception) -> InputError:
    stderr = getattr(exc, "stderr", b"") or b""
    if isinstance(stderr, bytes):
        stderr = stderr.decode("utf-8", "replace")
    first = next((line.strip() for line in str(stderr).splitlines() if line.strip()), str(exc))
    return InputError(f"Graphviz `dot` failed to lay out the graph ({first}); write a .dot file instead",
                      field="-o")


def _save_graph(wrapper: Any, path: Path, force: bool = False) -> Path:
    """Save a drawn graph: DOT text, or rendered quietly (dot's messages go into the one-line error,
    not to the terminal); atomically."""
    import graphviz

    suffix = path.suffix.lower()
    if suffix in (".dot", ".gv"):
        return write_file(path, mark(wrapper.source, suffix), force=force, replaceable=True)
    try:
        data = wrapper.pipe(suffix[1:])
    except graphviz.ExecutableNotFound as exc:
        raise _dot_missing(exc) from None
    except graphviz.CalledProcessError as exc:
        raise _dot_failed(exc) from None
    return write_file(path, mark(data, suffix), force=force, replaceable=True)


def write_state_picture(game: Any, state: Any, out: str | Path, *, designer: bool = False,
                        highlight: Any = (), viewer: str | None = None, force: bool = False,
                        size: int | None = None, key: str = "below") -> Path:
    """Write the state picture of ``state`` of ``game`` (or of a context) to ``out`` (``.svg``,
    ``.html`` or ``.png``), drawn by the ruleset's presentation: ``size`` pixels wide (default: the
    SVG fills its box; a PNG is drawn at the viewBox's size), its key ``below``, ``beside`` or
    ``none``."""
    from hisoutab.presentation import StatePicture

    path = _check_suffix(str(out), PICTURE_SUFFIXES, "-o", force)
    picture = StatePicture(game, state, highlight=highlight, designer=designer, viewer=viewer,
                           size=size, key=key)
    return picture.save(path, force=force)


def write_phase_graph(ruleset: str, out: str | Path, *, force: bool = False, overview: bool = False,
                      phase: str | None = None) -> Path:
    """Write the phase-transition graph of ``ruleset`` (``.svg``/``.png``/``.pdf`` or ``.dot``/``.gv``):
    every step, the ``overview`` (one node per phase) or one ``phase``'s steps."""
    from hisoutab.engine.ruleset import get_ruleset
    from hisoutab.presentation.phase_views import PhaseDetail, PhaseOverview
    from hisoutab.presentation.phases import PhaseGraph

    if overview and phase:
        raise InputError("give either --overview or --phase, not both", field="--phase")
    path = _check_suffix(str(out), GRAPH_SUFFIXES, "-o", force)
    rs = get_ruleset(ruleset)
    drawn: Any = PhaseOverview(rs) if overview else PhaseDetail(rs, phase) if phase else PhaseGraph(rs)
    return _save_graph(drawn, path, force)


def write_priority_graph(game: Any, state: Any, out: str | Path, *, turns: int = 6,
                         name: str = "priority", force: bool = False) -> Path:
    """Write an explainer graph of ``state`` (``priority`` by default: who acts when, and why) to
    ``out`` (``.svg``/``.png``/``.pdf`` or ``.dot``/``.gv``)."""
    from hisoutab.presentation import explainer

    path = _check_suffix(str(out), GRAPH_SUFFIXES, "-o", force)
    return _save_graph(explainer(game, name, state, turns=turns), path, force)


def _at(step: int | None, end: bool) -> int | None:
    if step is not None and end:
        raise InputError("give either --step K or --end, not both", field="--step")
    return step


def _where(game: Any, seed: int) -> str:
    time, actor = game.ruleset.turn_info(game.state)
    return f"seed {seed}, after {len(game.history)} steps (time {time}, turn player {actor})"


def game_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """What builds a seeded game: ``--setup KEY=VALUE``, ``--p1``/``--p2`` (where the ruleset declares
    them) and ``--option/-O KEY=VALUE``."""
    built: Callable[..., Any] = setup_options(option_items(fn))
    return built


def built_game(file: str | None, seed: int, step: int | None, ruleset: str,
               built: Mapping[str, Any]) -> tuple[Any, str]:
    """(the game, where it stands): the scenario ``file``'s at ``step``, or a seeded random game of
    ``ruleset`` with the setup and options of ``built`` (the :func:`game_options` values); a setup
    or an option beside a scenario file is refused (the file says its own)."""
    setup_items, options, p1, p2 = (built["setup_items"], built["options"], built["p1"], built["p2"])
    if file:
        given = [name for name, v in (("--setup", setup_items), ("--option", options), ("--p1", p1),
                                      ("--p2", p2)) if v]
        if given:
            raise InputError(f"{file} sets its own setup and options; {', '.join(given)} applies "
                             "only to a seeded game (no FILE)", field=given[0])
        game = scenario_game(file, step)
        return game, f"{file}, step {game.cursor}"
    setup = parse_setup(ruleset, setup_items, p1, p2)
    game = seeded_game(seed, step, ruleset=ruleset, setup=setup, options=parse_options(options))
    return game, _where(game, seed)


@click.command()
@click.argument("file", required=False, metavar="[SCENARIO.yaml]")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed of the game.")
@click.option("--step", type=int, default=None, help="Stop after K steps (default: the end).")
@click.option("--end", is_flag=True, help="Play to the end of the game (the default).")
@click.option("-o", "--out", default="state.svg", show_default=True,
              metavar="OUT.svg|OUT.html|OUT.png", help="The picture file to write.")
@click.option("--designer", is_flag=True, help="Also show the cards in hand.")
@click.option("--viewer", default=None, metavar="PLAYER",
              help="Draw the state as this player sees it (hidden cards as ?): one of the game's "
                   "players (any case), or designer for everything.")
@click.option("--size", type=int, default=None, metavar="PX",
              help="Draw the picture PX pixels wide, the height following (default: an SVG fills its "
                   "box, a PNG has the picture's own size).")
@click.option("--key", "key", type=click.Choice(["below", "beside", "none"]), default="below",
              show_default=True, help="Where the key stands: under the picture, in a column at its "
                                      "right, or nowhere.")
@click.option("--no-key", "no_key", is_flag=True, help="Draw no key (the same as --key none).")
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@game_options
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@friendly
def render(file: str | None, seed: int, step: int | None, end: bool, out: str, designer: bool,
           viewer: str | None, size: int | None, key: str, no_key: bool, ruleset: str, force: bool,
           **built: Any) -> None:
    """Write the state picture after step K (or at the end) of a scenario FILE, or of a seeded
    random game (with --setup, --option) when no file is given."""
    from hisoutab.presentation.picture import check_size

    if no_key and key != "below":
        raise InputError(f"give either --no-key or --key {key}, not both", field="--no-key")
    try:
        check_size(size)
    except InputError:
        raise InputError(f"{size}: expected a width in pixels from 100 to 10000", field="--size") from None
    game, where = built_game(file, seed, _at(step, end), ruleset, built)
    viewer = resolve_viewer(viewer, game)
    path = write_state_picture(game, game.state, out, designer=designer, viewer=viewer, force=force,
                               size=size, key="none" if no_key else key)
    click.echo(f"wrote {path} ({where})")


@click.group()
def graph() -> None:
    """Draw graphs: the phase-transition graph of a ruleset, or who acts next in a state."""


@graph.command("phases")
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@click.option("-o", "--out", default="phases.svg", show_default=True, metavar="OUT.svg|OUT.dot")
@click.option("--overview", is_flag=True, help="One node per phase, the transitions between phases.")
@click.option("--phase", default=None, metavar="NAME", help="Only this phase's steps (and where they lead).")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@friendly
def graph_phases(ruleset: str, out: str, overview: bool, phase: str | None, force: bool) -> None:
    """The declared steps of a ruleset and their transitions (all, an overview, or one phase)."""
    path = write_phase_graph(ruleset, out, force=force, overview=overview, phase=phase)
    click.echo(f"wrote {path}")


@graph.command("priority")
@click.argument("file", required=False, metavar="[SCENARIO.yaml]")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed of the game.")
@click.option("--step", type=int, default=None, help="Stop after K steps (default: the end).")
@click.option("--turns", type=int, default=6, show_default=True, help="At most this many turn nodes.")
@click.option("-o", "--out", default="priority.svg", show_default=True, metavar="OUT.svg|OUT.dot")
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@click.option("--explainer", "name", default="priority", show_default=True,
              help="Which of the ruleset's explainer graphs (priority, agenda, …).")
@game_options
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@friendly
def graph_priority(file: str | None, seed: int, step: int | None, turns: int, out: str,
                   ruleset: str, name: str, force: bool, **built: Any) -> None:
    """Who acts next and why, after step K of a scenario FILE or of a seeded random game (with
    --setup, --option)."""
    if turns < 1:
        raise InputError(f"expected at least 1 turn, got {turns}", field="--turns")
    game, where = built_game(file, seed, step, ruleset, built)
    path = write_priority_graph(game, game.state, out, turns=turns, name=name, force=force)
    click.echo(f"wrote {path} ({where})")


@click.command()
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed of the game.")
@click.option("--step", type=int, default=None, help="Stop after K steps (default: the end).")
@click.option("--designer", is_flag=True, help="Also list the cards in hand.")
@click.option("--last", "last", type=int, default=0, show_default=True,
              help="Also print the last N steps (the newest with its state diff).")
@click.option("--viewer", default=None, metavar="PLAYER",
              help="Show the state as this player sees it (hidden cards as ?): one of the game's "
                   "players (any case), or designer for everything.")
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
@game_options
@click.argument("file", required=False, metavar="[SCENARIO.yaml]")
@friendly
def show(seed: int, step: int | None, designer: bool, last: int, viewer: str | None, ruleset: str,
         file: str | None, **built: Any) -> None:
    """Print the state after step K of a scenario FILE or of a seeded random game (with --setup,
    --option)."""
    from hisoutab.presentation import state_text
    from hisoutab.presentation.terminal import escape, step_renderable, trace_renderable

    game, where = built_game(file, seed, step, ruleset, built)
    viewer = resolve_viewer(viewer, game)
    out = console()
    out.print(escape(f"{game.ruleset.title} — {where}"))
    if last > 0 and game.history:
        from hisoutab.engine.visibility import seen_history

        # as the viewer sees them: public sentences, their own choices, diffs of their views
        steps = (game.history[-last:] if viewer is None
                 else seen_history(game.ruleset, game.ctx, game.history[-last:], viewer))
        out.print(trace_renderable(steps, title=f"last {len(steps)} steps"))
        out.print(step_renderable(steps[-1], ctx=game.ctx))
    out.print(state_text(game, designer=designer, viewer=viewer))


COMMANDS = (render, graph, show)
