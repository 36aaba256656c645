"""How a ruleset is shown: the :class:`Presentation` a ruleset registers, and the generic one.

A ruleset names its presentation as ``"module:attribute"`` in its ``presentation`` attribute; the
module is imported only when something is shown. A ruleset without one gets :class:`Presentation`
itself, which shows any state: a picture of its record tree, the same tree as terminal text, the
cells its events name, clause links into ``docs/rules/<ruleset id>.md``, and edits of the declared
zones and counters. Every method has a generic default, so a presentation overrides only what its
game shows better; no tool may crash on a registered ruleset.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hisoutab.engine.errors import HisoutabError, InputError

from . import tree
from .cards import CardFace, SubsetChoice, card_zones
from .edit_ops import EditOp, Param
from .edits import generic_edits, move_card

__all__ = ["GENERIC_QUIET_EVENTS", "EditOp", "Explainer", "Param", "Presentation", "generic_edits",
           "move_card", "notable_events_of", "presentation_for", "presentation_of_state"]

Explainer = Callable[..., Any]  # (game, state, **options) -> a DrawnGraph

#: event types a short trace never tells when the ruleset declares no ``notable_events``: chance
#: draws and the bookkeeping every card game repeats each turn
GENERIC_QUIET_EVENTS = frozenset({"chance", "draw", "shuffle", "refill", "discard", "pass", "setup"})


def registered(ruleset_id: str) -> Any:
    """The registered ruleset ``ruleset_id`` (None when there is none)."""
    from hisoutab.engine.ruleset import get_ruleset

    if not ruleset_id:
        return None
    try:
        return get_ruleset(ruleset_id)
    except InputError:
        return None


def notable_events_of(ruleset_id: str) -> frozenset[str] | None:
    """The ``notable_events`` a registered ruleset declares (None when it declares none or is not
    registered)."""
    kinds = getattr(registered(ruleset_id), "notable_events", None)
    return frozenset(kinds) if kinds is not None else None


@dataclass
class Presentation:
    """The generic presentation; a ruleset's own subclasses it."""

    ruleset_id: str = ""
    rules_doc: str = ""  # the rules page, from the repository root (default docs/rules/<id>.md)
    clause_anchors: bool = True  # the page has an anchor per clause (a bare reference has none)
    aliases: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # scenario value words
    #: event types that make a step a moment worth telling in a short trace (``hisoutab play``);
    #: None: the ruleset's ``notable_events`` declaration, else :data:`GENERIC_QUIET_EVENTS` decides
    moment_events: frozenset[str] | None = None
    _notable: tuple[str, frozenset[str] | None] | None = field(default=None, init=False, repr=False,
                                                               compare=False)

    # ---------------------------------------------------------------- pictures
    def picture(self, ctx: Any, state: Any, *, highlight: Iterable[Any] = (), designer: bool = False,
                viewer: str | None = None, prefix: str = "hs", key: str = "below") -> str:
        """The state picture as SVG text (a viewBox, no fixed width: it scales to its box): the record
        tree, the players in their colours, the declared grids whole. ``key``: where a picture's key
        stands, ``below`` it, ``beside`` it (a column at its right) or ``none`` (the record tree
        has no key: any place draws the same)."""
        return tree.record_svg(state, title=self.title(ctx, state), prefix=prefix,
                               highlight=tuple(highlight), grids=self._grids(state))

    def _grids(self, state: Any) -> tree.Grids:
        from hisoutab.engine.ruleset import ruleset_of_state

        return tree.Grids.of(ruleset_of_state(state))

    def title(self, ctx: Any, state: Any) -> str:
        """A one-line caption of the state."""
        parts = [self.ruleset_id or type(state).__name__]
        axis = getattr(registered(self.ruleset_id), "time_axis", None)
        for name in dict.fromkeys((axis, "time", "turn", "round")):
            if name is None:
                continue
            v = getattr(state, name, None)
            if isinstance(v, int) and not isinstance(v, bool):
                parts.append(f"{name} {v}")
        return " · ".join(parts)

    def text(self, ctx: Any, state: Any, *, designer: bool = False,
             highlight: Iterable[Any] = ()) -> Any:
        """The state for the terminal: a rich renderable."""
        return tree.record_tree(state, title=self.title(ctx, state), grids=self._grids(state))

    def touched(self, ctx: Any, step: Any) -> tuple[Any, ...]:
        """What a step touched, for the picture's highlight: the ``cell`` / ``from`` / ``to`` values
        its events name — (x, y) pairs, and grid cells addressed ``"<zone>[r][c]"``."""
        cells: set[tuple[int, int]] = set()
        addresses: set[str] = set()
        for e in getattr(step, "events", ()) or ():
            if not isinstance(e, dict):
                continue
            for key in ("cell", "from", "to"):
                v = e.get(key)
                if (isinstance(v, (list, tuple)) and len(v) == 2
                        and all(isinstance(c, int) and not isinstance(c, bool) for c in v)):
                    cells.add((int(v[0]), int(v[1])))
                elif tree.address(v) is not None:
                    addresses.add(str(v))
        return (*sorted(cells), *sorted(addresses))

    def moment(self, step: Any) -> bool:
        """Whether ``step`` is one of the moments a short trace tells (a hit, a guard, the end…): one
        of its events has a type in :meth:`notable_events` — or, when neither the presentation nor
        the ruleset names them, a type outside :data:`GENERIC_QUIET_EVENTS`."""
        kinds = self.notable_events()
        for e in getattr(step, "events", ()) or ():
            kind = e.get("type") if isinstance(e, dict) else None
            if not isinstance(kind, str):
                continue
            if kind in kinds if kinds is not None else kind not in GENERIC_QUIET_EVENTS:
                return True
        return False

    def notable_events(self) -> frozenset[str] | None:
        """The event types worth telling: :attr:`moment_events` when set, else the ruleset's
        ``notable_events`` declaration (None: the generic rule of :meth:`moment`)."""
        if self.moment_events is not None:
            return self.moment_events
        cached = self._notable
        if cached is None or cached[0] != self.ruleset_id:
            cached = self._notable = (self.ruleset_id, notable_events_of(self.ruleset_id))
        return cached[1]

    # ---------------------------------------------------------------- cards
    def card_face(self, ctx: Any, state: Any, card: str) -> CardFace | None:
        """The whole face of ``card`` (an id as the state holds it; ``state`` may be None), or None
        when this presentation cannot describe it."""
        return None

    def card_name(self, ctx: Any, card: str) -> str:
        """The name a reader knows ``card`` by (its id when no face is known)."""
        face = self.card_face(ctx, None, card)
        return face.name if face is not None else card

    def cards(self, ctx: Any, state: Any) -> tuple[str, ...]:
        """The cards a reader may look at in ``state``: those in the declared card zones (a hidden
        card, ``"?"`` in a player's view, is left out)."""
        from hisoutab.engine.ruleset import ruleset_of_state

        ruleset = ruleset_of_state(state)
        return () if ruleset is None else tuple(card_zones(ruleset, state))

    def option_text(self, ctx: Any, state: Any, decision: Any, player: str, option: Any) -> str:
        """The words a button shows for ``option`` of ``player`` (the option's label stays its value,
        the one scripts and scenario files use)."""
        return str(option.label)

    def subset_choice(self, ctx: Any, state: Any, decision: Any, player: str) -> SubsetChoice | None:
        """When ``decision``'s options for ``player`` are the subsets of some cards (a mulligan),
        how to offer them as one checkbox per card and a confirm button; else None."""
        return None

    # ---------------------------------------------------------------- rules links
    def docs_page(self) -> str:
        return self.rules_doc or f"docs/rules/{self.ruleset_id}.md"

    def clause_url(self, clause: str, base: str | None = None) -> str:
        """The link to a clause: its anchor on the rules page (the page itself when it has no
        anchors)."""
        page = base or self.docs_page()
        return f"{page}#{clause}" if self.clause_anchors else page

    # ---------------------------------------------------------------- explainers
    def explainers(self) -> Mapping[str, Explainer]:
        """Named explainer graphs (``"priority"``: who acts when, and why). The generic one draws
        the pending decision and the agenda."""
        from .agenda import AgendaGraph

        return {"priority": AgendaGraph, "agenda": AgendaGraph}

    # ---------------------------------------------------------------- edits
    def edits(self, ruleset: Any) -> tuple[EditOp, ...]:
        """The workbench's edits: by default, set a declared counter (a player's or a shared one) and
        move a card between declared card zones and grid cells."""
        return generic_edits(ruleset)


