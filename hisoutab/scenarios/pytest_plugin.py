"""pytest plugin: every scenario file (``*.yaml`` under a ``scenarios`` directory, golden logs
excluded) is a test item. Registered through the ``pytest11`` entry point."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def _is_scenario(path: Path) -> bool:
    from .model import is_scenario_file

    return is_scenario_file(path) and "scenarios" in path.parts


def pytest_collect_file(file_path: Path, parent: Any) -> Any:
    if _is_scenario(Path(file_path)):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFailed(Exception):
    pass


class ScenarioFile(pytest.File):
    def collect(self) -> Any:
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        from .runner import run_file

        result = run_file(self.path)
        if not result.passed:
            raise ScenarioFailed(result.report())

    def repr_failure(self, excinfo: Any, style: Any = None) -> Any:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Any, int, str]:
        return self.path, 0, f"scenario {self.path.name}"
