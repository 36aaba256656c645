"""The decision panel: the pending decision and a button per option, for everyone or for one player.

Viewing as a player shows that player's options only: another player's options — and in a
simultaneous decision what they chose — stay hidden. The rows are made again only when the
decision, the hidden choices or the viewer change, so stepping through automatic steps stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from hisoutab.engine.game import Game

from .controls import button, esc

__all__ = ["DecisionPanel"]

Choose = Callable[[str, str], Any]  # (label, player)


class DecisionPanel:
    """The rows of the decision box (``box``) and the option buttons now shown (``buttons``)."""

    def __init__(self, box: W.Box, choose: Choose, links: Callable[[Any], str]) -> None:
        self.box = box
        self.choose = choose
        self.links = links  # clause IDs → HTML links
        self.buttons: dict[str, list[W.Button]] = {}
        self._key: tuple[Any, ...] | None = None  # what the rows show: (over, hidden, viewer, game, state)
        self._idle: dict[bool, W.HTML] = {}

    def render(self, game: Game, viewer: str | None) -> None:
        """Show ``game``'s pending decision as ``viewer`` (None: the designer) sees it."""
        d = game.pending
        hidden = game.hidden_choices()
        # the same decision (of the same game and state objects) seen the same way: nothing to redo
        key = (game.over, hidden, viewer, game, game.state) if d is not None else (game.over,)
        old = self._key
        if old is not None and len(old) == len(key) and old[:3] == key[:3] and all(
                a is b for a, b in zip(old[3:], key[3:], strict=True)):
            return
        self._key = key
        self.buttons = {}
        if d is None:
            idle = self._idle.get(game.over)
            if idle is None:
                idle = self._idle[game.over] = W.HTML("<i>the game is over</i>" if game.over
                                                      else "<i>no decision pending</i>")
            self.box.children = (idle,)
            return
        rows: list[W.Widget] = [W.HTML(
            f"<b>{esc(d.kind)}</b> ({self.links(d.clauses)})"
            + (" — simultaneous: each choice stays hidden until all have chosen" if d.joint else "")
            + (f"<br>{esc(d.prompt)}" if d.prompt else ""))]
        if viewer is not None and viewer not in d.players:
            rows.append(W.HTML(f"<i>{esc(viewer)} waits: {esc(' and '.join(d.players))} "
                               f"must decide</i>"))
        for p, opts in zip(d.players, d.options, strict=True):
            done = p in hidden
            if viewer is not None and p != viewer:
                if viewer in d.players:
                    state = "has chosen (hidden)" if done else "decides too (hidden)"
                    rows.append(W.HTML(f"<b>{esc(p)}</b>: <i>{state}</i>"))
                continue
            buttons = []
            for o in opts:
                b = button(o.label, "hs-option", f"{p}: {o.label}", disabled=done)
                b.add_class(f"hs-option-{p}")
                b.on_click(lambda _b, label=o.label, player=p: self.choose(label, player))
                buttons.append(b)
            self.buttons[p] = buttons
            state = " <i>(chosen, hidden)</i>" if done else ""
            rows.append(W.HBox([W.HTML(f"<b>{esc(p)}</b>:{state}", layout=W.Layout(width="110px")),
                                W.HBox(buttons, layout=W.Layout(flex_flow="row wrap"))]))
        self.box.children = rows

    def shown(self, player: str | None = None) -> list[W.Button]:
        """The option buttons now shown (of one player, or all)."""
        return [b for p, bs in self.buttons.items() if player is None or p == player for b in bs]
