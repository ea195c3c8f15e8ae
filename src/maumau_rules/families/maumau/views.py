"""Mau-Mau's views: what one player (or a spectator) may see of a round, built by allow-list.

A view copies only the fields named in :func:`_public_fields` (and, for a player, that seat's own
hand, drawn card and legal moves). Nothing else of the state can reach it: not the other hands, not
the stock's order, not the random state. A server sends each client ``view(state, seat).to_json()``
(:func:`maumau_rules.views.view` for a state of any family).

>>> from maumau_rules import new_game
>>> s = new_game("standard", players=3, seed=1)
>>> v = view(s, player=0)
>>> v.hand == s.hands[0] and v.hand_sizes == (5, 5, 5)
True
>>> "stock" in v.to_json() or "rng" in v.to_json() or "hands" in v.to_json()
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import attrs

from ...cards import Card, Suit
from ...errors import SeatError, shown
from ...handmask import decoder
from ...moves import Call, Move
from ...state import EndReason, Window, not_a_state
from ...variants import Variant, find_variant
from .engine import legal_moves, open_windows
from .state import GameState, Phase

__all__ = ["PLAYER_VIEW_TAG", "PUBLIC_VIEW_TAG", "PlayerView", "PublicView", "public_view", "view", "views",
           "views_json"]

_V = TypeVar("_V", bound="PublicView")

PLAYER_VIEW_TAG: Final = "player-view"
"""The ``"type"`` of a player's view's JSON."""
PUBLIC_VIEW_TAG: Final = "public-view"
"""The ``"type"`` of a public view's JSON."""

_new = object.__new__
_set_attr = object.__setattr__


# Not slotted: a view is made by setting its ``__dict__`` once (one C-level call instead of one frozen-attribute
# assignment per field); equality, hashing and repr still come from attrs and see exactly the declared fields.
@attrs.frozen(slots=False)
class PublicView:
    """What everyone at the table can see (spectators included).

    >>> from maumau_rules import new_game
    >>> pv = public_view(new_game("standard", players=2, seed=1))
    >>> pv.players, pv.stock_size + len(pv.discard) + sum(pv.hand_sizes)
    (2, 32)
    """

    variant: str
    """The variant's ID."""
    turn: int
    """The state version (echo it with a move so that stale moves are detected)."""
    seat_to_act: int
    """Whose move it is."""
    direction: int
    """+1 clockwise, -1 counter-clockwise."""
    dealer: int
    """The dealer."""
    phase: Phase
    """Where the player to act stands within the turn."""
    hand_sizes: tuple[int, ...]
    """Each seat's number of cards."""
    stock_size: int
    """Cards left in the stock."""
    discard: tuple[Card, ...]
    """The face-up discard pile, bottom to top."""
    wished_suit: Suit | None
    """The wished suit in force."""
    any_card: bool
    """Whether any card may be played on the top card."""
    pending_draw: int
    """The pending draw penalty."""
    pending_skip: int
    """Pending passable skips."""
    announced: tuple[Call | None, ...]
    """Each seat's standing call."""
    missed_calls: tuple[int, ...]
    """Seats that missed a call (or said the wrong word) and can still be called out."""
    winner: int | None
    """The winner, once the round is over."""
    end: EndReason | None
    """How the round ended."""
    windows: tuple[Window, ...] = ()
    """The open windows: who can be called out, by whom, and until when (:func:`~maumau_rules.open_windows`)."""
    series: tuple[Card, ...] = ()
    """The cards the player to act has played so far this turn (all face up on the discard pile)."""
    scores: tuple[int, ...] | None = None
    """Match scores by seat, when the caller passes them (a :class:`~maumau_rules.scoring.Match` keeps them)."""
    _rules: Variant | None = attrs.field(default=None, eq=False, hash=False, repr=False, alias="rules")
    """The variant itself (not part of the view's value or JSON: a client knows its rules by ID)."""

    @property
    def rules(self) -> Variant:
        """The variant's rules: the variant object the view was made from, or the registered one of its ID.

        Bots read what the cards do from it (a house variant is not registered).

        >>> from maumau_rules import new_game
        >>> public_view(new_game("standard", players=2, seed=1)).rules.id
        'standard'
        """
        return self._rules if self._rules is not None else find_variant(self.variant)

    @property
    def top_card(self) -> Card:
        """The top card of the discard pile.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=1); public_view(s).top_card == s.top_card
        True
        """
        return self.discard[-1]

    @property
    def players(self) -> int:
        """The number of seats.

        >>> from maumau_rules import new_game
        >>> public_view(new_game("standard", players=4, seed=1)).players
        4
        """
        return len(self.hand_sizes)

    @property
    def is_over(self) -> bool:
        """Whether the round has ended.

        >>> from maumau_rules import new_game
        >>> public_view(new_game("standard", players=2, seed=1)).is_over
        False
        """
        return self.end is not None

    def _repr_svg_(self) -> str:
        """The table as this view shows it, an SVG picture (Jupyter shows it; :func:`maumau_rules.svg.view_svg`,
        with the legal moves marked).

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=1)
        >>> svg = view(s, 0)._repr_svg_()
        >>> svg.startswith("<svg") and all(c.ascii in svg for c in s.hands[0])
        True
        """
        from ...svg import view_svg

        return view_svg(self, highlight=getattr(self, "legal_moves", ()))

    def to_json(self) -> dict[str, Any]:
        """The view as a dict of JSON types (versioned; cards as ``"7♥"``, moves in notation).

        The shape is published as a JSON Schema (:mod:`maumau_rules.schemas`).

        >>> from maumau_rules import new_game
        >>> d = public_view(new_game("standard", players=2, seed=1)).to_json()
        >>> d["type"], d["version"], d["hand_sizes"]
        ('public-view', 1, [6, 6])
        """
        from ...notation import to_json

        return to_json(self)


