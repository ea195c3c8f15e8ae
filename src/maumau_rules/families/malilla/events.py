"""Malilla's events (its family's :meth:`~maumau_rules.families.GameFamily.events`): what a move did in a hand,
read off the two states. A player asks for a new deal or passes, a partner agrees (the cards are dealt again, with
a new trump card shown) or refuses, a card is played, a trick is won with its points, a rule is broken at the
table, the hand ends; then the turn passes on. No event names a card that its viewer cannot see: every card it
names is played face up or turned up as the trump.

>>> from maumau_rules import apply, new_game
>>> s = new_game("malilla", players=4, seed=3)
>>> m = s.legal_moves()[0]
>>> events(s, m, apply(s, m), s.seat_to_act, None, False)
(Passed(seat=1), TurnTo(seat=0))
"""

from __future__ import annotations

from ...errors import ArgumentTypeError, shown
from ...events import Event, Passed, Played, RedealAsked, Redealt, RoundOver, RuleBroken, TrickWon, TurnTo
from ...moves import Move, Pass, Play, Redeal
from .match import round_points
from .state import MalillaState, Stage

__all__ = ["events"]


def events(before: MalillaState, move: Move, after: MalillaState, seat: int, viewer: int | None,
           reveal: bool) -> tuple[Event, ...]:
    """The events of ``move`` by ``seat`` that took ``before`` to ``after`` (checked by
    :func:`maumau_rules.events.events_between`); ``viewer`` and ``reveal`` change nothing: every card an event
    names is public.

    Raises:
        ArgumentTypeError: ``move`` is not a move of a Malilla hand.

    >>> from maumau_rules import apply, new_game
    >>> s = new_game("malilla", players=4, seed=3)
    >>> while s.stage is not Stage.PLAY:
    ...     s = apply(s, s.legal_moves()[-1])
    >>> for _ in range(4):
    ...     before, s = s, apply(s, s.legal_moves()[0])
    >>> [e.kind for e in events(before, before.legal_moves()[0], s, before.seat_to_act, 0, False)]
    ['played', 'trick_won', 'turn_to']
    """
    if type(move) not in (Play, Pass, Redeal):
        raise ArgumentTypeError(f"{shown(move)} is not a move of a Malilla hand")
    out: list[Event] = []
    if isinstance(move, Play):
        out.append(Played(seat, move.card, None, None))
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            out.append(TrickWon(trick.winner, trick.points))
    elif isinstance(move, Redeal):
        if before.stage is Stage.ANSWER:
            out.append(Redealt(after.trump_card))
        else:
            out.append(RedealAsked(seat))
    else:
        out.append(Passed(seat))
    if after.breach is not None and before.breach is None:
        assert after.offender is not None
        out.append(RuleBroken(after.offender, after.breach))
    if after.is_over:
        assert after.end is not None
        out.append(RoundOver(after.end, after.winner, (), round_points(after)))
        return tuple(out)
    if after.seat_to_act != before.seat_to_act or isinstance(move, Redeal):
        out.append(TurnTo(after.seat_to_act))
    return tuple(out)
