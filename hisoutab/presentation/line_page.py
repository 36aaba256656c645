"""A line of play as one self-contained HTML page, to share: it opens in any browser, without
Jupyter or a server (inline CSS and SVG, no external resource, no script).

:func:`line_page` takes a game and writes, in order:

- a **header**: the title and description, the ruleset, the options that differ from their
  defaults, the seed, the players, how many steps and choices, the result (or where the line
  stops) and any notes (the scenario file, whether its expectations hold);
- the **step log** in the one-line format of ``hisoutab run`` (index, time, turn player, phase,
  step, clauses, sentence); each clause links to the ruleset's rules page — or, when the page
  is not where the link could reach it, is shown with the clause's text as a tooltip;
- every **choice** marked ``▶``, with the options offered at that decision (the chosen one bold);
- the **state pictures**, each right after its step: at the start, after each choice, at each
  moment (``Presentation.moment``: a hit, a guard, a spell…) and at the end, with the cells the
  step touched highlighted (``Presentation.touched``); each picture has an id prefix of its own.

The same game gives the same bytes. :func:`rules_base_for` finds the relative way from a page's
folder up to the folder that holds the rules page (the repository). No game is named here.
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .base import presentation_for
from .compare import decision_at, who

__all__ = ["LINE_CSS", "Shot", "line_page", "line_shots", "rules_base_for"]

LINE_CSS = """
body{font-family:sans-serif;color:#222;margin:0 auto;max-width:1100px;padding:12px 18px 40px;
  line-height:1.4}
