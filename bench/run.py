"""Benchmark of ``maumau_rules``: random play through the public API, next to peer engines.

Sections (all in one run):

* **random play**: complete games with a uniform-random bot (``legal_moves``, a seeded
  :class:`random.Random` choice, then ``apply``, which validates), Standard with 2 and 4 players and
  Prší, Pesten and Mau-King when the registry knows them. When ``bench/anchors.py`` finds OpenSpiel or
  RLCard, their loops run *interleaved* with ours (round-robin, ``--repeats`` times); the tables give
  medians with the spread (min-max) and our ratio to each anchor.
* **game length**: why random Standard games are long (voluntary draws), next to a play-first bot.
* **micro-costs** on positions of random Standard 2-player games: ``new_game``, ``legal_moves``
  (uncached, on freshly built states, and cached), ``check``, ``apply``, ``view``, building a state.
* **records**: JSON round trip and replay of a 1,000-game record file (when ``maumau_rules.records`` exists), read
  back whole through the streaming reader; ``bench/records_scale.py`` measures files of 100,000 games.
* **memory**: peak traced memory while playing games, and the size of one state in bytes.
* **scaling**: microseconds per decision for 2-10 players and for hands of 5-20 cards (two 52-card packs).
* **adapters**: microseconds per decision through the learning-environment adapters (PettingZoo AEC env,
  OpenSpiel ``python_maumau``) beside the raw engine, on the same kind of games (``--only adapters``).

At the end, **goals**: each goal of the speed issue that the run measured (the bare decision against OpenSpiel's
uniform Python loop, the server step against the bare decision, the batch engine against OpenSpiel's C++ loop, jax
against numpy), its ratio of medians beside its bound, met or not.

A *decision* is one ``apply``: each play, draw, pass and call-out. A game's time includes ``new_game``
(shuffle, cut, deal), as the anchors' times include their chance nodes. Usage::

    python bench/run.py                          # full run, a few minutes
    python bench/run.py --smoke                  # every section for a tiny time (CI: the script still works)
    python bench/run.py --seconds 5 --repeats 5
"""

from __future__ import annotations

import argparse
import contextlib
import enum
import functools
import gc
import importlib
import importlib.util
import inspect
import itertools
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tomllib
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from anchors import (
    CHANCE_MODES,
    CLOCK,
    AnchorResult,
    openspiel_available,
    rlcard_available,
    run_openspiel_cpp,
    run_openspiel_crazy_eights,
    run_rlcard_uno,
    timed_games,
)

from maumau_rules import (
    Card,
    Draw,
    GameState,
    Move,
    Pass,
    Play,
    Variant,
    VariantError,
    apply,
    check,
    find_variant,
    legal_moves,
    load_variant,
    new_game,
    parse_move,
)
from maumau_rules.notation import dumps
from maumau_rules.views import view, views, views_json

T = TypeVar("T")
Chooser = Callable[[Sequence[Move]], Move]
Runner = Callable[[float, int], AnchorResult]

STANDARD_TOML = Path(__file__).resolve().parent.parent / "spec" / "variants" / "standard.toml"
OTHER_VARIANTS = ("prsi", "pesten", "mau-king", "malilla")


# ====================================================================== settings


@dataclass(frozen=True, slots=True)
class Settings:
    """How long each part runs."""

    seconds: float
    """Time budget of one timed run (one arm in one repeat)."""
    repeats: int
    """Round-robin repeats; medians and spreads are over these."""
    seed: int
    warmup_games: int
    """Untimed games before each timed run."""
    positions: int
    """Positions in the pool used for the micro-costs and the state sizes."""
    micro_seconds: float
    """Time budget of one micro-cost measurement."""
    record_games: int
    memory_games: int
    scaling_seconds: float
    length_games: int
    """Games played (untimed) for the game-length statistics."""
    compiled: Path | None = None
    """A mypyc-compiled copy of the package (``bench/compile.py``): its arms run in worker processes."""

    @classmethod
    def make(cls, smoke: bool, seconds: float | None, repeats: int | None, seed: int) -> Settings:
        """Full-run defaults, or the tiny smoke budget; ``seconds`` and ``repeats`` override."""
        if smoke:
            s = 0.05 if seconds is None else seconds
            return cls(seconds=s, repeats=repeats or 2, seed=seed, warmup_games=1, positions=200,
                       micro_seconds=s / 2, record_games=20, memory_games=3, scaling_seconds=s, length_games=20)
        s = 5.0 if seconds is None else seconds
        return cls(seconds=s, repeats=repeats or 5, seed=seed, warmup_games=20, positions=5_000,
                   micro_seconds=max(s / 5, 0.2), record_games=1_000, memory_games=50,
                   scaling_seconds=max(s / 2, 0.5), length_games=2_000)


# ====================================================================== statistics and printing


@dataclass(frozen=True, slots=True)
class Spread:
    """Median and range of repeated measurements."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Iterable[float]) -> Spread:
        """The median, minimum and maximum of ``values`` (at least one)."""
        v = sorted(values)
        return cls(statistics.median(v), v[0], v[-1])

    def show(self, fmt: str = ".2f") -> str:
        """``median (low-high)``."""
        return f"{self.median:{fmt}} ({self.low:{fmt}}-{self.high:{fmt}})"


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], align: str = "") -> str:
    """A plain fixed-width table; ``align`` has one ``<``/``>`` per column (default: first left, rest right)."""
    cells = [[str(c) for c in row] for row in rows]
    widths = [max([len(h), *(len(r[i]) for r in cells)]) for i, h in enumerate(headers)]
    al = align or "<" + ">" * (len(headers) - 1)

    def line(r: Sequence[str]) -> str:
        return "  ".join(f"{c:{a}{w}}" for c, a, w in zip(r, al, widths, strict=True)).rstrip()

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *(line(r) for r in cells)])


def section(title: str) -> None:
    """Print a section heading."""
    print(f"\n## {title}\n", flush=True)


GOALS: list[tuple[str, float, float, str]] = []
"""The issue's goals measured in this run: (what, ratio, most allowed, where it was measured), in the order met."""


def goal(what: str, ratio: float, most: float, where: str) -> None:
    """Note a goal's ratio from this run, for the summary at the end (:func:`print_goals`)."""
    GOALS.append((what, ratio, most, where))


def print_goals() -> None:
    """The goals measured in this run, each ratio beside its bound, met or not."""
    if not GOALS:
        return
    section("Goals measured in this run (ratios of medians; lower is better)")
    print(table(("goal", "ratio", "at most", "met", "section"),
                [[what, f"{ratio:.2f}", f"{most:g}", "yes" if ratio <= most else "no", where]
                 for what, ratio, most, where in GOALS]))


# ====================================================================== playing games


def play_game(variant: Variant, players: int, seed: int, choose: Chooser) -> GameState:
    """Play one complete game through the public API and return the final state."""
    state: GameState = new_game(variant, players, seed)
    while not state.is_over:
        state = apply(state, choose(legal_moves(state)))
    return state


def play_random_game(variant: Variant, players: int, seed: int, choose: Chooser) -> int:
    """Play one complete game and return its number of decisions (the timed loop)."""
    state = new_game(variant, players, seed)
    decisions = 0
    while not state.is_over:
        state = apply(state, choose(legal_moves(state)))
        decisions += 1
    return decisions


