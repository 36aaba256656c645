"""Forcing chance from the workbench: the outcome of the next shuffle, draw, die or pick.

The :class:`ChancePanel` part of the workbench queues a forced outcome on the game's chance source
(``game.chance.force``, see :mod:`hisoutab.engine.chance`): the next chance event of that kind (of
that player, when one is chosen) that the game computes takes it; steps already recorded on the
line replay as they were.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from hisoutab.engine.chance import KINDS
from hisoutab.engine.errors import HisoutabError

from .controls import accepted, button, classed, esc, refused

__all__ = ["ChancePanel"]


class ChancePanel:
    """The workbench's "chance" panel (a part of :class:`~hisoutab.widgets.Workbench`)."""

    game: Any

    def _build_chance_panel(self) -> W.VBox:
        players = list(self.game.players)
        self.c_kind = classed(W.Dropdown(options=list(KINDS), value="die", description="kind"),
                              "hs-chance-kind")
        self.c_value = classed(W.Text(value="", placeholder="5 · a card id · a label · a, b, c",
                                      description="outcome"), "hs-chance-value")
        self.c_player = classed(W.Dropdown(options=[("anyone", "")] + [(p, p) for p in players],
                                           description="whose"), "hs-chance-player")
        self.b_force = button("force the next one", "hs-chance-force",
                              "the next chance event of this kind takes this outcome")
        self.c_msg = classed(W.HTML(), "hs-chance-msg")
        self.b_force.on_click(lambda _: self.force_chance())
        note = W.HTML("<i>the next chance event the game computes takes it; steps already recorded "
                      "on this line replay as they were</i>")
        return W.VBox([W.HBox([self.c_kind, self.c_value, self.c_player, self.b_force]), note,
                       self.c_msg])

    def force_chance(self, kind: str | None = None, value: Any = None,
                     player: str | None = None) -> bool:
        """Queue a forced outcome (``die`` 5, ``draw`` a card id, ``pick`` a label, ``shuffle`` a
        list of items, top first); False with the reason shown when it is refused."""
        kind = kind or self.c_kind.value
        if value is None:
            value = self.c_value.value.strip()
        if player is None:
            player = self.c_player.value or None
        if not self.game.ruleset.capabilities.chance:
            self.c_msg.value = refused(f"{self.game.ruleset.id} has no chance")
            return False
        try:
            if kind == "die" and isinstance(value, str):
                if not value.isdigit():
                    raise HisoutabError(f"a die shows a whole number ≥ 1, got {value!r}")
                value = int(value)
            elif kind == "shuffle" and isinstance(value, str):
                value = tuple(v.strip() for v in value.split(",") if v.strip())
            if value in ("", ()):
                raise HisoutabError("give the outcome to force")
            forced = self.game.chance.force(kind, value, player=player)
        except HisoutabError as exc:
            self.c_msg.value = refused(exc)
            return False
        queue = "; ".join(f.describe() for f in self.game.chance.forced)
        self.c_msg.value = accepted(f"forced {forced.describe()} — waiting: {queue}") + \
            f'<span class="hs-chance-queue" style="display:none">{esc(queue)}</span>'
        return True
