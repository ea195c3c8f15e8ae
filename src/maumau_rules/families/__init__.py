"""Game families: the one typed interface behind which each family of games (Mau-Mau, Malilla, ...) lives.

A family is a package that implements :class:`GameFamily`: it compiles a variant's rules into its own plan,
sets up a game (a seed, an explicit :class:`~maumau_rules.state.Deal`, a deck order, mid-match scores and
dealer), lists the legal moves of any seat, judges and applies moves, makes the views, encodes its values as
JSON, writes and replays records, scores rounds into a match, lays out the action codec, and brings its bots,
its explanation texts and its invariant checks. It registers itself once (:func:`register_family`).

Everything shared (the engine facade :mod:`maumau_rules.game`, views, records, notation, actions, scoring,
fairness, simulate, adapters, search, the CLI, tools and testing) asks the variant's family
(:func:`family_of`, :func:`family_named`) and never names a family's types: a third family touches no
shared module. This module imports nothing of the families (imports point down only); the built-in ones are
found by their module names in :data:`BUILTIN_FAMILIES` and imported the first time they are asked for, as an
entry point would be.

>>> from maumau_rules import find_variant, new_game
>>> family_of(find_variant("malilla")).name, family_of(new_game("standard", 2, seed=1)).name
('malilla', 'maumau')
>>> sorted(family_names())
['malilla', 'maumau']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

from ..errors import ArgumentTypeError, VariantError, shown
from ..i18n import gettext

if TYPE_CHECKING:
    import random

    from ..cards import Card
    from ..moves import Move
    from ..reasons import Verdict
    from ..state import Deal, EndReason, Window
    from ..variants import Variant

    # The public types the built-in families add to ``maumau_rules`` (their :attr:`GameFamily.exports`), named here
    # for type checkers; at run time :func:`__getattr__` serves them from the families (tests keep the two equal).
    from .malilla.state import MalillaState
    from .maumau.state import GameState, Phase
    from .maumau.views import PlayerView, PublicView

__all__ = [
    "BUILTIN_FAMILIES",
    "MOVED_MODULES",
    "MOVED_NAMES",
    "SETUP_OPTIONS",
    "FamilyBot",
    "FamilyInvariants",
    "FamilyState",
    "FamilyView",
    "GameFamily",
    "GameState",
    "JsonCodec",
    "MalillaState",
    "Phase",
    "PlayerView",
    "PublicView",
    "family_named",
    "family_names",
    "family_of",
    "public_name",
    "register_family",
]

BUILTIN_FAMILIES: Final[Mapping[str, str]] = {
    "maumau": "maumau_rules.families.maumau",
    "malilla": "maumau_rules.families.malilla",
}
"""The families shipped with the library, by name: the module that registers each (imported on first use)."""

MOVED_MODULES: Final[Mapping[str, str]] = {
    "maumau_rules.malilla": "maumau_rules.families.malilla",
    "maumau_rules.cli_malilla": "maumau_rules.families.malilla.cli",
    "maumau_rules.engine": "maumau_rules.families.maumau.engine",
    "maumau_rules.rules.catalog": "maumau_rules.families.maumau.rules",
    "maumau_rules.rules.effects": "maumau_rules.families.maumau.effects",
    "maumau_rules.rules.plan": "maumau_rules.families.maumau.plan",
    "maumau_rules.rules.turn": "maumau_rules.families.maumau.turn",
    "maumau_rules.rules.tables": "maumau_rules.families.maumau.tables",
    "maumau_rules.batch": "maumau_rules.families.maumau.batch",
}
"""Old module paths (one release, with a ``DeprecationWarning``: :mod:`maumau_rules._compat`) and where the
modules are now."""

MOVED_NAMES: Final[Mapping[str, str]] = {
    "maumau_rules.rules": "maumau_rules.families.maumau",
    "maumau_rules.state": "maumau_rules.families.maumau.state",
    "maumau_rules.views": "maumau_rules.families.maumau.views",
    "maumau_rules.search": "maumau_rules.families.maumau.search",
    "maumau_rules.bots": "maumau_rules.families.maumau.bots",
    "maumau_rules.testing": "maumau_rules.families.maumau.invariants",
    "maumau_rules.cli": "maumau_rules.families.maumau.cli",
    "maumau_rules.tools.explore": "maumau_rules.families.maumau.explore",
    "maumau_rules.adapters.encoding": "maumau_rules.families.maumau.observation",
    "maumau_rules.cli_play": "maumau_rules.families.maumau.cli",
    "maumau_rules.testing.invariants": "maumau_rules.families.maumau.invariants",
}
"""Shared modules that stay, and the module where the names that moved out of each now live (one release, with a
``DeprecationWarning``, served by the old module's ``__getattr__``)."""

SETUP_OPTIONS: Final[tuple[str, ...]] = ("deal", "dealer", "first_player", "hand_sizes", "deck_order", "cut",
                                          "scores", "round_no")
"""Every way :func:`~maumau_rules.new_game` can set a game up besides the seed; a family says which it takes
(:attr:`GameFamily.setup_options`), and the facade refuses the others by name."""


@runtime_checkable
class FamilyState(Protocol):
    """What the shared tools read from the state of any family (the fields a state of every family has).

    >>> from maumau_rules import new_game
    >>> isinstance(new_game("malilla", 4, seed=1), FamilyState), isinstance(new_game("standard", 2, seed=1), FamilyState)
    (True, True)
    """

    @property
    def variant(self) -> Variant:
        """The variant played.

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "variant") and hasattr(new_game("standard", 2, seed=1), "variant")
        True
        """

    @property
    def players(self) -> int:
        """The number of seats.

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "players") and hasattr(new_game("standard", 2, seed=1), "players")
        True
        """

    @property
    def seat_to_act(self) -> int:
        """The seat whose move it is.

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "seat_to_act") and hasattr(new_game("standard", 2, seed=1), "seat_to_act")
        True
        """

    @property
    def turn(self) -> int:
        """The state version: the number of moves made.

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "turn") and hasattr(new_game("standard", 2, seed=1), "turn")
        True
        """

    @property
    def is_over(self) -> bool:
        """Whether the round (hand) is over.

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "is_over") and hasattr(new_game("standard", 2, seed=1), "is_over")
        True
        """

    @property
    def end(self) -> EndReason | None:
        """How it ended, or ``None``.

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "end") and hasattr(new_game("standard", 2, seed=1), "end")
        True
        """

    @property
    def dealer(self) -> int:
        """The dealer's seat.

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "dealer") and hasattr(new_game("standard", 2, seed=1), "dealer")
        True
        """

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand (the full state holds them all: never send it to a client).

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "hands") and hasattr(new_game("standard", 2, seed=1), "hands")
        True
        """

    @property
    def rng(self) -> int:
        """The random generator's state (later shuffles come from it).

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "rng") and hasattr(new_game("standard", 2, seed=1), "rng")
        True
        """

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves of the seat to act.

        >>> from maumau_rules import new_game
        >>> hasattr(new_game("malilla", 4, seed=1), "legal_moves") and hasattr(new_game("standard", 2, seed=1), "legal_moves")
        True
        """


