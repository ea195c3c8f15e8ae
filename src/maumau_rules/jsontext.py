"""JSON text of the library's frozen values, written by a per-class encoder compiled once (stdlib only).

:func:`maumau_rules.notation.dumps` writes a state or a view as ``json.dumps(to_json(value), ensure_ascii=False)``:
first a dict of JSON data, then its text. A server writes a view for every seat after every move, and those two
steps cost more than the move itself. This module writes the text directly: for each class, once, it reads the
declared type of every public field (the same types :mod:`maumau_rules.notation` encodes by) and compiles one
Python function that concatenates the field's key and the text of its value. Numbers, flags and text are written as
they are; cards, suits, enum members and moves through tables of their JSON text, filled on first use; a nested
value type (a Malilla trick) through its own compiled encoder; any other type (a variant reference, a window)
through the data encoder of :mod:`maumau_rules.notation` and the standard library's JSON encoder, so the text is
byte for byte what ``dumps`` wrote before (the tests compare them over random states of every variant).

A player's view of one state shares its public part with every other seat's: :meth:`TextEncoder.texts` writes the
shared part once and only each seat's own fields per seat (:func:`maumau_rules.views.views_json`).

>>> from maumau_rules import new_game
>>> from maumau_rules.notation import dumps
>>> from maumau_rules.views import view
>>> v = view(new_game("standard", players=3, seed=1), 0)
>>> enc = text_encoder(type(v), "player-view")
>>> enc(v) == dumps(v)
True
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from .cards import Card
from .moves import MOVE_TYPES
from .notation import FORMAT_VERSION, _encoder, _hints, json_text

__all__ = ["TextEncoder", "compact_json", "fast_encoder", "text_encoder"]


_JSON: Final = json_text
"""``json.dumps(data, ensure_ascii=False)`` (the reference the compiled code follows)."""


def _c_chunks() -> Callable[[Any, int], Iterable[str]] | None:
    """The C encoder behind :func:`~maumau_rules.notation.json_text`: the same arguments (no circular-reference
    check, the standard quoting and separators, ``ensure_ascii=False``)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - an interpreter without the C accelerator
        return None
    reference = json.JSONEncoder(ensure_ascii=False)
    chunks: Callable[[Any, int], Iterable[str]] = make(
        None, reference.default, json.encoder.encode_basestring, None, reference.key_separator,
        reference.item_separator, False, False, True)
    return chunks

_CHUNKS: Final[Callable[[Any, int], Iterable[str]] | None] = _c_chunks()
"""The standard library's C encoder of :func:`~maumau_rules.notation.json_text`, made once with the same settings
(``None`` on an interpreter without it): ``"".join(_CHUNKS(data, 0))`` is ``json_text(data)``, with no Python frame
in between."""
_QUOTE: Final[Callable[[str], str]] = json.encoder.encode_basestring
"""A string as JSON text, exactly as the standard encoder writes it with ``ensure_ascii=False``."""
_NONE: Final = type(None)
_TABLE_LIMIT: Final = 4096
"""Most entries a table of JSON texts keeps (cards and enum members are far fewer; moves are bounded by the decks)."""


class _Texts(dict[Any, str]):
    """The JSON text of each value met so far, by value (for cards: one object per card, hashed at C speed), found
    by the data encoder ``encode`` the first time and kept (up to :data:`_TABLE_LIMIT` values of the exact types
    ``kinds``; others are written each time, errors included)."""

    def __init__(self, encode: Callable[[Any], Any], kinds: tuple[type, ...]) -> None:
        super().__init__()
        self._encode = encode
        self._kinds = kinds

    def __missing__(self, value: Any) -> str:
        text = _JSON(self._encode(value))
        if type(value) in self._kinds and len(self) < _TABLE_LIMIT:
            self[value] = text
        return text


