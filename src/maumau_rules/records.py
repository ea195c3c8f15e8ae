"""Game records: the variant, the setup (seed or explicit deal), the moves in order and the result.

A record replays exactly: :func:`replay` re-checks every step with the engine and yields each state;
on the first violation it raises :class:`ReplayError` with the step index, the reason code, the rule
ID and the message. :func:`validate_records` checks a whole file and, in lenient mode, reports the
first error of every record and goes on to the next (python-chess ``Game.errors`` style).

The JSON form (``"type": "record"``, ``"version": 1``) is published as a JSON Schema; a file holds
one record, or a ``"type": "records"`` document with a list of them (a bare JSON list is read too).

A :class:`MatchRecord` (``"type": "match-record"``) holds a whole match: the moves of each round in order.
:func:`replay_match` plays it through :func:`~maumau_rules.scoring.start_match` and
:func:`~maumau_rules.scoring.next_round`, so the scores, the dealers and each round's setup (in Malilla
the trump bonus held back near the target) are checked too; a violation names its round and step. Files
may mix both kinds.

>>> from maumau_rules import new_game, legal_moves, apply
>>> s = new_game("standard", players=2, seed=4)
>>> moves = []
>>> for _ in range(6):
...     m = legal_moves(s)[0]; moves.append(m); s = apply(s, m)
>>> rec = record_from_moves("standard", 2, 4, moves)
>>> states = list(replay(rec))
>>> len(states), states[-1] == s
(7, True)
>>> loads_record(dumps_record(rec)) == rec
True
"""

from __future__ import annotations

import contextlib
import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import Any, Final

import attrs

from .cards import Card
from .errors import (
    ArgumentError,
    ArgumentTypeError,
    IllegalMoveError,
    MauMauError,
    NotationError,
    VariantError,
    shown,
)
from .fairness import FairnessError, FairSeed, FairSetup
from .families import state_family
from .game import apply, legal_moves, new_game
from .i18n import gettext as _
from .jsonstream import BadLine, StreamError, json_values
from .memo import BoundedMemo
from .moves import Move, parse_move
from .notation import (
    FORMAT_VERSION,
    _check_fields,
    _dec,
    _dec_move,
    _show,
    parse_json_text,
    resolve_variant,
    variant_from_json,
    variant_to_json,
)
from .rng import seed_state
from .scoring import Match, next_round, start_match
from .state import Deal, EndReason
from .variants import Variant, find_variant, load_variant

__all__ = [
    "MAX_MOVES",
    "MAX_RECORDS",
    "MAX_RECORD_TEXT",
    "MAX_VARIANT_JSON",
    "GameRecord",
    "MatchRecord",
    "MatchResult",
    "RecordReport",
    "RecordResult",
    "RecordStreamError",
    "RecordedMove",
    "ReplayError",
    "VariantCache",
    "dumps_record",
    "dumps_records",
    "dumps_records_jsonl",
    "first_violation",
    "iter_records",
    "iter_validate_records",
    "loads_record",
    "loads_records",
    "record_from_history",
    "record_from_moves",
    "record_from_rounds",
    "record_from_start",
    "record_lines",
    "replay",
    "replay_match",
    "validate_records",
]

MAX_RECORD_TEXT: Final = 5_000_000
"""Longest record file text (characters) accepted; checked before parsing."""
MAX_MOVES: Final = 20_000
"""Most moves in one record."""
MAX_RECORDS: Final = 10_000
"""Most records in one file."""
MAX_COMMENT: Final = 4_000
"""Longest comment or timestamp text of one move, and longest tag value."""
MAX_PLAYERS: Final = 64
"""Most seats in a record (variants allow far fewer)."""

COMPILED_VARIANTS: Final[BoundedMemo[Variant]] = BoundedMemo(maxsize=256)
"""Variants compiled for records, by content: the base variant (registered, or the record's own
``definition``) with the record's ``overrides``. A file of many records that change the rules the same
way compiles that variant once, so reading costs CPU linear in the file's size; at most 256 variants are
kept (the least recently used is dropped)."""

MAX_VARIANTS_PER_FILE: Final = 64
"""Most distinct variants (overrides or definitions not compiled before) that one file may make the reader
compile; a record past that is invalid (compiling a variant costs milliseconds, so this bounds a file's CPU)."""

MAX_VARIANT_JSON: Final = 64_000
"""Longest JSON text (in characters, keys sorted) of one record's ``overrides`` or own ``definition`` that a reader
compiles (the largest registered variant's definition is about 8,000): compiling costs about 10 ms plus 10-60 µs a
character, so this bounds one compilation. A :class:`VariantCache` may set a lower limit."""

_BUDGET: ContextVar[list[int] | None] = ContextVar("maumau_rules_compile_budget", default=None)
"""The compilations left to the file being read (``None``: no file is being read, no limit)."""
_CACHE: ContextVar[VariantCache | None] = ContextVar("maumau_rules_variant_cache", default=None)
"""The caller's :class:`VariantCache` in force (``None``: the shared :data:`COMPILED_VARIANTS`)."""


class VariantCache:
    """A bounded cache of compiled variants and a compile budget that a caller owns (a server: one per client, or
    one per time window).

    Reading a record whose ``overrides`` or ``definition`` has not been compiled before costs a compilation (about
    10 ms plus 10-60 µs per character of it); the per-file budget (:data:`MAX_VARIANTS_PER_FILE`) bounds one file,
    and this object bounds many calls: it keeps at most ``max_entries`` variants (the least recently used is
    dropped), compiles at most ``max_compiles`` of them in all (``None``: no limit; :meth:`renew` starts a new
    budget, keeping what is cached), and refuses an ``overrides`` or ``definition`` whose JSON text is longer than
    ``max_input_chars``. Readers use it inside ``with cache.use():`` (the records readers, ``first_violation``,
    ``replay``, ``GameRecord.resolve_variant``; a generator while it is advanced there), or through the
    ``variants=`` argument of :func:`validate_records`, :func:`iter_validate_records` and :func:`first_violation`;
    house-rule TOML goes through :meth:`load_variant`. A record refused for the budget reports ``invalid_setup``
    and changes nothing. Nothing is shared between caches; the library keeps no other compiled variants than the
    default :data:`COMPILED_VARIANTS` (used when no cache is given).

    Args:
        max_entries: the most compiled variants kept (at least 1).
        max_compiles: the most compilations in all, until :meth:`renew` (``None``: no limit).
        max_input_chars: the longest ``overrides``/``definition`` JSON, or house-rule TOML text, compiled.

    Raises:
        ArgumentError: a limit that is not a positive integer (``ArgumentTypeError`` for a wrong type).

    >>> cache = VariantCache(max_entries=8, max_compiles=1)
    >>> recs = [GameRecord("standard", 1, 2, seed=3, overrides={"R_DEAL": {"hand_size": n}}) for n in (4, 4, 5)]
    >>> [r.ok for r in validate_records(recs, variants=cache)], cache.compiles, cache.compiles_left
    ([True, True, False], 1, 0)
    >>> validate_records(recs[2:], variants=cache)[0].error.message
    'cannot set up the variant: the variant cache has spent its budget of 1 compilation (renew it to compile more)'
    >>> cache.renew(); validate_records(recs[2:], variants=cache)[0].ok
    True
    """

    def __init__(self, max_entries: int = 256, *, max_compiles: int | None = None,
                 max_input_chars: int = MAX_VARIANT_JSON) -> None:
        for name, value in (("max_entries", max_entries), ("max_compiles", max_compiles),
                            ("max_input_chars", max_input_chars)):
            if value is None and name == "max_compiles":
                continue
            if type(value) is not int:
                raise ArgumentTypeError(_("{name} {value} must be an integer").format(name=name, value=shown(value)))
            if value < (0 if name == "max_compiles" else 1):
                raise ArgumentError(_("{name} {value} must be positive").format(name=name, value=shown(value)))
        self._memo: BoundedMemo[Variant] = BoundedMemo(max_entries)
        self.max_compiles = max_compiles
        """The compile budget (``None``: no limit)."""
        self.max_input_chars = max_input_chars
        """The longest input compiled."""
        self.compiles = 0
        """Compilations since the cache was made or last renewed."""

    @property
    def compiles_left(self) -> int | None:
        """Compilations left in the budget (``None``: no limit).

        >>> VariantCache(max_compiles=3).compiles_left, VariantCache().compiles_left
        (3, None)
        """
        return None if self.max_compiles is None else max(0, self.max_compiles - self.compiles)

    def renew(self) -> None:
        """Start a new compile budget (the variants cached stay).

        >>> c = VariantCache(max_compiles=2); c.compiles = 2; c.renew(); c.compiles_left
        2
        """
        self.compiles = 0

    def __len__(self) -> int:
        return len(self._memo)

    def compiled(self, key: Any, size: int, build: Callable[[], Variant],
                 error: type[MauMauError] = NotationError) -> Variant:
        """The variant cached for ``key``, or ``build()`` it, charged to the budget (and to the file being read).

        Raises:
            MauMauError: of type ``error``: ``size`` is over :attr:`max_input_chars`, or the budget is spent.

        >>> c = VariantCache(max_compiles=1)
        >>> c.compiled("k", 10, lambda: find_variant("standard")).id, c.compiled("k", 10, lambda: None).id
        ('standard', 'standard')
        """
        if size > self.max_input_chars:
            raise error(f"the variant to compile is {size} characters of JSON or TOML, more than the "
                        f"{self.max_input_chars} this reader compiles")
        known = self._memo.get(key)
        if known is not None:
            return known
        if self.max_compiles is not None and self.compiles >= self.max_compiles:
            raise error(f"the variant cache has spent its budget of {self.max_compiles} compilation"
                        f"{'' if self.max_compiles == 1 else 's'} (renew it to compile more)")
        _charge_file()
        self.compiles += 1
        return self._memo.put(key, build())

    def load_variant(self, text: str) -> Variant:
        """:func:`~maumau_rules.variants.load_variant` of house-rule TOML, compiled once per distinct text and
        charged to the budget.

        Raises:
            VariantError: what ``load_variant`` raises, a text over :attr:`max_input_chars`, or a spent budget.

        >>> c = VariantCache(max_compiles=1)
        >>> text = '[variant]\\nid = "h"\\nname = "H"\\nbased_on = "standard"\\n'
        >>> c.load_variant(text) is c.load_variant(text), c.compiles
        (True, 1)
        """
        if not isinstance(text, str):
            raise VariantError(f"variant text must be a string, got {type(text).__name__}")
        return self.compiled(("toml", text), len(text), lambda: load_variant(text), VariantError)

    @contextlib.contextmanager
    def use(self) -> Iterator[VariantCache]:
        """Make the readers called in this block compile through this cache.

        >>> c = VariantCache()
        >>> with c.use():
        ...     first_violation(GameRecord("standard", 1, 2, overrides={"R_DEAL": {"hand_size": 3}})) is None
        True
        >>> c.compiles
        1
        """
        token = _CACHE.set(self)
        try:
            yield self
        finally:
            _CACHE.reset(token)


