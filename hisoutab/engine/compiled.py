"""The optional compiled build: the hot modules compiled with mypyc, used only while they are current.

``make fast`` (``scripts/build-fast.py``) compiles the engine's step loop and the rulesets' rules
modules into ``build/fast/`` of the checkout, never next to the sources, with a manifest naming
each compiled module and the SHA-256 of the source it was compiled from. The build is used only
when asked for, with ``HISOUTAB_COMPILED=1`` in the environment: then, when the package is
imported, :func:`install` reads that manifest and, only if every listed source is unchanged and
the build is for this interpreter, puts a finder first on ``sys.meta_path`` that loads those
modules from the build; otherwise (not asked for, no build, an edited source, another Python)
nothing is installed and every module is the pure-Python one. The modules of one build call each
other directly, so the build is used whole or not at all. (Not by default: compiled functions
keep no docstrings, and compiled code reads a frame's items without the scenario checker's
probe seeing it — see docs/engine.md.)

:func:`status` says which it is; ``hisoutab bench`` reports it.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

#: the build's directory, relative to the checkout holding the package
BUILD_DIR = Path("build") / "fast"
MANIFEST = "manifest.json"
COMPILED_ENV = "HISOUTAB_COMPILED"

_status: dict[str, Any] = {"compiled": False, "reason": "not checked"}


def source_root() -> Path:
    """The directory holding the ``hisoutab`` package (a checkout's root)."""
    return Path(__file__).resolve().parents[2]


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class _Finder:
    """Finds the build's modules (and its shared library) in the build, nothing else."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        so = self.files.get(name)
        if so is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(name, str(so))
        return importlib.util.spec_from_file_location(name, so, loader=loader)


def _check(build: Path) -> tuple[dict[str, Path], str]:
    """The build's files by module name, or nothing and the reason it is not used."""
    manifest = build / MANIFEST
    if not manifest.is_file():
        return {}, f"no build ({manifest} is missing: make fast builds it)"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    if data.get("suffix") != suffix:
        return {}, f"built for another Python ({data.get('suffix')}, this one loads {suffix})"
    root = source_root()
    files: dict[str, Path] = {}
    for name, entry in data["modules"].items():
        src = root / entry["source"]
        if not src.is_file() or source_hash(src) != entry["sha256"]:
            return {}, f"stale: {entry['source']} changed since the build (make fast builds it again)"
        files[name] = build / entry["so"]
    for name, rel in data.get("libraries", {}).items():
        files[name] = build / rel
    missing = [str(p) for p in files.values() if not p.is_file()]
    if missing:
        return {}, f"incomplete build: {missing[0]} is missing"
    return files, ""


def install() -> dict[str, Any]:
    """Use the compiled build if it is current (see the module); returns :func:`status`."""
    global _status
    if _status["reason"] != "not checked":
        return _status
    if os.environ.get(COMPILED_ENV, "") in ("", "0"):
        _status = {"compiled": False, "reason": f"{COMPILED_ENV}=1 uses the build of make fast"}
        return _status
    build = source_root() / BUILD_DIR
    try:
        files, reason = _check(build)
    except (OSError, ValueError, KeyError) as e:
        files, reason = {}, f"unreadable build manifest: {e}"
    if not files:
        _status = {"compiled": False, "reason": reason}
        return _status
    sys.meta_path.insert(0, _Finder(files))
    modules = sorted(n for n in files if n.startswith("hisoutab."))
    _status = {"compiled": True, "build": str(build), "modules": modules}
    return _status


def status() -> dict[str, Any]:
    """Whether the compiled build is in use: ``compiled``, and the ``modules`` running compiled
    (those imported from the build so far are checked by their ``__file__``) or the ``reason``."""
    out = dict(_status)
    if out.get("compiled"):
        loaded = [n for n in out["modules"] if n in sys.modules]
        out["loaded_compiled"] = sum(
            1 for n in loaded if not str(getattr(sys.modules[n], "__file__", "")).endswith(".py"))
        out["loaded"] = len(loaded)
    return out


def build_label() -> str:
    """One line for a report: ``compiled (N modules, mypyc)`` or ``pure Python (the reason)``."""
    st = status()
    if st.get("compiled"):
        return f"compiled ({len(st['modules'])} modules, mypyc: {st['build']})"
    return f"pure Python ({st['reason']})"
