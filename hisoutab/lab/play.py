"""One game of a sweep, played to its end, as one row of the results (plain values only).

The functions here are what a worker process or a Dask worker runs: module functions, importable
where the workers start.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hisoutab.engine.collector import fewer_collections
from hisoutab.engine.game import Game
from hisoutab.engine.ruleset import get_ruleset
from hisoutab.lab.agents import lab_agent
from hisoutab.lab.plan import SEAT_SEEDS, Task

QUIET = frozenset({"chance"})  # event types never counted as key events


def first_player(ruleset: Any, state: Any) -> str:
    """The player who went first, when the state says (a ``first`` field: a player's index or name;
    a ruleset may declare ``first_player(state)``); "" when it does not."""
    own = getattr(ruleset, "first_player", None)
    if callable(own):
        return str(own(state) or "")
    first = getattr(state, "first", None)
    names = [p.name for p in ruleset.player_records(state)] if hasattr(ruleset, "player_records") else []
    if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < len(names):
        return str(names[first])
    return str(first) if isinstance(first, str) and first in names else ""


def key_events(ruleset: Any, game: Game) -> Counter[str]:
    """How many events of each notable type the game had (the ruleset's ``notable_events``; none
    declared: every type but chance)."""
    notable = getattr(ruleset, "notable_events", None)
    counts: Counter[str] = Counter()
    for step in game.history:
        for e in step.events:
            kind = e.get("type")
            if isinstance(kind, str) and (kind in notable if notable is not None else kind not in QUIET):
                counts[kind] += 1
    return counts


def play(task: Task) -> dict[str, Any]:
    """Play ``task``'s game and return its row."""
    rs = get_ruleset(task.ruleset)
    game = Game(rs, seed=task.seed, options=dict(task.options), setup=dict(task.setup))
    agents = {p: lab_agent(kind, rs, game.options, game.setup, task.seed * SEAT_SEEDS + i)
              for i, (p, kind) in enumerate(zip(game.players, task.agents, strict=True))}
    game.run(until="end", agents=agents, max_steps=task.max_steps)
    result = game.result()
    row: dict[str, Any] = {"setting": task.setting}
    row.update({k: json.dumps(v) for k, v in task.params})
    row.update({"game": task.game, "seed": task.seed, "agents": ",".join(task.agents),
                "seats": ",".join(game.players),
                "outcome": result.kind, "winner": result.winner or "",
                "first_player": first_player(rs, game.state), "steps": len(game.history),
                "decisions": game.decisions_made()})
    for name in getattr(rs, "length_figures", ()):
        value = result.figures.get(name)
        row[name] = int(value) if isinstance(value, int) else None
    events = key_events(rs, game)
    for kind in sorted(getattr(rs, "notable_events", None) or ()):
        row[f"events.{kind}"] = events.get(kind, 0)
    row["events"] = json.dumps(dict(sorted(events.items())))
    return row


def play_chunk(tasks: Sequence[Task]) -> list[dict[str, Any]]:
    """Play several games in a row (one worker's share) and return their rows."""
    with fewer_collections():
        return [play(t) for t in tasks]
