"""Peer performance anchors for the ``maumau_rules`` benchmark.

Two external card-game engines, each driven by uniform-random play of complete
games from Python, give reference costs per player decision:

* OpenSpiel ``crazy_eights`` (C++ core, Python loop) with the knobs closest to
  Mau-Mau: ``use_special_cards=True, reshuffle=True, max_draw_cards=1,
  max_turns=100000``, in two Python loops: player nodes pick uniformly from
  ``state.legal_actions()`` with a seeded :class:`random.Random`; chance nodes
  either do the same (``uniform``, the fastest loop and our reference) or are
  sampled by weight from ``state.chance_outcomes()`` (``weighted``, as in
  OpenSpiel's examples). For one deck both give the same distribution. Only
  player actions count as decisions, but the time includes the chance work.
* RLCard ``uno`` through the raw :class:`rlcard.games.uno.game.UnoGame` loop
  (no RL env, no observation encoding); every ``game.step`` is a decision.

Neither peer is a dependency of ``maumau_rules``: both are imported lazily, so
this module imports (and :func:`openspiel_available` / :func:`rlcard_available`
answer ``False``) when they are not installed.

Run as a script for a small table::

    python bench/anchors.py --seconds 3
"""

from __future__ import annotations

import argparse
import functools
import importlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

__all__ = [
    "CHANCE_MODES",
    "CLOCK",
    "OPENSPIEL_MAUMAU_PARAMS",
    "AnchorResult",
    "openspiel_available",
    "openspiel_player",
    "rlcard_available",
    "rlcard_player",
    "run_openspiel_cpp",
    "run_openspiel_crazy_eights",
    "run_rlcard_uno",
    "timed_games",
]

#: OpenSpiel ``crazy_eights`` parameters closest to Mau-Mau (``players`` is added per run).
OPENSPIEL_MAUMAU_PARAMS: dict[str, Any] = {
    "use_special_cards": True,
    "reshuffle": True,
    "max_draw_cards": 1,
    "max_turns": 100_000,
}

#: Whole games played before the clock starts (not counted in the result).
DEFAULT_WARMUP_GAMES = 20

#: The clock of :func:`timed_games`: wall-clock by default; ``bench/run.py --clock cpu`` puts
#: :func:`time.process_time` here (CPU time of this process, less disturbed by a loaded machine).
CLOCK: list[Callable[[], float]] = [time.perf_counter]


@dataclass(frozen=True, slots=True)
class AnchorResult:
    """Outcome of one anchor run: whole games played within a time budget."""

    name: str
    players: int
    games: int
    decisions: int
    seconds: float

    @property
    def us_per_decision(self) -> float:
        """Wall-clock microseconds per player decision (chance work included)."""
        return self.seconds * 1e6 / self.decisions if self.decisions else float("nan")

    @property
    def games_per_s(self) -> float:
        """Complete games per second."""
        return self.games / self.seconds if self.seconds > 0 else float("nan")

    @property
    def decisions_per_s(self) -> float:
        """Player decisions per second."""
        return self.decisions / self.seconds if self.seconds > 0 else float("nan")

    @property
    def decisions_per_game(self) -> float:
        """Mean number of player decisions per game."""
        return self.decisions / self.games if self.games else float("nan")


def _try_import(name: str) -> ModuleType | None:
    """Import ``name`` and return the module, or ``None`` if it cannot be imported."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def openspiel_available() -> bool:
    """Return whether OpenSpiel (``pyspiel``) can be imported."""
    return _try_import("pyspiel") is not None


def rlcard_available() -> bool:
    """Return whether RLCard's UNO game (``rlcard.games.uno.game``) can be imported."""
    return _try_import("rlcard.games.uno.game") is not None


def timed_games(play_one: Callable[[], int], seconds: float, warmup_games: int) -> tuple[int, int, float]:
    """Play ``warmup_games`` untimed, then whole games until ``seconds`` have elapsed.

    ``play_one`` plays one complete game and returns its number of decisions.
    Returns ``(games, decisions, elapsed_seconds)``; at least one game is timed.
    """
    for _ in range(warmup_games):
        play_one()
    games = decisions = 0
    clock = CLOCK[0]
    start = clock()
    while True:
        decisions += play_one()
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return games, decisions, elapsed


