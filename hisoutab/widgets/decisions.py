"""The decision panel: the pending decision, for everyone or for one player, in words people read.

Each option is a button showing the presentation's words for it (card names, not ids); the option's
label — the stable value scripts and scenario files use — is the button's tooltip, followed by the
whole face (kind, numbers, text) of each card the option names. A decision whose
options are the subsets of some cards (a mulligan) is one checkbox per card and one confirm button
(:class:`SubsetForm`). A long list of options gets a filter box: the buttons shown are those whose
words or label contain what is typed.

Viewing as a player shows that player's options only: another player's options — and in a
simultaneous decision what they chose — stay hidden. The rows are made again only when the
decision, the hidden choices or the viewer change, so stepping through automatic steps stays cheap.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from hisoutab.engine.game import Game
from hisoutab.engine.visibility import Window
from hisoutab.presentation.cards import card_title
from hisoutab.presentation.step import card_names

from .controls import button, classed, esc

__all__ = ["LONG", "SHOWN", "DecisionPanel", "SubsetForm"]

Choose = Callable[[str, str], Any]  # (label, player)
LONG = 12  # more options than this: a filter box
SHOWN = 24  # at most this many buttons at once under a filter


class SubsetForm:
    """One checkbox per card of a subset choice and a confirm button that chooses the option those
    cards make (``choice.label_for``)."""

    def __init__(self, player: str, choice: Any, choose: Choose, *, disabled: bool = False) -> None:
        self.player = player
        self.choice = choice
        self.disabled = disabled
        self._choose = choose
        self.items = [classed(W.Checkbox(value=False, description=text, indent=False, disabled=disabled,
                                         layout=W.Layout(width="auto", margin="0 8px 0 0")),
                              "hs-subset-item") for _, text in choice.items]
        for box, (value, _) in zip(self.items, choice.items, strict=True):
            box.add_class(f"hs-subset-{player}")
            box.hs_value = value
            box.observe(lambda _c: self._update(), names="value")
        self.confirm = button("", "hs-subset-confirm", "", disabled=disabled)
        self.confirm.add_class(f"hs-subset-confirm-{player}")
        self.confirm.on_click(lambda _b: self.submit())
        self.note = classed(W.HTML(), "hs-subset-note")
        self.box = W.VBox([W.HBox(self.items, layout=W.Layout(flex_flow="row wrap")),
                           W.HBox([self.confirm, self.note])])
        self._update()

    def selected(self) -> list[str]:
        return [b.hs_value for b in self.items if b.value]

    def select(self, values: Sequence[str]) -> None:
        """Tick exactly the cards ``values`` (as the state holds them)."""
        wanted = list(values)
        for b in self.items:
            b.value = b.hs_value in wanted

    def label(self) -> str | None:
        """The option label of the ticked cards, or None (then ``note`` says why)."""
        try:
            return str(self.choice.label_for(self.selected()))
        except ValueError as exc:
            self.note.value = f'<span class="hs-refused" style="color:#b00">{esc(exc)}</span>'
            return None

    def _update(self) -> None:
        n = len(self.selected())
        names = [b.description for b in self.items if b.value]
        verb = self.choice.verb
        self.confirm.description = (f"{verb} {n}: {', '.join(names)}" if n
                                    else f"{verb} none (keep all)" if verb == "discard" else f"{verb} none")
        label = self.label()
        self.confirm.tooltip = label or ""
        self.confirm.disabled = label is None or self.disabled
        if label is not None:
            self.note.value = ""

    def submit(self) -> Any:
        label = self.label()
        return None if label is None else self._choose(label, self.player)


class DecisionPanel:
    """The rows of the decision box (``box``), the option buttons now shown (``buttons``) and the
    subset forms (``subsets``)."""

    def __init__(self, box: W.Box, choose: Choose, links: Callable[[Any], str],
                 presentation: Any = None) -> None:
        self.box = box
        self.choose = choose
        self.links = links  # clause IDs → HTML links
        self.presentation = presentation
        self.buttons: dict[str, list[W.Button]] = {}
        self.subsets: dict[str, SubsetForm] = {}
        self.filters: dict[str, W.Text] = {}
        self._key: tuple[Any, ...] | None = None  # what the rows show: (over, hidden, viewer, game, state)
        self._idle: dict[bool, W.HTML] = {}

    def _text(self, game: Game, d: Any, player: str, option: Any) -> str:
        pres = self.presentation
        if pres is None:
            return str(option.label)
        try:
            text = pres.option_text(game.ctx, game.state, d, player, option)
        except Exception:
            text = None
        return text if isinstance(text, str) and text else str(option.label)

    def _faces(self, game: Game, words: str) -> list[str]:
        """The faces (one line each, :func:`~hisoutab.presentation.cards.card_title`) of the cards
        ``words`` names, longest names first ("Broom Step" is not also "Step")."""
        pres = self.presentation
        if pres is None:
            return []
        by_name: dict[str, str] = {}
        for card, name in card_names(game.ctx, game.state).items():
            by_name.setdefault(name, card)
        rest, found = words, []
        for name in sorted(by_name, key=len, reverse=True):
            hit = re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", rest)
            if hit is None:
                continue
            rest = rest[:hit.start()] + " " + rest[hit.end():]
            try:
                face = pres.card_face(game.ctx, game.state, by_name[name])
            except Exception:
                face = None
            if face is not None:
                found.append((hit.start(), card_title(face)))
        return [title for _, title in sorted(found)]

    def _tooltip(self, game: Game, label: str, words: str) -> str:
        """A button's tooltip: the option's label (the value scripts use), then the whole face of
        every card it names, shown on hover and focus."""
        return "\n".join([label, *self._faces(game, words)])

    def _subset(self, game: Game, d: Any, player: str) -> Any:
        pres = self.presentation
        if pres is None:
            return None
        try:
            return pres.subset_choice(game.ctx, game.state, d, player)
        except Exception:
            return None

    def render(self, game: Game, viewer: str | None) -> None:
        """Show ``game``'s pending decision as ``viewer`` (None: the designer) sees it: at another
        player's window (a timing the rules make theirs) only that they may act — the same whether
        or not they have a choice there."""
        window = others_window(game, viewer)
        if window is not None:
            self._key = None
            self.buttons, self.subsets, self.filters = {}, {}, {}
            self.box.children = (W.HTML(f"<b>{esc(window.step)}</b><br><i>{esc(viewer or '')} waits: "
                                        f"{esc(window.player)} may act</i>"),)
            return
        d = game.pending
        hidden = game.hidden_choices()
        # the same decision (of the same game and state objects) seen the same way: nothing to redo
        key = (game.over, hidden, viewer, game, game.state) if d is not None else (game.over,)
        old = self._key
        if old is not None and len(old) == len(key) and old[:3] == key[:3] and all(
                a is b for a, b in zip(old[3:], key[3:], strict=True)):
            return
        self._key = key
        self.buttons = {}
        self.subsets = {}
        self.filters = {}
        if d is None:
            idle = self._idle.get(game.over)
            if idle is None:
                idle = self._idle[game.over] = W.HTML("<i>the game is over</i>" if game.over
                                                      else "<i>no decision pending</i>")
            self.box.children = (idle,)
            return
        rows: list[W.Widget] = [W.HTML(
            f"<b>{esc(d.kind)}</b> ({self.links(d.clauses)})"
            + (" — simultaneous: each choice stays hidden until all have chosen" if d.joint else "")
            + (f"<br>{esc(d.prompt)}" if d.prompt else ""))]
        if viewer is not None and viewer not in d.players:
            rows.append(W.HTML(f"<i>{esc(viewer)} waits: {esc(' and '.join(d.players))} "
                               f"must decide</i>"))
        for p, opts in zip(d.players, d.options, strict=True):
            done = p in hidden
            if viewer is not None and p != viewer:
                if viewer in d.players:
                    state = "has chosen (hidden)" if done else "decides too (hidden)"
                    rows.append(W.HTML(f"<b>{esc(p)}</b>: <i>{state}</i>"))
                continue
            status = " <i>(chosen, hidden)</i>" if done else ""
            head = W.HTML(f"<b>{esc(p)}</b>:{status}", layout=W.Layout(width="60px", flex="0 0 auto"))
            subset = self._subset(game, d, p)
            if subset is not None:
                form = SubsetForm(p, subset, self.choose, disabled=done)
                self.subsets[p] = form
                rows.append(W.HBox([head, form.box]))
                continue
            buttons = []
            for o in opts:
                words = self._text(game, d, p, o)
                b = button(words, "hs-option", self._tooltip(game, o.label, words), disabled=done)
                b.add_class(f"hs-option-{p}")
                b.hs_label = o.label
                b.on_click(lambda _b, label=o.label, player=p: self.choose(label, player))
                buttons.append(b)
            self.buttons[p] = buttons
            grid = W.HBox(buttons, layout=W.Layout(flex_flow="row wrap"))
            if len(buttons) > LONG:
                rows.append(W.HBox([head, self._filtered(p, buttons, grid)]))
            else:
                rows.append(W.HBox([head, grid]))
        self.box.children = rows

    def _filtered(self, player: str, buttons: list[W.Button], grid: W.HBox) -> W.VBox:
        """A filter box above ``buttons``: those matching what is typed are shown (at most SHOWN)."""
        box = classed(W.Text(value="", placeholder=f"filter {len(buttons)} options…",
                             continuous_update=True, layout=W.Layout(width="260px")), "hs-filter")
        count = classed(W.HTML(), "hs-filter-count")
        self.filters[player] = box

        def apply(_change: Any = None) -> None:
            words = box.value.strip().lower().split()
            shown = [b for b in buttons if all(w in (b.description + " " + b.hs_label).lower()
                                               for w in words)]
            grid.children = tuple(shown[:SHOWN])
            more = len(shown) - SHOWN
            count.value = (f"<i>{len(shown)} of {len(buttons)} options"
                           + (f"; {more} more: type to narrow</i>" if more > 0 else "</i>"))

        box.observe(apply, names="value")
        apply()
        return W.VBox([W.HBox([box, count]), grid])

    def shown(self, player: str | None = None) -> list[W.Button]:
        """Every option button of the decision (of one player, or all), shown or filtered out."""
        return [b for p, bs in self.buttons.items() if player is None or p == player for b in bs]


def others_window(game: Game, viewer: str | None) -> Window | None:
    """The window of another player than ``viewer`` the game is at, unless ``viewer`` decides there
    too (:meth:`Game.window`): what ``viewer`` sees of it does not depend on whether that player has
    a choice."""
    if viewer is None or game.over:
        return None
    window = game.window()
    if window is None or window.player == viewer:
        return None
    d = game.pending
    return None if d is not None and viewer in d.players else window
