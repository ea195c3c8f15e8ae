"""A stronger computer player: information-set Monte Carlo tree search from one seat's view, for every family.

The tree search (:class:`SearchBot`) is shared; what is particular to a family comes from its
:class:`SearchModel` (``tools_for(variant).search_model(infer)``, :mod:`maumau_rules.toolhooks`): how to deal the
cards the seat cannot see, consistently with what the seat has seen and concluded (:class:`HandLimit`), the moves
worth searching, the quick policy of the playouts and a playout's reward. Each family's model lives in its
package (Mau-Mau's deals keep to what the seat concluded from the others' draws and wishes; Malilla's to the
voids and the other limits its tricks show).

:class:`SearchBot` gets what every bot gets, a view (with the legal moves), never the state. All playouts share
one tree whose edges are moves (single-observer ISMCTS: Cowling, Powley and Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 2012): a move is chosen by UCB1 among the moves legal in the current deal,
counting how often each was available, with a bias towards a quick heuristic's move that fades as the move is
tried. Below the tree every seat plays by the model's quick policy. The bot then plays the move tried most often.

Its budget is a number of playouts (``playouts``) and, optionally, a time limit; its randomness comes from
its ``seed`` alone, so a bot with a playout budget chooses the same move for the same views every time.

>>> from maumau_rules import new_game
>>> from maumau_rules.views import view
>>> s = new_game("standard", players=2, seed=4)
>>> bot = SearchBot(playouts=50, seed=1)
>>> bot.choose(view(s, s.seat_to_act)) in s.legal_moves()
True
>>> m = new_game("malilla", players=4, seed=4)
>>> SearchBot(playouts=20, seed=1).choose(view(m, m.seat_to_act)) in m.legal_moves()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

import attrs

from ._compat import moved_attr
from .cards import Card
from .errors import BotError, MauMauError
from .game import apply
from .moves import CallOut, Move
from .toolhooks import tools_for_family

__all__ = ["HandLimit", "SearchBot", "SearchError", "SearchModel"]

_EXPLORE: Final = 0.7
"""UCB1's exploration constant (rewards are 0 or 1)."""


class SearchError(BotError):
    """A search bot was misconfigured, or asked to move from a view it cannot act on.

    >>> SearchBot(playouts=0)
    Traceback (most recent call last):
    ...
    maumau_rules.search.SearchError: playouts=0: a search bot needs at least one playout
    """


@attrs.frozen
class HandLimit:
    """A belief about one hand: it holds at least ``at_least`` and at most ``at_most`` of ``cards``.

    >>> from maumau_rules import parse_cards
    >>> HandLimit(frozenset(parse_cards("7h 8h")), at_most=0).allows(parse_cards("9h Jc"))
    True
    """

    cards: frozenset[Card]
    """The cards the belief is about."""
    at_most: int | None = None
    """How many of them the hand may hold at most (``None``: any number)."""
    at_least: int = 0
    """How many of them the hand holds at least."""

    def allows(self, hand: Sequence[Card]) -> bool:
        """Whether ``hand`` keeps to the belief.

        >>> from maumau_rules import parse_cards
        >>> HandLimit(frozenset(parse_cards("7h 8h")), at_least=1).allows(parse_cards("9h Jc"))
        False
        """
        held = sum(c in self.cards for c in hand)
        return held >= self.at_least and (self.at_most is None or held <= self.at_most)


class _Node:
    """One move's node in the search tree: who made it, and how it fared."""

    __slots__ = ("available", "bias", "children", "seat", "visits", "wins")

    def __init__(self, seat: int, bias: float = 0.0) -> None:
        self.seat = seat
        self.bias = bias
        self.visits = 0
        self.wins = 0.0
        self.available = 1
        self.children: dict[Move, _Node] = {}


class SearchModel(Protocol):
    """What :class:`SearchBot` asks of a game family (its ``search_model`` hook, :mod:`maumau_rules.toolhooks`): one
    object per bot and family, which may follow the round from the bot's views."""

    infer: bool

    def observe(self, view: Any) -> None:
        """Take in what the bot's seat sees after a move.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> from maumau_rules.toolhooks import tools_for
        >>> tools_for("standard").search_model(True).observe(view(new_game("standard", 2, seed=1), 0))
        """

    def limits(self) -> dict[int, list[tuple[frozenset[Card], int | None, int]]]:
        """What the model believes of the other hands: ``(cards, at_most, at_least)`` by seat.

        >>> from maumau_rules.toolhooks import tools_for
        >>> tools_for("standard").search_model(True).limits()
        {}
        """

    def root_moves(self, view: Any) -> tuple[Move, ...]:
        """The moves worth searching at the view (its legal moves, or fewer).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("malilla", 4, seed=1)
        >>> SearchBot()._model_for(view(s, 0)).root_moves(view(s, s.seat_to_act)) == s.legal_moves()
        True
        """

    def sampler(self, view: Any) -> Callable[[random.Random], Any]:
        """A function that deals, from a generator, a state the view's seat cannot tell from the real one.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", 2, seed=1)
        >>> from maumau_rules.toolhooks import tools_for
        >>> tools_for("standard").search_model(True).sampler(view(s, s.seat_to_act))(random.Random(3)).hand_sizes == s.hand_sizes
        True
        """

    def options(self, state: Any) -> tuple[Move, ...]:
        """The moves searched at a state in the tree.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.toolhooks import tools_for
        >>> s = new_game("standard", 2, seed=1)
        >>> set(tools_for("standard").search_model(True).options(s)) <= set(s.legal_moves())
        True
        """

    def policy(self, state: Any, rng: random.Random | None) -> Move:
        """The quick policy's move (with noise from ``rng``; none: the tree's bias).

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", 2, seed=1)
        >>> from maumau_rules.toolhooks import tools_for
        >>> tools_for("standard").search_model(True).policy(s, None) in s.legal_moves()
        True
        """

    def playout(self, state: Any, rng: random.Random) -> Any:
        """The state played out to its end by the quick policy.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.toolhooks import tools_for
        >>> tools_for("standard").search_model(True).playout(new_game("standard", 2, seed=1), random.Random(2)).is_over
        True
        """

    def reward(self, final: Any, seat: int) -> float:
        """``seat``'s reward (0 to 1) for a finished playout.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.toolhooks import tools_for
        >>> tools_for("standard").search_model(True).reward(new_game("standard", 2, seed=1), 1)
        0.0
        """


