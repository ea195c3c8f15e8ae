"""A vectorized environment for learning agents: ``num_envs`` games stepped together on the batch engine.

It follows the shape that self-play trainers consume from pgx and EnvPool, with Gymnasium's vector-API step
signature:

- :meth:`VectorEnv.reset` returns ``(observation, info)``, :meth:`VectorEnv.step` returns ``(observation, rewards,
  terminated, truncated, info)``, every value an array with the games first;
- ``info["current_player"]`` is the seat to act in each game, ``info["legal_action_mask"]`` its legal actions in the
  :class:`~maumau_rules.actions.ActionSpace` layout, and the observation is that seat's (a turn-based game: one
  policy network acts for whichever seat is to act, as in pgx);
- ``rewards`` is (games × seats): every seat's reward from the scoring rules (round points times
  :func:`~maumau_rules.adapters.encoding.reward_sign`) on the move that ends a round, 0 otherwise;
- a finished game is dealt again in the same step (same-step auto-reset); ``truncated`` marks rounds ended by
  the move limit (R_TURN_LIMIT), ``terminated`` the others.

The observation holds only what the seat to act may see: his hand, the top card and what it asks for (wish,
freedom, freshness, the first move), pending penalties and skips, the card he just drew, the hand sizes, the
stock and discard sizes, the direction, the calls standing and missed, seats counted from him. A test changes the
cards he cannot see (the other hands and the stock) and checks that his observation does not change.

>>> env = VectorEnv("standard", players=2, num_envs=4, seed=1)
>>> obs, info = env.reset()
>>> obs.shape == (4, env.observation_size), info["legal_action_mask"].shape
(True, (4, 92))
>>> obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
>>> rewards.shape, terminated.dtype
((4, 2), dtype('bool'))
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..variants import Variant
from .engine import BatchEngine

__all__ = ["VectorEnv"]


class VectorEnv:
    """``num_envs`` games of ``variant`` with ``players`` seats, for reinforcement learning (see the module).

    Raises:
        VariantError: the variant has no table form (the message names the rule).
    """

    def __init__(self, variant: Variant | str, players: int, num_envs: int, seed: int = 0) -> None:
        self.engine = BatchEngine(variant, players, num_envs, seed=seed, auto_reset=True)
        self.num_envs = num_envs
        self.players = players
        self.action_size = self.engine.A
        """The number of action IDs."""
        C = self.engine.n_cards
        self.sections: dict[str, tuple[int, int]] = {}
        """Where each part of the observation lies: name -> (start, length)."""
        at = 0
        for name, size in (("hand", C), ("top", C), ("drawn", C), ("wish", 5), ("lead", 3), ("pending", 2),
                           ("hand_sizes", players), ("piles", 2), ("direction", 1), ("calls", 2 * players),
                           ("missed", players)):
            self.sections[name] = (at, size)
            at += size
        self.observation_size = at
        """The length of one observation."""
        self._seed = seed

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every game afresh (from ``seed``, default the constructor's).

        >>> env = VectorEnv("prsi", 2, 3); a = env.reset(seed=5)[0]; bool((a == env.reset(seed=5)[0]).all())
        True
        """
        self.engine.reset(self._seed if seed is None else seed)
        return self.observe(), self._info()

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Every game's seat to act makes its move ``actions[b]`` (an action ID).

        Raises:
            ArgumentError: an action that is not legal (nothing is changed then).

        >>> env = VectorEnv("standard", 2, 2); _ = env.reset()
        >>> total = 0.0
        >>> for _ in range(400):
        ...     obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
        ...     total += float(rewards.sum())
        >>> total > 0
        True
        """
        eng = self.engine
        done = eng.step(np.asarray(actions, dtype=np.int64))
        rewards = np.zeros((self.num_envs, self.players), dtype=np.float32)
        terminated = np.zeros(self.num_envs, dtype=bool)
        truncated = np.zeros(self.num_envs, dtype=bool)
        if done.size:
            r = eng.finished
            rewards[done] = r["rewards"]
            cut = r["end"] == 3
            truncated[done[cut]] = True
            terminated[done[~cut]] = True
        return self.observe(), rewards, terminated, truncated, self._info()

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal action in every game.

        >>> env = VectorEnv("standard", 2, 3); _, info = env.reset()
        >>> a = env.sample_actions(); bool(info["legal_action_mask"][np.arange(3), a].all())
        True
        """
        return self.engine.sample_random()

    def _info(self) -> dict[str, Any]:
        return {"current_player": self.engine.seat.copy(), "legal_action_mask": self.engine.legal_mask()}

    def observe(self) -> np.ndarray:
        """The observation of every game's seat to act (games × :attr:`observation_size`, float32).

        >>> env = VectorEnv("standard", 2, 2); obs = env.reset()[0]
        >>> int(obs[0, :32].sum())  # the six cards of the hand
        6
        """
        eng = self.engine
        B, P, C = self.num_envs, self.players, eng.n_cards
        ar = np.arange(B)
        seat = eng.seat
        order = (seat[:, None] + np.arange(P)[None, :]) % P  # seats counted from the one to act
        cards = np.arange(C, dtype=np.uint64)
        out = np.zeros((B, self.observation_size), dtype=np.float32)

        def put(name: str, values: np.ndarray) -> None:
            start, size = self.sections[name]
            out[:, start:start + size] = values

        held = np.zeros((B, C), dtype=np.float32)
        for layer in eng.layers:  # copies of a card count (two packs, two Jokers)
            held += (layer[ar, seat][:, None] >> cards[None, :]) & np.uint64(1)
        put("hand", held)
        top = eng.disc[ar, eng.nd - 1].astype(np.int64)
        put("top", np.arange(C)[None, :] == top[:, None])
        put("drawn", np.arange(C)[None, :] == eng.drawn[:, None])
        put("wish", np.arange(5)[None, :] == eng.wish[:, None])
        put("lead", np.stack([eng.anyc, eng.fresh, eng.turn == 0], axis=1))
        put("pending", np.stack([eng.pend, eng.pskip], axis=1))
        put("hand_sizes", eng.hand_sizes()[ar[:, None], order])
        put("piles", np.stack([eng.nst, eng.nd], axis=1))
        put("direction", eng.dirn[:, None])
        calls = eng.ann[ar[:, None], order]
        put("calls", np.concatenate([calls == 1, calls == 2], axis=1))
        put("missed", (eng.missed[:, None] >> order) & 1)
        return out
