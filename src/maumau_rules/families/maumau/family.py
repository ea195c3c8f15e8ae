"""The Mau-Mau family: the :class:`~maumau_rules.families.GameFamily` of the shedding games (Mau-Mau, Crazy
Eights, Uno-like house rules ...), registered by this package's ``__init__``.

>>> from maumau_rules.families import family_named
>>> family_named("maumau") is FAMILY, FAMILY.state_type.__name__
(True, 'GameState')
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar, Final

from ...cards import FRENCH_SUITS, Card, Suit
from ...errors import NotationError
from ...i18n import gettext as _
from ...moves import Call, CallOut, Draw, Move, Pass, Play
from ...state import Deal, StateError, Window
from ...variants import Variant
from ..base import FamilyBase, FieldCodec
from . import engine, explain, match
from .plan import PlanBuilder
from .state import GameState

__all__ = ["FAMILY", "MauMauFamily"]

_VIEWS: list[ModuleType] = []
"""The family's views module, imported on first use (it imports the engine facade, which imports the registry)."""


def _views() -> ModuleType:
    if not _VIEWS:
        from . import views

        _VIEWS.append(views)
    return _VIEWS[0]

_CALLS: Final[tuple[Call | None, ...]] = (None, Call.MAU, Call.MAU_MAU)


class _Codec(FieldCodec):
    """The JSON form of a Mau-Mau value type, through the shared codec of :mod:`maumau_rules.notation`."""

    def __init__(self, tag: str, value_type: type, view: bool) -> None:
        self.tag = tag
        self.value_type = value_type
        self._view = view

    def encode(self, value: Any) -> dict[str, Any]:
        from ...notation import FORMAT_VERSION, encode_fields, encode_view

        fields = (encode_view if self._view and type(value) is self.value_type else encode_fields)(
            value, self.value_type)
        return {"type": self.tag, "version": FORMAT_VERSION, **fields}

    def decode(self, data: Any) -> Any:
        from ...notation import decode_fields

        fields = decode_fields(data, self.value_type, f"{self.tag} JSON")
        if self._view:
            if not fields["discard"]:
                raise NotationError(f"{self.tag} JSON: the discard pile is empty (it always holds the top card)")
            return self.value_type(**fields)
        try:
            state = GameState(**fields)
        except StateError as exc:  # hands the deck cannot hold, or not one per seat
            raise NotationError(f"state JSON: {exc}") from None
        _check_state_json(state)
        return state


def _check_state_json(s: GameState) -> None:
    """Sanity checks on a state read from JSON (a server's storage may be edited or corrupted).

    >>> from maumau_rules import new_game
    >>> _check_state_json(new_game("standard", 2, seed=1)) is None
    True
    """
    # The constructor has checked the seats, direction, counters and the discard pile (StateError above).
    want = Counter(s.variant.plan.deck_cards)
    have = s.all_cards()
    if have != want:
        missing = " ".join(map(str, sorted((want - have).elements(), key=lambda c: c.sort_key))) or "nothing"
        extra = " ".join(map(str, sorted((have - want).elements(), key=lambda c: c.sort_key))) or "nothing"
        raise NotationError(
            _("state JSON does not hold exactly the {deck} deck of {id}: missing {missing}, extra "
              "{extra}").format(deck=s.variant.deck, id=repr(s.variant.id), missing=missing, extra=extra)
        )


