"""A PettingZoo AEC environment for every variant of every family, Mau-Mau and Malilla (extra ``pettingzoo``).

Agents are ``player_0`` ... ``player_{n-1}`` (seat ``i`` is ``player_i``); the agent to act is the seat
to act, so one agent may act several times in a row (draw, then play or pass). Where the variant has call-outs,
a position with an open window first selects, one at a time in turn order from the seat to act, each other agent
that may call out: its mask holds its call-outs and :attr:`MauMauEnv.waive_action` ("no call-out", the last
action ID); once each has let it pass, the seat to act is selected. Each observation is a
dict in PettingZoo's classic form: ``"observation"``, the float32 vector of
:class:`~maumau_rules.adapters.encoding.ObservationLayout` built from that agent's view alone, and
``"action_mask"``, an int8 vector over the stable action IDs of :mod:`maumau_rules.actions` (all zeros
when it is not the agent's turn). Rewards come at the end of a round: each seat's round points under the
variant's scoring, signed so that higher is better (:func:`~maumau_rules.adapters.encoding.round_rewards`; in
Malilla each seat gets its team's points). What is particular to a family (the observation's sections, the
rewards, the text of :meth:`MauMauEnv.render`) comes from that family's hooks (:mod:`maumau_rules.toolhooks`).

>>> e = env(variant="prsi", players=3)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][-1])
...     e.step(action)
>>> e.agents, info["end"]
([], 'empty_hand')
>>> m = env(variant="malilla", players=4)
>>> m.reset(seed=7)
>>> for agent in m.agent_iter():
...     obs, reward, terminated, truncated, info = m.last()
...     m.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][-1]))
>>> info["end"], len(info["winners"]) in (0, 2)
('tricks', True)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ..actions import ActionError, ActionSpace
from ..entropy import fresh_seed
from ..errors import shown
from ..extras import require
from ..game import apply, legal_moves, new_game
from ..moves import CallOut
from ..state import Deal
from ..toolhooks import tools_for
from ..variants import Variant
from ..views import public_view, view
from . import AdapterError
from .encoding import ObservationLayout, resolve_variant, round_rewards

__all__ = ["ILLEGAL_ACTION_MODES", "MauMauEnv", "env", "parallel_env", "rasterise", "raw_env"]

ILLEGAL_ACTION_MODES: Final = ("terminate", "penalize", "raise")
"""What a legal-by-range but illegal action does: end the round (PettingZoo's classic convention), be refused
with a penalty (the same agent acts again), or raise :class:`~maumau_rules.IllegalMoveError`."""

Observation = dict[str, npt.NDArray[Any]]


class MauMauEnv(AECEnv):  # type: ignore[misc]
    """One round (a hand, in Malilla) of a variant of any family as a PettingZoo AEC environment.

    Args:
        variant: a :class:`~maumau_rules.variants.Variant` (house rules included) or its name.
        players: the number of seats.
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the text), ``"human"`` (prints it after
            every step) or ``"rgb_array"`` (:meth:`render` returns the picture of the table as the seat to act sees
            it, an ``(height, width, 3)`` array of ``uint8``, rasterised from :func:`maumau_rules.svg.view_svg`).
        max_cycles: truncate the round after this many decisions (``None``: only the variant's move limit ends
            it, as a termination). One cycle is one decision, the step of the parallel API.
        illegal_action: one of :data:`ILLEGAL_ACTION_MODES`.
        illegal_reward: the reward of an agent whose action is refused or ends the round.

    Raises:
        VariantError: unknown variant, or a player count outside its range.
        AdapterError: a bad render mode, turn budget or illegal-action mode.

    >>> e = MauMauEnv("standard", players=2)
    >>> e.possible_agents, e.action_space("player_0")
    (['player_0', 'player_1'], Discrete(93))
    >>> MauMauEnv("standard", 2, render_mode="rgb")
    Traceback (most recent call last):
    ...
    maumau_rules.adapters.AdapterError: render_mode 'rgb' is not one of None, 'ansi', 'human', 'rgb_array'
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "maumau_v0", "render_modes": ["ansi", "human", "rgb_array"], "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, variant: Variant | str = "standard", players: int = 2, *, render_mode: str | None = None,
                 max_cycles: int | None = None, illegal_action: str = "terminate",
                 illegal_reward: float = -1.0) -> None:
        super().__init__()
        self.variant = resolve_variant(variant, players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise AdapterError(f"render_mode {shown(render_mode)} is not one of None, 'ansi', 'human', 'rgb_array'")
        if max_cycles is not None and (not isinstance(max_cycles, int) or isinstance(max_cycles, bool)
                                       or max_cycles < 1):
            raise AdapterError(f"max_cycles {max_cycles!r} must be a positive integer or None")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise AdapterError(f"illegal_action {illegal_action!r} is not one of {', '.join(ILLEGAL_ACTION_MODES)}")
        self.players = players
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.layout = ObservationLayout.for_variant(self.variant, players)
        self.codec = ActionSpace.for_variant(self.variant, players)
        self._calls = any(isinstance(m, CallOut) for m in self.codec.moves)
        self.size = self.codec.size + (1 if self._calls else 0)
        """The number of action IDs: the codec's, and "no call-out" where the variant has call-outs."""
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        high = np.asarray(self.layout.high(), dtype=np.float32)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=high, shape=high.shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.size,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.size) for a in self.possible_agents}
        self._seeds: random.Random | None = None
        self._state: Any = None
        self._moves = 0
        self._waived: set[int] = set()

    @property
    def waive_action(self) -> int | None:
        """The action of an agent asked about a call-out that lets it pass (the last action ID), or ``None`` where
        the variant has no call-outs.

        >>> MauMauEnv("mau-king", 3).waive_action == MauMauEnv("mau-king", 3).codec.size
        True
        >>> MauMauEnv("prsi", 3).waive_action is None
        True
        """
        return self.codec.size if self._calls else None

    def _asked(self) -> int | None:
        """The seat asked about a call-out now: the first seat not to act, in turn order from the seat to act, that
        may call out and has not let it pass since the last move; ``None`` when the seat to act is to move."""
        state = self._state
        if not self._calls or state is None or state.is_over:
            return None
        actor: int = state.seat_to_act
        for k in range(1, self.players):
            q = (actor + k) % self.players
            if q not in self._waived and legal_moves(state, q):
                return q
        return None

    def _select(self) -> None:
        asked = self._asked()
        self.agent_selection = self.possible_agents[self._state.seat_to_act if asked is None else asked]

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent``: a ``Dict`` of ``observation`` (``Box``) and ``action_mask``.

        >>> MauMauEnv("standard", 2).observation_space("player_1")["observation"].shape
        (183,)
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete`` over the action IDs of :mod:`maumau_rules.actions`.

        >>> int(MauMauEnv("prsi", 3).action_space("player_2").n) == MauMauEnv("prsi", 3).codec.size
        True
        """
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the game

    @property
    def game_state(self) -> Any:
        """The full state of the round (for tools and tests; agents must use :meth:`observe`).

        Raises:
            AdapterError: :meth:`reset` has not been called.

        >>> e = MauMauEnv("standard", 2); e.reset(seed=1); e.game_state.turn
        0
        """
        if self._state is None:
            raise AdapterError("the environment has no round yet: call reset() first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round.

        ``reset(seed=s)`` deals exactly ``new_game(variant, players, seed=s)``; each later ``reset()`` without a
        seed deals the next round of a sequence of seeds drawn from ``s``. An environment never seeded starts that
        sequence from a fresh seed of the operating system's CSPRNG (:func:`~maumau_rules.entropy.fresh_seed`), so
        two unseeded environments play different games.

        ``options`` may start the round elsewhere: ``{"deal": Deal(...)}`` deals those cards
        (``new_game(..., deal=...)``, for the families that take an explicit deal; the seed then drives only
        reshuffles), ``{"game_state": state}`` starts at a given state of this variant and player count. Other keys
        are ignored.

        Raises:
            AdapterError: ``seed`` is not an integer, ``options`` not a dict, or ``game_state`` is of another game.

        >>> from maumau_rules import new_game
        >>> e = MauMauEnv("prsi", 3); e.reset(seed=5)
        >>> e.game_state == new_game("prsi", 3, seed=5)
        True
        >>> e.reset(options={"game_state": new_game("prsi", 3, seed=8)}); e.game_state == new_game("prsi", 3, seed=8)
        True
        """
        if seed is not None and (not isinstance(seed, int | np.integer) or isinstance(seed, bool)):
            raise AdapterError(f"seed {shown(seed)} must be an integer or None")
        if seed is None and self._seeds is None:
            seed = fresh_seed()
        if seed is not None:
            self._seeds = random.Random(int(seed))
            round_seed = int(seed)
        else:
            assert self._seeds is not None
            round_seed = self._seeds.getrandbits(64)
        if options is None:
            options = {}
        elif not isinstance(options, dict):
            raise AdapterError(f"options {shown(options)} must be a dict or None")
        start = options.get("game_state")
        if start is not None:
            if (getattr(start, "variant", None) != self.variant or getattr(start, "players", None) != self.players
                    or start.is_over):
                raise AdapterError(f"options['game_state'] must be an unfinished game state of {self.variant.id!r} "
                                   f"with {self.players} players")
            self._state = start
        else:
            deal = options.get("deal")
            if deal is not None and not isinstance(deal, Deal):
                raise AdapterError(f"options['deal'] must be a Deal, not {type(deal).__name__}")
            self._state = new_game(self.variant, self.players, seed=round_seed, deal=deal)
        self._moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._waived = set()
        self._select()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation, built from its :func:`~maumau_rules.views.view` alone.

        >>> e = MauMauEnv("standard", 2); e.reset(seed=1)
        >>> obs = e.observe(e.agent_selection)
        >>> int(obs["action_mask"].sum()) == len(e.game_state.legal_moves())
        True
        """
        seat = self._seat[agent]
        state = self.game_state
        pv = view(state, seat)
        mask = np.zeros(self.size, dtype=np.int8)
        asked = self._asked()
        if asked is not None and seat == asked:  # asked about a call-out: its call-outs, or let it pass
            mask[[self.codec.encode(m) for m in legal_moves(state, seat)]] = 1
            mask[self.codec.size] = 1
        elif asked is None and pv.legal_moves and seat == state.seat_to_act:
            mask[[self.codec.encode(m) for m in pv.legal_moves]] = 1
        return {"observation": np.asarray(self.layout.encode(pv), dtype=np.float32), "action_mask": mask}

    def _action_id(self, action: object) -> int:
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ActionError(f"action {shown(action)} is not an action ID: expected an integer "
                              f"0..{self.size - 1}")
        try:
            return int(action)
        except Exception:  # an integer subclass whose __int__ or __index__ raises
            raise ActionError(f"action {shown(action)} is not an action ID: it cannot be read as an integer") from None

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play ``action`` (an action ID) for the agent to act; ``None`` for an agent that is done.

        Raises:
            ActionError: ``action`` is not an integer in the action space.
            IllegalMoveError: an illegal action, with ``illegal_action="raise"``.
            AdapterError: :meth:`reset` has not been called.

        >>> e = MauMauEnv("standard", 2); e.reset(seed=1)
        >>> first = e.agent_selection
        >>> e.step(0)  # draw
        >>> e.agent_selection == first, e.game_state.turn
        (True, 1)
        """
        state = self.game_state
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ActionError(f"{agent} is done: its only action is None, not {shown(action)}")
            self._was_dead_step(action)
            return
        action_id = self._action_id(action)
        seat = self._seat[agent]
        asked = self._asked()
        if asked is not None and action_id == self.codec.size:  # the asked seat lets the call-out pass
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            self._waived.add(seat)
            self._select()
            self._accumulate_rewards()
            return
        waive = self._calls and action_id == self.codec.size  # "no call-out" by the seat to move: illegal
        if waive and self.illegal_action == "raise":
            raise ActionError(f"action {action_id} (no call-out) is for a seat asked about a call-out; {agent} is "
                              "to move")
        move = None if waive else self.codec.decode(action_id)
        legal = move is not None and move in legal_moves(state, seat)
        if not legal and self.illegal_action == "raise":
            assert move is not None
            apply(state, move, player=seat)  # raises IllegalMoveError with the engine's verdict (reason, rule, message)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._moves += 1
        if legal:
            assert move is not None
            state = self._state = apply(state, move, player=seat)
            self._waived = set()
        else:
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal_action": action_id}
            if self.illegal_action == "terminate":
                for a in self.agents:
                    self.terminations[a] = True
                self._finish(agent)
                return
        if state.is_over:
            pv = public_view(state)
            scores = round_rewards(state)
            winners = [self.possible_agents[s] for s in tools_for(self.variant).statistics.winners(state)]
            winner = winners[0] if len(winners) == 1 else None
            for a in self.agents:
                self.rewards[a] = scores[self._seat[a]]
                self.terminations[a] = True
                self.infos[a] = {"end": None if pv.end is None else pv.end.value, "winner": winner,
                                 "winners": winners}
            self._finish(agent)
            return
        if self.max_cycles is not None and self._moves >= self.max_cycles:
            for a in self.agents:
                self.truncations[a] = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, agent: str) -> None:
        """After the round ended on ``agent``'s step: every agent gets its last turn, starting with the next."""
        self.agent_selection = self.possible_agents[(self._seat[agent] + 1) % self.players]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ rendering

    def text(self) -> str:
        """The table as text: what everyone sees, and the hand of the seat to act (a hot-seat display).

        >>> e = MauMauEnv("standard", 2); e.reset(seed=1)
        >>> print(e.text().splitlines()[0])
        standard (Standard (cardgames.zone)), 2 players, move 0
        """
        if self._state is None:
            return "no round yet: call reset()"
        pv = public_view(self._state)
        lines = [f"{self.variant.id} ({self.variant.name}), {self.players} players, move {pv.turn}"]
        lines += tools_for(self.variant).table_text(self._state)
        return "\n".join(lines)

    def picture(self, size: float = 1.0) -> str:
        """The table as the seat to act sees it, as SVG (:func:`maumau_rules.svg.view_svg`; its legal moves marked):
        the picture of a hot-seat display, like :meth:`text`.

        Raises:
            AdapterError: no round yet (call ``reset()``).

        >>> e = MauMauEnv("standard", 2); e.reset(seed=1)
        >>> e.picture().startswith("<svg")
        True
        """
        from ..svg import view_svg

        if self._state is None:
            raise AdapterError("no round yet: call reset()")
        pv = view(self._state, self._state.seat_to_act)
        return view_svg(pv, size=size, highlight=pv.legal_moves)

    def render(self) -> Any:
        """Render the table: as text, returned with ``render_mode="ansi"`` and printed with ``"human"``; as an
        ``(height, width, 3)`` ``uint8`` array with ``"rgb_array"`` (:meth:`picture`, rasterised by ``resvg``).

        Raises:
            AdapterError: ``"rgb_array"`` before ``reset()``.
            MissingExtraError: ``"rgb_array"`` without the rasteriser (``pip install "maumau-rules[pettingzoo]"``).

        >>> e = MauMauEnv("standard", 2, render_mode="ansi"); e.reset(seed=1)
        >>> "to act" in e.render()
        True
        >>> e = MauMauEnv("malilla", 4, render_mode="rgb_array"); e.reset(seed=1)
        >>> frame = e.render(); frame.shape, frame.dtype.name, len(np.unique(frame.reshape(-1, 3), axis=0)) > 10
        ((640, 1000, 3), 'uint8', True)
        """
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.render_mode == "rgb_array":
            return rasterise(self.picture())
        text = self.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Release nothing (the environment holds no resources); here for PettingZoo's API.

        >>> MauMauEnv("standard", 2).close()
        """


def rasterise(svg: str) -> npt.NDArray[np.uint8]:
    """An SVG document as an ``(height, width, 3)`` array of ``uint8`` RGB pixels, drawn by ``resvg`` (no system
    library needed; the ``pettingzoo`` extra installs it) at the document's own size.

    Raises:
        MissingExtraError: ``resvg-py`` or ``pillow`` is not installed.
        AdapterError: the text is not SVG that can be drawn.

    >>> from maumau_rules import Card
    >>> from maumau_rules.svg import card_svg
    >>> rasterise(card_svg(Card.parse("Ah"))).shape
    (106, 78, 3)
    """
    import io

    resvg = require("resvg_py", "pettingzoo", "render_mode='rgb_array'")
    image = require("PIL.Image", "pettingzoo", "render_mode='rgb_array'")
    try:
        png = bytes(resvg.svg_to_bytes(svg_string=svg, background="#ffffff"))
    except ValueError as exc:
        raise AdapterError(f"cannot draw {shown(svg[:40])}: {exc}") from None
    with image.open(io.BytesIO(png)) as picture:
        return np.asarray(picture.convert("RGB"), dtype=np.uint8)


raw_env = MauMauEnv
"""The environment without wrappers (PettingZoo's ``raw_env`` convention)."""


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's order-enforcing wrapper; ``kwargs`` go to :class:`MauMauEnv`.

    >>> e = env(variant="standard", players=4)
    >>> e.reset(seed=3); len(e.agents)
    4
    """
    return OrderEnforcingWrapper(MauMauEnv(**kwargs))


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The parallel form (PettingZoo's turn-based conversion): each step takes an action from every live agent and
    plays the one of the agent to act (the agent whose ``action_mask`` has ones); the others are ignored.

    >>> p = parallel_env(variant="standard", players=2)
    >>> observations, infos = p.reset(seed=1)
    >>> sorted(observations)
    ['player_0', 'player_1']
    """
    return turn_based_aec_to_parallel(env(**kwargs))
