"""Playing cards: suits, ranks and cards, with a notation that round-trips.

This module knows nothing about Mau-Mau: it is shared by every game built on this library. It holds two
packs: the French-suited pack (♣ ♠ ♥ ♦, 2 to Ace, and the Joker), onto which the German-suited pack maps,
and the Spanish pack (oros, copas, espadas, bastos; 1 to 7, Sota, Caballo, Rey) of Malilla.

A card prints as its rank and suit symbol and parses from many spellings:

>>> c = Card.parse("7h")
>>> str(c), repr(c)
('7♥', "Card.parse('7♥')")
>>> Card.parse("7♥") == Card.parse("h7") == Card.parse("Herz 7") == c
True
>>> Card.parse("Eichel Unter")
Card.parse('J♣')

Spanish cards print as their Spanish index (``1``-``7``, ``S`` Sota, ``C`` Caballo, ``R`` Rey) and a two-letter
suit code (``or``, ``co``, ``es``, ``ba``): no one-letter code is free of clashes with the French notation
(``c`` is clubs; ``o`` and ``b`` are already words for the Ober and the Bube).

>>> Card.parse("7 de copas"), Card.parse("Rey de oros"), Card.parse("1es"), Card.parse("as de bastos")
(Card.parse('7co'), Card.parse('Ror'), Card.parse('1es'), Card.parse('1ba'))
"""

from __future__ import annotations

import contextlib
import enum
import re
import unicodedata
from typing import Final

import attrs

from .errors import NotationError, shown

__all__ = ["ALL_CARDS", "FRENCH_RANKS", "FRENCH_SUITS", "JOKER", "SPANISH_RANKS", "SPANISH_SUITS", "Card", "Rank",
           "Suit", "parse_cards"]


