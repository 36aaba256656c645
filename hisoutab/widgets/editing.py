"""Editing the situation: the workbench's edit panel, built from the ruleset's presentation.

The edits are the :class:`~hisoutab.presentation.base.EditOp` forms the ruleset's presentation
offers (``presentation.edits(ruleset)``): every ruleset gets the generic ones (a player's counter, a
card between declared zones), a game adds its own. An edit is accepted only when the new state keeps
every invariant of the ruleset, and so does every automatic step that follows it up to the next
decision (:func:`edit_problems`): a state that looks sound but that the next steps would break — a
card the maintenance step would overwrite — is refused with the invariant's message. An edit that
meets an end condition of the rules (a Life or HP set to 0) ends the game by the rules: the
ruleset's end check (``end_check``) makes its end step the next step. An accepted edit continues in
a new game (``edit-N``); the games and lines before it are kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from hisoutab.engine.errors import HisoutabError
from hisoutab.engine.game import Game, Step
from hisoutab.presentation.base import EditOp, Presentation
from hisoutab.presentation.step import card_names, named_text

from .controls import button, classed, esc, refused
from .edit_form import EditForm

__all__ = ["LOOKAHEAD", "EditPanel", "NoSuchEdit", "edit_problems", "ended_by_rules"]

LOOKAHEAD = 500  # automatic steps checked after an edit (up to the next decision)


class NoSuchEdit(HisoutabError, LookupError):
    """The ruleset's presentation offers no edit of that name."""


class _Broken(Exception):
    def __init__(self, step: Step, problems: list[str]) -> None:
        super().__init__(step.name)
        self.step = step
        self.problems = problems


def edit_problems(game: Game, state: Any, *, lookahead: int = LOOKAHEAD) -> list[str]:
    """What is wrong with continuing ``game`` from the edited ``state``: the ruleset's invariants on
    ``state``, then on the state after each automatic step that follows it (up to the next decision,
    at most ``lookahead`` steps). Empty when the edit keeps every invariant."""
    rs = game.ruleset
    try:
        problems = list(rs.invariants(game.ctx, state))
    except Exception as exc:  # a state the invariant check cannot even read
        return [f"the invariant check failed ({type(exc).__name__}: {exc})"]
    if problems:
        return problems
    trial = Game(rs, seed=game.seed, options=game.options, setup=game.setup, state=state)

    def check(step: Step) -> None:
        found = list(rs.invariants(trial.ctx, step.after))
        if found:
            raise _Broken(step, found)

    try:
        trial.run(until="decision", max_steps=lookahead, on_step=check)
    except _Broken as broken:
        s = broken.step
        return [f"after the edit, step {s.index + 1} ({s.name}: {s.sentence}) breaks the rules: "
                + "; ".join(broken.problems)]
    except Exception as exc:  # the rules cannot go on from the edited state
        return [f"the game cannot go on from the edited state ({type(exc).__name__}: {exc})"]
    return []


def ended_by_rules(game: Game, state: Any) -> Any:
    """``state`` (an edited state of ``game``) with the ruleset's own end check applied
    (``ruleset.end_check``): an edit that brings a Life or HP to 0 makes the game's end step the next
    step, as the rules would after losing it in play. A condition that held before the edit (the
    Lives of a game whose setup has not dealt them yet) ends nothing."""
    check = getattr(game.ruleset, "end_check", None)
    if check is None or check(game.ctx, game.state) is not game.state:
        return state  # no check, or its condition held before the edit (a Life not yet dealt)
    return check(game.ctx, state)


