"""``hisoutab`` — the command line: play, rules, scenarios, pictures, graphs, benchmark.

Every command lives in a module of its own (``game_commands``, ``scenario_commands``,
``view_commands``, ``notebook_command``, ``export_commands``, ``schema_command``,
``explore_command``); this module only
gathers them. Errors print one clear line, never a traceback.
"""

from __future__ import annotations

import click

from hisoutab.cli import (
    explore_command,
    export_commands,
    game_commands,
    lab_commands,
    notebook_command,
    scenario_commands,
    schema_command,
    view_commands,
)
from hisoutab.cli.common import ARGS_KEY, DEFAULT_RULESET, friendly, parse_options

__all__ = ["DEFAULT_RULESET", "friendly", "main", "parse_options"]


class _Main(click.Group):
    """The command group; it keeps the words the user typed (``ctx.meta``, shared with every
    command's context) so that a message names a flag as it was typed (``-O`` or ``--option``)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[ARGS_KEY] = tuple(args)
        return super().parse_args(ctx, args)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hisoutab")
def main() -> None:
    """hisoutab: play, inspect and test the rules of tabletop games (HisouTab and more)."""




for _module in (game_commands, scenario_commands, view_commands, notebook_command, export_commands,
                schema_command, explore_command, lab_commands):
    for _command in _module.COMMANDS:
        main.add_command(_command)

if __name__ == "__main__":  # pragma: no cover
    main()