class Suit(enum.Enum):
    """The suits of both packs: the four French suits, onto which the German-suited pack maps (source 000,
    STD-DECK-2), and the four Spanish suits of the 40-card pack (source 002, MAL-DECK-1).

    The Spanish suits come after the French ones, so iterating over ``Suit`` meets the French suits first;
    code that means the French suits only (the suits a Mau-Mau wild card can wish) uses :data:`FRENCH_SUITS`.

    >>> Suit.HEARTS.symbol, Suit.HEARTS.letter, Suit.SPADES.german
    ('♥', 'h', 'Grün')
    >>> Suit.COPAS.symbol, Suit.COPAS.english, Suit.COPAS.is_spanish
    ('co', 'copas', True)
    """

    CLUBS = "c"
    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    OROS = "or"
    COPAS = "co"
    ESPADAS = "es"
    BASTOS = "ba"

    @property
    def letter(self) -> str:
        """The ASCII code: ``c``, ``s``, ``h`` or ``d`` for the French suits, ``or``, ``co``, ``es`` or ``ba`` for the
        Spanish ones.

        >>> Suit.CLUBS.letter, Suit.BASTOS.letter
        ('c', 'ba')
        """
        return self.value

    @property
    def symbol(self) -> str:
        """The suit symbol used in the card notation (the Spanish suits have no symbol of their own: their
        two-letter code).

        >>> Suit.DIAMONDS.symbol, Suit.OROS.symbol
        ('♦', 'or')
        """
        return _SUIT_SYMBOL[self]

    @property
    def english(self) -> str:
        """The English name of the French suit; a Spanish suit goes by its Spanish name in English too.

        >>> Suit.CLUBS.english, Suit.ESPADAS.english
        ('clubs', 'espadas')
        """
        return self.name.lower()

    @property
    def german(self) -> str:
        """The German-suited name (Eichel, Grün, Herz, Schellen); a Spanish suit has none and gives its Spanish name.

        >>> Suit.DIAMONDS.german, Suit.OROS.german
        ('Schellen', 'oros')
        """
        return _SUIT_GERMAN.get(self, self.english)

    @property
    def is_spanish(self) -> bool:
        """Whether this is a suit of the Spanish pack.

        >>> Suit.OROS.is_spanish, Suit.HEARTS.is_spanish
        (True, False)
        """
        return self in _SPANISH_SUIT_SET

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit from a letter, symbol, or English, French-suited German or German-suited name.

        Raises:
            NotationError: the text names no suit.

        >>> Suit.parse("♠"), Suit.parse("Pik"), Suit.parse("acorns"), Suit.parse("Copas")
        (<Suit.SPADES: 's'>, <Suit.SPADES: 's'>, <Suit.CLUBS: 'c'>, <Suit.COPAS: 'co'>)
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

    The Spanish pack shares the ranks it has in common with the French one: its 1 is the Ace (``ACE``; a
    Spanish card prints it as ``1``) and its 2 to 7 are ``TWO`` to ``SEVEN``. Its three court cards are ranks of
    their own, ``SOTA``, ``CABALLO`` and ``REY``, not the Jack, Queen and King: the Caballo (a knight) is no
    Queen, a Mau-Mau rule that names Jacks must not pick up Sotas, and Malilla's parameters can name them
    unambiguously (``"R"`` for the Rey). Their values (20-22) come after every French rank, so the French
    ranks keep their values and their order.

    >>> Rank.JACK.symbol, Rank.TEN.symbol, Rank.parse("Ober"), Rank.parse("Caballo"), Rank.parse("1")
    ('J', '10', <Rank.QUEEN: 12>, <Rank.CABALLO: 21>, <Rank.ACE: 14>)
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
    SOTA = 20
    CABALLO = 21
    REY = 22

    @property
    def symbol(self) -> str:
        """The rank as written in card notation (``2``–``10``, ``J``, ``Q``, ``K``, ``A``, ``Joker``; ``S``, ``C``,
        ``R`` for the Spanish court cards; a Spanish Ace prints as ``1`` in a card's notation).

        >>> Rank.ACE.symbol, Rank.REY.symbol
        ('A', 'R')
        """
        return _RANK_SYMBOL[self]

    @property
    def german(self) -> str:
        """The German-suited name of the rank (Unter, Ober, König, Daus) or its number (or symbol).

        >>> Rank.JACK.german, Rank.SEVEN.german
        ('Unter', '7')
        """
        return _RANK_GERMAN.get(self, self.symbol)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank from its symbol or name (English, French-suited German, German-suited, Spanish).

        Raises:
            NotationError: the text names no rank.

        >>> Rank.parse("10"), Rank.parse("t"), Rank.parse("Unter"), Rank.parse("joker"), Rank.parse("sota")
        (<Rank.TEN: 10>, <Rank.TEN: 10>, <Rank.JACK: 11>, <Rank.JOKER: 0>, <Rank.SOTA: 20>)
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
    so equality and hashing are those of the object, at C speed. A French rank goes with a French suit
    and a Spanish rank (1-7, Sota, Caballo, Rey) with a Spanish suit: there is no Sota of hearts.

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
            NotationError: a Joker with a suit, another rank without one, or a rank and a suit of different packs.
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
        if suit is not None and rank not in (SPANISH_RANKS if suit in _SPANISH_SUIT_SET else FRENCH_RANKS):
            pack = "Spanish" if suit in _SPANISH_SUIT_SET else "French"
            raise NotationError(f"invalid card {getattr(rank, 'name', rank)}/{getattr(suit, 'name', suit)}: "
                                f"the {pack} pack has no such rank in that suit")
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
        """A stable total order used to sort hands and legal moves (suit, then rank; Jokers after every French
        card; every Spanish card after the Joker, in the Spanish order 1-7, Sota, Caballo, Rey).

        >>> sorted([Card.parse("Ah"), Card.parse("7c"), JOKER, Card.parse("1or")], key=lambda c: c.sort_key)
        [Card.parse('7♣'), Card.parse('A♥'), Card.parse('Joker'), Card.parse('1or')]
        """
        return _SORT_KEYS[self]

    @property
    def is_spanish(self) -> bool:
        """Whether this is a card of the Spanish pack.

        >>> Card.parse("Sco").is_spanish, Card.parse("7h").is_spanish, JOKER.is_spanish
        (True, False, False)
        """
        return self.suit in _SPANISH_SUIT_SET

    @property
    def ascii(self) -> str:
        """The ASCII notation: rank then suit letter (``7h``, ``10s``, ``Joker``; ``7co``, ``Ror`` for Spanish cards).

        >>> Card.parse("10♠").ascii, Card.parse("rey de oros").ascii
        ('10s', 'Ror')
        """
        if self.suit is None:
            return "Joker"
        if self.suit in _SPANISH_SUIT_SET:
            return _TEXT[self]
        return f"{self.rank.symbol}{self.suit.letter}"

    @property
    def german(self) -> str:
        """The German-suited name, e.g. ``Herz Unter`` (a Spanish card has none: its notation).

        >>> Card.parse("Jh").german, Card.parse("7s").german, Card.parse("7co").german
        ('Herz Unter', 'Grün 7', '7co')
        """
        if self.suit is None:
            return "Joker"
        if self.suit in _SPANISH_SUIT_SET:
            return _TEXT[self]
        return f"{self.suit.german} {self.rank.german}"

    @property
    def name(self) -> str:
        """The card's name in words: ``7 of hearts``, ``Joker``; Spanish cards in Spanish (``Rey de oros``).

        >>> Card.parse("Qs").name, Card.parse("1co").name, Card.parse("Sba").name
        ('Q of spades', 'As de copas', 'Sota de bastos')
        """
        if self.suit is None:
            return "Joker"
        if self.suit in _SPANISH_SUIT_SET:
            return f"{_SPANISH_RANK_NAME[self.rank]} de {self.suit.english}"
        return f"{self.rank.symbol} of {self.suit.english}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card: ``7♥``, ``7h``, ``h7``, ``H7``, ``10h``, ``Th``, ``Herz 7``, ``Eichel Unter``, ``Joker``; Spanish
        cards as ``7co``, ``Ror``, ``1es``, ``7 de copas``, ``Rey de oros``, ``caballo bastos``.

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
            found = _pair(parts[0], parts[1])
            if found is not None:
                return found
        if key.isalnum() and not key.isdigit():  # a compact Spanish spelling such as 'reycopas' or 'sotaoros'
            for i in range(1, len(key)):
                found = _pair(key[:i], key[i:])
                if found is not None:
                    return found
        raise NotationError(
            f"unknown card {_quote(text)}: expected a rank and a suit such as '7h', '7♥', 'h7' or 'Herz 7'"
        )

    def __str__(self) -> str:
        if self.suit is None:
            return "Joker"
        if self.suit in _SPANISH_SUIT_SET:
            return _TEXT[self]
        return f"{self.rank.symbol}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The card as an SVG picture (Jupyter shows it; :func:`maumau_rules.svg.card_svg`).

        >>> 'aria-label="7 of hearts"' in Card.parse("7h")._repr_svg_()
        True
        """
        from .svg import card_svg

        return card_svg(self)


def _pair(a: str, b: str) -> Card | None:
    """The card named by two words, rank and suit in either order (``None``: they name no card)."""
    for rank_text, suit_text in ((a, b), (b, a)):
        rank = _RANK_WORDS.get(rank_text)
        suit = _SUIT_WORDS.get(suit_text)
        if rank is not None and suit is not None and rank is not Rank.JOKER:
            card = _CARDS.get((rank, suit))
            if card is not None:
                return card
    return None


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


FRENCH_SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
"""The four French suits, in notation order (the suits a Mau-Mau wild card can wish)."""
SPANISH_SUITS: Final[tuple[Suit, ...]] = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)
"""The four Spanish suits, in their customary order."""
_SPANISH_SUIT_SET: Final = frozenset(SPANISH_SUITS)
FRENCH_RANKS: Final[tuple[Rank, ...]] = tuple(r for r in Rank if Rank.TWO <= r <= Rank.ACE)
"""The ranks of the French pack, 2 to Ace (the Joker is apart)."""
SPANISH_RANKS: Final[tuple[Rank, ...]] = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
                                          Rank.SOTA, Rank.CABALLO, Rank.REY)
"""The ranks of the Spanish 40-card pack in their customary order: 1 (the Ace) to 7, Sota, Caballo, Rey."""

_SUIT_SYMBOL: Final = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦",
                       **{s: s.value for s in SPANISH_SUITS}}
_SUIT_GERMAN: Final = {Suit.CLUBS: "Eichel", Suit.SPADES: "Grün", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Schellen"}
_SUIT_WORDS: Final[dict[str, Suit]] = {}
for _suit, _words in {
    Suit.CLUBS: ("c", "♣", "♧", "clubs", "club", "kreuz", "treff", "eichel", "eicheln", "acorns", "acorn",
                 # the suit names of the glossary (spec/glossary.toml): Serbian, Turkish, Greek, Arabic, Czech
                 # (French and German suited), Dutch
                 "tref", "sinek", "σπαθί", "σπαθι", "سباتي", "السباتي", "kříže", "kříž", "krize", "kriz", "žaludy",
                 "žalud", "zaludy", "zalud", "klaveren", "klaver"),
    Suit.SPADES: ("s", "♠", "♤", "spades", "spade", "pik", "grün", "grun", "gruen", "laub", "blatt", "leaves",
                  "maça", "maca", "μπαστούνι", "μπαστουνι", "بستوني", "البستوني", "piky", "listy", "list", "schoppen",
                  "schop"),
    Suit.HEARTS: ("h", "♥", "♡", "hearts", "heart", "herz", "rot", "cœur", "coeur",
                  "herc", "kupa", "κούπα", "κουπα", "كبة", "الكبة", "srdce", "harten", "hart"),
    Suit.DIAMONDS: ("d", "♦", "♢", "diamonds", "diamond", "karo", "schellen", "schelle", "bells", "bell",
                    "καρό", "καρο", "ديناري", "الديناري", "káry", "kára", "kary", "kara", "kule", "ruiten", "ruit"),
    Suit.OROS: ("or", "oros", "oro", "coins"),
    Suit.COPAS: ("co", "copas", "copa", "cups"),
    Suit.ESPADAS: ("es", "espadas", "espada", "swords"),
    Suit.BASTOS: ("ba", "bastos", "basto", "batons"),
}.items():
    for _w in _words:
        _SUIT_WORDS[_fold(_w)] = _suit

_RANK_SYMBOL: Final = {r: str(r.value) for r in Rank if 2 <= r.value <= 10} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "Joker",
    Rank.SOTA: "S",
    Rank.CABALLO: "C",
    Rank.REY: "R",
}
_RANK_GERMAN: Final = {Rank.JACK: "Unter", Rank.QUEEN: "Ober", Rank.KING: "König", Rank.ACE: "Daus"}
_RANK_WORDS: Final[dict[str, Rank]] = {}
for _rank in Rank:
    _RANK_WORDS[_fold(_RANK_SYMBOL[_rank])] = _rank
for _rank, _words in {
    Rank.TEN: ("t", "ten", "zehn"),
    Rank.JACK: ("jack", "bube", "unter", "u", "b", "knave", "žandar", "zandar", "vale", "βαλές", "βαλες", "ولد",
                "spodek", "kluk", "boer"),
    Rank.QUEEN: ("queen", "dame", "ober", "o", "d", "dama", "kız", "kiz", "ντάμα", "νταμα", "بنت", "svršek",
                 "svrsek", "dáma", "vrouw"),
    Rank.KING: ("king", "könig", "konig", "koenig", "k", "kralj", "papaz", "ρήγας", "ρηγας", "ملك", "král",
                "kral", "heer"),
    Rank.ACE: ("ace", "ass", "as", "daus", "sau", "1", "uno", "kec", "άσσος", "ασσος", "آس", "eso",
               "aas"),
    Rank.JOKER: ("joker", "jk", "jo", "🃏", "*"),
    Rank.SEVEN: ("seven", "sieben"),
    Rank.EIGHT: ("eight", "acht"),
    Rank.NINE: ("nine", "neun"),
    Rank.SIX: ("six", "sechs"),
    Rank.TWO: ("two", "zwei"),
    Rank.SOTA: ("sota",),
    Rank.CABALLO: ("caballo", "caballero", "knight"),
    Rank.REY: ("rey",),
}.items():
    for _w in _words:
        _RANK_WORDS.setdefault(_fold(_w), _rank)

_INTERNED: Final[dict[tuple[Rank, Suit | None], Card]] = {}
"""Every card made so far, by (rank, suit): :class:`Card` hands out these instances."""

_CARDS: Final[dict[tuple[Rank, Suit], Card]] = {
    **{(r, s): Card(r, s) for r in FRENCH_RANKS for s in FRENCH_SUITS},
    **{(r, s): Card(r, s) for r in SPANISH_RANKS for s in SPANISH_SUITS},
}
JOKER: Final = Card(Rank.JOKER, None)
"""The Joker (all Jokers are equal)."""

_SPANISH_RANK_NAME: Final = {Rank.ACE: "As", **{r: str(r.value) for r in SPANISH_RANKS[1:7]}, Rank.SOTA: "Sota",
                             Rank.CABALLO: "Caballo", Rank.REY: "Rey"}
_TEXT: Final[dict[Card, str]] = {c: ("1" if r is Rank.ACE else r.symbol) + s.value
                                 for (r, s), c in _CARDS.items() if s in _SPANISH_SUIT_SET}
"""The notation of every Spanish card (``1or`` ... ``Rba``)."""

_SUIT_ORDER: Final = {Suit.CLUBS: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.DIAMONDS: 3,
                      Suit.OROS: 10, Suit.COPAS: 11, Suit.ESPADAS: 12, Suit.BASTOS: 13}
_SORT_KEYS: Final[dict[Card, tuple[int, int]]] = {
    c: (_SUIT_ORDER[s], 1 + SPANISH_RANKS.index(r) if s in _SPANISH_SUIT_SET else int(r))
    for (r, s), c in _CARDS.items()}
_SORT_KEYS[JOKER] = (9, 0)
SORT_INDEX: Final[dict[Card, int]] = {c: 100 * a + b for c, (a, b) in _SORT_KEYS.items()}
"""``sort_key`` as one integer per card, in the same order (for ``sorted(..., key=SORT_INDEX.__getitem__)``).
Every Spanish card comes after every French card and the Joker."""
ALL_CARDS: Final[tuple[Card, ...]] = tuple(sorted(SORT_INDEX, key=SORT_INDEX.__getitem__))
"""Every distinct card of both packs, the Joker included, in hand order."""

_CARD_WORDS: Final[dict[str, Card]] = {_fold(w): JOKER for w in ("joker", "jk", "jo", "🃏", "*", "jkr")}
for _c in _CARDS.values():
    _CARD_WORDS[_fold(str(_c))] = _c
    _CARD_WORDS[_fold(_c.ascii)] = _c

_CARD_RE: Final = re.compile(r"([^\s\d]+|\d+)\s*(?:(?:of|de)\s+)?([^\s\d]+|\d+)")
