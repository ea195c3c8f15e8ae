"""Mau-Mau's observations for the learning adapters (its family's ``observation`` hook,
:mod:`maumau_rules.adapters.encoding`): the sections of a Mau-Mau round's observation, filled from a view only.

>>> from maumau_rules import find_variant
>>> [name for name, *_ in MauMauObservation(find_variant("standard"), 2).sections(True, True, False)][:3]
['hand', 'drawn', 'top_card']
"""

from __future__ import annotations

from typing import Any, Final

from ...adapters.encoding import PublicHistory
from ...cards import FRENCH_SUITS, Card
from ...moves import Call
from ...variants import Variant, find_variant  # noqa: F401  (the examples use find_variant)
from .state import Phase
from .views import PublicView

__all__ = ["MauMauObservation"]

_SUITS: Final = FRENCH_SUITS
_PHASES: Final = (Phase.PLAY, Phase.DRAWN, Phase.SERIES)
_CALLS: Final = (Call.MAU, Call.MAU_MAU)


class MauMauObservation:
    """The observation sections of a Mau-Mau round (Mau-Mau's ``observation`` hook), and how to fill them.

    >>> spec = MauMauObservation(find_variant("standard"), 2)
    >>> [name for name, *_ in spec.sections(True, False, False)]
    ['hand', 'drawn']
    """

    def __init__(self, variant: Variant, players: int) -> None:
        self.variant = variant
        self.players = players
        self.cards: tuple[Card, ...] = tuple(dict.fromkeys(variant.deck.cards()))
        self._index = {c: i for i, c in enumerate(self.cards)}
        all_cards = variant.deck.cards()
        self._copies = float(max(all_cards.count(c) for c in self.cards))
        self._deck_size = float(len(all_cards))
        self._moves = float(variant.plan.max_moves)

    def sections(self, private: bool, public: bool, history: bool
                 ) -> list[tuple[str, tuple[int, ...], float, str]]:
        """The sections, in order.

        >>> len(MauMauObservation(find_variant("standard"), 2).sections(True, True, True))
        19
        """
        n, d = self.players, len(self.cards)
        copies, deck, moves = self._copies, self._deck_size, self._moves
        specs: list[tuple[str, tuple[int, ...], float, str]] = []
        if private:
            specs += [
                ("hand", (d,), copies, "copies of each card in my hand"),
                ("drawn", (d,), 1.0, "the card I drew this turn (one-hot; zeros if none)"),
            ]
        if public:
            specs += [
                ("top_card", (d,), 1.0, "the top card of the discard pile (one-hot)"),
                ("discard", (d,), copies, "copies of each card in the face-up discard pile (top card included)"),
                ("series", (d,), copies, "copies of each card the player to act has played this turn"),
                ("wished_suit", (4,), 1.0, "the wished suit in force, one-hot in the order ♣ ♠ ♥ ♦ (zeros if none)"),
                ("any_card", (1,), 1.0, "1 when any card may be played on the top card"),
                ("pending_draw", (1,), deck, "cards the player to act must draw unless he passes the penalty on"),
                ("pending_skip", (1,), deck, "passable skips facing the player to act"),
                ("direction", (1,), 1.0, "1 when play goes to seat + 1 (clockwise), 0 when it goes to seat - 1"),
                ("phase", (3,), 1.0, "where the player to act stands, one-hot: play, drawn, series (zeros: over)"),
                ("stock_size", (1,), deck, "cards left in the stock"),
                ("moves_played", (1,), moves, "moves made so far this round (the round ends at the move limit)"),
                ("hand_sizes", (n,), deck, "cards in each hand, by relative seat"),
                ("to_act", (n,), 1.0, "the seat to act, one-hot by relative seat"),
                ("announced", (n, 2), 1.0, "each relative seat's standing call: mau, maumau"),
                ("missed_call", (n,), 1.0, "the relative seats that can be called out (ones; zeros if none)"),
            ]
        if history:
            specs += [
                ("played_by", (n, d), moves, "how often each relative seat played each card this round"),
                ("cards_drawn", (n,), moves, "how many cards each relative seat drew this round"),
            ]
        return specs

    def encode(self, view: Any, seat: int, history: PublicHistory | None, buf: list[float],
               offsets: dict[str, int]) -> None:
        """Fill ``buf`` with ``seat``'s observation of ``view``.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> spec = MauMauObservation(find_variant("standard"), 2)
        >>> buf = [0.0] * 32
        >>> spec.encode(view(new_game("standard", 2, seed=1), 0), 0, None, buf, {"hand": 0}); sum(buf)
        6.0
        """
        off = offsets
        idx = self._index
        n = self.players
        if "hand" in off:
            base = off["hand"]
            for c in view.hand:
                buf[base + idx[c]] += 1.0
            if view.drawn is not None and "drawn" in off:
                buf[off["drawn"] + idx[view.drawn]] = 1.0
        if "top_card" in off:
            self._encode_public(view, seat, buf, off)
        if "played_by" in off:
            assert history is not None
            base, d = off["played_by"], len(self.cards)
            for k in range(n):
                row = history.played[(seat + k) % n]
                start = base + k * d
                buf[start:start + d] = [float(x) for x in row]
            base = off["cards_drawn"]
            for k in range(n):
                buf[base + k] = float(history.drawn[(seat + k) % n])

    def _encode_public(self, view: PublicView, seat: int, buf: list[float], off: dict[str, int]) -> None:
        idx = self._index
        n = self.players
        discard = view.discard
        buf[off["top_card"] + idx[discard[-1]]] = 1.0
        base = off["discard"]
        for c in discard:
            buf[base + idx[c]] += 1.0
        base = off["series"]
        for c in view.series:
            buf[base + idx[c]] += 1.0
        if view.wished_suit is not None:
            buf[off["wished_suit"] + _SUITS.index(view.wished_suit)] = 1.0
        deck = self._deck_size
        buf[off["any_card"]] = 1.0 if view.any_card else 0.0
        buf[off["pending_draw"]] = min(float(view.pending_draw), deck)
        buf[off["pending_skip"]] = min(float(view.pending_skip), deck)
        buf[off["direction"]] = 1.0 if view.direction > 0 else 0.0
        if view.phase in _PHASES:
            buf[off["phase"] + _PHASES.index(view.phase)] = 1.0
        buf[off["stock_size"]] = float(view.stock_size)
        buf[off["moves_played"]] = float(view.turn)
        sizes, to_act, ann, missed = off["hand_sizes"], off["to_act"], off["announced"], off["missed_call"]
        for k in range(n):
            s = (seat + k) % n
            buf[sizes + k] = float(view.hand_sizes[s])
            call = view.announced[s]
            if call is not None:
                buf[ann + 2 * k + _CALLS.index(call)] = 1.0
        buf[to_act + (view.seat_to_act - seat) % n] = 1.0
        for w in view.windows:
            buf[missed + (w.offender - seat) % n] = 1.0
