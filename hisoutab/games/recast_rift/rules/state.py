"""The Recast Rift game state: immutable records that share their unchanged parts between steps.

Card instances are named ``"<player>/<card id>"`` (``"P1/amulet_volley"``). The cast zone is the
``stack`` of :class:`Entry` records, top last (RR-ZONE-5, RR-PRE-3): whose card it is, which stage
of the cast-resolution order it has reached (RR-SEQ-1) and the Hand / Life damage its «Attack»
deals now (``None``: a bar, RR-COMP-3.6).
"""

from __future__ import annotations

from typing import Any

from hisoutab.engine.record import record

#: the stages of the cast-resolution order (RR-SEQ-1), in order
STAGES = ("on_cast", "attack", "preempt", "damage", "deploy")


@record
class Entry:
    """One card in the cast zone, or one text «Attack» (``kind`` "text", RR-SEQ-2) being processed."""

    card: str  # the card cast ("" for a text «Attack»)
    controller: int  # the player who cast it (index)
    kind: str = "cast"  # "cast" | "text"
    how: str = "normal"  # normal | preempt | full_power (the timing it was cast at) | text
    stage: str = "on_cast"  # see STAGES
    source: str = ""  # a text «Attack»: the card whose text makes it
    base_hand: int | None = None  # the attack value before changes (None: a bar)
    base_life: int | None = None
    bonus_hand: int = 0  # changes made before «Attack» processing (e.g. by its own [On Cast])
    bonus_life: int = 0
    hand: int | None = None  # the damage fixed by «Attack» processing, changed by preempts (RR-ATK-3)
    life: int | None = None
    preempts: int = 0  # preempts made in this «Attack»'s preempt timing (A-13)
    zone: str = "shared"  # where the card sits: the shared cast zone, or its controller's


@record
class Waiting:
    """A Trigger card's [While Deployed] ability waiting to be processed (RR-PRIN-3 … RR-PRIN-5)."""

    card: str
    owner: int
    ability: int
    event: str


@record
class Player:
    name: str
    fighters: tuple[str, str] = ("", "")  # shown to the opponent (RR-SETUP-1)
    life: int = 0  # the Life the life stone marks (RR-COMP-5)
    deck: tuple[str, ...] = ()  # top first; hidden (RR-ZONE-3)
    hand: tuple[str, ...] = ()  # (RR-ZONE-4)
    cast: tuple[str, ...] = ()  # the player's cards in the cast zone (their order: the stack's)
    face_down: tuple[str, ...] = ()  # the face-down pile (RR-ZONE-7)
    reserve: tuple[str, ...] = ()  # the reserve pile, face up (RR-ZONE-8)
    recast_3: tuple[str, ...] = ()  # recast zone [III], oldest first (RR-ZONE-6)
    recast_2: tuple[str, ...] = ()
    recast_1: tuple[str, ...] = ()
    recast_0: tuple[str, ...] = ()  # [0]: cards waiting to be recovered (RR-LIFT-6, RR-RCV-2)
    far: str | None = None  # the far spot: the chosen awakening card, face down (RR-ZONE-2)
    near: str | None = None  # the near spot: the other awakening card, face down
    awakened: str | None = None  # the far card once turned face up (RR-AWK-1)
    pool: tuple[str, ...] = ()  # the two fighters' cards not yet placed (deck building)
    unused: tuple[str, ...] = ()  # spell cards left out of the deck (RR-SETUP-3)
    mode: str = ""  # this Main phase: "" (no action yet), "normal" or "full_power" (RR-TURN-3)
    used: str = ""  # Normal-action options used this Main phase: c, f, a, w
    activated: tuple[int, ...] = ()  # [While Awakened] abilities activated this turn (RR-AWK-5)


@record
class State:
    players: tuple[Player, Player]
    turn: int = 0
    active: int = 0  # the turn player
    first: int | None = None
    stack: tuple[Entry, ...] = ()  # the cast zone, top last
    waiting: tuple[Waiting, ...] = ()
    texts: int = 0  # card texts being processed (RR-PRIN-3)
    winner: str | None = None
    last_attack: str = ""  # how the last damage resolution ended: hit, guard, graze, none ("": none yet)
    agenda: tuple[tuple[Any, ...], ...] = ()
    rng: int = 0

    @property
    def cast_zone(self) -> tuple[str, ...]:
        """Both players' cards in the cast zone in the stack's order, bottom first."""
        return tuple(e.card for e in self.stack if e.kind == "cast")
