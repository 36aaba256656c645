"""Steps as a teacher shows them: the situation before, the steps in the one trace format, and the
situation after, with the cells the steps touched highlighted in both pictures.

>>> BeforeAfter(game, game.run(until="decision"))  # doctest: +SKIP

The steps' lines are those of ``hisoutab run`` (index, time, turn player, phase, step, clauses, ▶ a
choice, sentence); in HTML each clause links to its rule on the ruleset's rules page. No Jupyter
package is imported: ``_repr_html_`` is a plain method and ``__repr__`` is the plain trace.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hisoutab.engine.errors import HisoutabError

__all__ = ["BeforeAfter", "run_to", "steps_html"]

NOTEBOOK_BASE = "../"  # notebooks live in notebooks/: the rules pages are ../docs/rules/…

_CSS = (".hs-ba{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}"
        ".hs-ba>figure{flex:1 1 360px;margin:0;min-width:300px;max-width:720px}"
        ".hs-ba figcaption{font-weight:bold;margin-bottom:2px}"
        ".hs-ba svg{width:100%;height:auto}"
        "table.hs-steps{border-collapse:collapse;font-size:12px;margin:6px 0}"
        "table.hs-steps td{padding:1px 6px;vertical-align:top;border-bottom:1px solid #eee}"
        "table.hs-steps td.hs-num{color:#888;text-align:right}"
        "table.hs-steps tr.hs-chosen td{background:#fff6d8}")


def steps_html(steps: Sequence[Any], presentation: Any, *, base: str = NOTEBOOK_BASE) -> str:
    """The steps as a table in the one trace format, clauses linked (``base`` + the rules page)."""
    e = html.escape
    rows = []
    page = base + presentation.docs_page()
    for s in steps:
        links = ", ".join(f'<a class="hs-clause" href="{e(presentation.clause_url(c, page), quote=True)}"'
                          f' target="_blank">{e(c)}</a>' for c in s.clauses)
        chosen = "▶ " if s.choice else ""
        cls = ' class="hs-chosen"' if s.choice else ""
        rows.append(f'<tr{cls}><td class="hs-num">{s.index}</td><td>t={e(str(s.time))}</td>'
                    f"<td>{e(str(s.actor))}</td><td>{e(s.phase)}</td><td><code>{e(s.name)}</code></td>"
                    f"<td>[{links}]</td><td>{e(chosen + s.sentence)}</td></tr>")
    return f'<table class="hs-steps">{"".join(rows)}</table>'


class BeforeAfter:
    """``steps`` (a step or several, in order) between two pictures: the state before the first
    and after the last, both highlighting what the steps touched (the presentation's ``touched``).
    ``before`` draws another starting state; ``viewer`` draws both as that player sees them;
    ``caption`` heads the block."""

    def __init__(self, game_or_ctx: Any, steps: Any, *, before: Any = None, designer: bool = True,
                 viewer: str | None = None, caption: str = "", base: str = NOTEBOOK_BASE) -> None:
        from .base import presentation_of_state

        self.ctx = getattr(game_or_ctx, "ctx", game_or_ctx)
        self.steps: tuple[Any, ...] = (steps,) if hasattr(steps, "sentence") else tuple(steps)
        state_now = getattr(game_or_ctx, "state", None)
        self.before = before if before is not None else (
            self.steps[0].before if self.steps else state_now)
        self.after = self.steps[-1].after if self.steps else state_now
        if self.before is None or self.after is None:
            raise ValueError("BeforeAfter needs steps, or a game and a state before")
        self.ruleset, self.presentation = presentation_of_state(self.after)
        touched: list[Any] = []
        for s in self.steps:
            for c in self.presentation.touched(self.ctx, s):
                if c not in touched:
                    touched.append(c)
        self.highlight = tuple(touched)
        self.designer = designer
        self.viewer = viewer
        self.caption = caption
        self.base = base

    def pictures(self) -> tuple[Any, Any]:
        from .picture import StatePicture

        a, b = (StatePicture(self.ctx, st, highlight=self.highlight, designer=self.designer,
                             viewer=self.viewer) for st in (self.before, self.after))
        return a, b

    def _repr_html_(self) -> str:
        e = html.escape
        first = f"before step {self.steps[0].index}" if self.steps else "before"
        last = f"after step {self.steps[-1].index}" if self.steps else "after"
        a, b = self.pictures()
        head = f'<div class="hs-ba-caption"><b>{e(self.caption)}</b></div>' if self.caption else ""
        return (f'<div class="hisoutab-before-after"><style>{_CSS}</style>{head}'
                f'<div class="hs-ba"><figure><figcaption>{e(first)}</figcaption>{a.svg}</figure>'
                f"<figure><figcaption>{e(last)}</figcaption>{b.svg}</figure></div>"
                f"{steps_html(self.steps, self.presentation, base=self.base)}</div>")

    def lines(self) -> list[str]:
        """The steps in the one trace format, as plain text."""
        from .terminal import step_line

        return [step_line(s).plain for s in self.steps]

    def __repr__(self) -> str:
        head = [self.caption] if self.caption else []
        return "\n".join(head + self.lines()) or "<BeforeAfter: no steps>"


def run_to(game: Any, name: str, choices: Iterable[str | Mapping[str, str]] = ()) -> list[Any]:
    """Run ``game`` up to and including its next step named ``name``, answering the decisions met on
    the way with ``choices`` in order; the steps taken (choice steps included), for
    ``BeforeAfter``. Raises ``HisoutabError`` when a decision comes with no choice left, when a
    choice is left over, or when the game ends before such a step."""
    todo = list(choices)
    steps: list[Any] = []
    while True:
        if game.over:
            raise HisoutabError(f"the game ended before a step {name!r}")
        if game.pending is not None:
            if not todo:
                raise HisoutabError(f"a decision comes before a step {name!r}: {game.pending!r}")
            step = game.choose(todo.pop(0))
        else:
            step = game.step()
        if step is None:  # a joint decision answered in parts: nothing revealed yet
            continue
        steps.append(step)
        if step.name == name:
            if todo:
                raise HisoutabError(f"choices left over after step {name!r}: {todo!r}")
            return steps
