"""Playing cards: suits, ranks and cards, with a notation that round-trips.

This module knows nothing about Mau-Mau: it is shared by every game built on this library.

A card prints as its rank and suit symbol and parses from many spellings:

>>> c = Card.parse("7h")
>>> str(c), repr(c)
('7♥', "Card.parse('7♥')")
>>> Card.parse("7♥") == Card.parse("h7") == Card.parse("Herz 7") == c
True
>>> Card.parse("Eichel Unter")
Card.parse('J♣')
"""

from __future__ import annotations

import contextlib
import enum
import re
import unicodedata
from typing import Final

import attrs

from .errors import NotationError, shown

__all__ = ["JOKER", "Card", "Rank", "Suit", "parse_cards"]


class Suit(enum.Enum):
    """The four French suits; the German-suited pack maps onto them (source 000, STD-DECK-2).

    >>> Suit.HEARTS.symbol, Suit.HEARTS.letter, Suit.SPADES.german
    ('♥', 'h', 'Grün')
    """

    CLUBS = "c"
    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"

    @property
    def letter(self) -> str:
        """The one-letter ASCII code: ``c``, ``s``, ``h`` or ``d``.

        >>> Suit.CLUBS.letter
        'c'
        """
        return self.value

    @property
    def symbol(self) -> str:
        """The suit symbol used in the card notation.

        >>> Suit.DIAMONDS.symbol
        '♦'
        """
        return _SUIT_SYMBOL[self]

    @property
    def english(self) -> str:
        """The English name of the French suit.

        >>> Suit.CLUBS.english
        'clubs'
        """
        return self.name.lower()

    @property
    def german(self) -> str:
        """The German-suited name (Eichel, Grün, Herz, Schellen).

        >>> Suit.DIAMONDS.german
        'Schellen'
        """
        return _SUIT_GERMAN[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit from a letter, symbol, or English, French-suited German or German-suited name.

        Raises:
            NotationError: the text names no suit.

        >>> Suit.parse("♠"), Suit.parse("Pik"), Suit.parse("acorns")
        (<Suit.SPADES: 's'>, <Suit.SPADES: 's'>, <Suit.CLUBS: 'c'>)
        >>> Suit.parse("x")
        Traceback (most recent call last):
        ...
        maumau_rules.errors.NotationError: unknown suit 'x': expected one of c, s, h, d, ♣, ♠, ♥, ♦ or a suit name
        """
        key = _fold(text)
        try:
            return _SUIT_WORDS[key]
        except KeyError:
            raise NotationError(
                f"unknown suit {_quote(text)}: expected one of c, s, h, d, ♣, ♠, ♥, ♦ or a suit name"
            ) from None

    def __str__(self) -> str:
        return self.symbol


class Rank(enum.IntEnum):
    """Card ranks. The integer values are the pip values; they imply no ranking in play.

    >>> Rank.JACK.symbol, Rank.TEN.symbol, Rank.parse("Ober")
    ('J', '10', <Rank.QUEEN: 12>)
    """

    JOKER = 0
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The rank as written in card notation (``2``–``10``, ``J``, ``Q``, ``K``, ``A``, ``Joker``).

        >>> Rank.ACE.symbol
        'A'
        """
        return _RANK_SYMBOL[self]

    @property
    def german(self) -> str:
        """The German-suited name of the rank (Unter, Ober, König, Daus) or its number.

        >>> Rank.JACK.german, Rank.SEVEN.german
        ('Unter', '7')
        """
        return _RANK_GERMAN.get(self, self.symbol)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank from its symbol or name (English, French-suited German, German-suited).

        Raises:
            NotationError: the text names no rank.

        >>> Rank.parse("10"), Rank.parse("t"), Rank.parse("Unter"), Rank.parse("joker")
        (<Rank.TEN: 10>, <Rank.TEN: 10>, <Rank.JACK: 11>, <Rank.JOKER: 0>)
        """
        key = _fold(text)
        try:
            return _RANK_WORDS[key]
        except KeyError:
            raise NotationError(
                f"unknown rank {_quote(text)}: expected 2-10, J, Q, K, A, Joker or a rank name"
            ) from None

    def __str__(self) -> str:
        return self.symbol


@attrs.frozen(repr=False, order=False, eq=False, init=False)
class Card:
    """One playing card: a rank and a suit, or a Joker (rank ``JOKER``, no suit).

    Cards are plain values: two copies of 7♥ from two packs are equal. There is one object per
    distinct card (``Card(rank, suit)``, :meth:`parse` and decks all hand out the same instance),
    so equality and hashing are those of the object, at C speed.

    >>> Card(Rank.SEVEN, Suit.HEARTS) == Card.parse("7h")
    True
    >>> Card(Rank.SEVEN, Suit.HEARTS) is Card.parse("7h")
    True
    >>> str(JOKER), JOKER.suit is None
    ('Joker', True)
    """

    rank: Rank
    """The rank."""
    suit: Suit | None
    """The suit; ``None`` only for a Joker."""

    def __new__(cls, rank: Rank, suit: Suit | None) -> Card:
        """The one :class:`Card` object for ``rank`` and ``suit``.

        Raises:
            NotationError: a Joker with a suit, or another rank without one.
        """
        key = (rank, suit)
        try:
            card = _INTERNED.get(key)
        except Exception:  # an unhashable (or hostile) rank or suit: never a card
            card = None
        if card is not None:
            return card
        if type(rank) is not Rank or (suit is not None and type(suit) is not Suit):
            raise NotationError(f"invalid card {shown(rank)}/{shown(suit)}: a card needs a Rank and a Suit (or None "
                                "for a Joker)")
        if (rank is Rank.JOKER) != (suit is None):
            raise NotationError(
                f"invalid card {rank.name}/{suit}: a Joker has no suit and every other card has one"
            )
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        with contextlib.suppress(TypeError):  # an unhashable field: the card is not interned
            _INTERNED[key] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None]]:
        # pickling and copying give back the interned card
        return Card, (self.rank, self.suit)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        """Whether this card is a Joker.

        >>> JOKER.is_joker, Card.parse("Ah").is_joker
        (True, False)
        """
        return self.rank is Rank.JOKER

    @property
    def sort_key(self) -> tuple[int, int]:
        """A stable total order used to sort hands and legal moves (suit, then rank; Jokers last).

        >>> sorted([Card.parse("Ah"), Card.parse("7c"), JOKER], key=lambda c: c.sort_key)
        [Card.parse('7♣'), Card.parse('A♥'), Card.parse('Joker')]
        """
        return _SORT_KEYS[self]

    @property
    def ascii(self) -> str:
        """The ASCII notation: rank then suit letter (``7h``, ``10s``, ``Joker``).

        >>> Card.parse("10♠").ascii
        '10s'
        """
        if self.suit is None:
            return "Joker"
        return f"{self.rank.symbol}{self.suit.letter}"

    @property
    def german(self) -> str:
        """The German-suited name, e.g. ``Herz Unter``.

        >>> Card.parse("Jh").german, Card.parse("7s").german
        ('Herz Unter', 'Grün 7')
        """
        if self.suit is None:
            return "Joker"
        return f"{self.suit.german} {self.rank.german}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card: ``7♥``, ``7h``, ``h7``, ``H7``, ``10h``, ``Th``, ``Herz 7``, ``Eichel Unter``, ``Joker``.

        Raises:
            NotationError: the text is not a card; the message quotes the text.

        >>> Card.parse("Th"), Card.parse("hearts 10"), Card.parse("♥10")
        (Card.parse('10♥'), Card.parse('10♥'), Card.parse('10♥'))
        >>> Card.parse("Zz")
        Traceback (most recent call last):
        ...
        maumau_rules.errors.NotationError: unknown card 'Zz': expected a rank and a suit such as '7h', '7♥', 'h7' or 'Herz 7'
        """
        if not isinstance(text, str):
            raise NotationError(f"unknown card {shown(text)}: expected a string")
        if len(text) > 40:
            raise NotationError(f"unknown card {_quote(text)}: too long for a card")
        key = _fold(text)
        card = _CARD_WORDS.get(key)
        if card is not None:
            return card
        m = _CARD_RE.fullmatch(key)
        if m is not None:
            parts = [p for p in m.groups() if p]
            for rank_text, suit_text in ((parts[0], parts[1]), (parts[1], parts[0])):
                rank = _RANK_WORDS.get(rank_text)
                suit = _SUIT_WORDS.get(suit_text)
                if rank is not None and suit is not None and rank is not Rank.JOKER:
                    return _CARDS[rank, suit]
        raise NotationError(
            f"unknown card {_quote(text)}: expected a rank and a suit such as '7h', '7♥', 'h7' or 'Herz 7'"
        )

    def __str__(self) -> str:
        if self.suit is None:
            return "Joker"
        return f"{self.rank.symbol}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a list of cards separated by spaces or commas.

    Multi-word card names (``Herz 7``) need commas between cards.

    >>> parse_cards("7h 8s Jc")
    (Card.parse('7♥'), Card.parse('8♠'), Card.parse('J♣'))
    >>> parse_cards("Herz 7, Eichel Unter")
    (Card.parse('7♥'), Card.parse('J♣'))
    >>> parse_cards("")
    ()
    """
    if not isinstance(text, str):
        raise NotationError(f"unknown card list {shown(text)}: expected a string")
    if len(text) > 10_000:
        raise NotationError(f"card list of {len(text)} characters is too long (limit 10000)")
    chunks = [c.strip() for c in text.split(",")] if "," in text else text.split()
    return tuple(Card.parse(c) for c in chunks if c.strip())


def _quote(text: str) -> str:
    shown = text if len(text) <= 40 else text[:37] + "..."
    return repr(shown)


def _fold(text: str) -> str:
    if not isinstance(text, str):
        raise NotationError(f"{shown(text)} is not text: expected a string")
    return unicodedata.normalize("NFC", text).strip().casefold().replace("\ufe0f", "")


_SUIT_SYMBOL: Final = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_GERMAN: Final = {Suit.CLUBS: "Eichel", Suit.SPADES: "Grün", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Schellen"}
_SUIT_WORDS: Final[dict[str, Suit]] = {}
for _suit, _words in {
    Suit.CLUBS: ("c", "♣", "♧", "clubs", "club", "kreuz", "treff", "eichel", "eicheln", "acorns", "acorn"),
    Suit.SPADES: ("s", "♠", "♤", "spades", "spade", "pik", "grün", "grun", "gruen", "laub", "blatt", "leaves"),
    Suit.HEARTS: ("h", "♥", "♡", "hearts", "heart", "herz", "rot", "cœur", "coeur"),
    Suit.DIAMONDS: ("d", "♦", "♢", "diamonds", "diamond", "karo", "schellen", "schelle", "bells", "bell"),
}.items():
    for _w in _words:
        _SUIT_WORDS[_fold(_w)] = _suit

_RANK_SYMBOL: Final = {r: str(r.value) for r in Rank if 2 <= r.value <= 10} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "Joker",
}
_RANK_GERMAN: Final = {Rank.JACK: "Unter", Rank.QUEEN: "Ober", Rank.KING: "König", Rank.ACE: "Daus"}
_RANK_WORDS: Final[dict[str, Rank]] = {}
for _rank in Rank:
    _RANK_WORDS[_fold(_RANK_SYMBOL[_rank])] = _rank
for _rank, _words in {
    Rank.TEN: ("t", "ten", "zehn"),
    Rank.JACK: ("jack", "bube", "unter", "u", "b", "knave"),
    Rank.QUEEN: ("queen", "dame", "ober", "o", "d"),
    Rank.KING: ("king", "könig", "konig", "koenig", "k"),
    Rank.ACE: ("ace", "ass", "as", "daus", "sau"),
    Rank.JOKER: ("joker", "jk", "jo", "🃏", "*"),
    Rank.SEVEN: ("seven", "sieben"),
    Rank.EIGHT: ("eight", "acht"),
    Rank.NINE: ("nine", "neun"),
    Rank.SIX: ("six", "sechs"),
    Rank.TWO: ("two", "zwei"),
}.items():
    for _w in _words:
        _RANK_WORDS.setdefault(_fold(_w), _rank)

_INTERNED: Final[dict[tuple[Rank, Suit | None], Card]] = {}
"""Every card made so far, by (rank, suit): :class:`Card` hands out these instances."""

_CARDS: Final[dict[tuple[Rank, Suit], Card]] = {
    (r, s): Card(r, s) for r in Rank if r is not Rank.JOKER for s in Suit
}
JOKER: Final = Card(Rank.JOKER, None)
"""The Joker (all Jokers are equal)."""

_SUIT_ORDER: Final = {Suit.CLUBS: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.DIAMONDS: 3}
_SORT_KEYS: Final[dict[Card, tuple[int, int]]] = {c: (_SUIT_ORDER[s], int(r)) for (r, s), c in _CARDS.items()}
_SORT_KEYS[JOKER] = (9, 0)
SORT_INDEX: Final[dict[Card, int]] = {c: 100 * a + b for c, (a, b) in _SORT_KEYS.items()}
"""``sort_key`` as one integer per card, in the same order (for ``sorted(..., key=SORT_INDEX.__getitem__)``)."""

_CARD_WORDS: Final[dict[str, Card]] = {_fold(w): JOKER for w in ("joker", "jk", "jo", "🃏", "*", "jkr")}
for _c in _CARDS.values():
    _CARD_WORDS[_fold(str(_c))] = _c
    _CARD_WORDS[_fold(_c.ascii)] = _c

_CARD_RE: Final = re.compile(r"([^\s\d]+|\d+)\s*(?:of\s+)?([^\s\d]+|\d+)")
