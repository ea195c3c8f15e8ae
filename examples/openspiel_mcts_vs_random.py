"""OpenSpiel's MCTS against OpenSpiel's uniform random bot, on the ``python_maumau`` game.

    python examples/openspiel_mcts_vs_random.py                       # 200 rounds of Standard, 2 players, 2 workers
    python examples/openspiel_mcts_vs_random.py --variant prsi --players 3 --simulations 100
    python examples/openspiel_mcts_vs_random.py --evaluator rollout --games 4   # OpenSpiel's random rollouts (slow)
    python examples/openspiel_mcts_vs_random.py --quick               # a few rounds (the test runs this)

Everything that plays is OpenSpiel's: ``mcts.MCTSBot`` searches, ``UniformRandomBot`` plays the other seats,
``evaluate_bots`` runs the rounds and samples the chance nodes (the shuffle seed) from a seeded generator.
The MCTS seat rotates from round to round.

The leaf evaluator is the one piece written here: random rollouts to the end of a round take hundreds of moves,
so by default a leaf is valued from the public view only, by how many cards the player holds compared with the
others (``--evaluator rollout`` uses OpenSpiel's ``RandomRolloutEvaluator`` instead).

Note that ``MCTSBot`` is perfect-information search: it clones the true state, so it sees the other hands and
the stock. It shows that OpenSpiel's algorithms run on the game; it is not a fair player of a card game.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

import maumau_rules.adapters.openspiel  # noqa: F401  (registers python_maumau)
from maumau_rules.adapters.encoding import reward_range
from maumau_rules.views import public_view


class HandSizeEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Values a position from the public view: fewer cards than the others is better (scaled to the game's
    reward range). The prior is uniform over the legal actions."""

    def __init__(self, game: Any) -> None:
        self.low, self.high = reward_range(game.variant)
        self.players = game.num_players()

    def evaluate(self, state: Any) -> Any:
        """Each player's value of ``state``: the returns at the end, otherwise a squashed hand-size lead."""
        if state.is_terminal():
            return np.array(state.returns())
        sizes = public_view(state.game_state).hand_sizes
        total = sum(sizes)
        values = []
        for mine in sizes:
            lead = (total - mine) / (self.players - 1) - mine
            values.append(self.low + (self.high - self.low) / (1.0 + math.exp(-lead / 2.0)))
        return np.array(values)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Uniform over the legal actions."""
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def play_rounds(spec: tuple[str, int, int, str, int, list[int]]) -> list[tuple[int, list[float], int]]:
    """Play the rounds numbered ``rounds``; each returns (MCTS seat, returns, decisions)."""
    variant, players, simulations, evaluator_name, seed, rounds = spec
    game = pyspiel.load_game("python_maumau", {"variant": variant, "players": players})
    out: list[tuple[int, list[float], int]] = []
    for r in rounds:
        rng = np.random.RandomState(seed * 1_000_003 + r)
        evaluator = (mcts.RandomRolloutEvaluator(1, rng) if evaluator_name == "rollout"
                     else HandSizeEvaluator(game))
        seat = r % players
        bots = [uniform_random.UniformRandomBot(p, rng) for p in range(players)]
        bots[seat] = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng)
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        decisions = sum(1 for h in state.full_history() if h.player >= 0)
        out.append((seat, [float(x) for x in returns], decisions))
    return out


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% confidence interval for a win rate (Wilson score interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line, play the rounds (in worker processes), print the result."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=30, help="MCTS simulations per decision")
    parser.add_argument("--evaluator", choices=("hand-size", "rollout"), default="hand-size")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few rounds, few simulations, one process (tests)")
    args = parser.parse_args(argv)
    games, sims, workers = args.games, args.simulations, max(1, args.workers)
    if args.quick:
        games, sims, workers = min(games, 6), min(sims, 10), 1
    chunks = [list(range(w, games, workers)) for w in range(workers)]
    specs = [(args.variant, args.players, sims, args.evaluator, args.seed, c) for c in chunks if c]
    started = time.perf_counter()
    if workers == 1:
        results = [play_rounds(s) for s in specs]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(play_rounds, specs))
    seconds = time.perf_counter() - started
    rounds = [r for chunk in results for r in chunk]
    wins = sum(1 for seat, ret, _ in rounds if ret[seat] == max(ret) and ret.count(max(ret)) == 1)
    mcts_return = sum(ret[seat] for seat, ret, _ in rounds) / len(rounds)
    random_return = sum(sum(ret) - ret[seat] for seat, ret, _ in rounds) / len(rounds) / (args.players - 1)
    low, high = wilson(wins, len(rounds))
    print(f"openspiel python_maumau: {args.variant}, {args.players} players, {len(rounds)} rounds, "
          f"MCTS ({sims} simulations, {args.evaluator} evaluator) against uniform random")
    print(f"MCTS won {wins} of {len(rounds)} rounds: {wins / len(rounds):.1%} (95% CI {low:.1%}-{high:.1%}); "
          f"a random seat would win {1 / args.players:.1%}")
    print(f"mean return: MCTS {mcts_return:+.3f}, a random bot {random_return:+.3f}")
    print(f"decisions per round: {sum(d for _, _, d in rounds) / len(rounds):.1f}; "
          f"time {seconds:.1f} s with {workers} worker(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