class _TextsById:
    """The JSON text of each value met so far, found by the value's identity (enum members and moves hash in Python,
    so a lookup by value costs a call): ``get(id(value))`` is ``(value, text)``, and the entry holds the value, so
    that its ``id`` cannot be reused while the entry lives. A value met the first time goes through :meth:`first`
    (the data encoder ``encode``, then kept for up to :data:`_TABLE_LIMIT` values of the exact types ``kinds``)."""

    def __init__(self, encode: Callable[[Any], Any], kinds: tuple[type, ...]) -> None:
        self._by_id: dict[int, tuple[Any, str]] = {}
        self.get = self._by_id.get
        self._encode = encode
        self._kinds = kinds

    def first(self, value: Any) -> str:
        """The text of ``value``, not (yet) in the table."""
        text = _JSON(self._encode(value))
        if type(value) in self._kinds and len(self._by_id) < _TABLE_LIMIT:
            self._by_id[id(value)] = (value, text)
        return text


class _SeqTexts(dict[tuple[Any, ...], str]):
    """The JSON text of each tuple met lately, by value (a tuple of cards, moves, calls or windows hashes and compares
    its items in C; equal tuples of these items have the same text): a state hands the same tuples to many views
    (its legal moves, its calls and discard pile from state to state while they do not change, a hand that did not
    change). The table is emptied when it reaches :data:`_TABLE_LIMIT` tuples."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[int, tuple[tuple[Any, ...], str]] = {}
        """The texts of tuples of items that hash in Python (moves, calls, windows), by the tuple's identity:
        ``(tuple, text)`` (the entry holds the tuple, so that its ``id`` cannot be reused while the entry lives).
        A lookup by value would cost a call per item; an engine hands the same tuple object to many states (the
        legal moves from its memo, the calls while nobody calls), and a tuple met the first time is written."""

    def keep(self, seq: Any, text: str) -> str:
        """Remember ``text`` for the tuple ``seq`` (anything else is not remembered) and return it."""
        if seq.__class__ is tuple:
            if len(self) >= _TABLE_LIMIT:
                self.clear()
            self[seq] = text
        return text

    def keep_id(self, seq: Any, text: str) -> str:
        """Remember ``text`` for the tuple object ``seq`` (anything else is not remembered) and return it."""
        if seq.__class__ is tuple:
            if len(self.by_id) >= _TABLE_LIMIT:
                self.by_id.clear()
            self.by_id[id(seq)] = (seq, text)
        return text


@functools.cache
def _table(tp: Any) -> Any:
    """The table of JSON texts of the values of type ``tp`` (one per type, shared by every encoder): by value for
    cards, by identity for moves (``"move"``) and enum members."""
    if tp == "move":
        return _TextsById(_encoder(typing.Union[tuple(MOVE_TYPES)]), tuple(MOVE_TYPES))  # noqa: UP007
    if tp is Card:
        return _Texts(_encoder(tp), (tp,))
    return _TextsById(_encoder(tp), (tp,))


class _Source:
    """The compiled encoder's source, growing: the names it calls, and a fresh variable per value."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {"_JSON": _JSON, "_QUOTE": _QUOTE, "_CHUNKS": _CHUNKS, "_JOIN": "".join}
        self.helpers: list[str] = []
        """Functions the compiled code calls (the writing of a tuple met the first time)."""
        self._n = 0

    def name(self, value: Any, hint: str) -> str:
        """A global name of the compiled code bound to ``value``."""
        self._n += 1
        key = f"_{hint}{self._n}"
        self.names[key] = value
        return key

    def var(self) -> str:
        """A fresh local variable."""
        self._n += 1
        return f"v{self._n}"


def _is_moves(tp: Any) -> bool:
    return set(typing.get_args(tp)) - {_NONE} == set(MOVE_TYPES)


_SCALARS: Final = {int: "int", bool: "bool", str: "str"}
"""The field types written straight into the text once their values are seen to be of exactly that type."""


