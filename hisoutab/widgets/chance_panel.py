"""Forcing chance from the workbench: the outcome of a coming shuffle, draw, die or pick.

The :class:`ChancePanel` part of the workbench offers the chance kinds the ruleset's steps declare
and, for the kind and player chosen, the legal outcomes in the current state (``game.chance_outcomes``:
the cards of the pile a draw takes from, a die's faces, the players a pick chooses among). Forcing
one queues it (``game.force``): the next matching draw the game computes takes it. Forced with the
cursor before the end of the line, a new line starts there — the steps after it are computed anew —
as when choosing differently. The panel lists what is queued, for which draw it waits, and where the
forced outcomes already applied.
"""

from __future__ import annotations

import inspect
from typing import Any

import ipywidgets as W

from hisoutab.engine.chance import KINDS, Chance, Forced
from hisoutab.engine.errors import HisoutabError

from .controls import accepted, button, classed, esc, refused

__all__ = ["LOOKAHEAD", "ChancePanel", "declared_kinds"]

LOOKAHEAD = 500  # automatic steps tried to tell when a queued outcome applies


def declared_kinds(ruleset: Any) -> tuple[str, ...]:
    """The kinds of chance event the ruleset's flow declares (its steps' ``chance``), in the
    engine's order; none for a ruleset without chance."""
    if not getattr(ruleset.capabilities, "chance", False):
        return ()
    found = set(Chance.kinds_declared(ruleset.flow))
    return tuple(k for k in KINDS if k in found)


def force_parameters(chance: Any) -> frozenset[str]:
    """Which of ``nth`` and ``what`` the game's ``chance.force`` takes (the engine may lack them)."""
    try:
        params = inspect.signature(chance.force).parameters
    except (TypeError, ValueError):
        return frozenset()
    return frozenset(p for p in ("nth", "what") if p in params)


def _waits_for(f: Forced) -> str:
    who = f"{f.player}'s" if f.player else "any"
    which = f" of {f.what!r}" if f.what else ""
    nth = f" (the {f.nth}th such draw from when it was forced)" if f.nth and f.nth > 1 else ""
    return f"waits for {who} next {f.kind}{which}{nth}"


