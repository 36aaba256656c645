"""One step, seen whole: its phase, name and clauses (linked to the rules page), the sentence, what it
changed in the state, and the picture of the state after it with the cells it touched highlighted.

>>> view = StepView(game, game.history[-1])  # doctest: +SKIP
>>> state_diff(step.before, step.after)  # doctest: +SKIP
[('players[0].marker', 1, 3), ...]

No Jupyter package is imported: ``_repr_html_`` is a plain method and ``__repr__`` is deterministic.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from hisoutab.engine.record import to_dict

__all__ = ["DEFAULT_RULES_URL", "IGNORED", "StepView", "card_names", "clause_url", "delta", "format_value",
           "named", "named_diff", "named_text", "state_diff",
           "step_cells"]

DEFAULT_RULES_URL = None  # the ruleset's own rules page
IGNORED = ("agenda", "rng")  # top-level state fields the diff leaves out


def _diff(path: str, a: Any, b: Any, out: list[tuple[str, Any, Any]]) -> None:
    if a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{k}" if path else str(k)
            _diff(sub, a.get(k, _MISSING), b.get(k, _MISSING), out)
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and any(
            isinstance(x, (dict, list)) for x in a + b):
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(f"{path}[{k}]", x, y, out)
        return
    out.append((path, None if a is _MISSING else a, None if b is _MISSING else b))


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()


def state_diff(before: Any, after: Any, *, ignore: Iterable[str] = IGNORED) -> list[tuple[str, Any, Any]]:
    """The changed paths between two states: ``[(path, old, new), ...]`` in field order.

    Both states go through :func:`~hisoutab.engine.record.to_dict`; the top-level fields in ``ignore``
    (the agenda and the random generator by default) are left out. Records nest with ``.`` and lists of
    records with ``[k]`` (``players[0].marker``); a list of plain values (a hand, a spirit gauge) is one
    value, shown whole. A field only one side has gives ``None`` on the other."""
    skip = set(ignore)
    a = {k: v for k, v in _as_dict(before).items() if k not in skip}
    b = {k: v for k, v in _as_dict(after).items() if k not in skip}
    out: list[tuple[str, Any, Any]] = []
    _diff("", a, b, out)
    return out


_NAMED: dict[int, tuple[Any, dict[str, str]]] = {}  # id(ctx) → (ctx, its pool's names): a few games
_NAMED_MAX = 16


def _name_all(pres: Any, ctx: Any, ids: Iterable[str]) -> dict[str, str]:
    names: dict[str, str] = {}
    for c in ids:
        try:
            name = pres.card_name(ctx, c)
        except Exception:  # not a card this presentation can name
            continue
        if name and name != c:
            names[c] = name
    return names


def card_names(ctx: Any, before: Any, after: Any = None) -> dict[str, str]:
    """Card id → the name a reader knows it by, for the cards of the game (the ruleset's card
    pool, named once per context) or, for a ruleset without a pool, those in the declared zones of
    ``before`` and ``after``; only the cards the presentation names (a card known only by its id
    is left out)."""
    from hisoutab.engine.ruleset import ruleset_of_state

    from .base import presentation_for
    from .cards import card_zones

    ruleset = ruleset_of_state(before)
    if ruleset is None or ctx is None:
        return {}
    cached = _NAMED.get(id(ctx))
    if cached is not None and cached[0] is ctx:
        return cached[1]
    pres = presentation_for(ruleset)
    pool: tuple[str, ...] = ()
    with contextlib.suppress(Exception):  # a ruleset whose pool cannot be listed for this context
        pool = tuple(c for c in ruleset.card_pool(ctx) if isinstance(c, str))
    if not pool:
        ids = {c for state in (before, after) if state is not None for c in card_zones(ruleset, state)}
        return _name_all(pres, ctx, sorted(ids))
    names = _name_all(pres, ctx, pool)
    if len(_NAMED) >= _NAMED_MAX:
        _NAMED.pop(next(iter(_NAMED)))
    _NAMED[id(ctx)] = (ctx, names)
    return names


def named(value: Any, names: dict[str, str]) -> Any:
    """``value`` with each card id of ``names`` replaced by the card's name (in lists and records)."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [named(v, names) for v in value]
    if isinstance(value, dict):
        return {k: named(v, names) for k, v in value.items()}
    return value


def named_text(text: str, names: dict[str, str]) -> str:
    """``text`` (a message) with each card id of ``names`` replaced by the card's name."""
    if not names or not text:
        return text
    ids = sorted((c for c in names if c in text), key=len, reverse=True)
    if not ids:
        return text
    pattern = re.compile(r"(?<![\w/#])(?:" + "|".join(re.escape(c) for c in ids) + r")(?![\w#])")
    return pattern.sub(lambda m: names[m.group(0)], text)


def named_diff(ctx: Any, before: Any, after: Any,
               diff: list[tuple[str, Any, Any]]) -> list[tuple[str, Any, Any]]:
    """``diff`` (of :func:`state_diff`) with card names where it holds card ids."""
    names = card_names(ctx, before, after)
    if not names:
        return diff
    return [(path, named(a, names), named(b, names)) for path, a, b in diff]


def _as_dict(state: Any) -> dict[str, Any]:
    d = to_dict(state)
    return d if isinstance(d, dict) else {"value": d}


def format_value(v: Any, limit: int = 80) -> str:
    """A compact one-line text for a diff value (JSON-like; ``—`` for None; cut with ``…``)."""
    if v is None:
        return "—"
    text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def delta(old: Any, new: Any) -> str:
    """What changed, briefly: ``+2`` / ``−3`` for numbers, ``+[a] −[b]`` for lists of plain values
    (``reordered`` when only the order changed), ``set`` / ``cleared`` from / to nothing, else ``""``."""
    if old is None and new is not None:
        return "set"
    if new is None and old is not None:
        return "cleared"
    if type(old) is int and type(new) is int:
        d = new - old
        return f"+{d}" if d > 0 else f"−{-d}"
    if isinstance(old, list) and isinstance(new, list):
        rest = list(new)
        removed = []
        for v in old:
            if v in rest:
                rest.remove(v)
            else:
                removed.append(v)
        parts = []
        if rest:
            parts.append("+" + format_value(rest, 60))
        if removed:
            parts.append("−" + format_value(removed, 60))
        return " ".join(parts) or "reordered"
    return ""


def clause_url(clause: str, base: str | None = None, *, ruleset: Any = None) -> str:
    """The link to a clause on its ruleset's rules page (default: HisouTab 0.45.2's, for
    compatibility); readings and settled questions link where that ruleset's page has them."""
    from .base import presentation_for

    if ruleset is None:
        from hisoutab.engine.ruleset import get_ruleset

        ruleset = get_ruleset("hisoutab-0.45.2")
    return presentation_for(ruleset).clause_url(clause, base)


def _cell_words(cell: Any) -> str:
    """A touched item in words: an (x, y) pair as ``(x, y)``, anything else (a grid address such
    as ``P1.launcher[0][2]``, a card) as it is named."""
    if isinstance(cell, tuple) and len(cell) == 2:
        return f"({cell[0]}, {cell[1]})"
    return str(cell)


def step_cells(ctx: Any, step: Any) -> tuple[Any, ...]:
    """What a step touched, as its ruleset's presentation says (for HisouTab: the board cells its
    events name and an attack's range). Sorted, distinct."""
    from .base import Presentation, presentation_of_state

    try:
        _, pres = presentation_of_state(step.before)
    except Exception:  # not a registered ruleset's state: the generic reading of the events
        pres = Presentation()
    return tuple(pres.touched(ctx, step))


_CSS = (
    ".hisoutab-step{font-family:sans-serif;max-width:940px;border:1px solid #c9ced4;border-radius:8px;"
    "padding:10px 14px;margin:6px 0}"
    ".hisoutab-step .hs-head{font-size:15px;margin-bottom:4px}"
    ".hisoutab-step .hs-phase{display:inline-block;padding:1px 7px;border-radius:9px;background:#e8edf3;"
    "font-size:12px;margin-right:6px}"
    ".hisoutab-step .hs-meta{color:#666;font-size:12px;margin-left:6px}"
    ".hisoutab-step .hs-clauses a{font-family:monospace;font-size:12px;margin-right:6px}"
    ".hisoutab-step .hs-sentence{font-size:14px;margin:6px 0}"
    ".hisoutab-step table.hs-diff{border-collapse:collapse;font-size:12px;margin:6px 0}"
    ".hisoutab-step table.hs-diff td,.hisoutab-step table.hs-diff th{border:1px solid #dde1e5;"
    "padding:2px 6px;text-align:left;font-family:monospace;vertical-align:top}"
    ".hisoutab-step .hs-old{color:#a33}.hisoutab-step .hs-new{color:#1b6e2b}"
)