def ours(variant: Variant, players: int, label: str, warmup_games: int) -> Runner:
    """A runner that times uniform-random games of ``variant``."""

    def run(seconds: float, seed: int) -> AnchorResult:
        choose = random.Random(seed).choice
        game_seeds = itertools.count(seed * 1_000_003)

        def play_one() -> int:
            return play_random_game(variant, players, next(game_seeds), choose)

        games, decisions, elapsed = timed_games(play_one, seconds, warmup_games)
        return AnchorResult(label, players, games, decisions, elapsed)

    return run


def compiled_ours(path: Path, variant: Variant, players: int, warmup_games: int) -> Runner:
    """A runner that times uniform-random games of ``variant`` with the compiled copy at ``path``.

    Each timed run is a worker process (``run.py --worker``) that imports the package from ``path``; it
    plays exactly the loop of :func:`ours` and reports games, decisions and seconds as JSON.
    """
    label = f"{variant.id} (mypyc)"

    def run(seconds: float, seed: int) -> AnchorResult:
        clock = "cpu" if CLOCK[0] is time.process_time else "wall"
        argv = [sys.executable, str(Path(__file__).resolve()), "--worker",
                json.dumps([variant.id, players, seconds, seed, warmup_games, clock])]
        out = subprocess.run(argv, env={**os.environ, "PYTHONPATH": str(path)}, capture_output=True, text=True,
                             check=True)
        games, decisions, elapsed = json.loads(out.stdout)
        return AnchorResult(label, players, games, decisions, elapsed)

    return run


def worker(spec: str) -> int:
    """Worker mode for :func:`compiled_ours`: refuse to run unless the imported engine is compiled."""
    variant_id, players, seconds, seed, warmup_games, clock = json.loads(spec)
    engine = importlib.import_module("maumau_rules.families.maumau.engine")
    if not str(engine.__file__).endswith((".so", ".pyd")):
        print(f"worker: the engine imported from {engine.__file__} is not compiled", file=sys.stderr)
        return 2
    if clock == "cpu":
        CLOCK[0] = time.process_time
    result = ours(find_variant(variant_id), players, variant_id, warmup_games)(seconds, seed)
    print(json.dumps([result.games, result.decisions, result.seconds]))
    return 0


def anchor(run: Callable[..., AnchorResult], warmup_games: int) -> Callable[[int], Runner]:
    """Bind an anchor function of ``bench/anchors.py`` to a player count."""

    def for_players(players: int) -> Runner:
        def runner(seconds: float, seed: int) -> AnchorResult:
            return run(players, seconds, seed, warmup_games=warmup_games)

        return runner

    return for_players


@dataclass(frozen=True, slots=True)
class Arm:
    """One configuration in a round-robin comparison."""

    name: str
    players: int
    run: Runner
    ours: bool = True


def round_robin(arms: Sequence[Arm], seconds: float, repeats: int, seed: int) -> dict[Arm, list[AnchorResult]]:
    """Run every arm ``repeats`` times, interleaved (the start rotates each repeat) so noise spreads evenly."""
    out: dict[Arm, list[AnchorResult]] = {a: [] for a in arms}
    n = len(arms)
    for r in range(repeats):
        for arm in [*arms[r % n:], *arms[: r % n]]:
            gc.collect()
            out[arm].append(arm.run(seconds, seed + r))
    return out


def play_rows(results: dict[Arm, list[AnchorResult]]) -> list[list[object]]:
    """Table rows: games/s, decisions/s, us/decision (median and range) and decisions per game."""
    rows: list[list[object]] = []
    for arm, rs in results.items():
        games = sum(r.games for r in rs)
        decisions = sum(r.decisions for r in rs)
        rows.append([
            arm.name, arm.players, len(rs), games, f"{decisions / games:.1f}",
            Spread.of(r.games_per_s for r in rs).show(".0f"),
            Spread.of(r.decisions_per_s / 1e3 for r in rs).show(".0f"),
            Spread.of(r.us_per_decision for r in rs).show(".2f"),
        ])
    return rows


PLAY_HEADERS = ("engine", "players", "runs", "games", "dec/game", "games/s med (min-max)",
                "k dec/s med (min-max)", "us/decision med (min-max)")


# ====================================================================== section: random play


def bench_play(cfg: Settings) -> None:
    """Random play of Standard 2p/4p (and other variants), interleaved with the anchors."""
    section("Random play (uniform-random bot, complete games)")
    standard = find_variant("standard")
    arms: list[Arm] = [Arm(f"maumau_rules {standard.id}", p, ours(standard, p, standard.id, cfg.warmup_games))
                       for p in (2, 4)]
    for name in OTHER_VARIANTS:
        try:
            v = find_variant(name)
        except VariantError:
            print(f"skipped {name}: find_variant does not know it yet")
            continue
        lo, hi = v.players
        for p in sorted({min(max(2, lo), hi), min(max(4, lo), hi)}):
            arms.append(Arm(f"maumau_rules {v.id}", p, ours(v, p, v.id, cfg.warmup_games)))
    if cfg.compiled is not None:
        arms += [Arm(f"maumau_rules {standard.id} (mypyc)", p, compiled_ours(cfg.compiled, standard, p, cfg.warmup_games))
                 for p in (2, 4)]
    peers: list[tuple[str, Callable[[int], Runner]]] = []
    if openspiel_available():
        for mode in CHANCE_MODES:  # uniform chance is OpenSpiel's fastest Python loop: the reference
            peers.append((f"openspiel crazy_eights ({mode} chance)",
                          anchor(functools.partial(run_openspiel_crazy_eights, chance=mode), cfg.warmup_games)))
    else:
        print("skipped OpenSpiel anchor: pyspiel not installed (pip install open-spiel)")
    if rlcard_available():
        peers.append(("rlcard uno (raw game)", anchor(run_rlcard_uno, cfg.warmup_games)))
    else:
        print("skipped RLCard anchor: rlcard not installed (pip install rlcard)")
    arms += [Arm(name, p, make(p), ours=False) for name, make in peers for p in (2, 4)]
    print(f"{len(arms)} arms x {cfg.repeats} repeats x {cfg.seconds:g} s, round-robin; seed {cfg.seed}")
    results = round_robin(arms, cfg.seconds, cfg.repeats, cfg.seed)
    print()
    print(table(PLAY_HEADERS, play_rows(results)))
    mine = [a for a in arms if a.ours and a.name in (f"maumau_rules {standard.id}", f"maumau_rules {standard.id} (mypyc)")]
    others = [a for a in arms if not a.ours]
    if others:
        print("\nOur us/decision divided by the anchor's (paired by repeat; median (min-max));"
              " >1 means we are slower:\n")
        rows: list[list[object]] = []
        for a in mine:
            for b in (o for o in others if o.players == a.players):
                ratios = [x.us_per_decision / y.us_per_decision for x, y in zip(results[a], results[b], strict=True)]
                med_ratio = (statistics.median(r.us_per_decision for r in results[a])
                             / statistics.median(r.us_per_decision for r in results[b]))
                rows.append([f"{a.name} vs {b.name}", a.players, f"{med_ratio:.2f}", Spread.of(ratios).show()])
                if a.name == f"maumau_rules {standard.id}" and b.name == "openspiel crazy_eights (uniform chance)":
                    goal(f"bare decision / OpenSpiel uniform Python loop, {a.players}p", med_ratio, 1.5, "play")
        print(table(("comparison", "players", "ratio of medians", "paired ratio med (min-max)"), rows))
    print("\nNotes: OpenSpiel runs crazy_eights with use_special_cards, reshuffle, max_draw_cards=1; its time\n"
          "includes chance nodes (dealing, drawing) but only player actions count as decisions. 'uniform chance'\n"
          "picks chance outcomes uniformly from legal_actions() (OpenSpiel's fastest Python loop, the same\n"
          "distribution for one deck: the reference); 'weighted chance' samples chance_outcomes() by weight.\n"
          "OpenSpiel's apply_action checks only the action's range: it accepts a held card that does not match\n"
          "the top card, where our apply validates every move. RLCard UNO counts every game.step. Our\n"
          "decisions include voluntary draws and passes (see 'Game length').")


