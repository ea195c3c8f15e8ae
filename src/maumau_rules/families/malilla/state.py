"""The state of one hand of Malilla, as a frozen value.

A :class:`MalillaState` holds the four hands, the trump card, the trick on the table, the tricks taken,
the stage of the hand (the question about a new deal, or play), the match scores it started from and the
bonuses it gave, the move counter and the random state. The engine
(:mod:`maumau_rules.families.malilla.engine`, or :func:`maumau_rules.apply` for any state) returns new states and
never changes its input.

>>> from maumau_rules.families.malilla.engine import new_hand
>>> s = new_hand("malilla", seed=7, dealer=0)
>>> [len(h) for h in s.hands], s.trump_card in s.hands[0], s.trump is s.trump_card.suit
([10, 10, 10, 10], True, True)
>>> s.seat_to_act == s.leader == 3
True
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from ...cards import Card, Suit
from ...errors import MauMauError
from ...reasons import Reason
from ...state import EndReason
from .plan import SEATS, team_of, trick_winner_index

if TYPE_CHECKING:
    from ...moves import Move
    from ...variants import Variant
    from .plan import MalillaPlan

__all__ = ["MalillaState", "MalillaStateError", "Stage", "Trick"]


class Stage(enum.Enum):
    """Where a hand stands.

    >>> Stage("play")
    <Stage.PLAY: 'play'>
    """

    REDEAL = "redeal"
    """Before the first lead, each player in turn may ask for a new deal (R_MAL_REDEAL) or pass."""
    ANSWER = "answer"
    """The partner of a player who asked for a new deal agrees (``redeal``) or refuses (``pass``)."""
    PLAY = "play"
    """The tricks are played."""
    OVER = "over"
    """The hand has ended."""


@attrs.frozen
class Trick:
    """A finished trick: who led it, its cards in the order they were played, who won it and its points.

    >>> from maumau_rules.cards import parse_cards
    >>> t = Trick(leader=1, cards=parse_cards("Ror 1or 7or 2co"), winner=2, points=13)
    >>> t.seats, t.card_of(2)
    ((1, 0, 3, 2), Card.parse('2co'))
    """

    leader: int
    """The seat that led it."""
    cards: tuple[Card, ...]
    """Its cards, the led card first, then each next player's to the right."""
    winner: int
    """The seat that won it."""
    points: int
    """Its points: its cards' and the trick's own (R_MAL_SCORE)."""

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card (play goes to the right: seat - 1).

        >>> Trick(0, (), 0, 0).seats
        ()
        """
        return tuple((self.leader - i) % SEATS for i in range(len(self.cards)))

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick (``None``: not in it).

        >>> Trick(0, (), 0, 0).card_of(1) is None
        True
        """
        for s, card in zip(self.seats, self.cards, strict=True):
            if s == seat:
                return card
        return None


class MalillaStateError(MauMauError, ValueError):
    """A Malilla state was built that breaks the game's invariants (hand-built or edited states).

    >>> issubclass(MalillaStateError, MauMauError)
    True
    """


def _not_given(value: object) -> None:
    """A state's legal moves are always found from its own fields when it is made (whatever is passed)."""
    return None


