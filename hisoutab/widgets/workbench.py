"""The workbench: a game of any ruleset as ipywidgets — step, decide, branch, edit the situation, re-run.

Everything is driven through :class:`~hisoutab.engine.game.Game`; the widgets only show its state and
call its methods (``step``, ``run``, ``choose``, ``goto``, ``switch``). What is particular to a game
comes from its ruleset's presentation (:func:`~hisoutab.presentation.presentation_for`): the
picture, the cells a step touched, the clause links and the edits. "View as" shows the state as one
player sees it (the ruleset's view: hidden cards are "?") and only that player's options.

Every control has a CSS class (``hs-…``) so a browser test can find it; outputs are ``HTML.value``
updates only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import ipywidgets as W

from hisoutab.engine.agents import RandomAgent
from hisoutab.engine.errors import HisoutabError, IllegalChoice, InputError
from hisoutab.engine.game import Game, Step
from hisoutab.engine.ruleset import ruleset_of_state
from hisoutab.engine.visibility import player_view, seen_step
from hisoutab.presentation import StatePicture, presentation_for
from hisoutab.presentation.cards import card_title, moved_cards
from hisoutab.presentation.compare import decision_at
from hisoutab.presentation.step import card_names

from .card_panel import CardPanel
from .chance_panel import ChancePanel
from .controls import button, classed, esc
from .decisions import DecisionPanel, others_window
from .diff import state_diff
from .editing import EditPanel, NoSuchEdit
from .explorer import ExplorerPanel
from .export import exists, line_scenario, write
from .rerun import RerunPanel
from .surface import KEYS, Surface, Ticker

__all__ = ["KEYS", "NoSuchEdit", "Workbench", "state_diff"]

DEFAULT_RULESET = "hisoutab-0.45.2"  # the ruleset of Workbench(None)
EXPORT_PATH = "exported.yaml"
LOG_WINDOW = 120  # log entries shown each side of the cursor
DIFF_ROWS = 24
DESIGNER = ""  # the "view as" value of the designer, who sees everything
CHIPS = 12  # cards named in the step view at most
_PREFIXES = itertools.count(1)  # each workbench's pictures get ids of their own


def rules_href(url: str) -> str:
    """A clause link as the workbench's page needs it: a repository path (``docs/rules/…``) seen from
    ``notebooks/`` (``../docs/rules/…``); an absolute URL or an anchor is kept."""
    if "://" in url or url.startswith(("/", "#", "../")):
        return url
    return "../" + url


class Workbench(EditPanel, RerunPanel, ChancePanel, ExplorerPanel, W.VBox):  # type: ignore[misc, unused-ignore]  # untyped ipywidgets
    """A game in widgets. ``Workbench(game)``, ``Workbench(state)`` (a new game from that state, of
    the ruleset the state belongs to) or ``Workbench(None)`` (a new game of ``ruleset`` with
    ``seed``).

    Several games may be open: the one given, a game per accepted edit (``edit-1``, …) and a game
    per option re-run (``options-1``, …); each has its lines. ``self.game`` is the current game.
    ``key``: where the picture's key stands, ``below`` it, ``beside`` it or ``none`` (on a small
    screen ``beside`` or ``none`` keep the players' HP and hands in view).
    """

    def __init__(self, game: Game | Any = None, *, ruleset: str | None = None, seed: int = 0,
                 key: str = "below", **kw: Any) -> None:
        from hisoutab.presentation.picture import KEY_PLACES

        if key not in KEY_PLACES:
            raise InputError(f"{key!r}: expected one of {', '.join(KEY_PLACES)}", field="key")
        self.key = key
        if game is None:
            game = Game(ruleset or DEFAULT_RULESET, seed=seed)
        elif not isinstance(game, Game):
            rs = ruleset or ruleset_of_state(game)
            if rs is None:
                raise InputError(f"no registered ruleset has states of type {type(game).__name__}; "
                                 "give ruleset=", field="state")
            game = Game(rs, seed=seed, state=game)
        self.games: dict[str, Game] = {"game": game}
        self.game: Game = game
        self.presentation = presentation_for(game.ruleset)
        self.agent = RandomAgent(seed)
        self.message = ""
        self._reveal = ""
        self._sync = False
        self._counter = {"edit": 0, "options": 0}
        self._fresh: dict[str, tuple[int, int, int]] = {}  # games added and not played in since
        self.compared: dict[str, Game] = {}
        self.viewing: str | None = None
        self._prefix = f"hswb{next(_PREFIXES)}"
        self._pictured: tuple[Any, ...] | None = None  # (state, ctx, viewer, highlight) last drawn
        self._log_lines: dict[tuple[int, str | None], tuple[Step, tuple[str, int]]] = {}

        # ------------------------------------------------------------ controls
        self.b_first = button("◀◀", "hs-first", "go to the start of the line (key: Home)")
        self.b_back = button("◀ back", "hs-back", "undo one step (key: ←)")
        self.b_step = button("step ▶", "hs-step", "one step (key: →)")
        self.b_forward = button("▶▶ next decision", "hs-forward",
                                "to the next decision, recorded on this line or not (key: n)")
        self.b_pending = button("▶| next pending", "hs-pending",
                                "to the end of this line: the decision no one has made yet (key: N)")
        self.b_turn = button("turn", "hs-turn", "run until the next turn begins (key: t)")
        self.b_phase = button("phase", "hs-phase", "run until the phase changes (key: p)")
        self.b_end = button("end ▶|", "hs-end",
                            "run to the end; stops at decisions unless auto-play (key: End)")
        self.auto = classed(W.Checkbox(value=False, description="auto-play",
                                       tooltip="random agents answer the decisions",
                                       indent=False, layout=W.Layout(width="auto", margin="0 0 0 8px")),
                            "hs-autoplay")
        self.play = classed(Ticker(self._on_tick, layout=W.Layout(width="auto")), "hs-play")
        self.speed = classed(W.IntSlider(value=400, min=50, max=2000, step=50, description="ms/step",
                                         continuous_update=False, readout=True,
                                         layout=W.Layout(width="240px")), "hs-speed")
        W.jslink((self.speed, "value"), (self.play, "interval"))
        self.slider = classed(W.IntSlider(value=0, min=0, max=0, description="step",
                                          continuous_update=False,
                                          layout=W.Layout(flex="1 1 300px", min_width="200px")),
                              "hs-slider")
        self.status = classed(W.HTML(), "hs-status")
        self.view_as = classed(W.Dropdown(
            options=[("designer (everything)", DESIGNER)] + [(p, p) for p in game.players],
            value=DESIGNER, description="view as",
            tooltip="the state as one player sees it (hidden cards as ?) and only their options",
            layout=W.Layout(width="260px")), "hs-viewer")

        self.picture = classed(Surface(layout=W.Layout(width="100%")), "hs-picture")
        self.step_view = classed(Surface(layout=W.Layout(width="100%")), "hs-stepview")
        self.cards = CardPanel(self.presentation)
        self.log_view = classed(W.Select(options=[], rows=10, description="",
                                         layout=W.Layout(width="100%")), "hs-log")
        self.decision_box = classed(W.VBox(), "hs-decision")
        self.decisions = DecisionPanel(self.decision_box, lambda label, player: self.choose(label, player),
                                       self._clause_links, self.presentation)

        self.lines = classed(W.Dropdown(options=[], description="line", layout=W.Layout(width="240px")),
                             "hs-lines")
        self.line_info = classed(W.HTML(), "hs-lineinfo")

        # export
        self.x_path = classed(W.Text(value=EXPORT_PATH, description="file",
                                     layout=W.Layout(width="50%")), "hs-export-path")
        self.b_export_state = button("export state as scenario", "hs-export-state",
                                     "the current state as a scenario (game.to_scenario())")
        self.b_export_line = button("export line of play as scenario", "hs-export-line",
                                    "the start of the game, the choices up to here and a check")
        self.x_msg = classed(W.HTML(), "hs-export-msg")
        self.b_export_replace = button("replace", "hs-export-replace",
                                       "write over the existing file")
        self.b_export_replace.layout.display = "none"
        self._export_pending: Any = None  # the export waiting for "replace"

        edit = self._build_edit_panel(self.presentation)
        options = self._build_rerun_panel()
        chance = self._build_chance_panel()
        explorer = self._build_explorer_panel()

        # ------------------------------------------------------------ wiring
        self.b_first.on_click(lambda _: self._move(lambda g: g.goto(0)))
        self.b_back.on_click(lambda _: self._move(lambda g: g.back()))
        self.b_step.on_click(lambda _: self.do_step())
        self.b_forward.on_click(lambda _: self.forward())
        self.b_pending.on_click(lambda _: self.next_pending())
        self.b_turn.on_click(lambda _: self.run("turn"))
        self.b_phase.on_click(lambda _: self.run("phase"))
        self.b_end.on_click(lambda _: self.run("end"))
        for surface in (self.picture, self.step_view):
            surface.on_card(self.inspect)
            surface.on_key(self.press)
        self.slider.observe(self._on_slider, names="value")
        self.log_view.observe(self._on_log, names="value")
        self.lines.observe(self._on_line, names="value")
        self.view_as.observe(self._on_view, names="value")
        self.b_export_state.on_click(lambda _: self.export_state())
        self.b_export_line.on_click(lambda _: self.export_line())
        self.b_export_replace.on_click(lambda _: self.confirm_export())

        # ------------------------------------------------------------ layout
        # a compact toolbar; the picture and, beside it on a wide screen or below it on a narrow one,
        # the decision, the step, the log and the card panel (a flex row that wraps: never on top)
        toolbar = classed(W.VBox([
            W.HBox([self.b_first, self.b_back, self.b_step, self.b_forward, self.b_pending,
                    self.b_turn, self.b_phase,
                    self.b_end, self.play, self.auto],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            W.HBox([self.slider, self.speed, self.view_as],
                   layout=W.Layout(flex_flow="row wrap", align_items="center"))]), "hs-toolbar")
        branch = classed(W.HBox([self.lines, self.line_info], layout=W.Layout(flex_flow="row wrap")),
                         "hs-branch")
        export = W.VBox([self.x_path, W.HBox([self.b_export_state, self.b_export_line]),
                         W.HBox([self.x_msg, self.b_export_replace])])
        tools = classed(W.Accordion(children=[edit, export, options, chance, explorer],
                                    titles=("edit the situation", "export", "rule options", "chance",
                                            "explore")),
                        "hs-tools")
        left = classed(W.VBox([self.picture, self.compare_box],
                              layout=W.Layout(flex="1 1 560px", min_width="0")), "hs-main-picture")
        right = classed(W.VBox([self.decision_box, self.step_view,
                                W.HTML("<b>log</b> (select a step to jump there)"), self.log_view,
                                self.cards.box],
                               layout=W.Layout(flex="1 1 340px", min_width="300px", max_width="640px")),
                        "hs-side")
        main = classed(W.HBox([left, right], layout=W.Layout(flex_flow="row wrap", width="100%")),
                       "hs-main")
        super().__init__([toolbar, W.HBox([self.status, branch], layout=W.Layout(flex_flow="row wrap")),
                          main, tools], **kw)
        self.add_class("hs-workbench")
        self.refresh()

    # ================================================================ moving
    def _move(self, fn: Any) -> None:
        self.message = ""
        self._reveal = ""
        try:
            fn(self.game)
        except HisoutabError as exc:
            self.message = str(exc)
        self.refresh()

    def _decide_message(self) -> str:
        window = others_window(self.game, self.viewing)
        if window is not None:
            return (f"{window.player} may act ({window.step}): view as {window.player} to act for "
                    "them, or tick auto-play")
        d = self.game.pending
        return f"{' and '.join(d.players)} must decide ({d.kind}): use the buttons" if d else ""

    def _waits(self) -> bool:
        """The game waits for someone at the end of the line: a pending decision, or, viewed as a
        player, another player's window (it waits the same whether or not they have a choice)."""
        g = self.game
        return g.pending is not None or others_window(g, self.viewing) is not None

    def _to_decision(self, g: Game) -> list[Step]:
        """Run to the next decision; viewed as a player, stop at another player's window too, the
        same whether or not that player has a choice there."""
        if self.viewing is None:
            return g.run(until="decision")
        taken: list[Step] = []
        while not g.over and g.pending is None:
            taken.append(g.step())
            if others_window(g, self.viewing) is not None:
                break
        return taken

    def do_step(self) -> Step | None:
        """One step; at a pending decision, the random agent answers it only with auto-play."""
        self.message = ""
        self._reveal = ""
        g = self.game
        step = None
        try:
            if g.over and g.cursor >= len(g.line.steps):
                self.message = f"the game is over: {g.result()}"
            elif self._waits() and g.cursor >= len(g.line.steps):
                if self.auto.value:
                    step = self._agent_choice() if g.pending is not None else g.step()
                else:
                    self.message = self._decide_message()
            else:
                step = g.step()
        except HisoutabError as exc:
            self.message = str(exc)
        self.refresh()
        return step

    def _agent_choice(self) -> Step | None:
        g = self.game
        d = g.pending
        if d is None:
            return None
        seen = {p: player_view(g.ruleset, g.ctx, g.state, p) if self.agent.observes else g.state
                for p in d.players}
        chosen = {p: self.agent.choose(seen[p], d, p) for p in d.players}
        return g.choose(chosen if d.joint else chosen[d.players[0]])

    def forward(self) -> list[Step]:
        """To the next decision, recorded on the line or not: the recorded steps replay up to the
        next state where a player decides (its recorded choice is not replayed); past the end of
        the line, the game runs until a decision is pending. At a pending decision the first step
        taken is that decision's (the recorded choice, or with auto-play the agent's)."""
        self.message = ""
        self._reveal = ""
        taken: list[Step] = []
        try:
            g = self.game
            if self.auto.value and self._waits() and g.cursor >= len(g.line.steps):
                step = self._agent_choice() if g.pending is not None else g.step()
                if step is not None:
                    taken.append(step)
            taken += self._replay_to_decision(g, moved=bool(taken))
            if g.cursor >= len(g.line.steps) and not self._waits():
                taken += self._to_decision(g)
        except HisoutabError as exc:
            self.message = str(exc)
        if not taken and self._waits():
            self.message = self._decide_message()
        self.refresh()
        return taken

    @staticmethod
    def _replay_to_decision(g: Game, *, moved: bool) -> list[Step]:
        """Replay the recorded steps of the line up to the next state with a pending decision (not
        the one the cursor is at, unless a step was already taken: ``moved``)."""
        taken: list[Step] = []
        while g.cursor < len(g.line.steps):
            if (taken or moved) and g.pending is not None:
                break
            taken.append(g.step())
        return taken

    def next_pending(self) -> list[Step]:
        """To the end of the line and on to the decision no one has made yet (the game runs its
        automatic steps up to it); at the end of the game, the end."""
        self.message = ""
        self._reveal = ""
        taken: list[Step] = []
        try:
            g = self.game
            start = g.cursor
            g.goto(len(g.line.steps))
            taken = g.line.steps[start:g.cursor] + ([] if self._waits() else self._to_decision(g))
        except HisoutabError as exc:
            self.message = str(exc)
        if self._waits():
            self.message = self._decide_message()
        elif self.game.over:
            self.message = f"the game is over: {self.game.result()}"
        self.refresh()
        return taken

    def run(self, until: str) -> list[Step]:
        """``game.run(until)``; random agents decide only with auto-play, else it stops at decisions."""
        self.message = ""
        self._reveal = ""
        taken: list[Step] = []
        try:
            taken = self.game.run(until=until, agents=self.agent if self.auto.value else None)
        except HisoutabError as exc:
            self.message = str(exc)
        if not taken and self.game.pending is not None and not self.auto.value:
            self.message = "a decision is pending: choose below, or tick auto-play"
        self.refresh()
        return taken

    def _on_tick(self) -> None:
        """One tick of play: a step, or a pause where the line stops (the end, a decision)."""
        g = self.game
        blocked = (g.cursor >= len(g.line.steps)
                   and (g.over or (self._waits() and not self.auto.value)))
        if blocked:
            self.play.playing = False
            self.message = f"the game is over: {g.result()}" if g.over else "paused: a decision is pending"
            self.refresh()
            return
        self.do_step()

    def press(self, key: str) -> None:
        """What a shortcut key does where the picture or the step view has focus (:data:`KEYS`)."""
        action = KEYS.get(key)
        if action == "step":
            self.do_step()
        elif action == "back":
            self._move(lambda g: g.back())
        elif action == "next decision":
            self.forward()
        elif action == "next pending":
            self.next_pending()
        elif action == "next turn":
            self.run("turn")
        elif action == "next phase":
            self.run("phase")
        elif action == "first":
            self._move(lambda g: g.goto(0))
        elif action == "end":
            self.run("end")
        elif action == "play / pause":
            self.play.playing = not self.play.playing

    def inspect(self, card: str) -> bool:
        """Show ``card``'s whole face in the card panel (what clicking it does)."""
        g = self.game
        return self.cards.show(g.ctx, self._seen(g.state), card)

    def _on_slider(self, change: Any) -> None:
        if self._sync:
            return
        self._move(lambda g: g.goto(int(change["new"])))

    def _on_log(self, change: Any) -> None:
        if self._sync or change["new"] is None:
            return
        self._move(lambda g: g.goto(int(change["new"]) + 1))

    # ================================================================ viewing
    def _on_view(self, change: Any) -> None:
        self.view(change["new"] or None)

    def view(self, player: str | None) -> None:
        """Show the state as ``player`` sees it and only ``player``'s options (None: the designer,
        who sees everything and every player's options)."""
        if player is not None and player not in self.game.players:
            raise InputError(f"no player {player!r}; players: {', '.join(self.game.players)}",
                             field="player")
        self.viewing = player
        if self.view_as.value != (player or DESIGNER):
            self.view_as.value = player or DESIGNER  # its observer comes back here: nothing to redo
            return
        if self.shown_compared:
            self.show_compared(self.shown_compared)
        self.refresh()

    # ================================================================ deciding
    def choose(self, label: str, player: str | None = None) -> Step | None:
        """Answer the pending decision: ``player`` alone (hidden until every deciding player chose)
        in a simultaneous decision, else the one deciding player."""
        self.message = ""
        self._reveal = ""
        g = self.game
        d = g.pending
        step = None
        before = set(g.lines)
        try:
            if d is None:
                self.message = "no decision is pending"
            elif d.joint:
                step = g.choose(label, player=player)
                if step is None:
                    self.message = (f"{player} has chosen (hidden); waiting for "
                                    + ", ".join(p for p in d.players if p not in g.hidden_choices()))
                elif self._shown(step).choice is not None:
                    self._reveal = "revealed: " + ", ".join(
                        f"{p} → {self._words(d, p, c)}" for p, c in self._shown(step).choice.items())
            else:
                step = g.choose(label)
        except IllegalChoice as exc:
            self.message = str(exc)
        if set(g.lines) - before:
            self.message = f"new line {g.line.name!r} (forked at step {g.line.fork_at})"
        self.refresh()
        return step

    def _words(self, d: Any, player: str, label: str, state: Any = None) -> str:
        """The presentation's words for the option ``label`` of ``player`` in decision ``d`` (asked
        in ``state``; by default the state before the last step)."""
        g = self.game
        if player not in d.players:
            return label
        option = next((o for o in d.options_for(player) if o.label == label), None)
        if option is None:
            return label
        if state is None:
            state = g.history[-1].before if g.cursor else g.state
        text = self.presentation.option_text(g.ctx, state, d, player, option)
        return text if isinstance(text, str) and text else label

    def option_buttons(self, player: str | None = None) -> list[W.Button]:
        """The decision buttons now shown (of one player, or all)."""
        return self.decisions.shown(player)

    # ================================================================ lines
    def _line_keys(self) -> list[tuple[str, str]]:
        out = []
        for gname, game in self.games.items():
            for lname in game.lines:
                label = lname if gname == "game" else f"{gname}:{lname}"
                out.append((label, f"{gname}\t{lname}"))
        return out

    def _current_key(self) -> str:
        gname = next(k for k, v in self.games.items() if v is self.game)
        return f"{gname}\t{self.game.line.name}"

    def _on_line(self, change: Any) -> None:
        if self._sync or not change["new"]:
            return
        self.switch(change["new"])

    def switch(self, key: str) -> None:
        """Make a line current: ``"main.1"`` (a line of the first game), ``"edit-1:main"`` or the
        dropdown's own value."""
        if "\t" not in key:
            gname, _, lname = key.rpartition(":") if ":" in key else ("game", "", key)
            key = f"{gname}\t{lname}"
        gname, lname = key.split("\t")
        self.message = ""
        self._reveal = ""
        try:
            game = self.games[gname]
            game.switch(lname)
            self.game = game
        except (KeyError, HisoutabError) as exc:
            self.message = f"no line {key!r}: {exc}"
        self.refresh()

    def _add_game(self, kind: str, game: Game) -> str:
        """Add ``game`` as ``kind-N``. An edit or re-run made from a game that the previous edit or
        re-run of the same kind added, before anything was played in it, replaces that game (its
        name is kept), so that trying values does not grow the list of lines."""
        current = next((k for k, v in self.games.items() if v is self.game), "")
        sig = self._fresh.get(current)
        if current.startswith(f"{kind}-") and sig is not None and sig == self._signature(self.game):
            name = current
        else:
            self._counter[kind] += 1
            name = f"{kind}-{self._counter[kind]}"
        self.games[name] = game
        self.game = game
        self._fresh[name] = self._signature(game)
        return name

    @staticmethod
    def _signature(game: Game) -> tuple[int, int, int]:
        return (len(game.lines), len(game.line.steps), game.cursor)

    def _line_label(self) -> str:
        gname, lname = self._current_key().split("\t")
        return lname if gname == "game" else f"{gname}:{lname}"

    # ================================================================ export
    def _export_path(self, path: str | Path | None) -> Path:
        return Path(path if path is not None else (self.x_path.value.strip() or EXPORT_PATH))

    def _export_done(self, text: str, ok: bool, *, asking: bool = False) -> None:
        style = "color:#070" if ok else ("color:#a60" if asking else "color:#b00")
        cls = "hs-accepted" if ok else ("hs-asking" if asking else "hs-refused")
        self.x_msg.value = f'<span class="{cls}" style="{style}">{esc(text)}</span>'
        self.b_export_replace.layout.display = "" if asking else "none"
        self.message = text
        self._reveal = ""
        self.refresh()

    def _ask_replace(self, target: Path, again: Any) -> bool:
        """An existing file is replaced only once confirmed: show "exists — replace?" and the
        button, and remember what to write; True when asking."""
        self._export_pending = None
        if not exists(target):
            return False
        self._export_pending = again
        self._export_done(f"{target} exists — replace?", False, asking=True)
        return True

    def confirm_export(self) -> Path | None:
        """The export that waits for "replace": written over the existing file."""
        again, self._export_pending = self._export_pending, None
        if again is None:
            self._export_done("nothing to replace: export first", False)
            return None
        result: Path | None = again()
        return result

    def export_state(self, path: str | Path | None = None, *, replace: bool = False
                     ) -> Path | None:
        """Write the current state as a scenario file (``game.to_scenario()``) to ``path`` (default:
        the export box, ``exported.yaml``); the file is loaded back and must give an equal state.
        An existing file is replaced only with ``replace`` (in the workbench: once confirmed)."""
        from hisoutab.scenarios.model import load_scenario

        g = self.game
        target = self._export_path(path)
        if not replace and self._ask_replace(target, lambda: self.export_state(target, replace=True)):
            return None
        try:
            written = write(target, g.to_scenario(), replace=replace)
        except (OSError, HisoutabError) as exc:
            self._export_done(f"cannot write {target}: {exc}", False)
            return None
        try:
            same = load_scenario(written).start_state == g.state
            why = "" if same else "the reloaded state differs"
        except HisoutabError as exc:
            same, why = False, str(exc)
        self._export_done(f"state exported to {written}" + (" and re-loaded: equal state" if same
                                                             else f"; re-loading failed: {why}"), same)
        return written

    def export_line(self, path: str | Path | None = None, *, replace: bool = False
                    ) -> Path | None:
        """Write the current line of play up to the cursor as a scenario (start of the game, the
        choices as ``script`` lines, an ``expect`` at the end on a few state values) to ``path``
        (default: the export box), then run it with ``run_file``; the message says whether it passed.
        An existing file is replaced only with ``replace`` (in the workbench: once confirmed)."""
        from hisoutab.scenarios.runner import run_file

        g = self.game
        target = self._export_path(path)
        if not replace and self._ask_replace(target, lambda: self.export_line(target, replace=True)):
            return None
        try:
            written = write(target, line_scenario(g, line_label=self._line_label()),
                            replace=replace)
        except (OSError, HisoutabError) as exc:
            self._export_done(f"cannot write {target}: {exc}", False)
            return None
        result = run_file(written)
        if result.passed:
            self._export_done(f"line exported to {written}: exported and re-checked: passed", True)
        else:
            report = result.report(4) if result.scenario is not None else "; ".join(
                str(f) for f in result.failures)
            self._export_done(f"line exported to {written} but the re-check failed: {report}", False)
        return written

    # ================================================================ showing
    def _clause_links(self, clauses: Iterable[str]) -> str:
        pres = self.presentation
        return ", ".join(f'<a class="hs-clause" href="{esc(rules_href(pres.clause_url(c)))}" '
                         f'target="_blank">{esc(c)}</a>' for c in clauses)

    def _seen(self, state: Any) -> Any:
        """``state`` as the player viewed as sees it (the designer: all of it)."""
        g = self.game
        return state if self.viewing is None else player_view(g.ruleset, g.ctx, state, self.viewing)

    def _shown(self, s: Step) -> Any:
        """Step ``s`` as the player viewed as sees it: its public sentence, their own choice, their
        views around it (:func:`hisoutab.engine.visibility.seen_step`); the designer: ``s``."""
        g = self.game
        return s if self.viewing is None else seen_step(g.ruleset, g.ctx, s, self.viewing)

    def _render_step(self) -> None:
        g = self.game
        if not g.cursor:
            nxt = g.next_step()
            self.step_view.value = ("<div><b>start of the line</b>"
                                    + (f" — next: {esc(nxt.name)} ({esc(nxt.phase)})" if nxt else "")
                                    + "</div>")
            return
        real = g.history[-1]
        s = self._shown(real)
        diff = state_diff(s.before, s.after, names=card_names(g.ctx, real.before, real.after))
        rows = "".join(f"<tr><td><code>{esc(k)}</code></td><td>{esc(v)}</td></tr>"
                       for k, v in diff[:DIFF_ROWS])
        if len(diff) > DIFF_ROWS:
            rows += f"<tr><td colspan=2>… {len(diff) - DIFF_ROWS} more</td></tr>"
        choice = ""
        if s.choice:
            d = decision_at(g.ruleset, g.ctx, real.before)
            words = ", ".join(f"{p}: {self._words(d, p, c, real.before) if d is not None else c}"
                              for p, c in s.choice.items())
            labels = ", ".join(f"{p}: {c}" for p, c in s.choice.items())
            choice = f'<br><span class="hs-chosen" title="{esc(labels)}">▶ {esc(words)}</span>'

        self.step_view.value = (
            f'<div class="hs-step-info"><b>step {s.index}</b> · t={esc(s.time)} · turn {esc(s.actor)} · '
            f"phase <b>{esc(s.phase)}</b> · <code>{esc(s.name)}</code> · {self._clause_links(s.clauses)}"
            f'<div class="hs-sentence" style="font-size:1.1em;margin:4px 0">{esc(s.sentence)}</div>'
            f"{choice}{self._chance_line(s)}{self._chips(real)}"
            f'<table class="hs-diff" style="font-size:0.9em">{rows or "<tr><td>no change</td></tr>"}</table>'
            "</div>")

    def _chance_line(self, s: Step) -> str:
        """What chance decided in step ``s`` (its chance events), forced ones marked; a card drawn
        for another player than the one the table is seen as shows as ``?``."""
        parts = []
        for e in s.events:
            if e.get("type") != "chance":
                continue
            outcome = e.get("outcome")
            if e.get("kind") == "shuffle":
                outcome = f"{outcome} items shuffled"
            elif (e.get("kind") == "draw" and self.viewing is not None
                  and e.get("player") != self.viewing):
                outcome = "?"
            elif e.get("kind") == "draw" and isinstance(outcome, str):
                outcome = self.presentation.card_name(self.game.ctx, outcome)
            forced = ' <b class="hs-forced">forced</b>' if e.get("forced") else ""
            parts.append(f"{esc(e.get('kind'))} {esc(e.get('what', ''))}: {esc(outcome)}{forced}")
        if not parts:
            return ""
        return '<div class="hs-chance-events"><b>chance</b> ' + " · ".join(parts) + "</div>"

    def _chips(self, s: Step) -> str:
        """The cards step ``s`` names (in its events), as chips to click for their face."""
        g = self.game
        named = self._named_cards(s)
        if not named:
            return ""
        chips = []
        for c in named[:CHIPS]:
            face = self.presentation.card_face(g.ctx, s.after, c)
            title = card_title(face) if face is not None else c
            name = face.name if face is not None else c
            chips.append(f'<span class="hs-chip" data-card="{esc(c)}" title="{esc(title)}">'
                         f"{esc(name)}</span>")
        return '<div class="hs-chips">cards: ' + "".join(chips) + "</div>"

    def _named_cards(self, s: Step) -> list[str]:
        """The cards step ``s``'s events name and those it moved, in order, without the cards the
        viewer cannot see."""
        g = self.game
        known = set(self.presentation.cards(g.ctx, s.after)) | set(self.presentation.cards(g.ctx, s.before))
        named: list[str] = []

        def walk(v: Any) -> None:
            if isinstance(v, str):
                if v in known and v not in named:
                    named.append(v)
            elif isinstance(v, dict):
                for x in v.values():
                    walk(x)
            elif isinstance(v, (list, tuple)):
                for x in v:
                    walk(x)

        for e in s.events:
            walk(e)
        for c in moved_cards(g.ruleset, s.before, s.after):
            if c not in named:
                named.append(c)
        if self.viewing is not None:
            seen = set(self.presentation.cards(g.ctx, self._seen(s.after))) | set(
                self.presentation.cards(g.ctx, self._seen(s.before)))
            named = [c for c in named if c in seen]
        return named

    def _log_entry(self, s: Step) -> tuple[str, int]:
        """The log's line for step ``s`` (made once per step)."""
        key = (id(s), self.viewing)
        hit = self._log_lines.get(key)
        if hit is None or hit[0] is not s:
            v = self._shown(s)  # as the player viewed as reads it
            text = (f"{v.index:>4} t={v.time} {'▶ ' if v.choice else ''}{v.name} "
                    f"[{', '.join(v.clauses)}] {v.sentence}")
            hit = self._log_lines[key] = (s, (text, s.index))
        return hit[1]

    def _render_log(self) -> None:
        g = self.game
        steps = g.line.steps
        lo = max(0, g.cursor - LOG_WINDOW)
        hi = min(len(steps), g.cursor + LOG_WINDOW)
        opts = [self._log_entry(s) for s in steps[lo:hi]]
        if tuple(opts) != tuple(self.log_view.options):
            self.log_view.options = opts
        self.log_view.value = g.cursor - 1 if g.cursor else None

    def _render_picture(self) -> None:
        g = self.game
        last = g.history[-1] if g.cursor else None
        touched = tuple(self.presentation.touched(g.ctx, last)) if last is not None else ()
        shown = (g.state, g.ctx, self.viewing, touched)
        before = self._pictured
        if before is not None and before[0] is g.state and before[1] is g.ctx and before[2:] == shown[2:]:
            return  # the same picture
        self._pictured = shown
        self.picture.value = StatePicture(g.ctx, g.state, highlight=touched, designer=True,
                                          viewer=self.viewing, prefix=self._prefix,
                                          key=self.key)._repr_html_()

    def refresh(self) -> None:
        """Show the current game, line and cursor in every widget."""
        g = self.game
        self._sync = True
        try:
            self._render_picture()
            self._render_step()
            self._render_log()
            self.slider.max = len(g.line.steps)
            self.slider.value = g.cursor
            keys = self._line_keys()
            if tuple(keys) != tuple(self.lines.options):
                self.lines.options = keys
            self.lines.value = self._current_key()
            line = g.line
            fork = (f" · forked from <b>{esc(line.parent)}</b> at step {line.fork_at}"
                    if line.parent else "")
            self.line_info.value = (f"<span>line <b>{esc(self._line_label())}</b>{fork} · "
                                    f"{len(line.steps)} steps · {len(keys)} line(s)</span>")
            self.decisions.render(g, self.viewing)
            self.cards.load(g.ctx, g.state, self.viewing, self._seen(g.state))
            self._load_edit()
            self.refresh_chance()
            over = " · <b>game over</b>" if g.over else ""
            seen = f" · viewing as <b>{esc(self.viewing)}</b>" if self.viewing else ""
            time = g.ruleset.turn_info(g.state)[0]
            msg = " · ".join(esc(m) for m in (self._reveal, self.message) if m)
            self.status.value = (f"<span>step {g.cursor}/{len(line.steps)} · t={esc(time)}{over}{seen}</span>"
                                 + (f'<div class="hs-message">{msg}</div>' if msg else ""))
        finally:
            self._sync = False

    def __repr__(self) -> str:
        g = self.game
        d = g.pending
        pend = f" pending {d.kind} {'+'.join(d.players)}" if d is not None else (" over" if g.over else "")
        return (f"<Workbench {g.ruleset.id} seed={g.seed} line={self._line_label()!r} "
                f"step {g.cursor}/{len(g.line.steps)}{pend}>")
