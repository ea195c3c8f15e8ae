"""Pictures: SVG cards, hands and whole tables, drawn from what a player may see.

Every function returns an SVG document as a string (no dependency: the text is built here, escaped with the
standard library). A table is drawn from a **view** (:func:`maumau_rules.views.view`), never from a full state, so
a picture cannot show a card its viewer may not see: the other hands are drawn as backs with their number of cards.

>>> from maumau_rules import Card, new_game, view
>>> svg = card_svg(Card.parse("7h"))
>>> svg.startswith("<svg") and 'data-card="7h"' in svg and "7 of hearts" in svg
True
>>> s = new_game("standard", players=3, seed=1)
>>> table = view_svg(view(s, 0))
>>> all(f'data-card="{c.ascii}"' in table for c in s.hands[0])
True

What a UI clicks on carries stable attributes: every face-up card ``data-card`` (its ASCII notation, ``7h``,
``Jc``, ``Ror``, ``Joker``), every legal move ``data-move`` (its ASCII notation: ``7h``, ``Jc>h``, ``draw``,
``pass``, ``redeal``); a card that can be played in several ways (a wild card's wishes, a call with it) lists
them all in ``data-moves``, separated by ``|``. Zones carry ``data-zone`` (``hand``, ``stock``, ``discard``,
``trick``, ``trump``, ``seat``), seats ``data-seat``.

The drawing of each family's table comes from its family (:meth:`~maumau_rules.families.GameFamily.table_scene`):
the family says what lies where (a :class:`TableScene`), this module draws it, so both families look alike.

This module imports nothing of the cards at run time (it reads a card's ``rank`` and ``suit`` by name), so that
:class:`~maumau_rules.cards.Card` and the views can show themselves in Jupyter (``_repr_svg_``) through it.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final
from xml.sax.saxutils import escape, quoteattr

import attrs

from .errors import ArgumentTypeError, shown
from .i18n import gettext as _

if TYPE_CHECKING:
    from .cards import Card
    from .moves import Move

__all__ = [
    "CARD_H",
    "CARD_W",
    "H",
    "Palette",
    "SeatScene",
    "TableScene",
    "W",
    "Zone",
    "card_svg",
    "draw_scene",
    "hand_svg",
    "move_code",
    "pile_svg",
    "seat_names",
    "view_svg",
]


# ------------------------------------------------------------------------------------------------ colours


@attrs.frozen
class Palette:
    """The colours (and the suit pattern) of the pictures.

    The default is safe for colour-blind eyes: a four-colour pack from the Okabe-Ito palette (spades black, hearts
    vermillion, diamonds blue, clubs bluish green; the Spanish suits gold, vermillion, blue and green), and every
    suit has its own shape, so nothing is told by colour alone. ``pattern="german"`` draws the German suits
    (Eichel, Grün, Herz, Schellen: acorns, leaves, hearts, bells) and ranks (U, O, K, A) for the French-named cards.

    >>> Palette().suit_color("HEARTS"), Palette(hearts="#c00").suit_color("HEARTS")
    ('#d55e00', '#c00')
    >>> Palette.german().pattern
    'german'
    """

    clubs: str = "#007a5a"
    spades: str = "#1b1b1b"
    hearts: str = "#d55e00"
    diamonds: str = "#0072b2"
    oros: str = "#c98a00"
    copas: str = "#d55e00"
    espadas: str = "#0072b2"
    bastos: str = "#007a5a"
    joker: str = "#a8508a"
    face: str = "#ffffff"
    edge: str = "#5b5b5b"
    back: str = "#27457a"
    back_accent: str = "#dfe7f5"
    table: str = "#1d5a43"
    panel: str = "#143f30"
    text: str = "#ffffff"
    highlight: str = "#f0e442"
    last_move: str = "#56b4e9"
    pattern: str = attrs.field(default="french", validator=attrs.validators.in_(("french", "german")))

    @classmethod
    def german(cls) -> Palette:
        """The German-suited look: acorns brown, leaves green, hearts vermillion, bells gold.

        >>> Palette.german().clubs
        '#8c510a'
        """
        return cls(clubs="#8c510a", spades="#007a5a", hearts="#d55e00", diamonds="#c98a00", pattern="german")

    def suit_color(self, suit: str | None) -> str:
        """The colour of a suit, by its name (``"HEARTS"``, ``"OROS"``; ``None``: the Joker's).

        >>> Palette().suit_color("OROS"), Palette().suit_color(None)
        ('#c98a00', '#a8508a')
        """
        if suit is None:
            return self.joker
        value = getattr(self, suit.lower(), None)
        return value if isinstance(value, str) else self.edge


_DEFAULT: Final = Palette()
_FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

CARD_W: Final = 70
"""A card's width at ``size=1`` (user units, pixels unless the page scales them)."""
CARD_H: Final = 98
"""A card's height at ``size=1``."""


# ------------------------------------------------------------------------------------------------ suit shapes


def _circle(x: float, y: float, r: float) -> str:
    return f"M{x - r:g} {y:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0Z"


_HEART: Final = ("M50 92C46 86 6 62 6 32C6 16 18 6 30 6C40 6 47 12 50 21C53 12 60 6 70 6C82 6 94 16 94 32"
                 "C94 62 54 86 50 92Z")
_SHAPES: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    # each shape: (path data in a 100 x 100 box, fill: "c" the suit colour, "d" darker, "w" the card face)
    "HEARTS": ((_HEART, "c"),),
    "DIAMONDS": (("M50 3L89 50L50 97L11 50Z", "c"),),
    "SPADES": (("M50 4C44 14 6 36 6 60C6 75 17 84 30 84C38 84 44 80 47 74C46 84 41 92 33 97H67C59 92 54 84 53 74"
                "C56 80 62 84 70 84C83 84 94 75 94 60C94 36 56 14 50 4Z", "c"),),
    "CLUBS": ((_circle(50, 27, 21) + _circle(27, 58, 21) + _circle(73, 58, 21)
               + "M45 52C45 76 40 88 31 97H69C60 88 55 76 55 52Z", "c"),),
    "OROS": ((_circle(50, 50, 45), "c"), (_circle(50, 50, 33), "w"), (_circle(50, 50, 27), "c"),
             (_circle(50, 50, 9), "w")),
    "COPAS": (("M16 8H84C84 42 70 56 57 59V76C66 78 72 82 74 92H26C28 82 34 78 43 76V59C30 56 16 42 16 8Z", "c"),
              ("M24 14H76C75 24 72 30 68 34H32C28 30 25 24 24 14Z", "w")),
    "ESPADAS": (("M50 0L61 13V62H39V13Z", "c"), ("M20 61H80V72H20Z", "c"), ("M43 72H57V87H43Z", "c"),
                (_circle(50, 92, 8), "c"), ("M48 14H52V58H48Z", "w")),
    "BASTOS": (("M34 98C33 72 24 44 20 22C17 6 32 -1 48 1C66 3 76 12 72 28C68 50 66 74 66 98Z", "c"),
               (_circle(22, 48, 9) + _circle(70, 60, 9) + _circle(30, 76, 8), "c"),
               ("M36 14C44 10 54 10 62 15", "w")),
    # the German suits (pattern="german"): acorns, leaves, hearts, bells
    "EICHEL": (("M47 4H53V30H47Z", "d"), ("M24 58C24 80 36 96 50 96C64 96 76 80 76 58Z", "c"),
               ("M20 58C20 34 80 34 80 58C80 63 20 63 20 58Z", "d"), ("M32 50H68M30 56H70", "w")),
    "GRUEN": (("M50 2C84 22 90 58 52 90C50 92 50 92 48 90C10 58 16 22 50 2Z", "c"), ("M49 12H51V98H49Z", "w"),
              ("M50 40L34 28M50 56L30 44M50 40L66 28M50 56L70 44", "w")),
    "SCHELLEN": ((_circle(50, 56, 38), "c"), ("M16 50H84V56H16Z", "d"), (_circle(50, 76, 7), "d"),
                 ("M44 8H56V20H44Z", "d")),
    "JOKER": (("M50 4L61 37H96L68 58L79 92L50 71L21 92L32 58L4 37H39Z", "c"),),
}
_GERMAN_SHAPE: Final = {"CLUBS": "EICHEL", "SPADES": "GRUEN", "HEARTS": "HEARTS", "DIAMONDS": "SCHELLEN"}