@runtime_checkable
class FamilyView(Protocol):
    """What the shared tools read from a player's view of any family.

    >>> from maumau_rules import new_game, view
    >>> isinstance(view(new_game("malilla", 4, seed=1), 0), FamilyView)
    True
    """

    @property
    def seat(self) -> int:
        """The seat the view is for.

        >>> from maumau_rules import new_game, view
        >>> hasattr(view(new_game("malilla", 4, seed=1), 0), "seat") and hasattr(view(new_game("standard", 2, seed=1), 0), "seat")
        True
        """

    @property
    def seat_to_act(self) -> int:
        """The seat whose move it is.

        >>> from maumau_rules import new_game, view
        >>> hasattr(view(new_game("malilla", 4, seed=1), 0), "seat_to_act") and hasattr(view(new_game("standard", 2, seed=1), 0), "seat_to_act")
        True
        """

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own hand.

        >>> from maumau_rules import new_game, view
        >>> hasattr(view(new_game("malilla", 4, seed=1), 0), "hand") and hasattr(view(new_game("standard", 2, seed=1), 0), "hand")
        True
        """

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves (empty when it is not to act).

        >>> from maumau_rules import new_game, view
        >>> hasattr(view(new_game("malilla", 4, seed=1), 0), "legal_moves") and hasattr(view(new_game("standard", 2, seed=1), 0), "legal_moves")
        True
        """

    def to_json(self) -> dict[str, Any]:
        """The view as a JSON-ready dict.

        >>> from maumau_rules import new_game, view
        >>> hasattr(view(new_game("malilla", 4, seed=1), 0), "to_json") and hasattr(view(new_game("standard", 2, seed=1), 0), "to_json")
        True
        """