# ====================================================================== section: game length


def _is_play(m: Move) -> bool:
    return isinstance(m, Play)


def play_first(rng: random.Random) -> Chooser:
    """A bot that plays a random legal card when it can, and otherwise picks uniformly (draw, pass, ...)."""

    def choose(moves: Sequence[Move]) -> Move:
        plays = [m for m in moves if isinstance(m, Play)]
        return rng.choice(plays or moves)

    return choose


def bench_length(cfg: Settings) -> None:
    """Decisions per Standard 2p game and what they are, for the uniform-random and a play-first bot."""
    section("Game length (Standard, 2 players)")
    v = find_variant("standard")
    rows: list[list[object]] = []
    for label, make in (("uniform random", lambda r: r.choice), ("play-first", play_first)):
        rng = random.Random(cfg.seed)
        choose: Chooser = make(rng)
        lengths: list[int] = []
        kinds: Counter[str] = Counter()
        ends: Counter[str] = Counter()
        voluntary = 0
        for g in range(cfg.length_games):
            s = new_game(v, 2, cfg.seed * 7919 + g)
            n = 0
            while not s.is_over:
                moves = legal_moves(s)
                m = choose(moves)
                kinds[type(m).__name__] += 1
                if isinstance(m, Draw) and not s.pending_draw and any(map(_is_play, moves)):
                    voluntary += 1
                s = apply(s, m)
                n += 1
            lengths.append(n)
            ends[s.end.value if s.end is not None else "?"] += 1
        total = sum(lengths)
        q = statistics.quantiles(lengths, n=10) if len(lengths) > 1 else [lengths[0]] * 9
        rows.append([
            label, len(lengths), f"{total / len(lengths):.1f}", f"{statistics.median(lengths):.0f}",
            f"{q[0]:.0f}-{q[-1]:.0f}",
            " ".join(f"{k.lower()} {100 * c / total:.0f}%" for k, c in kinds.most_common()),
            f"{100 * voluntary / total:.0f}%",
            " ".join(f"{k} {100 * c / len(lengths):.0f}%" for k, c in ends.most_common()),
        ])
    print(table(("bot", "games", "mean", "median", "p10-p90", "decisions by kind", "voluntary draws",
                 "how games ended"), rows, "<>>>><><"))
    print("\nA voluntary draw is a draw while a card could be played (R_DRAW voluntary = true). The uniform bot\n"
          "draws or passes on most decisions, so hands grow and games run long, sometimes to the\n"
          "1,000-move limit (turn_limit).")


# ====================================================================== section: micro-costs


def collect_positions(variant: Variant, players: int, count: int, seed: int) -> list[GameState]:
    """Every non-final state of uniform-random games until ``count`` are collected (legal moves cached)."""
    rng = random.Random(seed)
    out: list[GameState] = []
    for g in itertools.count():
        s = new_game(variant, players, seed + g)
        while not s.is_over and len(out) < count:
            out.append(s)
            s = apply(s, rng.choice(legal_moves(s)))
        if len(out) >= count:
            return out
    raise AssertionError("unreachable")


_INIT_NAMES: tuple[str, ...] = tuple(
    name for name in inspect.signature(GameState).parameters if not name.startswith("_")
)


def state_fields(s: GameState) -> tuple[Any, ...]:
    """The public constructor arguments that rebuild ``s`` (no private caches)."""
    return tuple(getattr(s, name) for name in _INIT_NAMES)


def uncached_copy(s: GameState) -> GameState:
    """An equal state built anew through the public constructor, so ``legal_moves`` is not cached on it."""
    return GameState(*state_fields(s))


def per_call_ns(
    prepare: Callable[[], Sequence[tuple[Any, ...]]], fn: Callable[..., object], seconds: float,
    max_batches: int | None = None,
) -> float:
    """Nanoseconds per ``fn(*args)`` over batches from ``prepare`` (untimed) until ``seconds`` are spent (or, with
    ``max_batches``, that many batches are done: the smoke run's cap, as preparing a batch can cost far more than
    timing it)."""
    spent = 0.0
    calls = 0
    batches = 0
    clock = CLOCK[0]
    while spent < seconds and (max_batches is None or batches < max_batches):
        batches += 1
        batch = prepare()
        start = clock()
        for args in batch:
            fn(*args)
        spent += clock() - start
        calls += len(batch)
    return spent * 1e9 / calls


def _noop(*_args: object) -> None:
    return None


def _illegal_move(s: GameState) -> Move | None:
    """A move that is illegal in ``s``: pass, draw, or a card in hand that cannot be played."""
    legal = set(legal_moves(s))
    candidates: list[Move] = [Pass(), Draw(), *(Play(c) for c in s.hands[s.seat_to_act])]
    for m in candidates:
        if m not in legal:
            return m
    return None


