"""What every command shares: the default ruleset, the console, the one-line error wrapper, rule
options and setups given as KEY=VALUE."""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable
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


def parse_options(items: tuple[str, ...], field: str = "--option") -> dict[str, Any]:
    """``KEY=VALUE`` pairs; the value is read as a YAML scalar or list (safe: plain data only)."""
    out: dict[str, Any] = {}
    for item in items:
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
    """A game's setup from ``--setup KEY=VALUE`` pairs (YAML values) and, for rulesets whose setup
    names characters, ``--p1`` / ``--p2``. Checked against the ruleset's setup schema."""
    setup = parse_options(items, "--setup")
    rs = get_ruleset(ruleset)
    if p1 is not None or p2 is not None:
        fields = getattr(getattr(rs, "setup_schema", None), "model_fields", {})
        if "characters" not in fields:
            raise InputError(f"the ruleset {rs.id} has no characters to choose; its setup takes: "
                             + (", ".join(fields) or "nothing"), field="--p1")
        defaults = getattr(rs, "default_characters", ("miko", "magician"))
        setup["characters"] = [p1 or defaults[0], p2 or defaults[1]]
    rs.validate_setup(setup)
    return setup


def setup_options(fn: Any) -> Any:
    """``--p1``, ``--p2`` (characters, for rulesets that have them) and ``--setup KEY=VALUE``."""
    fn = click.option("--setup", "setup_items", multiple=True, metavar="KEY=VALUE",
                      help="A field of the ruleset's setup, e.g. --setup players=3 (repeatable).")(fn)
    fn = click.option("--p2", default=None, help="P2's character (id or .yaml file; HisouTab: "
                      "magician).")(fn)
    fn = click.option("--p1", default=None, help="P1's character (id or .yaml file; HisouTab: "
                      "miko).")(fn)
    return fn
