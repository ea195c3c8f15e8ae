"""Records at scale: ``maumau validate`` over files of 1,000 and 100,000 games, in JSON Lines and in the ``"records"``
document that ``dumps_records`` writes, with moves per second and peak memory.

For each size the script plays uniform-random Standard 2-player games (seeds ``--seed`` onwards, in ``--jobs``
worker processes), writes them once as JSON Lines (``save_records``' format) and once as a ``"records"`` document
(byte for byte what ``dumps_records`` returns, written piece by piece), then measures, each in a fresh Python
process:

* **validate**: ``maumau validate FILE`` (``cli_records.main``, report lines to ``/dev/null``): wall and CPU time,
  moves per second, and the process's peak resident memory (``ru_maxrss``) next to its size after the imports;
* **split** (JSON Lines only): one pass of ``iter_record_file`` that times reading (parse and field checks) and
  replaying (``first_violation``) separately, in µs per move;
* **traced** (only for sizes up to 10,000 games): the same reading pass under :mod:`tracemalloc`, whose peak counts
  every Python allocation.

Nothing here is a test: it prints figures. Usage::

    python bench/records_scale.py                       # 1,000 and 100,000 games (about 10 minutes, 2 GB of disk)
    python bench/records_scale.py --games 1000          # the 1,000-game file only (seconds)
    python bench/records_scale.py --games 20 --jobs 1   # smoke run
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from maumau_rules import apply, find_variant, legal_moves, new_game
from maumau_rules.records import GameRecord, RecordedMove, RecordResult, dumps_records, record_from_moves

SRC = Path(__file__).resolve().parent.parent / "src"


# ====================================================================== the files


def _games(first_seed: int, count: int, move_seed: int) -> Iterator[GameRecord]:
    """Uniform-random Standard 2-player games as records, built while playing (what ``record_from_moves`` writes,
    without applying every move a second time)."""
    v = find_variant("standard")
    choose = random.Random(move_seed).choice
    for seed in range(first_seed, first_seed + count):
        state = new_game(v, 2, seed)
        moves = []
        while not state.is_over:
            move = choose(legal_moves(state))
            moves.append(RecordedMove(move, seat=state.seat_to_act))
            state = apply(state, move)
        yield GameRecord(variant=v.id, variant_version=v.version, players=2, seed=seed, moves=tuple(moves),
                         result=RecordResult.of(state))


def _write_part(args: tuple[str, int, int, int]) -> tuple[int, int]:
    """Write one part of the JSON Lines file (a worker process); its games and moves."""
    path, first_seed, count, move_seed = args
    games = moves = 0
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for rec in _games(first_seed, count, move_seed):
            fh.write(json.dumps(rec.to_json(), ensure_ascii=False) + "\n")
            games += 1
            moves += len(rec.moves)
    return games, moves


def write_files(directory: Path, games: int, seed: int, jobs: int) -> tuple[Path, Path, int]:
    """The JSON Lines file and the ``"records"`` document of ``games`` games; and their number of moves."""
    jsonl = directory / f"games-{games}.jsonl"
    document = directory / f"games-{games}.json"
    parts = max(1, min(jobs * 4, games // 50 or 1))
    per = -(-games // parts)
    tasks = [(str(directory / f"part-{i}.jsonl"), seed + i * per, min(per, games - i * per), seed + i)
             for i in range(parts) if i * per < games]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            counts = list(pool.map(_write_part, tasks))
    else:
        counts = [_write_part(t) for t in tasks]
    moves = sum(m for _, m in counts)
    with open(jsonl, "wb") as out:
        for path, *_ in tasks:
            with open(path, "rb") as part:
                shutil.copyfileobj(part, out)
            os.remove(path)
    # The document: dumps_records' exact text, written one record at a time (the 100,000-game one is about 1 GB).
    with open(jsonl, encoding="utf-8") as src, open(document, "w", encoding="utf-8", newline="\n") as out:
        out.write('{"type": "records", "version": 1, "records": [')
        for i, line in enumerate(src):
            out.write((", " if i else "") + line.rstrip("\n"))
        out.write("]}")
    return jsonl, document, moves


def check_formats(seed: int) -> None:
    """The files are the library's own: the records equal ``record_from_moves``' and the document is
    ``dumps_records``' text (checked on a few games)."""
    recs = list(_games(seed, 5, seed))
    again = [record_from_moves("standard", 2, r.seed, [m.move for m in r.moves]) for r in recs]
    assert recs == again, "the records built while playing differ from record_from_moves'"
    streamed = '{"type": "records", "version": 1, "records": [' + ", ".join(
        json.dumps(r.to_json(), ensure_ascii=False) for r in recs) + "]}"
    assert streamed == dumps_records(recs), "the streamed document differs from dumps_records'"


# ====================================================================== measurements (in fresh processes)

