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


class BotError(MauMauError, ValueError):
    """An unknown bot name, or a bad setting of a bot (raised by :mod:`maumau_rules.bots` and the search bot).

    >>> issubclass(BotError, ValueError)
    True
    """


class ArgumentError(MauMauError, ValueError):
    """An argument of a library function is out of range or malformed (a seat, a seed, a size, a limit).

    >>> issubclass(ArgumentError, ValueError), str(ArgumentError("dealer 99 is not a seat of a game of 2 players"))
    (True, 'dealer 99 is not a seat of a game of 2 players')
    """


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of a library function has the wrong type (a string where an integer is needed, ...).

    It is a :class:`TypeError` as well as a :class:`ValueError` (through :class:`ArgumentError`), so callers that
    caught either before keep working.

    >>> e = ArgumentTypeError("seed 'x' must be an integer"); isinstance(e, TypeError) and isinstance(e, MauMauError)
    True
    """


def shown(value: object, limit: int = 60) -> str:
    """A short ``repr`` of ``value`` for an error message: never raises, never long, never slow.

    Huge integers are described by their size (their decimal text could take long to make, or be refused by
    Python), long strings are cut, and an object whose ``repr`` fails is named by its type.

    >>> shown("7h"), shown(10 ** 5000), shown("x" * 100, limit=10)
    ("'7h'", '<an integer of 16610 bits>', "'xxxxxx...")
    """
    try:
        if type(value) is int and value.bit_length() > 128:
            return f"<an integer of {value.bit_length()} bits>"
        if type(value) is str and len(value) > limit:
            value = value[:limit]
        text = repr(value)
        if type(text) is not str:
            raise TypeError("repr did not return a string")
    except Exception:  # a hostile or broken __repr__: name the type instead
        return f"<a {type(value).__name__} object>"
    return text if len(text) <= limit else text[:max(limit - 3, 1)] + "..."


class SeatError(MauMauError, ValueError):
    """A seat number that does not exist in the game.

    >>> str(SeatError("no seat 7 in a game of 3 players"))
    'no seat 7 in a game of 3 players'
    """