def _darker(color: str) -> str:
    """A darker shade of a ``#rgb`` or ``#rrggbb`` colour (anything else is returned as it is)."""
    c = color.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) != 6 or any(ch not in "0123456789abcdefABCDEF" for ch in c):
        return color
    r, g, b = (int(c[i:i + 2], 16) * 6 // 10 for i in (0, 2, 4))
    return f"#{r:02x}{g:02x}{b:02x}"


def _shape(suit: str | None, x: float, y: float, size: float, palette: Palette, *, flip: bool = False) -> str:
    """The suit's shape in a ``size`` x ``size`` box whose top left corner is at (x, y)."""
    key = "JOKER" if suit is None else suit
    if palette.pattern == "german":
        key = _GERMAN_SHAPE.get(key, key)
    color = palette.suit_color(suit)
    fills = {"c": color, "d": _darker(color), "w": palette.face}
    s = size / 100
    turn = " rotate(180 50 50)" if flip else ""
    parts = []
    for d, fill in _SHAPES[key]:
        if d.startswith("M") and "Z" not in d:  # a line (a leaf's veins, a cup's rim)
            parts.append(f'<path d="{d}" fill="none" stroke="{fills[fill]}" stroke-width="4"/>')
        else:
            parts.append(f'<path d="{d}" fill="{fills[fill]}"/>')
    return f'<g transform="translate({x:.2f} {y:.2f}) scale({s:.4f}){turn}">{"".join(parts)}</g>'


# ------------------------------------------------------------------------------------------------ cards

_PIPS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.18), (0.5, 0.82)),
    3: ((0.5, 0.18), (0.5, 0.5), (0.5, 0.82)),
    4: ((0.3, 0.18), (0.7, 0.18), (0.3, 0.82), (0.7, 0.82)),
    5: ((0.3, 0.18), (0.7, 0.18), (0.5, 0.5), (0.3, 0.82), (0.7, 0.82)),
    6: ((0.3, 0.18), (0.7, 0.18), (0.3, 0.5), (0.7, 0.5), (0.3, 0.82), (0.7, 0.82)),
    7: ((0.3, 0.18), (0.7, 0.18), (0.5, 0.34), (0.3, 0.5), (0.7, 0.5), (0.3, 0.82), (0.7, 0.82)),
    8: ((0.3, 0.18), (0.7, 0.18), (0.5, 0.34), (0.3, 0.5), (0.7, 0.5), (0.5, 0.66), (0.3, 0.82), (0.7, 0.82)),
    9: ((0.3, 0.18), (0.7, 0.18), (0.3, 0.39), (0.7, 0.39), (0.5, 0.5), (0.3, 0.61), (0.7, 0.61), (0.3, 0.82),
        (0.7, 0.82)),
    10: ((0.3, 0.18), (0.7, 0.18), (0.5, 0.29), (0.3, 0.39), (0.7, 0.39), (0.3, 0.61), (0.7, 0.61), (0.5, 0.71),
         (0.3, 0.82), (0.7, 0.82)),
}
_COURT: Final = {"JACK": "J", "QUEEN": "Q", "KING": "K", "SOTA": "S", "CABALLO": "C", "REY": "R"}
_GERMAN_INDEX: Final = {"JACK": "U", "QUEEN": "O", "KING": "K", "ACE": "A"}
_COURT_NAME: Final = {"JACK": "Jack", "QUEEN": "Queen", "KING": "King", "SOTA": "Sota", "CABALLO": "Caballo",
                      "REY": "Rey"}


def _index(card: Card, palette: Palette) -> str:
    """The rank as printed in the card's corners."""
    rank = card.rank.name
    spanish = card.is_spanish
    if rank == "ACE":
        return "1" if spanish else "A"
    if palette.pattern == "german" and not spanish and rank in _GERMAN_INDEX:
        return _GERMAN_INDEX[rank]
    if rank in _COURT:
        return _COURT[rank]
    return str(int(card.rank))


def _is_card(card: object) -> bool:
    return type(card).__name__ == "Card" and hasattr(card, "rank") and hasattr(card, "suit")


def _label(card: Card, palette: Palette) -> str:
    """The card's name for screen readers (``7 of hearts``, ``Herz Unter``, ``Rey de oros``)."""
    if palette.pattern == "german" and card.suit is not None and not card.is_spanish:
        return card.german
    return card.name


