"""Pure transitions on the stock and the discard pile, with contracts.

Cards leave the stock here. The function states its conditions as PEP 316 contracts
(``pre:`` / ``post:``), which ``nox -s contracts`` checks with CrossHair, and which the
Hypothesis tests check on every move of random games. Hands are integers
(:mod:`maumau_rules.handmask`); the contract on a play and a draw done that way is
:func:`maumau_rules.testing.contracts.play_then_draw`.

>>> from maumau_rules.cards import parse_cards
>>> got, stock, discard, r = draw_cards(parse_cards("7h 8h"), parse_cards("9h"), 1, 0, True)
>>> got, stock
((Card.parse('8♥'),), (Card.parse('7♥'),))
"""

from __future__ import annotations

from collections import Counter

from . import rng as _rng
from .cards import Card

__all__ = ["draw_cards"]


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


_ = Counter  # used by the contracts above
