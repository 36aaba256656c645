"""The form of one edit (:class:`~hisoutab.presentation.base.EditOp`): a widget per parameter.

``player`` → a dropdown of the players, ``int`` → an integer box (bounded when the parameter has a
minimum and a maximum), ``choice`` → a dropdown filled by ``param.choices(ctx, state, values)``,
``text`` → a text box. :meth:`EditForm.load` fills the choices and the defaults
(``param.default(ctx, state, values)``) for a state; changing a value refills the parameters after
it, so that a card list follows the player chosen above it. A choice that is a card shows the
card's name (``namer``: the presentation's ``card_name``; two copies of one card as "Amulet Toss",
"Amulet Toss (2)"); its value stays the card's id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from hisoutab.presentation.base import EditOp, Param

from .controls import classed, esc, set_options

__all__ = ["EditForm"]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _widget(op: EditOp, param: Param, players: Sequence[str]) -> W.Widget:
    label = param.label or param.name
    style = {"description_width": "initial"}
    if param.kind == "player":
        w: W.Widget = W.Dropdown(options=list(players), description=label, style=style)
    elif param.kind == "choice":
        w = W.Dropdown(options=[], description=label, style=style)
    elif param.kind == "int":
        if param.minimum is not None and param.maximum is not None:
            w = W.BoundedIntText(value=param.minimum, min=param.minimum, max=param.maximum,
                                 description=label, style=style, layout=W.Layout(width="170px"))
        else:
            w = W.IntText(value=0, description=label, style=style, layout=W.Layout(width="170px"))
    elif param.kind == "text":
        w = W.Text(description=label, style=style, layout=W.Layout(width="220px"))
    else:
        raise ValueError(f"edit {op.name}: parameter {param.name} has an unknown kind {param.kind!r} "
                         "(expected player, int, choice or text)")
    return classed(w, "hs-edit-param", f"hs-edit-{op.name}-{param.name}")


def named(choices: Sequence[Any], name: Callable[[str], str] | None) -> list[Any]:
    """The dropdown options of ``choices``: (a card's name, its id) for a card ``name`` knows
    (copies numbered in order: "Amulet Toss", "Amulet Toss (2)"), the choice itself otherwise."""
    if name is None:
        return list(choices)
    out: list[Any] = []
    seen: dict[str, int] = {}
    for c in choices:
        try:
            shown = name(c) if isinstance(c, str) else str(c)
        except Exception:  # not a card the presentation knows: the choice as it is
            shown = str(c)
        if shown == c or not isinstance(c, str):
            out.append(c)
            continue
        seen[shown] = seen.get(shown, 0) + 1
        out.append((shown if seen[shown] == 1 else f"{shown} ({seen[shown]})", c))
    return out


class EditForm:
    """The widgets of one edit; ``box`` shows them with the edit's description. ``namer(ctx,
    card)`` names the cards a choice offers."""

    def __init__(self, op: EditOp, players: Sequence[str],
                 namer: Callable[[Any, str], str] | None = None) -> None:
        self.op = op
        self.namer = namer
        self.players = tuple(players)
        self.widgets: dict[str, W.Widget] = {p.name: _widget(op, p, self.players) for p in op.params}
        self._ctx: Any = None
        self._state: Any = None
        self._busy = False
        for k, p in enumerate(op.params):
            self.widgets[p.name].observe(lambda _change, k=k: self._changed(k), names="value")
        doc = f"<small>{esc(op.doc)}</small>" if op.doc else ""
        self.box = classed(W.VBox([W.HTML(doc), W.HBox(list(self.widgets.values()),
                                                        layout=W.Layout(flex_flow="row wrap"))]),
                           "hs-edit-form", f"hs-edit-form-{op.name}")

    # ------------------------------------------------------------------ values
    def values(self) -> dict[str, Any]:
        """The form's values by parameter name."""
        return {name: w.value for name, w in self.widgets.items()}

    def set(self, values: Mapping[str, Any]) -> None:
        """Show ``values`` in the form, in parameter order (a value a widget cannot hold — a choice not
        offered, a number out of bounds — is left out; the caller applies the values given)."""
        unknown = [k for k in values if k not in self.widgets]
        if unknown:
            raise ValueError(f"edit {self.op.name} has no parameter {', '.join(map(repr, unknown))}; "
                             f"parameters: {', '.join(self.widgets) or 'none'}")
        for p in self.op.params:
            if p.name not in values:
                continue
            w, v = self.widgets[p.name], values[p.name]
            if isinstance(w, W.Dropdown):
                offered = [o[1] if isinstance(o, tuple) else o for o in w.options]
                if v in offered:
                    w.value = v
            elif isinstance(w, W.BoundedIntText):
                if _is_int(v) and w.min <= v <= w.max:
                    w.value = v
            elif isinstance(w, W.IntText):
                if _is_int(v):
                    w.value = v
            elif v is not None:
                w.value = str(v)

    # ------------------------------------------------------------------ filling
    def load(self, ctx: Any, state: Any) -> None:
        """Fill every parameter's choices and default for ``state``."""
        self._ctx, self._state = ctx, state
        self._fill(0)

    def _changed(self, k: int) -> None:
        if not self._busy and self._state is not None:
            self._fill(k + 1)

    def _fill(self, start: int) -> None:
        """Refill the choices and defaults of the parameters from ``start`` on, each seeing the values
        of those before it."""
        ctx, state = self._ctx, self._state
        self._busy = True
        try:
            values: dict[str, Any] = {}
            for k, p in enumerate(self.op.params):
                w = self.widgets[p.name]
                if k >= start:
                    self._fill_one(p, w, ctx, state, values)
                values[p.name] = w.value
        finally:
            self._busy = False

    def _fill_one(self, p: Param, w: W.Widget, ctx: Any, state: Any, values: Mapping[str, Any]) -> None:
        if p.kind in ("player", "choice"):
            offered = list(p.choices(ctx, state, values)) if p.choices is not None else (
                list(self.players) if p.kind == "player" else [])
            namer = self.namer
            if p.kind == "choice" and namer is not None:
                offered = named(offered, lambda c: namer(ctx, c))
            set_options(w, offered)
        default = p.default(ctx, state, values) if p.default is not None else None
        if default is None:
            return
        if p.kind in ("player", "choice"):
            if default in [o[1] if isinstance(o, tuple) else o for o in w.options]:
                w.value = default
        elif p.kind == "int":
            if _is_int(default):
                if isinstance(w, W.BoundedIntText):
                    default = max(w.min, min(w.max, default))
                w.value = default
        else:
            w.value = str(default)
