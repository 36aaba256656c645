"""Finding rulesets: registered by hand, through the ``hisoutab.rulesets`` entry points of the
installed packages, or from the modules named in ``HISOUTAB_PLUGINS``. The engine names no game.

A package makes its rulesets known in its ``pyproject.toml``::

    [project.entry-points."hisoutab.rulesets"]
    my-game = "my_package.my_game:RULESET"

A ruleset in a folder of one's own, not installed, is found by naming its module (importable from
``sys.path``) in the environment variable ``HISOUTAB_PLUGINS`` (several separated by ``,``): the
module registers its rulesets with :func:`register` when imported, or has a ``RULESET``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import entry_points
from typing import Any

from .contract import Ruleset
from .errors import InputError

__all__ = ["Ruleset", "all_rulesets", "get_ruleset", "register", "registered", "ruleset_of_state"]

GROUP = "hisoutab.rulesets"
PLUGINS_ENV = "HISOUTAB_PLUGINS"

_REGISTRY: dict[str, Any] = {}
_BY_STATE: dict[type, Any] = {}
_loaded: set[str] = set()


def register(ruleset: Any) -> Any:
    """Make ``ruleset`` known by its id (replacing one registered before under that id). A state
    type belongs to the first ruleset registered with it: a variant that reuses another ruleset's
    state type does not take that ruleset's states."""
    _REGISTRY[ruleset.id] = ruleset
    owner = _BY_STATE.get(ruleset.state_type)
    if owner is None or owner.id == ruleset.id:
        _BY_STATE[ruleset.state_type] = ruleset
    return ruleset


@contextmanager
def registered(*rulesets: Any) -> Iterator[None]:
    """Rulesets known only inside the ``with`` block (a test's variants): the registry is as it was
    afterwards."""
    _discover()
    registry, by_state = dict(_REGISTRY), dict(_BY_STATE)
    try:
        for rs in rulesets:
            register(rs)
        yield
    finally:
        _REGISTRY.clear()
        _REGISTRY.update(registry)
        _BY_STATE.clear()
        _BY_STATE.update(by_state)


def _load_entry_points() -> None:
    if "entry_points" in _loaded:
        return
    _loaded.add("entry_points")
    for ep in entry_points(group=GROUP):
        if ep.name in _REGISTRY:
            continue
        try:
            register(ep.load())
        except Exception as exc:  # a broken plugin must not hide the others
            _BROKEN[ep.name] = f"{ep.value}: {type(exc).__name__}: {exc}"


_BROKEN: dict[str, str] = {}


def _load_plugins() -> None:
    names = os.environ.get(PLUGINS_ENV, "")
    for name in (n.strip() for n in names.split(",")):
        if not name or name in _loaded:
            continue
        _loaded.add(name)
        try:
            module = importlib.import_module(name)
        except Exception as exc:
            _BROKEN[name] = f"{PLUGINS_ENV} names {name!r}, which cannot be imported: {exc}"
            continue
        rs = getattr(module, "RULESET", None)
        if rs is not None:
            register(rs)


def _discover() -> None:
    _load_entry_points()
    _load_plugins()


def get_ruleset(ruleset_id: str) -> Any:
    """The ruleset registered as ``ruleset_id`` (raises :class:`InputError` naming the known ones)."""
    if not isinstance(ruleset_id, str):
        raise InputError(f"expected a ruleset id (a text), got {type(ruleset_id).__name__}",
                         field="ruleset")
    if ruleset_id not in _REGISTRY:
        _discover()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        broken = [_BROKEN[ruleset_id]] if ruleset_id in _BROKEN else list(_BROKEN.values())
        extra = f" ({'; '.join(broken)})" if broken else ""
        raise InputError(
            f"unknown ruleset {ruleset_id!r}{extra}; expected one of {', '.join(sorted(_REGISTRY))}",
            field="ruleset",
        ) from None


def all_rulesets() -> dict[str, Any]:
    """Every ruleset known: registered, installed, or named in ``HISOUTAB_PLUGINS``."""
    _discover()
    return dict(sorted(_REGISTRY.items()))


def ruleset_of_state(state: Any) -> Any:
    """The ruleset whose state type ``state`` is (None when no registered ruleset has it)."""
    rs = _BY_STATE.get(type(state))
    if rs is None:
        _discover()
        rs = _BY_STATE.get(type(state))
    return rs
