"""Sweeps: the same Parquet contents on one process, on local worker processes and on a Dask
LocalCluster; a sweep extends its stored results without replaying them; the report's figures."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from hisoutab.cli.main import main
from hisoutab.lab.plan import make_plan
from hisoutab.lab.report import summarize, wilson
from hisoutab.lab.runner import sweep

GRID = ("round.limit=6,9", "players=2,3")


def plan(games: int = 4, agents: str = "random"):  # type: ignore[no-untyped-def]
    return make_plan("toy-dice-race", GRID, agents=agents, games=games, seed=5)


def test_the_same_seeds_give_the_same_parquet_contents_on_any_workers(tmp_path: Path) -> None:
    p = make_plan("toy-dice-race", ("round.limit=6,9",), agents="heuristic,random", games=3, seed=5)
    one, two, cluster = tmp_path / "one.parquet", tmp_path / "two.parquet", tmp_path / "lc.parquet"
    sweep(p, one, workers=1)
    sweep(p, two, workers=2)
    sweep(p, cluster, local_cluster=2)
    a, b, c = (pq.read_table(x) for x in (one, two, cluster))
    assert a.num_rows == 6
    assert a.equals(b) and a.equals(c)
    assert a.schema.metadata == c.schema.metadata


def test_a_sweep_resumes_and_extends_without_replaying_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    assert sweep(plan(3), out)["played"] == 12
    extended = sweep(plan(5), out)
    assert (extended["played"], extended["kept"], extended["rows"]) == (8, 12, 20)
    assert sweep(plan(5), out)["played"] == 0
    fresh = tmp_path / "fresh.parquet"
    sweep(plan(5), fresh)
    assert pq.read_table(out).equals(pq.read_table(fresh))


def test_a_row_holds_every_parameter_seed_agents_result_lengths_and_events(tmp_path: Path) -> None:
    out = tmp_path / "x.parquet"
    sweep(plan(2), out)
    rows = pq.read_table(out).to_pylist()
    row = rows[0]
    for col in ("setting", "round.limit", "players", "game", "seed", "agents", "outcome", "winner",
                "first_player", "steps", "decisions", "rounds", "events"):
        assert col in row
    assert {r["setting"] for r in rows} == {"round.limit=6 players=2", "round.limit=6 players=3",
                                            "round.limit=9 players=2", "round.limit=9 players=3"}
    assert {r["seed"] for r in rows} == {5, 6}


def test_another_file_is_never_replaced_without_force(tmp_path: Path) -> None:
    out = tmp_path / "mine.parquet"
    out.write_text("my notes")
    result = CliRunner().invoke(main, ["sweep", "--ruleset", "toy-dice-race", "--games", "1",
                                       "--workers", "1", "--quiet", "-o", str(out)])
    assert result.exit_code != 0 and "not a sweep's results" in result.output
    assert out.read_text() == "my notes"


def test_a_grid_key_that_is_neither_option_nor_setup_is_one_line() -> None:
    result = CliRunner().invoke(main, ["sweep", "--ruleset", "toy-dice-race", "--grid", "nope=1,2",
                                       "-o", "x.parquet"])
    assert result.exit_code != 0
    assert "--grid: 'nope' is neither a rule option" in result.output
    assert "Traceback" not in result.output


def test_the_report_prints_win_rates_with_intervals_and_lengths(tmp_path: Path) -> None:
    out = tmp_path / "rep.parquet"
    sweep(plan(4), out)
    result = CliRunner().invoke(main, ["sweep", "--report", str(out)])
    assert result.exit_code == 0, result.output
    assert "round.limit=9 players=3" in result.output and "first player wins" in result.output
    summary = summarize(pq.read_table(out).to_pylist(), ("rounds",))
    s = summary["round.limit=6 players=2"]
    assert s["games"] == 4 and set(s["lengths"]) == {"steps", "decisions", "rounds"}


def test_wilson_intervals() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == pytest.approx(0.0) and wilson(10, 10)[1] == pytest.approx(1.0)


def test_the_report_names_every_seat_even_one_that_never_won() -> None:
    from hisoutab.lab.report import summarize

    rows = [{"setting": "default", "outcome": "win", "winner": "P2", "first_player": "P1",
             "seats": "P1,P2", "steps": 10, "decisions": 4} for _ in range(5)]
    wins = summarize(rows)["default"]["wins"]
    assert set(wins) == {"P1", "P2"}
    assert wins["P1"]["rate"] == 0.0 and wins["P2"]["rate"] == 1.0
