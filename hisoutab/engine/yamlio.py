"""Safe, bounded YAML loading that remembers where every value stood, for messages with line numbers.

Only plain data is built (PyYAML's safe constructors): loading a file never runs its content. Loading
is bounded, so that no file can exhaust the machine:

- a file over :data:`MAX_FILE_BYTES` is refused before it is read, and so is anything that is not a
  regular file (a folder, a FIFO, a device such as ``/dev/zero``);
- aliases are not expanded beyond :data:`MAX_NODES` values in all, and values nest at most
  :data:`MAX_DEPTH` deep (a "billion laughs" alias bomb or a recursive alias is refused at once);
- a value YAML cannot hold as plain data (``!!int abc``, an integer of thousands of digits) is one
  located error.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError
from .files import MAX_FILE_BYTES, read_text

Path_ = tuple[str | int, ...]

MAX_NODES = 50_000  # values after alias expansion
MAX_DEPTH = 64  # nesting of mappings and lists
MAX_DIGITS = 100  # digits of an integer
# libyaml's parser where it is built in: faster, and it refuses deep nesting itself
_COMPOSER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Budget:
    """Counts the values built while aliases are expanded."""

    __slots__ = ("file", "nodes")

    def __init__(self, file: str) -> None:
        self.file = file
        self.nodes = 0

    def spend(self, node: yaml.Node, depth: int) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise InputError(f"more than {MAX_NODES:,} values once its aliases are expanded; "
                             "write the data out or use fewer aliases", file=self.file,
                             line=node.start_mark.line + 1)
        if depth > MAX_DEPTH:
            raise InputError(f"values nest more than {MAX_DEPTH} deep (or an alias contains "
                             "itself)", file=self.file, line=node.start_mark.line + 1)


class Located:
    """Loaded YAML data plus the line of each value, keyed by its path of keys and indices."""

    def __init__(self, data: Any, lines: dict[Path_, int], file: str) -> None:
        self.data = data
        self.lines = lines
        self.file = file

    def line_of(self, path: Sequence[str | int]) -> int | None:
        """The line of the deepest part of ``path`` that exists in the file."""
        p = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.lines.get((), None)

    def error(self, path: Sequence[str | int], message: str) -> InputError:
        field = ".".join(str(x) for x in path) if path else None
        return InputError(message, file=self.file, line=self.line_of(path), field=field)


def _walk(node: yaml.Node, path: Path_, lines: dict[Path_, int], file: str,
          budget: _Budget | None = None) -> Any:
    if budget is None:
        budget = _Budget(file)
    budget.spend(node, len(path))
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _walk(key_node, path + ("<key>",), {}, file, budget)
            if isinstance(key, (list, dict)):
                raise InputError("a mapping key must be a plain value",
                                 file=file, line=key_node.start_mark.line + 1)
            if key in out:
                raise InputError(f"duplicate key {key!r}", file=file,
                                 line=key_node.start_mark.line + 1,
                                 field=".".join(str(x) for x in path + (key,)))
            lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _walk(value_node, path + (key,), lines, file, budget)
            lines[path + (key,)] = value_node.start_mark.line + 1 if not isinstance(
                value_node, (yaml.MappingNode, yaml.SequenceNode)) else key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_walk(item, path + (i,), lines, file, budget) for i, item in enumerate(node.value)]
    field = ".".join(str(x) for x in path) or None
    if (isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:int"
            and sum(ch.isdigit() for ch in node.value) > MAX_DIGITS):
        raise InputError(f"an integer of more than {MAX_DIGITS} digits", file=file,
                         line=node.start_mark.line + 1, field=field)
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError as exc:
        raise InputError(f"a value this format cannot hold ({exc.problem}); expected plain data: "
                         "a number, true/false, text, a list or a mapping",
                         file=file, line=node.start_mark.line + 1, field=field) from None
    except (ValueError, TypeError, OverflowError, KeyError, IndexError, AttributeError):
        shown = node.value if isinstance(node.value, str) else ""
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        tag = node.tag.rsplit(":", 1)[-1]
        raise InputError(f"{shown!r} is not a valid {tag}", file=file,
                         line=node.start_mark.line + 1, field=field) from None
    finally:
        loader.dispose()


def load_yaml_text(text: str, file: str) -> Located:
    """Parse YAML text; syntax errors become an :class:`InputError` naming the file and line."""
    if len(text) > MAX_FILE_BYTES:
        raise InputError(f"is {len(text):,} characters; a file may have at most {MAX_FILE_BYTES:,}",
                         file=file)
    try:
        node = yaml.compose(text, Loader=_COMPOSER)
    except RecursionError:
        raise InputError(f"values nest more than {MAX_DEPTH} deep", file=file) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "invalid YAML"
        raise InputError(f"invalid YAML: {problem}", file=file,
                         line=mark.line + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise InputError(f"invalid YAML: {exc}", file=file) from None
    if node is None:
        raise InputError("the file is empty; expected a YAML mapping", file=file, line=1)
    lines: dict[Path_, int] = {}
    try:
        data = _walk(node, (), lines, file)
    except RecursionError:
        raise InputError(f"values nest more than {MAX_DEPTH} deep", file=file) from None
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        raise InputError(f"invalid YAML value: {exc.problem}", file=file,
                         line=mark.line + 1 if mark else None) from None
    return Located(data, lines, file)


def load_yaml(path: str | Path) -> Located:
    """Load a YAML file (bounded: see the module docstring)."""
    return load_yaml_text(read_text(path), str(path))


def pydantic_error(located: Located, exc: Any, prefix: Sequence[str | int] = ()) -> InputError:
    """One clear :class:`InputError` from a pydantic ValidationError (the first problem)."""
    errors = exc.errors(include_url=False)
    err = _meant(errors)
    loc = tuple(prefix) + tuple(x for x in err["loc"] if not _is_tag(x) and not _is_branch(x))
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if err["type"] == "missing":
        msg = "missing; this field is required"
    elif err["type"] == "extra_forbidden":
        msg = "unknown field"
    elif "input" in err and err["type"] not in ("value_error",):
        msg = f"{msg} (got {err['input']!r})"
    more = len({_union_at(e["loc"]) for e in errors}) - 1  # a union's branches: one problem
    if more:
        msg += f" (and {more} more problem{'s' if more > 1 else ''} in this file)"
    return located.error(loc, msg)


#: the names pydantic gives the scalar branches of a union in an error's location
SCALAR_BRANCHES = frozenset({"str", "int", "float", "bool", "none", "bytes"})


def _meant(errors: list[Any]) -> Any:
    """The error of the branch the input meant: a union reports one error per branch, and a list or
    mapping given where a text or a record is allowed meant the record (not «a valid string»)."""
    def mismatch(e: Any) -> bool:
        return bool(str(e["type"]).endswith("_type") and isinstance(e.get("input"), (dict, list))
                    and e["loc"] and _is_branch(e["loc"][-1]))
    fitting = [e for e in errors if not mismatch(e)]
    return (fitting or errors)[0]


def _union_at(loc: Any) -> tuple[Any, ...]:
    """An error's location up to the first union branch in it (the place the input is at)."""
    out = []
    for x in loc:
        if _is_branch(x):
            break
        out.append(x)
    return tuple(out)


