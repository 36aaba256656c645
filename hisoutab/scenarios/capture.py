"""Capture a game's current state as a scenario whose explicit setup reproduces it exactly."""

from __future__ import annotations

from typing import Any

import yaml

from hisoutab.engine.record import is_record, to_dict

from .cardnames import CardNames
from .hooks import card_pool, clock, time_axis
from .overlay import players_field
from .places import get, places_of, put


class _Dumper(yaml.SafeDumper):
    pass


def _list(dumper: Any, data: Any) -> Any:
    flow = all(not isinstance(x, (list, dict)) for x in data) or all(
        isinstance(x, list) and all(not isinstance(y, (list, dict)) for y in x) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow and len(data) < 40)


_Dumper.add_representer(list, _list)
_Dumper.add_representer(tuple, _list)


def state_overlay(ruleset: Any, state: Any, names: tuple[str, ...] | None = None,
                  ctx: Any = None) -> dict[str, Any]:
    """Every field of ``state`` as an overlay mapping (players by name; in a card zone, a card by
    its copy, ``bid#7``, when that loads back to the same instance there, else by its instance)."""
    if names is None:
        names = tuple(p.name for p in getattr(state, "players", ()) if hasattr(p, "name"))
    pfield = players_field(state, names)
    pool = card_pool(ruleset, ctx) if ctx is not None else ()
    cards = CardNames(ruleset, pool, names) if pool else None
    data = to_dict(state)
    if cards is not None:
        for place in places_of(ruleset, state, pfield):
            value = get(data, pfield, place)
            put(data, pfield, place, _named(value, lambda c, p=place.player: cards.writes(c, p)))
    out: dict[str, Any] = {k: v for k, v in data.items() if k != pfield}
    if pfield:
        for d in data[pfield]:
            out[d["name"]] = d
    return out


def _named(value: Any, name: Any) -> Any:
    """``value`` with each card instance written as ``name(card)`` says."""
    if isinstance(value, str) and value:
        return name(value)
    if isinstance(value, list):
        return [_named(x, name) for x in value]
    return value


def _plain(value: Any) -> Any:
    """A setup value as the file writes it: records as mappings; an object a loader made from a
    name (a character read from its file) as its ``id``."""
    if isinstance(value, (list, tuple)):
        return [_plain(x) for x in value]
    if isinstance(value, dict):
        return {k: _plain(x) for k, x in value.items()}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if is_record(value):
        return to_dict(value)
    return getattr(value, "id", str(value))


def until_after(steps: int) -> str | dict[str, int]:
    """The ``until`` that stops a run after its first ``steps`` steps (``start``: before any)."""
    return {"step": steps - 1} if steps > 0 else "start"


def _compact(full: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in full.items():
        if isinstance(v, dict) and isinstance(base.get(k), dict):
            sub = {f: x for f, x in v.items() if base[k].get(f, object()) != x}
            if sub:
                out[k] = sub
        elif base.get(k, object()) != v:
            out[k] = v
    return out


def capture(game: Any, *, name: str | None = None, description: str | None = None,
            until: str = "decision", compact: bool = False) -> str:
    """YAML text of a scenario that starts exactly at ``game.state`` (``stop: start`` plus every
    state field). Loading it back gives an equal state. With ``compact``, the fields equal to the
    game's initial state (before setup) are left out: the overlay still reproduces the state."""
    from hisoutab.engine.errors import InputError
    from hisoutab.engine.game import Game

    if not isinstance(game, Game):
        raise InputError(f"capture({type(game).__name__}): expected a Game", field="game")
    for what, text in (("name", name), ("description", description)):
        if text is not None and not isinstance(text, str):
            raise InputError(f"capture({what}={text!r}): expected a text", field=what)
    if until not in ("decision", "end"):
        raise InputError(f"capture(until={until!r}): expected decision or end", field="until")
    rs = game.ruleset
    state = game.state
    doc: dict[str, Any] = {
        "name": name or f"captured at step {game.cursor} (seed {game.seed})",
        "description": description or f"state captured from a {rs.id} game, seed {game.seed}, "
                                      f"after {game.cursor} steps",
        "ruleset": rs.id,
    }
    changed = rs.options.absolute(game.options.changed(rs.options))
    if changed:
        doc["options"] = {k: list(v) if isinstance(v, tuple) else v for k, v in changed.items()}
    doc["seed"] = game.seed
    setup: dict[str, Any] = {k: _plain(v) for k, v in game.setup.items() if v is not None}
    setup["stop"] = "start"
    names = tuple(game.players)
    overlay = state_overlay(rs, state, names, game.ctx)
    if compact:
        fresh = Game(rs, seed=game.seed, options=game.options, setup=game.setup)
        overlay = _compact(overlay, state_overlay(rs, fresh.initial, names, fresh.ctx))
    setup["state"] = overlay
    doc["setup"] = setup
    doc["until"] = until if state.agenda else "end"
    now = clock(rs, state)
    axis = time_axis(rs)
    if now is not None and axis is not None:
        doc["expect"] = [{"at": "start", "state": {axis: now}}]
    text = yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    _loads_back(text, game)
    return text


def _loads_back(text: str, game: Any) -> None:
    """Capture never writes a file that does not load, nor one that loads to another state."""
    from hisoutab.engine.errors import InputError

    from .model import load_scenario_text

    try:
        again = load_scenario_text(text, "<capture>").start_state
    except InputError as exc:
        raise InputError(f"the captured state does not load back: {exc}", field="capture"
                         ) from None
    if again != game.state:
        raise InputError("the captured state loads back to another state (a field the scenario "
                         "format cannot write)", field="capture")