@attrs.frozen(slots=False)
class PlayerView(PublicView):
    """What one seat may see: the public view, plus its own hand, drawn card and legal moves.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=1)
    >>> pv = view(s, 0)
    >>> pv.seat, len(pv.hand), pv.to_json()["type"]
    (0, 6, 'player-view')
    """

    seat: int = 0
    """The seat this view is for."""
    hand: tuple[Card, ...] = ()
    """The seat's own hand."""
    drawn: Card | None = None
    """The card this seat drew this turn (only while it is this seat's turn)."""
    legal_moves: tuple[Move, ...] = ()
    """This seat's legal moves: on its turn, all of them; otherwise its call-outs inside open windows (usually
    none)."""


_PUBLIC: Final = ("variant", "turn", "seat_to_act", "direction", "dealer", "phase", "hand_sizes", "stock_size",
                   "discard", "wished_suit", "any_card", "pending_draw", "pending_skip", "announced", "missed_calls",
                   "winner", "end", "windows", "series", "scores")
"""The fields of a public view, in their declared order: the order of :func:`_public_values`."""


def _public_values(state: GameState, sizes: tuple[int, ...] | None,
                   scores: Sequence[int] | None) -> tuple[Any, ...]:
    """The allow-list: the value of every field a public view holds, in the order of :data:`_PUBLIC`, each copied
    from a public part of ``state`` (the hand sizes ``sizes``, when the caller has counted them from every seat's hand;
    the match ``scores`` checked)."""
    f = state.__dict__
    return (
        f["variant"].id,
        f["turn"],
        f["seat_to_act"],
        f["direction"],
        f["dealer"],
        f["phase"],
        state.hand_sizes if sizes is None else sizes,
        len(f["stock"]),
        f["discard"],
        f["wished_suit"],
        f["any_card"],
        f["pending_draw"],
        f["pending_skip"],
        f["announced"],
        f["missed_calls"],
        f["winner"],
        f["end"],
        # (open_windows' common case, nothing to call out, without the call: this runs for every view)
        () if not f["missed_calls"] and f["phase"] is not Phase.FINISHING else open_windows(state),
        f["turn_plays"],
        None if scores is None else _scores(state, scores),
    )


def _public_fields(state: GameState, hands: Sequence[tuple[Card, ...]] | None = None,
                   scores: Sequence[int] | None = None) -> dict[str, Any]:
    """The fields of a public view of ``state`` by name (:func:`_public_values`), and the variant itself."""
    sizes = None if hands is None else tuple(map(len, hands))
    fields = dict(zip(_PUBLIC, _public_values(state, sizes, scores), strict=True))
    fields["_rules"] = state.__dict__["variant"]
    return fields


def _made(cls: type[_V], fields: dict[str, Any]) -> _V:
    """A view of type ``cls`` holding exactly ``fields`` (every declared field, checked by the tests)."""
    out = _new(cls)
    _set_attr(out, "__dict__", fields)
    return out


def _scores(state: GameState, scores: Sequence[int] | None) -> tuple[int, ...] | None:
    if scores is None:
        return None
    try:
        out = tuple(scores)
    except Exception:
        out = None
    if out is None or len(out) != state.players or not all(type(x) is int for x in out):
        raise SeatError(f"scores {shown(scores)} must hold one integer for each of {state.players} seats")
    return out