class FamilyBot(Protocol):
    """A computer player of a family: it chooses from a player's view.

    >>> from maumau_rules import new_game, view
    >>> bot = family_named("malilla").make_bot("random", seed=1)
    >>> s = new_game("malilla", 4, seed=1); bot.choose(view(s, s.seat_to_act)) in s.legal_moves()
    True
    """

    def choose(self, view: Any) -> Move:
        """The move chosen from ``view`` (one of its legal moves).

        >>> all(hasattr(f.make_bot(f.bot_kinds[0]), "choose") for f in families())
        True
        """


class FamilyInvariants(Protocol):
    """A family's invariant checks (``spec/invariants.toml``), each raising
    :class:`~maumau_rules.testing.invariants.InvariantViolation` when it does not hold.

    >>> from maumau_rules import new_game
    >>> family_named("malilla").invariants.check_state(new_game("malilla", 4, seed=1)) is None
    True
    """

    def check_state(self, state: Any) -> None:
        """The invariants of one state.

        >>> all(hasattr(f.invariants, "check_state") for f in families())
        True
        """

    def check_transition(self, before: Any, move: Move, after: Any) -> None:
        """The invariants of one transition.

        >>> all(hasattr(f.invariants, "check_transition") for f in families())
        True
        """

    def check_no_leak(self, state: Any, rnd: random.Random, *, moves: int = 3,
                      observers: Sequence[Callable[[Any, int | None], object]] = ()) -> None:
        """A view is equal for two states that differ only in cards that player cannot see, and so are
        ``observers``' values (functions of a state and a seat, ``None`` for a spectator: a picture, an observation).

        >>> all(hasattr(f.invariants, "check_no_leak") for f in families())
        True
        """

    def state_digest(self, state: Any) -> str:
        """A stable hex digest of every field of ``state`` (golden files).

        >>> all(hasattr(f.invariants, "state_digest") for f in families())
        True
        """

    def candidate_moves(self, state: Any) -> tuple[Move, ...]:
        """Moves to try against ``state``: its legal moves and a spread of illegal ones.

        >>> all(hasattr(f.invariants, "candidate_moves") for f in families())
        True
        """

    def public_facts(self, state: Any, viewer: int | None) -> Mapping[str, object]:
        """What the family shows ``viewer`` besides the view and the verdicts, for the no-leak check
        (:func:`maumau_rules.testing.invariants.public_facts`): Mau-Mau's open windows and their texts.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(f.invariants, "public_facts", None)) for f in families())
        True
        """

    def move_facts(self, before: Any, move: Move, seat: int, after: Any, viewer: int | None,
                   sees_own: bool) -> Mapping[str, object]:
        """What ``viewer`` is told about ``move`` by ``seat`` (its events, the terminal's line), for the no-leak
        check; only what names no card he was just shown, unless ``sees_own``.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(f.invariants, "move_facts", None)) for f in families())
        True
        """

    def final_summary(self, state: Any) -> dict[str, Any]:
        """What the golden files record of a game's final state (its digest included).

        >>> all(hasattr(f.invariants, "final_summary") for f in families())
        True
        """


