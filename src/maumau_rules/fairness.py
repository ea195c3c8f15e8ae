"""Provably fair shuffles: commit to the seed and the setup before the game, reveal them after, let anyone check.

The protocol (see the docs page "Provably fair shuffles"):

1. At creation the server fixes the game's **setup** (:class:`FairSetup`: a game or a match, the variant's id and
   version, a house variant's definition, the rule overrides, the seats, and the dealer, first player and hand
   sizes when given), draws a secret *server seed* and a *salt* (:meth:`FairSeed.fresh`), and publishes the
   **commitment** ``SHA-256("maumau-rules commit v2" ‖ salt ‖ server seed ‖ setup)`` to every seat, with the
   setup. A seed committed to one setup proves nothing for another: the server cannot deal the same seed
   under another variant or dealer, or from a deck order it chose.
2. Optionally each seat then sends a string of its own *entropy* (:meth:`FairSeed.with_entropy`). The game's
   seed is ``SHA-256("maumau-rules seed v2" ‖ server seed ‖ salt ‖ setup ‖ each seat's entropy)`` cut to 64
   bits (:attr:`FairSeed.game_seed`): the server cannot choose the deck (it committed before it saw the
   entropy), and no seat can (it does not know the server seed).
3. The game (or the match: every hand of it) is dealt from that seed with :func:`~maumau_rules.new_game` (or
   :func:`~maumau_rules.start_match`) and the setup's arguments, never from an explicit deal or deck order;
   every reshuffle comes from the random state the seed started.
4. When the game is over, the server publishes the record with the server seed, salt, setup and entropy
   (:attr:`~maumau_rules.records.GameRecord.fairness`). :func:`~maumau_rules.verify.verify_record`
   (``maumau verify``; also importable from here) checks the
   commitment, that the record's setup is the committed one (field by field), derives the seed, replays every
   move and compares every view a seat kept with the view the seed gives.

Each part of the commitment and of the seed is framed with its length, so no two different inputs hash the
same. The setup is hashed as canonical JSON (:meth:`FairSetup.encode`). The scheme is named in the record
(:data:`SCHEME`); records of the first scheme, ``maumau-sha256-v1``, which bound the seed alone, are refused
when read (they could not prove the deal: a server could replay one seed under a stacked setup).

The shuffle generator (:mod:`maumau_rules.rng`) is for reproducibility, not secrecy: secrecy comes only from
the seed being unguessable and kept on the server until the game ends.

>>> setup = FairSetup.game("standard", 2)
>>> fair = FairSeed(bytes(32), bytes(16)).bind(setup)
>>> len(fair.commitment), 0 <= fair.game_seed < 2 ** 64
(64, True)
>>> fair.with_entropy("seat 0 says hi", "seat 1 too").game_seed != fair.game_seed
True
>>> FairSeed(bytes(32), bytes(16)).bind(FairSetup.game("standard", 2, dealer=1)).game_seed != fair.game_seed
True
"""

from __future__ import annotations

import hashlib
import hmac
import importlib
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, runtime_checkable

import attrs

from .entropy import fresh_bytes
from .errors import MauMauError, NotationError, shown
from .i18n import N_
from .i18n import gettext as _

if TYPE_CHECKING:
    from .records import GameRecord, MatchRecord
    from .variants import Variant

__all__ = ["OLD_SCHEMES", "SCHEME", "FairSeed", "FairSetup", "FairnessError", "FairnessReport", "commitment",
           "verify_record"]

SCHEME: Final = "maumau-sha256-v2"
"""The name of this commitment and derivation scheme (written into records)."""
OLD_SCHEMES: Final = ("maumau-sha256-v1",)
"""Earlier schemes, refused when read: ``v1`` committed to the seed alone, not to the setup, so it proved nothing
about a game set up (variant, dealer, deck order, ...) otherwise than the seed's."""
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
MAX_OVERRIDES_TEXT: Final = 100_000
"""Longest canonical JSON text of a setup's rule overrides."""

_COMMIT_TAG: Final = b"maumau-rules commit v2\x00"
_SEED_TAG: Final = b"maumau-rules seed v2\x00"
_KINDS: Final = ("game", "match")


