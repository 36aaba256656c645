"""The Recast Rift picture's card names are readable: measured in the SVG, the smallest card-name
font drawn at 1280 px wide is at least 11 px (viewBox scale × font-size), one size per zone, and
every name fits its card's box whole."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.games.recast_rift.presentation.fitting import width_of
from hisoutab.presentation.picture import render_state_svg

NS = "{http://www.w3.org/2000/svg}"
SCREEN = 1280  # px: the picture as wide as a 1280 × 800 window


def states(seed: int, every: int = 7) -> list[tuple[Game, int]]:
    """Steps of a seeded random game (deck building included), every ``every`` steps."""
    game = Game("recast-rift", seed=seed)
    game.run(until="end", agents=RandomAgent(seed), max_steps=3000)
    return [(game, k) for k in range(0, len(game.history) + 1, every)]


def classes(e: ET.Element) -> set[str]:
    return set((e.get("class") or "").split())


def name_sizes(svg: str) -> tuple[float, list[tuple[ET.Element, float]]]:
    """(the px per user unit at 1280 px wide, every card-name text with its font size)."""
    root = ET.fromstring(svg)
    width = float(root.get("viewBox", "0 0 0 0").split()[2])
    names = [(e, float(e.get("font-size", "0"))) for e in root.iter(f"{NS}text")
             if "card-name" in classes(e)]
    return SCREEN / width, names


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
@pytest.mark.parametrize("designer", [True, False])
def test_the_smallest_card_name_is_at_least_11_px_at_1280(seed: int, designer: bool) -> None:
    seen = 0
    for game, k in states(seed):
        game.goto(k)
        scale, names = name_sizes(render_state_svg(game, designer=designer))
        for e, size in names:
            text = "".join(e.itertext())
            assert scale * size >= 11, (seed, k, text, size, scale * size)
        seen += len(names)
    assert seen > 50  # names were drawn and measured


def test_a_zone_draws_its_names_at_one_size_and_each_name_fits_its_box() -> None:
    for game, k in states(1, every=5):
        game.goto(k)
        root = ET.fromstring(render_state_svg(game, designer=True))
        for zone in root.iter(f"{NS}g"):
            if not classes(zone) & {"hand", "reserve", "pool", "unused"}:
                continue
            sizes = {e.get("font-size") for e in zone.iter(f"{NS}text") if "card-name" in classes(e)}
            assert len(sizes) <= 1, (k, zone.get("id"), sizes)
        for card in root.iter(f"{NS}g"):
            if "face-up" not in classes(card):
                continue
            rect = card.find(f"{NS}rect")
            name = next(e for e in card.iter(f"{NS}text") if "card-name" in classes(e))
            size = float(name.get("font-size", "0"))
            lines = [t.text or "" for t in name.iter(f"{NS}tspan")] or [name.text or ""]
            assert rect is not None
            assert len(lines) * size * 1.15 <= float(rect.get("height", "0")), (k, lines)
            assert all(width_of(line, size) <= float(rect.get("width", "0")) for line in lines), lines
