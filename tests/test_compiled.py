"""The optional compiled build (make fast): used whole while current, never when stale or absent."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hisoutab.engine import compiled, game

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
SOURCE = "hisoutab/engine/game.py"


def _manifest(build: Path, sha: str, suffix: str = SUFFIX) -> None:
    """A build of one module (an empty file stands for the compiled one)."""
    so = build / "lib" / "hisoutab" / "engine" / f"game{suffix}"
    so.parent.mkdir(parents=True)
    so.write_bytes(b"")
    lib = build / "lib" / f"hisoutab_fast__mypyc{suffix}"
    lib.write_bytes(b"")
    (build / compiled.MANIFEST).write_text(json.dumps({
        "suffix": suffix, "modules": {"hisoutab.engine.game": {
            "source": SOURCE, "so": so.relative_to(build).as_posix(), "sha256": sha}},
        "libraries": {"hisoutab_fast__mypyc": lib.relative_to(build).as_posix()}}))


def _sha() -> str:
    return hashlib.sha256((compiled.source_root() / SOURCE).read_bytes()).hexdigest()


def test_a_current_build_gives_every_module_and_the_shared_library(tmp_path: Path) -> None:
    _manifest(tmp_path, _sha())
    files, reason = compiled._check(tmp_path)
    assert reason == ""
    assert set(files) == {"hisoutab.engine.game", "hisoutab_fast__mypyc"}
    assert files["hisoutab.engine.game"].name == f"game{SUFFIX}"


def test_an_edited_source_leaves_the_whole_build_unused(tmp_path: Path) -> None:
    _manifest(tmp_path, "0" * 64)
    files, reason = compiled._check(tmp_path)
    assert files == {}
    assert reason.startswith(f"stale: {SOURCE} changed")


def test_a_build_for_another_python_or_none_is_not_used(tmp_path: Path) -> None:
    files, reason = compiled._check(tmp_path)
    assert files == {} and reason.startswith("no build")
    _manifest(tmp_path, _sha(), suffix=".cpython-39-x86_64-linux-gnu.so")
    files, reason = compiled._check(tmp_path)
    assert files == {} and reason.startswith("built for another Python")


def test_a_missing_compiled_file_leaves_the_build_unused(tmp_path: Path) -> None:
    _manifest(tmp_path, _sha())
    (tmp_path / "lib" / f"hisoutab_fast__mypyc{SUFFIX}").unlink()
    files, reason = compiled._check(tmp_path)
    assert files == {} and reason.startswith("incomplete build")


def test_the_status_says_what_runs() -> None:
    st = compiled.status()
    label = compiled.build_label()
    if st["compiled"]:
        assert game.__file__ is not None and game.__file__.endswith(SUFFIX)
        assert label.startswith(f"compiled ({len(st['modules'])} modules")
        assert st["loaded_compiled"] == st["loaded"] > 0
    else:
        assert game.__file__ is not None and game.__file__.endswith("game.py")
        assert label == f"pure Python ({st['reason']})"


def _imported(**env: str) -> list[str]:
    """``game.__file__`` and the build's label in a new process with ``env``."""
    full = {k: v for k, v in os.environ.items() if k != compiled.COMPILED_ENV}
    full["PYTHONPATH"] = os.pathsep.join([str(compiled.source_root()), os.environ.get("PYTHONPATH", "")])
    full.update(env)
    return subprocess.run([sys.executable, "-c", "import hisoutab.engine.game as g, "
                           "hisoutab.engine.compiled as c; print(g.__file__); print(c.build_label())"],
                          env=full, capture_output=True, text=True, check=True).stdout.splitlines()


def test_without_hisoutab_compiled_every_module_is_pure_python() -> None:
    out = _imported()
    assert out[0].endswith("game.py")
    assert out[1] == f"pure Python ({compiled.COMPILED_ENV}=1 uses the build of make fast)"


def test_hisoutab_compiled_uses_a_current_build_or_says_why_not() -> None:
    out = _imported(**{compiled.COMPILED_ENV: "1"})
    files, reason = compiled._check(compiled.source_root() / compiled.BUILD_DIR)
    if files:
        assert out[0].endswith(SUFFIX) and out[1].startswith("compiled (")
    else:
        assert out[0].endswith("game.py") and out[1] == f"pure Python ({reason})"


@pytest.mark.parametrize("name", ["hisoutab.engine.game", "hisoutab.engine.flow"])
def test_the_build_script_lists_the_engine_modules(name: str) -> None:
    script = compiled.source_root() / "scripts" / "build-fast.py"
    listed = subprocess.run([sys.executable, str(script), "--list"], capture_output=True, text=True,
                            check=True).stdout.split()
    assert name in listed
    assert "hisoutab.engine.record" not in listed and "hisoutab.engine.agents" not in listed
