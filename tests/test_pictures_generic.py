"""The generic picture (any ruleset without its own): the players' colours, grid zones drawn whole
and their cells highlighted as ``"<zone>[r][c]"``."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from hisoutab import Game, RandomAgent
from hisoutab.engine.contract import Zone
from hisoutab.engine.record import record
from hisoutab.presentation import StatePicture
from hisoutab.presentation.base import Presentation
from hisoutab.presentation.svg import INK, PALETTE, PALETTE_LIGHT, PLAYER_COLORS, player_color
from hisoutab.presentation.tree import address


def _luminance(colour: str) -> float:
    rgb = [int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _hue(colour: str) -> float:
    import colorsys

    r, g, b = (int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    return colorsys.rgb_to_hls(r, g, b)[0] * 360


def test_four_distinguishable_player_colours_readable_on_white() -> None:
    assert len(PALETTE) == len(set(PALETTE)) == 4 and len(PALETTE_LIGHT) == 4
    assert PALETTE[:2] == PLAYER_COLORS  # the duels keep their two colours
    for colour, light in zip(PALETTE, PALETTE_LIGHT, strict=True):
        assert _contrast(colour, "#ffffff") >= 4.5, colour
        assert _contrast(INK, light) >= 7, light  # text on a player's box stays readable
    for i, a in enumerate(PALETTE):
        for b in PALETTE[i + 1:]:
            gap = abs(_hue(a) - _hue(b))
            assert min(gap, 360 - gap) >= 60, (a, b)
    assert player_color(4) == player_color(0)


def test_the_generic_picture_draws_four_players_in_their_colours() -> None:
    game = Game("toy-dice-race", seed=1, setup={"players": 4})
    game.run(until="end", agents=RandomAgent(1), max_steps=8)
    svg = StatePicture(game, game.state).svg
    for i, name in enumerate(("P1", "P2", "P3", "P4")):
        assert re.search(rf'<text class="field"[^>]*fill="{PALETTE[i]}"[^>]*>{name}:</text>', svg), name


@record
class Tile:
    card: str
    up: bool = False


@record
class Explorer:
    name: str
    hp: int = 4


@record
class Board:
    players: tuple[Explorer, ...]
    board: tuple[tuple[object, ...], ...] = ()
    agenda: tuple[tuple[object, ...], ...] = ()


@pytest.fixture
def grid_game(monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    """A state type of a grid game, known to the registry for the test only."""
    from hisoutab.engine import ruleset as registry

    zone = Zone("map", kind="grid", owner="shared", visibility="hidden", field="board",
                card_attr="card")
    rs = SimpleNamespace(id="grid-test", zones=(zone,), players_field="players", presentation="")
    monkeypatch.setitem(registry._BY_STATE, Board, rs)
    rows = tuple(tuple(Tile(card=f"tile-{r}-{c}-with-a-long-name", up=r == c) if (r + c) % 3 else ""
                       for c in range(6)) for r in range(5))
    state = Board(players=tuple(Explorer(name=f"P{i}") for i in range(1, 4)), board=rows)
    return SimpleNamespace(ruleset=rs, state=state)


def test_a_grid_zone_is_drawn_whole_and_its_cells_addressed(grid_game: SimpleNamespace) -> None:
    pres = Presentation(ruleset_id="grid-test")
    svg = pres.picture(None, grid_game.state, highlight=("map[1][2]",))
    cells = re.findall(r'data-cell="map\[(\d+)\]\[(\d+)\]"', svg)
    assert sorted((int(r), int(c)) for r, c in cells) == [(r, c) for r in range(5) for c in range(6)]
    lit = re.findall(r'<rect class="cell touched"[^>]*data-cell="([^"]+)"', svg)
    assert lit == ["map[1][2]"]
    assert svg.count(">tile-4-4-with-a…<") == 1  # the last row is there, its cells shortened
    assert svg.count(">·</text>") == sum(1 for r in range(5) for c in range(6) if (r + c) % 3 == 0)
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg)[1])
    xs = [float(x) + float(w) for x, w in re.findall(r'<rect class="cell[^"]*" x="([\d.]+)" y="[\d.]+" '
                                                     r'width="([\d.]+)"', svg)]
    assert max(xs) <= width


def test_a_grid_in_the_terminal_view_and_highlights_from_events(grid_game: SimpleNamespace) -> None:
    from rich.console import Console

    pres = Presentation(ruleset_id="grid-test")
    console = Console(width=200, record=True)
    console.print(pres.text(None, grid_game.state))
    out = console.export_text()
    assert "map" not in out.split("board:")[0]  # the field's own name heads it
    assert "board: grid 5×6" in out and out.count(" | ") == 5 * 5
    step = SimpleNamespace(events=({"type": "flip", "cell": "map[3][4]"}, {"type": "move",
                                                                             "from": [1, 2]}))
    assert pres.touched(None, step) == ((1, 2), "map[3][4]")
    assert address("map[3][4]") == ("map", 3, 4) and address("map[3]") is None


def test_grid_cards_are_among_the_cards_a_reader_may_look_at(grid_game: SimpleNamespace) -> None:
    from hisoutab.presentation.cards import card_zones, moved_cards

    where = card_zones(grid_game.ruleset, grid_game.state)
    assert where["tile-0-1-with-a-long-name"] == "map[0][1]"
    assert len(where) == sum(1 for r in range(5) for c in range(6) if (r + c) % 3)
    assert set(Presentation(ruleset_id="grid-test").cards(None, grid_game.state)) == set(where)
    rows = [list(row) for row in grid_game.state.board]
    rows[0][0], rows[0][1] = rows[0][1], ""
    moved = grid_game.state.__class__(players=grid_game.state.players,
                                      board=tuple(tuple(r) for r in rows))
    assert moved_cards(grid_game.ruleset, grid_game.state, moved) == ["tile-0-1-with-a-long-name"]
