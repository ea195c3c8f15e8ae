"""Command-line tools for game records: ``maumau validate`` and ``maumau replay`` (the only I/O on records).

The main CLI wires these in with :func:`add_subcommands`; this module also runs on its own::

    python -m maumau_rules.cli_records validate games/*.json [--json] [--strict]
    python -m maumau_rules.cli_records replay game.json [--index N] [--hands] [--step]

``validate`` prints ``OK`` or the first violation of every record (step, reason code, rule ID,
message); ``--json`` prints one machine-readable document instead. Exit codes are those of
:class:`~maumau_rules.exitcodes.ExitCode`: 0 all valid, 1 a record is invalid, 2 a usage error, 3 a file that
cannot be used (missing, unreadable, not JSON). Problems with files go to standard error.

Files are read as streams, one record at a time (:func:`~maumau_rules.records.iter_validate_records`): a file of
any number of records, in JSON Lines (``.jsonl``, one record per line) or any shape the library writes, is
checked in memory bounded by the longest record (:data:`~maumau_rules.records.MAX_RECORD_TEXT` characters),
and each record's report is printed as soon as it is checked.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="maumau")
>>> add_subcommands(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["validate", "a.json", "--json"])
>>> args.func.__name__, args.records, args.json
('cmd_validate', ['a.json'], True)
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, BinaryIO, Final, TextIO

from .errors import ArgumentError, MauMauError, VariantError, shown
from .exitcodes import ExitCode, describe_exit_codes
from .fairness import FairnessError
from .families import family_of
from .i18n import N_, ngettext, translate_message
from .i18n import gettext as _
from .records import (
    INVALID_RECORD,
    MAX_RECORD_TEXT,
    GameRecord,
    MatchRecord,
    RecordReport,
    RecordStreamError,
    ReplayError,
    dumps_record,
    iter_records,
    iter_validate_records,
    record_lines,
    replay,
    replay_match,
)
from .variants import Variant, find_variant, load_variant
from .verify import verify_record, view_family

__all__ = ["JSONL_SUFFIXES", "MAX_RECORD_FILE_BYTES", "FileProblem", "add_subcommands", "cmd_replay", "cmd_validate",
           "cmd_verify", "iter_record_file", "main", "parse_args", "read_chunks", "read_json_file", "read_limited",
           "read_record_file", "replay_error_text", "rules_hint", "save_record", "save_records"]


def load_rules_file(path: str) -> ModuleType:
    """Run a Python file that defines house rules (rule classes registered with
    :func:`~maumau_rules.rules.register`, a ``VARIANT``), and return it as a module.

    This runs the file's code, as ``python FILE`` would: give it only files you trust.

    Raises:
        VariantError: the file cannot be read or run.

    >>> load_rules_file("examples/house_rules/queen_all_draw.py").VARIANT.id
    'standard-queen-all-draw'
    """
    file = Path(path)
    try:
        resolved = file.resolve()
    except OSError:
        resolved = file
    for module in list(sys.modules.values()):  # already imported (as a module of a package, or loaded before)
        where = getattr(module, "__file__", None)
        if where is not None and Path(where).resolve() == resolved:
            return module
    name = "maumau_house_" + "".join(ch if ch.isalnum() else "_" for ch in file.stem)
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None or not file.is_file():
        raise VariantError(_("rules file {path} is not a Python file that can be read").format(path=repr(path)))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except MauMauError:
        raise
    except Exception as exc:  # the user's file failed: say which and why, in our hierarchy
        raise VariantError(_("rules file {path} failed: {error}")
            .format(path=repr(path), error=f"{type(exc).__name__}: {exc}")
                           ) from None
    return module


def save_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write ``record`` as pretty JSON to ``path`` (for ``maumau play --save``), atomically.

    >>> import tempfile, pathlib
    >>> from maumau_rules.records import record_from_moves, loads_record
    >>> rec = record_from_moves("standard", 2, 1, ["draw"])
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d) / "game.json"
    ...     save_record(p, rec)
    ...     loads_record(p.read_text(encoding="utf-8")) == rec
    True
    """
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(dumps_record(record, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, target)


def save_records(path: str | os.PathLike[str], records: Iterable[GameRecord | MatchRecord]) -> int:
    """Write ``records`` to ``path`` as JSON Lines, one record per line, atomically; return how many were written.

    The records are written as they come (an iterator of any length costs the memory of one record) to a temporary
    file beside ``path``, which then replaces it. :func:`iter_record_file` and ``maumau validate`` read it back.

    >>> import tempfile, pathlib
    >>> from maumau_rules.records import GameRecord
    >>> recs = [GameRecord("standard", 1, 2, seed=s) for s in range(3)]
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d) / "games.jsonl"
    ...     n = save_records(p, iter(recs))
    ...     n, list(iter_record_file(p)) == recs, len(p.read_text(encoding="utf-8").splitlines())
    (3, True, 3)
    """
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    count = 0
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            for line in record_lines(records):
                fh.write(line)
                count += 1
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    return count


MAX_RECORD_FILE_BYTES: Final = MAX_RECORD_TEXT * 4
"""Most bytes :func:`read_record_file` reads from one file or stream (``MAX_RECORD_TEXT`` characters of UTF-8, at
most four bytes each). The record commands stream instead (:func:`iter_record_file`): their limit is per record."""

JSONL_SUFFIXES: Final = (".jsonl", ".ndjson")
"""File name endings read as JSON Lines (one record per line); other files are told apart by their first line."""

_CHUNK: Final = 1 << 16


def read_limited(stream: BinaryIO, limit: int, what: str) -> bytes:
    """Read ``stream`` to its end, but never more than ``limit`` bytes: the limit holds while reading, so a
    device that never ends (``/dev/zero``), a pipe or standard input cost at most ``limit`` bytes of memory.

    Raises:
        ArgumentError: the stream holds more than ``limit`` bytes (the message names ``what``).

    >>> import io
    >>> read_limited(io.BytesIO(b"abc"), 10, "x")
    b'abc'
    >>> read_limited(io.BytesIO(b"abc"), 2, "the input")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentError: the input is longer than 2 bytes: too large (limit 2 bytes)
    """
    if type(limit) is not int or limit < 0:
        raise ArgumentError(_("limit {limit} must be a whole number of bytes").format(limit=shown(limit)))
    parts: list[bytes] = []
    got = 0
    while True:
        chunk = stream.read(min(_CHUNK, limit + 1 - got))
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
        got += len(chunk)
        if got > limit:
            raise ArgumentError(_("{what} is longer than {limit} bytes: too large (limit {limit} bytes)")
                .format(what=what, limit=limit))


def read_record_file(path: str | os.PathLike[str], *, limit: int = MAX_RECORD_FILE_BYTES) -> str:
    """Read a record file (``-``: standard input) as text, reading at most ``limit`` bytes.

    The limit is enforced while reading, not from the file's reported size: a device, a pipe or standard input
    that never ends is cut off at the limit.

    Raises:
        ReplayError: the file cannot be read, is too large, or is not UTF-8 (reason ``invalid_record``).

    >>> read_record_file("/nonexistent/game.json")
    Traceback (most recent call last):
    ...
    maumau_rules.records.ReplayError: setup: invalid_record: cannot read '/nonexistent/game.json': ...
    >>> read_record_file("/dev/zero", limit=1000)
    Traceback (most recent call last):
    ...
    maumau_rules.records.ReplayError: setup: invalid_record: '/dev/zero' is longer than 1000 bytes: too large ...
    """
    try:
        path = os.fspath(path)[:]  # (a plain string or bytes, even from a subclass)
    except TypeError:
        raise ReplayError(f"{shown(path)} is not a file name", step=None, reason=INVALID_RECORD) from None
    name = _("standard input") if path == "-" else repr(os.fspath(path))
    try:
        if path == "-":
            data = read_limited(sys.stdin.buffer, limit, name)
        else:
            with open(path, "rb") as fh:
                data = read_limited(fh, limit, name)
    except ArgumentError as exc:
        raise ReplayError(str(exc), step=None, reason=INVALID_RECORD) from None
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ReplayError(_cannot_read(name, why), step=None, reason=INVALID_RECORD) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReplayError(_("{name} is not UTF-8 text: {why}").format(name=name, why=exc), step=None,
                          reason=INVALID_RECORD) from None


def read_chunks(stream: BinaryIO, size: int = _CHUNK) -> Iterator[bytes]:
    """The bytes of ``stream`` in pieces of at most ``size`` bytes, read as they are asked for: the pieces to give
    :func:`~maumau_rules.records.iter_records` (which bounds each record, so an endless stream stops).

    >>> import io
    >>> list(read_chunks(io.BytesIO(b"abcde"), 2))
    [b'ab', b'cd', b'e']
    """
    if type(size) is not int or size < 1:
        raise ArgumentError(_("size {size} must be a positive whole number of bytes").format(size=shown(size)))
    while True:
        chunk = stream.read(size)
        if not chunk:
            return
        yield chunk


def _name(path: str) -> str:
    return _("standard input") if path == "-" else repr(path)


def _cannot_read(name: str, why: str) -> str:
    return _("cannot read {name}: {why}").format(name=name, why=why)


def _jsonl(path: str, jsonl: bool | None) -> bool | None:
    """JSON Lines when asked for, or when the file name says so; ``None`` (tell from the text) otherwise."""
    if jsonl is not None:
        return jsonl
    return True if path != "-" and path.lower().endswith(JSONL_SUFFIXES) else None


class _Unreadable(ReplayError):
    """A file that cannot be opened or read (an operating-system error)."""


@contextlib.contextmanager
def _opened(path: str | os.PathLike[str]) -> Iterator[tuple[str, Iterator[bytes]]]:
    """The file (``-``: standard input) as pieces of bytes, with its name for messages.

    Raises:
        ReplayError: the file cannot be opened (reason ``invalid_record``).
    """
    try:
        path = os.fspath(path)[:]
    except TypeError:
        raise _Unreadable(f"{shown(path)} is not a file name", step=None, reason=INVALID_RECORD) from None
    if not isinstance(path, str):
        path = os.fsdecode(path)
    name = _name(path)
    if path == "-":
        yield name, _read_or_fail(sys.stdin.buffer, name)
        return
    try:
        fh = open(path, "rb")  # noqa: SIM115 (closed below, after the caller is done)
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise _Unreadable(_cannot_read(name, why), step=None, reason=INVALID_RECORD) from None
    with fh:
        yield name, _read_or_fail(fh, name)


def _read_or_fail(stream: BinaryIO, name: str) -> Iterator[bytes]:
    try:
        yield from read_chunks(stream)
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise _Unreadable(_cannot_read(name, why), step=None, reason=INVALID_RECORD) from None


def iter_record_file(path: str | os.PathLike[str], *, jsonl: bool | None = None, limit: int = MAX_RECORD_TEXT,
                     max_records: int | None = None) -> Iterator[GameRecord | MatchRecord]:
    """The records of a file (``-``: standard input), read one at a time in bounded memory
    (:func:`~maumau_rules.records.iter_records`): JSON Lines, or any file the library writes.

    Args:
        path: the file.
        jsonl: ``True`` for JSON Lines, ``False`` for a JSON document, ``None`` (default): JSON Lines when the name
            ends with ``.jsonl`` or ``.ndjson``, else told from the first line.
        limit: the longest record, in characters (enforced while reading).
        max_records: the most records read (default: no limit).

    Raises:
        ReplayError: the file cannot be read (reason ``invalid_record``); :class:`~maumau_rules.records.RecordStreamError`
            when it is not UTF-8, not JSON or a record is too long.
        NotationError: a malformed record (its index is in the message).

    >>> try:
    ...     next(iter_record_file("/nonexistent/games.jsonl"))
    ... except ReplayError as exc:
    ...     print(exc.message)
    cannot read '/nonexistent/games.jsonl': No such file or directory
    """
    with _opened(path) as (name, chunks):
        yield from iter_records(chunks, jsonl=_jsonl(os.fsdecode(os.fspath(path)), jsonl), limit=limit,
                                max_records=max_records, name=name)


def _stream_problem(path: str, exc: RecordStreamError) -> str:
    """What to say about a file that cannot be read on (its content is never quoted)."""
    if exc.kind == "json":
        if exc.index == 0:
            return _("{path} is not a JSON file: {problem} (line {line}, column {column})").format(
                path=path, problem=exc.problem, line=exc.line, column=exc.column)
        return _("{path}: record {index} is not valid JSON: {problem} (line {line}, column {column}); reading "
                 "stopped there").format(path=path, index=exc.index, problem=exc.problem, line=exc.line,
                                         column=exc.column)
    if exc.kind == "nested":
        return _("{path} is not a record file: its JSON is nested too deeply (record {index}, line {line})").format(
            path=path, index=exc.index, line=exc.line)
    return translate_message(exc.message)


def _out(args: argparse.Namespace) -> TextIO:
    out = getattr(args, "out", None)
    return out if out is not None else sys.stdout


def _err(args: argparse.Namespace) -> TextIO:
    err = getattr(args, "err", None)
    return err if err is not None else sys.stderr


def _error(args: argparse.Namespace, message: str) -> None:
    command = getattr(args, "command", None)
    print(f"maumau{' ' + command if command else ''}: {message}", file=_err(args))


class FileProblem(Exception):
    """A record file that cannot be used at all (exit code :attr:`~maumau_rules.exitcodes.ExitCode.INPUT`)."""


def read_json_file(path: str | os.PathLike[str]) -> str:
    """Read a record file and make sure it is JSON; the error names the file, never its content.

    Raises:
        FileProblem: the file cannot be read, is too large, is not UTF-8 or is not JSON.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d) / "notes.json"
    ...     _ = p.write_text("hello", encoding="utf-8")
    ...     read_json_file(p)
    Traceback (most recent call last):
    ...
    maumau_rules.cli_records.FileProblem: .../notes.json is not a JSON file: Expecting value (line 1, column 1)
    """
    try:
        text = read_record_file(path)
    except ReplayError as exc:
        raise FileProblem(exc.message) from None
    try:
        json.loads(text)
    except RecursionError:
        raise FileProblem(_("{path} is not a record file: its JSON is nested too deeply").format(
            path=os.fspath(path))) from None
    except json.JSONDecodeError as exc:
        raise FileProblem(_("{path} is not a JSON file: {problem} (line {line}, column {column})").format(
            path=os.fspath(path), problem=exc.msg, line=exc.lineno, column=exc.colno)) from None
    except ValueError as exc:
        raise FileProblem(_("{path} is not a JSON file: {problem}").format(path=os.fspath(path), problem=exc)
                          ) from None
    return text


def _describe(report: RecordReport) -> str:
    if report.error is None:
        return ngettext("OK ({n} move)", "OK ({n} moves)", report.moves).format(n=report.moves)
    e = report.error
    where = _where(e.step, e.round_no, None)
    if e.move is not None:
        where = _("{where} (move {move})").format(where=where, move=repr(e.move))
    return _("INVALID at {where}: {reason}: {message}").format(where=where, reason=_reason(e.reason, e.rule_id),
                                                              message=rules_hint(translate_message(e.message)))


def _where(step: int | None, round_no: int | None, record_index: int | None) -> str:
    """Where in a record a problem is: the setup or a step, in a round, in a record of a file."""
    where = _("setup") if step is None else _("step {step}").format(step=step)
    if round_no is not None:
        where = _("round {round}, {where}").format(round=round_no, where=where)
    if record_index is not None:
        where = _("record {index}, {where}").format(index=record_index, where=where)
    return where


def _reason(reason: str, rule_id: str) -> str:
    """A reason code with its rule (both the same in every language: they are the API)."""
    return _("{reason}, rule {rule}").format(reason=reason, rule=rule_id) if rule_id else reason


def replay_error_text(exc: ReplayError) -> str:
    """A record's violation as ``str(exc)`` says it, in the current language (the reason code and rule ID stay).

    >>> from maumau_rules.i18n import language
    >>> e = ReplayError("player 1 does not hold Q♠", step=3, reason="not_in_hand", rule_id="R_WRONG_CARD")
    >>> replay_error_text(e) == str(e)
    True
    >>> with language("de"):
    ...     replay_error_text(e)
    'Schritt 3: not_in_hand, Regel R_WRONG_CARD: Spieler 1 hat Q♠ nicht auf der Hand'
    """
    where = _where(exc.step, exc.round_no, exc.record_index)
    message = rules_hint(translate_message(exc.message))
    return _("{where}: {reason}: {message}").format(where=where, reason=_reason(exc.reason, exc.rule_id),
                                                    message=message)


_UNKNOWN_RULE: Final = re.compile(r"unknown rule '(R_[A-Z0-9_]+)'")


def rules_hint(message: str) -> str:
    """``message``, with where to find a rule it calls unknown: a house rule's record names rules that only the
    Python file defining them registers, which ``validate`` and ``replay`` load with ``--rules``.

    >>> rules_hint("variant 'kitchen': unknown rule 'R_HOUSE_KINGS'")
    "variant 'kitchen': unknown rule 'R_HOUSE_KINGS' (a house rule? load the Python file that defines it: --rules FILE.py)"
    >>> rules_hint("step 0: illegal move")
    'step 0: illegal move'
    """
    if _UNKNOWN_RULE.search(message) is None:
        return message
    return _("{message} (a house rule? load the Python file that defines it: --rules FILE.py)").format(
        message=message)


def _load_rules(args: argparse.Namespace) -> bool:
    """Load the ``--rules`` files (their rule classes register themselves); report a failure and return False."""
    for path in getattr(args, "rules", None) or ():
        try:
            load_rules_file(path)
        except MauMauError as exc:
            _error(args, translate_message(str(exc)))
            return False
    return True


def cmd_validate(args: argparse.Namespace) -> int:
    """``maumau validate RECORD...``: check every record of every file and print a report.

    Each file is read as a stream, one record at a time, and each record's report is printed once it is checked,
    so a file of any size is checked in bounded memory. Returns 0 when every record is valid, 1 when one is not,
    3 when a file cannot be used (the highest that applies; see :class:`~maumau_rules.exitcodes.ExitCode`).
    Problems with a file go to standard error.

    >>> import argparse, io, tempfile, pathlib
    >>> from maumau_rules.records import GameRecord
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d) / "g.json"
    ...     save_record(p, GameRecord("standard", 1, 2, seed=1))
    ...     out = io.StringIO()
    ...     code = cmd_validate(argparse.Namespace(records=[str(p)], json=False, strict=False, out=out))
    >>> code, out.getvalue().split(": ", 1)[1]
    (0, 'OK (0 moves)\\n')
    """
    out = _out(args)
    if not _load_rules(args):
        return int(ExitCode.USAGE)
    code = ExitCode.OK
    strict = bool(getattr(args, "strict", False))
    as_json = bool(getattr(args, "json", False))
    if as_json:
        out.write('{\n  "files": [')
    for n, path in enumerate(args.records):
        path = str(path)
        if as_json:
            out.write(("," if n else "") + "\n    {\n      \"path\": " + json.dumps(path, ensure_ascii=False)
                      + ',\n      "records": [')
        result, error, count = _validate_file(args, path, strict, as_json, out)
        code = max(code, result)
        if as_json:
            out.write(("\n      ]" if count else "]") + ',\n      "ok": ' + json.dumps(result == ExitCode.OK)
                      + ',\n      "error": ' + json.dumps(error, ensure_ascii=False) + "\n    }")
        if strict and result != ExitCode.OK:
            break
    if as_json:
        out.write("\n  ],\n  \"ok\": " + json.dumps(code == ExitCode.OK) + "\n}\n")
    return int(code)


def _validate_file(args: argparse.Namespace, path: str, strict: bool, as_json: bool, out: TextIO
                   ) -> tuple[ExitCode, dict[str, Any] | None, int]:
    """Check one file, printing each record's report as it comes; its exit code, the file's error as JSON (``None``
    when it was read to its end) and the number of records reported."""
    code = ExitCode.OK
    held: RecordReport | None = None  # the first report waits: a file of one record is reported without an index
    count = 0

    def emit(report: RecordReport, single: bool) -> None:
        if as_json:
            out.write(("," if report.index else "") + "\n        " + json.dumps(report.to_json(), ensure_ascii=False))
        else:
            label = path if single else _("{path}: record {index}").format(path=path, index=report.index)
            print(f"{label}: {_describe(report)}", file=out)

    try:
        with _opened(path) as (name, chunks):
            for report in iter_validate_records(chunks, lenient=not strict, jsonl=_jsonl(path, _given_jsonl(args)),
                                                name=name):
                count += 1
                if not report.ok:
                    code = ExitCode.INVALID
                if count == 1:
                    held = report
                    continue
                if held is not None:
                    emit(held, False)
                    held = None
                emit(report, False)
        if held is not None:
            emit(held, True)
        elif count == 0 and not as_json:
            print(_("{path}: no records").format(path=path), file=out)
        return code, None, count
    except _Unreadable as exc:
        if held is not None:
            emit(held, False)
        _error(args, exc.message)
        return ExitCode.INPUT, exc.to_json(), count
    except RecordStreamError as exc:
        if held is not None:
            emit(held, False)
        message = _stream_problem(path, exc)
        _error(args, message)
        return ExitCode.INPUT, ReplayError(message, step=None, reason=INVALID_RECORD,
                                           record_index=exc.index).to_json(), count
    except ReplayError as exc:
        if held is not None:
            emit(held, False)
        if not as_json:
            message = rules_hint(translate_message(exc.message))
            reason = _reason(exc.reason, exc.rule_id)
            if exc.record_index is not None:
                text = _("{path}: record {index}: INVALID: {reason}: {message}").format(
                    path=path, index=exc.record_index, reason=reason, message=message)
            else:
                text = _("{path}: INVALID: {reason}: {message}").format(path=path, reason=reason, message=message)
            print(text, file=out)
        return ExitCode.INVALID, exc.to_json(), count


def _given_jsonl(args: argparse.Namespace) -> bool | None:
    return True if getattr(args, "jsonl", False) else None


def _line(step: int, seat: int, move: str, s: Any, hands: bool) -> str:
    """One line of ``replay``: the move and the table after it, as the state's family writes it."""
    return family_of(s).describe_state(step, seat, move, s, hands)


def _head(rec: GameRecord | MatchRecord, setup: str) -> str:
    """The first line of ``replay``: the variant, the players (and their names) and the setup."""
    names = f" ({', '.join(rec.names)})" if rec.names else ""
    players = ngettext("{n} player", "{n} players", rec.players).format(n=rec.players)
    return f"{rec.variant} v{rec.variant_version}, {players}{names}, {setup}"


def _invalid(args: argparse.Namespace, text: str) -> None:
    """Say on standard error that the record is invalid, and why."""
    _error(args, _("{record}: INVALID: {why}").format(record=args.record, why=text))


def _replay_match(args: argparse.Namespace, rec: MatchRecord, hands: bool, out: TextIO) -> int:
    """``replay`` of a match record: every round, each move and the table after it, and the scores."""
    print(_head(rec, _("a match from seed {seed}").format(seed=rec.seed)),
          file=out)
    it = replay_match(rec)
    state: Any | None = None
    try:
        for r, moves in enumerate(rec.rounds):
            state = next(it)
            print(_("round {round}: dealer seat {seat}").format(round=r + 1, seat=state.dealer), file=out)
            print(_line(-1, state.seat_to_act, _("(start)"), state, hands).replace("  -1", "   -", 1), file=out)
            for i, rm in enumerate(moves):
                seat = state.seat_to_act
                state = next(it)
                comment = f"   # {rm.comment}" if rm.comment else ""
                print(_line(i, seat, str(rm.move), state, hands) + comment, file=out)
        for _state in it:  # the result check runs when the generator finishes
            pass
    except ReplayError as exc:
        out.flush()
        _invalid(args, replay_error_text(exc))
        return int(ExitCode.INVALID)
    if rec.result is not None:
        print(_("match over: side {side} wins, scores {scores}").format(
            side=rec.result.winner, scores=" - ".join(map(str, rec.result.scores))), file=out)
    else:
        print(ngettext("unfinished after {n} round", "unfinished after {n} rounds", len(rec.rounds)).format(
            n=len(rec.rounds)), file=out)
    return int(ExitCode.OK)


def cmd_replay(args: argparse.Namespace) -> int:
    """``maumau replay RECORD``: show a game move by move; 1 (after the valid steps) on a violation.

    With ``--step`` in a terminal it waits for Enter after each move (``q`` stops); piped, or without
    ``--step``, it prints every move at once. Exit codes as for ``validate`` (2 for a record index the file
    does not have).

    >>> import argparse, io, tempfile, pathlib
    >>> from maumau_rules.records import record_from_moves
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d) / "g.json"
    ...     save_record(p, record_from_moves("standard", 2, 3, ["draw"]))
    ...     out = io.StringIO()
    ...     code = cmd_replay(argparse.Namespace(record=str(p), index=0, hands=False, out=out))
    >>> code, out.getvalue().splitlines()[2].split()[:4]
    (0, ['0', 'seat', '1', 'draw'])
    """
    out = _out(args)
    if not _load_rules(args):
        return int(ExitCode.USAGE)
    index = getattr(args, "index", 0) or 0
    found: GameRecord | MatchRecord | None = None
    count = 0
    try:
        for i, record in enumerate(iter_record_file(args.record, jsonl=_given_jsonl(args))):
            if i == index:
                found = record
                break
            count = i + 1
    except ReplayError as exc:  # (a RecordStreamError too)
        if isinstance(exc, _Unreadable | RecordStreamError):
            _error(args, exc.message if isinstance(exc, _Unreadable) else _stream_problem(args.record, exc))
            return int(ExitCode.INPUT)
        _invalid(args, replay_error_text(exc))
        return int(ExitCode.INVALID)
    except MauMauError as exc:
        _invalid(args, rules_hint(translate_message(str(exc))))
        return int(ExitCode.INVALID)
    if found is None:
        _error(args, _("{record}: no record {index} (the file holds {count}; --index counts from 0)").format(
            record=args.record, index=index, count=count))
        return int(ExitCode.USAGE)
    rec = found
    hands = bool(getattr(args, "hands", False))
    if isinstance(rec, MatchRecord):
        return _replay_match(args, rec, hands, out)
    stepping = bool(getattr(args, "step", False)) and _interactive(args, out)
    read: Callable[[str], str] = getattr(args, "read", None) or input
    setup = _("an explicit deal") if rec.deal is not None else _("seed {seed}").format(seed=rec.seed)
    print(_head(rec, setup), file=out)
    it = replay(rec)
    try:
        state = next(it)
        print(_line(-1, state.seat_to_act, _("(start)"), state, hands).replace("  -1", "   -", 1), file=out)
        for i, rm in enumerate(rec.moves):
            if stepping and not _next_step(read, out, i, len(rec.moves)):
                print(_("stopped before move {i} of {n}").format(i=i, n=len(rec.moves)), file=out)
                return int(ExitCode.OK)
            seat = state.seat_to_act
            state = next(it)
            comment = f"   # {rm.comment}" if rm.comment else ""
            print(_line(i, seat, str(rm.move), state, hands) + comment, file=out)
        for _state in it:  # the result check runs when the generator finishes
            pass
    except ReplayError as exc:
        out.flush()
        _invalid(args, replay_error_text(exc))
        return int(ExitCode.INVALID)
    if state.end is not None:
        if state.winner is None:
            print(_("over: {end}, no winner").format(end=state.end.value), file=out)
        else:
            print(_("over: {end}, winner seat {seat}").format(end=state.end.value, seat=state.winner), file=out)
    else:
        print(ngettext("unfinished after {n} move; seat {seat} to act", "unfinished after {n} moves; seat {seat} to act",
                       len(rec.moves)).format(n=len(rec.moves), seat=state.seat_to_act), file=out)
    return int(ExitCode.OK)


def _read_views(path: str) -> list[Any]:
    """The views a seat kept during a game: a JSON list of player-view (or public-view) documents of any family
    (``player-view``, ``malilla-public-view``, ...)."""
    from .notation import from_json, parse_json_text

    data = parse_json_text(read_record_file(path), "views file", limit=MAX_RECORD_TEXT)
    if not isinstance(data, list):
        raise FileProblem(_("{path} must hold a JSON list of views").format(path=path))
    views = [from_json(d) for d in data]
    if not all(view_family(v) is not None for v in views):
        raise FileProblem(_("{path} must hold only player-view or public-view documents").format(path=path))
    return views


def cmd_verify(args: argparse.Namespace) -> int:
    """``maumau verify RECORD``: prove that a fair game's deal and every reshuffle (or every hand's deal of a fair
    match record) came from its committed seed and setup.

    With ``--commitment HEX`` (the commitment published when the game was created) the revealed seed, salt and
    setup must give it; the record's setup must be the committed one and it must hold no explicit deal or deck
    order; with ``--views FILE`` (the views a seat received during the game, as a JSON list) each must be the
    view the seed's game gives at that turn. Exit codes as for ``validate``: 0 proved, 1 not proved, 3 a file
    that cannot be used.

    >>> import argparse, io, tempfile, pathlib
    >>> from maumau_rules.fairness import FairSeed, FairSetup
    >>> from maumau_rules.records import record_from_moves
    >>> fair = FairSeed(b"secret", b"salt").bind(FairSetup.game("standard", 2))
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d) / "g.json"
    ...     save_record(p, record_from_moves("standard", 2, fair.game_seed, ["draw"], fairness=fair))
    ...     out = io.StringIO()
    ...     code = cmd_verify(argparse.Namespace(record=str(p), commitment=fair.commitment, views=None, out=out))
    >>> code, out.getvalue().split(": ", 1)[1].split(",")[0]
    (0, 'OK')
    """
    out = _out(args)
    try:
        views = _read_views(args.views) if getattr(args, "views", None) else []
    except FileProblem as exc:
        _error(args, str(exc))
        return int(ExitCode.INPUT)
    except MauMauError as exc:
        _invalid(args, translate_message(str(exc)))
        return int(ExitCode.INVALID)
    code = ExitCode.OK
    held: tuple[int, GameRecord | MatchRecord] | None = None  # a file of one record is reported without an index

    def check(i: int, rec: GameRecord | MatchRecord, single: bool) -> ExitCode:
        label = args.record if single else _("{path}: record {index}").format(path=args.record, index=i)
        try:
            report = verify_record(rec, commitment=getattr(args, "commitment", None), views=views)
        except FairnessError as exc:
            print(_("{label}: NOT PROVED: {why}").format(label=label, why=translate_message(str(exc))), file=out)
            return ExitCode.INVALID
        setup = report.setup.describe() if report.setup is not None else ""
        if isinstance(rec, GameRecord):
            deals = ngettext("the deal and {n} reshuffle", "the deal and {n} reshuffles", report.reshuffles)
        else:
            deals = ngettext("the deals of all {hands} hands and {n} reshuffle",
                             "the deals of all {hands} hands and {n} reshuffles", report.reshuffles)
        deals = deals.format(n=report.reshuffles, hands=report.rounds)
        if getattr(args, "commitment", None):
            given = _("came from the published commitment {commitment} to the setup ({setup})")
        else:
            given = _("came from the recorded commitment {commitment} to the setup ({setup}) (pass --commitment to "
                      "check the published one)")
        replayed = ngettext("{n} move replayed", "{n} moves replayed", report.moves).format(n=report.moves)
        checked = ngettext("{n} view checked", "{n} views checked", report.views).format(n=report.views)
        print(_("{label}: OK, {deals} {given} ({replayed}, {checked})").format(
            label=label, deals=deals, given=given.format(commitment=report.commitment, setup=setup),
            replayed=replayed, checked=checked), file=out)
        return ExitCode.OK

    try:
        for i, record in enumerate(iter_record_file(args.record, jsonl=_given_jsonl(args))):
            if i == 0:
                held = (i, record)
                continue
            if held is not None:
                code = max(code, check(*held, single=False))
                held = None
            code = max(code, check(i, record, single=False))
    except ReplayError as exc:  # (a RecordStreamError too)
        if held is not None:
            code = max(code, check(*held, single=False))
        if isinstance(exc, _Unreadable | RecordStreamError):
            _error(args, exc.message if isinstance(exc, _Unreadable) else _stream_problem(args.record, exc))
            return int(ExitCode.INPUT)
        _invalid(args, replay_error_text(exc))
        return int(ExitCode.INVALID)
    except MauMauError as exc:
        if held is not None:
            code = max(code, check(*held, single=False))
        _invalid(args, translate_message(str(exc)))
        return int(ExitCode.INVALID)
    if held is not None:
        code = max(code, check(*held, single=True))
    return int(code)


STEP_PROMPT = N_("[Enter] next move · q quit ")
"""What ``replay --step`` shows while it waits (in the current language where it is shown)."""


def _interactive(args: argparse.Namespace, out: TextIO) -> bool:
    """Whether to wait between moves: ``args.interactive`` when given (tests), else both ends are a terminal."""
    given = getattr(args, "interactive", None)
    if given is not None:
        return bool(given)
    try:
        return sys.stdin.isatty() and out.isatty()
    except (AttributeError, ValueError):
        return False


def _next_step(read: Callable[[str], str], out: TextIO, i: int, total: int) -> bool:
    """Wait for Enter before move ``i``; ``False`` when the user quits (``q``, Ctrl-D)."""
    out.flush()
    try:
        answer = read(f"{_(STEP_PROMPT)}({i}/{total}) ")
    except EOFError:
        return False
    if out.isatty():
        out.write("\x1b[1A\x1b[2K")  # the prompt line gives way to the move
    return answer.strip().lower() not in ("q", "quit", "exit", *_("q quit exit").split())


def add_subcommands(subparsers: Any) -> None:
    """Register ``validate`` and ``replay`` on an argparse subparsers object; each sets ``func``.

    ``func`` takes the parsed :class:`argparse.Namespace` and returns the exit code.

    >>> import argparse
    >>> p = argparse.ArgumentParser(); add_subcommands(p.add_subparsers())
    >>> p.parse_args(["replay", "g.json", "--index", "2"]).index
    2
    """
    v = subparsers.add_parser("validate", help=_("check game records and report the first violation of each"),
                              description=_("Replay every record of every file and print OK or its first violation "
                                          "(step, reason code, rule ID). Problems with a file go to standard error."),
                              epilog=describe_exit_codes(), formatter_class=argparse.RawDescriptionHelpFormatter)
    v.add_argument("records", nargs="+", metavar="RECORD",
                   help=_("record files: one record, a list of records, or JSON Lines (.jsonl, one record per line); "
                        "'-' reads standard input. Read one record at a time: any size, bounded memory"))
    v.add_argument("--json", action="store_true", help=_("print one machine-readable JSON document"))
    v.add_argument("--jsonl", action="store_true",
                   help=_("read every file as JSON Lines (one record per line; a line that is not JSON is one invalid "
                        "record), whatever its name"))
    v.add_argument("--strict", action="store_true", help=_("stop at the first invalid record"))
    v.add_argument("--rules", action="append", default=[], metavar="FILE.py",
                   help=_("a Python file of house rules to load first (records of house variants name their rules)"))
    v.set_defaults(func=cmd_validate)
    r = subparsers.add_parser("replay", help=_("show a recorded game move by move"),
                              description=_("Replay a record, showing each move and the table after it. With --step "
                                          "in a terminal, wait for Enter after each move (q quits); piped, print "
                                          "every move."),
                              epilog=describe_exit_codes(), formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("record", metavar="RECORD", help=_("a record file (JSON, or JSON Lines: .jsonl); '-' reads "
                                                   "standard input"))
    r.add_argument("--index", type=int, default=0, help=_("which record of a file of many (default 0)"))
    r.add_argument("--jsonl", action="store_true", help=_("read the file as JSON Lines, whatever its name"))
    r.add_argument("--hands", action="store_true", help=_("also show every hand after each move"))
    r.add_argument("--step", action="store_true", help=_("in a terminal, wait for Enter after each move (q quits)"))
    r.add_argument("--rules", action="append", default=[], metavar="FILE.py",
                   help=_("a Python file of house rules to load first"))
    r.set_defaults(func=cmd_replay)
    f = subparsers.add_parser("verify", help=_("prove that a fair game's deal came from its committed seed"),
                              description=_("Check a finished game's (or a whole match's) record against the "
                                          "commitment published when it was created: the revealed seed, salt and "
                                          "setup give the commitment, the record's setup (variant, overrides, "
                                          "players, dealer, first player, hand sizes) is the committed one with no "
                                          "explicit deal or deck order, the record's seed is the one they give, "
                                          "every move replays, and every view a seat kept is the one the seed gives "
                                          "(so no deal or reshuffle was changed)."),
                              epilog=describe_exit_codes(), formatter_class=argparse.RawDescriptionHelpFormatter)
    f.add_argument("record", metavar="RECORD", help=_("a record file with a 'fairness' field ('-': standard input)"))
    f.add_argument("--jsonl", action="store_true", help=_("read the file as JSON Lines, whatever its name"))
    f.add_argument("--commitment", metavar="HEX", default=None,
                   help=_("the commitment published when the game was created (default: trust the record's own)"))
    f.add_argument("--views", metavar="FILE", default=None,
                   help=_("a JSON list of the views one seat received during the game, to check against the seed"))
    f.set_defaults(func=cmd_verify)


def parse_args(parser: argparse.ArgumentParser, argv: Sequence[str] | None, out: TextIO, err: TextIO
               ) -> argparse.Namespace | int:
    """Parse ``argv`` with help going to ``out`` and errors to ``err``; an exit code instead of raising.

    >>> import io
    >>> p = argparse.ArgumentParser(prog="x")
    >>> err = io.StringIO()
    >>> parse_args(p, ["--nope"], io.StringIO(), err), "unrecognized arguments" in err.getvalue()
    (2, True)
    """
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            return parser.parse_args(argv)
        except SystemExit as exc:
            return exc.code if isinstance(exc.code, int) else int(ExitCode.USAGE)


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``validate`` or ``replay`` (``python -m maumau_rules.cli_records ...``); return the exit code.

    >>> import io
    >>> main(["validate", "/nonexistent.json"], out=io.StringIO(), err=io.StringIO())
    3
    """
    stdout = out if out is not None else sys.stdout
    stderr = err if err is not None else sys.stderr
    parser = argparse.ArgumentParser(prog="maumau", description=_("Validate and replay Mau-Mau game records."),
                                     epilog=describe_exit_codes(), formatter_class=argparse.RawDescriptionHelpFormatter)
    add_subcommands(parser.add_subparsers(dest="command", required=True))
    args = parse_args(parser, argv, stdout, stderr)
    if isinstance(args, int):
        return args
    args.out, args.err = stdout, stderr
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        print("maumau: " + _("interrupted"), file=stderr)
        return int(ExitCode.INTERRUPTED)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())


def variant_argument(text: str) -> Variant:
    """The variant a command line names: a registered name or alias, a variant file (``house.toml``, the
    ``spec/variants`` shape, ``based_on`` allowed), or a Python file that defines one (``rules.py``, whose
    ``VARIANT`` is taken, or ``rules.py:NAME``).

    Raises:
        VariantError: no such variant, or the file is not a valid one.

    >>> variant_argument("prsi").id, variant_argument("examples/house_rules/ten_swaps_hands.py").id
    ('prsi', 'standard-ten-swaps')
    """
    path, _sep, attr = text.partition(".py:") if ".py:" in text else (text, "", "")
    if path != text:
        path += ".py"
    if path.endswith(".py"):
        found = getattr(load_rules_file(path), attr or "VARIANT", None)
        if not isinstance(found, Variant):
            raise VariantError(_("rules file {path} defines no variant {name}").format(path=repr(path),
                                                                                     name=repr(attr or "VARIANT")))
        return found
    if path.endswith(".toml"):

        from .variants import MAX_VARIANT_TEXT

        try:
            with open(path, "rb") as fh:
                data = read_limited(fh, MAX_VARIANT_TEXT * 4, f"variant file {path!r}").decode("utf-8")
        except (OSError, UnicodeDecodeError, MauMauError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise VariantError(_("cannot read variant file {path}: {why}").format(path=repr(path), why=why)) from None
        return load_variant(data)
    return find_variant(text)
