"""The explicit ``state:`` overlay of a scenario: set any state field by name, generically.

The overlay is a mapping whose keys are the state record's field names, plus the player names
(``P1``, ``P2``) for the records of the players' tuple. Values are written as in ``to_dict`` form,
with a few conveniences: player names for player indices (``initiative: P2``), ``right`` / ``left``
for a facing, and in the declared card zones cards named as the guide names them (``P1/bid#7``,
``bid#7``, ``bid``: :mod:`.cardnames`), moved out of the zone they were in (:mod:`.placing`), so
that no card is in two places. Nothing here knows the list of fields: it is read from the records'
type hints.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from hisoutab.engine.errors import InputError
from hisoutab.engine.record import from_dict, is_record, to_dict, type_hints
from hisoutab.engine.yamlio import Located

from .places import Place
from .placing import REST_KEY, Placer

Path = tuple[str | int, ...]



def aliases_for(ruleset: Any) -> Mapping[str, Mapping[str, Any]]:
    """The words a ruleset's scenarios may write for values (``facing: right``), from its
    presentation."""
    from hisoutab.presentation.base import presentation_for

    return presentation_for(ruleset).aliases


def field_names(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)]


def hints_of(cls: type) -> Mapping[str, Any]:
    """A record class's field types (worked out once per class; read-only)."""
    return type_hints(cls)


def players_field(state: Any, player_names: Sequence[str]) -> str | None:
    """The state field that holds the players' records (a tuple of records with a ``name``)."""
    for f in dataclasses.fields(state):
        v = getattr(state, f.name)
        if (isinstance(v, tuple) and v and all(is_record(x) for x in v)
                and [getattr(x, "name", None) for x in v] == list(player_names)):
            return f.name
    return None


def _args(hint: Any) -> tuple[Any, ...]:
    return typing.get_args(hint)


def _is_union(hint: Any) -> bool:
    o = typing.get_origin(hint)
    return o is typing.Union or o is types.UnionType


def _is_optional_str(hint: Any) -> bool:
    return _is_union(hint) and set(_args(hint)) == {str, type(None)}


def _accepts_int(hint: Any) -> bool:
    if hint is int:
        return True
    return _is_union(hint) and int in _args(hint)


def _record_class(hint: Any) -> bool:
    return isinstance(hint, type) and bool(getattr(hint, "__record__", False))


def convert_names(hint: Any, value: Any, names: Sequence[str]) -> Any:
    """Player names → player indices where the field holds integers."""
    if isinstance(value, str) and value in names and _accepts_int(hint):
        return list(names).index(value)
    if typing.get_origin(hint) is tuple and isinstance(value, list):
        a = _args(hint)
        if len(a) == 2 and a[1] is Ellipsis and _accepts_int(a[0]):
            return [list(names).index(v) if isinstance(v, str) and v in names else v for v in value]
        if len(a) == 2 and a[1] is Ellipsis and _record_class(a[0]):
            return [convert_names(a[0], v, names) for v in value]
    if _record_class(hint) and isinstance(value, dict):
        sub = hints_of(hint)  # a record's fields too: a bullet's owner: P1
        return {k: convert_names(sub[k], v, names) if k in sub else v for k, v in value.items()}
    return value


def _type_word(hint: Any) -> str:
    if hint is int:
        return "an integer"
    if hint is str:
        return "a text"
    if hint is bool:
        return "true or false"
    if _is_union(hint):
        return " or ".join(_type_word(a) for a in _args(hint))
    if hint is type(None):
        return "null"
    if typing.get_origin(hint) is tuple:
        return "a list"
    if isinstance(hint, type) and is_record(hint):
        return f"a mapping ({hint.__name__})"
    return getattr(hint, "__name__", str(hint))