def public_view(state: GameState, scores: Sequence[int] | None = None) -> PublicView:
    """The spectators' view of a Mau-Mau state (the Mau-Mau family's :meth:`~maumau_rules.families.GameFamily.public_view`).

    >>> from maumau_rules import new_game
    >>> public_view(new_game("standard", players=2, seed=1)).hand_sizes
    (6, 6)
    """
    return _made(PublicView, _public_fields(state, None, scores))


def view(state: GameState, player: int, scores: Sequence[int] | None = None) -> PlayerView:
    """The view of a Mau-Mau state for seat ``player`` (the Mau-Mau family's :meth:`~maumau_rules.families.GameFamily.view`).

    >>> from maumau_rules import new_game
    >>> view(new_game("standard", players=2, seed=1), 0).seat
    0
    """
    if type(player) is not int or not 0 <= player < state.players:
        raise SeatError(f"no seat {shown(player)} in a game of {state.players} players")
    return _made(PlayerView, _seat_fields(state, _public_fields(state, None, scores), player))


def _seat_fields(state: GameState, fields: dict[str, Any], player: int) -> dict[str, Any]:
    """``fields`` (a public part of ``state``) completed with what seat ``player`` alone may see."""
    mine = player == fields["seat_to_act"] and fields["end"] is None
    fields["seat"] = player
    fields["hand"] = state.hand(player)
    fields["drawn"] = state.__dict__["drawn"] if mine else None
    fields["legal_moves"] = legal_moves(state, player)
    return fields


def views(state: GameState, *, scores: Sequence[int] | None = None) -> tuple[PlayerView, ...]:
    """Every seat's view of ``state``, by seat: what a server sends after each move (the public part is
    gathered once for all seats). Each equals ``view(state, seat)``.

    Raises:
        SeatError: ``scores`` is malformed.
        ArgumentTypeError: ``state`` is not a Mau-Mau game state.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=3, seed=1)
    >>> vs = views(s)
    >>> [v.seat for v in vs], vs[1] == view(s, 1), vs[0].hand == view(s, 0).hand
    ([0, 1, 2], True, True)
    """
    public, seats = _every_seat(state, scores)
    # Each seat's fields, filled below, hold a place in the public part already: a copy then needs no resizing.
    public["seat"] = public["hand"] = public["drawn"] = public["legal_moves"] = None
    out = []
    for seat, hand, drawn, moves in seats:
        fields = public.copy()
        fields["seat"] = seat
        fields["hand"] = hand
        fields["drawn"] = drawn
        fields["legal_moves"] = moves
        out.append(_made(PlayerView, fields))
    return tuple(out)


def _every_seat(state: GameState, scores: Sequence[int] | None
                ) -> tuple[dict[str, Any], list[tuple[int, tuple[Card, ...], Card | None, tuple[Move, ...]]]]:
    """The public fields of every seat's view of ``state``, and each seat's own: its number, hand, drawn card and
    legal moves (:func:`views`; :func:`views_json` reads the same, without the dict)."""
    hands = _hands(state)
    public = _public_fields(state, hands, scores)
    f = state.__dict__
    to_act = public["seat_to_act"]
    drawn = None if public["end"] is not None else f["drawn"]
    # A seat that is not to act has moves only inside an open window (legal_moves): with none open, it has none.
    others = None if public["windows"] else ()
    return public, [(p, hand, drawn, f["_legal"]) if p == to_act  # (legal_moves of the seat to act: the state's)
                    else (p, hand, None, legal_moves(state, p) if others is None else others)
                    for p, hand in enumerate(hands)]


def _hands(state: GameState) -> list[tuple[Card, ...]]:
    """Every seat's hand of ``state``, by seat, decoded by the plan's decoder (:meth:`GameState.hand`)."""
    if type(state) is not GameState:
        raise not_a_state(state, "Mau-Mau")
    f = state.__dict__
    plan = f["variant"]._plan
    hm, full, decode = f["_hm"], plan.seat_full, plan.decode
    return [decode((hm >> shift) & full) for shift in plan.shifts[:len(f["announced"])]]


_PRIVATE: Final = tuple(f.name for f in attrs.fields(PlayerView) if f.name not in attrs.fields_dict(PublicView))
"""The fields of a player's view that are its seat's alone (the last ones: the rest is the same for every seat)."""
_WRITERS: list[tuple[Callable[..., str], Callable[..., str]]] = []
"""The compiled JSON writer of :class:`PlayerView`, in its two halves given the fields' values (made on first
use: :attr:`maumau_rules.jsontext.TextEncoder.writers`)."""
_END: Final = _PUBLIC.index("end")
_WINDOWS: Final = _PUBLIC.index("windows")
_TO_ACT: Final = _PUBLIC.index("seat_to_act")


