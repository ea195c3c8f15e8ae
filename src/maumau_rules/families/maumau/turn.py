"""The mutable scratch of one transition, which card effects act on.

A :class:`Turn` is made by the engine for one move: its ``__dict__`` is a copy of the state's
fields (one C-level dict copy), which becomes the next state's ``__dict__`` when the move is done.
Effects (:mod:`maumau_rules.families.maumau.effects`) change the game only through the methods below, so a
rule written outside the library has the same tools as the built-in ones. A ``Turn`` never leaves
the transition that made it.

>>> from maumau_rules import new_game
>>> s = new_game("standard", players=2, seed=1)
>>> t = Turn.scratch(s, seat=0)
>>> got = t.draw(1, 2); len(got), len(t.hand(1)) == len(s.hands[1]) + 2
(2, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, NamedTuple

from ... import handmask
from ...cards import Card, Suit
from ...moves import Call, Move
from ...zones import draw_cards
from .state import Phase

if TYPE_CHECKING:
    from ...state import EndReason
    from ...variants import Variant
    from .plan import Plan
    from .state import GameState

__all__ = ["Drawn", "Turn", "calls_after_draw", "end_turn", "with_call", "with_cards"]

_new: Final = object.__new__


class Turn:
    """One transition's working copy of the state, with the operations effects may use.

    Read-only context: :attr:`seat` (who moved), :attr:`card` and :attr:`move` (for card effects),
    :attr:`players`. Operations: :meth:`draw`, :meth:`hand`, :meth:`take_hand`, :meth:`give`,
    :meth:`next_seat`, :meth:`wish`, :meth:`free`, :meth:`add_pending_draw`, :meth:`cancel_pending_draw`,
    :meth:`answer_skip`; and, while the turn passes on (an effect's ``passing``), :meth:`skip`,
    :meth:`reverse` and :meth:`play_again`.

    While the events of a move are asked for (:mod:`maumau_rules.events`), the turn keeps a log: every card drawn
    through :meth:`draw`, and what an effect tells the table with :meth:`record`. A change of hands that no
    event of the log explains (cards taken and given, say) is told as a
    :class:`~maumau_rules.events.HandsChanged`, which shows no card.
    """

    _log: list[object] | None = None
    """The event log of the move, while one is kept (it lives in the fields, under ``"_log"``); else ``None``."""

    __slots__ = ("__dict__", "again", "card", "move", "passable", "plan", "reverses", "seat", "skips",
                 "two_player_again")

    # The state's fields, kept in ``__dict__`` (declared for type checkers).
    variant: Variant
    _hm: int
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    seat_to_act: int
    direction: int
    dealer: int
    phase: Phase
    pending_draw: int
    penalty_stack: tuple[Card, ...]
    pending_skip: int
    wished_suit: Suit | None
    any_card: bool
    drawn: Card | None
    turn_plays: tuple[Card, ...]
    announced: tuple[Call | None, ...]
    missed_calls: tuple[int, ...]
    fresh: bool
    passes: int
    turn: int
    rng: int
    winner: int | None
    end: EndReason | None

    plan: Plan
    """The variant's compiled plan."""
    seat: int
    """The seat that made the move."""
    card: Card | None
    """The card just played (for card effects)."""
    move: Move | None
    """The move being made."""
    skips: int
    """While the turn passes on: players to skip."""
    passable: bool
    """While the turn passes on: the skips may be answered by the next player (they become a pending skip)."""
    reverses: int
    """While the turn passes on: direction changes."""
    again: bool
    """While the turn passes on: the same player plays again."""
    two_player_again: bool
    """While the turn passes on: with two players a reversal gives another turn."""

    @classmethod
    def scratch(cls, state: GameState, seat: int | None = None, move: Move | None = None) -> Turn:
        """A working copy of ``state`` for a move by ``seat`` (default: the seat to act); the move counter counts
        the move already.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=1)
        >>> Turn.scratch(s).turn, s.turn
        (1, 0)
        """
        fields = state.__dict__.copy()
        fields["turn"] = state.turn + 1
        fields["_legal"] = None
        t: Turn = _new(cls)
        t.__dict__ = fields
        t.plan = fields["variant"].plan
        t.seat = state.seat_to_act if seat is None else seat
        t.move = move
        t.card = None
        return t

    # ------------------------------------------------------------ seats and hands

    @property
    def players(self) -> int:
        """The number of seats.

        >>> from maumau_rules import new_game
        >>> Turn.scratch(new_game("standard", players=3, seed=1)).players
        3
        """
        return len(self.announced)

    def next_seat(self, steps: int = 1, seat: int | None = None) -> int:
        """The seat ``steps`` places after ``seat`` (default: the mover) in the current direction.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1), seat=2)
        >>> t.next_seat(), t.next_seat(-1)
        (0, 1)
        """
        return ((self.seat if seat is None else seat) + self.direction * steps) % len(self.announced)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Seat's cards now, sorted.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=1)
        >>> Turn.scratch(s).hand(0) == s.hands[0]
        True
        """
        plan = self.plan
        return handmask.cards_of((self._hm >> plan.shifts[seat]) & plan.seat_full, plan.width)

    def take_hand(self, seat: int) -> tuple[Card, ...]:
        """Take every card from seat's hand (they must be given to someone: cards are never lost).

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1))
        >>> n = len(t.take_hand(1)); t.hand(1), n
        ((), 6)
        """
        plan = self.plan
        cards = self.hand(seat)
        self._hm &= ~(plan.seat_full << plan.shifts[seat])
        return cards

    def give(self, seat: int, cards: Iterable[Card]) -> None:
        """Put ``cards`` into seat's hand (cards taken from a hand or drawn: cards are never made).

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1))
        >>> mine = t.take_hand(0); t.give(1, mine); len(t.hand(1))
        12
        """
        self._hm = with_cards(self.plan, self._hm, seat, cards)

    def draw(self, seat: int, n: int) -> tuple[Card, ...]:
        """Seat draws up to ``n`` cards from the stock (the discard pile is reshuffled when the variant says so);
        a standing call lapses where the variant says so. Returns the cards drawn (fewer when none are left).

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=1)
        >>> t = Turn.scratch(s); len(t.draw(1, 2)), len(t.stock) == len(s.stock) - 2
        (2, True)
        """
        plan = self.plan
        got, self.stock, self.discard, self.rng = draw_cards(self.stock, self.discard, n, self.rng, plan.reshuffle)
        if got:
            self._hm = with_cards(plan, self._hm, seat, got)
            self.announced = calls_after_draw(plan, self.announced, seat)
            log = self._log
            if log is not None:
                log.append(Drawn(seat, got))
        return got

    def record(self, event: object) -> None:
        """Tell the table ``event`` (an :class:`~maumau_rules.events.Event`), when the move's events are asked
        for: how an effect written outside the library narrates what it does. It must show only what every
        player may see. Without a log (a move made with ``apply``) it costs nothing.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.record("a note"); t._log is None
        True
        """
        log = self._log
        if log is not None:
            log.append(event)

    def set_call(self, seat: int, call: Call | None) -> None:
        """Set ``seat``'s standing call.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1))
        >>> t.set_call(1, Call.MAU); t.announced
        (None, <Call.MAU: 'mau'>)
        """
        self.announced = with_call(self.announced, seat, call)

    # ------------------------------------------------------------ what may follow

    def wish(self, suit: Suit | None) -> None:
        """The next player must follow ``suit`` (a wish or a demand), until a card of it is played.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.wish(Suit.HEARTS); t.wished_suit
        <Suit.HEARTS: 'h'>
        """
        self.wished_suit = suit

    def free(self) -> None:
        """Any card may follow the card just played.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.free(); t.any_card
        True
        """
        self.any_card = True

    # ------------------------------------------------------------ penalties and skips that wait for an answer

    def add_pending_draw(self, amount: int, card: Card) -> None:
        """Add ``amount`` to the draw penalty the next player must answer or take (``card`` made it).

        >>> from maumau_rules import new_game, Card
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1))
        >>> t.pending_draw = 0; t.add_pending_draw(2, Card.parse("7h")); t.pending_draw
        2
        """
        self.pending_draw += amount
        self.penalty_stack = (*self.penalty_stack, card)

    def cancel_pending_draw(self) -> None:
        """Wipe out a pending draw penalty.

        >>> from maumau_rules import new_game, Card
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1))
        >>> t.add_pending_draw(2, Card.parse("7h")); t.cancel_pending_draw(); t.pending_draw, t.penalty_stack
        (0, ())
        """
        self.pending_draw = 0
        self.penalty_stack = ()

    def answer_skip(self) -> None:
        """The pending skip is answered (the card just played passes it on with its own skip).

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1))
        >>> t.pending_skip = 1; t.answer_skip(); t.pending_skip
        0
        """
        self.pending_skip = 0

    # ------------------------------------------------------------ while the turn passes on

    def skip(self, count: int = 1, passable: bool = False) -> None:
        """Skip ``count`` more players when the turn passes on; ``passable``: the next player may answer the skips
        with a skip card of his own instead.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1)); t.start_passing(); t.skip(); t.skips
        1
        """
        self.skips += count
        if passable:
            self.passable = True

    def reverse(self, two_player_again: bool = False) -> None:
        """Reverse the direction of play when the turn passes on (two reversals cancel out);
        ``two_player_again``: with two players the same player plays again.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1)); t.start_passing(); t.reverse(); t.reverses
        1
        """
        self.reverses += 1
        if two_player_again:
            self.two_player_again = True

    def play_again(self) -> None:
        """The same player plays again (when it is the last card of the turn).

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1)); t.start_passing(); t.play_again(); t.again
        True
        """
        self.again = True

    def start_passing(self) -> None:
        """Reset what effects say about passing the turn on (the engine calls this at the end of a turn).

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1)); t.start_passing(); t.skips, t.again
        (0, False)
        """
        self.skips = 0
        self.passable = False
        self.reverses = 0
        self.again = False
        self.two_player_again = False


class Drawn(NamedTuple):
    """A log entry (see :class:`Turn`): ``seat`` drew ``cards`` from the stock.

    >>> from maumau_rules.cards import parse_cards
    >>> Drawn(1, parse_cards("7h")).seat
    1
    """

    seat: int
    cards: tuple[Card, ...]


def with_cards(plan: Plan, hm: int, seat: int, cards: Iterable[Card]) -> int:
    """The integer of all hands ``hm`` with ``cards`` added to ``seat``'s hand (:mod:`maumau_rules.handmask`).

    >>> from maumau_rules import find_variant
    >>> from maumau_rules.cards import parse_cards
    >>> from maumau_rules.handmask import cards_of
    >>> plan = find_variant("standard").plan
    >>> hm = with_cards(plan, 0, 1, parse_cards("8h 7h"))
    >>> cards_of(hm >> plan.shifts[1], plan.width) == parse_cards("7h 8h"), hm & plan.seat_full
    (True, 0)
    """
    unit = plan.seat_unit[seat]
    for card in cards:
        hm += unit[card]
    return hm


def with_call(announced: tuple[Call | None, ...], seat: int, call: Call | None) -> tuple[Call | None, ...]:
    """The standing calls with ``seat``'s replaced by ``call``.

    >>> with_call((None, None), 1, Call.MAU)
    (None, <Call.MAU: 'mau'>)
    """
    calls = list(announced)
    calls[seat] = call
    return tuple(calls)


def calls_after_draw(plan: Plan, announced: tuple[Call | None, ...], seat: int) -> tuple[Call | None, ...]:
    """The standing calls after ``seat`` drew a card: its call lapses where R_ANNOUNCE says so.

    >>> from maumau_rules import find_variant
    >>> calls_after_draw(find_variant("mau-king").plan, (Call.MAU, None), 0)
    (None, None)
    >>> calls_after_draw(find_variant("standard").plan, (Call.MAU, None), 0)
    (<Call.MAU: 'mau'>, None)
    """
    if plan.calls_lapse and announced[seat] is not None:
        return with_call(announced, seat, None)
    return announced


def end_turn(t: Turn) -> None:
    """Pass the turn on after the cards of ``t.turn_plays``: their effects' ``passing`` steps decide skips,
    reversals and another turn.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.families.maumau.turn import Turn
    >>> s = new_game("standard", players=3, seed=1)
    >>> t = Turn.scratch(s); t.turn_plays = (); end_turn(t); t.seat_to_act == (s.seat_to_act + 1) % 3
    True
    """
    plays = t.turn_plays
    t.turn_plays = ()
    t.phase = Phase.PLAY
    seat = t.seat
    players = len(t.announced)
    passing = t.plan.passing
    if not plays or (len(plays) == 1 and not passing[plays[0]]):
        t.seat_to_act = (seat + t.direction) % players
        return
    t.start_passing()
    for card in plays:
        t.again = False  # only the last card of a turn gives another turn
        for effect in passing[card]:
            effect.passing(t)
    if t.reverses % 2:
        t.direction = -t.direction
        if players == 2 and t.two_player_again:
            t.seat_to_act = seat
            return
    if t.again:
        t.seat_to_act = seat
        return
    if t.skips and t.passable:
        t.pending_skip = t.skips
        t.seat_to_act = (seat + t.direction) % players
        return
    t.seat_to_act = (seat + t.direction * (1 + t.skips)) % players