class JsonCodec(Protocol):
    """How one value type of a family is written as JSON and read back (``"type": tag``).

    >>> from maumau_rules import new_game
    >>> from maumau_rules.notation import to_json
    >>> to_json(new_game("malilla", 4, seed=1))["type"]
    'malilla-state'
    """

    @property
    def tag(self) -> str:
        """The document's ``"type"``.

        >>> all(hasattr(c, "tag") for f in families() for c in f.json_codecs)
        True
        """

    @property
    def value_type(self) -> type:
        """The class it writes.

        >>> all(hasattr(c, "value_type") for f in families() for c in f.json_codecs)
        True
        """

    def encode(self, value: Any) -> dict[str, Any]:
        """The JSON-ready dict of ``value`` (with ``type`` and ``version``).

        >>> all(hasattr(c, "encode") for f in families() for c in f.json_codecs)
        True
        """

    def decode(self, data: Any) -> Any:
        """The value of a JSON document; ``NotationError`` when it is malformed.

        >>> all(hasattr(c, "decode") for f in families() for c in f.json_codecs)
        True
        """


class GameFamily(Protocol):
    """Everything the shared tools need from a family of games.

    States and views are the family's own values; the shared modules read them through :class:`FamilyState`
    and :class:`FamilyView`. A family without a feature says so by its values, not by the callers' ``if``:
    :attr:`setup_options` lists the setup it takes, :meth:`open_windows` is empty when it has no calls,
    :attr:`bot_kinds` lists its bots.

    >>> fam = family_named("maumau")
    >>> fam.name, "cut" in fam.setup_options, "cut" in family_named("malilla").setup_options
    ('maumau', True, False)
    """

    @property
    def name(self) -> str:
        """The family's name, as variant files give it (``family = "..."``).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "name", None)) or hasattr(f, "name") for f in families())
        True
        """

    @property
    def title(self) -> str:
        """The family's name in words.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "title", None)) or hasattr(f, "title") for f in families())
        True
        """

    @property
    def state_type(self) -> type:
        """The class of its states.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "state_type", None)) or hasattr(f, "state_type") for f in families())
        True
        """

    @property
    def setup_options(self) -> frozenset[str]:
        """Which of :data:`SETUP_OPTIONS` :meth:`new_game` takes.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "setup_options", None)) or hasattr(f, "setup_options") for f in families())
        True
        """

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        """The bots :meth:`make_bot` makes.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "bot_kinds", None)) or hasattr(f, "bot_kinds") for f in families())
        True
        """

    @property
    def json_codecs(self) -> Sequence[JsonCodec]:
        """Its value types that have a JSON form (states, views).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "json_codecs", None)) or hasattr(f, "json_codecs") for f in families())
        True
        """

    @property
    def json_schemas(self) -> Mapping[str, Mapping[str, Any]]:
        """The JSON Schemas of its documents, by ``"type"`` tag.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "json_schemas", None)) or hasattr(f, "json_schemas") for f in families())
        True
        """

    @property
    def exports(self) -> Mapping[str, object]:
        """The public names it adds to the ``maumau_rules`` namespace (e.g. its state class).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "exports", None)) or hasattr(f, "exports") for f in families())
        True
        """

    def compile_plan(self, variant: Variant) -> Any:
        """The variant's rules compiled into this family's plan (``VariantError`` for a bad combination).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "compile_plan", None)) or hasattr(f, "compile_plan") for f in families())
        True
        """

    def new_game(self, variant: Variant, players: int, seed: int, *, deal: Deal | None = None,
                 dealer: int | None = None, first_player: int | None = None,
                 hand_sizes: Sequence[int] | None = None, deck_order: Sequence[Card] | None = None,
                 cut: int | None = None, scores: Sequence[int] | None = None, round_no: int | None = None) -> Any:
        """A new round (hand) of ``variant``; only the options of :attr:`setup_options` are given.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "new_game", None)) or hasattr(f, "new_game") for f in families())
        True
        """

    def legal_moves(self, state: Any, player: int | None = None) -> tuple[Move, ...]:
        """The legal moves of ``player`` (default: the seat to act).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "legal_moves", None)) or hasattr(f, "legal_moves") for f in families())
        True
        """

    def is_legal(self, state: Any, move: Move) -> bool:
        """Whether ``move`` is legal for the seat to act.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "is_legal", None)) or hasattr(f, "is_legal") for f in families())
        True
        """

    def check(self, state: Any, move: Move, player: int | None = None, turn: int | None = None) -> Verdict:
        """Judge ``move`` without applying it; never raises.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "check", None)) or hasattr(f, "check") for f in families())
        True
        """

    def apply(self, state: Any, move: Move, player: int | None = None, turn: int | None = None) -> Any:
        """The next state (``IllegalMoveError`` for an illegal move).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "apply", None)) or hasattr(f, "apply") for f in families())
        True
        """

    def advance(self, state: Any, move: Move) -> Any:
        """The next state after ``move``, which is one of the very objects ``legal_moves(state)`` handed out: no
        checks (the hot path of :func:`~maumau_rules.game.apply`, which makes sure of that by identity first).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.families import families
        >>> states = (new_game("standard", 2, seed=2), new_game("malilla", 4, seed=2))
        >>> [f.advance(s, s.legal_moves()[0]).turn for f, s in zip(families(), states)]
        [1, 1]
        """

    def events(self, before: Any, move: Move, after: Any, seat: int, viewer: int | None,
               reveal: bool) -> Sequence[Any]:
        """What ``move`` by ``seat`` did, taking ``before`` to ``after``, as :mod:`maumau_rules.events` for ``viewer``
        (``None``: a spectator; ``reveal``: every card shown), after :func:`~maumau_rules.events.events_between`
        has checked the arguments.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(f, "events", None)) for f in families())
        True
        """

    def open_windows(self, state: Any) -> tuple[Window, ...]:
        """The windows open in ``state`` (call-outs of seats not to act); empty in a family without calls.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "open_windows", None)) or hasattr(f, "open_windows") for f in families())
        True
        """

    def view(self, state: Any, player: int, scores: Sequence[int] | None = None) -> Any:
        """What seat ``player`` may see.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "view", None)) or hasattr(f, "view") for f in families())
        True
        """

    def views(self, state: Any, scores: Sequence[int] | None = None) -> Sequence[Any]:
        """Every seat's view, by seat (each equal to ``view(state, seat, scores)``).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "views", None)) for f in families())
        True
        """

    def views_json(self, state: Any, scores: Sequence[int] | None = None) -> Sequence[str]:
        """The JSON text of every seat's view, by seat (each equal to ``dumps(view(state, seat, scores))``; the
        public part, the same for every seat, may be written once).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "views_json", None)) for f in families())
        True
        """

    def public_view(self, state: Any, scores: Sequence[int] | None = None) -> Any:
        """What every player and spectator may see.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "public_view", None)) or hasattr(f, "public_view") for f in families())
        True
        """

    def view_kind(self, item: object) -> str | None:
        """``"player"`` when ``item`` is one of this family's player views, ``"public"`` when it is one of its public
        views, else ``None`` (a value of another family, or no view at all).

        >>> from maumau_rules import new_game, public_view, view
        >>> s = new_game("malilla", 4, seed=1); fam = family_named("malilla")
        >>> fam.view_kind(view(s, 0)), fam.view_kind(public_view(s)), fam.view_kind(s)
        ('player', 'public', None)
        """

    def table_scene(self, view: Any, names: Sequence[str] | None = None) -> Any:
        """What lies where on the table as ``view`` (one of this family's views) shows it: a
        :class:`~maumau_rules.svg.TableScene` that :func:`maumau_rules.svg.view_svg` draws. Built from the view
        alone, so a picture shows nothing its seat cannot see.

        >>> from maumau_rules import new_game, view
        >>> s = new_game("malilla", 4, seed=1)
        >>> family_named("malilla").table_scene(view(s, 1)).seats[1].cards == s.hands[1]
        True
        """

    def round_of(self, item: object) -> int | None:
        """The number of the hand (round of a match) a state or a view of this family carries, or ``None`` when its
        rounds carry none (a Mau-Mau game is one round: its states and views say nothing of a match).

        >>> from maumau_rules import new_game
        >>> family_named("malilla").round_of(new_game("malilla", 4, seed=1)), family_named("maumau").round_of(
        ...     new_game("standard", 2, seed=1))
        (1, None)
        """

    def reshuffled(self, before: Any, after: Any) -> bool:
        """Whether the move from ``before`` to ``after`` (states of this family) shuffled the discard pile back
        into the stock (from the state's random generator); always ``False`` in a family that never reshuffles.

        >>> from maumau_rules import new_game
        >>> s = new_game("malilla", 4, seed=1); family_named("malilla").reshuffled(s, s)
        False
        """

    def action_moves(self, variant: Variant, players: int) -> tuple[Move, ...]:
        """The move of each action ID of the codec (:class:`~maumau_rules.actions.ActionSpace`), in order.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "action_moves", None)) or hasattr(f, "action_moves") for f in families())
        True
        """

    def start_match(self, variant: Variant, players: int, seed: int, *, scores: Sequence[int] | None = None,
                    dealer: int | None = None, round_no: int = 1) -> Any:
        """A :class:`~maumau_rules.scoring.Match` and its first round (or a later one: scores, dealer).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "start_match", None)) or hasattr(f, "start_match") for f in families())
        True
        """

    def next_round(self, match: Any, finished: Any) -> Any:
        """Score the finished round into the match and deal the next one (or end the match).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "next_round", None)) or hasattr(f, "next_round") for f in families())
        True
        """

    def round_points(self, state: Any) -> tuple[int, ...]:
        """Points each side scores for the finished round.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "round_points", None)) or hasattr(f, "round_points") for f in families())
        True
        """

    def record_setup(self, first: Any, seed: int) -> dict[str, Any]:
        """The setup fields of a :class:`~maumau_rules.records.GameRecord` that reproduce the state ``first``
        from ``seed`` (``NotationError`` when it cannot be reproduced).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "record_setup", None)) or hasattr(f, "record_setup") for f in families())
        True
        """

    def make_bot(self, kind: str, seed: int = 0) -> FamilyBot:
        """A bot of :attr:`bot_kinds`.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "make_bot", None)) or hasattr(f, "make_bot") for f in families())
        True
        """

    @property
    def invariants(self) -> FamilyInvariants:
        """Its invariant checks.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "invariants", None)) or hasattr(f, "invariants") for f in families())
        True
        """

    @property
    def batch_module(self) -> str | None:
        """The package of the family's batch engine (many games at once over arrays: the ``batch`` extra), or
        ``None`` for a family that has none; ``maumau simulate --engine batch`` runs its ``simulate_batch``.

        >>> from maumau_rules.families import families
        >>> [type(f.batch_module) for f in families()] == [str, type(None)]
        True
        """

    @property
    def explainer(self) -> ModuleType | None:
        """The module of its own explanation texts (``None``: the shared ones explain it).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "explainer", None)) or hasattr(f, "explainer") for f in families())
        True
        """

    def describe_state(self, step: int, seat: int, move: str, state: Any, hands: bool) -> str:
        """One line about ``state`` after ``move`` by ``seat`` (``maumau replay``).

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "describe_state", None)) or hasattr(f, "describe_state") for f in families())
        True
        """

    def play(self, variant: Variant, args: Any, read: Callable[[str], str], out: Any) -> int:
        """Play ``variant`` in the terminal (``maumau play``); the exit code.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "play", None)) or hasattr(f, "play") for f in families())
        True
        """

    def explore_tiny(self, variant: Variant, args: Any) -> Any:
        """Every state of ``variant``'s rules on a tiny deck (``python -m maumau_rules.tools.explore``): an
        :class:`~maumau_rules.tools.explore.ExploreResult`.

        >>> from maumau_rules.families import families
        >>> all(callable(getattr(type(f), "explore_tiny", None)) or hasattr(f, "explore_tiny") for f in families())
        True
        """

    def call_due(self, variant: Variant, hand: Sequence[Card], card: Card) -> Any:
        """The call due when ``card`` is played from ``hand`` (``None`` in a family without calls).

        >>> from maumau_rules import find_variant, parse_cards
        >>> h = parse_cards("7h 8h")
        >>> family_named("maumau").call_due(find_variant("standard"), h, h[0]).value
        'mau'
        """

    def call_mistake(self, variant: Variant, hand: Sequence[Card], card: Card, call: Any) -> Any:
        """The call that was due when playing ``card`` from ``hand`` saying ``call`` is a mistake the table sees at
        once, else ``None`` (always ``None`` in a family without calls).

        >>> from maumau_rules import find_variant, parse_cards
        >>> h = parse_cards("7h Jc")
        >>> [family_named(n).call_mistake(find_variant(v), h, h[0], None) for n, v in
        ...  (("maumau", "classic"), ("malilla", "malilla"))]
        [<Call.MAU_MAU: 'maumau'>, None]
        """

    @property
    def tools(self) -> Any:
        """The hooks the family gives the shared tools (simulation, search, adapters): a
        :class:`~maumau_rules.toolhooks.FamilyTools`.

        >>> [family_named(n).tools.statistics.sides(4) for n in ("maumau", "malilla")]
        [4, 2]
        """


