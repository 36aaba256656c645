"""TAMASHII's declared zones: where every chip, card and tile lives, who owns and who sees it."""

from __future__ import annotations

from hisoutab.engine.contract import Zone

GANGS = ("sparta", "ninkyo", "raiders", "commons")

ZONES = (
    Zone("launcher", kind="grid", doc="the player's launcher: rows of chips, '' an empty cell"),
    Zone("bag", visibility="hidden",
         doc="the player's draw bag, unordered (A-7: with one bag for all, the first seat's holds it)"),
    Zone("storage", doc="the player's storage area, used chips (TM-COMP-14; A-7: with one for all, "
                        "the first seat's holds it)"),
    Zone("bodies", ordered=True, doc="the cyberbodies held, the active one first (TM-BODY-1)"),
    Zone("passer_by", kind="card", doc="the Passer-by, while it is not in use (TM-RESET-1.1)"),
    Zone("class_deck", ordered=True, visibility="hidden", doc="the player's class mod deck"),
    Zone("mods", visibility="public", doc="mod cards held, not equipped (TM-MOD-1)"),
    Zone("equipped", doc="mod cards equipped (TM-MOD-4)"),
    Zone("drawn", visibility="owner", doc="class mods drawn to keep one (TM-MOD-2.2)"),
    Zone("removed", doc="class mods out of the game (A-48)"),
    Zone("protocol", kind="card", doc="the player's learning protocol (TM-SETUP-2)"),
    Zone("enemies", ordered=True, card_attr="card", doc="the enemy row, the primary first"),
    Zone("hp", kind="counter", doc="HP"),
    Zone("trace", kind="counter", doc="the trace value"),
    Zone("xp", kind="counter", doc="experience"),
    Zone("shield", kind="counter", doc="Shield (cap 5)"),
    Zone("memory", kind="counter", doc="Memory (cap 5)"),
    Zone("power", kind="counter", doc="Power (cap 5)"),
    Zone("reroll", kind="counter", doc="Reroll (cap 5)"),
    Zone("map", kind="grid", owner="shared", card_attr="tile",
         doc="the district tiles laid face up; an unrevealed place is empty until explored"),
    Zone("markers", kind="grid", owner="shared", doc="the exploration markers on unrevealed places"),
    Zone("markers_used", owner="shared", doc="exploration markers resolved and removed (TM-MOVE-5)"),
    Zone("tile_stack", owner="shared", visibility="hidden", doc="the face-down tiles still to reveal"),
    Zone("enemy_deck", owner="shared", ordered=True, visibility="hidden", doc="the enemy deck, top first"),
    Zone("enemy_discard", owner="shared", ordered=True, doc="defeated, expelled, discarded enemies"),
    Zone("supply", owner="shared", doc="the chip supply (TM-COMP-3)"),
    Zone("damaged", owner="shared", doc="the damaged chips not yet handed out (TM-COMP-5)"),
    Zone("scrap", owner="shared", doc="chips out of the game"),
    *(Zone(f"gang_{g}", owner="shared", ordered=True, visibility="hidden", doc=f"the {g} gang mod deck")
      for g in GANGS),
    Zone("clinic", owner="shared", doc="cyberbodies on offer at a body-switch district"),
    Zone("protocols", owner="shared", visibility="hidden", doc="learning protocols not dealt"),
    Zone("uplinks", kind="counter", owner="shared", doc="runs of the campaign's special code"),
)