class Overlay:
    """Applies one ``state:`` mapping to a state (see the module docstring)."""

    def __init__(self, located: Located, base: Path, ruleset: Any, ctx: Any) -> None:
        self.loc = located
        self.base = base
        self.ruleset = ruleset
        self.ctx = ctx
        self.names = tuple(ruleset.player_names(ctx))
        self.aliases = aliases_for(ruleset)
        self.placed_at: dict[str, Path] = {}

    def err(self, path: Path, message: str) -> InputError:
        return self.loc.error(self.base + path, message)

    # ----------------------------------------------------------------- values
    def _value(self, path: Path, hint: Any, value: Any, name: str) -> Any:
        aliases = self.aliases
        if name in aliases and isinstance(value, str) and value in aliases[name]:
            value = aliases[name][value]
        value = convert_names(hint, value, self.names)
        self._shape(path, hint, value)
        try:
            from_dict(hint, value)
        except (TypeError, ValueError, KeyError) as exc:
            extra = ""
            if name in aliases:
                extra = " (or " + " / ".join(aliases[name]) + ")"
            text = str(exc)
            if not text.startswith("expected"):
                text += f"; expected {_type_word(hint)}"
            raise self.err(path, text + extra) from None
        return value

    def _shape(self, path: Path, hint: Any, value: Any) -> None:
        """Records inside a value (a bullet token…): unknown and missing fields named, located."""
        if value is None and _is_union(hint) and type(None) in _args(hint):
            return  # an optional field left empty (``X | None``: capture writes null)
        if _is_union(hint):
            records = [a for a in _args(hint) if _record_class(a)]
            if records and not isinstance(value, dict) and len(records) < len(_args(hint)):
                return  # another member of the union holds it (a grid's empty cell ""): from_dict checks
            if records:
                hint = records[-1]
        if typing.get_origin(hint) is tuple and isinstance(value, list):
            a = _args(hint)
            if len(a) == 2 and a[1] is Ellipsis:
                for k, item in enumerate(value):
                    self._shape(path + (k,), a[0], item)
            return
        if _record_class(hint):
            self._record_shape(path, hint, value)

    def _record_shape(self, path: Path, hint: Any, value: Any) -> None:
        name = hint.__name__
        if not isinstance(value, dict):
            raise self.err(path, f"expected a mapping ({name}: "
                           + ", ".join(field_names(hint)) + f"), got {value!r}")
        fields = {f.name: f for f in dataclasses.fields(hint)}
        for key in value:
            if key not in fields:
                raise self.err(path + (key,), f"unknown field of {name}; expected one of "
                               + ", ".join(fields))
        missing = [n for n, f in fields.items() if n not in value
                   and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
        if missing:
            raise self.err(path, f"missing {', '.join(missing)}; a {name} needs "
                           + ", ".join(n for n, f in fields.items() if f.default is dataclasses.MISSING
                                       and f.default_factory is dataclasses.MISSING))
        sub = hints_of(hint)
        for key, v in value.items():
            self._shape(path + (key,), sub[key], v)
            if not _record_class(sub[key]) and typing.get_origin(sub[key]) is not tuple:
                try:
                    from_dict(sub[key], v)
                except (TypeError, ValueError, KeyError):
                    raise self.err(path + (key,), f"expected {_type_word(sub[key])}, got {v!r}"
                                   ) from None

    def _agenda(self, path: Path, value: Any) -> Any:
        steps = getattr(getattr(self.ruleset, "flow", None), "steps", {})
        if not isinstance(value, list):
            raise self.err(path, "expected a list of frames, each [step name, args...] (top last)")
        for k, frame in enumerate(value):
            if not isinstance(frame, list) or not frame or not isinstance(frame[0], str):
                raise self.err(path + (k,), "expected a frame [step name, args...]")
            if steps and frame[0] not in steps:
                raise self.err(path + (k, 0), f"unknown step {frame[0]!r}; known steps: "
                               + ", ".join(sorted(steps)))
        return value

    # ------------------------------------------------------------------ apply
    def apply(self, state: Any, overlay: Any) -> Any:
        if not isinstance(overlay, dict):
            raise self.err((), "expected a mapping of state fields (and player names)")
        cls = type(state)
        pfield = players_field(state, self.names)
        data = to_dict(state)
        placer = Placer(self.ruleset, self.ctx, state, pfield, self.names, self.err)
        given: dict[Place, tuple[Any, Path]] = {}
        player_specs = self._state_fields(state, overlay, pfield, data, placer, given)
        rests: dict[int, str] = {}
        players = getattr(state, pfield) if pfield else ()
        for i, spec in player_specs.items():
            assert pfield is not None
            self._player(players[i], i, spec, data[pfield][i], placer, given)
            if REST_KEY in spec:
                rests[i] = spec[REST_KEY]
        self._place(data, placer, given, rests, cls, players)
        self.placed_at = placer.placed_at
        try:
            return from_dict(cls, data)
        except (TypeError, ValueError, KeyError) as exc:  # pragma: no cover - fields checked above
            raise self.err((), f"not a valid state: {exc}") from None

    def _state_fields(self, state: Any, overlay: dict[str, Any], pfield: str | None,
                      data: dict[str, Any], placer: Placer, given: dict[Place, tuple[Any, Path]]
                      ) -> dict[int, dict[str, Any]]:
        """The state's own fields set (card zones noted in ``given``); the players' specs."""
        hints = hints_of(type(state))
        fields = field_names(type(state))
        player_specs: dict[int, dict[str, Any]] = {}
        for key, value in overlay.items():
            if key in self.names and pfield:
                if not isinstance(value, dict):
                    raise self.err((key,), "expected a mapping of player fields")
                player_specs[self.names.index(key)] = value
            elif (cell := placer.cell_of(None, key)) is not None:
                placer.note_cell(cell, value, (key,))
            elif key not in fields:
                known = sorted(fields + list(self.names if pfield else ()))
                raise self.err((key,), "unknown state field; known fields: " + ", ".join(known))
            elif key == pfield:
                raise self.err((key,), f"set the players by name ({', '.join(self.names)}: ...)")
            elif key == "agenda":
                data[key] = self._agenda((key,), value)
            elif (place := placer.place_for(None, key)) is not None:
                given[place] = (placer.resolve(place, value, (key,)), (key,))
            else:
                data[key] = self._value((key,), hints[key], value, key)
        return player_specs

    def _player(self, player: Any, index: int, spec: dict[str, Any], data: dict[str, Any],
                placer: Placer, given: dict[Place, tuple[Any, Path]]) -> None:
        cls = type(player)
        hints = hints_of(cls)
        fields = field_names(cls)
        name = player.name
        for key, value in spec.items():
            if key == REST_KEY:
                if not isinstance(value, str):
                    raise self.err((name, key), f"expected a zone name, got {value!r}")
                continue
            if (cell := placer.cell_of(index, key)) is not None:
                placer.note_cell(cell, value, (name, key))
                continue
            if key not in fields:
                raise self.err((name, key), "unknown player field; known fields: "
                               + ", ".join(sorted([*fields, REST_KEY])))
            place = placer.place_for(index, key)
            if place is not None:
                given[place] = (placer.resolve(place, value, (name, key)), (name, key))
            else:
                data[key] = self._value((name, key), hints[key], value, key)

    def _place(self, data: dict[str, Any], placer: Placer, given: dict[Place, tuple[Any, Path]],
               rests: dict[int, str], cls: type, players: Sequence[Any]) -> None:
        """The card zones given: ids settled to copies, each checked as a value of its field,
        then put, the other cards moved (see :mod:`.placing`)."""
        placer.add_cells(data, given)
        for place, (value, path) in list(given.items()):
            value = placer.settle(value)
            value = placer.close_cells(place, value)
            holder = cls if place.player is None else type(players[place.player])
            hint = hints_of(holder)[place.attr]
            given[place] = (self._value(path, hint, value, place.attr), path)
        placer.apply(data, given, rests)

    # ------------------------------------------------------------ invariants
    def locate_problem(self, problem: str, overlay: dict[str, Any],
                       clears: Any = None) -> Path:
        """The overlay path a ruleset's invariant message most likely concerns; among several
        candidates (x and y of an off-board piece), the one whose removal ``clears(path)`` it.
        A message that starts with a field's path (``stack.0.hand: …``) is about that field: the
        deepest part of the path the overlay gives."""
        named = named_field(problem)
        found = _deepest(overlay, named[0]) if named is not None else ()
        if named is not None and found == named[0] and not isinstance(_at(overlay, found), dict):
            return found
        guessed = self._guess(problem, overlay, clears)
        return guessed if guessed or not found else found

    def _guess(self, problem: str, overlay: dict[str, Any], clears: Any) -> Path:
        for iid, path in self.placed_at.items():
            if iid in problem:
                return path
        words = set(re.findall(r"[a-z_]+", problem.lower()))
        ids = set(re.findall(r"[A-Za-z0-9_]+", problem))
        for key, value in overlay.items():  # a record named by its id: bullet b1
            if isinstance(value, list):
                for k, item in enumerate(value):
                    if isinstance(item, dict) and str(item.get("id")) in ids:
                        return (key, k)
        for name in self.names:
            if problem.startswith(name) and isinstance(overlay.get(name), dict):
                return (name, *_in_spec(overlay[name], words, lambda k, n=name: clears is not None
                                        and clears((n, k))))
        for key in overlay:
            if str(key).lower() in words:
                return (key,)
        return ()


_NAMED = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*): ")


