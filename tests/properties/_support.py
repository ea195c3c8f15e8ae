"""Helpers shared by the property tests: scaled example counts and the variant/player-count grid."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings

from maumau_rules import available_variants
from maumau_rules.variants import Variant

VARIANTS: tuple[Variant, ...] = available_variants("maumau")
"""Every registered Mau-Mau variant (whatever the registry holds when the tests are collected). The Mau-Mau machinery
(tests/reference.py, maumau_rules.testing.invariants) checks these; Malilla's variants have their own properties
(test_malilla.py, test_malilla_explorer.py and the Malilla state machine)."""

GRID: list[tuple[Variant, int]] = [(v, n) for v in VARIANTS for n in range(v.players[0], v.players[1] + 1)]
"""Every registered Mau-Mau variant with every player count it allows."""

GRID_PARAMS: list[Any] = [
    pytest.param(v, n, id=f"{v.id}-{n}p",
                 marks=() if n in v.players else pytest.mark.nox_session("exhaustive"))
    for v, n in GRID
]
""":data:`GRID` as test parameters: each variant's smallest and largest table run in the README's command, the
player counts between them in ``nox -s exhaustive`` (which CI runs too): the whole grid is tested, the quick run
at its edges."""


def examples(factor: float, minimum: int = 3) -> int:
    """``factor`` times the active profile's ``max_examples`` (ci: 60, thorough: 2000), at least ``minimum``.

    >>> examples(0.5) >= 3
    True
    """
    current = settings.default
    base = current.max_examples if current is not None else 100
    return max(minimum, int(base * factor))
