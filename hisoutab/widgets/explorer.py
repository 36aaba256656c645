"""Searching from the workbench's state: the "explore" panel.

The :class:`ExplorerPanel` part of the workbench takes a goal (the explorer's goal language:
``damage(P2) >= 1``, ``P2.life <= 4``, ``event: knockdown``, ``P2 avoids hit``), a depth in
decisions, whose goal it is and how chance is taken, searches from the current state
(:func:`hisoutab.explorer.explore`; the game is not touched) and shows the verdict, the lines found,
the escapes and the tree. "step into" plays a line found (or an escape) in the workbench's game from
the state searched: the same choices, the same chance outcomes forced at the same draws — choosing
differently from the recorded line starts a new line, as a click on a decision does.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from hisoutab.engine.errors import HisoutabError

from .controls import accepted, button, classed, esc, refused

__all__ = ["HIDDEN", "ExplorerPanel", "play_line"]

#: the search sees the whole state, every player's hidden cards and options included
HIDDEN = ("viewing as {player}: the search sees every hidden card and every player's options; "
          "view as the designer to search")


def play_line(game: Any, moves: Any) -> None:
    """Play ``moves`` (a line of the explorer's result) in ``game`` from its cursor: before each
    step, the chance outcomes the search forced at that draw (``game.force``), then the choice and
    the automatic steps to the next decision."""
    for m in moves:
        draws: dict[int, list[Any]] = {}
        for d in m.draws:
            draws.setdefault(d.offset, []).append(d)
        offset = 0
        if m.choice is not None:
            _force(game, draws.get(0, ()))
            game.choose(dict(m.choice))
            offset = 1
        while not game.over and game.pending is None:
            _force(game, draws.get(offset, ()))
            game.step()
            offset += 1


def _force(game: Any, draws: Any) -> None:
    for d in draws:
        f = d.forced()
        game.force(f.kind, f.value, player=f.player, what=f.what)


class ExplorerPanel:
    """The workbench's "explore" panel (a part of :class:`~hisoutab.widgets.Workbench`)."""

    game: Any
    games: dict[str, Any]
    message: str
    viewing: str | None
    view_as: W.Dropdown

    def _build_explorer_panel(self) -> W.VBox:
        from hisoutab.explorer import CHANCE_MODES, MAX_DEPTH

        players = list(self.game.players)
        self.e_goal = classed(W.Text(value=f"damage({players[-1]}) >= 1" if players else "",
                                     description="goal", layout=W.Layout(width="420px"),
                                     placeholder="P2.hp <= 3 · event: knockdown · P2 avoids hit"),
                              "hs-explore-goal")
        self.e_depth = classed(W.BoundedIntText(value=2, min=0, max=MAX_DEPTH, description="depth",
                                                layout=W.Layout(width="160px")), "hs-explore-depth")
        self.e_for = classed(W.Dropdown(options=[("the goal's player", "")] + [(p, p) for p in players],
                                        value="", description="for"), "hs-explore-for")
        self.e_chance = classed(W.Dropdown(options=list(CHANCE_MODES), value=CHANCE_MODES[0],
                                           description="chance"), "hs-explore-chance")
        self.b_explore = button("search", "hs-explore-run",
                                "search the decisions from the current state for the goal")
        self.e_msg = classed(W.HTML(), "hs-explore-msg")
        self.e_result = classed(W.HTML(), "hs-explore-result")
        self.e_lines = classed(W.Dropdown(options=[], description="line", layout=W.Layout(width="520px")),
                               "hs-explore-lines")
        self.b_step_into = button("step into", "hs-explore-step-into",
                                  "play this line in the workbench from the state searched")
        self.b_step_into.disabled = True
        self.e_tree = classed(W.HTML(layout=W.Layout(max_height="520px", overflow="auto")),
                              "hs-explore-tree")
        self.exploration: Any = None
        self._explored_at: tuple[str, int] | None = None  # (the line key, the cursor) searched from
        self._found: list[Any] = []
        self.b_explore.on_click(lambda _: self.explore())
        self.b_step_into.on_click(lambda _: self.step_into())
        self.view_as.observe(lambda _: self._hide_from_players(), names="value")
        return W.VBox([W.HBox([self.e_goal, self.e_depth, self.e_for, self.e_chance, self.b_explore],
                              layout=W.Layout(flex_flow="row wrap")),
                       self.e_msg, self.e_result, W.HBox([self.e_lines, self.b_step_into]), self.e_tree])

    # ---------------------------------------------------------------- searching
    def explore(self, goal: str | None = None, depth: int | None = None) -> Any:
        """Search from the current state (the panel's goal and depth unless given); the result, or
        None with the reason shown."""
        from hisoutab.explorer import explore
        from hisoutab.presentation.search_tree import SearchTree

        if goal is not None:
            self.e_goal.value = goal
        if depth is not None:
            self.e_depth.value = depth
        if self.viewing is not None:
            self.e_msg.value = refused(HIDDEN.format(player=self.viewing))
            return None
        try:
            found = explore(self.game, self.e_goal.value, depth=int(self.e_depth.value),
                            side=self.e_for.value or None, chance=self.e_chance.value)
        except HisoutabError as exc:
            self.e_msg.value = refused(exc)
            return None
        self.exploration = found
        self._explored_at = (self._current_key(), self.game.cursor)
        self._found = [("line", line) for line in found.lines()] + [
            ("escape", line) for line, _ in found.escapes()]
        self.e_lines.options = [(f"{kind} {k}: " + " → ".join(m.words() for m in line), k)
                                for k, (kind, line) in enumerate(self._found)]
        self.e_lines.value = 0 if self._found else None
        self.b_step_into.disabled = not self._found
        verdict = found.verdict + (f" (P = {found.probability})" if found.verdict == "possible" else "")
        self.e_msg.value = accepted(f"{found.goal}: {verdict} — {found.positions} positions, "
                                    f"{found.merged} transpositions merged")
        self.e_result.value = self._summary(found)
        try:
            self.e_tree.value = SearchTree(found).pipe("svg").decode("utf-8")
        except Exception as exc:  # no Graphviz: the lines above still say it all
            self.e_tree.value = f"<i>the tree cannot be drawn here ({esc(exc)})</i>"
        return found

    @staticmethod
    def _summary(found: Any) -> str:
        def item(line: Any) -> str:
            return "<li>" + " → ".join(
                f"{esc(m.words())} <small>[{esc(', '.join(m.clauses))}]</small>" for m in line) + "</li>"

        parts = [f"<b>lines found</b><ol>{''.join(item(x) for x in found.lines())}</ol>"
                 if found.lines() else "<i>no line found</i>"]
        escapes = found.escapes()
        if escapes:
            parts.append("<b>escapes</b><ol>" + "".join(
                f"<li>{esc(' → '.join(m.words() for m in line))} (P(goal) = {esc(p)})</li>"
                for line, p in escapes) + "</ol>")
        return "".join(parts)

    def _hide_from_players(self) -> None:
        """Viewing as a player, the search (which sees every card) is put away."""
        if self.viewing is None or self.exploration is None:
            return
        self.exploration = None
        self._explored_at = None
        self._found = []
        self.e_lines.options = []
        self.b_step_into.disabled = True
        self.e_result.value = self.e_tree.value = ""
        self.e_msg.value = refused(HIDDEN.format(player=self.viewing))

    # ---------------------------------------------------------------- stepping in
    def step_into(self, k: int | None = None) -> bool:
        """Play line ``k`` of the panel's list (the one selected by default) from the state searched:
        the workbench goes back to that state's line and cursor and plays the line's choices and
        forced outcomes; False with the reason shown when it cannot."""
        if self._explored_at is None or not self._found:
            self.e_msg.value = refused("search first")
            return False
        k = self.e_lines.value if k is None else k
        if not isinstance(k, int) or not 0 <= k < len(self._found):
            self.e_msg.value = refused(f"no line {k!r}")
            return False
        key, cursor = self._explored_at
        gname, lname = key.split("\t")
        game = self.games[gname]
        try:
            game.switch(lname)
            game.goto(cursor)
            self.game = game
            play_line(game, self._found[k][1])
        except HisoutabError as exc:
            self.e_msg.value = refused(f"the line cannot be played from here: {exc}")
            self.refresh()
            return False
        self.message = (f"stepped into {self._found[k][0]} {k}: now at step {game.cursor} of line "
                        f"{game.line.name!r}")
        self.e_msg.value = accepted(self.message)
        self.refresh()
        return True

    # provided by the workbench
    def _current_key(self) -> str:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError
