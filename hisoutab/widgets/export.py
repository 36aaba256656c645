"""Scenario files from a workbench game: the current state, or the line of play up to the cursor.

No Jupyter import, no game named: any ruleset's game. ``line_scenario(game)`` is the YAML text of a
scenario that starts where the game started (the capture of a crafted state, or the standard setup
with the game's seed, setup and options), plays the choices of the current line up to the cursor as
``script`` lines, forces the chance outcomes that were forced on that line (``chance:``), and checks
a few state values when the run stops there (the time, the players' HP — or, for a game without HP,
the players' declared counters — and the shared counters).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from hisoutab.engine.files import write_file
from hisoutab.engine.game import Game
from hisoutab.engine.record import to_dict
from hisoutab.scenarios.capture import _Dumper, capture, until_after
from hisoutab.scenarios.paths import check_path

MIN_MAX_STEPS = 5000


def started_from_state(game: Game) -> bool:
    """Whether ``game`` started from a crafted state rather than the standard initial state."""
    try:
        return bool(game.initial != game.ruleset.initial_state(game.ctx, game.seed))
    except Exception:
        return True


def _setup(game: Game) -> dict[str, Any]:
    """The game's setup as scenario values: the fields given, and the fields the ruleset's
    ``character_flags`` set (its characters), as the setup holds them, by id."""
    setup: dict[str, Any] = {k: to_dict(v) for k, v in game.setup.items()}
    flags: dict[str, str] = dict(getattr(game.ruleset, "character_flags", {}) or {})
    for head in dict.fromkeys(path.partition(".")[0] for path in flags.values()):
        value = getattr(game.setup_model, head, None)
        if isinstance(value, (list, tuple)):
            setup[head] = [v if isinstance(v, str) else getattr(v, "id", str(v)) for v in value]
        elif value is not None:
            setup[head] = value if isinstance(value, str) else getattr(value, "id", str(value))
    return setup


def _player_path(game: Game, i: int, name: str, field: str) -> str | None:
    """The scenario path of player ``i``'s ``field``: ``P1.hp`` when scenarios can read the player's
    name, else by index (``players.0.hp``); None when neither resolves."""
    rs, state = game.ruleset, game.state
    for path in (f"{name}.{field}", f"{getattr(rs, 'players_field', 'players')}.{i}.{field}"):
        try:
            if check_path(state, rs, path) is None:
                return path
        except Exception:  # a path the scenarios cannot look into
            continue
    return None


def _checks(game: Game) -> dict[str, Any]:
    """A few values of the state at the cursor to check: the clock (the ruleset's ``time_axis``, else
    a ``time`` field), each player's HP (or, without HP, each player's declared counters), and that
    the game is over."""
    s = game.state
    check: dict[str, Any] = {}
    axis = getattr(game.ruleset, "time_axis", None) or "time"
    time = getattr(s, axis, None)
    if isinstance(time, int) and not isinstance(time, bool):
        check[axis] = time
    players = [p for p in getattr(s, "players", ()) if hasattr(p, "name")]
    counters = [z.attr for z in game.ruleset.zones if z.kind == "counter" and z.owner == "player"]
    fields = ["hp"] if any(hasattr(q, "hp") for q in players) else counters
    for i, p in enumerate(players):
        for f in fields:
            v = getattr(p, f, None)
            path = _player_path(game, i, p.name, f) if isinstance(v, int) and not isinstance(v, bool) \
                else None
            if path is not None:
                check[path] = v
    for z in game.ruleset.zones:
        v = getattr(s, z.attr, None) if z.kind == "counter" and z.owner == "shared" else None
        if isinstance(v, int) and not isinstance(v, bool):
            check[z.attr] = v
    if game.over:
        check["over"] = True
    return check


def _chance(game: Game) -> list[dict[str, Any]]:
    """The outcomes forced on the current line up to the cursor, as a scenario's ``chance:``
    entries: each names its draw (``player``, ``what``) and which of the matching draws it is
    (``nth``, counted from the start), so the replay forces exactly those draws. A forced shuffle's
    event holds no order (it would tell the deck): its order comes from the outcomes the game used,
    when they are the line's (the same number of forced shuffles)."""
    events = [e for step in game.history[:game.cursor] for e in getattr(step, "events", ()) or ()
              if isinstance(e, dict) and e.get("type") == "chance"]
    used_shuffles = [f.value for f in game.chance.used if f.kind == "shuffle"]
    forced_shuffles = [e for e in events if e.get("forced") and e.get("kind") == "shuffle"]
    shuffles = iter(used_shuffles if len(used_shuffles) == len(forced_shuffles) else ())
    seen: dict[tuple[Any, ...], int] = {}
    out: list[dict[str, Any]] = []
    for e in events:
        kind, player, what = e.get("kind"), e.get("player"), e.get("what")
        for key in {(kind, player, what), (kind, None, what)}:
            seen[key] = seen.get(key, 0) + 1
        if not e.get("forced"):
            continue
        value = next(shuffles, None) if kind == "shuffle" else e.get("outcome")
        if value is None:
            continue
        entry: dict[str, Any] = {str(kind): list(value) if isinstance(value, tuple) else value}
        if player is not None:
            entry["player"] = player
        if what is not None:
            entry["what"] = what
        entry["nth"] = seen[(kind, player, what)]
        out.append(entry)
    return out


def _choice(choice: dict[str, str]) -> str | dict[str, str]:
    return dict(choice) if len(choice) > 1 else next(iter(choice.values()))


def line_scenario(game: Game, *, name: str | None = None, description: str | None = None,
                  line_label: str | None = None) -> str:
    """The YAML text of a scenario replaying ``game``'s current line up to its cursor."""
    rs = game.ruleset
    label = line_label or game.line.name
    name = name or f"line {label} up to step {game.cursor} (seed {game.seed})"
    description = description or (f"the choices of line {label} of a {rs.id} game, seed {game.seed}, "
                                  f"replayed up to step {game.cursor}")
    if started_from_state(game):
        start = Game(rs, seed=game.seed, options=game.options, setup=game.setup, state=game.initial)
        doc: dict[str, Any] = yaml.safe_load(capture(start, name=name, description=description))
    else:
        doc = {"name": name, "description": description, "ruleset": rs.id}
        changed = rs.options.absolute(game.options.changed(rs.options))
        if changed:
            doc["options"] = {k: list(v) if isinstance(v, tuple) else v for k, v in changed.items()}
        doc["seed"] = game.seed
        setup = _setup(game)
        if setup:
            doc["setup"] = setup
    doc.pop("until", None)
    doc.pop("expect", None)
    script = [_choice(s.choice) for s in game.history if s.choice]
    if script:
        doc["script"] = script
    forced = _chance(game)
    if forced:
        doc["chance"] = forced
    # stop after the cursor's last step (step indices count from the game's start; at the
    # start itself, before any step: an edit's new line)
    doc["until"] = until_after(game.cursor)
    doc["max_steps"] = max(MIN_MAX_STEPS, game.cursor + 100)
    doc["expect"] = [{"at": "end", "state": _checks(game)}]
    return yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def exists(path: str | Path) -> bool:
    """Whether an export to ``path`` would replace a file (and so needs confirming)."""
    return Path(path).expanduser().is_file()


def write(path: str | Path, text: str, *, replace: bool = False) -> Path:
    """Write an export atomically; an existing file only with ``replace``, and never into a
    folder that does not exist (an :class:`InputError` says which)."""
    return write_file(Path(path).expanduser(), text, force=replace, field="export")