@functools.lru_cache(maxsize=1024)
def _face(card: Card, palette: Palette) -> str:
    """The face of ``card`` in a CARD_W x CARD_H box at the origin."""
    suit = None if card.suit is None else card.suit.name
    color = palette.suit_color(suit)
    out = [f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="6" fill="{palette.face}" '
           f'stroke="{palette.edge}" stroke-width="1"/>']
    if suit is None:  # the Joker
        out.append(f'<rect x="7" y="7" width="{CARD_W - 14}" height="{CARD_H - 14}" rx="4" fill="none" '
                   f'stroke="{color}" stroke-width="1.5"/>')
        out.append(_shape(None, 15, 22, 40, palette))
        out.append(f'<text x="{CARD_W / 2}" y="80" font-family="{_FONT}" font-size="13" font-weight="bold" '
                   f'fill="{color}" text-anchor="middle" letter-spacing="1">JOKER</text>')
        for cx, cy, flip in ((4, 4, False), (CARD_W - 16, CARD_H - 16, True)):
            out.append(_shape(None, cx, cy, 12, palette, flip=flip))
        return "".join(out)
    index = _index(card, palette)
    wide = len(index) > 1
    fs = 14 if wide else 16
    corner = (f'<text x="{9.5 if wide else 9}" y="16" font-family="{_FONT}" font-size="{fs}" font-weight="bold" '
              f'fill="{color}" text-anchor="middle" letter-spacing="{-1 if wide else 0}">{escape(index)}</text>'
              + _shape(suit, 3.5, 19, 11, palette))
    out.append(corner)
    out.append(f'<g transform="rotate(180 {CARD_W / 2} {CARD_H / 2})">{corner}</g>')
    rank = card.rank.name
    if rank in _COURT:
        letter = _index(card, palette)
        out.append(f'<rect x="17" y="11" width="{CARD_W - 34}" height="{CARD_H - 22}" rx="3" fill="{color}" '
                   f'fill-opacity="0.12" stroke="{color}" stroke-width="1.2"/>')
        out.append(_shape(suit, 27, 15, 16, palette))
        out.append(f'<text x="{CARD_W / 2}" y="{CARD_H / 2 + 10}" font-family="{_FONT}" font-size="28" '
                   f'font-weight="bold" fill="{color}" text-anchor="middle">{escape(letter)}</text>')
        out.append(_shape(suit, 27, CARD_H - 31, 16, palette, flip=not card.is_spanish))
        return "".join(out)
    n = 1 if rank == "ACE" else int(card.rank)
    if n == 1:
        out.append(_shape(suit, CARD_W / 2 - 19, CARD_H / 2 - 19, 38, palette))
        return "".join(out)
    pip = (15 if n <= 8 else 11.5) + (2 if card.is_spanish else 0)
    left, top, width, height = 13, 9, CARD_W - 26, CARD_H - 18
    for fx, fy in _PIPS[n]:
        if n >= 9:
            fx = 0.5 + (fx - 0.5) * 1.35
        x = left + fx * width - pip / 2
        y = top + fy * height - pip / 2
        out.append(_shape(suit, x, y, pip, palette, flip=fy > 0.5 and not card.is_spanish))
    return "".join(out)


@functools.lru_cache(maxsize=16)
def _back(palette: Palette, plain: bool = False) -> str:
    """The back of a card in a CARD_W x CARD_H box at the origin (``plain``: without the lattice, for the small
    backs of a seat's fan and the hidden layers of a pile, which keeps a table's SVG small)."""
    out = [f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="6" fill="{palette.back}" '
           f'stroke="{palette.edge}" stroke-width="1"/>',
           f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="4" fill="none" '
           f'stroke="{palette.back_accent}" stroke-width="1.2" stroke-opacity="0.8"/>']
    if plain:
        return "".join(out)
    diamonds = []
    for row in range(7):
        for col in range(4):
            cx = 12.5 + col * 15 + (7.5 if row % 2 else 0)
            cy = 13 + row * 12
            if cx > CARD_W - 10:
                continue
            diamonds.append(f"M{cx:g} {cy - 5:g}l4.5 5l-4.5 5l-4.5 -5Z")
    out.append(f'<path d="{"".join(diamonds)}" fill="{palette.back_accent}" fill-opacity="0.35"/>')
    out.append(f'<path d="M{CARD_W / 2} {CARD_H / 2 - 14}l11 14l-11 14l-11 -14Z" fill="{palette.back}" '
               f'stroke="{palette.back_accent}" stroke-width="1.5"/>')
    return "".join(out)


def move_code(move: Move) -> str:
    """A move in ASCII notation, as the ``data-move`` attributes carry it (:func:`~maumau_rules.parse_move` reads
    it back).

    >>> from maumau_rules import parse_move
    >>> move_code(parse_move("J♣>♥ mau")), move_code(parse_move("draw")), move_code(parse_move("Rey de oros"))
    ('Jc>h mau', 'draw', 'Ror')
    """
    card = getattr(move, "card", None)
    if card is None:
        return str(move)
    out: str = card.ascii
    wish = getattr(move, "wish", None)
    if wish is not None:
        out += f">{wish.letter}"
    call = getattr(move, "call", None)
    if call is not None:
        out += f" {call.value}"
    return out


def _card_group(card: Card | None, x: float, y: float, palette: Palette, *, scale: float = 1.0,
                highlight: bool = False, last: bool = False, moves: Sequence[str] = (), lift: float = 0.0,
                zone: str | None = None, extra: str = "", plain: bool = False) -> str:
    """One card (``None``: a back) placed with its top left corner at (x, y), with its attributes."""
    attrs_ = [f'transform="translate({x:.2f} {y - lift:.2f}){f" scale({scale:g})" if scale != 1 else ""}"']
    if card is None:
        attrs_.append('class="card back"')
        title = "a card, face down"
        body = _back(palette, plain)
    else:
        title = _label(card, palette)
        attrs_.append(f'class="card{" playable" if moves else ""}{" highlight" if highlight else ""}"')
        attrs_.append(f"data-card={quoteattr(card.ascii)}")
        body = _face(card, palette)
    if zone is not None:
        attrs_.append(f"data-zone={quoteattr(zone)}")
    if moves:
        attrs_.append(f"data-move={quoteattr(moves[0])}")
        if len(moves) > 1:
            attrs_.append(f"data-moves={quoteattr('|'.join(moves))}")
        attrs_.append('role="button" tabindex="0"')
        title += ": playable" if len(moves) == 1 else f": playable ({', '.join(moves)})"
    else:
        attrs_.append('role="img"')
    attrs_.append(f"aria-label={quoteattr(title)}")
    ring = ""
    if highlight:
        ring += (f'<rect x="-3" y="-3" width="{CARD_W + 6}" height="{CARD_H + 6}" rx="8" fill="none" '
                 f'stroke="{palette.highlight}" stroke-width="4"/>')
    if last:
        ring += (f'<rect x="-2.5" y="-2.5" width="{CARD_W + 5}" height="{CARD_H + 5}" rx="8" fill="none" '
                 f'stroke="{palette.last_move}" stroke-width="3" stroke-dasharray="7 4"/>')
    return f'<g {" ".join(attrs_)}{extra}><title>{escape(title)}</title>{body}{ring}</g>'


