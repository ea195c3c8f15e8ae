"""A small, pure, seedable random number generator whose whole state is one integer.

The state travels inside the game state, so every shuffle and reshuffle replays exactly, in any
process and under any ``PYTHONHASHSEED``. The generator is SplitMix64 (Steele, Lea, Flood 2014);
bounded integers use rejection sampling, so shuffles are unbiased.

>>> items, state = shuffle((1, 2, 3, 4, 5), seed_state(42))
>>> items == shuffle((1, 2, 3, 4, 5), seed_state(42))[0]
True
>>> sorted(items)
[1, 2, 3, 4, 5]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

__all__ = ["next_u64", "randbelow", "seed_state", "shuffle"]

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (64-bit).

    >>> seed_state(0) != seed_state(1)
    True
    """
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return a 64-bit random value and the next state.

    >>> v, s = next_u64(seed_state(7)); 0 <= v < 2**64 and s != seed_state(7)
    True
    """
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(n: int, state: int) -> tuple[int, int]:
    """Return a uniform integer in ``range(n)`` and the next state.

    >>> v, _ = randbelow(6, seed_state(1)); 0 <= v < 6
    True
    """
    if n <= 0:
        raise ValueError(f"randbelow needs a positive bound, got {n}")
    limit = _TWO64 - (_TWO64 % n)
    while True:
        # next_u64, inlined (the same stream)
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        if z < limit:
            return z % n, state


def shuffle(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """Return a Fisher-Yates shuffle of ``items`` and the next state. The input is not changed.

    >>> shuffle((), seed_state(3))[0]
    ()
    """
    out = list(items)
    mask = _MASK
    gamma = _GAMMA
    limits = _LIMITS
    for n in range(len(out), 1, -1):
        # randbelow(n) with next_u64 inlined: the same stream, one Python call fewer per card
        state = (state + gamma) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if n >= _NLIMITS or z >= limits[n]:  # past the table, or rejected (odds below n in 2**64): the long way
            j, state = _randbelow_after(z, n, state)
        else:
            j = z % n
        out[n - 1], out[j] = out[j], out[n - 1]
    return tuple(out), state


def _randbelow_after(z: int, n: int, state: int) -> tuple[int, int]:
    """``randbelow(n)`` when ``z`` is the draw just made from ``state``: ``z`` if it is below the bound, else
    the next draws (the rejection loop of :func:`randbelow`, continued).

    >>> z, s = next_u64(seed_state(5))
    >>> _randbelow_after(z, 300, s) == randbelow(300, seed_state(5))
    True
    """
    if z < _TWO64 - (_TWO64 % n):
        return z % n, state
    return randbelow(n, state)


_TWO64: Final = 1 << 64
_NLIMITS: Final = 256
_LIMITS: Final = (0, *(_TWO64 - (_TWO64 % n) for n in range(1, _NLIMITS)))
"""``randbelow``'s rejection bound for each small ``n``."""
