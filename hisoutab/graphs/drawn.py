"""What every drawn graph shares: DOT text, rendering with Graphviz, notebook display, saving."""

from __future__ import annotations

from pathlib import Path

import graphviz


class DrawnGraph:
    """A graph drawn as a ``graphviz.Digraph`` (``self.dot``), shown in notebooks through
    ``_repr_svg_`` and saved by file suffix."""

    dot: graphviz.Digraph

    @property
    def source(self) -> str:
        """The DOT text."""
        return self.dot.source

    def pipe(self, format: str = "svg") -> bytes:
        """Render with the ``dot`` executable (raises ``graphviz.ExecutableNotFound`` without it)."""
        return self.dot.pipe(format=format)

    def _repr_svg_(self) -> str:
        return self.pipe("svg").decode("utf-8")

    def save(self, path: str | Path) -> Path:
        """Write ``.svg`` / ``.png`` / ``.pdf`` (rendered) or ``.dot`` / ``.gv`` (DOT text) by suffix."""
        p = Path(path)
        suffix = p.suffix.lower()
        if suffix in (".dot", ".gv"):
            p.write_text(self.source, encoding="utf-8")
        elif suffix in (".svg", ".png", ".pdf"):
            p.write_bytes(self.pipe(suffix[1:]))
        else:
            raise ValueError(f"save({str(path)!r}): expected a .svg, .png, .pdf, .dot or .gv file")
        return p
