"""No data loss: outputs are written atomically, never over an existing file without --force, and
never into a folder that does not exist; anything unexpected in the CLI is one line, not a trace."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hisoutab import InputError
from hisoutab.cli import common
from hisoutab.cli.main import main
from hisoutab.engine import files
from hisoutab.engine.files import write_file, written_by_hisoutab

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "hisoutab-0.45.2" / "setup" / \
    "standard_setup.yaml"


def invoke(*args: str) -> object:
    return CliRunner().invoke(main, list(args))


def test_write_file_refuses_to_overwrite_unless_forced(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    write_file(f, "one")
    with pytest.raises(InputError, match="exists already; give --force to replace it"):
        write_file(f, "two")
    assert f.read_text() == "one"
    write_file(f, "two", force=True)
    assert f.read_text() == "two"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary file left behind


def test_write_file_never_creates_folders_or_writes_over_devices(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        write_file(tmp_path / "no" / "such" / "out.txt", "x")
    assert not (tmp_path / "no").exists()
    with pytest.raises(InputError, match="is a folder"):
        write_file(tmp_path, "x", force=True)
    with pytest.raises(InputError, match="is not a regular file"):
        write_file("/dev/null", "x", force=True)


def test_an_interrupted_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "golden.txt"
    f.write_text("the good log\n")

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(InputError, match="No space left on device"):
        write_file(f, "half a log", force=True)
    assert f.read_text() == "the good log\n"
    assert [p.name for p in tmp_path.iterdir()] == ["golden.txt"]


PICTURES = [
    ("render", "--seed", "1", "--step", "20", "-o", "{out}/state.svg"),
    ("render", "--seed", "1", "--step", "20", "-o", "{out}/state.html"),
    ("render", "--seed", "1", "--step", "20", "-o", "{out}/state.png"),
    ("graph", "phases", "--overview", "-o", "{out}/phases.dot"),
    ("graph", "phases", "--overview", "-o", "{out}/phases.svg"),
    ("graph", "priority", "--seed", "1", "--step", "20", "-o", "{out}/priority.dot"),
]


@pytest.mark.parametrize("args", [*PICTURES, ("capture", "--step", "20", "-o", "{out}/captured.yaml")])
def test_outputs_need_force_to_replace_a_file_of_the_user(tmp_path: Path, args: tuple[str, ...]) -> None:
    argv = [a.format(out=tmp_path) for a in args]
    target = Path(argv[-1])
    target.write_bytes(b"the user's own file\n")
    again = invoke(*argv)
    assert again.exit_code == 2
    assert "exists already; give --force to replace it" in again.output
    assert target.read_bytes() == b"the user's own file\n"
    forced = invoke(*argv, "--force")
    assert forced.exit_code == 0, forced.output
    assert target.read_bytes() != b"the user's own file\n"


@pytest.mark.parametrize("args", PICTURES)
def test_a_picture_or_graph_hisoutab_wrote_is_replaced_without_force(tmp_path: Path,
                                                                      args: tuple[str, ...]) -> None:
    argv = [a.format(out=tmp_path) for a in args]
    first = invoke(*argv)
    assert first.exit_code == 0, first.output
    assert written_by_hisoutab(Path(argv[-1]))
    again = invoke(*argv)
    assert again.exit_code == 0, again.output


def test_a_captured_scenario_is_data_and_needs_force(tmp_path: Path) -> None:
    argv = ["capture", "--step", "20", "-o", str(tmp_path / "c.yaml")]
    assert invoke(*argv).exit_code == 0
    again = invoke(*argv)
    assert again.exit_code == 2 and "give --force" in again.output


def test_outputs_into_a_missing_folder_are_refused(tmp_path: Path) -> None:
    r = invoke("render", "--seed", "1", "--step", "5", "-o", str(tmp_path / "missing" / "s.svg"))
    assert r.exit_code == 2 and "does not exist (it is not created)" in r.output
    assert not (tmp_path / "missing").exists()


def test_a_bug_is_one_line_with_the_trace_in_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("hisoutab.cli.game_commands.Game", broken)
    r = invoke("play", "--seed", "1", "--json")
    assert r.exit_code == 3
    line = r.output.strip()
    assert line.startswith("hisoutab: internal error (ZeroDivisionError: division by zero); this is a bug")
    assert "\n" not in line and "Traceback" not in line
    trace = Path(line.rsplit(" ", 1)[-1])
    assert "Traceback" in trace.read_text() and "ZeroDivisionError" in trace.read_text()
    trace.unlink()


def test_error_lines_are_bounded() -> None:
    assert len(common._one_line("x" * 10_000_000)) == common.MAX_MESSAGE


def test_check_on_a_folder_without_scenarios_says_so(tmp_path: Path) -> None:
    r = invoke("check", str(tmp_path))
    assert r.exit_code == 2
    assert r.output.strip() == f"hisoutab: {tmp_path}: no scenario files (*.yaml) there"


def test_markup_in_a_scenario_name_is_printed_as_written(tmp_path: Path) -> None:
    text = SCENARIO.read_text().replace("name: ", "name: a [/oops] b [bold]x ", 1)
    f = tmp_path / "my scenarios [draft].yaml"
    f.write_text(text)
    r = invoke("run", str(f))
    assert "a [/oops] b [bold]x" in r.output
    assert "my scenarios [draft].yaml" in r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize("kind", ["latin-1", "folder"])
def test_a_broken_golden_log_fails_the_scenario_in_one_line(tmp_path: Path, kind: str) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(SCENARIO.read_text())
    golden = tmp_path / "s.golden.txt"
    if kind == "folder":
        golden.mkdir()
    else:
        golden.write_bytes("# caf\xe9\n".encode("latin-1"))
    r = invoke("check", str(scenario))
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert ("is a folder" if kind == "folder" else "not a UTF-8 text file") in r.output


# --------------------------------------------------------------------------- the user's files and the mark
IDLE_GUARD = SCENARIO.parent.parent / "guard" / "idle_guard.yaml"
USERS_PAGE = ("<!DOCTYPE html>\n<html><head><title>report</title></head>\n<body><p>All pictures here were "
              "written by hisoutab from my games.</p></body></html>\n")
#: each output and a file of the user's there that mentions the phrase (issue: report.html, notes.json,
#: graph.dot)
USERS_FILES = {
    "render": (("render", "--seed", "1", "--step", "20", "-o", "{out}/report.html"), USERS_PAGE),
    "export html": (("export", "html", str(SCENARIO), "-o", "{out}/report.html"), USERS_PAGE),
    "diff": (("diff", str(IDLE_GUARD), "--options-b", "guard.spirit_cost=3", "-o", "{out}/report.html"),
             USERS_PAGE),
    "schema": (("schema", "scenario", "-o", "{out}/notes.json"),
               '{"notes": "the pictures were written by hisoutab", "todo": []}\n'),
    "graph phases": (("graph", "phases", "--overview", "-o", "{out}/graph.dot"),
                     "// written by hisoutab, then laid out by hand\ndigraph { a -> b }\n"),
}


def wrote(result: Any) -> bool:
    """The command wrote its file (``diff`` exits 1 when the two lines of play differ)."""
    return result.exit_code in (0, 1) and "wrote " in result.output  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", sorted(USERS_FILES))
def test_a_users_file_that_mentions_the_phrase_needs_force(tmp_path: Path, name: str) -> None:
    args, text = USERS_FILES[name]
    argv = [a.format(out=tmp_path) for a in args]
    target = Path(argv[-1])
    target.write_text(text, encoding="utf-8")
    refused = invoke(*argv)
    assert refused.exit_code == 2
    assert refused.output.strip() == f"hisoutab: {target}: -o: exists already; give --force to replace it"
    assert target.read_text(encoding="utf-8") == text
    forced = invoke(*argv, "--force")
    assert wrote(forced), forced.output
    assert written_by_hisoutab(target)


#: edits by hand that keep each format (a PNG edited anew is no longer hisoutab's: its chunks change)
EDITS = {".html": ("</body>", "<p>my note</p></body>"), ".svg": ("</svg>", "<!-- my note --></svg>"),
         ".dot": ("{", "{ // my note\n"), ".json": ('"title": "', '"title": "my ')}
EDITED = [*[args for args, _ in USERS_FILES.values()], PICTURES[0], PICTURES[2], PICTURES[4]]


@pytest.mark.parametrize("args", EDITED, ids=lambda a: f"{a[0]} {a[-1].rsplit('.', 1)[-1]}")
def test_an_own_file_is_replaced_without_force_but_not_once_edited_by_hand(tmp_path: Path,
                                                                           args: tuple[str, ...]) -> None:
    argv = [a.format(out=tmp_path) for a in args]
    target = Path(argv[-1])
    assert wrote(invoke(*argv))
    assert written_by_hisoutab(target)
    again = invoke(*argv)
    assert wrote(again), again.output
    data = target.read_bytes()
    if target.suffix == ".png":
        edited = data[:len(data) // 2] + bytes([data[len(data) // 2] ^ 0xFF]) + data[len(data) // 2 + 1:]
        message = "exists already; give --force to replace it"
    else:
        old, new = EDITS[target.suffix]
        edited = data.replace(old.encode(), new.encode(), 1)
        message = "was written by hisoutab but changed since (by hand?); give --force to replace it"
    assert edited != data
    target.write_bytes(edited)
    refused = invoke(*argv)
    assert refused.exit_code == 2
    assert refused.output.strip() == f"hisoutab: {target}: -o: {message}"
    assert target.read_bytes() == edited
    forced = invoke(*argv, "--force")
    assert wrote(forced), forced.output
    assert target.read_bytes() == data


# --------------------------------------------------------------------------- temporary files
def temporary_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_ctrl_c_inside_a_write_leaves_the_old_file_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "pic.svg"
    f.write_text("the old picture\n")

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_file(f, "a new picture", force=True)
    assert f.read_text() == "the old picture\n"
    assert temporary_files(tmp_path) == []


CHILD = r"""
import os, signal, sys, threading

