"""Mau-Mau's events (its family's :meth:`~maumau_rules.families.GameFamily.events`): what a move did, found when
asked for. The move is made again on the state before with a log kept (:class:`~.turn.Turn`), in which every card
drawn through the engine is written as it is drawn and every effect may tell its own event
(:meth:`~.turn.Turn.record`); what the move itself was, the wish, reversals, skips and the seat to act are read off
the two states. A change of hands that no draw or play explains (a house rule that swaps or passes hands on) is
told as :class:`~maumau_rules.events.HandsChanged`, for every viewer, showing no card.

>>> from maumau_rules import Draw, apply, new_game
>>> s = new_game("standard", players=2, seed=3)
>>> [e.kind for e in events(s, Draw(), apply(s, Draw()), s.seat_to_act, None, False)]
['drew']
"""

from __future__ import annotations

from collections import Counter

from ...cards import Card
from ...errors import ArgumentTypeError, MauMauError
from ...errors import shown as _shown
from ...events import (
    CalledOut,
    CallMissed,
    Drew,
    Event,
    HandsChanged,
    Passed,
    PenaltyPending,
    Played,
    PlaysAgain,
    Reshuffled,
    Reversed,
    RoundOver,
    Skipped,
    SkipPending,
    TurnTo,
    WentOutWithoutCall,
    WinStands,
    Wished,
    WrongCard,
)
from ...game import apply, call_mistake, legal_moves
from ...moves import MAUMAU_MOVE_TYPES, CallOut, Draw, Move, Pass, Play
from .state import GameState, Phase
from .turn import Drawn

__all__ = ["events"]


def _gains(before: tuple[Card, ...], after: tuple[Card, ...]) -> list[Card]:
    """The cards in ``after`` that are not in ``before`` (as multisets), in the order of ``after``."""
    left = Counter(before)
    out = []
    for card in after:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return out


