"""The Mau-Mau game state: one round of play, as a frozen value.

A :class:`GameState` holds everything: hands, stock, discard pile, the seat to act, the direction,
pending effects, calls, the move counter and the random state. Transitions in
:mod:`maumau_rules.game` return new states and never change their input.

>>> from maumau_rules import new_game, find_variant
>>> s = new_game(find_variant("standard"), players=3, seed=7)
>>> len(s.hands), [len(h) for h in s.hands], s.phase
(3, [5, 5, 5], <Phase.PLAY: 'play'>)
>>> s.top_card in s.discard and s.turn == 0
True
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from ... import handmask
from ...cards import Card, Suit
from ...moves import Call
from ...state import EndReason, StateError

if TYPE_CHECKING:
    from ...moves import Move
    from ...variants import Variant

__all__ = ["GameState", "Phase"]


class Phase(enum.Enum):
    """Where the player to act stands within a turn.

    >>> Phase("drawn")
    <Phase.DRAWN: 'drawn'>
    """

    PLAY = "play"
    """The start of a turn: answer pending effects, play, draw (or pass when nothing can be drawn)."""
    DRAWN = "drawn"
    """The player has drawn a card: play it (where allowed) or pass."""
    SERIES = "series"
    """The player has played and may add cards of the same rank, or pass."""
    FINISHING = "finishing"
    """A player went out without the call the variant needs (R_ANNOUNCE, ``enforcement = "callout"``): any other
    player may call him out (he draws, the card stays, play goes on); the player to act may instead let the win
    stand by passing."""
    OVER = "over"
    """The round has ended."""

class _HandsFromMask:
    """``GameState.hands``: decoded from the state's hand integer ``_hm`` each time it is read.

    A non-data descriptor: nothing is stored on the state (a frozen value is never written after it is made).
    The engine itself never reads ``hands``; it works on ``_hm``.
    """

    def __get__(self, state: GameState | None, owner: type | None = None) -> Any:
        if state is None:
            return self
        fields = state.__dict__
        plan = fields["variant"].plan
        hm = fields["_hm"]
        width, full = plan.width, plan.seat_full
        return tuple(handmask.cards_of((hm >> shift) & full, width) for shift in plan.shifts[:len(fields["announced"])])


def _hand_integer(variant: Variant, hands: tuple[tuple[Card, ...], ...]) -> int:
    """All ``hands`` as one integer (:mod:`maumau_rules.handmask`), for the engine.

    Raises:
        StateError: a hand holds a card the variant's deck does not have, or more copies of it.
    """
    plan = variant.plan
    hm = 0
    unit = plan.unit.__getitem__
    if len(hands) > plan.max_players:
        raise StateError(f"{len(hands)} hands, but variant {variant.id!r} is for at most {plan.max_players} players")
    for seat, hand in enumerate(hands):
        try:
            mask = sum(map(unit, hand))
            if handmask.hand_size(mask, plan.width, plan.low) != len(hand):  # a field overflowed
                mask = handmask.mask_of(hand, plan.width)  # raises, naming the card
            hm |= mask << plan.shifts[seat]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise StateError(f"hand {seat} cannot be held in the {variant.deck} deck: {exc}") from None
    return hm


def _check_fields(fields: dict[str, Any], n: int) -> None:
    """The fields every state must have right before the engine can read it (else :class:`StateError`)."""
    if not n:
        raise StateError("no seats (no hands and no entries in 'announced')")
    for name in ("seat_to_act", "dealer", "winner"):
        seat = fields[name]
        if (seat is not None or name in ("seat_to_act", "dealer")) and (type(seat) is not int or not 0 <= seat < n):
            raise StateError(f"{name}={seat!r} is not a seat of a game of {n} players")
    missed = fields["missed_calls"]
    if (type(missed) is not tuple or len(set(missed)) != len(missed)
            or any(type(seat) is not int or not 0 <= seat < n for seat in missed)):
        raise StateError(f"missed_calls={missed!r} must be a tuple of distinct seats of a game of {n} players")
    if fields["direction"] not in (1, -1) or type(fields["direction"]) is not int:
        raise StateError(f"direction={fields['direction']!r} must be 1 or -1")
    if not fields["discard"]:
        raise StateError("the discard pile is empty (it always holds the top card)")
    for name in ("pending_draw", "pending_skip", "passes", "turn", "rng"):
        if type(fields[name]) is not int or fields[name] < 0:
            raise StateError(f"counters (pending_draw, pending_skip, passes, turn, rng) must be whole numbers >= 0, "
                             f"not {name}={fields[name]!r}")
    if fields["rng"] >= 1 << 64:
        raise StateError(f"rng={fields['rng']} is not a 64-bit generator state")
    if not isinstance(fields["phase"], Phase) or (fields["phase"] is Phase.SERIES and not fields["turn_plays"]):
        raise StateError(f"phase={fields['phase']!r}: a series needs the cards played this turn")
    if (fields["phase"] is Phase.OVER) != (fields["end"] is not None):
        raise StateError(f"phase={fields['phase'].value} does not agree with end={fields['end']!r}")
    if fields["wished_suit"] is not None and (not isinstance(fields["wished_suit"], Suit)
                                              or fields["wished_suit"].is_spanish):
        raise StateError(f"wished_suit={fields['wished_suit']!r} is not a suit a wild card can wish")
    if len(fields["announced"]) > fields["variant"].plan.max_players:
        raise StateError(f"{n} seats, but variant {fields['variant'].id!r} is for at most "
                         f"{fields['variant'].plan.max_players} players")


def _not_given(value: object) -> None:
    """A state's legal moves are always found from its own fields when it is made (whatever is passed)."""
    return None