from hisoutab.engine import files

target, stage, delay = sys.argv[1], sys.argv[2], float(sys.argv[3])
new = b"the complete new file\n" * 200_000


def die(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)


fdopen, replace = os.fdopen, os.replace


class Half:
    def __init__(self, fh):
        self.fh = fh

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def write(self, data):
        self.fh.write(data[: len(data) // 2])
        self.fh.flush()
        die()


def replaced(a, b):
    replace(a, b)
    die()


if stage == "created":
    os.fdopen = die
elif stage == "half written":
    os.fdopen = lambda fd, mode: Half(fdopen(fd, mode))
elif stage == "written":
    os.fsync = die
elif stage == "synced":
    os.chmod = die
elif stage == "renamed":
    os.replace = replaced
else:  # killed from a thread at a moment, while it writes again and again
    threading.Timer(delay, die).start()
    while True:
        files.write_file(target, new, force=True)
files.write_file(target, new, force=True)
"""
NEW = b"the complete new file\n" * 200_000
STAGES = [("created", 0.0), ("half written", 0.0), ("written", 0.0), ("synced", 0.0), ("renamed", 0.0),
          *[("timer", d) for d in (0.0, 0.002, 0.01, 0.05, 0.2)]]


@pytest.mark.parametrize(("stage", "delay"), STAGES, ids=[f"{s}-{d}" for s, d in STAGES])
def test_a_write_killed_at_any_point_keeps_the_old_or_the_new_file_and_leaves_no_temporary_file(
        tmp_path: Path, stage: str, delay: float) -> None:
    f = tmp_path / "pic.svg"
    f.write_bytes(b"the old file\n")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    child = subprocess.run([sys.executable, "-c", CHILD, str(f), stage, str(delay)], env=env,
                           capture_output=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr.decode()
    assert f.read_bytes() in (b"the old file\n", NEW)
    if stage in ("created", "half written", "written", "synced"):
        assert f.read_bytes() == b"the old file\n"
        assert len(temporary_files(tmp_path)) == 1  # what the killed write left
    if stage == "renamed":
        assert f.read_bytes() == NEW
    write_file(tmp_path / "other.txt", "the next write to the folder")
    assert temporary_files(tmp_path) == []
    assert f.read_bytes() in (b"the old file\n", NEW)


def _temp_name(target: str, pid: int, host: str | None = None) -> str:
    return f".{target}.hisoutab-{host or files._host()}-{pid}-abc123_x.tmp"


def test_only_stale_temporary_files_of_hisoutab_are_removed(tmp_path: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    elsewhere = "0badf00d" if files._host() != "0badf00d" else "0badf00e"
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        names = {
            "dead": _temp_name("a.svg", dead.pid),
            "alive": _temp_name("b.svg", alive.pid),
            "this process": _temp_name("c.svg", os.getpid()),
            "other machine": _temp_name("d.svg", dead.pid, host=elsewhere),
            "other machine, old": _temp_name("e.svg", alive.pid, host=elsewhere),
            "the user's": ".notes.txt.12345.tmp",
            "the user's too": "a.hisoutab-x.tmp",
        }
        for name in names.values():
            (tmp_path / name).write_text("x")
        old = time.time() - files.STALE_AFTER_SECONDS - 10
        os.utime(tmp_path / names["other machine, old"], (old, old))
        link = tmp_path / _temp_name("f.svg", dead.pid)
        link.symlink_to(tmp_path / "elsewhere")
        removed = files.remove_stale_temporary_files(tmp_path)
        assert sorted(p.name for p in removed) == sorted([names["dead"], names["other machine, old"]])
        left = {p.name for p in tmp_path.iterdir()}
        assert left == (set(names.values()) - {names["dead"], names["other machine, old"]}) | {link.name}
    finally:
        alive.kill()
        alive.wait()


def test_a_temporary_file_of_a_long_name_stays_a_valid_name(tmp_path: Path) -> None:
    f = tmp_path / ("x" * 250 + ".svg")
    write_file(f, "a picture")
    assert f.read_text() == "a picture" and temporary_files(tmp_path) == []
