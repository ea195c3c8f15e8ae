"""Contracts on pure transition helpers, checked by CrossHair (``crosshair check`` on this file).

The engine's own transitions on card zones carry their contracts in :mod:`maumau_rules.zones`. The
functions here state further contracts on the pure helpers the engine builds on, without touching
their modules: each delegates to the real function, so CrossHair explores the real code. Their
conditions sit in each function's ``pre:``/``post:`` (no class ``inv:``, which CrossHair cannot meet
on slotted attrs classes).

>>> from maumau_rules.cards import parse_cards
>>> draw_exactly(parse_cards("7h 8h"), parse_cards("9h"), 1, 0, True)[0]
(Card.parse('8♥'),)
"""

from __future__ import annotations

from collections import Counter

from .. import handmask
from .. import rng as _rng
from ..cards import Card
from ..zones import draw_cards

__all__ = ["draw_exactly", "play_then_draw", "random_below", "shuffle_permutes"]


def shuffle_permutes(items: tuple[int, ...], state: int) -> tuple[tuple[int, ...], int]:
    """R_RESHUFFLE / R_DEAL: a seeded shuffle is a permutation (INV_CARD_CONSERVATION) and deterministic.

    pre: len(items) <= 8
    pre: 0 <= state < 2**64
    post: sorted(__return__[0]) == sorted(items)
    post: __return__ == _rng.shuffle(items, state)

    >>> sorted(shuffle_permutes((3, 1, 2), 5)[0])
    [1, 2, 3]
    """
    return _rng.shuffle(items, state)


def random_below(n: int, state: int) -> int:
    """The bounded draw behind every shuffle and cut stays in range.

    pre: 1 <= n <= 200
    pre: 0 <= state < 2**64
    post: 0 <= __return__ < n

    >>> 0 <= random_below(6, 1) < 6
    True
    """
    return _rng.randbelow(n, state)[0]


def draw_exactly(
    stock: tuple[Card, ...], discard: tuple[Card, ...], n: int, rng: int, reshuffle: bool
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
    """INV_HAND_SIZES for draws: exactly ``min(n, available)`` cards come, the top card stays.

    pre: 0 <= n <= 6
    pre: len(discard) >= 1
    pre: 0 <= rng < 2**64
    post: len(__return__[0]) == min(n, len(stock) + (len(discard) - 1 if reshuffle else 0))
    post: Counter(__return__[0] + __return__[1] + __return__[2]) == Counter(stock + discard)
    post: __return__[2][-1] == discard[-1]

    >>> len(draw_exactly((), (Card.parse("7h"), Card.parse("8h")), 2, 0, True)[0])
    1
    """
    return draw_cards(stock, discard, n, rng, reshuffle)


def play_then_draw(hand: tuple[Card, ...], card: Card, drawn: tuple[Card, ...]) -> tuple[Card, ...]:
    """A play followed by a draw keeps every card, done as the engine does it on a hand integer
    (:mod:`maumau_rules.handmask`): the played card's unit is subtracted and each drawn card's unit added;
    decoded, the hand has lost ``card``, gained ``drawn``, and is in hand order.

    pre: card in hand
    pre: len(hand) <= 5 and len(drawn) <= 3
    post: Counter(__return__) + Counter([card]) == Counter(hand) + Counter(drawn)
    post: len(__return__) == len(hand) - 1 + len(drawn)
    post: [c.sort_key for c in __return__] == sorted(c.sort_key for c in __return__)

    >>> from maumau_rules.cards import parse_cards
    >>> play_then_draw(parse_cards("7h 8h"), Card.parse("7h"), parse_cards("9h"))
    (Card.parse('8♥'), Card.parse('9♥'))
    """
    width = handmask.width_for(len(hand) + len(drawn))  # a field can count every copy
    mask = handmask.mask_of(hand, width) - (1 << (width * handmask.POSITION[card]))
    for got in drawn:
        mask += 1 << (width * handmask.POSITION[got])
    return handmask.cards_of(mask, width)


_ = Counter  # used by the contracts above
