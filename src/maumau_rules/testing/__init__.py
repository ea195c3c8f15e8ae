"""Test support: executable invariants, state digests and random playouts (no Hypothesis needed).

:mod:`maumau_rules.testing.invariants` states every ``INV_*`` of ``spec/invariants.toml`` as a
function that raises :class:`InvariantViolation` when a state or a transition breaks it. The
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

from .invariants import (
    INVARIANT_IDS,
    KNOWN_ENGINE_BUGS,
    InvariantViolation,
    available_to_draw,
    candidate_moves,
    check_game,
    check_no_leak,
    check_other_seats,
    check_rejections,
    check_state,
    check_step,
    check_transition,
    hidden_permutation,
    play_random_game,
    replay,
    snapshot,
    state_digest,
)

__all__ = [
    "INVARIANT_IDS",
    "KNOWN_ENGINE_BUGS",
    "InvariantViolation",
    "available_to_draw",
    "candidate_moves",
    "check_game",
    "check_no_leak",
    "check_other_seats",
    "check_rejections",
    "check_state",
    "check_step",
    "check_transition",
    "hidden_permutation",
    "play_random_game",
    "replay",
    "snapshot",
    "state_digest",
]
