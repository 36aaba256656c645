"""Which cards a hidden place may hold, for a world sampled from a player's view (the balance
lab's agents, :mod:`hisoutab.engine.determinize`): a bag holds chips, the face-down tiles tiles, the
enemy deck enemy cards, a gang's deck that gang's mods, the class deck and the drawn class mods class
mods, the undealt protocols protocols. Without it a sampled world could put an enemy card among the
face-down tiles, a world the rules cannot play."""

from __future__ import annotations

from .context import Context, kind_of

#: hidden zone → what it holds (a kind of card named by :func:`_kind`)
HOLDS = {"bag": "chip", "tile_stack": "tile", "enemy_deck": "enemy", "class_deck": "class_mod",
         "drawn": "class_mod", "protocols": "protocol"}


def _kind(ctx: Context, card: str) -> str:
    """``chip``, ``tile``, ``enemy``, ``class_mod``, ``gang_GANG``, ``protocol`` or ``other``."""
    kinds = ctx.hidden_kinds
    if kinds is None:
        kinds = dict.fromkeys((*ctx.chips, *ctx.wilds, *ctx.damaged), "chip")
        kinds.update(dict.fromkeys(ctx.tiles, "tile"))
        kinds.update(dict.fromkeys(ctx.enemies, "enemy"))
        kinds.update(dict.fromkeys((x for p in ctx.players for x in ctx.class_mods[p]), "class_mod"))
        kinds.update({x: f"gang_{ctx.content.gang_mods[kind_of(x)].gang}" for x in ctx.gang_mods})
        kinds.update(dict.fromkeys(ctx.protocols, "protocol"))
        ctx.hidden_kinds = kinds
    return kinds.get(card, "other")


def may_hold(ctx: Context, zone: str, card: str) -> bool:
    """Whether a hidden place of ``zone`` may hold ``card``."""
    if zone.startswith("gang_"):
        return _kind(ctx, card) == zone
    wanted = HOLDS.get(zone)
    return wanted is None or _kind(ctx, card) == wanted