def _charge_file() -> None:
    """Charge one compilation to the file being read, if any."""
    budget = _BUDGET.get()
    if budget is not None:
        if budget[0] <= 0:
            raise NotationError(_("the file needs more than {limit} distinct variants compiled (overrides "
                                   "or definitions): too costly to check").format(limit=MAX_VARIANTS_PER_FILE))
        budget[0] -= 1


def _compiled(key: Any, size: int, build: Any) -> Variant:
    """The variant for ``key`` from the caller's :class:`VariantCache` or :data:`COMPILED_VARIANTS`, or ``build()`` it
    (charged to the file's budget, and to the cache's); ``size``: the length of the JSON it is compiled from."""
    cache = _CACHE.get()
    if cache is not None:
        return cache.compiled(key, size, build)
    if size > MAX_VARIANT_JSON:
        raise NotationError(_("the variant to compile is {size} characters of JSON, more than the {limit} a "
                               "record may hold (MAX_VARIANT_JSON)").format(size=size, limit=MAX_VARIANT_JSON))
    known = COMPILED_VARIANTS.get(key)
    if known is not None:
        return known
    _charge_file()
    variant: Variant = build()
    return COMPILED_VARIANTS.put(key, variant)


@contextlib.contextmanager
def _using(cache: VariantCache | None) -> Iterator[None]:
    """Compile through ``cache`` in this block (``None``: leave the one in force)."""
    if cache is None:
        yield
        return
    if not isinstance(cache, VariantCache):
        raise ArgumentTypeError(_("variants {cache} must be a VariantCache").format(cache=shown(cache)))
    with cache.use():
        yield


@contextlib.contextmanager
def _file_budget() -> Iterator[None]:
    token = _BUDGET.set([MAX_VARIANTS_PER_FILE])
    try:
        yield
    finally:
        _BUDGET.reset(token)


INVALID_RECORD: Final = "invalid_record"
"""Reason code: the record is not well-formed (JSON shape, notation, sizes)."""
INVALID_SETUP: Final = "invalid_setup"
"""Reason code: the game cannot be set up (unknown variant or version, bad overrides, impossible deal)."""
RESULT_MISMATCH: Final = "result_mismatch"
"""Reason code: the recorded result is not what the moves lead to."""
ROUND_NOT_OVER: Final = "round_not_over"
"""Reason code (match records): a round's moves stop before it is over, but another round follows."""
MATCH_OVER: Final = "match_over"
"""Reason code (match records): the record holds a round after the match was over."""


