"""TAMASHII's state records: the players' boards (launcher, bag, storage, tracks, bodies, mods,
protocol, enemy row), the shared map, decks and supply, and the combat under way.

Card instances: a chip is ``red#3``, ``wild#1``, ``damaged#2`` (nobody's: it passes between bags,
storage, launchers and the supply); an enemy card ``drone#1``; a gang mod ``sparta-plating#1``; a
cyberbody ``courier#1``; a tile ``ruins#1``; a learning protocol ``protocol-ghost#1``. A class mod
is its player's (``P1/blade-dance#1``: it cannot be traded, TM-MOD-2.1), and so is the Passer-by
(``P1/passer-by``)."""

from __future__ import annotations

from typing import Any

from hisoutab.engine.record import record


@record
class Foe:
    """An enemy card in a player's enemy row and the damage on it (A-40)."""

    card: str
    damage: int = 0


@record
class Site:
    """One revealed place of the map: the tile laid there and whether it lies face up (an
    unrevealed place is ``""``: its tile is drawn from the face-down tiles when it is explored)."""

    tile: str = ""
    up: bool = False


@record
class Die:
    """One rolled die: its face, its kind (``attack``, ``number``, ``type``, ``trace``) and the
    sources that have rerolled it (TM-RES-6.1: each at most once)."""

    face: int
    kind: str = "attack"
    rerolled: tuple[str, ...] = ()


@record
class Combat:
    """The combat of one player (TM-CMB-0): the attack dice left, the enemy dice, where the number
    die lies (``at``: the index in the enemy row, 0 the primary; ``None`` once removed,
    TM-CMB-3.4), whether the player declined to attack (A-37), the skills used (TM-BODY-3), whether
    the dice are rolled, and ``skipped``: the number die's card left the row before it attacked
    (TM-CMB-3.6; ``at`` is then the next card to the right, -1 when there is none)."""

    player: str
    dice: tuple[Die, ...] = ()
    number: Die | None = None
    type: Die | None = None
    at: int | None = None
    declined: bool = False
    used: tuple[str, ...] = ()
    rolled: bool = False
    skipped: bool = False


@record
class Player:
    """One player's board and cards.

    ``launcher`` rows of chip instances (``""`` an empty cell), ``unlocked`` the rows of the locked
    rightmost column bought open (TM-LNCH-3); ``bodies`` the held cyberbodies, the active one first
    (TM-BODY-1); ``passer_by`` the Passer-by while it is not in use; ``enemies`` the enemy row, the
    primary first (TM-ENEMY-1); ``at`` the map cell of the character; ``points`` the programming
    points left in A3; ``check`` the trace-check dice under way; ``traded`` whether the player has
    made a trade this Planning phase; ``transfers`` the Transfer codes gained (TM-BODY-4);
    ``spent_skills`` skills used up for the game (A-46); ``removed`` class mods out of the game
    (A-48); ``drawn`` the class mods drawn to choose one from (TM-MOD-2.2); ``spare_hp`` the HP of
    the second held body when each body has its own (A-67 Reading 2)."""

    name: str
    class_id: str = ""
    hp: int = 0
    hp_max: int = 0
    trace: int = 0
    xp: int = 0
    shield: int = 0
    memory: int = 0
    power: int = 0
    reroll: int = 0
    core: str = ""
    launcher: tuple[tuple[str, ...], ...] = ()
    unlocked: tuple[int, ...] = ()
    bag: tuple[str, ...] = ()
    storage: tuple[str, ...] = ()
    bodies: tuple[str, ...] = ()
    passer_by: str | None = None
    class_deck: tuple[str, ...] = ()
    mods: tuple[str, ...] = ()
    equipped: tuple[str, ...] = ()
    protocol: str | None = None
    stage: int = 0
    enemies: tuple[Foe, ...] = ()
    at: tuple[int, int] = (0, 0)
    points: int = 0
    check: tuple[Die, ...] = ()
    traded: bool = False
    transfers: tuple[str, ...] = ()
    spent_skills: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    spare_hp: int = 0


@record
class State:
    """The whole campaign.

    ``starting`` the index of the starting player (TM-CLN-3); ``map`` rows of :class:`Site` (``""``
    an unrevealed place);
    ``markers`` the exploration markers, a grid of the same shape (``""`` where none);
    ``tile_stack`` the face-down tiles an unrevealed place is drawn from; ``supply`` the chip
    supply (TM-COMP-3); ``damaged`` the damaged chips not yet handed out (TM-COMP-5); ``scrap``
    chips out of the game (a removed damaged chip, TM-RES-4.3); ``gang_*`` each gang's mod deck;
    ``clinic`` the cyberbodies on offer at a body-switch district; ``uplinks`` how often the
    campaign's special code has run; ``phase`` the phase under way; ``outcome`` ``victory`` or
    ``defeat`` once decided, and
    ``reason`` why."""

    players: tuple[Player, ...]
    round: int = 0
    starting: int = 0
    enemy_deck: tuple[str, ...] = ()
    enemy_discard: tuple[str, ...] = ()
    map: tuple[tuple[Site | str, ...], ...] = ()
    markers: tuple[tuple[str, ...], ...] = ()
    markers_used: tuple[str, ...] = ()
    tile_stack: tuple[str, ...] = ()
    supply: tuple[str, ...] = ()
    damaged: tuple[str, ...] = ()
    scrap: tuple[str, ...] = ()
    gang_sparta: tuple[str, ...] = ()
    gang_ninkyo: tuple[str, ...] = ()
    gang_raiders: tuple[str, ...] = ()
    gang_commons: tuple[str, ...] = ()
    clinic: tuple[str, ...] = ()
    protocols: tuple[str, ...] = ()
    uplinks: int = 0
    phase: str = "setup"
    combat: Combat | None = None
    outcome: str | None = None
    reason: str = ""
    agenda: tuple[tuple[Any, ...], ...] = ()
    rng: int = 0