_FAMILIES: dict[str, GameFamily] = {}
_BY_STATE: dict[type, GameFamily] = {}
_BY_TAG: dict[str, JsonCodec] = {}
_BY_VALUE: dict[type, JsonCodec] = {}


def register_family(family: GameFamily) -> GameFamily:
    """Register ``family`` under its name (a family's package does it once, when imported); returns it.

    Raises:
        VariantError: another family has that name or one of its JSON ``type`` tags.

    >>> fam = family_named("malilla")
    >>> register_family(fam) is fam  # the same family again: nothing changes
    True
    """
    old = _FAMILIES.get(family.name)
    if old is family:
        return family
    if old is not None:
        raise VariantError(f"family {family.name!r} is registered already")
    for codec in family.json_codecs:
        if codec.tag in _BY_TAG:
            raise VariantError(f"family {family.name!r}: JSON type {codec.tag!r} is taken")
    _FAMILIES[family.name] = family
    _BY_STATE[family.state_type] = family
    for codec in family.json_codecs:
        _BY_TAG[codec.tag] = codec
        _BY_VALUE[codec.value_type] = codec
    return family


def family_names() -> tuple[str, ...]:
    """The names of every family: the built-in ones, then those registered by other packages.

    >>> family_names()[:2]
    ('maumau', 'malilla')
    """
    return (*BUILTIN_FAMILIES, *(n for n in _FAMILIES if n not in BUILTIN_FAMILIES))