def events(before: GameState, move: Move, after: GameState, seat: int, viewer: int | None,
           reveal: bool) -> tuple[Event, ...]:
    """The events of ``move`` by ``seat`` that took ``before`` to ``after`` (checked by
    :func:`maumau_rules.events.events_between`), for ``viewer`` (``reveal``: every drawn card shown).

    Raises:
        ArgumentTypeError: ``move`` is not a Mau-Mau move.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=3, seed=42)
    >>> move = legal_moves(s)[0]
    >>> events(s, move, apply(s, move), s.seat_to_act, None, False)[1:]
    (Skipped(seat=0), TurnTo(seat=1))
    """
    if type(move) not in MAUMAU_MOVE_TYPES:
        raise ArgumentTypeError(f"{_shown(move)} is not a move of this game")
    player = seat
    n = before.players
    out: list[Event] = []
    hands_before, hands_after = before.hands, after.hands
    legal = move in legal_moves(before, seat)
    card = move.card if isinstance(move, Play) else None
    wrong = isinstance(move, Play) and not legal
    # what the move itself was
    if isinstance(move, Play) and not wrong:
        out.append(Played(seat, move.card, move.wish, move.call))
        due = call_mistake(before.variant, hands_before[seat], move.card, move.call)
        if due is not None:  # a mistake the table sees; which word was due only its player knows, where it hangs
            # on the card he kept
            ann = before.variant.plan.announcer
            known = reveal or viewer == seat or (ann is not None and not ann.jack_call) or len(hands_before[seat]) > 2
            out.append(CallMissed(seat, due if known else None, move.call))
        if after.wished_suit is not None and after.discard[-1] == move.card:
            out.append(Wished(seat, after.wished_suit))
    elif wrong:
        assert card is not None
        out.append(WrongCard(seat, card))
    elif isinstance(move, CallOut):
        out.append(CalledOut(seat, move.seat))
    elif isinstance(move, Pass):
        if before.phase is Phase.FINISHING:
            out.append(WinStands(seat))
        else:
            out.append(Passed(seat))
            if before.pending_skip:
                out.append(Skipped(seat))
    # a reshuffle: the discard pile shrank below what the move left on it
    kept = len(before.discard) + (1 if isinstance(move, Play) and not wrong else 0)
    if len(after.discard) < kept:
        out.append(Reshuffled(kept - len(after.discard)))
    # who drew what: the cards drawn through the engine's Turn, where the move's log tells them (a change of hands
    # that no draw explains is told as HandsChanged, showing no card)
    log = _log_of(before, move, after, player)
    drawn: dict[int, Counter[Card]] = {}
    for entry in log or ():
        if isinstance(entry, Drawn):
            drawn.setdefault(entry.seat, Counter()).update(entry.cards)
    changed = False
    for p in range(n):
        mine = hands_before[p]
        if p == seat and card is not None and not wrong:
            rest = list(mine)
            rest.remove(card)
            mine = tuple(rest)
        if log is not None and Counter(hands_after[p]) != Counter(mine) + drawn.get(p, Counter()):
            changed = True  # an effect took or gave cards: no draw tells it
            continue
        got = _gains(mine, hands_after[p])
        if not got:
            continue
        if isinstance(move, Draw) and p == seat:
            reason = "penalty" if before.pending_draw else "draw"
        elif isinstance(move, CallOut) and p == move.seat:
            reason = "called_out"
        elif wrong and p == seat:
            reason = "wrong_card"
        elif isinstance(move, Play) and p == seat:
            reason = "call_penalty"
        else:
            reason = "card_effect"
        shown = tuple(got) if reveal or viewer == p else None
        out.append(Drew(p, len(got), reason, shown))
    out.extend(e for e in log or () if isinstance(e, Event))  # what effects told the table themselves
    if changed:
        out.append(HandsChanged(after.hand_sizes, len(after.stock)))
    if after.is_over:
        from ...scoring import round_points

        assert after.end is not None
        out.append(RoundOver(after.end, after.winner, after.tied, round_points(after)))
        return tuple(out)
    if after.phase is Phase.FINISHING and before.phase is not Phase.FINISHING:
        out.append(WentOutWithoutCall(seat))
    if after.direction != before.direction:
        out.append(Reversed(after.direction))
    # A penalty or skip is told to the seat that must answer it: not while its player goes on with a series
    # (Faraón's 7s and Aces add up first), and when the series ends with a pass, to the next seat.
    handed_on = after.seat_to_act != before.seat_to_act and (isinstance(move, Play) or before.phase is Phase.SERIES)
    if after.phase is not Phase.SERIES:
        if after.pending_draw > before.pending_draw or (after.pending_draw and handed_on):
            out.append(PenaltyPending(after.seat_to_act, after.pending_draw))
        if after.pending_skip > before.pending_skip or (after.pending_skip and (isinstance(move, Play) or handed_on)):
            out.append(SkipPending(after.seat_to_act, after.pending_skip))
    turn = _turn_events(before, move, after, seat) if not wrong else []
    out.extend(turn)
    if after.seat_to_act != before.seat_to_act or turn:
        out.append(TurnTo(after.seat_to_act))
    return tuple(out)


def _log_of(before: GameState, move: Move, after: GameState, player: int | None) -> list[object] | None:
    """The log of what the move did (:class:`~maumau_rules.families.maumau.turn.Turn`), by making it again on ``before`` with
    a log kept; ``None`` when that does not lead to ``after`` (then the events are read off the two states)."""
    log: list[object] = []
    shell = object.__new__(GameState)
    object.__setattr__(shell, "__dict__", {**before.__dict__, "_log": log})
    try:
        again = apply(shell, move, player=player)
    except MauMauError:
        return None
    again.__dict__.pop("_log", None)
    return log if again == after else None


def _turn_events(before: GameState, move: Move, after: GameState, seat: int) -> list[Event]:
    """Skips and another turn, when ``seat``'s turn ended on a card."""
    if not isinstance(move, Play | Pass) or seat != before.seat_to_act or after.phase is not Phase.PLAY:
        return []
    if isinstance(move, Pass) and before.phase is not Phase.SERIES:
        return []
    if before.phase is Phase.FINISHING:
        return []
    cards = (*before.turn_plays, *((move.card,) if isinstance(move, Play) else ()))
    if not cards:
        return []
    n = before.players
    new = after.seat_to_act
    roles = after.variant.plan.roles.get(cards[-1], frozenset())
    if new == seat:
        if "again" in roles or ("reverse" in roles and n == 2):
            return [PlaysAgain(seat)]
        return [Skipped(p) for p in range(n) if p != seat] + [PlaysAgain(seat)]
    if after.pending_skip:
        return []
    d = after.direction
    out: list[Event] = []
    p = (seat + d) % n
    while p != new:
        out.append(Skipped(p))
        p = (p + d) % n
    return out


