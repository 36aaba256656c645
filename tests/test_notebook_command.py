"""``hisoutab notebook``: a scenario becomes an executed notebook that nbval can keep checking."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from hisoutab.cli.main import main

SCENARIO = """\
name: a guard, pictured
description: P2 stands idle, so it guards Gohei Swing.
seed: 3
setup:
  characters: [miko, magician]
  stop: start
"""


def test_notebook_has_the_step_table_and_a_picture_per_checkpoint(tmp_path: Path) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(SCENARIO + "script:\n  - {P1: keep all, P2: keep all}\n  - P1 goes first\n"
                        "until: decision\n")
    out = tmp_path / "s.ipynb"
    result = CliRunner().invoke(main, ["notebook", str(scenario), "-o", str(out)])
    assert result.exit_code == 0, result.output
    nb = json.loads(out.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    source = "".join(code[0]["source"])
    assert "run_file('s.yaml')" in source
    assert "".join(code[0]["outputs"][0]["text"]) == "all expectations hold\n"
    table = "".join(code[1]["outputs"][0]["text"]).splitlines()
    assert table[0].startswith("0|1|setup.hp|H-SETUP-1|")
    assert any("|setup.mulligan|" in line for line in table)
    pictures = list(code[2:])
    assert len(pictures) == 4  # the start, after each of the two choices, the end
    for cell in pictures:
        data = cell["outputs"][0]["data"]
        assert "".join(data["image/svg+xml"]).startswith("<svg")
        assert "".join(data["text/plain"]).startswith("<StatePicture t=1")


def test_notebook_refuses_a_wrong_suffix(tmp_path: Path) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(SCENARIO)
    result = CliRunner().invoke(main, ["notebook", str(scenario), "-o", str(tmp_path / "x.txt")])
    assert result.exit_code == 2
    assert "expected a file ending in .ipynb" in result.output
    assert "Traceback" not in result.output


def test_text_from_the_scenario_cannot_become_live_markup(tmp_path: Path) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(SCENARIO.replace("name: a guard, pictured",
                                         'name: "<img src=x onerror=alert(3)> *bold* [link](javascript:x)"'))
    out = tmp_path / "s.ipynb"
    result = CliRunner().invoke(main, ["notebook", str(scenario), "-o", str(out), "--no-execute"])
    assert result.exit_code == 0, result.output
    first = "".join(json.loads(out.read_text())["cells"][0]["source"])
    assert "<img" not in first and "&lt;img src=x onerror=alert\\(3\\)&gt;" in first
    assert "\\*bold\\*" in first and "\\[link\\]\\(javascript:x\\)" in first
    again = CliRunner().invoke(main, ["notebook", str(scenario), "-o", str(out), "--no-execute"])
    assert again.exit_code == 2 and "give --force" in again.output


def test_notebook_runs_with_the_relative_pythonpath_of_the_guide(tmp_path: Path) -> None:
    """``PYTHONPATH=. hisoutab notebook …`` in the folder that holds a plugin ruleset: the kernel,
    which runs in the notebook's folder, still imports it."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    scenario = root / "tests" / "toy" / "scenarios" / "dice_decide.yaml"
    out = tmp_path / "toy.ipynb"
    env = {**os.environ, "PYTHONPATH": ".", "HISOUTAB_PLUGINS": "tests.toy"}
    done = subprocess.run([sys.executable, "-m", "hisoutab.cli.main", "notebook", str(scenario),
                           "-o", str(out)], cwd=root, env=env, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    code = [c for c in json.loads(out.read_text())["cells"] if c["cell_type"] == "code"]
    assert "".join(code[0]["outputs"][0]["text"]) == "all expectations hold\n"


def test_relative_pythonpath_entries_are_resolved(tmp_path: Path) -> None:
    from hisoutab.notebooks.scenario import resolved_pythonpath

    (tmp_path / "lib").mkdir()
    got = resolved_pythonpath(f".{os.pathsep}lib{os.pathsep}/abs", tmp_path).split(os.pathsep)
    assert got == [str(tmp_path.resolve()), str((tmp_path / "lib").resolve()), "/abs"]
