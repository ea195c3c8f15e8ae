"""What one Malilla player (or a spectator) may see, built by allow-list.

A view copies only the fields named in :func:`_public_fields`: the trump card (shown to everyone at the deal),
the trick on the table, the tricks taken with their cards, each seat's number of cards, the scores and the
bonuses; a player's view adds his own hand and, on his turn, his legal moves. Nothing else can reach it: not
the other hands (partners see nothing of each other's cards), not the random state.
:func:`maumau_rules.views.view` and :func:`~maumau_rules.views.public_view` send a Malilla state here.

>>> from maumau_rules.families.malilla.engine import new_hand
>>> s = new_hand("malilla", seed=1, dealer=0)
>>> v = view(s, player=2)
>>> v.hand == s.hands[2] and v.trump_card == s.trump_card and v.hand_sizes == (10, 10, 10, 10)
True
>>> "hands" in v.to_json() or "rng" in v.to_json()
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from ...cards import Card, Suit
from ...errors import SeatError, shown
from ...moves import Move
from ...reasons import Reason
from ...state import EndReason
from ...variants import Variant, find_variant
from .plan import SEATS
from .state import MalillaState, Stage, Trick

__all__ = ["PLAYER_VIEW_TAG", "PUBLIC_VIEW_TAG", "MalillaPlayerView", "MalillaPublicView", "public_view", "view", "views",
           "views_json"]

PLAYER_VIEW_TAG: Final = "malilla-player-view"
"""The ``"type"`` of a player's view's JSON."""
PUBLIC_VIEW_TAG: Final = "malilla-public-view"
"""The ``"type"`` of a public view's JSON."""


@attrs.frozen
class MalillaPublicView:
    """What everyone at the table can see (spectators included).

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> pv = public_view(new_hand("malilla", seed=1))
    >>> pv.players, sum(pv.hand_sizes), pv.trump is pv.trump_card.suit
    (4, 40, True)
    """

    variant: str
    """The variant's ID."""
    turn: int
    """The state version (echo it with a move so that stale moves are detected)."""
    stage: Stage
    """Where the hand stands."""
    seat_to_act: int
    """Whose move it is."""
    dealer: int
    """The dealer."""
    trump_card: Card
    """The dealer's last card, turned up at the deal: its suit is trump."""
    leader: int
    """Who leads (or led) the current trick."""
    trick: tuple[Card, ...]
    """The current trick so far, the led card first."""
    tricks: tuple[Trick, ...]
    """The finished tricks, with their cards, leader, winner and points."""
    hand_sizes: tuple[int, ...]
    """Each seat's number of cards."""
    asker: int | None
    """Who asked for a new deal, while his partner answers."""
    scores: tuple[int, ...]
    """Each team's match score: before this hand, plus the bonus it scored at the deal (not the held-back one)."""
    bonus: tuple[int, ...]
    """Each team's bonus from this deal (trump card, Albur)."""
    deferred: tuple[bool, ...]
    """For each team, whether its bonus is held back until the end of the hand."""
    albur: tuple[Card, ...]
    """The two Albur cards (the dealer's, his right-hand player's), or empty."""
    round_no: int
    """The hand's number in its match."""
    winner: int | None
    """The team that won the hand, once it is over."""
    end: EndReason | None
    """How the hand ended."""
    offender: int | None
    """A seat whose broken rule stopped the hand (table play)."""
    breach: Reason | None
    """The reason code of that broken rule."""
    _rules: Variant | None = attrs.field(default=None, eq=False, hash=False, repr=False, alias="rules")
    """The variant itself (not part of the view's value or JSON)."""

    @property
    def rules(self) -> Variant:
        """The variant's rules: the variant object the view was made from, or the registered one of its ID.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> public_view(new_hand("malilla", seed=1)).rules.id
        'malilla'
        """
        return self._rules if self._rules is not None else find_variant(self.variant)

    @property
    def players(self) -> int:
        """The number of seats.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> public_view(new_hand("malilla", seed=1)).players
        4
        """
        return len(self.hand_sizes)

    @property
    def trump(self) -> Suit:
        """The trump suit.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> s = new_hand("malilla", seed=1); public_view(s).trump is s.trump
        True
        """
        suit = self.trump_card.suit
        assert suit is not None
        return suit

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> public_view(new_hand("malilla", seed=1)).is_over
        False
        """
        return self.end is not None

    @property
    def points(self) -> tuple[int, ...]:
        """Each team's points taken so far in this hand (from the tricks everyone saw).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> public_view(new_hand("malilla", seed=1)).points
        (0, 0)
        """
        out = [0, 0]
        for t in self.tricks:
            out[t.winner & 1] += t.points
        return tuple(out)

    def played(self) -> frozenset[Card]:
        """Every card played so far in this hand (the tricks and the current trick).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> public_view(new_hand("malilla", seed=1)).played()
        frozenset()
        """
        return frozenset(self.trick).union(*(t.cards for t in self.tricks))

    def _repr_svg_(self) -> str:
        """The table as this view shows it, an SVG picture (Jupyter shows it; :func:`maumau_rules.svg.view_svg`,
        with the legal moves marked).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> s = new_hand("malilla", seed=1)
        >>> svg = view(s, 0)._repr_svg_()
        >>> svg.startswith("<svg") and all(c.ascii in svg for c in s.hands[0])
        True
        """
        from ...svg import view_svg

        return view_svg(self, highlight=getattr(self, "legal_moves", ()))

    def to_json(self) -> dict[str, Any]:
        """The view as a dict of JSON types (versioned; its schema is in :mod:`maumau_rules.schemas`).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> d = public_view(new_hand("malilla", seed=1)).to_json()
        >>> d["type"], d["hand_sizes"]
        ('malilla-public-view', [10, 10, 10, 10])
        """
        from ...notation import to_json

        return to_json(self)


@attrs.frozen
class MalillaPlayerView(MalillaPublicView):
    """What one seat may see: the public view, plus its own hand and (on its turn) its legal moves.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> s = new_hand("malilla", seed=1)
    >>> pv = view(s, 0)
    >>> pv.seat, len(pv.hand), pv.to_json()["type"]
    (0, 10, 'malilla-player-view')
    """

    seat: int = 0
    """The seat this view is for."""
    hand: tuple[Card, ...] = ()
    """The seat's own hand."""
    legal_moves: tuple[Move, ...] = ()
    """This seat's legal moves (empty when it is not this seat's turn)."""

    @property
    def team(self) -> int:
        """This seat's team (0: seats 0 and 2; 1: seats 1 and 3).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> view(new_hand("malilla", seed=1), 3).team
        1
        """
        return self.seat & 1

    @property
    def partner(self) -> int:
        """This seat's partner, across the table.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> view(new_hand("malilla", seed=1), 3).partner
        1
        """
        return (self.seat + 2) % SEATS


