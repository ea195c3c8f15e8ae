"""``maumau simulate``: play many games between bots and print statistics with confidence intervals.

The work is :func:`maumau_rules.simulate.simulate`; this module reads the command line, shows a progress bar
on standard error (``tqdm`` from the ``progress`` extra when it is installed, a plain line otherwise), prints
the result (a table, JSON or CSV) and writes files and plots (the ``plot`` extra)::

    maumau simulate standard -n 100000 --jobs 2
    maumau simulate all --players 2 3 4 -n 20000 --json run.json --plot docs/stats
    maumau simulate malilla -n 10000 --bots ismcts,random,ismcts,random
    maumau simulate standard --bots ismcts,heuristic -n 1000 --ray auto
    maumau simulate standard -n 1000000 --engine batch --backend jax --bots random

>>> import argparse, io
>>> parser = argparse.ArgumentParser(prog="maumau")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["simulate", "prsi", "-n", "10", "--players", "2", "3", "--jobs", "1", "--no-progress"])
>>> args.out, args.err = io.StringIO(), io.StringIO()
>>> cmd_simulate(args), args.out.getvalue().splitlines()[0]
(0, 'prsi, 2 players: 10 games, bots heuristic (seats rotate), seed 0')
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from .errors import MauMauError
from .exitcodes import ExitCode
from .extras import MissingExtraError, require
from .i18n import gettext as _
from .i18n import ngettext, translate_message
from .simulate import SimulationError, SimulationResult, available_cores, simulate

__all__ = ["TextProgress", "add_subcommand", "cmd_simulate"]


def add_subcommand(sub: Any) -> None:
    """Add ``simulate`` to the ``maumau`` command's subparsers ``sub``.

    >>> parser = argparse.ArgumentParser(prog="maumau")
    >>> add_subcommand(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["simulate", "standard"])
    >>> args.games, args.players, args.bots, args.jobs, args.ray
    (1000, None, 'heuristic', 0, None)
    """
    p = sub.add_parser(
        "simulate", help=_("play many games between bots and print statistics with confidence intervals"),
        description=_("Play GAMES games of every variant at every player count between computer players, on all "
                    "cores (or a Ray cluster), and print statistics with 95%% confidence intervals. The same seed "
                    "gives the same result whatever --jobs or --ray."))
    p.add_argument("variants", nargs="+", metavar="VARIANT",
                   help=_("variant names or aliases, variant files (.toml, .py), or 'all' for every registered variant "
                        "of every family (at the player counts of --players it seats)"))
    p.add_argument("-p", "--players", type=int, nargs="+", default=None, metavar="N",
                   help=_("player counts (default: each variant's smallest table: 2 for standard, 4 for malilla)"))
    p.add_argument("-b", "--bots", default="heuristic",
                   help=_("bots seat by seat, comma-separated, repeated to fill the seats: heuristic, random, ismcts, "
                        "ismcts:N (N playouts per decision); default: heuristic"))
    p.add_argument("-n", "--games", type=int, default=1000, help=_("games per variant and player count (default 1000)"))
    p.add_argument("--seed", type=int, default=0, help=_("the run's seed (default 0)"))
    p.add_argument("-j", "--jobs", type=int, default=0,
                   help=_("worker processes (default 0: every core, here {cores}; 1: no workers)").format(
                       cores=available_cores()))
    p.add_argument("--ray", metavar="ADDRESS", default=None,
                   help=_("run on a Ray cluster (pip install \"maumau-rules[ray]\"): 'auto' joins this machine's "
                        "cluster, 'local' starts one here with --jobs CPUs, or give the head's address"))
    p.add_argument("--no-rotate", dest="rotate", action="store_false",
                   help=_("keep every bot in its seat (by default the bots move one seat on every game)"))
    p.add_argument("--duplicate", action="store_true",
                   help=_("play every deal once in each rotation of the bots (the luck of the deal evens out)"))
    p.add_argument("--format", choices=("table", "json", "csv"), default="table",
                   help=_("what to print on standard output (default: table)"))
    p.add_argument("--json", metavar="FILE", default=None, help=_("also write the result as JSON to FILE"))
    p.add_argument("--csv", metavar="FILE", default=None, help=_("also write the result as CSV to FILE"))
    p.add_argument("--plot", metavar="DIR", default=None,
                   help=_("write plots to DIR (pip install \"maumau-rules[plot]\"): game lengths, win rates by position"))
    p.add_argument("--plot-format", default="png", help=_("plot file formats, comma-separated: png, svg (default png)"))
    p.add_argument("--no-progress", dest="progress", action="store_false", help=_("show no progress bar"))
    p.add_argument("--engine", choices=("scalar", "batch"), default="scalar",
                   help=_("scalar (default): one game at a time, every bot; batch: B games at once over arrays "
                        "(pip install \"maumau-rules[batch]\"), the random and heuristic bots, variants with a table "
                        "form"))
    p.add_argument("--batch-size", type=int, default=4096, metavar="B",
                   help=_("games played at once by --engine batch (default 4096)"))
    p.add_argument("--backend", choices=("numpy", "jax"), default="numpy",
                   help=_("the array library of --engine batch: numpy (default), or jax (pip install "
                        "\"maumau-rules[jax]\"): one compiled step, random bots, the variants it runs"))
    p.set_defaults(func=cmd_simulate)


class TextProgress:
    """A progress line without any extra package: games done, games per second and the time left, rewritten in
    place on a terminal.

    >>> import io
    >>> clock = iter([0.0, 2.0, 4.0]).__next__
    >>> out = io.StringIO()
    >>> bar = TextProgress(out, clock=clock)
    >>> bar(50, 200); bar(100, 200); bar.close()
    >>> out.getvalue().split("\\r")[-1]
    ' 100/200 games (50%)  25.00 games/s  0:00:04 left\\n'
    """

    def __init__(self, out: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self._out = out
        self._clock = clock
        self._start = clock()
        self._shown = False

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` games are done.

        >>> import io
        >>> out = io.StringIO()
        >>> TextProgress(out, clock=iter([0.0, 1.0]).__next__)(10, 20)
        >>> out.getvalue()
        '\\r 10/20 games (50%)  10.00 games/s  0:00:01 left'
        """
        elapsed = self._clock() - self._start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        minutes, seconds = divmod(round(left), 60)
        hours, minutes = divmod(minutes, 60)
        self._out.write("\r " + _("{done}/{total} games ({percent}%)  {rate} games/s  {left} left").format(
            done=done, total=total, percent=100 * done // max(total, 1), rate=f"{rate:,.{0 if rate >= 100 else 2}f}",
            left=f"{hours}:{minutes:02d}:{seconds:02d}"))
        self._out.flush()
        self._shown = True

    def close(self) -> None:
        """End the line.

        >>> import io
        >>> out = io.StringIO(); TextProgress(out).close(); out.getvalue()
        ''
        """
        if self._shown:
            self._out.write("\n")
            self._out.flush()