def family_named(name: str) -> GameFamily:
    """The family called ``name`` (a built-in one is imported the first time).

    Raises:
        VariantError: no family has that name.

    >>> family_named("maumau").title
    'Mau-Mau'
    >>> family_named("skat")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: unknown family 'skat': one of maumau, malilla
    """
    try:
        return _FAMILIES[name]
    except (KeyError, TypeError):
        pass
    module = BUILTIN_FAMILIES.get(name) if type(name) is str else None
    if module is not None:
        importlib.import_module(module)
        if name in _FAMILIES:
            return _FAMILIES[name]
    raise VariantError(f"unknown family {shown(name)}: one of {', '.join(family_names())}")


def _load_all() -> None:
    for name in BUILTIN_FAMILIES:
        if name not in _FAMILIES:
            family_named(name)


def family_of(item: object) -> GameFamily:
    """The family of a variant, or of a state of any family.

    Raises:
        ArgumentTypeError: ``item`` is neither a variant nor a state.

    >>> from maumau_rules import new_game
    >>> family_of(new_game("malilla", 4, seed=2)).title
    'Malilla'
    >>> family_of("standard")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentTypeError: 'standard' is not a game state (make one with new_game)
    """
    try:
        return _BY_STATE[type(item)]
    except (KeyError, TypeError):
        pass
    name = getattr(item, "family", None)
    if type(name) is str and getattr(item, "_plan", None) is not None:  # a compiled Variant
        return family_named(name)
    _load_all()
    found = _BY_STATE.get(type(item))
    if found is None:
        raise ArgumentTypeError(gettext("{state} is not a game state (make one with new_game)").format(state=shown(item)))
    return found


def state_family(state: object) -> GameFamily | None:
    """The family of ``state`` when it is a state of a registered family, else ``None`` (never raises).

    >>> from maumau_rules import new_game
    >>> state_family(new_game("standard", 2, seed=1)).name, state_family(42)
    ('maumau', None)
    """
    try:
        return _BY_STATE[type(state)]
    except (KeyError, TypeError):
        pass
    _load_all()
    try:
        return _BY_STATE.get(type(state))
    except TypeError:
        return None


def codec_for_value(value: object) -> JsonCodec | None:
    """The JSON codec of a family value type (a state, a view), or ``None``.

    >>> from maumau_rules import new_game
    >>> codec_for_value(new_game("malilla", 4, seed=1)).tag
    'malilla-state'
    """
    found = _BY_VALUE.get(type(value))
    if found is None:
        _load_all()
        found = _BY_VALUE.get(type(value))
    return found


def codec_for_tag(tag: str) -> JsonCodec | None:
    """The JSON codec of a family document's ``"type"``, or ``None``.

    >>> codec_for_tag("malilla-public-view").value_type.__name__
    'MalillaPublicView'
    """
    _load_all()
    return _BY_TAG.get(tag) if type(tag) is str else None


def json_schemas() -> dict[str, Mapping[str, Any]]:
    """The JSON Schemas of every family's documents, by ``"type"`` tag.

    >>> sorted(json_schemas())
    ['malilla-player-view', 'malilla-public-view', 'malilla-state', 'player-view', 'public-view', 'state']
    """
    _load_all()
    out: dict[str, Mapping[str, Any]] = {}
    for fam in _FAMILIES.values():
        out.update(fam.json_schemas)
    return out