_VALIDATE = """
import io, json, os, resource, sys, time
from maumau_rules.cli_records import main
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
w0, c0 = time.perf_counter(), time.process_time()
with open(os.devnull, "w") as out:
    code = main(["validate", sys.argv[1]], out=out, err=sys.stderr)
wall, cpu = time.perf_counter() - w0, time.process_time() - c0
print(json.dumps({"code": code, "wall": wall, "cpu": cpu, "base_kb": base,
                  "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""

_SPLIT = """
import json, resource, sys, time, tracemalloc
from maumau_rules.cli_records import iter_record_file
from maumau_rules.records import first_violation
traced = sys.argv[2] == "traced"
if traced:
    tracemalloc.start()
clock = time.process_time
reading = replaying = 0.0
records = moves = invalid = 0
it = iter_record_file(sys.argv[1])
while True:
    t0 = clock()
    rec = next(it, None)
    t1 = clock()
    reading += t1 - t0
    if rec is None:
        break
    records += 1
    moves += len(rec.moves)
    if not traced:
        invalid += first_violation(rec) is not None
        replaying += clock() - t1
peak = tracemalloc.get_traced_memory()[1] if traced else 0
print(json.dumps({"records": records, "moves": moves, "invalid": invalid, "reading": reading,
                  "replaying": replaying, "traced_peak": peak,
                  "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def measure(script: str, *args: str) -> dict[str, Any]:
    """Run ``script`` in a fresh Python process with the source tree first on the path; its JSON result."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"measurement failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


# ====================================================================== report


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain fixed-width table (first column left, the rest right)."""
    cells = [[str(c) for c in r] for r in rows]
    widths = [max([len(h), *(len(r[i]) for r in cells)]) for i, h in enumerate(headers)]

    def line(r: Sequence[str]) -> str:
        return "  ".join(f"{c:<{w}}" if i == 0 else f"{c:>{w}}" for i, (c, w) in enumerate(zip(r, widths, strict=True)))

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *(line(r) for r in cells)])


def main(argv: Sequence[str] | None = None) -> int:
    """Write the files, measure, print the tables; the exit code is 1 when a file did not validate."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, nargs="+", default=[1_000, 100_000], help="file sizes, in games")
    parser.add_argument("--seed", type=int, default=1234, help="the first game's seed (and the moves' seed)")
    parser.add_argument("--jobs", type=int, default=2, help="processes that play the games (default 2)")
    parser.add_argument("--dir", type=Path, default=None, help="where to write the files (default: a temporary "
                                                                  "directory, removed at the end)")
    args = parser.parse_args(argv)
    print(f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC; python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.system()} {platform.machine()}, "
          f"{platform.processor() or 'cpu?'}, nproc {os.cpu_count()}, load {os.getloadavg()[0]:.2f}", flush=True)
    check_formats(args.seed)
    directory = args.dir or Path(tempfile.mkdtemp(prefix="records-scale-"))
    directory.mkdir(parents=True, exist_ok=True)
    rows: list[list[object]] = []
    split_rows: list[list[object]] = []
    failed = False
    try:
        for games in args.games:
            t0 = time.perf_counter()
            jsonl, document, moves = write_files(directory, games, args.seed, args.jobs)
            print(f"\n{games:,} games, {moves:,} moves, written in {time.perf_counter() - t0:.0f} s: "
                  f"{jsonl.name} {jsonl.stat().st_size / 1e6:,.1f} MB, {document.name} "
                  f"{document.stat().st_size / 1e6:,.1f} MB", flush=True)
            for label, path in (("JSON Lines", jsonl), ("records document", document)):
                r = measure(_VALIDATE, str(path))
                failed |= r["code"] != 0
                rows.append([f"{games:,}", label, f"{path.stat().st_size / 1e6:,.1f}", f"{moves:,}", r["code"],
                             f"{r['wall']:.1f}", f"{r['cpu']:.1f}", f"{moves / r['cpu']:,.0f}",
                             f"{r['base_kb'] / 1024:.0f}", f"{r['peak_kb'] / 1024:.0f}"])
                print(f"  validate {label}: exit {r['code']}, {r['cpu']:.1f} s CPU, peak RSS "
                      f"{r['peak_kb'] / 1024:.0f} MB", flush=True)
            s = measure(_SPLIT, str(jsonl), "timed")
            traced = measure(_SPLIT, str(jsonl), "traced") if games <= 10_000 else None
            split_rows.append([f"{games:,}", f"{s['reading'] * 1e6 / moves:.2f}", f"{s['replaying'] * 1e6 / moves:.2f}",
                               f"{s['reading'] / s['replaying']:.2f}", s["invalid"],
                               f"{traced['traced_peak'] / 1e6:.2f}" if traced else "-",
                               f"{jsonl.stat().st_size / 1e6:,.1f}"])
            for path in (jsonl, document):
                path.unlink()
    finally:
        if args.dir is None:
            shutil.rmtree(directory, ignore_errors=True)
    print("\n## maumau validate FILE (one process per run; CPU time; peak RSS of the whole process)\n")
    print(table(["games", "format", "file MB", "moves", "exit", "wall s", "CPU s", "moves/s", "RSS after imports MB",
                 "peak RSS MB"], rows))
    print("\n## Reading vs replaying (JSON Lines, iter_record_file then first_violation, CPU µs per move)\n")
    print(table(["games", "read µs/move", "replay µs/move", "read/replay", "invalid", "traced peak MB (reading)",
                 "file MB"], split_rows))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
