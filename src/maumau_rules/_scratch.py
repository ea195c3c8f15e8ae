"""The engine's mutable scratch copy of a state, used inside one transition (an engine detail).

It lives in a module of its own so that the engine module can be compiled (see ``bench/compile.py``)
while this class stays an ordinary Python class whose ``__dict__`` can be handed over.

>>> from maumau_rules import new_game
>>> s = new_game("standard", players=2, seed=1)
>>> n = object.__new__(Scratch); n.__dict__ = dict(s.__dict__)
>>> got = n.draw(0, 1, s.variant.ruleset); len(got), n._hm != s._hm
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .cards import Card, Suit
from .moves import Call
from .zones import draw_cards

if TYPE_CHECKING:
    from .rules.compiled import Ruleset
    from .state import EndReason, Phase
    from .variants import Variant

__all__ = ["Scratch", "calls_after_draw", "with_call", "with_cards"]


class Scratch:
    """Mutable scratch copy of a state's fields, used inside one transition and then frozen.

    It is made by copying the state's ``__dict__`` (one C-level dict copy) and frozen by handing
    that dict to a new :class:`GameState`: no field is copied one by one and no attrs ``__init__``
    runs. Only the engine makes states this way; hands live in the integer ``_hm``.
    """

    variant: Variant
    _hm: int
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    seat_to_act: int
    direction: int
    dealer: int
    phase: Phase
    pending_draw: int
    penalty_stack: tuple[Card, ...]
    pending_skip: int
    wished_suit: Suit | None
    any_card: bool
    drawn: Card | None
    turn_plays: tuple[Card, ...]
    announced: tuple[Call | None, ...]
    missed_call: int | None
    fresh: bool
    passes: int
    turn: int
    rng: int
    winner: int | None
    end: EndReason | None

    def draw(self, seat: int, n: int, rs: Ruleset) -> tuple[Card, ...]:
        """Move up to ``n`` cards from the stock to ``seat``, reshuffling the discard pile when needed.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=1)
        >>> n = object.__new__(Scratch); n.__dict__ = dict(s.__dict__)
        >>> len(n.draw(1, 2, s.variant.ruleset)), len(n.stock) == len(s.stock) - 2
        (2, True)
        """
        got, self.stock, self.discard, self.rng = draw_cards(self.stock, self.discard, n, self.rng, rs.reshuffle)
        if got:
            self._hm = with_cards(rs, self._hm, seat, got)
            self.announced = calls_after_draw(rs, self.announced, seat)
        return got

    def set_call(self, seat: int, call: Call | None) -> None:
        """Set ``seat``'s standing call.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=1)
        >>> n = object.__new__(Scratch); n.__dict__ = dict(s.__dict__)
        >>> n.set_call(1, Call.MAU); n.announced
        (None, <Call.MAU: 'mau'>)
        """
        self.announced = with_call(self.announced, seat, call)


def with_cards(rs: Ruleset, hm: int, seat: int, cards: Iterable[Card]) -> int:
    """The integer of all hands ``hm`` with ``cards`` added to ``seat``'s hand (:mod:`maumau_rules.handmask`).

    >>> from maumau_rules import find_variant
    >>> from maumau_rules.cards import parse_cards
    >>> from maumau_rules.handmask import cards_of
    >>> rs = find_variant("standard").ruleset
    >>> hm = with_cards(rs, 0, 1, parse_cards("8h 7h"))
    >>> cards_of(hm >> rs.shifts[1], rs.width) == parse_cards("7h 8h"), hm & rs.seat_full
    (True, 0)
    """
    unit = rs.seat_unit[seat]
    for card in cards:
        hm += unit[card]
    return hm


def with_call(announced: tuple[Call | None, ...], seat: int, call: Call | None) -> tuple[Call | None, ...]:
    """The standing calls with ``seat``'s replaced by ``call``.

    >>> with_call((None, None), 1, Call.MAU)
    (None, <Call.MAU: 'mau'>)
    """
    calls = list(announced)
    calls[seat] = call
    return tuple(calls)


def calls_after_draw(rs: Ruleset, announced: tuple[Call | None, ...], seat: int) -> tuple[Call | None, ...]:
    """The standing calls after ``seat`` drew a card: its call lapses where R_ANNOUNCE says so.

    >>> from maumau_rules import find_variant
    >>> calls_after_draw(find_variant("mau-king").ruleset, (Call.MAU, None), 0)
    (None, None)
    >>> calls_after_draw(find_variant("standard").ruleset, (Call.MAU, None), 0)
    (<Call.MAU: 'mau'>, None)
    """
    if rs.calls_lapse and announced[seat] is not None:
        return with_call(announced, seat, None)
    return announced
