"""``hisoutab schema KIND [-o FILE] [--ruleset ID] [--force]``: the JSON Schema of a scenario file or of
a file a ruleset reads (its character files…), for an editor's completion and checks."""

from __future__ import annotations

from pathlib import Path

import click

from hisoutab.cli.common import friendly
from hisoutab.engine.errors import InputError
from hisoutab.engine.files import write_file
from hisoutab.engine.schemas import schema_text


@click.command("schema")
@click.argument("kind", metavar="KIND")
@click.option("--ruleset", default=None, metavar="ID",
              help="The ruleset whose files are described (scenario: default any ruleset; the other "
                   "kinds: hisoutab-0.45.2).")
@click.option("-o", "--out", default=None, metavar="FILE.json", help="Write the schema here (default: "
              "print it).")
@click.option("--force", is_flag=True, help="Replace FILE if it exists (a schema hisoutab wrote is "
              "replaced without it).")
@friendly
def schema(kind: str, ruleset: str | None, out: str | None, force: bool) -> None:
    """Print or write the JSON Schema of KIND: `scenario`, or a file of the ruleset — `character`
    (HisouTab), `fighter` or `deck` (Recast Rift). A scenario schema with --ruleset knows that
    ruleset's options, setup fields, steps and clauses."""
    from hisoutab.scenarios.schema import file_schema

    if out is not None and Path(out).suffix.lower() != ".json":
        raise InputError(f"{out!r}: expected a file ending in .json", field="-o")
    text = schema_text(file_schema(kind, ruleset))
    if out is None:
        click.echo(text, nl=False)
        return
    path = write_file(out, text, force=force, replaceable=True)
    click.echo(f"wrote {path}")


COMMANDS = (schema,)
