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

import functools
import sys
from collections.abc import Sequence
from typing import Final, TypeVar

from .errors import ArgumentError, ArgumentTypeError, shown
from .i18n import gettext as _

__all__ = ["next_u64", "randbelow", "seed_state", "shuffle"]

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (64-bit).

    Raises:
        ArgumentTypeError: ``seed`` is not an integer.

    >>> seed_state(0) != seed_state(1)
    True
    """
    if type(seed) is not int:
        raise ArgumentTypeError(_("seed {seed} must be an integer").format(seed=shown(seed)))
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return a 64-bit random value and the next state.

    Raises:
        ArgumentTypeError: ``state`` is not an integer.

    >>> v, s = next_u64(seed_state(7)); 0 <= v < 2**64 and s != seed_state(7)
    True
    """
    if type(state) is not int:
        raise ArgumentTypeError(_("generator state {state} must be an integer").format(state=shown(state)))
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(n: int, state: int) -> tuple[int, int]:
    """Return a uniform integer in ``range(n)`` and the next state.

    Raises:
        ArgumentError: ``n`` is not between 1 and ``2**64`` (``ArgumentTypeError``: ``n`` or ``state`` is not an
            integer).

    >>> v, _ = randbelow(6, seed_state(1)); 0 <= v < 6
    True
    """
    if type(n) is not int or type(state) is not int:
        raise ArgumentTypeError(_("randbelow needs integers, got n={n}, state={state}").format(n=shown(n), state=shown(state)))
    if not 0 < n <= _TWO64:
        raise ArgumentError(_("randbelow needs a bound from 1 to 2**64, got {n}").format(n=shown(n)))
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

    The same permutation and state as :func:`_fisher_yates` (one :func:`randbelow` per card, from the last
    card down), computed faster: every draw's 64-bit value comes out of a handful of operations on one large
    integer that holds all of them (:func:`_draws`), so only the swaps are done card by card.

    Raises:
        ArgumentTypeError: ``items`` is not a sequence, or ``state`` is not an integer.

    >>> shuffle((), seed_state(3))[0]
    ()
    >>> shuffle(range(40), seed_state(9)) == _fisher_yates(list(range(40)), 40, seed_state(9))
    True
    """
    if type(state) is not int:
        raise ArgumentTypeError(_("shuffle needs an integer state, got {state}").format(state=shown(state)))
    try:
        out = list(items)
    except TypeError:
        raise ArgumentTypeError(_("shuffle needs a sequence of items, got {items}").format(items=shown(items))) from None
    count = len(out)
    if count < 2:
        return tuple(out), state
    state &= _MASK  # a state outside 64 bits shuffles as its low 64 bits do (_fisher_yates masks each step)
    if count >= _NLIMITS or _BIG_ENDIAN:
        return _fisher_yates(out, count, state)
    raw = _draws(state, count - 1)
    if _NEAR_TOP in raw:  # a draw may be rejected (odds below 1 in 2**56 per card): one draw at a time
        return _fisher_yates(out, count, state)
    for n, z in zip(range(count, 1, -1), memoryview(raw).cast("Q")[::2], strict=True):  # each lane's low 8 bytes
        j = z % n
        out[n - 1], out[j] = out[j], out[n - 1]
    return tuple(out), (state + (count - 1) * _GAMMA) & _MASK


def _draws(state: int, count: int) -> bytes:
    """The next ``count`` 64-bit values of the generator at ``state`` (as :func:`next_u64` gives them, in order),
    each in the low 8 bytes (little-endian) of a 16-byte lane.

    SplitMix64's k-th state is ``state + k * gamma``, and its output mixes that state with shifts, xors and
    multiplications that never carry a value past 128 bits. So all ``count`` values are computed at once in
    one integer with a 128-bit lane per draw, masked back to 64 bits before each multiplication.

    >>> raw = _draws(seed_state(4), 2)
    >>> int.from_bytes(raw[16:24], "little") == next_u64(next_u64(seed_state(4))[1])[0]
    True
    """
    ones, steps, low = _lanes(count)
    z = (state * ones + steps) & low
    z = ((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9 & low
    z = ((z ^ (z >> 27)) & low) * 0x94D049BB133111EB & low
    z ^= z >> 31  # bits shifted in from the next lane land above bit 64, outside the value
    return z.to_bytes(16 * count, "little")


@functools.cache
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` lanes of 128 bits: a 1 in each lane, ``k * gamma`` in lane k - 1, and 64 ones in each.

    >>> ones, steps, low = _lanes(2); steps >> 128 == 2 * _GAMMA, low == ones * _MASK
    (True, True)
    """
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum(((k + 1) * _GAMMA) << (128 * k) for k in range(count))
    return ones, steps, ones * _MASK


def _fisher_yates(out: list[T], n: int, state: int) -> tuple[tuple[T, ...], int]:
    """Shuffle the first ``n`` items of ``out`` in place, one :func:`randbelow` draw per card from the last down,
    and return all items and the next state: the reference for :func:`shuffle`.

    >>> _fisher_yates([1, 2], 0, 5)
    ((1, 2), 5)
    """
    mask = _MASK
    gamma = _GAMMA
    limits = _LIMITS
    for m in range(n, 1, -1):
        # randbelow(m) with next_u64 inlined: the same stream, one Python call fewer per card
        state = (state + gamma) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if m >= _NLIMITS or z >= limits[m]:  # past the table, or rejected (odds below m in 2**64): the long way
            j, state = _randbelow_after(z, m, state)
        else:
            j = z % m
        out[m - 1], out[j] = out[j], out[m - 1]
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
_BIG_ENDIAN: Final = sys.byteorder == "big"
"""``_draws`` reads 64-bit lanes as native integers: on a big-endian machine ``shuffle`` draws one by one."""
_NEAR_TOP: Final = b"\xff" * 7
"""Seven bytes of ones: a draw at least ``2**64 - 256`` (the only ones ``randbelow`` can reject for a bound
below 256) has them as its top bytes, so a lane without them is never rejected."""
_NLIMITS: Final = 256
_LIMITS: Final = (0, *(_TWO64 - (_TWO64 % n) for n in range(1, _NLIMITS)))
"""``randbelow``'s rejection bound for each small ``n``."""
