"""What the shared tools (simulation, bots, search, learning adapters) ask of a game family, found by the
variant's family: the tools call these hooks and never test which family a variant is of.

A family provides one :class:`FamilyTools` object, its ``tools`` (a member of
:class:`~maumau_rules.families.GameFamily`), found through the family registry
(:func:`maumau_rules.families.family_named`); the built-in families import theirs only when a variant of that
family is played. :func:`register_tools` sets a family's hooks explicitly (they take precedence).

===========================  ===================================================================================
Hook                         Used by
===========================  ===================================================================================
``statistics``               :mod:`maumau_rules.simulate`: what one game of the family shows, which seats won,
                             how many sides play, the estimates to report
``heuristic_bot(seed)``      :func:`maumau_rules.bots.make_bot` (``heuristic``)
``search_model(infer)``      :class:`maumau_rules.search.SearchBot`: sampling the hidden cards from a view, the
                             quick playout policy, the playout's reward
``observation(...)``         :class:`maumau_rules.adapters.encoding.ObservationLayout`: the sections of an
                             observation, filled from a view
``resample(...)``            the OpenSpiel game's ``resample_from_infostate``: a state the seat cannot tell
                             from this one
``seat_rewards(state)`` ...  the adapters' rewards, move limit and texts
===========================  ===================================================================================

>>> tools_for("malilla").statistics.sides(4), tools_for("standard").statistics.sides(3)
(2, 3)
>>> tools_for("uno")
Traceback (most recent call last):
...
maumau_rules.errors.VariantError: unknown variant 'uno'...
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Protocol

from .errors import VariantError

if TYPE_CHECKING:
    import random

    from .variants import Variant

__all__ = ["FamilyTools", "register_tools", "tools_for", "tools_for_family"]


class FamilyTools(Protocol):
    """The hooks one family gives the shared tools (see the module). Each tool states the exact protocol of the
    hook it calls (``GameStatistics`` in :mod:`maumau_rules.simulate`, ``SearchModel`` in
    :mod:`maumau_rules.search`, ``ObservationSpec`` in :mod:`maumau_rules.adapters.encoding`).

    >>> hasattr(tools_for("malilla"), "search_model")
    True
    """

    @property
    def statistics(self) -> Any:
        """What :func:`maumau_rules.simulate.simulate` measures of a game of this family.

        >>> [tools_for(v).statistics.sides(4) for v in ("standard", "malilla")]
        [4, 2]
        """

    def heuristic_bot(self, seed: int) -> Any:
        """The family's rule-of-thumb computer player.

        >>> type(tools_for("malilla").heuristic_bot(1)).__name__
        'MalillaHeuristicBot'
        """

    def search_model(self, infer: bool) -> Any:
        """A fresh search model (it may hold beliefs about one round) for :class:`~maumau_rules.search.SearchBot`.

        >>> tools_for("standard").search_model(False).infer
        False
        """

    def resample(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state that ``seat`` cannot tell from ``state``: the cards it cannot see dealt again at random, every
        size kept (OpenSpiel's ``resample_from_infostate``, for the seat to act or a seat asked between turns).

        >>> import random
        >>> from maumau_rules import new_game
        >>> s = new_game("malilla", 4, seed=1)
        >>> t = tools_for("malilla").resample(s, 0, random.Random(2))
        >>> t.hands[0] == s.hands[0] and t.hands != s.hands
        True
        """

    def observation(self, variant: Variant, players: int) -> Any:
        """The observation sections of ``variant`` at ``players`` seats, and how to fill them from a view.

        >>> from maumau_rules import find_variant
        >>> len(tools_for("malilla").observation(find_variant("malilla"), 4).cards)
        40
        """

    def seat_rewards(self, state: Any) -> tuple[float, ...]:
        """Each seat's reward for the finished round (higher is better).

        >>> from maumau_rules import new_game
        >>> tools_for("malilla").seat_rewards(new_game("malilla", 4, seed=1))
        (0.0, 0.0, 0.0, 0.0)
        """

    def reward_sign(self, variant: Variant) -> int:
        """``+1`` when the family's round points are good for who scores them, ``-1`` when they are penalties.

        >>> from maumau_rules import find_variant
        >>> tools_for("mau-king").reward_sign(find_variant("mau-king"))
        -1
        """

    def reward_range(self, variant: Variant) -> tuple[float, float]:
        """The lowest and highest reward of one round (``low < high``).

        >>> from maumau_rules import find_variant
        >>> tools_for("standard").reward_range(find_variant("standard"))
        (0.0, 1.0)
        """

    def move_limit(self, variant: Variant) -> int:
        """The most moves a round lasts.

        >>> from maumau_rules import find_variant
        >>> tools_for("standard").move_limit(find_variant("standard"))
        1000
        """

    def state_text(self, state: Any) -> str:
        """The whole state as one line (for debugging: every hand shows).

        >>> from maumau_rules import new_game
        >>> "hands" in tools_for("standard").state_text(new_game("standard", 2, seed=1))
        True
        """

    def table_text(self, state: Any) -> list[str]:
        """What everyone at the table sees, as lines, and the hand of the seat to act (a hot-seat display).

        >>> from maumau_rules import new_game
        >>> len(tools_for("malilla").table_text(new_game("malilla", 4, seed=1)))
        3
        """

    def view_text(self, view: Any, seat: int, private: bool, public: bool) -> str:
        """What ``seat`` sees in ``view``, as one line: its hand (``private``) and the table (``public``).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> tools_for("standard").view_text(view(new_game("standard", 2, seed=1), 1), 1, True, False)[:8]
        'p1 hand '
        """


