"""Profile the Standard 2-player random-play loop (the hot path of ``bench/run.py``).

Prints the top functions from :mod:`cProfile` (by own time and by cumulative time) and, when
``pyinstrument`` is installed, its call tree of the same loop. Usage::

    python bench/profiling.py [--games N] [--players P] [--top K] [--no-pyinstrument]
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import pstats
import random
import time
from collections.abc import Sequence
from typing import Any

from maumau_rules import apply, find_variant, legal_moves, new_game


def play(games: int, players: int, seed: int) -> int:
    """Play ``games`` uniform-random Standard games through the public API; return the decisions."""
    variant = find_variant("standard")
    choose = random.Random(seed).choice
    decisions = 0
    for g in range(games):
        state = new_game(variant, players, seed + g)
        while not state.is_over:
            state = apply(state, choose(legal_moves(state)))
            decisions += 1
    return decisions


def cprofile_report(games: int, players: int, seed: int, top: int) -> str:
    """Run :func:`play` under cProfile and format the top ``top`` functions by tottime and cumtime."""
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    decisions = play(games, players, seed)
    profiler.disable()
    elapsed = time.perf_counter() - start
    out = io.StringIO()
    out.write(f"cProfile: {games} games, {decisions} decisions, {elapsed:.2f} s under the profiler\n")
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs()
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    for key, title in (("tottime", "own time"), ("cumulative", "cumulative time")):
        out.write(f"\n-- top {top} by {title} (percent of {total:.2f} s total own time)\n")
        rows: list[tuple[float, float, int, str]] = []
        for (file, line, name), (_cc, nc, tt, ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
            rows.append((tt, ct, nc, f"{file}:{line}({name})"))
        rows.sort(key=lambda r: r[0] if key == "tottime" else r[1], reverse=True)
        out.write(f"{'own %':>6} {'cum %':>6} {'calls':>10} {'calls/dec':>9}  function\n")
        for tt, ct, nc, where in rows[:top]:
            out.write(f"{100 * tt / total:6.1f} {100 * ct / total:6.1f} {nc:10d} {nc / decisions:9.2f}  {where}\n")
    return out.getvalue()


def pyinstrument_report(games: int, players: int, seed: int) -> str | None:
    """The pyinstrument call tree of :func:`play`, or ``None`` when pyinstrument is not installed."""
    try:
        mod: Any = importlib.import_module("pyinstrument")
    except ImportError:
        return None
    profiler = mod.Profiler(interval=0.0005)
    profiler.start()
    play(games, players, seed)
    profiler.stop()
    text: str = profiler.output_text(unicode=False, color=False, show_all=False)
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Print the cProfile tables and the pyinstrument tree."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--no-pyinstrument", action="store_true")
    args = parser.parse_args(argv)
    play(5, args.players, args.seed)  # warm up lazy caches
    print(cprofile_report(args.games, args.players, args.seed, args.top))
    if not args.no_pyinstrument:
        tree = pyinstrument_report(args.games, args.players, args.seed)
        print(tree if tree is not None else "pyinstrument not installed; skipped its call tree")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
