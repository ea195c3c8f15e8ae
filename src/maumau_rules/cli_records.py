"""Command-line tools for game records: ``maumau validate`` and ``maumau replay`` (the only I/O on records).

The main CLI wires these in with :func:`add_subcommands`; this module also runs on its own::

    python -m maumau_rules.cli_records validate games/*.json [--json] [--strict]
    python -m maumau_rules.cli_records replay game.json [--index N] [--hands]

``validate`` prints ``OK`` or the first violation of every record (step, reason code, rule ID,
message) and exits with 1 when any record is invalid; ``--json`` prints one machine-readable
document instead.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="maumau")
>>> add_subcommands(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["validate", "a.json", "--json"])
>>> args.func.__name__, args.records, args.json
('cmd_validate', ['a.json'], True)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from .errors import MauMauError
from .records import (
    INVALID_RECORD,
    MAX_RECORD_TEXT,
    GameRecord,
    RecordReport,
    ReplayError,
    dumps_record,
    loads_records,
    replay,
    validate_records,
)
from .state import GameState

__all__ = ["add_subcommands", "cmd_replay", "cmd_validate", "main", "read_record_file", "save_record"]


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


def read_record_file(path: str | os.PathLike[str]) -> str:
    """Read a record file as text, refusing a file too large to be a record before reading it.

    Raises:
        ReplayError: the file cannot be read, is too large, or is not UTF-8 (reason ``invalid_record``).

    >>> read_record_file("/nonexistent/game.json")
    Traceback (most recent call last):
    ...
    maumau_rules.records.ReplayError: setup: invalid_record: cannot read '/nonexistent/game.json': ...
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_RECORD_TEXT * 4:
            raise ReplayError(f"{str(p)!r} is {size} bytes: too large for a record file (limit {MAX_RECORD_TEXT} "
                              "characters)", step=None, reason=INVALID_RECORD)
        data = p.read_bytes()
    except OSError as exc:
        raise ReplayError(f"cannot read {str(p)!r}: {exc.strerror or exc}", step=None, reason=INVALID_RECORD) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReplayError(f"{str(p)!r} is not UTF-8 text: {exc}", step=None, reason=INVALID_RECORD) from None


def _out(args: argparse.Namespace) -> TextIO:
    out = getattr(args, "out", None)
    return out if out is not None else sys.stdout


def _describe(report: RecordReport) -> str:
    if report.error is None:
        return f"OK ({report.moves} moves)"
    e = report.error
    where = "setup" if e.step is None else f"step {e.step}"
    if e.move is not None:
        where += f" (move {e.move!r})"
    rule = f", rule {e.rule_id}" if e.rule_id else ""
    return f"INVALID at {where}: {e.reason}{rule}: {e.message}"


