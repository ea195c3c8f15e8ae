"""Hands as integers: the engine's internal form of every hand of a round.

Every card has a *position*, its place in hand order (:data:`ORDER`, the order of
:attr:`~maumau_rules.cards.Card.sort_key`). A hand is one integer with a field of ``width`` bits per
position holding how many copies of that card the hand has; ``width`` is 1 for a deck without
duplicate cards. All seats of a round are one integer too, seat ``i``'s hand shifted by
``i * stride`` bits. Adding or removing a card is then one integer addition or subtraction, and
"which of my cards fit?" is one ``&`` with a precomputed mask of fitting cards.

A state's public ``hands`` stays a tuple of sorted card
tuples: it is decoded from the integer when someone reads it.

>>> from maumau_rules.cards import parse_cards
>>> m = mask_of(parse_cards("7h 7h Jc"), width=2)
>>> cards_of(m, width=2) == parse_cards("Jc 7h 7h") or cards_of(m, width=2)
True
>>> hand_size(m, 2, low_bits(2)), cards_of(presence(m, 2, low_bits(2)), 2) == parse_cards("Jc 7h")
(3, True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from operator import getitem as _getitem
from typing import Final

from .cards import JOKER, SORT_INDEX, Card

__all__ = ["FRENCH_SPAN", "ORDER", "POSITION", "cards_of", "decoder", "hand_size", "low_bits", "mask_of", "presence",
           "presence_and_size", "span_for", "width_for"]

ORDER: Final[tuple[Card, ...]] = tuple(sorted(SORT_INDEX, key=SORT_INDEX.__getitem__))
"""Every card, in hand order: a card's index here is its position in a hand integer. The French cards and the
Joker come first (positions 0-52), the Spanish cards after them."""
POSITION: Final[dict[Card, int]] = {card: i for i, card in enumerate(ORDER)}
"""Each card's position (index into :data:`ORDER`)."""
FRENCH_SPAN: Final = POSITION[JOKER] + 1
"""Positions of the French cards and the Joker: every French-suited deck fits in this many fields."""
DECODED_HANDS: Final = 4096
"""How many hands of width 1 :func:`cards_of` remembers (the least recently decoded are forgotten first)."""
_BYTE_CARDS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(tuple(ORDER[8 * i + j] for j in range(8) if byte >> j & 1 and 8 * i + j < len(ORDER)) for byte in range(256))
    for i in range((len(ORDER) + 7) // 8))
"""For the ``i``-th byte of a hand integer of width 1 and each value of that byte, its cards in hand order."""


def span_for(cards: Iterable[Card]) -> int:
    """How many positions a hand of ``cards`` needs: :data:`FRENCH_SPAN` for any French deck (so that its hand
    integers are the same whatever other packs exist), up to the last Spanish card's position for a Spanish one.

    >>> from maumau_rules.deck import SKAT_32, SPANISH_40
    >>> span_for(SKAT_32.cards()), span_for(SPANISH_40.cards()) == len(ORDER)
    (53, True)
    """
    return max(FRENCH_SPAN, 1 + max((POSITION[c] for c in cards), default=0))


def width_for(copies: int) -> int:
    """Bits per card needed to count up to ``copies`` copies of one card.

    >>> width_for(1), width_for(2), width_for(3), width_for(4)
    (1, 2, 2, 3)
    """
    return max(1, copies.bit_length())


def low_bits(width: int, span: int = len(ORDER)) -> int:
    """The mask with the lowest bit of every card's field set (one hand's presence positions), for the first
    ``span`` positions (by default every card's).

    >>> low_bits(1) == 2 ** len(ORDER) - 1, bin(low_bits(2))[-6:], low_bits(1, FRENCH_SPAN) == 2 ** 53 - 1
    (True, '010101', True)
    """
    return sum(1 << (width * i) for i in range(span))


def mask_of(cards: Iterable[Card], width: int) -> int:
    """The hand integer holding ``cards``.

    Raises:
        ValueError: a card is held more often than ``width`` bits can count.

    >>> from maumau_rules.cards import parse_cards
    >>> mask_of(parse_cards("7h 7h"), width=1)
    Traceback (most recent call last):
    ...
    ValueError: 7♥ is held 2 times, more than a 1-bit field can count
    """
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    mask = 0
    for card, k in counts.items():
        if k >> width:
            raise ValueError(f"{card} is held {k} times, more than a {width}-bit field can count")
        mask |= k << (width * POSITION[card])
    return mask


def cards_of(mask: int, width: int) -> tuple[Card, ...]:
    """The cards of a hand integer, in hand order, each as often as it is held.

    >>> from maumau_rules.cards import parse_cards
    >>> cards_of(mask_of(parse_cards("Kh 7c"), 1), 1) == parse_cards("7c Kh")
    True
    """
    if width == 1:
        return _single_cards(mask)
    out: list[Card] = []
    field = (1 << width) - 1
    while mask:
        pos = ((mask & -mask).bit_length() - 1) // width
        shift = width * pos
        out += [ORDER[pos]] * ((mask >> shift) & field)
        mask &= ~(field << shift)
    return tuple(out)


def decoder(width: int) -> Callable[[int], tuple[Card, ...]]:
    """:func:`cards_of` for hands of ``width`` bits a card, as a function of the hand integer alone (for width 1,
    the remembered byte-table decoder itself: no call in between, for a loop that decodes every seat's hand).

    >>> from maumau_rules.cards import parse_cards
    >>> decoder(1)(mask_of(parse_cards("Kh 7c"), 1)) == cards_of(mask_of(parse_cards("Kh 7c"), 1), 1)
    True
    >>> decoder(2)(mask_of(parse_cards("7h 7h"), 2)) == parse_cards("7h 7h")
    True
    """
    if width == 1:
        return _single_cards
    return functools.partial(cards_of, width=width)


@functools.lru_cache(maxsize=DECODED_HANDS)
def _single_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a hand integer of width 1, byte by byte, each byte's cards from a table (the calls all run in
    C); the last :data:`DECODED_HANDS` hands decoded are remembered (most seats' hands do not change from one state
    to the next, and one tuple then serves every reader: a view's JSON writer finds it by identity)."""
    if mask < 0 or mask >> len(ORDER):
        raise ValueError(f"hand integer {mask} holds positions outside the {len(ORDER)} cards")
    return sum(map(_getitem, _BYTE_CARDS, mask.to_bytes((mask.bit_length() + 7) >> 3, "little")), ())


def presence(mask: int, width: int, low: int) -> int:
    """The hand integer with one copy of each card that ``mask`` holds at least once.

    >>> from maumau_rules.cards import parse_cards
    >>> presence(mask_of(parse_cards("7h 7h"), 2), 2, low_bits(2)) == mask_of(parse_cards("7h"), 2)
    True
    """
    if width == 1:
        return mask
    if width == 2:
        return (mask | mask >> 1) & low
    out = mask
    for j in range(1, width):
        out |= mask >> j
    return out & low


def presence_and_size(mask: int, width: int, low: int) -> tuple[int, int]:
    """:func:`presence` and :func:`hand_size` of a hand integer, in one step for one or two bits per card.

    >>> from maumau_rules.cards import parse_cards
    >>> m = mask_of(parse_cards("7h 7h 8h"), 2)
    >>> presence_and_size(m, 2, low_bits(2)) == (presence(m, 2, low_bits(2)), 3)
    True
    """
    if width == 1:
        return mask, mask.bit_count()
    if width == 2:
        ones = mask & low
        twos = (mask >> 1) & low
        return ones | twos, ones.bit_count() + 2 * twos.bit_count()
    return presence(mask, width, low), hand_size(mask, width, low)


def hand_size(mask: int, width: int, low: int) -> int:
    """The number of cards in a hand integer.

    >>> from maumau_rules.cards import parse_cards
    >>> hand_size(mask_of(parse_cards("7h 7h 8h"), 2), 2, low_bits(2))
    3
    """
    if width == 1:
        return mask.bit_count()
    if width == 2:
        return (mask & low).bit_count() + ((mask >> 1) & low).bit_count() * 2
    size = 0
    for j in range(width):
        size += ((mask >> j) & low).bit_count() << j
    return size
