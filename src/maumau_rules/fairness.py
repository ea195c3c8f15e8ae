"""Provably fair shuffles: commit to the seed before the game, reveal it after, and let anyone check the deal.

The protocol (see the docs page "Provably fair shuffles"):

1. At creation the server draws a secret *server seed* and a *salt* (:meth:`FairSeed.fresh`) and publishes
   the **commitment** ``SHA-256("maumau-rules commit v1" ‖ salt ‖ server seed)`` to every seat.
2. Optionally each seat then sends a string of its own *entropy* (:meth:`FairSeed.with_entropy`). The game's
   seed is ``SHA-256("maumau-rules seed v1" ‖ server seed ‖ each seat's entropy)`` cut to 64 bits
   (:attr:`FairSeed.game_seed`): the server cannot choose the deck (it committed before it saw the
   entropy), and no seat can (it does not know the server seed).
3. The game is dealt with :func:`~maumau_rules.new_game` from that seed; every reshuffle comes from the random
   state the seed started.
4. When the game is over, the server publishes the record with the server seed, salt and entropy
   (:attr:`~maumau_rules.records.GameRecord.fairness`). :func:`verify_record` (``maumau verify``) checks the
   commitment, derives the seed, replays every move and compares every view a seat kept with the view the
   seed gives: the deal and each reshuffle must be the committed ones.

The shuffle generator (:mod:`maumau_rules.rng`) is for reproducibility, not secrecy: secrecy comes only from
the seed being unguessable and kept on the server until the game ends.

>>> fair = FairSeed(bytes(32), bytes(16))
>>> fair.commitment[:16], fair.game_seed
('1600f216b2abde41', 220928360912510890)
>>> fair.with_entropy("seat 0 says hi", "seat 1 too").game_seed != fair.game_seed
True
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from .entropy import fresh_bytes
from .errors import MauMauError, NotationError, shown

if TYPE_CHECKING:
    from .records import GameRecord
    from .views import PublicView as _PublicView

__all__ = ["SCHEME", "FairSeed", "FairnessError", "FairnessReport", "commitment", "verify_record"]

SCHEME: Final = "maumau-sha256-v1"
"""The name of this commitment and derivation scheme (written into records)."""
SEED_BYTES: Final = 32
"""Length of a fresh server seed."""
SALT_BYTES: Final = 16
"""Length of a fresh salt."""
MAX_SECRET_BYTES: Final = 256
"""Longest server seed or salt accepted."""
MAX_ENTROPY: Final = 64
"""Most entropy contributions (one per seat is the intent)."""
MAX_ENTROPY_TEXT: Final = 256
"""Longest entropy contribution, in characters."""

_COMMIT_TAG: Final = b"maumau-rules commit v1\x00"
_SEED_TAG: Final = b"maumau-rules seed v1\x00"


class FairnessError(MauMauError, ValueError):
    """A record does not prove that its deal came from the committed seed; the message says why.

    >>> str(FairnessError("the revealed seed does not match the commitment"))
    'the revealed seed does not match the commitment'
    """


def _secret(value: object, name: str) -> bytes:
    if type(value) is not bytes:
        raise FairnessError(f"{name} {shown(value)} must be bytes")
    if not 1 <= len(value) <= MAX_SECRET_BYTES:
        raise FairnessError(f"{name} of {len(value)} bytes must hold 1 to {MAX_SECRET_BYTES} bytes")
    return value


def _server_seed(value: object) -> bytes:
    return _secret(value, "server seed")


def _salt(value: object) -> bytes:
    return _secret(value, "salt")


def _frame(data: bytes) -> bytes:
    """``data`` with its length in front, so that no two sequences of parts hash the same."""
    return len(data).to_bytes(4, "big") + data


def commitment(server_seed: bytes, salt: bytes) -> str:
    """The published commitment to a server seed: hex SHA-256 of a tag, the salt and the seed.

    Raises:
        FairnessError: the seed or the salt is not 1 to 256 bytes.

    >>> commitment(bytes(32), bytes(16)) == FairSeed(bytes(32), bytes(16)).commitment
    True
    """
    seed, salt_ = _secret(server_seed, "server seed"), _secret(salt, "salt")
    return hashlib.sha256(_COMMIT_TAG + _frame(salt_) + _frame(seed)).hexdigest()


def _entropy(value: object) -> tuple[str, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise FairnessError(f"entropy {shown(value)} must be a sequence of strings, one per seat")
    out = tuple(value)
    if len(out) > MAX_ENTROPY:
        raise FairnessError(f"{len(out)} entropy contributions is too many (limit {MAX_ENTROPY})")
    for e in out:
        if type(e) is not str or len(e) > MAX_ENTROPY_TEXT:
            raise FairnessError(f"entropy contribution {shown(e)} must be a string of at most {MAX_ENTROPY_TEXT} "
                                "characters")
        try:
            e.encode("utf-8")
        except UnicodeEncodeError:
            raise FairnessError(f"entropy contribution {shown(e)} is not valid text") from None
    return out


@attrs.frozen
class FairSeed:
    """The secret behind a fair game: the server seed, the salt, and the seats' entropy (public once given).

    >>> f = FairSeed.fresh(); len(f.server_seed), len(f.salt), len(f.commitment)
    (32, 16, 64)
    """

    server_seed: bytes = attrs.field(converter=_server_seed)
    """The server's secret seed (kept on the server until the game ends)."""
    salt: bytes = attrs.field(converter=_salt)
    """Random bytes hashed with the seed, so that the commitment reveals nothing about it."""
    entropy: tuple[str, ...] = attrs.field(default=(), converter=_entropy)
    """Each seat's contribution, in seat order (public: mixed in after the commitment was published)."""

    @classmethod
    def fresh(cls) -> FairSeed:
        """A new server seed and salt from the operating system's CSPRNG.

        >>> FairSeed.fresh() != FairSeed.fresh()
        True
        """
        return cls(fresh_bytes(SEED_BYTES), fresh_bytes(SALT_BYTES))

    @property
    def commitment(self) -> str:
        """The commitment to publish before the game (hex SHA-256; it does not cover the entropy).

        >>> FairSeed(b"s", b"t").commitment == commitment(b"s", b"t")
        True
        """
        return commitment(self.server_seed, self.salt)

    def with_entropy(self, *contributions: str) -> FairSeed:
        """The same seed with the seats' entropy contributions (in seat order) appended.

        Raises:
            FairnessError: a contribution is not a string of at most 256 characters, or there are too many.

        >>> FairSeed(b"s", b"t").with_entropy("a").with_entropy("b").entropy
        ('a', 'b')
        """
        return attrs.evolve(self, entropy=(*self.entropy, *_entropy(contributions)))

    @property
    def game_seed(self) -> int:
        """The seed the game is dealt from: SHA-256 of the server seed and the entropy, cut to 64 bits.

        >>> 0 <= FairSeed(b"s", b"t").game_seed < 2 ** 64
        True
        """
        h = hashlib.sha256(_SEED_TAG + _frame(self.server_seed))
        for e in self.entropy:
            h.update(_frame(e.encode("utf-8")))
        return int.from_bytes(h.digest()[:8], "big")

    def to_json(self) -> dict[str, Any]:
        """The revealed form written into a finished game's record.

        >>> sorted(FairSeed(b"s", b"t").to_json())
        ['commitment', 'entropy', 'salt', 'scheme', 'server_seed']
        """
        return {"scheme": SCHEME, "commitment": self.commitment, "server_seed": self.server_seed.hex(),
                "salt": self.salt.hex(), "entropy": list(self.entropy)}

    @classmethod
    def from_json(cls, data: Any) -> FairSeed:
        """Read the revealed form; the commitment written beside it must be the one the seed and salt give.

        Raises:
            NotationError: not the revealed form of this scheme.
            FairnessError: the seed and salt do not give the commitment written beside them.

        >>> f = FairSeed(b"s", b"t", ("x",)); FairSeed.from_json(f.to_json()) == f
        True
        """
        if not isinstance(data, dict):
            raise NotationError(f"fairness: expected an object, got {shown(data)}")
        extra = sorted(set(data) - {"scheme", "commitment", "server_seed", "salt", "entropy"})
        if extra:
            raise NotationError(f"fairness: unknown field(s) {', '.join(map(repr, extra))}")
        if data.get("scheme") != SCHEME:
            raise NotationError(f"fairness: unknown scheme {shown(data.get('scheme'))} (this library knows {SCHEME!r})")
        try:
            fair = cls(_hex(data.get("server_seed"), "server_seed"), _hex(data.get("salt"), "salt"),
                       data.get("entropy", []))
        except FairnessError as exc:
            raise NotationError(f"fairness: {exc}") from None
        written = data.get("commitment")
        if type(written) is not str or not _same_text(written, fair.commitment):
            raise FairnessError(f"fairness: the revealed seed and salt do not give the commitment {shown(written)}")
        return fair


