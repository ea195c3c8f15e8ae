"""What a move did, as a typed, ordered list of events: for interfaces that animate a game, logs and teaching.

Events are found when asked for, so they cost nothing when nobody asks: the move is made again on the state
before with a log kept (:class:`~maumau_rules.rules.turn.Turn`), in which every card drawn through the engine is
written as it is drawn and every effect may tell its own event (:meth:`~maumau_rules.rules.turn.Turn.record`);
what the move itself was, the wish, reversals, skips and the seat to act are read off the two states. A change
of hands that no draw or play explains (a house rule that swaps or passes hands on) is told as
:class:`HandsChanged`, for every viewer, showing no card. Each viewer gets its own list: a card drawn is shown
only to the player who drew it (``viewer``), or to everybody with ``reveal=True`` (a server's own log).

>>> from maumau_rules import new_game
>>> s = new_game("standard", players=2, seed=3)
>>> after, events = apply_with_events(s, Draw(), viewer=None)
>>> [e.kind for e in events]
['drew']
>>> events[0].cards is None and events[0].count == 1  # a spectator does not see the card
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from .cards import Card, Suit
from .errors import ArgumentError, ArgumentTypeError, MauMauError, SeatError, shown
from .game import apply, call_mistake, legal_moves
from .moves import MAUMAU_MOVE_TYPES, Call, CallOut, Draw, Move, Pass, Play
from .rules.turn import Drawn
from .state import EndReason, GameState, Phase

__all__ = [
    "CallMissed",
    "CalledOut",
    "Drew",
    "Event",
    "HandsChanged",
    "Passed",
    "PenaltyPending",
    "Played",
    "PlaysAgain",
    "Reshuffled",
    "Reversed",
    "RoundOver",
    "SkipPending",
    "Skipped",
    "TurnTo",
    "WentOutWithoutCall",
    "WinStands",
    "Wished",
    "WrongCard",
    "apply_with_events",
    "events_between",
]


def _encode(value: Any) -> Any:
    if isinstance(value, Card | Suit):
        return str(value)
    if isinstance(value, Call | EndReason):
        return value.value
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


@attrs.frozen
class Event:
    """One thing that happened; ``kind`` names it in JSON.

    >>> Passed(seat=1).to_json()
    {'kind': 'passed', 'seat': 1}
    """

    kind: ClassVar[str] = "event"

    def to_json(self) -> dict[str, Any]:
        """The event as JSON-ready data: ``kind`` and the fields (cards as ``"7♥"``, hidden cards ``null``).

        >>> Played(0, Card.parse("Jc"), Suit.HEARTS, None).to_json()["wish"]
        '♥'
        """
        out: dict[str, Any] = {"kind": self.kind}
        for field in attrs.fields(type(self)):
            out[field.name] = _encode(getattr(self, field.name))
        return out


@attrs.frozen
class Played(Event):
    """``seat`` played ``card`` (naming ``wish``, saying ``call``).

    >>> Played(0, Card.parse("7h"), None, Call.MAU).kind
    'played'
    """

    kind: ClassVar[str] = "played"
    seat: int
    card: Card
    wish: Suit | None = None
    call: Call | None = None


@attrs.frozen
class WrongCard(Event):
    """``seat`` played ``card``, which does not fit: it goes back, and the penalty follows (R_WRONG_CARD).

    >>> WrongCard(1, Card.parse("7h")).kind
    'wrong_card'
    """

    kind: ClassVar[str] = "wrong_card"
    seat: int
    card: Card


@attrs.frozen
class CallMissed(Event):
    """``seat`` said ``said`` (``None``: nothing) when ``due`` was due: a mistake the table sees (R_ANNOUNCE).

    ``due`` is ``None`` for the other seats when which call was due hangs on the card the player kept (the Jack
    word): nobody else sees that card. A wrong word is no event here: it is judged when the card is shown.

    >>> CallMissed(0, Call.MAU, None).to_json()["due"]
    'mau'
    """

    kind: ClassVar[str] = "call_missed"
    seat: int
    due: Call | None
    said: Call | None = None


@attrs.frozen
class Wished(Event):
    """``suit`` must be played next (a wild card's wish, or a demand).

    >>> Wished(0, Suit.CLUBS).kind
    'wished'
    """

    kind: ClassVar[str] = "wished"
    seat: int
    suit: Suit


@attrs.frozen
class Reshuffled(Event):
    """The discard pile under its top card (``count`` cards) was shuffled into a new stock (R_RESHUFFLE).

    >>> Reshuffled(20).kind
    'reshuffled'
    """

    kind: ClassVar[str] = "reshuffled"
    count: int


@attrs.frozen
class Drew(Event):
    """``seat`` drew ``count`` cards (``cards``: which, or ``None`` where the viewer may not see them).

    ``reason``: ``"draw"`` (his own draw), ``"penalty"`` (a pending draw taken), ``"called_out"``,
    ``"call_penalty"`` (a mistake penalised at once), ``"wrong_card"``, or ``"card_effect"`` (another
    player's card made him draw).

    >>> Drew(1, 2, "penalty").to_json()
    {'kind': 'drew', 'seat': 1, 'count': 2, 'reason': 'penalty', 'cards': None}
    """

    kind: ClassVar[str] = "drew"
    seat: int
    count: int
    reason: str
    cards: tuple[Card, ...] | None = None


@attrs.frozen
class HandsChanged(Event):
    """The hands changed in a way no draw or play tells (a house rule's effect that takes and gives cards): each
    seat now holds ``sizes`` cards, and the stock ``stock``. It shows no card: each player sees his own new hand
    in his view.

    >>> HandsChanged((6, 6), 19).to_json()
    {'kind': 'hands_changed', 'sizes': [6, 6], 'stock': 19}
    """

    kind: ClassVar[str] = "hands_changed"
    sizes: tuple[int, ...]
    stock: int


@attrs.frozen
class PenaltyPending(Event):
    """``seat`` faces a pending draw of ``amount`` cards: he passes it on or takes it (R_DRAW_PENALTY).

    >>> PenaltyPending(1, 4).kind
    'penalty_pending'
    """

    kind: ClassVar[str] = "penalty_pending"
    seat: int
    amount: int


@attrs.frozen
class SkipPending(Event):
    """``seat`` faces ``count`` skips: he answers with a skip card or misses his turn (R_SKIP passable).

    >>> SkipPending(1, 1).kind
    'skip_pending'
    """

    kind: ClassVar[str] = "skip_pending"
    seat: int
    count: int


@attrs.frozen
class Skipped(Event):
    """``seat`` misses a turn.

    >>> Skipped(2).kind
    'skipped'
    """

    kind: ClassVar[str] = "skipped"
    seat: int


@attrs.frozen
class Reversed(Event):
    """The direction of play reversed; it is now ``direction`` (+1 clockwise).

    >>> Reversed(-1).kind
    'reversed'
    """

    kind: ClassVar[str] = "reversed"
    direction: int


@attrs.frozen
class PlaysAgain(Event):
    """``seat`` has another turn at once.

    >>> PlaysAgain(0).kind
    'plays_again'
    """

    kind: ClassVar[str] = "plays_again"
    seat: int


@attrs.frozen
class Passed(Event):
    """``seat`` passed.

    >>> Passed(0).kind
    'passed'
    """

    kind: ClassVar[str] = "passed"
    seat: int


@attrs.frozen
class CalledOut(Event):
    """``by`` called out ``seat`` for a mistake (``seat``'s draw follows as :class:`Drew`).

    >>> CalledOut(2, 0).kind
    'called_out'
    """

    kind: ClassVar[str] = "called_out"
    by: int
    seat: int


@attrs.frozen
class WentOutWithoutCall(Event):
    """``seat`` played his last card without the call he needed: the others may call him out, or let it stand.

    >>> WentOutWithoutCall(0).kind
    'went_out_without_call'
    """

    kind: ClassVar[str] = "went_out_without_call"
    seat: int


@attrs.frozen
class WinStands(Event):
    """``by`` let the finish of a player who went out without his call stand (nobody called him out).

    >>> WinStands(1).kind
    'win_stands'
    """

    kind: ClassVar[str] = "win_stands"
    by: int


@attrs.frozen
class TurnTo(Event):
    """``seat`` is to act now.

    >>> TurnTo(1).kind
    'turn_to'
    """

    kind: ClassVar[str] = "turn_to"
    seat: int


@attrs.frozen
class RoundOver(Event):
    """The round ended (``end``): ``winner`` (or a tie between ``tied``), and each seat's ``points``.

    >>> RoundOver(EndReason.EMPTY_HAND, 0, (), (1, 0)).to_json()["end"]
    'empty_hand'
    """

    kind: ClassVar[str] = "round_over"
    end: EndReason
    winner: int | None
    tied: tuple[int, ...]
    points: tuple[int, ...]


EVENT_TYPES: Final[tuple[type[Event], ...]] = (
    Played, WrongCard, CallMissed, Wished, Reshuffled, Drew, PenaltyPending, SkipPending, Skipped, Reversed,
    PlaysAgain, Passed, CalledOut, WentOutWithoutCall, WinStands, TurnTo, RoundOver, HandsChanged,
)
"""Every event type, in a stable order (for the JSON Schema)."""


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


def _check_arguments(before: object, move: object, after: object, player: object, viewer: object) -> None:
    """Refuse what is not a game, a move or a seat, with the library's errors (quoting the argument)."""
    for name, state in (("before", before), ("after", after)):
        if type(state) is not GameState:
            raise ArgumentTypeError(f"{name} {shown(state)} is not a game state")
    assert isinstance(before, GameState) and isinstance(after, GameState)
    if type(move) not in _MOVE_TYPES:
        raise ArgumentTypeError(f"{shown(move)} is not a move")
    if after.variant != before.variant or after.players != before.players:
        raise ArgumentError("after is not a state of the same game as before")
    for name, seat in (("player", player), ("viewer", viewer)):
        if seat is not None and (type(seat) is not int or not 0 <= seat < before.players):
            raise SeatError(f"{name} {shown(seat)} is not a seat of a game of {before.players} players")


_MOVE_TYPES: Final = MAUMAU_MOVE_TYPES


def events_between(before: GameState, move: Move, after: GameState, *, player: int | None = None,
                   viewer: int | None = None, reveal: bool = False) -> tuple[Event, ...]:
    """The events of ``move`` (made by ``player``, default the seat to act) that took ``before`` to ``after``.

    Args:
        before: the state the move was made in.
        move: the move.
        after: ``apply(before, move, player=player)``.
        player: the seat that made the move.
        viewer: the seat the events are for: only its own drawn cards are shown (``None``: a spectator).
        reveal: show every drawn card (a server's own log).

    Raises:
        ArgumentTypeError: ``before`` or ``after`` is not a game state, or ``move`` is not a move.
        ArgumentError: ``after`` is not a state of the same game.
        SeatError: ``player`` or ``viewer`` is not a seat of the game.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=3, seed=42)
    >>> move = legal_moves(s)[0]; print(move, "by", s.seat_to_act)
    8♠ by 2
    >>> events_between(s, move, apply(s, move))[1:]
    (Skipped(seat=0), TurnTo(seat=1))
    """
    _check_arguments(before, move, after, player, viewer)
    seat = before.seat_to_act if player is None else player
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
        from .scoring import round_points

        assert after.end is not None
        out.append(RoundOver(after.end, after.winner, after.tied, round_points(after)))
        return tuple(out)
    if after.phase is Phase.FINISHING and before.phase is not Phase.FINISHING:
        out.append(WentOutWithoutCall(seat))
    if after.direction != before.direction:
        out.append(Reversed(after.direction))
    if after.pending_draw > before.pending_draw or (after.pending_draw and after.seat_to_act != before.seat_to_act
                                                    and isinstance(move, Play)):
        out.append(PenaltyPending(after.seat_to_act, after.pending_draw))
    if after.pending_skip > before.pending_skip or (after.pending_skip and isinstance(move, Play)):
        out.append(SkipPending(after.seat_to_act, after.pending_skip))
    turn = _turn_events(before, move, after, seat) if not wrong else []
    out.extend(turn)
    if after.seat_to_act != before.seat_to_act or turn:
        out.append(TurnTo(after.seat_to_act))
    return tuple(out)


def _log_of(before: GameState, move: Move, after: GameState, player: int | None) -> list[object] | None:
    """The log of what the move did (:class:`~maumau_rules.rules.turn.Turn`), by making it again on ``before`` with
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


def apply_with_events(state: GameState, move: Move, *, player: int | None = None, turn: int | None = None,
                      viewer: int | None = None, reveal: bool = False) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`~maumau_rules.game.apply`, and the events of the move for ``viewer`` (see :func:`events_between`).

    Raises:
        IllegalMoveError: the move is illegal (nothing happened, so there are no events).

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=3)
    >>> after, events = apply_with_events(s, Draw(), viewer=s.seat_to_act)
    >>> events[0].cards == tuple(c for c in after.hands[s.seat_to_act] if c not in s.hands[s.seat_to_act])
    True
    """
    after = apply(state, move, player=player, turn=turn)
    return after, events_between(state, move, after, player=player, viewer=viewer, reveal=reveal)


def describe_events(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Each event as a short sentence, with ``names`` for the seats.

    >>> describe_events([Skipped(1), Reversed(-1)], ["you", "CPU 1"])
    ['CPU 1 misses a turn', 'the direction of play is reversed (now counter-clockwise)']
    >>> describe_events([Skipped(0), PlaysAgain(0)], ["you", "CPU 1"])
    ['you miss a turn', 'you play again']
    >>> describe_events([HandsChanged((5, 7), 18)], ["you", "CPU 1"])
    ['the hands change (cards held now: you 5, CPU 1 7)']
    """
    out = []
    for e in events:
        text = _sentence(e, names)
        if text:
            out.append(text)
    return out


def _sentence(e: Event, names: Sequence[str]) -> str:
    """One event in words, in the current language (:mod:`maumau_rules.i18n`; the terminal's own sentences, which
    speak to the human as "you", are :func:`maumau_rules.cli_play.describe_event`)."""
    from .i18n import gettext as _
    from .i18n import ngettext

    who = names.__getitem__
    match e:
        case Skipped(seat=seat):
            if who(seat) == _("you"):  # the verb agrees with the one spoken to
                return _("you miss a turn")
            return _("{who} misses a turn").format(who=who(seat))
        case Reversed(direction=direction):
            return (_("the direction of play is reversed (now clockwise)") if direction == 1
                    else _("the direction of play is reversed (now counter-clockwise)"))
        case PlaysAgain(seat=seat):
            if who(seat) == _("you"):
                return _("you play again")
            return _("{who} plays again").format(who=who(seat))
        case Reshuffled(count=count):
            return ngettext("the discard pile ({n} card) is shuffled into a new stock",
                            "the discard pile ({n} cards) is shuffled into a new stock", count).format(n=count)
        case Drew(seat=seat, count=count, reason=reason, cards=cards):
            why = {"penalty": _(" (penalty)"), "called_out": _(" (called out)"), "call_penalty": _(" (missed call)"),
                   "wrong_card": _(" (wrong card)")}.get(reason, "")
            what = f": {' '.join(map(str, cards))}" if cards else ""
            if who(seat) == _("you"):
                text = ngettext("you draw {n} card", "you draw {n} cards", count).format(n=count)
            else:
                text = ngettext("{who} draws {n} card", "{who} draws {n} cards", count).format(who=who(seat), n=count)
            return text + why + what
        case PenaltyPending(seat=seat, amount=amount):
            return _("{who} must draw {n} unless the penalty is passed on").format(who=who(seat), n=amount)
        case SkipPending(seat=seat):
            return _("{who} must answer the skip or miss a turn").format(who=who(seat))
        case WentOutWithoutCall(seat=seat):
            return _("{who} went out without the call that was needed").format(who=who(seat))
        case Wished(suit=suit):
            return _("{suit} is wished").format(suit=suit.symbol)
        case HandsChanged(sizes=sizes):
            return _("the hands change (cards held now: {sizes})").format(
                sizes=", ".join(f"{who(p)} {k}" for p, k in enumerate(sizes)))
        case _:
            return ""