@attrs.frozen(eq=True, repr=False, slots=False)
class GameState:
    """One round of Mau-Mau, frozen. Build it with :func:`~maumau_rules.new_game`.

    Seats are numbered 0 to n-1 clockwise: seat + 1 sits on seat's left. Besides the fields below, a
    state has ``is_over``: whether the round has ended (``end`` is set).

    >>> from maumau_rules import new_game, find_variant
    >>> new_game(find_variant("standard"), players=2, seed=1).is_over
    False
    """

    # Not slotted: attrs builds a frozen dict-based instance about twice as fast as a slotted one
    # (one dict store per field instead of one ``object.__setattr__`` call), and the engine makes
    # one state per move. Immutability is the same (``FrozenInstanceError`` on assignment).

    variant: Variant
    """The variant being played."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted."""
    stock: tuple[Card, ...]
    """The face-down stock, bottom to top (cards are drawn from the end)."""
    discard: tuple[Card, ...]
    """The face-up discard pile, bottom to top."""
    seat_to_act: int
    """The one seat whose move it is."""
    direction: int
    """+1 clockwise (to the left), -1 counter-clockwise."""
    dealer: int
    """The dealer of this round."""
    phase: Phase
    """Where the player to act stands within the turn."""
    pending_draw: int
    """Cards the player to act must draw unless he passes the penalty on."""
    penalty_stack: tuple[Card, ...]
    """The penalty cards whose amounts make up ``pending_draw``."""
    pending_skip: int
    """Passable skips facing the player to act (answer with a skip card or pass)."""
    wished_suit: Suit | None
    """The suit wished with the wild card on top, while it is in force."""
    any_card: bool
    """Any card may be played on the top card (a wild start card, a Joker)."""
    drawn: Card | None
    """The card drawn this turn, in phase ``DRAWN``."""
    turn_plays: tuple[Card, ...]
    """Cards played so far in the current turn (a series), or the finishing cards at the end."""
    announced: tuple[Call | None, ...]
    """Each seat's standing call."""
    missed_calls: tuple[int, ...]
    """Seats that did not make a call that was due (or made the wrong one) and can still be called out, oldest
    first (R_ANNOUNCE)."""
    fresh: bool
    """The top card was played by the player who acted last (its effect has just happened)."""
    passes: int
    """Consecutive passes in which no card moved (for R_BLOCKED_END)."""
    turn: int
    """Moves applied so far: the state's version, echoed by clients."""
    rng: int
    """The random generator's state (for reshuffles)."""
    winner: int | None
    """The seat that won the round, once it is over (``None`` for a round with no winner)."""
    end: EndReason | None
    """How the round ended, or ``None`` while it goes on."""
    # The legal moves, found once when the state is made (by the engine, or by the constructor below): part of
    # the value, derived from the fields above, never written afterwards. Whatever is passed for it
    # (``attrs.evolve`` passes the old state's) is dropped.
    _legal: Any = attrs.field(default=None, converter=_not_given, eq=False, hash=False, repr=False, alias="_legal")
    if TYPE_CHECKING:  # kept in the instance ``__dict__`` (see __attrs_post_init__), not attrs fields
        is_over: ClassVar[bool]
        _hm: ClassVar[int]

    def __attrs_post_init__(self) -> None:
        """Store what the engine reads on every move next to the fields: ``is_over`` (whether the round has
        ended: ``end`` is set), ``_hm``, all hands as one integer (``hands`` is decoded from it, as sorted
        tuples, whenever it is read), and the legal moves. States made by the engine get them from the transition.

        Raises:
            StateError: a hand the variant's deck cannot hold, or not one hand per seat (``announced``).

        >>> from maumau_rules import new_game, find_variant
        >>> s = new_game(find_variant("standard"), players=2, seed=1)
        >>> s.is_over, s._hm > 0, len(s.hands)
        (False, True, 2)
        """
        fields = self.__dict__
        hands = fields.pop("hands")
        if len(hands) != len(fields["announced"]):
            raise StateError(f"{len(hands)} hands but {len(fields['announced'])} entries in 'announced'")
        _check_fields(fields, len(hands))
        fields["_hm"] = _hand_integer(fields["variant"], hands)
        if fields["phase"] is Phase.FINISHING and (sum(not h for h in hands) != 1 or not hands[fields["seat_to_act"]]):
            raise StateError("phase=finishing needs exactly one empty hand (the seat that went out), "
                             "and another seat to act")
        fields["is_over"] = fields["end"] is not None
        fields["_legal"] = fields["variant"].plan.moves_of(fields)  # the family's one move generator

    @property
    def players(self) -> int:
        """The number of seats.

        >>> from maumau_rules import new_game, find_variant
        >>> new_game(find_variant("standard"), players=4, seed=1).players
        4
        """
        return len(self.announced)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Each seat's number of cards (without decoding the hands).

        >>> from maumau_rules import new_game, find_variant
        >>> new_game(find_variant("standard"), players=3, seed=1).hand_sizes
        (5, 5, 5)
        """
        fields = self.__dict__
        plan = fields["variant"].plan
        hm, full, width, low = fields["_hm"], plan.seat_full, plan.width, plan.low
        if width == 1:
            return tuple(((hm >> shift) & full).bit_count() for shift in plan.shifts[:len(fields["announced"])])
        return tuple(handmask.hand_size((hm >> shift) & full, width, low)
                     for shift in plan.shifts[:len(fields["announced"])])

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand, sorted (decoding only that hand).

        >>> from maumau_rules import new_game, find_variant
        >>> s = new_game(find_variant("standard"), players=3, seed=1); s.hand(2) == s.hands[2]
        True
        """
        fields = self.__dict__
        plan = fields["variant"].plan
        return handmask.cards_of((fields["_hm"] >> plan.shifts[seat]) & plan.seat_full, plan.width)

    @property
    def top_card(self) -> Card:
        """The top card of the discard pile.

        >>> from maumau_rules import new_game, find_variant
        >>> s = new_game(find_variant("standard"), players=2, seed=1); s.top_card == s.discard[-1]
        True
        """
        return self.discard[-1]

    @property
    def finisher(self) -> int | None:
        """In phase ``FINISHING``, the seat that went out without the call it needed (its hand is empty); else ``None``.

        >>> from maumau_rules import new_game, find_variant
        >>> new_game(find_variant("greek-150"), players=2, seed=1).finisher is None
        True
        """
        if self.phase is not Phase.FINISHING:
            return None
        return self.hand_sizes.index(0)

    @property
    def tied(self) -> tuple[int, ...]:
        """The seats that share the fewest cards when a round ended without a winner (blocked, or at the move limit
        with a tie); empty while the round goes on or when it has a winner.

        >>> from maumau_rules import new_game, find_variant
        >>> new_game(find_variant("standard"), players=2, seed=1).tied
        ()
        """
        if self.end is None or self.winner is not None:
            return ()
        sizes = self.hand_sizes
        low = min(sizes)
        return tuple(seat for seat, n in enumerate(sizes) if n == low)

    def all_cards(self) -> Counter[Card]:
        """The multiset of every card in every zone (it never changes during a round).

        >>> from maumau_rules import new_game, find_variant
        >>> s = new_game(find_variant("standard"), players=2, seed=1); sum(s.all_cards().values())
        32
        """
        c: Counter[Card] = Counter(self.stock)
        c.update(self.discard)
        for h in self.hands:
            c.update(h)
        return c

    def legal_moves(self) -> tuple[Move, ...]:
        """Shortcut for :func:`maumau_rules.legal_moves` (cached on the state).

        >>> from maumau_rules import new_game, find_variant
        >>> s = new_game(find_variant("standard"), players=2, seed=1); s.legal_moves() == s.legal_moves()
        True
        """
        moves: tuple[Move, ...] = self._legal
        return moves

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(str(c) for c in h) for h in self.hands)
        extra = []
        if self.pending_draw:
            extra.append(f"pending_draw={self.pending_draw}")
        if self.pending_skip:
            extra.append(f"pending_skip={self.pending_skip}")
        if self.wished_suit is not None:
            extra.append(f"wished_suit={self.wished_suit.symbol}")
        if self.end is not None:
            extra.append(f"end={self.end.value} winner={self.winner}")
        tail = (" " + " ".join(extra)) if extra else ""
        return (
            f"<GameState {self.variant.id} turn={self.turn} seat_to_act={self.seat_to_act} "
            f"phase={self.phase.value} top={self.top_card}{tail} hands=[{hands}] stock={len(self.stock)}>"
        )


# attrs stores ``hands`` in the instance dict; __attrs_post_init__ turns them into the hand integer, and this
# non-data descriptor decodes them from it whenever they are read.
setattr(GameState, "hands", _HandsFromMask())  # noqa: B010


