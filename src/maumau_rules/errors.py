"""The one error hierarchy of :mod:`maumau_rules`.

Every error the library raises on purpose derives from :class:`MauMauError`, so a caller that
takes input from an untrusted client can catch exactly one class. The subclasses also derive from
the matching builtin (``ValueError``) so that generic code keeps working.

>>> issubclass(NotationError, ValueError) and issubclass(NotationError, MauMauError)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .reasons import Verdict


class MauMauError(Exception):
    """Root of every error raised by :mod:`maumau_rules`.

    >>> isinstance(VariantError("x"), MauMauError)
    True
    """


class NotationError(MauMauError, ValueError):
    """A string is not valid notation (card, move, record, variant file).

    >>> str(NotationError("unknown card 'Zz': no such rank"))
    "unknown card 'Zz': no such rank"
    """


class VariantError(MauMauError, ValueError):
    """A variant or house-rule set is malformed or names rules that cannot be combined.

    >>> raise VariantError("unknown variant 'xyz'")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: unknown variant 'xyz'
    """


class IllegalMoveError(MauMauError, ValueError):
    """A move was rejected by the rules; it carries the full :class:`~maumau_rules.reasons.Verdict`.

    Attributes:
        verdict: why the move was rejected (reason code, rule ID, message).

    >>> from maumau_rules import new_game, find_variant, apply, Play
    >>> s = new_game(find_variant("standard"), players=3, seed=1)
    >>> try:
    ...     apply(s, Play.parse("7h"), player=(s.seat_to_act + 1) % 3)
    ... except IllegalMoveError as e:
    ...     print(e.verdict.reason.name)
    NOT_YOUR_TURN
    """

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict

    @property
    def reason(self) -> object:
        """The stable reason code (a :class:`~maumau_rules.reasons.Reason`).

        >>> from maumau_rules.reasons import Verdict, Reason
        >>> IllegalMoveError(Verdict.reject(Reason.GAME_OVER, "R_END", "game over")).reason
        <Reason.GAME_OVER: 'game_over'>
        """
        return self.verdict.reason

    @property
    def rule_id(self) -> str:
        """The ID of the rule that decided the rejection.

        >>> from maumau_rules.reasons import Verdict, Reason
        >>> IllegalMoveError(Verdict.reject(Reason.GAME_OVER, "R_END", "game over")).rule_id
        'R_END'
        """
        return self.verdict.rule_id


class SeatError(MauMauError, ValueError):
    """A seat number that does not exist in the game.

    >>> str(SeatError("no seat 7 in a game of 3 players"))
    'no seat 7 in a game of 3 players'
    """
