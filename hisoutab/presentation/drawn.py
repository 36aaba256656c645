"""What every drawn graph shares: DOT text, rendering with Graphviz, notebook display, saving."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import graphviz

from hisoutab.engine.errors import InputError
from hisoutab.engine.files import check_target, write_file

from .marking import mark

# (graph attributes, seconds): the layouts tried in turn
_FALLBACKS: tuple[tuple[dict[str, str], int], ...] = (
    ({}, 30), ({"newrank": "true"}, 30), ({"newrank": "true", "splines": "line"}, 60))


class DrawnGraph:
    """A graph drawn as a ``graphviz.Digraph`` (``self.dot``), shown in notebooks through
    ``_repr_svg_`` and saved by file suffix."""

    dot: graphviz.Digraph

    @property
    def source(self) -> str:
        """The DOT text."""
        source: str = self.dot.source
        return source

    def pipe(self, format: str = "svg") -> bytes:
        """Render with the ``dot`` executable (raises ``graphviz.ExecutableNotFound`` without it).

        Graphviz's default ranking fails on some graphs with clusters ("trouble in init_rank"), and
        routing the edges of a dense graph can take very long; then the layout is tried again with
        the newer ranking (``newrank``), and then with straight edges, each within a time limit,
        before the error is raised."""
        exe = shutil.which("dot")
        if exe is None:
            raise graphviz.ExecutableNotFound(["dot"])
        last: Exception | None = None
        for extra, seconds in _FALLBACKS:
            dot = self.dot
            if extra:
                dot = self.dot.copy()
                dot.graph_attr.update(extra)
            try:
                done = subprocess.run([exe, f"-T{format}"], input=dot.source.encode("utf-8"),
                                      capture_output=True, timeout=seconds, check=False)
            except subprocess.TimeoutExpired:
                last = InputError(f"Graphviz `dot` took longer than {seconds} s to lay out the graph",
                                  field="graph")
                continue
            if done.returncode == 0:
                drawn: bytes = done.stdout
                return drawn
            last = graphviz.CalledProcessError(done.returncode, [exe, f"-T{format}"], output=done.stdout,
                                               stderr=done.stderr)
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
        check_target(p, force=force, replaceable=True)
        data = self.source if suffix in (".dot", ".gv") else self.pipe(suffix[1:])
        return write_file(p, mark(data, suffix), force=force, replaceable=True)
