"""What the learning-environment adapters share: observations built from a view, rewards from round scoring.

Pure Python (no numpy, no extra needed): :class:`ObservationLayout` turns a
:class:`~maumau_rules.views.PlayerView` into a flat list of floats of a fixed length for a variant and a
player count; each adapter wraps that list in its library's array type. The layout reads nothing but the
view (and, for OpenSpiel's information state, the :class:`PublicHistory` of moves every player saw), so
an observation can never hold a hidden card.

Seats in an observation are *relative*: index 0 is the observer, 1 the next seat (seat + 1), and so on.

>>> from maumau_rules import new_game
>>> from maumau_rules.views import view
>>> layout = ObservationLayout.for_variant("standard", players=2)
>>> layout.size, [s.name for s in layout.sections][:3]
(183, ['hand', 'drawn', 'top_card'])
>>> s = new_game("standard", players=2, seed=1)
>>> obs = layout.encode(view(s, 0))
>>> len(obs) == layout.size and sum(layout.split(obs)["hand"]) == len(s.hands[0])
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import attrs

from ..cards import FRENCH_SUITS, Card
from ..errors import VariantError, shown
from ..moves import Call, Move, Play
from ..scoring import round_points
from ..state import GameState, Phase
from ..variants import Variant, find_variant
from ..views import PlayerView, PublicView
from . import AdapterError

__all__ = [
    "ObservationLayout",
    "PublicHistory",
    "Section",
    "distinct_cards",
    "move_limit",
    "resolve_variant",
    "reward_range",
    "reward_sign",
    "round_rewards",
]

_SUITS: Final = FRENCH_SUITS
_PHASES: Final = (Phase.PLAY, Phase.DRAWN, Phase.SERIES)
_CALLS: Final = (Call.MAU, Call.MAU_MAU)


def _variant(variant: Variant | str) -> Variant:
    v = variant if isinstance(variant, Variant) else find_variant(variant)
    if v.family != "maumau":
        raise VariantError(f"the adapters play Mau-Mau variants; {v.id!r} is of the {v.family!r} family")
    return v


def resolve_variant(variant: Variant | str, players: int) -> Variant:
    """The variant (object or name), checked to seat ``players``: a Mau-Mau variant (the observation layout
    encodes Mau-Mau states; Malilla is not played through the adapters).

    Raises:
        VariantError: no variant has that name, it is not a Mau-Mau variant, or ``players`` is outside its range.

    >>> resolve_variant("prsi", 3).id
    'prsi'
    >>> resolve_variant("prsi", 9)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: variant 'prsi' is for 2-5 players, not 9
    >>> resolve_variant("malilla", 4)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: the adapters play Mau-Mau variants; 'malilla' is of the 'malilla' family
    """
    v = _variant(variant)
    low, high = v.players
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise VariantError(f"variant {v.id!r} is for {low}-{high} players, not {shown(players)}")
    return v


def distinct_cards(variant: Variant | str) -> tuple[Card, ...]:
    """Each distinct card of the variant's deck once, in deck order (suit, then rank; Jokers last).

    This is the card order of every card-indexed part of an observation, and of the play actions of
    :mod:`maumau_rules.actions`.

    >>> cards = distinct_cards("pesten")
    >>> len(cards), str(cards[0]), str(cards[-1])
    (53, '2♣', 'Joker')
    """
    v = _variant(variant)
    return tuple(dict.fromkeys(v.deck.cards()))


def move_limit(variant: Variant | str) -> int:
    """The most moves a round of ``variant`` can last (rule R_TURN_LIMIT ends it there).

    >>> move_limit("standard")
    1000
    """
    return int(_variant(variant).plan.max_moves)


# ====================================================================== rewards


def reward_sign(variant: Variant | str) -> int:
    """``+1`` when the variant's round points are good for the one who scores them, ``-1`` when they are bad.

    Win points and a winner's collection are good; penalty points (and the points that eliminate a player)
    are bad, so a reward is the points times this sign: higher is always better.

    >>> reward_sign("standard"), reward_sign("standard-points"), reward_sign("mau-king")
    (1, -1, -1)
    """
    scoring = _variant(variant).plan.scoring
    return -1 if scoring is not None and not scoring.higher_is_better else 1


def round_rewards(state: GameState) -> tuple[float, ...]:
    """Each seat's reward for the finished round ``state``: its round points (:func:`~maumau_rules.round_points`)
    times :func:`reward_sign`.

    Raises:
        MauMauError: the round is not over.

    >>> from maumau_rules import apply, legal_moves, new_game
    >>> s = new_game("standard-points", players=2, seed=3)
    >>> while not s.is_over:
    ...     s = apply(s, legal_moves(s)[0])
    >>> rewards = round_rewards(s)
    >>> rewards[s.winner], min(rewards) < 0
    (0.0, True)
    """
    sign = reward_sign(state.variant)
    return tuple(float(sign * p) for p in round_points(state))


def reward_range(variant: Variant | str) -> tuple[float, float]:
    """The lowest and the highest reward a seat can get in one round of ``variant`` (bounds, not always reached).

    >>> reward_range("standard"), reward_range("mau-king")
    ((0.0, 1.0), (-832.0, 60.0))
    """
    v = _variant(variant)
    plan = v.plan
    if plan.scoring is None:
        return (0.0, 1.0)
    low, high = plan.scoring.point_bounds(plan)
    low, high = low * plan.most_multiplier if low < 0 else low, high * plan.most_multiplier
    a, b = sorted((float(reward_sign(v) * low), float(reward_sign(v) * high)))
    return (a, max(b, a + 1.0))  # never an empty range (OpenSpiel needs min < max), e.g. if no card scores


# ====================================================================== observations


@attrs.frozen
class Section:
    """One named part of an observation: where it starts in the flat list, its shape, its largest value.

    >>> Section("hand", 0, (32,), 1.0, "copies of each card in my hand").size
    32
    """

    name: str
    """The part's name (also a key of :meth:`ObservationLayout.split` and of OpenSpiel's observation dict)."""
    offset: int
    """Index of its first entry in the flat observation."""
    shape: tuple[int, ...]
    """Its shape (entries are stored in row-major order)."""
    high: float
    """The largest value an entry can hold (the smallest is always 0)."""
    doc: str
    """What it holds."""

    @property
    def size(self) -> int:
        """The number of entries.

        >>> Section("announced", 10, (3, 2), 1.0, "calls").size
        6
        """
        return math.prod(self.shape)


@attrs.frozen
class PublicHistory:
    """What every player at the table has seen happen in a round: the cards each seat played, and how many cards
    each seat drew (from the public hand sizes). Seats are absolute here; observations make them relative.

    Build it with :meth:`ObservationLayout.start_history` and :meth:`ObservationLayout.record`.

    >>> h = ObservationLayout.for_variant("standard", 2, history=True).start_history()
    >>> h.drawn, len(h.played), len(h.played[0])
    ((0, 0), 2, 32)
    """

    played: tuple[tuple[int, ...], ...]
    """``played[seat][i]``: how often ``seat`` played the ``i``-th distinct card this round."""
    drawn: tuple[int, ...]
    """``drawn[seat]``: how many cards ``seat`` drew this round."""


def _section_specs(players: int, distinct: int, copies: float, deck: float, moves: float, private: bool,
                   public: bool, history: bool) -> list[tuple[str, tuple[int, ...], float, str]]:
    n, d = players, distinct
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


@attrs.frozen
class ObservationLayout:
    """The fixed layout of the observations of one variant at one player count.

    Build it with :meth:`for_variant`. :meth:`encode` fills it from a view; :meth:`split` cuts a flat
    observation back into its named :class:`Section` s; :meth:`high` gives each entry's largest value.

    >>> layout = ObservationLayout.for_variant("prsi", players=3)
    >>> layout.section("hand_sizes")
    Section(name='hand_sizes', offset=173, shape=(3,), high=32.0, doc='cards in each hand, by relative seat')
    """

    variant: Variant
    """The variant."""
    players: int
    """The number of seats."""
    cards: tuple[Card, ...]
    """The distinct cards of the deck, in the order of every card-indexed section."""
    sections: tuple[Section, ...]
    """The sections, in order; together they cover the flat observation."""
    _index: dict[Card, int] = attrs.field(init=False, repr=False, eq=False, hash=False)
    _offsets: dict[str, int] = attrs.field(init=False, repr=False, eq=False, hash=False)
    _deck_size: float = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(self.cards)})
        object.__setattr__(self, "_offsets", {s.name: s.offset for s in self.sections})
        object.__setattr__(self, "_deck_size", float(self.variant.deck.size))

    @classmethod
    def for_variant(cls, variant: Variant | str, players: int, *, private: bool = True, public: bool = True,
                    history: bool = False) -> ObservationLayout:
        """The layout for ``variant`` (object or name) with ``players`` seats.

        Args:
            variant: the variant or its name.
            players: the number of seats.
            private: include the observer's own cards (``hand``, ``drawn``).
            public: include what the whole table sees (top card, wish, penalties, hand sizes ...).
            history: include the :class:`PublicHistory` summary (``played_by``, ``cards_drawn``).

        Raises:
            VariantError: unknown variant, or a player count outside its range.
            AdapterError: every part left out.

        >>> ObservationLayout.for_variant("standard", 2).size
        183
        >>> ObservationLayout.for_variant("standard", 2, history=True).size
        249
        >>> ObservationLayout.for_variant("standard", 2, private=False, public=False)
        Traceback (most recent call last):
        ...
        maumau_rules.adapters.AdapterError: an observation needs at least one part: private, public or history
        """
        v = resolve_variant(variant, players)
        if not (private or public or history):
            raise AdapterError("an observation needs at least one part: private, public or history")
        cards = distinct_cards(v)
        all_cards = v.deck.cards()
        copies = float(max(all_cards.count(c) for c in cards))
        specs = _section_specs(players, len(cards), copies, float(len(all_cards)), float(move_limit(v)), private,
                               public, history)
        sections: list[Section] = []
        offset = 0
        for name, shape, high, doc in specs:
            sections.append(Section(name, offset, shape, high, doc))
            offset += math.prod(shape)
        return cls(v, players, cards, tuple(sections))

    @property
    def size(self) -> int:
        """The length of the flat observation.

        >>> ObservationLayout.for_variant("mau-king", 8).size
        313
        """
        last = self.sections[-1]
        return last.offset + last.size

    def section(self, name: str) -> Section:
        """The section called ``name``.

        Raises:
            AdapterError: this layout has no such section.

        >>> ObservationLayout.for_variant("standard", 2).section("wished_suit").shape
        (4,)
        >>> ObservationLayout.for_variant("standard", 2).section("played_by")
        Traceback (most recent call last):
        ...
        maumau_rules.adapters.AdapterError: no section 'played_by' in this layout: it has hand, drawn, ...
        """
        for s in self.sections:
            if s.name == name:
                return s
        raise AdapterError(f"no section {name!r} in this layout: it has {', '.join(s.name for s in self.sections)}")

    def high(self) -> list[float]:
        """The largest value of each entry (the smallest is 0): the bounds of a gymnasium ``Box``.

        >>> ObservationLayout.for_variant("standard", 2).high()[:2]
        [1.0, 1.0]
        """
        out: list[float] = []
        for s in self.sections:
            out.extend([s.high] * s.size)
        return out

    def split(self, values: Sequence[float]) -> dict[str, list[float]]:
        """Cut a flat observation into its sections (each a flat list, row-major).

        Raises:
            AdapterError: ``values`` does not have :attr:`size` entries.

        >>> layout = ObservationLayout.for_variant("standard", 2)
        >>> layout.split([0.0] * layout.size)["direction"]
        [0.0]
        """
        if len(values) != self.size:
            raise AdapterError(f"an observation of this layout has {self.size} entries, not {len(values)}")
        return {s.name: [float(x) for x in values[s.offset:s.offset + s.size]] for s in self.sections}

    def start_history(self) -> PublicHistory:
        """The public history of a round before its first move.

        >>> ObservationLayout.for_variant("standard", 3).start_history().drawn
        (0, 0, 0)
        """
        zeros = (0,) * len(self.cards)
        return PublicHistory(played=(zeros,) * self.players, drawn=(0,) * self.players)

    def record(self, history: PublicHistory, seat: int, move: Move, before: PublicView,
               after: PublicView) -> PublicHistory:
        """``history`` after ``seat`` made ``move``, which took the table from ``before`` to ``after`` (two
        public views, or player views: only their public fields are read).

        >>> from maumau_rules import apply, new_game, Draw
        >>> from maumau_rules.views import public_view
        >>> layout = ObservationLayout.for_variant("standard", 2, history=True)
        >>> s = new_game("standard", 2, seed=1)
        >>> t = apply(s, Draw())
        >>> layout.record(layout.start_history(), s.seat_to_act, Draw(), public_view(s), public_view(t)).drawn
        (1, 0)
        """
        played = history.played
        if isinstance(move, Play):
            i = self._index[move.card]
            row = list(played[seat])
            row[i] += 1
            played = (*played[:seat], tuple(row), *played[seat + 1:])
        grown = [max(0, b - a) for a, b in zip(before.hand_sizes, after.hand_sizes, strict=True)]
        drawn = history.drawn
        if any(grown):
            drawn = tuple(d + g for d, g in zip(drawn, grown, strict=True))
        return PublicHistory(played=played, drawn=drawn)

    def encode(self, view: PublicView, *, seat: int | None = None,
               history: PublicHistory | None = None) -> list[float]:
        """The flat observation of ``view`` (a list of :attr:`size` floats).

        Args:
            view: a :class:`~maumau_rules.views.PlayerView` (a :class:`~maumau_rules.views.PublicView` will
                do when the layout has no private part).
            seat: the observer's seat, the origin of relative seats (default: the view's seat).
            history: the round's public history, for a layout with the history part.

        Raises:
            AdapterError: the view is of another variant or player count, the layout needs a player's view
                or a history that is missing, or no observer seat is known.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> layout = ObservationLayout.for_variant("standard", 2)
        >>> s = new_game("standard", 2, seed=1)
        >>> parts = layout.split(layout.encode(view(s, 1)))
        >>> parts["to_act"], parts["hand_sizes"]
        ([0.0, 1.0], [6.0, 6.0])
        """
        n = self.players
        if view.variant != self.variant.id or len(view.hand_sizes) != n:
            raise AdapterError(f"a view of {view.variant!r} with {len(view.hand_sizes)} players does not fit the "
                               f"layout of {self.variant.id!r} with {n} players")
        off = self._offsets
        if seat is None:
            if not isinstance(view, PlayerView):
                raise AdapterError("a public view needs the observer's seat: pass seat=")
            seat = view.seat
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise AdapterError(f"no seat {shown(seat)} in a game of {n} players")
        idx = self._index
        buf = [0.0] * self.size
        if "hand" in off:
            if not isinstance(view, PlayerView):
                raise AdapterError("this layout has a private part: it needs a player's view, not a public one")
            base = off["hand"]
            for c in view.hand:
                buf[base + idx[c]] += 1.0
            if view.drawn is not None:
                buf[off["drawn"] + idx[view.drawn]] = 1.0
        if "top_card" in off:
            self._encode_public(view, seat, buf)
        if "played_by" in off:
            if history is None:
                raise AdapterError("this layout has a history part: pass the round's public history")
            base, d = off["played_by"], len(self.cards)
            for k in range(n):
                row = history.played[(seat + k) % n]
                start = base + k * d
                buf[start:start + d] = [float(x) for x in row]
            base = off["cards_drawn"]
            for k in range(n):
                buf[base + k] = float(history.drawn[(seat + k) % n])
        return buf

    def _encode_public(self, view: PublicView, seat: int, buf: list[float]) -> None:
        off = self._offsets
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

    def table(self) -> list[tuple[str, int, str, str]]:
        """Each section as ``(name, offset, shape, what it holds)``, for documentation.

        >>> ObservationLayout.for_variant("standard", 2).table()[0]
        ('hand', 0, '32', 'copies of each card in my hand')
        """
        return [(s.name, s.offset, " x ".join(str(x) for x in s.shape), s.doc) for s in self.sections]