h1{font-size:24px;margin:8px 0 4px}h2{font-size:19px;margin:22px 0 8px}
.hs-desc{font-size:16px;margin:4px 0 12px}
dl.hs-facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;font-size:14px;margin:0}
dl.hs-facts dt{color:#555}dl.hs-facts dd{margin:0}
nav.hs-contents{font-size:13px;margin:8px 0}nav.hs-contents a{margin-right:10px;white-space:nowrap}
ol.hs-log{list-style:none;padding:0;margin:0;font-family:ui-monospace,Menlo,Consolas,monospace;
  font-size:13px}
ol.hs-log>li{padding:3px 6px;border-bottom:1px solid #eceff2;white-space:pre-wrap;
  overflow-wrap:anywhere}
ol.hs-log>li.hs-choice{background:#fff8e1}ol.hs-log>li.hs-moment{background:#f3f7ff}
.hs-i{color:#888}.hs-t{color:#0a6b7a}.hs-who{font-weight:bold}.hs-phase{color:#6b4fa0}
.hs-name{color:#222}.hs-cl{color:#456}.hs-mark{color:#b26a00;font-weight:bold}
a.hs-clause,abbr.hs-clause{color:#1d5fa8;text-decoration:none;border-bottom:1px dotted #1d5fa8}
.hs-offered{font-family:sans-serif;font-size:13px;margin:3px 0 1px 2ch;color:#333;white-space:normal}
.hs-offered .hs-opt{display:inline-block;border:1px solid #d5d9de;border-radius:9px;padding:0 7px;
  margin:1px 3px 1px 0;background:#fff}
.hs-offered .hs-opt.hs-chosen{border-color:#b26a00;background:#ffe9b8;font-weight:bold}
figure.hs-pic{margin:10px 0 14px;border:1px solid #c9ced4;border-radius:8px;padding:8px;
  white-space:normal;font-family:sans-serif;background:#fff}
figure.hs-pic figcaption{font-size:14px;margin-bottom:6px}
figure.hs-pic svg{width:100%;height:auto;display:block}
.hs-pending{font-size:14px;margin:10px 0}
""".strip()


@dataclass(frozen=True)
class Shot:
    """A picture of the page: after ``taken`` steps (0: the start), why (``start``, ``choice``,
    ``moment``, ``end``) and its caption."""

    taken: int
    reasons: tuple[str, ...]
    caption: str


def line_shots(game: Any, *, moments: bool = True) -> list[Shot]:
    """The pictures a line's page shows: the start, after each choice, after each moment (with
    ``moments``) and the end — one per point, its reasons joined."""
    pres = presentation_for(game.ruleset)
    history = game.history
    wanted: dict[int, list[str]] = {0: ["start"]}
    for step in history:
        reasons = []
        if step.choice:
            reasons.append("choice")
        if moments and pres.moment(step):
            reasons.append("moment")
        if reasons:
            wanted.setdefault(step.index + 1, []).extend(reasons)
    wanted.setdefault(len(history), []).append("end")
    if not history:
        wanted[0] = ["start", "end"]
    out = []
    for taken in sorted(wanted):
        why = tuple(dict.fromkeys(wanted[taken]))
        out.append(Shot(taken, why, _caption(game, taken, why)))
    return out


def _caption(game: Any, taken: int, reasons: tuple[str, ...]) -> str:
    state = game.history[taken - 1].after if taken else game.initial
    time = game.ruleset.turn_info(state)[0]
    if taken == 0:
        head = "At the start" + (" (and the end: no step was taken)" if "end" in reasons else "")
        return f"{head} · t={time}"
    step = game.history[taken - 1]
    parts = [f"After step {step.index} ({step.name})"]
    if step.choice:
        parts.append("; ".join(f"▶ {p} chose '{label}'" for p, label in step.choice.items()))
    elif "moment" in reasons:
        player = who(step)
        parts.append(f"{player + ': ' if player else ''}{step.sentence}")
    if "end" in reasons:
        parts.append("the end of the line" + (f": {game.result()}" if game.over else ""))
    return " — ".join(parts) + f" · t={time}"


def rules_base_for(out: str | Path, ruleset: Any) -> str | None:
    """The relative way (``""``, ``"../"``, ``"../../"``…) from the folder of ``out`` to the folder
    that holds the ruleset's rules page (``docs/rules/<id>.md``: the repository), so the page's
    clause links work where it is written; None when no folder above ``out`` holds that page."""
    page = presentation_for(ruleset).docs_page()
    if not page or "://" in page or Path(page).is_absolute():
        return None
    folder = Path(out).resolve().parent
    for root in (folder, *folder.parents):
        if (root / page).is_file():
            rel = os.path.relpath(root, folder)
            return "" if rel == "." else rel.replace(os.sep, "/") + "/"
    return None


def _clause(pres: Any, rs: Any, clause: str, base: str | None) -> str:
    e = html.escape
    text = rs.clauses.get(clause) or (getattr(rs, "readings", {}) or {}).get(clause) or ""
    tip = f' title="{e(str(text), quote=True)}"' if text else ""
    if base is None:
        return f'<abbr class="hs-clause"{tip}>{e(clause)}</abbr>'
    href = pres.clause_url(clause, base + pres.docs_page())
    return f'<a class="hs-clause" href="{e(href, quote=True)}"{tip}>{e(clause)}</a>'


def _offered(game: Any, step: Any) -> str:
    """The options offered at the decision ``step`` answered, the chosen one marked."""
    e = html.escape
    decision = decision_at(game.ruleset, game.ctx, step.before)
    if decision is None or not step.choice:
        return ""
    rows = []
    for player, options in zip(decision.players, decision.options, strict=True):
        chosen = step.choice.get(player)
        opts = "".join(f'<span class="hs-opt{" hs-chosen" if o.label == chosen else ""}">'
                       f'{"▶ " if o.label == chosen else ""}{e(o.label)}</span>' for o in options)
        rows.append(f"<div>{e(player)} was offered ({e(decision.kind)}): {opts}</div>")
    return '<div class="hs-offered">' + "".join(rows) + "</div>"


def _line(game: Any, step: Any, base: str | None, shot: Shot | None) -> str:
    e = html.escape
    pres = presentation_for(game.ruleset)
    clauses = ", ".join(_clause(pres, game.ruleset, c, base) for c in step.clauses)
    classes = ["hs-step"]
    if step.choice:
        classes.append("hs-choice")
    if shot is not None and "moment" in shot.reasons:
        classes.append("hs-moment")
    mark = '<span class="hs-mark">▶ </span>' if step.choice else ""
    text = (f'<span class="hs-i">{step.index:>5}</span> <span class="hs-t">t={e(str(step.time)):<4}</span> '
            f'<span class="hs-who">{e(str(step.actor)):<6}</span> '
            f'<span class="hs-phase">{e(step.phase):<12}</span> '
            f'<span class="hs-name">{e(step.name):<18}</span> <span class="hs-cl">[{clauses}]</span> '
            f"{mark}{e(step.sentence)}")
    link = f' <a href="#pic-{shot.taken}">picture ↓</a>' if shot is not None else ""
    return (f'<li id="step-{step.index}" class="{" ".join(classes)}">{text}{link}'
            f"{_offered(game, step)}</li>")


def _figure(game: Any, shot: Shot, number: int) -> str:
    from .picture import StatePicture

    e = html.escape
    pres = presentation_for(game.ruleset)
    if shot.taken:
        step = game.history[shot.taken - 1]
        state, touched = step.after, tuple(pres.touched(game.ctx, step))
    else:
        state, touched = game.initial, ()
    picture = StatePicture(game.ctx, state, highlight=touched, designer=True, prefix=f"lp{number}")
    cells = ""
    if touched:
        shown = ", ".join(str(tuple(c)) if isinstance(c, (list, tuple)) else str(c) for c in touched)
        cells = f' <span class="hs-cells">· highlighted: {e(shown)}</span>'
    return (f'<li class="hs-figure"><figure id="pic-{shot.taken}" class="hs-pic" '
            f'data-reasons="{e(" ".join(shot.reasons))}"><figcaption>{e(shot.caption)}{cells}'
            f"</figcaption>{picture.svg}</figure></li>")


def _facts(game: Any, notes: Sequence[str], stopped: str) -> str:
    e = html.escape
    rs = game.ruleset
    rows = [("ruleset", f"{rs.title} ({rs.id})")]
    changed = game.options.changed(rs.options)
    rows.append(("options", ", ".join(f"{k} = {v}" for k, v in changed.items()) or "the defaults"))
    rows.append(("seed", str(game.seed)))
    rows.append(("players", ", ".join(game.players)))
    choices = sum(1 for s in game.history if s.choice)
    rows.append(("line", f"{len(game.history)} steps, {choices} choice(s)"))
    if game.over:
        rows.append(("result", str(game.result())))
    else:
        rows.append(("result", "not over" + (f" — {stopped}" if stopped else "")))
    rows += [("note", n) for n in notes]
    return '<dl class="hs-facts">' + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in rows) + "</dl>"


def line_page(game: Any, *, title: str, description: str = "", rules_base: str | None = None,
              notes: Sequence[str] = (), stopped: str = "", moments: bool = True) -> str:
    """The HTML page of ``game``'s current line up to its cursor (see the module docstring).

    ``rules_base`` goes before the ruleset's rules page (``docs/rules/<id>.md``) in each clause
    link: ``""`` or ``"../"`` (see :func:`rules_base_for`), or the address where the repository is
    published; None shows each clause ID with its text as a tooltip, without a link. ``stopped``
    says why an unfinished line stops; ``notes`` are more lines for the header."""
    e = html.escape
    shots = {s.taken: s for s in line_shots(game, moments=moments)}
    numbers = {taken: k for k, taken in enumerate(sorted(shots), 1)}
    contents = " ".join(f'<a href="#pic-{t}">{e(_short(shots[t]))}</a>' for t in sorted(shots))
    log = []
    if 0 in shots:
        log.append(_figure(game, shots[0], numbers[0]))
    for step in game.history:
        shot = shots.get(step.index + 1)
        log.append(_line(game, step, rules_base, shot))
        if shot is not None:
            log.append(_figure(game, shot, numbers[shot.taken]))
    pending = ""
    d = game.pending if not game.over else None
    if d is not None:
        asks = "; ".join(f"{p} ({d.kind}): " + ", ".join(d.labels(p)) for p in d.players)
        pending = f'<p class="hs-pending"><b>pending</b>: {e(asks)}</p>'
    how = ("Clause IDs link to the rules page." if rules_base is not None
           else "Hover a clause ID for its text.")
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{e(title)} — {e(game.ruleset.id)}</title>\n<style>\n{LINE_CSS}\n</style></head>\n"
            f'<body>\n<header>\n<h1>{e(title)}</h1>\n'
            + (f'<p class="hs-desc">{e(description)}</p>\n' if description else "")
            + _facts(game, notes, stopped) + "\n</header>\n"
            f'<nav class="hs-contents">pictures: {contents}</nav>\n'
            f"<h2>The steps</h2>\n<p><small>index · time · turn player · phase · step · [clauses] · what "
            f"happened; ▶ marks a choice. {e(how)}</small></p>\n"
            f'<ol class="hs-log">\n' + "\n".join(log) + "\n</ol>\n" + pending
            + "\n</body></html>\n")


def _short(shot: Shot) -> str:
    if shot.taken == 0:
        return "start"
    label = f"step {shot.taken - 1}"
    return label + (" (end)" if "end" in shot.reasons else "")
