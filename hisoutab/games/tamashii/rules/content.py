"""Loading TAMASHII's content (the campaign card, the board, the map, the cyberbodies, classes,
mods, enemies and learning protocols) from a folder of YAML files: each file validated by its model
(:mod:`.models`), then what crosses files, every problem one located message."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from hisoutab.engine.extensions import load_entry_points, load_module
from hisoutab.engine.yamlio import Located, load_yaml, pydantic_error

from . import models as m
from . import vocabulary as v

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
GROUP = "hisoutab.tamashii"
#: file stem → its model
FILES: dict[str, type[BaseModel]] = {
    "campaign": m.CampaignFile, "board": m.BoardFile, "map": m.MapFile, "bodies": m.BodiesFile,
    "classes": m.ClassesFile, "mods": m.ModsFile, "enemies": m.EnemiesFile,
    "protocols": m.ProtocolsFile,
}
UNREVEALED = "?"


@dataclass(frozen=True)
class Content:
    """All the content of one game, by id."""

    campaign: m.CampaignFile
    board: m.BoardFile
    map: m.MapFile
    passer_by: m.Body
    bodies: dict[str, m.Body]
    clinic: tuple[str, ...]
    classes: dict[str, m.ClassSpec]
    class_mods: dict[str, m.Mod]
    gang_mods: dict[str, m.Mod]
    enemies: dict[str, m.Enemy]
    protocols: dict[str, m.Protocol]
    tiles: dict[str, m.Tile]
    markers: dict[str, m.Marker]
    folder: str

    def mod(self, mod_id: str) -> m.Mod:
        return self.class_mods.get(mod_id) or self.gang_mods[mod_id]

    def body(self, body_id: str) -> m.Body:
        return self.passer_by if body_id == self.passer_by.id else self.bodies[body_id]


def _read(folder: Path, stem: str) -> tuple[Located, Any]:
    located = load_yaml(folder / f"{stem}.yaml")
    if not isinstance(located.data, dict):
        raise located.error((), f"expected a mapping (the {stem} file)")
    try:
        return located, FILES[stem].model_validate(located.data)
    except ValidationError as exc:
        raise pydantic_error(located, exc) from None


@cache
def load_content(folder: str = str(DATA_DIR)) -> Content:
    """The content in ``folder`` (the files of :data:`FILES`), checked; cached per folder."""
    load_entry_points(GROUP)
    where = Path(folder)
    campaign_at, campaign = _read(where, "campaign")
    for k, name in enumerate(campaign.extensions):
        load_module(campaign_at, ("extensions", k), where.resolve(), name, prefix="hisoutab_tm_ext",
                    beside="the campaign file")
        campaign_at, campaign = _read(where, "campaign")  # effects the module adds now validate
    read = {stem: _read(where, stem) for stem in FILES if stem != "campaign"}
    board_at, board = read["board"]
    map_at, map_ = read["map"]
    bodies_at, bodies = read["bodies"]
    classes_at, classes = read["classes"]
    mods_at, mods = read["mods"]
    enemies_at, enemies = read["enemies"]
    _check_campaign(campaign_at, campaign)
    _check_board(board_at, board)
    tiles = _check_map(map_at, map_)
    body_ids = {b.id: b for b in bodies.bodies}
    _unique(bodies_at, ("bodies",), [b.id for b in bodies.bodies])
    for k, b in enumerate(bodies.clinic):
        if b not in body_ids:
            raise bodies_at.error(("clinic", k), f"no cyberbody {b!r} in this file")
    class_ids = {c.id: c for c in classes.classes}
    _unique(classes_at, ("classes",), list(class_ids))
    for k, c in enumerate(classes.classes):
        if c.body not in body_ids:
            raise classes_at.error(("classes", k, "body"), f"no cyberbody {c.body!r} in bodies.yaml")
    _check_mods(mods_at, mods, set(class_ids))
    _check_enemies(enemies_at, enemies, board)
    _, protocols = read["protocols"]
    _check_checks(read["protocols"][0], [(("protocols", i, "stages", k, "check"), s.check)
                                         for i, p in enumerate(protocols.protocols)
                                         for k, s in enumerate(p.stages)])
    return Content(
        campaign=campaign, board=board, map=map_, passer_by=bodies.passer_by, bodies=body_ids,
        clinic=tuple(bodies.clinic), classes=class_ids,
        class_mods={x.id: x for x in mods.class_mods}, gang_mods={x.id: x for x in mods.gang_mods},
        enemies={e.id: e for e in enemies.enemies},
        protocols={p.id: p for p in protocols.protocols}, tiles=tiles,
        markers={x.id: x for x in map_.exploration_markers}, folder=str(where))


def _unique(at: Located, path: tuple[Any, ...], ids: list[str]) -> None:
    seen: set[str] = set()
    for k, i in enumerate(ids):
        if i in seen:
            raise at.error((*path, k, "id"), f"the id {i!r} is used twice")
        seen.add(i)


def _check_campaign(at: Located, c: m.CampaignFile) -> None:
    for name in ("uplinks_needed", "damaged_total", "enemy_copies", "supply_per_colour"):
        table = getattr(c.scaling, name)
        if sorted(table) != [1, 2, 3, 4]:
            raise at.error(("scaling", name), "expected a value for each player count 1, 2, 3, 4")
    _check_checks(at, [(("world_activities", k, "check"), w.check)
                       for k, w in enumerate(c.world_activities)])
    for k, w in enumerate(c.world_activities):
        if w.result not in (None, "victory", "defeat"):
            raise at.error(("world_activities", k, "result"), "expected victory or defeat")


def _check_checks(at: Located, checks: list[tuple[tuple[Any, ...], dict[str, Any]]]) -> None:
    for path, check in checks:
        if len(check) != 1:
            raise at.error(path, "a check is one 'condition: value' pair")
        (word, value), = check.items()
        kind = v.CONDITIONS.get(word)
        if kind is None:
            raise at.error(path, f"unknown condition {word!r}; expected one of {', '.join(v.CONDITIONS)}")
        if kind == "resources":
            ok = isinstance(value, dict) and all(k in v.RESOURCES and isinstance(n, int)
                                                 for k, n in value.items()) and bool(value)
        else:
            named = kind.split(":", 1)[1] if ":" in kind else None
            ok = (isinstance(value, int) and not isinstance(value, bool) and value >= 0) or value == named
        if not ok:
            raise at.error((*path, word), f"expected {_expected(kind)}, got {value!r}")


def _expected(kind: str) -> str:
    if kind == "resources":
        return f"a mapping of {', '.join(v.RESOURCES)} to numbers"
    if ":" in kind:
        return f"a whole number or {kind.split(':', 1)[1]}"
    return "a whole number"


def _check_board(at: Located, b: m.BoardFile) -> None:
    if b.colours != list(v.COLOURS):
        raise at.error(("colours",), f"expected the four colours {', '.join(v.COLOURS)}")
    for name, table in (("bag", b.bag), ("resources_start", b.resources_start)):
        known = v.COLOURS if name == "bag" else v.RESOURCES
        for key, n in table.items():
            if key not in known or n < 0 or n > 5 * (name == "resources_start") + 10 * (name == "bag"):
                raise at.error((name, key), f"expected one of {', '.join(known)} with a small count")
    width = len(b.launcher[0])
    for k, row in enumerate(b.launcher):
        if len(row) != width or set(row) - set("LDX") or row[-1] != "X" or "X" in row[:-1]:
            raise at.error(("launcher", k), "expected rows of one length of L (light), D (dark) and "
                                            "X (locked), the rightmost column locked (TM-LNCH-3)")
    faces = b.dice.type_die
    for name in ("enemy_face", "broken_face"):
        if getattr(b.dice, name) not in faces:
            raise at.error(("dice", name), f"expected one of the type die's faces {sorted(set(faces))}")
    if b.hp_start > b.hp_max_cap:
        raise at.error(("hp_start",), "above hp_max_cap")


def _check_map(at: Located, mp: m.MapFile) -> dict[str, m.Tile]:
    tiles = {t.id: t for t in (*mp.tiles, *mp.face_down)}
    _unique(at, ("tiles",), [t.id for t in (*mp.tiles, *mp.face_down)])
    width = len(mp.layout[0])
    unrevealed = 0
    shelters = 0
    for r, row in enumerate(mp.layout):
        if len(row) != width:
            raise at.error(("layout", r), f"expected {width} places in every row")
        for c, place in enumerate(row):
            if place == UNREVEALED:
                unrevealed += 1
            elif place not in {t.id for t in mp.tiles}:
                raise at.error(("layout", r, c), f"expected '?' or a tile of 'tiles', got {place!r}")
            elif "shelter" in tiles[place].tags:
                shelters += 1
    if shelters != 1:
        raise at.error(("layout",), f"expected exactly one Shelter on the map, found {shelters}")
    if len(mp.markers) != unrevealed:
        raise at.error(("markers",), f"expected one marker for each of the {unrevealed} unrevealed places")
    marker_ids = {x.id for x in mp.exploration_markers}
    for k, x in enumerate(mp.markers):
        if x not in marker_ids:
            raise at.error(("markers", k), f"no exploration marker {x!r} in exploration_markers")
    if len(mp.face_down) < unrevealed:
        raise at.error(("face_down",), f"expected at least {unrevealed} face-down tiles")
    for k, t in enumerate(mp.tiles):
        if t.gang is not None and t.gang not in v.GANGS:
            raise at.error(("tiles", k, "gang"), f"expected one of {', '.join(v.GANGS)}")
    return tiles


def _check_mods(at: Located, mods: m.ModsFile, classes: set[str]) -> None:
    _unique(at, ("class_mods",), [x.id for x in mods.class_mods])
    _unique(at, ("gang_mods",), [x.id for x in mods.gang_mods])
    for k, x in enumerate(mods.class_mods):
        if x.class_ not in classes:
            raise at.error(("class_mods", k, "class"), f"expected one of {', '.join(sorted(classes))}")
    for k, x in enumerate(mods.gang_mods):
        if x.gang is None:
            raise at.error(("gang_mods", k, "gang"), "missing; a gang mod names its gang")


def _check_enemies(at: Located, enemies: m.EnemiesFile, board: m.BoardFile) -> None:
    _unique(at, ("enemies",), [e.id for e in enemies.enemies])
    faces = set(board.dice.type_die)
    for k, e in enumerate(enemies.enemies):
        if set(e.effects) != faces:
            raise at.error(("enemies", k, "effects"),
                           f"expected an effect list for each type-die face: {', '.join(sorted(faces))}")