class FairnessError(MauMauError, ValueError):
    """A record does not prove that its deal came from the committed seed; the message says why.

    >>> str(FairnessError("the revealed seed does not match the commitment"))
    'the revealed seed does not match the commitment'
    """


def _secret(value: object, name: str) -> bytes:
    if type(value) is not bytes:
        raise FairnessError(_("{name} {value} must be bytes").format(name=name, value=shown(value)))
    if not 1 <= len(value) <= MAX_SECRET_BYTES:
        raise FairnessError(_("{name} of {n} bytes must hold 1 to {limit} bytes")
                            .format(name=name, n=len(value), limit=MAX_SECRET_BYTES))
    return value


def _server_seed(value: object) -> bytes:
    return _secret(value, _("server seed"))


def _salt(value: object) -> bytes:
    return _secret(value, _("salt"))


def _frame(data: bytes) -> bytes:
    """``data`` with its length in front, so that no two sequences of parts hash the same."""
    return len(data).to_bytes(4, "big") + data


def _canonical(data: Any) -> str:
    """The canonical JSON text of ``data``: keys sorted, no spaces, ASCII only."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


# ====================================================================== the setup


def _kind(value: object) -> str:
    if value not in _KINDS or type(value) is not str:
        raise FairnessError(_("setup kind {value} must be 'game' or 'match'").format(value=shown(value)))
    return value


def _variant_id(value: object) -> str:
    if type(value) is not str or not 1 <= len(value) <= 200:
        raise FairnessError(_("setup variant {value} must be a variant ID").format(value=shown(value)))
    return value


def _count(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise FairnessError(_("setup {name} {value} must be an integer from {low} to {high}")
                            .format(name=name, value=shown(value), low=low, high=high))
    return value


def _version(value: object) -> int:
    return _count(value, _("variant version"), 0, 1 << 31)


def _players(value: object) -> int:
    return _count(value, _("players"), 1, 64)


def _digest(value: object) -> str | None:
    if value is None:
        return None
    if type(value) is not str or len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise FairnessError(_("setup definition {value} must be the hex SHA-256 of a variant definition")
                            .format(value=shown(value)))
    return value


def _overrides(value: object) -> str:
    """The canonical JSON text of rule overrides given as a mapping (or as JSON text of one)."""
    try:
        data = json.loads(value) if type(value) is str else value
    except ValueError:
        raise FairnessError(_("setup overrides {value} are not JSON text").format(value=shown(value))) from None
    if not isinstance(data, Mapping) or not all(type(k) is str and (v is None or isinstance(v, Mapping))
                                                for k, v in data.items()):
        raise FairnessError(_("setup overrides {value} must map rule IDs to parameters (or null)")
                            .format(value=shown(value)))
    try:
        text = _canonical({k: (None if v is None else dict(v)) for k, v in data.items()})
    except (TypeError, ValueError, RecursionError) as exc:
        raise FairnessError(_("setup overrides {value} are not JSON data: {exc}")
                            .format(value=shown(value), exc=exc)) from None
    if len(text) > MAX_OVERRIDES_TEXT:
        raise FairnessError(_("setup overrides of {n} characters are too long (limit {limit})")
                            .format(n=len(text), limit=MAX_OVERRIDES_TEXT))
    return text


def _seat(value: object) -> int | None:
    return None if value is None else _count(value, _("seat"), 0, 63)


def _sizes(value: object) -> tuple[int, ...] | None:
    if value is None:
        return None
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence) or len(value) > 64:
        raise FairnessError(_("setup hand_sizes {value} must be a sequence of hand sizes, one per seat")
                            .format(value=shown(value)))
    return tuple(_count(n, _("hand size"), 0, 1000) for n in value)


def _definition_digest(variant: Variant) -> str:
    from .notation import variant_to_json

    return hashlib.sha256(_canonical(variant_to_json(variant)).encode("ascii")).hexdigest()


def _check_setup(setup: FairSetup, attribute: Any, value: Any) -> None:
    for name in ("dealer", "first_player"):
        seat = getattr(setup, name)
        if seat is not None and seat >= setup.players:
            raise FairnessError(_("setup {name} {seat} is not a seat of a game of {players} players")
                                .format(name=name, seat=seat, players=setup.players))
    if setup.hand_sizes is not None and len(setup.hand_sizes) != setup.players:
        raise FairnessError(_("setup hand_sizes {sizes} must give one size for each of {players} seats")
                            .format(sizes=list(setup.hand_sizes), players=setup.players))
    if setup.kind == "match" and (setup.dealer, setup.first_player, setup.hand_sizes) != (None, None, None):
        raise FairnessError(_("a match's setup has no dealer, first player or hand sizes (the match deals them)"))


_LABELS: Final = {"kind": "record kind", "variant": "variant", "variant_version": "variant version",
                  "definition": "house variant definition (SHA-256)", "overrides": N_("overrides"), "players": "players",
                  "dealer": N_("dealer"), "first_player": N_("first player"), "hand_sizes": N_("hand sizes")}


@runtime_checkable
class _StatesSetup(Protocol):
    """A record that states its setup (:class:`~maumau_rules.records.GameRecord`,
    :class:`~maumau_rules.records.MatchRecord`): the records, above this module, implement it."""

    def fair_setup(self) -> FairSetup: ...


@attrs.frozen
class FairSetup:
    """Everything besides the seed that decides a fair game's deal; the commitment and the game seed bind it.

    Build it with :meth:`game` or :meth:`match` when the game is created, and read it back from a record with
    :meth:`of`. A field left ``None`` is decided by the variant's rules from the seed (the dealer by R_DEALER,
    the first player by R_TURN_ORDER, the hand sizes by R_DEAL); no setup holds an explicit deal or a deck
    order: a fair game is dealt from its seed alone.

    >>> s = FairSetup.game("standard", 3, dealer=2)
    >>> s.variant, s.variant_version, s.players, s.dealer, s.overrides
    ('standard', 1, 3, 2, '{}')
    >>> FairSetup.game("standard", 3, dealer=3)
    Traceback (most recent call last):
    ...
    maumau_rules.fairness.FairnessError: setup dealer 3 is not a seat of a game of 3 players
    """

    kind: Literal["game", "match"] = attrs.field(converter=_kind)
    """Either ``"game"``, for a :class:`~maumau_rules.records.GameRecord`, or ``"match"``, for a
    :class:`~maumau_rules.records.MatchRecord` whose every hand is dealt from the match seed."""
    variant: str = attrs.field(converter=_variant_id)
    """The variant's ID."""
    variant_version: int = attrs.field(converter=_version)
    """The variant's version."""
    players: int = attrs.field(converter=_players)
    """The number of seats."""
    definition: str | None = attrs.field(default=None, converter=_digest)
    """The hex SHA-256 of a house variant's canonical definition JSON, for a variant that the registry does not
    hold (its definition is written into the record); ``None`` for a registered variant."""
    overrides: str = attrs.field(default="{}", converter=_overrides)
    """The rule overrides as canonical JSON text (``"{}"``: none); a mapping is converted."""
    dealer: int | None = attrs.field(default=None, converter=_seat)
    """The dealer given to :func:`~maumau_rules.new_game`, or ``None``: the variant's rules choose from the seed."""
    first_player: int | None = attrs.field(default=None, converter=_seat)
    """The first player given to :func:`~maumau_rules.new_game`, or ``None``."""
    hand_sizes: tuple[int, ...] | None = attrs.field(default=None, converter=_sizes, validator=_check_setup)
    """The per-seat hand sizes given to :func:`~maumau_rules.new_game`, or ``None``."""

    @classmethod
    def game(cls, variant: Variant | str, players: int, *,
             overrides: Mapping[str, Mapping[str, Any] | None] | None = None, dealer: int | None = None,
             first_player: int | None = None, hand_sizes: Sequence[int] | None = None) -> FairSetup:
        """The setup of one game of ``variant`` (a registered variant's name, or a :class:`Variant`).

        Raises:
            FairnessError: a field out of range. ``VariantError``: no such variant.

        >>> FairSetup.game("standard", 2).definition is None   # a registered variant: its id and version
        True
        """
        vid, version, digest = _variant_parts(variant)
        return cls("game", vid, version, players, digest, overrides or {}, dealer, first_player, hand_sizes)

    @classmethod
    def match(cls, variant: Variant | str, players: int, *,
              overrides: Mapping[str, Mapping[str, Any] | None] | None = None) -> FairSetup:
        """The setup of a whole match of ``variant`` (:func:`~maumau_rules.start_match`).

        Raises:
            FairnessError: a field out of range. ``VariantError``: no such variant.

        >>> FairSetup.match("malilla", 4).kind
        'match'
        """
        vid, version, digest = _variant_parts(variant)
        return cls("match", vid, version, players, digest, overrides or {})

    @classmethod
    def of(cls, record: GameRecord | MatchRecord) -> FairSetup:
        """The setup a record states (what it replays from, besides its seed).

        Raises:
            FairnessError: the record is dealt from an explicit deal or a deck order (which a fair game never
                is), or it is not a record.

        >>> from maumau_rules.records import GameRecord
        >>> FairSetup.of(GameRecord("standard", 1, 2, dealer=1)) == FairSetup.game("standard", 2, dealer=1)
        True
        """
        if not isinstance(record, _StatesSetup):
            raise FairnessError(_("{record} is not a game record or a match record").format(record=shown(record)))
        return record.fair_setup()

    @staticmethod
    def digest_of(definition: Variant | None) -> str | None:
        """The :attr:`definition` field for a record's house variant ``definition`` (the hex SHA-256 of its
        canonical definition JSON), or ``None`` for none (a registered variant).

        >>> from maumau_rules import find_variant
        >>> len(FairSetup.digest_of(find_variant("standard"))), FairSetup.digest_of(None)
        (64, None)
        """
        return None if definition is None else _definition_digest(definition)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (every field, ``null`` when not given), as written in a fair record.

        >>> sorted(FairSetup.game("standard", 2).to_json())
        ['dealer', 'first_player', 'hand_sizes', 'kind', 'overrides', 'players', 'variant']
        """
        return {"kind": self.kind,
                "variant": {"id": self.variant, "version": self.variant_version, "definition": self.definition},
                "players": self.players, "overrides": json.loads(self.overrides), "dealer": self.dealer,
                "first_player": self.first_player,
                "hand_sizes": None if self.hand_sizes is None else list(self.hand_sizes)}

    @classmethod
    def from_json(cls, data: Any) -> FairSetup:
        """Read the JSON form.

        Raises:
            NotationError: not the JSON form of a setup.

        >>> s = FairSetup.game("standard", 2, first_player=1); FairSetup.from_json(s.to_json()) == s
        True
        """
        fields = {"kind", "variant", "players", "overrides", "dealer", "first_player", "hand_sizes"}
        if not isinstance(data, dict) or set(data) != fields:
            raise NotationError(_("fairness setup: expected an object with the fields {fields}, got {value}")
                                .format(fields=sorted(fields), value=shown(data)))
        ref = data["variant"]
        if not isinstance(ref, dict) or set(ref) != {"id", "version", "definition"}:
            raise NotationError(_("fairness setup variant: expected {{'id', 'version', 'definition'}}, got {ref}")
                                .format(ref=shown(ref)))
        try:
            return cls(data["kind"], ref["id"], ref["version"], data["players"], ref["definition"],
                       data["overrides"] if isinstance(data["overrides"], dict) else None,  # an object, never text
                       data["dealer"], data["first_player"], data["hand_sizes"])
        except FairnessError as exc:
            raise NotationError(f"fairness {exc}") from None

    def encode(self) -> bytes:
        """The canonical encoding hashed into the commitment and the game seed (canonical JSON, ASCII).

        >>> FairSetup.match("malilla", 4).encode()[:35]
        b'{"dealer":null,"first_player":null,'
        """
        return _canonical(self.to_json()).encode("ascii")

    def differences(self, other: FairSetup) -> tuple[str, ...]:
        """How ``other`` (a record's setup) differs from this one (the committed setup), field by field.

        >>> FairSetup.game("standard", 2).differences(FairSetup.game("standard", 2, dealer=1))
        ("dealer 1 is not the committed dealer (none: chosen by the variant's rules from the seed)",)
        """
        out = []
        for f in attrs.fields(FairSetup):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if mine == theirs:
                continue
            label = _LABELS[f.name]
            if f.name == "definition" and mine is None:
                out.append(f"the record holds a house variant definition (SHA-256 {theirs}), but the commitment is "
                           "to the registered variant")
            elif mine is None:
                out.append(f"{label} {_show_field(theirs)} is not the committed {label} (none: chosen by the "
                           "variant's rules from the seed)")
            else:
                out.append(f"{label} {_show_field(theirs)} is not the committed {label} {_show_field(mine)}")
        return tuple(out)

    def describe(self) -> str:
        """A short description for messages (in the current language, :mod:`maumau_rules.i18n`; the values stay).

        >>> FairSetup.game("standard", 2, dealer=1).describe()
        'game of standard v1, 2 players, dealer 1'
        """
        from .i18n import gettext as _
        from .i18n import ngettext

        what = _("game of {variant} v{version}") if self.kind == "game" else _("match of {variant} v{version}")
        parts = [what.format(variant=self.variant, version=self.variant_version)
                 + (_(" (house definition)") if self.definition else ""),
                 ngettext("{n} player", "{n} players", self.players).format(n=self.players)]
        if self.overrides != "{}":
            parts.append(f"{_(_LABELS['overrides'])} {self.overrides}")
        for name in ("dealer", "first_player", "hand_sizes"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{_(_LABELS[name])} {_show_field(value)}")
        return ", ".join(parts)


def _show_field(value: object) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, tuple):
        return str(list(value))
    return shown(value, limit=200) if isinstance(value, str) else str(value)


def _variant_parts(variant: Variant | str) -> tuple[str, int, str | None]:
    from .variants import find_variant

    v = find_variant(variant)
    try:
        registered = find_variant(v.id) == v
    except MauMauError:
        registered = False
    return v.id, v.version, None if registered else _definition_digest(v)


# ====================================================================== the seed


def _setup(value: object) -> FairSetup | None:
    if value is not None and not isinstance(value, FairSetup):
        raise FairnessError(_("setup {value} must be a FairSetup").format(value=shown(value)))
    return value


def commitment(server_seed: bytes, salt: bytes, setup: FairSetup) -> str:
    """The published commitment to a server seed and a setup: hex SHA-256 of a tag, the salt, the seed, the setup.

    Raises:
        FairnessError: the seed or the salt is not 1 to 256 bytes, or ``setup`` is not a :class:`FairSetup`.

    >>> s = FairSetup.game("standard", 2)
    >>> commitment(bytes(32), bytes(16), s) == FairSeed(bytes(32), bytes(16), setup=s).commitment
    True
    """
    seed, salt_ = _secret(server_seed, _("server seed")), _secret(salt, _("salt"))
    if not isinstance(setup, FairSetup):
        raise FairnessError(_("setup {setup} must be a FairSetup (the commitment binds the game's setup)")
                            .format(setup=shown(setup)))
    return hashlib.sha256(_COMMIT_TAG + _frame(salt_) + _frame(seed) + _frame(setup.encode())).hexdigest()


def _entropy(value: object) -> tuple[str, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise FairnessError(_("entropy {value} must be a sequence of strings, one per seat").format(value=shown(value)))
    out = tuple(value)
    if len(out) > MAX_ENTROPY:
        raise FairnessError(_("{n} entropy contributions is too many (limit {limit})")
                            .format(n=len(out), limit=MAX_ENTROPY))
    for e in out:
        if type(e) is not str or len(e) > MAX_ENTROPY_TEXT:
            raise FairnessError(_("entropy contribution {e} must be a string of at most {limit} characters")
                                .format(e=shown(e), limit=MAX_ENTROPY_TEXT))
        try:
            e.encode("utf-8")
        except UnicodeEncodeError:
            raise FairnessError(_("entropy contribution {e} is not valid text").format(e=shown(e))) from None
    return out


@attrs.frozen
class FairSeed:
    """The secret behind a fair game: the server seed, the salt, the setup it commits to, and the seats' entropy.

    A fresh seed is bound to no setup yet; :meth:`bind` it to the game's setup before publishing its
    :attr:`commitment` (a seed without a setup has neither a commitment nor a game seed).

    >>> f = FairSeed.fresh(FairSetup.game("standard", 2)); len(f.server_seed), len(f.salt), len(f.commitment)
    (32, 16, 64)
    """

    server_seed: bytes = attrs.field(converter=_server_seed)
    """The server's secret seed (kept on the server until the game ends)."""
    salt: bytes = attrs.field(converter=_salt)
    """Random bytes hashed with the seed, so that the commitment reveals nothing about it."""
    entropy: tuple[str, ...] = attrs.field(default=(), converter=_entropy)
    """Each seat's contribution, in seat order (public: mixed in after the commitment was published)."""
    setup: FairSetup | None = attrs.field(default=None, converter=_setup)
    """The setup the commitment binds (``None`` until :meth:`bind`)."""

    @classmethod
    def fresh(cls, setup: FairSetup | None = None) -> FairSeed:
        """A new server seed and salt from the operating system's CSPRNG, bound to ``setup`` when given.

        >>> FairSeed.fresh() != FairSeed.fresh()
        True
        """
        return cls(fresh_bytes(SEED_BYTES), fresh_bytes(SALT_BYTES), setup=setup)

    def bind(self, setup: FairSetup) -> FairSeed:
        """This seed committed to ``setup`` (the game's setup, fixed before the commitment is published).

        Raises:
            FairnessError: ``setup`` is not a :class:`FairSetup`, or the seed is bound to another setup already.

        >>> f = FairSeed(b"s", b"t").bind(FairSetup.game("standard", 2))
        >>> f.bind(FairSetup.game("standard", 3))
        Traceback (most recent call last):
        ...
        maumau_rules.fairness.FairnessError: this seed is committed to game of standard v1, 2 players already: ...
        """
        if not isinstance(setup, FairSetup):
            raise FairnessError(_("setup {setup} must be a FairSetup").format(setup=shown(setup)))
        if self.setup is not None and self.setup != setup:
            raise FairnessError(_("this seed is committed to {setup} already: a committed seed is never used for another "
                                   "setup ({other}); draw a fresh one").format(setup=self.setup.describe(),
                                                                               other=setup.describe()))
        return attrs.evolve(self, setup=setup)

    def _bound(self) -> FairSetup:
        if self.setup is None:
            raise FairnessError(_("this fair seed is bound to no setup: bind it to the game's setup (FairSeed.bind) before "
                                   "publishing its commitment or dealing from it"))
        return self.setup

    @property
    def commitment(self) -> str:
        """The commitment to publish before the game (hex SHA-256 of the salt, the seed and the setup; it does
        not cover the entropy, which comes after).

        Raises:
            FairnessError: the seed is bound to no setup.

        >>> s = FairSetup.game("standard", 2)
        >>> FairSeed(b"s", b"t", setup=s).commitment == commitment(b"s", b"t", s)
        True
        """
        return commitment(self.server_seed, self.salt, self._bound())

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
        """The seed the game is dealt from: SHA-256 of the server seed, the salt, the setup and the entropy, cut
        to 64 bits.

        Raises:
            FairnessError: the seed is bound to no setup.

        >>> 0 <= FairSeed(b"s", b"t", setup=FairSetup.game("standard", 2)).game_seed < 2 ** 64
        True
        """
        h = hashlib.sha256(_SEED_TAG + _frame(self.server_seed) + _frame(self.salt) + _frame(self._bound().encode()))
        for e in self.entropy:
            h.update(_frame(e.encode("utf-8")))
        return int.from_bytes(h.digest()[:8], "big")

    def to_json(self) -> dict[str, Any]:
        """The revealed form written into a finished game's record.

        Raises:
            FairnessError: the seed is bound to no setup.

        >>> sorted(FairSeed(b"s", b"t", setup=FairSetup.game("standard", 2)).to_json())
        ['commitment', 'entropy', 'salt', 'scheme', 'server_seed', 'setup']
        """
        setup = self._bound()
        return {"scheme": SCHEME, "commitment": self.commitment, "server_seed": self.server_seed.hex(),
                "salt": self.salt.hex(), "setup": setup.to_json(), "entropy": list(self.entropy)}

    @classmethod
    def from_json(cls, data: Any) -> FairSeed:
        """Read the revealed form; the commitment written beside it must be the one the seed, salt and setup give.

        Raises:
            NotationError: not the revealed form of this scheme (a record of an old scheme says so).
            FairnessError: the seed, salt and setup do not give the commitment written beside them.

        >>> f = FairSeed(b"s", b"t", ("x",), FairSetup.game("standard", 2)); FairSeed.from_json(f.to_json()) == f
        True
        >>> FairSeed.from_json({"scheme": "maumau-sha256-v1"})
        Traceback (most recent call last):
        ...
        maumau_rules.errors.NotationError: fairness: scheme 'maumau-sha256-v1' is no longer read: it committed ...
        """
        if not isinstance(data, dict):
            raise NotationError(_("fairness: expected an object, got {value}").format(value=shown(data)))
        if data.get("scheme") in OLD_SCHEMES:
            raise NotationError(_("fairness: scheme {value} is no longer read: it committed to the seed alone, not to the "
                                   "setup (variant, overrides, dealer, deck order, ...), so its proof could not exclude a "
                                   "stacked deal; this library reads {scheme}").format(value=repr(data['scheme']),
                                                                                       scheme=repr(SCHEME)))
        if data.get("scheme") != SCHEME:
            raise NotationError(_("fairness: unknown scheme {value} (this library knows {scheme})")
                                .format(value=shown(data.get('scheme')), scheme=repr(SCHEME)))
        extra = sorted(set(data) - {"scheme", "commitment", "server_seed", "salt", "setup", "entropy"})
        if extra:
            raise NotationError(_("fairness: unknown field(s) {fields}").format(fields=', '.join(map(repr, extra))))
        if "setup" not in data:
            raise NotationError(_("fairness: the field 'setup' (what the commitment binds) is missing"))
        setup = FairSetup.from_json(data["setup"])
        try:
            fair = cls(_hex(data.get("server_seed"), "server_seed"), _hex(data.get("salt"), "salt"),
                       data.get("entropy", []), setup)
        except FairnessError as exc:
            raise NotationError(_("fairness: {exc}").format(exc=exc)) from None
        written = data.get("commitment")
        if type(written) is not str or not _same_text(written, fair.commitment):
            raise FairnessError(_("fairness: the revealed seed, salt and setup do not give the commitment {written}")
                                .format(written=shown(written)))
        return fair


def _same_text(a: str, b: str) -> bool:
    """Whether two texts are equal, compared in constant time (any text: ``compare_digest`` takes only ASCII str)."""
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


def _hex(value: object, name: str) -> bytes:
    if type(value) is not str or len(value) > 2 * MAX_SECRET_BYTES:
        raise NotationError(_("fairness field {name}: expected hex text, got {value}")
                            .format(name=name, value=shown(value)))
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise NotationError(_("fairness field {name}: {value} is not hex text")
                            .format(name=name, value=shown(value))) from None


# ====================================================================== verifying


@attrs.frozen
class FairnessReport:
    """What :func:`~maumau_rules.verify.verify_record` proved.

    >>> FairnessReport("ab" * 32, 7, 10, 1, 3).reshuffles
    1
    """

    commitment: str
    """The commitment the revealed seed and setup match."""
    game_seed: int
    """The seed the deal came from (a match's seed: every hand is dealt from it)."""
    moves: int
    """Moves replayed (each one legal)."""
    reshuffles: int
    """Reshuffles of the discard pile during the game (each one from the committed seed's random state)."""
    views: int
    """Views kept by seats that were checked against the seed's game."""
    rounds: int = 1
    """The number of rounds dealt, each from the committed seed: 1 for a game record, every round of a match record."""
    setup: FairSetup | None = None
    """The committed setup that the record was found to have."""


def verify_record(record: GameRecord | MatchRecord, *, commitment: str | None = None,
                  views: Sequence[object] = ()) -> FairnessReport:
    """:func:`maumau_rules.verify.verify_record`, importable from this module too (where it was first). The check
    replays records, so it lives in :mod:`maumau_rules.verify`, above :mod:`maumau_rules.records` (which imports
    this module); it is looked up when called, so this module imports nothing above it.

    Raises:
        FairnessError: the record does not prove its deal (see :func:`maumau_rules.verify.verify_record`).

    >>> verify_record("not a record")
    Traceback (most recent call last):
    ...
    maumau_rules.fairness.FairnessError: 'not a record' is not a game record or a match record
    """
    check: Any = importlib.import_module(f"{__package__}.verify").verify_record
    report: FairnessReport = check(record, commitment=commitment, views=views)
    return report
