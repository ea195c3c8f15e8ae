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
  the move limit (R_TURN_LIMIT), ``terminated`` the others;
- call-outs by seats that are not to act are offered as the OpenSpiel adapter offers them
  (:attr:`~maumau_rules.adapters.openspiel.MauMauGame.waive_action`): where a window is open, each other seat that
  may call someone out is asked first, in turn order from the seat to act; it is then ``current_player``, its
  legal actions are its call-outs and :attr:`VectorEnv.waive_action` ("no call-out", the last action ID), and when
  every such seat has let it pass the seat to act moves. A call-out is a move like any other; after it the seats
  are asked again.

The observation holds only what the seat to act may see: his hand, the top card and what it asks for (wish,
freedom, freshness, the first move), pending penalties and skips, the card he just drew, the hand sizes, the
stock and discard sizes, the direction, the calls standing and missed, seats counted from him. A test changes the
cards he cannot see (the other hands and the stock) and checks that his observation does not change.

>>> env = VectorEnv("standard", players=2, num_envs=4, seed=1)
>>> obs, info = env.reset()
>>> obs.shape == (4, env.observation_size), info["legal_action_mask"].shape
(True, (4, 93))
>>> obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
>>> rewards.shape, terminated.dtype
((4, 2), dtype('bool'))
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....errors import ArgumentError
from ....i18n import gettext
from ....variants import Variant
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
        self.calls = bool(self.engine.tables.announce)
        """Whether the variant has call-outs (then seats not to act are asked about them)."""
        self.waive_action = self.engine.A if self.calls else -1
        """The action "no call-out" of a seat asked about a call-out (``-1``: the variant has no call-outs)."""
        self.action_size = self.engine.A + self.calls
        """The number of action IDs (the engine's, and the waive action where there are call-outs)."""
        self._ask = np.zeros(num_envs, dtype=np.int64)
        self._asked = np.full(num_envs, -1, dtype=np.int64)
        C = self.engine.n_cards
        self.sections: dict[str, tuple[int, int]] = {}
        """Where each part of the observation lies: name -> (start, length)."""
        at = 0
        for name, size in (("hand", C), ("top", C), ("drawn", C), ("wish", 5), ("lead", 3), ("pending", 2),
                           ("hand_sizes", players), ("piles", 2), ("direction", 1), ("calls", 2 * players),
                           ("missed", players), ("asked", 1)):
            self.sections[name] = (at, size)
            at += size
        self.observation_size = at
        """The length of one observation."""
        self._seed = seed
        self._rng = np.random.default_rng(seed)
        """The sampler of asked seats' random actions (this env's own generator)."""

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every game afresh (from ``seed``, default the constructor's).

        >>> env = VectorEnv("prsi", 2, 3); a = env.reset(seed=5)[0]; bool((a == env.reset(seed=5)[0]).all())
        True
        """
        self.engine.reset(self._seed if seed is None else seed)
        self._ask[:] = 1
        self._find_asked()
        return self.observe(), self._info()

    def _find_asked(self) -> None:
        """For every game, the first other seat, from the ``_ask``-th in turn order on, that may call someone out
        (``_asked``; ``-1``: none, the seat to act moves)."""
        eng = self.engine
        self._asked[:] = -1
        if not self.calls:
            return
        bits = eng.callout_targets()
        if not bits.any():
            return
        P = self.players
        for k in range(P - 1, 0, -1):  # the first in turn order wins: written last
            p = (eng.seat + k * eng.dirn) % P
            may = (k >= self._ask) & ((bits & ~(1 << p)) != 0)
            self._asked = np.where(may, p, self._asked)

    def current_player(self) -> np.ndarray:
        """The seat that decides now in every game: a seat asked about a call-out, else the seat to act.

        >>> env = VectorEnv("standard", 3, 2, seed=1); _ = env.reset(); bool((env.current_player() == env.engine.seat).all())
        True
        """
        return np.where(self._asked >= 0, self._asked, self.engine.seat)

    def legal_mask(self) -> np.ndarray:
        """The legal actions of every game's current player (games × :attr:`action_size`): an asked seat's
        call-outs and the waive action, else the seat to act's moves.

        >>> env = VectorEnv("standard", 2, 3); _ = env.reset(); env.legal_mask().shape
        (3, 93)
        """
        eng = self.engine
        mask = eng.legal_mask()
        if not self.calls:
            return mask
        out = np.zeros((self.num_envs, self.action_size), dtype=bool)
        out[:, :eng.A] = mask
        rows = np.flatnonzero(self._asked >= 0)
        if rows.size:
            out[rows] = False
            p = self._asked[rows]
            mine = eng.callout_targets()[rows] & ~(1 << p)
            callouts = eng.A_KIND == 3
            out[rows, :eng.A] = callouts[None, :] & (((mine[:, None] >> eng.A_TARGET[None, :]) & 1) != 0)
            out[rows, self.waive_action] = True
        return out

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
        actions = np.asarray(actions, dtype=np.int64)
        asked = self._asked >= 0
        waived = asked & (actions == self.waive_action)
        if waived.any():
            mask = self.legal_mask()
            bad = np.flatnonzero(waived & ~mask[:, self.waive_action])
            if bad.size:  # (cannot happen: an asked seat may always waive)
                raise ArgumentError(gettext("game {game}: no call-out question to waive").format(game=int(bad[0])))
        after = self._rank_of(self._asked) + 1  # who let it pass is not asked again until someone moves
        done = eng.step(np.where(waived, 0, actions), np.where(asked & ~waived, self._asked, -1), idle=waived)
        self._ask = np.where(waived, after, 1)
        self._find_asked()
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

    def _rank_of(self, seats: np.ndarray) -> np.ndarray:
        """How many places after the seat to act each seat comes, in the direction of play."""
        eng = self.engine
        out: np.ndarray = ((seats - eng.seat) * eng.dirn) % self.players
        return out

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal action in every game.

        >>> env = VectorEnv("standard", 2, 3); _, info = env.reset()
        >>> a = env.sample_actions(); bool(info["legal_action_mask"][np.arange(3), a].all())
        True
        """
        out = self.engine.sample_random()
        rows = np.flatnonzero(self._asked >= 0)
        if rows.size:  # an asked seat: one of its call-outs or the waive action, uniformly
            mask = self.legal_mask()[rows]
            r = self._rng.integers(0, mask.sum(axis=1))
            out[rows] = (np.cumsum(mask, axis=1) > r[:, None]).argmax(axis=1)
        return out

    def _info(self) -> dict[str, Any]:
        return {"current_player": self.current_player(), "legal_action_mask": self.legal_mask()}

    def observe(self) -> np.ndarray:
        """The observation of every game's seat to act (games × :attr:`observation_size`, float32).

        >>> env = VectorEnv("standard", 2, 2); obs = env.reset()[0]
        >>> int(obs[0, :32].sum())  # the six cards of the hand
        6
        """
        eng = self.engine
        B, P, C = self.num_envs, self.players, eng.n_cards
        ar = np.arange(B)
        seat = self.current_player()
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
        asked = self._asked >= 0  # (the card the seat to act drew is his: an asked seat does not see it)
        put("drawn", np.arange(C)[None, :] == np.where(asked, -1, eng.drawn)[:, None])
        put("asked", asked[:, None])
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