def _field(src: _Source, tp: Any, var: str) -> tuple[str | None, str]:
    """How the compiled code writes a field of declared type ``tp`` held in the local ``var``: a condition under
    which the fast text is exact (``None``: always), and an expression that is its text (for a number, ``var``
    itself: the f-string writes it)."""
    rest = [a for a in typing.get_args(tp) if a is not _NONE]
    optional = typing.get_origin(tp) in (types.UnionType, typing.Union) and len(rest) == 1 and not _is_moves(tp)
    inner = rest[0] if optional else tp
    kind = _SCALARS.get(inner) if isinstance(inner, type) else None
    if kind is None:
        return None, _value(src, tp, var)
    exact = f"{var}.__class__ is {kind}"
    text = {"int": var, "bool": f"('true' if {var} else 'false')", "str": f"_QUOTE({var})"}[kind]
    if not optional:
        return exact, text
    return f"({var} is None or {exact})", f"('null' if {var} is None else {text})"


def _dumps(expr: str) -> str:
    """An expression that is ``json_text(expr)``: the C encoder's chunks joined, without a Python frame."""
    if _CHUNKS is None:  # pragma: no cover - an interpreter without the C accelerator
        return f"_JSON({expr})"
    return f"_JOIN(_CHUNKS({expr}, 0))"


def _value(src: _Source, tp: Any, expr: str) -> str:
    """An expression that is the JSON text of the value ``expr`` (a plain variable or attribute) of declared type
    ``tp``, as the data encoder of :mod:`maumau_rules.notation` and the standard JSON encoder write it, whatever
    the value (one outside its declared type goes through the data encoder and the standard encoder)."""
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        if _is_moves(tp):  # (the data encoder writes None as null for a move union, optional or not)
            return f"('null' if {expr} is None else {_by_id(src, 'move', expr)})"
        rest = [a for a in typing.get_args(tp) if a is not _NONE]
        if len(rest) == 1:
            return f"('null' if {expr} is None else {_value(src, rest[0], expr)})"
    elif origin is tuple:
        (inner, _ellipsis) = typing.get_args(tp)
        if inner is int:  # (most such tuples are made anew for each view: written each time)
            return _items(src, inner, expr)
        table = _SeqTexts()
        helper = src.var()
        if inner is Card:  # (cards hash by identity, in C: a lookup by value costs no call)
            got, keep = src.name(table.get, "seen"), src.name(table.keep, "keep")
            src.helpers.append(f"def {helper}(x):\n    return {keep}(x, {_items(src, inner, 'x')})\n")
            return f"(({got}({expr}) or {helper}({expr})) if {expr}.__class__ is tuple else {helper}({expr}))"
        got, keep, entry = src.name(table.by_id.get, "seen_id"), src.name(table.keep_id, "keep_id"), src.var()
        src.helpers.append(f"def {helper}(x):\n    return {keep}(x, {_items(src, inner, 'x')})\n")
        return f"({entry}[1] if ({entry} := {got}(id({expr}))) is not None and {entry}[0] is {expr} else {helper}({expr}))"
    elif tp is int:
        return f"(str({expr}) if {expr}.__class__ is int else {_dumps(expr)})"
    elif tp is bool:
        return f"('true' if {expr} is True else 'false' if {expr} is False else {_dumps(expr)})"
    elif tp is str:
        return f"(_QUOTE({expr}) if {expr}.__class__ is str else {_dumps(expr)})"
    elif tp is Card:
        return f"{src.name(_table(Card), 'cards')}[{expr}]"
    elif isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _by_id(src, tp, expr)
    elif isinstance(tp, type) and attrs.has(tp) and not _is_opaque(tp):  # a value type inside a document
        return f"{src.name(text_encoder(tp, None), 'nested')}({expr})"
    return _dumps(f"{src.name(_encoder(tp), 'data')}({expr})")  # anything else: the data encoder, then the text


def _items(src: _Source, inner: Any, expr: str) -> str:
    """An expression that is the JSON text of the sequence ``expr`` of values of type ``inner`` (a JSON list)."""
    if inner is Card:
        return f"('[' + ', '.join(map({src.name(_table(Card), 'cards')}.__getitem__, {expr})) + ']')"
    if inner is int:  # (the standard encoder, made once: faster than joining the numbers here)
        return f"(('[]' if not {expr} else {_dumps(expr)}) if {expr}.__class__ is tuple else {_dumps(f'list({expr})')})"
    item = src.var()
    return f"('[' + ', '.join([{_value(src, inner, item)} for {item} in {expr}]) + ']')"


