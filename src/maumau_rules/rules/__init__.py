"""Rule objects: one frozen class per rule, each with a stable ``R_...`` ID and its behaviour.

This package holds what every family's rules share: the :class:`~maumau_rules.rules.base.Rule` base class, card
selectors, parameter entries from the spec and the registry of rule classes (:data:`RULE_CLASSES`). Each family's
own rules live in its package (:mod:`maumau_rules.families`), with its plan, card effects and turn beside them.
A rule's :meth:`~maumau_rules.rules.base.Rule.contribute` adds what it does to its family's plan builder. A rule written
outside the library uses the same public names (see the docs page "Write your own rule").

The names this package used to export from the Mau-Mau modules (``Wild``, ``PlanBuilder``, ``WishSuit`` ...) are
still served for one release, with a :class:`DeprecationWarning` (docs/stability.rst).

>>> from maumau_rules.rules import RULE_CLASSES
>>> "R_WILD" in RULE_CLASSES or sorted(RULE_CLASSES)[0].startswith("R_")
True
"""

from typing import Any

from .._compat import moved_attr
from .base import FROM_SPEC, RULE_CLASSES, CardSet, Kind, PenaltySpec, Rule, WildSpec, builtin, register, rule_spec

__all__ = [
    "FROM_SPEC",
    "RULE_CLASSES",
    "CardSet",
    "Kind",
    "PenaltySpec",
    "Rule",
    "WildSpec",
    "builtin",
    "register",
    "rule_spec",
]


def __getattr__(name: str) -> Any:
    """The Mau-Mau rule names that moved into their family's package
    (:data:`~maumau_rules.families.MOVED_NAMES`), with a :class:`DeprecationWarning`.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from maumau_rules.rules import Wild
    >>> Wild.rule_id
    'R_WILD'
    """
    return moved_attr(__name__, name)