def _writers() -> tuple[Callable[..., str], Callable[..., str]]:
    """The two halves of :class:`PlayerView`'s compiled JSON writer, made once, their arguments checked to be the
    order of :data:`_PUBLIC` and :data:`_PRIVATE`."""
    if not _WRITERS:
        from ...jsontext import text_encoder

        enc = text_encoder(PlayerView, PLAYER_VIEW_TAG, _PRIVATE)
        if enc.shared != _PUBLIC or enc.private != _PRIVATE:  # pragma: no cover - a field added to one list only
            raise TypeError(f"the view's fields {enc.shared + enc.private} are not {_PUBLIC + _PRIVATE}")
        _WRITERS.append(enc.writers)
    return _WRITERS[0]


def views_json(state: GameState, scores: Sequence[int] | None = None) -> tuple[str, ...]:
    """The JSON text of every seat's view of ``state``, by seat: each equals ``dumps(view(state, seat))``, and the
    public part is written once for all seats (:attr:`maumau_rules.jsontext.TextEncoder.writers`), without making
    the views themselves.

    Raises:
        SeatError: ``scores`` is malformed.
        ArgumentTypeError: ``state`` is not a Mau-Mau game state.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.notation import dumps
    >>> s = new_game("standard", players=3, seed=1)
    >>> views_json(s) == tuple(dumps(v) for v in views(s))
    True
    """
    head_of, tail_of = _WRITERS[0] if _WRITERS else _writers()
    if type(state) is not GameState:
        raise not_a_state(state, "Mau-Mau")
    f = state.__dict__
    plan = f["variant"]._plan
    hm, full, decode = f["_hm"], plan.seat_full, plan.decode
    masks = [(hm >> shift) & full for shift in plan.shifts[:len(f["announced"])]]  # each seat's hand (_hands)
    if decode is _SINGLE:  # one bit a card: a hand's size is its number of bits, and a quiet seat's hand not decoded
        public = _public_values(state, tuple(map(int.bit_count, masks)), scores)
    else:
        masks = list(map(decode, masks))
        public = _public_values(state, tuple(map(len, masks)), scores)
    head = head_of(*public)
    to_act = public[_TO_ACT]
    out: list[str] = []
    hand_of = decode if decode is _SINGLE else _same
    if public[_WINDOWS]:  # a seat that is not to act has moves only inside an open window (legal_moves)
        for p, mask in enumerate(masks):
            out.append(tail_of(head, p, hand_of(mask), None, legal_moves(state, p)) if p != to_act else "")
    else:  # none open: a seat not to act has no move and no drawn card, and its part depends on its hand alone
        get = _QUIET.get
        for p, mask in enumerate(masks):
            if p != to_act:
                out.append(head + (get((p, mask)) or _quiet(tail_of, p, mask, hand_of)))
            else:
                out.append("")
    # (legal_moves of the seat to act: the state's)
    out[to_act] = tail_of(head, to_act, hand_of(masks[to_act]), None if public[_END] is not None else f["drawn"],
                          f["_legal"])
    return tuple(out)


_SINGLE: Final = decoder(1)
"""The decoder of hands of one bit a card (a plan's ``decode`` for a deck without duplicates)."""


def _same(hand: Any) -> Any:
    """``hand`` itself (a hand decoded already)."""
    return hand


_QUIET: dict[tuple[int, Any], str] = {}
"""The private part of the JSON text of a seat's view while it is not to act and no window is open (no drawn
card, no legal move), by seat and hand (its hand integer, of one bit a card, or its tuple of cards): the same in
every such view with that hand (most hands do not change from one state to the next). Emptied when it reaches :data:`_QUIET_LIMIT` entries."""
_QUIET_LIMIT = 4096


def _quiet(tail_of: Callable[..., str], seat: int, hand: Any, hand_of: Callable[[Any], tuple[Card, ...]]) -> str:
    """The private part of seat ``seat``'s view's text with ``hand`` (decoded by ``hand_of``), no drawn card and no
    legal move, kept in :data:`_QUIET`."""
    text = tail_of("", seat, hand_of(hand), None, ())
    if len(_QUIET) >= _QUIET_LIMIT:
        _QUIET.clear()
    _QUIET[seat, hand] = text
    return text


def _register() -> None:
    """Make :func:`views_json` the writer that :func:`maumau_rules.views.views_json` calls for a Mau-Mau state
    (the family's method calls it too: one call fewer per state)."""
    from ...views import _VIEWS_JSON

    _VIEWS_JSON[GameState] = views_json


_register()
