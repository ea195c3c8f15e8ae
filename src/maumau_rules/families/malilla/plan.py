"""Malilla's rules compiled into one plan: card strengths and points, the trick policies and the match settings.

Each Malilla rule object (:mod:`maumau_rules.families.malilla.rules`) writes what it decides into a
:class:`MalillaPlanBuilder` through :meth:`~maumau_rules.families.malilla.rules.MalillaRule.build`;
:meth:`MalillaPlanBuilder.build` checks the combination and freezes it into a :class:`MalillaPlan`, which
the Malilla engine runs. A variant of the ``malilla`` family compiles its plan this way
(``compile_plan``) where a Mau-Mau variant builds a Mau-Mau plan.

>>> from maumau_rules import find_variant, Card
>>> plan = find_variant("malilla").family_plan
>>> plan.strength[Card.parse("7or")] > plan.strength[Card.parse("1or")] > plan.strength[Card.parse("Ror")]
True
>>> plan.points[Card.parse("7co")], plan.hand_total, plan.half, plan.tricks_per_hand
(5, 70, 35, 10)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Literal

import attrs

from ...cards import SORT_INDEX, SPANISH_RANKS, Card, Rank, Suit
from ...deck import DeckSpec
from ...errors import VariantError
from ...moves import Move, Pass, Play, Redeal

__all__ = ["SEATS", "SIDES", "MalillaPlan", "MalillaPlanBuilder", "partner", "team_of", "trick_winner_index"]

SEATS: Final = 4
"""Malilla is for four players (MAL-GEN-4)."""
SIDES: Final[tuple[tuple[int, ...], ...]] = ((0, 2), (1, 3))
"""The two teams, by seat: partners sit opposite each other."""
DEFAULT_ORDER: Final[tuple[Rank, ...]] = (Rank.SEVEN, Rank.ACE, Rank.REY, Rank.CABALLO, Rank.SOTA, Rank.SIX,
                                          Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)
"""R_MAL_TRICK's default rank order, highest first."""


def team_of(seat: int) -> int:
    """The team (0 or 1) of ``seat``: seats 0 and 2 are team 0, seats 1 and 3 team 1.

    >>> [team_of(s) for s in range(4)]
    [0, 1, 0, 1]
    """
    return seat & 1


def partner(seat: int) -> int:
    """The seat opposite ``seat``: his partner.

    >>> [partner(s) for s in range(4)]
    [2, 3, 0, 1]
    """
    return (seat + 2) % SEATS


@attrs.frozen
class FollowPolicy:
    """R_MAL_FOLLOW's settings.

    >>> FollowPolicy().partner_ahead
    'follow_required'
    """

    partner_ahead: Literal["follow_required", "fully_free"] = "follow_required"
    must_undertrump: bool = False
    may_trump_partner: bool = True


@attrs.frozen
class SevenPolicy:
    """R_MAL_SEVEN's settings.

    >>> SevenPolicy().scope
    'hand'
    """

    scope: Literal["hand", "trick"] = "hand"
    lead: bool = False


