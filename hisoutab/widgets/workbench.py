"""The workbench: a HisouTab game as ipywidgets — step, decide, branch, edit the situation, re-run.

Everything is driven through :class:`~hisoutab.engine.game.Game`; the widgets only show its state and
call its methods (``step``, ``run``, ``choose``, ``goto``, ``switch``). Every control has a CSS class
(``hs-…``) so a browser test can find it; outputs are ``HTML.value`` updates only.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import ipywidgets as W
import yaml

from hisoutab.engine.agents import RandomAgent
from hisoutab.engine.errors import HisoutabError, IllegalChoice, OptionError
from hisoutab.engine.game import Game, Step
from hisoutab.engine.record import replace
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.games.hisoutab.v0452.presentation import attack_cells, edits
from hisoutab.presentation import StatePicture

from .diff import state_diff
from .export import line_scenario, started_from_state, write

__all__ = ["Workbench", "state_diff"]

DOCS = "../docs/rules-{ruleset}.md"
EXPORT_PATH = "exported.yaml"
LOG_WINDOW = 120  # log entries shown each side of the cursor
UP, DOWN = "up", "down"


def _esc(x: Any) -> str:
    return html.escape(str(x), quote=True)


def _button(description: str, cls: str, tooltip: str = "", **kw: Any) -> W.Button:
    b = W.Button(description=description, tooltip=tooltip or description,
                 layout=W.Layout(width="auto"), **kw)
    b.add_class(cls)
    return b


def _cls(widget: W.Widget, *classes: str) -> W.Widget:
    for c in classes:
        widget.add_class(c)
    return widget


def _cell(v: Any) -> tuple[int, int] | None:
    if (isinstance(v, (list, tuple)) and len(v) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in v)):
        return int(v[0]), int(v[1])
    return None


def _refused(text: Any) -> str:
    return f'<span class="hs-refused" style="color:#b00">refused: {_esc(text)}</span>'


def step_cells(ctx: Any, step: Step) -> tuple[tuple[int, int], ...]:
    """The board cells to highlight after ``step``: an attack's range (from its card's reach at the
    attacker's piece before the step) and the cells its events name (placed, moved from/to)."""
    cells: set[tuple[int, int]] = set()
    names = [p.name for p in step.before.players]
    for e in step.events:
        if e.get("type") == "attack" and e.get("player") in names and e.get("card"):
            i = names.index(e["player"])
            p = step.before.players[i]
            side = p.trigger_side if p.trigger == e["card"] else p.cast_side if p.cast == e["card"] else ""
            with contextlib.suppress(Exception):  # an unknown card or face: no range to show
                cells.update(attack_cells(ctx, step.before, i, e["card"], side))
        for key in ("cell", "from", "to"):
            c = _cell(e.get(key))
            if c is not None:
                cells.add(c)
    return tuple(sorted(cells))