def _same_text(a: str, b: str) -> bool:
    """Whether two texts are equal, compared in constant time (any text: ``compare_digest`` takes only ASCII str)."""
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


def _hex(value: object, name: str) -> bytes:
    if type(value) is not str or len(value) > 2 * MAX_SECRET_BYTES:
        raise NotationError(f"fairness field {name}: expected hex text, got {shown(value)}")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise NotationError(f"fairness field {name}: {shown(value)} is not hex text") from None


@attrs.frozen
class FairnessReport:
    """What :func:`verify_record` proved.

    >>> FairnessReport("ab" * 32, 7, 10, 1, 3).reshuffles
    1
    """

    commitment: str
    """The commitment the revealed seed matches."""
    game_seed: int
    """The seed the deal came from."""
    moves: int
    """Moves replayed (each one legal)."""
    reshuffles: int
    """Reshuffles of the discard pile during the game (each one from the committed seed's random state)."""
    views: int
    """Views kept by seats that were checked against the seed's game."""


def verify_record(record: GameRecord, *, commitment: str | None = None,
                  views: Sequence[_PublicView] = ()) -> FairnessReport:
    """Prove that a finished game's deal and every reshuffle came from the committed seed.

    Checks, in order: the record reveals a fair seed; its seed and salt give ``commitment`` (the one published
    at the start: pass it, or the check trusts the one written in the record); the record's seed is the one the
    revealed seed and entropy give; the setup is the shuffle of that seed (no explicit deal that differs); every
    move replays legally; and every view in ``views`` (as a seat received it during the game) is the view of the
    replayed game at that turn, so no hand, draw or reshuffle the seat saw was changed.

    Raises:
        FairnessError: any of these fails; the message says which and where.

    >>> from maumau_rules import new_game, legal_moves, apply
    >>> from maumau_rules.records import record_from_moves
    >>> fair = FairSeed(b"server secret", b"salt")
    >>> s = new_game("standard", 2, fair.game_seed)
    >>> rec = record_from_moves("standard", 2, fair.game_seed, [legal_moves(s)[0]], fairness=fair)
    >>> verify_record(rec, commitment=fair.commitment).moves
    1
    >>> verify_record(rec, commitment="00" * 32)
    Traceback (most recent call last):
    ...
    maumau_rules.fairness.FairnessError: the revealed seed and salt do not give the commitment '0000...' ...
    """
    from .game import new_game
    from .records import GameRecord, ReplayError, replay
    from .views import PlayerView, PublicView, public_view, view

    if not isinstance(record, GameRecord):
        raise FairnessError(f"{shown(record)} is not a game record")
    fair = record.fairness
    if fair is None:
        raise FairnessError("the record reveals no committed seed (no 'fairness' field): nothing to verify")
    if commitment is not None:
        if type(commitment) is not str:
            raise FairnessError(f"commitment {shown(commitment)} must be hex text")
        if not _same_text(commitment.strip().lower(), fair.commitment):
            raise FairnessError(f"the revealed seed and salt do not give the commitment {shown(commitment[:4] + '...')}"
                                f" published at the start (they give {fair.commitment})")
    if record.seed != fair.game_seed:
        raise FairnessError(f"the record's seed {shown(record.seed)} is not the seed {fair.game_seed} that the "
                            "committed seed and the seats' entropy give")
    if record.deal is not None:
        try:
            seeded = new_game(record.resolve_variant(), record.players, fair.game_seed, dealer=record.dealer,
                              first_player=record.first_player, hand_sizes=record.hand_sizes)
        except (MauMauError, ReplayError) as exc:
            raise FairnessError(f"the game cannot be set up from the committed seed: {exc}") from None
        if (seeded.hands, seeded.stock, seeded.discard) != (
                tuple(tuple(sorted(h, key=lambda c: c.sort_key)) for h in record.deal.hands), record.deal.stock,
                record.deal.discard):
            raise FairnessError("the record's deal is not the deal the committed seed gives")
        record = attrs.evolve(record, deal=None)
    wanted: dict[int, list[_PublicView]] = {}
    for v in views:
        if not isinstance(v, PublicView) or type(v.turn) is not int:
            raise FairnessError(f"{shown(v)} is not a view")
        wanted.setdefault(v.turn, []).append(v)
    moves = reshuffles = checked = 0
    before = None
    try:
        for state in replay(record):
            if before is not None:
                moves += 1
                if len(state.stock) > len(before.stock):
                    reshuffles += 1
            for kept in wanted.pop(state.turn, ()):
                try:
                    mine = (view(state, kept.seat, scores=kept.scores) if isinstance(kept, PlayerView)
                            else public_view(state, scores=kept.scores))
                except MauMauError as exc:
                    raise FairnessError(f"a view kept for turn {state.turn} cannot be checked: {exc}") from None
                if mine != kept:
                    who = f"seat {kept.seat}" if isinstance(kept, PlayerView) else "a spectator"
                    raise FairnessError(f"the view {who} received at turn {state.turn} is not the one the committed "
                                        "seed gives: the deal or a reshuffle was changed")
                checked += 1
            before = state
    except ReplayError as exc:
        raise FairnessError(f"the moves do not replay from the committed seed: {exc}") from None
    if wanted:
        raise FairnessError(f"views of turns {sorted(wanted)} are past the end of the record")
    return FairnessReport(fair.commitment, fair.game_seed, moves, reshuffles, checked)
