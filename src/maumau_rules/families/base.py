"""What the families share: the parts of :class:`~maumau_rules.families.GameFamily` that only hand a call on to the
family's own engine and match modules, written once.

A family class names its modules (:attr:`FamilyBase.engine_module`, :attr:`FamilyBase.match_module`,
:attr:`FamilyBase.tools_module`) and inherits the rest: judging a move, the JSON Schemas of its documents, a match
(its start, the next round, a round's points) and the hooks of the shared tools.

>>> from maumau_rules import new_game
>>> from maumau_rules.families import family_named
>>> s = new_game("standard", 2, seed=1)
>>> fam = family_named("maumau")
>>> isinstance(fam, FamilyBase), fam.check(s, s.legal_moves()[0]).ok, fam.is_legal(s, s.legal_moves()[0])
(True, True, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from ..moves import Move
    from ..reasons import Verdict
    from ..variants import Variant
    from . import JsonCodec

__all__ = ["FamilyBase", "FieldCodec"]


class FieldCodec:
    """The shared half of a family's JSON codec for a value type written field by field (``{"type": tag,
    "version": 1, **fields}``): its text, by a per-class encoder compiled once (:mod:`maumau_rules.jsontext`).

    A codec class sets :attr:`tag` and :attr:`value_type` and writes :meth:`encode` and ``decode``.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.families import codec_for_value
    >>> from maumau_rules.notation import to_json
    >>> from maumau_rules.notation import json_text
    >>> s = new_game("malilla", 4, seed=1)
    >>> codec = codec_for_value(s)
    >>> isinstance(codec, FieldCodec), codec.text(s) == json_text(to_json(s))
    (True, True)
    """

    tag: str
    """The document's ``"type"``."""
    value_type: type
    """The class written."""

    def encode(self, value: Any) -> dict[str, Any]:
        """The JSON-ready dict of ``value`` (each codec writes its own).

        >>> FieldCodec().encode(None)
        Traceback (most recent call last):
        ...
        NotImplementedError: FieldCodec.encode
        """
        raise NotImplementedError(f"{type(self).__name__}.encode")

    def text(self, value: Any) -> str:
        """The JSON text of ``value``: ``json_text(self.encode(value))``, written directly for a value of exactly
        :attr:`value_type` (the same text, byte for byte; tests/unit/test_jsontext.py).

        >>> from maumau_rules import new_game, view
        >>> from maumau_rules.families import codec_for_value
        >>> v = view(new_game("standard", 2, seed=1), 0)
        >>> codec_for_value(v).text(v)[:38]
        '{"type": "player-view", "version": 1, '
        """
        if type(value) is self.value_type:
            try:
                write = self.__dict__["_write"]
            except KeyError:
                from ..jsontext import text_encoder

                write = self.__dict__["_write"] = text_encoder(self.value_type, self.tag)
            text: str = write(value)
            return text
        from ..notation import json_text

        return json_text(self.encode(value))


