"""Inputs built to be slow or large, given to every reader: bounded time and memory (issue 14, finding 3).

The bounds are generous (the machine is shared), but far below what the unbounded readers cost: the review
measured 47.5 s of CPU for 10,000 small records with overrides, and ``maumau validate /dev/zero`` read without
end.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from maumau_rules import MauMauError, find_variant, load_variant
from maumau_rules.cli import main
from maumau_rules.cli_records import MAX_RECORD_FILE_BYTES, read_limited, read_record_file
from maumau_rules.notation import loads, loads_state, parse_json_text
from maumau_rules.records import (
    COMPILED_VARIANTS,
    MAX_VARIANTS_PER_FILE,
    GameRecord,
    ReplayError,
    dumps_records,
    loads_records,
    validate_records,
)


@contextmanager
def bounded(seconds: float, megabytes: float | None) -> Iterator[None]:
    """Fail when the block takes more CPU time than ``seconds`` or allocates more than ``megabytes`` at its peak
    (``None``: memory not traced, which slows allocation-heavy code several times)."""
    if megabytes is not None:
        tracemalloc.start()
    started = time.process_time()
    try:
        yield
    finally:
        cpu = time.process_time() - started
        peak = tracemalloc.get_traced_memory()[1] if megabytes is not None else 0
        tracemalloc.stop()
    assert cpu < seconds, f"took {cpu:.2f} s of CPU (bound {seconds} s)"
    assert megabytes is None or peak < megabytes * 2**20, f"peaked at {peak / 2**20:.1f} MB (bound {megabytes} MB)"


def test_records_with_the_same_overrides_compile_once() -> None:
    """4,000 records that change the rules the same few ways: CPU linear in the file (was ~2-5 ms a record, which
    would take 8-20 s here)."""
    recs = [GameRecord("standard", 1, 2, seed=i, overrides={"R_DEAL": {"hand_size": 4 + i % 3}}) for i in range(4_000)]
    text = dumps_records(recs)
    COMPILED_VARIANTS.clear()
    with bounded(seconds=6.0, megabytes=None):
        reports = validate_records(text)
    assert all(r.ok for r in reports) and len(reports) == 4_000


def test_records_with_ever_new_overrides_hit_the_per_file_budget() -> None:
    """Every record asks for another variant: only MAX_VARIANTS_PER_FILE are compiled, the rest are refused."""
    recs = [GameRecord("standard", 1, 2, seed=i, overrides={"R_TURN_LIMIT": {"max_moves": 100 + i}})
            for i in range(1_000)]
    text = dumps_records(recs)
    COMPILED_VARIANTS.clear()
    with bounded(seconds=8.0, megabytes=None):
        reports = validate_records(text)
    assert sum(r.ok for r in reports) == MAX_VARIANTS_PER_FILE
    refused = [r for r in reports if not r.ok]
    assert refused and all(r.error is not None and "distinct variants" in r.error.message for r in refused)



def test_records_with_ever_new_definitions_hit_the_per_file_budget() -> None:
    base = find_variant("standard")
    houses = [base.with_rules(id=f"house-{i}") for i in range(MAX_VARIANTS_PER_FILE + 1)]
    text = dumps_records([GameRecord(h.id, 1, 2, definition=h) for h in houses])
    COMPILED_VARIANTS.clear()
    with pytest.raises(MauMauError, match="distinct variants"):
        loads_records(text)
    COMPILED_VARIANTS.clear()
    assert len(loads_records(dumps_records([GameRecord(h.id, 1, 2, definition=h) for h in houses[:3]] * 50))) == 150


@pytest.mark.parametrize("text", [
    "[" * 200_000 + "]" * 200_000,
    '{"a":' * 100_000 + "1" + "}" * 100_000,
    '{"type": "record", "version": 1, "moves": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "1" + "0" * 900_000,
    '"' + "\\u0041" * 150_000 + '"',
], ids=["deep-list", "deep-object", "deep-moves", "huge-integer", "long-escapes"])
def test_deep_and_huge_json_is_refused_quickly(text: str) -> None:
    for reader in (loads, loads_state, loads_records, lambda t: parse_json_text(t, "JSON")):
        with bounded(seconds=5.0, megabytes=200), suppress(MauMauError):
            reader(text)


@pytest.mark.parametrize("text", ["a = " + "[" * 50_000 + "]" * 50_000, "a = " + "{b=" * 30_000 + "1" + "}" * 30_000,
                                  "[variant]\n" + "x" * 300_000])
def test_deep_and_huge_toml_is_refused_quickly(text: str) -> None:
    with bounded(seconds=5.0, megabytes=200), pytest.raises(MauMauError):
        load_variant(text)


def test_a_device_file_is_read_only_to_the_limit() -> None:
    """``read_record_file`` used ``st_size`` (0 for a device) and then read ``/dev/zero`` without end."""
    with bounded(seconds=5.0, megabytes=3 * 1 + 8), pytest.raises(ReplayError, match="longer than 1048576 bytes"):
        read_record_file("/dev/zero", limit=1 << 20)
    assert MAX_RECORD_FILE_BYTES == 20_000_000


def test_an_endless_stream_is_read_only_to_the_limit() -> None:
    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
            buffer[:] = b"[" * len(buffer)
            return len(buffer)

    with bounded(seconds=5.0, megabytes=10), pytest.raises(MauMauError, match="longer than"):
        read_limited(io.BufferedReader(Endless()), 1 << 20, "the stream")


def test_maumau_validate_dev_zero_stops_at_the_limit() -> None:
    """``maumau validate /dev/zero`` must stop (exit 3, a file that cannot be used). It reads as a stream now: a NUL
    byte cannot begin a record, so it stops at the first piece instead of reading up to a size limit."""
    err = io.StringIO()
    started = time.monotonic()
    assert main(["validate", "/dev/zero"], out=io.StringIO(), err=err) == 3
    assert time.monotonic() - started < 30
    assert err.getvalue() == "maumau validate: /dev/zero is not a JSON file: Expecting value (line 1, column 1)\n"


def _cli_fed_without_end(args: list[str], timeout: float = 60) -> tuple[int, str]:
    """Run ``maumau ARGS`` with a standard input that never ends; its exit code and standard error."""
    proc = subprocess.Popen([sys.executable, "-m", "maumau_rules.cli", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stderr is not None
    threading.Thread(target=_endless, args=(proc.stdin.fileno(),), daemon=True).start()
    try:
        code = proc.wait(timeout)
    finally:
        if proc.poll() is None:  # pragma: no cover
            proc.kill()
    return code, proc.stderr.read().decode()


def _endless(fd: int) -> None:
    block = b" " * 65536
    try:
        while True:
            os.write(fd, block)
    except OSError:  # the reader stopped reading: the pipe is closed
        pass


def test_maumau_validate_of_an_endless_pipe_stops_at_the_limit() -> None:
    """Standard input that never ends (a pipe): ``maumau validate -`` reads up to the limit and stops (exit 3)."""
    code, err = _cli_fed_without_end(["validate", "-"])
    assert code == 3 and "standard input is longer than" in err


def test_a_variant_file_that_never_ends(tmp_path: Path) -> None:
    """``--variant FILE.toml`` read the whole file: a FIFO fed without end would never return."""
    fifo = tmp_path / "house.toml"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "wb") as fh:
            _endless(fh.fileno())

    threading.Thread(target=feed, daemon=True).start()
    err = io.StringIO()
    assert main(["play", "--variant", str(fifo), "--bots-only", "--rounds", "1", "--quiet"], out=io.StringIO(),
                err=err) == 2
    assert "too large" in err.getvalue()


def test_limits_are_parameters() -> None:
    with pytest.raises(MauMauError, match="too long"):
        parse_json_text(json.dumps([1] * 100), "list", limit=10)
    with pytest.raises(ReplayError, match="longer than 4 bytes"):
        read_record_file("/dev/zero", limit=4)
