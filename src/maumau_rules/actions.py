"""A stable integer encoding of every move of a variant, with a legal-action mask (as OpenSpiel numbers actions).

The layout for a variant and a player count is fixed by the variant's data, and is the same in
every process and version of the library as long as the variant's version is unchanged:

====================  ===========================================================================
IDs                   Action
====================  ===========================================================================
0                     ``draw``
1                     ``pass``
2 ...                 plays: each distinct card of the deck in deck order (suit, then rank,
                      Jokers last); a wishing wild card has one ID per wished suit (♣ ♠ ♥ ♦)
                      and never one without a wish; with announcements, each of those comes
                      with no call and ``mau``, in that order, and also ``maumau`` when the
                      variant has a word for a Jack finish (the only time it can be due)
last ``players``      ``callout 0`` ... ``callout n-1`` (only in variants with announcements)
====================  ===========================================================================

A Malilla variant has its own layout: ``redeal`` and ``pass`` first (with R_MAL_REDEAL), then a play of each
card of the Spanish deck in deck order.

>>> from maumau_rules import new_game
>>> space = ActionSpace.for_variant("standard", players=3)
>>> space.size, space.encode(parse_move("draw")), space.decode(2)
(93, 0, Play(card=Card.parse('7♣'), wish=None, call=None))
>>> s = new_game("standard", players=3, seed=42)
>>> {space.decode(i) for i, ok in enumerate(space.mask(s)) if ok} == set(s.legal_moves())
True
>>> mal = ActionSpace.for_variant("malilla", players=4)
>>> mal.size, mal.table()[:3]
(42, [(0, 'redeal'), (1, 'pass'), (2, '1or')])
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from .errors import MauMauError, shown
from .families import family_of, state_family
from .game import legal_moves
from .moves import MOVE_TYPES, Call, Move, parse_move
from .variants import Variant, find_variant

__all__ = ["ActionError", "ActionSpace", "action_table"]

_CALLS: Final[tuple[Call | None, ...]] = (None, Call.MAU, Call.MAU_MAU)
_MOVE_TYPES: Final = MOVE_TYPES


class ActionError(MauMauError, ValueError):
    """An action ID or move outside the action space, or a state of another game.

    >>> ActionSpace.for_variant("standard", 2).decode(10_000)
    Traceback (most recent call last):
    ...
    maumau_rules.actions.ActionError: action 10000 is out of range: 'standard' with 2 players has actions 0..91
    """


def _layout(variant: Variant, players: int) -> tuple[Move, ...]:
    """The move of each action ID: the variant's family lays them out
    (:meth:`~maumau_rules.families.GameFamily.action_moves`)."""
    return family_of(variant).action_moves(variant, players)


@attrs.frozen
class ActionSpace:
    """The actions of one variant at one player count: ``encode``, ``decode``, ``mask``, ``size``.

    Build it with :meth:`for_variant`.

    >>> space = ActionSpace.for_variant("standard", 2)
    >>> space.decode(space.encode(parse_move("Jc>h mau")))
    Play(card=Card.parse('J♣'), wish=<Suit.HEARTS: 'h'>, call=<Call.MAU: 'mau'>)
    """

    variant: Variant
    """The variant."""
    players: int
    """The number of seats."""
    moves: tuple[Move, ...] = attrs.field(repr=False)
    """The move of each action ID."""
    _index: dict[Move, int] = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_index", {m: i for i, m in enumerate(self.moves)})

    @classmethod
    def for_variant(cls, variant: Variant | str, players: int) -> ActionSpace:
        """The action space of ``variant`` (object or name) with ``players`` seats.

        Raises:
            ActionError: the player count is outside the variant's range.
            VariantError: no variant has that name.

        >>> ActionSpace.for_variant("standard", 4).size
        94
        """
        v = find_variant(variant)
        low, high = v.family_plan.min_players, v.family_plan.max_players
        if type(players) is not int or not low <= players <= high:
            raise ActionError(f"variant {v.id!r} is for {low}-{high} players, not {shown(players)}")
        return cls(v, players, _layout(v, players))

    @property
    def size(self) -> int:
        """The number of action IDs (IDs are ``0 .. size-1``).

        >>> ActionSpace.for_variant("standard", 2).size
        92
        """
        return len(self.moves)

    def encode(self, move: Move | str) -> int:
        """The action ID of ``move`` (a move or its notation).

        Raises:
            ActionError: the move has no ID in this space (e.g. a card not in the deck, a wish with a
                card that names no suit, a call-out of a seat that does not exist).
            NotationError: ``move`` is text that is not a move.

        >>> ActionSpace.for_variant("standard", 2).encode("7c")
        2
        >>> ActionSpace.for_variant("standard", 2).encode("7c>h")
        Traceback (most recent call last):
        ...
        maumau_rules.actions.ActionError: move '7♣>♥' has no action ID in 'standard' with 2 players
        """
        m = parse_move(move) if isinstance(move, str) else move
        if type(m) not in _MOVE_TYPES:
            raise ActionError(f"{shown(m)} is not a move: it has no action ID")
        try:
            return self._index[m]
        except (KeyError, TypeError):
            raise ActionError(f"move {str(m)!r} has no action ID in {self.variant.id!r} with {self.players} players"
                              ) from None

    def decode(self, action: int) -> Move:
        """The move of action ID ``action``.

        Raises:
            ActionError: ``action`` is not an integer in ``0 .. size-1``.

        >>> ActionSpace.for_variant("standard", 2).decode(1)
        Pass()
        """
        if type(action) is not int or not 0 <= action < len(self.moves):
            raise ActionError(
                f"action {shown(action)} is out of range: {self.variant.id!r} with {self.players} players "
                f"has actions 0..{len(self.moves) - 1}"
            )
        return self.moves[action]

    def _check_state(self, state: Any) -> None:
        if state_family(state) is None:
            raise ActionError(f"{shown(state)} is not a game state")
        if state.variant != self.variant or state.players != self.players:
            raise ActionError(
                f"the state is {state.variant.id!r} with {state.players} players, but the action space is "
                f"{self.variant.id!r} with {self.players} players"
            )

    def legal_actions(self, state: Any, player: int | None = None) -> tuple[int, ...]:
        """The IDs of the legal moves of ``player`` (default: the seat to act) in ``state``, in the order of
        :func:`~maumau_rules.legal_moves` (another seat has IDs only for its call-outs inside open windows).

        Raises:
            ActionError: the state belongs to another variant or player count, or a legal move has no ID.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", 2, seed=1)
        >>> sp = ActionSpace.for_variant("standard", 2)
        >>> [sp.decode(i) for i in sp.legal_actions(s)] == list(s.legal_moves())
        True
        """
        self._check_state(state)
        return tuple(self.encode(m) for m in legal_moves(state, player))

    def mask(self, state: Any, player: int | None = None) -> tuple[bool, ...]:
        """A tuple of ``size`` booleans: ``True`` exactly at the IDs of the legal moves of ``player`` (default:
        the seat to act) in ``state``.

        Raises:
            ActionError: the state belongs to another variant or player count.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", 2, seed=1)
        >>> sum(ActionSpace.for_variant("standard", 2).mask(s)) == len(s.legal_moves())
        True
        """
        legal = set(self.legal_actions(state, player))
        return tuple(i in legal for i in range(len(self.moves)))

    def table(self) -> list[tuple[int, str]]:
        """Every action ID with its move in notation.

        >>> ActionSpace.for_variant("standard", 2).table()[:3]
        [(0, 'draw'), (1, 'pass'), (2, '7♣')]
        """
        return [(i, str(m)) for i, m in enumerate(self.moves)]


def action_table(variant: Variant | str, players: int) -> list[tuple[int, str]]:
    """The action table of ``variant`` with ``players`` seats, for the docs: ``(id, move notation)``.

    >>> action_table("standard", 2)[-2:]
    [(90, 'callout 0'), (91, 'callout 1')]
    """
    return ActionSpace.for_variant(variant, players).table()
