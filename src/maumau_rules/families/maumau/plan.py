"""A variant's rules compiled into one plan: tables, masks, effect tuples and a bounded memo.

Each rule's :meth:`~maumau_rules.rules.base.Rule.contribute` writes its behaviour into a
:class:`PlanBuilder` through the public methods below; :meth:`PlanBuilder.build` freezes the result
into a :class:`Plan`, which the engine runs. The engine has one path: it asks the plan which cards
may be played (masks over the hand), runs the effects of the card played, and follows the policies
the rules set. What no rule sets is an engine fact, written in :class:`PlanBuilder`'s defaults and
in the rules reference.

>>> from maumau_rules import find_variant, Card
>>> plan = find_variant("standard").plan
>>> [e.describe(Card.parse("7h")) for e in plan.played[Card.parse("7h")]]
['the next player draws 2 unless he passes it on']
>>> plan.hand_size(2), plan.max_moves
(6, 1000)
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol

import attrs

from ... import handmask
from ...cards import FRENCH_SUITS, SORT_INDEX, Card, Rank, Suit
from ...deck import DeckSpec
from ...errors import VariantError
from ...moves import Call, CallOut, Move, Pass, Play
from ...reasons import Reason
from ...rules.base import CardSet
from .effects import DemandSuit, Effect, WishSuit, runs_at

if TYPE_CHECKING:
    from .state import GameState
    from .turn import Turn

__all__ = ["MAX_REDEALS", "REDEAL_CHANCE_LIMIT", "CutResult", "DrawPolicy", "Lead", "Masks", "MoveMemo", "Plan", "PlanBuilder", "Rejection"]

SUITS: Final[tuple[Suit, ...]] = FRENCH_SUITS
"""The suits a wild card can wish (the French suits), in the order of the lead codes 1-4."""
FOLLOW_TOP: Final = 0
"""Lead code: follow the top card's suit or rank."""
FREE: Final = 5
"""Lead code: any card may be played (a free wild on top, a wild start card)."""
FREE_FIRST: Final = 6
"""Lead code: any card may be played, on the first move of the round (R_START_CARD ``wild_allows_same``)."""
LEADS: Final = 7


@attrs.frozen
class Lead:
    """What the next card must follow: the top card's suit and rank, a wished suit, or nothing.

    Legality hooks get a lead and answer which cards may be played on it.

    >>> from maumau_rules import Card
    >>> lead = Lead.follow(Card.parse("9h"))
    >>> lead.suit, lead.rank, lead.free
    (<Suit.HEARTS: 'h'>, <Rank.NINE: 9>, False)
    """

    top: Card
    """The top card of the discard pile."""
    suit: Suit | None
    """The suit to follow: the top card's, or the wished suit (``None`` when any card may be played)."""
    rank: Rank | None
    """The rank that also fits (``None`` under a wish, or when any card may be played)."""
    free: bool = False
    """Any card may be played."""
    fresh: bool = False
    """The top card was just played by the previous player."""
    first_turn: bool = False
    """This is the first move of the round (the top card is the start card)."""
    wished: bool = False
    """``suit`` is a wished (or demanded) suit, not the top card's own."""
    wished_by: str = ""
    """The rule whose effect wished the suit (for explanations)."""

    @classmethod
    def follow(cls, top: Card, fresh: bool = False) -> Lead:
        """Follow ``top`` by suit or rank.

        >>> from maumau_rules import Card
        >>> Lead.follow(Card.parse("7c")).rank
        <Rank.SEVEN: 7>
        """
        return cls(top, top.suit, top.rank, fresh=fresh)

    @classmethod
    def of_code(cls, top: Card, code: int, fresh: bool) -> Lead:
        """The lead of a plan's lead code (0: follow the top card, 1-4: a wished suit, 5/6: free).

        >>> from maumau_rules import Card
        >>> Lead.of_code(Card.parse("Jc"), 3, False).suit
        <Suit.HEARTS: 'h'>
        """
        if code == FOLLOW_TOP:
            return cls.follow(top, fresh)
        if code < FREE:
            return cls(top, SUITS[code - 1], None, fresh=fresh, wished=True)
        return cls(top, None, None, free=True, fresh=fresh, first_turn=code == FREE_FIRST)


@attrs.frozen
class Rejection:
    """Why a card may not be played, as a legality hook explains it.

    >>> Rejection(Reason.DOES_NOT_MATCH, "7♥ matches neither the suit nor the rank of 9♣").reason.value
    'does_not_match'
    """

    reason: Reason
    """The stable reason code."""
    message: str
    """Why, for people (without the 'illegal move ... by player n:' prefix)."""
    rule_id: str = ""
    """The rule that forbids it (the plan fills it in from the hook's rule)."""


@attrs.frozen
class DrawPolicy:
    """When a player may draw and pass, and what may follow a draw (R_DRAW).

    >>> DrawPolicy().after_draw
    'drawn_only'
    """

    voluntary: bool = True
    """A player may draw although he could play."""
    after_draw: Literal["drawn_only", "any", "none"] = "drawn_only"
    """After drawing: only the drawn card may be played, any card that fits, or none (then pass)."""
    pass_without_draw: bool = False
    """A player may pass without drawing."""
    until_playable: bool = False
    """A player keeps drawing, one card at a time, until he can play or nothing is left."""
    allowed: bool = True
    """Drawing is possible at all (without R_DRAW a player who cannot play passes)."""


NO_DRAWING: Final = DrawPolicy(voluntary=False, allowed=False)
"""The engine's policy without R_DRAW: nobody draws except penalties; a player who cannot play passes."""