def _is_branch(x: Any) -> bool:
    """A union branch's name in a location (``str``, ``DeckSpec``), not a field or an index."""
    return isinstance(x, str) and (x in SCALAR_BRANCHES or (
        x[:1].isupper() and x.isidentifier() and any(c.islower() for c in x)))


def _is_tag(x: Any) -> bool:
    return isinstance(x, str) and (x.startswith("function-") or (x.endswith("]") and "[" in x))


class FileCache:
    """Values loaded from files, kept while a file is unchanged (same path and modification time)."""

    def __init__(self, load: Any) -> None:
        self._load = load
        self._values: dict[tuple[str, int], Any] = {}
        self.__doc__ = load.__doc__

    def __call__(self, path: str | Path) -> Any:
        try:
            key: tuple[str, int] | None = (str(Path(path).resolve()), Path(path).stat().st_mtime_ns)
        except OSError:
            key = None  # the loader reports the missing file
        if key is not None and key in self._values:
            return self._values[key]
        value = self._load(path)
        if key is not None:
            self._values[key] = value
        return value


def find_file(name: str, builtin: dict[str, Path], load: Any, what: str, field: str = "file") -> Any:
    """Load a built-in file by its id, or a file by path; an unknown name is an :class:`InputError`
    (on ``field``) naming the ids there are."""
    if name in builtin:
        return load(builtin[name])
    p = Path(name)
    if p.suffix in (".yaml", ".yml") or p.exists():
        return load(p)
    raise InputError(f"unknown {what} {name!r}; expected one of {', '.join(builtin)} or a path to a "
                     f"{what} .yaml file", field=field)
