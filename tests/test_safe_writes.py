"""No data loss: outputs are written atomically, never over an existing file without --force, and
never into a folder that does not exist; anything unexpected in the CLI is one line, not a trace."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from hisoutab import InputError
from hisoutab.cli import common
from hisoutab.cli.main import main
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
