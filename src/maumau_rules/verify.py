"""Verifying a provably fair record (``maumau verify``): the commitment, the setup, the seed, every move and every
view a seat kept (the protocol: :mod:`maumau_rules.fairness`).

This module sits above :mod:`maumau_rules.records` (it replays records) and :mod:`maumau_rules.fairness` (it checks
their seeds); it asks the record's family (:class:`~maumau_rules.families.GameFamily`) what only a family knows:
whether a move reshuffled (:meth:`~maumau_rules.families.GameFamily.reshuffled`), which hand a state or a view
belongs to (:meth:`~maumau_rules.families.GameFamily.round_of`), and whether a value is one of its views
(:meth:`~maumau_rules.families.GameFamily.view_kind`).

>>> from maumau_rules import new_game, legal_moves
>>> from maumau_rules.fairness import FairSeed, FairSetup
>>> from maumau_rules.records import record_from_moves
>>> fair = FairSeed(b"server secret", b"salt").bind(FairSetup.game("standard", 2))
>>> rec = record_from_moves("standard", 2, fair.game_seed, [legal_moves(new_game("standard", 2, fair.game_seed))[0]],
...                         fairness=fair)
>>> verify_record(rec, commitment=fair.commitment).rounds
1
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .errors import MauMauError, shown
from .fairness import FairnessError, FairnessReport, FairSeed, FairSetup, _same_text
from .families import GameFamily, families, family_of
from .records import GameRecord, MatchRecord, ReplayError, replay, replay_match

__all__ = ["verify_record", "view_family"]


def view_family(item: object) -> tuple[GameFamily, str] | None:
    """The family whose view ``item`` is, with the kind of view (``"player"`` or ``"public"``), or ``None`` when
    it is no family's view.

    >>> from maumau_rules import new_game, view
    >>> fam, kind = view_family(view(new_game("malilla", 4, seed=1), 0)); fam.name, kind
    ('malilla', 'player')
    >>> view_family(new_game("standard", 2, seed=1)) is None   # a state is not a view
    True
    """
    for fam in families():
        kind = fam.view_kind(item)
        if kind is not None:
            return fam, kind
    return None


def _states(record: GameRecord | MatchRecord) -> Iterator[Any]:
    if isinstance(record, MatchRecord):
        yield from replay_match(record)
    else:
        yield from replay(record)


def _committed(record: object, commitment: object) -> tuple[FairSeed, FairSetup]:
    """The record's revealed seed and its setup, checked against the published ``commitment`` and the record."""
    if not isinstance(record, GameRecord | MatchRecord):
        raise FairnessError(f"{shown(record)} is not a game record or a match record")
    fair = record.fairness
    if fair is None:
        raise FairnessError("the record reveals no committed seed (no 'fairness' field): nothing to verify")
    if not isinstance(fair, FairSeed):
        raise FairnessError(f"the record's fairness {shown(fair)} is not a revealed fair seed")
    committed = fair.setup
    if committed is None:
        raise FairnessError("the record's fair seed is bound to no setup, so it has no commitment to verify")
    if commitment is not None:
        if type(commitment) is not str:
            raise FairnessError(f"commitment {shown(commitment)} must be hex text")
        if not _same_text(commitment.strip().lower(), fair.commitment):
            raise FairnessError(f"the revealed seed, salt and setup do not give the commitment "
                                f"{shown(commitment[:4] + '...')} published at the start (they give "
                                f"{fair.commitment}): the seed or the setup ({committed.describe()}) is not the "
                                "committed one")
    try:
        stated = FairSetup.of(record)
    except FairnessError as exc:
        raise FairnessError(f"the record's setup is not the committed one: {exc}") from None
    differences = committed.differences(stated)
    if differences:
        raise FairnessError(f"the record's setup is not the committed one: {'; '.join(differences)}")
    if record.seed != fair.game_seed:
        raise FairnessError(f"the record's seed {shown(record.seed)} is not the seed {fair.game_seed} that the "
                            "committed seed, its setup and the seats' entropy give")
    return fair, committed