def _document(width: float, height: float, size: float, label: str, body: str) -> str:
    """The SVG document: an image, or a group when it holds buttons (an image's parts are hidden from screen
    readers, a group's are not)."""
    if not isinstance(size, (int, float)) or isinstance(size, bool) or not 0 < size <= 100:
        raise ArgumentTypeError(_("size {size} must be a number above 0 and at most 100").format(size=shown(size)))
    role = "group" if 'role="button"' in body else "img"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * size:.1f}" height="{height * size:.1f}" '
            f'viewBox="0 0 {width:g} {height:g}" role="{role}" aria-label={quoteattr(label)}>'
            f"<title>{escape(label)}</title>{body}</svg>")


def _palette(colors: Palette | None) -> Palette:
    if colors is None:
        return _DEFAULT
    if not isinstance(colors, Palette):
        raise ArgumentTypeError(_("colors {colors} must be a Palette").format(colors=shown(colors)))
    return colors


def _check_card(card: object, what: str = "card") -> None:
    if not _is_card(card):
        raise ArgumentTypeError(_("{what} {card} is not a Card (parse text with Card.parse)")
            .format(what=what, card=shown(card)))


def card_svg(card: Card, *, size: float = 1.0, face_up: bool = True, highlight: bool = False,
             colors: Palette | None = None) -> str:
    """One card as an SVG document: its face (rank in two corners, the suit's pips or a court frame), or its back.

    Args:
        card: the card.
        size: the scale (1: 70 x 98 pixels).
        face_up: ``False`` draws the back (and names no card).
        highlight: a ring around the card (a legal move, a card chosen).
        colors: the :class:`Palette` (default: colour-blind safe, French pattern).

    Raises:
        ArgumentTypeError: ``card`` is not a card, ``size`` is not a positive number, ``colors`` not a Palette.

    >>> from maumau_rules import Card
    >>> 'aria-label="Rey de oros"' in card_svg(Card.parse("Ror"))
    True
    >>> "oros" in card_svg(Card.parse("Ror"), face_up=False)
    False
    >>> 'width="156.0"' in card_svg(Card.parse("Jc"), size=2)
    True
    """
    _check_card(card)
    palette = _palette(colors)
    label = _label(card, palette) if face_up else "a card, face down"
    body = _card_group(card if face_up else None, 4, 4, palette, highlight=highlight)
    return _document(CARD_W + 8, CARD_H + 8, size, label, body)


def _hand_moves(moves: Iterable[Move]) -> dict[object, list[str]]:
    """The legal moves of each card: card -> their ASCII notations."""
    out: dict[object, list[str]] = {}
    for m in moves:
        card = getattr(m, "card", None)
        if card is not None:
            out.setdefault(card, []).append(move_code(m))
    return out


def _marked(highlight: Iterable[object], moves: bool = True) -> set[object]:
    """The cards to mark: cards as they are, and (``moves``) the cards of moves that play one."""
    out: set[object] = set()
    for item in highlight:
        card = item if _is_card(item) else getattr(item, "card", None) if moves else None
        if card is not None:
            out.add(card)
    return out


def _spacing(n: int, room: float, width: float = CARD_W, most: float = CARD_W + 6) -> float:
    return most if n <= 1 else min(most, (room - width) / (n - 1))


def hand_svg(cards: Sequence[Card], *, size: float = 1.0, highlight: Iterable[object] = (),
             orientation: str = "horizontal", colors: Palette | None = None, moves: Iterable[Move] = ()) -> str:
    """A hand of cards, face up, overlapping when there are many.

    Args:
        cards: the cards, in the order to draw them.
        size: the scale.
        highlight: cards (or moves that play a card) to mark: they are ringed and lifted.
        orientation: ``"horizontal"`` (a row) or ``"vertical"`` (a column).
        colors: the :class:`Palette`.
        moves: legal moves: their cards get ``data-move`` attributes (clickable).

    Raises:
        ArgumentTypeError: a bad card, orientation, size or palette.

    >>> from maumau_rules import parse_cards, parse_move
    >>> svg = hand_svg(parse_cards("7h 8s Jc"), highlight=[parse_move("8s")], moves=[parse_move("8s")])
    >>> svg.count('data-card="'), 'data-move="8s"' in svg, svg.count("class=\\"card playable highlight\\"")
    (3, True, 1)
    >>> 'height="106.0"' in hand_svg(parse_cards("7h 8s"), orientation="horizontal")
    True
    """
    if orientation not in ("horizontal", "vertical"):
        raise ArgumentTypeError(_("orientation {orientation} must be 'horizontal' or 'vertical'")
            .format(orientation=shown(orientation)))
    cards = tuple(cards)
    for c in cards:
        _check_card(c)
    palette = _palette(colors)
    marked = _marked(highlight)
    playable = _hand_moves(moves)
    n = len(cards)
    step = CARD_W + 6 if orientation == "horizontal" else 30
    length = (CARD_W if orientation == "horizontal" else CARD_H) + step * max(n - 1, 0)
    lift = 10 if marked else 0
    parts = []
    for i, c in enumerate(cards):
        x, y = (4 + i * step, 4 + lift) if orientation == "horizontal" else (4 + lift, 4 + i * step)
        up = lift if c in marked else 0
        if orientation == "vertical":
            x -= up
            up = 0
        parts.append(_card_group(c, x, y, palette, highlight=c in marked, moves=playable.get(c, ()), lift=up,
                                 zone="hand"))
    w, h = (length + 8, CARD_H + 8 + lift) if orientation == "horizontal" else (CARD_W + 8 + lift, length + 8)
    label = "a hand of " + (", ".join(_label(c, palette) for c in cards) if cards else "no cards")
    return _document(max(w, 8), h, size, label, f'<g data-zone="hand">{"".join(parts)}</g>')