class ChancePanel:
    """The workbench's "chance" panel (a part of :class:`~hisoutab.widgets.Workbench`): the kinds
    the ruleset's steps declare, whose draw, the legal outcomes now, and — where the engine takes
    them — which draw (``what``: the pile or roll it is drawn from) and the n-th such draw."""

    game: Any
    presentation: Any

    def _build_chance_panel(self) -> W.VBox:
        players = list(self.game.players)
        kinds = declared_kinds(self.game.ruleset)
        self.c_kind = classed(W.Dropdown(options=list(kinds), value=kinds[0] if kinds else None,
                                         description="kind", disabled=not kinds), "hs-chance-kind")
        self.c_player = classed(W.Dropdown(options=[("anyone", "")] + [(p, p) for p in players],
                                           description="whose"), "hs-chance-player")
        self.c_value = classed(W.Dropdown(options=[], description="outcome",
                                          layout=W.Layout(width="320px")), "hs-chance-value")
        extra = force_parameters(self.game.chance)
        self.c_what = classed(W.Text(value="", placeholder="any", description="drawn from"),
                              "hs-chance-what")
        self.c_nth = classed(W.BoundedIntText(value=1, min=1, max=1000, description="n-th"),
                             "hs-chance-nth")
        self.c_what.layout.display = "" if "what" in extra else "none"
        self.c_nth.layout.display = "" if "nth" in extra else "none"
        self.b_force = button("force", "hs-chance-force",
                              "the next chance event of this kind takes this outcome; before the "
                              "end of the line, a new line starts here")
        self.b_force.disabled = not kinds
        self.c_msg = classed(W.HTML("" if kinds else f"<i>{esc(self.game.ruleset.id)} declares no "
                                    "chance</i>"), "hs-chance-msg")
        self.c_queue = classed(W.HTML(), "hs-chance-queue")
        self.b_force.on_click(lambda _: self.force_chance())
        self.c_kind.observe(lambda _: self._offer_outcomes(), names="value")
        self.c_player.observe(lambda _: self._offer_outcomes(), names="value")
        note = W.HTML("<i>the next chance event of that kind (and player) takes it; forced before "
                      "the end of the line, a new line starts at this step</i>")
        self._offered_for: tuple[Any, ...] | None = None
        self._when_for: tuple[Any, ...] = (None,)
        self._when_found: dict[int, str] = {}
        self._offer_outcomes()
        return W.VBox([W.HBox([self.c_kind, self.c_player, self.c_value, self.b_force],
                              layout=W.Layout(flex_flow="row wrap")),
                       W.HBox([self.c_what, self.c_nth]), note, self.c_msg, self.c_queue])

    # ---------------------------------------------------------------- offering
    def _outcome_label(self, kind: str, value: Any) -> str:
        if kind in ("draw", "shuffle") and isinstance(value, str):
            try:
                name = self.presentation.card_name(self.game.ctx, value)
            except Exception:  # a card the presentation cannot name: its id is all there is
                name = value
            first = "first: " if kind == "shuffle" else ""
            return f"{first}{name} ({value})" if name != value else f"{first}{value}"
        return str(value)

    def _offer_outcomes(self) -> None:
        """The legal outcomes of the chosen kind and player in the current state, as choices."""
        kind = self.c_kind.value
        g = self.game
        player = self.c_player.value or None
        key = (g, g.state, kind, player)
        if key == self._offered_for:
            return
        self._offered_for = key
        values = g.chance_outcomes(kind, player) if kind else ()
        old = self.c_value.value
        self.c_value.options = [(self._outcome_label(kind, v), v) for v in values]
        if old in values:
            self.c_value.value = old
        self._show_queue()

    def _show_queue(self) -> None:
        g = self.game
        when = self._when(g)
        waiting = [f"<li>{esc(f.describe())} — {esc(_waits_for(f))}{esc(when.get(id(f), ''))}</li>"
                   for f in g.chance.forced]
        applied = [f"<li>step {s.index}: {esc(e['kind'])} {esc(e.get('what', ''))}: "
                   f"{esc(self._applied(e))}</li>"
                   for s in g.history for e in s.events
                   if e.get("type") == "chance" and e.get("forced")]
        parts = []
        if waiting:
            parts.append(f"<b>queued</b> (from step {g.cursor} of {esc(g.line.name)})"
                         f"<ul>{''.join(waiting)}</ul>")
        if applied:
            parts.append(f"<b>applied on this line</b><ul>{''.join(applied)}</ul>")
        self.c_queue.value = "".join(parts) or "<i>nothing forced</i>"

    def _when(self, g: Any) -> dict[int, str]:
        """When each queued outcome applies if the game goes on from here: the automatic steps up
        to the next decision are tried on a copy (the game itself is not touched). By id of the
        forced outcome: ``", at step N"`` or ``", not before the next decision"``."""
        queue = tuple(g.chance.forced)
        key = (g.state, tuple(id(f) for f in queue))
        if self._when_for[0] == key:
            return self._when_found
        found: dict[int, str] = {}
        if queue and g.cursor >= len(g.line.steps):
            trial = type(g)(g.ruleset, seed=g.seed, options=g.options, setup=g.setup,
                            state=g.state)
            trial.chance.forced.extend(queue)
            trial.chance.seen.update(g.chance.seen)  # the n-th draws already counted
            left = set(map(id, queue))

            def seen(step: Any) -> None:
                for f in queue:
                    if id(f) in left and any(u is f for u in trial.chance.used):
                        found[id(f)] = f", at step {step.index} ({step.name})"
                        left.discard(id(f))

            try:
                trial.run(until="decision", max_steps=LOOKAHEAD, on_step=seen)
            except HisoutabError as exc:
                for k in left:
                    found[k] = f", refused when drawn: {exc}"
                left = set()
            except Exception:  # a rule that fails on the way: the game itself will say it
                left = set()
            for k in left:
                found[k] = ", not before the next decision" if not trial.over else \
                    ", never: the game ends first"
        self._when_for = (key,)
        self._when_found = found
        return found

    def _applied(self, event: dict[str, Any]) -> str:
        if event["kind"] == "shuffle":
            return f"{event['outcome']} items shuffled, the forced ones first"
        return self._outcome_label(event["kind"], event["outcome"])

    def refresh_chance(self) -> None:
        """Show the outcomes legal in the current state and the queue (the workbench calls it)."""
        self._offer_outcomes()
        self._show_queue()

    # ---------------------------------------------------------------- forcing
    def force_chance(self, kind: str | None = None, value: Any = None, player: str | None = None,
                     *, what: str | None = None, nth: int | None = None) -> bool:
        """Queue a forced outcome (``die`` 5, ``draw`` a card, ``pick`` a label, ``shuffle`` the
        cards put first) of a kind the ruleset declares, checked against the legal outcomes now
        (``game.force``); ``what`` and ``nth`` (which draw) where the engine takes them. Before the
        end of the line a new line starts here. False with the reason shown when it is refused."""
        kind = kind or self.c_kind.value
        if value is None:
            value = self.c_value.value
        if player is None:
            player = self.c_player.value or None
        g = self.game
        line = g.line.name
        try:
            if not declared_kinds(g.ruleset):
                raise HisoutabError(f"{g.ruleset.id} has no chance")
            if value is None or value in ("", ()):
                raise HisoutabError("give the outcome to force")
            forced = g.force(kind, value, player=player, **self._which(what, nth))
        except HisoutabError as exc:
            self.c_msg.value = refused(exc)
            return False
        fork = (f"; a new line {g.line.name} starts at step {g.cursor} (forked from {line})"
                if g.line.name != line else "")
        self.c_msg.value = accepted(f"forced {forced.describe()} — {_waits_for(forced)}{fork}")
        self._offered_for = None
        self.refresh()
        return True

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

    # provided by the workbench
    def refresh(self) -> None:
        raise NotImplementedError
