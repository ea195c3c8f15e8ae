"""Test support: executable invariants, state digests and random playouts (no Hypothesis needed).

:mod:`maumau_rules.testing.invariants` states every ``INV_*`` of ``spec/invariants.toml`` (by the state's
family) as a function that raises :class:`InvariantViolation` when a state or a transition breaks it. The
Hypothesis tests, the stateful machine, the exhaustive explorer (:mod:`maumau_rules.tools.explore`)
and the golden games all call these same functions. :mod:`maumau_rules.testing.strategies` holds
Hypothesis strategies for reachable states; it is the only module here that imports Hypothesis, and
the core package never imports this package.

>>> from maumau_rules import new_game
>>> from maumau_rules.testing import check_state, state_digest
>>> s = new_game("standard", players=3, seed=1)
>>> check_state(s)
>>> len(state_digest(s))
20
"""

from typing import Any

from .._compat import moved_attr
from .invariants import (
    INVARIANT_IDS,
    KNOWN_ENGINE_BUGS,
    InvariantViolation,
    candidate_moves,
    check_no_leak,
    check_state,
    check_transition,
    compare_hidden,
    public_facts,
    state_digest,
)

__all__ = [
    "INVARIANT_IDS",
    "KNOWN_ENGINE_BUGS",
    "InvariantViolation",
    "candidate_moves",
    "check_no_leak",
    "check_state",
    "check_transition",
    "compare_hidden",
    "public_facts",
    "state_digest",
]


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (Mau-Mau's ``play_random_game``, ``check_game``, ...): served for
    one release with a :class:`DeprecationWarning` (docs/stability.rst).

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from maumau_rules.testing import check_game
    >>> callable(check_game)
    True
    """
    return moved_attr(__name__, name)