def public_name(name: str, *, registered_only: bool = False) -> object:
    """A public name a family adds to ``maumau_rules`` (:attr:`GameFamily.exports`).

    Args:
        name: the name.
        registered_only: look only at the families registered so far, importing no built-in one (what a lookup
            of a name that may be a submodule's, while the package is still being imported, needs).

    Raises:
        AttributeError: no family exports ``name``.

    >>> public_name("MalillaState").__name__
    'MalillaState'
    >>> public_name("MauMauState")
    Traceback (most recent call last):
    ...
    AttributeError: module 'maumau_rules' has no attribute 'MauMauState'
    """
    if not name.startswith("__"):
        for fam in (_FAMILIES.values() if registered_only else families()):
            if name in fam.exports:
                return fam.exports[name]
    raise AttributeError(f"module 'maumau_rules' has no attribute {name!r}")


def families() -> Iterator[GameFamily]:
    """Every family, built-in ones first (each imported).

    >>> [f.title for f in families()][:2]
    ['Mau-Mau', 'Malilla']
    """
    _load_all()
    for name in family_names():
        yield _FAMILIES[name]


def __getattr__(name: str) -> object:
    """The public types the families export (:attr:`GameFamily.exports`), e.g. ``GameState``.

    >>> from maumau_rules.families import GameState
    >>> GameState is family_named("maumau").state_type
    True
    """
    try:
        return public_name(name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