def _by_id(src: _Source, tp: Any, expr: str) -> str:
    """The text of ``expr`` from the identity table of ``tp`` (:class:`_TextsById`)."""
    table = _table(tp)
    got, first, entry = src.name(table.get, "get"), src.name(table.first, "first"), src.var()
    return f"({entry}[1] if ({entry} := {got}(id({expr}))) is not None and {entry}[0] is {expr} else {first}({expr}))"


def _is_opaque(tp: type) -> bool:
    """Whether the data encoder writes ``tp`` its own way (not field by field): a variant, a window."""
    from .state import Window
    from .variants import Variant

    return tp is Variant or tp is Window


class TextEncoder:
    """The JSON text of the values of one attrs class, compiled once from its fields' declared types.

    ``encoder(value)`` equals ``json.dumps({"type": tag, "version": 1, **fields}, ensure_ascii=False)`` where the
    fields are those :func:`~maumau_rules.notation.to_json` writes (without ``tag``: only the fields, as a value
    nested in a document). :meth:`texts` writes several values that share every field but the last ``private``
    ones, the shared part once.

    >>> from maumau_rules import Verdict
    >>> text_encoder(Verdict, None)(Verdict.accept())
    '{"ok": true, "reason": "ok", "rule_id": "", "message": "legal"}'
    """

    def __init__(self, cls: type, tag: str | None, private: Sequence[str] = ()) -> None:
        hints = _hints(cls)
        names = list(hints)
        if list(private) != names[len(names) - len(private):]:
            raise TypeError(f"the private fields {list(private)} of {cls.__name__} are not its last fields")
        src = _Source()
        lead = _QUOTE("type") + ": " + _QUOTE(tag) + ", " + _QUOTE("version") + f": {FORMAT_VERSION}" \
            if tag is not None else ""
        shared = len(names) - len(private)
        self.cls = cls
        """The class written."""
        self.tag = tag
        """The document's ``"type"`` (``None``: a nested value, without ``type`` and ``version``)."""
        self.source = _compile_source(src, hints, lead, shared)
        """The compiled code (for the curious, and for the tests)."""
        namespace: dict[str, Any] = dict(src.names)
        exec(compile(self.source, f"<json text of {cls.__qualname__}>", "exec"), namespace)
        self._whole: Callable[[Any], str] = namespace["whole"]
        self._head: Callable[[Any], str] = namespace["head"]
        self._tail: Callable[[Any, str], str] = namespace["tail"]
        self._head_of: Callable[..., str] = namespace["head_of"]
        self._tail_of: Callable[..., str] = namespace["tail_of"]
        self.shared = tuple(names[:shared])
        """The shared fields, in their declared order: the arguments of the first of :attr:`writers`."""
        self.private = tuple(names[shared:])
        """The private fields, in their declared order: the arguments of the second of :attr:`writers` (after the
        head's text)."""

    def __call__(self, value: Any) -> str:
        """The JSON text of ``value`` (an instance of :attr:`cls`).

        >>> from maumau_rules import Verdict
        >>> text_encoder(Verdict, "verdict")(Verdict.accept())[:35]
        '{"type": "verdict", "version": 1, "'
        """
        return self._whole(value)

    @property
    def halves(self) -> tuple[Callable[[Any], str], Callable[[Any, str], str]]:
        """The two halves of :meth:`texts`: ``head(value)``, the opening and the shared fields of ``value`` with the
        separator after them, and ``tail(value, head)``, the text ``head`` followed by ``value``'s private fields
        and the closing brace. ``head`` reads only the shared fields and ``tail`` only the private ones, so each may
        be given an object that holds just those (what :func:`~maumau_rules.views.views_json` does).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.notation import dumps
        >>> from maumau_rules.views import views
        >>> v = views(new_game("standard", players=3, seed=1))[2]
        >>> head, tail = text_encoder(type(v), "player-view", ("seat", "hand", "drawn", "legal_moves")).halves
        >>> tail(v, head(v)) == dumps(v)
        True
        """
        return self._head, self._tail

    @property
    def writers(self) -> tuple[Callable[..., str], Callable[..., str]]:
        """The two halves of :attr:`halves` given the fields' values instead of an object: ``head_of(*shared)``,
        the values of the fields :attr:`shared` in that order, and ``tail_of(head, *private)``, those of
        :attr:`private` after the text ``head`` (no object to make, no attribute to read: what
        :func:`~maumau_rules.views.views_json` calls once per state and once per seat).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.notation import dumps
        >>> from maumau_rules.views import view
        >>> v = view(new_game("standard", players=3, seed=1), 1)
        >>> enc = text_encoder(type(v), "player-view", ("seat", "hand", "drawn", "legal_moves"))
        >>> head_of, tail_of = enc.writers
        >>> head = head_of(*(getattr(v, name) for name in enc.shared))
        >>> tail_of(head, *(getattr(v, name) for name in enc.private)) == dumps(v)
        True
        """
        return self._head_of, self._tail_of

    def texts(self, values: Iterable[Any]) -> list[str]:
        """The JSON text of each of ``values``, which all hold the same values in every field but the private ones
        (the views of one state for every seat): the shared fields are written once, from the first value.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.notation import dumps
        >>> from maumau_rules.views import views
        >>> vs = views(new_game("standard", players=3, seed=1))
        >>> enc = text_encoder(type(vs[0]), "player-view", ("seat", "hand", "drawn", "legal_moves"))
        >>> enc.texts(vs) == [dumps(v) for v in vs]
        True
        """
        items = list(values)
        if not items:
            return []
        head = self._head(items[0])
        tail = self._tail
        return [tail(v, head) for v in items]


