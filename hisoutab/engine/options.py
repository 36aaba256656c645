"""Rule options: every Reading of a rules reference is a named option with a documented default."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

MAX_DIGITS = 100  # digits of an integer option value (as the file loader bounds them)


def shown(value: Any) -> str:
    """``repr(value)`` for a message; an integer of thousands of digits is not written out (nor
    can Python write it). The error itself bounds a long message."""
    if isinstance(value, int) and not isinstance(value, bool) and too_long(value):
        return f"an integer of more than {MAX_DIGITS} digits"
    return repr(value)


def too_long(value: int) -> bool:
    """Whether an integer has more than :data:`MAX_DIGITS` digits (without writing it out)."""
    return abs(value).bit_length() > MAX_DIGITS * 3.33



@dataclass(frozen=True)
class RuleOption:
    """One named option. ``choices`` lists the allowed values when they are a closed set."""

    name: str
    default: Any
    reading: str
    doc: str
    choices: tuple[Any, ...] = ()
    kind: type | tuple[type, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None  # every option that sizes something has one (a board, a hand)
    check: Any = None  # optional callable(value) -> str | None (an error text)
    #: the value names a file or folder: written in a file (a scenario), a relative one is read
    #: against that file's folder (:meth:`OptionSet.read_in`); a file written elsewhere (a
    #: capture, an export) keeps it absolute (:meth:`OptionSet.absolute`)
    path: bool = False

    def validate(self, value: Any) -> Any:
        expected = self.describe_expected()
        self._bounded(value, expected)
        if self.choices:
            if value not in self.choices or isinstance(value, bool) != isinstance(self.default, bool):
                raise OptionError(f"{shown(value)} is not allowed; expected {expected}", field=self.name)
            return value
        value = self._of_kind(value, expected)
        if self.minimum is not None and isinstance(value, int) and value < self.minimum:
            raise OptionError(f"{shown(value)} is too small; expected {expected}", field=self.name)
        if self.maximum is not None and isinstance(value, int) and value > self.maximum:
            raise OptionError(f"{shown(value)} is too large; expected {expected}", field=self.name)
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise OptionError(f"{shown(value)} is not allowed; expected {problem}", field=self.name)
        return value

    def _bounded(self, value: Any, expected: str) -> None:
        """No integer of more than MAX_DIGITS digits, alone or in a list."""
        items = value if isinstance(value, (list, tuple)) else (value,)
        for item in items:
            if isinstance(item, int) and not isinstance(item, bool) and too_long(item):
                raise OptionError(f"an integer of more than {MAX_DIGITS} digits is not allowed; "
                                  f"expected {expected}", field=self.name)

    def _of_kind(self, value: Any, expected: str) -> Any:
        """``value`` of the option's kind (a list becomes a tuple)."""
        kind = self.kind or type(self.default)
        if isinstance(value, bool) and kind is not bool:
            raise OptionError(f"{shown(value)} is not allowed; expected {expected}", field=self.name)
        if kind is list:
            if not isinstance(value, (list, tuple)):
                raise OptionError(f"{shown(value)} is not allowed; expected {expected}", field=self.name)
            return tuple(value)
        if not isinstance(value, kind):
            raise OptionError(f"{shown(value)} is not allowed; expected {expected}", field=self.name)
        return value

    def describe_expected(self) -> str:
        if self.choices:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        kind = self.kind or type(self.default)
        names: dict[Any, str] = {bool: "true or false", int: "an integer", str: "a string",
                                 list: "a list"}
        text: str = names.get(kind) or getattr(kind, "__name__", None) or str(kind)
        if self.minimum is not None and self.maximum is not None:
            text += f" from {self.minimum} to {self.maximum}"
        elif self.minimum is not None:
            text += f" ≥ {self.minimum}"
        elif self.maximum is not None:
            text += f" ≤ {self.maximum}"
        return text


@dataclass(frozen=True)
class OptionSet:
    """The options a ruleset declares."""

    declared: tuple[RuleOption, ...]
    _by_name: dict[str, RuleOption] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {o.name: o for o in self.declared})

    def __iter__(self) -> Iterator[RuleOption]:
        return iter(self.declared)

    def get(self, name: str) -> RuleOption:
        if not isinstance(name, str):
            raise OptionError(f"{shown(name)}: expected an option's name (a text); known options: "
                              + ", ".join(sorted(self._by_name)))
        try:
            return self._by_name[name]
        except KeyError:
            raise OptionError(
                "unknown rule option; known options: " + ", ".join(sorted(self._by_name)),
                field=name,
            ) from None

    def defaults(self) -> Options:
        return Options({o.name: o.default for o in self.declared})

    def resolve(self, overrides: Mapping[str, Any] | None = None) -> Options:
        """Defaults with ``overrides`` applied; raises :class:`OptionError` naming the first bad one."""
        values = {o.name: o.default for o in self.declared}
        for name, value in (overrides or {}).items():
            values[name] = self.get(name).validate(value)
        return Options(values)


    def read_in(self, values: Mapping[str, Any], folder: str | os.PathLike[str]) -> dict[str, Any]:
        """``values`` as written in a file of ``folder``: a relative path option's value joined to
        the folder (so the file reads the same from any working directory)."""
        return {k: _joined(v, folder) if self._is_path(k) else v for k, v in values.items()}

    def absolute(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """``values`` with every relative path option's value made absolute (against the working
        directory): what a file written elsewhere (a capture, an export) keeps."""
        return self.read_in(values, os.getcwd())

    def _is_path(self, name: Any) -> bool:
        option = self._by_name.get(name) if isinstance(name, str) else None
        return option is not None and option.path


def _joined(value: Any, folder: str | os.PathLike[str]) -> Any:
    if not isinstance(value, str) or not value or os.path.isabs(value):
        return value
    return os.path.normpath(os.path.join(os.path.abspath(folder), value))


class Options(dict[str, Any]):
    """Resolved option values of one game: a read-only dict (reads are as fast as a dict's)."""

    def _readonly(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("rule options are read-only; make a new game with other options")

    __setitem__ = __delitem__ = _readonly
    clear = pop = popitem = setdefault = update = _readonly  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Options({dict.__repr__(self)})"

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted((k, repr(v)) for k, v in self.items())))

    def changed(self, declared: OptionSet) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        return {o.name: self[o.name] for o in declared if self[o.name] != o.default}
