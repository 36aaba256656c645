"""The explicit ``state:`` overlay of a scenario: set any state field by name, generically.

The overlay is a mapping whose keys are the state record's field names, plus the player names
(``P1``, ``P2``) for the records of the players' tuple. Values are written as in ``to_dict`` form,
with a few conveniences: player names for player indices (``initiative: P2``), ``right`` / ``left``
for a facing, and card ids (``gohei_jab``) for card instances, resolved by the ruleset context to
the next unused copy and moved out of the zone they were in, so that no card is in two places.
Nothing here knows the list of fields: it is read from the records' type hints.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from hisoutab.engine.errors import InputError
from hisoutab.engine.record import from_dict, is_record, to_dict
from hisoutab.engine.yamlio import Located

Path = tuple[str | int, ...]



def aliases_for(ruleset: Any) -> Mapping[str, Mapping[str, Any]]:
    """The words a ruleset's scenarios may write for values (``facing: right``), from its
    presentation."""
    from hisoutab.presentation.base import presentation_for

    return presentation_for(ruleset).aliases
SPELL_PILES = {"discard": "spell_discard"}  # where `rest` sends a spell card
REST_KEY = "rest"  # per player: where cards pushed out of an overlaid zone go (default: the deck)


def field_names(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)]


def hints_of(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


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


def is_card_field(hint: Any) -> bool:
    """A field holding card instances: ``str | None`` or a tuple of ``str`` / ``str | None``
    (a plain ``str`` field is a name, not a card)."""
    if _is_optional_str(hint):
        return True
    if typing.get_origin(hint) is tuple:
        a = _args(hint)
        if len(a) == 2 and a[1] is Ellipsis:
            return a[0] is str or _is_optional_str(a[0])
    return False


def card_fields_of(ruleset: Any, cls: type) -> list[str]:
    """The fields of a player record (``cls``) that hold cards: the ruleset's declared player card
    zones; for a ruleset that declares none, the fields whose type can hold a card instance."""
    declared = {z.attr for z in getattr(ruleset, "zones", ()) if z.holds_cards and z.owner == "player"
                and not z.card_attr}
    hints = hints_of(cls)
    if declared:
        return [f for f in field_names(cls) if f in declared]
    return [f for f in field_names(cls) if is_card_field(hints[f])]


def shared_cards(ruleset: Any, data: dict[str, Any]) -> set[str]:
    """The cards the shared zones of a state in ``to_dict`` form hold (tokens carrying cards too)."""
    out: set[str] = set()
    for z in getattr(ruleset, "zones", ()):
        if not z.holds_cards or z.owner != "shared":
            continue
        value = data.get(z.attr)
        items = value if isinstance(value, list) else [value]
        for x in items:
            c = x.get(z.card_attr) if z.card_attr and isinstance(x, dict) else x
            if isinstance(c, str) and c:
                out.add(c)
    return out


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


def card_base(iid: str) -> str:
    """``P1/gohei_jab#2`` → ``gohei_jab``."""
    return iid.split("/", 1)[-1].split("#", 1)[0]


def short_card(iid: str) -> str:
    """``P1/gohei_jab#2`` → ``gohei_jab#2`` (the owner is implied by the zone)."""
    return iid.split("/", 1)[-1]


