"""The state picture of any ruleset's state, for notebooks (``_repr_svg_``) and files (``save``).

``StatePicture(game, state)`` — or ``StatePicture(game.ctx, game.state)`` — asks the state's
ruleset's presentation for the SVG (:meth:`~hisoutab.presentation.base.Presentation.picture`); a
ruleset without one gets the generic record-tree picture. ``save`` writes SVG, a standalone HTML
page, or PNG (rendered with the ``rsvg-convert`` or ``cairosvg`` of the machine). A picture can be
drawn at a given ``size`` (its width in pixels, the height following) and with its key ``below``
(the default), ``beside`` it or ``none`` (as ``chess.svg.board(size=…)``).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hisoutab.engine.errors import InputError
from hisoutab.engine.files import check_target, write_file
from hisoutab.engine.record import to_dict

from .base import Presentation, presentation_for, presentation_of_state
from .marking import mark
from .svg import esc

_PREFIX_OK = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")
#: where a picture's key stands: under the picture, in a column at its right, or nowhere
KEY_PLACES = ("below", "beside", "none")
MIN_SIZE, MAX_SIZE = 100, 10_000  # px: a picture's width when drawn at a size


def check_size(size: int | None) -> None:
    """Refuse a width outside :data:`MIN_SIZE` … :data:`MAX_SIZE` pixels."""
    if size is not None and (isinstance(size, bool) or not isinstance(size, int)
                             or not MIN_SIZE <= size <= MAX_SIZE):
        raise InputError(f"{size!r}: expected a width in pixels from {MIN_SIZE} to {MAX_SIZE}",
                         field="size")


def _draw(pres: Presentation, ruleset: Any, ctx: Any, state: Any, *, highlight: tuple[Any, ...],
          designer: bool, viewer: str | None, prefix: str, key: str) -> str:
    """The presentation's picture with its key at ``key`` (a presentation whose picture takes no
    ``key`` draws its own way, and only its own way: another place is refused)."""
    if key not in KEY_PLACES:
        raise InputError(f"{key!r}: expected one of {', '.join(KEY_PLACES)}", field="key")
    kw: dict[str, Any] = {}
    if key != "below":
        if "key" not in inspect.signature(pres.picture).parameters:
            raise InputError(f"the picture of {getattr(ruleset, 'id', ruleset)} cannot move or leave out "
                             "its key; expected key='below'", field="key")
        kw["key"] = key
    return pres.picture(ctx, state, highlight=highlight, designer=designer, viewer=viewer,
                        prefix=prefix, **kw)


_VIEWBOX = re.compile(r'viewBox="\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')


def sized(svg: str, size: int | None) -> str:
    """``svg`` drawn ``size`` pixels wide, its height following its viewBox (None: as it is)."""
    if size is None:
        return svg
    check_size(size)
    start = svg.find("<svg")
    end = svg.find(">", start)
    head = svg[start:end] if start >= 0 and end >= 0 else ""
    box = _VIEWBOX.search(head)
    if box is None:
        raise InputError("this picture has no viewBox, so it cannot be drawn at a size", field="size")
    w, h = float(box.group(3)), float(box.group(4))
    height = round(size * h / w) if w else size
    head2 = re.sub(r'\s(width|height)="[^"]*"', "", head)
    head2 = head2.replace("<svg", f'<svg width="{size}" height="{height}"', 1)
    return svg[:start] + head2 + svg[end:]


def _auto_prefix(state: Any, highlight: tuple[Any, ...], designer: bool, viewer: str | None) -> str:
    """A prefix derived from the content, so that different pictures on one page never share ids."""
    try:
        data: Any = to_dict(state)
    except Exception:  # not a record: fall back on its repr
        data = repr(state)
    parts: list[Any] = [data, highlight, designer] + ([viewer] if viewer is not None else [])
    blob = json.dumps(parts, sort_keys=True, default=str)
    return "hs" + hashlib.sha256(blob.encode()).hexdigest()[:10]


def _resolve(game_or_ctx: Any, state: Any) -> tuple[Any, Any, Any, Presentation]:
    """(ctx, state, ruleset, presentation) from a Game or a (ctx, state) pair."""
    ruleset = getattr(game_or_ctx, "ruleset", None)
    if ruleset is not None and hasattr(game_or_ctx, "ctx"):
        ctx = game_or_ctx.ctx
        state = game_or_ctx.state if state is None else state
        return ctx, state, ruleset, presentation_for(ruleset)
    if state is None:
        raise InputError("give a game, or a context and a state", field="state")
    ruleset, pres = presentation_of_state(state)
    return game_or_ctx, state, ruleset, pres


def render_state_svg(game_or_ctx: Any, state: Any = None, *, highlight: Iterable[Any] = (),
                     prefix: str = "hs", designer: bool = False, viewer: str | None = None,
                     size: int | None = None, key: str = "below") -> str:
    """The SVG text of the state picture (see :class:`StatePicture`)."""
    if not _PREFIX_OK.match(prefix):
        raise ValueError(f"prefix {prefix!r} is not a valid XML id start (letters, digits, _ . -)")
    ctx, state, ruleset, pres = _resolve(game_or_ctx, state)
    if viewer is not None:
        state = ruleset.view(ctx, state, viewer)
    check_size(size)
    return sized(_draw(pres, ruleset, ctx, state, highlight=tuple(highlight), designer=designer,
                       viewer=viewer, prefix=prefix, key=key), size)


FILL = "width:100%;height:auto;max-width:100%;display:block"


def fill_width(svg: str) -> tuple[str, bool]:
    """``svg`` made to fill the width of its box with its height following (a ``style`` on the root
    element), and whether it scales: only an SVG with a ``viewBox`` does, and one that sets its own
    ``style`` is left as it is."""
    start = svg.find("<svg")
    end = svg.find(">", start)
    if start < 0 or end < 0:
        return svg, False
    head = svg[start:end]
    if "viewBox=" not in head:
        return svg, False
    if " style=" in head:
        return svg, True
    cut = end - 1 if head.endswith("/") else end
    return svg[:cut] + f' style="{FILL}"' + svg[cut:], True


class StatePicture:
    """A picture of one state that shows itself in Jupyter. ``viewer``: the player whose view is
    drawn (hidden cards as "?"); ``None`` draws everything (the designer's view). ``designer``
    also lists the cards in hands. ``size``: the width in pixels (the height follows; default: the
    width of the box it is shown in); ``key``: ``below`` (default), ``beside`` or ``none``."""

    def __init__(self, game_or_ctx: Any, state: Any = None, highlight: Iterable[Any] = (),
                 designer: bool = False, *, prefix: str | None = None,
                 viewer: str | None = None, size: int | None = None, key: str = "below") -> None:
        check_size(size)
        if key not in KEY_PLACES:
            raise InputError(f"{key!r}: expected one of {', '.join(KEY_PLACES)}", field="key")
        self.size = size
        self.key = key
        self.ctx, self.state, self.ruleset, self.presentation = _resolve(game_or_ctx, state)
        marks = {tuple(int(c) for c in h) if isinstance(h, (list, tuple)) else h for h in highlight}
        self.highlight = tuple(sorted(marks) if all(isinstance(h, tuple) for h in marks)
                               else sorted(marks, key=repr))
        self.designer = designer
        self.viewer = viewer
        self.prefix = prefix or _auto_prefix(self.state, self.highlight, designer, viewer)
        self._svg: str | None = None

    @property
    def svg(self) -> str:
        if self._svg is None:
            state = (self.ruleset.view(self.ctx, self.state, self.viewer) if self.viewer
                     else self.state)
            self._svg = sized(_draw(self.presentation, self.ruleset, self.ctx, state,
                                    highlight=self.highlight, designer=self.designer,
                                    viewer=self.viewer, prefix=self.prefix, key=self.key), self.size)
        return self._svg

    @property
    def title(self) -> str:
        return self.presentation.title(self.ctx, self.state)

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        """The picture in a box it fills: the SVG at the box's width, its height following (no
        horizontal scrolling); an SVG without a viewBox cannot scale and keeps its size."""
        if self.size is not None:  # drawn at its size
            return f'<div class="hisoutab-picture" style="max-width:100%;overflow-x:auto">{self.svg}</div>'
        svg, scales = fill_width(self.svg)
        box = "width:100%;max-width:100%" + ("" if scales else ";overflow-x:auto")
        return f'<div class="hisoutab-picture" style="{box}">{svg}</div>'

    def __repr__(self) -> str:
        extra = f" highlight={len(self.highlight)}" if self.highlight else ""
        extra += " designer" if self.designer else ""
        extra += f" viewer={self.viewer}" if self.viewer else ""
        extra += f" size={self.size}" if self.size else ""
        extra += f" key={self.key}" if self.key != "below" else ""
        return f"<StatePicture {self.title}{extra}>"

    def save(self, path: str | Path, *, force: bool = True) -> Path:
        """Write the picture to ``path``: ``.html`` (a page), ``.png`` (rendered), else SVG text.
        The write is atomic; with ``force=False`` an existing file is not replaced."""
        path = Path(path)
        check_target(path, force=force, replaceable=True)
        suffix = path.suffix.lower()
        data: str | bytes
        if suffix in (".html", ".htm"):
            title = esc(self.title)
            data = (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{title}</title></head>\n'
                    f"<body>\n{self._repr_html_()}\n</body></html>\n")
        elif suffix == ".png":
            from .png import svg_to_png

            data = svg_to_png(self.svg, zoom=1.0) if self.size is not None else svg_to_png(self.svg)
        else:
            data = '<?xml version="1.0" encoding="UTF-8"?>\n' + self.svg
        return write_file(path, mark(data, suffix), force=force, replaceable=True)