class EditPanel:
    """The workbench's "edit the situation" panel (a part of :class:`~hisoutab.widgets.Workbench`):
    a dropdown of the edits, the chosen edit's form, "apply". ``edit_ops`` are the edits by name."""

    game: Game
    message: str
    _reveal: str

    def _build_edit_panel(self, presentation: Presentation) -> W.VBox:
        g = self.game
        self._card_namer: Callable[[Any, str], str] = presentation.card_name
        self.edit_ops: dict[str, EditOp] = {op.name: op for op in presentation.edits(g.ruleset)}
        self.edit_forms: dict[str, EditForm] = {}
        names = list(self.edit_ops)
        self.e_op = classed(W.Dropdown(options=[(op.label, op.name) for op in self.edit_ops.values()],
                                       value=names[0] if names else None, description="edit",
                                       layout=W.Layout(width="auto")), "hs-edit-op")
        self.e_form = classed(W.VBox(), "hs-edit-formbox")
        self.b_load = button("reload from state", "hs-edit-load", "the form's defaults from the state")
        self.b_apply = button("apply edit → new line", "hs-edit-apply", button_style="warning",
                              disabled=not names)
        self.e_msg = classed(W.HTML("" if names else "<i>this ruleset offers no edit</i>"), "hs-edit-msg")
        self.e_op.observe(lambda _: self._show_edit_form(), names="value")
        self.b_load.on_click(lambda _: self._load_edit(force=True))
        self.b_apply.on_click(lambda _: self.apply_edit())
        self._show_edit_form()
        return W.VBox([W.HBox([self.e_op, self.b_load]), self.e_form, self.b_apply, self.e_msg])

    # ---------------------------------------------------------------- the form
    def edit_form(self, name: str | None = None) -> EditForm:
        """The form of edit ``name`` (default: the one chosen), made when first asked for."""
        op = self._edit_op(name)
        form = self.edit_forms.get(op.name)
        if form is None:
            form = self.edit_forms[op.name] = EditForm(op, self.game.players,
                                                       namer=getattr(self, "_card_namer", None))
        return form

    @property
    def e_fields(self) -> dict[str, W.Widget]:
        """The widgets of the chosen edit's form, by parameter name."""
        return self.edit_form().widgets if self.edit_ops else {}

    def _edit_op(self, name: str | None) -> EditOp:
        key = name if name is not None else self.e_op.value
        op = self.edit_ops.get(key) if key is not None else None
        if op is None:
            offered = ", ".join(self.edit_ops) or "none"
            raise NoSuchEdit(f"{self.game.ruleset.id} offers no edit {key!r}; its edits: {offered}")
        return op

    def _show_edit_form(self) -> None:
        if not self.edit_ops:
            return
        form = self.edit_form()
        self.e_form.children = (form.box,)
        self._load_edit(force=True)

    def _load_edit(self, *, force: bool = False) -> None:
        """Fill the chosen form for the current state (once per state unless ``force``)."""
        if not self.edit_ops:
            return
        form = self.edit_form()
        g = self.game
        if force or form._state is not g.state or form._ctx is not g.ctx:
            form.load(g.ctx, g.state)

    # ---------------------------------------------------------------- applying
    def _values(self, op: EditOp, given: dict[str, Any]) -> dict[str, Any]:
        """The values to apply: the form's, with ``given`` shown in it and taking precedence."""
        if self.e_op.value != op.name:
            self.e_op.value = op.name
        self._load_edit()
        form = self.edit_form(op.name)
        form.set(given)
        return {**form.values(), **given}

    def edited_state(self, name: str | None = None, **values: Any) -> Any:
        """The current state after edit ``name`` (default: the chosen one) with the form's values and
        ``values`` (not checked against the invariants; raises ``ValueError`` as the edit does)."""
        op = self._edit_op(name)
        vals = self._values(op, values)
        self._missing(op, vals)
        return op.apply(self.game.ctx, self.game.state, **vals)

    def apply_edit(self, name: str | None = None, **values: Any) -> bool:
        """Apply edit ``name`` (default: the one chosen in the panel) with the form's values, ``values``
        given here taking precedence; checked as :func:`edit_problems` says. If it holds, the game goes
        on from the new state in a new game (``edit-N``) and every existing line is kept. Returns
        whether the edit was accepted (the verdict is shown in ``e_msg``)."""
        if not self.edit_ops:
            self.e_msg.value = refused(f"{self.game.ruleset.id} offers no edit")
            return False
        op = self._edit_op(name)
        vals = self._values(op, values)
        g = self.game

        def make() -> Any:
            self._missing(op, vals)
            return op.apply(g.ctx, g.state, **vals)

        shown = ", ".join(f"{k} {v}" for k, v in vals.items())
        return self._continue_from(make, self.e_msg, f"the state after “{op.label}” ({shown})")

    @staticmethod
    def _missing(op: EditOp, values: dict[str, Any]) -> None:
        for p in op.params:
            if p.kind in ("player", "choice") and values.get(p.name) is None:
                raise ValueError(f"choose a {p.label or p.name}: none is offered here")

    def _continue_from(self, make: Callable[[], Any], msg: W.HTML, what: str) -> bool:
        """``make()`` (a new state, or ``ValueError``), checked with :func:`edit_problems`; if it
        holds, a new game ``edit-N`` starts from it and becomes current. The verdict goes to ``msg``."""
        g = self.game

        def said(text: Any) -> str:  # the cards by name (the message names no card id)
            return named_text(str(text), card_names(g.ctx, g.state))

        try:
            new = make()
        except ValueError as exc:
            msg.value = refused(said(exc))
            return False
        except Exception as exc:  # an edit that cannot read the state it was given
            msg.value = refused(said(f"the edit failed ({type(exc).__name__}: {exc})"))
            return False
        edited, new = new, ended_by_rules(g, new)
        problems = edit_problems(g, new)
        if problems:
            msg.value = refused(said("; ".join(problems)))
            return False
        origin = f"{self._line_label()} at step {g.cursor}"
        game = Game(g.ruleset, seed=g.seed, options=g.options, setup=g.setup, state=new)
        name = self._add_game("edit", game)
        ending = ""
        if new is not edited and new.agenda:
            step = g.ruleset.flow.steps.get(new.agenda[-1][0])
            ending = (f"; by the rules ({', '.join(step.clauses)}) the next step ends the game "
                      f"({esc(step.name)})" if step is not None else "")
        msg.value = (f'<span class="hs-accepted" style="color:#070">accepted: {esc(name)} starts '
                     f"from {esc(what)} of {esc(origin)}{ending}</span>")
        self.message = ""
        self._reveal = ""
        self.refresh()
        return True

    # ---------------------------------------------------------------- named edits
    def _named_edit(self, names: tuple[str, ...], values: dict[str, Any]) -> bool:
        """Apply the first of the edits ``names`` the ruleset offers with the ``values`` given (None:
        the form's value; values for parameters the edit lacks are left out)."""
        name = next((n for n in names if n in self.edit_ops), None)
        if name is None:
            offered = ", ".join(self.edit_ops) or "none"
            raise NoSuchEdit(f"{self.game.ruleset.id} offers no edit {' or '.join(map(repr, names))}; "
                             f"its edits: {offered}")
        params = {p.name for p in self.edit_ops[name].params}
        return self.apply_edit(name, **{k: v for k, v in values.items() if v is not None and k in params})

    def add_bullet(self, owner: str | None = None, card: str | None = None, x: int | None = None,
                   y: int | None = None, direction: str | None = None, die: int | None = None) -> bool:
        """The ruleset's ``add_bullet`` edit (HisouTab: a bullet token of ``card`` at (x, y)); the
        values not given are the form's. Raises :class:`NoSuchEdit` for a ruleset without it."""
        return self._named_edit(("add_bullet",), {"owner": owner, "card": card, "x": x, "y": y,
                                                  "direction": direction, "die": die})

    def remove_bullet(self, bullet: str | None = None) -> bool:
        """The ruleset's ``remove_bullet`` edit: take bullet ``bullet`` (default: the form's) off."""
        return self._named_edit(("remove_bullet",), {"bullet": bullet})

    def move_card(self, player: str | None = None, card: str | None = None, zone: str | None = None,
                  side: str | None = None) -> bool:
        """Move a card of ``player`` to ``zone``: the ruleset's own ``move_card`` edit if it has one,
        else the generic ``move`` between declared zones (``side`` only where the edit has it)."""
        return self._named_edit(("move_card", "move"), {"player": player, "card": card, "zone": zone,
                                                        "side": side})

    # provided by the workbench
    def _add_game(self, kind: str, game: Game) -> str:
        raise NotImplementedError

    def _line_label(self) -> str:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError
