"""Forcing chance from the workbench: the outcome of the next shuffle, draw, die or pick.

The :class:`ChancePanel` part of the workbench queues a forced outcome on the game's chance source
(``game.chance.force``, see :mod:`hisoutab.engine.chance`): the next chance event of that kind (of
that player, when one is chosen) that the game computes takes it; steps already recorded on the
line replay as they were.
"""

from __future__ import annotations

import inspect
from typing import Any

import ipywidgets as W

from hisoutab.engine.chance import KINDS, Chance
from hisoutab.engine.errors import HisoutabError

from .controls import accepted, button, classed, esc, refused

__all__ = ["ChancePanel"]


def declared_kinds(ruleset: Any) -> tuple[str, ...]:
    """The kinds of chance event the ruleset's flow declares (its steps' ``chance``), in the
    engine's order; none for a ruleset without chance."""
    if not getattr(ruleset.capabilities, "chance", False):
        return ()
    flow = ruleset.flow
    reader = getattr(Chance, "kinds_declared", None)
    if reader is not None:
        found = set(reader(flow))
    else:
        found = {k for sd in flow.steps.values() for k in getattr(sd, "chance", ())}
    return tuple(k for k in KINDS if k in found) + tuple(sorted(found - set(KINDS)))


def force_parameters(chance: Any) -> frozenset[str]:
    """Which of ``nth`` and ``what`` the game's ``chance.force`` takes (the engine may lack them)."""
    try:
        params = inspect.signature(chance.force).parameters
    except (TypeError, ValueError):
        return frozenset()
    return frozenset(p for p in ("nth", "what") if p in params)


class ChancePanel:
    """The workbench's "chance" panel (a part of :class:`~hisoutab.widgets.Workbench`): the kinds
    the ruleset's steps declare, the outcome, whose draw, and — where the engine takes them — which
    draw (``what``: the pile or roll it is drawn from) and the n-th such draw from now."""

    game: Any

    def _build_chance_panel(self) -> W.VBox:
        players = list(self.game.players)
        kinds = declared_kinds(self.game.ruleset)
        self.c_kind = classed(W.Dropdown(options=list(kinds), value=kinds[0] if kinds else None,
                                         description="kind", disabled=not kinds), "hs-chance-kind")
        self.c_value = classed(W.Text(value="", placeholder="5 · a card id · a label · a, b, c",
                                      description="outcome"), "hs-chance-value")
        self.c_player = classed(W.Dropdown(options=[("anyone", "")] + [(p, p) for p in players],
                                           description="whose"), "hs-chance-player")
        extra = force_parameters(self.game.chance)
        self.c_what = classed(W.Text(value="", placeholder="any", description="drawn from"),
                              "hs-chance-what")
        self.c_nth = classed(W.BoundedIntText(value=1, min=1, max=1000, description="n-th"),
                             "hs-chance-nth")
        self.c_what.layout.display = "" if "what" in extra else "none"
        self.c_nth.layout.display = "" if "nth" in extra else "none"
        self.b_force = button("force the next one", "hs-chance-force",
                              "the next chance event of this kind takes this outcome")
        self.b_force.disabled = not kinds
        self.c_msg = classed(W.HTML("" if kinds else f"<i>{esc(self.game.ruleset.id)} declares no "
                                    "chance</i>"), "hs-chance-msg")
        self.b_force.on_click(lambda _: self.force_chance())
        note = W.HTML("<i>the next chance event the game computes takes it; steps already recorded "
                      "on this line replay as they were</i>")
        return W.VBox([W.HBox([self.c_kind, self.c_value, self.c_player, self.b_force]),
                       W.HBox([self.c_what, self.c_nth]), note, self.c_msg])

    def force_chance(self, kind: str | None = None, value: Any = None, player: str | None = None,
                     *, what: str | None = None, nth: int | None = None) -> bool:
        """Queue a forced outcome (``die`` 5, ``draw`` a card id, ``pick`` a label, ``shuffle`` a
        list of items, top first) of a kind the ruleset declares; ``what`` and ``nth`` (which draw)
        where the engine takes them. False with the reason shown when it is refused."""
        kind = kind or self.c_kind.value
        if value is None:
            value = self.c_value.value.strip()
        if player is None:
            player = self.c_player.value or None
        try:
            value = self._outcome(kind, value)
            forced = self.game.chance.force(kind, value, player=player, **self._which(what, nth))
        except HisoutabError as exc:
            self.c_msg.value = refused(exc)
            return False
        queue = "; ".join(f.describe() for f in self.game.chance.forced)
        self.c_msg.value = accepted(f"forced {forced.describe()} — waiting: {queue}") + \
            f'<span class="hs-chance-queue" style="display:none">{esc(queue)}</span>'
        return True

    def _outcome(self, kind: str | None, value: Any) -> Any:
        """The outcome typed in, as the engine takes it; a kind the ruleset does not declare, or no
        outcome, raises :class:`HisoutabError`."""
        rs = self.game.ruleset
        kinds = declared_kinds(rs)
        if not kinds:
            raise HisoutabError(f"{rs.id} has no chance")
        if kind not in kinds:
            raise HisoutabError(f"the steps of {rs.id} draw no {kind}; its chance kinds: "
                                + ", ".join(kinds))
        if kind == "die" and isinstance(value, str):
            if not value.isdigit():
                raise HisoutabError(f"a die shows a whole number ≥ 1, got {value!r}")
            value = int(value)
        elif kind == "shuffle" and isinstance(value, str):
            value = tuple(v.strip() for v in value.split(",") if v.strip())
        if value in ("", ()):
            raise HisoutabError("give the outcome to force")
        return value

    def _which(self, what: str | None, nth: int | None) -> dict[str, Any]:
        """The ``what`` / ``nth`` arguments of the force (from the panel when not given), only those
        the engine takes; asking for one it lacks raises :class:`HisoutabError`."""
        extra = force_parameters(self.game.chance)
        if what is None and "what" in extra:
            what = self.c_what.value.strip() or None
        if nth is None and "nth" in extra:
            nth = self.c_nth.value if self.c_nth.value != 1 else None
        out: dict[str, Any] = {}
        for name, value in (("what", what), ("nth", nth)):
            if value is None:
                continue
            if name not in extra:
                raise HisoutabError(f"this engine cannot force a chance event by {name}")
            out[name] = value
        return out
