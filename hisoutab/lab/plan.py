"""A sweep's plan: the grid of settings (rule options and setup fields) × N seeded games.

``KEY=V1,V2`` names a rule option of the ruleset (``-O``-style keys) or, when no option has that
name, a field of its setup (``players``); each value is read as YAML (a number, true/false, a word).
Game ``k`` of every setting is played with seed ``S + k`` (the same seeds in every setting: the
settings are compared on the same deals and dice), its agents seeded from it (seat ``i``:
``seed * 16 + i``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from hisoutab.engine.errors import InputError
from hisoutab.engine.ruleset import get_ruleset

SEAT_SEEDS = 16  # agent seeds per game seed


@dataclass(frozen=True)
class Task:
    """One game of a sweep."""

    ruleset: str
    setting: str  # "KEY=VALUE KEY=VALUE" (the grid's values), "default" for an empty grid
    params: tuple[tuple[str, Any], ...]  # the grid's values, in the grid's order
    options: Mapping[str, Any]  # every rule option set (fixed ones and the grid's)
    setup: Mapping[str, Any]
    agents: tuple[str, ...]
    game: int
    seed: int
    max_steps: int

    @property
    def key(self) -> tuple[str, int]:
        return self.setting, self.game


@dataclass(frozen=True)
class Plan:
    ruleset: str
    keys: tuple[str, ...]
    settings: tuple[tuple[tuple[str, Any], ...], ...]
    agents: tuple[str, ...]
    games: int
    seed: int
    max_steps: int
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] = field(default_factory=dict)
    option_keys: frozenset[str] = frozenset()
    players: tuple[int, ...] = ()  # each setting's number of players

    def tasks(self) -> list[Task]:
        out = []
        for params, n in zip(self.settings, self.players, strict=True):
            seats = agent_seats(",".join(self.agents), n)
            options = {**self.options, **{k: v for k, v in params if k in self.option_keys}}
            setup = {**self.setup, **{k: v for k, v in params if k not in self.option_keys}}
            label = setting_label(params)
            out += [Task(self.ruleset, label, params, options, setup, seats, k, self.seed + k,
                         self.max_steps) for k in range(self.games)]
        return out

    def describe(self) -> dict[str, Any]:
        """What a stored sweep must share with a sweep that extends it."""
        return {"ruleset": self.ruleset, "agents": list(self.agents), "max_steps": self.max_steps,
                "seed": self.seed, "keys": list(self.keys),
                "options": _plain(self.options), "setup": _plain(self.setup)}


def _plain(value: Mapping[str, Any]) -> dict[str, Any]:
    plain: dict[str, Any] = json.loads(json.dumps(dict(value), sort_keys=True, default=str))
    return plain


def setting_label(params: Sequence[tuple[str, Any]]) -> str:
    return " ".join(f"{k}={_text(v)}" for k, v in params) or "default"


def _text(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def parse_grid(items: Sequence[str]) -> list[tuple[str, list[Any]]]:
    """``KEY=V1,V2`` items as (key, values); a key given twice or without values is refused."""
    grid: list[tuple[str, list[Any]]] = []
    for item in items:
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key or not raw.strip():
            raise InputError(f"{item!r}: expected KEY=V1,V2,…, e.g. guard.spirit_cost=1,2",
                             field="--grid")
        if key in (k for k, _ in grid):
            raise InputError(f"{key!r} is given twice; give all its values in one --grid",
                             field="--grid")
        values = []
        for text in raw.split(","):
            try:
                values.append(yaml.safe_load(text) if text.strip() else "")
            except yaml.YAMLError:
                raise InputError(f"{text!r} is not a value; expected a number, true/false or a word",
                                 field=f"--grid {key}") from None
        grid.append((key, values))
    return grid


def agent_seats(text: str, players: int) -> tuple[str, ...]:
    """``heuristic,search`` → one agent kind per seat of a game of ``players`` (the last repeated
    for the seats left; one kind: everyone)."""
    from hisoutab.lab.agents import AGENT_KINDS

    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    if not kinds:
        raise InputError("expected agent kinds, e.g. heuristic,random", field="--agents")
    for k in kinds:
        if k not in AGENT_KINDS:
            raise InputError(f"unknown agent {k!r}; expected one of {', '.join(AGENT_KINDS)}",
                             field="--agents")
    if len(kinds) > players:
        raise InputError(f"{len(kinds)} agents for a game of {players} players", field="--agents")
    return kinds + (kinds[-1],) * (players - len(kinds))


def make_plan(ruleset: str, grid: Sequence[str], *, agents: str = "random", games: int = 100,
              seed: int = 0, max_steps: int = 60_000, options: Mapping[str, Any] | None = None,
              setup: Mapping[str, Any] | None = None) -> Plan:
    """The plan of a sweep, every setting checked as a game checks it (one located message)."""
    rs = get_ruleset(ruleset)
    parsed = parse_grid(grid)
    option_names = {o.name for o in rs.options}
    fields = set(getattr(rs.setup_schema, "model_fields", {}))
    for key, _ in parsed:
        if key not in option_names and key not in fields:
            raise InputError(f"{key!r} is neither a rule option of {rs.id} nor a field of its setup; "
                             f"options: {', '.join(sorted(option_names)) or 'none'}; setup: "
                             f"{', '.join(sorted(fields)) or 'nothing'}", field="--grid")
    if isinstance(games, bool) or games < 1:
        raise InputError(f"--games {games}: expected a whole number ≥ 1", field="--games")
    settings = tuple(tuple(zip([k for k, _ in parsed], combo, strict=True))
                     for combo in itertools.product(*[v for _, v in parsed]))
    plan = Plan(rs.id, tuple(k for k, _ in parsed), settings, (), games, seed, max_steps,
                dict(options or {}), dict(setup or {}), frozenset(option_names))
    counts = []
    for params in settings:
        opts = {**plan.options, **{k: v for k, v in params if k in option_names}}
        stp = {**plan.setup, **{k: v for k, v in params if k not in option_names}}
        where = f"--grid {setting_label(params)}"
        try:
            resolved = rs.options.resolve(opts)
            ctx = rs.context(resolved, rs.validate_setup(stp))
        except InputError as exc:
            detail = f"{exc.field}: {exc.detail}" if exc.field else exc.detail
            raise InputError(detail, field=where) from None
        counts.append(len(rs.player_names(ctx)))
        agent_seats(agents, counts[-1])
    kinds = tuple(k.strip() for k in agents.split(",") if k.strip())
    return Plan(plan.ruleset, plan.keys, settings, kinds, games, seed, max_steps, plan.options,
                plan.setup, plan.option_keys, tuple(counts))
