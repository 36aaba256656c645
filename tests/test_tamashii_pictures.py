"""TAMASHII's pictures and graphs: every picture renders for one to four players over random
states and parses; a player's view never names what it hides; a code match shows its rotation;
the combat-order graph follows a known combat."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from hisoutab.engine.contract import RulesetBase
from hisoutab.engine.record import replace
from hisoutab.games.tamashii.presentation import (
    PRESENTATION,
    CombatOrderGraph,
    code_match_svg,
    combat_graph,
    first_match_svg,
    render_state_svg,
)
from hisoutab.games.tamashii.presentation.facts import positions, turned
from hisoutab.games.tamashii.rules.state import Combat, Die, Foe, Player, Site, State
from hisoutab.games.tamashii.rules.zones import ZONES

COLOURS = ("red", "blue", "green", "yellow")
TILES = ("shelter", "sparta-yard", "ninkyo-hall", "raiders-dock", "commons-square", "clinic", "market")
FACE_DOWN = ("ruins", "relay", "arcade", "shrine", "den")
ENEMIES = ("drone", "hound", "watcher", "enforcer", "ice-wall")
SVG = "{http://www.w3.org/2000/svg}"


class Zones(RulesetBase):
    """The declared zones alone: the views the contract derives from them."""

    zones = ZONES


def chips(rng: random.Random, n: int, base: int) -> tuple[str, ...]:
    """``n`` chips of random colours, numbered from ``base`` (distinct bases: distinct chips)."""
    pool = [*COLOURS, *COLOURS, "wild", "damaged"]
    return tuple(f"{rng.choice(pool)}#{base + k}" for k in range(n))


def random_player(rng: random.Random, seat: int) -> Player:
    name = f"P{seat + 1}"
    base = 1000 * (seat + 1)
    launcher = tuple(
        tuple(rng.choice(chips(rng, 1, base + 10 * r + c) + ("",)) for c in range(4)) for r in range(3)
    )
    foes = tuple(
        Foe(f"{rng.choice(ENEMIES)}#{10 * seat + k + 1}", rng.randrange(3)) for k in range(rng.randrange(5))
    )
    hp_max = rng.randint(6, 10)
    return Player(
        name=name,
        class_id="",
        hp=rng.randint(0, hp_max),
        hp_max=hp_max,
        trace=rng.randint(0, 7),
        xp=rng.randint(0, 9),
        shield=rng.randint(0, 5),
        memory=rng.randint(0, 5),
        power=rng.randint(0, 5),
        reroll=rng.randint(0, 5),
        core=COLOURS[seat % 4],
        launcher=launcher,
        unlocked=tuple(r for r in range(3) if rng.random() < 0.3),
        bag=chips(rng, rng.randrange(9), base + 100),
        storage=chips(rng, rng.randrange(7), base + 200),
        bodies=(f"body-{seat}#1",) + ((f"spare-{seat}#1",) if rng.random() < 0.4 else ()),
        passer_by=f"{name}/passer-by" if rng.random() < 0.8 else None,
        class_deck=tuple(f"{name}/secret-mod-{k}" for k in range(1 + rng.randrange(3))),
        mods=tuple(f"{name}/held-mod-{k}" for k in range(rng.randrange(3))),
        equipped=(("sparta-plating#1",) if rng.random() < 0.5 else ()),
        protocol=f"protocol-{seat}#1",
        stage=rng.randrange(4),
        enemies=foes,
        at=(rng.randrange(3), rng.randrange(4)),
        points=rng.randrange(3),
        check=tuple(Die(rng.randint(1, 6), "trace") for _ in range(rng.randrange(3))),
    )


def random_state(seed: int, players: int) -> State:
    """A state with every part filled at random (the map half revealed, a combat under way)."""
    rng = random.Random(seed)
    ps = tuple(random_player(rng, k) for k in range(players))
    tiles = list(TILES)
    grid = []
    markers = []
    for r in range(3):
        row, mrow = [], []
        for c in range(4):
            if tiles and rng.random() < 0.6:
                row.append(Site(f"{tiles.pop(0)}#1", True))
                mrow.append("")
            else:
                row.append(
                    Site(f"{rng.choice(FACE_DOWN)}#{10 * r + c + 1}", False) if rng.random() < 0.5 else Site()
                )
                mrow.append(f"cache-marker#{10 * r + c + 1}" if rng.random() < 0.7 else "")
        grid.append(tuple(row))
        markers.append(tuple(mrow))
    combat = None
    fighting = [p for p in ps if p.enemies]
    if fighting and rng.random() < 0.8:
        p = rng.choice(fighting)
        dice = tuple(
            Die(rng.randint(1, 6), "attack", tuple(s for s in ("reroll", "mod:lucky") if rng.random() < 0.3))
            for _ in range(rng.randrange(7))
        )
        combat = Combat(
            player=p.name,
            dice=dice,
            number=Die(rng.randint(1, 6), "number"),
            type=Die(rng.randint(1, 6), "type", ("reroll",) if rng.random() < 0.3 else ()),
            at=rng.choice((None, 0, len(p.enemies) - 1)),
            rolled=True,
        )
    return State(
        players=ps,
        round=rng.randint(1, 10),
        starting=rng.randrange(players),
        enemy_deck=tuple(f"{e}#{90 + k}" for k, e in enumerate(ENEMIES)),
        map=tuple(grid),
        markers=tuple(markers),
        tile_stack=tuple(f"{t}#99" for t in FACE_DOWN[:2]),
        supply=chips(rng, 5, 9000),
        damaged=chips(rng, 3, 9100),
        uplinks=rng.randrange(4),
        combat=combat,
        outcome=rng.choice((None, None, "victory", "defeat")),
    )


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    return root


def every_text(root: ET.Element) -> str:
    return " ".join(
        [
            *(t for el in root.iter() for t in (el.text or "",)),
            *(v for el in root.iter() for v in el.attrib.values()),
        ]
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_every_picture_renders_and_names_its_cards(players: int, seed: int) -> None:
    state = random_state(seed * 10 + players, players)
    for key in ("below", "beside", "none"):
        root = parse(render_state_svg(None, state, key=key, designer=seed % 2 == 0))
        boards = [g for g in root.iter(f"{SVG}g") if g.get("class") == "board"]
        assert [g.get("data-player") for g in boards] == [p.name for p in state.players]
    for g in root.iter(f"{SVG}g"):
        if g.get("data-card"):
            assert g.find(f"{SVG}title") is not None and (g.find(f"{SVG}title").text or "").strip()
    drawn = {g.get("data-card") for g in root.iter(f"{SVG}g")}
    for p in state.players:
        assert {c for row in p.launcher for c in row if c} <= drawn
        assert {f.card for f in p.enemies} <= drawn
        assert set(p.storage) <= drawn


def test_the_picture_is_1280_wide_and_the_same_every_time() -> None:
    state = random_state(3, 4)
    svg = render_state_svg(None, state)
    assert parse(svg).get("viewBox", "").split()[2] == "1280"
    assert svg == render_state_svg(None, state)


def test_a_players_view_never_names_what_it_hides() -> None:
    state = random_state(7, 3)
    hidden = {site.tile for row in state.map for site in row if site.tile and not site.up}
    hidden |= set(state.tile_stack) | set(state.enemy_deck)
    for p in state.players:
        hidden |= set(p.bag) | set(p.class_deck)
    assert hidden
    full = every_text(parse(render_state_svg(None, state, designer=True)))
    assert any(card in full for card in hidden)  # the designer sees them: the test can fail
    for viewer in ("P1", "P2"):
        seen = Zones().mask_zones(state, viewer)
        text = every_text(parse(render_state_svg(None, seen)))
        assert not [card for card in hidden if card in text]
        for p in seen.players:
            assert f"bag · {len(p.bag)} chips, unseen" in text


def test_a_step_s_touched_cells_and_cards_are_lit() -> None:
    state = random_state(2, 2)
    chip = next(c for row in state.players[0].launcher for c in row if c)
    step = type(
        "Step",
        (),
        {
            "events": [
                {"type": "move", "chip": chip, "to": "P1.launcher[0][1]"},
                {"type": "reveal", "cell": "map[1][0]"},
            ]
        },
    )()
    marks = PRESENTATION.touched(None, step)
    assert {chip, "P1.launcher[0][1]", "map[1][0]"} <= set(marks)
    root = parse(PRESENTATION.picture(None, state, highlight=marks))
    lit = [el for el in root.iter() if el.get("stroke") == "#ff8c00"]
    assert len(lit) >= 3


def test_the_code_match_shows_its_rotation_never_a_mirror() -> None:
    # an L (chiral): R above R, Y to the right of the lower R; turned 90° clockwise it reads RR / Y.
    launcher = (("red#1", "red#2", ""), ("yellow#1", "", ""), ("", "", ""))
    p = Player(name="P1", core="blue", launcher=launcher)
    pattern = ("R.", "RY")
    assert turned(pattern, 90) == ("RR", "Y.")
    assert turned(pattern, 90) != tuple(row[::-1] for row in turned(pattern, 270))  # no mirror shortcut
    svg = code_match_svg(None, p, pattern, 90, ((0, 0), (0, 1), (1, 0)), code="Hack")
    root = parse(svg)
    assert root.get("data-angle") == "90"
    assert "turned 90° clockwise" in every_text(root)
    assert sum(1 for g in root.iter(f"{SVG}g") if g.get("class") == "matched") == 3
    turned_group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "pattern turned")
    letters = [t.text for t in turned_group.iter(f"{SVG}text") if t.text in ("R", "Y")]
    assert letters == ["R", "R", "Y"]
    # the printed pattern numbers its positions as the match lists its chips: the lower R comes first
    assert positions(pattern, 90) == {(1, 0): 1, (0, 0): 2, (1, 1): 3}
    with pytest.raises(ValueError, match="0, 90, 180 or 270"):
        code_match_svg(None, p, pattern, 45, ())


def test_the_rules_match_is_drawn_and_its_mirror_is_not_found() -> None:
    # R over R Y, turned 90° clockwise, lies on the launcher as R R over Y; no turn of its mirror does
    launcher = (("red#1", "red#2", "", ""), ("yellow#1", "", "", ""), ("", "", "", ""))
    p = Player(name="P1", core="blue", launcher=launcher)
    root = parse(first_match_svg(None, p, ("R.", "RY"), code="Hack") or "")
    assert root.get("data-angle") == "90"
    matched = [g for g in root.iter(f"{SVG}g") if g.get("class") == "matched"]
    numbers = [t.text for g in matched for t in g.iter(f"{SVG}text")]
    assert numbers == ["1", "2", "3"]
    assert first_match_svg(None, p, (".R", "YR"), code="mirrored Hack") is None


def test_with_the_core_colour_throughout_the_turned_pattern_is_in_the_core_colour() -> None:
    # a27.core=throughout: Barrier (B B) is found on two red chips of a red core and drawn as C C
    from hisoutab import Game
    ctx = Game("tamashii", seed=1, options={"a27.core": "throughout"}).ctx
    p = Player(name="P1", core="red", launcher=(("red#1", "red#2", ""), ("", "", ""), ("", "", "")))
    assert first_match_svg(None, p, ("BB",), code="Barrier") is None  # without the option: as printed
    root = parse(first_match_svg(ctx, p, ("BB",), code="Barrier") or "")
    assert "in the core colour (A-27)" in every_text(root)
    printed = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "pattern printed")
    shown = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "pattern turned")
    assert [t.text for t in printed.iter(f"{SVG}text") if t.text in ("B", "C")] == ["B", "B"]
    assert [t.text for t in shown.iter(f"{SVG}text") if t.text in ("B", "C")] == ["C", "C"]


def known_combat(at: int | None, **extra: object) -> State:
    state = random_state(1, 3)
    foes = (Foe("drone#1"), Foe("hound#1", 1), Foe("watcher#1"))
    p2 = replace(state.players[1], enemies=foes)
    p3 = replace(state.players[2], enemies=())
    combat = Combat(
        "P2", dice=(Die(3), Die(5)), number=Die(5, "number"), type=Die(3, "type"), at=at, rolled=True, **extra
    )  # type: ignore[arg-type]
    return replace(state, players=(state.players[0], p2, p3), starting=0, outcome=None, combat=combat)


def solid_path(g: object) -> list[str]:
    import networkx as nx

    assert isinstance(g, nx.DiGraph)
    path, node = ["now"], "now"
    while True:
        nxt = [b for _, b, d in g.out_edges(node, data=True) if d.get("style", "solid") == "solid"]
        if not nxt:
            return path
        assert len(nxt) == 1
        node = nxt[0]
        path.append(node)


GAME = type("Game", (), {"ctx": None, "state": None, "pending": None})()


def test_the_combat_order_follows_the_number_die_to_the_primary() -> None:
    g = combat_graph(GAME, known_combat(2))
    assert solid_path(g) == [
        "now",
        "pass0",
        "enemy0",
        "pass1",
        "enemy1",
        "pass2",
        "enemy2",
        "rest",
        "end",
        "next:P3",
    ]
    assert [g.nodes[f"enemy{k}"]["lines"][0][0] for k in range(3)] == [
        "watcher attacks",
        "hound attacks",
        "drone attacks",
    ]
    assert "TM-CMB-3.4" in g.edges["enemy2", "rest"]["label"]
    assert "TM-CMB-3.3" in g.edges["enemy0", "pass1"]["label"]
    # where an enemy is skipped, and where a reset ends it
    assert "TM-CMB-3.6" in g.edges["pass0", "enemy1"]["label"]
    assert all("TM-CMB-4.2" in g.edges[f"enemy{k}", "reset"]["label"] for k in range(3))
    assert "skips combat" in g.nodes["next:P3"]["lines"][1][0]
    drawn = CombatOrderGraph(GAME, known_combat(2))
    assert drawn.source.count(" -> ") == g.number_of_edges()


def test_the_combat_order_after_the_die_is_removed_and_from_the_middle() -> None:
    assert solid_path(combat_graph(GAME, known_combat(None))) == ["now", "rest", "end", "next:P3"]
    g = combat_graph(GAME, known_combat(1, declined=True))
    assert solid_path(g)[:5] == ["now", "pass0", "enemy0", "pass1", "enemy1"]
    assert "declined (A-37)" in g.nodes["pass0"]["lines"][1][0]
    assert "reset" in g
    skipped = combat_graph(GAME, known_combat(0, skipped=True))
    assert solid_path(skipped)[:4] == ["now", "skipped", "pass0", "enemy0"]
    assert "TM-CMB-3.6" in skipped.edges["now", "skipped"]["label"]
    gone = combat_graph(GAME, known_combat(-1, skipped=True))
    assert solid_path(gone)[:5] == ["now", "skipped", "gone", "rest", "end"]
    assert "reset" not in gone


def test_the_priority_graph_is_the_combat_order() -> None:
    assert PRESENTATION.explainers()["priority"] is CombatOrderGraph
