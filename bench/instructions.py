"""Machine instructions per player decision, counted by valgrind (callgrind): a figure the machine's noise
cannot move.

Wall-clock and CPU time drift by ±20% on a shared machine; the number of instructions a loop executes does
not (the same games give the same count on every run). This script counts them for the random-play loop of
``bench/run.py`` (ours, and the peers when installed) and prints instructions per decision and our ratio to
each peer. Each arm runs in its own process under ``valgrind --tool=callgrind`` twice, once playing
``--games`` games and once playing none (imports, setup and a few warm-up games in both); the difference,
divided by the decisions, is the loop's cost. ``PYTHONHASHSEED`` is fixed, since string hashes steer dict
probing. Instructions are not time (a C++ loop may retire more of them
per cycle), so read this next to the timed figures. Needs valgrind. Usage::

    python bench/instructions.py [--games 30] [--players 2] [--compiled build/mypyc/src] [--server] [--floor]

``--floor`` counts two loops that do less than a decision, to show what is left for the rules: the timed loop with
a transition that returns its state (``random.choice``, ``legal_moves`` and the loop), and the same loop with a
transition that only makes the next state (the state's dictionary copied, the new object, its legal moves taken
from the plan's memo) and runs no rule.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from anchors import CHANCE_MODES, openspiel_available, openspiel_player, rlcard_available, rlcard_player  # noqa: E402

WARMUP_GAMES = 5
_COLLECTED = re.compile(r"Collected : (\d+)")


def ours_player(variant_id: str, players: int, seed: int) -> Callable[[], int]:
    """A function that plays one uniform-random game through the public API (``bench/run.py``'s timed loop)."""
    from run import play_random_game

    from maumau_rules import find_variant

    variant = find_variant(variant_id)
    choose = random.Random(seed).choice
    game_seeds = itertools.count(seed * 1_000_003)
    return lambda: play_random_game(variant, players, next(game_seeds), choose)


FLOOR_DECISIONS = 300
"""Decisions of one "game" of the floor loops (about a Standard 2p random game's)."""


def floor_player(variant_id: str, players: int, seed: int, make_state: bool) -> Callable[[], int]:
    """A floor of the timed loop: ``bench/run.py``'s loop over ``legal_moves`` and ``random.choice``, with a transition
    that returns its state, or (``make_state``) that only makes the next state the way the engine does, running no
    rule and finding no move (the first state's moves stand for every state's)."""
    from maumau_rules import legal_moves, new_game
    from maumau_rules.families.maumau.state import GameState

    start = new_game(variant_id, players, seed)
    choose = random.Random(seed).choice
    legal = start._legal
    new, set_attr = object.__new__, object.__setattr__

    def same(s: GameState, _move: object) -> GameState:
        return s

    def next_state(s: GameState, _move: object) -> GameState:
        f = s.__dict__.copy()
        f["turn"] = s.turn + 1
        out: GameState = new(GameState)
        set_attr(out, "__dict__", f)
        f["_legal"] = legal
        return out

    step = next_state if make_state else same

    def play() -> int:
        s = start
        for _ in range(FLOOR_DECISIONS):
            s = step(s, choose(legal_moves(s)))
        return FLOOR_DECISIONS

    return play


def worker(spec: str) -> int:
    """Worker mode: warm up, play the games of ``spec`` and print the decisions (run under valgrind)."""
    arm, variant_id, players, games, seed = json.loads(spec)
    if arm == "compiled":
        engine = importlib.import_module("maumau_rules.families.maumau.engine")
        if not str(engine.__file__).endswith((".so", ".pyd")):
            print(f"worker: the engine imported from {engine.__file__} is not compiled", file=sys.stderr)
            return 2
    if arm.startswith("openspiel"):  # "openspiel-uniform" / "openspiel-weighted": the chance loop
        play = openspiel_player(players, seed, arm.partition("-")[2] or "uniform")
    elif arm == "rlcard":
        play = rlcard_player(players, seed)
    elif arm in ("server", "server-plain"):
        from run import server_player

        from maumau_rules import find_variant

        play = server_player(find_variant(variant_id), players, seed, plain=arm == "server-plain")
    elif arm.startswith("floor"):
        play = floor_player(variant_id, players, seed, make_state=arm == "floor-state")
    else:
        play = ours_player(variant_id, players, seed)
    for _ in range(WARMUP_GAMES):
        play()
    print(sum(play() for _ in range(games)))
    return 0


def count(arm: str, variant_id: str, players: int, games: int, seed: int, pythonpath: str | None) -> tuple[int, int]:
    """Instructions and decisions of one worker run under callgrind."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # string hashes steer dict probing: fix them for a repeatable count
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
            str(Path(__file__).resolve()), "--worker", json.dumps([arm, variant_id, players, games, seed])]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    found = _COLLECTED.search(out.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output: {out.stderr[-500:]!r}")
    return int(found.group(1)), int(out.stdout.split()[-1])


def per_decision(arm: str, variant_id: str, players: int, games: int, seed: int,
                 pythonpath: str | None = None) -> tuple[float, int]:
    """Instructions per decision of ``games`` games (the run of no games subtracted), and the decisions."""
    base, _ = count(arm, variant_id, players, 0, seed, pythonpath)
    total, decisions = count(arm, variant_id, players, games, seed, pythonpath)
    return (total - base) / decisions, decisions


def main(argv: Sequence[str] | None = None) -> int:
    """Count and print instructions per decision for every available arm."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--compiled", type=Path, default=None, help="a mypyc build (bench/compile.py) to count too")
    parser.add_argument("--server", action="store_true",
                        help="also count a whole server step per move, and the plain way of it (bench/run.py --only "
                             "server)")
    parser.add_argument("--floor", action="store_true",
                        help="also count the loop with a transition that does nothing, and one that only makes the "
                             "next state (what is left for the rules)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.worker)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing to count (apt install valgrind)")
        return 1
    src = str(HERE.parent / "src")
    arms: list[tuple[str, str, str | None]] = [(f"maumau_rules {args.variant}", "ours", src)]
    if args.compiled is not None:
        arms.append((f"maumau_rules {args.variant} (mypyc)", "compiled", str(args.compiled)))
    if args.server:
        arms.append((f"maumau_rules {args.variant} server step", "server", src))
        arms.append((f"maumau_rules {args.variant} plain server step", "server-plain", src))
    if args.floor:
        arms.append(("floor: the loop, no transition", "floor-loop", src))
        arms.append(("floor: the loop + the next state made", "floor-state", src))
    if openspiel_available():
        arms += [(f"openspiel crazy_eights ({mode} chance)", f"openspiel-{mode}", None) for mode in CHANCE_MODES]
    if rlcard_available():
        arms.append(("rlcard uno (raw game)", "rlcard", None))
    print(f"Instructions per player decision (valgrind callgrind), {args.players} players, {args.games} games "
          f"after {WARMUP_GAMES} warm-up games, seed {args.seed}; Python {sys.version.split()[0]}\n")
    results: dict[str, float] = {}
    for label, arm, path in arms:
        ir, decisions = per_decision(arm, args.variant, args.players, args.games, args.seed, path)
        results[label] = ir
        print(f"{label:40s} {ir:10,.0f}  ({decisions} decisions)")
    peers = [label for label, arm, _ in arms if arm.startswith(("openspiel", "rlcard"))]
    ours = [label for label, arm, _ in arms if arm in ("ours", "compiled", "server", "server-plain")]
    if args.server:
        bare = results[arms[0][0]]
        print("\nA server step per move against a bare decision (instructions, the same games):")
        for label, arm, _ in arms:
            if arm.startswith("server"):
                print(f"  {label} / bare decision: {results[label] / bare:.2f}x")
    if args.floor:
        bare = results[arms[0][0]]
        rest = bare - results["floor: the loop + the next state made"]
        print(f"\nLeft for apply's entry, the rules and the move generator: {rest:,.0f} instructions a decision "
              f"({rest / bare:.0%} of the bare decision)")
        for peer in peers:
            goal = 1.5 * results[peer] - results["floor: the loop + the next state made"]
            print(f"  within 1.5 x {peer} they would have {goal:,.0f}")
    if peers:
        print("\nOur instructions per decision divided by the peer's (>1: we execute more):")
        for mine in ours:
            for peer in peers:
                print(f"  {mine} / {peer}: {results[mine] / results[peer]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