class MalillaPlanBuilder:
    """Where Malilla rules put what they decide; :meth:`build` freezes it into a :class:`MalillaPlan`.

    >>> from maumau_rules.deck import SPANISH_40
    >>> b = MalillaPlanBuilder("m", SPANISH_40, 4, 4)
    >>> b.claim("deal", "R_MAL_DEAL"); b.claim("deal", "R_OTHER")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: rules R_MAL_DEAL and R_OTHER conflict: both decide deal
    """

    def __init__(self, variant_id: str, deck: DeckSpec, min_players: int, max_players: int) -> None:
        self.variant_id = variant_id
        """The variant being built."""
        self.deck = deck
        """Its deck."""
        self.deck_cards: tuple[Card, ...] = deck.cards()
        """Every card of the deck."""
        self.min_players = min_players
        self.max_players = max_players
        self.claimed: dict[str, str] = {}
        self.rule_ids: list[str] = []
        self.dealt = False
        """R_MAL_DEAL is there."""
        self.first_dealer: Literal["random", "seat_zero"] = "seat_zero"
        self.rotation: Literal["right", "left"] = "right"
        self.trump_bonus = False
        self.bonus_order: Literal["hand_first", "bonus_first"] = "hand_first"
        self.order: tuple[Rank, ...] = DEFAULT_ORDER
        self.next_leader: Literal["trick_winner", "next_seat"] = "trick_winner"
        self.follow: FollowPolicy | None = None
        """R_MAL_FOLLOW's settings; without it, any card may be played (an engine fact)."""
        self.seven: SevenPolicy | None = None
        self.values: dict[Rank, int] = {}
        self.trick_point = 0
        self.target: int | None = None
        """The match target (R_MAL_SCORE); without it a single hand decides."""
        self.capote: Literal["win_match", "score"] | None = None
        self.breach: Literal["reject", "lose_match"] = "reject"
        self.redeal_min: int | None = None
        """R_MAL_REDEAL's ``min_suit`` (``None``: no redeal)."""
        self.redeal_bonus_stands = False
        self.albur_points: int | None = None
        """R_MAL_ALBUR's points (``None``: no Albur)."""
        self.albur_every = False
        self.checks: list[Callable[[MalillaPlanBuilder], None]] = []

    def claim(self, what: str, rule_id: str) -> None:
        """Record that ``rule_id`` decides ``what``; a second rule deciding it is a conflict.

        Raises:
            VariantError: another rule already decides ``what``.

        >>> from maumau_rules.deck import SPANISH_40
        >>> MalillaPlanBuilder("m", SPANISH_40, 4, 4).claim("trump", "R_MAL_TRUMP")
        """
        other = self.claimed.get(what)
        if other is not None and other != rule_id:
            raise VariantError(f"rules {other} and {rule_id} conflict: both decide {what}")
        self.claimed[what] = rule_id

    def build(self) -> MalillaPlan:
        """Check the combination and freeze it.

        Raises:
            VariantError: the deck, the players or the rules do not make a game of Malilla.

        >>> from maumau_rules.deck import SKAT_32
        >>> MalillaPlanBuilder("m", SKAT_32, 4, 4).build()
        Traceback (most recent call last):
        ...
        maumau_rules.errors.VariantError: variant 'm': Malilla needs a Spanish deck without Jokers or copies, not french-32
        """
        where = f"variant {self.variant_id!r}"
        deck = self.deck
        if not deck.is_spanish or deck.jokers or deck.packs != 1:
            raise VariantError(f"{where}: Malilla needs a Spanish deck without Jokers or copies, not {deck}")
        if (self.min_players, self.max_players) != (SEATS, SEATS):
            raise VariantError(f"{where}: Malilla is for exactly 4 players, not {self.min_players}-{self.max_players}")
        if not self.dealt:
            raise VariantError(f"{where} needs rule R_MAL_DEAL (the seats, the teams and the deal)")
        if set(self.order) != set(SPANISH_RANKS) or len(self.order) != len(SPANISH_RANKS):
            raise VariantError(f"{where}: rule R_MAL_TRICK: rank_order must name each of the ten Spanish ranks once")
        if self.redeal_min is not None and self.redeal_min > len(deck.ranks):
            raise VariantError(f"{where}: rule R_MAL_REDEAL: min_suit={self.redeal_min} but a suit of {deck} has "
                               f"{len(deck.ranks)} cards")
        if self.albur_points is not None and len(set(deck.ranks)) < 2:
            raise VariantError(f"{where}: rule R_MAL_ALBUR draws two cards of different rank, but every card of {deck} "
                               "has the same rank: the draw would never end")
        for check in self.checks:
            check(self)
        return MalillaPlan(self)


def _no_engine(fields: dict[str, Any]) -> tuple[Move, ...]:
    raise VariantError("this plan was not compiled by its family: no engine plays it")


