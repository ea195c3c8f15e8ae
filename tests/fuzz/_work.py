"""A work meter for the resource tests: counts steps instead of timing, and stops a block that runs past its bound.

A *step* is one function call (Python or C, as :func:`sys.setprofile` reports them) or one card shuffled by
:func:`maumau_rules.rng.shuffle` (a shuffle is one call that does work per card). The count does not depend on
the machine or its load, so a bound on it is a fair unit test; a loop that would never end is stopped at the bound
by :class:`TooMuchWork`, a ``BaseException`` so that no ``except Exception`` in the library can swallow it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any

from maumau_rules import rng

STEPS_FIXED = 300_000
"""The fixed part of the documented bound (docs/server.rst, "Bounded cost of every reader")."""
STEPS_PER_CHAR = 300
"""Steps per character of input, the part of the documented bound that grows with the input."""


def bound_for(text: str | bytes) -> int:
    """The documented bound for one reader given ``text``: ``STEPS_FIXED + STEPS_PER_CHAR * len(text)``.

    >>> bound_for("ab")
    300600
    """
    return STEPS_FIXED + STEPS_PER_CHAR * len(text)


class TooMuchWork(BaseException):
    """The block did more steps than its bound (raised inside it, from the profiler)."""


class Meter:
    """The steps counted so far in a :func:`work_limit` block."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.steps = 0

    def add(self, n: int) -> None:
        self.steps += n
        if self.steps > self.limit:
            raise TooMuchWork(f"more than {self.limit} steps")


@contextmanager
def work_limit(limit: int) -> Iterator[Meter]:
    """Count the steps of the block; raise :class:`TooMuchWork` inside it as soon as they pass ``limit``."""
    meter = Meter(limit)
    real_shuffle = rng.shuffle

    def counted_shuffle(items: Sequence[Any], state: int) -> tuple[tuple[Any, ...], int]:
        with suppress(TypeError):  # not a sized sequence: the real shuffle refuses it
            meter.add(len(items))
        return real_shuffle(items, state)

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" or event == "c_call":
            meter.add(1)

    rng.shuffle = counted_shuffle
    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield meter
    finally:
        sys.setprofile(previous)
        rng.shuffle = real_shuffle
