"""How TAMASHII is shown: the state picture (the map, the campaign, the combat tray, each
player's board), what a step touched, and the combat-order graph as the ruleset's priority graph."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from hisoutab.presentation.base import Explainer

from .picture import headline, render_state_svg
from .text import TamashiiText

#: a card, chip or tile instance (``red#3``, ``P1/blade-dance#1``), a cell address
#: (``map[1][2]``, ``P1.launcher[0][3]``) or a player (``P2``) as a step's events name them
_ITEM = re.compile(r"^(?:P\d+/)?[a-z][a-z0-9-]*#\d+$|^P\d+/[a-z][a-z0-9-]*$|^[\w.]+\[\d+\]\[\d+\]$|^P\d+$")


def touched_items(step: Any) -> tuple[str, ...]:
    """What a step's events name: cell addresses (``map[1][2]``, ``P1.launcher[0][3]``), card and
    chip instances, and players (a player's board is touched when an event names only them)."""
    out: set[str] = set()
    for e in getattr(step, "events", ()) or ():
        if not isinstance(e, dict):
            continue
        for key, v in e.items():
            if key in ("type", "public", "visible_to", "clauses"):
                continue
            for item in v if isinstance(v, (list, tuple)) else (v,):
                if isinstance(item, str) and _ITEM.match(item):
                    out.add(item)
    return tuple(sorted(out))


def launcher_cells(step: Any) -> tuple[str, ...]:
    """The launcher cells a programming move (``from``, ``to``) or an executed code (``cells``)
    names, as ``P1.launcher[r][c]``."""
    out: list[str] = []
    for e in getattr(step, "events", ()) or ():
        if not isinstance(e, dict) or e.get("type") not in ("program", "code"):
            continue
        pairs = [e["from"], e["to"]] if e["type"] == "program" else list(e.get("cells", ()))
        out += [f"{e['player']}.launcher[{r}][{c}]" for r, c in pairs]
    return tuple(dict.fromkeys(out))


class TamashiiPresentation(TamashiiText):
    """TAMASHII's picture, highlights and combat-order graph; its terminal text and card faces."""

    def picture(
        self,
        ctx: Any,
        state: Any,
        *,
        highlight: Iterable[Any] = (),
        designer: bool = False,
        viewer: str | None = None,
        prefix: str = "tm",
        key: str = "below",
    ) -> str:
        marks = [h for h in highlight if isinstance(h, str)]
        marks += [f"map[{h[0]}][{h[1]}]" for h in highlight if isinstance(h, tuple) and len(h) == 2]
        return render_state_svg(
            ctx, state, highlight=marks, prefix=prefix, designer=designer and viewer is None, key=key
        )

    def title(self, ctx: Any, state: Any) -> str:
        return headline(state) + " · " + " ".join(f"{p.name} HP {p.hp}" for p in state.players)

    def touched(self, ctx: Any, step: Any) -> tuple[Any, ...]:
        base = super().touched(ctx, step)
        cells = launcher_cells(step)
        if cells:  # a programming move's from/to are launcher cells, not places of the map
            base = tuple(x for x in base if not isinstance(x, tuple))
        return (*base, *cells, *touched_items(step))

    def explainers(self) -> Mapping[str, Explainer]:
        from .order import CombatOrderGraph

        return {**super().explainers(), "combat": CombatOrderGraph, "priority": CombatOrderGraph}


PRESENTATION = TamashiiPresentation(ruleset_id="tamashii", rules_doc="docs/rules/tamashii.md")
