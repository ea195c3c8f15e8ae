"""An independent reading of Malilla's legality rules (R_MAL_FOLLOW, R_MAL_SEVEN), for differential tests.

It is written from the rule texts of ``spec/rules`` card by card ("may this card be played?"), not from the
engine's code (which narrows a set of allowed cards step by step), and it reads the rules' parameters from the
variant's rule objects, not from the compiled plan.
"""

from __future__ import annotations

from collections.abc import Sequence

from maumau_rules.cards import Card, Rank, Suit
from maumau_rules.families.malilla.rules import MalillaFollow, MalillaSeven, MalillaTrick
from maumau_rules.variants import Variant

__all__ = ["reference_legal_cards", "reference_winner"]


def _rule(variant: Variant, cls: type) -> object | None:
    return next((r for r in variant.rules if isinstance(r, cls)), None)


def _order(variant: Variant) -> tuple[Rank, ...]:
    trick = _rule(variant, MalillaTrick)
    return trick.rank_order if isinstance(trick, MalillaTrick) else MalillaTrick().rank_order


def _beats(order: tuple[Rank, ...], a: Card, b: Card, trump: Suit, led: Suit | None) -> bool:
    """Whether card ``a`` beats card ``b`` in a trick of the suit ``led``."""
    if a.suit is b.suit:
        return order.index(a.rank) < order.index(b.rank)
    if a.suit is trump:
        return True
    if b.suit is trump:
        return False
    return a.suit is led and b.suit is not led


def reference_winner(variant: Variant, trick: Sequence[Card], trump: Suit) -> int:
    """The index of the card that wins ``trick`` so far.

    >>> from maumau_rules import find_variant
    >>> from maumau_rules.cards import parse_cards
    >>> reference_winner(find_variant("malilla"), parse_cards("Ror 1or 7or 2co"), Suit.COPAS)
    3
    """
    order = _order(variant)
    led = trick[0].suit
    best = 0
    for i in range(1, len(trick)):
        if _beats(order, trick[i], trick[best], trump, led):
            best = i
    return best


def reference_legal_cards(variant: Variant, hand: Sequence[Card], trick: Sequence[Card], leader: int, trump: Suit,
                          led_in_hand: set[Suit] | frozenset[Suit]) -> set[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (led by seat ``leader``; play goes to seat - 1).

    >>> from maumau_rules import find_variant
    >>> from maumau_rules.cards import parse_cards
    >>> sorted(map(str, reference_legal_cards(find_variant("malilla"), parse_cards("5or 7or 3co"),
    ...                                       parse_cards("Ror 1or"), 1, Suit.COPAS, {Suit.OROS})))
    ['7or']
    """
    order = _order(variant)
    follow = _rule(variant, MalillaFollow)
    seven = _rule(variant, MalillaSeven)
    me = (leader - len(trick)) % 4

    def may_by_following(card: Card) -> bool:
        if not trick or not isinstance(follow, MalillaFollow):
            return True
        led = trick[0].suit
        w = reference_winner(variant, trick, trump)
        winner_seat = (leader - w) % 4
        winning = trick[w]
        holds_led = any(c.suit is led for c in hand)
        if winner_seat % 2 == me % 2:  # my partner holds the trick
            if follow.partner_ahead == "fully_free":
                return True
            if holds_led:
                return card.suit is led
            if not follow.may_trump_partner and card.suit is trump:
                return all(c.suit is trump for c in hand)
            return True
        if holds_led:  # an opponent holds the trick and I can follow
            if card.suit is not led:
                return False
            if winning.suit is led and any(c.suit is led and _beats(order, c, winning, trump, led) for c in hand):
                return _beats(order, card, winning, trump, led)
            return True
        trumps = [c for c in hand if c.suit is trump]
        if not trumps:
            return True
        if winning.suit is trump:
            if any(_beats(order, t, winning, trump, led) for t in trumps):
                return card.suit is trump and _beats(order, card, winning, trump, led)
            return card.suit is trump if follow.must_undertrump else True
        return card.suit is trump

    def forbidden_seven(card: Card) -> bool:
        if not isinstance(seven, MalillaSeven) or card.rank is not Rank.SEVEN or card.suit is trump:
            return False
        if trick:
            if card.suit is trick[0].suit:
                return False  # following suit is not throwing it away
            return seven.scope == "trick" or card.suit not in led_in_hand
        return seven.lead and seven.scope == "hand" and card.suit not in led_in_hand

    allowed = {c for c in hand if may_by_following(c)}
    kept = {c for c in allowed if not forbidden_seven(c)}
    return kept or allowed