class FamilyBase:
    """The shared half of a family: each method hands the call on to the family's engine or match module.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.families import family_named
    >>> from maumau_rules.families import families
    >>> all(isinstance(f, FamilyBase) and f.engine_module.__name__.endswith(".engine") for f in families())
    True
    """

    engine_module: ClassVar[ModuleType]
    """The family's engine: ``check(state, move, player=, turn=)`` and ``is_legal(state, move)``."""
    match_module: ClassVar[ModuleType]
    """The family's match scoring: ``start_match``, ``next_round`` and ``round_points``."""
    tools_module: ClassVar[str]
    """The module whose ``TOOLS`` are the family's :attr:`tools` (imported the first time a tool asks)."""
    events_module: ClassVar[str]
    """The module whose ``events`` function tells what a move did (imported the first time events are asked for)."""

    @property
    def tools(self) -> Any:
        """The hooks the family gives the shared tools (:class:`~maumau_rules.toolhooks.FamilyTools`): the ``TOOLS``
        of :attr:`tools_module`.

        >>> from maumau_rules.families import family_named
        >>> [type(family_named(n).tools).__name__ for n in ("maumau", "malilla")]
        ['MauMauTools', 'MalillaTools']
        """
        return importlib.import_module(self.tools_module).TOOLS

    @property
    def json_codecs(self) -> Sequence[JsonCodec]:
        """The family's JSON codecs (each family sets its own).

        >>> from maumau_rules.families import family_named
        >>> [c.tag for c in family_named("malilla").json_codecs]
        ['malilla-state', 'malilla-player-view', 'malilla-public-view']
        """
        raise NotImplementedError

    @property
    def json_schemas(self) -> Mapping[str, Mapping[str, Any]]:
        """The JSON Schema of each of the family's documents, by ``"type"`` tag.

        >>> from maumau_rules.families import family_named
        >>> schemas = family_named("malilla").json_schemas
        >>> sorted(schemas), schemas["malilla-state"]["$id"].endswith("malilla-state.json")
        (['malilla-player-view', 'malilla-public-view', 'malilla-state'], True)
        """
        from ..schemas import SCHEMAS

        return {c.tag: SCHEMAS[c.tag] for c in self.json_codecs}

    def view(self, state: Any, player: int, scores: Sequence[int] | None = None) -> Any:
        """What seat ``player`` may see: each family builds its own views (it overrides this).

        Raises:
            NotImplementedError: a family that does not make views.

        >>> FamilyBase().view(None, 0)
        Traceback (most recent call last):
        ...
        NotImplementedError: FamilyBase makes no views: a family builds its own
        """
        raise NotImplementedError(f"{type(self).__name__} makes no views: a family builds its own")

    def events(self, before: Any, move: Move, after: Any, seat: int, viewer: int | None,
               reveal: bool) -> tuple[Any, ...]:
        """What ``move`` by ``seat`` did (see :class:`~maumau_rules.families.GameFamily`): the ``events`` function
        of :attr:`events_module`.

        >>> from maumau_rules import apply, new_game
        >>> from maumau_rules.families import families
        >>> for fam, s in zip(families(), (new_game("standard", 2, seed=1), new_game("malilla", 4, seed=1))):
        ...     m = s.legal_moves()[0]
        ...     print(fam.events(s, m, apply(s, m), s.seat_to_act, None, False)[-1].kind)
        turn_to
        turn_to
        """
        told: tuple[Any, ...] = importlib.import_module(self.events_module).events(before, move, after, seat, viewer,
                                                                                   reveal)
        return told

    def views(self, state: Any, scores: Sequence[int] | None = None) -> tuple[Any, ...]:
        """Every seat's view, by seat: ``view(state, seat, scores)`` for each seat (a family may gather the public
        part once).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.families import family_named
        >>> [v.seat for v in family_named("malilla").views(new_game("malilla", 4, seed=1))]
        [0, 1, 2, 3]
        """
        return tuple(self.view(state, seat, scores) for seat in range(state.players))

    def views_json(self, state: Any, scores: Sequence[int] | None = None) -> tuple[str, ...]:
        """The JSON text of every seat's view, by seat: ``dumps`` of each of :meth:`views` (a family may write the
        public part once for all seats).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.families import family_named
        >>> from maumau_rules.notation import dumps
        >>> s = new_game("malilla", 4, seed=1)
        >>> FamilyBase.views_json(family_named("malilla"), s) == tuple(dumps(v) for v in family_named("malilla").views(s))
        True
        """
        from ..notation import dumps

        return tuple(dumps(v) for v in self.views(state, scores))

    def is_legal(self, state: Any, move: Move) -> bool:
        """Whether ``move`` is legal for the seat to act.

        >>> from maumau_rules import Pass, new_game
        >>> from maumau_rules.families import family_named
        >>> s = new_game("standard", 2, seed=1)
        >>> family_named("maumau").is_legal(s, s.legal_moves()[0]), family_named("maumau").is_legal(s, Pass())
        (True, False)
        """
        legal: bool = self.engine_module.is_legal(state, move)
        return legal

    def check(self, state: Any, move: Move, player: int | None = None, turn: int | None = None) -> Verdict:
        """Judge ``move`` without applying it (never raises).

        >>> from maumau_rules import Pass, new_game
        >>> from maumau_rules.families import family_named
        >>> v = family_named("maumau").check(new_game("standard", 2, seed=1), Pass())
        >>> v.ok, v.reason.value
        (False, 'pass_not_allowed')
        """
        verdict: Verdict = self.engine_module.check(state, move, player=player, turn=turn)
        return verdict

    def start_match(self, variant: Variant, players: int, seed: int, *, scores: Sequence[int] | None = None,
                    dealer: int | None = None, round_no: int = 1) -> Any:
        """A :class:`~maumau_rules.scoring.Match` and its first round (or a later one: ``scores``, ``dealer``).

        >>> from maumau_rules import find_variant
        >>> from maumau_rules.families import family_named
        >>> m = family_named("malilla").start_match(find_variant("malilla"), 4, seed=1, scores=(3, 5))
        >>> m.scores, m.round_no, m.game.dealer == m.dealer
        ((3, 5), 1, True)
        """
        return self.match_module.start_match(variant, players, seed, scores=scores, dealer=dealer,
                                             round_no=round_no)

    def next_round(self, match: Any, finished: Any) -> Any:
        """Score the finished round into ``match`` and deal the next one (or end the match).

        >>> from maumau_rules import apply, find_variant
        >>> from maumau_rules.families import family_named
        >>> fam = family_named("maumau")
        >>> m = fam.start_match(find_variant("standard"), 2, seed=1)
        >>> s = m.game
        >>> while not s.is_over:
        ...     s = apply(s, s.legal_moves()[0])
        >>> m2 = fam.next_round(m, s)
        >>> m2.round_no, m2.scores == fam.round_points(s), m2.game.turn
        (2, True, 0)
        """
        return self.match_module.next_round(match, finished)

    def round_points(self, state: Any) -> tuple[int, ...]:
        """The points each side scores for the finished round.

        >>> from maumau_rules import apply, new_game
        >>> from maumau_rules.families import family_named
        >>> s = new_game("standard", 2, seed=1)
        >>> while not s.is_over:
        ...     s = apply(s, s.legal_moves()[0])
        >>> family_named("maumau").round_points(s), s.winner  # Standard: a point for the winner
        ((0, 1), 1)
        """
        points: tuple[int, ...] = self.match_module.round_points(state)
        return points
