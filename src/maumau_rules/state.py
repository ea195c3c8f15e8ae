"""The shared vocabulary of game states: how a round ended, the call-out windows, explicit deals and the error of
a state that cannot be.

Each family's own state lives in its package (:mod:`maumau_rules.families`; make one with
:func:`~maumau_rules.new_game`); every state is a frozen value, and the transitions of :mod:`maumau_rules.game`
return new states and never change their input.

>>> from maumau_rules import new_game
>>> s = new_game("standard", players=3, seed=7)
>>> s.end is None, isinstance(EndReason.BLOCKED, EndReason)
(True, True)
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from ._compat import moved_attr
from .cards import Card
from .errors import ArgumentTypeError, MauMauError, shown
from .i18n import gettext

__all__ = ["Deal", "EndReason", "StateError", "Window", "not_a_state"]


def not_a_state(value: object, family: str | None = None) -> ArgumentTypeError:
    """The error for ``value`` given where a game state belongs (of any family, or of the family titled
    ``family``), in the language of the call.

    >>> str(not_a_state("7h"))
    "'7h' is not a game state (make one with new_game)"
    >>> str(not_a_state(None, "Mau-Mau"))
    'None is not a Mau-Mau game state (make one with new_game)'
    """
    if family is None:
        return ArgumentTypeError(gettext("{state} is not a game state (make one with new_game)").format(
            state=shown(value)))
    return ArgumentTypeError(gettext("{state} is not a {family} game state (make one with new_game)").format(
        state=shown(value), family=family))


class EndReason(enum.Enum):
    """How a round (a Mau-Mau round, a Malilla hand) ended.

    >>> EndReason.EMPTY_HAND.value
    'empty_hand'
    """

    EMPTY_HAND = "empty_hand"
    """A player played his last card (R_MATCH and the finishing rules)."""
    BLOCKED = "blocked"
    """Nothing could be drawn and every player passed in turn (R_BLOCKED_END)."""
    TURN_LIMIT = "turn_limit"
    """The move limit was reached (R_TURN_LIMIT)."""
    TRICKS = "tricks"
    """Trick games (Malilla): every card was played; the hand is scored."""
    VIOLATION = "violation"
    """Malilla at a table (R_MAL_BREACH ``lose_match``): a player broke a rule; his team loses the match."""


@attrs.frozen
class Window:
    """A window the rules open for players who are not to act: while it is open, each of ``seats`` may call out
    ``offender`` (a :class:`~maumau_rules.moves.CallOut`), whoever is to act.

    ``closes`` says when it closes without a call-out: ``"next_player"`` when a player other than the offender
    makes a move, ``"until_own_turn"`` when the offender makes his next move, ``"decision"`` when the player to
    act lets the win stand (a pass; only for ``"unannounced_finish"``).

    >>> w = Window("missed_call", 1, (0, 2), "next_player"); w.rule_id, w.to_json()["offender"]
    ('R_ANNOUNCE', 1)
    """

    kind: str
    """``"missed_call"``: the offender did not say the call that was due, or said the wrong word;
    ``"unannounced_finish"``: the offender went out without the call he needed (phase ``FINISHING``)."""
    offender: int
    """The seat that can be called out."""
    seats: tuple[int, ...]
    """The seats that may call him out."""
    closes: str
    """When the window closes without a call-out: ``"next_player"``, ``"until_own_turn"`` or ``"decision"``."""
    rule_id: str = "R_ANNOUNCE"
    """The rule that opens it."""

    def to_json(self) -> dict[str, Any]:
        """The window as JSON-ready data.

        >>> Window("missed_call", 0, (1,), "next_player").to_json()["seats"]
        [1]
        """
        return {"kind": self.kind, "offender": self.offender, "seats": list(self.seats), "closes": self.closes,
                "rule_id": self.rule_id}


@attrs.frozen
class Deal:
    """An explicit deal, for validating real tables and for tests: every card's place is given.

    ``stock`` and ``discard`` list cards bottom to top (the last card is the top). Their union with
    the hands must be exactly the variant's deck. A trick game deals the whole deck into the hands and names
    its trump card (:attr:`trump`, a card of the dealer's hand) instead of a stock and a discard pile.

    >>> from maumau_rules import parse_cards
    >>> d = Deal(hands=(parse_cards("7h 8h"), parse_cards("9h Th")), stock=(), discard=parse_cards("Jh"))
    >>> d.dealer, d.first_player, d.trump
    (0, None, None)
    """

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand."""
    stock: tuple[Card, ...] = ()
    """The stock, bottom to top."""
    discard: tuple[Card, ...] = ()
    """The discard pile, bottom to top; the last card is the start card."""
    dealer: int = 0
    """The dealer's seat."""
    first_player: int | None = None
    """The seat that plays first; ``None`` lets the variant's turn-order rule decide."""
    start_effects: bool = True
    """Whether the start card's effects apply (when the variant has them)."""
    trump: Card | None = None
    """The trump card of a trick game (Malilla): the dealer's card turned up; ``None`` in a shedding game."""

class StateError(MauMauError, ValueError):
    """A state was built that breaks the game's invariants (explicit deals, hand-built states).

    >>> issubclass(StateError, MauMauError)
    True
    """


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (:data:`~maumau_rules.families.MOVED_NAMES`): served for one release
    with a :class:`DeprecationWarning` (docs/stability.rst).

    >>> __getattr__("no_such_name")
    Traceback (most recent call last):
    ...
    AttributeError: module 'maumau_rules.state' has no attribute 'no_such_name'
    """
    return moved_attr(__name__, name)
