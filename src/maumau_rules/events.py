"""What a move did, as a typed, ordered list of events: for interfaces that animate a game, logs and teaching.

Events are found when asked for, so they cost nothing when nobody asks: :func:`events_between` checks its
arguments and asks the state's family (:meth:`~maumau_rules.families.GameFamily.events`), which reads them off the
two states (Mau-Mau makes the move again with a log kept, so every card drawn through the engine and every
effect's own event is told). The event types are shared: a play, a draw, a pass, the turn passing on, the end of
the round; the calls, wishes, skips and reversals of the shedding games; the new deals and tricks of a trick game.
A change of hands that no draw or play explains (a house rule that swaps or passes hands on) is told as
:class:`HandsChanged`, for every viewer, showing no card. Each viewer gets its own list: a card drawn is shown
only to the player who drew it (``viewer``), or to everybody with ``reveal=True`` (a server's own log).

>>> from maumau_rules import Draw, new_game
>>> s = new_game("standard", players=2, seed=3)
>>> after, events = apply_with_events(s, Draw(), viewer=None)
>>> [e.kind for e in events]
['drew']
>>> events[0].cards is None and events[0].count == 1  # a spectator does not see the card
True
>>> m = new_game("malilla", players=4, seed=3)
>>> [e.kind for e in apply_with_events(m, m.legal_moves()[0])[1]]
['passed', 'turn_to']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, cast

import attrs

from .cards import Card, Suit
from .errors import ArgumentError, ArgumentTypeError, SeatError, shown
from .families import FamilyState, family_of, state_family
from .game import apply
from .i18n import gettext as _
from .moves import MOVE_TYPES, Call, Move
from .reasons import Reason
from .state import EndReason

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
    "RedealAsked",
    "Redealt",
    "Reshuffled",
    "Reversed",
    "RoundOver",
    "RuleBroken",
    "SkipPending",
    "Skipped",
    "TrickWon",
    "TurnTo",
    "WentOutWithoutCall",
    "WinStands",
    "Wished",
    "WrongCard",
    "apply_with_events",
    "describe_events",
    "events_between",
]


def _encode(value: Any) -> Any:
    if isinstance(value, Card | Suit):
        return str(value)
    if isinstance(value, Call | EndReason | Reason):
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


@attrs.frozen
class RedealAsked(Event):
    """Before the first lead, ``seat`` asked for a new deal; its partner answers (Malilla, R_MAL_REDEAL).

    >>> RedealAsked(1).to_json()
    {'kind': 'redeal_asked', 'seat': 1}
    """

    kind: ClassVar[str] = "redeal_asked"
    seat: int


@attrs.frozen
class Redealt(Event):
    """The partner agreed: the cards were dealt again; ``trump`` is the dealer's new turned-up card (Malilla).

    >>> Redealt(Card.parse("3co")).to_json()
    {'kind': 'redealt', 'trump': '3co'}
    """

    kind: ClassVar[str] = "redealt"
    trump: Card


@attrs.frozen
class TrickWon(Event):
    """``seat`` won the trick just completed, worth ``points`` (a trick game: Malilla).

    >>> TrickWon(2, 13).to_json()
    {'kind': 'trick_won', 'seat': 2, 'points': 13}
    """

    kind: ClassVar[str] = "trick_won"
    seat: int
    points: int


@attrs.frozen
class RuleBroken(Event):
    """``seat`` broke a rule at the table (``reason``), which ends the match (Malilla, R_MAL_BREACH
    ``lose_match``).

    >>> RuleBroken(3, Reason.MUST_FOLLOW_SUIT).to_json()["reason"]
    'must_follow_suit'
    """

    kind: ClassVar[str] = "rule_broken"
    seat: int
    reason: Reason


EVENT_TYPES: Final[tuple[type[Event], ...]] = (
    Played, WrongCard, CallMissed, Wished, Reshuffled, Drew, PenaltyPending, SkipPending, Skipped, Reversed,
    PlaysAgain, Passed, CalledOut, WentOutWithoutCall, WinStands, TurnTo, RoundOver, HandsChanged, RedealAsked,
    Redealt, TrickWon, RuleBroken,
)
"""Every event type, in a stable order (for the JSON Schema)."""


def _check_arguments(before: object, move: object, after: object, player: object, viewer: object) -> None:
    """Refuse what is not a game, a move or a seat, with the library's errors (quoting the argument)."""
    for name, state in (("before", before), ("after", after)):
        if state_family(state) is None:
            raise ArgumentTypeError(_("{name} {state} is not a game state").format(name=name, state=shown(state)))
    if type(after) is not type(before):
        raise ArgumentError(_("after is not a state of the same game as before"))
    # states of a registered family (checked above; a runtime isinstance of the protocol costs about 15 us)
    first, last = cast(FamilyState, before), cast(FamilyState, after)
    if type(move) not in MOVE_TYPES:
        raise ArgumentTypeError(_("{move} is not a move").format(move=shown(move)))
    if last.variant != first.variant or last.players != first.players:
        raise ArgumentError(_("after is not a state of the same game as before"))
    for name, seat in (("player", player), ("viewer", viewer)):
        if seat is not None and (type(seat) is not int or not 0 <= seat < first.players):
            raise SeatError(_("{name} {seat} is not a seat of a game of {players} players").format(name=name, seat=shown(seat), players=first.players))


def events_between(before: Any, move: Move, after: Any, *, player: int | None = None,
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

    >>> from maumau_rules import legal_moves, new_game
    >>> s = new_game("standard", players=3, seed=42)
    >>> move = legal_moves(s)[0]; print(move, "by", s.seat_to_act)
    8♠ by 2
    >>> events_between(s, move, apply(s, move))[1:]
    (Skipped(seat=0), TurnTo(seat=1))
    """
    _check_arguments(before, move, after, player, viewer)
    seat = before.seat_to_act if player is None else player
    return tuple(family_of(before).events(before, move, after, seat, viewer, reveal))


def apply_with_events(state: Any, move: Move, *, player: int | None = None, turn: int | None = None,
                      viewer: int | None = None, reveal: bool = False) -> tuple[Any, tuple[Event, ...]]:
    """:func:`~maumau_rules.game.apply`, and the events of the move for ``viewer`` (see :func:`events_between`).

    Raises:
        IllegalMoveError: the move is illegal (nothing happened, so there are no events).

    >>> from maumau_rules import Draw, new_game
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
    speak to the human as "you", are each family's terminal game's)."""
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
        case RedealAsked(seat=seat):
            return _("{who} asks for a new deal").format(who=who(seat))
        case Redealt(trump=trump):
            return _("the cards are dealt again; the trump card is {card}").format(card=trump)
        case TrickWon(seat=seat, points=points):
            return ngettext("{who} takes the trick ({n} point)", "{who} takes the trick ({n} points)", points).format(
                who=who(seat), n=points)
        case RuleBroken(seat=seat):
            return _("{who} broke a rule: the match is lost").format(who=who(seat))
        case HandsChanged(sizes=sizes):
            return _("the hands change (cards held now: {sizes})").format(
                sizes=", ".join(f"{who(p)} {k}" for p, k in enumerate(sizes)))
        case _:
            return ""
