"""A variant's rules folded into flat lookup tables, once per variant.

The engine never walks the rule objects on the hot path: it reads a :class:`Ruleset`, whose
per-card table :attr:`Ruleset.info` answers "what does this card do?" with one dictionary lookup.

>>> from maumau_rules import find_variant
>>> rs = find_variant("standard").ruleset
>>> rs.info[Card.parse("7h")].penalty, rs.info[Card.parse("Jc")].wild, rs.hand_size_for(2)
(2, True, 6)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

import attrs

from .. import handmask
from ..cards import SORT_INDEX, Card, Rank, Suit
from ..deck import DeckSpec
from ..errors import VariantError
from ..moves import Call, Move, Pass, Play
from .base import CardSet

__all__ = ["AnnounceConfig", "CardInfo", "PenaltyEntry", "Ruleset", "RulesetBuilder", "ScoringConfig"]

EMPTY: Final = CardSet()


@attrs.frozen
class CardInfo:
    """What one card does under a variant's rules.

    >>> from maumau_rules import find_variant
    >>> i = find_variant("russian").ruleset.info[Card.parse("6h")]
    >>> i.penalty, i.penalty_skip, i.stack_group
    (1, True, '6')
    """

    wild: bool = False
    """Playable on any card (within the wild's restrictions)."""
    wishes: bool = False
    """Its player names a suit."""
    free_after: bool = False
    """After it, any card may be played (a wild that names no suit, e.g. the Pesten Joker)."""
    penalty: int = 0
    """Cards the target must draw."""
    penalty_previous: bool = False
    """The penalty hits the previous player, not the next."""
    penalty_immediate: bool = False
    """The penalty is drawn at once and cannot be answered."""
    stackable: bool = False
    """A pending penalty can be passed on with this card."""
    skip: bool = False
    """The next player misses a turn."""
    reverse: bool = False
    """The direction of play reverses."""
    play_again: bool = False
    """The same player takes another turn (so the card can never finish)."""
    cancel: bool = False
    """Wipes out a pending draw penalty."""
    no_finish: bool = False
    """May not be played as the last card."""
    blocks_wild: bool = False
    """Fresh on the pile, it blocks wilds listed in ``wild_blocked_after`` (Prší Queen on a 7 or Ace)."""
    series: bool = False
    """Further cards of its rank may follow in the same turn."""
    penalty_skip: bool = False
    """The player who takes its penalty also loses the rest of his turn (Russian 6)."""
    stack_group: str = ""
    """Penalty cards stack only on penalty cards of the same group."""
    demands_suit: bool = False
    """The next player must play its suit or draw until he gets one (R_DRAW_UNTIL_SUIT)."""


@attrs.frozen
class PenaltyEntry:
    """One card's draw penalty as compiled from R_DRAW_PENALTY.

    >>> PenaltyEntry(amount=2).stackable
    True
    """

    amount: int
    """Cards to draw."""
    previous: bool = False
    """The previous player draws instead of the next."""
    immediate: bool = False
    """Drawn at once; cannot be answered."""
    stackable: bool = True
    """May pass a pending penalty on."""
    skip: bool = False
    """The taker's turn ends."""
    group: str = ""
    """Stacking group."""


@attrs.frozen
class AnnounceConfig:
    """How last-card announcements work in a variant.

    >>> from maumau_rules import find_variant
    >>> a = find_variant("mau-king").ruleset.announce
    >>> a.word, a.jack_word, a.window, a.lapses_on_draw
    ('Zadnja', 'Mau Mau', 'until_own_turn', True)
    """

    word: str
    jack_word: str | None
    final_word: str | None
    penalty: int
    enforcement: str
    lapses_on_draw: bool
    unannounced_finish: str
    multi_jack: bool
    window: str = "next_player"


@attrs.frozen
class ScoringConfig:
    """How a finished round is scored and when a match ends.

    >>> from maumau_rules import find_variant
    >>> c = find_variant("greek-150").ruleset.scoring
    >>> c.mode, c.target, c.threshold_op
    ('winner_collects', 150, 'ge')
    """

    mode: str
    """``win_points`` | ``penalty_points`` | ``winner_collects`` | ``elimination`` | ``hand_shrink``."""
    target: int
    threshold_op: str
    values: tuple[tuple[Rank, int], ...]
    count: str
    winner_bonus: tuple[int, ...]
    jack_finish_multiplier: int
    start_hand: int
    rule_id: str

    def value(self, card: Card) -> int:
        """The point value of ``card`` (0 when the table has no entry).

        >>> from maumau_rules import find_variant
        >>> find_variant("greek-150").ruleset.scoring.value(Card.parse("Jh"))
        20
        """
        for rank, v in self.values:
            if rank is card.rank:
                return v
        return 0


@attrs.define
class RulesetBuilder:
    """Mutable scratch space that rule objects write into; :meth:`build` freezes it.

    >>> from maumau_rules.deck import SKAT_32
    >>> b = RulesetBuilder(deck=SKAT_32, min_players=2, max_players=4)
    >>> b.claim("deal", "R_DEAL"); b.build().hand_size_for(3)
    5
    >>> b.claim("deal", "R_OTHER")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: rules R_DEAL and R_OTHER conflict: both decide deal
    """

    deck: DeckSpec
    min_players: int
    max_players: int
    claimed: dict[str, str] = attrs.Factory(dict)
    hand_size: int = 5
    hand_size_by_players: dict[int, int] = attrs.Factory(dict)
    packets: tuple[int, ...] = ()
    dealer_selection: str = "highest_card"
    dealer_rotation: str = "clockwise"
    cut_mode: str = "none"
    cut_by: str = "right"
    cut_special: CardSet = EMPTY
    cut_max_kept: int = 3
    direction: int = 1
    first_player: str = "left_of_dealer"
    start_effects: bool = False
    start_wild_allows_same: bool = False
    start_rebury: CardSet = EMPTY
    wild: dict[Card, tuple[bool, str]] = attrs.Factory(dict)
    wild_on_same: bool = False
    wild_on_pending_draw: bool = False
    wild_blocked_after: CardSet = EMPTY
    may_wish_own_suit: bool = True
    penalties: dict[Card, PenaltyEntry] = attrs.Factory(dict)
    penalty_ends_turn: bool = True
    cancel: CardSet = EMPTY
    skip: CardSet = EMPTY
    skip_passable: bool = False
    reverse: CardSet = EMPTY
    reverse_two_player: str = "no_effect"
    play_again: CardSet = EMPTY
    series: CardSet = EMPTY
    wild_finish_series: bool = False
    voluntary_draw: bool = True
    after_draw: str = "drawn_only"
    pass_without_draw: bool = False
    draw_until_playable: bool = False
    demand_suit: CardSet = EMPTY
    no_finish: CardSet = EMPTY
    final_effects: bool = False
    announce: AnnounceConfig | None = None
    reshuffle: bool = False
    max_moves: int = 1000
    wrong_card: str = "reject"
    wrong_card_penalty: int = 1
    scoring: ScoringConfig | None = None
    rule_ids: dict[str, str] = attrs.Factory(dict)

    def claim(self, what: str, rule_id: str) -> None:
        """Record that ``rule_id`` decides ``what``; a second claim is a conflict.

        Raises:
            VariantError: another rule already decides ``what``.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = RulesetBuilder(deck=SKAT_32, min_players=2, max_players=5)
        >>> b.claim("skip", "R_SKIP"); b.claim("skip", "R_OTHER")
        Traceback (most recent call last):
        ...
        maumau_rules.errors.VariantError: rules R_SKIP and R_OTHER conflict: both decide skip
        """
        other = self.claimed.get(what)
        if other is not None:
            raise VariantError(f"rules {other} and {rule_id} conflict: both decide {what}")
        self.claimed[what] = rule_id

    def build(self) -> Ruleset:
        """Freeze into a :class:`Ruleset`, checking that the rules can be combined.

        Raises:
            VariantError: the combination is impossible.

        >>> from maumau_rules.deck import SKAT_32
        >>> RulesetBuilder(deck=SKAT_32, min_players=2, max_players=5).build().hand_size_for(3)
        5
        >>> RulesetBuilder(deck=SKAT_32, min_players=2, max_players=9, hand_size=5).build()
        Traceback (most recent call last):
        ...
        maumau_rules.errors.VariantError: ...
        """
        cards = self.deck.cards()
        info: dict[Card, CardInfo] = {}
        for card in set(cards):
            wild = self.wild.get(card)
            pen = self.penalties.get(card)
            info[card] = CardInfo(
                wild=wild is not None,
                wishes=wild is not None and wild[0],
                free_after=wild is not None and not wild[0],
                penalty=pen.amount if pen else 0,
                penalty_previous=bool(pen and pen.previous),
                penalty_immediate=bool(pen and pen.immediate),
                stackable=bool(pen and pen.stackable),
                penalty_skip=bool(pen and pen.skip),
                stack_group=pen.group if pen else "",
                demands_suit=self.demand_suit.matches(card) and not card.is_joker,
                skip=self.skip.matches(card),
                reverse=self.reverse.matches(card),
                play_again=self.play_again.matches(card),
                cancel=self.cancel.matches(card),
                no_finish=self.no_finish.matches(card),
                blocks_wild=self.wild_blocked_after.matches(card),
                series=self.series.matches(card),
            )
        self._check(cards)
        scoring = self.scoring
        if scoring is not None and scoring.mode == "hand_shrink":
            scoring = attrs.evolve(scoring, start_hand=self.hand_size)
        return Ruleset(
            deck=self.deck,
            deck_cards=cards,
            min_players=self.min_players,
            max_players=self.max_players,
            info=info,
            hand_size=self.hand_size,
            hand_size_by_players=tuple(sorted(self.hand_size_by_players.items())),
            packets=self.packets,
            dealer_selection=self.dealer_selection,
            dealer_rotation=self.dealer_rotation,
            cut_mode=self.cut_mode,
            cut_by=self.cut_by,
            cut_special=self.cut_special,
            cut_max_kept=self.cut_max_kept,
            direction=self.direction,
            first_player=self.first_player,
            start_effects=self.start_effects,
            start_wild_allows_same=self.start_wild_allows_same,
            start_rebury=self.start_rebury,
            wild_on_same=self.wild_on_same,
            wild_on_pending_draw=self.wild_on_pending_draw,
            may_wish_own_suit=self.may_wish_own_suit,
            penalty_ends_turn=self.penalty_ends_turn,
            skip_passable=self.skip_passable,
            reverse_two_player=self.reverse_two_player,
            wild_finish_series=self.wild_finish_series,
            voluntary_draw=self.voluntary_draw,
            after_draw=self.after_draw,
            pass_without_draw=self.pass_without_draw,
            draw_until_playable=self.draw_until_playable,
            final_effects=self.final_effects,
            announce=self.announce,
            reshuffle=self.reshuffle,
            max_moves=self.max_moves,
            wrong_card=self.wrong_card,
            wrong_card_penalty=self.wrong_card_penalty,
            scoring=scoring,
        )

    def _check(self, cards: tuple[Card, ...]) -> None:
        """Raise :class:`VariantError` for rule combinations that cannot be played, naming the rules."""
        deck = f"{self.deck} deck ({len(cards)} cards)"
        if self.min_players < 2 or self.max_players < self.min_players:
            raise VariantError(f"[variant] players: invalid player range {self.min_players}-{self.max_players}")
        for card, pen in sorted(self.penalties.items(), key=lambda kv: kv[0].sort_key):
            if pen.amount > len(cards):
                raise VariantError(
                    f"rule {self.claimed.get('draw_penalty', 'R_DRAW_PENALTY')} conflicts with the {deck}: "
                    f"{card} makes a player draw {pen.amount} cards, more than the whole deck"
                )
        for n in range(self.min_players, self.max_players + 1):
            hand = self.hand_size_by_players.get(n, self.hand_size)
            if n * hand + 1 > len(cards):
                raise VariantError(
                    f"rule {self.claimed.get('deal', 'R_DEAL')} conflicts with [variant] players "
                    f"{self.min_players}-{self.max_players}: dealing {hand} cards to {n} players needs "
                    f"{n * hand + 1} cards with the start card, but the {deck} is too small"
                )
        if self.packets and sum(self.packets) != self.hand_size:
            raise VariantError(f"rule R_DEAL: packets {self.packets} do not add up to the hand size {self.hand_size}")
        if self.cut_mode == "bottom_ceremony" and self.cut_max_kept >= min(
                [self.hand_size, *self.hand_size_by_players.values()]):
            raise VariantError(
                f"rule R_CUT keeps up to {self.cut_max_kept} cards, but rule R_DEAL deals only "
                f"{min([self.hand_size, *self.hand_size_by_players.values()])}")
        both = sorted({c for c in cards if self.play_again.matches(c) and (self.skip.matches(c) or self.reverse.matches(c))},
                      key=lambda c: c.sort_key)
        if both:
            raise VariantError(f"rules R_PLAY_AGAIN and {'R_SKIP' if self.skip.matches(both[0]) else 'R_REVERSE'} "
                               f"conflict: both claim {both[0]}")


@attrs.frozen(eq=False)
class Ruleset:
    """The flat, read-only form of a variant's rules used by the engine.

    >>> from maumau_rules import find_variant
    >>> rs = find_variant("pesten").ruleset
    >>> len(rs.deck_cards), rs.hand_size, rs.direction
    (54, 7, 1)
    """

    deck: DeckSpec
    deck_cards: tuple[Card, ...]
    min_players: int
    max_players: int
    info: dict[Card, CardInfo]
    hand_size: int
    hand_size_by_players: tuple[tuple[int, int], ...]
    packets: tuple[int, ...]
    dealer_selection: str
    dealer_rotation: str
    cut_mode: str
    cut_by: str
    cut_special: CardSet
    cut_max_kept: int
    direction: int
    first_player: str
    start_effects: bool
    start_wild_allows_same: bool
    start_rebury: CardSet
    wild_on_same: bool
    wild_on_pending_draw: bool
    may_wish_own_suit: bool
    penalty_ends_turn: bool
    skip_passable: bool
    reverse_two_player: str
    wild_finish_series: bool
    voluntary_draw: bool
    after_draw: str
    pass_without_draw: bool
    draw_until_playable: bool
    final_effects: bool
    announce: AnnounceConfig | None
    reshuffle: bool
    max_moves: int
    wrong_card: str
    wrong_card_penalty: int
    scoring: ScoringConfig | None
    # Tables precomputed for the engine's hot path (derived from the fields above; not compared).
    fit_top: dict[Card, frozenset[Card]] = attrs.field(init=False, repr=False)
    """For each top card, the cards that are not wild and match its suit or rank (R_MATCH)."""
    fit_suit: dict[Suit, frozenset[Card]] = attrs.field(init=False, repr=False)
    """For each wished suit, the cards of that suit that are not wild."""
    wild_cards: frozenset[Card] = attrs.field(init=False, repr=False)
    """The wild cards (R_WILD)."""
    no_finish_cards: frozenset[Card] = attrs.field(init=False, repr=False)
    """Cards that may not be played as the last card (R_NO_FINISH)."""
    plays: dict[Card, tuple[tuple[Play, ...], tuple[Play, ...], tuple[Play, ...]]] = attrs.field(
        init=False, repr=False)
    """Every legal form of a play of each card, one :class:`~maumau_rules.moves.Play` object each, in the
    order of ``legal_moves``: with no call due, with ``Call.MAU`` due and with ``Call.MAU_MAU`` due."""
    plays_plain: dict[Card, tuple[Play, ...]] = attrs.field(init=False, repr=False)
    """``plays[card][0]``: the plays of each card when no call is due."""
    demand_cards: frozenset[Card] = attrs.field(init=False, repr=False)
    """Cards whose suit the next player must follow or draw for (R_DRAW_UNTIL_SUIT)."""
    play_fit: tuple[dict[Card, frozenset[Card]], dict[Card, frozenset[Card]]] = attrs.field(init=False, repr=False)
    """``play_fit[fresh][top]``: every card (wilds included) that may be played on ``top`` at the start of a
    turn with nothing pending, no wish and no free card; ``fresh``: ``top`` was just played (R_WILD blocks)."""
    drawn_moves: dict[Card, tuple[Play | Pass, ...]] = attrs.field(init=False, repr=False)
    """The legal moves after drawing a card that may be played, no call being due: its plays, then ``Pass``."""
    # Hands as integers (see maumau_rules.handmask): the masks below are sets of cards at presence positions.
    width: int = attrs.field(init=False, repr=False)
    """Bits per card in a hand integer (1 without duplicate cards)."""
    low: int = attrs.field(init=False, repr=False)
    """The presence position of every card (``handmask.low_bits(width)``)."""
    seat_full: int = attrs.field(init=False, repr=False)
    """All bits of one seat's hand."""
    shifts: tuple[int, ...] = attrs.field(init=False, repr=False)
    """``shifts[seat]``: where seat's hand starts in the integer of all hands."""
    unit: dict[Card, int] = attrs.field(init=False, repr=False)
    """One copy of each card, as a hand integer."""
    seat_unit: tuple[dict[Card, int], ...] = attrs.field(init=False, repr=False)
    """``seat_unit[seat][card]``: one copy of ``card`` in seat's hand, within the integer of all hands."""
    fit_mask: tuple[dict[Card, int], dict[Card, int]] = attrs.field(init=False, repr=False)
    """``play_fit`` as masks."""
    wild_fit: tuple[dict[Card, int], dict[Card, int]] = attrs.field(init=False, repr=False)
    """``wild_fit[fresh][top]``: the wild cards that may go on ``top`` with nothing pending (R_WILD)."""
    fit_top_mask: dict[Card, int] = attrs.field(init=False, repr=False)
    """``fit_top`` as masks."""
    suit_mask: dict[Suit, int] = attrs.field(init=False, repr=False)
    """``fit_suit`` as masks."""
    rank_mask: dict[Rank, int] = attrs.field(init=False, repr=False)
    """Every card of each rank."""
    wild_mask: int = attrs.field(init=False, repr=False)
    """``wild_cards`` as a mask."""
    wishes_mask: int = attrs.field(init=False, repr=False)
    """The wild cards whose player names a suit."""
    no_finish_mask: int = attrs.field(init=False, repr=False)
    """``no_finish_cards`` as a mask."""
    cancel_mask: int = attrs.field(init=False, repr=False)
    """Cards that wipe out a pending draw penalty."""
    stack_mask: dict[Card, int] = attrs.field(init=False, repr=False)
    """``stack_mask[top]``: the penalty cards that may pass a pending penalty on, ``top`` being on the pile."""
    plain_mask: int = attrs.field(init=False, repr=False)
    """Every card that is not wild (all of them fit when any card may be played)."""
    simple_play: dict[Card, int] = attrs.field(init=False, repr=False)
    """The cards whose play the engine handles on its fast path, by kind: 0 no effect, 1 a wild that names a
    suit and does nothing else, 2 a skip that cannot be passed on, 3 a draw penalty for the next player, 4 a
    reversal, 5 play again, 6 a skip that can be passed on."""
    calls_lapse: bool = attrs.field(init=False, repr=False)
    """A standing call lapses when its player draws (R_ANNOUNCE lapses_on_draw)."""
    call_mode: int = attrs.field(init=False, repr=False)
    """When a call can be due (R_ANNOUNCE): 0 never, 1 with one card left, 2 also when only Jacks would be left."""
    moves_cache: dict[int, tuple[Move, ...]] = attrs.field(init=False, repr=False)
    """Memo of the engine's most common move lists, keyed by the playable cards' mask (an engine detail)."""
    quick_hands: bool = attrs.field(init=False, repr=False)
    """No duplicate cards and no call due from a hand of three or more cards: a hand integer is its own
    presence mask, and the plays from such a hand need no look at calls (``call_mode`` below 2)."""
    drawn_only: bool = attrs.field(init=False, repr=False)
    """After drawing, only the drawn card may be played, and one card is drawn (R_DRAW after_draw)."""
    drawn_any: bool = attrs.field(init=False, repr=False)
    """After drawing, any card that fits may be played, and one card is drawn (R_DRAW after_draw)."""

    def __attrs_post_init__(self) -> None:
        cards = tuple(SORT_INDEX)  # every card, also those outside the deck (their info is the default)
        no_info = CardInfo()
        info = {c: self.info.get(c, no_info) for c in cards}
        plain = [c for c in cards if not info[c].wild]
        set_ = object.__setattr__
        set_(self, "fit_top", {top: frozenset(c for c in plain if c.suit is top.suit or c.rank is top.rank)
                               for top in cards})
        set_(self, "fit_suit", {suit: frozenset(c for c in plain if c.suit is suit) for suit in Suit})
        set_(self, "wild_cards", frozenset(c for c in cards if info[c].wild))
        set_(self, "demand_cards", frozenset(c for c in cards if info[c].demands_suit))
        set_(self, "no_finish_cards", frozenset(c for c in cards if info[c].no_finish))
        plays: dict[Card, tuple[tuple[Play, ...], tuple[Play, ...], tuple[Play, ...]]] = {}
        for card in cards:
            forms: list[tuple[Play, ...]] = []
            for due in (None, Call.MAU, Call.MAU_MAU):
                calls = (None, due) if due is not None else (None,)
                if info[card].wishes:
                    wishes: tuple[Suit | None, ...] = tuple(
                        suit for suit in Suit if self.may_wish_own_suit or suit is not card.suit)
                else:
                    wishes = (None,)
                forms.append(tuple(Play(card, wish, call) for wish in wishes for call in calls))
            plays[card] = (forms[0], forms[1], forms[2])
        set_(self, "plays", plays)
        set_(self, "plays_plain", {card: forms[0] for card, forms in plays.items()})
        wilds = [c for c in cards if info[c].wild]
        play_fit: tuple[dict[Card, frozenset[Card]], dict[Card, frozenset[Card]]] = ({}, {})
        for fresh in (0, 1):
            for top in cards:
                top_info = info[top]
                fit = set(self.fit_top[top])
                if not (fresh and top_info.blocks_wild):
                    same_rank_blocked = top_info.wild and not self.wild_on_same
                    fit.update(c for c in wilds if not (same_rank_blocked and top.rank is c.rank))
                play_fit[fresh][top] = frozenset(fit)
        set_(self, "play_fit", play_fit)
        set_(self, "drawn_moves", {card: (*forms[0], Pass()) for card, forms in plays.items()})
        self._hand_tables(cards, info)

    def _hand_tables(self, cards: tuple[Card, ...], info: dict[Card, CardInfo]) -> None:
        """The tables for hands as integers (``maumau_rules.handmask``)."""
        set_ = object.__setattr__
        width = handmask.width_for(max(Counter(self.deck_cards).values(), default=1))
        stride = width * len(handmask.ORDER)
        unit = {card: 1 << (width * handmask.POSITION[card]) for card in cards}

        def mask(chosen: Iterable[Card]) -> int:
            return sum(unit[c] for c in set(chosen))

        set_(self, "width", width)
        set_(self, "low", handmask.low_bits(width))
        set_(self, "seat_full", (1 << stride) - 1)
        set_(self, "shifts", tuple(seat * stride for seat in range(self.max_players)))
        set_(self, "unit", unit)
        set_(self, "seat_unit", tuple({c: u << (seat * stride) for c, u in unit.items()}
                                      for seat in range(self.max_players)))
        set_(self, "fit_mask", tuple({top: mask(fit) for top, fit in table.items()} for table in self.play_fit))
        set_(self, "fit_top_mask", {top: mask(fit) for top, fit in self.fit_top.items()})
        set_(self, "wild_fit", tuple({top: mask(fit - self.fit_top[top]) for top, fit in table.items()}
                                     for table in self.play_fit))
        set_(self, "suit_mask", {suit: mask(fit) for suit, fit in self.fit_suit.items()})
        set_(self, "rank_mask", {rank: mask(c for c in cards if c.rank is rank) for rank in Rank})
        set_(self, "wild_mask", mask(self.wild_cards))
        set_(self, "wishes_mask", mask(c for c in cards if info[c].wishes))
        set_(self, "no_finish_mask", mask(self.no_finish_cards))
        set_(self, "cancel_mask", mask(c for c in cards if info[c].cancel))
        set_(self, "stack_mask", {top: mask(c for c in cards if info[c].stackable and info[top].stackable
                                            and info[c].stack_group == info[top].stack_group) for top in cards})
        set_(self, "plain_mask", mask(c for c in cards if not info[c].wild))
        simple: dict[Card, int] = {}
        for card in set(self.deck_cards):
            # the fast path never plays the last card, and the next state's fit masks hold R_WILD blocks
            i = attrs.evolve(info[card], no_finish=False, blocks_wild=False)
            if i == CardInfo():
                simple[card] = 0
            elif i == CardInfo(wild=True, wishes=True) and not self.wild_finish_series:
                simple[card] = 1
            elif i == CardInfo(skip=True) and not self.skip_passable:
                simple[card] = 2
            elif i.penalty and i == CardInfo(penalty=i.penalty, stackable=i.stackable, stack_group=i.stack_group):
                simple[card] = 3
            elif i == CardInfo(reverse=True):
                simple[card] = 4
            elif i == CardInfo(play_again=True):
                simple[card] = 5
            elif i == CardInfo(skip=True):  # skip_passable
                simple[card] = 6
        set_(self, "simple_play", simple)
        ann = self.announce
        set_(self, "call_mode", 0 if ann is None else 2 if ann.multi_jack and ann.jack_word else 1)
        set_(self, "calls_lapse", ann is not None and ann.lapses_on_draw)
        set_(self, "moves_cache", {})
        set_(self, "quick_hands", width == 1 and self.call_mode < 2)
        set_(self, "drawn_only", self.after_draw == "drawn_only" and not self.draw_until_playable)
        set_(self, "drawn_any", self.after_draw == "any" and not self.draw_until_playable)

    def hand_size_for(self, players: int) -> int:
        """The number of cards dealt to each of ``players`` players.

        >>> from maumau_rules import find_variant
        >>> find_variant("standard").ruleset.hand_size_for(4)
        5
        """
        for n, size in self.hand_size_by_players:
            if n == players:
                return size
        return self.hand_size
