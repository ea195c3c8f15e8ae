"""The Malilla family: the :class:`~maumau_rules.families.GameFamily` of the trick-taking game of source 002.

Everything the shared tools ask of Malilla goes through :data:`FAMILY` (registered by this package's
``__init__``); no shared module names a Malilla type.

>>> from maumau_rules.families import family_named
>>> family_named("malilla") is FAMILY, FAMILY.state_type.__name__
(True, 'MalillaState')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar, Final

from ...cards import Card
from ...errors import NotationError
from ...i18n import gettext as _
from ...moves import Call, Move
from ...state import Deal, Window
from ...variants import Variant
from ..base import FamilyBase, FieldCodec
from . import engine, explain, invariants, match, views
from .bots import make_bot as _make_bot
from .rules import compile_plan
from .state import MalillaState, MalillaStateError
from .views import MalillaPlayerView, MalillaPublicView

__all__ = ["FAMILY", "MalillaFamily"]

_NONE: Final[tuple[Move, ...]] = ()


class _Codec(FieldCodec):
    """The JSON form of one Malilla value type, through the shared field codec of :mod:`maumau_rules.notation`."""

    def __init__(self, tag: str, value_type: type, read: Callable[[dict[str, Any]], Any]) -> None:
        self.tag = tag
        self.value_type = value_type
        self._read = read

    def encode(self, value: Any) -> dict[str, Any]:
        from ...notation import FORMAT_VERSION, encode_fields

        return {"type": self.tag, "version": FORMAT_VERSION, **encode_fields(value, self.value_type)}

    def decode(self, data: Any) -> Any:
        from ...notation import decode_fields

        return self._read(decode_fields(data, self.value_type, f"{self.tag} JSON"))


def _read_state(fields: dict[str, Any]) -> MalillaState:
    try:
        return MalillaState(**fields)
    except MalillaStateError as exc:  # hands the deck does not hold, seats out of range, a stage out of place
        raise NotationError(f"malilla-state JSON: {exc}") from None


def _view_reader(cls: type) -> Callable[[dict[str, Any]], Any]:
    def read(fields: dict[str, Any]) -> Any:
        return cls(**fields)

    return read


class MalillaFamily(FamilyBase):
    """Malilla behind the shared interface (see :class:`~maumau_rules.families.GameFamily`).

    >>> from maumau_rules import find_variant
    >>> FAMILY.action_moves(find_variant("malilla"), 4)[:2]
    (Redeal(), Pass())
    """

    name: Final = "malilla"
    title: Final = "Malilla"
    state_type: type = MalillaState
    setup_options: frozenset[str] = frozenset({"deal", "dealer", "deck_order", "scores", "round_no"})
    exports: Mapping[str, object] = {"MalillaState": MalillaState}
    bot_kinds: tuple[str, ...] = ("random", "heuristic")
    engine_module: ClassVar[ModuleType] = engine
    match_module: ClassVar[ModuleType] = match
    tools_module: ClassVar[str] = "maumau_rules.families.malilla.tools"
    events_module: ClassVar[str] = "maumau_rules.families.malilla.events"
    batch_module: ClassVar[str | None] = None  # no table form: a trick game is not played batched
    json_codecs: tuple[_Codec, ...] = (_Codec("malilla-state", MalillaState, _read_state),
                   _Codec(views.PLAYER_VIEW_TAG, MalillaPlayerView, _view_reader(MalillaPlayerView)),
                   _Codec(views.PUBLIC_VIEW_TAG, MalillaPublicView, _view_reader(MalillaPublicView)))

    def compile_plan(self, variant: Variant) -> Any:
        """The family's ``compile_plan`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "compile_plan", None)) or hasattr(f, "compile_plan") for f in families())
        True
        """
        plan = compile_plan(variant)
        plan.moves_of = engine.moves_of  # the one move generator, for states made from their fields
        return plan

    def new_game(self, variant: Variant, players: int, seed: int, *, deal: Deal | None = None,
                 dealer: int | None = None, first_player: int | None = None,
                 hand_sizes: Sequence[int] | None = None, deck_order: Sequence[Card] | None = None,
                 cut: int | None = None, scores: Sequence[int] | None = None,
                 round_no: int | None = None) -> MalillaState:
        """The family's ``new_game`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "new_game", None)) or hasattr(f, "new_game") for f in families())
        True
        """
        return engine.new_game_for(variant, players, seed, deal=deal, dealer=dealer, deck_order=deck_order,
                                   scores=scores, round_no=round_no)

    def legal_moves(self, state: MalillaState, player: int | None = None) -> tuple[Move, ...]:
        """The family's ``legal_moves`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "legal_moves", None)) or hasattr(f, "legal_moves") for f in families())
        True
        """
        moves: tuple[Move, ...] = state._legal
        return moves if player is None or player == state.seat_to_act else _NONE

    def apply(self, state: MalillaState, move: Move, player: int | None = None,
              turn: int | None = None) -> MalillaState:
        """The family's ``apply`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "apply", None)) or hasattr(f, "apply") for f in families())
        True
        """
        return engine.apply(state, move, player=player, turn=turn)

    advance = staticmethod(engine._transition)  # a move from the state's own legal moves: no checks

    def open_windows(self, state: MalillaState) -> tuple[Window, ...]:
        """The family's ``open_windows`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "open_windows", None)) or hasattr(f, "open_windows") for f in families())
        True
        """
        return ()  # a trick game has no calls

    def call_due(self, variant: Variant, hand: Sequence[Card], card: Card) -> None:
        """The family's ``call_due`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "call_due", None)) or hasattr(f, "call_due") for f in families())
        True
        """
        return None  # a trick game has no calls

    def call_mistake(self, variant: Variant, hand: Sequence[Card], card: Card, call: Call | None) -> None:
        """The call that was due with a mistaken play: never, a trick game has no calls.

        >>> from maumau_rules import find_variant, new_game
        >>> s = new_game("malilla", 4, seed=1)
        >>> FAMILY.call_mistake(find_variant("malilla"), s.hands[0], s.hands[0][0], None) is None
        True
        """
        return None

    def view(self, state: MalillaState, player: int, scores: Sequence[int] | None = None) -> MalillaPlayerView:
        """The family's ``view`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "view", None)) or hasattr(f, "view") for f in families())
        True
        """
        return views.view(state, player, scores=scores)

    def public_view(self, state: MalillaState, scores: Sequence[int] | None = None) -> MalillaPublicView:
        """The family's ``public_view`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "public_view", None)) or hasattr(f, "public_view") for f in families())
        True
        """
        return views.public_view(state, scores=scores)

    def views(self, state: MalillaState, scores: Sequence[int] | None = None) -> tuple[MalillaPlayerView, ...]:
        """Every seat's view, the public part gathered once (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game
        >>> s = new_game("malilla", 4, seed=1)
        >>> FAMILY.views(s) == tuple(FAMILY.view(s, p) for p in range(4))
        True
        """
        return views.views(state, scores=scores)

    def views_json(self, state: MalillaState, scores: Sequence[int] | None = None) -> tuple[str, ...]:
        """The JSON text of every seat's view, the public part written once (see
        :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.notation import dumps
        >>> s = new_game("malilla", 4, seed=1)
        >>> FAMILY.views_json(s) == tuple(dumps(v) for v in FAMILY.views(s))
        True
        """
        return views.views_json(state, scores=scores)

    def view_kind(self, item: object) -> str | None:
        """The family's ``view_kind`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game, public_view, view
        >>> s = new_game("malilla", 4, seed=1)
        >>> FAMILY.view_kind(view(s, 0)), FAMILY.view_kind(public_view(s)), FAMILY.view_kind(s)
        ('player', 'public', None)
        """
        if isinstance(item, MalillaPlayerView):
            return "player"
        return "public" if isinstance(item, MalillaPublicView) else None

    def table_scene(self, view: Any, names: Sequence[str] | None = None) -> Any:
        """The family's ``table_scene`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game, view
        >>> s = new_game("malilla", 4, seed=1)
        >>> FAMILY.table_scene(view(s, 1), names=None).seats[1].mine
        True
        """
        from .picture import table_scene

        return table_scene(view, names)

    def round_of(self, item: object) -> int | None:
        """The family's ``round_of``: the hand number of a Malilla state or view (see
        :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game
        >>> FAMILY.round_of(new_game("malilla", 4, seed=1, round_no=3)), FAMILY.round_of("a string")
        (3, None)
        """
        return item.round_no if isinstance(item, MalillaState | MalillaPublicView) else None

    def reshuffled(self, before: MalillaState, after: MalillaState) -> bool:
        """The family's ``reshuffled``: never, a Malilla hand deals the whole pack once and has no stock (see
        :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game
        >>> s = new_game("malilla", 4, seed=1); FAMILY.reshuffled(s, s)
        False
        """
        return False

    def action_moves(self, variant: Variant, players: int) -> tuple[Move, ...]:
        """The family's ``action_moves`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "action_moves", None)) or hasattr(f, "action_moves") for f in families())
        True
        """
        moves: tuple[Move, ...] = engine.plan_of(variant).action_moves()
        return moves

    def record_setup(self, first: MalillaState, seed: int) -> dict[str, Any]:
        """The family's ``record_setup`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "record_setup", None)) or hasattr(f, "record_setup") for f in families())
        True
        """
        if first.scores != (0, 0) or first.round_no != 1 or first.albur:
            raise NotationError("this hand belongs to a match (scores, a later hand, or an Albur drawn before it): "
                                "write a match record (record_from_rounds) instead")
        order = engine.deck_order_for(first.hands, first.dealer, first.trump_card)
        if engine.new_hand(first.variant, first.players, seed, dealer=first.dealer, deck_order=order) != first:
            raise NotationError("the initial state cannot be reproduced from its deal")
        return {"dealer": first.dealer, "deck_order": order}

    def make_bot(self, kind: str, seed: int = 0) -> Any:
        """The family's ``make_bot`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "make_bot", None)) or hasattr(f, "make_bot") for f in families())
        True
        """
        return _make_bot(kind, seed)

    @property
    def invariants(self) -> Any:
        """The family's ``invariants`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "invariants", None)) or hasattr(f, "invariants") for f in families())
        True
        """
        return invariants

    @property
    def explainer(self) -> ModuleType:
        """The family's ``explainer`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "explainer", None)) or hasattr(f, "explainer") for f in families())
        True
        """
        return explain

    def describe_state(self, step: int, seat: int, move: str, state: MalillaState, hands: bool) -> str:
        """One line of a Malilla hand: the move, the trick on the table (or the last trick and its winner),
        points.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "describe_state", None)) or hasattr(f, "describe_state") for f in families())
        True
        """
        s = state
        seat_word, points = _("seat"), _("points")  # (the replay's columns)
        if s.trick or not s.tricks:
            table = _("trick") + " [" + " ".join(map(str, s.trick)) + "]"
        else:
            last = s.tricks[-1]
            table = _("trick [{cards}] to seat {seat}").format(cards=" ".join(map(str, last.cards)), seat=last.winner)
        text = (f"{step:>4}  {seat_word} {seat}  {move:<12} {table:<32} {points} {s.points[0]}-{s.points[1]}"
                f"  → {seat_word} {s.seat_to_act}")
        if s.stage.value in ("redeal", "answer"):
            text += f"  ({s.stage.value})"
        if hands:
            text += "\n      " + " | ".join(" ".join(map(str, h)) or "-" for h in s.hands)
        return text

    def explore_tiny(self, variant: Variant, args: Any) -> Any:
        """The family's ``explore_tiny`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "explore_tiny", None)) or hasattr(f, "explore_tiny") for f in families())
        True
        """
        from .explore import explore_args

        return explore_args(variant, args)

    def play(self, variant: Variant, args: Any, read: Callable[[str], str], out: Any) -> int:
        """The family's ``play`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "play", None)) or hasattr(f, "play") for f in families())
        True
        """
        from .cli import play

        return play(variant, args, read, out)


FAMILY: Final = MalillaFamily()
"""The Malilla family (registered once, by this package)."""