class _Invariants:
    """The Mau-Mau invariants of :mod:`.invariants`, behind the family's interface."""

    def check_state(self, state: GameState) -> None:
        from .invariants import check_state

        check_state(state)

    def check_transition(self, before: GameState, move: Move, after: GameState) -> None:
        from .invariants import check_transition

        check_transition(before, move, after, conservation=False)  # check_state checks the deck

    def check_no_leak(self, state: GameState, rnd: random.Random, *, moves: int = 3,
                      observers: Sequence[Callable[[Any, int | None], object]] = ()) -> None:
        from .invariants import check_no_leak

        check_no_leak(state, rnd, moves=moves, observers=observers)

    def state_digest(self, state: GameState) -> str:
        from .invariants import state_digest

        return state_digest(state)

    def candidate_moves(self, state: GameState) -> tuple[Move, ...]:
        from .invariants import candidate_moves

        return candidate_moves(state)

    def public_facts(self, state: GameState, viewer: int | None) -> dict[str, object]:
        from .invariants import public_facts

        return public_facts(state, viewer)

    def move_facts(self, before: GameState, move: Move, seat: int, after: GameState, viewer: int | None,
                   sees_own: bool) -> dict[str, object]:
        from .invariants import move_facts

        return move_facts(before, move, seat, after, viewer, sees_own)

    def final_summary(self, s: GameState) -> dict[str, Any]:
        """The end of a golden game: what the golden files record of its final state."""
        return {
            "turn": s.turn,
            "hand_sizes": [len(h) for h in s.hands],
            "stock": len(s.stock),
            "discard": len(s.discard),
            "top": str(s.top_card),
            "winner": s.winner,
            "end": s.end.value if s.end is not None else None,
            "digest": self.state_digest(s),
        }


