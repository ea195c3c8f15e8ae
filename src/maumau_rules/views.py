"""Views: what one player (or a spectator) may see, built by allow-list.

A view copies only the fields named here; nothing else of the state (other hands, the stock's
order, the random state) can reach it.

>>> from maumau_rules import new_game
>>> s = new_game("standard", players=3, seed=1)
>>> v = view(s, player=0)
>>> v.hand == s.hands[0] and v.hand_sizes == (5, 5, 5)
True
"""

from __future__ import annotations

import attrs

from .cards import Card, Suit
from .engine import legal_moves
from .errors import SeatError
from .moves import Call, Move
from .state import EndReason, GameState, Phase

__all__ = ["PlayerView", "PublicView", "public_view", "view"]


@attrs.frozen
class PublicView:
    """What everyone at the table can see (spectators included)."""

    variant: str
    """The variant's ID."""
    turn: int
    """The state version."""
    seat_to_act: int
    """Whose move it is."""
    direction: int
    """+1 clockwise, -1 counter-clockwise."""
    dealer: int
    """The dealer."""
    phase: Phase
    """Where the player to act stands within the turn."""
    hand_sizes: tuple[int, ...]
    """Each seat's number of cards."""
    stock_size: int
    """Cards left in the stock."""
    discard: tuple[Card, ...]
    """The face-up discard pile, bottom to top."""
    wished_suit: Suit | None
    """The wished suit in force."""
    any_card: bool
    """Whether any card may be played on the top card."""
    pending_draw: int
    """The pending draw penalty."""
    pending_skip: int
    """Pending passable skips."""
    announced: tuple[Call | None, ...]
    """Each seat's standing call."""
    missed_call: int | None
    """A seat that can be called out."""
    winner: int | None
    """The winner, once the round is over."""
    end: EndReason | None
    """How the round ended."""

    @property
    def top_card(self) -> Card:
        """The top card of the discard pile.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=1); public_view(s).top_card == s.top_card
        True
        """
        return self.discard[-1]


@attrs.frozen
class PlayerView(PublicView):
    """What one seat may see: the public view, plus its own hand, drawn card and legal moves."""

    seat: int = 0
    """The seat this view is for."""
    hand: tuple[Card, ...] = ()
    """The seat's own hand."""
    drawn: Card | None = None
    """The card this seat drew this turn (only while it is this seat's turn)."""
    legal_moves: tuple[Move, ...] = ()
    """This seat's legal moves (empty when it is not this seat's turn)."""


def _public_fields(state: GameState) -> dict[str, object]:
    return {
        "variant": state.variant.id,
        "turn": state.turn,
        "seat_to_act": state.seat_to_act,
        "direction": state.direction,
        "dealer": state.dealer,
        "phase": state.phase,
        "hand_sizes": tuple(len(h) for h in state.hands),
        "stock_size": len(state.stock),
        "discard": state.discard,
        "wished_suit": state.wished_suit,
        "any_card": state.any_card,
        "pending_draw": state.pending_draw,
        "pending_skip": state.pending_skip,
        "announced": state.announced,
        "missed_call": state.missed_call,
        "winner": state.winner,
        "end": state.end,
    }


def public_view(state: GameState) -> PublicView:
    """The spectators' view of ``state``.

    >>> from maumau_rules import new_game
    >>> public_view(new_game("standard", players=2, seed=1)).hand_sizes
    (6, 6)
    """
    return PublicView(**_public_fields(state))  # type: ignore[arg-type]


def view(state: GameState, player: int) -> PlayerView:
    """The view of ``state`` for seat ``player``: only what that player may see.

    Raises:
        SeatError: ``player`` is not a seat of this game.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=1)
    >>> view(s, s.seat_to_act).legal_moves == s.legal_moves(), view(s, 1 - s.seat_to_act).legal_moves
    (True, ())
    """
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < state.players:
        raise SeatError(f"no seat {player!r} in a game of {state.players} players")
    mine = player == state.seat_to_act
    return PlayerView(
        **_public_fields(state),  # type: ignore[arg-type]
        seat=player,
        hand=state.hands[player],
        drawn=state.drawn if mine else None,
        legal_moves=legal_moves(state) if mine else (),
    )