def _public_fields(state: MalillaState) -> dict[str, Any]:
    """The allow-list: every field a view may hold, each copied from a public part of ``state``."""
    visible = tuple(s + (0 if held else b) for s, b, held in zip(state.scores, state.bonus, state.deferred, strict=True))
    return {
        "variant": state.variant.id,
        "rules": state.variant,
        "turn": state.turn,
        "stage": state.stage,
        "seat_to_act": state.seat_to_act,
        "dealer": state.dealer,
        "trump_card": state.trump_card,
        "leader": state.leader,
        "trick": state.trick,
        "tricks": state.tricks,
        "hand_sizes": state.hand_sizes,
        "asker": state.asker,
        "scores": visible,
        "bonus": state.bonus,
        "deferred": state.deferred,
        "albur": state.albur,
        "round_no": state.round_no,
        "winner": state.winner,
        "end": state.end,
        "offender": state.offender,
        "breach": state.breach,
    }


def public_view(state: MalillaState, *, scores: Sequence[int] | None = None) -> MalillaPublicView:
    """The spectators' view of ``state``.

    Args:
        state: the full state (held by the server).
        scores: ignored for Malilla, whose hands carry their match scores (accepted for the shared signature).

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> public_view(new_hand("malilla", seed=1, scores=(3, 12))).scores[1] >= 12
    True
    """
    return MalillaPublicView(**_public_fields(state))


def view(state: MalillaState, player: int, *, scores: Sequence[int] | None = None) -> MalillaPlayerView:
    """The view of ``state`` for seat ``player``: only what that player may see.

    Raises:
        SeatError: ``player`` is not a seat of this game.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> s = new_hand("malilla", seed=1)
    >>> view(s, s.seat_to_act).legal_moves == s.legal_moves(), view(s, (s.seat_to_act + 1) % 4).legal_moves
    (True, ())
    >>> view(s, 4)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.SeatError: no seat 4 in a game of 4 players
    """
    if type(player) is not int or not 0 <= player < SEATS:
        raise SeatError(f"no seat {shown(player)} in a game of 4 players")
    return _seat_view(state, _public_fields(state), player)


def _seat_view(state: MalillaState, public: dict[str, Any], player: int) -> MalillaPlayerView:
    """The view of seat ``player``: the public fields ``public`` of ``state``, and what that seat alone may see."""
    mine = player == state.seat_to_act and state.end is None
    return MalillaPlayerView(**public, seat=player, hand=state.hands[player],
                             legal_moves=state.legal_moves() if mine else ())


def views(state: MalillaState, *, scores: Sequence[int] | None = None) -> tuple[MalillaPlayerView, ...]:
    """Every seat's view of ``state``, by seat (the public part gathered once); each equals ``view(state, seat)``.

    Args:
        state: the full state (held by the server).
        scores: ignored, as for :func:`view`.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> s = new_hand("malilla", seed=1)
    >>> views(s) == tuple(view(s, seat) for seat in range(4))
    True
    """
    public = _public_fields(state)
    return tuple(_seat_view(state, public, seat) for seat in range(SEATS))


_PRIVATE: Final = tuple(f.name for f in attrs.fields(MalillaPlayerView)
                        if f.name not in attrs.fields_dict(MalillaPublicView))
"""The fields of a player's view that are its seat's alone (the last ones: the rest is the same for every seat)."""
_WRITER: list[Any] = []
"""The compiled JSON writer of :class:`MalillaPlayerView` (made on first use)."""


def views_json(state: MalillaState, *, scores: Sequence[int] | None = None) -> tuple[str, ...]:
    """The JSON text of every seat's view of ``state``, by seat: each equals ``dumps(view(state, seat))``, and the
    public part is written once for all seats (:meth:`maumau_rules.jsontext.TextEncoder.texts`).

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> from maumau_rules.notation import dumps
    >>> s = new_hand("malilla", seed=1)
    >>> views_json(s) == tuple(dumps(view(s, seat)) for seat in range(4))
    True
    """
    if not _WRITER:
        from ...jsontext import text_encoder

        _WRITER.append(text_encoder(MalillaPlayerView, PLAYER_VIEW_TAG, _PRIVATE).texts)
    return tuple(_WRITER[0](views(state, scores=scores)))
