"""``hisoutab notebook FILE -o OUT.ipynb``: a scenario as an executed notebook."""

from __future__ import annotations

import click

from hisoutab.cli.common import friendly


@click.command()
@click.argument("file")
@click.option("-o", "--out", required=True, metavar="OUT.ipynb", help="The notebook to write.")
@click.option("--no-execute", is_flag=True, help="Write the cells without running them.")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@friendly
def notebook(file: str, out: str, no_execute: bool, force: bool) -> None:
    """Turn a scenario FILE into a notebook: the step table and the state picture at the start,
    after every scripted choice and at the end, executed and stored with outputs (for nbval)."""
    from hisoutab.notebooks import scenario_notebook

    path = scenario_notebook(file, out, execute=not no_execute, force=force)
    click.echo(f"wrote {path}")


COMMANDS = (notebook,)
