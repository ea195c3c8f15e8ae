"""Deck compositions as data: which ranks and suits, how many Jokers, how many packs.

This module knows nothing about Mau-Mau: the French decks and the Spanish 40-card deck of Malilla are the same
kind of value.

>>> SKAT_32.size, FRENCH_52.size, FRENCH_52.with_jokers(3).size, SPANISH_40.size
(32, 52, 55, 40)
>>> DeckSpec.parse("french-52+2j x2").size, DeckSpec.parse("spanish-40") == SPANISH_40
(108, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Final

import attrs

from .cards import FRENCH_RANKS, FRENCH_SUITS, JOKER, SPANISH_RANKS, SPANISH_SUITS, Card, Rank, Suit
from .errors import NotationError, shown
from .i18n import gettext as _

__all__ = ["FRENCH_36", "FRENCH_52", "SKAT_32", "SPANISH_40", "DeckSpec", "distinct_shuffles"]

_PIPS_FROM: Final = {32: Rank.SEVEN, 36: Rank.SIX, 52: Rank.TWO}


def _rank_tuple(value: Iterable[Rank]) -> tuple[Rank, ...]:
    try:
        out = tuple(value)
    except Exception:
        raise NotationError(_("invalid deck ranks {ranks}: expected a sequence of ranks").format(
            ranks=shown(value))) from None
    if not all(type(r) is Rank for r in out):
        raise NotationError(_("invalid deck ranks {ranks}: expected Rank values").format(ranks=shown(out)))
    return out


def _suit_tuple(value: Iterable[Suit]) -> tuple[Suit, ...]:
    return tuple(value)


def _ranks_from(low: Rank) -> tuple[Rank, ...]:
    return tuple(r for r in FRENCH_RANKS if r >= low)


@attrs.frozen
class DeckSpec:
    """A deck composition: ranks × the four suits of one pack (French or Spanish), plus Jokers, times a number of
    packs.

    >>> d = DeckSpec(ranks=(Rank.SEVEN, Rank.ACE), jokers=1)
    >>> [str(c) for c in d.cards()]
    ['7♣', 'A♣', '7♠', 'A♠', '7♥', 'A♥', '7♦', 'A♦', 'Joker']
    >>> [str(c) for c in DeckSpec(ranks=(Rank.SEVEN, Rank.REY), suits=SPANISH_SUITS).cards()][:4]
    ['7or', 'Ror', '7co', 'Rco']
    """

    ranks: tuple[Rank, ...] = attrs.field(converter=_rank_tuple)
    """The ranks in each suit (never ``JOKER``)."""
    jokers: int = 0
    """Jokers per pack."""
    packs: int = 1
    """How many identical packs are shuffled together."""
    suits: tuple[Suit, ...] = attrs.field(default=FRENCH_SUITS, converter=_suit_tuple)
    """The suits: :data:`~maumau_rules.cards.FRENCH_SUITS` (the default) or
    :data:`~maumau_rules.cards.SPANISH_SUITS`."""

    def __attrs_post_init__(self) -> None:
        if not self.ranks or Rank.JOKER in self.ranks or len(set(self.ranks)) != len(self.ranks):
            raise NotationError(_("invalid deck ranks {ranks}: need distinct non-Joker ranks").format(
                ranks=[getattr(r, "symbol", r) for r in self.ranks]))
        if self.suits not in (FRENCH_SUITS, SPANISH_SUITS):
            raise NotationError(_("invalid deck suits {suits}: the four French suits or the four Spanish suits").format(
                suits=[getattr(s, "symbol", s) for s in self.suits]))
        allowed = SPANISH_RANKS if self.suits == SPANISH_SUITS else FRENCH_RANKS
        bad = [getattr(r, "symbol", str(r)) for r in self.ranks if r not in allowed]
        if bad:
            why = (_("invalid deck ranks {ranks}: not ranks of the Spanish pack") if self.suits == SPANISH_SUITS
                   else _("invalid deck ranks {ranks}: not ranks of the French pack"))
            raise NotationError(why.format(ranks=bad))
        if type(self.jokers) is not int or type(self.packs) is not int or not 0 <= self.jokers <= 8 \
                or not 1 <= self.packs <= 8:
            raise NotationError(_("invalid deck: jokers={jokers}, packs={packs} (0-8 jokers, 1-8 packs)").format(
                jokers=shown(self.jokers), packs=shown(self.packs)))

    @property
    def size(self) -> int:
        """The number of cards in the whole deck.

        >>> FRENCH_36.size
        36
        """
        return (len(self.ranks) * len(self.suits) + self.jokers) * self.packs

    @property
    def is_spanish(self) -> bool:
        """Whether this is a Spanish-suited deck.

        >>> SPANISH_40.is_spanish, SKAT_32.is_spanish
        (True, False)
        """
        return self.suits == SPANISH_SUITS

    def cards(self) -> tuple[Card, ...]:
        """All cards in a fixed, documented order (pack by pack; suit, then rank; Jokers last).

        >>> len(SKAT_32.cards()), SKAT_32.cards()[0], SPANISH_40.cards()[-1]
        (32, Card.parse('7♣'), Card.parse('Rba'))
        """
        one = tuple(Card(r, s) for s in self.suits for r in self.ranks) + (JOKER,) * self.jokers
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
        if self.suits == SPANISH_SUITS:
            base = "spanish-40" if self.ranks == SPANISH_RANKS else "spanish:" + "/".join(
                "1" if r is Rank.ACE else r.symbol for r in self.ranks)
        else:
            size = len(self.ranks) * 4
            standard = size in _PIPS_FROM and self.ranks == _ranks_from(_PIPS_FROM[size])
            base = f"french-{size}" if standard else self._rank_list()
        out = base + (f"+{self.jokers}j" if self.jokers else "")
        return out + (f" x{self.packs}" if self.packs > 1 else "")

    def _rank_list(self) -> str:
        return "ranks:" + "/".join(r.symbol for r in self.ranks)

    @classmethod
    def parse(cls, text: str) -> DeckSpec:
        """Parse ``french-32``, ``french-36``, ``french-52``, ``skat``, ``ranks:7/8/J``, the Spanish ``spanish-40`` and
        ``spanish:1/7/R`` (some Spanish ranks in the four Spanish suits), with ``+Nj`` Jokers and ``xN`` packs.

        Raises:
            NotationError: not a deck description.

        >>> DeckSpec.parse("skat") == SKAT_32, str(DeckSpec.parse("french-52+3j"))
        (True, 'french-52+3j')
        >>> str(DeckSpec.parse("ranks:2/3/4/5/6/7/8/9")), str(DeckSpec.parse("ranks:7/8/J"))
        ('ranks:2/3/4/5/6/7/8/9', 'ranks:7/8/J')
        >>> str(DeckSpec.parse("Spanish-40")), str(DeckSpec.parse("spanish:1/7/R")), DeckSpec.parse("spanish:7/R").size
        ('spanish-40', 'spanish:1/7/R', 8)
        """
        m = re.fullmatch(r"\s*(skat|piquet|french-(32|36|52)|ranks:([0-9jqka/]+)|spanish-40|spanish:([0-9scr/]+))"
                         r"\s*(?:\+(\d)j)?\s*(?:x(\d))?\s*",
                         text.lower() if isinstance(text, str) and len(text) <= 100 else "", re.IGNORECASE)
        if m is None:
            raise NotationError(_("unknown deck {deck}: expected e.g. {examples}").format(
                deck=shown(text), examples="'french-32', 'french-52+2j x2', 'spanish-40'"))
        suits = FRENCH_SUITS
        if m.group(3):
            ranks: Iterable[Rank] = (Rank.parse(r) for r in m.group(3).split("/"))
        elif m.group(1) == "spanish-40":
            ranks, suits = SPANISH_RANKS, SPANISH_SUITS
        elif m.group(4):
            ranks, suits = tuple(Rank.parse(r) for r in m.group(4).split("/")), SPANISH_SUITS
        else:
            size = int(m.group(2) or 32)
            ranks = _ranks_from(_PIPS_FROM[size])
        return cls(ranks=tuple(ranks), jokers=int(m.group(5) or 0), packs=int(m.group(6) or 1), suits=suits)


SKAT_32: Final = DeckSpec(ranks=_ranks_from(Rank.SEVEN))
"""The 32-card Skat/Piquet deck: 7 to Ace in four suits (French or German suited)."""
FRENCH_36: Final = DeckSpec(ranks=_ranks_from(Rank.SIX))
"""The 36-card deck: 6 to Ace."""
FRENCH_52: Final = DeckSpec(ranks=_ranks_from(Rank.TWO))
"""The full 52-card French deck."""
SPANISH_40: Final = DeckSpec(ranks=SPANISH_RANKS, suits=SPANISH_SUITS)
"""The 40-card Spanish deck: 1 (the Ace) to 7, Sota, Caballo and Rey in oros, copas, espadas and bastos (Malilla,
MAL-DECK-1)."""


def distinct_shuffles(cards: Sequence[Card], count: int, seed: int, key: Callable[[list[Card]], Hashable],
                      keep: Callable[[list[Card]], bool] | None = None) -> Iterator[list[Card]]:
    """Up to ``count`` shuffles of ``cards`` (from ``random.Random(seed)``) that ``keep`` accepts, no two with the
    same ``key`` (what makes two deals the same deal); it gives up after ``100 * count + 100`` shuffles, since a small
    deck has fewer distinct deals than asked for (the tiny-deck explorers sample their deals with it).

    >>> from maumau_rules.cards import parse_cards
    >>> decks = list(distinct_shuffles(parse_cards("7h 8h 9h"), 10, seed=1, key=tuple))
    >>> len(decks), len({tuple(d) for d in decks})  # three cards have six orders
    (6, 6)
    >>> sorted(str(d[0]) for d in distinct_shuffles(parse_cards("7h 8h 9h"), 5, seed=1, key=lambda d: d[0],
    ...                                             keep=lambda d: str(d[0]) != "7♥"))  # 7♥ first: refused
    ['8♥', '9♥']
    """
    rnd = random.Random(seed)
    seen: set[Hashable] = set()
    tries = 0
    while len(seen) < count and tries < 100 * count + 100:
        tries += 1
        deck = list(cards)
        rnd.shuffle(deck)
        k = key(deck)
        if k not in seen and (keep is None or keep(deck)):
            seen.add(k)
            yield deck
