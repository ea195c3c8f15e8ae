"""What the learning-environment adapters share: observations built from a view, rewards from round scoring.

Pure Python (no numpy, no extra needed): :class:`ObservationLayout` turns a
player's view (:func:`maumau_rules.views.view`) into a flat list of floats of a fixed length for a variant and a
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
from typing import Any, Protocol

import attrs

from .._compat import moved_attr
from ..cards import Card
from ..errors import VariantError, shown
from ..moves import Move, Play
from ..toolhooks import tools_for
from ..variants import Variant, find_variant
from . import AdapterError

__all__ = [
    "ObservationLayout",
    "ObservationSpec",
    "PublicHistory",
    "Section",
    "distinct_cards",
    "move_limit",
    "resolve_variant",
    "reward_range",
    "reward_sign",
    "round_rewards",
]



def _variant(variant: Variant | str) -> Variant:
    return variant if isinstance(variant, Variant) else find_variant(variant)


def resolve_variant(variant: Variant | str, players: int) -> Variant:
    """The variant (object or name, of any family), checked to seat ``players``.

    Raises:
        VariantError: no variant has that name, or ``players`` is outside its range.

    >>> resolve_variant("prsi", 3).id, resolve_variant("malilla", 4).id
    ('prsi', 'malilla')
    >>> resolve_variant("prsi", 9)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: variant 'prsi' is for 2-5 players, not 9
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
    """The most moves a round of ``variant`` can last (its family's ``move_limit`` hook: Mau-Mau's rule
    R_TURN_LIMIT ends a round there; a Malilla hand is its cards and the questions about a new deal).

    >>> move_limit("standard"), move_limit("malilla")
    (1000, 128)
    """
    v = _variant(variant)
    return int(tools_for(v).move_limit(v))


# ====================================================================== rewards


def reward_sign(variant: Variant | str) -> int:
    """``+1`` when the variant's round points are good for the one who scores them, ``-1`` when they are bad.

    Win points and a winner's collection are good; penalty points (and the points that eliminate a player)
    are bad, so a reward is the points times this sign: higher is always better. A Malilla team scores what it
    takes above half: good.

    >>> reward_sign("standard"), reward_sign("standard-points"), reward_sign("mau-king"), reward_sign("malilla")
    (1, -1, -1, 1)
    """
    v = _variant(variant)
    return int(tools_for(v).reward_sign(v))


def round_rewards(state: Any) -> tuple[float, ...]:
    """Each seat's reward for the finished round ``state`` (its family's ``seat_rewards`` hook): its round
    points (:func:`~maumau_rules.round_points`) times :func:`reward_sign`; in Malilla each seat gets its team's.

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
    if not getattr(state, "is_over", False):
        from ..errors import ArgumentError
        from ..i18n import gettext as _

        raise ArgumentError(_("the round is not over yet: it has no rewards"))
    return tuple(tools_for(state.variant).seat_rewards(state))


def reward_range(variant: Variant | str) -> tuple[float, float]:
    """The lowest and the highest reward a seat can get in one round of ``variant`` (bounds, not always reached).

    >>> reward_range("standard"), reward_range("mau-king"), reward_range("malilla")
    ((0.0, 1.0), (-832.0, 60.0), (0.0, 35.0))
    """
    v = _variant(variant)
    low, high = tools_for(v).reward_range(v)
    return (float(low), float(high))


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


class ObservationSpec(Protocol):
    """What :class:`ObservationLayout` asks of a game family (its ``observation`` hook,
    :mod:`maumau_rules.toolhooks`): the sections of an observation, and how to fill them from a view."""

    cards: tuple[Card, ...]

    def sections(self, private: bool, public: bool, history: bool
                 ) -> list[tuple[str, tuple[int, ...], float, str]]:
        """``(name, shape, largest value, what it holds)`` of each section, in order.

        >>> tools_for("standard").observation(find_variant("standard"), 2).sections(True, False, False)[0][0]
        'hand'
        """

    def encode(self, view: Any, seat: int, history: PublicHistory | None, buf: list[float],
               offsets: dict[str, int]) -> None:
        """Fill ``buf`` (zeros, laid out by ``offsets``, the start of each section) with ``seat``'s observation.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> buf = [0.0] * 32
        >>> tools_for("standard").observation(find_variant("standard"), 2).encode(view(new_game("standard", 2, seed=1), 0), 0, None, buf, {"hand": 0})
        >>> sum(buf)
        6.0
        """


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
    spec: ObservationSpec = attrs.field(repr=False, eq=False, hash=False)
    """The family's observation hook that fills the sections (:class:`ObservationSpec`)."""
    _index: dict[Card, int] = attrs.field(init=False, repr=False, eq=False, hash=False)
    _offsets: dict[str, int] = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(self.cards)})
        object.__setattr__(self, "_offsets", {s.name: s.offset for s in self.sections})

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
        spec: ObservationSpec = tools_for(v).observation(v, players)
        sections: list[Section] = []
        offset = 0
        for name, shape, high, doc in spec.sections(private, public, history):
            sections.append(Section(name, offset, shape, high, doc))
            offset += math.prod(shape)
        return cls(v, players, tuple(spec.cards), tuple(sections), spec)

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

    def record(self, history: PublicHistory, seat: int, move: Move, before: Any,
               after: Any) -> PublicHistory:
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

    def encode(self, view: Any, *, seat: int | None = None,
               history: PublicHistory | None = None) -> list[float]:
        """The flat observation of ``view`` (a list of :attr:`size` floats).

        Args:
            view: a player's view (a public view will do when the layout has no private part).
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
            if not hasattr(view, "seat"):
                raise AdapterError("a public view needs the observer's seat: pass seat=")
            seat = view.seat
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise AdapterError(f"no seat {shown(seat)} in a game of {n} players")
        if "hand" in off and not hasattr(view, "hand"):
            raise AdapterError("this layout has a private part: it needs a player's view, not a public one")
        if history is None and "played_by" in off:
            raise AdapterError("this layout has a history part: pass the round's public history")
        buf = [0.0] * self.size
        self.spec.encode(view, seat, history, buf, off)
        return buf

    def table(self) -> list[tuple[str, int, str, str]]:
        """Each section as ``(name, offset, shape, what it holds)``, for documentation.

        >>> ObservationLayout.for_variant("standard", 2).table()[0]
        ('hand', 0, '32', 'copies of each card in my hand')
        """
        return [(s.name, s.offset, " x ".join(str(x) for x in s.shape), s.doc) for s in self.sections]


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (Mau-Mau's ``MauMauObservation``): served for one release with a
    :class:`DeprecationWarning` (docs/stability.rst).

    >>> __getattr__("no_such_name")
    Traceback (most recent call last):
    ...
    AttributeError: module 'maumau_rules.adapters.encoding' has no attribute 'no_such_name'
    """
    return moved_attr(__name__, name)