def _compile_source(src: _Source, hints: dict[str, Any], lead: str, shared: int) -> str:
    """The source of ``whole(o)`` (the text of ``o``), ``head(o)`` (``lead`` and the first ``shared`` fields, with
    the separator after them) and ``tail(o, h)`` (the text ``h``, then the other fields and the closing brace); and
    ``head_of(x0, x1, ...)`` and ``tail_of(h, x0, ...)``, the same two halves given the fields' values in their
    declared order instead of an object that holds them.

    Each function reads every field once, checks that the numbers, flags and text among them are of exactly their
    declared types, and then writes the whole text with one f-string; otherwise (a value outside its type) it hands
    the value to the reference writer (:func:`_reference`)."""
    names = list(hints)

    def function(name: str, fields: list[str], opening: str, closing: str, after: bool = False,
                 values: bool = False) -> str:
        """The function ``name(o)`` (with ``after``: ``name(o, h)``, its text written after the text ``h``; with
        ``values``: the fields' values as the arguments instead of ``o``)."""
        params = [f"x{i}" for i in range(len(fields))] if values else ["o"]
        params = (["h", *params] if values else [*params, "h"]) if after else params
        lines = [f"def {name}({', '.join(params)}):"]
        guards: list[str] = []
        texts: list[str] = []
        body: list[str] = []
        for i, field in enumerate(fields):
            var = f"x{i}"
            if not values:
                lines.append(f"    {var} = o.{field}")
            guard, text = _field(src, hints[field], var)
            if guard is not None:
                guards.append(guard)
            if text != var:
                body.append(f"        t{i} = {text}")
                text = f"t{i}"
            texts.append(("" if i == 0 else ", ") + _QUOTE(field) + ": {" + text + "}")
        fstring = "f'''" + ("{h}" if after else "") + _fstring(opening, texts, closing) + "'''"
        indent = "    "
        if guards:
            lines.append(f"    if {' and '.join(guards)}:")
            indent = "        "
        lines += [line if guards else line[4:] for line in body]
        lines.append(f"{indent}return {fstring}")
        if guards:
            reference = src.name(_reference(hints, fields, opening, closing), "reference")
            loaded = "".join(f"x{i}, " for i in range(len(fields)))
            lines.append(f"    return h + {reference}(({loaded}))" if after else f"    return {reference}(({loaded}))")
        return "\n".join(lines) + "\n"

    head_fields, tail_fields = names[:shared], names[shared:]
    opening = "{" + lead
    between = ", " if (lead or head_fields) and tail_fields else ""
    functions = [function("whole", names, opening + (", " if lead and names else ""), "}"),
                 function("head", head_fields, opening + (", " if lead and head_fields else ""), between),
                 function("tail", tail_fields, "", "}", after=True),
                 function("head_of", head_fields, opening + (", " if lead and head_fields else ""), between,
                          values=True),
                 function("tail_of", tail_fields, "", "}", after=True, values=True)]
    return "".join([*src.helpers, *functions])