class StepView:
    """A recorded step for notebooks (``_repr_html_``) and pages (``save``): phase, step name, clause
    IDs linked to ``rules_url`` anchors, the sentence, the player's choice, the state diff and the
    :class:`~hisoutab.presentation.StatePicture` of the state after the step with the touched cells
    highlighted (see :func:`step_cells`). ``game_or_ctx`` is a ``Game`` or its ``ctx``."""

    def __init__(self, game_or_ctx: Any, step: Any, *, rules_url: str | None = DEFAULT_RULES_URL,
                 picture: bool = True, designer: bool = False, ignore: Sequence[str] = IGNORED) -> None:
        from .base import presentation_of_state

        self.ctx = getattr(game_or_ctx, "ctx", game_or_ctx)
        self.ruleset, self.presentation = presentation_of_state(step.before)
        self.step = step
        self.rules_url = rules_url
        self.show_picture = picture
        self.designer = designer
        self.diff = state_diff(step.before, step.after, ignore=ignore)
        self.cells = step_cells(self.ctx, step)
        self._picture: Any = None

    @property
    def picture(self) -> Any:
        """The state after the step, touched cells highlighted."""
        if self._picture is None:
            from .picture import StatePicture

            self._picture = StatePicture(self.ctx, self.step.after, highlight=self.cells,
                                         designer=self.designer)
        return self._picture

    def clause_links(self) -> list[tuple[str, str]]:
        """(clause ID, URL) for every clause the step cites, in its order."""
        return [(c, self.presentation.clause_url(c, self.rules_url)) for c in self.step.clauses]

    def _repr_html_(self) -> str:
        s = self.step
        e = html.escape
        parts = [f'<div class="hisoutab-step" data-step="{e(str(s.index))}" data-name="{e(s.name)}">',
                 f"<style>{_CSS}</style>",
                 '<div class="hs-head">'
                 f'<span class="hs-phase">{e(s.phase)}</span><b>#{s.index} {e(s.name)}</b>'
                 f'<span class="hs-meta">t={e(str(s.time))} · turn player {e(str(s.actor))} · '
                 f'{"auto" if s.choice is None else "choice"}</span></div>']
        links = " ".join(f'<a class="hs-clause" href="{e(url, quote=True)}" target="_blank">{e(c)}</a>'
                         for c, url in self.clause_links())
        parts.append(f'<div class="hs-clauses">clauses: {links or "none"}</div>')
        parts.append(f'<p class="hs-sentence">{e(s.sentence)}</p>')
        if s.choice:
            chosen = "; ".join(f"{p}: {label}" for p, label in s.choice.items())
            parts.append(f'<div class="hs-choice">▶ chosen: {e(chosen)}</div>')
        if self.diff:
            shown = named_diff(self.ctx, s.before, s.after, self.diff)
            rows = "".join(f'<tr><td>{e(path)}</td><td class="hs-old">{e(format_value(a))}</td>'
                           f'<td class="hs-new">{e(format_value(b))}</td><td>{e(delta(a, b))}</td></tr>'
                           for path, a, b in shown)
            parts.append('<table class="hs-diff"><tr><th>changed</th><th>before</th><th>after</th>'
                         f"<th>change</th></tr>{rows}</table>")
        else:
            parts.append('<div class="hs-nodiff">no change to the state (besides the agenda)</div>')
        if self.cells:
            parts.append('<div class="hs-cells">highlighted cells: '
                         + e(", ".join(_cell_words(c) for c in self.cells)) + "</div>")
        if self.show_picture:
            parts.append(self.picture._repr_html_())
        parts.append("</div>")
        return "\n".join(parts)

    def save(self, path: str | Path, *, force: bool = True) -> Path:
        """Write a standalone HTML page (atomically; ``force=False`` keeps an existing file)."""
        from hisoutab.engine.files import write_file

        title = html.escape(f"{self.ruleset.title} step {self.step.index}: {self.step.name}")
        return write_file(path, f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{title}'
                                f"</title></head>\n<body>\n{self._repr_html_()}\n</body></html>\n",
                          force=force)

    def __repr__(self) -> str:
        s = self.step
        return (f"<StepView #{s.index} t={s.time} {s.phase}/{s.name} [{', '.join(s.clauses)}]: "
                f"{len(self.diff)} changes, {len(self.cells)} cells>")