_PROVIDERS: dict[str, str | FamilyTools] = {}
"""Hooks registered by :func:`register_tools`, by family name (they take precedence)."""


def register_tools(family: str, provider: str | FamilyTools) -> None:
    """Register the tool hooks of ``family``: a :class:`FamilyTools` object, or the ``"module:attribute"`` path of
    one (imported the first time a tool needs it).

    Raises:
        VariantError: ``family`` is not a name, or ``provider`` is neither a path nor an object.

    >>> register_tools("", "x:y")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: family '' must be a non-empty name
    """
    if not isinstance(family, str) or not family:
        raise VariantError(f"family {family!r} must be a non-empty name")
    if isinstance(provider, str) and ":" not in provider:
        raise VariantError(f"tools provider {provider!r} must be 'module:attribute'")
    _PROVIDERS[family] = provider


def tools_for(variant: Variant | str) -> FamilyTools:
    """The tool hooks of ``variant``'s family (a variant, or a variant's name).

    Raises:
        VariantError: no such variant, or its family has registered no tool hooks.

    >>> type(tools_for("malilla")).__name__
    'MalillaTools'
    """
    from .variants import find_variant

    return tools_for_family(find_variant(variant).family if isinstance(variant, str) else variant.family)


def tools_for_family(family: str) -> FamilyTools:
    """The tool hooks of the family named ``family``.

    Raises:
        VariantError: that family has registered no tool hooks.

    >>> type(tools_for_family("maumau")).__name__
    'MauMauTools'
    >>> tools_for_family("go")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: the 'go' family has registered no tool hooks (maumau_rules.toolhooks)
    """
    provider = _PROVIDERS.get(family)
    if provider is None:
        from .families import family_named

        try:
            found = family_named(family)
        except VariantError:
            found = None
        if found is None:
            raise VariantError(f"the {family!r} family has registered no tool hooks (maumau_rules.toolhooks)")
        tools = getattr(found, "tools", None)  # (a family written before ``tools`` joined the protocol has none)
        if tools is None:
            raise VariantError(f"the {family!r} family has registered no tool hooks (maumau_rules.toolhooks)")
        provider = _PROVIDERS[family] = tools
    if isinstance(provider, str):
        module, _, name = provider.partition(":")
        provider = _PROVIDERS[family] = getattr(importlib.import_module(module), name)
    return provider