def named_field(problem: str) -> tuple[Path, str] | None:
    """(the field path an invariant message starts with, the rest of the message), or None."""
    m = _NAMED.match(problem)
    if m is None:
        return None
    path = tuple(int(x) if x.isdigit() else x for x in m.group(1).split("."))
    return path, problem[m.end():]


def problem_text(problem: str, overlay: dict[str, Any], where: Path) -> str:
    """The invariant message as said at ``where``: without the field path it starts with when
    that is the field ``where`` names (a record's own problems keep their holder's name)."""
    named = named_field(problem)
    if named is None or named[0] != where or isinstance(_at(overlay, where), dict):
        return problem
    return named[1]


def _at(overlay: Any, path: Path) -> Any:
    for key in path:
        overlay = overlay[key]
    return overlay


def _deepest(overlay: Any, path: Path) -> Path:
    """The longest start of ``path`` that the overlay gives."""
    out: list[str | int] = []
    node = overlay
    for key in path:
        inside = (key in node if isinstance(node, dict) else isinstance(node, list)
                  and isinstance(key, int) and 0 <= key < len(node))
        if not inside:
            break
        node = node[key]
        out.append(key)
    return tuple(out)


#: words of invariant messages → the fields they are likely about
SYNONYMS = {"piece": ("x", "y"), "board": ("x", "y"), "timeline": ("marker", "hit"),
            "gauge": ("spirit",), "token": ("hit", "marker"), "sequence": ("spell_seq",)}


def _in_spec(spec: dict[str, Any], words: set[str], clears: Any) -> Path:
    """The field of a player's overlay a message about that player names (or hints at)."""
    for key in spec:
        if key.lower() in words:
            return (key,)
    found = [key for word, keys in SYNONYMS.items() if word in words for key in keys if key in spec]
    if len(found) > 1:
        for key in found:
            if clears(key):
                return (key,)
    return (found[0],) if found else ()
