"""Small helpers the workbench's panels share: buttons and widgets with a CSS class, escaped verdicts."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W


def esc(x: Any) -> str:
    """``x`` as text, escaped for HTML (quotes too)."""
    return html.escape(str(x), quote=True)


def button(description: str, cls: str, tooltip: str = "", **kw: Any) -> W.Button:
    """A button sized to its text, with the CSS class ``cls``."""
    b = W.Button(description=description, tooltip=tooltip or description,
                 layout=W.Layout(width="auto"), **kw)
    b.add_class(cls)
    return b


def classed(widget: W.Widget, *classes: str) -> Any:
    """``widget`` with the CSS ``classes`` added (so that a browser test can find it)."""
    for c in classes:
        widget.add_class(c)
    return widget


def refused(text: Any) -> str:
    """The verdict of a refused action (class ``hs-refused``)."""
    return f'<span class="hs-refused" style="color:#b00">refused: {esc(text)}</span>'


def failed(text: Any) -> str:
    """A message that something could not be done (class ``hs-refused``, no "refused:" prefix)."""
    return f'<span class="hs-refused" style="color:#b00">{esc(text)}</span>'


def accepted(text: Any) -> str:
    """The verdict of an accepted action (class ``hs-accepted``)."""
    return f'<span class="hs-accepted" style="color:#070">{esc(text)}</span>'


def set_options(dd: W.Dropdown, options: Sequence[Any]) -> None:
    """New options for a dropdown, keeping its value when it is still offered (else the first)."""
    options = list(options)
    if tuple(options) == tuple(dd.options):
        return
    keep = dd.value
    dd.options = options
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    if keep in values:
        dd.value = keep
    elif values:
        dd.value = values[0]