@attrs.frozen
class CutResult:
    """The pile after the cut, the cards the cutter keeps, and the start card if the cut turned it up.

    >>> CutResult(pile=(), kept=(), start=None, rng=0).kept
    ()
    """

    pile: tuple[Card, ...]
    kept: tuple[Card, ...]
    start: Card | None
    rng: int


MAX_REDEALS: Final = 1000
"""Most shuffles one setup step may take: redeals asked for by the cut (R_CUT), or rounds of the draw for the
first dealer (R_DEALER) that end in a tie. A variant whose deal can never succeed is refused when it is compiled
(:class:`~maumau_rules.errors.VariantError` naming the rule), and so is one whose cut asks for a redeal in more
than :data:`REDEAL_CHANCE_LIMIT` of deals; for every variant that compiles, the chance of reaching this bound is
below ``0.9 ** 1000`` (about 1e-46). Past it, :func:`~maumau_rules.new_game` raises ``VariantError`` (a rule
written outside the library that keeps asking for redeals meets the same bound)."""
REDEAL_CHANCE_LIMIT: Final = 0.9
"""The largest chance of a redeal that a cut (R_CUT ``power_cards`` or ``bottom_ceremony``) may have: a variant
above it is refused when it is compiled."""


class Dealing(Protocol):
    """R_DEAL's part of the setup."""

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each of ``players`` players.

        >>> from maumau_rules.families.maumau import Deal
        >>> Deal(hand_size=4).hand_size_for(3)
        4
        """

    def deal(self, pile: Sequence[Card], order: Sequence[int], sizes: Sequence[int],
             cutter: int, kept: Sequence[Card]) -> tuple[list[list[Card]], list[Card]]:
        """Deal ``pile`` to the seats in ``order``; returns the hands by seat and the rest of the pile.

        >>> from maumau_rules.families.maumau import Deal; from maumau_rules.cards import parse_cards
        >>> Deal(hand_size=1).deal(parse_cards("7h 8h 9h"), [0, 1], [1, 1], 0, ())[1]
        [Card.parse('9♥')]
        """


class DealerChoice(Protocol):
    """R_DEALER's part of the setup and of a match."""

    def first_dealer(self, players: int, cards: tuple[Card, ...], rng: int) -> tuple[int, int]:
        """The first dealer and the random state after choosing him.

        >>> from maumau_rules.families.maumau import Dealer
        >>> Dealer(selection="seat_zero").first_dealer(3, (), 5)
        (0, 5)
        """

    def next_dealer(self, dealer: int, seats: tuple[int, ...], players: int, loser: int | None) -> int:
        """The next round's dealer (a match seat among ``seats``).

        >>> from maumau_rules.families.maumau import Dealer
        >>> Dealer().next_dealer(2, (0, 1, 2), 3, None)
        0
        """


class Cutting(Protocol):
    """R_CUT's part of the setup."""

    @property
    def by(self) -> Literal["right", "left"]:
        """The cutter: the player on the dealer's right or left.

        >>> from maumau_rules.families.maumau import Cut
        >>> Cut().by
        'right'
        """

    def cut(self, pile: tuple[Card, ...], rng: int, at: int | None) -> CutResult | None:
        """Cut ``pile``; ``None`` asks for a redeal.

        >>> from maumau_rules.families.maumau import Cut; from maumau_rules.cards import parse_cards
        >>> Cut().cut(parse_cards("7h 8h"), 0, 0).pile
        (Card.parse('8♥'), Card.parse('7♥'))
        """


class TurnOrdering(Protocol):
    """R_TURN_ORDER's part of the setup and of a match."""

    @property
    def step(self) -> int:
        """+1 clockwise, -1 counter-clockwise.

        >>> from maumau_rules.families.maumau import TurnOrder
        >>> TurnOrder(direction="counterclockwise").step
        -1
        """

    def first(self, dealer: int, players: int) -> int:
        """The seat that plays first after ``dealer`` deals.

        >>> from maumau_rules.families.maumau import TurnOrder
        >>> TurnOrder().first(0, 3)
        1
        """

    @property
    def winner_starts(self) -> bool:
        """Whether the previous round's winner plays first in a match.

        >>> from maumau_rules.families.maumau import TurnOrder
        >>> TurnOrder().winner_starts
        False
        """


class StartCardPolicy(Protocol):
    """R_START_CARD's part of the setup."""

    @property
    def effects(self) -> bool:
        """Whether the start card acts on the first player.

        >>> from maumau_rules.families.maumau import StartCard
        >>> StartCard().effects
        True
        """

    @property
    def wild_allows_same(self) -> bool:
        """Whether, after a wild start card, a wild of its rank may be played first.

        >>> from maumau_rules.families.maumau import StartCard
        >>> StartCard().wild_allows_same
        False
        """

    def turn_up(self, rest: list[Card]) -> Card:
        """Turn up the start card from the top of ``rest`` (which it changes).

        >>> from maumau_rules.families.maumau import StartCard; from maumau_rules.cards import parse_cards
        >>> StartCard().turn_up(list(parse_cards("7h 8h")))
        Card.parse('8♥')
        """