def pile_svg(cards: Sequence[Card], *, size: float = 1.0, shown: int = 4, last_move: object = None,
             colors: Palette | None = None) -> str:
    """A discard pile: its top ``shown`` cards fanned, the top card whole (``cards`` bottom to top, as
    ``view.discard`` holds them); the card of ``last_move`` is ringed when it is the top card.

    Raises:
        ArgumentTypeError: a bad card, ``shown`` below 1, a bad size or palette.

    >>> from maumau_rules import parse_cards, parse_move
    >>> svg = pile_svg(parse_cards("7h 8h 8s 9s Js"), last_move=parse_move("Js>h"))
    >>> svg.count('data-card="'), 'data-card="7h"' in svg, 'aria-label="discard pile: J of spades on top, 5 cards"' in svg
    (4, False, True)
    """
    cards = tuple(cards)
    for c in cards:
        _check_card(c)
    if type(shown) is not int or shown < 1:
        raise ArgumentTypeError(_("shown {value} must be a whole number of cards, at least 1")
            .format(value=repr(shown)))
    palette = _palette(colors)
    top = cards[-shown:]
    last = getattr(last_move, "card", None)
    parts = [_card_group(c, 4 + 14 * i, 4, palette, last=i == len(top) - 1 and c is last, zone="discard")
             for i, c in enumerate(top)]
    label = (f"discard pile: {_label(cards[-1], palette)} on top, {len(cards)} card{'s' if len(cards) != 1 else ''}"
             if cards else "discard pile: empty")
    width = CARD_W + 14 * max(len(top) - 1, 0) + 8
    return _document(width, CARD_H + 8, size, label, f'<g data-zone="discard">{"".join(parts)}</g>')


# ------------------------------------------------------------------------------------------------ tables


@attrs.frozen
class Zone:
    """A place on the table: a pile, the stock, the trump card, or a line of text in the side panel.

    >>> Zone("stock", "stock", backs=12).backs
    12
    """

    key: str
    """Its ``data-zone`` name (``stock``, ``discard``, ``trump``, ``info``, ...)."""
    label: str
    """What it is, in words (shown beside it)."""
    cards: tuple[Card, ...] = ()
    """Its cards face up, bottom to top (a pile shows its last few)."""
    backs: int = 0
    """Its cards face down (drawn as one back and a count)."""
    text: str = ""
    """A value shown beside the label (``+4``, ``12 cards``)."""
    suit: Any = None
    """A suit to draw beside the label (the wished suit)."""
    move: Any = None
    """The move a click on it makes (the stock: ``draw``), when it is legal."""


@attrs.frozen
class SeatScene:
    """One seat at the table, as its viewer sees it.

    >>> SeatScene(seat=1, name="seat 1", count=5).cards
    ()
    """

    seat: int
    """The seat number."""
    name: str
    """Its name."""
    count: int
    """Its number of cards."""
    cards: tuple[Card, ...] = ()
    """Its cards face up: only the viewer's own hand."""
    notes: tuple[str, ...] = ()
    """Short facts shown with it (``dealer``, ``team A``, ``said Mau``)."""
    to_act: bool = False
    """Whether it is this seat's move."""
    mine: bool = False
    """Whether this is the viewer's seat (drawn at the bottom, face up)."""


@attrs.frozen
class TableScene:
    """What a family says lies where on its table, for :func:`view_svg` to draw (built from a view only).

    >>> from maumau_rules import new_game, view
    >>> from maumau_rules.families import family_of
    >>> s = new_game("malilla", 4, seed=1)
    >>> scene = family_of(s).table_scene(view(s, 0), names=None)
    >>> scene.viewer, [z.key for z in scene.panel][:1]
    (0, ['trump'])
    """

    title: str
    """The variant's name."""
    viewer: int | None
    """The seat the view is for (``None``: a spectator)."""
    seats: tuple[SeatScene, ...]
    """Every seat, by number."""
    centre: tuple[Zone, ...] = ()
    """The piles in the middle of the table (stock, discard pile)."""
    trick: tuple[tuple[int, Card], ...] = ()
    """Cards lying in front of seats (a trick): (seat, card)."""
    trick_label: str = ""
    """What the cards in front of the seats are (``trick``, ``last trick, won by seat 2``)."""
    trick_done: bool = False
    """Whether those cards are a finished trick (drawn faded: the table waits for the next lead)."""
    panel: tuple[Zone, ...] = ()
    """The side panel: the trump card, scores, wish, pending draw ... in order."""
    moves: tuple[Move, ...] = ()
    """The viewer's legal moves (each gets a ``data-move``)."""
    status: str = ""
    """One line about the state (``seat 2 to play``, ``over: seat 1 won``)."""


W: Final = 1000
"""A table picture's width at ``size=1`` (:func:`view_svg`)."""
H: Final = 640
"""A table picture's height at ``size=1``."""
_TABLE_W: Final = 760
_CX: Final = 380
_CY: Final = 255


def _seat_angles(others: int) -> list[float]:
    """Where the other seats sit on the ellipse (radians; pi: left, pi/2: top, 0: right), clockwise."""
    if others <= 0:
        return []
    if others == 1:
        return [math.pi / 2]
    return [math.pi - math.pi * k / (others - 1) for k in range(others)]


_SEAT_H: Final = 92
"""The height of another seat's box."""
_U_LEFT, _U_RIGHT, _U_TOP, _U_BOTTOM = 72.0, 688.0, 60.0, 300.0
"""The centres of the boxes at the ends of the U that seats take when the ellipse has no room for them."""


def _seat_places(others: int) -> tuple[list[tuple[float, float]], float]:
    """The centres of the other seats' boxes, clockwise from the viewer's left, and the boxes' width.

    Up to four seats have wide boxes on the ellipse; more have narrower ones, on the ellipse while neighbours do not
    overlap there, else evenly along a U (up the left side, along the top, down the right side), each box no wider
    than its neighbours leave room for.

    >>> places, width = _seat_places(7)
    >>> len(places), width <= 124, places[0][0] < places[3][0] < places[6][0]
    (7, True, True)
    """
    width = 150.0 if others <= 4 else 124.0
    ellipse = [(_CX + 300 * math.cos(a), _CY - 165 * math.sin(a)) for a in _seat_angles(others)]
    if not _overlapping(ellipse, width):
        return ellipse, width
    side, top = _U_BOTTOM - _U_TOP, _U_RIGHT - _U_LEFT
    length = 2 * side + top
    places = []
    for k in range(others):
        d = length * k / (others - 1)
        if d <= side:
            places.append((_U_LEFT, _U_BOTTOM - d))
        elif d <= side + top:
            places.append((_U_LEFT + d - side, _U_TOP))
        else:
            places.append((_U_RIGHT, _U_TOP + d - side - top))
    room = min((abs(x1 - x0) for (x0, y0), (x1, y1) in itertools.pairwise(places) if abs(y1 - y0) < _SEAT_H + 4),
               default=width)
    return places, min(width, room - 6)


