"""What every command shares: the default ruleset, the console, the one-line error wrapper, rule
options and setups given as KEY=VALUE."""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Mapping
from typing import Any

import click
import yaml
from rich.console import Console

from hisoutab.engine.errors import HisoutabError, InputError
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.engine.yamlio import MAX_DIGITS

DEFAULT_RULESET = "hisoutab-0.45.2"


def console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def friendly(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn the library's errors into one line on stderr and exit code 2. Anything else is a bug in
    hisoutab: one line saying so and where the full trace was written (exit code 3), never a raw
    traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except HisoutabError as exc:
            click.echo(f"hisoutab: {_one_line(str(exc))}", err=True)
            sys.exit(2)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("hisoutab: interrupted", err=True)
            sys.exit(130)
        except Exception as exc:
            trace = bug_report(exc)
            click.echo(f"hisoutab: internal error ({type(exc).__name__}: {_one_line(str(exc))}); this is a "
                       f"bug in hisoutab — the full trace is in {trace}", err=True)
            sys.exit(3)

    return wrapper


MAX_MESSAGE = 2000  # characters of one error line: a 10 MB bad value makes no 10 MB message


def _one_line(text: str) -> str:
    text = " ".join(text.split("\n")).strip()
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def bug_report(exc: BaseException) -> str:
    """Write the traceback of ``exc`` to a file in the temporary folder; its path."""
    import tempfile
    import traceback

    fd, path = tempfile.mkstemp(prefix="hisoutab-bug-", suffix=".txt")
    with open(fd, "w", encoding="utf-8") as fh:
        fh.write("".join(traceback.format_exception(exc)))
    return path


ARGS_KEY = "hisoutab.args"  # ctx.meta: the words typed on the command line (cli.main keeps them)


def typed_flag(item: str, flag: str) -> str:
    """The spelling of ``flag`` (``--option``; its short form ``-O``) the user typed before
    ``item``, as the command line's words show it; ``flag`` itself when they do not tell."""
    ctx = click.get_current_context(silent=True)
    words = tuple(ctx.meta.get(ARGS_KEY, ())) if ctx is not None else ()
    short = {"--option": "-O"}.get(flag)
    for k, word in enumerate(words):
        if short and (word == short + item or (word == short and words[k + 1:k + 2] == (item,))):
            return short
        if word == f"{flag}={item}" or (word == flag and words[k + 1:k + 2] == (item,)):
            return flag
    return flag


def parse_options(items: tuple[str, ...], field: str = "--option") -> dict[str, Any]:
    """``KEY=VALUE`` pairs; the value is read as a YAML scalar or list (safe: plain data only).
    A problem names the flag as it was typed (``-O`` or ``--option``)."""
    out: dict[str, Any] = {}
    given = field
    for item in items:
        field = typed_flag(item, given)
        if "=" not in item:
            raise InputError(f"{item!r}: expected KEY=VALUE, e.g. board.width=9", field=field)
        key, _, raw = item.partition("=")
        if not key.strip():
            raise InputError(f"{item!r}: the KEY before = is missing", field=field)
        if re.search(rf"\d{{{MAX_DIGITS + 1},}}", raw):  # bounded as the file loader bounds them
            raise InputError(f"an integer of more than {MAX_DIGITS} digits",
                             field=f"{field} {key}")
        try:
            out[key.strip()] = yaml.safe_load(raw) if raw.strip() else ""
        except yaml.YAMLError:
            raise InputError(f"{raw!r} is not a value; expected a number, true/false, a word or "
                             "a [list]", field=f"{field} {key}") from None
    return out




def parse_setup(ruleset: str, items: tuple[str, ...], p1: str | None = None,
                p2: str | None = None) -> dict[str, Any]:
    """A game's setup from ``--setup KEY=VALUE`` pairs (YAML values) and the flags the ruleset
    declares in ``character_flags`` (``--p1`` / ``--p2``: flag → dotted setup path). Checked against
    the ruleset's setup schema; a flag the ruleset does not declare is refused."""
    setup = parse_options(items, "--setup")
    rs = get_ruleset(ruleset)
    flags: Mapping[str, str] = getattr(rs, "character_flags", {}) or {}
    for flag, value in (("p1", p1), ("p2", p2)):
        if value is None:
            continue
        path = flags.get(flag)
        if path is None:
            fields = getattr(getattr(rs, "setup_schema", None), "model_fields", {})
            offered = ", ".join(f"--{f}" for f in flags)
            raise InputError(f"the ruleset {rs.id} takes no --{flag} "
                             + (f"(its flags: {offered}); " if offered else "(it declares no character "
                                "flags); ")
                             + "set its setup with --setup KEY=VALUE; its setup takes: "
                             + (", ".join(fields) or "nothing"), field=f"--{flag}")
        set_setup_path(rs, setup, path, value, f"--{flag}")
    rs.validate_setup(setup)
    return setup


def set_setup_path(rs: Any, setup: dict[str, Any], path: str, value: Any, flag: str) -> None:
    """Set the dotted ``path`` (``characters.0``) of ``setup`` to ``value``: a list element is set in
    the list given, else in a copy of the setup schema's default for that field."""
    head, _, rest = path.partition(".")
    if not rest:
        setup[head] = value
        return
    if not rest.isdigit():
        raise InputError(f"the ruleset {rs.id} declares {flag} as {path!r}: expected FIELD or "
                         "FIELD.INDEX", field=flag)
    current = setup.get(head)
    if current is None:
        current = schema_default(rs, head)
    if not isinstance(current, (list, tuple)) or int(rest) >= len(current):
        raise InputError(f"{flag} sets {path}, but the setup of {rs.id} has no default list "
                         f"{head!r} to set it in; give --setup {head}=[…]", field=flag)
    items = [getattr(x, "id", x) for x in current]
    items[int(rest)] = value
    setup[head] = items


def schema_default(rs: Any, name: str) -> Any:
    """The default of the setup field ``name`` in the ruleset's setup schema (None when it has none)."""
    fields = getattr(getattr(rs, "setup_schema", None), "model_fields", {})
    info = fields.get(name)
    if info is None:
        return None
    try:
        return info.get_default(call_default_factory=True)
    except TypeError:  # a default factory that takes the validated data
        return None


def setup_options(fn: Any) -> Any:
    """``--p1``, ``--p2`` (for rulesets that declare them as ``character_flags``) and ``--setup
    KEY=VALUE``."""
    fn = click.option("--setup", "setup_items", multiple=True, metavar="KEY=VALUE",
                      help="A field of the ruleset's setup, e.g. --setup players=3 (repeatable).")(fn)
    fn = click.option("--p2", default=None, help="P2's character, for rulesets that declare the flag "
                      "(HisouTab: an id or a .yaml file; default: the setup's own).")(fn)
    fn = click.option("--p1", default=None, help="P1's character, for rulesets that declare the flag "
                      "(HisouTab: an id or a .yaml file; default: the setup's own).")(fn)
    return fn


def option_items(fn: Any) -> Any:
    """``--option/-O KEY=VALUE`` (rule options, checked as the game checks them). The short flags
    mean one thing on every command: ``-O`` is a rule option, ``-o`` an output file."""
    return click.option("--option", "-O", "options", multiple=True, metavar="KEY=VALUE",
                        help="Set a rule option, e.g. -O guard.spirit_cost=2 (repeatable).")(fn)


DESIGNER = "designer"


def resolve_viewer(viewer: str | None, game: Any) -> str | None:
    """The player whose view ``--viewer`` asks for, spelled as the game spells it (any case), or
    None for ``designer`` (everything shown) and for no ``--viewer``. Any other name is refused
    with the game's players listed: a misspelt player never silently gives another view."""
    if viewer is None:
        return None
    wanted = viewer.strip().casefold()
    if wanted == DESIGNER:
        return None
    names = getattr(game.ruleset, "player_names", None)
    players = [str(p) for p in (names(game.ctx) if callable(names) else game.players)]
    for player in players:
        if player.casefold() == wanted:
            return player
    raise InputError(f"{viewer!r} is not a player of this game; expected one of "
                     f"{', '.join(players)} or {DESIGNER} (any case)", field="--viewer")


def scenario_game(file: str, step: int | None) -> Any:
    """The game a scenario file plays (its setup, script and stop), with the cursor after ``step``
    steps (or at its end)."""
    from hisoutab.scenarios.runner import run_file

    result = run_file(file)
    game = result.game
    if game is None:
        raise InputError(result.report(), file=file)
    if step is not None:
        if not 0 <= step <= len(game.line.steps):
            raise InputError(f"the scenario runs {len(game.line.steps)} steps; expected --step "
                             f"0..{len(game.line.steps)}", field="--step")
        game.goto(step)
    return game