def bench_micro(cfg: Settings) -> None:
    """Per-call costs of the public API on positions of random Standard 2p games."""
    section("Micro-costs (positions of random Standard 2-player games)")
    v = find_variant("standard")
    pool = collect_positions(v, 2, cfg.positions, cfg.seed)
    rng = random.Random(cfg.seed)
    legal = [(s, rng.choice(legal_moves(s))) for s in pool]
    illegal = [(s, m) for s in pool if (m := _illegal_move(s)) is not None]
    fields = [state_fields(s) for s in pool]
    seeds = [(v, 2, i) for i in range(max(1, cfg.positions // 50))]
    sizes = Counter(len(legal_moves(s)) for s in pool)
    mean_moves = sum(k * c for k, c in sizes.items()) / len(pool)
    print(f"{len(pool)} positions; {mean_moves:.1f} legal moves on average; every row: median (min-max) over "
          f"{cfg.repeats} interleaved repeats of {cfg.micro_seconds:g} s\n")

    def fresh(items: Sequence[tuple[Any, ...]]) -> Callable[[], list[tuple[Any, ...]]]:
        return lambda: [(uncached_copy(s), *rest) for s, *rest in items]

    def same(items: Sequence[tuple[Any, ...]]) -> Callable[[], Sequence[tuple[Any, ...]]]:
        return lambda: items

    def other_seat(s: GameState) -> tuple[GameState, int]:
        return s, (s.seat_to_act + 1) % s.players

    cases: list[tuple[str, Callable[[], Sequence[tuple[Any, ...]]], Callable[..., object]]] = [
        ("loop overhead (no-op call)", same([(s,) for s in pool]), _noop),
        ("new_game(standard, 2, seed)", same(seeds), new_game),
        ("GameState(...) construction", same(fields), GameState),
        ("legal_moves, uncached (fresh state)", fresh([(s,) for s in pool]), legal_moves),
        ("legal_moves, cached", same([(s,) for s in pool]), legal_moves),
        ("check legal move, uncached", fresh(legal), check),
        ("check legal move, cached", same(legal), check),
        ("check illegal move (explained), cached", same(illegal), check),
        ("apply legal move, uncached", fresh(legal), apply),
        ("apply legal move, cached", same(legal), apply),
        ("view(state, seat to act), cached", same([(s, s.seat_to_act) for s in pool]), view),
        ("view(state, other seat)", same([other_seat(s) for s in pool]), view),
    ]
    timings: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    cap = 3 if cfg.micro_seconds < 0.1 else None  # the smoke run checks that the section works, not its figures
    for r in range(cfg.repeats):
        for name, prepare, fn in [*cases[r % len(cases):], *cases[: r % len(cases)]]:
            gc.collect()
            timings[name].append(per_call_ns(prepare, fn, cfg.micro_seconds, cap) / 1e3)
    print(table(("operation", "us/call med (min-max)"), [[n, Spread.of(t).show(".3f")] for n, t in timings.items()]))
    loop = statistics.median(timings["legal_moves, uncached (fresh state)"]) + statistics.median(
        timings["apply legal move, cached"])
    print(f"\nlegal_moves (uncached) + apply (cached) = {loop:.2f} us: an upper bound of the engine's share of one\n"
          "decision in the random-play loop: for the common plays, draws and passes apply already generates the\n"
          "next state's legal moves, so there legal_moves is a cache hit (the rest of a decision is rng.choice and\n"
          "the loop; new_game is spread over the game). 'uncached' rows rebuild each state through the public\n"
          "GameState constructor before timing (hands given as card tuples, so the engine first encodes them as\n"
          "integers); 'cached' rows reuse states whose moves were generated once.")


# ====================================================================== section: records


def bench_records(cfg: Settings) -> None:
    """Write, serialise, parse and replay a record file of ``cfg.record_games`` uniform-random games.

    The file is read back whole, as ``dumps_records`` wrote it, through the streaming reader ``iter_records`` (one
    record at a time, each limited to ``MAX_RECORD_TEXT`` characters): a 1,000-game file is about 9 million
    characters, more than the whole-text readers (``loads_records``) accept, and the library reads every file it
    writes. Older versions without ``iter_records`` read it with ``loads_records`` in parts.
    """
    section(f"Records (JSON round trip and replay of a {cfg.record_games}-game file, Standard 2p)")
    if importlib.util.find_spec("maumau_rules.records") is None:
        print("skipped: records not available")
        return
    mod: Any = importlib.import_module("maumau_rules.records")
    needed = ("record_from_moves", "dumps_records", "loads_records", "replay")
    missing = [n for n in needed if not hasattr(mod, n)]
    if missing:
        print(f"skipped: maumau_rules.records has no {', '.join(missing)}")
        return
    v = find_variant("standard")
    rng = random.Random(cfg.seed)
    games: list[tuple[int, list[Move]]] = []
    for g in range(cfg.record_games):
        s = new_game(v, 2, cfg.seed + g)
        moves: list[Move] = []
        while not s.is_over:
            m = rng.choice(legal_moves(s))
            moves.append(m)
            s = apply(s, m)
        games.append((cfg.seed + g, moves))
    decisions = sum(len(m) for _, m in games)
    clock = time.perf_counter
    gc.collect()
    t0 = clock()
    records = [mod.record_from_moves(v, 2, seed, moves) for seed, moves in games]
    t1 = clock()
    text: str = mod.dumps_records(records)
    t2 = clock()
    streaming = hasattr(mod, "iter_records")
    if streaming:
        back: list[Any] = list(mod.iter_records(text))
        how = "iter_records (stream: parse + validate fields)"
    else:  # an older version: its reader refuses files over MAX_RECORD_TEXT, so read the records in parts
        limit: int = getattr(mod, "MAX_RECORD_TEXT", 0) or len(text)
        per = max(1, len(records) * (limit * 9 // 10) // len(text))
        back = [r for i in range(0, len(records), per) for r in mod.loads_records(mod.dumps_records(records[i:i + per]))]
        how = "loads_records in parts (parse + validate fields)"
    t3 = clock()
    states = 0
    for rec in back:
        for _ in mod.replay(rec):
            states += 1
    t4 = clock()
    same = back == records
    rows = [("record_from_moves (applies every move)", t1 - t0), ("dumps_records (to JSON text)", t2 - t1),
            (how, t3 - t2), ("replay (re-checks and applies every move)", t4 - t3)]
    if hasattr(mod, "dumps_records_jsonl"):
        t5 = clock()
        lines: str = mod.dumps_records_jsonl(records)
        t6 = clock()
        again = list(mod.iter_records(lines, jsonl=True))
        t7 = clock()
        same = same and again == records
        rows[2:2] = [("dumps_records_jsonl (JSON Lines text)", t6 - t5)]
        rows[4:4] = [("iter_records of the JSON Lines (jsonl=True)", t7 - t6)]
    print(table(("step", "seconds", "us/game", "us/decision"), [
        [name, f"{dt:.3f}", f"{dt * 1e6 / len(games):.0f}", f"{dt * 1e6 / decisions:.2f}"] for name, dt in rows
    ]))
    limit_note = f" (MAX_RECORD_TEXT {getattr(mod, 'MAX_RECORD_TEXT', 0):,} characters per record)" if streaming else ""
    print(f"\n{len(games)} games, {decisions} decisions, {states} states replayed, {len(text):,} characters of "
          f"JSON ({len(text.encode()) / 1e6:.2f} MB) read in one stream{limit_note}; round trip equal: {same}")


# ====================================================================== section: server path

SERVER_PARTS = ("parse the client's text (parse_move)", "apply for the seat and turn (one validation)",
                "every seat's view and its JSON (views_json)")
SERVER_VIEWS_ALONE = "  of which every seat's view alone (views)"


def server_player(variant: Variant, players: int, seed: int, spent: list[float] | None = None, *,
                  plain: bool = False) -> Callable[[], int]:
    """One uniform-random game played as a server plays it, move by move (returns the moves).

    Each move arrives as text from the seat to act and is parsed; ``apply`` judges it for that seat and the turn
    the client saw and makes the next state (one validation: a refusal would be its ``IllegalMoveError``, which
    carries the verdict); every seat's view is written as JSON (what the server sends each client:
    ``views_json``). With ``plain``, the way of the first server example instead: ``check`` for the seat and
    turn, then ``apply`` again, ``views``, and ``dumps`` of each view (the same texts). With ``spent``, the
    clock's time of each part (in the order of :data:`SERVER_PARTS`, then the views alone) is added to it.
    """
    rng = random.Random(seed)
    choice = rng.choice
    game_seed = itertools.count(seed * 1_000_003)
    clock = CLOCK[0]
    client_texts: dict[Move, str] = {}  # the client's own work: the text of each move it sends, made once

    def play_one() -> int:
        s = new_game(variant, players, next(game_seed))
        n = 0
        while not s.is_over:
            seat, turn = s.seat_to_act, s.turn
            chosen = choice(legal_moves(s))  # the client's choice, as the text it sends
            text = client_texts.get(chosen) or client_texts.setdefault(chosen, str(chosen))
            if plain:
                move = parse_move(text)
                if not check(s, move, player=seat, turn=turn).ok:
                    raise AssertionError(f"a legal move was refused: {text}")
                s = apply(s, move)
                [dumps(v) for v in views(s)]
            elif spent is None:
                s = apply(s, parse_move(text), player=seat, turn=turn)
                views_json(s)
            else:
                t0 = clock()
                move = parse_move(text)
                t1 = clock()
                s = apply(s, move, player=seat, turn=turn)
                t2 = clock()
                views_json(s)
                t3 = clock()
                views(s)
                t4 = clock()
                for i, dt in enumerate((t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
                    spent[i] += dt
            n += 1
        return n

    return play_one


def bench_server(cfg: Settings) -> None:
    """A whole server step per move (parse, apply for a seat and turn, every seat's view and the JSON of every
    view) beside the bare decision of the random-play loop and beside the plain way, Standard 2 and 4 players."""
    section("Server path (Standard: a whole server step per move, beside a bare decision and the plain way)")
    v = find_variant("standard")
    arms: list[Arm] = []
    for p in (2, 4):
        arms.append(Arm(f"bare decision (legal_moves + choice + apply), {p}p", p,
                        ours(v, p, v.id, cfg.warmup_games)))
        for plain in (False, True):
            def server_runner(seconds: float, seed: int, p: int = p, plain: bool = plain) -> AnchorResult:
                games, moves, elapsed = timed_games(server_player(v, p, seed, plain=plain), seconds,
                                                    cfg.warmup_games)
                return AnchorResult(f"server step{' (plain)' if plain else ''}, {p}p", p, games, moves, elapsed)

            label = ("plain server step (parse, check, apply, views, dumps of each)" if plain else
                     "server step (parse, apply for seat and turn, views_json)")
            arms.append(Arm(f"{label}, {p}p", p, server_runner))
    print(f"{len(arms)} arms x {cfg.repeats} repeats x {cfg.seconds:g} s, round-robin; seed {cfg.seed}\n")
    results = round_robin(arms, cfg.seconds, cfg.repeats, cfg.seed)
    print(table(("configuration", *PLAY_HEADERS[1:]), play_rows(results)))
    rows: list[list[object]] = []
    for p in (2, 4):
        bare, server, plain_way = (statistics.median(r.us_per_decision for r in results[a])
                                   for a in arms if a.players == p)
        rows.append([p, f"{bare:.1f}", f"{server:.1f}", f"{server / bare:.2f}x", f"{plain_way:.1f}",
                     f"{plain_way / bare:.2f}x", f"{plain_way / server:.2f}x"])
        if p == 4:
            goal("server step / bare decision, 4p", server / bare, 5, "server")
    print("\nA server step against a bare decision, the same run (medians; goal for 4 players: within 5x):\n")
    print(table(("players", "bare us/decision", "server us/move", "server/bare", "plain us/move", "plain/bare",
                 "plain/server"), rows))
    for p in (2, 4):
        spent = [0.0] * (len(SERVER_PARTS) + 1)
        play = server_player(v, p, cfg.seed, spent)
        moves = 0
        for _ in range(max(3, cfg.warmup_games)):
            play()
        spent[:] = [0.0] * len(spent)
        clock = CLOCK[0]
        start = clock()
        while clock() - start < cfg.seconds:
            moves += play()
        total = sum(spent[:len(SERVER_PARTS)])
        print(f"\nWhere a server step's time goes, {p} players ({moves} moves, each part timed alone):\n")
        print(table(("part", "us/move", "share"), [
            [name, f"{dt * 1e6 / moves:.2f}", f"{100 * dt / total:.0f}%"]
            for name, dt in zip((*SERVER_PARTS, SERVER_VIEWS_ALONE), spent, strict=True)
        ] + [["total of the parts", f"{total * 1e6 / moves:.2f}", "100%"]]))
    bench_fast_json(v, cfg)
    print("\nNotes: the client's move is the text of a uniformly chosen legal move (the client keeps the text of each\n"
          "move it made once: its work, not the server's); parse_move reads it (a bounded\n"
          "cache of texts); apply judges it for the seat and the turn the client saw and makes the next state (one\n"
          "validation: no separate check); views_json(state) builds every seat's view and writes each as JSON, the\n"
          "text every client is sent (the public part, the same for all seats, written once, by an encoder compiled\n"
          "once per view class: maumau_rules.jsontext). The JSON of every view is part of the step (a server sends\n"
          "each client its view); until this run's version the step wrote one view's JSON. The plain way is the\n"
          "earlier example server's: check, apply again, views, dumps of each view (the same texts, byte for byte).\n"
          "Instructions per move: python bench/instructions.py --server --players 4.")


def bench_fast_json(v: Variant, cfg: Settings) -> None:
    """The optional fast encoder (the fastjson extra, orjson) against the standard encoder, on what a server sends:
    the compact JSON of a game record and of a view's data (``jsontext.compact_json``, the example server's
    ``JSONResponse``), beside ``views_json``, which writes every seat's text itself (no fast encoder)."""
    from maumau_rules.jsontext import compact_json, fast_encoder
    from maumau_rules.notation import to_json
    from maumau_rules.records import record_from_moves

    rng = random.Random(cfg.seed)
    records, states = [], []
    for g in range(20):
        s = new_game(v, 4, cfg.seed * 100 + g)
        moves = []
        while not s.is_over:
            moves.append(rng.choice(legal_moves(s)))
            s = apply(s, moves[-1])
            states.append(s)
        records.append(record_from_moves(v, 4, cfg.seed * 100 + g, moves).to_json())
    states = states[:: max(1, len(states) // 400)]
    view_data = [to_json(x) for st in states for x in views(st)]
    clock = CLOCK[0]

    def per_item(work: Callable[[], object], items: int) -> float:
        best = float("inf")
        for _ in range(max(3, cfg.repeats)):
            start = clock()
            work()
            best = min(best, clock() - start)
        return best * 1e6 / items

    def encode_all(items: list[Any], fast_path: bool) -> list[bytes]:
        return [compact_json(d, fast=fast_path) for d in items]

    fast = fast_encoder() is not None
    rows: list[list[object]] = []
    for label, items in (("a game record, 4 players", records), ("one seat's view (to_json data)", view_data)):
        std = per_item(functools.partial(encode_all, items, False), len(items))
        quick = per_item(functools.partial(encode_all, items, True), len(items)) if fast else None
        rows.append([label, f"{std:.2f}", "-" if quick is None else f"{quick:.2f}",
                     "-" if quick is None else f"{std / quick:.1f}x"])
    texts = per_item(lambda: [views_json(st) for st in states], len(states))
    made = per_item(lambda: [[to_json(x) for x in views(st)] for st in states], len(states))
    rows.append(["every seat's view's text of a state (views_json)", f"{texts:.2f}", "-", "-"])
    rows.append(["every seat's view's to_json data of a state (what a fast encoder needs first)", f"{made:.2f}", "-",
                 "-"])
    print(f"\nThe optional fast JSON encoder ({fast_encoder() or 'orjson not installed'}; best of "
          f"{max(3, cfg.repeats)}, us per item):\n")
    print(table(("item", "standard encoder", "orjson", "speed-up"), rows))


# ====================================================================== section: memory


def _slot_names(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
    return tuple(n for n in names if n not in ("__dict__", "__weakref__"))


def deep_sizeof(root: object, seen: set[int], skip: Callable[[object], bool]) -> int:
    """Bytes of ``root`` and everything it reaches, each object once (``seen`` is shared across calls).

    Objects for which ``skip`` is true are neither counted nor entered. ``None``, booleans, the small
    integers CPython caches and enum members are singletons and count nothing.
    """
    total = 0
    stack: list[object] = [root]
    while stack:
        o = stack.pop()
        if id(o) in seen or o is None or isinstance(o, bool | enum.Enum) or skip(o):
            continue
        if type(o) is int and -5 <= o <= 256:
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        if isinstance(o, str | bytes | int | float):
            continue
        if isinstance(o, tuple | list | set | frozenset):
            stack.extend(o)
        elif isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        else:
            for name in _slot_names(type(o)):
                with contextlib.suppress(AttributeError):  # an unset slot
                    stack.append(getattr(o, name))
            d = getattr(o, "__dict__", None)
            if d is not None and id(d) not in seen:
                # an instance dict: count it, and its values, but not its keys (attribute names are
                # interned strings shared by every instance, like slot names)
                seen.add(id(d))
                total += sys.getsizeof(d)
                stack.extend(d.values())
    return total


def _skip_variant(o: object) -> bool:
    return isinstance(o, Variant)


def _skip_variant_and_cards(o: object) -> bool:
    return isinstance(o, Variant | Card)


def bench_memory(cfg: Settings) -> None:
    """Peak traced memory over a batch of games, and the bytes of one state."""
    section("Memory (Standard, 2 players)")
    v = find_variant("standard")
    choose = random.Random(cfg.seed).choice
    play_game(v, 2, cfg.seed, choose)  # warm any lazy caches before tracing
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    decisions = 0
    for g in range(cfg.memory_games):
        decisions += play_random_game(v, 2, cfg.seed + g, choose)
    peak = tracemalloc.get_traced_memory()[1] - base
    # A whole game's history kept in memory (what a replay returning every state holds).
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    history: list[GameState] = []
    games_kept = max(1, cfg.memory_games // 5)
    for g in range(games_kept):
        s = new_game(v, 2, cfg.seed + g)
        history.append(s)
        while not s.is_over:
            s = apply(s, choose(legal_moves(s)))
            history.append(s)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    print(f"peak traced memory while playing {cfg.memory_games} games ({decisions} decisions), one state alive "
          f"at a time: {peak / 1024:.0f} KiB")
    print(f"keeping every state of {games_kept} games ({len(history)} states, legal moves cached on all but "
          f"the last): {held / 1024:.0f} KiB = {held / len(history):.0f} B/state (tracemalloc)")

    pool = collect_positions(v, 2, max(50, cfg.positions // 10), cfg.seed)
    fresh = [uncached_copy(s) for s in pool]
    bare = [deep_sizeof(s, set(), _skip_variant_and_cards) for s in fresh]
    with_cards = [deep_sizeof(s, set(), _skip_variant) for s in fresh]
    cached = [deep_sizeof(s, set(), _skip_variant_and_cards) for s in pool]
    seen: set[int] = set()
    shared = sum(deep_sizeof(s, seen, _skip_variant_and_cards) for s in history if s is not history[-1])
    copies = [uncached_copy(s) for s in history]  # kept alive: deep_sizeof's ``seen`` holds ids
    shared_bare_seen: set[int] = set()
    shared_bare = sum(deep_sizeof(c, shared_bare_seen, _skip_variant_and_cards) for c in copies)
    print()
    print(table(("size of one state (sys.getsizeof, recursive)", "bytes med (min-max)"), [
        ["state: object + its tuples and ints; no cards, no variant, no legal-move cache",
         Spread.of(bare).show(".0f")],
        ["same, counting each Card object it holds once", Spread.of(with_cards).show(".0f")],
        ["state with its legal-move cache (moves tuple and its Play objects)", Spread.of(cached).show(".0f")],
        ["per state in a kept history, sharing counted once, no cache",
         f"{shared_bare / len(history):.0f}"],
        ["per state in a kept history, sharing counted once, with cache",
         f"{shared / max(1, len(history) - 1):.0f}"],
    ], "<>"))
    print("\nCards, enum members, None/bools and small ints are shared singletons: the first row excludes them\n"
          "(and the Variant, which all states of a game point to). The second row counts the 32 Card objects\n"
          "once per state as if they were not shared. Successive states share unchanged tuples (the stock, the\n"
          "hand of the player not acting), so a kept history costs less per state than a lone state.")


# ====================================================================== section: scaling


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")


def standard_like(vid: str, deck: str, players: tuple[int, int], hand_size: int | None = None) -> Variant:
    """Standard's rules from ``spec/variants/standard.toml`` with another deck, player range and hand size."""
    data = tomllib.loads(STANDARD_TOML.read_text(encoding="utf-8"))
    rules: dict[str, dict[str, object]] = data["rules"]
    if hand_size is not None:
        rules["R_DEAL"] = {**rules.get("R_DEAL", {}), "hand_size": hand_size, "two_player_hand_size": 0}
    lines = ["[variant]", f"id = {_toml_value(vid)}", f"name = {_toml_value(vid)}", f"deck = {_toml_value(deck)}",
             f"players = {_toml_value(list(players))}"]
    for rule_id, params in rules.items():
        lines.append(f"\n[rules.{rule_id}]")
        lines.extend(f"{k} = {_toml_value(v)}" for k, v in params.items())
    return load_variant("\n".join(lines) + "\n")


def bench_scaling(cfg: Settings) -> None:
    """us per decision against the number of players and the hand size (Standard rules, two 52-card packs)."""
    section("Scaling (Standard rules, deck 'french-52 x2')")
    deck = "french-52 x2"
    by_players = standard_like("standard-x2", deck, (2, 10))
    arms = [Arm("players", p, ours(by_players, p, "players", cfg.warmup_games)) for p in (2, 4, 6, 10)]
    hands = (5, 7, 10, 15, 20)
    for h in hands:
        v = standard_like(f"standard-x2-hand{h}", deck, (2, 2), hand_size=h)
        arms.append(Arm(f"hand {h}", 2, ours(v, 2, f"hand {h}", cfg.warmup_games)))
    print(f"{len(arms)} configurations x {cfg.repeats} repeats x {cfg.scaling_seconds:g} s, round-robin; "
          "players rows deal 5 cards (6 with 2 players); hand rows have 2 players\n")
    results = round_robin(arms, cfg.scaling_seconds, cfg.repeats, cfg.seed)
    rows = play_rows(results)
    for row, arm in zip(rows, results, strict=True):
        row[0] = arm.name if arm.name != "players" else f"{arm.players} players"
    print(table(("configuration", *PLAY_HEADERS[1:]), rows))


# ====================================================================== section: adapters


def _seeds(seed: int) -> Iterator[int]:
    return itertools.count(seed * 1_000_003)


def engine_observing(variant: Variant, players: int, warmup_games: int) -> Runner:
    """Random games on the raw engine, building the actor's observation (view + layout) at every decision."""
    from maumau_rules.adapters.encoding import ObservationLayout

    layout = ObservationLayout.for_variant(variant, players)

    def run(seconds: float, seed: int) -> AnchorResult:
        choose = random.Random(seed).choice
        seeds = _seeds(seed)

        def play_one() -> int:
            s = new_game(variant, players, next(seeds))
            n = 0
            while not s.is_over:
                pv = view(s, s.seat_to_act)
                layout.encode(pv)
                s = apply(s, choose(pv.legal_moves))
                n += 1
            return n

        return AnchorResult("engine+obs", players, *timed_games(play_one, seconds, warmup_games))

    return run


def pettingzoo_runner(variant: Variant, players: int, warmup_games: int) -> Runner:
    """Random rounds through the PettingZoo AEC env: ``env.last()`` (observation and mask), then ``env.step``."""
    import numpy as np

    from maumau_rules.adapters.pettingzoo import MauMauEnv

    env = MauMauEnv(variant, players)

    def run(seconds: float, seed: int) -> AnchorResult:
        choose = random.Random(seed).choice
        seeds = _seeds(seed)

        def play_one() -> int:
            env.reset(seed=next(seeds))
            n = 0
            for _ in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(choose(np.flatnonzero(obs["action_mask"]).tolist()))
                n += 1
            return n

        return AnchorResult("pettingzoo", players, *timed_games(play_one, seconds, warmup_games))

    return run


def openspiel_runner(variant: Variant, players: int, warmup_games: int, observe: bool) -> Runner:
    """Random rounds of ``python_maumau``: chance bytes, then ``legal_actions`` and ``apply_action`` (and, with
    ``observe``, the actor's ``observation_tensor`` at every decision). Only player actions count as decisions."""
    pyspiel: Any = importlib.import_module("pyspiel")
    importlib.import_module("maumau_rules.adapters.openspiel")
    game = pyspiel.load_game("python_maumau", {"variant": variant.id, "players": players})

    def run(seconds: float, seed: int) -> AnchorResult:
        rng = random.Random(seed)
        choose = rng.choice

        def play_one() -> int:
            s = game.new_initial_state()
            while s.is_chance_node():
                s.apply_action(rng.randrange(256))
            n = 0
            while not s.is_terminal():
                if observe:
                    s.observation_tensor(s.current_player())
                s.apply_action(choose(s.legal_actions()))
                n += 1
            return n

        return AnchorResult("openspiel", players, *timed_games(play_one, seconds, warmup_games))

    return run


ADAPTER_GAMES = (("standard", 2), ("pesten", 4))


def bench_adapters(cfg: Settings) -> None:
    """us per decision of random rounds: the raw engine, and the same games through each adapter."""
    section("Adapters (uniform-random rounds through PettingZoo and OpenSpiel, beside the raw engine)")
    have_pz = importlib.util.find_spec("pettingzoo") is not None
    have_os = openspiel_available()
    if not have_pz:
        print("skipped PettingZoo: not installed (pip install '.[pettingzoo]')")
    if not have_os:
        print("skipped OpenSpiel: pyspiel not installed (pip install '.[openspiel]')")
    arms: list[Arm] = []
    for name, players in ADAPTER_GAMES:
        v = find_variant(name)
        arms.append(Arm(f"{v.id}: engine (legal_moves + apply)", players, ours(v, players, v.id, cfg.warmup_games)))
        arms.append(Arm(f"{v.id}: engine + actor's observation", players,
                        engine_observing(v, players, cfg.warmup_games)))
        if have_pz:
            arms.append(Arm(f"{v.id}: pettingzoo (last + step)", players,
                            pettingzoo_runner(v, players, cfg.warmup_games)))
        if have_os:
            arms.append(Arm(f"{v.id}: openspiel (legal_actions + apply_action)", players,
                            openspiel_runner(v, players, cfg.warmup_games, observe=False)))
            arms.append(Arm(f"{v.id}: openspiel + observation_tensor", players,
                            openspiel_runner(v, players, cfg.warmup_games, observe=True)))
    print(f"{len(arms)} arms x {cfg.repeats} repeats x {cfg.seconds:g} s, round-robin; seed {cfg.seed}\n")
    results = round_robin(arms, cfg.seconds, cfg.repeats, cfg.seed)
    print(table(("configuration", *PLAY_HEADERS[1:]), play_rows(results)))
    rows: list[list[object]] = []
    for name, players in ADAPTER_GAMES:
        mine = [a for a in arms if a.name.startswith(f"{name}:")]
        base = statistics.median(r.us_per_decision for r in results[mine[0]])
        for a in mine[1:]:
            med = statistics.median(r.us_per_decision for r in results[a])
            rows.append([a.name, players, f"{med:.1f}", f"{med - base:+.1f}", f"{med / base:.1f}x"])
    print("\nPer decision, against the raw engine's median on the same variant:\n")
    print(table(("configuration", "players", "us/decision", "added us", "ratio"), rows))
    print("\nNotes: the observation is the actor's view encoded by ObservationLayout (PettingZoo also builds the\n"
          "action mask); OpenSpiel's time includes its four chance nodes per round and the C++/Python crossings\n"
          "of every call. The arms play different random rounds of the same variant (uniform-random choices).")


# ====================================================================== section: batch engine


BATCH_SIZES = (1, 16, 64, 256, 1024, 4096, 16384, 65536)


def batch_runner(variant: Variant, players: int, batch: int) -> Runner:
    """A runner that times random play of ``batch`` games at once on the batch engine (finished games are dealt
    again in place, inside the timed loop; every step is one decision in every game)."""

    def run(seconds: float, seed: int) -> AnchorResult:
        from maumau_rules.families.maumau.batch import BatchEngine

        eng = BatchEngine(variant, players, batch, seed=seed)
        for _ in range(5):
            eng.step(eng.sample_random(), check=False)
        eng.games_done = 0
        clock = CLOCK[0]
        steps = 0
        start = clock()
        while True:
            eng.step(eng.sample_random(), check=False)
            steps += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                return AnchorResult(f"batch B={batch}", players, eng.games_done, steps * batch, elapsed)

    return run


JAX_STEPS = 16
"""Steps of random play per compiled call in the jax arms (``JaxEngine.run_random``: no Python between them)."""


def jax_runner(variant: Variant, players: int, batch: int) -> Runner:
    """A runner that times random play of ``batch`` games at once on the batch engine's jax step (CPU here; the
    engine is built and compiled once, before the first timed run, outside the timing), :data:`JAX_STEPS` steps
    a compiled call (the same moves as the numpy arm's ``step(sample_random())``: the seat to act's uniformly
    random legal action, no call-outs between turns)."""
    made: list[Any] = []

    def run(seconds: float, seed: int) -> AnchorResult:
        from maumau_rules.families.maumau.batch.jax_engine import JaxEngine

        if not made:
            made.append(JaxEngine(variant, players, batch, seed=seed))
        eng = made[0]
        eng.reset(seed)
        eng.run_random(JAX_STEPS)  # (compiled on the first run)
        eng.state["turn"].block_until_ready()
        before = eng.games_done
        clock = CLOCK[0]
        steps = 0
        start = clock()
        while True:
            eng.run_random(JAX_STEPS)
            eng.state["turn"].block_until_ready()
            steps += JAX_STEPS
            elapsed = clock() - start
            if elapsed >= seconds:
                return AnchorResult(f"jax B={batch}", players, eng.games_done - before, steps * batch, elapsed)

    return run


JAX_SIZES = (4096, 16384, 65536)


def bench_batch(cfg: Settings) -> None:
    """The batch engine (``maumau_rules.families.maumau.batch``) at several batch sizes, interleaved with the scalar engine and
    OpenSpiel's fully-C++ loop: Standard 2p, uniform-random play."""
    section("Batch engine (numpy, B games at once; Standard 2p random play)")
    if importlib.util.find_spec("numpy") is None:
        print('skipped: numpy not installed (pip install "maumau-rules[batch]")')
        return
    standard = find_variant("standard")
    sizes = BATCH_SIZES[:4] if cfg.seconds < 0.5 else BATCH_SIZES
    arms = [Arm("maumau_rules standard (scalar)", 2, ours(standard, 2, "scalar", cfg.warmup_games))]
    arms += [Arm(f"batch B={b}", 2, batch_runner(standard, 2, b)) for b in sizes]
    jax_sizes: tuple[int, ...] = ()
    if importlib.util.find_spec("jax") is not None:
        jax_sizes = JAX_SIZES[:1] if cfg.seconds < 0.5 else JAX_SIZES
        arms += [Arm(f"jax B={b}", 2, jax_runner(standard, 2, b)) for b in jax_sizes]
    else:
        print('skipped the jax arms: jax not installed (pip install "maumau-rules[jax]")')
    cpp = None
    if openspiel_available():
        cpp = Arm("openspiel crazy_eights (C++ evaluate_bots)", 2,
                  anchor(run_openspiel_cpp, cfg.warmup_games)(2), ours=False)
        arms.append(cpp)
    else:
        print("skipped OpenSpiel C++ anchor: pyspiel not installed (pip install open-spiel)")
    print(f"{len(arms)} arms x {cfg.repeats} repeats x {cfg.seconds:g} s, round-robin; seed {cfg.seed}")
    results = round_robin(arms, cfg.seconds, cfg.repeats, cfg.seed)
    print()
    print(table(PLAY_HEADERS, play_rows(results)))

    def med(arm: Arm) -> float:
        return statistics.median(r.us_per_decision for r in results[arm])

    scalar = med(arms[0])
    ahead = next((b for arm, b in zip(arms[1:1 + len(sizes)], sizes, strict=True) if med(arm) < scalar), None)
    print(f"\nbatch overtakes the scalar engine ({scalar:.2f} us/decision) at B = {ahead if ahead else 'none measured'}")
    if cpp is not None:
        rows = []
        for arm in arms[1:-1]:
            ratios = [x.us_per_decision / y.us_per_decision for x, y in zip(results[arm], results[cpp], strict=True)]
            rows.append([f"{arm.name} / OpenSpiel C++", f"{med(arm) / med(cpp):.2f}", Spread.of(ratios).show()])
        numpy_at = dict(zip(sizes, arms[1:1 + len(sizes)], strict=True))
        jax_at = dict(zip(jax_sizes, arms[1 + len(sizes):1 + len(sizes) + len(jax_sizes)], strict=True))
        goal(f"batch (numpy, B={sizes[-1]:,}) / OpenSpiel C++ loop, 2p", med(numpy_at[sizes[-1]]) / med(cpp), 0.5,
             "batch")
        if jax_sizes:
            goal(f"jax (B={jax_sizes[-1]:,}) / OpenSpiel C++ loop, 2p", med(jax_at[jax_sizes[-1]]) / med(cpp), 0.5,
                 "batch")
        both = sorted(set(sizes) & set(jax_sizes))
        if both:  # jax faster still: at the largest B both ran
            goal(f"jax / numpy at B={both[-1]:,} (jax faster still)", med(jax_at[both[-1]]) / med(numpy_at[both[-1]]),
                 1, "batch")
        print("\nbatch (numpy, then jax) us/decision divided by OpenSpiel's fully-C++ loop's (goal: at most 0.5 at "
              "the largest B):\n")
        print(table(("comparison", "ratio of medians", "paired ratio med (min-max)"), rows))
        print("\nNotes: OpenSpiel's C++ loop (pyspiel.evaluate_bots, uniform-random bots) does not count decisions:\n"
              "they are its games times the mean decisions per game of its uniform Python loop (untimed). The batch\n"
              "arms deal finished games again inside the timed loop; a decision is one move in one game. The jax arms\n"
              f"run {JAX_STEPS} steps a compiled call (JaxEngine.run_random).")


# ====================================================================== main


SECTIONS: dict[str, Callable[[Settings], None]] = {
    "play": bench_play, "length": bench_length, "micro": bench_micro, "records": bench_records,
    "memory": bench_memory, "scaling": bench_scaling, "adapters": bench_adapters, "server": bench_server,
    "batch": bench_batch,
}


def machine_info() -> str:
    """Python, OS, CPU model, core count and load: the context of the figures."""
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    return (f"python {platform.python_version()} ({platform.python_implementation()}), {platform.system()} "
            f"{platform.machine()}, {cpu}, nproc {os.cpu_count()}, load average {load}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run every section and print the results."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="run every section for a tiny time (CI)")
    parser.add_argument("--seconds", type=float, default=None, help="time budget of one timed run (default 5)")
    parser.add_argument("--repeats", type=int, default=None, help="interleaved repeats (default 5; smoke 2)")
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--only", action="append", choices=tuple(SECTIONS), default=None,
                        help="run only this section (repeatable; default: all)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time the play loops by wall-clock (default) or by this process's CPU time")
    parser.add_argument("--compiled", type=Path, default=None, metavar="DIR",
                        help="also time the mypyc-compiled copy built by bench/compile.py in DIR (e.g. build/mypyc/src)")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        return worker(args.worker)
    if args.repeats is not None and args.repeats < 1:
        parser.error("--repeats must be at least 1")
    cfg = Settings.make(args.smoke, args.seconds, args.repeats, args.seed)
    if args.compiled is not None:
        if not any((args.compiled / "maumau_rules").glob("engine.*.so")):
            parser.error(f"--compiled {args.compiled}: no compiled engine there (build it with python bench/compile.py)")
        cfg = replace(cfg, compiled=args.compiled.resolve())
    started = time.perf_counter()
    print("# maumau_rules benchmark")
    print(f"\n{datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {machine_info()}")
    if args.clock == "cpu":
        CLOCK[0] = time.process_time
    print(f"settings: {'smoke, ' if args.smoke else ''}seconds {cfg.seconds:g}, repeats {cfg.repeats}, "
          f"seed {cfg.seed}, clock {args.clock}")
    for name in args.only or SECTIONS:
        SECTIONS[name](cfg)
    print_goals()
    print(f"\ntotal time {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