@attrs.frozen(eq=True, repr=False, slots=False)
class MalillaState:
    """One hand of Malilla, frozen. Start one with :func:`~maumau_rules.new_game` (a Malilla variant) or
    :func:`~maumau_rules.families.malilla.engine.new_hand`; a match deals the next ones (:mod:`maumau_rules.scoring`).

    Seats are numbered 0 to 3 clockwise (seat + 1 sits on seat's left) and play goes to the right, from seat s to
    seat s - 1. Seats 0 and 2 are team 0, seats 1 and 3 team 1. Besides the fields below, a state has
    ``is_over``: whether the hand has ended (``end`` is set).

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> new_hand("malilla", seed=1).is_over
    False
    """

    # Not slotted, like Mau-Mau's state: the engine makes one state per move by setting its __dict__ once.

    variant: Variant
    """The variant being played."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted."""
    dealer: int
    """The dealer of this hand."""
    trump_card: Card
    """The dealer's last card, turned up: its suit is trump (R_MAL_TRUMP). Everyone sees it."""
    stage: Stage
    """Where the hand stands."""
    seat_to_act: int
    """The one seat whose move it is."""
    leader: int
    """The seat that leads (or led) the current trick."""
    trick: tuple[Card, ...]
    """The cards of the current trick so far, the led card first."""
    tricks: tuple[Trick, ...]
    """The finished tricks, in the order they were played."""
    asked: int
    """How many players have answered the question about a new deal (stage ``redeal``)."""
    asker: int | None
    """The seat that asked for a new deal, while his partner answers (stage ``answer``)."""
    scores: tuple[int, ...]
    """Each team's match score before this hand (``(0, 0)`` for a hand played alone)."""
    bonus: tuple[int, ...]
    """Each team's points from the deal: the trump bonus (R_MAL_TRUMP) and the Albur (R_MAL_ALBUR)."""
    deferred: tuple[bool, ...]
    """For each team, whether its bonus is held back until the end of the hand (it alone would win the match)."""
    albur: tuple[Card, ...]
    """The two Albur cards, the dealer's then his right-hand player's (empty without R_MAL_ALBUR)."""
    round_no: int
    """The hand's number in its match (1 for a hand played alone)."""
    turn: int
    """Moves applied so far: the state's version, echoed by clients."""
    rng: int
    """The random generator's state (for a new deal)."""
    winner: int | None
    """The team that won the hand (took more than half of its points), once it is over; ``None`` on an even split
    or when a broken rule stopped it."""
    end: EndReason | None
    """How the hand ended (``tricks``: every card was played; ``violation``: a broken rule, R_MAL_BREACH)."""
    offender: int | None
    """The seat whose broken rule stopped the hand (R_MAL_BREACH ``lose_match``)."""
    breach: Reason | None
    """The reason code of that broken rule."""
    _legal: Any = attrs.field(default=None, converter=_not_given, eq=False, hash=False, repr=False, alias="_legal")
    if TYPE_CHECKING:
        is_over: bool

    def __attrs_post_init__(self) -> None:
        """Check a state built by hand (the engine builds its states directly) and find its legal moves.

        Raises:
            MalillaStateError: the fields do not make a hand of the variant.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> import attrs; s = new_hand("malilla", seed=2); attrs.evolve(s) == s
        True
        """
        fields = self.__dict__
        _check(fields)
        fields["is_over"] = fields["end"] is not None
        fields["_legal"] = fields["variant"].family_plan.moves_of(fields)  # the family's one move generator

    @property
    def plan(self) -> MalillaPlan:
        """The variant's compiled Malilla plan.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> new_hand("malilla", seed=1).plan.tricks_per_hand
        10
        """
        plan: MalillaPlan = self.variant.family_plan
        return plan

    @property
    def players(self) -> int:
        """The number of seats (always 4).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> new_hand("malilla", seed=1).players
        4
        """
        return len(self.hands)

    @property
    def trump(self) -> Suit:
        """The trump suit: the trump card's.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> s = new_hand("malilla", seed=1); s.trump is s.trump_card.suit
        True
        """
        suit = self.trump_card.suit
        assert suit is not None
        return suit

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Each seat's number of cards.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> new_hand("malilla", seed=1).hand_sizes
        (10, 10, 10, 10)
        """
        return tuple(len(h) for h in self.hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand, sorted.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> s = new_hand("malilla", seed=1); s.hand(2) == s.hands[2]
        True
        """
        return self.hands[seat]

    @property
    def points(self) -> tuple[int, ...]:
        """Each team's points taken so far in this hand: its tricks' cards and the tricks themselves.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> new_hand("malilla", seed=1).points
        (0, 0)
        """
        out = [0, 0]
        for t in self.tricks:
            out[team_of(t.winner)] += t.points
        return tuple(out)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each team has taken.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> new_hand("malilla", seed=1).tricks_won
        (0, 0)
        """
        out = [0, 0]
        for t in self.tricks:
            out[team_of(t.winner)] += 1
        return tuple(out)

    @property
    def capote_team(self) -> int | None:
        """The team that took every trick of the finished hand (capote), or ``None``.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> new_hand("malilla", seed=1).capote_team is None
        True
        """
        if self.end is not EndReason.TRICKS:
            return None
        won = self.tricks_won
        return 0 if won[1] == 0 else 1 if won[0] == 0 else None

    @property
    def led_suits(self) -> frozenset[Suit]:
        """The suits led so far in this hand (the finished tricks and the current one).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> new_hand("malilla", seed=1).led_suits
        frozenset()
        """
        led = {t.cards[0].suit for t in self.tricks if t.cards}
        if self.trick:
            led.add(self.trick[0].suit)
        return frozenset(s for s in led if s is not None)

    @property
    def winning_seat(self) -> int | None:
        """The seat whose card is winning the current trick so far (``None`` before the lead).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> new_hand("malilla", seed=1).winning_seat is None
        True
        """
        if not self.trick:
            return None
        return (self.leader - trick_winner_index(self.plan, self.trick, self.trump)) % SEATS

    def all_cards(self) -> Counter[Card]:
        """The multiset of every card: the hands, the current trick and the finished tricks.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> sum(new_hand("malilla", seed=1).all_cards().values())
        40
        """
        c: Counter[Card] = Counter(self.trick)
        for t in self.tricks:
            c.update(t.cards)
        for h in self.hands:
            c.update(h)
        return c

    def legal_moves(self) -> tuple[Move, ...]:
        """Shortcut for :func:`maumau_rules.legal_moves` (found when the state was made).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> s = new_hand("malilla", seed=1); s.legal_moves() == s.legal_moves()
        True
        """
        moves: tuple[Move, ...] = self._legal
        return moves

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(str(c) for c in h) for h in self.hands)
        tail = f" end={self.end.value} winner={self.winner}" if self.end is not None else ""
        return (f"<MalillaState {self.variant.id} turn={self.turn} stage={self.stage.value} "
                f"seat_to_act={self.seat_to_act} trump={self.trump_card} trick=[{' '.join(map(str, self.trick))}] "
                f"tricks={len(self.tricks)} points={self.points}{tail} hands=[{hands}]>")


def _check(f: dict[str, Any]) -> None:
    """The checks a state built by hand must pass (else :class:`MalillaStateError`)."""
    from ...variants import Variant

    variant = f["variant"]
    if not isinstance(variant, Variant) or variant.family != "malilla":
        raise MalillaStateError(f"variant {getattr(variant, 'id', variant)!r} is not a Malilla variant")
    plan: MalillaPlan = variant.family_plan
    hands = f["hands"]
    if not isinstance(hands, tuple) or len(hands) != SEATS:
        raise MalillaStateError(f"a Malilla hand has 4 seats, not {len(hands) if isinstance(hands, tuple) else hands!r}")
    f["hands"] = tuple(tuple(sorted(h, key=lambda c: c.sort_key)) for h in hands)
    for name in ("dealer", "seat_to_act", "leader"):
        if type(f[name]) is not int or not 0 <= f[name] < SEATS:
            raise MalillaStateError(f"{name}={f[name]!r} is not a seat of a game of 4 players")
    for name in ("asker", "offender", "winner"):
        top = 2 if name == "winner" else SEATS
        if f[name] is not None and (type(f[name]) is not int or not 0 <= f[name] < top):
            raise MalillaStateError(f"{name}={f[name]!r} is out of range")
    for name in ("turn", "rng", "asked", "round_no"):
        if type(f[name]) is not int or f[name] < 0:
            raise MalillaStateError(f"{name}={f[name]!r} must be a whole number >= 0")
    if f["rng"] >= 1 << 64 or f["asked"] > SEATS:
        raise MalillaStateError(f"rng={f['rng']} or asked={f['asked']} is out of range")
    for name in ("scores", "bonus", "deferred"):
        if not isinstance(f[name], tuple) or len(f[name]) != 2:
            raise MalillaStateError(f"{name}={f[name]!r} must hold one entry for each of the two teams")
    if not isinstance(f["stage"], Stage) or (f["stage"] is Stage.OVER) != (f["end"] is not None):
        raise MalillaStateError(f"stage={f['stage']!r} does not agree with end={f['end']!r}")
    if (f["stage"] is Stage.ANSWER) != (f["asker"] is not None):
        raise MalillaStateError("an asker goes with the answer stage, and only with it")
    if len(f["trick"]) >= SEATS or any(len(t.cards) != SEATS for t in f["tricks"]):
        raise MalillaStateError("the current trick holds fewer than four cards, and every finished trick four")
    have: Counter[Card] = Counter(f["trick"])
    for t in f["tricks"]:
        have.update(t.cards)
    for h in f["hands"]:
        have.update(h)
    want = Counter(plan.deck_cards)
    if have != want:
        missing = " ".join(map(str, sorted((want - have).elements(), key=lambda c: c.sort_key))) or "nothing"
        extra = " ".join(map(str, sorted((have - want).elements(), key=lambda c: c.sort_key))) or "nothing"
        raise MalillaStateError(f"the hands and tricks do not hold exactly the {plan.deck} deck: missing {missing}, "
                                f"extra {extra}")
    if f["trump_card"] not in want:
        raise MalillaStateError(f"the trump card {f['trump_card']} is not a card of the {plan.deck} deck")
    sizes = [len(h) for h in f["hands"]]
    if f["end"] is None and f["stage"] is Stage.PLAY:
        behind = [(f["leader"] - i) % SEATS for i in range(len(f["trick"]))]
        expected = [plan.hand_size - len(f["tricks"]) - (1 if s in behind else 0) for s in range(SEATS)]
        if sizes != expected or f["seat_to_act"] != (f["leader"] - len(f["trick"])) % SEATS:
            raise MalillaStateError(f"hand sizes {sizes} and seat_to_act {f['seat_to_act']} do not fit "
                                    f"{len(f['tricks'])} tricks and a trick of {len(f['trick'])} cards led by seat "
                                    f"{f['leader']} (expected sizes {expected})")
