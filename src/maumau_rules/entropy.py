"""The one place where the library takes randomness from outside: the operating system's CSPRNG.

The core is pure: every shuffle comes from a seed carried in the state. The single exception, documented
here and in :func:`~maumau_rules.new_game`, is the *default* seed: when a caller passes no seed,
:func:`fresh_seed` takes one from :mod:`secrets` (the OS generator), so two unseeded games differ and
nobody can guess the deal from the time of day. The seed is then part of the state's random generator
state, so the game still replays (:func:`~maumau_rules.records.record_from_history` recovers it).

>>> fresh_seed() != fresh_seed()
True
>>> len(fresh_bytes(16))
16
"""

from __future__ import annotations

import secrets
from typing import Final

from .errors import ArgumentTypeError, shown
from .i18n import gettext as _

__all__ = ["SEED_BITS", "fresh_bytes", "fresh_seed", "seed_or_fresh"]

SEED_BITS: Final = 64
"""Bits in a fresh seed: the shuffle generator's whole state (:mod:`maumau_rules.rng`) is 64 bits."""


def fresh_seed() -> int:
    """An unguessable seed from the operating system's CSPRNG (``secrets``), ``0 <= seed < 2**64``.

    >>> 0 <= fresh_seed() < 2 ** 64
    True
    """
    return secrets.randbits(SEED_BITS)


def fresh_bytes(n: int) -> bytes:
    """``n`` unguessable bytes from the operating system's CSPRNG (for fair-shuffle seeds and salts).

    >>> fresh_bytes(4) != fresh_bytes(4)
    True
    """
    return secrets.token_bytes(n)


def seed_or_fresh(seed: object) -> int:
    """``seed`` itself, or a :func:`fresh_seed` when it is ``None`` (the default of ``new_game`` and ``start_match``).

    Raises:
        ArgumentTypeError: ``seed`` is neither ``None`` nor an integer.

    >>> seed_or_fresh(7), 0 <= seed_or_fresh(None) < 2 ** 64
    (7, True)
    """
    if seed is None:
        return fresh_seed()
    if type(seed) is not int:
        raise ArgumentTypeError(_("seed {seed} must be an integer (or None for a fresh one)").format(seed=shown(seed)))
    return seed
