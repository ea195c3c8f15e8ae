"""Old import paths that keep working for one release, with a :class:`DeprecationWarning` (docs/stability.rst).

The families moved into :mod:`maumau_rules.families` (each family's package is
``maumau_rules.families.<name>``; :data:`~maumau_rules.families.MOVED_MODULES` lists the old paths) and the public game
functions into :mod:`maumau_rules.game` (each family's engine is in its package). A finder on :data:`sys.meta_path` serves each old
name: importing it warns once and gives the module at its new place; ``maumau_rules.engine`` gives a module
whose names come from :mod:`maumau_rules.game` first, then from the Mau-Mau engine.

>>> import importlib, warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     old = importlib.import_module("maumau_rules.engine")
>>> old.new_game is importlib.import_module("maumau_rules.game").new_game, caught[0].category.__name__
(True, 'DeprecationWarning')
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Sequence
from typing import Any, Final

from .families import MOVED_MODULES, MOVED_NAMES

__all__ = ["install", "moved_attr"]

_COMBINED: Final[dict[str, tuple[str, ...]]] = {
    "maumau_rules.engine": ("maumau_rules.game", MOVED_MODULES["maumau_rules.engine"]),
}
"""Old modules whose names now come from more than one module, searched in order."""


class _Alias(importlib.abc.Loader):
    """Loads an old module name as the module at its new place (or a module that looks names up there)."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        old = spec.name
        warnings.warn(f"{old} is deprecated: import {_new_name(old)} instead (the old path goes in the next release)",
                      DeprecationWarning, stacklevel=_caller_level())
        places = _COMBINED.get(old)
        if places is None:
            target = importlib.import_module(_new_name(old))
            self._specs[target.__name__] = target.__spec__  # the import system sets the old spec on it next
            return target
        module = types.ModuleType(old, f"Deprecated: the names of {', '.join(places)}.")

        def lookup(name: str) -> Any:
            for place in places:
                target = importlib.import_module(place)
                if hasattr(target, name):
                    return getattr(target, name)
            raise AttributeError(f"module {old!r} has no attribute {name!r}")

        module.__getattr__ = lookup  # type: ignore[method-assign]
        return module

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module is complete; a moved module keeps its own spec (its own name and package)."""
        if module.__name__ in self._specs:
            module.__spec__ = self._specs.pop(module.__name__)


def _caller_level() -> int:
    """The stack level of the first frame outside the import machinery (for the warning's location)."""
    frame = sys._getframe(1)
    level = 1
    while frame is not None and (frame.f_code.co_filename.startswith("<frozen") or frame.f_code.co_filename == __file__
                                 or frame.f_code.co_name == "__getattr__"):  # a shared module's moved-name lookup
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return level


def _new_name(old: str) -> str:
    for prefix in sorted(MOVED_MODULES, key=len, reverse=True):
        if old == prefix or old.startswith(prefix + "."):
            return MOVED_MODULES[prefix] + old[len(prefix):]
    return old


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the old names of moved modules."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if _new_name(fullname) == fullname:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(), is_package=fullname not in _COMBINED)


_FINDER: Final = _Finder()


def install() -> None:
    """Put the finder of old module names on :data:`sys.meta_path` (once).

    >>> install(); sum(isinstance(f, _Finder) for f in sys.meta_path)
    1
    """
    if _FINDER not in sys.meta_path:
        # first: the path finder would otherwise find an old submodule name (the old path of a moved engine) in the
        # moved package's folder and load a second copy under the old name, whose relative imports fail
        sys.meta_path.insert(0, _FINDER)


def moved_attr(module: str, name: str) -> Any:
    """A name that moved out of the shared ``module`` into a family's package (:data:`~maumau_rules.families.MOVED_NAMES`),
    with a :class:`DeprecationWarning`; a shared module's ``__getattr__`` calls it.

    Raises:
        AttributeError: ``module`` never had ``name``.

    >>> import warnings
    >>> old, place = next(iter(MOVED_NAMES.items()))
    >>> name = importlib.import_module(place).__all__[-1]
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     obj = moved_attr(old, name)
    >>> obj is getattr(importlib.import_module(place), name), caught[0].category.__name__
    (True, 'DeprecationWarning')
    >>> moved_attr("maumau_rules.state", "Nothing")
    Traceback (most recent call last):
    ...
    AttributeError: module 'maumau_rules.state' has no attribute 'Nothing'
    """
    place = MOVED_NAMES.get(module)
    if place is not None and not name.startswith("_"):
        target = importlib.import_module(place)
        if name in getattr(target, "__all__", ()):
            warnings.warn(f"{module}.{name} is deprecated: import it from {place} instead (the old path goes in the "
                          "next release)", DeprecationWarning, stacklevel=_caller_level())
            return getattr(target, name)
    raise AttributeError(f"module {module!r} has no attribute {name!r}")