#: How :func:`openspiel_player` resolves chance nodes (dealing, drawing): ``"weighted"`` samples
#: ``state.chance_outcomes()`` by probability, as OpenSpiel's examples do; ``"uniform"`` picks uniformly from
#: ``state.legal_actions()``, which in ``crazy_eights`` (one deck, every card left equally likely) gives the same
#: distribution with far less Python work. The uniform loop is OpenSpiel's fastest Python loop and the reference.
CHANCE_MODES: tuple[str, ...] = ("uniform", "weighted")


def openspiel_player(players: int, seed: int, chance: str = "uniform") -> Callable[[], int]:
    """A function that plays one OpenSpiel ``crazy_eights`` game (Mau-Mau-like params) and returns its decisions.

    Player nodes pick uniformly from ``state.legal_actions()`` with a ``random.Random(seed)``; chance nodes
    are resolved as ``chance`` says (:data:`CHANCE_MODES`); every action goes through ``state.apply_action``,
    which checks nothing beyond the action's range (it accepts a held card that does not match the top card).
    Only player (non-chance) actions count as decisions. Raises :class:`ImportError` if OpenSpiel is not
    installed, :class:`ValueError` for an unknown ``chance``.
    """
    if chance not in CHANCE_MODES:
        raise ValueError(f"chance must be one of {CHANCE_MODES}, not {chance!r}")
    pyspiel: Any = importlib.import_module("pyspiel")
    game: Any = pyspiel.load_game("crazy_eights", {**OPENSPIEL_MAUMAU_PARAMS, "players": players})
    rng = random.Random(seed)
    choice = rng.choice
    choices = rng.choices

    def play_weighted() -> int:
        state: Any = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes: Sequence[tuple[int, float]] = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                action = choices(actions, weights)[0]
            else:
                action = choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
        return decisions

    def play_uniform() -> int:
        state: Any = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if not state.is_chance_node():
                decisions += 1
            state.apply_action(choice(state.legal_actions()))
        return decisions

    return play_uniform if chance == "uniform" else play_weighted


def run_openspiel_crazy_eights(
    players: int, seconds: float, seed: int, *, warmup_games: int = DEFAULT_WARMUP_GAMES, chance: str = "uniform"
) -> AnchorResult:
    """Time OpenSpiel ``crazy_eights`` with the loop of :func:`openspiel_player` (``chance``: see :data:`CHANCE_MODES`)."""
    games, decisions, elapsed = timed_games(openspiel_player(players, seed, chance), seconds, warmup_games)
    return AnchorResult(f"openspiel crazy_eights ({chance} chance)", players, games, decisions, elapsed)


_DECISIONS_PER_GAME: dict[int, float] = {}


def openspiel_decisions_per_game(players: int, games: int = 400, seed: int = 99) -> float:
    """Mean player decisions per ``crazy_eights`` game, from untimed games of the uniform Python loop (the same
    distribution as the C++ loop's: uniform-random players, one deck); measured once per player count."""
    if players not in _DECISIONS_PER_GAME:
        play = openspiel_player(players, seed, "uniform")
        _DECISIONS_PER_GAME[players] = sum(play() for _ in range(games)) / games
    return _DECISIONS_PER_GAME[players]


