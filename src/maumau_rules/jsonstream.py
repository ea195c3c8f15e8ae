"""JSON values from a text that arrives in pieces, with a limit on each value enforced while reading.

Two framings:

* **JSON Lines**: one JSON value per line; a line that is not JSON is yielded as a :class:`BadLine` and reading
  goes on with the next line;
* **documents**: one or more JSON values one after another (a single pretty-printed record, a list, a
  ``{"type": "records", ..., "records": [...]}`` document). The elements of a top-level list, and of the list under
  ``container`` in a top-level object, are yielded one at a time, so a document far larger than the limit is read
  in bounded memory. A syntax error ends the reading (there is no next line to go on with).

With ``jsonl=None`` the framing is detected: a text whose first line is a complete JSON object (and not a container)
is JSON Lines. No value, blank run or line may be longer than ``limit`` characters: the reader holds at most about
that much text (plus one piece) and refuses a longer value as soon as it has read ``limit`` characters of it, so
an endless stream without a line break costs bounded memory and stops. This module does no I/O: the caller hands
it the text, or an iterable of pieces (``str``, or ``bytes`` of UTF-8 that may split characters).

>>> list(json_values(['{"a": 1}\\n{"a"', ': 2}\\n']))
[{'a': 1}, {'a': 2}]
>>> list(json_values('{"type": "records", "version": 1, "records": [{"n": 1}, {"n": 2}]}'))
[{'n': 1}, {'n': 2}]
>>> list(json_values(["[1, ", "2]"], limit=100))
[1, 2]
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from .errors import ArgumentError, ArgumentTypeError, NotationError, shown
from .i18n import gettext as _

__all__ = ["DEFAULT_LIMIT", "BadLine", "StreamError", "json_values"]

DEFAULT_LIMIT: Final = 5_000_000
"""Longest value (characters) accepted by default; the records module passes its own limit."""

_PIECE: Final = 1 << 16
"""Characters read ahead at least when a value is not complete in the buffer."""
_DECODER: Final = json.JSONDecoder()
_NON_BLANK: Final = re.compile(r"[^ \t\n\r]")
_RECORD_HEAD: Final = re.compile(r'\{\s*"type"\s*:\s*"(?:record|match-record)"')
"""A top-level object that starts like a game or match record: decoded whole, without looking at its keys."""
_HEAD_SPAN: Final = 64


class StreamError(NotationError):
    """The text cannot be read on: not UTF-8, not JSON where a value should be, or longer than a limit.

    ``kind`` is ``"utf8"``, ``"json"``, ``"nested"``, ``"too_long"`` or ``"too_many"``; ``index`` counts the values
    yielded before the problem; ``line`` and ``column`` (1-based, ``None`` when unknown) locate it; ``problem`` is
    the short reason without any of the text.

    >>> e = StreamError("x", kind="json", index=2, line=3, column=4, problem="Expecting value")
    >>> (e.kind, e.index, e.line, e.column, e.problem, str(e))
    ('json', 2, 3, 4, 'Expecting value', 'x')
    """

    def __init__(self, message: str, *, kind: str, index: int, line: int | None = None, column: int | None = None,
                 problem: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.index = index
        self.line = line
        self.column = column
        self.problem = problem or message


@attrs.frozen
class BadLine:
    """A line of JSON Lines that is not JSON: the reader yields this in its place and goes on with the next line.

    >>> BadLine("line 2 is not valid JSON: Expecting value (column 1)", line=2).line
    2
    """

    message: str
    """Why, with the line number and a short quote of the line."""
    line: int
    """The line number (1-based)."""


def _quote(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "..."


class _Reader:
    """A window on the text: ``buf[pos:]`` is what has been read and not yet consumed."""

    def __init__(self, pieces: Iterator[Any], limit: int, name: str, item: str) -> None:
        self._pieces = pieces
        self.item = item
        self._utf8 = codecs.getincrementaldecoder("utf-8")()
        self.limit = limit
        self.name = name
        self.eof = False
        self.buf = ""
        self.pos = 0
        self.base = 0
        """Characters dropped before ``buf[0]``."""
        self.lines = 0
        """Line breaks dropped before ``buf[0]``."""
        self.col0 = 0
        """Characters after the last dropped line break, before ``buf[0]``."""
        self.count = 0
        """Values yielded so far."""
        self._bad: UnicodeDecodeError | None = None
        """Bytes that are not UTF-8, found after the text handed out so far."""

    # ------------------------------------------------------------ reading

    def _next_piece(self) -> str:
        """The next non-empty piece of text, or ``""`` at the end."""
        if self.eof:
            return ""
        if self._bad is not None:  # the text before the bad bytes was handed out: now say why reading stops
            raise self._utf8_error(self._bad)
        for piece in self._pieces:
            if type(piece) is str:
                text = piece
            elif isinstance(piece, bytes | bytearray | memoryview):
                try:
                    text = self._utf8.decode(piece)
                except UnicodeDecodeError as exc:
                    # Hand out the valid text before the bad bytes first (its records are read), then stop.
                    self._bad = exc
                    text = bytes(exc.object[:exc.start]).decode("utf-8", "ignore")
                    if not text:
                        raise self._utf8_error(exc) from None
            else:
                raise ArgumentTypeError(_("a piece of {name} must be str or bytes, got {piece}")
                    .format(name=self.name, piece=shown(piece)))
            if text:
                return text
        try:
            tail = self._utf8.decode(b"", final=True)
        except UnicodeDecodeError as exc:
            raise self._utf8_error(exc) from None
        self.eof = True
        return tail

    def _utf8_error(self, exc: UnicodeDecodeError) -> StreamError:
        line, _column = self.where(len(self.buf))
        return StreamError(_("{name} is not UTF-8 text (after line {line}): {reason} (byte {value})")
                           .format(name=self.name, line=line, reason=exc.reason,
                                   value=repr(exc.object[exc.start:exc.start + 1])), kind="utf8", index=self.count,
                           line=line, problem=f"not UTF-8: {exc.reason}")

    def _drop(self) -> None:
        """Forget the consumed text ``buf[:pos]`` (keeping the line and column count)."""
        pos = self.pos
        if pos:
            breaks = self.buf.count("\n", 0, pos)
            if breaks:
                self.lines += breaks
                self.col0 = pos - self.buf.rfind("\n", 0, pos) - 1
            else:
                self.col0 += pos
            self.base += pos
            self.buf = self.buf[pos:]
            self.pos = 0

    def fill(self) -> None:
        """Read ahead: at least one more piece, and enough to double the unconsumed text (geometric growth, so a
        value decoded again after each read costs linear time); refuse when the unconsumed text would pass the
        limit. Sets ``eof`` at the end of the text."""
        self._drop()
        have = len(self.buf)
        if have > self.limit:
            raise self.too_long()
        want = min(max(2 * have, have + _PIECE), self.limit + 1)
        parts = [self.buf]
        size = have
        while size < want:
            piece = self._next_piece()  # (raises for bad bytes found before: more text was needed)
            if not piece:
                break
            parts.append(piece)
            size += len(piece)
            if self._bad is not None:  # the text before bad bytes: read what it holds first
                break
        self.buf = "".join(parts) if len(parts) > 1 else self.buf

    def peek(self) -> str:
        """Skip blanks and return the next character (``""`` at the end); a blank run counts against the limit."""
        blank = 0
        while True:
            m = _NON_BLANK.search(self.buf, self.pos)
            if m is not None:
                if blank + m.start() - self.pos > self.limit:
                    raise self.too_long()
                self.pos = m.start()
                return self.buf[self.pos]
            blank += len(self.buf) - self.pos
            self.pos = len(self.buf)
            if blank > self.limit:
                raise self.too_long()
            self._drop()
            piece = self._next_piece()
            if not piece:
                return ""
            self.buf = piece

    def ensure(self, n: int) -> None:
        """Make at least ``n`` unconsumed characters available, unless the text ends first."""
        while len(self.buf) - self.pos < n and not self.eof:
            self.fill()

    # ------------------------------------------------------------ errors

    def where(self, i: int) -> tuple[int, int]:
        """Line and column (1-based) of ``buf[i]``."""
        breaks = self.buf.count("\n", 0, i)
        if breaks:
            return self.lines + breaks + 1, i - self.buf.rfind("\n", 0, i)
        return self.lines + 1, self.col0 + i + 1

    def too_long(self) -> StreamError:
        line, _column = self.where(self.pos)
        return StreamError(_("{name} is longer than {limit} characters at {item} {count} (line {line}) without ending "
                              "it: too large (limit {limit} characters per {item})").format(name=self.name,
                                                                                            limit=self.limit,
                                                                                            item=self.item,
                                                                                            count=self.count,
                                                                                            line=line),
                           kind="too_long", index=self.count, line=line,
                           problem=f"a value longer than {self.limit} characters")

    def syntax(self, problem: str, i: int) -> StreamError:
        line, column = self.where(i)
        return StreamError(_("{name} is not valid JSON at {item} {count}: {problem} (line {line}, column {column}) "
                              "near {value}").format(name=self.name, item=self.item, count=self.count, problem=problem,
                                                     line=line, column=column,
                                                     value=_quote(self.buf[i:i + 40])),
                           kind="json", index=self.count, line=line, column=column, problem=problem)

    # ------------------------------------------------------------ values

    def value(self) -> Any:
        """Decode the JSON value at ``pos`` (reading ahead as needed) and move past it."""
        while True:
            start = self.pos
            try:
                obj, end = _DECODER.raw_decode(self.buf, start)
            except json.JSONDecodeError as exc:
                truncated = exc.pos >= len(self.buf) - 8 or exc.msg.startswith("Unterminated string")
                if truncated and not self.eof:
                    self.fill()
                    continue
                raise self.syntax(exc.msg, exc.pos) from None
            except RecursionError:
                line, column = self.where(start)
                raise StreamError(_("{name} is nested too deeply at {item} {count} (line {line})")
                                  .format(name=self.name, item=self.item, count=self.count, line=line),
                                  kind="nested", index=self.count, line=line, column=column,
                                  problem="nested too deeply") from None
            except ValueError as exc:  # an integer with too many digits
                raise self.syntax(str(exc), start) from None
            if end > len(self.buf) - 3 and not self.eof and type(obj) is not dict and type(obj) is not list:
                self.fill()  # a number near the end of the window may go on in the next piece ("1.5" | "e3")
                continue
            if end - start > self.limit:
                raise self.too_long()
            self.pos = end
            return obj

    def array(self) -> Iterator[Any]:
        """The elements of the list at ``pos``, one at a time."""
        self.pos += 1
        c = self.peek()
        if c == "]":
            self.pos += 1
            return
        while True:
            if not c:
                raise self.syntax("the text ends inside a list", self.pos)
            yield self.value()
            c = self.peek()
            if c == ",":
                self.pos += 1
                c = self.peek()
                continue
            if c == "]":
                self.pos += 1
                return
            raise self.syntax("Expecting ',' delimiter", self.pos)

    def obj(self, container: str, check: Callable[[Mapping[str, Any], bool], bool]) -> Iterator[Any]:
        """The object at ``pos``: the elements of its list under ``container`` one at a time (when ``check`` agrees
        that it is a container), else the whole object as one value."""
        start = self.base + self.pos
        outside = 0
        self.pos += 1
        fields: dict[str, Any] = {}
        streamed = False
        c = self.peek()
        if c == "}":
            self.pos += 1
            yield fields
            return
        while True:
            if c != '"':
                raise self.syntax("Expecting property name enclosed in double quotes" if c else
                                  "the text ends inside an object", self.pos)
            here = self.base + self.pos
            key = self.value()
            if self.peek() != ":":
                raise self.syntax("Expecting ':' delimiter", self.pos)
            self.pos += 1
            c = self.peek()
            if key == container and c == "[" and not streamed and check(fields, False):
                streamed = True
                yield from self.array()
            else:
                fields[key] = self.value()
                outside += self.base + self.pos - here
                if outside > self.limit or (not streamed and self.base + self.pos - start > self.limit):
                    raise self.too_long()
            c = self.peek()
            if c == ",":
                self.pos += 1
                c = self.peek()
                continue
            if c == "}":
                self.pos += 1
                break
            raise self.syntax("Expecting ',' delimiter" if c else "the text ends inside an object", self.pos)
        if streamed:
            check(fields, True)
        else:
            yield fields

    # ------------------------------------------------------------ framings

    def documents(self, container: str, check: Callable[[Mapping[str, Any], bool], bool]) -> Iterator[Any]:
        """Every top-level value, the elements of top-level lists and containers one at a time."""
        while True:
            c = self.peek()
            if not c:
                return
            if c == "[":
                yield from self.array()
                continue
            if c == "{":
                self.ensure(_HEAD_SPAN)
                if _RECORD_HEAD.match(self.buf, self.pos) is None:
                    yield from self.obj(container, check)
                    continue
            yield self.value()

    def json_lines(self) -> Iterator[Any]:
        """The value of every non-blank line (a :class:`BadLine` for a line that is not JSON)."""
        while True:
            if not self.peek():
                return
            nl = self.buf.find("\n", self.pos)
            while nl < 0 and not self.eof:
                if len(self.buf) - self.pos > self.limit:
                    raise self.too_long()
                seen = len(self.buf) - self.pos
                self.fill()
                nl = self.buf.find("\n", self.pos + seen)
            end = nl if nl >= 0 else len(self.buf)
            if end - self.pos > self.limit:
                raise self.too_long()
            line = self.buf[self.pos:end]
            try:
                value = json.loads(line)
            except RecursionError:
                value = BadLine(f"line {self.where(self.pos)[0]} is nested too deeply", self.where(self.pos)[0])
            except ValueError as exc:
                where = self.where(self.pos)[0]
                problem = f"{exc.msg} (column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else str(exc)
                value = BadLine(f"line {where} is not valid JSON: {problem}: {_quote(line)}", where)
            self.pos = end
            yield value

    def first_line_is_a_value(self, container: str, check: Callable[[Mapping[str, Any], bool], bool]) -> bool:
        """Whether the text looks like JSON Lines: its first line (within the limit) is a whole JSON object that is
        not a container. Reads ahead, consumes nothing."""
        if self.peek() != "{":
            return False
        self.ensure(_HEAD_SPAN)
        if re.match(r'\{\s*"type"\s*:\s*' + re.escape(json.dumps(container)), self.buf[self.pos:self.pos + _HEAD_SPAN]):
            return False  # a container, as dumps_records writes it: no need to read its (maybe huge) first line
        nl = self.buf.find("\n", self.pos)
        while nl < 0 and not self.eof and len(self.buf) - self.pos <= self.limit:
            seen = len(self.buf) - self.pos
            self.fill()
            nl = self.buf.find("\n", self.pos + seen)
        if nl < 0 and not self.eof:
            return False  # a first line longer than the limit: a document (a huge "records" list)
        try:
            first = json.loads(self.buf[self.pos:nl if nl >= 0 else len(self.buf)])
            return type(first) is dict and not (type(first.get(container)) is list and check(first, False))
        except (RecursionError, ValueError):  # (a NotationError from check too: the documents framing says why)
            return False


def _always(_fields: Mapping[str, Any], _done: bool) -> bool:
    return True


def json_values(source: str | bytes | Iterable[str | bytes], *, jsonl: bool | None = None,
                limit: int = DEFAULT_LIMIT, name: str = "the text", item: str = "value", container: str = "records",
                check: Callable[[Mapping[str, Any], bool], bool] = _always) -> Iterator[Any]:
    """The JSON values of ``source``, one at a time (see the module's description of the framings).

    Args:
        source: the whole text (``str`` or UTF-8 ``bytes``), or an iterable of pieces of it in order. Not a file
            object: iterating one reads whole lines, however long; pass ``iter(lambda: fh.read(65536), b"")``.
        jsonl: ``True`` for JSON Lines, ``False`` for documents, ``None`` to detect from the first line.
        limit: the longest value, line or blank run, in characters (enforced while reading).
        name: what the text is, for messages (``"standard input"``).
        item: what a value is, for messages (``"record"``).
        container: the key of a top-level object whose list is streamed element by element.
        check: ``check(fields, done)`` is called with the object's other fields when ``container`` is met
            (``done=False``; return whether to stream it) and at the end of a streamed object (``done=True``); it
            may raise :class:`~maumau_rules.errors.NotationError` for a container it refuses.

    Raises:
        StreamError: not UTF-8, not JSON (documents), nested too deeply, or a value longer than ``limit``.
        NotationError: what ``check`` raises.

    >>> good, bad = json_values(b'{"a": 1}\\n{"a": 2', jsonl=True)
    >>> good, bad.message
    ({'a': 1}, 'line 2 is not valid JSON: Expecting \\',\\' delimiter (column 8): \\'{"a": 2\\'')
    >>> import itertools
    >>> list(json_values(itertools.chain(['{"a": "'], itertools.repeat("x")), limit=1000))  # a line without end
    Traceback (most recent call last):
    ...
    maumau_rules.jsonstream.StreamError: the text is longer than 1000 characters at value 0 (line 1) without ending it: ...
    """
    if type(limit) is not int or limit < 1:
        raise ArgumentError(_("limit {limit} must be a positive whole number of characters").format(limit=shown(limit)))
    if jsonl is not None and type(jsonl) is not bool:
        raise ArgumentTypeError(_("jsonl {jsonl} must be True, False or None").format(jsonl=shown(jsonl)))
    if isinstance(source, str | bytes | bytearray | memoryview):
        pieces: Iterator[Any] = iter((source,))
    elif hasattr(source, "read"):
        raise ArgumentTypeError(_("{source} is a file object: pass its pieces, e.g. iter(lambda: fh.read(65536), "
                                  "b''), so that long lines stay bounded").format(source=shown(source)))
    elif isinstance(source, Iterable):
        pieces = iter(source)
    else:
        raise ArgumentTypeError(_("{source} is neither text nor an iterable of pieces of text")
            .format(source=shown(source)))
    return _values(_Reader(pieces, limit, name, item), jsonl, container, check)


def _values(reader: _Reader, jsonl: bool | None, container: str,
            check: Callable[[Mapping[str, Any], bool], bool]) -> Iterator[Any]:
    if jsonl is None:
        if not reader.peek():
            raise reader.syntax("Expecting value", reader.pos)  # no JSON at all
        jsonl = reader.first_line_is_a_value(container, check)
    values = reader.json_lines() if jsonl else reader.documents(container, check)
    for value in values:
        yield value
        reader.count += 1
