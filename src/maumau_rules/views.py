"""Views: what one player (or a spectator) may see of a state of any family, built by allow-list in the family.

Each family builds its views from an allow-list of the state's public parts, plus, for a player, that seat's
own hand and legal moves (:meth:`~maumau_rules.families.GameFamily.view`); nothing else of the state can reach
a view: not the other hands, not the stock's order, not the random state. A server sends each client
its view's JSON: :func:`views_json` writes every seat's at once.

>>> from maumau_rules import new_game
>>> s = new_game("standard", players=3, seed=1)
>>> v = view(s, player=0)
>>> v.hand == s.hands[0] and v.hand_sizes == (5, 5, 5)
True
>>> "stock" in v.to_json() or "rng" in v.to_json() or "hands" in v.to_json()
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ._compat import moved_attr
from .families import state_family
from .state import not_a_state

__all__ = ["public_view", "view", "views", "views_json"]


def public_view(state: Any, *, scores: Sequence[int] | None = None) -> Any:
    """The spectators' view of ``state``, of any family (:meth:`~maumau_rules.families.GameFamily.public_view`).

    Args:
        state: the full state (held by the server).
        scores: optional match scores by seat, copied into the view.

    Raises:
        SeatError: ``scores`` does not have one integer per seat.
        ArgumentTypeError: ``state`` is not a game state.

    >>> from maumau_rules import new_game
    >>> public_view(new_game("standard", players=2, seed=1), scores=(3, 1)).scores
    (3, 1)
    """
    return _family(state).public_view(state, scores)


def _family(state: object) -> Any:
    fam = state_family(state)
    if fam is None:
        raise not_a_state(state)
    return fam


def view(state: Any, player: int, *, scores: Sequence[int] | None = None) -> Any:
    """The view of ``state`` (of any family) for seat ``player``: only what that player may see
    (:meth:`~maumau_rules.families.GameFamily.view`).

    Args:
        state: the full state (held by the server).
        player: the seat the view is for.
        scores: optional match scores by seat, copied into the view.

    Raises:
        SeatError: ``player`` is not a seat of this game, or ``scores`` is malformed.
        ArgumentTypeError: ``state`` is not a game state.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=1)
    >>> view(s, s.seat_to_act).legal_moves == s.legal_moves(), view(s, 1 - s.seat_to_act).legal_moves
    (True, ())
    >>> view(s, 2)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.SeatError: no seat 2 in a game of 2 players
    """
    return _family(state).view(state, player, scores)


def views(state: Any, *, scores: Sequence[int] | None = None) -> tuple[Any, ...]:
    """Every seat's view of ``state`` (of any family), by seat: what a server sends after each move. Each equals
    ``view(state, seat)``; a family may gather the public part once for all seats
    (:meth:`~maumau_rules.families.GameFamily.views`).

    Raises:
        SeatError: ``scores`` is malformed.
        ArgumentTypeError: ``state`` is not a game state.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=3, seed=1)
    >>> vs = views(s)
    >>> [v.seat for v in vs], vs[1] == view(s, 1), vs[0].hand == view(s, 0).hand
    ([0, 1, 2], True, True)
    >>> [v.seat for v in views(new_game("malilla", players=4, seed=1))]
    [0, 1, 2, 3]
    """
    return tuple(_family(state).views(state, scores))


def views_json(state: Any, *, scores: Sequence[int] | None = None) -> tuple[str, ...]:
    """The JSON text of every seat's view of ``state`` (of any family), by seat: what a server sends each client
    after each move. Each equals ``dumps(view(state, seat))``, byte for byte; a family writes the public part, the
    same for every seat, once (:meth:`~maumau_rules.families.GameFamily.views_json`, :mod:`maumau_rules.jsontext`).

    Raises:
        SeatError: ``scores`` is malformed.
        ArgumentTypeError: ``state`` is not a game state.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.notation import dumps
    >>> s = new_game("standard", players=3, seed=1)
    >>> texts = views_json(s)
    >>> texts == tuple(dumps(view(s, seat)) for seat in range(3)), texts[0][:38]
    (True, '{"type": "player-view", "version": 1, ')
    >>> views_json(new_game("malilla", players=4, seed=1)) == tuple(dumps(v) for v in views(new_game("malilla", 4, seed=1)))
    True
    """
    try:
        write = _VIEWS_JSON[type(state)]
    except KeyError:  # a type not seen yet: found, or refused, by its family
        write = _VIEWS_JSON[type(state)] = _family(state).views_json
    return tuple(write(state, scores))


_VIEWS_JSON: dict[type, Callable[[Any, Sequence[int] | None], Sequence[str]]] = {}
"""Each state type's family's ``views_json``, found once (a server calls it after every move); a family's views
module may put its own function here, the one its family's method calls (one call fewer per state)."""


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (:data:`~maumau_rules.families.MOVED_NAMES`): served for one release
    with a :class:`DeprecationWarning` (docs/stability.rst).

    >>> __getattr__("no_such_name")
    Traceback (most recent call last):
    ...
    AttributeError: module 'maumau_rules.views' has no attribute 'no_such_name'
    """
    return moved_attr(__name__, name)