def _brace(text: str) -> str:
    """Literal text for an f-string: braces doubled."""
    return text.replace("{", "{{").replace("}", "}}")


def _fstring(opening: str, items: list[str], closing: str) -> str:
    """The inside of the f-string: the literal parts with their braces doubled, the ``{expression}`` parts as they are."""
    out = [_brace(opening)]
    for item in items:
        head, _, rest = item.partition(": {")
        out.append(_brace(head) + ": {" + rest)
    out.append(_brace(closing))
    text = "".join(out)
    if "\\" in text or "'''" in text:  # pragma: no cover - field names are identifiers
        raise TypeError(f"cannot compile a JSON writer for the text {text!r}")
    return text


def _reference(hints: dict[str, Any], fields: list[str], opening: str, closing: str
               ) -> Callable[[tuple[Any, ...]], str]:
    """The reference writer of ``fields`` between ``opening`` and ``closing``, given their values in that order:
    each field's data by the data encoder of :mod:`maumau_rules.notation`, written by the standard encoder
    (``json_text({name: data})`` without its braces is exactly that field's part of the object's text)."""
    encoders = [(field, _encoder(hints[field])) for field in fields]

    def write(values: tuple[Any, ...]) -> str:
        return opening + ", ".join(_JSON({field: enc(value)})[1:-1]
                                   for (field, enc), value in zip(encoders, values, strict=True)) + closing

    return write


_ENCODERS: dict[tuple[type, str | None, tuple[str, ...]], TextEncoder] = {}
"""Every encoder compiled so far (one per class, tag and private fields: a bounded set, the library's classes)."""


def text_encoder(cls: type, tag: str | None, private: tuple[str, ...] = ()) -> TextEncoder:
    """The compiled JSON text encoder of ``cls`` (made once per class, tag and private fields).

    Args:
        cls: an attrs value class that :mod:`maumau_rules.notation` writes field by field.
        tag: the document's ``"type"``, or ``None`` for a value nested in a document.
        private: the last fields of ``cls`` that differ between the values :meth:`TextEncoder.texts` writes.

    Raises:
        TypeError: ``private`` are not the last fields of ``cls``.

    >>> from maumau_rules import Verdict
    >>> text_encoder(Verdict, None) is text_encoder(Verdict, None)
    True
    >>> text_encoder(Verdict, None, ("ok",))
    Traceback (most recent call last):
    ...
    TypeError: the private fields ['ok'] of Verdict are not its last fields
    """
    key = (cls, tag, tuple(private))
    found = _ENCODERS.get(key)
    if found is None:
        found = _ENCODERS[key] = TextEncoder(cls, tag, private)
    return found


# ====================================================================== compact JSON (the optional fast encoder)