class Workbench(W.VBox):
    """A game in widgets. ``Workbench(game)``, ``Workbench(state)`` (a new game from that state) or
    ``Workbench(None)`` (a new game of ``ruleset`` with ``seed``).

    Several games may be open: the one given, a game per accepted edit (``edit-1``, …) and a game
    per option re-run (``options-1``, …); each has its lines. ``self.game`` is the current game.
    """

    def __init__(self, game: Game | Any = None, *, ruleset: str = "hisoutab-0.45.2", seed: int = 0,
                 **kw: Any) -> None:
        if game is None:
            game = Game(ruleset, seed=seed)
        elif not isinstance(game, Game):
            game = Game(ruleset, seed=seed, state=game)
        self.games: dict[str, Game] = {"game": game}
        self.game: Game = game
        self.agent = RandomAgent(seed)
        self.message = ""
        self._reveal = ""
        self._sync = False
        self._counter = {"edit": 0, "options": 0}
        self.compared: dict[str, Game] = {}
        self._buttons: dict[str, list[W.Button]] = {}
        self._loading = False

        # ------------------------------------------------------------ controls
        self.b_first = _button("⏮ first", "hs-first", "go to the start of the line")
        self.b_back = _button("◀ back", "hs-back", "undo one step")
        self.b_step = _button("step ▶", "hs-step", "one step")
        self.b_forward = _button("⏭ next decision", "hs-forward", "run until a player must decide")
        self.b_turn = _button("next turn", "hs-turn", "run until the next turn begins")
        self.b_phase = _button("next phase", "hs-phase", "run until the phase changes")
        self.b_end = _button("end", "hs-end", "run to the end (stops at decisions unless auto-play)")
        self.auto = _cls(W.Checkbox(value=False, description="auto-play (random agents decide)",
                                    indent=False, layout=W.Layout(width="auto")), "hs-autoplay")
        self.play = _cls(W.Play(value=0, min=0, max=10**9, step=1, interval=400, description="play",
                                show_repeat=False), "hs-play")
        self.speed = _cls(W.IntSlider(value=400, min=50, max=2000, step=50, description="ms/step",
                                      continuous_update=False), "hs-speed")
        W.jslink((self.speed, "value"), (self.play, "interval"))
        self.slider = _cls(W.IntSlider(value=0, min=0, max=0, description="step",
                                       continuous_update=False, layout=W.Layout(width="95%")),
                           "hs-slider")
        self.status = _cls(W.HTML(), "hs-status")

        self.picture = _cls(W.HTML(layout=W.Layout(min_width="600px")), "hs-picture")
        self.step_view = _cls(W.HTML(), "hs-stepview")
        self.log_view = _cls(W.Select(options=[], rows=14, description="",
                                      layout=W.Layout(width="100%")), "hs-log")
        self.decision_box = _cls(W.VBox(), "hs-decision")

        self.lines = _cls(W.Dropdown(options=[], description="line"), "hs-lines")
        self.line_info = _cls(W.HTML(), "hs-lineinfo")

        # edit panel
        names = list(game.ruleset.players)
        self.e_player = _cls(W.Dropdown(options=names, value=names[0], description="player"),
                             "hs-edit-player")
        self.e_x = _cls(W.IntText(description="x"), "hs-edit-x")
        self.e_y = _cls(W.IntText(description="y"), "hs-edit-y")
        self.e_hp = _cls(W.IntText(description="HP"), "hs-edit-hp")
        self.e_spirit = _cls(W.IntText(description="spirit up"), "hs-edit-spirit")
        self.e_marker = _cls(W.Text(description="marker", placeholder="cell or none"), "hs-edit-marker")
        self.e_hit = _cls(W.Text(description="hit token", placeholder="cell or none"), "hs-edit-hit")
        self.b_load = _button("reload from state", "hs-edit-load")
        self.b_apply = _button("apply edit → new line", "hs-edit-apply", button_style="warning")
        self.e_msg = _cls(W.HTML(), "hs-edit-msg")

        # bullets
        self.bl_owner = _cls(W.Dropdown(options=names, value=names[0], description="owner"),
                             "hs-bullet-owner")
        self.bl_card = _cls(W.Dropdown(options=[], description="card"), "hs-bullet-card")
        self.bl_x = _cls(W.IntText(description="x"), "hs-bullet-x")
        self.bl_y = _cls(W.IntText(description="y"), "hs-bullet-y")
        self.bl_dir = _cls(W.Dropdown(options=list(edits.DIRECTIONS), value="forward",
                                      description="direction"), "hs-bullet-dir")
        self.bl_die = _cls(W.IntText(value=1, description="die"), "hs-bullet-die")
        self.b_bullet_add = _button("add bullet → new line", "hs-bullet-add",
                                    "a new bullet token; its card gets the die", button_style="warning")
        self.bl_id = _cls(W.Dropdown(options=[], description="bullet"), "hs-bullet-id")
        self.b_bullet_remove = _button("remove bullet → new line", "hs-bullet-remove",
                                       "take the bullet off the board (its card's die with the last one)",
                                       button_style="warning")
        self.bl_msg = _cls(W.HTML(), "hs-bullet-msg")

        # cards in zones
        self.cz_player = _cls(W.Dropdown(options=names, value=names[0], description="player"),
                              "hs-card-player")
        self.cz_card = _cls(W.Dropdown(options=[], description="card"), "hs-card-card")
        self.cz_zone = _cls(W.Dropdown(options=[(v, k) for k, v in edits.ZONES.items()], value="hand",
                                       description="to"), "hs-card-zone")
        self.cz_side = _cls(W.Dropdown(options=["top", "bottom"], value="top", description="side",
                                       tooltip="the face of a two-sided card in a play zone"),
                            "hs-card-side")
        self.b_card_move = _button("move card → new line", "hs-card-move", button_style="warning")
        self.cz_msg = _cls(W.HTML(), "hs-card-msg")

        # export
        self.x_path = _cls(W.Text(value=EXPORT_PATH, description="file",
                                  layout=W.Layout(width="50%")), "hs-export-path")
        self.b_export_state = _button("export state as scenario", "hs-export-state",
                                      "the current state as a scenario (game.to_scenario())")
        self.b_export_line = _button("export line of play as scenario", "hs-export-line",
                                     "the start of the game, the choices up to here and a check")
        self.x_msg = _cls(W.HTML(), "hs-export-msg")

        # rule options
        opts = [o.name for o in game.ruleset.options]
        self.o_name = _cls(W.Dropdown(options=opts, value=opts[0], description="option"), "hs-option-name")
        self.o_value = _cls(W.Text(description="value"), "hs-option-value")
        self.o_doc = _cls(W.HTML(), "hs-option-doc")
        self.b_rerun = _button("re-run these choices with the option", "hs-option-rerun",
                               button_style="info")
        self.o_msg = _cls(W.HTML(), "hs-option-msg")
        rulesets = sorted(all_rulesets())
        self.r_name = _cls(W.Dropdown(options=rulesets, value=game.ruleset.id, description="ruleset"),
                           "hs-ruleset-name")
        self.b_rerun_ruleset = _button("re-run these choices under the ruleset", "hs-ruleset-rerun",
                                       button_style="info")

        # ------------------------------------------------------------ wiring
        self.b_first.on_click(lambda _: self._move(lambda g: g.goto(0)))
        self.b_back.on_click(lambda _: self._move(lambda g: g.back()))
        self.b_step.on_click(lambda _: self.do_step())
        self.b_forward.on_click(lambda _: self.forward())
        self.b_turn.on_click(lambda _: self.run("turn"))
        self.b_phase.on_click(lambda _: self.run("phase"))
        self.b_end.on_click(lambda _: self.run("end"))
        self.play.observe(self._on_play, names="value")
        self.slider.observe(self._on_slider, names="value")
        self.log_view.observe(self._on_log, names="value")
        self.lines.observe(self._on_line, names="value")
        self.e_player.observe(lambda _: self._load_edit(), names="value")
        self.b_load.on_click(lambda _: self._load_edit())
        self.b_apply.on_click(lambda _: self.apply_edit())
        self.bl_owner.observe(lambda _: self._load_bullets(), names="value")
        self.bl_card.observe(lambda _: self._bullet_defaults(), names="value")
        self.b_bullet_add.on_click(lambda _: self.add_bullet())
        self.b_bullet_remove.on_click(lambda _: self.remove_bullet())
        self.cz_player.observe(lambda _: self._load_cards(), names="value")
        self.b_card_move.on_click(lambda _: self.move_card())
        self.b_export_state.on_click(lambda _: self.export_state())
        self.b_export_line.on_click(lambda _: self.export_line())
        self.o_name.observe(lambda _: self._load_option(), names="value")
        self.b_rerun.on_click(lambda _: self.rerun_with_option())
        self.b_rerun_ruleset.on_click(lambda _: self.rerun_with_ruleset())

        # ------------------------------------------------------------ layout
        nav = W.HBox([self.b_first, self.b_back, self.b_step, self.b_forward, self.b_turn, self.b_phase,
                      self.b_end, self.auto], layout=W.Layout(flex_flow="row wrap"))
        playbar = W.HBox([self.play, self.speed])
        branch = W.HBox([self.lines, self.line_info])
        edit = W.VBox([W.HBox([self.e_player, self.b_load]), W.HBox([self.e_x, self.e_y]),
                       W.HBox([self.e_hp, self.e_spirit]), W.HBox([self.e_marker, self.e_hit]),
                       self.b_apply, self.e_msg])
        options = W.VBox([W.HBox([self.o_name, self.o_value]), self.o_doc, self.b_rerun,
                          W.HBox([self.r_name, self.b_rerun_ruleset]), self.o_msg])
        bullets = W.VBox([W.HBox([self.bl_owner, self.bl_card]), W.HBox([self.bl_x, self.bl_y]),
                          W.HBox([self.bl_dir, self.bl_die]), self.b_bullet_add,
                          W.HBox([self.bl_id, self.b_bullet_remove]), self.bl_msg])
        cards = W.VBox([W.HBox([self.cz_player, self.cz_card]), W.HBox([self.cz_zone, self.cz_side]),
                        self.b_card_move, self.cz_msg])
        export = W.VBox([self.x_path, W.HBox([self.b_export_state, self.b_export_line]), self.x_msg])
        tools = W.Accordion(children=[edit, bullets, cards, export, options],
                            titles=("edit the situation", "bullets", "cards in zones", "export",
                                    "rule options"))
        _cls(tools, "hs-tools")
        left = W.VBox([self.picture, self.step_view], layout=W.Layout(flex="3 1 0"))
        right = W.VBox([W.HTML("<b>log</b> (select a step to jump there)"), self.log_view,
                        W.HTML("<b>decision</b>"), self.decision_box],
                       layout=W.Layout(flex="2 1 0", min_width="320px"))
        main = W.HBox([left, right], layout=W.Layout(flex_flow="row wrap"))
        super().__init__([nav, playbar, self.slider, self.status, branch, main, tools], **kw)
        self.add_class("hs-workbench")
        self._load_option()
        self.refresh()
        self._load_bullets()

    # ================================================================ moving
    def _move(self, fn: Any) -> None:
        self.message = ""
        self._reveal = ""
        try:
            fn(self.game)
        except HisoutabError as exc:
            self.message = str(exc)
        self.refresh()

    def do_step(self) -> Step | None:
        """One step; at a pending decision, the random agent answers it only with auto-play."""
        self.message = ""
        self._reveal = ""
        g = self.game
        step = None
        try:
            if g.over and g.cursor >= len(g.line.steps):
                self.message = "the game is over"
            elif g.pending is not None and g.cursor >= len(g.line.steps):
                if self.auto.value:
                    step = self._agent_choice()
                else:
                    d = g.pending
                    self.message = f"{' and '.join(d.players)} must decide ({d.kind}): use the buttons"
            else:
                step = g.step()
        except HisoutabError as exc:
            self.message = str(exc)
        self.refresh()
        return step

    def _agent_choice(self) -> Step | None:
        g = self.game
        d = g.pending
        chosen = {p: self.agent.choose(g.state, d, p) for p in d.players}
        return g.choose(chosen if d.joint else chosen[d.players[0]])

    def forward(self) -> list[Step]:
        """Run to the next decision (with auto-play, a pending decision is answered first)."""
        self.message = ""
        self._reveal = ""
        taken: list[Step] = []
        try:
            g = self.game
            if self.auto.value and g.pending is not None and g.cursor >= len(g.line.steps):
                step = self._agent_choice()
                if step is not None:
                    taken.append(step)
            taken += g.run(until="decision")
        except HisoutabError as exc:
            self.message = str(exc)
        if not taken and self.game.pending is not None:
            d = self.game.pending
            self.message = f"{' and '.join(d.players)} must decide ({d.kind}): use the buttons"
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

    def _on_play(self, change: Any) -> None:
        if self._sync:
            return
        g = self.game
        blocked = (g.cursor >= len(g.line.steps)
                   and (g.over or (g.pending is not None and not self.auto.value)))
        if blocked:
            self.play.playing = False
            self.message = "the game is over" if g.over else "paused: a decision is pending"
            self.refresh()
            return
        self.do_step()

    def _on_slider(self, change: Any) -> None:
        if self._sync:
            return
        self._move(lambda g: g.goto(int(change["new"])))

    def _on_log(self, change: Any) -> None:
        if self._sync or change["new"] is None:
            return
        self._move(lambda g: g.goto(int(change["new"]) + 1))

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
                else:
                    self._reveal = "revealed: " + ", ".join(f"{p} → {c}" for p, c in step.choice.items())
            else:
                step = g.choose(label)
        except IllegalChoice as exc:
            self.message = str(exc)
        if set(g.lines) - before:
            self.message = f"new line {g.line.name!r} (forked at step {g.line.fork_at})"
        self.refresh()
        return step

    def option_buttons(self, player: str | None = None) -> list[W.Button]:
        """The decision buttons now shown (of one player, or all)."""
        return [b for p, bs in self._buttons.items() if player is None or p == player for b in bs]

    def _render_decision(self) -> None:
        g = self.game
        d = g.pending
        rows: list[W.Widget] = []
        self._buttons = {}
        if d is None:
            rows.append(W.HTML("<i>the game is over</i>" if g.over else "<i>no decision pending</i>"))
        else:
            clauses = self._clause_links(d.clauses)
            rows.append(W.HTML(f"<b>{_esc(d.kind)}</b> ({clauses})"
                               + (" — simultaneous: each choice stays hidden until both chose"
                                  if d.joint else "")
                               + (f"<br>{_esc(d.prompt)}" if d.prompt else "")))
            hidden = g.hidden_choices()
            for p, opts in zip(d.players, d.options, strict=True):
                done = p in hidden
                buttons = []
                for o in opts:
                    b = _button(o.label, "hs-option", f"{p}: {o.label}", disabled=done)
                    b.add_class(f"hs-option-{p}")
                    b.on_click(lambda _b, label=o.label, player=p: self.choose(label, player))
                    buttons.append(b)
                self._buttons[p] = buttons
                state = " <i>(chosen, hidden)</i>" if done else ""
                rows.append(W.HBox([W.HTML(f"<b>{_esc(p)}</b>:{state}", layout=W.Layout(width="110px")),
                                    W.HBox(buttons, layout=W.Layout(flex_flow="row wrap"))]))
        self.decision_box.children = rows

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
        self._counter[kind] += 1
        name = f"{kind}-{self._counter[kind]}"
        self.games[name] = game
        self.game = game
        return name

    # ================================================================ editing
    def _load_edit(self) -> None:
        s = self.game.state
        i = self.e_player.index or 0
        p = s.players[i]
        self.e_x.value, self.e_y.value, self.e_hp.value = p.x, p.y, p.hp
        self.e_spirit.value = p.spirit_available
        self.e_marker.value = "none" if p.marker is None else str(p.marker)
        self.e_hit.value = "none" if p.hit is None else str(p.hit)

    @staticmethod
    def _cell_or_none(text: str, what: str) -> int | None:
        t = text.strip().lower()
        if t in ("", "none", "-"):
            return None
        try:
            return int(t)
        except ValueError:
            raise ValueError(f"{what}: {text!r} is not a cell number or 'none'") from None

    def edited_state(self) -> Any:
        """The current state with the edit panel's values for the chosen player (not validated)."""
        s = self.game.state
        i = self.e_player.index or 0
        p = s.players[i]
        want = self.e_spirit.value
        free = [k for k, v in enumerate(p.spirit) if v in (UP, DOWN)]
        if not 0 <= want <= len(free):
            raise ValueError(f"spirit up: {want} is outside 0..{len(free)} (slots not broken)")
        spirit = list(p.spirit)
        for n, k in enumerate(free):
            spirit[k] = UP if n < want else DOWN
        p = replace(p, x=self.e_x.value, y=self.e_y.value, hp=self.e_hp.value, spirit=tuple(spirit),
                    marker=self._cell_or_none(self.e_marker.value, "marker"),
                    hit=self._cell_or_none(self.e_hit.value, "hit token"))
        players = tuple(p if k == i else q for k, q in enumerate(s.players))
        return replace(s, players=players)

    def apply_edit(self) -> bool:
        """Validate the edit with the ruleset's invariants; if it holds, continue from it in a new
        game (``edit-N``) and keep every existing line. Returns whether the edit was accepted."""
        return self._continue_from(self.edited_state, self.e_msg, "the edited state")

    def _continue_from(self, make: Any, msg: W.HTML, what: str) -> bool:
        """``make()`` (a new state, or ``ValueError``), checked with the ruleset's invariants; if it
        holds, a new game ``edit-N`` starts from it and becomes current. The verdict goes to ``msg``."""
        g = self.game
        try:
            new = make()
        except ValueError as exc:
            msg.value = _refused(exc)
            return False
        try:
            problems = g.ruleset.invariants(g.ctx, new)
        except Exception as exc:  # a state the invariant check cannot even read
            problems = [f"the invariant check failed ({type(exc).__name__}: {exc})"]
        if problems:
            msg.value = _refused("; ".join(problems))
            return False
        origin = f"{self._line_label()} at step {g.cursor}"
        game = Game(g.ruleset, seed=g.seed, options=g.options, setup=g.setup, state=new)
        name = self._add_game("edit", game)
        msg.value = (f'<span class="hs-accepted" style="color:#070">accepted: {_esc(name)} starts '
                     f"from {_esc(what)} of {_esc(origin)}</span>")
        self.message = ""
        self._reveal = ""
        self.refresh()
        return True

    # ================================================================ bullets
    @staticmethod
    def _set_options(dd: W.Dropdown, options: list[tuple[str, Any]]) -> None:
        """New options for a dropdown, keeping its value when it is still offered."""
        if tuple(options) == tuple(dd.options):
            return
        keep = dd.value
        dd.options = options
        values = [v for _, v in options]
        if keep in values:
            dd.value = keep
        elif values and dd.value is None:
            dd.value = values[0]

    def _load_bullets(self, *, defaults: bool = True) -> None:
        """The bullet panel for the current state: the owner's bullet cards and the bullet ids; with
        ``defaults``, the cell is the owner's piece and the die the card's duration."""
        g, s = self.game, self.game.state
        owner = self.bl_owner.value
        self._loading = True
        try:
            p = next((q for q in s.players if q.name == owner), None)
            labels = []
            for c in edits.bullet_cards(g.ctx, owner):
                z = edits.zone_of(p, c) if p is not None else None
                if z is not None:  # only cards in a zone the edit can take them from
                    labels.append((f"{edits.short(c)} ({z})", c))
            self._set_options(self.bl_card, labels)
            bullets = getattr(s, "bullets", ())
            self._set_options(self.bl_id, [
                (f"{b.id}: {s.players[b.owner].name} {edits.short(b.card)} at ({b.x},{b.y})", b.id)
                for b in bullets])
        finally:
            self._loading = False
        if defaults and p is not None:
            self.bl_x.value, self.bl_y.value = p.x, p.y
            self._bullet_defaults()

    def _bullet_defaults(self) -> None:
        if getattr(self, "_loading", False) or self.bl_card.value is None:
            return
        g = self.game
        p = next((q for q in g.state.players if q.name == self.bl_owner.value), None)
        die = dict(getattr(p, "dice", ())).get(self.bl_card.value)
        if die is None:
            found = edits.bullet_spec(g.ctx.cards[self.bl_card.value])
            die = getattr(found[1], "duration", 1) if found else 1
        self.bl_die.value = die

    def add_bullet(self, owner: str | None = None, card: str | None = None, x: int | None = None,
                   y: int | None = None, direction: str | None = None, die: int | None = None) -> bool:
        """Add a bullet (default: the bullet panel's values) and continue from that state in a new
        game ``edit-N``; refused with a message when the state breaks an invariant."""
        owner = owner or self.bl_owner.value
        card = card or self.bl_card.value
        x = self.bl_x.value if x is None else x
        y = self.bl_y.value if y is None else y
        direction = direction or self.bl_dir.value
        die = self.bl_die.value if die is None else die
        g = self.game
        if not card:
            self.bl_msg.value = _refused(f"{owner} has no bullet card")
            return False
        return self._continue_from(
            lambda: edits.add_bullet(g.ctx, g.state, owner, card, x, y, direction, die), self.bl_msg,
            f"the state with a new {edits.short(card)} bullet at ({x},{y})")

    def remove_bullet(self, bullet: str | None = None) -> bool:
        """Take bullet ``bullet`` (default: the one chosen) off the board, in a new game ``edit-N``."""
        bid = bullet or self.bl_id.value
        if not bid:
            self.bl_msg.value = _refused("no bullet is on the board")
            return False
        g = self.game
        return self._continue_from(lambda: edits.remove_bullet(g.state, bid), self.bl_msg,
                                   f"the state without bullet {bid}")

    # ================================================================ cards in zones
    def _load_cards(self) -> None:
        g = self.game
        p = next((q for q in g.state.players if q.name == self.cz_player.value), None)
        opts = [] if p is None else [(f"{edits.short(c)} ({z})", c) for c, z in edits.movable_cards(g.ctx, p)]
        self._set_options(self.cz_card, opts)

    def move_card(self, player: str | None = None, card: str | None = None, zone: str | None = None,
                  side: str | None = None) -> bool:
        """Move a card of a player (default: the card panel's values) to ``zone`` (hand, deck,
        discard, cast, trigger) and continue in a new game ``edit-N``; refused with a message."""
        player = player or self.cz_player.value
        card = card or self.cz_card.value
        zone = zone or self.cz_zone.value
        side = side or self.cz_side.value
        g = self.game
        if not card:
            self.cz_msg.value = _refused("choose a card")
            return False
        return self._continue_from(lambda: edits.move_card(g.ctx, g.state, player, card, zone, side),
                                   self.cz_msg, f"the state with {edits.short(card)} moved to the "
                                   f"{edits.ZONES.get(zone, zone)}")

    # ================================================================ export
    def _export_path(self, path: str | Path | None) -> Path:
        return Path(path if path is not None else (self.x_path.value.strip() or EXPORT_PATH))

    def _export_done(self, text: str, ok: bool) -> None:
        style = "color:#070" if ok else "color:#b00"
        cls = "hs-accepted" if ok else "hs-refused"
        self.x_msg.value = f'<span class="{cls}" style="{style}">{_esc(text)}</span>'
        self.message = text
        self._reveal = ""
        self.refresh()

    def export_state(self, path: str | Path | None = None) -> Path | None:
        """Write the current state as a scenario file (``game.to_scenario()``) to ``path`` (default:
        the export box, ``exported.yaml``); the file is loaded back and must give an equal state."""
        from hisoutab.engine.errors import InputError
        from hisoutab.scenarios.model import load_scenario

        g = self.game
        target = self._export_path(path)
        try:
            written = write(target, g.to_scenario())
        except OSError as exc:
            self._export_done(f"cannot write {target}: {exc}", False)
            return None
        try:
            same = load_scenario(written).start_state == g.state
            why = "" if same else "the reloaded state differs"
        except InputError as exc:
            same, why = False, str(exc)
        self._export_done(f"state exported to {written}" + (" and re-loaded: equal state" if same
                                                             else f"; re-loading failed: {why}"), same)
        return written

    def export_line(self, path: str | Path | None = None) -> Path | None:
        """Write the current line of play up to the cursor as a scenario (start of the game, the
        choices as ``script`` lines, an ``expect`` at the end on time and HPs) to ``path`` (default:
        the export box), then run it with ``run_file``; the message says whether it passed."""
        from hisoutab.scenarios.runner import run_file

        g = self.game
        target = self._export_path(path)
        try:
            written = write(target, line_scenario(g, line_label=self._line_label()))
        except OSError as exc:
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

    # ================================================================ options
    def _load_option(self) -> None:
        opt = self.game.ruleset.options.get(self.o_name.value)
        current = self.game.options[opt.name]
        self.o_value.value = yaml.safe_dump(list(current) if isinstance(current, tuple) else current,
                                            default_flow_style=True).strip().removesuffix("...").strip()
        self.o_doc.value = (f"<small>{_esc(opt.reading)}: {_esc(opt.doc)} Expected "
                            f"{_esc(opt.describe_expected())}; default {_esc(opt.default)}.</small>")

    def rerun_with_option(self, name: str | None = None, value: Any = None) -> Game | None:
        """Play the choices of the current line (up to the cursor) again on a new game whose option
        ``name`` is ``value`` (default: the option panel's values). The new game (``options-N``)
        becomes current; the message says where the line diverged, if it did."""
        g = self.game
        name = name or self.o_name.value
        if value is None:
            try:
                value = yaml.safe_load(self.o_value.value)
            except yaml.YAMLError as exc:
                self.o_msg.value = f'<span style="color:#b00">cannot read the value: {_esc(exc)}</span>'
                return None
        try:
            options = g.ruleset.options.resolve({**g.options.changed(g.ruleset.options), name: value})
        except OptionError as exc:
            self.o_msg.value = f'<span class="hs-refused" style="color:#b00">{_esc(exc)}</span>'
            return None
        from_state = self._started_from_state(g)
        new = Game(g.ruleset, seed=g.seed, options=options, setup=g.setup,
                   state=g.initial if from_state else None)
        old_steps = g.history
        choices = [s for s in old_steps if s.choice is not None]
        report = self._replay(new, choices)
        # where the traces first differ (same step index, different line)
        first_diff = next((k for k, (a, b) in enumerate(zip(old_steps, new.history, strict=False))
                           if a.line() != b.line()), None)
        if first_diff is None and len(old_steps) != len(new.history):
            first_diff = min(len(old_steps), len(new.history))
        trace = ("the trace is the same" if first_diff is None
                 else f"the trace first differs at step {first_diff}")
        gname = self._add_game("options", new)
        self.o_msg.value = (f'<span class="hs-rerun">{_esc(gname)} ({_esc(name)} = {_esc(value)}): '
                            f"{_esc(report)}; {_esc(trace)}</span>")
        self.message = ""
        self._reveal = ""
        self.refresh()
        return new

    def rerun_with_ruleset(self, ruleset: str | None = None) -> Game | None:
        """Play the choices of the current line again under another ruleset (default: the ruleset
        panel's), from the standard setup with the same seed and characters, and say what changes:
        where the choices stop fitting, the steps each line took and the result. The other game is
        kept in ``compared[ruleset]`` (its states belong to that ruleset, so the workbench keeps
        showing the current game). A game that started from an edited or crafted state cannot move
        to another ruleset."""
        g = self.game
        ruleset = ruleset or self.r_name.value
        if self._started_from_state(g):
            self.o_msg.value = ('<span class="hs-refused" style="color:#b00">this game starts from an '
                                "edited state, which another ruleset cannot read: re-run from a "
                                "standard game</span>")
            return None
        try:
            other = Game(ruleset, seed=g.seed, setup=g.setup)
        except HisoutabError as exc:
            self.o_msg.value = f'<span class="hs-refused" style="color:#b00">{_esc(exc)}</span>'
            return None
        choices = [s for s in g.history if s.choice is not None]
        report = self._replay(other, choices)
        self.compared[ruleset] = other
        mine = g.ruleset.result(g.state)
        theirs = other.ruleset.result(other.state)
        self.o_msg.value = (
            f'<span class="hs-rerun">{_esc(ruleset)}: {_esc(report)}; '
            f"{len(other.history)} steps there against {len(g.history)} here; "
            f"there: {_esc(theirs)}; here: {_esc(mine)}</span>")
        return other

    @staticmethod
    def _started_from_state(g: Game) -> bool:
        return started_from_state(g)

    @staticmethod
    def _replay(game: Game, choices: Iterable[Step], max_steps: int = 100_000) -> str:
        choices = list(choices)
        for k, old in enumerate(choices):
            game.run(until="decision", max_steps=max_steps)
            d = game.pending
            if d is None:
                return (f"diverged at choice {k + 1} of {len(choices)} (step {old.index}): the game "
                        f"{'is over' if game.over else 'asks nothing'} there")
            if tuple(d.players) != tuple(old.choice):
                return (f"diverged at choice {k + 1} of {len(choices)} (step {old.index}): "
                        f"{', '.join(d.players)} must decide ({d.kind}), not {', '.join(old.choice)}")
            try:
                game.choose(dict(old.choice) if d.joint else old.choice[d.players[0]])
            except IllegalChoice:
                bad = [f"{p} {c!r}" for p, c in old.choice.items() if c not in d.labels(p)]
                return (f"diverged at choice {k + 1} of {len(choices)} (step {old.index}): "
                        f"{', '.join(bad)} is no longer legal ({d.kind})")
        game.run(until="decision", max_steps=max_steps)
        return f"all {len(choices)} choices replayed"

    # ================================================================ showing
    def _clause_links(self, clauses: Iterable[str]) -> str:
        href = DOCS.format(ruleset=self.game.ruleset.id.split("-", 1)[-1])
        return ", ".join(f'<a class="hs-clause" href="{_esc(href)}#{_esc(c)}" target="_blank">{_esc(c)}</a>'
                         for c in clauses)

    def _line_label(self) -> str:
        key = self._current_key()
        gname, lname = key.split("\t")
        return lname if gname == "game" else f"{gname}:{lname}"

    def _render_step(self) -> None:
        g = self.game
        if not g.cursor:
            nxt = g.next_step()
            self.step_view.value = ("<div><b>start of the line</b>"
                                    + (f" — next: {_esc(nxt.name)} ({_esc(nxt.phase)})" if nxt else "")
                                    + "</div>")
            return
        s = g.history[-1]
        diff = state_diff(s.before, s.after)
        rows = "".join(f"<tr><td><code>{_esc(k)}</code></td><td>{_esc(v)}</td></tr>" for k, v in diff[:24])
        if len(diff) > 24:
            rows += f"<tr><td colspan=2>… {len(diff) - 24} more</td></tr>"
        choice = ""
        if s.choice:
            choice = "<br>▶ " + _esc(", ".join(f"{p}: {c}" for p, c in s.choice.items()))
        self.step_view.value = (
            f'<div class="hs-step-info"><b>step {s.index}</b> · t={s.time} · turn {_esc(s.actor)} · '
            f"phase <b>{_esc(s.phase)}</b> · <code>{_esc(s.name)}</code> · {self._clause_links(s.clauses)}"
            f'<div class="hs-sentence" style="font-size:1.1em;margin:4px 0">{_esc(s.sentence)}</div>'
            f"{choice}"
            f'<table class="hs-diff" style="font-size:0.9em">{rows or "<tr><td>no change</td></tr>"}</table>'
            "</div>")

    def _render_log(self) -> None:
        g = self.game
        steps = g.line.steps
        lo = max(0, g.cursor - LOG_WINDOW)
        hi = min(len(steps), g.cursor + LOG_WINDOW)
        opts = [(f"{s.index:>4} t={s.time} {'▶ ' if s.choice else ''}{s.name} "
                 f"[{', '.join(s.clauses)}] {s.sentence}", s.index) for s in steps[lo:hi]]
        if tuple(opts) != tuple(self.log_view.options):
            self.log_view.options = opts
        self.log_view.value = g.cursor - 1 if g.cursor else None

    def refresh(self) -> None:
        """Show the current game, line and cursor in every widget."""
        g = self.game
        self._sync = True
        try:
            last = g.history[-1] if g.cursor else None
            cells = step_cells(g.ctx, last) if last is not None else ()
            self.picture.value = StatePicture(g.ctx, g.state, highlight=cells)._repr_html_()
            self._render_step()
            self._render_log()
            self.slider.max = len(g.line.steps)
            self.slider.value = g.cursor
            keys = self._line_keys()
            if tuple(keys) != tuple(self.lines.options):
                self.lines.options = keys
            self.lines.value = self._current_key()
            line = g.line
            fork = (f" · forked from <b>{_esc(line.parent)}</b> at step {line.fork_at}"
                    if line.parent else "")
            self.line_info.value = (f"<span>line <b>{_esc(self._line_label())}</b>{fork} · "
                                    f"{len(line.steps)} steps · {len(keys)} line(s)</span>")
            self._render_decision()
            self._load_edit()
            self._load_bullets(defaults=False)
            self._load_cards()
            over = " · <b>game over</b>" if g.over else ""
            msg = " · ".join(_esc(m) for m in (self._reveal, self.message) if m)
            self.status.value = (f"<span>step {g.cursor}/{len(line.steps)} · t={g.state.time}{over}</span>"
                                 + (f'<div class="hs-message">{msg}</div>' if msg else ""))
        finally:
            self._sync = False

    def __repr__(self) -> str:
        g = self.game
        d = g.pending
        pend = f" pending {d.kind} {'+'.join(d.players)}" if d is not None else (" over" if g.over else "")
        return (f"<Workbench {g.ruleset.id} seed={g.seed} line={self._line_label()!r} "
                f"step {g.cursor}/{len(g.line.steps)}{pend}>")
