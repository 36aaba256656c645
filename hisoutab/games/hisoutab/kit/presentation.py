"""What both HisouTab presentations share: the board cells of a highlight, the cells a step
touched (the range of an attack, the cells its events name), the rules page's anchors for
readings and settled questions, and the priority graph as the ``priority`` explainer. Each
version gives its picture, terminal view, attack ranges and graph."""

from __future__ import annotations

import abc
import contextlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from hisoutab.presentation.base import Explainer, Presentation

Cell = tuple[int, int]


def board_cell(v: Any) -> Cell | None:
    """``v`` as a board cell (a pair of integers, not booleans), else None."""
    if (isinstance(v, (list, tuple)) and len(v) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in v)):
        return int(v[0]), int(v[1])
    return None


class DuelPresentation(Presentation, abc.ABC):
    """A HisouTab presentation: ``clause_pages`` maps a clause prefix (``"R-"``) to its anchor on
    the rules page (a row of a table there); other clauses have their own anchor."""

    clause_pages: ClassVar[Mapping[str, str]] = {}
    #: the errors an attack's range may raise on a crafted or partial state (then it is left out)
    range_errors: ClassVar[tuple[type[Exception], ...]] = (KeyError, AttributeError, TypeError)

    #: ``render_svg(ctx, state, *, highlight, prefix, designer, viewer)``: the state picture (SVG
    #: text); ``highlight``: the board cells among the highlight
    render_svg: ClassVar[Callable[..., str]]

    @abc.abstractmethod
    def renderable(self, ctx: Any, state: Any, *, highlight: list[Any], designer: bool) -> Any:
        """The state for the terminal (a rich renderable)."""

    @abc.abstractmethod
    def attack_range(self, ctx: Any, before: Any, i: int, event: Mapping[str, Any]) -> Iterable[Cell]:
        """The cells the attack ``event`` of player ``i`` reaches in the state ``before`` it."""

    @abc.abstractmethod
    def priority_graph(self) -> Explainer:
        """The priority graph's explainer."""

    def moved_cells(self, ctx: Any, before: Any, after: Any) -> set[Cell]:
        """Cells a step touched without naming them in its events (none by default)."""
        return set()

    def picture(self, ctx: Any, state: Any, *, highlight: Iterable[Any] = (), designer: bool = False,
                viewer: str | None = None, prefix: str = "hs", key: str = "below") -> str:
        cells = [h for h in highlight if board_cell(h) is not None]
        return self.render_svg(ctx, state, highlight=cells, prefix=prefix, designer=designer, viewer=viewer,
                               key=key)

    def text(self, ctx: Any, state: Any, *, designer: bool = False, highlight: Iterable[Any] = ()) -> Any:
        cells = [h for h in highlight if board_cell(h) is not None]
        return self.renderable(ctx, state, highlight=cells, designer=designer)

    def touched(self, ctx: Any, step: Any) -> tuple[Any, ...]:
        return self.touched_cells(ctx, step)

    def touched_cells(self, ctx: Any, step: Any) -> tuple[Cell, ...]:
        """The board cells a step touched: an attack's range at the attacker's piece before the step
        and the cells its events name (``cell``, ``from``, ``to``). Sorted, distinct."""
        cells: set[Cell] = set()
        before = step.before
        names = [p.name for p in before.players]
        for e in getattr(step, "events", ()) or ():
            if not isinstance(e, dict):
                continue
            if e.get("type") == "attack" and e.get("player") in names and e.get("card"):
                with contextlib.suppress(*self.range_errors):
                    cells.update(self.attack_range(ctx, before, names.index(e["player"]), e))
            named = (board_cell(e.get(key)) for key in ("cell", "from", "to"))
            cells.update(c for c in named if c is not None)
        cells.update(self.moved_cells(ctx, before, step.after))
        return tuple(sorted(cells))

    def clause_url(self, clause: str, base: str | None = None) -> str:
        base = base or self.docs_page()
        for start, anchor in self.clause_pages.items():
            if clause.startswith(start):
                return f"{base}#{anchor}"
        return f"{base}#{clause}"

    def explainers(self) -> Mapping[str, Explainer]:
        return {**super().explainers(), "priority": self.priority_graph()}