_COMPACT: Final[Callable[[Any], str]] = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode
"""``json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))``, the encoder made once."""
_SMALL_FLOATS: Final = (b"e-", b"0.0000")
"""What orjson's text holds where it may have written a float otherwise than the standard encoder: a float under
1e-4 in size, which the standard encoder writes with an exponent (``1e-05``, ``2.5e-05``, ``1e-07``) and orjson as
``1e-5``, ``0.000025``, ``1e-7``. Such a text is written again by the standard encoder (a false alarm, a string
that holds one of these, costs only the time)."""
_ORJSON_OPTIONS: Final = ("OPT_PASSTHROUGH_DATACLASS", "OPT_PASSTHROUGH_DATETIME", "OPT_PASSTHROUGH_SUBCLASS")
"""orjson's options that make it refuse, as the standard encoder does, what is not JSON data (a dataclass, a date)
or is written by its class's own rules (a subclass of text, of a number, of a dict or a list)."""
_FAST: list[Callable[[Any], bytes] | None] = []
"""orjson's encoder with :data:`_ORJSON_OPTIONS`, or ``None`` when orjson is not installed (found on first use)."""


def fast_encoder() -> str | None:
    """The name of the fast JSON encoder :func:`compact_json` uses (``"orjson"``, installed by the ``fastjson``
    extra), or ``None`` when it is not installed (the standard library's encoder writes every text then).

    >>> fast_encoder() in ("orjson", None)
    True
    """
    return None if _fast() is None else "orjson"


def _fast() -> Callable[[Any], bytes] | None:
    if not _FAST:
        try:
            import orjson
        except ImportError:
            _FAST.append(None)
        else:
            option = 0
            for name in _ORJSON_OPTIONS:
                option |= getattr(orjson, name)
            _FAST.append(functools.partial(orjson.dumps, option=option))
    return _FAST[0]


def compact_json(data: Any, *, fast: bool | None = None) -> bytes:
    """The compact JSON text of JSON data as UTF-8: ``json.dumps(data, ensure_ascii=False, allow_nan=False,
    separators=(",", ":")).encode()``, the bytes an HTTP server sends (what starlette's ``JSONResponse`` writes).

    With orjson installed (the ``fastjson`` extra: ``pip install "maumau-rules[fastjson]"``) it writes the text,
    about six times as fast for a game record (``bench/run.py --only server``; about as fast as the standard
    encoder for data the size of one view); the bytes are the same. Whatever orjson would write otherwise
    goes through the standard encoder: an integer beyond 64 bits, a key that is not text, a subclass of text or of
    a number, a float under 1e-4 in size (``1e-07``, ``2.5e-05``), nesting deeper than 254. One documented difference:
    a NaN or an infinite float, which the standard encoder refuses (``ValueError``), orjson writes as ``null``; as it
    writes an enum member or a UUID, which the standard encoder refuses (``TypeError``). The library's JSON data
    holds neither.

    Args:
        data: JSON data (dicts with text keys, lists, tuples, text, numbers, flags, ``None``).
        fast: ``None``: orjson when it is installed; ``False``: the standard encoder; ``True``: orjson.

    Raises:
        ImportError: ``fast=True`` and orjson is not installed.
        TypeError: ``data`` holds a value that is not JSON data.
        ValueError: ``data`` holds a NaN or an infinite float (the standard encoder).

    >>> compact_json({"card": "7♥", "cards": (1, 2), "ok": True, "none": None, "x": 1e-07}, fast=False)
    b'{"card":"7\\xe2\\x99\\xa5","cards":[1,2],"ok":true,"none":null,"x":1e-07}'
    >>> compact_json({"card": "7♥", "big": 2 ** 70, 1: "one"}) == compact_json({"card": "7♥", "big": 2 ** 70, 1: "one"}, fast=False)
    True
    """
    if fast is not False:
        dumps = _fast()
        if dumps is not None:
            try:
                out = dumps(data)
            except TypeError:  # (orjson.JSONEncodeError is a TypeError): what it does not write, the standard may
                pass
            else:
                if _SMALL_FLOATS[0] not in out and _SMALL_FLOATS[1] not in out:
                    return out
        elif fast:
            raise ImportError('compact_json(fast=True) needs orjson: pip install "maumau-rules[fastjson]"')
    return _COMPACT(data).encode()
