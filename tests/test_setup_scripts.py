"""The set-up scripts `make` relies on: the interpreter chosen for .venv."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_pick_python_names_an_interpreter_that_can_build_the_venv() -> None:
    chosen = subprocess.run(["sh", str(ROOT / "scripts" / "pick-python.sh")], capture_output=True,
                            text=True, check=True).stdout.strip()
    assert chosen and "\n" not in chosen
    probe = subprocess.run([chosen, "-c", "import sys, venv, ensurepip; print(*sys.version_info[:2])"],
                           capture_output=True, text=True, check=True).stdout.split()
    assert tuple(map(int, probe)) >= (3, 11)