class MauMauFamily(FamilyBase):
    """Mau-Mau behind the shared interface (see :class:`~maumau_rules.families.GameFamily`).

    >>> from maumau_rules import find_variant
    >>> FAMILY.action_moves(find_variant("standard"), 2)[:2]
    (Draw(), Pass())
    """

    name: Final = "maumau"
    title: Final = "Mau-Mau"
    state_type: type = GameState
    setup_options: frozenset[str] = frozenset({"deal", "dealer", "first_player", "hand_sizes", "deck_order", "cut"})
    bot_kinds: tuple[str, ...] = ("random", "heuristic", "ismcts")
    invariants: Final = _Invariants()
    engine_module: ClassVar[ModuleType] = engine
    explainer: ClassVar[ModuleType] = explain
    match_module: ClassVar[ModuleType] = match
    tools_module: ClassVar[str] = "maumau_rules.families.maumau.tools"
    events_module: ClassVar[str] = "maumau_rules.families.maumau.events"
    batch_module: ClassVar[str | None] = "maumau_rules.families.maumau.batch"

    @property
    def json_codecs(self) -> tuple[_Codec, ...]:
        """The family's ``json_codecs`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "json_codecs", None)) or hasattr(f, "json_codecs") for f in families())
        True
        """
        from .views import PLAYER_VIEW_TAG, PUBLIC_VIEW_TAG, PlayerView, PublicView

        return (_Codec("state", GameState, False), _Codec(PLAYER_VIEW_TAG, PlayerView, True),
                _Codec(PUBLIC_VIEW_TAG, PublicView, True))

    @property
    def exports(self) -> Mapping[str, object]:
        """The family's public types, which ``maumau_rules`` exports by name.

        >>> sorted(FAMILY.exports)
        ['GameState', 'Phase', 'PlayerView', 'PublicView']
        """
        from .state import Phase
        from .views import PlayerView, PublicView

        return {"GameState": GameState, "Phase": Phase, "PlayerView": PlayerView, "PublicView": PublicView}

    def compile_plan(self, variant: Variant) -> Any:
        """The family's ``compile_plan`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "compile_plan", None)) or hasattr(f, "compile_plan") for f in families())
        True
        """
        lo, hi = variant.players
        builder = PlanBuilder(variant_id=variant.id, deck=variant.deck, min_players=lo, max_players=hi)
        seen: set[str] = set()
        for rule in variant.rules:
            if rule.rule_id in seen:
                from ...errors import VariantError

                raise VariantError(f"variant {variant.id!r} lists rule {rule.rule_id} twice")
            seen.add(rule.rule_id)
            builder.rule_ids.append(rule.rule_id)
            rule.contribute(builder)
        plan = builder.build()
        plan.moves_of = engine.moves_of  # the one move generator, for states made from their fields
        return plan

    def new_game(self, variant: Variant, players: int, seed: int, *, deal: Deal | None = None,
                 dealer: int | None = None, first_player: int | None = None,
                 hand_sizes: Sequence[int] | None = None, deck_order: Sequence[Card] | None = None,
                 cut: int | None = None, scores: Sequence[int] | None = None,
                 round_no: int | None = None) -> GameState:
        """The family's ``new_game`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "new_game", None)) or hasattr(f, "new_game") for f in families())
        True
        """
        return engine.new_game(variant, players, seed, deal=deal, dealer=dealer, first_player=first_player,
                               hand_sizes=hand_sizes, deck_order=deck_order, cut=cut)

    apply = staticmethod(engine.apply)  # the hot path of a game loop: no extra call
    advance = staticmethod(engine._transition)  # a move from the state's own legal moves: no checks

    def legal_moves(self, state: GameState, player: int | None = None) -> tuple[Move, ...]:
        """The family's ``legal_moves`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", 2, seed=1); FAMILY.legal_moves(s) == s.legal_moves()
        True
        """
        return engine.legal_moves(state, player)

    def open_windows(self, state: GameState) -> tuple[Window, ...]:
        """The family's ``open_windows``.

        >>> from maumau_rules import new_game
        >>> FAMILY.open_windows(new_game("standard", 2, seed=1))
        ()
        """
        return engine.open_windows(state)

    def call_due(self, variant: Variant, hand: Sequence[Card], card: Card) -> Call | None:
        """The family's ``call_due``.

        >>> from maumau_rules import find_variant, parse_cards
        >>> FAMILY.call_due(find_variant("standard"), parse_cards("7h 8h"), parse_cards("7h")[0]) is not None
        True
        """
        return engine.call_due(variant, hand, card)

    def call_mistake(self, variant: Variant, hand: Sequence[Card], card: Card, call: Call | None) -> Call | None:
        """The call that was due when saying ``call`` with ``card`` from ``hand`` is a mistake the table sees at once
        (the engine's ``call_mistake``), else ``None``.

        >>> from maumau_rules import find_variant, parse_cards
        >>> h = parse_cards("7h Jc")
        >>> FAMILY.call_mistake(find_variant("classic"), h, h[0], None)
        <Call.MAU_MAU: 'maumau'>
        """
        return engine.call_mistake(variant, hand, card, call)

    def view(self, state: GameState, player: int, scores: Sequence[int] | None = None) -> Any:
        """The family's ``view`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "view", None)) or hasattr(f, "view") for f in families())
        True
        """
        return _views().view(state, player, scores)

    def public_view(self, state: GameState, scores: Sequence[int] | None = None) -> Any:
        """The family's ``public_view`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "public_view", None)) or hasattr(f, "public_view") for f in families())
        True
        """
        return _views().public_view(state, scores)

    def views(self, state: GameState, scores: Sequence[int] | None = None) -> tuple[Any, ...]:
        """Every seat's view, the public part gathered once (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", 3, seed=1)
        >>> FAMILY.views(s) == tuple(FAMILY.view(s, p) for p in range(3))
        True
        """
        every: tuple[Any, ...] = _views().views(state, scores=scores)
        return every

    def views_json(self, state: GameState, scores: Sequence[int] | None = None) -> tuple[str, ...]:
        """The JSON text of every seat's view, the public part written once (see
        :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.notation import dumps
        >>> s = new_game("standard", 3, seed=1)
        >>> FAMILY.views_json(s) == tuple(dumps(v) for v in FAMILY.views(s))
        True
        """
        texts: tuple[str, ...] = _views().views_json(state, scores)
        return texts

    def view_kind(self, item: object) -> str | None:
        """The family's ``view_kind`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game, public_view, view
        >>> s = new_game("standard", 2, seed=1)
        >>> FAMILY.view_kind(view(s, 0)), FAMILY.view_kind(public_view(s)), FAMILY.view_kind(s)
        ('player', 'public', None)
        """
        from .views import PlayerView, PublicView

        if isinstance(item, PlayerView):
            return "player"
        return "public" if isinstance(item, PublicView) else None

    def table_scene(self, view: Any, names: Sequence[str] | None = None) -> Any:
        """The family's ``table_scene`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game, view
        >>> s = new_game("standard", 2, seed=1)
        >>> FAMILY.table_scene(view(s, 1), names=None).seats[1].mine
        True
        """
        from .picture import table_scene

        return table_scene(view, names)

    def round_of(self, item: object) -> None:
        """The family's ``round_of``: a Mau-Mau state or view carries no hand number (see
        :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game
        >>> FAMILY.round_of(new_game("standard", 2, seed=1)) is None
        True
        """
        return None

    def reshuffled(self, before: GameState, after: GameState) -> bool:
        """The family's ``reshuffled``: the stock grew (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", 2, seed=1); FAMILY.reshuffled(s, s)
        False
        """
        return len(after.stock) > len(before.stock)

    def action_moves(self, variant: Variant, players: int) -> tuple[Move, ...]:
        """The family's ``action_moves`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "action_moves", None)) or hasattr(f, "action_moves") for f in families())
        True
        """
        plan = variant.plan
        ann = plan.announcer
        calls: tuple[Call | None, ...] = (None,)
        if ann is not None:
            calls = _CALLS if ann.jack_call else _CALLS[:2]
        seen: set[Card] = set()
        moves: list[Move] = [Draw(), Pass()]
        for card in variant.deck.cards():
            if card in seen:
                continue
            seen.add(card)
            wishes: tuple[Suit | None, ...] = FRENCH_SUITS if plan.wishes_mask & plan.unit[card] else (None,)
            for wish in wishes:
                for call in calls:
                    moves.append(Play(card, wish, call))
        if ann is not None:
            moves.extend(CallOut(seat) for seat in range(players))
        return tuple(moves)

    def record_setup(self, first: GameState, seed: int) -> dict[str, Any]:
        """The family's ``record_setup`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "record_setup", None)) or hasattr(f, "record_setup") for f in families())
        True
        """
        for first_player in range(first.players):
            for start_effects in (True, False):
                candidate = Deal(first.hands, first.stock, first.discard, first.dealer, first_player, start_effects)
                try:
                    if engine.new_game(first.variant, first.players, seed, deal=candidate) == first:
                        return {"deal": candidate}
                except Exception:
                    continue
        raise NotationError("the initial state cannot be reproduced from an explicit deal")

    def make_bot(self, kind: str, seed: int = 0) -> Any:
        """The family's ``make_bot`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "make_bot", None)) or hasattr(f, "make_bot") for f in families())
        True
        """
        from ...bots import make_bot

        return make_bot(kind, seed)

    def describe_state(self, step: int, seat: int, move: str, state: GameState, hands: bool) -> str:
        """The family's ``describe_state`` (see :class:`~maumau_rules.families.GameFamily`).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "describe_state", None)) or hasattr(f, "describe_state") for f in families())
        True
        """
        s = state
        extra = []
        if s.wished_suit is not None:
            extra.append(_("wish {suit}").format(suit=s.wished_suit.symbol))
        if s.pending_draw:
            extra.append(_("+{n} pending").format(n=s.pending_draw))
        if s.pending_skip:
            extra.append(_("skip pending x{n}").format(n=s.pending_skip))
        for w in engine.open_windows(s):
            extra.append(_("seat {seat} can be called out").format(seat=w.offender))
        sizes = " ".join(str(len(h)) for h in s.hands)
        seat_word, top, held, stock = _("seat"), _("top"), _("hands"), _("stock")  # (the replay's columns)
        text = (f"{step:>4}  {seat_word} {seat}  {move:<12} {top} {s.top_card!s:<5} {held} [{sizes}] {stock} "
                f"{len(s.stock)}  → {seat_word} {s.seat_to_act}")
        if extra:
            text += "  (" + ", ".join(extra) + ")"
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
        from .cli import play_command

        if args.players is None:
            args.players = 3
        err = getattr(args, "err", None)
        return play_command(args, variant, read, out, err if err is not None else sys.stderr)


FAMILY: Final = MauMauFamily()
"""The Mau-Mau family (registered once, by this package)."""