def _wanted(record: GameRecord | MatchRecord, fam: GameFamily,
            views: Sequence[object]) -> dict[tuple[int | None, int], list[tuple[Any, str]]]:
    """The kept views by (hand, turn), each with its kind; a value that is not a view of the record's family is
    refused."""
    if isinstance(views, str | bytes) or not isinstance(views, Sequence):
        raise FairnessError(f"views {shown(views)} must be a sequence of views")
    wanted: dict[tuple[int | None, int], list[tuple[Any, str]]] = {}
    for v in views:
        found = view_family(v)
        turn = getattr(v, "turn", None)
        if found is None or type(turn) is not int:
            raise FairnessError(f"{shown(v)} is not a view")
        if found[0] is not fam:
            raise FairnessError(f"a view of a {found[0].title} game cannot be a view of this record's "
                                f"{fam.title} game")
        round_no = fam.round_of(v)
        if isinstance(record, MatchRecord) and round_no is None:
            raise FairnessError(f"a view of a {fam.title} round carries no round number, so it cannot be placed in "
                                "a match: verify each round's views against that round")
        wanted.setdefault((round_no, turn), []).append((v, found[1]))
    return wanted


def verify_record(record: GameRecord | MatchRecord, *, commitment: str | None = None,
                  views: Sequence[object] = ()) -> FairnessReport:
    """Prove that a finished game's (or a whole match's) deals and every reshuffle came from the committed seed.

    Checks, in order: the record reveals a fair seed; its seed, salt and setup give ``commitment`` (the one
    published at the start: pass it, or the check trusts the one written in the record); the record's setup is
    the committed one, field by field (variant id and version, a house variant's definition, overrides, players,
    dealer, first player, hand sizes), and it has no explicit deal or deck order; the record's seed is the one the
    revealed seed, setup and entropy give; every move replays legally (in a match, every hand is dealt from the
    match seed); and every view in ``views`` (player or public views of the record's family, as a seat received
    them during the game) is the view of the replayed game at that turn (of that hand, for a family whose views
    carry a hand number), so no hand, draw or reshuffle the seat saw was changed.

    Raises:
        FairnessError: any of these fails; the message says which and where.

    >>> from maumau_rules import new_game, legal_moves, apply
    >>> from maumau_rules.fairness import FairSeed, FairSetup
    >>> from maumau_rules.records import record_from_moves
    >>> fair = FairSeed(b"server secret", b"salt").bind(FairSetup.game("standard", 2))
    >>> s = new_game("standard", 2, fair.game_seed)
    >>> rec = record_from_moves("standard", 2, fair.game_seed, [legal_moves(s)[0]], fairness=fair)
    >>> verify_record(rec, commitment=fair.commitment).moves
    1
    >>> verify_record(rec, commitment="00" * 32)
    Traceback (most recent call last):
    ...
    maumau_rules.fairness.FairnessError: the revealed seed, salt and setup do not give the commitment '0000...' ...
    >>> import attrs
    >>> verify_record(attrs.evolve(rec, dealer=0), commitment=fair.commitment)
    Traceback (most recent call last):
    ...
    maumau_rules.fairness.FairnessError: the record's setup is not the committed one: dealer 0 is not the ...
    """
    fair, committed = _committed(record, commitment)
    try:
        fam = family_of(record.resolve_variant())
    except MauMauError as exc:
        raise FairnessError(f"the moves do not replay from the committed seed: {exc}") from None
    wanted = _wanted(record, fam, views)
    moves = reshuffles = checked = rounds = 0
    before: Any = None
    try:
        for state in _states(record):
            if before is None or before.is_over:  # the first state of a round (of the game, or of a match's hand)
                rounds += 1
            else:
                moves += 1
                reshuffles += fam.reshuffled(before, state)
            round_no = fam.round_of(state)
            for kept, kind in wanted.pop((round_no, state.turn), ()):
                try:
                    mine = (fam.view(state, kept.seat, kept.scores) if kind == "player"
                            else fam.public_view(state, kept.scores))
                except MauMauError as exc:
                    raise FairnessError(f"a view kept for turn {state.turn} cannot be checked: {exc}") from None
                if mine != kept:
                    who = f"seat {kept.seat}" if kind == "player" else "a spectator"
                    where = f"turn {state.turn}" if round_no is None else f"turn {state.turn} of hand {round_no}"
                    raise FairnessError(f"the view {who} received at {where} is not the one the committed seed "
                                        "gives: the deal or a reshuffle was changed")
                checked += 1
            before = state
    except ReplayError as exc:
        raise FairnessError(f"the moves do not replay from the committed seed: {exc}") from None
    if wanted:
        turns = sorted(t for _, t in wanted)
        raise FairnessError(f"views of turns {turns} are past the end of the record (or of their hand)")
    return FairnessReport(fair.commitment, fair.game_seed, moves, reshuffles, checked, rounds, committed)