def cmd_validate(args: argparse.Namespace) -> int:
    """``maumau validate RECORD...``: check every record of every file; 0 when all are valid, else 1.

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
    files: list[dict[str, Any]] = []
    all_ok = True
    for path in args.records:
        entry: dict[str, Any] = {"path": str(path), "ok": True, "error": None, "records": []}
        try:
            reports = validate_records(read_record_file(path), lenient=not getattr(args, "strict", False))
        except ReplayError as exc:
            entry["ok"] = False
            entry["error"] = exc.to_json()
            all_ok = False
            files.append(entry)
            if not args.json:
                where = f"record {exc.record_index}: " if exc.record_index is not None else ""
                rule = f", rule {exc.rule_id}" if exc.rule_id else ""
                print(f"{path}: {where}INVALID: {exc.reason}{rule}: {exc.message}", file=out)
            if getattr(args, "strict", False):
                break
            continue
        entry["records"] = [r.to_json() for r in reports]
        entry["ok"] = all(r.ok for r in reports)
        all_ok = all_ok and entry["ok"]
        files.append(entry)
        if not args.json:
            if not reports:
                print(f"{path}: no records", file=out)
            for r in reports:
                label = f"{path}" if len(reports) == 1 else f"{path}: record {r.index}"
                print(f"{label}: {_describe(r)}", file=out)
    if args.json:
        print(json.dumps({"ok": all_ok, "files": files}, ensure_ascii=False, indent=2), file=out)
    return 0 if all_ok else 1


def _line(step: int, seat: int, move: str, s: GameState, hands: bool) -> str:
    extra = []
    if s.wished_suit is not None:
        extra.append(f"wish {s.wished_suit.symbol}")
    if s.pending_draw:
        extra.append(f"+{s.pending_draw} pending")
    if s.pending_skip:
        extra.append(f"skip pending x{s.pending_skip}")
    if s.missed_call is not None:
        extra.append(f"seat {s.missed_call} can be called out")
    sizes = " ".join(str(len(h)) for h in s.hands)
    text = (f"{step:>4}  seat {seat}  {move:<12} top {s.top_card!s:<5} hands [{sizes}] stock {len(s.stock)}"
            f"  → seat {s.seat_to_act}")
    if extra:
        text += "  (" + ", ".join(extra) + ")"
    if hands:
        text += "\n      " + " | ".join(" ".join(map(str, h)) or "-" for h in s.hands)
    return text


def cmd_replay(args: argparse.Namespace) -> int:
    """``maumau replay RECORD``: show a game step by step; 1 (after the valid steps) on a violation.

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
    try:
        records = loads_records(read_record_file(args.record))
    except MauMauError as exc:
        print(f"{args.record}: INVALID: {exc}", file=out)
        return 1
    index = getattr(args, "index", 0) or 0
    if not 0 <= index < len(records):
        print(f"{args.record}: no record {index} (the file holds {len(records)})", file=out)
        return 1
    rec = records[index]
    hands = bool(getattr(args, "hands", False))
    names = f" ({', '.join(rec.names)})" if rec.names else ""
    setup = "an explicit deal" if rec.deal is not None else f"seed {rec.seed}"
    print(f"{rec.variant} v{rec.variant_version}, {rec.players} players{names}, {setup}", file=out)
    it = replay(rec)
    try:
        state = next(it)
        print(_line(-1, state.seat_to_act, "(start)", state, hands).replace("  -1", "   -", 1), file=out)
        for i, rm in enumerate(rec.moves):
            seat = state.seat_to_act
            state = next(it)
            comment = f"   # {rm.comment}" if rm.comment else ""
            print(_line(i, seat, str(rm.move), state, hands) + comment, file=out)
        for _ in it:  # the result check runs when the generator finishes
            pass
    except ReplayError as exc:
        print(f"INVALID: {exc}", file=out)
        return 1
    if state.end is not None:
        who = "nobody" if state.winner is None else f"seat {state.winner}"
        print(f"over: {state.end.value}, winner {who}", file=out)
    else:
        print(f"unfinished after {len(rec.moves)} moves; seat {state.seat_to_act} to act", file=out)
    return 0


def add_subcommands(subparsers: Any) -> None:
    """Register ``validate`` and ``replay`` on an argparse subparsers object; each sets ``func``.

    ``func`` takes the parsed :class:`argparse.Namespace` and returns the exit code.

    >>> import argparse
    >>> p = argparse.ArgumentParser(); add_subcommands(p.add_subparsers())
    >>> p.parse_args(["replay", "g.json", "--index", "2"]).index
    2
    """
    v = subparsers.add_parser("validate", help="check game records and report the first violation of each",
                              description="Replay every record of every file and print OK or its first violation "
                                          "(step, reason code, rule ID). Exit 1 when any record is invalid.")
    v.add_argument("records", nargs="+", metavar="RECORD", help="record files (one record or a list of records)")
    v.add_argument("--json", action="store_true", help="print one machine-readable JSON document")
    v.add_argument("--strict", action="store_true", help="stop at the first invalid record")
    v.set_defaults(func=cmd_validate)
    r = subparsers.add_parser("replay", help="show a recorded game step by step",
                              description="Replay a record, showing each move and the table after it.")
    r.add_argument("record", metavar="RECORD", help="a record file")
    r.add_argument("--index", type=int, default=0, help="which record of a file of many (default 0)")
    r.add_argument("--hands", action="store_true", help="also show every hand after each move")
    r.set_defaults(func=cmd_replay)


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    """Run ``validate`` or ``replay`` (``python -m maumau_rules.cli_records ...``); return the exit code.

    >>> import io
    >>> main(["validate", "/nonexistent.json"], out=io.StringIO())
    1
    """
    parser = argparse.ArgumentParser(prog="maumau", description="Validate and replay Mau-Mau game records.")
    add_subcommands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    args.out = out
    code: int = args.func(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
