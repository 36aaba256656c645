"""Bounded loading: no file can exhaust time or memory, and each refusal is one located message."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from hisoutab import InputError
from hisoutab.cli.main import main
from hisoutab.engine.yamlio import MAX_DEPTH, MAX_DIGITS, MAX_FILE_BYTES, MAX_NODES, load_yaml, read_text
from hisoutab.scenarios import load_scenario


def alias_bomb(levels: int = 7, width: int = 9) -> str:
    lines = [f"a0: &a0 [{', '.join(['x'] * width)}]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]")
    return "\n".join(["name: bomb", "description: an alias bomb", *lines]) + "\n"


def test_an_alias_bomb_is_refused_before_it_is_expanded(tmp_path: Path) -> None:
    text = alias_bomb()
    assert len(text) < 1024
    f = tmp_path / "bomb.yaml"
    f.write_text(text)
    with pytest.raises(InputError, match=f"more than {MAX_NODES:,} values once its aliases are expanded"):
        load_scenario(f)


def test_a_recursive_alias_and_deep_nesting_are_refused(tmp_path: Path) -> None:
    (tmp_path / "rec.yaml").write_text("a: &x [*x]\n")
    with pytest.raises(InputError, match="an alias contains itself"):
        load_yaml(tmp_path / "rec.yaml")
    (tmp_path / "deep.yaml").write_text("a: " + "[" * 20_000 + "]" * 20_000 + "\n")
    with pytest.raises(InputError, match=r"invalid YAML|nest more than"):
        load_yaml(tmp_path / "deep.yaml")
    (tmp_path / "deep2.yaml").write_text("a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n")
    with pytest.raises(InputError, match=f"nest more than {MAX_DEPTH} deep"):
        load_yaml(tmp_path / "deep2.yaml")


def test_files_that_are_not_regular_or_too_large_are_refused_unread(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="/dev/zero: is not a regular file"):
        read_text("/dev/zero")
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="is not a regular file"):
        read_text(fifo)  # never opened: it would block
    big = tmp_path / "big.yaml"
    with open(big, "wb") as fh:  # 100 MB, sparse: nothing is written
        fh.truncate(100 * 1024 * 1024)
    with pytest.raises(InputError, match=f"is 104,857,600 bytes; a file may have at most {MAX_FILE_BYTES:,}"):
        read_text(big)
    with pytest.raises(InputError, match="is a folder"):
        read_text(tmp_path)
    (tmp_path / "latin1.yaml").write_bytes("name: caf\xe9\n".encode("latin-1"))
    with pytest.raises(InputError, match=r"not a UTF-8 text file \(byte 9\)"):
        read_text(tmp_path / "latin1.yaml")


@pytest.mark.parametrize(("text", "message"), [
    ("seed: !!int abc\n", "x.yaml:1: seed: 'abc' is not a valid int"),
    ("seed: !!bool maybe\n", "x.yaml:1: seed: 'maybe' is not a valid bool"),
    ("seed: !!timestamp nope\n", "x.yaml:1: seed: 'nope' is not a valid timestamp"),
    ("seed: !!python/object:os.system ls\n", "x.yaml:1: seed: a value this format cannot hold"),
    (f"seed: {'9' * 5000}\n", f"x.yaml:1: seed: an integer of more than {MAX_DIGITS} digits"),
])
def test_values_yaml_cannot_hold_as_plain_data(tmp_path: Path, text: str, message: str) -> None:
    f = tmp_path / "x.yaml"
    f.write_text(text)
    with pytest.raises(InputError) as info:
        load_yaml(f)
    assert str(info.value).replace(str(tmp_path) + "/", "").startswith(message)


@pytest.mark.parametrize("args", [["run", "/dev/zero"], ["play", "--p1", "/dev/zero"],
                                  ["render", "/dev/zero"], ["show", "/dev/zero"]])
def test_the_command_line_refuses_devices_in_one_line(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "is not a regular file" in result.output and "Traceback" not in result.output
    assert result.output.count("\n") == 1


def test_check_reports_an_unreadable_file_as_failed() -> None:
    result = CliRunner().invoke(main, ["check", "/dev/zero"])
    assert result.exit_code == 1
    assert "/dev/zero: is not a regular file" in result.output and "Traceback" not in result.output
