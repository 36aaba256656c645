"""Capture a game's current state as a scenario whose explicit setup reproduces it exactly."""

from __future__ import annotations

import dataclasses
from typing import Any

import yaml

from hisoutab.engine.record import to_dict

from .overlay import card_fields_of, field_names, players_field, short_card


class _Dumper(yaml.SafeDumper):
    pass


def _list(dumper: Any, data: Any) -> Any:
    flow = all(not isinstance(x, (list, dict)) for x in data) or all(
        isinstance(x, list) and all(not isinstance(y, (list, dict)) for y in x) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow and len(data) < 40)


_Dumper.add_representer(list, _list)
_Dumper.add_representer(tuple, _list)


def _characters(game: Any) -> list[str] | None:
    chars = game.setup.get("characters")
    if chars:
        return [c if isinstance(c, str) else getattr(c, "id", str(c)) for c in chars]
    ctx_chars = getattr(game.ctx, "characters", None)
    if ctx_chars:
        return [getattr(c, "id", str(c)) for c in ctx_chars]
    return None


def state_overlay(ruleset: Any, state: Any, names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Every field of ``state`` as an overlay mapping (players by name, cards by short id)."""
    if names is None:
        names = tuple(p.name for p in getattr(state, "players", ()) if hasattr(p, "name"))
    pfield = players_field(state, names)
    out: dict[str, Any] = {}
    for f in dataclasses.fields(state):
        if f.name == pfield:
            continue
        out[f.name] = to_dict(getattr(state, f.name))
    if pfield:
        for p in getattr(state, pfield):
            zones = set(card_fields_of(ruleset, type(p)))
            d: dict[str, Any] = {}
            for name in field_names(type(p)):
                v = to_dict(getattr(p, name))
                if name in zones:
                    v = ([short_card(c) if isinstance(c, str) else c for c in v] if isinstance(v, list)
                         else short_card(v) if isinstance(v, str) else v)
                d[name] = v
            out[p.name] = d
    return out


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
    changed = game.options.changed(rs.options)
    if changed:
        doc["options"] = {k: list(v) if isinstance(v, tuple) else v for k, v in changed.items()}
    doc["seed"] = game.seed
    setup: dict[str, Any] = {k: to_dict(v) for k, v in game.setup.items() if k != "characters"}
    chars = _characters(game)
    if chars:
        setup["characters"] = chars
    setup["stop"] = "start"
    names = tuple(game.players)
    overlay = state_overlay(rs, state, names)
    if compact:
        from hisoutab.engine.game import Game

        fresh = Game(rs, seed=game.seed, options=game.options, setup=game.setup)
        overlay = _compact(overlay, state_overlay(rs, fresh.initial, names))
    setup["state"] = overlay
    doc["setup"] = setup
    doc["until"] = until if state.agenda else "end"
    if hasattr(state, "time"):
        doc["expect"] = [{"at": "start", "state": {"time": state.time}}]
    return yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
