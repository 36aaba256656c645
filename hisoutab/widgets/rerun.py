"""Re-running the current line: under another value of a rule option, or under another ruleset.

:func:`replay` plays recorded choices on a new game and says where they stop fitting. The
:class:`RerunPanel` part of the workbench holds the "rule options" panel: a re-run under another
option value becomes a game of its own (``options-N``); a re-run under another ruleset is kept in
``compared`` and its picture is shown beside the workbench's own. Either way the panel states the
first meaningful difference between the two lines (:func:`~hisoutab.presentation.compare.compare_games`:
the states, not the clause IDs or step names) and shows the two pictures side by side at that
point and at the ends (``o_compare``; the comparison is kept in ``last_comparison``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as W
import yaml

from hisoutab.engine.errors import HisoutabError, OptionError
from hisoutab.engine.game import Game, Step
from hisoutab.engine.ruleset import all_rulesets
from hisoutab.presentation import StatePicture
from hisoutab.presentation.compare import Comparison, compare_games, comparison_html
from hisoutab.presentation.rerun import replay as replay_line
from hisoutab.presentation.rerun import rerun_under

from .controls import button, classed, esc, failed
from .export import started_from_state

__all__ = ["RerunPanel", "replay"]


def replay(game: Game, choices: Iterable[Step], max_steps: int = 100_000) -> str:
    """Play the recorded ``choices`` (steps with a choice) on ``game``, running the automatic steps
    between them; returns what happened: every choice replayed, or where and why they diverged."""
    return replay_line(game, choices, max_steps).report


def _first_difference(old: list[Step], new: list[Step]) -> int | None:
    """The first step index where two traces differ (None: the same trace)."""
    at = next((k for k, (a, b) in enumerate(zip(old, new, strict=False)) if a.line() != b.line()), None)
    if at is None and len(old) != len(new):
        at = min(len(old), len(new))
    return at


def _shown(value: Any) -> str:
    """An option value as the option panel writes it."""
    value = list(value) if isinstance(value, tuple) else value
    text: str = yaml.safe_dump(value, default_flow_style=True)
    return text.strip().removesuffix("...").strip()


class RerunPanel:
    """The workbench's "rule options" panel (a part of :class:`~hisoutab.widgets.Workbench`)."""

    game: Game
    compared: dict[str, Game]
    viewing: str | None
    message: str
    _reveal: str

    def _build_rerun_panel(self) -> W.VBox:
        g = self.game
        opts = [o.name for o in g.ruleset.options]
        self.o_name = classed(W.Dropdown(options=opts, value=opts[0] if opts else None,
                                         description="option"), "hs-option-name")
        self.o_value = classed(W.Text(description="value"), "hs-option-value")
        self.o_doc = classed(W.HTML(), "hs-option-doc")
        self.b_rerun = button("re-run these choices with the option", "hs-option-rerun",
                              button_style="info", disabled=not opts)
        self.o_msg = classed(W.HTML(), "hs-option-msg")
        # the first meaningful difference of the last re-run: the statement and both pictures
        self.o_compare = classed(W.HTML(), "hs-option-compare")
        self.b_compare_hide = button("hide the comparison", "hs-option-compare-hide",
                                     "hide the pictures of the last re-run's first difference")
        self.b_compare_hide.layout.display = "none"
        self.last_comparison: Comparison | None = None
        rulesets = list(all_rulesets())
        self.r_name = classed(W.Dropdown(options=rulesets, value=g.ruleset.id, description="ruleset"),
                              "hs-ruleset-name")
        self.b_rerun_ruleset = button("re-run these choices under the ruleset", "hs-ruleset-rerun",
                                      button_style="info")
        # the other ruleset's game, shown beside the workbench's picture
        self.compare_view = classed(W.HTML(), "hs-compare-view")
        self.b_compare_close = button("hide", "hs-compare-close", "hide the other ruleset's picture")
        self.compare_box = classed(W.VBox([self.compare_view, self.b_compare_close],
                                          layout=W.Layout(flex="1 1 0", min_width="420px",
                                                          display="none")), "hs-compare")
        self.shown_compared: str | None = None

        self.o_name.observe(lambda _: self._load_option(), names="value")
        self.b_rerun.on_click(lambda _: self.rerun_with_option())
        self.b_rerun_ruleset.on_click(lambda _: self.rerun_with_ruleset())
        self.b_compare_close.on_click(lambda _: self.show_compared(None))
        self.b_compare_hide.on_click(lambda _: self.show_comparison(None))
        self._load_option()
        return W.VBox([W.HBox([self.o_name, self.o_value]), self.o_doc, self.b_rerun,
                       W.HBox([self.r_name, self.b_rerun_ruleset]), self.o_msg, self.o_compare,
                       self.b_compare_hide])

    # ---------------------------------------------------------------- the difference
    def compare_lines(self, mine: Game, other: Game, names: tuple[str, str], labels: tuple[str, str],
                      report: str, own: tuple[Iterable[str], Iterable[str]] = ((), ())) -> Comparison:
        """Compare this line (up to the cursor) with a re-run of its choices and show the result. A
        re-run whose choices all fit may have gone on to the next decision: only the common part
        counts; a re-run that diverged is compared to its end. ``own``: the decision kinds only
        each side asks (answered through a vocabulary), not compared."""
        ends = "shorter" if report.startswith("all ") else "both"
        comparison = compare_games(mine, other, names=names, labels=labels, ends=ends, own=own)
        self.show_comparison(comparison)
        return comparison

    def show_comparison(self, comparison: Comparison | None) -> None:
        """Show a comparison under the panel: the statement and the two pictures side by side at
        the first difference and at the ends (None: hide it)."""
        self.last_comparison = comparison
        if comparison is None:
            self.o_compare.value = ""
            self.b_compare_hide.layout.display = "none"
            return
        self.o_compare.value = comparison_html(comparison)
        self.b_compare_hide.layout.display = ""

    # ---------------------------------------------------------------- options
    def _load_option(self) -> None:
        if self.o_name.value is None:
            self.o_value.value = ""
            self.o_doc.value = "<small>this ruleset declares no rule option</small>"
            return
        opt = self.game.ruleset.options.get(self.o_name.value)
        current = self.game.options[opt.name]
        self.o_value.value = yaml.safe_dump(list(current) if isinstance(current, tuple) else current,
                                            default_flow_style=True).strip().removesuffix("...").strip()
        self.o_doc.value = (f"<small>{esc(opt.reading)}: {esc(opt.doc)} Expected "
                            f"{esc(opt.describe_expected())}; default {esc(opt.default)}.</small>")

    def rerun_with_option(self, name: str | None = None, value: Any = None) -> Game | None:
        """Play the choices of the current line (up to the cursor) again on a new game whose option
        ``name`` is ``value`` (default: the option panel's values). The new game (``options-N``)
        becomes current; the message says where the line diverged, if it did."""
        g = self.game
        name = name or self.o_name.value
        if not name:
            self.o_msg.value = failed("this ruleset declares no rule option")
            return None
        if value is None:
            try:
                value = yaml.safe_load(self.o_value.value)
            except yaml.YAMLError as exc:
                self.o_msg.value = failed(f"cannot read the value: {exc}")
                return None
        try:
            options = g.ruleset.options.resolve({**g.options.changed(g.ruleset.options), name: value})
        except OptionError as exc:
            self.o_msg.value = failed(exc)
            return None
        new = Game(g.ruleset, seed=g.seed, options=options, setup=g.setup,
                   state=g.initial if started_from_state(g) else None)
        old_steps = g.history
        report = replay(new, [s for s in old_steps if s.choice is not None])
        at = _first_difference(old_steps, new.history)
        trace = "the trace is the same" if at is None else f"the trace first differs at step {at}"
        before, after = _shown(g.options[name]), _shown(options[name])
        comparison = self.compare_lines(
            g, new, (f"{name}={before}", f"{name}={after}"),
            (f"{g.ruleset.id} with {name} = {before}", f"{g.ruleset.id} with {name} = {after}"), report)
        gname = self._add_game("options", new)
        self.o_msg.value = (f'<span class="hs-rerun">{esc(gname)} ({esc(name)} = {esc(value)}): '
                            f"{esc(report)}; {esc(trace)}</span>"
                            f'<div class="hs-rerun-difference">{esc(comparison.finding())}</div>')
        self.message = ""
        self._reveal = ""
        self.refresh()
        return new

    # ---------------------------------------------------------------- rulesets
    def rerun_with_ruleset(self, ruleset: str | None = None) -> Game | None:
        """Play the choices of the current line again under another ruleset (default: the ruleset
        panel's), from its standard setup with the same seed, the setup, options and choices mapped
        through the vocabulary the rulesets share (:func:`~hisoutab.presentation.rerun.rerun_under`;
        a ruleset that shares none is refused), and say what changes: where and why the choices
        stop fitting, what was mapped, the steps each line took and each game's result. The other game is
        kept in ``compared[ruleset]`` and its picture shown beside this one (its states belong to that
        ruleset, so the workbench keeps playing the current game). A game that started from an edited
        or crafted state, or whose setup the other ruleset cannot read, cannot move."""
        g = self.game
        ruleset = ruleset or self.r_name.value
        if started_from_state(g):
            self.o_msg.value = failed("this game starts from an edited state, which another ruleset "
                                      "cannot read: re-run from a standard game")
            return None
        try:
            rerun = rerun_under(g, ruleset)
        except HisoutabError as exc:
            self.o_msg.value = failed(f"{ruleset}: {exc.detail if hasattr(exc, 'detail') else exc}")
            return None
        other, report = rerun.game, rerun.report
        self.compared[ruleset] = other
        mine, theirs = g.result(), other.result()
        own = rerun.vocab.own if rerun.vocab is not None else ((), ())
        comparison = self.compare_lines(g, other, ("here", "there"), (g.ruleset.id, ruleset), report, own)
        self.o_msg.value = (
            f'<span class="hs-rerun">{esc(ruleset)}: {esc(report)}; '
            f"{len(other.history)} steps there against {len(g.history)} here; "
            f"there: {esc(str(theirs))}; here: {esc(str(mine))}</span>"
            f'<div class="hs-rerun-difference">{esc(comparison.finding())}</div>')
        self.show_compared(ruleset)
        return other

    def show_compared(self, ruleset: str | None) -> None:
        """Show the picture of the game re-run under ``ruleset`` beside the workbench's (None: hide)."""
        other = self.compared.get(ruleset) if ruleset else None
        self.shown_compared = ruleset if other is not None else None
        if other is None:
            self.compare_box.layout.display = "none"
            self.compare_view.value = ""
            return
        viewer = self.viewing if self.viewing in other.players else None
        picture = StatePicture(other.ctx, other.state, designer=True, viewer=viewer)
        c = self.last_comparison
        finding = (f'<div class="hs-compare-difference"><small>{esc(c.finding())}</small></div>'
                   if c is not None and c.labels[1] == other.ruleset.id else "")
        self.compare_view.value = (
            f'<div class="hs-compare-title"><b>{esc(other.ruleset.id)}</b> after the same choices '
            f"(step {other.cursor}): {esc(str(other.result()))}</div>{finding}{picture._repr_html_()}")
        self.compare_box.layout.display = "flex"

    # provided by the workbench
    def _add_game(self, kind: str, game: Game) -> str:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError
