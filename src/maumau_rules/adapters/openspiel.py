"""The OpenSpiel game ``python_maumau`` (extra ``openspiel``): every variant of every family (Mau-Mau and Malilla)
as an OpenSpiel Python game.

Importing this module registers the game, so that ``pyspiel.load_game("python_maumau", {...})`` works with
the parameters ``variant`` (a registered variant's name, default ``standard``) and ``players`` (default 2).
For a house-rule :class:`~maumau_rules.variants.Variant` object, build :class:`MauMauGame` directly. What is
particular to a family (the observation's sections, rewards, the move limit, the texts) comes from that family's
hooks (:mod:`maumau_rules.toolhooks`).

Chance is explicit: a round starts with :data:`SEED_BYTES` chance nodes, each drawing one byte of the round's
shuffle seed uniformly from 256 outcomes. The engine then deals (``new_game(variant, players, seed)``) and
reshuffles from that seed, which no player observes; every later node is a player's decision. So whoever
samples chance (``pyspiel.random_sim_test``, ``rl_environment.Environment(seed=...)``, ``evaluate_bots(rng)``)
seeds the game with OpenSpiel's own mechanisms, clones and serialized states replay exactly, and the
information states never contain the seed.

Call-outs by seats that are not to act: OpenSpiel's games are sequential (one player acts at each node), while the
rules let any seat of an open window call out whoever is to act. So, where a variant has call-outs, every position
with an open window first asks each other seat that may call out, in turn order from the seat to act: that seat is
the current player, and its legal actions are its call-outs and :attr:`MauMauGame.waive_action` ("no call-out",
the one action the codec does not have). When every such seat has let it pass, the seat to act moves. The
interruptions are nodes of the history like any other, so clones, serialization and information states keep them.

``resample_from_infostate`` (for OpenSpiel's ISMCTS) deals the cards the player cannot see again at random: the
family's search model samples from the player's view when it is to act (:mod:`maumau_rules.search`), and a seat
asked about a call-out gets the unseen cards shuffled among the other hands and the stock.

>>> import pyspiel
>>> game = pyspiel.load_game("python_maumau", {"variant": "prsi", "players": 3})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(7)
>>> state.current_player() in (0, 1, 2), len(state.observation_tensor(0)) == game.observation_tensor_size()
(True, True)
>>> malilla = pyspiel.load_game("python_maumau", {"variant": "malilla", "players": 4})
>>> malilla.num_distinct_actions(), malilla.observation_tensor_size()
(42, 313)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import pyspiel

from ..actions import ActionSpace
from ..errors import shown
from ..game import apply, legal_moves, new_game
from ..moves import CallOut, Move, Play, parse_move
from ..toolhooks import tools_for
from ..variants import Variant, available_variants
from ..views import public_view, view
from . import AdapterError
from .encoding import ObservationLayout, PublicHistory, move_limit, resolve_variant, reward_range, round_rewards

__all__ = ["GAME_TYPE", "SEED_BYTES", "MauMauGame", "MauMauObserver", "MauMauState"]

SEED_BYTES: Final = 8
"""Chance nodes at the start of a round; each draws one byte (0-255) of the round's 64-bit shuffle seed (the
generator's whole state, :data:`~maumau_rules.entropy.SEED_BITS`): 2**64 deals, as many as ``new_game`` can make,
so a deal cannot be found by trying every seed against one hand (with 4 bytes there were 2**32)."""

_DEFAULTS: Final[dict[str, Any]] = {"variant": "standard", "players": 2}

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_maumau",
    long_name="Mau-Mau (maumau_rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=max(v.players[1] for v in available_variants()),
    min_num_players=min(v.players[0] for v in available_variants()),
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
)
"""The registered game type: sequential, explicit chance, imperfect information, general-sum, terminal rewards."""


class _Shared:
    """What every state of one game shares: never copied by OpenSpiel's clone (which deep-copies state attributes)."""

    __slots__ = ("calls", "codec", "players", "tools", "variant", "waive")

    def __init__(self, variant: Variant, players: int) -> None:
        self.variant = variant
        self.players = players
        self.codec = ActionSpace.for_variant(variant, players)
        self.tools = tools_for(variant)
        self.calls = any(isinstance(m, CallOut) for m in self.codec.moves)
        self.waive = self.codec.size if self.calls else -1

    def to_ask(self, node: _Node) -> tuple[int, ...]:
        """The seats still to be asked about a call-out at ``node``: each seat not to act that may call out now, in
        turn order from the seat to act, less those who let it pass since the last move."""
        asked: tuple[int, ...] | None = node.memo.get("asked")
        if asked is not None:
            return asked
        state = node.state
        if not self.calls or state.is_over:
            asked = ()
        elif node.move is None and node.parent is not None:  # a seat let it pass: the rest of the parent's
            asked = tuple(q for q in self.to_ask(node.parent) if q != node.seat)
        else:
            actor = state.seat_to_act
            order = [(actor + k) % self.players for k in range(1, self.players)]
            asked = tuple(q for q in order if legal_moves(state, q))
        node.memo["asked"] = asked
        return asked

    def __deepcopy__(self, memo: object) -> _Shared:
        return self

    def __reduce__(self) -> tuple[type[_Shared], tuple[Variant, int]]:
        return _Shared, (self.variant, self.players)


class _Node:
    """One position of a round: the engine state, and the move (by ``seat``) that led to it from ``parent``.

    Immutable (but for ``memo``, which caches what is computed from it), so clones share it.
    """

    __slots__ = ("detached", "memo", "move", "parent", "seat", "state")

    def __init__(self, state: Any, parent: _Node | None = None, seat: int = -1, move: Move | None = None, *,
                 detached: bool = False) -> None:
        self.state = state
        self.parent = parent
        self.seat = seat
        self.move = move
        """The move ``seat`` made from ``parent``; ``None`` at the start, or where ``seat`` let a call-out pass."""
        self.detached = detached
        """A resampled node: its state is not ``parent``'s after ``move`` but one that ``seat`` cannot tell from
        it; ``parent`` keeps the history that the information state strings and tensors read."""
        self.memo: dict[Any, Any] = {}

    def __deepcopy__(self, memo: object) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Flat, so that pickling a long round does not recurse once per move: the base and the moves after it.
        chain = self.chain()
        base = chain[0]
        steps = [(n.seat, None if n.move is None else str(n.move)) for n in chain[1:]]
        if base.detached:
            return _replay, (base.state, steps, base.parent, base.seat, base.move)
        return _replay, (base.state, steps)

    def chain(self) -> list[_Node]:
        """The nodes from the start of the round (or from a resampled node) to this one."""
        out: list[_Node] = []
        node: _Node | None = self
        while node is not None:
            out.append(node)
            if node.detached:
                break
            node = node.parent
        out.reverse()
        return out

    def history(self, layout: ObservationLayout) -> PublicHistory:
        """The public history up to this node (memoised per node, computed forwards from the last known one)."""
        todo: list[_Node] = []
        node: _Node | None = self
        while node is not None and "history" not in node.memo:
            todo.append(node)
            node = node.parent
        hist: PublicHistory = layout.start_history() if node is None else node.memo["history"]
        for n in reversed(todo):
            if n.parent is not None and n.move is not None:
                hist = layout.record(hist, n.seat, n.move, public_view(n.parent.state), public_view(n.state))
            n.memo["history"] = hist
        return hist


def _replay(start: Any, steps: list[tuple[int, str | None]], parent: _Node | None = None, seat: int = -1,
            move: Move | None = None) -> _Node:
    node = _Node(start, parent, seat, move, detached=parent is not None)
    for by, text in steps:
        if text is None:
            node = _Node(node.state, node, by)
        else:
            played = parse_move(text)
            node = _Node(apply(node.state, played, player=by), node, by, played)
    return node


class MauMauGame(pyspiel.Game):  # type: ignore[misc]
    """One variant at one player count as an OpenSpiel game.

    Args:
        params: the game parameters, ``{"variant": name, "players": n}`` (OpenSpiel passes them).
        variant: a :class:`~maumau_rules.variants.Variant` object (e.g. with house rules) instead of the name.

    Raises:
        VariantError: unknown variant, or a player count outside its range.
        AdapterError: an unknown parameter.

    >>> from maumau_rules import find_variant
    >>> from maumau_rules.rules import PenaltySpec
    >>> from maumau_rules.rules import RULE_CLASSES
    >>> DrawPenalty = RULE_CLASSES["R_DRAW_PENALTY"]
    >>> house = find_variant("pesten").with_rules(DrawPenalty(penalties=[PenaltySpec(cards="2", amount=3)]))
    >>> g = MauMauGame({"players": 3}, variant=house)
    >>> g.num_players(), g.get_parameters()["variant"]
    (3, 'pesten-house')
    >>> g.num_distinct_actions() == ActionSpace.for_variant(house, 3).size + 1  # and "no call-out"
    True
    >>> MauMauGame({"colour": "red"})
    Traceback (most recent call last):
    ...
    maumau_rules.adapters.AdapterError: unknown parameter 'colour' of python_maumau: it takes players, variant
    """

    def __init__(self, params: Mapping[str, Any] | None = None, *, variant: Variant | None = None) -> None:
        given = dict(params or {})
        unknown = sorted(set(given) - set(_DEFAULTS))
        if unknown:
            raise AdapterError(f"unknown parameter {unknown[0]!r} of python_maumau: it takes "
                               f"{', '.join(sorted(_DEFAULTS))}")
        merged = {**_DEFAULTS, **given}
        v = resolve_variant(variant if variant is not None else merged["variant"], merged["players"])
        players = int(merged["players"])
        merged["variant"] = v.id
        low, high = reward_range(v)
        shared = _Shared(v, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=shared.codec.size + (1 if shared.calls else 0),
            max_chance_outcomes=256,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            # each move may open a window in which every other seat is asked once
            max_game_length=move_limit(v) * (players if shared.calls else 1),
        )
        super().__init__(GAME_TYPE, info, merged)
        self._shared = shared

    @property
    def variant(self) -> Variant:
        """The variant played.

        >>> MauMauGame({"variant": "prsi"}).variant.id
        'prsi'
        """
        return self._shared.variant

    @property
    def waive_action(self) -> int | None:
        """The action of a seat asked about a call-out that lets it pass (the last action ID), or ``None`` where
        the variant has no call-outs.

        >>> MauMauGame({"variant": "mau-king"}).waive_action == MauMauGame({"variant": "mau-king"}).num_distinct_actions() - 1
        True
        >>> MauMauGame({"variant": "malilla", "players": 4}).waive_action is None
        True
        """
        return self._shared.waive if self._shared.calls else None

    def new_initial_state(self) -> MauMauState:
        """A new round, at its first chance node (the shuffle seed is not drawn yet).

        >>> MauMauGame().new_initial_state().is_chance_node()
        True
        """
        return MauMauState(self)

    def state_from(self, game_state: Any) -> MauMauState:
        """An OpenSpiel state that starts at ``game_state`` (e.g. ``new_game(..., deal=Deal(...))``), with no
        chance nodes: for replaying real tables and for tests.

        Raises:
            AdapterError: ``game_state`` is of another variant or player count.

        >>> from maumau_rules import new_game
        >>> g = MauMauGame({"variant": "standard", "players": 2})
        >>> st = g.state_from(new_game("standard", 2, seed=9))
        >>> st.is_chance_node(), st.game_state == new_game("standard", 2, seed=9)
        (False, True)
        """
        sh = self._shared
        if game_state.variant != sh.variant or game_state.players != sh.players:
            raise AdapterError(f"a state of {game_state.variant.id!r} with {game_state.players} players is not a "
                               f"state of this game ({sh.variant.id!r} with {sh.players} players)")
        state = MauMauState(self)
        state._seed = (0,) * SEED_BYTES
        state._node = _Node(game_state)
        return state

    def max_chance_nodes_in_history(self) -> int:
        """The chance nodes of a round: :data:`SEED_BYTES`.

        >>> MauMauGame().max_chance_nodes_in_history()
        8
        """
        return SEED_BYTES

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> MauMauObserver:
        """An observer for ``iig_obs_type`` (OpenSpiel calls this for observation and information-state tensors).

        >>> obs = MauMauGame().make_py_observer()
        >>> obs.tensor.shape, sorted(obs.dict)[:2]
        ((183,), ['announced', 'any_card'])
        """
        return MauMauObserver(self._shared, iig_obs_type, params)


class MauMauState(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`MauMauGame`: the chance nodes of the shuffle seed, then the round.

    >>> state = MauMauGame().new_initial_state()
    >>> for byte in (1, 2, 3, 4, 5, 6, 7, 8):
    ...     state.apply_action(byte)
    >>> from maumau_rules import new_game
    >>> state.game_state == new_game("standard", 2, seed=0x0102030405060708)
    True
    """

    def __init__(self, game: MauMauGame) -> None:
        super().__init__(game)
        self._shared: _Shared = game._shared
        self._seed: tuple[int, ...] = ()
        self._node: _Node | None = None

    @property
    def game_state(self) -> Any:
        """The engine's state of the round (the whole truth: for tools and tests, never for a player).

        Raises:
            AdapterError: the shuffle seed is not drawn yet (a chance node).

        >>> MauMauGame().new_initial_state().game_state
        Traceback (most recent call last):
        ...
        maumau_rules.adapters.AdapterError: the round is not dealt yet: 8 chance nodes draw its shuffle seed first
        """
        if self._node is None:
            raise AdapterError(f"the round is not dealt yet: {SEED_BYTES} chance nodes draw its shuffle seed first")
        return self._node.state

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` before the deal, ``PlayerId.TERMINAL`` after the round.

        >>> int(MauMauGame().new_initial_state().current_player()) == int(pyspiel.PlayerId.CHANCE)
        True
        """
        node = self._node
        if node is None:
            return int(pyspiel.PlayerId.CHANCE)
        if node.state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        asked = self._shared.to_ask(node)
        return int(asked[0]) if asked else int(node.state.seat_to_act)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The 256 values of the next seed byte, each with probability 1/256.

        >>> outcomes = MauMauGame().new_initial_state().chance_outcomes()
        >>> len(outcomes), outcomes[0]
        (256, (0, 0.00390625))
        """
        return [(b, 1.0 / 256) for b in range(256)]

    def _legal_actions(self, player: int) -> list[int]:
        """The IDs of the legal moves of ``player`` (the current player), ascending; a seat asked about a call-out
        has its call-outs and the waive action."""
        node = self._node
        assert node is not None
        sh = self._shared
        asked = sh.to_ask(node)
        if asked:
            return [*sorted(sh.codec.legal_actions(node.state, asked[0])), sh.waive]
        return sorted(sh.codec.legal_actions(node.state))

    def _apply_action(self, action: int) -> None:
        """Draw a seed byte (chance), or play the move with action ID ``action`` (validated by the engine)."""
        node = self._node
        if node is None:
            if not 0 <= action < 256:
                raise AdapterError(f"chance outcome {shown(action)} is not a seed byte 0..255")
            self._seed = (*self._seed, int(action))
            if len(self._seed) == SEED_BYTES:
                sh = self._shared
                self._node = _Node(new_game(sh.variant, sh.players, seed=int.from_bytes(bytes(self._seed), "big")))
            return
        sh = self._shared
        asked = sh.to_ask(node)
        seat = asked[0] if asked else node.state.seat_to_act
        if asked and action == sh.waive:
            self._node = _Node(node.state, node, seat)
            return
        move = sh.codec.decode(int(action))
        self._node = _Node(apply(node.state, move, player=seat), node, seat, move)

    def _action_to_string(self, player: int, action: int) -> str:
        """``seed byte i = b`` for chance, else the move in notation."""
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"seed byte {len(self._seed) + 1} = {action}"
        if self._shared.calls and action == self._shared.waive:
            return "no call-out"
        return str(self._shared.codec.decode(int(action)))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MauMauState:
        """A state ``player_id`` cannot tell from this one: the cards it cannot see dealt again at random, with
        ``probability_sampler()`` (OpenSpiel's source of numbers in [0, 1)) seeding the deal. Its information state
        string and tensors are this state's.

        Raises:
            AdapterError: the round is not dealt yet, or is over.

        >>> import random
        >>> game = MauMauGame({"players": 3})
        >>> from maumau_rules import new_game
        >>> st = game.state_from(new_game("standard", 3, seed=5))
        >>> other = st.resample_from_infostate(st.current_player(), random.Random(1).random)
        >>> other.information_state_string(st.current_player()) == st.information_state_string(st.current_player())
        True
        >>> other.game_state.hand_sizes == st.game_state.hand_sizes, other.game_state != st.game_state
        (True, True)
        """
        node = self._node
        if node is None or node.state.is_over:
            raise AdapterError("a state can be resampled only in a round that is dealt and goes on")
        rng = random.Random(int(probability_sampler() * 2**53))
        seat = int(player_id)
        sampled = self._shared.tools.resample(node.state, seat, rng)  # the family's: any seat, to act or asked
        out = MauMauState(self.get_game())
        out._seed = self._seed
        fresh = _Node(sampled, node.parent, node.seat, node.move, detached=True)
        fresh.memo.update({k: v for k, v in node.memo.items() if k == "history" or k == "asked" or
                           (isinstance(k, tuple) and k[0] == "recall" and k[1] == seat)})
        out._node = fresh
        return out

    def is_terminal(self) -> bool:
        """Whether the round has ended.

        >>> MauMauGame().new_initial_state().is_terminal()
        False
        """
        return self._node is not None and self._node.state.is_over

    def returns(self) -> list[float]:
        """Each seat's round reward at the end (round points signed so that higher is better), zeros before.

        >>> MauMauGame({"players": 3}).new_initial_state().returns()
        [0.0, 0.0, 0.0]
        """
        node = self._node
        if node is None or not node.state.is_over:
            return [0.0] * self._shared.players
        return list(round_rewards(node.state))

    def __str__(self) -> str:
        """The whole state (hands included), for debugging; players observe through the observers only."""
        node = self._node
        if node is None:
            return f"dealing: seed bytes {list(self._seed)}"
        text: str | None = node.memo.get("str")
        if text is None:
            text = node.memo["str"] = self._shared.tools.state_text(node.state)
        return f"seed {list(self._seed)} {text}"


def _cards(cards: tuple[Any, ...] | list[Any]) -> str:
    return " ".join(str(c) for c in cards) or "-"


class MauMauObserver:
    """Observation tensors and strings of a state for one player, built from that player's view only.

    ``tensor`` is the flat float32 observation of
    :class:`~maumau_rules.adapters.encoding.ObservationLayout`; ``dict`` holds a named, shaped view of each
    section of it. With ``perfect_recall`` (the information state) the tensor adds the public history
    summary (cards each seat played, cards each seat drew) and the string is the player's whole history:
    its first view, then every move, with the cards it drew itself.

    Raises:
        AdapterError: observer parameters (none are taken), or an observation of every player's cards.

    >>> obs = MauMauObserver(MauMauGame()._shared, pyspiel.IIGObservationType(perfect_recall=True), None)
    >>> obs.tensor.shape, obs.dict["played_by"].shape
    ((249,), (2, 32))
    """

    def __init__(self, shared: _Shared, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise AdapterError(f"observer parameters are not supported; got {dict(params)!r}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise AdapterError("an observation of every player's cards is not offered: observers see one view")
        self._shared = shared
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.layout = ObservationLayout.for_variant(shared.variant, shared.players, private=self.private,
                                                    public=self.public, history=self.perfect_recall)
        self.tensor = np.zeros(self.layout.size, dtype=np.float32)
        self.dict = {s.name: self.tensor[s.offset:s.offset + s.size].reshape(s.shape) for s in self.layout.sections}

    def set_from(self, state: MauMauState, player: int) -> None:
        """Fill ``tensor`` (and so ``dict``) with ``player``'s observation of ``state`` (zeros before the deal).

        >>> game = MauMauGame()
        >>> obs = game.make_py_observer()
        >>> from maumau_rules import new_game
        >>> obs.set_from(game.state_from(new_game("standard", 2, seed=1)), 0)
        >>> int(obs.dict["hand"].sum())
        6
        """
        node = state._node
        if node is None:
            self.tensor.fill(0.0)
            return
        key = ("tensor", player, self.private, self.public, self.perfect_recall)
        values = node.memo.get(key)  # OpenSpiel asks for the same tensor many times; a node never changes
        if values is None:
            pv = view(node.state, player) if self.private else public_view(node.state)
            hist = node.history(self.layout) if self.perfect_recall else None
            values = node.memo[key] = np.asarray(self.layout.encode(pv, seat=player, history=hist), dtype=np.float32)
        self.tensor[:] = values

    def string_from(self, state: MauMauState, player: int) -> str:
        """``player``'s observation of ``state`` as text (its information state with ``perfect_recall``).

        >>> game = MauMauGame()
        >>> from maumau_rules import new_game
        >>> st = game.state_from(new_game("standard", 2, seed=1))
        >>> game.make_py_observer().string_from(st, 0).startswith("p0 hand ")
        True
        """
        node = state._node
        if node is None:
            return f"p{player} dealing"
        if not self.perfect_recall:
            return self._now_text(node.state, player)
        return " ; ".join(self._recall(node, player))

    def _recall(self, node: _Node, player: int) -> tuple[str, ...]:
        """The parts of ``player``'s information state string at ``node``, memoised on the nodes (each node adds one
        part to its parent's, so a round costs linear time however often its strings are asked for)."""
        key = ("recall", player, self.private, self.public)
        todo: list[_Node] = []
        at: _Node | None = node
        while at is not None and key not in at.memo:
            todo.append(at)
            at = at.parent
        parts: tuple[str, ...] = () if at is None else at.memo[key]
        for n in reversed(todo):
            if n.parent is None:
                parts = (self._now_text(n.state, player),)
            elif n.move is None:  # a seat asked about a call-out let it pass
                if self.public:
                    parts = (*parts, f"{n.seat}:no call-out")
            else:
                text = f"{n.seat}:{n.move}" if self.public else ""
                if self.private:
                    now, before = view(n.state, player).hand, view(n.parent.state, player).hand
                    gained = Counter(now)
                    gained.subtract(before)
                    lost = -gained
                    mine = [n.move.card] if n.seat == player and isinstance(n.move, Play) else []
                    if sorted(lost.elements(), key=str) != sorted(mine, key=str):  # a new deal: the new hand
                        text += f" hand [{_cards(now)}]"
                    elif len(now) > len(before):
                        text += f" +[{_cards([c for c, k in gained.items() for _ in range(k) if k > 0])}]"
                if text:
                    parts = (*parts, text.strip())
            n.memo[key] = parts
        return parts

    def _now_text(self, s: Any, player: int) -> str:
        pv = view(s, player) if self.private else public_view(s)
        return self._shared.tools.view_text(pv, player, self.private, self.public)


if GAME_TYPE.short_name not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, MauMauGame)