def _progress_bar(err: TextIO, total: int, enabled: bool) -> tuple[Callable[[int, int], None] | None,
                                                                     Callable[[], None]]:
    """A progress callback and its closer: tqdm when installed, else :class:`TextProgress`; none when standard
    error is not a terminal or progress is off."""
    if not enabled or not (hasattr(err, "isatty") and err.isatty()):
        return None, lambda: None
    try:
        from tqdm import tqdm
    except ModuleNotFoundError:
        text = TextProgress(err)
        return text, text.close
    bar = tqdm(total=total, unit=" " + _("games"), file=err, dynamic_ncols=True, smoothing=0.05, mininterval=0.2)

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def _error(args: argparse.Namespace, message: str) -> None:
    err = getattr(args, "err", None) or sys.stderr
    print(f"maumau simulate: {message}", file=err)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run ``maumau simulate``; returns the exit code (2 for bad settings, 3 for a file that cannot be written).

    >>> import argparse, io
    >>> args = argparse.Namespace(variants=["standard"], players=[9], bots="heuristic", games=5, seed=0, jobs=1,
    ...     ray=None, rotate=True, duplicate=False, format="table", json=None, csv=None, plot=None, plot_format="png",
    ...     progress=False, out=io.StringIO(), err=io.StringIO())
    >>> cmd_simulate(args), args.err.getvalue()
    (2, "maumau simulate: variant 'standard' is for 2-5 players, not 9\\n")
    """
    out: TextIO = getattr(args, "out", None) or sys.stdout
    err: TextIO = getattr(args, "err", None) or sys.stderr
    try:
        from .cli_records import variant_argument

        variants = ["all" if name == "all" else variant_argument(name) for name in args.variants]
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        formats = [f.strip().lower() for f in args.plot_format.split(",") if f.strip()]
        if args.plot is not None and (not formats or any(f not in ("png", "svg") for f in formats)):
            raise MauMauError(_("plot format {format}: choose png, svg or both ('png,svg')").format(
                format=repr(args.plot_format)))
        if args.plot is not None:  # before the games: a missing extra is said at once, not after the whole run
            require("matplotlib.figure", "plot", "maumau simulate --plot")
        backend = getattr(args, "backend", "numpy")
        if backend != "numpy" and getattr(args, "engine", "scalar") != "batch":
            raise MauMauError(_("--backend {backend} needs --engine batch").format(backend=backend))
        if backend == "jax":
            require("jax", "jax", "maumau simulate --backend jax")
        cores = available_cores()
        workers = args.jobs or cores
        total = args.games * max(1, len(args.players or [0])) * len(variants)
        update, close = _progress_bar(err, total, args.progress)
        start = time.perf_counter()
        try:
            if getattr(args, "engine", "scalar") == "batch":
                result = _simulate_batch(args, variants, bots, update)
                workers = 1
            else:
                result = simulate(variants, args.players, bots=bots, games=args.games, seed=args.seed,
                                  rotate=args.rotate, duplicate=args.duplicate, jobs=args.jobs, ray=args.ray,
                                  progress=update)
        finally:
            close()
        seconds = time.perf_counter() - start
    except MissingExtraError as exc:
        _error(args, translate_message(str(exc)))
        return int(ExitCode.USAGE)
    except MauMauError as exc:
        _error(args, translate_message(str(exc)))
        return int(ExitCode.USAGE)
    played = result.games * len(result.cells)
    where = f"Ray ({args.ray})" if args.ray else ngettext("{n} process", "{n} processes", workers).format(n=workers)
    rate = played / seconds if seconds > 0 else 0.0
    print(ngettext("{n} game in {seconds} s: {rate} games/s on {where}",
                   "{n} games in {seconds} s: {rate} games/s on {where}", played).format(
        n=played, seconds=f"{seconds:.1f}", rate=f"{rate:,.{0 if rate >= 100 else 2}f}", where=where), file=err)
    if args.format == "json":
        print(json.dumps(result.to_json(), indent=1), file=out)
    elif args.format == "csv":
        out.write(result.to_csv())
    else:
        print(result.table(), file=out)
    return _write_files(args, result)


def _simulate_batch(args: argparse.Namespace, variants: list[Any], bots: list[str],
                    update: Callable[[int, int], None] | None) -> SimulationResult:
    """``--engine batch``: every variant at every player count on the batch engine (one process)."""
    import importlib

    from .families import family_of
    from .variants import available_variants, find_variant

    chosen = [v for name in variants for v in (available_variants() if name == "all" else (find_variant(name),))]
    runners: dict[str, Any] = {}  # each variant's family's batch ``simulate`` module
    for v in chosen:
        fam = family_of(v)
        if fam.batch_module is None:
            raise SimulationError(_("variant {variant} has no table form: the {family} family has no batch engine "
                                    "(use --engine scalar)").format(variant=repr(v.id), family=fam.title))
        runners[v.id] = importlib.import_module(f"{fam.batch_module}.simulate")
    todo = [(v, p) for v in chosen for p in (args.players or [None])]
    total = args.games * len(todo)
    cells: list[Any] = []
    for k, (v, p) in enumerate(todo):
        def step(done: int, _games: int, base: int = k * args.games) -> None:
            if update is not None:
                update(base + done, total)

        cells.extend(runners[v.id].simulate_batch(v, p, games=args.games, seed=args.seed, batch=args.batch_size,
                                                  bots=bots, progress=step,
                                                  backend=getattr(args, "backend", "numpy")).cells)
    return SimulationResult(args.seed, args.games, tuple(bots), True, tuple(cells), False)


def _write_files(args: argparse.Namespace, result: SimulationResult) -> int:
    try:
        if args.json:
            Path(args.json).write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
        if args.csv:
            Path(args.csv).write_text(result.to_csv(), encoding="utf-8")
    except OSError as exc:
        _error(args, _("cannot write {file}: {why}").format(file=repr(exc.filename), why=exc.strerror or exc))
        return int(ExitCode.INPUT)
    if args.plot:
        try:
            from .plot import write_plots

            formats = [f.strip().lower() for f in args.plot_format.split(",") if f.strip()]
            written = write_plots(result, args.plot, formats=formats)
        except MissingExtraError as exc:
            _error(args, translate_message(str(exc)))
            return int(ExitCode.USAGE)
        except OSError as exc:
            _error(args, _("cannot write plots to {dir}: {why}").format(dir=repr(args.plot), why=exc.strerror or exc))
            return int(ExitCode.INPUT)
        err = getattr(args, "err", None) or sys.stderr
        print(_("plots: {files}").format(files=", ".join(str(p) for p in written)), file=err)
    return int(ExitCode.OK)