def _overlapping(places: Sequence[tuple[float, float]], width: float) -> bool:
    """Whether boxes of ``width`` centred on neighbouring ``places`` would overlap (a gap of 4 kept)."""
    return any(abs(x1 - x0) < width + 4 and abs(y1 - y0) < _SEAT_H + 4
               for (x0, y0), (x1, y1) in itertools.pairwise(places))


def _text(x: float, y: float, text: str, *, size: float = 13, weight: str = "normal", anchor: str = "start",
          color: str = "#ffffff", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="{_FONT}" font-size="{size:g}" font-weight="{weight}" '
            f'fill="{color}" text-anchor="{anchor}"{extra}>{escape(text)}</text>')


def _seat_box(seat: SeatScene, x: float, y: float, width: float, palette: Palette) -> str:
    """Another seat: its name, its cards as backs and their number, centred on (x, y)."""
    h = _SEAT_H
    left, top = x - width / 2, y - h / 2
    stroke = palette.highlight if seat.to_act else palette.back_accent
    out = [f'<g data-zone="seat" data-seat="{seat.seat}" aria-label={quoteattr(_seat_text(seat))}>',
           f"<title>{escape(_seat_text(seat))}</title>",
           f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:g}" height="{h}" rx="8" fill="{palette.panel}" '
           f'fill-opacity="0.85" stroke="{stroke}" stroke-width="{3 if seat.to_act else 1}"/>',
           _text(left + 8, top + 17, seat.name + ("  ▶" if seat.to_act else ""), size=13, weight="bold",
                 color=palette.highlight if seat.to_act else palette.text)]
    shown_backs = min(seat.count, 8)
    scale = 0.42
    bw = CARD_W * scale
    step = 0 if shown_backs <= 1 else min(9, (width - 84 - bw) / (shown_backs - 1))
    for i in range(shown_backs):
        out.append(_card_group(None, left + 8 + i * step, top + 24, palette, scale=scale,
                               plain=i < shown_backs - 1))
    count = f"{seat.count} card{'s' if seat.count != 1 else ''}"
    out.append(_text(left + width - 8, top + 42, count, size=12, anchor="end", color=palette.text))
    # every note, one a line (a fourth in smaller type; only beyond four do two share a line): the third and fourth
    # were dropped, a score among them
    notes = [*seat.notes[:3], ", ".join(seat.notes[3:])] if len(seat.notes) > 4 else list(seat.notes)
    first, gap, size = (58, 13.5, 11) if len(notes) <= 3 else (55, 10.5, 10)
    for i, note in enumerate(notes):
        out.append(_text(left + width - 8, top + first + gap * i, note, size=size, anchor="end", color=palette.text))
    out.append("</g>")
    return "".join(out)


def _seat_text(seat: SeatScene) -> str:
    parts = [seat.name, f"{seat.count} card{'s' if seat.count != 1 else ''}", *seat.notes]
    if seat.to_act:
        parts.append("to act")
    return ", ".join(parts)


def _zone_centre(zone: Zone, x: float, y: float, palette: Palette, marked: set[object], last: object,
                 moves: tuple[Move, ...]) -> str:
    """A pile in the middle of the table: its top cards fanned (or one back), its label below; (x, y) its top left."""
    move = move_code(zone.move) if zone.move is not None and zone.move in moves else None
    attr = f' data-zone="{escape(zone.key)}"'
    if move is not None:
        attr += f" data-move={quoteattr(move)} role=\"button\" tabindex=\"0\""
    label = zone.label + (f": {zone.text}" if zone.text else "")
    out = [f"<g{attr} aria-label={quoteattr(label + (' (click: ' + move + ')' if move else ''))}>",
           f"<title>{escape(label)}</title>"]
    if zone.backs:
        layers = min(3, zone.backs)
        for i in range(layers):
            out.append(_card_group(None, x + 2 * (layers - 1 - i), y + 2 * (layers - 1 - i), palette,
                                   plain=i < layers - 1))
        if move is not None:
            out.append(f'<rect x="{x - 3}" y="{y - 3}" width="{CARD_W + 10}" height="{CARD_H + 10}" rx="8" '
                       f'fill="none" stroke="{palette.highlight}" stroke-width="3" stroke-dasharray="6 4"/>')
    elif not zone.cards:
        # an empty pile: its outline, painted inside (faintly) so that a click anywhere on it reaches it; ringed
        # when it takes a move (drawing from an empty stock turns the discard pile over)
        out.append(f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="{palette.back_accent}" '
                   f'fill-opacity="0.08" stroke="{palette.back_accent}" stroke-opacity="0.5" '
                   f'stroke-dasharray="4 4"/>')
        if move is not None:
            out.append(f'<rect x="{x - 3}" y="{y - 3}" width="{CARD_W + 6}" height="{CARD_H + 6}" rx="8" '
                       f'fill="none" stroke="{palette.highlight}" stroke-width="3" stroke-dasharray="6 4"/>')
    shown_cards = zone.cards[-4:]
    for i, c in enumerate(shown_cards):
        top = i == len(shown_cards) - 1
        out.append(_card_group(c, x + 12 * i - 12 * (len(shown_cards) - 1), y, palette, highlight=c in marked and top,
                               last=top and c is last, zone=zone.key))
    out.append(_text(x + CARD_W / 2, y + CARD_H + 18, label, size=12, anchor="middle", color=palette.text))
    out.append("</g>")
    return "".join(out)


