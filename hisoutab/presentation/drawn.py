"""What every drawn graph shares: DOT text, rendering with Graphviz, notebook display, saving."""

from __future__ import annotations

from pathlib import Path

import graphviz

from hisoutab.engine.errors import InputError
from hisoutab.engine.files import check_target, write_file

_FALLBACKS: tuple[dict[str, str], ...] = ({}, {"newrank": "true"},
                                          {"newrank": "true", "splines": "line"})


class DrawnGraph:
    """A graph drawn as a ``graphviz.Digraph`` (``self.dot``), shown in notebooks through
    ``_repr_svg_`` and saved by file suffix."""

    dot: graphviz.Digraph

    @property
    def source(self) -> str:
        """The DOT text."""
        return self.dot.source

    def pipe(self, format: str = "svg") -> bytes:
        """Render with the ``dot`` executable (raises ``graphviz.ExecutableNotFound`` without it).

        Graphviz's default ranking fails on some graphs with clusters ("trouble in init_rank");
        then the layout is tried again with the newer ranking (``newrank``), and then with straight
        edges, before the error is raised."""
        last: Exception | None = None
        for extra in _FALLBACKS:
            dot = self.dot
            if extra:
                dot = self.dot.copy()
                dot.graph_attr.update(extra)
            try:
                return dot.pipe(format=format, quiet=True)
            except graphviz.CalledProcessError as exc:
                last = exc
        assert last is not None
        raise last

    def _repr_svg_(self) -> str:
        return self.pipe("svg").decode("utf-8")

    def save(self, path: str | Path, *, force: bool = True) -> Path:
        """Write ``.svg`` / ``.png`` / ``.pdf`` (rendered) or ``.dot`` / ``.gv`` (DOT text) by suffix,
        atomically; with ``force=False`` an existing file is not replaced."""
        p = Path(path)
        suffix = p.suffix.lower()
        if suffix not in (".dot", ".gv", ".svg", ".png", ".pdf"):
            raise InputError(f"{str(path)!r}: expected a .svg, .png, .pdf, .dot or .gv file", field="-o")
        check_target(p, force=force)
        data = self.source if suffix in (".dot", ".gv") else self.pipe(suffix[1:])
        return write_file(p, data, force=force)