class ReplayError(MauMauError, ValueError):
    """A record is invalid: where (record and step), why (reason code and rule ID) and a message.

    ``reason`` is a :class:`~maumau_rules.reasons.Reason` value for a rejected move, or one of
    ``invalid_record``, ``invalid_setup``, ``result_mismatch`` (and, for match records, ``round_not_over``
    and ``match_over``). ``step`` is the 0-based index of the move in ``record.moves`` (``None`` when the
    record cannot be read or set up; ``len(moves)`` for a result mismatch); in a match record it counts
    within the round ``round_no`` (1-based).

    >>> e = ReplayError("illegal move '7♥' by player 0: ...", step=3, reason="not_your_turn", rule_id="R_TURN_ORDER")
    >>> e.step, e.reason, e.to_json()["rule_id"]
    (3, 'not_your_turn', 'R_TURN_ORDER')
    """

    def __init__(self, message: str, *, step: int | None, reason: str, rule_id: str = "",
                 move: str | None = None, record_index: int | None = None, round_no: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.step = step
        self.reason = reason
        self.rule_id = rule_id
        self.move = move
        self.record_index = record_index
        self.round_no = round_no

    def __str__(self) -> str:
        """Where, why and the message, in the current language (the reason code and the rule ID are the same in
        every language; the message was written in the language of the code that raised it).

        >>> from maumau_rules.i18n import language
        >>> e = ReplayError("bad", step=3, reason="must_beat", rule_id="R_MAL_FOLLOW", round_no=2)
        >>> str(e)
        'round 2, step 3: must_beat, rule R_MAL_FOLLOW: bad'
        >>> with language("de"):
        ...     str(e)
        'Runde 2, Schritt 3: must_beat, Regel R_MAL_FOLLOW: bad'
        """
        where = _("setup") if self.step is None else _("step {step}").format(step=self.step)
        if self.round_no is not None:
            where = _("round {round}, {where}").format(round=self.round_no, where=where)
        if self.record_index is not None:
            where = _("record {index}, {where}").format(index=self.record_index, where=where)
        reason = _("{reason}, rule {rule}").format(reason=self.reason, rule=self.rule_id) if self.rule_id else self.reason
        return _("{where}: {reason}: {message}").format(where=where, reason=reason, message=self.message)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the error.

        >>> ReplayError("bad", step=None, reason="invalid_record").to_json()
        {'record': None, 'step': None, 'move': None, 'reason': 'invalid_record', 'rule_id': '', 'message': 'bad'}
        >>> ReplayError("bad", step=3, reason="must_beat", round_no=2).to_json()["round"]
        2
        """
        out = {"record": self.record_index, "step": self.step, "move": self.move, "reason": self.reason,
               "rule_id": self.rule_id, "message": self.message}
        if self.round_no is not None:
            out["round"] = self.round_no
        return out

    def at_record(self, index: int) -> ReplayError:
        """The same error, located in record ``index`` of a file.

        >>> ReplayError("bad", step=1, reason="x").at_record(4).record_index
        4
        """
        return ReplayError(self.message, step=self.step, reason=self.reason, rule_id=self.rule_id,
                           move=self.move, record_index=index, round_no=self.round_no)


@attrs.frozen
class RecordedMove:
    """One move of a record, with the seat that made it, a timestamp and a comment (the engine ignores both).

    >>> RecordedMove(parse_move("7h"), seat=1, comment="nice").to_json()
    {'move': '7♥', 'seat': 1, 'comment': 'nice'}
    """

    move: Move
    """The move."""
    seat: int | None = None
    """The seat that made it; replay checks that this seat could make it: the seat to act, or another seat calling
    out inside an open window (``None``: not recorded, the seat to act)."""
    time: str | None = None
    """When it was made (ISO 8601 text is suggested); ignored by the engine."""
    comment: str | None = None
    """A free comment; ignored by the engine."""

    def to_json(self) -> str | dict[str, Any]:
        """The move in notation, or an object when seat, time or comment are present.

        >>> RecordedMove(parse_move("draw")).to_json()
        'draw'
        """
        if self.seat is None and self.time is None and self.comment is None:
            return str(self.move)
        out: dict[str, Any] = {"move": str(self.move)}
        for key in ("seat", "time", "comment"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


@attrs.frozen
class RecordResult:
    """How the game ended: the winner (``None`` when nobody won) and the end reason.

    >>> RecordResult(winner=1, end=EndReason.EMPTY_HAND).to_json()
    {'winner': 1, 'end': 'empty_hand'}
    """

    winner: int | None
    """The winning seat."""
    end: EndReason
    """How the round ended."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> RecordResult(None, EndReason.TURN_LIMIT).to_json()["end"]
        'turn_limit'
        """
        return {"winner": self.winner, "end": self.end.value}

    @classmethod
    def of(cls, state: Any) -> RecordResult | None:
        """The result of ``state`` (a round, or a Malilla hand: its winner is a team), or ``None`` while the game
        goes on.

        >>> RecordResult.of(new_game("standard", players=2, seed=1)) is None
        True
        """
        if state.end is None:
            return None
        return cls(state.winner, state.end)


@attrs.frozen
class GameRecord:
    """A complete or partial game: variant, setup, moves and result.

    >>> rec = GameRecord(variant="standard", variant_version=1, players=2, seed=3)
    >>> rec.moves, rec.result, rec.resolve_variant().id
    ((), None, 'standard')
    """

    variant: str
    """The variant's ID."""
    variant_version: int
    """The variant's version the game was played under (replay refuses another version)."""
    players: int
    """The number of seats."""
    seed: int = 0
    """The seed of :func:`~maumau_rules.new_game` (with a deal, it drives only later reshuffles)."""
    moves: tuple[RecordedMove, ...] = ()
    """The moves in order."""
    result: RecordResult | None = None
    """The recorded result; ``None`` for an unfinished game (or one whose result was not written)."""
    overrides: Mapping[str, Mapping[str, Any] | None] = attrs.field(factory=dict, hash=False)
    """Rule parameter overrides: ``{"R_DEAL": {"hand_size": 4}}``; ``null`` removes a rule."""
    definition: Variant | None = None
    """The full variant, for a house variant that is not in the registry."""
    deal: Deal | None = None
    """An explicit deal instead of the shuffle."""
    dealer: int | None = None
    """The dealer passed to :func:`~maumau_rules.new_game`, if any."""
    first_player: int | None = None
    """The first player passed to :func:`~maumau_rules.new_game`, if any."""
    hand_sizes: tuple[int, ...] | None = None
    """Per-seat hand sizes passed to :func:`~maumau_rules.new_game`, if any."""
    names: tuple[str, ...] = ()
    """Player names by seat (optional)."""
    tags: Mapping[str, str] = attrs.field(factory=dict, hash=False)
    """Free tags (event, date, site, ...); ignored by the engine."""
    fairness: FairSeed | None = None
    """The revealed seed of a provably fair game (:mod:`maumau_rules.fairness`): ``seed`` must be its
    :attr:`~maumau_rules.fairness.FairSeed.game_seed`, the setup (variant, overrides, players, dealer, first player,
    hand sizes) its committed :attr:`~maumau_rules.fairness.FairSeed.setup`, and there is no ``deal`` or
    ``deck_order``; ``maumau verify`` checks all of it against the commitment."""
    deck_order: tuple[Card, ...] | None = None
    """The shuffled deck in dealing order, passed to :func:`~maumau_rules.new_game` instead of the seeded shuffle (the
    explicit deal of a Malilla hand; ``seed`` then drives only later shuffles). For replaying a real table: never
    part of a provably fair game."""

    def resolve_variant(self) -> Variant:
        """The variant to replay under: the registered one (or ``definition``) with the overrides applied.

        Raises:
            ReplayError: unknown variant, another version, or overrides that make no valid variant.

        >>> GameRecord("standard", 1, 2, overrides={"R_DEAL": {"hand_size": 4}}).resolve_variant().plan.hand_size(3)
        4
        """
        return _resolve(self.variant, self.variant_version, self.definition, self.overrides)

    def fair_setup(self) -> FairSetup:
        """The setup this record states for a provably fair game (:meth:`FairSetup.of
        <maumau_rules.fairness.FairSetup.of>`): what it replays from, besides its seed.

        Raises:
            FairnessError: the record is dealt from an explicit deal or a deck order (which a fair game never is).

        >>> GameRecord("standard", 1, 2, dealer=1).fair_setup() == FairSetup.game("standard", 2, dealer=1)
        True
        """
        if self.deck_order is not None:
            raise FairnessError(_("the record is dealt from a deck_order: a deck order replays a real table's deal and is "
                                   "never part of a provably fair game (whoever wrote it chose the cards); a fair game is "
                                   "dealt from its committed seed alone"))
        if self.deal is not None:
            raise FairnessError(_("the record is dealt from an explicit deal: a provably fair game is dealt from its "
                                   "committed seed alone, never from a deal written into the record"))
        return FairSetup("game", self.variant, self.variant_version, self.players,
                         FairSetup.digest_of(self.definition), self.overrides, self.dealer, self.first_player,
                         self.hand_sizes)

    def start(self) -> Any:
        """The initial state of the game.

        Raises:
            ReplayError: the game cannot be set up (reason ``invalid_setup``).

        >>> GameRecord("standard", 1, 3, seed=42).start() == new_game("standard", 3, 42)
        True
        """
        variant = self.resolve_variant()
        try:
            if self.deal is not None:
                if len(self.deal.hands) != self.players:
                    raise NotationError(_("the deal has {n} hands for {players} players")
                                        .format(n=len(self.deal.hands), players=self.players))
                return new_game(variant, self.players, self.seed, deal=self.deal)
            return new_game(variant, self.players, self.seed, dealer=self.dealer, first_player=self.first_player,
                            hand_sizes=self.hand_sizes, deck_order=self.deck_order)
        except MauMauError as exc:
            raise ReplayError(_("cannot set up the game: {exc}")
                              .format(exc=exc), step=None, reason=INVALID_SETUP) from None
        except (TypeError, ValueError, IndexError) as exc:
            raise ReplayError(_("cannot set up the game: {exc}")
                              .format(exc=exc), step=None, reason=INVALID_SETUP) from None

    def to_json(self) -> dict[str, Any]:
        """The versioned JSON form (a dict of JSON types); optional fields appear only when set.

        >>> GameRecord("standard", 1, 2, seed=3).to_json()
        {'type': 'record', 'version': 1, 'variant': {'id': 'standard', 'version': 1}, 'players': 2, 'seed': 3, 'moves': [], 'result': None}
        """
        variant: dict[str, Any] = {"id": self.variant, "version": self.variant_version}
        if self.definition is not None:
            variant["definition"] = variant_to_json(self.definition)
        out: dict[str, Any] = {"type": "record", "version": FORMAT_VERSION, "variant": variant,
                               "players": self.players, "seed": self.seed}
        if self.overrides:
            out["overrides"] = {k: (dict(v) if v is not None else None) for k, v in self.overrides.items()}
        if self.deal is not None:
            d = self.deal
            out["deal"] = {"hands": [[str(c) for c in h] for h in d.hands], "stock": [str(c) for c in d.stock],
                           "discard": [str(c) for c in d.discard], "dealer": d.dealer,
                           "first_player": d.first_player, "start_effects": d.start_effects}
        for key in ("dealer", "first_player"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.hand_sizes is not None:
            out["hand_sizes"] = list(self.hand_sizes)
        if self.deck_order is not None:
            out["deck_order"] = [str(c) for c in self.deck_order]
        if self.names:
            out["names"] = list(self.names)
        if self.tags:
            out["tags"] = dict(self.tags)
        if self.fairness is not None:
            out["fairness"] = self.fairness.to_json()
        out["moves"] = [m.to_json() for m in self.moves]
        out["result"] = self.result.to_json() if self.result is not None else None
        return out

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read the JSON form (a parsed dict); see :func:`loads_record` for text.

        Raises:
            NotationError: wrong type or version, unknown or missing fields, malformed values, absurd sizes.

        >>> GameRecord.from_json({"type": "record", "version": 1, "variant": {"id": "standard", "version": 1},
        ...                       "players": 2, "seed": 1, "moves": ["draw"], "result": None}).moves[0].move
        Draw()
        >>> GameRecord.from_json({"type": "record", "version": 3})
        Traceback (most recent call last):
        ...
        maumau_rules.errors.NotationError: unsupported version 3 of 'record' JSON: this library reads version 1
        """
        return _read_record(data)


def _resolve(vid: str, version: int, definition: Variant | None,
             overrides: Mapping[str, Mapping[str, Any] | None]) -> Variant:
    """The variant a record names: the registered one (or its ``definition``) with the overrides applied, compiled
    once per distinct content (:data:`COMPILED_VARIANTS`)."""
    try:
        if definition is not None:
            base = definition
            if base.id != vid or base.version != version:
                raise NotationError(
                    _("the definition is variant {id} version {version}, but the record names {vid} version "
                       "{version2}").format(id=repr(base.id), version=base.version, vid=repr(vid), version2=version)
                )
        else:
            base = resolve_variant(vid, version)
        if not overrides:
            return base
        try:
            key = (base, json.dumps(overrides, sort_keys=True, allow_nan=False))
        except (TypeError, ValueError) as exc:
            raise NotationError(_("the overrides are not JSON data: {exc}").format(exc=exc)) from None
        return _compiled(key, len(key[1]), lambda: _with_overrides(base, overrides))
    except MauMauError as exc:
        raise ReplayError(_("cannot set up the variant: {exc}")
                          .format(exc=exc), step=None, reason=INVALID_SETUP) from None


@attrs.frozen
class MatchResult:
    """How a match ended: the winning side (a match seat; in Malilla a team) and the final scores by side.

    >>> MatchResult(winner=1, scores=(21, 36)).to_json()
    {'winner': 1, 'scores': [21, 36]}
    """

    winner: int | None
    """The side that won the match (``None``: nobody)."""
    scores: tuple[int, ...]
    """The final scores, by side."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> MatchResult(None, (0, 0)).to_json()["winner"] is None
        True
        """
        return {"winner": self.winner, "scores": list(self.scores)}

    @classmethod
    def of(cls, match: Match) -> MatchResult | None:
        """The result of ``match``, or ``None`` while it goes on.

        >>> MatchResult.of(start_match("malilla", 4, seed=1)) is None
        True
        """
        return cls(match.winner, match.scores) if match.over else None


@attrs.frozen
class MatchRecord:
    """A complete or partial match: the variant, the match seed, the moves of each round in order, and the result.

    It replays through :func:`~maumau_rules.scoring.start_match` and :func:`~maumau_rules.scoring.next_round`
    (:func:`replay_match`), so every round's setup follows from the match itself: its seed, its dealer, the
    scores so far.

    >>> rec = MatchRecord(variant="malilla", variant_version=1, players=4, seed=3)
    >>> rec.rounds, rec.start().round_no
    ((), 1)
    """

    variant: str
    """The variant's ID."""
    variant_version: int
    """The variant's version the match was played under."""
    players: int
    """The number of seats."""
    seed: int = 0
    """The match seed (:func:`~maumau_rules.scoring.start_match`)."""
    rounds: tuple[tuple[RecordedMove, ...], ...] = ()
    """The moves of each round, in order; every round but the last must be played to its end."""
    result: MatchResult | None = None
    """The recorded result; ``None`` for an unfinished match (or one whose result was not written)."""
    overrides: Mapping[str, Mapping[str, Any] | None] = attrs.field(factory=dict, hash=False)
    """Rule parameter overrides, as in :class:`GameRecord`."""
    definition: Variant | None = None
    """The full variant, for a house variant that is not in the registry."""
    names: tuple[str, ...] = ()
    """Player names by seat (optional)."""
    tags: Mapping[str, str] = attrs.field(factory=dict, hash=False)
    """Free tags; ignored by the engine."""
    fairness: FairSeed | None = None
    """The revealed seed of a provably fair match (:mod:`maumau_rules.fairness`): ``seed`` (the match seed, from which
    every hand is dealt) must be its :attr:`~maumau_rules.fairness.FairSeed.game_seed` and its setup the match's."""

    @property
    def moves(self) -> tuple[RecordedMove, ...]:
        """Every move of every round, in order.

        >>> MatchRecord("malilla", 1, 4, rounds=((RecordedMove(parse_move("pass")),), ())).moves
        (RecordedMove(move=Pass(), seat=None, time=None, comment=None),)
        """
        return tuple(m for r in self.rounds for m in r)

    def resolve_variant(self) -> Variant:
        """The variant to replay under (the registered one, or ``definition``, with the overrides applied).

        Raises:
            ReplayError: unknown variant, another version, or overrides that make no valid variant.

        >>> MatchRecord("malilla", 1, 4).resolve_variant().family
        'malilla'
        """
        return _resolve(self.variant, self.variant_version, self.definition, self.overrides)

    def fair_setup(self) -> FairSetup:
        """The setup this record states for a provably fair match (:meth:`FairSetup.of
        <maumau_rules.fairness.FairSetup.of>`): every hand is dealt from the match seed.

        >>> MatchRecord("malilla", 1, 4).fair_setup() == FairSetup.match("malilla", 4)
        True
        """
        return FairSetup("match", self.variant, self.variant_version, self.players,
                         FairSetup.digest_of(self.definition), self.overrides)

    def start(self) -> Match:
        """The match before its first move.

        Raises:
            ReplayError: the match cannot be set up (reason ``invalid_setup``).

        >>> MatchRecord("malilla", 1, 4, seed=2).start() == start_match("malilla", 4, 2)
        True
        """
        variant = self.resolve_variant()
        try:
            return start_match(variant, self.players, self.seed)
        except MauMauError as exc:
            raise ReplayError(_("cannot set up the match: {exc}")
                              .format(exc=exc), step=None, reason=INVALID_SETUP) from None

    def to_json(self) -> dict[str, Any]:
        """The versioned JSON form (a dict of JSON types).

        >>> MatchRecord("malilla", 1, 4, seed=2).to_json()["type"]
        'match-record'
        """
        variant: dict[str, Any] = {"id": self.variant, "version": self.variant_version}
        if self.definition is not None:
            variant["definition"] = variant_to_json(self.definition)
        out: dict[str, Any] = {"type": "match-record", "version": FORMAT_VERSION, "variant": variant,
                               "players": self.players, "seed": self.seed}
        if self.overrides:
            out["overrides"] = {k: (dict(v) if v is not None else None) for k, v in self.overrides.items()}
        if self.names:
            out["names"] = list(self.names)
        if self.tags:
            out["tags"] = dict(self.tags)
        if self.fairness is not None:
            out["fairness"] = self.fairness.to_json()
        out["rounds"] = [[m.to_json() for m in r] for r in self.rounds]
        out["result"] = self.result.to_json() if self.result is not None else None
        return out

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Read the JSON form (a parsed dict).

        Raises:
            NotationError: wrong type or version, unknown or missing fields, malformed values, absurd sizes.

        >>> MatchRecord.from_json({"type": "match-record", "version": 1, "variant": {"id": "malilla", "version": 1},
        ...                        "players": 4, "rounds": [["pass"]], "result": None}).rounds[0][0].move
        Pass()
        """
        return _read_match_record(data)


# ====================================================================== reading


_RECORD_FIELDS: Final = frozenset({"type", "version", "variant", "players", "seed", "overrides", "deal", "dealer",
                                   "first_player", "hand_sizes", "names", "tags", "moves", "result",
                                   "fairness", "deck_order"})


def _int(data: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise NotationError(_("record field {where}: expected an integer, got {value}")
                            .format(where=where, value=_show(data)))
    if (low is not None and data < low) or (high is not None and data > high):
        raise NotationError(_("record field {where}: {data} is out of range ({low}..{high})")
                            .format(where=where, data=data, low=low, high=high))
    return data


def _opt_int(data: Any, where: str, low: int | None = None, high: int | None = None) -> int | None:
    return None if data is None else _int(data, where, low, high)


def _text(data: Any, where: str) -> str:
    if not isinstance(data, str):
        raise NotationError(_("record field {where}: expected a string, got {value}")
                            .format(where=where, value=_show(data)))
    if len(data) > MAX_COMMENT:
        raise NotationError(_("record field {where}: {n} characters is too long (limit {limit})")
                            .format(where=where, n=len(data), limit=MAX_COMMENT))
    return data


def _cards(data: Any, where: str) -> tuple[Card, ...]:
    out: tuple[Card, ...] = _dec(data, tuple[Card, ...], _("record field {where}").format(where=where))
    if len(out) > 1000:
        raise NotationError(_("record field {where}: {n} cards is too many").format(where=where, n=len(out)))
    return out


_MOVE_MEMO: Final[dict[tuple[str, int | None], RecordedMove]] = {}
"""Recorded moves read before, by their text and seat: a file repeats the same few hundred (move, seat) pairs, and
a recorded move is a frozen value, so each is parsed and checked once (the memo is emptied when it reaches
:data:`_MOVE_MEMO_SIZE` entries, so a file of ever new spellings costs memory bounded by that size)."""
_MOVE_MEMO_SIZE: Final = 4096


def _read_moves(data: list[Any], field: str = "moves") -> tuple[RecordedMove, ...]:
    """The recorded moves of a list: a plain move text, or an object of a move and its seat, comes from
    :data:`_MOVE_MEMO` when it was read before (a memo hit skips parsing and checking, done when it was stored)."""
    memo = _MOVE_MEMO
    out: list[RecordedMove] = []
    append = out.append
    for i, m in enumerate(data):
        key: tuple[Any, Any] | None = None
        if type(m) is str:
            key = (m, None)
        elif type(m) is dict and len(m) == 2:
            text, seat = m.get("move"), m.get("seat")
            if type(text) is str and type(seat) is int:
                key = (text, seat)
        if key is not None:
            found = memo.get(key)
            if found is None:
                found = _read_move(m, i, field)
                if len(memo) >= _MOVE_MEMO_SIZE:
                    memo.clear()
                memo[key] = found
            append(found)
        else:
            append(_read_move(m, i, field))
    return tuple(out)


def _read_move(data: Any, i: int, field: str = "moves") -> RecordedMove:
    where = f"{field}[{i}]"
    if isinstance(data, str):
        return RecordedMove(_parse(data, where))
    if not isinstance(data, dict):
        raise NotationError(_("record field {where}: expected a move such as '7h' or an object, got {value}")
                            .format(where=where, value=_show(data)))
    _check_fields(data, ("move", "seat", "time", "comment"), _("record field {where}")
                                                             .format(where=where), required=("move",))
    return RecordedMove(
        _parse(data["move"], where),
        seat=_opt_int(data.get("seat"), f"{where}.seat", 0, MAX_PLAYERS - 1),
        time=None if data.get("time") is None else _text(data["time"], f"{where}.time"),
        comment=None if data.get("comment") is None else _text(data["comment"], f"{where}.comment"),
    )


def _parse(data: Any, where: str) -> Move:
    return _dec_move(data, _("record field {where}").format(where=where))


def _read_deal(data: Any, players: int) -> Deal:
    if not isinstance(data, dict):
        raise NotationError(_("record field deal: expected an object, got {value}").format(value=_show(data)))
    _check_fields(data, ("hands", "stock", "discard", "dealer", "first_player", "start_effects"),
                  _("record field {where}").format(where="deal"),
                  required=("hands", "stock", "discard"))
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) > MAX_PLAYERS:
        raise NotationError(_("record field deal.hands: expected a list of hands, got {hands}")
                            .format(hands=_show(hands)))
    start_effects = data.get("start_effects", True)
    if not isinstance(start_effects, bool):
        raise NotationError(_("record field deal.start_effects: expected true or false, got {start_effects}")
                            .format(start_effects=_show(start_effects)))
    return Deal(
        hands=tuple(_cards(h, f"deal.hands[{i}]") for i, h in enumerate(hands)),
        stock=_cards(data["stock"], "deal.stock"),
        discard=_cards(data["discard"], "deal.discard"),
        dealer=_int(data.get("dealer", 0), "deal.dealer", 0, players - 1),
        first_player=_opt_int(data.get("first_player"), "deal.first_player", 0, players - 1),
        start_effects=start_effects,
    )


def _read_result(data: Any, players: int) -> RecordResult | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise NotationError(_("record field result: expected an object or null, got {value}").format(value=_show(data)))
    _check_fields(data, ("winner", "end"), _("record field {where}").format(where="result"), required=("end",))
    end: EndReason = _dec(data["end"], EndReason, _("record field {where}").format(where="result.end"))
    return RecordResult(_opt_int(data.get("winner"), "result.winner", 0, players - 1), end)


def _read_overrides(data: Any) -> dict[str, dict[str, Any] | None]:
    if not isinstance(data, dict):
        raise NotationError(_("record field overrides: expected an object of rule IDs, got {value}")
                            .format(value=_show(data)))
    out: dict[str, dict[str, Any] | None] = {}
    for rule_id, params in data.items():
        if params is not None and not isinstance(params, dict):
            raise NotationError(_("record field overrides.{rule_id}: expected an object of parameters or null")
                                .format(rule_id=rule_id))
        out[rule_id] = params
    return out


def _read_any(data: Any, max_moves: int = MAX_MOVES) -> GameRecord | MatchRecord:
    """A game record or a match record, by its ``type``."""
    if isinstance(data, dict) and data.get("type") == "match-record":
        return _read_match_record(data, max_moves)
    return _read_record(data, max_moves)


_MATCH_RECORD_FIELDS: Final = frozenset({"type", "version", "variant", "players", "seed", "overrides", "names", "tags",
                                         "rounds", "result", "fairness"})


def _variant_head(data: dict[str, Any]) -> tuple[str, int, Variant | None]:
    ref = data["variant"]
    if not isinstance(ref, dict) or not set(ref) <= {"id", "version", "definition"}:
        raise NotationError(_("record field variant: expected {{\"id\": ..., \"version\": ...}}, got {ref}")
                            .format(ref=_show(ref)))
    vid = ref.get("id")
    if not isinstance(vid, str) or len(vid) > 200:
        raise NotationError(_("record field variant.id: expected a variant ID string, got {vid}")
                            .format(vid=_show(vid)))
    vversion = _int(ref.get("version"), "variant.version", 0)
    definition = None
    if ref.get("definition") is not None:
        definition = _definition(ref["definition"])
    return vid, vversion, definition


def _read_match_record(data: Any, max_moves: int = MAX_MOVES) -> MatchRecord:
    if not isinstance(data, dict):
        raise NotationError(_("a match record must be a JSON object, got {value}").format(value=_show(data)))
    version = data.get("version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise NotationError(
            _("unsupported version {version} of 'match-record' JSON: this library reads version "
               "{supported}").format(version=_show(version), supported=FORMAT_VERSION))
    _check_fields(data, _MATCH_RECORD_FIELDS, _("match record"), required=("variant", "players", "rounds"))
    vid, vversion, definition = _variant_head(data)
    players = _int(data["players"], "players", 1, MAX_PLAYERS)
    rounds = data["rounds"]
    if not isinstance(rounds, list) or len(rounds) > 1000:
        raise NotationError(_("record field rounds: expected a list of at most 1000 rounds, got {rounds}")
                            .format(rounds=_show(rounds)))
    if not all(isinstance(r, list) for r in rounds):
        raise NotationError(_("record field rounds: each round is a list of moves"))
    if sum(len(r) for r in rounds) > max_moves:
        raise NotationError(_("record field rounds: more than {max_moves} moves").format(max_moves=max_moves))
    result = data.get("result")
    read_result = None
    if result is not None:
        if not isinstance(result, dict):
            raise NotationError(_("record field result: expected an object or null, got {result}")
                                .format(result=_show(result)))
        _check_fields(result, ("winner", "scores"), _("record field {where}")
                                                    .format(where="result"), required=("scores",))
        scores = result["scores"]
        if not isinstance(scores, list) or not 1 <= len(scores) <= MAX_PLAYERS:
            raise NotationError(_("record field result.scores: expected a list of scores, got {scores}")
                                .format(scores=_show(scores)))
        read_result = MatchResult(_opt_int(result.get("winner"), "result.winner", 0, players - 1),
                                  tuple(_int(x, f"result.scores[{i}]") for i, x in enumerate(scores)))
    names = data.get("names", [])
    if not isinstance(names, list) or len(names) > players:
        raise NotationError(_("record field names: expected at most one name per seat, got {names}")
                            .format(names=_show(names)))
    tags = data.get("tags", {})
    if not isinstance(tags, dict) or len(tags) > 100:
        raise NotationError(_("record field tags: expected an object of at most 100 strings, got {tags}")
                            .format(tags=_show(tags)))
    return MatchRecord(
        variant=vid, variant_version=vversion, players=players,
        seed=_int(data.get("seed", 0), "seed", -(1 << 127), 1 << 127),
        rounds=tuple(_read_moves(moves, f"rounds[{r}]") for r, moves in enumerate(rounds)),
        result=read_result, overrides=_read_overrides(data.get("overrides", {})), definition=definition,
        names=tuple(_text(n, f"names[{i}]") for i, n in enumerate(names)),
        tags={_text(k, "tags key"): _text(v, f"tags.{k}") for k, v in tags.items()},
        fairness=None if data.get("fairness") is None else FairSeed.from_json(data["fairness"]),
    )


def _read_record(data: Any, max_moves: int = MAX_MOVES) -> GameRecord:
    if not isinstance(data, dict):
        raise NotationError(_("a record must be a JSON object, got {value}").format(value=_show(data)))
    if data.get("type") != "record":
        raise NotationError(_("a record has type {value}: expected 'record' or 'match-record'")
                            .format(value=_show(data.get('type'))))
    version = data.get("version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise NotationError(
            _("unsupported version {version} of 'record' JSON: this library reads version "
               "{supported}").format(version=_show(version), supported=FORMAT_VERSION))
    _check_fields(data, _RECORD_FIELDS, _("record"), required=("variant", "players", "moves"))
    vid, vversion, definition = _variant_head(data)
    players = _int(data["players"], "players", 1, MAX_PLAYERS)
    seed = _int(data.get("seed", 0), "seed", -(1 << 127), 1 << 127)
    moves = data["moves"]
    if not isinstance(moves, list):
        raise NotationError(_("record field moves: expected a list, got {moves}").format(moves=_show(moves)))
    if len(moves) > max_moves:
        raise NotationError(_("record field moves: {n} moves is too many (limit {max_moves})")
                            .format(n=len(moves), max_moves=max_moves))
    hand_sizes = data.get("hand_sizes")
    if hand_sizes is not None:
        if not isinstance(hand_sizes, list) or len(hand_sizes) != players:
            raise NotationError(_("record field hand_sizes: expected one size per seat, got {hand_sizes}")
                                .format(hand_sizes=_show(hand_sizes)))
        hand_sizes = tuple(_int(n, f"hand_sizes[{i}]", 0, 1000) for i, n in enumerate(hand_sizes))
    names = data.get("names", [])
    if not isinstance(names, list) or len(names) > players:
        raise NotationError(_("record field names: expected at most one name per seat, got {names}")
                            .format(names=_show(names)))
    tags = data.get("tags", {})
    if not isinstance(tags, dict) or len(tags) > 100:
        raise NotationError(_("record field tags: expected an object of at most 100 strings, got {tags}")
                            .format(tags=_show(tags)))
    return GameRecord(
        variant=vid,
        variant_version=vversion,
        players=players,
        seed=seed,
        moves=_read_moves(moves),
        result=_read_result(data.get("result"), players),
        overrides=_read_overrides(data.get("overrides", {})),
        definition=definition,
        deal=None if data.get("deal") is None else _read_deal(data["deal"], players),
        dealer=_opt_int(data.get("dealer"), "dealer", 0, players - 1),
        first_player=_opt_int(data.get("first_player"), "first_player", 0, players - 1),
        hand_sizes=hand_sizes,
        deck_order=None if data.get("deck_order") is None else _cards(data["deck_order"], "deck_order"),
        names=tuple(_text(n, f"names[{i}]") for i, n in enumerate(names)),
        tags={_text(k, "tags key"): _text(v, f"tags.{k}") for k, v in tags.items()},
        fairness=None if data.get("fairness") is None else FairSeed.from_json(data["fairness"]),
    )


def _definition(data: Any) -> Variant:
    """A record's own variant definition, compiled once per distinct content (:data:`COMPILED_VARIANTS`)."""
    try:
        key = ("definition", json.dumps(data, sort_keys=True, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise NotationError(_("record field variant.definition is not JSON data: {exc}").format(exc=exc)) from None
    return _compiled(key, len(key[1]), lambda: variant_from_json(data))


def _with_overrides(base: Variant, overrides: Mapping[str, Mapping[str, Any] | None]) -> Variant:
    data = variant_to_json(base)
    rules = dict(data["rules"])
    for rule_id, params in overrides.items():
        if params is None:
            rules.pop(rule_id, None)
        else:
            rules[rule_id] = {**rules.get(rule_id, {}), **params}
    data["rules"] = rules
    return variant_from_json(data)


def dumps_record(record: GameRecord, *, indent: int | None = None) -> str:
    """The JSON text of one record.

    >>> dumps_record(GameRecord("standard", 1, 2, seed=7))[:40]
    '{"type": "record", "version": 1, "varian'
    """
    return json.dumps(record.to_json(), ensure_ascii=False, indent=indent)


def dumps_records(records: Iterable[GameRecord | MatchRecord], *, indent: int | None = None) -> str:
    """The JSON text of a file holding many records (``"type": "records"``), game and match records alike.

    >>> loads_records(dumps_records([GameRecord("standard", 1, 2)] * 2)) == [GameRecord("standard", 1, 2)] * 2
    True
    """
    return json.dumps({"type": "records", "version": FORMAT_VERSION, "records": [r.to_json() for r in records]},
                      ensure_ascii=False, indent=indent)


def loads_record(text: str | bytes, *, limit: int = MAX_RECORD_TEXT, max_moves: int = MAX_MOVES) -> GameRecord:
    """Read one record from JSON text (the length is checked before parsing).

    Args:
        text: the JSON text (``str`` or UTF-8 ``bytes``).
        limit: the longest text accepted, in characters (default :data:`MAX_RECORD_TEXT`, 5,000,000).
        max_moves: the most moves the record may hold (default :data:`MAX_MOVES`, 20,000).

    Raises:
        NotationError: too long, not JSON, or not a valid record; the message says where and why.

    >>> loads_record('{"type": "record", "version": 1, "variant": {"id": "standard", "version": 1}, '
    ...              '"players": 2, "moves": ["7x"]}')
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: record field moves[0]: unknown move '7x': unknown card '7x': ...
    >>> loads_record("x" * 10_000_000)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: record of 10000000 characters is too long (limit 5000000)
    >>> loads_record(dumps_record(GameRecord("standard", 1, 2)), limit=50)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: record of 131 characters is too long (limit 50)
    """
    _check_count(max_moves, "max_moves")
    return _read_record(parse_json_text(text, _("record"), limit=limit), max_moves)


def _check_count(value: Any, what: str) -> None:
    if type(value) is not int or value < 0:
        raise ArgumentError(_("{what} {value} must be a whole number").format(what=what, value=shown(value)))


def _check_length(text: str | bytes, what: str, limit: int) -> None:
    """Refuse a text longer than ``limit`` characters (UTF-8 bytes: more than four per character) before reading."""
    if type(limit) is not int or limit < 1:
        raise ArgumentError(_("limit {limit} must be a positive whole number of characters").format(limit=shown(limit)))
    if isinstance(text, bytes | bytearray) and len(text) > limit * 4:
        raise NotationError(_("{what} of {n} bytes is too long (limit {limit} characters)")
                            .format(what=what, n=len(text), limit=limit))
    if isinstance(text, str) and len(text) > limit:
        raise NotationError(_("{what} of {n} characters is too long (limit {limit})")
                            .format(what=what, n=len(text), limit=limit))


def _records_head(fields: Mapping[str, Any], done: bool) -> bool:
    """Whether an object with a ``"records"`` list is a file of records (its other ``fields`` so far); at its end
    (``done``), refuse one that is not exactly ``{"type": "records", "version": 1, "records": [...]}``."""
    kind = fields.get("type", None if done else "records")
    if kind != "records":
        if done:
            raise NotationError(_("record file: an object with a 'records' list has type {kind}: expected 'records'")
                                .format(kind=_show(kind)))
        return False
    version = fields.get("version", FORMAT_VERSION if not done else None)
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise NotationError(
            _("unsupported version {version} of 'records' JSON: this library reads version "
               "{supported}").format(version=_show(version), supported=FORMAT_VERSION))
    _check_fields(fields, ("type", "version"), _("record file"))
    return True


class RecordStreamError(ReplayError, StreamError):
    """A record text or stream cannot be read on: it is not UTF-8, not JSON where a record should begin (outside
    JSON Lines, where such a line is one invalid record), a record is longer than the limit, or there are more records
    than the limit.

    It is a :class:`ReplayError` (``step`` ``None``, reason ``invalid_record``, ``record_index`` the record where
    reading stopped) and a :class:`~maumau_rules.jsonstream.StreamError` (``kind``, ``line``, ``column``, ``problem``),
    so a :class:`~maumau_rules.errors.NotationError` too.

    >>> e = RecordStreamError("too long", kind="too_long", index=3)
    >>> e.record_index, e.reason, e.kind, isinstance(e, NotationError)
    (3, 'invalid_record', 'too_long', True)
    """

    def __init__(self, message: str, *, kind: str, index: int, line: int | None = None, column: int | None = None,
                 problem: str = "") -> None:
        Exception.__init__(self, message)
        self.message = message
        self.step = None
        self.reason = INVALID_RECORD
        self.rule_id = ""
        self.move = None
        self.record_index = index
        self.round_no = None
        self.kind = kind
        self.index = index
        self.line = line
        self.column = column
        self.problem = problem or message


def _stream_items(source: Any, jsonl: bool | None, limit: int, max_records: int | None, name: str) -> Iterator[Any]:
    """The JSON items of a record text or stream (:class:`~maumau_rules.jsonstream.BadLine` for a line of JSON Lines
    that is not JSON); stream problems are :class:`RecordStreamError`."""
    values = json_values(source, jsonl=jsonl, limit=limit, name=name, item=_("record"), container="records",
                         check=_records_head)  # (checks its arguments now, not at the first record)
    return _counted(values, max_records, name)


def _counted(values: Iterator[Any], max_records: int | None, name: str) -> Iterator[Any]:
    count = 0
    try:
        for value in values:
            if max_records is not None and count >= max_records:
                raise RecordStreamError(_("{name} holds more than {limit} records: too many (limit {limit})")
                                        .format(name=name, limit=max_records), kind="too_many", index=count)
            yield value
            count += 1
    except StreamError as exc:
        if isinstance(exc, RecordStreamError):
            raise
        raise RecordStreamError(exc.message, kind=exc.kind, index=exc.index, line=exc.line, column=exc.column,
                                problem=exc.problem) from None


@contextlib.contextmanager
def _charged_to(budget: list[int], cache: VariantCache | None = None) -> Iterator[None]:
    """Charge the variants compiled in this block to ``budget`` (a file's, kept across the records of a stream), and
    compile them through ``cache`` when one is given."""
    token = _BUDGET.set(budget)
    try:
        with _using(cache):
            yield
    finally:
        _BUDGET.reset(token)


def _check_stream_args(limit: int, max_records: int | None, max_moves: int, name: str) -> None:
    if type(limit) is not int or limit < 1:
        raise ArgumentError(_("limit {limit} must be a positive whole number of characters").format(limit=shown(limit)))
    if max_records is not None:
        _check_count(max_records, "max_records")
    _check_count(max_moves, "max_moves")
    if type(name) is not str:
        raise ArgumentTypeError(_("name {name} must be a string").format(name=shown(name)))


def iter_records(source: str | bytes | Iterable[str | bytes], *, jsonl: bool | None = None,
                 limit: int = MAX_RECORD_TEXT, max_records: int | None = None, max_moves: int = MAX_MOVES,
                 name: str = "record text") -> Iterator[GameRecord | MatchRecord]:
    """Read the records of a text or stream one at a time, in bounded memory: JSON Lines (one record per line), or
    any file :func:`dumps_records` and :func:`dumps_record` write (a ``"records"`` document or a bare list is read
    element by element).

    Args:
        source: the text (``str`` or UTF-8 ``bytes``), or an iterable of its pieces in order, such as
            ``iter(lambda: fh.read(65536), b"")`` for a file opened in binary mode (the pieces may split lines and
            characters anywhere). ``maumau_rules.cli_records.iter_record_file`` reads a file or standard input.
        jsonl: ``True`` for JSON Lines, ``False`` for a JSON document, ``None`` (default) to tell from the first
            line (a whole record on the first line: JSON Lines).
        limit: the longest record, in characters (a line of JSON Lines, an element of a list, a blank run);
            enforced while reading, so an endless stream stops after ``limit`` characters without a record.
            Default :data:`MAX_RECORD_TEXT`.
        max_records: the most records read (default ``None``: no limit, the memory used does not grow with them).
        max_moves: the most moves in one record (default :data:`MAX_MOVES`).
        name: what the source is, for messages.

    Raises:
        NotationError: the first malformed record (its index is in the message), or a ``"records"`` document of
            another version or with unknown fields.
        RecordStreamError: the text is not UTF-8, not JSON where a record should begin (in a JSON document), or
            a record, or the number of records, is over its limit.

    >>> text = dumps_records_jsonl([GameRecord("standard", 1, 2, seed=s) for s in range(3)])
    >>> [r.seed for r in iter_records(text)]
    [0, 1, 2]
    >>> [r.seed for r in iter_records([text[:50], text[50:].encode()])]
    [0, 1, 2]
    >>> next(iter_records(text, limit=100))
    Traceback (most recent call last):
    ...
    maumau_rules.records.RecordStreamError: record 0, setup: invalid_record: record text is longer than 100 ...
    """
    _check_stream_args(limit, max_records, max_moves, name)
    return _iter_records(_stream_items(source, jsonl, limit, max_records, name), max_moves)


def _iter_records(items: Iterator[Any], max_moves: int) -> Iterator[GameRecord | MatchRecord]:
    budget = [MAX_VARIANTS_PER_FILE]
    for i, item in enumerate(items):
        with _charged_to(budget):
            try:
                if type(item) is BadLine:
                    raise NotationError(item.message)
                record = _read_any(item, max_moves)
            except NotationError as exc:
                raise NotationError(_("record {i}: {exc}").format(i=i, exc=exc)) from None
        yield record


def loads_records(text: str | bytes, *, limit: int = MAX_RECORD_TEXT, max_records: int | None = MAX_RECORDS,
                  max_moves: int = MAX_MOVES) -> list[GameRecord | MatchRecord]:
    """Read every record of a file's text: one record, a ``"records"`` document, a bare JSON list, or JSON Lines;
    each item a game record or a match record.

    The limits guard a server that reads untrusted text: the whole text is measured before it is read.

    Args:
        text: the text (``str`` or UTF-8 ``bytes``).
        limit: the longest text, in characters (default :data:`MAX_RECORD_TEXT`, 5,000,000); for longer files use
            :func:`iter_records`, which limits each record instead.
        max_records: the most records (default :data:`MAX_RECORDS`, 10,000; ``None``: no limit).
        max_moves: the most moves in one record (default :data:`MAX_MOVES`).

    Raises:
        NotationError: too long, not JSON, too many records, or the first malformed record (its index is in the
            message).

    >>> len(loads_records('[]'))
    0
    >>> loads_records(dumps_records([GameRecord("standard", 1, 2)] * 3), max_records=2)
    Traceback (most recent call last):
    ...
    maumau_rules.records.RecordStreamError: record 2, setup: invalid_record: record file holds more than 2 records: ...
    """
    _check_length(text, _("record file"), limit)
    _check_stream_args(limit, max_records, max_moves, "")
    return list(_iter_records(_stream_items(text, None, limit, max_records, _("record file")), max_moves))


def record_lines(records: Iterable[GameRecord | MatchRecord]) -> Iterator[str]:
    """The JSON Lines of ``records``, one at a time: each record's JSON on one line, ending with ``"\\n"`` (write
    them with ``fh.writelines(...)``: a file of any size costs the memory of one record).

    >>> lines = list(record_lines([GameRecord("standard", 1, 2, seed=1), GameRecord("standard", 1, 2, seed=2)]))
    >>> len(lines), lines[0].endswith("}\\n"), lines[0].count("\\n")
    (2, True, 1)
    """
    if isinstance(records, str | bytes) or not isinstance(records, Iterable):
        raise ArgumentTypeError(_("records {records} must be an iterable of game or match records")
            .format(records=shown(records)))
    return _record_lines(records)


def _record_lines(records: Iterable[Any]) -> Iterator[str]:
    for i, record in enumerate(records):
        if not isinstance(record, GameRecord | MatchRecord):
            raise ArgumentTypeError(_("records[{i}] {record} is not a game or match record")
                .format(i=i, record=shown(record)))
        yield json.dumps(record.to_json(), ensure_ascii=False) + "\n"


def dumps_records_jsonl(records: Iterable[GameRecord | MatchRecord]) -> str:
    """The JSON Lines text of ``records`` (one record per line), game and match records alike.

    >>> recs = [GameRecord("standard", 1, 2, seed=1), MatchRecord("malilla", 1, 4, seed=2)]
    >>> text = dumps_records_jsonl(recs)
    >>> text.count("\\n"), loads_records(text) == recs, list(iter_records(text, jsonl=True)) == recs
    (2, True, True)
    """
    return "".join(record_lines(records))


# ====================================================================== replay


def replay(record: GameRecord) -> Iterator[Any]:
    """Replay ``record``: yield the initial state and the state after every move, re-checking each step.

    Raises:
        ReplayError: at the first violation, with its step index, reason code, rule ID and message.

    >>> rec = GameRecord("standard", 1, 2, seed=3, moves=(RecordedMove(parse_move("pass")),))
    >>> list(replay(rec))
    Traceback (most recent call last):
    ...
    maumau_rules.records.ReplayError: step 0: pass_not_allowed, rule R_DRAW: illegal move 'pass' by player 1: ...
    """
    state = record.start()
    yield state
    same: dict[int, Move] = {}  # id of a recorded move -> the equal move object legal_moves handed out
    for i, rm in enumerate(record.moves):
        try:
            # apply() validates; in a variant whose R_WRONG_CARD mode is "penalize" a wrong card is a
            # recorded event (the player draws the penalty), exactly as when the game was played.
            move, seat = rm.move, rm.seat
            if seat is None or seat == state.seat_to_act:
                # The engine finds a move it handed out by identity; an equal move read from text is found by
                # value, which costs more. The same move value is the same legal-move object in every state of a
                # game, so look it up once per record (an illegal move is not found and apply() rejects it).
                known = same.get(id(move))
                if known is None:
                    for m in legal_moves(state):
                        if m == move:
                            known = same[id(move)] = m
                            break
                state = apply(state, move if known is None else known)
            else:
                state = apply(state, move, player=seat)
        except IllegalMoveError as exc:
            v = exc.verdict
            raise ReplayError(v.message, step=i, reason=v.reason.value, rule_id=v.rule_id,
                              move=str(rm.move)) from None
        yield state
    if record.result is not None:
        got = RecordResult.of(state)
        if got != record.result:
            shown = _("an unfinished game") if got is None else _("winner {winner} ({end})").format(winner=got.winner,
                                                                                           end=got.end.value)
            raise ReplayError(
                _("the record says winner {winner} ({value}), but the moves lead to {shown}")
                .format(winner=record.result.winner, value=record.result.end.value, shown=shown),
                step=len(record.moves), reason=RESULT_MISMATCH,
            )


def replay_match(record: MatchRecord) -> Iterator[Any]:
    """Replay a match record: yield the first state of every round and the state after every move, re-checking
    each step, and going from round to round with :func:`~maumau_rules.scoring.next_round`.

    Raises:
        ReplayError: at the first violation, with its round, its step within the round, reason code, rule ID and
            message; ``round_not_over`` when a round's moves stop short of its end but another round follows;
            ``match_over`` for a round after the end of the match; ``result_mismatch`` when the moves lead to
            another result than the recorded one.

    >>> from maumau_rules import legal_moves, apply
    >>> m = start_match("malilla", 4, seed=2); s = m.game; moves = []
    >>> while not s.is_over:
    ...     moves.append(legal_moves(s)[0]); s = apply(s, moves[-1])
    >>> rec = record_from_rounds("malilla", 4, 2, [moves])
    >>> states = list(replay_match(rec)); states[-1].is_over, len(states) == len(moves) + 1
    (True, True)
    """
    match = record.start()
    last = len(record.rounds) - 1
    for r, moves in enumerate(record.rounds):
        round_no = r + 1
        if match.over:
            raise ReplayError(_("the match was over after round {r}, but the record holds round {round_no}")
                              .format(r=r, round_no=round_no),
                              step=0, reason=MATCH_OVER, round_no=round_no)
        state = match.game
        yield state
        for i, rm in enumerate(moves):
            try:
                state = apply(state, rm.move, player=rm.seat)
            except IllegalMoveError as exc:
                v = exc.verdict
                raise ReplayError(v.message, step=i, reason=v.reason.value, rule_id=v.rule_id, move=str(rm.move),
                                  round_no=round_no) from None
            yield state
        if not state.is_over:
            if r < last:
                raise ReplayError(_("round {round_no} is not over after its {n} moves, but round {next} follows")
                                  .format(round_no=round_no, n=len(moves),
                                          next=round_no + 1), step=len(moves), reason=ROUND_NOT_OVER, round_no=round_no)
            break
        match = next_round(match, state)
    got = MatchResult.of(match)
    if record.result is not None and got != record.result:
        shown = _("an unfinished match") if got is None else _("winner {winner} with scores {scores}").format(
            winner=got.winner, scores=list(got.scores))
        raise ReplayError(_("the record says winner {winner} with scores {scores}, but the moves lead to {shown}")
                          .format(winner=record.result.winner, scores=list(record.result.scores),
                                  shown=shown), step=len(record.rounds[-1]) if record.rounds else 0,
                          reason=RESULT_MISMATCH, round_no=len(record.rounds) or None)


def first_violation(record: GameRecord | MatchRecord, *, variants: VariantCache | None = None) -> ReplayError | None:
    """Replay ``record`` (a game or a match record) and return its first violation, or ``None`` when it is valid.

    ``variants``: the caller's :class:`VariantCache` to compile the record's variant through (default: the shared
    :data:`COMPILED_VARIANTS`).

    >>> first_violation(GameRecord("standard", 1, 2, seed=3)) is None
    True
    >>> first_violation(GameRecord("standard", 2, 2)).reason
    'invalid_setup'
    """
    if not isinstance(record, GameRecord | MatchRecord):
        raise ArgumentTypeError(_("{record} is not a game or match record").format(record=shown(record)))
    with _using(variants):
        try:
            for _step in (replay_match(record) if isinstance(record, MatchRecord) else replay(record)):
                pass
        except ReplayError as exc:
            return exc
    return None


@attrs.frozen
class RecordReport:
    """The outcome of checking one record of a file.

    >>> RecordReport(index=0, error=None, moves=12).ok
    True
    """

    index: int
    """The record's index in the file."""
    error: ReplayError | None
    """The first violation, or ``None``."""
    moves: int = 0
    """Number of moves in the record (0 when it could not be read)."""
    record: GameRecord | MatchRecord | None = attrs.field(default=None, eq=False, repr=False)
    """The record, when it could be read."""

    @property
    def ok(self) -> bool:
        """Whether the record is valid.

        >>> RecordReport(0, ReplayError("x", step=None, reason="invalid_record")).ok
        False
        """
        return self.error is None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (what ``maumau validate --json`` prints per record).

        >>> RecordReport(2, None, 5).to_json()
        {'record': 2, 'ok': True, 'moves': 5, 'error': None}
        """
        return {"record": self.index, "ok": self.ok, "moves": self.moves,
                "error": self.error.to_json() if self.error is not None else None}


def validate_records(source: str | bytes | Sequence[GameRecord | MatchRecord], *, lenient: bool = True,
                     limit: int = MAX_RECORD_TEXT, max_records: int | None = MAX_RECORDS,
                     variants: VariantCache | None = None) -> list[RecordReport]:
    """Check every record of a file (JSON text) or a sequence of records (game and match records alike).

    In lenient mode (the default) each record's first violation is reported and checking goes on
    with the next record; a record that cannot even be read is reported as ``invalid_record``. In
    strict mode the first violation is raised. For files too large to hold, :func:`iter_validate_records` reports
    one record at a time.

    Args:
        source: the text of a file (any shape :func:`loads_records` reads), or a sequence of records.
        lenient: go on after an invalid record (default), or raise the first violation.
        limit: the longest text, in characters (default :data:`MAX_RECORD_TEXT`).
        max_records: the most records in the text (default :data:`MAX_RECORDS`; ``None``: no limit).
        variants: the caller's :class:`VariantCache` to compile the records' variants through (default: the
            shared :data:`COMPILED_VARIANTS`); its budget holds across calls.

    Raises:
        ReplayError: in strict mode, the first violation (with ``record_index`` set); in both modes,
            a file that is not JSON or is too large (``step`` is ``None``, reason ``invalid_record``).

    >>> good = GameRecord("standard", 1, 2, seed=3)
    >>> bad = GameRecord("standard", 1, 2, seed=3, moves=(RecordedMove(parse_move("pass")),))
    >>> [(r.index, r.ok) for r in validate_records([good, bad, good])]
    [(0, True), (1, False), (2, True)]
    >>> [r.ok for r in validate_records('[{"type": "record"}, ' + dumps_record(good) + ']')]
    [False, True]
    """
    _check_stream_args(limit, max_records, MAX_MOVES, "")
    _check_cache(variants)
    if isinstance(source, str | bytes | bytearray):
        try:
            _check_length(source, _("record file"), limit)
        except NotationError as exc:
            raise ReplayError(str(exc), step=None, reason=INVALID_RECORD, record_index=None) from None
        return list(iter_validate_records(source, lenient=lenient, limit=limit, max_records=max_records,
                                          name=_("record file"), variants=variants))
    try:
        items = list(source)
    except Exception:
        raise ArgumentTypeError(_("{source} is neither record text nor a sequence of records")
            .format(source=shown(source))) from None
    return list(_validate(iter(items), lenient, MAX_MOVES, variants))


def iter_validate_records(source: str | bytes | Iterable[str | bytes] | Iterable[GameRecord | MatchRecord], *,
                          lenient: bool = True, jsonl: bool | None = None, limit: int = MAX_RECORD_TEXT,
                          max_records: int | None = None, max_moves: int = MAX_MOVES,
                          name: str = "record text", variants: VariantCache | None = None) -> Iterator[RecordReport]:
    """Check the records of a text or stream one at a time: read each (as :func:`iter_records` does, in bounded
    memory), replay it, and yield its :class:`RecordReport` before reading the next.

    Args:
        source: the text, an iterable of its pieces (``str`` or UTF-8 ``bytes``), or an iterable of records.
        lenient: go on after an invalid record (default), or raise its first violation.
        jsonl, limit, max_records, max_moves, name: as for :func:`iter_records`.
        variants: the caller's :class:`VariantCache` (as for :func:`validate_records`).

    Raises:
        ReplayError: in strict mode, the first violation (``record_index`` set); in both modes a ``"records"``
            document that cannot be read (``step`` ``None``, reason ``invalid_record``), and
            :class:`RecordStreamError` when the stream cannot be read on (the reports before it were yielded).

    >>> good = GameRecord("standard", 1, 2, seed=3)
    >>> bad = GameRecord("standard", 1, 2, seed=3, moves=(RecordedMove(parse_move("pass")),))
    >>> text = dumps_records_jsonl([good, bad]) + "{oops\\n" + dumps_record(good) + "\\n"
    >>> for r in iter_validate_records(text):
    ...     print(r.index, r.ok, r.error and (r.error.step, r.error.reason))
    0 True None
    1 False (0, 'pass_not_allowed')
    2 False (None, 'invalid_record')
    3 True None
    """
    _check_stream_args(limit, max_records, max_moves, name)
    _check_cache(variants)
    if isinstance(source, str | bytes | bytearray | memoryview):
        return _validate(_stream_items(source, jsonl, limit, max_records, name), lenient, max_moves, variants)
    if not isinstance(source, Iterable):
        raise ArgumentTypeError(_("{source} is neither record text, pieces of it, nor records")
            .format(source=shown(source)))
    if isinstance(source, Sequence) and not source:
        return iter(())  # no records (an empty iterable of pieces, like an empty text, is not a record file)
    it = iter(source)
    first = next(it, None)
    rest = it if first is None else itertools.chain((first,), it)
    if isinstance(first, GameRecord | MatchRecord):
        return _validate(rest, lenient, max_moves, variants)
    return _validate(_stream_items(rest, jsonl, limit, max_records, name), lenient, max_moves, variants)


def _check_cache(variants: object) -> None:
    if variants is not None and not isinstance(variants, VariantCache):
        raise ArgumentTypeError(_("variants {variants} must be a VariantCache").format(variants=shown(variants)))


def _validate(items: Iterator[Any], lenient: bool, max_moves: int,
              variants: VariantCache | None = None) -> Iterator[RecordReport]:
    budget = [MAX_VARIANTS_PER_FILE]
    i = -1
    while True:
        try:
            item = next(items)
        except StopIteration:
            return
        except RecordStreamError:
            raise
        except NotationError as exc:  # a "records" document that cannot be read
            raise ReplayError(str(exc), step=None, reason=INVALID_RECORD, record_index=None) from None
        i += 1
        record: GameRecord | MatchRecord | None = None
        error: ReplayError | None
        with _charged_to(budget, variants):
            try:
                if type(item) is BadLine:
                    raise NotationError(item.message)
                record = item if isinstance(item, GameRecord | MatchRecord) else _read_any(item, max_moves)
            except MauMauError as exc:
                error = ReplayError(str(exc), step=None, reason=INVALID_RECORD, record_index=i)
            else:
                found = first_violation(record)
                error = found.at_record(i) if found is not None else None
        if error is not None and not lenient:
            raise error
        yield RecordReport(i, error, len(record.moves) if record else 0, record)


# ====================================================================== writing


def _as_move(move: Move | str, i: int) -> Move:
    if isinstance(move, str):
        try:
            return parse_move(move)
        except NotationError as exc:
            raise NotationError(_("move {i}: {exc}").format(i=i, exc=exc)) from None
    return move


def record_from_moves(
    variant: Variant | str,
    players: int,
    seed: int,
    moves: Iterable[Move | str | tuple[int, Move | str]],
    *,
    deal: Deal | None = None,
    dealer: int | None = None,
    first_player: int | None = None,
    hand_sizes: Sequence[int] | None = None,
    names: Sequence[str] = (),
    tags: Mapping[str, str] | None = None,
    fairness: FairSeed | None = None,
) -> GameRecord:
    """Write the record of a finished or unfinished game from its setup and moves.

    Every move is applied (so the record is valid by construction); each recorded move carries its
    seat, and the result is filled in when the game is over. A move made by a seat that is not to act (a call-out
    between turns) is given with its seat, as ``(seat, move)``.

    Args:
        variant: the variant (or its name).
        players: the number of seats.
        seed: the seed the game was started with.
        moves: the moves in order (move objects or notation).
        deal: the explicit deal, if the game was not shuffled from ``seed``.
        dealer: the dealer given to :func:`~maumau_rules.new_game`, if any.
        first_player: the first player given to :func:`~maumau_rules.new_game`, if any.
        hand_sizes: the per-seat hand sizes given to :func:`~maumau_rules.new_game`, if any.
        names: the players' names by seat.
        tags: free tags.
        fairness: the revealed seed of a provably fair game: ``seed`` must be its ``game_seed``, its setup the
            game's (variant, players, dealer, first player, hand sizes), and there is no explicit deal.

    Raises:
        IllegalMoveError: a move is illegal (the record would not replay).
        NotationError: a move given as text is not notation.
        ArgumentError: ``fairness`` is not a fair seed of this game's setup, or ``seed`` is not its game seed.

    >>> rec = record_from_moves("standard", 2, 3, ["draw", "pass"])
    >>> [str(m.move) for m in rec.moves], rec.moves[0].seat, rec.result
    (['draw', 'pass'], 1, None)
    """
    v = find_variant(variant)
    if type(seed) is not int:
        raise ArgumentTypeError(_("seed {seed} must be the integer seed the game was started with (for a game "
                                  "started without a seed, write its record from its first state: record_from_start)")
                                .format(seed=shown(seed)))
    state = new_game(v, players, seed, deal=deal, dealer=dealer, first_player=first_player, hand_sizes=hand_sizes)
    sizes = None if hand_sizes is None else tuple(len(h) for h in state.hands)  # as dealt (given: maybe an iterator)
    recorded, state = _played(state, moves)
    rec = attrs.evolve(_record(v, players, seed, deal, recorded, state, names, tags),
                       dealer=dealer, first_player=first_player, hand_sizes=sizes)
    return rec if fairness is None else attrs.evolve(rec, fairness=_fair_for(rec, fairness))


def _played(state: Any, moves: Iterable[Move | str | tuple[int, Move | str]]) -> tuple[tuple[RecordedMove, ...], Any]:
    """Apply ``moves`` (each with its seat, or the seat to act's) to ``state``: the recorded moves and the last state."""
    recorded = []
    if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
        raise ArgumentTypeError(_("moves {moves} must be a sequence of moves").format(moves=shown(moves)))
    for i, m in enumerate(moves):
        if isinstance(m, tuple):
            if len(m) != 2:
                raise ArgumentTypeError(_("move {i}: {m} must be a move or a (seat, move) pair")
                    .format(i=i, m=shown(m)))
            seat, move = m[0], _as_move(m[1], i)
        else:
            seat, move = state.seat_to_act, _as_move(m, i)
        state = apply(state, move, player=seat)
        recorded.append(RecordedMove(move, seat=seat))
    return tuple(recorded), state


def record_from_start(
    start: Any,
    moves: Iterable[Move | str | tuple[int, Move | str]],
    *,
    names: Sequence[str] = (),
    tags: Mapping[str, str] | None = None,
) -> GameRecord:
    """Write the record of a game from its first state and its moves: what a server that left the seed out holds.

    The setup is recovered from ``start`` as :func:`record_from_history` does (an explicit deal, or a Malilla
    hand's dealer and deck order, with the seed of the initial random state, so later reshuffles replay exactly);
    every move is applied, as in :func:`record_from_moves`, so the record is valid by construction, and the
    result is filled in when the game is over. A move by a seat that is not to act (a call-out) is given as
    ``(seat, move)``.

    Args:
        start: the state :func:`~maumau_rules.new_game` returned (turn 0), seeded or not, of either family.
        moves: the moves in order (move objects or notation).
        names: the players' names by seat.
        tags: free tags.

    Raises:
        IllegalMoveError: a move is illegal (the record would not replay).
        NotationError: a move given as text is not notation; ``start`` is not the first state of a game (or, in
            Malilla, belongs to a match: write a match record).
        ArgumentTypeError: ``start`` is not a game state, or ``moves`` is not a sequence of moves.

    >>> from maumau_rules import legal_moves, apply
    >>> start = new_game("standard", players=3)     # no seed: one from the operating system
    >>> s, moves = start, []
    >>> for _ in range(4):
    ...     moves.append(legal_moves(s)[0]); s = apply(s, moves[-1])
    >>> rec = record_from_start(start, moves)
    >>> list(replay(rec))[-1] == s
    True
    """
    seed, setup = _setup_of(start)
    recorded, last = _played(start, moves)
    return _game_record(start, seed, setup, recorded, last, names, tags)


def _record(v: Variant, players: int, seed: int, deal: Deal | None, moves: tuple[RecordedMove, ...],
            final: Any, names: Sequence[str], tags: Mapping[str, str] | None) -> GameRecord:
    try:
        registered = find_variant(v.id) == v
    except MauMauError:
        registered = False
    return GameRecord(variant=v.id, variant_version=v.version, players=players, seed=seed, moves=moves,
                      result=RecordResult.of(final), definition=None if registered else v, deal=deal,
                      names=tuple(names), tags=dict(tags or {}))


def _fair_for(record: GameRecord | MatchRecord, fairness: object) -> FairSeed:
    """``fairness``, checked to be a fair seed committed to ``record``'s setup whose game seed is the record's."""
    if not isinstance(fairness, FairSeed):
        raise ArgumentTypeError(_("fairness {fairness} must be a FairSeed").format(fairness=shown(fairness)))
    try:
        stated = FairSetup.of(record)
        committed = fairness.setup
        if committed is None:
            raise ArgumentError(_("the fair seed is bound to no setup (FairSeed.bind): it has no commitment"))
        differences = committed.differences(stated)
        if differences:
            raise ArgumentError(_("the fair seed is committed to another setup: {items}")
                .format(items='; '.join(differences)))
    except FairnessError as exc:
        raise ArgumentError(str(exc)) from None
    if record.seed != fairness.game_seed:
        raise ArgumentError(_("seed {seed} is not the game seed {game_seed} of the fair seed")
            .format(seed=shown(record.seed), game_seed=fairness.game_seed))
    return fairness


def record_from_rounds(
    variant: Variant | str,
    players: int,
    seed: int,
    rounds: Iterable[Iterable[Move | str]],
    *,
    names: Sequence[str] = (),
    tags: Mapping[str, str] | None = None,
    fairness: FairSeed | None = None,
) -> MatchRecord:
    """Write the record of a match from its seed and the moves of each round.

    Every move is applied (the record is valid by construction), each carries its seat, a finished round is
    followed by the next (:func:`~maumau_rules.scoring.next_round`), and the result is filled in when the match
    is over.

    ``fairness`` is the revealed seed of a provably fair match: ``seed`` must be its ``game_seed`` and its setup
    the match's (:meth:`FairSetup.match <maumau_rules.fairness.FairSetup.match>`).

    Raises:
        IllegalMoveError: a move is illegal.
        NotationError: a move given as text is not notation; a round follows one that is not over.
        ArgumentError: ``fairness`` is not a fair seed of this match's setup, or ``seed`` is not its game seed.

    >>> rec = record_from_rounds("malilla", 4, 1, [["pass", "pass"]])
    >>> [str(m.move) for m in rec.rounds[0]], rec.result is None
    (['pass', 'pass'], True)
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    match = start_match(v, players, seed)
    out: list[tuple[RecordedMove, ...]] = []
    unfinished = False
    for r, moves in enumerate(rounds):
        if match.over:
            raise NotationError(_("round {round}: the match is already over").format(round=r + 1))
        if unfinished:
            raise NotationError(_("round {round}: round {r} is not over").format(round=r + 1, r=r))
        state = match.game
        recorded = []
        for i, m in enumerate(moves):
            move = _as_move(m, i)
            seat = state.seat_to_act
            state = apply(state, move)
            recorded.append(RecordedMove(move, seat=seat))
        out.append(tuple(recorded))
        unfinished = not state.is_over
        if state.is_over:
            match = next_round(match, state)
    try:
        registered = find_variant(v.id) == v
    except MauMauError:
        registered = False
    rec = MatchRecord(variant=v.id, variant_version=v.version, players=players, seed=seed, rounds=tuple(out),
                      result=MatchResult.of(match), definition=None if registered else v, names=tuple(names),
                      tags=dict(tags or {}))
    return rec if fairness is None else attrs.evolve(rec, fairness=_fair_for(rec, fairness))


_SEED_MUL: Final = 0x2545F4914F6CDD1D
_SEED_ADD: Final = 0x632BE59BD9B4E019


def _seed_for(rng: int) -> int:
    """The seed whose generator state is ``rng`` (``seed_state`` is a bijection on 64-bit integers)."""
    seed = ((rng - _SEED_ADD) * pow(_SEED_MUL, -1, 1 << 64)) % (1 << 64)
    if seed_state(seed) != rng:  # the rng module changed its seeding; fail loudly rather than mis-record
        raise NotationError(_("cannot recover a seed for this state's random generator"))
    return seed


def record_from_history(history: Sequence[Any], *, names: Sequence[str] = (),
                        tags: Mapping[str, str] | None = None, movers: Sequence[int] | None = None) -> GameRecord:
    """Write the record of a game from its states (the initial state, then the state after each move).

    The setup is written as an explicit deal with the seed of the initial random state (so later
    reshuffles replay exactly); each move is the legal move that leads from one state to the next: the seat to
    act's, else a call-out by another seat inside an open window. ``movers`` gives the seat that made each move,
    when the caller knows it (a call-out by the seat to act and by another seat lead to the same state).

    Raises:
        NotationError: the history is empty, does not start at turn 0, or two states are not one move apart.

    >>> from maumau_rules import legal_moves, apply
    >>> s0 = new_game("standard", players=3, seed=8)
    >>> s1 = apply(s0, legal_moves(s0)[0]); s2 = apply(s1, legal_moves(s1)[-1])
    >>> rec = record_from_history([s0, s1, s2])
    >>> list(replay(rec))[-1] == s2
    True
    """
    if not isinstance(history, Sequence) or not all(state_family(s) is not None for s in history):
        raise ArgumentTypeError(_("history {history} must be a sequence of game states").format(history=shown(history)))
    if not history:
        raise NotationError(_("a history needs at least the initial state"))
    first = history[0]
    if first.turn != 0:
        raise NotationError(_("a history must start at turn 0, not turn {turn}").format(turn=first.turn))
    if any(type(s) is not type(first) for s in history):
        raise NotationError(_("a history holds the states of one game"))
    seed, setup = _setup_of(first)
    return _game_record(first, seed, setup, _moves_between(history, movers), history[-1], names, tags)


def _setup_of(first: Any) -> tuple[int, dict[str, Any]]:
    """The seed and the setup fields (the family's ``record_setup``: an explicit deal, or a Malilla hand's dealer
    and deck order) that reproduce a game's first state."""
    fam = state_family(first)
    if fam is None:
        raise ArgumentTypeError(_("start {first} must be the first state of a game").format(first=shown(first)))
    if first.turn != 0:
        raise NotationError(_("a game's first state is at turn 0, not turn {turn}").format(turn=first.turn))
    seed = _seed_for(first.rng)
    setup: dict[str, Any] = fam.record_setup(first, seed)
    return seed, setup


def _game_record(first: Any, seed: int, setup: Mapping[str, Any], moves: tuple[RecordedMove, ...], final: Any,
                 names: Sequence[str], tags: Mapping[str, str] | None) -> GameRecord:
    v = first.variant
    try:
        registered = find_variant(v.id) == v
    except MauMauError:
        registered = False
    return GameRecord(variant=v.id, variant_version=v.version, players=first.players, seed=seed,
                      moves=moves, result=RecordResult.of(final), definition=None if registered else v,
                      names=tuple(names), tags=dict(tags or {}), **setup)


def _moves_between(history: Sequence[Any],
                   movers: Sequence[int] | None = None) -> tuple[RecordedMove, ...]:
    """The legal move that leads from each state of ``history`` to the next: the seat to act's, else a call-out
    by another seat inside an open window (``movers``: each move's seat, when the caller knows it)."""
    if movers is not None and len(movers) != len(history) - 1:
        raise NotationError(_("{n} movers for {moves} moves").format(n=len(movers), moves=len(history) - 1))
    moves = []
    for i, (before, after) in enumerate(itertools.pairwise(history)):
        found = None
        seats = [movers[i]] if movers is not None else [before.seat_to_act, *(
            p for p in range(before.players) if p != before.seat_to_act)]
        for seat in seats:
            for move in legal_moves(before, seat):
                if apply(before, move, player=seat) == after:
                    found = move
                    break
            if found is not None:
                break
        if found is None:
            raise NotationError(_("no legal move leads from state {i} (turn {turn}) to state {next}")
                                .format(i=i, turn=before.turn, next=i + 1))
        moves.append(RecordedMove(found, seat=seat))
    return tuple(moves)
