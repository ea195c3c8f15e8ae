"""Environments for learning agents: PettingZoo and OpenSpiel adapters (optional extras).

Each adapter is its own module and needs its extra; nothing here is imported by :mod:`maumau_rules`:

* :mod:`maumau_rules.adapters.pettingzoo` (``pip install "maumau-rules[pettingzoo]"``): an AEC environment
  (``env``, ``raw_env``) and its parallel form (``parallel_env``).
* :mod:`maumau_rules.adapters.openspiel` (``pip install "maumau-rules[openspiel]"``): registers the Python
  game ``python_maumau`` with OpenSpiel when imported.
* :mod:`maumau_rules.adapters.encoding` (no extra needed): what both share, the observation layout built
  from a player's view, and the rewards built from the variant's round scoring.

>>> issubclass(AdapterError, MauMauError) and issubclass(AdapterError, ValueError)
True
"""

from __future__ import annotations

from ..errors import MauMauError

__all__ = ["AdapterError"]


class AdapterError(MauMauError, ValueError):
    """A bad argument to an adapter (an unknown render mode, a bad turn budget, an unsupported observer ...).

    >>> raise AdapterError("render_mode 'rgb' is not one of 'ansi', 'human'")
    Traceback (most recent call last):
    ...
    maumau_rules.adapters.AdapterError: render_mode 'rgb' is not one of 'ansi', 'human'
    """
