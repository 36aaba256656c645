"""Panes that answer the pointer and the keyboard: the picture, the step view and the play control.

A :class:`Surface` shows HTML (``value``, as ``ipywidgets.HTML`` does) and tells Python when a card
is clicked or gets keyboard focus (Tab) — any element with a ``data-card`` attribute, in the
picture, the step view or a card face — and which shortcut key was pressed while it has focus. A
:class:`Ticker` is the play control: it asks for the next step only once Python has answered the
previous one, so pause stops at once (no ticks wait in a queue) and a slow step never piles up
requests.

Both are anywidgets: their browser side is the small ES module below, shipped with the package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["KEYS", "Surface", "Ticker"]

#: the shortcut keys a surface reports (where it has focus) and what the workbench does with them
KEYS = {
    "ArrowRight": "step",
    "ArrowLeft": "back",
    "n": "next decision",
    "N": "next pending",
    "t": "next turn",
    "p": "next phase",
    "Home": "first",
    "End": "end",
    " ": "play / pause",
}

_SURFACE_ESM = """
const KEYS = %s;
function render({ model, el }) {
  el.classList.add("hs-surface");
  el.tabIndex = 0;
  const show = () => {
    el.innerHTML = model.get("value");
    // every card the viewer may see takes keyboard focus (Tab), and focus shows its face as a click does
    el.querySelectorAll("[data-card]").forEach((c) => {
      if (c.getAttribute("data-card") !== "?") c.setAttribute("tabindex", "0");
    });
  };
  show();
  model.on("change:value", show);
  el.addEventListener("focusin", (ev) => {
    const card = ev.target.closest && ev.target.closest("[data-card]");
    if (card && el.contains(card)) {
      const id = card.getAttribute("data-card");
      if (id && id !== "?") model.send({ card: id });
    }
  });
  el.addEventListener("click", (ev) => {
    el.focus({ preventScroll: true });
    const card = ev.target.closest("[data-card]");
    if (card && el.contains(card)) {
      const id = card.getAttribute("data-card");
      if (id && id !== "?") { model.send({ card: id }); ev.preventDefault(); }
    }
  });
  el.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || !model.get("shortcuts")) return;
    if (Object.prototype.hasOwnProperty.call(KEYS, ev.key)) {
      ev.preventDefault();
      ev.stopPropagation();
      model.send({ key: ev.key });
    }
  });
}
export default { render };
""" % ("{" + ", ".join(f'"{k}": 1' for k in KEYS) + "}")

_SURFACE_CSS = """
.hs-surface { outline: none; min-width: 0; }
.hs-surface:focus-visible { box-shadow: 0 0 0 2px #7aa7e0; border-radius: 4px; }
.hs-surface svg { max-width: 100%; height: auto; }
.hs-picture.hs-surface { max-height: max(320px, calc(100vh - 300px)); overflow-y: auto; }
.hs-picture.hs-surface svg { width: 100%; display: block; }
.hs-surface [data-card] { cursor: pointer; }
.hs-surface [data-card]:focus { outline: 2px solid #7aa7e0; outline-offset: 1px; }
.hs-surface .hs-chip { display: inline-block; border: 1px solid #bbb; border-radius: 3px; padding: 0 4px;
  margin: 1px 2px; background: #fffdf6; }
"""


class Surface(anywidget.AnyWidget):
    """HTML that reports card clicks (``on_card``) and shortcut keys (``on_key``)."""

    _esm = _SURFACE_ESM
    _css = _SURFACE_CSS
    value = traitlets.Unicode("").tag(sync=True)
    shortcuts = traitlets.Bool(True).tag(sync=True)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._card: list[Callable[[str], Any]] = []
        self._key: list[Callable[[str], Any]] = []
        self.on_msg(self._message)

    def on_card(self, fn: Callable[[str], Any]) -> None:
        self._card.append(fn)

    def on_key(self, fn: Callable[[str], Any]) -> None:
        self._key.append(fn)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        card, key = content.get("card"), content.get("key")
        if isinstance(card, str) and card:
            for fn in self._card:
                fn(card)
        if isinstance(key, str) and key in KEYS:
            for fn in self._key:
                fn(key)

    # what a browser sends, for scripts and tests
    def click_card(self, card: str) -> None:
        self._message(self, {"card": card}, [])

    def press(self, key: str) -> None:
        self._message(self, {"key": key}, [])


_TICKER_ESM = """
function render({ model, el }) {
  el.classList.add("hs-ticker");
  const b = document.createElement("button");
  b.className = "jupyter-button widget-button hs-play-button";
  el.appendChild(b);
  let timer = null;
  const label = () => { b.textContent = model.get("playing") ? "⏸ pause" : "▶ play";
                        b.title = model.get("playing") ? "pause now" : "step on by itself"; };
  const ask = () => { timer = null; if (model.get("playing")) model.send({ tick: model.get("ticks") }); };
  label();
  b.addEventListener("click", () => { model.set("playing", !model.get("playing")); model.save_changes(); });
  model.on("change:playing", () => {
    label();
    if (timer) { clearTimeout(timer); timer = null; }
    if (model.get("playing")) ask();
  });
  model.on("msg:custom", (msg) => {
    if (msg && msg.done !== undefined && model.get("playing") && !timer)
      timer = setTimeout(ask, model.get("interval"));
  });
}
export default { render };
"""


class Ticker(anywidget.AnyWidget):
    """The play control: while ``playing``, the browser asks for one tick, Python runs ``on_tick``
    and answers, and only then, ``interval`` ms later, the next tick is asked. Pausing (the button,
    or ``playing = False``) stops before the next tick."""

    _esm = _TICKER_ESM
    _css = ".hs-ticker button { width: auto; padding: 0 10px; }"
    playing = traitlets.Bool(False).tag(sync=True)
    interval = traitlets.Int(400).tag(sync=True)
    ticks = traitlets.Int(0).tag(sync=True)

    def __init__(self, on_tick: Callable[[], Any], **kw: Any) -> None:
        super().__init__(**kw)
        self._on_tick = on_tick
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "tick" in content:
            self.tick()

    def tick(self) -> None:
        """One tick (what the browser asks for while playing): a step, then the answer."""
        if self.playing:
            self._on_tick()
            self.ticks += 1
        self.send({"done": self.ticks})
