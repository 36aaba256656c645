"""Scenarios: hand-written rule situations in YAML — a setup (standard or an explicit state), a
script of choices and expectations — run by ``hisoutab run`` / ``check``, by pytest, and captured
from any game with :func:`capture`. See docs/scenarios.md."""

from .capture import capture, state_overlay
from .expect import Checkpoint
from .model import Scenario, find_scenarios, load_scenario, load_scenario_text
from .runner import Failure, Result, compare_golden, run_file, run_scenario, write_golden
from .tools import Diff, check_paths, check_summary, coverage, diff_scenario

__all__ = [
    "Checkpoint", "Diff", "Failure", "Result", "Scenario", "capture", "check_paths", "check_summary",
    "compare_golden", "coverage", "diff_scenario", "find_scenarios", "load_scenario",
    "load_scenario_text", "run_file", "run_scenario", "state_overlay", "write_golden",
]
