"""A state picture at a given size, without its key, or with the key beside it: the library
(``StatePicture(size=, key=)``) and ``hisoutab render --size/--key/--no-key``, on every ruleset."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from hisoutab import Game, RandomAgent
from hisoutab.cli.main import main
from hisoutab.engine.errors import InputError
from hisoutab.presentation import StatePicture

NS = "{http://www.w3.org/2000/svg}"
KEYED = {"hisoutab-0.45.2": ("-legend", "-legend-marks"), "hisoutab-draft": ("-key-board", "-key-marks"),
         "recast-rift": ("-key",)}


def game(ruleset: str) -> Game:
    g = Game(ruleset, seed=1)
    g.run(until="end", agents=RandomAgent(1), max_steps=80)
    return g


def root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def box(r: ET.Element) -> tuple[float, float]:
    _, _, w, h = (float(v) for v in r.get("viewBox", "").split())
    return w, h


def ids(r: ET.Element) -> set[str]:
    return {e.get("id", "") for e in r.iter()}


@pytest.mark.parametrize("ruleset", sorted(KEYED))
def test_a_picture_at_a_size_keeps_its_proportions(ruleset: str) -> None:
    g = game(ruleset)
    full = root(StatePicture(g, designer=True).svg)
    assert full.get("width") == "100%"
    sized = root(StatePicture(g, designer=True, size=640).svg)
    w, h = box(sized)
    assert sized.get("width") == "640" and sized.get("height") == str(round(640 * h / w))
    assert box(sized) == box(full)  # the same drawing, only its size set
    assert "size=640" in repr(StatePicture(g, size=640))


@pytest.mark.parametrize("ruleset", sorted(KEYED))
def test_the_key_below_beside_or_none(ruleset: str) -> None:
    g = game(ruleset)
    below = root(StatePicture(g, designer=True, prefix="p").svg)
    beside = root(StatePicture(g, designer=True, prefix="p", key="beside").svg)
    none = root(StatePicture(g, designer=True, prefix="p", key="none").svg)
    keys = {f"p{k}" for k in KEYED[ruleset]}
    assert keys <= ids(below) and keys <= ids(beside) and not keys & ids(none)
    # beside: the key stands at the right of the picture's drawings, none of it under them
    (bw, bh), (sw, _sh), (nw, nh) = box(below), box(beside), box(none)
    assert sw > bw and nh < bh
    for k in keys:
        g_key = next(e for e in beside.iter() if e.get("id") == k)
        xs = [float(e.get("x", "0")) for e in g_key.iter(f"{NS}text")]
        assert min(xs) >= nw - 40, (k, min(xs), nw)  # in the column right of the drawings


def test_without_its_key_the_0452_players_come_up() -> None:
    """At 1280 × 800 the 0.45.2 key beside the board pushed HP and hands down: without it (or with the
    keys beside the picture) the panels start higher."""
    g = game("hisoutab-0.45.2")

    def panel_top(svg: str) -> float:
        r = root(svg)
        hp = [float(e.get("y", "0")) for e in r.iter(f"{NS}text") if (e.text or "").strip() == "HP"]
        return min(hp)

    below = panel_top(StatePicture(g).svg)
    assert panel_top(StatePicture(g, key="none").svg) < below
    assert panel_top(StatePicture(g, key="beside").svg) < below


def test_bad_sizes_and_key_places_are_refused() -> None:
    g = game("recast-rift")
    for size in (0, 5, 99, 10_001, True):
        with pytest.raises(InputError, match="expected a width in pixels"):
            StatePicture(g, size=size)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="expected one of below, beside, none"):
        StatePicture(g, key="left")


@pytest.mark.parametrize("ruleset", sorted(KEYED))
def test_render_size_and_key_flags(ruleset: str, tmp_path: Path) -> None:
    def render(*args: str) -> str:
        out = tmp_path / "p.svg"
        res = CliRunner().invoke(main, ["render", "--ruleset", ruleset, "--step", "40", "-o", str(out),
                                        "--force", *args])
        assert res.exit_code == 0, res.output
        return out.read_text()

    assert re.search(r'<svg width="900" height="\d+"', render("--size", "900"))
    no_key = render("--no-key")
    assert no_key == render("--key", "none")
    drawn = ids(root(no_key.split("\n", 2)[2]))
    assert not any(i.endswith(k) for i in drawn for k in KEYED[ruleset])
    assert any(i.endswith(KEYED[ruleset][0]) for i in ids(root(render().split("\n", 2)[2])))
    beside = root(render("--key", "beside").split("\n", 2)[2])
    assert box(beside)[0] > box(root(render().split("\n", 2)[2]))[0]


@pytest.mark.parametrize(("args", "fragment"), [
    (("--size", "5"), "hisoutab: --size: 5: expected a width in pixels from 100 to 10000"),
    (("--no-key", "--key", "beside"), "hisoutab: --no-key: give either --no-key or --key beside"),
])
def test_render_refuses_bad_flags_in_one_line(args: tuple[str, ...], fragment: str, tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["render", "-o", str(tmp_path / "x.svg"), *args])
    assert res.exit_code == 2 and res.output.strip().splitlines() == [res.output.strip()]
    assert res.output.startswith(fragment), res.output


def test_a_toy_picture_without_a_key_draws_the_same_for_any_place() -> None:
    """The generic record-tree picture has no key: every place draws it the same."""
    g = Game("toy-dice-race", seed=0)
    assert StatePicture(g, prefix="t").svg == StatePicture(g, prefix="t", key="none").svg


def test_the_workbench_draws_its_picture_with_the_key_asked_for() -> None:
    pytest.importorskip("ipywidgets")
    from hisoutab.widgets import Workbench

    g = game("hisoutab-0.45.2")
    assert "-legend-marks" in Workbench(g).picture.value
    assert "-legend-marks" not in Workbench(g, key="none").picture.value
    beside = Workbench(g, key="beside").picture.value
    assert "-legend-marks" in beside and 'viewBox="0 0 1340 ' in beside
    with pytest.raises(InputError, match="expected one of below, beside, none"):
        Workbench(g, key="left")


def test_a_png_at_a_size_is_that_wide(tmp_path: Path) -> None:
    import shutil
    import struct

    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert is not installed")
    out = tmp_path / "p.png"
    StatePicture(game("recast-rift"), size=640).save(out)
    width, height = struct.unpack(">II", out.read_bytes()[16:24])
    assert width == 640 and height > 100
