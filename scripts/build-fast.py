"""The optional compiled build (``make fast``): the hot modules compiled with mypyc into build/fast/.

    python scripts/build-fast.py          # build into build/fast/ (nothing to do when it is current)
    python scripts/build-fast.py --force  # build again
    python scripts/build-fast.py --clean  # remove build/fast/: every module pure Python again
    python scripts/build-fast.py --list   # the modules it compiles

The sources stay as they are and nothing is written next to them: the compiled modules, mypyc's
shared library and a manifest (each module's source and its SHA-256) go to build/fast/.
:mod:`hisoutab.engine.compiled` loads them only while every listed source is unchanged; an edited
source makes the whole build unused until it is built again. Needs mypy (the test extra), a C
compiler and the Python headers; the package itself never does.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "fast"
GROUP = "hisoutab_fast"

#: the engine's hot path: the step loop, records' copies, declared steps, decisions, chance. Not
#: record.py: its ``record`` decorator is marked a dataclass transform, an attribute a compiled
#: function cannot take (its hot half, ``replace``, is copying.py); not agents.py: a compiled class
#: cannot be subclassed by an interpreted one, and agents are written by their users
ENGINE = ["game", "copying", "flow", "decision", "rng", "chance", "playouts"]
#: the rules packages whose modules are compiled (all but those of RULES_KEPT)
RULES = ["hisoutab/games/hisoutab/v0452/rules", "hisoutab/games/hisoutab/draft/rules",
         "hisoutab/games/recast_rift/rules", "hisoutab/games/tamashii/rules"]
#: rules modules left pure Python: they read files next to them (``__file__``), build pydantic
#: models or only hold declarations read once per game; each game's context, which is weakly
#: referenced (the zone ledgers, Recast Rift's statics), as an instance of a compiled class cannot
#: be; and the state records (``state``), whose type hints ``from_dict`` reads: compiled, a hint
#: such as ``tuple[Player, Player]`` is only ``tuple``
RULES_KEPT = {"__init__", "cards", "clauses", "content", "context", "decks", "formats", "models",
              "options", "ruleset", "schema", "setup", "state"}
#: further modules compiled (hisoutab/games/hisoutab/duel.py is not: it defines a pydantic model,
#: which mypyc's C output does not build)
EXTRA: list[str] = []


def sources() -> list[Path]:
    """The source files compiled, relative to the checkout."""
    out = [Path("hisoutab/engine") / f"{m}.py" for m in ENGINE]
    for pkg in RULES:
        out += sorted(p.relative_to(ROOT) for p in (ROOT / pkg).glob("*.py") if p.stem not in RULES_KEPT)
    out += [Path(p) for p in EXTRA]
    return out


def module_name(path: Path) -> str:
    return ".".join(path.with_suffix("").parts)


def clean() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
        print(f"removed {OUT.relative_to(ROOT)}")


def current(srcs: list[Path]) -> bool:
    """Whether build/fast/ holds a build of exactly these sources, as they are, for this Python."""
    try:
        manifest = json.loads((OUT / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    want = {module_name(p): hashlib.sha256((ROOT / p).read_bytes()).hexdigest() for p in srcs}
    have = {name: entry["sha256"] for name, entry in manifest.get("modules", {}).items()}
    return manifest.get("suffix") == importlib.machinery.EXTENSION_SUFFIXES[0] and want == have


def build(force: bool = False) -> None:
    srcs = sources()
    if not force and current(srcs):
        print(f"{OUT.relative_to(ROOT)} is current ({len(srcs)} modules; --force builds it again)")
        return
    from mypyc.build import mypycify
    from setuptools import Distribution

    clean()
    lib = OUT / "lib"
    t0 = time.perf_counter()
    os.chdir(ROOT)  # mypy names the modules from their paths
    exts = mypycify([str(p) for p in srcs], opt_level="3", group_name=GROUP,
                    target_dir=str(OUT / "c"))
    dist = Distribution({"name": "hisoutab-fast", "ext_modules": exts})
    dist.script_args = ["build_ext", "--build-lib", str(lib), "--build-temp", str(OUT / "tmp"),
                        "--parallel", str(os.cpu_count() or 1)]
    dist.parse_command_line()
    dist.run_commands()
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    modules = {}
    for p in srcs:
        name = module_name(p)
        so = lib / p.parent / (p.stem + suffix)
        if not so.is_file():
            raise SystemExit(f"mypyc built no {so}")
        modules[name] = {"source": p.as_posix(), "so": so.relative_to(OUT).as_posix(),
                         "sha256": hashlib.sha256((ROOT / p).read_bytes()).hexdigest()}
    libraries = {f"{GROUP}__mypyc": (lib / f"{GROUP}__mypyc{suffix}").relative_to(OUT).as_posix()}
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    manifest = {"suffix": suffix, "python": sys.version, "commit": commit,
                "modules": modules, "libraries": libraries}
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"compiled {len(modules)} modules into {OUT.relative_to(ROOT)} "
          f"in {time.perf_counter() - t0:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="remove build/fast/")
    ap.add_argument("--list", action="store_true", help="print the modules compiled")
    ap.add_argument("--force", action="store_true", help="build even when build/fast/ is current")
    args = ap.parse_args()
    if args.clean:
        clean()
    elif args.list:
        print("\n".join(module_name(p) for p in sources()))
    else:
        build(args.force)


if __name__ == "__main__":
    main()
