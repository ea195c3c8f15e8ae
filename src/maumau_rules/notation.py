"""Text notation and versioned JSON for cards, moves, states, views, verdicts and variants.

Every JSON document carries ``"type"`` and ``"version"``; its shape is published as a JSON Schema
in :mod:`maumau_rules.schemas` (exported to ``docs/schemas/``). Writing is strict and canonical
(cards as ``"7♥"``, moves in notation, suits as ``"♥"``); reading accepts every spelling the card and
move parsers accept, and rejects unknown types, versions and fields with a :class:`NotationError`
that quotes the input and says why.

This module is generic: it converts the library's frozen values by their declared field types and
knows no rule of the game.

>>> from maumau_rules import Card, Play, Suit, new_game
>>> dumps(Card.parse("7h"))
'{"type": "card", "version": 1, "card": "7♥"}'
>>> loads(dumps(Play(Card.parse("Jc"), wish=Suit.HEARTS)))
Play(card=Card.parse('J♣'), wish=<Suit.HEARTS: 'h'>, call=None)
>>> s = new_game("standard", players=3, seed=42)
>>> loads_state(dumps(s)) == s
True
>>> format_move(parse_move("J♣>♥ mau"), ascii=True)
'Jc>h mau'
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar

import attrs

from .cards import Card, Rank, Suit, _quote
from .deck import DeckSpec
from .errors import ArgumentError, MauMauError, NotationError, shown
from .families import codec_for_tag, codec_for_value, families
from .i18n import gettext as _
from .moves import MOVE_TYPES, Move, Play, parse_move
from .reasons import Verdict
from .state import Window
from .variants import Variant, find_variant, variant_from_dict

__all__ = [
    "FORMAT_VERSION",
    "MAX_JSON_TEXT",
    "dumps",
    "format_card",
    "format_move",
    "from_json",
    "json_text",
    "loads",
    "loads_card",
    "loads_move",
    "loads_state",
    "loads_variant",
    "loads_verdict",
    "loads_view",
    "parse_card",
    "parse_json_text",
    "parse_move",
    "resolve_variant",
    "to_json",
    "variant_from_json",
    "variant_to_json",
]

FORMAT_VERSION: Final = 1
"""The version of every JSON form written by this module."""

MAX_JSON_TEXT: Final = 1_000_000
"""Longest JSON text (characters) accepted by the ``loads*`` functions; checked before parsing."""

T = TypeVar("T")

_MOVE_TYPES: Final = MOVE_TYPES
_NONE: Final = type(None)


# ====================================================================== text notation


def parse_card(text: str) -> Card:
    """Parse a card from any accepted spelling (``7h``, ``7♥``, ``Herz 7``, ``Joker``).

    Raises:
        NotationError: not a card; the message quotes the text.

    >>> parse_card("Th")
    Card.parse('10♥')
    """
    return Card.parse(text)


def format_card(card: Card, *, ascii: bool = False) -> str:
    """Write a card in notation: ``7♥`` (default) or ``7h`` (``ascii=True``).

    >>> format_card(parse_card("7h")), format_card(parse_card("7h"), ascii=True)
    ('7♥', '7h')
    """
    return card.ascii if ascii else str(card)


def format_move(move: Move, *, ascii: bool = False) -> str:
    """Write a move in notation (``Jc>h mau`` with ``ascii=True``); :func:`parse_move` reads it back.

    >>> format_move(parse_move("Jc>h")), format_move(parse_move("Jc>h"), ascii=True)
    ('J♣>♥', 'Jc>h')
    >>> parse_move(format_move(parse_move("9d mau"), ascii=True)) == parse_move("9d mau")
    True
    """
    if not ascii or not isinstance(move, Play):
        return str(move)
    out = move.card.ascii
    if move.wish is not None:
        out += f">{move.wish.letter}"
    if move.call is not None:
        out += f" {move.call.value}"
    return out


# ====================================================================== JSON text


def parse_json_text(text: str | bytes, what: str, *, limit: int = MAX_JSON_TEXT) -> Any:
    """Parse JSON text safely: the length is checked before parsing; any failure is a NotationError.

    Args:
        text: the JSON text (``str`` or UTF-8 ``bytes``).
        what: what the text should be, for messages ("state JSON", "record file").
        limit: the longest text accepted, in characters.

    Raises:
        NotationError: too long, not valid JSON, or nested too deeply.

    >>> parse_json_text('[1, 2]', "list")
    [1, 2]
    >>> parse_json_text("x" * 20, "card JSON", limit=10)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: card JSON of 20 characters is too long (limit 10)
    >>> parse_json_text("{", "card JSON")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: card JSON '{' is not valid JSON: Expecting property name ...
    """
    if type(limit) is not int or limit < 0:
        raise ArgumentError(f"limit {shown(limit)} must be a whole number of characters")
    if isinstance(text, bytes | bytearray):
        if len(text) > limit * 4:
            raise NotationError(_("{what} of {n} bytes is too long (limit {limit} characters)")
                                .format(what=what, n=len(text), limit=limit))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise NotationError(_("{what} is not UTF-8: {exc}").format(what=what, exc=exc)) from None
    if not isinstance(text, str):
        raise NotationError(_("{what} must be a string, got {type}").format(what=shown(what), type=type(text).__name__))
    if len(text) > limit:
        raise NotationError(_("{what} of {n} characters is too long (limit {limit})")
                            .format(what=what, n=len(text), limit=limit))
    try:
        return json.loads(text)
    except RecursionError:
        raise NotationError(_("{what} is nested too deeply").format(what=what)) from None
    except ValueError as exc:  # JSONDecodeError, and integers with too many digits
        raise NotationError(_("{what} {text} is not valid JSON: {exc}")
                            .format(what=what, text=_quote(text), exc=exc)) from None


def _reused_encoder() -> Callable[[Any], str]:
    """``json.JSONEncoder(ensure_ascii=False).encode``, with the standard library's C encoder made once instead of
    once per call (the same text: the same C code, string quoting and separators; there is no circular-reference
    check, which the library's JSON data, made fresh by its encoders, never needs)."""
    reference = json.JSONEncoder(ensure_ascii=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - an interpreter without the C accelerator
        return reference.encode
    chunks = make(None, reference.default, json.encoder.encode_basestring,
                  None, reference.key_separator, reference.item_separator, False, False, True)
    join = "".join

    def encode(data: Any) -> str:
        return join(chunks(data, 0))

    return encode


_ENCODE: Final = _reused_encoder()


def json_text(data: Any) -> str:
    """``json.dumps(data, ensure_ascii=False)``: the JSON text of JSON data (dicts, lists, tuples, text, numbers,
    flags and ``None``), the standard encoder made once.

    Raises:
        TypeError: ``data`` holds a value that is not JSON data.

    >>> json_text({"card": "7♥", "cards": (1, 2), "ok": True, "none": None})
    '{"card": "7♥", "cards": [1, 2], "ok": true, "none": null}'
    >>> json_text({1j})
    Traceback (most recent call last):
    ...
    TypeError: Object of type set is not JSON serializable
    """
    return _ENCODE(data)


# ====================================================================== generic field codec


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The public attrs fields of ``cls`` with their resolved types, in declaration order."""
    got = _HINTS.get(cls)
    if got is None:
        from .moves import Move as _Move

        localns: dict[str, Any] = {"Variant": Variant, "Move": _Move}
        for fam in families():  # the family value types that annotations name (a view's state type ...)
            localns[fam.state_type.__name__] = fam.state_type
            localns.update({c.value_type.__name__: c.value_type for c in fam.json_codecs})
        hints = typing.get_type_hints(cls, localns=localns)
        got = {f.name: hints[f.name] for f in attrs.fields(cls) if not f.name.startswith("_")}
        _HINTS[cls] = got
    return got


def _is_move_union(tp: Any) -> bool:
    return set(typing.get_args(tp)) == _MOVE_TYPES


def _enc(value: Any, tp: Any) -> Any:
    return _encoder(tp)(value)


def _same(value: Any) -> Any:
    return value


def _enum_value(value: Any) -> Any:
    return value.value


def _window_json(value: Window) -> dict[str, Any]:
    return value.to_json()


class _CardTexts(dict[Card, str]):
    """Each card's notation, remembered on first use (cards are interned values, at most 94 of them)."""

    def __missing__(self, card: Card) -> str:
        text = self[card] = str(card)
        return text


_card_text: Final = _CardTexts().__getitem__


@functools.cache
def _encoder(tp: Any) -> Callable[[Any], Any]:
    """The function that writes a value of the declared field type ``tp`` as JSON data, made once per type."""
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        rest = [a for a in typing.get_args(tp) if a is not _NONE]
        if set(rest) == _MOVE_TYPES:
            return lambda value: None if value is None else str(value)
        if len(rest) == 1:
            inner = _encoder(rest[0])
            return lambda value: None if value is None else inner(value)
        raise TypeError(f"cannot encode union {tp}")  # pragma: no cover - programming error
    if origin is tuple:
        (inner_type, _ellipsis) = typing.get_args(tp)
        item = _encoder(inner_type)
        return lambda value: list(map(item, value))
    if tp is Card:
        return _card_text
    if tp is Suit or tp is Rank:
        return str
    if tp is Variant:
        return _variant_ref
    if tp is Window:
        return _window_json
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_value
    if tp in (int, bool, str):
        return _same
    if isinstance(tp, type) and attrs.has(tp):  # a value type inside a document (a Malilla trick)
        return lambda value: encode_fields(value, tp)
    raise TypeError(f"cannot encode field type {tp}")  # pragma: no cover - programming error


def _dec(data: Any, tp: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        args = typing.get_args(tp)
        if data is None and _NONE in args:
            return None
        rest = [a for a in args if a is not _NONE]
        if set(rest) == _MOVE_TYPES:
            return _dec_move(data, where)
        if len(rest) == 1:
            return _dec(data, rest[0], where)
        raise TypeError(f"cannot decode union {tp}")  # pragma: no cover - programming error
    if origin is tuple:
        (inner, _ellipsis) = typing.get_args(tp)
        if not isinstance(data, list):
            raise NotationError(_("{where}: expected a list, got {value}").format(where=where, value=_show(data)))
        return tuple(_dec(v, inner, f"{where}[{i}]") for i, v in enumerate(data))
    if tp is bool:
        if not isinstance(data, bool):
            raise NotationError(_("{where}: expected true or false, got {value}")
                                .format(where=where, value=_show(data)))
        return data
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise NotationError(_("{where}: expected an integer, got {value}").format(where=where, value=_show(data)))
        return data
    if tp is str:
        if not isinstance(data, str):
            raise NotationError(_("{where}: expected a string, got {value}").format(where=where, value=_show(data)))
        return data
    if tp is Card or tp is Suit or tp is Rank:
        if not isinstance(data, str):
            raise NotationError(_("{where}: expected a {kind} string, got {value}")
                                .format(where=where, kind=tp.__name__.lower(), value=_show(data)))
        try:
            return tp.parse(data)
        except NotationError as exc:
            raise NotationError(f"{where}: {exc}") from None
    if tp is Variant:
        return _variant_from_ref(data, where)
    if tp is Window:
        return _dec_window(data, where)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except (ValueError, TypeError):
            allowed = ", ".join(repr(m.value) for m in tp)
            raise NotationError(_("{where}: unknown {type} {value}: expected one of {allowed}")
                                .format(where=where, type=tp.__name__, value=_show(data), allowed=allowed)) from None
    if isinstance(tp, type) and attrs.has(tp):
        if not isinstance(data, dict):
            raise NotationError(_("{where}: expected an object, got {value}").format(where=where, value=_show(data)))
        hints = _hints(tp)
        _check_fields(data, hints, where, required=hints)
        try:
            return tp(**{name: _dec(data[name], t, f"{where}.{name}") for name, t in hints.items()})
        except (TypeError, ValueError) as exc:
            raise NotationError(f"{where}: {exc}") from None
    raise TypeError(f"cannot decode field type {tp}")  # pragma: no cover - programming error


_WINDOW_KINDS: Final = ("missed_call", "unannounced_finish")
_WINDOW_CLOSES: Final = ("next_player", "until_own_turn", "decision")


def _dec_window(data: Any, where: str) -> Window:
    if not isinstance(data, dict):
        raise NotationError(_("{where}: expected a window object, got {value}").format(where=where, value=_show(data)))
    _check_fields(data, ("kind", "offender", "seats", "closes", "rule_id"), where,
                  required=("kind", "offender", "seats", "closes", "rule_id"))
    if data["kind"] not in _WINDOW_KINDS or data["closes"] not in _WINDOW_CLOSES:
        raise NotationError(_("{where}: unknown window kind {value} or closing {value2}")
                            .format(where=where, value=_show(data['kind']), value2=_show(data['closes'])))
    return Window(kind=data["kind"], offender=_dec(data["offender"], int, f"{where}.offender"),
                  seats=_dec(data["seats"], tuple[int, ...], f"{where}.seats"), closes=data["closes"],
                  rule_id=_dec(data["rule_id"], str, f"{where}.rule_id"))


def _dec_move(data: Any, where: str) -> Move:
    if not isinstance(data, str):
        raise NotationError(_("{where}: expected a move in notation such as '7h' or 'draw', got {value}")
                            .format(where=where, value=_show(data)))
    try:
        return parse_move(data)
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from None


def _show(data: Any) -> str:
    """A short, quoted rendering of a piece of (untrusted) input for error messages."""
    if type(data) is str:
        return _quote(data)
    try:
        text = json.dumps(data, ensure_ascii=False) if _jsonable(data) else shown(data)
    except Exception:  # an integer too long to write, or an object that cannot be shown
        text = shown(data)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(data: Any) -> bool:
    try:
        json.dumps(data)
    except (TypeError, ValueError):
        return False
    return True


def encode_fields(obj: Any, cls: type) -> dict[str, Any]:
    """The JSON fields of ``obj``, an attrs value of ``cls`` (family codecs write their values with it).

    >>> from maumau_rules import Verdict
    >>> encode_fields(Verdict.accept(), Verdict)["reason"]
    'ok'
    """
    return {name: enc(getattr(obj, name)) for name, enc in _field_encoders(cls)}


def encode_view(obj: Any, cls: type) -> dict[str, Any]:
    """:func:`encode_fields` for a view: its fields are its ``__dict__`` (views are made by setting it at once), so
    they are read from it, and fields written as they are (numbers, text, flags) skip the encoder call.

    >>> from maumau_rules import Verdict
    >>> encode_fields(Verdict.accept(), Verdict)["reason"]
    'ok'

    >>> from maumau_rules import new_game, public_view
    >>> pv = public_view(new_game("standard", 2, seed=1))
    >>> encode_view(pv, type(pv))["hand_sizes"]
    [6, 6]
    """
    fields = obj.__dict__
    return {name: fields[name] if enc is _same else enc(fields[name]) for name, enc in _field_encoders(cls)}


@functools.cache
def _field_encoders(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """Each public field of ``cls`` with the encoder of its declared type."""
    return tuple((name, _encoder(tp)) for name, tp in _hints(cls).items())


def _check_fields(data: Mapping[str, Any], allowed: Iterable[str], where: str, required: Iterable[str] = ()) -> None:
    """Reject a JSON object with a field outside ``allowed`` or without one of ``required``, quoting ``where``."""
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise NotationError(_("unknown field(s) {values} in {where}")
                            .format(values=', '.join(map(repr, unknown)), where=where))
    for name in required:
        if name not in data:
            raise NotationError(_("{where} is missing the field {name}").format(where=where, name=repr(name)))


def decode_fields(data: Mapping[str, Any], cls: type, what: str) -> dict[str, Any]:
    """The constructor arguments of ``cls`` read from the JSON document ``data`` (``what`` names it in errors).

    >>> from maumau_rules import Verdict
    >>> decode_fields(to_json(Verdict.accept()), Verdict, "verdict JSON")["rule_id"]
    ''
    """
    if what.endswith(" JSON") and " " not in what[:-5]:  # a family's "{tag} JSON": in the current language
        what = _("{kind} JSON").format(kind=what[:-5])
    hints = _hints(cls)
    _check_fields(data, {*hints, "type", "version"}, what)
    out: dict[str, Any] = {}
    for name, tp in hints.items():
        if name not in data:
            field = attrs.fields_dict(cls)[name]
            if field.default is not attrs.NOTHING:
                continue
            raise NotationError(_("{what} is missing the field {name}").format(what=what, name=repr(name)))
        out[name] = _dec(data[name], tp, _("{what} field {name}").format(what=what, name=repr(name)))
    return out


def _envelope(data: Any, what: str, expected: tuple[str, ...]) -> str:
    if not isinstance(data, dict):
        raise NotationError(_("{what} must be a JSON object, got {value}").format(what=what, value=_show(data)))
    kind = data.get("type")
    if kind not in expected:
        raise NotationError(
            _("{what} has type {kind}: expected {values}")
            .format(what=what, kind=_show(kind), values=_(" or ").join(map(repr, expected)))
        )
    version = data.get("version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise NotationError(
            _("unsupported version {version} of {kind} JSON: this library reads version "
               "{supported}").format(version=_show(version), kind=repr(kind), supported=FORMAT_VERSION)
        )
    return str(kind)


# ====================================================================== variants


def _encode_param(value: Any) -> Any:
    if (isinstance(value, bool | int | str) and not isinstance(value, enum.Enum)) or value is None:
        return value
    if isinstance(value, Rank):
        return value.symbol
    if isinstance(value, enum.Enum):
        return value.value
    tokens = getattr(value, "tokens", None)
    if callable(tokens):
        return list(tokens())
    if attrs.has(type(value)):
        return {f.name: _encode_param(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, tuple | list):
        return [_encode_param(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _encode_param(v) for k, v in value.items()}
    raise NotationError(_("cannot write rule parameter {value} as JSON").format(value=repr(value)))


def _deck_text(deck: DeckSpec) -> str:
    text = str(deck)
    try:
        if DeckSpec.parse(text) == deck:
            return text
    except NotationError:
        pass
    out = "ranks:" + "/".join(r.symbol for r in deck.ranks)
    out += f"+{deck.jokers}j" if deck.jokers else ""
    return out + (f" x{deck.packs}" if deck.packs > 1 else "")


def variant_to_json(variant: Variant) -> dict[str, Any]:
    """The full definition of ``variant`` as JSON: the ``spec/variants/*.toml`` shape, versioned.

    >>> d = variant_to_json(find_variant("standard"))
    >>> d["type"], d["variant"]["id"], d["rules"]["R_DEAL"]
    ('variant', 'standard', {'hand_size': 5, 'two_player_hand_size': 6, 'packets': []})

    >>> from maumau_rules import Verdict
    >>> decode_fields(to_json(Verdict.accept()), Verdict, "verdict JSON")["ok"]
    True
    """
    head = {
        "id": variant.id,
        "name": variant.name,
        "deck": _deck_text(variant.deck),
        "players": list(variant.players),
        "aliases": list(variant.aliases),
        "sources": list(variant.sources),
        "external": variant.external,
        "version": variant.version,
        "summary": variant.summary,
    }
    if variant.family != "maumau":
        head["family"] = variant.family
    rules = {
        r.rule_id: {f.name: _encode_param(getattr(r, f.name)) for f in attrs.fields(type(r))}  # type: ignore[arg-type]
        for r in variant.rules
    }
    decisions = [{"gap": d.gap, "param": d.param, "value": d.value, "reason": d.reason} for d in variant.decisions]
    return {"type": "variant", "version": FORMAT_VERSION, "variant": head, "rules": rules, "decisions": decisions}


def variant_from_json(data: Any) -> Variant:
    """Build a variant from the JSON of :func:`variant_to_json`.

    Raises:
        NotationError: wrong type, version or shape; the rules themselves are checked by the variant
            loader (its :class:`~maumau_rules.errors.VariantError` is re-raised as a NotationError).

    >>> v = find_variant("standard")
    >>> variant_from_json(variant_to_json(v)) == v
    True
    """
    _envelope(data, _("variant JSON"), ("variant",))
    _check_fields(data, ("type", "version", "variant", "rules", "decisions"), _("variant JSON"))
    if not isinstance(data.get("decisions", []), list) or not all(
        isinstance(d, dict) for d in data.get("decisions", [])
    ):
        raise NotationError(_("variant JSON field 'decisions' must be a list of objects"))
    try:
        return variant_from_dict({k: v for k, v in data.items() if k in ("variant", "rules", "decisions")})
    except MauMauError as exc:
        raise NotationError(_("variant JSON is not a valid variant: {exc}").format(exc=exc)) from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise NotationError(_("variant JSON is not a valid variant: {exc}").format(exc=exc)) from None


def _variant_ref(variant: Variant) -> dict[str, Any]:
    ref: dict[str, Any] = {"id": variant.id, "version": variant.version}
    try:
        registered = find_variant(variant.id)
    except MauMauError:
        registered = None
    if registered != variant:
        ref["definition"] = variant_to_json(variant)
    return ref


def _variant_from_ref(data: Any, where: str) -> Variant:
    if not isinstance(data, dict):
        raise NotationError(_("{where}: expected a variant reference {{\"id\": ..., \"version\": ...}}, got {value}")
                            .format(where=where, value=_show(data)))
    _check_fields(data, ("id", "version", "definition"), where)
    vid, version = data.get("id"), data.get("version")
    if not isinstance(vid, str) or not isinstance(version, int) or isinstance(version, bool):
        raise NotationError(_("{where}: a variant reference needs a string 'id' and an integer 'version'")
                            .format(where=where))
    if "definition" in data:
        variant = variant_from_json(data["definition"])
        if variant.id != vid or variant.version != version:
            raise NotationError(
                _("{where}: the definition is variant {id} version {version}, but the reference names "
                   "{vid} version {version2}").format(where=where, id=repr(variant.id), version=variant.version,
                                                      vid=repr(vid), version2=version)
            )
        return variant
    return resolve_variant(vid, version, where=where)


def resolve_variant(vid: str, version: int, *, where: str = "variant") -> Variant:
    """Find a registered variant by ID and check that its version is the one asked for.

    Raises:
        NotationError: no such variant, or the library holds another version of it.

    >>> resolve_variant("standard", 1).id
    'standard'
    >>> resolve_variant("standard", 9)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: variant: 'standard' is version 1 in this library, not version 9
    """
    try:
        variant = find_variant(vid)
    except MauMauError as exc:
        raise NotationError(f"{where}: {exc}") from None
    if type(version) is not int:
        raise NotationError(_("{where}: version {version} must be an integer")
                            .format(where=where, version=shown(version)))
    if variant.version != version:
        raise NotationError(_("{where}: {vid} is version {version} in this library, not version {version2}")
                            .format(where=where, vid=repr(vid), version=variant.version, version2=version))
    return variant


# ====================================================================== documents


def to_json(obj: Any) -> dict[str, Any]:
    """The versioned JSON form (a dict of JSON types) of a card, move, state, view, verdict or variant.

    Game records are converted by their own ``to_json``.

    Raises:
        NotationError: the object has no JSON form.

    >>> from maumau_rules import Draw, Verdict
    >>> to_json(Draw())
    {'type': 'move', 'version': 1, 'move': 'draw'}
    >>> to_json(Verdict.accept())["reason"]
    'ok'
    """
    if isinstance(obj, Card):
        return {"type": "card", "version": FORMAT_VERSION, "card": str(obj)}
    if type(obj) in _MOVE_TYPES:
        return {"type": "move", "version": FORMAT_VERSION, "move": str(obj)}
    codec = codec_for_value(obj)
    if codec is None:  # a subclass of a family's value type: the codec of its nearest base
        codec = next((c for base in type(obj).__mro__[1:] for c in [codec_for_value_type(base)] if c is not None),
                     None)
    if codec is not None:
        return codec.encode(obj)
    if isinstance(obj, Verdict):
        return {"type": "verdict", "version": FORMAT_VERSION, **encode_fields(obj, Verdict)}
    if isinstance(obj, Variant):
        return variant_to_json(obj)
    own = getattr(type(obj), "to_json", None)  # a record (maumau_rules.records) writes itself
    if own is not None and getattr(type(obj), "__module__", "").startswith("maumau_rules.records"):
        out: dict[str, Any] = own(obj)
        return out
    raise NotationError(_("{type} {obj} has no JSON form").format(type=type(obj).__name__, obj=shown(obj)))


def from_json(data: Any) -> Any:
    """Read any document written by :func:`to_json` (except records: see :mod:`maumau_rules.records`).

    Raises:
        NotationError: unknown type or version, unknown or missing fields, malformed values.

    >>> from_json({"type": "move", "version": 1, "move": "Jc>h"})
    Play(card=Card.parse('J♣'), wish=<Suit.HEARTS: 'h'>, call=None)
    >>> from_json({"type": "move", "version": 2, "move": "draw"})
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: unsupported version 2 of 'move' JSON: this library reads version 1
    """
    kind = _envelope(data, _("JSON document"), _READERS.kinds())
    return _READERS[kind](data)


def _single(field: str, kind: str, parse: Callable[[str], T]) -> Callable[[Any], T]:
    def read(data: Any) -> T:
        _check_fields(data, ("type", "version", field), _("{kind} JSON").format(kind=kind), required=(field,))
        value = data[field]
        if not isinstance(value, str):
            raise NotationError(_("{kind} JSON field {field}: expected a string, got {value}")
                                .format(kind=kind, field=repr(field), value=_show(value)))
        return parse(value)

    return read


def codec_for_value_type(cls: type) -> Any:
    """The family codec that writes exactly ``cls``, or ``None``.

    >>> from maumau_rules import new_game
    >>> codec_for_value_type(type(new_game("malilla", 4, seed=1))).tag
    'malilla-state'
    """
    for fam in families():
        for codec in fam.json_codecs:
            if codec.value_type is cls:
                return codec
    return None


def _read_verdict(data: Any) -> Verdict:
    return Verdict(**decode_fields(data, Verdict, _("{kind} JSON").format(kind="verdict")))


class _Readers(dict[str, Callable[[Any], Any]]):
    """The readers of every document type: the shared ones, then each family's (asked for on first use)."""

    def __missing__(self, kind: str) -> Callable[[Any], Any]:
        codec = codec_for_tag(kind)
        if codec is None:
            raise KeyError(kind)
        return codec.decode

    def __contains__(self, kind: object) -> bool:
        return dict.__contains__(self, kind) or (type(kind) is str and codec_for_tag(kind) is not None)

    def kinds(self) -> tuple[str, ...]:
        """Every document type read."""
        return (*self, *(c.tag for fam in families() for c in fam.json_codecs))


_READERS: Final = _Readers({
    "card": _single("card", "card", Card.parse),
    "move": _single("move", "move", parse_move),
    "verdict": _read_verdict,
    "variant": variant_from_json,
})


def dumps(obj: Any, *, indent: int | None = None) -> str:
    """The versioned JSON text of a card, move, state, view, verdict, variant or record.

    >>> from maumau_rules import Pass
    >>> dumps(Pass())
    '{"type": "move", "version": 1, "move": "pass"}'
    """
    if indent is None:
        write = getattr(codec_for_value(obj), "text", None)  # a family's value writes its own text (jsontext)
        return write(obj) if write is not None else json_text(to_json(obj))
    return json.dumps(to_json(obj), ensure_ascii=False, indent=indent)


def loads(text: str | bytes) -> Any:
    """Read any JSON text written by :func:`dumps` (the ``type`` field says what it is).

    Raises:
        NotationError: too long, not JSON, or not a valid document.

    >>> loads('{"type": "card", "version": 1, "card": "Herz 7"}')
    Card.parse('7♥')
    >>> loads('{"type": "card", "version": 1, "card": "7h", "colour": "red"}')
    Traceback (most recent call last):
    ...
    maumau_rules.errors.NotationError: unknown field(s) 'colour' in card JSON
    """
    return from_json(parse_json_text(text, _("JSON document")))


def _typed(text: str | bytes, kinds: tuple[str, ...], what: str) -> Any:
    data = parse_json_text(text, what)
    kind = _envelope(data, what, kinds)
    return _READERS[kind](data)


def loads_card(text: str | bytes) -> Card:
    """Read the JSON text of a card.

    >>> loads_card(dumps(parse_card("Qs")))
    Card.parse('Q♠')
    """
    out: Card = _typed(text, ("card",), _("{kind} JSON").format(kind="card"))
    return out


def loads_move(text: str | bytes) -> Move:
    """Read the JSON text of a move.

    >>> loads_move('{"type": "move", "version": 1, "move": "callout 2"}')
    CallOut(seat=2)
    """
    out: Move = _typed(text, ("move",), _("{kind} JSON").format(kind="move"))
    return out


def loads_state(text: str | bytes) -> Any:
    """Read the JSON text of a full game state of any family (for a server's own storage; never send it to a
    client).

    The state is checked: every card of the deck exactly once (per pack), seats in range.

    Raises:
        NotationError: malformed, not a state, or a state that breaks the game's invariants.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=9)
    >>> loads_state(dumps(s)) == s
    True
    >>> m = new_game("malilla", players=4, seed=9)
    >>> loads_state(dumps(m)) == m
    True
    """
    return _typed(text, _family_tags(lambda fam, codec: codec.value_type is fam.state_type),
                  _("{kind} JSON").format(kind="state"))


def loads_view(text: str | bytes) -> Any:
    """Read the JSON text of a player's view or a public view, of any family.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.views import view
    >>> v = view(new_game("standard", players=2, seed=9), 1)
    >>> loads_view(dumps(v)) == v
    True
    """
    return _typed(text, _family_tags(lambda fam, codec: codec.value_type is not fam.state_type), _("{kind} JSON").format(kind="view"))


def _family_tags(which: Callable[[Any, Any], bool]) -> tuple[str, ...]:
    """The document tags of every family's codecs that ``which(family, codec)`` picks."""
    return tuple(codec.tag for fam in families() for codec in fam.json_codecs if which(fam, codec))


def loads_verdict(text: str | bytes) -> Verdict:
    """Read the JSON text of a verdict.

    >>> from maumau_rules.reasons import Reason
    >>> loads_verdict(dumps(Verdict.reject(Reason.GAME_OVER, "R_MATCH", "over"))).reason
    <Reason.GAME_OVER: 'game_over'>
    """
    out: Verdict = _typed(text, ("verdict",), _("{kind} JSON").format(kind="verdict"))
    return out


def loads_variant(text: str | bytes) -> Variant:
    """Read the JSON text of a variant definition.

    >>> loads_variant(dumps(find_variant("standard"))) == find_variant("standard")
    True
    """
    out: Variant = _typed(text, ("variant",), _("variant JSON"))
    return out