class Announcer(Protocol):
    """R_ANNOUNCE's part of a turn (see :class:`~maumau_rules.families.maumau.rules.Announcement`)."""

    @property
    def penalty(self) -> int:
        """Cards drawn for a missed or wrong call.

        >>> from maumau_rules.families.maumau import Announcement
        >>> Announcement().penalty
        2
        """

    @property
    def lapses_on_draw(self) -> bool:
        """Whether a standing call lapses when its player draws.

        >>> from maumau_rules.families.maumau import Announcement
        >>> Announcement().lapses_on_draw
        False
        """

    @property
    def word(self) -> str:
        """The last-card call ("Mau").

        >>> from maumau_rules.families.maumau import Announcement
        >>> Announcement().word
        'Mau'
        """

    @property
    def window(self) -> str:
        """How long a missed call can be called out: ``"next_player"`` or ``"until_own_turn"``.

        >>> from maumau_rules.families.maumau import Announcement
        >>> Announcement().window
        'next_player'
        """

    @property
    def call_mode(self) -> int:
        """When a call can be due: 1 with one card left, 2 also when only Jacks would be left.

        >>> from maumau_rules.families.maumau import Announcement
        >>> Announcement().call_mode
        1
        """

    @property
    def words(self) -> tuple[str, str]:
        """The words of the two calls.

        >>> from maumau_rules.families.maumau import Announcement
        >>> Announcement(word="Zadnja").words
        ('Zadnja', 'Mau-Mau')
        """

    @property
    def jack_call(self) -> bool:
        """Whether the Jack call is a call of its own.

        >>> from maumau_rules.families.maumau import Announcement
        >>> Announcement().jack_call
        False
        """

    def due(self, plan: Plan, hm: int, card: Card, n: int) -> int:
        """The call due (0 none, 1 Mau, 2 Mau-Mau) when ``card`` is played from hand ``hm`` of ``n`` cards.

        >>> from maumau_rules import find_variant
        >>> find_variant("standard").plan.announcer is not None
        True
        """

    def seen_mistake(self, n: int, call: Call | None) -> bool:
        """Whether saying ``call`` with a play from ``n`` cards is a mistake the table sees at once.

        >>> from maumau_rules.families.maumau import Announcement
        >>> Announcement().seen_mistake(2, None)
        True
        """

    def on_play(self, t: Turn, plan: Plan, before: int, card: Card, call: Call | None) -> None:
        """Record the call made with a play, or the missed call.

        >>> from maumau_rules import find_variant
        >>> callable(find_variant("standard").plan.announcer.on_play)
        True
        """

    def at_finish(self, t: Turn) -> None:
        """What the winner says with the last card.

        >>> from maumau_rules import find_variant
        >>> callable(find_variant("standard").plan.announcer.at_finish)
        True
        """

    def close_window(self, t: Turn, seat: int, move: Move) -> None:
        """A move by ``seat`` may close the window for calling out a missed call.

        >>> from maumau_rules import find_variant
        >>> callable(find_variant("standard").plan.announcer.close_window)
        True
        """

    def call_out(self, t: Turn, seat: int) -> None:
        """``seat`` is called out.

        >>> from maumau_rules import find_variant
        >>> callable(find_variant("standard").plan.announcer.call_out)
        True
        """

    def caught_finishing(self, t: Turn, seat: int) -> None:
        """``seat`` went out without the call he needed and is called out: he draws, play goes on from him.

        >>> from maumau_rules import find_variant
        >>> callable(find_variant("greek-150").plan.announcer.caught_finishing)
        True
        """

    def word_of(self, call: Call | None) -> str:
        """The variant's word for a call.

        >>> from maumau_rules.families.maumau import Announcement; from maumau_rules.moves import Call
        >>> Announcement().word_of(Call.MAU)
        'Mau'
        """


class ScoringScheme(Protocol):
    """A scoring rule's part of a match (see :mod:`maumau_rules.scoring`)."""

    rule_id: str

    @property
    def higher_is_better(self) -> bool:
        """Whether scoring points is good for their scorer.

        >>> from maumau_rules.families.maumau import ScorePenaltyPoints
        >>> ScorePenaltyPoints().higher_is_better
        False
        """

    def point_bounds(self, plan: Plan) -> tuple[int, int]:
        """The fewest and most points one seat can score in a round, before multipliers.

        >>> from maumau_rules import find_variant; from maumau_rules.families.maumau import ScoreWinPoints
        >>> ScoreWinPoints().point_bounds(find_variant("standard").plan)
        (0, 1)
        """

    def round_points(self, state: GameState, multiplier: int) -> tuple[int, ...]:
        """Points of each seat for the finished round ``state``.

        >>> from maumau_rules import new_game; from maumau_rules.families.maumau import ScoreWinPoints
        >>> ScoreWinPoints().round_points(new_game("standard", 2, 1), 1)
        (0, 0)
        """

    def match_over(self, scores: list[int], active: list[bool], sizes: list[int], state: GameState,
                   seats: tuple[int, ...]) -> tuple[bool, int | None]:
        """Update ``active``/``sizes`` in place; whether the match is over and its winner (a match seat).

        >>> from maumau_rules import new_game; from maumau_rules.families.maumau import ScoreWinPoints
        >>> ScoreWinPoints().match_over([0, 0], [True, True], [5, 5], new_game("standard", 2, 1), (0, 1))
        (False, None)
        """


Legality = Callable[[Lead, int, "Masks"], int]
"""A legality hook: given a lead and the cards allowed so far (a mask), the cards allowed now."""
Explain = Callable[[Card, Lead], "Rejection | None"]
"""Why ``card`` may not be played on the lead, from the rule that forbids it (``None``: not this rule)."""
SeriesHook = Callable[["Plan", Card, Card, int], int]
"""Which cards may continue a series: (plan, first card of the turn, top card, hand's presence mask) -> mask."""
FinishCheck = Callable[["Turn", "GameState", Card, int], bool]
"""Called when a play empties the hand: returns True when it stops the finish (having dealt with the turn)."""
TurnHook = Callable[["Turn"], None]
"""Called on the transition's working copy."""


