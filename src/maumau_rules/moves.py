"""Moves: a closed union of frozen values with a text notation that round-trips.

================  =====================================================
Notation          Move
================  =====================================================
``7h``            play 7♥
``Jc>h``          play J♣ and wish hearts
``9d mau``        play 9♦ and announce the last-card call ("Mau", "Zadnja", "Puque" ...)
``Jc>h maumau``   play J♣, wish hearts, and announce "Mau-Mau"
``draw``          draw a card (or take the pending penalty)
``pass``          end the turn (after drawing, to accept a skip, or to stop a series)
``callout 2``     call out seat 2, who forgot to announce
``redeal``        ask for a new deal, or agree to one (Malilla)
================  =====================================================

>>> parse_move("Jc>h maumau")
Play(card=Card.parse('J♣'), wish=<Suit.HEARTS: 'h'>, call=<Call.MAU_MAU: 'maumau'>)
>>> str(parse_move("J♣ > ♥"))
'J♣>♥'
>>> all(parse_move(str(m)) == m for m in (Draw(), Pass(), CallOut(2), Play.parse("7h mau"), Redeal()))
True
"""

from __future__ import annotations

import enum
import functools
from typing import Final, TypeAlias

import attrs

from .cards import Card, Suit, _fold, _quote
from .errors import NotationError, shown

__all__ = ["MAUMAU_MOVE_TYPES", "MOVE_TYPES", "Call", "CallOut", "Draw", "Move", "Pass", "Play", "Redeal", "not_a_move",
           "parse_move"]

MAX_MOVE_TEXT: Final = 64
"""Longest move text accepted by the parser."""


class Call(enum.Enum):
    """An announcement made while playing a card.

    ``MAU`` is the last-card call, whatever the variant calls it ("Mau", "Zadnja", "Puque",
    "Laatste kaart"); ``MAU_MAU`` is the call for a Jack finish ("Mau-Mau").

    >>> Call.parse("Zadnja"), Call.parse("mau-mau")
    (<Call.MAU: 'mau'>, <Call.MAU_MAU: 'maumau'>)
    """

    MAU = "mau"
    MAU_MAU = "maumau"

    @classmethod
    def parse(cls, text: str) -> Call:
        """Parse a call from its notation or one of its words in the sources.

        Raises:
            NotationError: not a known call.

        >>> Call.parse("laatste kaart")
        <Call.MAU: 'mau'>
        """
        try:
            return _CALL_WORDS[_fold(text).replace(" ", "").replace("-", "").replace("!", "")]
        except KeyError:
            raise NotationError(f"unknown call {_quote(text)}: expected 'mau' or 'maumau'") from None


_CALL_WORDS: Final = {
    "mau": Call.MAU,
    "zadnja": Call.MAU,
    "puque": Call.MAU,
    "laatstekaart": Call.MAU,
    "last": Call.MAU,
    "lastcard": Call.MAU,
    "tschau": Call.MAU,
    "maumau": Call.MAU_MAU,
    "sepp": Call.MAU_MAU,
    "tschausepp": Call.MAU_MAU,
}


def _check_card(inst: object, attribute: attrs.Attribute[Card], value: object) -> None:
    if not isinstance(value, Card):
        raise NotationError(f"invalid play: card {shown(value)} is not a Card (parse text with Card.parse or parse_move)")


def _check_wish(inst: object, attribute: attrs.Attribute[Suit | None], value: object) -> None:
    if value is not None and not isinstance(value, Suit):
        raise NotationError(f"invalid play: wish {shown(value)} is not a Suit")


def _check_call(inst: object, attribute: attrs.Attribute[Call | None], value: object) -> None:
    if value is not None and not isinstance(value, Call):
        raise NotationError(f"invalid play: call {shown(value)} is not a Call")


