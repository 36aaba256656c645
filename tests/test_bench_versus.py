"""``hisoutab bench --versus chess``: our random playouts against python-chess's, in one process."""

from __future__ import annotations

import builtins
import json
from typing import Any

import pytest
from click.testing import CliRunner

from hisoutab.cli.main import main
from hisoutab.engine import bench
from hisoutab.engine.compiled import build_label

TOY = "toy-dice-race"


def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_versus_chess_reports_the_ratio_per_ruleset() -> None:
    pytest.importorskip("chess")
    result = invoke("bench", "--versus", "chess", "--ruleset", TOY, "--games", "4",
                    "--batches", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["batches"] == 2 and data["games_per_batch"] == 2
    assert data["chess"].startswith("1.")
    assert data["build"] == build_label()  # compiled or pure Python, and why
    (rid, figures), = data["rulesets"].items()
    assert rid == TOY
    assert figures["ratio_min"] <= figures["ratio"] <= figures["ratio_max"]
    assert figures["ratio"] == pytest.approx(
        figures["decisions_per_s"] / figures["chess_decisions_per_s"], rel=0.6)
    assert figures["bytes_per_step"] > 0


def test_versus_chess_covers_every_ruleset_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("chess")
    seen: list[list[str]] = []

    def fake(rulesets: list[str], **kw: Any) -> dict[str, Any]:
        seen.append(rulesets)
        return {"build": "pure Python (no build)", "chess": "1.11", "batches": 1,
                "games_per_batch": 1, "chess_games_per_batch": 1,
                "rulesets": {r: {"ratio": 1.0, "ratio_min": 1.0, "ratio_max": 1.0,
                                 "decisions_per_s": 1.0, "chess_decisions_per_s": 1.0,
                                 "bytes_per_step": 1.0} for r in rulesets}}

    monkeypatch.setattr(bench, "versus_chess", fake)
    from hisoutab.engine.ruleset import all_rulesets

    result = invoke("bench", "--versus", "chess", "--json")
    assert result.exit_code == 0, result.output
    assert seen == [sorted(all_rulesets())]
    assert sorted(json.loads(result.stdout)["rulesets"]) == sorted(all_rulesets())
    table = invoke("bench", "--versus", "chess", "--ruleset", TOY)  # the table, one row a ruleset
    assert table.exit_code == 0, table.output
    assert "ratio" in table.stdout and TOY[:8] in table.stdout
    assert "pure Python" in table.stdout  # the title says whether compiled code ran


def test_chess_random_games_count_their_moves() -> None:
    chess = pytest.importorskip("chess")
    moves = bench.chess_random_games(range(2))
    assert moves > 2 * 10
    board = chess.Board()
    assert board.legal_moves.count() == 20


def test_without_python_chess_one_line_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = builtins.__import__

    def no_chess(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "chess" or name.startswith("chess."):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_chess)
    result = invoke("bench", "--versus", "chess", "--ruleset", TOY, "--games", "2", "--batches", "1")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"hisoutab: {bench.CHESS_MISSING}"
    assert "pip install 'hisoutab[bench]'" in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (("--batches", "0"), "hisoutab: --batches: expected at least 1 batch, got 0"),
    (("--games", "2", "--batches", "3"),
     "hisoutab: --games: expected at least one game per batch (3), got 2"),
])
def test_versus_refuses_bad_counts_in_one_line(args: tuple[str, ...], message: str) -> None:
    result = invoke("bench", "--versus", "chess", "--ruleset", TOY, *args)
    assert result.exit_code == 2
    assert result.stderr.strip() == message