class SearchBot:
    """Information-set Monte Carlo tree search over deals consistent with the bot's view (see the module), for a
    game of any family: what is particular to a family (how to deal the unseen cards, the quick policy, a
    playout's reward) comes from that family's :class:`SearchModel`.

    Args:
        playouts: playouts per decision (at least 1); a decision with one legal move needs none.
        seed: the seed of the bot's own generator (deals and playouts).
        time_limit: an optional time budget per decision in seconds: the search stops when it is spent (after
            at least one playout) or after ``playouts``, whichever comes first. Timed search is not
            reproducible.
        clock: the clock for ``time_limit`` (default :func:`time.perf_counter`).
        exploration: UCB1's exploration constant.
        infer: draw conclusions from what the other seats do (see the family's :meth:`SearchModel.observe`; Malilla's deals
            keep to the voids and other limits the tricks show).

    Raises:
        SearchError: a budget that is not a positive number.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.views import view
    >>> s = new_game("standard", players=2, seed=9)
    >>> pv = view(s, s.seat_to_act)
    >>> SearchBot(playouts=40, seed=3).choose(pv) == SearchBot(playouts=40, seed=3).choose(pv)
    True
    >>> m = new_game("malilla", players=4, seed=9)
    >>> SearchBot(playouts=10, seed=3).choose(view(m, m.seat_to_act)) in m.legal_moves()
    True
    """

    def __init__(self, playouts: int = 200, seed: int = 0, *, time_limit: float | None = None,
                 clock: Callable[[], float] | None = None, exploration: float = _EXPLORE, infer: bool = True
                 ) -> None:
        if type(playouts) is not int or playouts < 1:
            raise SearchError(f"playouts={playouts!r}: a search bot needs at least one playout")
        if time_limit is not None and not (isinstance(time_limit, int | float) and time_limit > 0):
            raise SearchError(f"time_limit={time_limit!r}: give a positive number of seconds, or None")
        if not (isinstance(exploration, int | float) and exploration >= 0):
            raise SearchError(f"exploration={exploration!r} must be a number >= 0")
        self.playouts = playouts
        self.time_limit = time_limit
        self._clock = clock
        self._explore = float(exploration)
        self._bias = 1.0
        self._rng = random.Random(seed)
        self.infer = infer
        self.last_playouts = 0
        """How many playouts the last decision ran."""
        self._model: SearchModel | None = None
        self._family = ""

    def _model_for(self, view: Any) -> SearchModel:
        """The search model of the view's family (a new one when the family changes)."""
        family = view.rules.family
        if self._model is None or family != self._family:


            self._model = tools_for_family(family).search_model(self.infer)
            self._family = family
        assert self._model is not None
        return self._model

    @property
    def limits(self) -> dict[int, list[HandLimit]]:
        """What the bot now believes of the other hands, as the family's sampler takes it.

        >>> SearchBot().limits
        {}
        """
        if self._model is None:
            return {}
        return {seat: [HandLimit(*t) for t in found] for seat, found in self._model.limits().items()}

    def observe(self, view: Any) -> None:
        """Take in what this seat sees after a move (:meth:`SearchModel.observe`: what a Mau-Mau bot
        concludes). A runner that calls it after every move (as :func:`maumau_rules.simulate.play_game` does) lets
        the bot follow the other seats; ``choose`` calls it too, with the view it is given.

        >>> from maumau_rules import new_game, apply, Draw
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=3)
        >>> bot = SearchBot(seed=1)
        >>> other = 1 - s.seat_to_act
        >>> bot.observe(view(s, other))
        >>> bot.observe(view(apply(s, Draw()), other))
        >>> [(len(b.cards) > 0, b.at_most) for b in bot.limits[s.seat_to_act]]
        [(True, 1)]
        """
        self._model_for(view).observe(view)

    def interject(self, view: Any) -> Move | None:
        """Between turns: call out whoever missed a call, whenever the rules allow it (a call-out costs nothing).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> SearchBot().interject(view(new_game("standard", players=2, seed=2), 0)) is None
        True
        """
        self.observe(view)
        if view.seat == view.seat_to_act:
            return None
        return next((m for m in view.legal_moves if type(m) is CallOut), None)

    def choose(self, view: Any) -> Move:
        """Search from ``view`` (a player's view of any family) and return the legal move tried most often.

        Raises:
            SearchError: the view has no legal moves (it is not this seat's turn, or the round is over).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=2)
        >>> bot = SearchBot(playouts=30, seed=5)
        >>> bot.choose(view(s, s.seat_to_act)) in s.legal_moves(), bot.last_playouts
        (True, 30)
        >>> bot.choose(view(s, 1 - s.seat_to_act))
        Traceback (most recent call last):
        ...
        maumau_rules.search.SearchError: seat ... cannot move in this view: it is not its turn or the round is over
        """
        if not view.legal_moves or view.seat != view.seat_to_act or view.is_over:
            raise SearchError(f"seat {view.seat} cannot move in this view: it is not its turn or the round is over")
        model = self._model_for(view)
        model.observe(view)
        legal = model.root_moves(view)
        if len(legal) == 1:
            self.last_playouts = 0
            return legal[0]
        root = _Node(view.seat)
        rng = self._rng
        deadline = None
        clock = self._clock
        if self.time_limit is not None:
            if clock is None:
                import time

                clock = time.perf_counter
            deadline = clock() + self.time_limit
        done = 0
        try:
            sample = model.sampler(view)
            while done < self.playouts:
                self._iterate(root, sample(rng), rng, model)
                done += 1
                if deadline is not None and clock is not None and clock() >= deadline:
                    break
        except MauMauError as exc:
            if isinstance(exc, SearchError):
                raise
            raise SearchError(str(exc)) from None
        self.last_playouts = done
        children = root.children
        return max(legal, key=lambda m: (children[m].visits, children[m].wins) if m in children else (-1, 0))

    def _iterate(self, root: _Node, state: Any, rng: random.Random, model: SearchModel) -> None:
        """One playout: down the tree by UCB1 among the moves legal in this deal (with a bias towards the quick
        policy's move that fades with visits), add one node, play out."""
        node = root
        path: list[_Node] = []
        explore = self._explore
        bias = self._bias
        while not state.is_over:
            moves = model.options(state)
            children = node.children
            untried = []
            for m in moves:
                child = children.get(m)
                if child is None:
                    untried.append(m)
                else:
                    child.available += 1
            if untried:
                preferred = model.policy(state, None)
                if preferred in untried:
                    move = preferred
                else:
                    move = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[move] = _Node(state.seat_to_act, bias if move is preferred else 0.0)
                path.append(child)
                state = apply(state, move)
                break
            best = -1.0
            move = moves[0]
            for m in moves:
                c = children[m]
                n = c.visits
                score = c.wins / n + explore * math.sqrt(math.log(c.available) / n) + c.bias / (n + 1)
                if score > best:
                    best, move = score, m
            node = children[move]
            path.append(node)
            state = apply(state, move)
        final = model.playout(state, rng)
        for step in path:
            step.visits += 1
            step.wins += model.reward(final, step.seat)


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (Mau-Mau's ``determinize``, ``candidates``, ``MauMauSearch``):
    served for one release with a :class:`DeprecationWarning` (docs/stability.rst).

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from maumau_rules.search import determinize
    >>> callable(determinize)
    True
    """
    return moved_attr(__name__, name)
