"""``hisoutab`` — the command line: play, rules, scenarios, pictures, graphs, benchmark.

Every command lives in a module of its own (``game_commands``, ``scenario_commands``,
``view_commands``, ``notebook_command``, ``export_commands``, ``schema_command``); this module only
gathers them. Errors print one clear line, never a traceback.
"""

from __future__ import annotations

import click

from hisoutab.cli import (
    export_commands,
    game_commands,
    notebook_command,
    scenario_commands,
    schema_command,
    view_commands,
)
from hisoutab.cli.common import DEFAULT_RULESET, friendly, parse_options

__all__ = ["DEFAULT_RULESET", "friendly", "main", "parse_options"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hisoutab")
def main() -> None:
    """hisoutab: play, inspect and test the rules of tabletop games (HisouTab and more)."""




for _module in (game_commands, scenario_commands, view_commands, notebook_command, export_commands,
                schema_command):
    for _command in _module.COMMANDS:
        main.add_command(_command)

if __name__ == "__main__":  # pragma: no cover
    main()
