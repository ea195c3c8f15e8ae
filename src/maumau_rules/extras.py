"""Optional extras: one clear error when a part of the library needs a package that is not installed.

The core library needs only ``attrs``. A module that needs more (Hypothesis for
:mod:`maumau_rules.testing.strategies`, and later the adapters and plots) imports it as usual and turns a
missing package into :class:`MissingExtraError`, whose message names the command that installs it::

    try:
        from hypothesis import strategies as st
    except ModuleNotFoundError as exc:
        raise missing_extra(exc, "testing", __name__) from exc

>>> err = missing_extra(ModuleNotFoundError("No module named 'ray'", name="ray"), "ray", "maumau_rules.rl")
>>> print(err)
maumau_rules.rl needs the optional package 'ray', which is not installed: pip install "maumau-rules[ray]"
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["DISTRIBUTION", "MissingExtraError", "install_hint", "missing_extra", "require"]

DISTRIBUTION = "maumau-rules"
"""The name to give ``pip install``."""


class MissingExtraError(ModuleNotFoundError):
    """An optional package is missing; the message says which extra installs it.

    It is a :class:`ModuleNotFoundError` (so also an :class:`ImportError`): code that already catches a
    failed import keeps working.

    >>> isinstance(MissingExtraError("x"), ImportError)
    True
    """

    extra: str
    """The extra that installs the missing package (``testing``, ``docs`` ...)."""


def install_hint(extra: str) -> str:
    """The command that installs an extra.

    >>> install_hint("testing")
    'pip install "maumau-rules[testing]"'
    """
    return f'pip install "{DISTRIBUTION}[{extra}]"'


def missing_extra(exc: ModuleNotFoundError, extra: str, feature: str) -> ModuleNotFoundError:
    """The error to raise when importing ``feature`` failed with ``exc``.

    A :class:`MissingExtraError` naming ``extra``; but when the missing module is one of the library's own
    (a broken installation, not a missing extra), ``exc`` itself, unchanged.

    >>> own = ModuleNotFoundError("No module named 'maumau_rules.nope'", name="maumau_rules.nope")
    >>> missing_extra(own, "testing", "x") is own
    True
    """
    name = exc.name or ""
    if name.split(".")[0] == "maumau_rules":
        return exc
    package = name.split(".")[0] or "?"
    error = MissingExtraError(f"{feature} needs the optional package {package!r}, which is not installed: "
                              f"{install_hint(extra)}", name=name or None)
    error.extra = extra
    return error


def require(module: str, extra: str, feature: str) -> ModuleType:
    """Import ``module`` for ``feature``, or raise :class:`MissingExtraError` naming ``extra``.

    For code that imports an optional package lazily (inside a function) rather than at the top.

    >>> require("json", "testing", "a doctest").__name__
    'json'
    >>> require("no_such_package_here", "plot", "maumau_rules.plot")
    Traceback (most recent call last):
    ...
    maumau_rules.extras.MissingExtraError: maumau_rules.plot needs the optional package 'no_such_package_here', ...
    """
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        raise missing_extra(exc, extra, feature) from exc
