"""Deck compositions as data: which ranks and suits, how many Jokers, how many packs.

This module knows nothing about Mau-Mau.

>>> SKAT_32.size, FRENCH_52.size, FRENCH_52.with_jokers(3).size
(32, 52, 55)
>>> DeckSpec.parse("french-52+2j x2").size
108
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

import attrs

from .cards import JOKER, Card, Rank, Suit
from .errors import NotationError, shown

__all__ = ["FRENCH_36", "FRENCH_52", "SKAT_32", "DeckSpec"]

_PIPS_FROM: Final = {32: Rank.SEVEN, 36: Rank.SIX, 52: Rank.TWO}


def _rank_tuple(value: Iterable[Rank]) -> tuple[Rank, ...]:
    try:
        out = tuple(value)
    except Exception:
        raise NotationError(f"invalid deck ranks {shown(value)}: expected a sequence of ranks") from None
    if not all(type(r) is Rank for r in out):
        raise NotationError(f"invalid deck ranks {shown(out)}: expected Rank values")
    return out


def _ranks_from(low: Rank) -> tuple[Rank, ...]:
    return tuple(r for r in Rank if r is not Rank.JOKER and r >= low)


@attrs.frozen
class DeckSpec:
    """A deck composition: ranks × four suits, plus Jokers, times a number of packs.

    >>> d = DeckSpec(ranks=(Rank.SEVEN, Rank.ACE), jokers=1)
    >>> [str(c) for c in d.cards()]
    ['7♣', 'A♣', '7♠', 'A♠', '7♥', 'A♥', '7♦', 'A♦', 'Joker']
    """

    ranks: tuple[Rank, ...] = attrs.field(converter=_rank_tuple)
    """The ranks in each suit (never ``JOKER``)."""
    jokers: int = 0
    """Jokers per pack."""
    packs: int = 1
    """How many identical packs are shuffled together."""

    def __attrs_post_init__(self) -> None:
        if not self.ranks or Rank.JOKER in self.ranks or len(set(self.ranks)) != len(self.ranks):
            raise NotationError(f"invalid deck ranks {[r.symbol for r in self.ranks]}: need distinct non-Joker ranks")
        if type(self.jokers) is not int or type(self.packs) is not int or not 0 <= self.jokers <= 8 \
                or not 1 <= self.packs <= 8:
            raise NotationError(f"invalid deck: jokers={shown(self.jokers)}, packs={shown(self.packs)} (0-8 jokers, 1-8 packs)")

    @property
    def size(self) -> int:
        """The number of cards in the whole deck.

        >>> FRENCH_36.size
        36
        """
        return (len(self.ranks) * 4 + self.jokers) * self.packs

    def cards(self) -> tuple[Card, ...]:
        """All cards in a fixed, documented order (pack by pack; suit, then rank; Jokers last).

        >>> len(SKAT_32.cards()), SKAT_32.cards()[0]
        (32, Card.parse('7♣'))
        """
        one = tuple(Card(r, s) for s in Suit for r in self.ranks) + (JOKER,) * self.jokers
        return one * self.packs

    def contains(self, card: Card) -> bool:
        """Whether the deck holds at least one copy of ``card``.

        >>> SKAT_32.contains(Card.parse("2h")), SKAT_32.contains(Card.parse("7h"))
        (False, True)
        """
        return card.is_joker if card.rank is Rank.JOKER and self.jokers else card.rank in self.ranks

    def with_jokers(self, jokers: int) -> DeckSpec:
        """The same deck with ``jokers`` Jokers per pack.

        >>> SKAT_32.with_jokers(1).size
        33
        """
        return attrs.evolve(self, jokers=jokers)

    def with_packs(self, packs: int) -> DeckSpec:
        """The same deck shuffled together from ``packs`` packs.

        >>> FRENCH_52.with_packs(2).size
        104
        """
        return attrs.evolve(self, packs=packs)

    def __str__(self) -> str:
        size = len(self.ranks) * 4
        standard = size in _PIPS_FROM and self.ranks == _ranks_from(_PIPS_FROM[size])
        base = f"french-{size}" if standard else self._rank_list()
        out = base + (f"+{self.jokers}j" if self.jokers else "")
        return out + (f" x{self.packs}" if self.packs > 1 else "")

    def _rank_list(self) -> str:
        return "ranks:" + "/".join(r.symbol for r in self.ranks)

    @classmethod
    def parse(cls, text: str) -> DeckSpec:
        """Parse ``french-32``, ``french-36``, ``french-52``, ``skat``, with ``+Nj`` Jokers and ``xN`` packs.

        Raises:
            NotationError: not a deck description.

        >>> DeckSpec.parse("skat") == SKAT_32, str(DeckSpec.parse("french-52+3j"))
        (True, 'french-52+3j')
        >>> str(DeckSpec.parse("ranks:2/3/4/5/6/7/8/9")), str(DeckSpec.parse("ranks:7/8/J"))
        ('ranks:2/3/4/5/6/7/8/9', 'ranks:7/8/J')
        """
        m = re.fullmatch(r"\s*(skat|piquet|french-(32|36|52)|ranks:([0-9jqka/]+))\s*(?:\+(\d)j)?\s*(?:x(\d))?\s*",
                         text.lower() if isinstance(text, str) and len(text) <= 100 else "", re.IGNORECASE)
        if m is None:
            raise NotationError(f"unknown deck {shown(text)}: expected e.g. 'french-32', 'french-52+2j x2'")
        if m.group(3):
            ranks: Iterable[Rank] = (Rank.parse(r) for r in m.group(3).split("/"))
        else:
            size = int(m.group(2) or 32)
            ranks = _ranks_from(_PIPS_FROM[size])
        return cls(ranks=tuple(ranks), jokers=int(m.group(4) or 0), packs=int(m.group(5) or 1))


SKAT_32: Final = DeckSpec(ranks=_ranks_from(Rank.SEVEN))
"""The 32-card Skat/Piquet deck: 7 to Ace in four suits (French or German suited)."""
FRENCH_36: Final = DeckSpec(ranks=_ranks_from(Rank.SIX))
"""The 36-card deck: 6 to Ace."""
FRENCH_52: Final = DeckSpec(ranks=_ranks_from(Rank.TWO))
"""The full 52-card French deck."""
