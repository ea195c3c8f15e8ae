"""The batch engine and the vectorized environment: many games at once over numpy arrays (the ``batch`` extra).

Importing this package needs numpy (``pip install "maumau-rules[batch]"``); the core library never imports it.
What runs batched is a variant's compiled tables (:mod:`maumau_rules.families.maumau.tables`), the same rule objects the
scalar engine runs.

>>> from maumau_rules.families.maumau.batch import BatchEngine
>>> BatchEngine("standard", 2, 4).batch
4
"""

from __future__ import annotations

from ....extras import missing_extra

try:
    import numpy as _numpy  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - the extra is installed where the tests run
    raise missing_extra(exc, "batch", __name__) from exc

from .engine import BatchEngine, scalar_snapshot
from .env import VectorEnv
from .simulate import simulate_batch

__all__ = ["BatchEngine", "VectorEnv", "scalar_snapshot", "simulate_batch"]