def _copy_no(iid: str) -> int:
    m = re.search(r"#(\d+)$", iid)
    return int(m.group(1)) if m else 0


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
        if _is_union(hint):
            for a in _args(hint):
                if _record_class(a):
                    hint = a
        if typing.get_origin(hint) is tuple and isinstance(value, list):
            a = _args(hint)
            if len(a) == 2 and a[1] is Ellipsis:
                for k, item in enumerate(value):
                    self._shape(path + (k,), a[0], item)
            return
        if not _record_class(hint):
            return
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
        hints = hints_of(cls)
        fields = field_names(cls)
        pfield = players_field(state, self.names)
        data = to_dict(state)
        player_specs: dict[int, dict[str, Any]] = {}
        for key, value in overlay.items():
            if key in self.names and pfield:
                if not isinstance(value, dict):
                    raise self.err((key,), "expected a mapping of player fields")
                player_specs[self.names.index(key)] = value
            elif key in fields:
                if key == pfield:
                    raise self.err((key,), f"set the players by name ({', '.join(self.names)}: ...)")
                if key == "agenda":
                    data[key] = self._agenda((key,), value)
                else:
                    data[key] = self._value((key,), hints[key], value, key)
            else:
                known = sorted(fields + list(self.names if pfield else ()))
                raise self.err((key,), "unknown state field; known fields: " + ", ".join(known))
        if pfield:
            players = list(getattr(state, pfield))
            resolved = self._resolve_cards(players, player_specs)
            elsewhere = shared_cards(self.ruleset, data)
            for i, spec in player_specs.items():
                data[pfield][i] = self._player(players[i], spec, resolved.get(i, {}), elsewhere)
        try:
            return from_dict(cls, data)
        except (TypeError, ValueError, KeyError) as exc:  # pragma: no cover - fields checked above
            raise self.err((), f"not a valid state: {exc}") from None

    def _player(self, player: Any, spec: dict[str, Any], cards: dict[str, Any],
                elsewhere: frozenset[str] | set[str] = frozenset()) -> dict[str, Any]:
        cls = type(player)
        hints = hints_of(cls)
        fields = field_names(cls)
        name = player.name
        data = to_dict(player)
        for key, value in spec.items():
            if key == REST_KEY:
                continue
            if key not in fields:
                raise self.err((name, key), "unknown player field; known fields: "
                               + ", ".join(sorted([*fields, REST_KEY])))
            if key in cards:
                data[key] = cards[key]
            else:
                data[key] = self._value((name, key), hints[key], value, key)
        # cards placed by the overlay leave the zones that were not overlaid
        placed = {c for v in cards.values() for c in (v if isinstance(v, list) else [v]) if c}
        placed |= elsewhere  # held by a shared zone (a bullet token's card): in no player zone
        card_fields = card_fields_of(self.ruleset, cls)
        for f in card_fields:
            if f in cards:
                continue
            v = data[f]
            if isinstance(v, list):
                # a zone of slots (it can hold None: an empty slot) keeps its slots
                slots = _is_optional_str(typing.get_args(hints[f])[0]) if typing.get_args(hints[f]) else False
                data[f] = ([None if c in placed else c for c in v] if slots
                           else [c for c in v if c not in placed])
            elif v in placed:
                data[f] = None
        # cards pushed out of an overlaid zone and placed nowhere go home (or to `rest`)
        before: set[str] = set()
        for f in card_fields:
            v = to_dict(getattr(player, f))
            before.update(c for c in (v if isinstance(v, list) else [v]) if c)
        now: set[str] = set(elsewhere)
        for f in card_fields:
            v = data[f]
            now.update(c for c in (v if isinstance(v, list) else [v]) if c)
        lists = [f for f in card_fields if isinstance(data.get(f), list)]
        if REST_KEY in spec:
            rest = spec[REST_KEY]
        else:
            # the default: the bottom of the deck, or the hand when the ruleset has no deck
            rest = next((f for f in ("deck", "hand") if f in lists), lists[0] if lists else "deck")
        if rest not in card_fields or not isinstance(data.get(rest), list):
            raise self.err((name, REST_KEY), f"{rest!r} is not a card zone holding a list; "
                           "expected one of " + ", ".join(
                               f for f in card_fields if isinstance(data[f], list)))
        front: list[str] = []
        for c in sorted(before - now, key=lambda c: (card_base(c), _copy_no(c))):
            home = self._home(c, rest)
            if home == "extra" and self._back_to_slot(c, name, data):
                continue
            if home not in data or not isinstance(data[home], list):
                home = rest
            if home == "hand":
                front.append(c)
            else:
                data[home] = [*data[home], c]
        if front:
            # standing cards go back in front of the hand, in the character's standing order
            order: list[str] = []
            for ch in getattr(self.ctx, "characters", None) or ():
                if getattr(ch, "id", None) == getattr(player, "character", None):
                    order = [str(s) for s in getattr(ch, "standing", ())]
                    break
            front.sort(key=lambda c: order.index(card_base(c)) if card_base(c) in order else len(order))
            data["hand"] = [*front, *data["hand"]]
        return data

    def _back_to_slot(self, iid: str, name: str, data: dict[str, Any]) -> bool:
        """A displaced special effect card back to its own empty slot of the special area."""
        areas = getattr(self.ctx, "special_areas", None)
        slots = data.get("special")
        if not areas or name not in self.names or not isinstance(slots, list):
            return False
        mine = areas[self.names.index(name)]
        if iid not in mine:
            return False
        k = list(mine).index(iid)
        if k >= len(slots) or slots[k] is not None:
            return False
        slots[k] = iid
        return True

    def _home(self, iid: str, rest: str) -> str:
        """Where a displaced card goes: standing cards to the hand, a knockdown card set aside,
        anything else to ``rest`` (when the context says which cards those are)."""
        if iid in getattr(self.ctx, "standing", ()):
            return "hand"
        if iid in getattr(self.ctx, "knockdown_cards", ()):
            return "aside"
        if iid in getattr(self.ctx, "spell_cards", ()):
            # a spell card to the spell pile of that kind, never to the main deck or discard
            return rest if rest.startswith("spell_") else SPELL_PILES.get(rest, "spell_deck")
        if iid in getattr(self.ctx, "specials", ()):
            return "extra"
        return rest

    def _resolve_cards(self, players: list[Any], specs: dict[int, dict[str, Any]]
                       ) -> dict[int, dict[str, Any]]:
        """Per player, per overlaid card field: the values with card ids resolved to instances."""
        cards = getattr(self.ctx, "cards", None)
        out: dict[int, dict[str, Any]] = {}
        if cards is None:
            return out
        for i, spec in specs.items():
            name = self.names[i]
            hints = hints_of(type(players[i]))
            zone_fields = set(card_fields_of(self.ruleset, type(players[i])))
            mine = [c for c in cards if c.startswith(name + "/")]
            bases: dict[str, list[str]] = {}
            for c in sorted(mine, key=lambda c: (card_base(c), _copy_no(c))):
                bases.setdefault(card_base(c), []).append(c)
            used: set[str] = set()
            pending: list[tuple[str, int, str, Path]] = []  # (field, index, bare id, path)
            res: dict[str, Any] = {}
            for key, value in spec.items():
                if key not in hints or key not in zone_fields:
                    continue
                path: Path = (name, key)
                many = typing.get_origin(hints[key]) is tuple
                if many and not isinstance(value, list):
                    raise self.err(path, f"expected a list of cards, got {value!r}")
                items = value if many else [value]
                vals: list[Any] = []
                for k, item in enumerate(items):
                    p = path + (k,) if many else path
                    if item is None:
                        if many and not _is_optional_str(_args(hints[key])[0]):
                            raise self.err(p, "expected a card id, got null")
                        vals.append(None)
                        continue
                    if not isinstance(item, str):
                        raise self.err(p, f"expected a card id such as {card_base(mine[0])!r}, "
                                       f"got {item!r}" if mine else f"expected a card id, got {item!r}")
                    exact = item if item in cards else f"{name}/{item}"
                    if exact in cards and exact.startswith(name + "/"):
                        if exact in used:
                            raise self.err(p, f"{exact} is placed twice")
                        used.add(exact)
                        self.placed_at[exact] = self.base + p
                        vals.append(exact)
                    elif item in bases:
                        vals.append(None)
                        pending.append((key, len(vals) - 1, item, p))
                    else:
                        other = [n for n in self.names if n != name
                                 and ((item in cards and item.startswith(n + "/"))
                                      or any(c.startswith(n + "/") and card_base(c) == card_base(item)
                                             for c in cards))]
                        if other:
                            raise self.err(p, f"{item!r} is a card of {other[0]}, not of {name}")
                        raise self.err(p, f"unknown card {item!r} for {name} "
                                       f"({getattr(players[i], 'character', '?')}); known cards: "
                                       + ", ".join(sorted(bases)))
                res[key] = vals if many else vals[0]
            for key, idx, bare, p in pending:
                free = [c for c in bases[bare] if c not in used]
                if not free:
                    raise self.err(p, f"{name} has only {len(bases[bare])} {bare} "
                                   f"card{'s' if len(bases[bare]) != 1 else ''}; all are placed")
                used.add(free[0])
                self.placed_at[free[0]] = self.base + p
                if isinstance(res[key], list):
                    res[key][idx] = free[0]
                else:
                    res[key] = free[0]
            out[i] = res
        return out

    # ------------------------------------------------------------ invariants
    def locate_problem(self, problem: str, overlay: dict[str, Any],
                       clears: Any = None) -> Path:
        """The overlay path a ruleset's invariant message most likely concerns; among several
        candidates (x and y of an off-board piece), the one whose removal ``clears(path)`` it."""
        for iid, path in self.placed_at.items():
            if iid in problem:
                return path[len(self.base):]
        words = set(re.findall(r"[a-z_]+", problem.lower()))
        synonyms = {"piece": ("x", "y"), "board": ("x", "y"), "timeline": ("marker", "hit"),
                    "gauge": ("spirit",), "token": ("hit", "marker"), "sequence": ("spell_seq",)}
        ids = set(re.findall(r"[A-Za-z0-9_]+", problem))
        for key, value in overlay.items():  # a record named by its id: bullet b1
            if isinstance(value, list):
                for k, item in enumerate(value):
                    if isinstance(item, dict) and str(item.get("id")) in ids:
                        return (key, k)
        for name in self.names:
            if problem.startswith(name) and isinstance(overlay.get(name), dict):
                spec = overlay[name]
                for key in spec:
                    if key.lower() in words:
                        return (name, key)
                found = [key for word, keys in synonyms.items() if word in words
                         for key in keys if key in spec]
                if len(found) > 1 and clears is not None:
                    for key in found:
                        if clears((name, key)):
                            return (name, key)
                if found:
                    return (name, found[0])
                return (name,)
        for key in overlay:
            if str(key).lower() in words:
                return (key,)
        return ()