class MalillaPlan:
    """A Malilla variant's compiled rules: what the Malilla engine runs. Read-only once built.

    >>> from maumau_rules import find_variant
    >>> plan = find_variant("malilla").family_plan
    >>> plan.target, plan.breach, plan.redeal_min
    (35, 'reject', 7)
    """

    def __init__(self, b: MalillaPlanBuilder) -> None:
        self.moves_of: Callable[[dict[str, Any]], tuple[Move, ...]] = _no_engine
        """The legal moves of a state given by its fields: the engine's one move generator, set by the family
        when it compiles the plan (a state made from its fields, e.g. read from JSON, asks it)."""
        self.variant_id = b.variant_id
        self.deck = b.deck
        self.deck_cards = b.deck_cards
        """Every card of the deck."""
        self.cards: tuple[Card, ...] = tuple(sorted(self.deck_cards, key=SORT_INDEX.__getitem__))
        """The deck's cards in hand order."""
        self.min_players = b.min_players
        self.max_players = b.max_players
        self.rule_ids = tuple(b.rule_ids)
        self.sides = SIDES
        """The two teams by seat."""
        self.first_dealer = b.first_dealer
        self.rotation = b.rotation
        self.trump_bonus = b.trump_bonus
        self.bonus_order = b.bonus_order
        self.order = b.order
        """The ranks, highest first (R_MAL_TRICK)."""
        rank_strength = {r: len(b.order) - i for i, r in enumerate(b.order)}
        self.strength: dict[Card, int] = {c: rank_strength[c.rank] for c in self.cards}
        """Each card's strength within its suit (higher beats lower)."""
        self.next_leader = b.next_leader
        self.follow = b.follow
        self.seven = b.seven
        self.values = dict(b.values)
        self.points: dict[Card, int] = {c: b.values.get(c.rank, 0) for c in self.cards}
        """Each card's points (R_MAL_SCORE)."""
        self.trick_point = b.trick_point
        self.tricks_per_hand = len(self.cards) // SEATS
        """Tricks in a hand (10 with the 40-card pack)."""
        self.hand_total = sum(self.points.values()) + self.trick_point * self.tricks_per_hand
        """Points in a hand: every card's points and every trick's point (70 with the 40-card pack)."""
        self.half = self.hand_total // 2
        """A team scores what it takes above this (35 of 70)."""
        self.target = b.target
        self.capote = b.capote
        self.breach = b.breach
        self.redeal_min = b.redeal_min
        self.redeal_bonus_stands = b.redeal_bonus_stands
        self.albur_points = b.albur_points
        self.albur_every = b.albur_every
        self.sevens: dict[Suit, Card] = {c.suit: c for c in self.cards if c.rank is Rank.SEVEN and c.suit is not None}
        """The 7 of each suit (R_MAL_SEVEN)."""
        self.plays: dict[Card, Play] = {c: Play(c) for c in self.cards}
        """The one :class:`~maumau_rules.moves.Play` object of each card (legal moves hand these out)."""
        self.redeal_moves: tuple[Move, ...] = (Redeal(), Pass())
        self.pass_only: tuple[Move, ...] = (Pass(),)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player.

        >>> from maumau_rules import find_variant
        >>> find_variant("malilla").family_plan.hand_size
        10
        """
        return len(self.cards) // SEATS

    def next_dealer(self, dealer: int) -> int:
        """The dealer of the next hand (R_MAL_DEAL ``rotation``).

        >>> from maumau_rules import find_variant
        >>> find_variant("malilla").family_plan.next_dealer(0)
        3
        """
        return (dealer - 1) % SEATS if self.rotation == "right" else (dealer + 1) % SEATS

    def action_moves(self) -> tuple[Move, ...]:
        """Every move of the game in a fixed order, for the action codec: ``redeal`` and ``pass`` (with
        R_MAL_REDEAL), then a play of each card in deck order.

        >>> from maumau_rules import find_variant
        >>> [str(m) for m in find_variant("malilla").family_plan.action_moves()[:3]]
        ['redeal', 'pass', '1or']
        """
        head: tuple[Move, ...] = self.redeal_moves if self.redeal_min is not None else ()
        return (*head, *(self.plays[c] for c in self.deck.cards()))


def trick_winner_index(plan: MalillaPlan, cards: Sequence[Card], trump: Suit) -> int:
    """The index in ``cards`` (a trick in play order) of the card that wins it so far: the highest trump, else the
    highest card of the suit led (R_MAL_TRICK).

    >>> from maumau_rules import find_variant, Suit
    >>> from maumau_rules.cards import parse_cards
    >>> plan = find_variant("malilla").family_plan
    >>> trick_winner_index(plan, parse_cards("Ror 1or 7or 2co"), Suit.COPAS)
    3
    >>> trick_winner_index(plan, parse_cards("Ror 1or 7or"), Suit.COPAS)
    2
    """
    strength = plan.strength
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit is top.suit:
            if strength[card] > strength[top]:
                best, top = i, card
        elif card.suit is trump:
            best, top = i, card
    return best