def _panel_item(zone: Zone, x: float, y: float, width: float, palette: Palette, last: object) -> tuple[str, float]:
    """One item of the side panel at (x, y); returns its SVG and its height."""
    label = zone.label + (f": {zone.text}" if zone.text else "")
    out = [f'<g data-zone="{escape(zone.key)}" aria-label={quoteattr(label)}>']
    if zone.cards:
        out.append(_text(x, y + 14, zone.label, size=13, weight="bold", color=palette.text))
        scale = 0.75
        step = _spacing(len(zone.cards), width, CARD_W * scale, CARD_W * scale + 4)  # (fanned to fit the panel)
        for i, c in enumerate(zone.cards):
            out.append(_card_group(c, x + i * step, y + 22, palette, scale=scale, last=c is last, zone=zone.key))
        if zone.text:
            out.append(_text(x, y + 22 + CARD_H * scale + 16, zone.text, size=12, color=palette.text))
        out.append("</g>")
        return "".join(out), 22 + CARD_H * scale + (26 if zone.text else 8)
    lines = _wrap(label, 27 if zone.suit is None else 23)
    for i, line in enumerate(lines):
        out.append(_text(x, y + 14 + 16 * i, line, size=13, weight="bold" if i == 0 and zone.key == "title"
                         else "normal", color=palette.text))
    if zone.suit is not None:
        suit = zone.suit.name if hasattr(zone.suit, "name") else str(zone.suit)
        out.append(f'<circle cx="{x + width - 14}" cy="{y + 10}" r="13" fill="{palette.face}"/>')
        out.append(_shape(suit, x + width - 23, y + 1, 18, palette))
    out.append("</g>")
    return "".join(out), 16 * len(lines) + 6


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces only (a no-break space holds a number to
    its word, an arrow to its direction).

    >>> _wrap("play goes counter-clockwise\u00a0↺", 27)
    ['play goes', 'counter-clockwise\xa0↺']
    """
    words = [w for w in text.split(" ") if w]
    lines: list[str] = []
    for w in words:
        if lines and len(lines[-1]) + 1 + len(w) <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines or [""]


def _button(code: str, x: float, y: float, width: float, palette: Palette, height: float = 28) -> str:
    return (f'<g class="button" data-move={quoteattr(code)} role="button" tabindex="0" '
            f'aria-label={quoteattr("move: " + code)}><title>{escape(code)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:g}" height="{height:g}" rx="{height / 2:g}" '
            f'fill="{palette.highlight}"/>'
            + _text(x + width / 2, y + height / 2 + 5, code, size=13, weight="bold", anchor="middle", color="#1b1b1b")
            + "</g>")


def _button_places(n: int, top: float, x: float, width: float) -> list[tuple[float, float, float, float]]:
    """Where the side panel's ``n`` move buttons go (x, y, width, height): one above the other at its bottom, below
    its text (which ends at ``top``); in two or more columns when one column would reach the text, and lower
    when even they would (then the text's last lines are covered rather than any button).

    >>> [(y, w) for _, y, w, _ in _button_places(2, 100, 776, 208)]
    [(552.0, 208.0), (588.0, 208.0)]
    >>> len({x for x, _, _, _ in _button_places(9, 420, 776, 208)})
    2
    """
    bottom = H - 16
    columns = 1
    while columns < 3 and bottom - 36 * -(-n // columns) < top:
        columns += 1
    rows = -(-n // columns)
    step = max(26.0, min(36.0, (bottom - top) / max(rows, 1)))
    w = (width - 8 * (columns - 1)) / columns
    first = bottom - step * rows
    return [(x + (i % columns) * (w + 8), first + step * (i // columns), w, step - 8) for i in range(n)]


def draw_scene(scene: TableScene, *, size: float = 1.0, highlight: Iterable[object] = (), last_move: object = None,
               colors: Palette | None = None) -> str:
    """Draw a :class:`TableScene` (what :func:`view_svg` does once the view's family has made the scene).

    >>> scene = TableScene(title="demo", viewer=None, seats=(SeatScene(0, "Ann", 3), SeatScene(1, "Bob", 4)))
    >>> svg = draw_scene(scene)
    >>> 'data-seat="1"' in svg and "Bob" in svg
    True
    """
    palette = _palette(colors)
    marked = _marked(highlight)
    on_table = _marked(highlight, moves=False)  # (a move plays a card of the hand, not its twin on a pile)
    moves = tuple(scene.moves)
    card_moves = _hand_moves(moves)
    last_card = getattr(last_move, "card", None) if last_move is not None else None
    parts = [f'<rect x="0" y="0" width="{W}" height="{H}" rx="14" fill="{palette.table}"/>',
             f'<rect x="{_TABLE_W}" y="0" width="{W - _TABLE_W}" height="{H}" rx="14" fill="{palette.panel}"/>',
             f'<ellipse cx="{_CX}" cy="{_CY}" rx="250" ry="130" fill="none" stroke="{palette.back_accent}" '
             f'stroke-opacity="0.18" stroke-width="2"/>']
    mine = next((s for s in scene.seats if s.mine), None)
    n = len(scene.seats)
    base = mine.seat if mine is not None else 0
    others = [scene.seats[(base + k) % n] for k in range(1 if mine is not None else 0, n)]
    bottom = others.pop(0) if mine is None and others else mine  # a spectator: seat 0 at the bottom, as backs
    places, box_w = _seat_places(len(others))
    position: dict[int, float] = {}  # (each seat's direction from the middle: where its trick card lies)
    for seat, (x, y) in zip(others, places, strict=True):
        position[seat.seat] = math.atan2(_CY - y, x - _CX)
        parts.append(_seat_box(seat, x, y, box_w, palette))
    # the middle of the table
    if scene.centre:
        k = len(scene.centre)
        gap = 40
        start = _CX - (k * CARD_W + (k - 1) * gap) / 2
        for i, zone in enumerate(scene.centre):
            parts.append(_zone_centre(zone, start + i * (CARD_W + gap), _CY - CARD_H / 2 - 8, palette, on_table,
                                      last_card, moves))
    if scene.trick or scene.trick_label:
        faded = ' opacity="0.7"' if scene.trick_done else ""
        out = [f'<g data-zone="trick"{faded}>']
        for who, card in scene.trick:
            angle = -math.pi / 2 if bottom is not None and who == bottom.seat else position.get(who, math.pi / 2)
            x = _CX + 105 * math.cos(angle) - CARD_W / 2
            y = _CY - 62 * math.sin(angle) - CARD_H / 2
            out.append(_card_group(card, x, y, palette, last=card is last_card, zone="trick",
                                   extra=f' data-seat="{who}"'))
        if scene.trick_label:
            out.append(_text(_CX, _CY + 62 + CARD_H / 2 + 18, scene.trick_label, size=13, anchor="middle",
                             color=palette.text))
        out.append("</g>")
        parts.append("".join(out))
    # the bottom seat: the viewer's hand face up (a spectator: seat 0 as backs)
    if bottom is not None:
        hand_y = H - CARD_H - 22
        if bottom.mine:
            title = bottom.name + ("  ▶ to act" if bottom.to_act else "") + (
                "  · " + " · ".join(bottom.notes) if bottom.notes else "")
            parts.append(_text(14, hand_y - 20, title, size=14, weight="bold",
                               color=palette.highlight if bottom.to_act else palette.text))
            cards = bottom.cards
            step = _spacing(len(cards), _TABLE_W - 28)
            width = CARD_W + step * max(len(cards) - 1, 0)
            x0 = _CX - width / 2
            hand = [f'<g data-zone="hand" data-seat="{bottom.seat}" aria-label={quoteattr(_seat_text(bottom))}>']
            for i, c in enumerate(cards):
                hand.append(_card_group(c, x0 + i * step, hand_y, palette, highlight=c in marked,
                                        moves=card_moves.get(c, ()), lift=14 if c in marked else 0, zone="hand"))
            hand.append("</g>")
            parts.append("".join(hand))
        else:
            parts.append(_seat_box(bottom, _CX, hand_y + CARD_H / 2 - 4, box_w, palette))
    # the side panel
    px, pw = _TABLE_W + 16, W - _TABLE_W - 32
    py: float = 14
    head, h = _panel_item(Zone("title", scene.title), px, py, pw, palette, last_card)
    parts.append(head)
    py += h
    if scene.status:
        for line in _wrap(scene.status, 28):
            parts.append(_text(px, py + 14, line, size=13, color=palette.highlight))
            py += 17
        py += 6
    for zone in scene.panel:
        item, h = _panel_item(zone, px, py, pw, palette, last_card)
        parts.append(item)
        py += h + 4
    buttons = [m for m in moves if getattr(m, "card", None) is None]
    for m, (bx, by, bw, bh) in zip(buttons, _button_places(len(buttons), py + 4, px, pw), strict=True):
        parts.append(_button(move_code(m), bx, by, bw, palette, bh))
    label = _scene_label(scene)
    return _document(W, H, size, label, "".join(parts))


def _scene_label(scene: TableScene) -> str:
    """The whole table in words, for screen readers."""
    parts = [scene.title]
    if scene.status:
        parts.append(scene.status)
    for seat in scene.seats:
        if seat.mine:
            names = ", ".join(_label(c, _DEFAULT) for c in seat.cards)
            parts.append(f"your hand ({seat.name}): {names or 'no cards'}")
        else:
            parts.append(_seat_text(seat))
    for zone in (*scene.centre, *scene.panel):
        if zone.cards:
            parts.append(f"{zone.label}: {', '.join(_label(c, _DEFAULT) for c in zone.cards[-1:])}"
                         if zone.key == "discard" else
                         f"{zone.label}: {', '.join(_label(c, _DEFAULT) for c in zone.cards)}")
        elif zone.text or zone.backs:
            parts.append(f"{zone.label}: {zone.text or zone.backs}")
    if scene.trick:
        parts.append("on the table: " + ", ".join(f"seat {s} {_label(c, _DEFAULT)}" for s, c in scene.trick))
    return "; ".join(parts)


def view_svg(view: Any, *, size: float = 1.0, highlight: Iterable[object] = (), last_move: object = None,
             colors: Palette | None = None, names: Sequence[str] | None = None) -> str:
    """A whole table as one player (or a spectator) sees it, from a view of any family.

    The viewer's hand is face up at the bottom, every other hand is drawn as backs with its number of cards; the
    middle shows what lies on the table (Mau-Mau: the stock and the discard pile; Malilla: the trick), the side
    panel the rest (the wished suit, a pending draw, the trump card, the tricks taken, the scores) and a button for
    each legal move that plays no card. Only the view is read, so only what its seat may see is drawn.

    Args:
        view: a player's or a public view (:func:`maumau_rules.views.view`, :func:`~maumau_rules.views.public_view`).
        size: the scale (1: 1000 x 640 pixels).
        highlight: moves (or cards) to mark: usually ``view.legal_moves``.
        last_move: the move just made (its card is ringed on the table).
        colors: the :class:`Palette`.
        names: a name for each seat (default ``seat 0``, ``seat 1`` ...; the viewer's seat says ``you``).

    Raises:
        ArgumentTypeError: ``view`` is no view of a registered family, or a bad option.

    >>> from maumau_rules import new_game, view
    >>> s = new_game("malilla", 4, seed=3)
    >>> v = view(s, s.seat_to_act)
    >>> svg = view_svg(v, highlight=v.legal_moves, names=["Ana", "Bea", "Cruz", "Dani"])
    >>> svg.count('data-move="') >= len(v.legal_moves) and "Bea" in svg and 'data-zone="trump"' in svg
    True
    >>> view_svg(new_game("standard", players=2, seed=1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentTypeError: view_svg draws a view, not ...: pass view(state, seat)
    """
    from .families import families

    if names is not None:
        names = tuple(names)
        if not all(isinstance(n, str) for n in names):
            raise ArgumentTypeError(_("names {names} must be strings, one for each seat").format(names=shown(names)))
    for fam in families():
        if fam.view_kind(view) is not None:
            scene = fam.table_scene(view, names=names)
            return draw_scene(scene, size=size, highlight=highlight, last_move=last_move, colors=colors)
    raise ArgumentTypeError(_("view_svg draws a view, not {type}(...): pass view(state, seat)")
        .format(type=type(view).__name__))


def seat_names(players: int, viewer: int | None, names: Sequence[str] | None) -> tuple[str, ...]:
    """The name shown for each seat: ``names`` when given (one per seat), else ``seat N`` (``you`` for the viewer).

    Raises:
        ArgumentTypeError: ``names`` does not have one name per seat.

    >>> seat_names(3, 1, None), seat_names(2, None, ["Ann", "Bob"])
    (('seat 0', 'you (seat 1)', 'seat 2'), ('Ann', 'Bob'))
    """
    if names is not None:
        if len(names) != players:
            raise ArgumentTypeError(_("names {names} must hold one name for each of {players} seats")
                .format(names=shown(names), players=players))
        return tuple(names)
    return tuple(f"you (seat {p})" if p == viewer else f"seat {p}" for p in range(players))
