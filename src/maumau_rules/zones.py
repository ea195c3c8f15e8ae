"""Pure transitions on card zones (stock, discard pile, hands), with contracts.

These small functions are where cards move. Each states its conditions as PEP 316 contracts
(``pre:`` / ``post:``), which ``nox -s contracts`` checks with CrossHair, and which the
Hypothesis tests check on every move of random games.

>>> from maumau_rules.cards import parse_cards
>>> got, stock, discard, r = draw_cards(parse_cards("7h 8h"), parse_cards("9h"), 1, 0, True)
>>> got, stock
((Card.parse('8♥'),), (Card.parse('7♥'),))
"""

from __future__ import annotations

from collections import Counter

from . import rng as _rng
from .cards import SORT_INDEX, Card

__all__ = ["draw_cards", "insert_sorted", "remove_card"]


def draw_cards(
    stock: tuple[Card, ...], discard: tuple[Card, ...], n: int, rng: int, reshuffle: bool
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
    """Draw up to ``n`` cards from the top (end) of ``stock``; reshuffle the discard pile under its top card
    into a new stock when the stock runs out (R_RESHUFFLE). Fewer cards come back when none are left.

    Returns:
        ``(drawn, stock, discard, rng)``.

    pre: n >= 0
    pre: len(discard) >= 1
    post: Counter(__return__[0] + __return__[1] + __return__[2]) == Counter(stock + discard)
    post: len(__return__[0]) <= n
    post: len(__return__[0]) == n or not __return__[1]
    post: __return__[2][-1] == discard[-1]
    post: reshuffle or __return__[2] == discard

    >>> draw_cards((), (Card.parse("7h"),), 2, 0, True)[0]
    ()
    """
    if n == 1 and stock:  # the common case: one card from a non-empty stock
        return stock[-1:], stock[:-1], discard, rng
    got: list[Card] = []
    while len(got) < n:
        if not stock:
            if not reshuffle or len(discard) <= 1:
                break
            stock, rng = _rng.shuffle(discard[:-1], rng)
            discard = discard[-1:]
        take = min(n - len(got), len(stock))
        got.extend(reversed(stock[len(stock) - take:]))
        stock = stock[: len(stock) - take]
    return tuple(got), stock, discard, rng


def remove_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """Remove one copy of ``card`` from ``hand``, keeping the order of the rest.

    pre: card in hand
    post: len(__return__) == len(hand) - 1
    post: Counter(__return__) + Counter([card]) == Counter(hand)

    >>> from maumau_rules.cards import parse_cards
    >>> remove_card(parse_cards("7h 8h 7h"), Card.parse("7h"))
    (Card.parse('8♥'), Card.parse('7♥'))
    """
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def insert_sorted(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Add ``cards`` to ``hand`` and return the hand sorted (suit, then rank).

    post: Counter(__return__) == Counter(hand + cards)
    post: [c.sort_key for c in __return__] == sorted(c.sort_key for c in __return__)

    >>> from maumau_rules.cards import parse_cards
    >>> insert_sorted(parse_cards("8h"), parse_cards("7h"))
    (Card.parse('7♥'), Card.parse('8♥'))
    """
    return tuple(sorted(hand + cards, key=_SORT_INDEX))


_SORT_INDEX = SORT_INDEX.__getitem__


_ = Counter  # used by the contracts above
