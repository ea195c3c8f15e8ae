"""Computer players. A bot sees only a :class:`~maumau_rules.views.PlayerView` and picks one of its legal moves.

>>> from maumau_rules import new_game, apply
>>> from maumau_rules.views import view
>>> s = new_game("standard", players=2, seed=3)
>>> bot = HeuristicBot()
>>> move = bot.choose(view(s, s.seat_to_act))
>>> move in s.legal_moves()
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from .malilla.views import MalillaPlayerView
from .moves import CallOut, Draw, Move, Play
from .views import PlayerView

__all__ = ["Bot", "HeuristicBot", "RandomBot", "make_bot"]


class Bot(Protocol):
    """Anything that picks a move from a player's view."""

    def choose(self, view: PlayerView) -> Move:
        """Return one of ``view.legal_moves``.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=2)
        >>> bot: Bot = RandomBot(1)
        >>> bot.choose(view(s, s.seat_to_act)) in s.legal_moves()
        True
        """


class RandomBot:
    """Picks a uniformly random legal move, from its own seeded generator (no global randomness); it plays Malilla
    too (its view has legal moves the same way).

    >>> from maumau_rules import new_game
    >>> from maumau_rules.views import view
    >>> s = new_game("standard", players=2, seed=1)
    >>> RandomBot(7).choose(view(s, s.seat_to_act)) == RandomBot(7).choose(view(s, s.seat_to_act))
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView | MalillaPlayerView) -> Move:
        """Pick a random legal move.

        Raises:
            ValueError: the view has no legal moves (it is not this seat's turn).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=2)
        >>> RandomBot(3).choose(view(s, 1 - s.seat_to_act))
        Traceback (most recent call last):
        ...
        ValueError: seat ... has no legal move: it is not its turn or the round is over
        """
        if not view.legal_moves:
            raise ValueError(f"seat {view.seat} has no legal move: it is not its turn or the round is over")
        return self._rng.choice(view.legal_moves)


class HeuristicBot:
    """Plays by the source's tips (STD-TIP-1..7): keep Jacks for when nothing else fits, hurt a player
    close to finishing with 7s and 8s, wish the suit you hold most, shed high cards early, never forget a call,
    and call out whoever forgets.

    >>> from maumau_rules import new_game, apply
    >>> from maumau_rules.views import view
    >>> s = new_game("standard", players=3, seed=11)
    >>> HeuristicBot().choose(view(s, s.seat_to_act)) in s.legal_moves()
    True
    """

    def choose(self, view: PlayerView) -> Move:
        """Pick the best legal move by the heuristics.

        Raises:
            ValueError: the view has no legal moves.

        >>> from maumau_rules import new_game, Draw
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=5)
        >>> move = HeuristicBot().choose(view(s, s.seat_to_act))
        >>> move in s.legal_moves() and (move != Draw() or all(str(m) == "draw" for m in s.legal_moves()))
        True
        """
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal move: it is not its turn or the round is over")
        for m in legal:
            if isinstance(m, CallOut):
                return m  # STD-TIP-6: note who forgets "Mau"
        plays = [m for m in legal if isinstance(m, Play)]
        if not plays:
            for m in legal:
                if isinstance(m, Draw):
                    return m
            return legal[0]
        roles = view.rules.plan.roles
        n = len(view.hand_sizes)
        nxt = (view.seat + view.direction) % n
        threat = view.hand_sizes[nxt] <= 2
        best: tuple[float, int] | None = None
        choice: Move = plays[0]
        for idx, m in enumerate(plays):
            score = self._score(view, m, roles.get(m.card, frozenset()), threat)
            if best is None or (score, -idx) > best:
                best, choice = (score, -idx), m
        return choice

    @staticmethod
    def _score(view: PlayerView, m: Play, roles: frozenset[str], threat: bool) -> float:
        card = m.card
        rest = list(view.hand)
        if card in rest:
            rest.remove(card)
        suits = Counter(c.suit for c in rest if c.suit is not None)
        score = 10.0
        if "wild" in roles:
            score -= 8.0 if len(rest) > 1 else 0.0  # STD-TIP-1: keep Jacks
        if "penalty" in roles or "skip" in roles:
            score += 4.0 if threat else 1.0  # STD-TIP-2
        if "again" in roles:
            score += 2.0
        score += int(card.rank) / 20.0  # STD-TIP-5: shed high cards first
        if card.suit is not None:
            score += suits[card.suit] * 0.3  # keep options open in a suit we hold
        if m.wish is not None:
            held = suits.get(m.wish, 0)
            score += held * 0.5  # STD-TIP-3: wish the suit you hold most
            if not held:
                score -= 0.2
        if m.call is not None:
            score += 5.0  # never forget a call
        return score


def make_bot(kind: str, seed: int = 0) -> Bot:
    """Build a bot by name: ``random`` or ``heuristic``.

    Raises:
        ValueError: unknown bot name.

    >>> type(make_bot("heuristic")).__name__
    'HeuristicBot'
    """
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown bot {kind!r}: choose 'random' or 'heuristic'")