class Masks:
    """The deck's geometry for hands as integers: a card set as a mask, and back.

    >>> from maumau_rules import find_variant, Card
    >>> m = find_variant("standard").plan.masks
    >>> m.cards(m.suit(Suit.HEARTS) & m.rank(Rank.SEVEN))
    (Card.parse('7♥'),)
    """

    __slots__ = ("_rank", "_suit", "all", "low", "span", "unit", "width")

    def __init__(self, deck_cards: Sequence[Card]) -> None:
        self.width: int = handmask.width_for(max(Counter(deck_cards).values(), default=1))
        self.span: int = handmask.span_for(deck_cards)
        """Positions of one hand's integer (:func:`~maumau_rules.handmask.span_for`)."""
        self.low: int = handmask.low_bits(self.width, self.span)
        self.unit: dict[Card, int] = {c: 1 << (self.width * handmask.POSITION[c]) for c in SORT_INDEX}
        distinct = set(deck_cards)
        self.all: int = sum(self.unit[c] for c in distinct)
        self._suit = {s: sum(self.unit[c] for c in distinct if c.suit is s) for s in Suit}
        self._rank = {r: sum(self.unit[c] for c in distinct if c.rank is r) for r in Rank}

    def of(self, cards: Iterable[Card] | CardSet) -> int:
        """The mask of ``cards`` (a selector picks from the deck).

        >>> from maumau_rules import find_variant
        >>> m = find_variant("standard").plan.masks
        >>> m.of(CardSet.parse("J")) == m.rank(Rank.JACK)
        True
        """
        if isinstance(cards, CardSet):
            return sum(u for c, u in self.unit.items() if u & self.all and cards.matches(c))
        return sum(self.unit[c] for c in set(cards))

    def suit(self, suit: Suit | None) -> int:
        """Every card of the deck of ``suit`` (``None``: none).

        >>> from maumau_rules import find_variant
        >>> bin(find_variant("standard").plan.masks.suit(Suit.CLUBS)).count("1")
        8
        """
        return 0 if suit is None else self._suit[suit]

    def rank(self, rank: Rank | None) -> int:
        """Every card of the deck of ``rank`` (``None``: none).

        >>> from maumau_rules import find_variant
        >>> bin(find_variant("standard").plan.masks.rank(Rank.ACE)).count("1")
        4
        """
        return 0 if rank is None else self._rank[rank]

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The distinct cards of a mask (presence positions), in hand order.

        >>> from maumau_rules import find_variant
        >>> m = find_variant("standard").plan.masks; m.cards(0)
        ()
        """
        out: list[Card] = []
        width = self.width
        order = handmask.ORDER
        while mask:
            low = mask & -mask
            out.append(order[(low.bit_length() - 1) // width])
            mask ^= low
        return tuple(out)

    def has(self, mask: int, card: Card) -> bool:
        """Whether ``card`` is in ``mask``.

        >>> from maumau_rules import find_variant, Card
        >>> m = find_variant("standard").plan.masks; m.has(m.rank(Rank.SEVEN), Card.parse("7d"))
        True
        """
        return bool(mask & self.unit[card])


class MoveMemo:
    """A bounded memo of move lists, owned by one plan: the engine's most common lists of legal moves, keyed by
    the playable cards' mask and whether a card can be drawn.

    It is the only mutable part of a plan, and it is explicit: it never holds more than :attr:`limit`
    entries (it is emptied when full), and :meth:`clear` empties it. The lists it holds are immutable
    tuples of immutable moves, so sharing them is safe.

    >>> memo = MoveMemo(limit=2)
    >>> for key in (1, 2, 3):
    ...     _ = memo.put(key, ())
    >>> len(memo)
    1
    """

    __slots__ = ("_data", "limit", "lookup")

    def __init__(self, limit: int = 1 << 15) -> None:
        self._data: dict[int, tuple[Move, ...]] = {}
        self.limit = limit
        """The most entries held at once."""
        self.lookup: Callable[[int], tuple[Move, ...] | None] = self._data.get
        """:meth:`get` without a Python call (the engine's hot path)."""

    def get(self, key: int) -> tuple[Move, ...] | None:
        """The list for ``key``, or ``None``.

        >>> MoveMemo().get(5) is None
        True
        """
        return self._data.get(key)

    def put(self, key: int, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Remember ``moves`` for ``key`` (emptying the memo first when it is full) and return them.

        >>> MoveMemo().put(5, ())
        ()
        """
        data = self._data
        if len(data) >= self.limit:
            data.clear()
        data[key] = moves
        return moves

    def clear(self) -> None:
        """Forget everything.

        >>> memo = MoveMemo(); _ = memo.put(1, ()); memo.clear(); len(memo)
        0
        """
        self._data.clear()

    def __len__(self) -> int:
        return len(self._data)


# ---------------------------------------------------------------- the builder


class PlanBuilder:
    """Where rules put their behaviour. Every built-in rule uses only these methods; so can yours.

    >>> from maumau_rules.deck import SKAT_32
    >>> b = PlanBuilder(variant_id="tiny", deck=SKAT_32, min_players=2, max_players=4)
    >>> b.claim("deal", "R_DEAL"); b.claim("deal", "R_OTHER")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: rules R_DEAL and R_OTHER conflict: both decide deal
    """

    def __init__(self, variant_id: str, deck: DeckSpec, min_players: int, max_players: int) -> None:
        self.variant_id = variant_id
        """The variant being built."""
        self.deck = deck
        """Its deck."""
        self.deck_cards: tuple[Card, ...] = deck.cards()
        """Every card of the deck, copies included."""
        self.cards: tuple[Card, ...] = tuple(sorted(set(self.deck_cards), key=SORT_INDEX.__getitem__))
        """The distinct cards of the deck, in hand order."""
        self.min_players = min_players
        self.max_players = max_players
        self.masks = Masks(self.deck_cards)
        """The deck's geometry (masks of suits, ranks and card sets)."""
        self.claimed: dict[str, str] = {}
        """What each rule decides (for conflicts)."""
        self.effects: dict[Card, list[Effect]] = {c: [] for c in self.cards}
        self.legality_hooks: list[tuple[int, int, str, Legality, Explain | None]] = []
        self.draw_answers: list[tuple[str, Callable[[Card], int]]] = []
        self.draw_cancels: int = 0
        self.skip_answers: int = 0
        self.no_finish_mask: int = 0
        self.no_finish_rules: dict[Card, str] = {}
        self.wild_mask: int = 0
        self.series_hooks: list[tuple[str, int, SeriesHook]] = []
        self.series_opens: list[tuple[int, Callable[[Call | None], bool] | None]] = []
        self.finish_checks: list[tuple[int, int, FinishCheck]] = []
        self.round_end_hooks: list[TurnHook] = []
        self.draw_policy: DrawPolicy = NO_DRAWING
        self.draw_more: list[Callable[[GameState, Card], bool]] = []
        self.reshuffle = False
        self.penalty_ends_turn = True
        self.penalty_skip_cards: frozenset[Card] = frozenset()
        self.blocked_end = False
        self.pass_with_playable = False
        """Whether a player who holds a playable card may pass when nothing can be drawn (R_BLOCKED_END)."""
        self.max_moves: int = sys.maxsize
        self.wrong_card: Callable[[Turn], None] | None = None
        self.announcer: Announcer | None = None
        self.dealing: Dealing | None = None
        self.dealer: DealerChoice | None = None
        self.cutting: Cutting | None = None
        self.turn_order: TurnOrdering | None = None
        self.start_card: StartCardPolicy | None = None
        self.scoring: ScoringScheme | None = None
        self.multipliers: list[Callable[[GameState], int]] = []
        self.most_multiplier = 1
        """The most all multipliers together can multiply a round's points by (a rule adding one raises it)."""
        self.checks: list[Callable[[PlanBuilder], None]] = []
        self.rule_ids: list[str] = []

    def claim(self, what: str, rule_id: str) -> None:
        """Record that ``rule_id`` decides ``what``; a second rule deciding it is a conflict.

        Raises:
            VariantError: another rule already decides ``what``.

        >>> from maumau_rules.deck import SKAT_32
        >>> PlanBuilder("x", SKAT_32, 2, 4).claim("skip", "R_SKIP")
        """
        other = self.claimed.get(what)
        if other is not None and other != rule_id:
            raise VariantError(f"rules {other} and {rule_id} conflict: both decide {what}")
        self.claimed[what] = rule_id

    # ------------------------------------------------------------ cards

    def select(self, cards: CardSet | Iterable[Card]) -> tuple[Card, ...]:
        """The deck's distinct cards picked by ``cards``, in hand order.

        >>> from maumau_rules.deck import SKAT_32
        >>> len(PlanBuilder("x", SKAT_32, 2, 4).select(CardSet.parse("7")))
        4
        """
        if isinstance(cards, CardSet):
            return cards.select(self.cards)
        wanted = set(cards)
        return tuple(c for c in self.cards if c in wanted)

    def on_play(self, rule_id: str, cards: CardSet | Iterable[Card], *effects: Effect) -> None:
        """Attach ``effects`` to each of ``cards``: they run when such a card is played (and as the start card).

        >>> from maumau_rules.deck import SKAT_32
        >>> from maumau_rules.families.maumau.effects import SkipNext
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.on_play("R_SKIP", CardSet.parse("8"), SkipNext())
        >>> b.effects[Card.parse("8h")][0].rule_id
        'R_SKIP'
        """
        tagged = [e if e.rule_id else attrs.evolve(e, rule_id=rule_id) for e in effects]
        for card in self.select(cards):
            self.effects[card].extend(tagged)

    def mark_wild(self, rule_id: str, cards: CardSet | Iterable[Card]) -> None:
        """Mark cards as wild: playable on (almost) anything (R_WILD); other rules treat wilds apart.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.mark_wild("R_WILD", CardSet.parse("J")); b.wild_mask > 0
        True
        """
        self.wild_mask |= self.masks.of(self.select(cards))

    # ------------------------------------------------------------ legality

    def legality(self, rule_id: str, playable: Legality, *, order: int = 50, why_not: Explain | None = None) -> None:
        """Add a legality hook. For every top card and lead, hooks run in ``order`` (then the rules' order), each
        turning the mask of allowed cards into a new one: R_MATCH (order 0) adds the matching cards, R_WILD (10)
        sets the wilds' place; a house rule can add or remove cards. ``why_not`` explains a card it removed.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4)
        >>> b.legality("R_ANY", lambda lead, allowed, masks: masks.all); len(b.legality_hooks)
        1
        """
        self.legality_hooks.append((order, len(self.legality_hooks), rule_id, playable, why_not))

    def answer_pending_draw(self, rule_id: str, answers: Callable[[Card], int], *, cancels: int = 0) -> None:
        """Which cards answer a pending draw penalty: ``answers(top)`` gives cards that pass it on if they fit the
        top card; ``cancels`` cards wipe it out whatever the top card.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.answer_pending_draw("R_X", lambda top: 0); len(b.draw_answers)
        1
        """
        self.draw_answers.append((rule_id, answers))
        self.draw_cancels |= cancels

    def answer_pending_skip(self, rule_id: str, cards: int) -> None:
        """Which cards (a mask) answer a pending skip, if they fit.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.answer_pending_skip("R_SKIP", 1); b.skip_answers
        1
        """
        self.skip_answers |= cards

    def forbid_finish(self, rule_id: str, cards: int) -> None:
        """Cards (a mask) that may not be played as the last card.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.forbid_finish("R_NO_FINISH", b.masks.of(CardSet.parse("J")))
        >>> b.no_finish_rules[Card.parse("Jh")]
        'R_NO_FINISH'
        """
        self.no_finish_mask |= cards
        for card in self.masks.cards(cards):
            self.no_finish_rules.setdefault(card, rule_id)

    def series(self, rule_id: str, starts: int, follows: SeriesHook,
               opens: Callable[[Call | None], bool] | None = None) -> None:
        """A way to play several cards in one turn: after playing one of ``starts`` (a mask) the player may go on
        with a card of his hand that ``follows(plan, first card, top card, hand)`` allows, or pass to stop.

        Whether the series phase opens never depends on the cards he holds (the other players would learn them): it
        opens after every card of ``starts`` that leaves him cards, or, with ``opens``, only where ``opens(his
        standing call)`` says so (something everyone heard).

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.series("R_SERIES", 0, lambda p, f, t, h: 0); len(b.series_hooks)
        1
        """
        self.series_hooks.append((rule_id, starts, follows))
        self.series_opens.append((starts, opens))

    # ------------------------------------------------------------ turns and the end of a round

    def set_draw_policy(self, rule_id: str, policy: DrawPolicy) -> None:
        """When players draw and pass (R_DRAW; without it nobody draws but penalties).

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.set_draw_policy("R_DRAW", DrawPolicy()); b.draw_policy.allowed
        True
        """
        self.claim("draw", rule_id)
        self.draw_policy = policy

    def keep_drawing(self, rule_id: str, more: Callable[[GameState, Card], bool]) -> None:
        """After a voluntary draw of ``card`` from ``state``, ``more(state, card)`` says whether the player draws
        another at once.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.keep_drawing("R_X", lambda t, c: False); len(b.draw_more)
        1
        """
        self.draw_more.append(more)

    def on_finish(self, rule_id: str, check: FinishCheck, *, order: int = 50) -> None:
        """A check run when a play empties a hand; it may stop the finish (returning True). Checks run in
        ``order`` (R_PLAY_AGAIN 10, R_ANNOUNCE 20), and the first that stops the finish decides.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.on_finish("R_X", lambda t, s, c, h: False); len(b.finish_checks)
        1
        """
        self.finish_checks.append((order, len(self.finish_checks), check))

    def on_round_end(self, rule_id: str, hook: TurnHook) -> None:
        """Something that happens when a player goes out, before the round is frozen (R_FINAL_CARD_EFFECTS).

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.on_round_end("R_X", lambda t: None); len(b.round_end_hooks)
        1
        """
        self.round_end_hooks.append(hook)

    def add_check(self, check: Callable[[PlanBuilder], None]) -> None:
        """A check of the whole combination, run when every rule has contributed (it raises VariantError).

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); b.add_check(lambda b: None); len(b.checks)
        1
        """
        self.checks.append(check)

    # ------------------------------------------------------------ freezing

    def build(self) -> Plan:
        """Check the combination and freeze it into a :class:`Plan`.

        Raises:
            VariantError: the rules cannot be combined (the message names them).

        >>> from maumau_rules.deck import SKAT_32
        >>> PlanBuilder("x", SKAT_32, 2, 4).build()
        Traceback (most recent call last):
        ...
        maumau_rules.errors.VariantError: variant 'x' needs rule R_DEAL (how many cards each player gets)
        """
        if self.min_players < 2 or self.max_players < self.min_players or self.max_players > 16:
            raise VariantError(f"[variant] players: invalid player range {self.min_players}-{self.max_players}")
        if self.dealing is None:
            raise VariantError(f"variant {self.variant_id!r} needs rule R_DEAL (how many cards each player gets)")
        for check in self.checks:
            check(self)
        return Plan(self)


# ---------------------------------------------------------------- the plan


def _form(card: Card, effects: Sequence[Effect]) -> tuple[Suit | None, ...]:
    wishes = [e for e in effects if isinstance(e, WishSuit)]
    if not wishes:
        return (None,)
    own = all(w.own_suit for w in wishes)
    return tuple(s for s in SUITS if own or s is not card.suit)


def _no_engine(fields: dict[str, Any]) -> tuple[Move, ...]:
    raise VariantError("this plan was not compiled by a family: no engine plays it")


class Plan:
    """A variant's compiled rules: what the engine runs. Built once per variant by :class:`PlanBuilder`.

    Everything here is read-only after construction except :attr:`memo`, an explicit bounded memo.
    A plan is compared by identity (it belongs to its variant).

    >>> from maumau_rules import find_variant
    >>> plan = find_variant("pesten").plan
    >>> len(plan.deck_cards), plan.hand_size(3), plan.direction
    (54, 7, 1)
    """

    def __init__(self, b: PlanBuilder) -> None:
        self.moves_of: Callable[[dict[str, Any]], tuple[Move, ...]] = _no_engine
        """The legal moves of a state given by its fields: the engine's one move generator, set by the family
        that compiles the plan (a state made from its fields, e.g. read from JSON, asks it)."""
        self.variant_id = b.variant_id
        self.deck = b.deck
        self.deck_cards = b.deck_cards
        """Every card of the deck, copies included."""
        self.cards = b.cards
        """The distinct cards, in hand order."""
        self.min_players = b.min_players
        self.max_players = b.max_players
        self.rule_ids = tuple(b.rule_ids)
        masks = self.masks = b.masks
        # hands as integers
        self.width = masks.width
        self.decode = handmask.decoder(masks.width)
        """A seat's hand integer to its cards (:func:`~maumau_rules.handmask.cards_of` at this width)."""
        self.low = masks.low
        stride = masks.width * masks.span
        self.seat_full = (1 << stride) - 1
        self.shifts = tuple(seat * stride for seat in range(b.max_players))
        self.unit = masks.unit
        self.seat_unit = tuple({c: u << (seat * stride) for c, u in masks.unit.items()}
                               for seat in range(b.max_players))
        self.rank_mask = {r: masks.rank(r) for r in Rank}
        self.suit_mask = {s: masks.suit(s) for s in Suit}
        self.wild_mask = b.wild_mask
        self.no_finish_mask = b.no_finish_mask
        self.no_finish_rules = dict(b.no_finish_rules)
        """The rule that forbids each card as the last card."""
        # effects, by where they run
        effects = {c: tuple(sorted(es, key=lambda e: type(e).order)) for c, es in b.effects.items()}
        self.effects = effects
        """Every effect of each card."""
        self.played = {c: tuple(e for e in es if runs_at(e, "played")) for c, es in effects.items()}
        """The effects that run when each card is played."""
        self.passing = {c: tuple(e for e in es if runs_at(e, "passing")) for c, es in effects.items()}
        """The effects that run when the turn passes on after each card."""
        self.starting = {c: tuple(e for e in es if runs_at(e, "at_start")) for c, es in effects.items()}
        """The effects that run when each card is the start card."""
        self.roles = {c: frozenset({e.role for e in es if e.role} | ({"wild"} if masks.has(b.wild_mask, c) else set()))
                      for c, es in effects.items()}
        """What each card is, in words: ``wild`` and the roles of its effects (``penalty``, ``skip``, ...)."""
        self.wishes_mask = masks.of(c for c, es in effects.items() if any(isinstance(e, WishSuit) for e in es))
        """The cards whose player names a suit."""
        # legality
        hooks = sorted(b.legality_hooks, key=lambda h: (h[0], h[1]))
        self.legality_hooks = tuple((rid, fn, why) for _, _, rid, fn, why in hooks)
        fit: list[dict[Card, int]] = [{} for _ in range(2 * LEADS)]
        for top in self.cards:
            for code in range(LEADS):
                for fresh in (0, 1):
                    lead = Lead.of_code(top, code, bool(fresh))
                    allowed = 0
                    for _, fn, _ in self.legality_hooks:
                        allowed = fn(lead, allowed, masks) & masks.all
                    fit[2 * code + fresh][top] = allowed
        self.fit: tuple[dict[Card, int], ...] = tuple(fit)
        """``fit[2 * lead_code + fresh][top]``: the cards that may be played (lead codes: 0 follow the top card,
        1-4 a wished suit in :data:`SUITS` order, 5 free, 6 free on the first move)."""
        self.wish_code: dict[int, int] = {id(None): 0, **{id(s): 2 * (i + 1) for i, s in enumerate(SUITS)}}
        """``2 * lead_code`` of a wished suit, keyed by ``id(suit)`` (``id(None)``: follow the top card). Keyed by
        identity because hashing an enum member calls Python code; the members are singletons."""
        self.free_code = 2 * FREE
        self.free_first_code = 2 * FREE_FIRST if b.start_card is not None and b.start_card.wild_allows_same \
            else 2 * FREE
        self.draw_answer_hooks = tuple(b.draw_answers)
        self.answer_fit = {top: _union(fn(top) for _, fn in b.draw_answers) & masks.all for top in self.cards}
        """Cards that pass a pending draw on, by top card, if they also fit."""
        self.answer_cancel = b.draw_cancels
        """Cards that wipe a pending draw out whatever the top card."""
        self.answers_some_draw = self.answer_cancel | _union(self.answer_fit.values())
        """Cards that may be played on some pending draw (none where nothing stacks or cancels)."""
        self.skip_answers = b.skip_answers
        self.series_hooks = tuple(b.series_hooks)
        self.series_opens = tuple(b.series_opens)
        self.series_starts = _union(s for _, s, _ in b.series_hooks)
        # turns
        policy = b.draw_policy
        self.draw_policy = policy
        self.can_draw_at_all = policy.allowed
        self.voluntary_draw = policy.voluntary
        self.pass_without_draw = policy.pass_without_draw
        self.until_playable = policy.until_playable
        self.after_draw_none = policy.after_draw == "none"
        self.drawn_only = policy.after_draw == "drawn_only"
        """After a draw only the drawn card may be played."""
        self.draw_more = tuple(b.draw_more)
        draw = 3 if policy.pass_without_draw else 2  # draw (and pass, where passing without drawing is allowed)
        self.tails: tuple[tuple[int, int], tuple[int, int]] = (
            (1, draw), (1 if policy.pass_without_draw or b.pass_with_playable else 0,
                        draw if policy.voluntary else (1 if policy.pass_without_draw else 0)))
        """``tails[any card can be played][a card can be drawn]``: what follows the plays at the start of a turn
        with nothing pending: 0 nothing, 1 pass, 2 draw, 3 draw and pass (R_DRAW). Without a card to draw, a
        player who cannot play passes; one who can plays (R_BLOCKED_END ``pass_with_playable`` lets him pass)."""
        self.reshuffle = b.reshuffle
        self.penalty_ends_turn = b.penalty_ends_turn
        self.penalty_skip_cards = b.penalty_skip_cards
        self.finish_checks = tuple(check for _, _, check in sorted(b.finish_checks, key=lambda c: c[:2]))
        self.round_end_hooks = tuple(b.round_end_hooks)
        self.blocked_end = b.blocked_end
        self.pass_with_playable = b.pass_with_playable
        """Whether a player who can play may pass when nothing can be drawn (R_BLOCKED_END)."""
        self.max_moves = b.max_moves
        """Moves after which a round ends (R_TURN_LIMIT; without it, no bound)."""
        self.wrong_card = b.wrong_card
        self.announcer = b.announcer
        self.call_mode = b.announcer.call_mode if b.announcer is not None else 0
        """When a call can be due (R_ANNOUNCE): 0 never, 1 with one card left, 2 also when only Jacks would be left."""
        self.calls_lapse = b.announcer is not None and b.announcer.lapses_on_draw
        self.quick_hands = self.width == 1 and self.call_mode < 2
        """No duplicate cards and no call due from a hand of three or more cards."""
        # setup and scoring
        assert b.dealing is not None
        self.dealing: Dealing = b.dealing
        self.dealer = b.dealer
        self.cutting = b.cutting
        self.turn_order = b.turn_order
        self.direction = b.turn_order.step if b.turn_order is not None else 1
        self.start_card = b.start_card
        self.scoring = b.scoring
        self.multipliers = tuple(b.multipliers)
        self.most_multiplier = b.most_multiplier
        # moves
        # With a call due, a play may carry any of the variant's calls or none: a wrong word or none is a mistake
        # (R_ANNOUNCE), not an illegal move.
        words = (Call.MAU, Call.MAU_MAU) if b.announcer is not None and b.announcer.jack_call else (Call.MAU,)
        calls = ((None,), (None, *words), (None, *words))
        plays: dict[Card, tuple[tuple[Play, ...], tuple[Play, ...], tuple[Play, ...]]] = {}
        for card in SORT_INDEX:
            wishes = _form(card, effects.get(card, ()))
            forms = [tuple(Play(card, wish, call) for wish in wishes for call in made) for made in calls]
            plays[card] = (forms[0], forms[1], forms[2])
        self.plays = plays
        """Every legal form of a play of each card (its wishes; with a call due, with each call of the variant or
        none), by the call due (0 none, 1 ``MAU``, 2 ``MAU_MAU``)."""
        self.plays_plain = {card: forms[0] for card, forms in plays.items()}
        self.drawn_moves = {card: (*forms[0], Pass()) for card, forms in plays.items()}
        self.callouts = tuple(CallOut(seat) for seat in range(b.max_players))
        self.memo = MoveMemo()
        """The plan's bounded memo of move lists (the only mutable part of a plan)."""
        self.memo_get = self.memo.lookup
        """The memo's lookup, bound once (the engine's hot path)."""

    def hand_size(self, players: int) -> int:
        """Cards dealt to each of ``players`` players (R_DEAL).

        >>> from maumau_rules import find_variant
        >>> find_variant("standard").plan.hand_size(4)
        5
        """
        return self.dealing.hand_size_for(players)

    def lead(self, top: Card, wish: Suit | None, any_card: bool, fresh: bool, first_turn: bool) -> Lead:
        """The lead for a state's top card, wish and flags.

        >>> from maumau_rules import find_variant, Card
        >>> find_variant("standard").plan.lead(Card.parse("Jc"), Suit.HEARTS, False, False, False).suit
        <Suit.HEARTS: 'h'>
        """
        if any_card:
            return Lead.of_code(top, FREE_FIRST if first_turn and self.free_first_code != self.free_code else FREE,
                                fresh)
        if wish is not None:
            by = next((e.rule_id for e in self.played.get(top, ()) if isinstance(e, WishSuit | DemandSuit)),
                      "R_WILD")
            return Lead(top, wish, None, fresh=fresh, wished=True, wished_by=by)
        return Lead.follow(top, fresh)

    def why_not(self, card: Card, lead: Lead) -> Rejection:
        """Why ``card`` may not be played on ``lead``: the rule that removed it last, or else the last rule that
        explains why it is not allowed.

        >>> from maumau_rules import find_variant, Card
        >>> find_variant("standard").plan.why_not(Card.parse("8c"), Lead.follow(Card.parse("9h"))).rule_id
        'R_MATCH'
        """
        unit = self.unit[card]
        allowed = 0
        culprit: tuple[str, Explain | None] | None = None
        for rid, fn, why in self.legality_hooks:
            after = fn(lead, allowed, self.masks)
            if allowed & unit and not after & unit:
                culprit = (rid, why)
            allowed = after
        if culprit is not None and culprit[1] is not None:
            found = culprit[1](card, lead)
            if found is not None:
                return attrs.evolve(found, rule_id=found.rule_id or culprit[0])
        for rid, _, why in reversed(self.legality_hooks):  # a later hook has the last word
            if why is not None:
                found = why(card, lead)
                if found is not None:
                    return attrs.evolve(found, rule_id=found.rule_id or rid)
        rid = culprit[0] if culprit is not None else (self.legality_hooks[0][0] if self.legality_hooks else "R_MATCH")
        return Rejection(Reason.RULE_FORBIDS, f"{card} may not be played on {lead.top}", rid)

    def describe_card(self, card: Card) -> list[str]:
        """What playing ``card`` does in this variant, in words (its effects, and whether it is wild).

        >>> from maumau_rules import find_variant, Card
        >>> find_variant("standard").plan.describe_card(Card.parse("8h"))
        ['the next player misses a turn (R_SKIP)']
        """
        out = [f"{e.describe(card)} ({e.rule_id})" for e in self.effects.get(card, ())]
        if self.no_finish_mask & self.unit[card]:
            out.append(f"may not be the last card ({self.no_finish_rules.get(card, 'R_NO_FINISH')})")
        return out


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def hand_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` sorted in hand order.

    >>> from maumau_rules import Card
    >>> hand_order([Card.parse("Ah"), Card.parse("7c")])
    (Card.parse('7♣'), Card.parse('A♥'))
    """
    return tuple(sorted(cards, key=SORT_INDEX.__getitem__))


_: Any = None