def _check_seat(inst: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not 0 <= value < 1000:
        raise NotationError(f"invalid call-out: seat {shown(value)} is not a seat number (an integer from 0)")


@attrs.frozen(cache_hash=True)
class Play:
    """Play one card, with the wished suit when it is a wild card, and optionally a call.

    >>> str(Play(Card.parse("Jc"), wish=Suit.HEARTS)), str(Play.parse("9d mau"))
    ('J♣>♥', '9♦ mau')
    >>> Play("7h")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: invalid play: card '7h' is not a Card (parse text with Card.parse or parse_move)
    """

    card: Card = attrs.field(validator=_check_card)
    """The card played."""
    wish: Suit | None = attrs.field(default=None, validator=_check_wish)
    """The suit wished for (only with a wild card)."""
    call: Call | None = attrs.field(default=None, validator=_check_call)
    """The announcement made with this play, if any."""

    @classmethod
    def parse(cls, text: str) -> Play:
        """Parse a play: ``7h``, ``Jc>h``, ``9d mau``, ``Jc>h maumau``.

        Raises:
            NotationError: the text is not a play.

        >>> Play.parse("Herz 7")
        Play(card=Card.parse('7♥'), wish=None, call=None)
        """
        move = parse_move(text)
        if not isinstance(move, Play):
            raise NotationError(f"not a play: {_quote(text)}")
        return move

    def __str__(self) -> str:
        out = str(self.card)
        if self.wish is not None:
            out += f">{self.wish.symbol}"
        if self.call is not None:
            out += f" {self.call.value}"
        return out


@attrs.frozen
class Draw:
    """Draw one card, or take the whole pending penalty when one is pending.

    >>> str(Draw())
    'draw'
    """

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """End the turn: after drawing, to accept a pending skip, or to stop playing a series.

    >>> str(Pass())
    'pass'
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class CallOut:
    """Call out ``seat``, who did not make a call that was due; that player draws penalty cards.

    >>> str(CallOut(1))
    'callout 1'
    >>> CallOut(True)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: invalid call-out: seat True is not a seat number (an integer from 0)
    """

    seat: int = attrs.field(validator=_check_seat)
    """The seat being called out."""

    def __str__(self) -> str:
        return f"callout {self.seat}"


@attrs.frozen
class Redeal:
    """Ask for a new deal, or agree to the one your partner asked for (Malilla, R_MAL_REDEAL). A Mau-Mau game
    refuses it as ``not_a_move``.

    >>> str(Redeal()), parse_move("redeal")
    ('redeal', Redeal())
    """

    def __str__(self) -> str:
        return "redeal"


Move: TypeAlias = Play | Draw | Pass | CallOut | Redeal
"""Every kind of move."""

MAUMAU_MOVE_TYPES: Final = frozenset({Play, Draw, Pass, CallOut})
"""The classes of a Mau-Mau move (``type(move) in MAUMAU_MOVE_TYPES`` refuses subclasses and look-alikes)."""
MOVE_TYPES: Final = MAUMAU_MOVE_TYPES | {Redeal}
"""The classes of every move of the library (Malilla adds :class:`Redeal`)."""


def not_a_move(value: object) -> str:
    """Why ``value`` is not a move, for an error message: text is to be read with :func:`parse_move` first.

    >>> not_a_move("draw")
    "'draw' is text, not a move: read it with parse_move('draw')"
    >>> not_a_move(7)
    '7 is not a move (a Play, Draw, Pass, CallOut or Redeal; parse_move reads notation)'
    """
    if isinstance(value, str):
        return f"{shown(value)} is text, not a move: read it with parse_move({shown(value)})"
    return f"{shown(value)} is not a move (a Play, Draw, Pass, CallOut or Redeal; parse_move reads notation)"

_DRAW_WORDS: Final = frozenset({"draw", "d", "take", "ziehen"})
_PASS_WORDS: Final = frozenset({"pass", "p", "dalje", "next", "done", "weiter"})
_CALLOUT_WORDS: Final = frozenset({"callout", "call", "nisinajavio", "challenge"})
_REDEAL_WORDS: Final = frozenset({"redeal", "newdeal"})


def parse_move(text: str) -> Move:
    """Parse any move from its notation.

    Raises:
        NotationError: the text is not a move; the message quotes it and says why.

    >>> parse_move("draw"), parse_move("PASS"), parse_move("callout 3"), parse_move("Redeal")
    (Draw(), Pass(), CallOut(seat=3), Redeal())
    >>> parse_move("7x")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: unknown move '7x': unknown card '7x': expected a rank and a suit such as '7h', '7♥', 'h7' or 'Herz 7'

    A text read before is not read again: the move of each of the last :data:`PARSE_CACHE_SIZE` texts is kept
    (moves are frozen values, so one object serves every caller); a text that is not a move is read, and refused
    with the same error, every time.

    >>> parse_move("Jc>h") is parse_move("Jc>h")
    True
    """
    if type(text) is str:
        return _parse_cached(text)
    return _parse_move(text)


PARSE_CACHE_SIZE: Final = 2048
"""How many move texts :func:`parse_move` remembers (the least recently read are forgotten first)."""


@functools.lru_cache(maxsize=PARSE_CACHE_SIZE)
def _parse_cached(text: str) -> Move:
    """:func:`_parse_move` of a ``str``, remembered (an exception is not: bad text is refused each time)."""
    return _parse_move(text)


def _parse_move(text: str) -> Move:
    """Read a move from its notation, without the cache (see :func:`parse_move`)."""
    if not isinstance(text, str):
        raise NotationError(f"unknown move {shown(text)}: expected a string")
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(f"unknown move {_quote(text)}: longer than {MAX_MOVE_TEXT} characters")
    folded = _fold(text)
    compact = folded.replace(" ", "")
    if compact in _DRAW_WORDS:
        return Draw()
    if compact in _PASS_WORDS:
        return Pass()
    if compact in _REDEAL_WORDS:
        return Redeal()
    words = folded.split()
    if (words and _fold(words[0]) in _CALLOUT_WORDS) or compact.startswith("nisinajavio"):
        digits = compact.lstrip("abcdefghijklmnopqrstuvwxyz")
        if digits.isascii() and digits.isdigit() and len(digits) <= 3:
            return CallOut(int(digits))
        raise NotationError(f"unknown move {_quote(text)}: a call-out needs a seat number, e.g. 'callout 2'")
    try:
        return _parse_play(folded)
    except NotationError as exc:
        raise NotationError(f"unknown move {_quote(text)}: {exc}") from None


def _parse_play(folded: str) -> Play:
    call: Call | None = None
    words = folded.split()
    # A trailing call word ("mau", "maumau", "mau mau", "laatste kaart").
    for n in (2, 1):
        if len(words) > n:
            tail = "".join(words[-n:])
            if tail.replace("-", "").replace("!", "") in _CALL_WORDS:
                call = Call.parse(tail)
                words = words[:-n]
                break
    body = " ".join(words)
    wish: Suit | None = None
    if ">" in body:
        card_text, _, wish_text = body.partition(">")
        wish = Suit.parse(wish_text)
    elif " wish " in f" {body} ":
        card_text, _, wish_text = body.partition(" wish ")
        wish = Suit.parse(wish_text)
    else:
        card_text = body
    return Play(Card.parse(card_text), wish, call)
