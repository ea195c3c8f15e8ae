"""Play rounds of Mau-Mau through the PettingZoo AEC environment with a masked random policy.

    python examples/pettingzoo_random_loop.py                       # 300 rounds of Standard, 2 players
    python examples/pettingzoo_random_loop.py --variant prsi --players 4 --games 100
    python examples/pettingzoo_random_loop.py --quick               # a few rounds (the test runs this)

This is the loop a learning agent sits in: ``env.last()`` gives the agent to act its observation (a dict of
``observation`` and ``action_mask``) and its reward so far; the agent answers with an action ID. Here every
agent samples uniformly among the legal actions, from the action space's own seeded generator.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from maumau_rules.adapters.pettingzoo import MauMauEnv


def play(variant: str, players: int, games: int, seed: int) -> tuple[dict[str, list[float]], list[int], float]:
    """Play ``games`` rounds; return each agent's round rewards, each round's decisions and the seconds taken."""
    env = MauMauEnv(variant, players)
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    rewards: dict[str, list[float]] = {a: [] for a in env.possible_agents}
    decisions: list[int] = []
    started = time.perf_counter()
    for game in range(games):
        if game:
            env.reset()
        totals = dict.fromkeys(env.possible_agents, 0.0)
        steps = 0
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = int(env.action_space(agent).sample(obs["action_mask"]))
                steps += 1
            env.step(action)
        for agent, total in totals.items():
            rewards[agent].append(total)
        decisions.append(steps)
    return rewards, decisions, time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line, play, print a summary."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few rounds only (for tests)")
    args = parser.parse_args(argv)
    games = min(args.games, 5) if args.quick else args.games
    rewards, decisions, seconds = play(args.variant, args.players, games, args.seed)
    steps = sum(decisions)
    print(f"pettingzoo maumau: {args.variant}, {args.players} players, {games} rounds, {steps} decisions")
    print(f"decisions per round: mean {statistics.mean(decisions):.1f}, max {max(decisions)}")
    for agent, values in rewards.items():
        print(f"{agent}: mean round reward {statistics.mean(values):+.3f}")
    print(f"time: {seconds:.2f} s, {seconds / steps * 1e6:.1f} us per decision (env.last + sample + env.step)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