# ------------------------------------------------------------------- the registry
_CACHE: dict[str, Presentation] = {}


def presentation_for(ruleset: Any) -> Presentation:
    """The presentation ``ruleset`` registers (its ``presentation`` attribute, ``module:attribute``),
    or the generic one. Loaded once per ruleset."""
    rid = getattr(ruleset, "id", "")
    cached = _CACHE.get(rid)
    if cached is not None:
        return cached
    ref = getattr(ruleset, "presentation", "") or ""
    pres: Any = None
    if isinstance(ref, Presentation):
        pres = ref
    elif isinstance(ref, str) and ref:
        module, _, attr = ref.partition(":")
        try:
            pres = getattr(importlib.import_module(module), attr or "PRESENTATION")
        except (ImportError, AttributeError) as exc:
            raise HisoutabError(f"ruleset {rid}: its presentation {ref!r} cannot be loaded "
                                f"({exc})") from None
    if pres is None:
        page = _reference_page(ruleset)
        pres = Presentation(ruleset_id=rid, rules_doc=page, clause_anchors=not page)
    if not pres.ruleset_id:
        pres.ruleset_id = rid
    _CACHE[rid] = pres
    found: Presentation = pres
    return found


def _reference_page(ruleset: Any) -> str:
    """Where the clauses of a ruleset without a presentation link: its rules reference (relative
    to the working folder when it lies below it), else ``docs/rules/<id>.md``."""
    from pathlib import Path

    ref = getattr(ruleset, "reference", None)
    if not ref:
        return ""
    path = Path(ref).resolve()
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:
        return path.as_uri()


def presentation_of_state(state: Any) -> tuple[Any, Presentation]:
    """(ruleset, presentation) of a state, found by its type."""
    from hisoutab.engine.ruleset import ruleset_of_state

    rs = ruleset_of_state(state)
    if rs is None:
        raise InputError(f"no registered ruleset has states of type {type(state).__name__}",
                         field="state")
    return rs, presentation_for(rs)