def run_openspiel_cpp(
    players: int, seconds: float, seed: int, *, warmup_games: int = DEFAULT_WARMUP_GAMES
) -> AnchorResult:
    """Time OpenSpiel ``crazy_eights`` played entirely in C++: ``pyspiel.evaluate_bots`` with uniform-random bots,
    one call per game (chance nodes sampled in C++). It does not count decisions, so they are estimated: games
    times :func:`openspiel_decisions_per_game` (the uniform Python loop's mean, measured untimed)."""
    pyspiel: Any = importlib.import_module("pyspiel")
    game: Any = pyspiel.load_game("crazy_eights", {**OPENSPIEL_MAUMAU_PARAMS, "players": players})
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(players)]
    per_game = openspiel_decisions_per_game(players)
    counter = [seed]

    def play_one() -> int:
        counter[0] += 1
        pyspiel.evaluate_bots(game.new_initial_state(), bots, counter[0])
        return 1

    games, _, elapsed = timed_games(play_one, seconds, warmup_games)
    return AnchorResult("openspiel crazy_eights (C++ evaluate_bots)", players, games, round(games * per_game), elapsed)


def rlcard_player(players: int, seed: int) -> Callable[[], int]:
    """A function that plays one RLCard UNO game through the raw ``UnoGame`` loop and returns its decisions.

    The game is built with ``UnoGame(num_players=players)`` (RLCard's env only honours a player count for a
    few games, the raw game takes it directly) and seeded with ``numpy.random.RandomState(seed)``. Each step
    picks uniformly, with ``random.Random(seed)``, from ``game.get_legal_actions()`` deduplicated as RLCard's
    env does, and calls ``game.step``; every step is a decision (no RL env, no observation encoding).
    Raises :class:`ImportError` if RLCard is not installed.
    """
    uno_game: Any = importlib.import_module("rlcard.games.uno.game")
    np: Any = importlib.import_module("numpy")
    game: Any = uno_game.UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    choice = rng.choice

    def play_one() -> int:
        game.init_game()
        decisions = 0
        while not game.is_over():
            # A hand may hold duplicate cards; the env dedups legal actions, so do we.
            legal: list[str] = list(dict.fromkeys(game.get_legal_actions()))
            game.step(choice(legal))
            decisions += 1
        return decisions

    return play_one


def run_rlcard_uno(
    players: int, seconds: float, seed: int, *, warmup_games: int = DEFAULT_WARMUP_GAMES
) -> AnchorResult:
    """Time RLCard UNO with the loop of :func:`rlcard_player`."""
    games, decisions, elapsed = timed_games(rlcard_player(players, seed), seconds, warmup_games)
    return AnchorResult("rlcard uno (raw game)", players, games, decisions, elapsed)


def format_table(results: Sequence[AnchorResult]) -> str:
    """Render results as a fixed-width text table."""
    header = (
        f"{'anchor':<34} {'players':>7} {'games':>8} {'decisions':>10} "
        f"{'seconds':>8} {'dec/game':>9} {'games/s':>9} {'dec/s':>10} {'us/dec':>7}"
    )
    lines = [header, "-" * len(header)]
    for r in results:
        lines.append(
            f"{r.name:<34} {r.players:>7} {r.games:>8} {r.decisions:>10} "
            f"{r.seconds:>8.2f} {r.decisions_per_game:>9.1f} {r.games_per_s:>9.0f} "
            f"{r.decisions_per_s:>10.0f} {r.us_per_decision:>7.2f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run every available anchor for each player count and print a table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per anchor and player count")
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--warmup-games", type=int, default=DEFAULT_WARMUP_GAMES)
    args = parser.parse_args(argv)

    runners: list[Callable[..., AnchorResult]] = []
    if openspiel_available():
        runners += [functools.partial(run_openspiel_crazy_eights, chance=mode) for mode in CHANCE_MODES]
    else:
        print("OpenSpiel (pyspiel) not installed; skipping crazy_eights", file=sys.stderr)
    if rlcard_available():
        runners.append(run_rlcard_uno)
    else:
        print("RLCard not installed; skipping uno", file=sys.stderr)
    if not runners:
        print("no peer engine installed (pip install open-spiel rlcard)", file=sys.stderr)
        return 1

    results = [
        run(players, args.seconds, args.seed, warmup_games=args.warmup_games)
        for run in runners
        for players in args.players
    ]
    print(f"python {sys.version.split()[0]}, seed={args.seed}, budget={args.seconds:g} s per row")
    print(format_table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
